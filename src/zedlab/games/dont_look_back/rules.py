"""The rules of Don't Look Back: set-up, the turn and End of Turn, in rulebook order.

Search cards live in ``search.py``, Combat in ``combat.py``, escaping, the next Location and
the overrun in ``leaving.py``; shared pieces (log, board, Health, game end) in
``common.py``. Every function takes the state and changes it; chance comes only from
``state.rng``. After a step the state's ``phase`` says what is decided next (see
``game.py``).

Source: Don't Look Back rulebook (sections named in each docstring).
"""

from __future__ import annotations

from .common import (
    begin_action,
    cx,
    game_over,
    log,
    lose_health,
    name,
    plural,
    space_name,
    starting_health,
)
from .leaving import escape, overrun
from .search import resolve_search_card
from .state import (
    CARL_PICK,
    LOCATION,
    OVER,
    SECTORS,
    SETUP_FIRST,
    SETUP_SURVIVOR,
    DLBState,
    Survivor,
)

__all__ = ["begin_action", "start_turn"]


# -- Game Set-Up ----------------------------------------------------------------------------


def setup(state: DLBState, survivors: list[str] | None) -> None:
    """Set up the game until the first decision.

    Shuffle the Locations and reveal the top one; then each player chooses a Survivor (in
    seat order, unless the config dealt them); then :func:`finish_setup`.

    Source: Don't Look Back rulebook, "Game Set-Up".
    """
    stack = list(cx(state).locations)
    state.rng.shuffle(stack)
    state.location_stack = stack[1:]
    state.location = stack[0]
    state.survivors = [Survivor() for _ in range(state.players)]
    log(state, f"The Survivors arrive at {cx(state).locations[state.location].name}.")
    if survivors:
        for seat, sid in enumerate(survivors):
            state.survivors[seat].id = sid
        finish_setup(state)
    else:
        state.queue = list(range(state.players))
        state.phase = SETUP_SURVIVOR


def choose_survivor(state: DLBState, sid: str) -> None:
    """The seat at the head of the queue takes Survivor ``sid``."""
    seat = state.queue.pop(0)
    state.survivors[seat].id = sid
    log(state, f"Seat {seat} plays {cx(state).survivors[sid].name}.")
    if state.queue:
        left = free_survivors(state)
        if len(left) == 1:  # the last player has no choice left
            choose_survivor(state, left[0])
        return
    finish_setup(state)


def free_survivors(state: DLBState) -> list[str]:
    taken = {s.id for s in state.survivors}
    return [sid for sid in cx(state).survivors if sid not in taken]


def finish_setup(state: DLBState) -> None:
    """Health, Walkers, pawns, the Search deck, and the roll for the first player.

    Each player rolls 2 dice; the high roller chooses who goes first (ties roll again).

    Source: Don't Look Back rulebook, "Game Set-Up".
    """
    health = starting_health(state.locations_total)
    for s in state.survivors:
        s.health = health
        s.space = LOCATION
    place_starting_walkers(state)
    state.deck = list(cx(state).deck)
    state.rng.shuffle(state.deck)
    contenders = list(range(state.players))
    while len(contenders) > 1:
        totals = {seat: state.rng.d6() + state.rng.d6() for seat in contenders}
        best = max(totals.values())
        log(
            state,
            "First-player rolls: " + ", ".join(f"{name(state, s)} {t}" for s, t in totals.items()),
        )
        contenders = [s for s in contenders if totals[s] == best]
    state.chooser = contenders[0]
    if state.players > 1:
        log(state, f"{name(state, state.chooser)} rolled highest and chooses who goes first.")
    if state.players == 1:
        start_turn(state, 0)
    else:
        state.phase = SETUP_FIRST


def place_starting_walkers(state: DLBState) -> None:
    """Roll one die per Sector for its Walkers, honouring the Location's odd/even rule.

    Source: Don't Look Back rulebook, "Game Set-Up" (The Camp: odd Sectors only; The Farm:
    even Sectors only).
    """
    rule = cx(state).locations[state.location].start_sectors
    walkers = [0] * 7
    for sector in SECTORS:
        if rule == "all" or (rule == "odd") == (sector % 2 == 1):
            walkers[sector] = state.rng.d6()
    state.walkers = walkers
    log(state, "Walkers: " + " ".join(f"S{i}:{walkers[i]}" for i in SECTORS))


def choose_first_player(state: DLBState, seat: int) -> None:
    """The chooser names who goes first; that Survivor starts the game (or the board)."""
    who = name(state, state.chooser)
    if seat == state.chooser:
        log(state, f"{who} chooses to go first.")
    else:
        log(state, f"{who} chooses {name(state, seat)} to go first.")
    start_turn(state, seat)


# -- Taking Your Turn -------------------------------------------------------------------------


def start_turn(state: DLBState, seat: int) -> None:
    """Begin ``seat``'s turn with the draw step.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Running Out of
    Search Cards".
    """
    state.current = seat
    survivor = state.survivors[seat]
    survivor.kills_this_turn = 0
    state.combat = None
    if state.overrun:
        begin_action(state)
        return
    if not state.deck:
        overrun(state)
        return
    if not survivor.ability_used and cx(state).ability[survivor.id] == "carl-draw-two":
        survivor.ability_used = True
        if len(state.deck) >= 2:
            state.drawn = [state.deck.pop(0), state.deck.pop(0)]
            state.rng.note_reveal()
            log(
                state,
                f"Carl draws {cx(state).card_name(state.drawn[0])} and {cx(state).card_name(state.drawn[1])}.",
            )
            state.phase = CARL_PICK
            return
    card = state.deck.pop(0)
    state.rng.note_reveal()
    resolve_search_card(state, card)


def do_pass(state: DLBState) -> None:
    """Pass: straight to End of Turn. Source: Don't Look Back rulebook, "Pass"."""
    log(state, f"{name(state, state.current)} passes.")
    after_action(state, False)


def do_move(state: DLBState, dest: int) -> None:
    """Move to an adjacent space. Source: Don't Look Back rulebook, "Move"."""
    state.survivors[state.current].space = dest
    log(state, f"{name(state, state.current)} moves to {space_name(dest)}.")
    after_action(state, False)


def after_action(state: DLBState, fought: bool) -> None:
    """Escape if the acting Survivor cleared the Escape Route Sector, else End of Turn.

    ``fought``: the Action was a Combat that ended with at least one hit held. With
    ``escape_check == "combat"`` only such a Combat clears the Sector, unless no Walker is
    left on the board at all (nothing could ever be fought: standing there is enough).

    Source: Don't Look Back rulebook, "Escaping From a Location" (see the rulings file
    for when a Survivor counts as having cleared the Sector).
    """
    s = state.survivors[state.current]
    if (
        state.escape_sector
        and s.alive
        and s.space == state.escape_sector
        and state.walkers[state.escape_sector] == 0
        and (fought or state.escape_check == "any-action" or not any(state.walkers))
    ):
        escape(state, state.current)
        return
    end_of_turn(state)


# -- End of Turn ------------------------------------------------------------------------------


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
            log(
                state,
                f"Sector {sector} overloads: {plural(excess, 'Walker')}"
                f" {'breaks' if excess == 1 else 'break'} into the Location.",
            )


def health_loss(state: DLBState, seat: int) -> int:
    """Health the acting Survivor loses at End of Turn where they stand.

    In a Sector with Walkers: 1. Inside the Location: 1 per Walker. Daryl's Tracker and
    The Prison's cell blocks (designed) reduce it.

    Source: Don't Look Back rulebook, "Losing Health at End of Turn".
    """
    s = state.survivors[seat]
    space = s.space
    here = state.walkers[space] if space >= 0 else 0
    if here == 0:
        return 0
    if space != LOCATION:
        if s.kills_this_turn > 0 and cx(state).ability[s.id] == "tracker":
            return 0
        return 1
    if cx(state).locations[state.location].ability == "prison-cell-blocks":
        return min(here, 3)
    return here


def end_of_turn(state: DLBState) -> None:
    """Overload, Health loss for the acting Survivor only, then the next player's turn.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 3).
    """
    sector_overload(state)
    seat = state.current
    s = state.survivors[seat]
    if s.alive and s.space >= 0:
        loss = health_loss(state, seat)
        if loss:
            lose_health(state, seat, loss, "at End of Turn")
    if state.phase == OVER:
        return
    if state.overrun and state.stall_rounds and stalled(state):
        return
    nxt = next_seat(state, seat)
    if nxt < 0:
        game_over(state, "Every Survivor has died.")
        return
    start_turn(state, nxt)


def stall_measure(state: DLBState) -> int:
    """Walkers on the board + Health of all Survivors + 2 per Weapon card held.

    After the overrun nothing can raise it (no draws, no overload; the Shotgun's extra
    Walker costs its card), so a turn that lowers it is progress and the game must end.
    """
    return (
        sum(state.walkers)
        + sum(s.health for s in state.survivors)
        + 2 * sum(len(s.weapons) for s in state.survivors)
    )


def stalled(state: DLBState) -> bool:
    """Count a turn without progress after the overrun; strand the board after full rounds.

    Progress: a Walker killed, Health lost, a Weapon card spent, or an attack rolled
    (a Knife that misses is kept; each attack has a fair chance to hit, so the game still
    ends with certainty); escaping ends the board anyway. After ``stall_rounds`` full rounds (a turn of every Survivor still on the
    board) without progress, the Survivors still on the board are stranded and the game
    ends, scored as usual. Returns True if it ended.

    Source: Don't Look Back rulebook, "Running Out of Search Cards" (silent on a board
    nobody can leave); ruling 26.
    """
    mark = stall_measure(state)
    attacked, state.stall_attacked = state.stall_attacked, False
    if mark < state.stall_mark or attacked:
        state.stall_turns = 0
    else:
        state.stall_turns += 1
    state.stall_mark = mark
    on_board = sum(1 for s in state.survivors if s.alive and not s.escaped)
    if state.stall_turns < state.stall_rounds * max(1, on_board):
        return False
    names = ", ".join(
        name(state, seat) for seat, s in enumerate(state.survivors) if s.alive and not s.escaped
    )
    rounds = state.stall_rounds
    log(
        state,
        f"{rounds} full round{'s' if rounds != 1 else ''} without an attack, a kill, Health"
        f" lost or a Weapon spent: {names} stranded in the overrun Sectors.",
    )
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
