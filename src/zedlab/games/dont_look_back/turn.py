"""Taking Your Turn: the draw, the Action (Pass, Move or Combat) and End of Turn.

Source: Don't Look Back rulebook, "Taking Your Turn", "Pass", "Move", "Locations" (Sector
Overload), "Losing Health at End of Turn" and "Running Out of Search Cards".
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .combat import combat_weapons, start_combat
from .common import (
    CACHE_LIMIT,
    adjacent,
    begin_action,
    cx,
    game_over,
    lose_health,
    name,
    space_name,
    stall_measure,
)
from .leaving import escape, overrun
from .search import carl_draws, resolve_search_card
from .state import IMPROVISED, LOCATION, SECTORS, DLBState
from .steps import FLOW, AfterAction, ChooseAction, StartTurn

IDLE_ATTACKS = 20
"""After the overrun, attacks that lower nothing (a Knife or Improvised Weapon missing)
count as progress at most this many times in a row (ruling 26)."""

PASS = Action("pass", None, "Pass")
MOVE = {sp: Action("move", sp, f"Move to {space_name(sp)}") for sp in range(7)}
_MOVE_OPTS = {
    (sp, overrun_): (
        PASS,
        *(MOVE[d] for d in adjacent(sp) if not (overrun_ and d == LOCATION)),
    )
    for sp in range(7)
    for overrun_ in (False, True)
}
_NEIGHBOURS = {sp: adjacent(sp)[:2] for sp in range(1, 7)}
_combat_actions: dict[tuple[str, str, str], Action] = {}
_ACTION_CACHE: dict[tuple[Any, ...], Decision] = {}
"""Decisions are immutable values: built once per distinct situation."""


# -- 1. Draw a Search card ------------------------------------------------------------------------


@FLOW.auto(StartTurn)
def start_turn_step(state: DLBState, step: StartTurn) -> None:
    start_turn(state, step.seat)


def start_turn(state: DLBState, seat: int) -> None:
    """Begin ``seat``'s turn with the draw step.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Running Out of
    Search Cards".
    """
    state.current = seat
    count_round(state, seat)
    survivor = state.survivors[seat]
    survivor.kills_this_turn = 0
    state.combat = None
    if state.overrun:
        begin_action(state)
        return
    if not state.deck:
        overrun(state, seat)
        return
    if not survivor.ability_used and cx(state).ability[survivor.id] == "carl-draw-two":
        survivor.ability_used = True
        if len(state.deck) >= 2:
            carl_draws(state, seat)
            return
    card = state.deck.pop(0)
    state.rng.note_reveal()
    resolve_search_card(state, card)


def count_round(state: DLBState, seat: int) -> None:
    """Count ``seat``'s turn in the round: a Survivor taking a second turn, or the first
    turn on a board, begins the next round (ruling 28; the rulebook numbers no rounds)."""
    if not state.round_seats or seat in state.round_seats:
        state.round += 1
        state.round_seats = []
    state.round_seats.append(seat)


# -- 2. Pass, Move or Combat ----------------------------------------------------------------------


def _combat_action(state: DLBState, weapon: str) -> Action:
    sid = state.survivors[state.current].id
    key = (weapon, sid if weapon == IMPROVISED else "", state.content)
    act = _combat_actions.get(key)
    if act is None:
        C = cx(state)
        if weapon == IMPROVISED:
            imp = C.survivors[sid].improvised
            label = f"Combat with {imp.name} (improvised, {imp.dice} dice)"
        else:
            w = C.weapons[weapon]
            label = f"Combat with {w.name} ({w.dice} dice)"
        act = _combat_actions[key] = Action("combat", weapon, label)
    return act


@FLOW.decide(ChooseAction)
def ask_action(state: DLBState, step: ChooseAction) -> Decision:
    seat = step.seat
    me = state.survivors[seat]
    space = me.space
    walkers = state.walkers
    if space == LOCATION:
        basic = any(walkers)
    else:
        a, b = _NEIGHBOURS[space]
        basic = bool(walkers[space] or walkers[a] or walkers[b])
    # everything combat_weapons() reads, so equal keys give equal options
    key = (
        seat,
        me.id,
        space,
        state.overrun,
        state.content,
        state.improvised_reach,
        basic,
        walkers[space] > 0,
        walkers[LOCATION] > 0,
        *(dict.fromkeys(me.weapons) if len(me.weapons) > 1 else me.weapons),
    )
    decision = _ACTION_CACHE.get(key)
    if decision is None:
        weapons = combat_weapons(state, seat)
        options = _MOVE_OPTS[(space, state.overrun)]
        options += tuple(_combat_action(state, w) for w in weapons)
        if len(_ACTION_CACHE) >= CACHE_LIMIT:
            _ACTION_CACHE.clear()
        decision = _ACTION_CACHE[key] = Decision(
            seat, "choose-action", options, "Pass, Move or Combat?"
        )
    return decision


@FLOW.resolve(ChooseAction)
def act(state: DLBState, step: ChooseAction, action: Action) -> None:
    kind = action.kind
    if kind == "combat":
        start_combat(state, action.value)
    elif kind == "move":
        do_move(state, action.value)
    else:
        do_pass(state)


def do_pass(state: DLBState) -> None:
    """Pass: straight to End of Turn. Source: Don't Look Back rulebook, "Pass"."""
    emit(state, "pass", seat=state.current, who=name(state, state.current))
    after_action(state, state.current, False)


def do_move(state: DLBState, dest: int) -> None:
    """Move to an adjacent space. Source: Don't Look Back rulebook, "Move"."""
    state.survivors[state.current].space = dest
    emit(state, "move", seat=state.current, who=name(state, state.current), space=dest)
    after_action(state, state.current, False)


@FLOW.auto(AfterAction)
def after_action_step(state: DLBState, step: AfterAction) -> None:
    after_action(state, step.seat, step.fought)


def after_action(state: DLBState, seat: int, fought: bool) -> None:
    """Escape if the acting Survivor cleared the Escape Route Sector, else End of Turn.

    ``fought``: the Action was a Combat that ended with at least one hit held. With
    ``escape_check == "combat"`` only such a Combat clears the Sector, unless no Walker is
    left on the board at all (nothing could ever be fought: standing there is enough).

    Source: Don't Look Back rulebook, "Escaping From a Location" (see the rulings file
    for when a Survivor counts as having cleared the Sector).
    """
    if escapes(state, seat, fought):
        escape(state, seat)
        return
    end_of_turn(state, seat)


def escapes(state: DLBState, seat: int, fought: bool, space: int | None = None) -> bool:
    """True if the Survivor escapes after the Action rather than ending the turn: alive on
    the cleared Escape Route Sector (``space``: as if standing there). See
    :func:`after_action`.

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    s = state.survivors[seat]
    space = s.space if space is None else space
    return bool(
        state.escape_sector
        and s.alive
        and space == state.escape_sector
        and state.walkers[state.escape_sector] == 0
        and (fought or state.escape_check == "any-action" or not any(state.walkers))
    )


# -- 3. End of Turn -------------------------------------------------------------------------------


def sector_overload(state: DLBState) -> None:
    """Walkers above the Location's Sector Overload rating spill into the Location.

    No overload once the Location is overrun.

    Source: Don't Look Back rulebook, "Locations" and "End of Turn".
    """
    if state.overrun:
        return
    limit = cx(state).locations[state.location].overload
    walkers = state.walkers
    if max(walkers) <= limit:  # the usual case: nothing spills (Location count included)
        return
    for sector in SECTORS:
        excess = walkers[sector] - limit
        if excess > 0:
            walkers[sector] = limit
            walkers[LOCATION] += excess
            emit(state, "overload", sector=sector, count=excess, had=limit + excess, limit=limit)


def walkers_after_overload(state: DLBState) -> list[int]:
    """The Walkers of each space once this End of Turn's Sector Overload has spilled (the
    state is unchanged).

    Source: Don't Look Back rulebook, "Locations" and "End of Turn".
    """
    walkers = list(state.walkers)
    if state.overrun:
        return walkers
    limit = cx(state).locations[state.location].overload
    for sector in SECTORS:
        excess = walkers[sector] - limit
        if excess > 0:
            walkers[sector] = limit
            walkers[LOCATION] += excess
    return walkers


def health_loss(
    state: DLBState, seat: int, space: int | None = None, walkers: list[int] | None = None
) -> int:
    """Health the acting Survivor loses at End of Turn where they stand.

    In a Sector with Walkers: 1. Inside the Location: 1 per Walker. Daryl's Tracker and
    The Prison's cell blocks (designed) reduce it. ``space`` and ``walkers`` ask what it
    would be on another space or with other Walker counts (default: as things stand).

    Source: Don't Look Back rulebook, "Losing Health at End of Turn".
    """
    s = state.survivors[seat]
    space = s.space if space is None else space
    walkers = state.walkers if walkers is None else walkers
    here = walkers[space] if space >= 0 else 0
    if here == 0:
        return 0
    if space != LOCATION:
        if s.kills_this_turn > 0 and cx(state).ability[s.id] == "tracker":
            return 0
        return 1
    if cx(state).locations[state.location].ability == "prison-cell-blocks":
        return min(here, 3)
    return here


def end_of_turn(state: DLBState, seat: int) -> None:
    """Overload, Health loss for the acting Survivor only, then the next player's turn.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 3).
    """
    sector_overload(state)
    s = state.survivors[seat]
    if s.alive and s.space >= 0:
        loss = health_loss(state, seat)
        if loss:
            lose_health(state, seat, loss, "end-of-turn")
    if state.reason:  # the game is over
        return
    if state.overrun and state.stall_rounds and stalled(state):
        return
    nxt = next_seat(state, seat)
    if nxt < 0:
        game_over(state, "Every Survivor has died.")
        return
    start_turn(state, nxt)


def stalled(state: DLBState) -> bool:
    """Count a turn without progress after the overrun; strand the board after full rounds.

    Progress: the Walkers + Health + Weapons measure reaching a new low (a Walker killed,
    Health lost, a Weapon card spent), or an attack rolled (a Knife that misses is kept),
    the latter at most ``IDLE_ATTACKS`` times in a row; escaping ends the board anyway.
    After ``stall_rounds`` full rounds (a turn of every Survivor still on the board)
    without progress, the Survivors still on the board are stranded and the game ends,
    scored as usual. Returns True if it ended.

    Source: Don't Look Back rulebook, "Running Out of Search Cards" (silent on a board
    nobody can leave); ruling 26.
    """
    mark = stall_measure(state)
    attacked, state.stall_attacked = state.stall_attacked, False
    if mark < state.stall_mark:
        state.stall_mark = mark
        state.stall_turns = 0
        state.stall_idle_attacks = 0
    elif attacked and state.stall_idle_attacks < IDLE_ATTACKS:
        state.stall_idle_attacks += 1
        state.stall_turns = 0
    else:
        state.stall_turns += 1
    on_board = sum(1 for s in state.survivors if s.alive and not s.escaped)
    if state.stall_turns < state.stall_rounds * max(1, on_board):
        return False
    names = [name(state, seat) for seat, s in enumerate(state.survivors) if s.alive and not s.escaped]
    emit(state, "stranded", rounds=state.stall_rounds, names=names)
    game_over(state, "The Survivors are stranded: nobody can leave the overrun Location.")
    return True


def next_seat(state: DLBState, seat: int) -> int:
    """The next Survivor clockwise (to the left) still on the board, or -1."""
    survivors = state.survivors
    n = state.players
    for k in range(1, n + 1):
        cand = (seat + k) % n
        s = survivors[cand]
        if s.alive and not s.escaped:
            return cand
    return -1
