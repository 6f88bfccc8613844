"""Leaving a Location: escaping, moving on to the next Location, and the overrun.

Source: Don't Look Back rulebook, "Escaping From a Location", "Proceeding to the Next
Location" and "Running Out of Search Cards".
"""

from __future__ import annotations

from . import rules  # start_turn / place_starting_walkers (rules imports this module)
from .common import begin_action, cx, game_over, log, lose_health, name, plural
from .state import (
    KEEP_WEAPON,
    LOCATION,
    NEXT_FIRST,
    OFF_BOARD,
    OVER,
    OVERRUN_MOVE,
    SECTORS,
    DLBState,
    Survivor,
)

OVERRUN_WALKERS = 3


# -- Escaping From a Location ------------------------------------------------------------------


def escape_path(state: DLBState, start: int) -> list[int]:
    """Sectors entered going from Sector ``start`` to the Escape Route Sector through Sectors.

    The shortest way round; when both ways are equally short, the one entering fewer
    occupied Sectors (then clockwise).

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    goal = state.escape_sector
    cw = [((start - 1 + k) % 6) + 1 for k in range(1, 7)]
    ccw = [((start - 1 - k) % 6) + 1 for k in range(1, 7)]
    path_cw = cw[: cw.index(goal) + 1]
    path_ccw = ccw[: ccw.index(goal) + 1]
    if len(path_cw) != len(path_ccw):
        return path_cw if len(path_cw) < len(path_ccw) else path_ccw

    def occupied(path: list[int]) -> int:
        return sum(1 for sp in path if state.walkers[sp] > 0)

    return path_ccw if occupied(path_ccw) < occupied(path_cw) else path_cw


def escape(state: DLBState, seat: int) -> None:
    """The first Survivor escapes (scoring the number of players); the others follow.

    Others leave in clockwise order: from the Location or the Escape Route Sector freely,
    from other Sectors along the Sectors, losing 1 Health per occupied Sector entered.

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    s = state.survivors[seat]
    s.escaped = True
    s.space = OFF_BOARD
    state.first_escaper = seat
    s.points += state.players
    log(state, f"{name(state, seat)} escapes first: +{state.players} points.")
    n = state.players
    for k in range(1, n):
        other = (seat + k) % n
        o = state.survivors[other]
        if not o.alive or o.escaped:
            continue
        if o.space not in (LOCATION, state.escape_sector):
            for sector in escape_path(state, o.space):
                if state.walkers[sector] > 0:
                    lose_health(state, other, 1, f"escaping through Sector {sector}")
                    if not o.alive:
                        break
        if o.alive:
            o.escaped = True
            o.space = OFF_BOARD
            log(state, f"{name(state, other)} escapes.")
    if state.phase == OVER:
        return
    state.locations_done += 1
    if state.locations_done >= state.locations_total:
        game_over(state, f"{name(state, seat)} escaped from the final Location.")
        return
    start_next_location(state)


# -- Proceeding to the Next Location -------------------------------------------------------------


def keep_limit(state: DLBState, s: Survivor) -> int:
    """Weapon cards a Survivor may keep between Locations (rulebook: one; Rick: designed)."""
    return cx(state).survivors[s.id].keep_weapons


def start_next_location(state: DLBState) -> None:
    """Ask each living Survivor holding too many Weapons which to keep, clockwise.

    Source: Don't Look Back rulebook, "Proceeding to the Next Location".
    """
    n = state.players
    order = [(state.first_escaper + k) % n for k in range(n)]
    state.queue = []
    for seat in order:
        s = state.survivors[seat]
        if not s.alive:
            continue
        if len(s.weapons) > keep_limit(state, s) and len(set(s.weapons)) > 1:
            state.queue.append(seat)
        else:
            if len(s.weapons) > keep_limit(state, s):  # all copies alike: nothing to choose
                state.discard.extend(s.weapons[keep_limit(state, s) :])
                del s.weapons[keep_limit(state, s) :]
    state.kept = 0
    if state.queue:
        state.phase = KEEP_WEAPON
    else:
        new_location(state)


def keep_weapon(state: DLBState, card: str) -> None:
    """The Survivor at the head of the queue keeps ``card``; the rest go when done."""
    seat = state.queue[0]
    s = state.survivors[seat]
    idx = s.weapons.index(card, state.kept)
    s.weapons.insert(state.kept, s.weapons.pop(idx))
    state.kept += 1
    log(state, f"{name(state, seat)} keeps the {cx(state).weapons[card].name}.")
    rest = s.weapons[state.kept :]
    if state.kept < keep_limit(state, s) and len(set(rest)) > 1:
        return
    if state.kept < keep_limit(state, s):
        state.kept += min(keep_limit(state, s) - state.kept, len(rest))
    state.discard.extend(s.weapons[state.kept :])
    del s.weapons[state.kept :]
    state.queue.pop(0)
    state.kept = 0
    if not state.queue:
        new_location(state)


def new_location(state: DLBState) -> None:
    """Reshuffle, reveal the next Location, add Walkers, and let the trailing Survivor choose.

    The Survivor with the fewest points chooses who goes first; ties go to the tied
    Survivor whose strongest Weapon rolls the fewest dice, then clockwise from the first
    escaper (ruling).

    Source: Don't Look Back rulebook, "Proceeding to the Next Location".
    """
    held = [w for s in state.survivors for w in s.weapons]
    deck = list(cx(state).deck)
    for w in held:
        deck.remove(w)
    state.rng.shuffle(deck)
    state.deck = deck
    state.discard = []
    state.drawn = []
    state.location = state.location_stack.pop(0)
    state.overrun = False
    state.stall_turns = 0
    state.stall_attacked = False
    state.stall_mark = -1
    state.escape_sector = 0
    log(state, f"The Survivors reach {cx(state).locations[state.location].name}.")
    rules.place_starting_walkers(state)
    living = []
    n = state.players
    for k in range(n):
        seat = (state.first_escaper + k) % n
        s = state.survivors[seat]
        s.escaped = False
        s.ability_used = False
        if s.alive:
            s.space = LOCATION
            living.append(seat)
    fewest = min(state.survivors[seat].points for seat in living)
    tied = [seat for seat in living if state.survivors[seat].points == fewest]
    state.chooser = min(
        tied, key=lambda seat: (strongest_dice(state, state.survivors[seat]), tied.index(seat))
    )
    if len(living) == 1:
        log(state, f"{name(state, living[0])}, the only Survivor left, goes first.")
        rules.start_turn(state, living[0])
        return
    log(state, chooser_reason(state, tied, fewest))
    state.phase = NEXT_FIRST


def chooser_reason(state: DLBState, tied: list[int], fewest: int) -> str:
    """Why ``state.chooser`` picks the first player at the new Location (for the log).

    Source: Don't Look Back rulebook, "Proceeding to the Next Location"; ruling 15.
    """
    who = name(state, state.chooser)
    pts = plural(fewest, "point")
    if len(tied) == 1:
        return f"{who} has the fewest points ({pts}) and chooses who goes first."
    tied_names = [name(state, seat) for seat in tied]
    names = ", ".join(tied_names[:-1]) + " and " + tied_names[-1]
    dice = {seat: strongest_dice(state, state.survivors[seat]) for seat in tied}
    low = dice[state.chooser]
    if sum(1 for d in dice.values() if d == low) == 1:
        why = f"whose strongest Weapon rolls the fewest dice ({low})"
    else:
        why = f"tied on Weapons too ({low} dice), the first clockwise from the first escaper"
    return f"{names} tie on {pts}; {who}, {why}, chooses who goes first."


def strongest_dice(state: DLBState, s: Survivor) -> int:
    """Dice of the Survivor's strongest Weapon (cards or Improvised)."""
    best = cx(state).survivors[s.id].improvised.dice
    for w in s.weapons:
        best = max(best, cx(state).weapons[w].dice)
    return best


# -- Running Out of Search Cards ------------------------------------------------------------


def overrun(state: DLBState) -> None:
    """The Search deck is empty when a draw is needed: the Location is overrun.

    3 Walkers join each Sector; Survivors inside the Location move out (clockwise, each
    choosing a Sector); the Location and its Walkers leave play; no more draws or overload.

    Source: Don't Look Back rulebook, "Running Out of Search Cards".
    """
    log(state, "The Search deck is empty: the Location is overrun!")
    for sector in SECTORS:
        state.walkers[sector] += OVERRUN_WALKERS
    n = state.players
    state.queue = [
        seat
        for seat in ((state.current + k) % n for k in range(n))
        if state.survivors[seat].alive and state.survivors[seat].space == LOCATION
    ]
    if state.queue:
        state.phase = OVERRUN_MOVE
    else:
        finish_overrun(state)


def overrun_move(state: DLBState, sector: int) -> None:
    """The Survivor at the head of the queue leaves the Location for ``sector``."""
    seat = state.queue.pop(0)
    state.survivors[seat].space = sector
    log(state, f"{name(state, seat)} flees to Sector {sector}.")
    if not state.queue:
        finish_overrun(state)


def finish_overrun(state: DLBState) -> None:
    state.walkers[LOCATION] = 0
    state.overrun = True
    state.stall_turns = 0
    state.stall_attacked = False
    state.stall_mark = rules.stall_measure(state)
    begin_action(state)
