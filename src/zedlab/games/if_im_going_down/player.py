"""The Player Phase: the action order, searching, and placing resources.

Managing resources lives in manage.py; using them (and attacking) in use.py.

Co-operating players act in any order. The engine models this with the initiative: the
seat holding it chooses its next action, or hands the initiative to another seat that still
has actions ("pass"), or ends its actions. Any interleaving of the players' actions can be
played this way (see docs/rulings/if-im-going-down.md).

Source: If I'm Going Down... rulebook, "Player Phase" and its parts: "Resolving an Attack",
"Using a Weapon to Attack", "Use a Resource", "Manage Resources", "Search for a Resource".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import again, push

from .board import (
    BODY,
    GROUND,
    HAND,
    PACKS,
    card_action,
    cname,
    draw_fate,
    fdescribe,
    fname,
    free_ground,
    no_luck,
    own_cards,
    put,
    shared_cards,
    trash,
)
from .effects import use_options, use_resource
from .manage import can_manage
from .state import Character, IGDState
from .steps import (
    FLOW,
    Initiative,
    ManagePick,
    PlaceResource,
    PlaceStart,
    PlayerAction,
    PlayerBegin,
    PlayerEnd,
)

SEARCH = Action("search", None, "Search for a resource (1 action)")
MANAGE = Action("manage", None, "Manage resources: move up to 2, or swap/trade (1 action)")
END = Action("end", None, "End your actions this turn")
ABILITY = Action("ability", None, "Second Wind: gain one extra action (once per game)")
TRASH_NEW = Action("trash-new", None, "Trash the new resource")


@FLOW.auto(PlayerBegin)
def player_begin(s: IGDState, step: PlayerBegin) -> None:
    """Each living player gets 2 actions (none after another player killed their Loved One)."""
    for c in s.chars:
        c.scavenged = c.persistent_used = c.camera_used = False
        c.actions = 0
        c.refused = 0
        if c.alive:
            if c.skip_next:
                emit(s, "grieves", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
            else:
                c.actions = 2
        c.skip_next = False
    first = next((c.seat for c in s.chars if c.actions > 0), 0)
    push(s, Initiative(seat=first), PlayerEnd())


@FLOW.auto(Initiative)
def initiative(s: IGDState, step: Initiative) -> None:
    """The holder keeps the initiative while it has actions; then the next seat with actions
    takes it; when nobody has actions left the Player Phase's actions are over."""
    c = s.chars[step.seat]
    if c.alive and c.actions > 0:
        s.stack.append(PlayerAction(seat=step.seat, acted=step.acted, free_pass=step.free_pass))
        return
    n = s.players
    for k in range(1, n + 1):
        q = (step.seat + k) % n
        if s.chars[q].alive and s.chars[q].actions > 0:
            s.stack.append(PlayerAction(seat=q, acted=False, free_pass=step.free_pass))
            return


# Built once per (seat, character, content pack): the label names the character.
_PASS: dict[tuple[int, int, str], Action] = {}


@FLOW.decide(PlayerAction)
def ask_action(s: IGDState, step: PlayerAction) -> Decision:
    p = step.seat
    c = s.chars[p]
    opts = [SEARCH]
    own = own_cards(c)
    shared = shared_cards(s)
    if own or shared or can_manage(s, p):
        opts.append(MANAGE)
    if own:
        opts.extend(use_options(s, c))
    if PACKS[s.content].characters[c.char].ability == "second-wind" and not c.ability_used:
        opts.append(ABILITY)
    for f in own + shared:
        opts.append(card_action(s, "trash", f, "Trash {name} (free)"))
    if step.acted or step.free_pass:
        for q in s.chars:
            if q.seat != p and q.alive and q.actions > 0:
                key = (q.seat, q.char, s.content)
                a = _PASS.get(key)
                if a is None:
                    a = _PASS[key] = Action("pass", q.seat, f"Let {cname(s, q.seat)} act next")
                opts.append(a)
    opts.append(END)
    return Decision(p, "player-action", tuple(opts), "Choose an action")


@FLOW.resolve(PlayerAction)
def player_action(s: IGDState, step: PlayerAction, action: Action) -> None:
    p = step.seat
    c = s.chars[p]
    kind = action.kind
    if kind == "pass":
        s.stack.append(Initiative(seat=action.value, acted=False, free_pass=False))
        return
    acted = step.acted or kind in ("search", "manage", "use")
    s.stack.append(Initiative(seat=p, acted=acted, free_pass=step.free_pass))
    ACTIONS[kind](s, c, action.value)


def _search(s: IGDState, c: Character, value: None) -> None:
    c.actions -= 1
    search(s, c)


def _manage(s: IGDState, c: Character, value: None) -> None:
    c.actions -= 1
    s.stack.append(ManagePick(seat=c.seat))


def _trash(s: IGDState, c: Character, f: int) -> None:
    emit(s, "trashes", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=fname(s, f))
    trash(s, f)


def _second_wind(s: IGDState, c: Character, value: None) -> None:
    c.ability_used = True
    c.actions += 1
    emit(s, "second-wind", turn=s.turn, seat=c.seat, character=cname(s, c.seat))


def _end(s: IGDState, c: Character, value: None) -> None:
    c.actions = 0


ACTIONS: dict[str, Callable[[IGDState, Character, Any], None]] = {
    "search": _search, "manage": _manage, "use": use_resource, "trash": _trash, "ability": _second_wind,
    "end": _end,
}
"""What each kind of Player Phase action does (a pass is the initiative's, above)."""


@FLOW.auto(PlayerEnd)
def player_end(s: IGDState, step: PlayerEnd) -> None:
    """Kill Point tokens are removed; Acquired resources are placed now."""
    for z in s.spaces:
        if z >= 0:
            s.kp[z] = 0
    pairs = s.acquired
    s.acquired = []
    push(s, *(PlaceResource(seat=pairs[i], card=pairs[i + 1]) for i in range(0, len(pairs), 2)))


# -- searching and placing resources -------------------------------------------------------


def search(s: IGDState, c: Character) -> None:
    """A Fate check; a resource found must go on a tracker or be trashed.

    RIP effects: Persistent Search lets each player ignore one No Luck per turn; Not Much
    Left discards the first resource drawn. Rosa's ability redraws one failed search a turn.
    Source: rulebook, "Search for a Resource", "Resolve Occurrence Cards".
    """
    discard_first = s.rip_effect == "not-much-left"
    while True:
        f = draw_fate(s)
        if f < 0:
            return
        if no_luck(s, f):
            s.fdiscard.append(f)
            if s.rip_effect == "persistent-search" and not c.persistent_used:
                c.persistent_used = True
                emit(s, "persistent-search", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
                continue
            if PACKS[s.content].characters[c.char].ability == "scavenger" and not c.scavenged:
                c.scavenged = True
                emit(s, "scavenger", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
                continue
            emit(s, "search-no-luck", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
            return
        if discard_first:
            discard_first = False
            s.fdiscard.append(f)
            emit(s, "not-much-left", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=fname(s, f))
            continue
        emit(s, "finds", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=fname(s, f))
        s.stack.append(PlaceResource(seat=c.seat, card=f))
        return


def place_options(s: IGDState, step: PlaceResource) -> list[Action]:
    c = s.chars[step.seat]
    opts = []
    if -1 in c.hands:
        opts.append(Action("place", (HAND, step.seat), "Hands tracker"))
    if -1 in c.body:
        opts.append(Action("place", (BODY, step.seat), "Body tracker"))
    if free_ground(s)[0] >= 0:
        opts.append(Action("place", (GROUND, -1), "Ground tracker"))
    if not opts:
        for f in own_cards(c) + shared_cards(s):
            opts.append(Action("make-room", f, f"Trash {fname(s, f)} to make room"))
    opts.append(TRASH_NEW)
    return opts


@FLOW.decide(PlaceResource)
def ask_place(s: IGDState, step: PlaceResource) -> Decision:
    return Decision(step.seat, "place-resource", tuple(place_options(s, step)),
                    f"Where does the new resource, {fdescribe(s, step.card)}, go?")


def _place(s: IGDState, step: PlaceResource | PlaceStart, action: Action) -> None:
    f = step.card
    if action.kind == "place":
        where, seat = action.value
        put(s, f, where, seat)
    elif action.kind == "make-room":
        emit(s, "make-room", turn=s.turn, card=action.value, name=fname(s, action.value))
        trash(s, action.value)
        again(s, step)
    else:
        s.ftrash.append(f)
        emit(s, "trashed", turn=s.turn, card=f, name=fname(s, f))


@FLOW.resolve(PlaceResource)
def place_resource(s: IGDState, step: PlaceResource, action: Action) -> None:
    _place(s, step, action)


@FLOW.decide(PlaceStart)
def ask_place_start(s: IGDState, step: PlaceStart) -> Decision:
    opts = []
    for c in s.chars:
        who = f"{cname(s, c.seat)}'s " if s.players > 1 else ""
        if -1 in c.hands:
            opts.append(Action("place", (HAND, c.seat), f"{who}Hands tracker"))
        if -1 in c.body:
            opts.append(Action("place", (BODY, c.seat), f"{who}Body tracker"))
    if -1 in s.ground:
        opts.append(Action("place", (GROUND, -1), "Ground tracker"))
    return Decision(step.seat, "place-start", tuple(opts or [TRASH_NEW]),
                    f"Place the starting resource {fdescribe(s, step.card)} on a tracker")


@FLOW.resolve(PlaceStart)
def place_start(s: IGDState, step: PlaceStart, action: Action) -> None:
    _place(s, step, action)
