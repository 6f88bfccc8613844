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

from zedlab.core import Action

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
    say,
    shared_cards,
    trash,
)
from .manage import can_manage
from .state import Character, IGDState, Step
from .steps import SETTLE, auto, decision, handler, prompt
from .use import use_options, use_resource

SEARCH = Action("search", None, "Search for a resource (1 action)")
MANAGE = Action("manage", None, "Manage resources: move up to 2, or swap/trade (1 action)")
END = Action("end", None, "End your actions this turn")
ABILITY = Action("ability", None, "Second Wind: gain one extra action (once per game)")
TRASH_NEW = Action("trash-new", None, "Trash the new resource")


@auto("player-begin")
def player_begin(s: IGDState, step: Step) -> None:
    """Each living player gets 2 actions (none after another player killed their Loved One)."""
    s.phase = "player"
    for c in s.chars:
        c.scavenged = c.persistent_used = c.camera_used = False
        c.actions = 0
        if c.alive:
            if c.skip_next:
                say(s, f"{cname(s, c.seat)} grieves and takes no actions this turn")
            else:
                c.actions = 2
        c.skip_next = False
    s.actor = next((c.seat for c in s.chars if c.actions > 0), 0)
    s.acted = False
    s.free_pass = True
    s.stack.append(Step("player-end"))
    s.stack.append(Step("player-action", s.actor))


def settle_actor(s: IGDState, step: Step) -> bool:
    """Keep the initiative with a seat that has actions; False when all are spent."""
    c = s.chars[s.actor]
    if not (c.alive and c.actions > 0):
        n = s.players
        for k in range(1, n + 1):
            q = (s.actor + k) % n
            if s.chars[q].alive and s.chars[q].actions > 0:
                s.actor = q
                s.acted = False
                break
        else:
            return False
    step.seat = s.actor
    return True


SETTLE["player-action"] = settle_actor


# Built once per (seat, character, content pack): the label names the character.
_PASS: dict[tuple[int, int, str], Action] = {}


@decision("player-action", "Choose an action")
def action_options(s: IGDState, step: Step) -> list[Action]:
    p = s.actor
    c = s.chars[p]
    opts = [SEARCH]
    own = own_cards(c)
    shared = shared_cards(s)
    if own or shared or can_manage(s, p):
        opts.append(MANAGE)
    if own:
        opts.extend(use_options(s, c))
    if PACKS[s.content_dir].characters[c.char].ability == "second-wind" and not c.ability_used:
        opts.append(ABILITY)
    for f in own + shared:
        opts.append(card_action(s, "trash", f, "Trash {name} (free)"))
    if s.acted or s.free_pass:
        for q in s.chars:
            if q.seat != p and q.alive and q.actions > 0:
                key = (q.seat, q.char, s.content_dir)
                a = _PASS.get(key)
                if a is None:
                    a = _PASS[key] = Action("pass", q.seat, f"Let {cname(s, q.seat)} act next")
                opts.append(a)
    opts.append(END)
    return opts


@handler("player-action")
def action_handle(s: IGDState, step: Step, action: Action) -> None:
    p = s.actor
    c = s.chars[p]
    s.stack.append(Step("player-action", p))
    kind = action.kind
    if kind == "search":
        c.actions -= 1
        s.acted = True
        search(s, c)
    elif kind == "manage":
        c.actions -= 1
        s.acted = True
        s.stack.append(Step("manage-pick", p, 0))
    elif kind == "use":
        s.acted = True
        use_resource(s, c, action.value)
    elif kind == "trash":
        say(s, f"{cname(s, p)} trashes {fname(s, action.value)}")
        trash(s, action.value)
    elif kind == "ability":
        c.ability_used = True
        c.actions += 1
        say(s, f"{cname(s, p)} uses Second Wind")
    elif kind == "pass":
        s.actor = action.value
        s.acted = False
        s.free_pass = False
    else:  # end
        c.actions = 0


@auto("player-end")
def player_end(s: IGDState, step: Step) -> None:
    """Kill Point tokens are removed; Acquired resources are placed now."""
    for z in s.spaces:
        if z >= 0:
            s.kp[z] = 0
    pairs = s.acquired
    s.acquired = []
    for i in range(len(pairs) - 2, -1, -2):
        s.stack.append(Step("place-resource", pairs[i], pairs[i + 1]))


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
                say(s, f"{cname(s, c.seat)} ignores a No Luck card (Persistent Search)")
                continue
            if PACKS[s.content_dir].characters[c.char].ability == "scavenger" and not c.scavenged:
                c.scavenged = True
                say(s, f"{cname(s, c.seat)} searches again (Scavenger)")
                continue
            say(s, f"{cname(s, c.seat)} searches: No Luck")
            return
        if discard_first:
            discard_first = False
            s.fdiscard.append(f)
            say(s, f"{cname(s, c.seat)} must discard {fname(s, f)} (Not Much Left)")
            continue
        say(s, f"{cname(s, c.seat)} finds {fname(s, f)}")
        s.stack.append(Step("place-resource", c.seat, f))
        return


@decision("place-resource", "Where does the new resource go?")
def place_options(s: IGDState, step: Step) -> list[Action]:
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


@handler("place-resource")
def place_handle(s: IGDState, step: Step, action: Action) -> None:
    f = step.a
    if action.kind == "place":
        where, seat = action.value
        put(s, f, where, seat)
    elif action.kind == "make-room":
        say(s, f"{fname(s, action.value)} is trashed to make room")
        trash(s, action.value)
        s.stack.append(step)
    else:
        s.ftrash.append(f)
        say(s, f"{fname(s, f)} is trashed")


@prompt("place-start")
def place_start_prompt(s: IGDState, step: Step) -> str:
    return f"Place the starting resource {fdescribe(s, step.a)} on a tracker"


@prompt("place-resource")
def place_prompt(s: IGDState, step: Step) -> str:
    return f"Where does the new resource, {fdescribe(s, step.a)}, go?"


@decision("place-start", "Place a starting resource on a tracker")
def place_start_options(s: IGDState, step: Step) -> list[Action]:
    opts = []
    for c in s.chars:
        who = f"{cname(s, c.seat)}'s " if s.players > 1 else ""
        if -1 in c.hands:
            opts.append(Action("place", (HAND, c.seat), f"{who}Hands tracker"))
        if -1 in c.body:
            opts.append(Action("place", (BODY, c.seat), f"{who}Body tracker"))
    if -1 in s.ground:
        opts.append(Action("place", (GROUND, -1), "Ground tracker"))
    return opts or [TRASH_NEW]


@handler("place-start")
def place_start_handle(s: IGDState, step: Step, action: Action) -> None:
    place_handle(s, step, action)
