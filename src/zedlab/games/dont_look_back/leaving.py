"""Leaving a Location: escaping, moving on to the next Location, and the overrun.

Source: Don't Look Back rulebook, "Escaping From a Location", "Proceeding to the Next
Location" and "Running Out of Search Cards".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import again, push

from .common import (
    begin_action,
    cx,
    game_over,
    lose_health,
    name,
    over,
    place_starting_walkers,
    stall_measure,
)
from .setup import first_player, first_player_decision
from .state import LOCATION, OFF_BOARD, SECTORS, DLBState, Survivor
from .steps import (
    FLOW,
    FinishOverrun,
    KeepWeapon,
    NewLocation,
    NextFirstPlayer,
    OverrunMove,
    StartTurn,
)

OVERRUN_WALKERS = 3
OVERRUN_A = {sp: Action("overrun-move", sp, f"Flee to Sector {sp}") for sp in range(1, 7)}
_OVERRUN_OPTIONS = tuple(OVERRUN_A.values())


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
    emit(state, "escape-first", seat=seat, who=name(state, seat), points=state.players)
    n = state.players
    for k in range(1, n):
        other = (seat + k) % n
        o = state.survivors[other]
        if not o.alive or o.escaped:
            continue
        if o.space not in (LOCATION, state.escape_sector):
            for sector in escape_path(state, o.space):
                if state.walkers[sector] > 0:
                    lose_health(state, other, 1, "escape", sector)
                    if not o.alive:
                        break
        if o.alive:
            o.escaped = True
            o.space = OFF_BOARD
            emit(state, "escapes", seat=other, who=name(state, other))
    if over(state):
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
    asks = []
    for seat in order:
        s = state.survivors[seat]
        if not s.alive:
            continue
        limit = keep_limit(state, s)
        if len(s.weapons) > limit and len(set(s.weapons)) > 1:
            asks.append(KeepWeapon(seat=seat))
        elif len(s.weapons) > limit:  # all copies alike: nothing to choose
            state.discard.extend(s.weapons[limit:])
            del s.weapons[limit:]
    if asks:
        push(state, *asks, NewLocation())
    else:
        new_location(state, NewLocation())


@FLOW.decide(KeepWeapon)
def ask_keep_weapon(state: DLBState, step: KeepWeapon) -> Decision:
    who = step.seat
    s = state.survivors[who]
    rest = dict.fromkeys(s.weapons[step.kept :])
    entries = cx(state).weapons
    options = tuple(Action("keep-weapon", w, f"Keep the {entries[w].name}") for w in rest)
    limit = keep_limit(state, s)
    prompt = "Keep which Weapon?"
    if limit > 1:
        prompt = f"Keep which Weapon? (pick {step.kept + 1} of {limit})"
    return Decision(who, "keep-weapon", options, prompt)


@FLOW.resolve(KeepWeapon)
def keep_weapon(state: DLBState, step: KeepWeapon, action: Action) -> None:
    """The Survivor keeps the chosen card; the rest go when the Survivor is done."""
    card = action.value
    seat = step.seat
    s = state.survivors[seat]
    kept = step.kept
    idx = s.weapons.index(card, kept)
    s.weapons.insert(kept, s.weapons.pop(idx))
    kept += 1
    emit(state, "weapon-kept-next", seat=seat, who=name(state, seat), card=card, name=cx(state).weapons[card].name)
    rest = s.weapons[kept:]
    limit = keep_limit(state, s)
    if kept < limit and len(set(rest)) > 1:
        again(state, KeepWeapon(seat=seat, kept=kept))
        return
    if kept < limit:
        kept += min(limit - kept, len(rest))
    state.discard.extend(s.weapons[kept:])
    del s.weapons[kept:]


@FLOW.auto(NewLocation)
def new_location(state: DLBState, step: NewLocation) -> None:
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
    state.rng.note_reveal()  # the next Location tile is turned face up
    state.overrun = False
    state.stall_turns = 0
    state.stall_attacked = False
    state.stall_mark = -1
    state.stall_idle_attacks = 0
    state.round_seats = []  # the board's first turn begins a new round (ruling 28)
    state.escape_sector = 0
    emit(state, "reach", location=state.location, name=cx(state).locations[state.location].name)
    place_starting_walkers(state)
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
    chooser = min(
        tied, key=lambda seat: (strongest_dice(state, state.survivors[seat]), tied.index(seat))
    )
    if len(living) == 1:
        emit(state, "only-survivor", seat=living[0], who=name(state, living[0]))
        push(state, StartTurn(seat=living[0]))
        return
    dice = {seat: strongest_dice(state, state.survivors[seat]) for seat in tied}
    emit(
        state,
        "chooser",
        seat=chooser,
        who=name(state, chooser),
        points=fewest,
        tied=[name(state, seat) for seat in tied],
        dice=dice[chooser],
        alone=sum(1 for d in dice.values() if d == dice[chooser]) == 1,
    )
    push(state, NextFirstPlayer(chooser=chooser))


def strongest_dice(state: DLBState, s: Survivor) -> int:
    """Dice of the Survivor's strongest Weapon (cards or Improvised)."""
    best = cx(state).survivors[s.id].improvised.dice
    for w in s.weapons:
        best = max(best, cx(state).weapons[w].dice)
    return best


# -- Running Out of Search Cards ------------------------------------------------------------


def overrun(state: DLBState, seat: int) -> None:
    """The Search deck is empty when a draw is needed: the Location is overrun.

    3 Walkers join each Sector; Survivors inside the Location move out (clockwise from the
    Survivor whose turn it is, each choosing a Sector); the Location and its Walkers leave
    play; no more draws or overload.

    Source: Don't Look Back rulebook, "Running Out of Search Cards".
    """
    emit(state, "overrun")
    for sector in SECTORS:
        state.walkers[sector] += OVERRUN_WALKERS
    n = state.players
    fleeing = [
        OverrunMove(seat=other)
        for other in ((seat + k) % n for k in range(n))
        if state.survivors[other].alive and state.survivors[other].space == LOCATION
    ]
    if fleeing:
        push(state, *fleeing, FinishOverrun(seat=seat))
    else:
        finish_overrun(state, FinishOverrun(seat=seat))


@FLOW.decide(OverrunMove)
def ask_overrun_move(state: DLBState, step: OverrunMove) -> Decision:
    return Decision(step.seat, "overrun-move", _OVERRUN_OPTIONS, "Flee to which Sector?")


@FLOW.resolve(OverrunMove)
def overrun_move(state: DLBState, step: OverrunMove, action: Action) -> None:
    """The Survivor leaves the Location for the chosen Sector."""
    state.survivors[step.seat].space = action.value
    emit(state, "flees", seat=step.seat, who=name(state, step.seat), sector=action.value)


@FLOW.auto(FinishOverrun)
def finish_overrun(state: DLBState, step: FinishOverrun) -> None:
    """The Location leaves play; the Survivor whose turn it is goes on with the Action."""
    state.walkers[LOCATION] = 0
    state.overrun = True
    state.stall_turns = 0
    state.stall_attacked = False
    state.stall_idle_attacks = 0
    state.stall_mark = stall_measure(state)
    begin_action(state)


# -- who goes first at the new Location -----------------------------------------------------------


@FLOW.decide(NextFirstPlayer)
def ask_next_first_player(state: DLBState, step: NextFirstPlayer) -> Decision:
    return first_player_decision(state, step.chooser, "next-first-player")


@FLOW.resolve(NextFirstPlayer)
def choose_next_first_player(state: DLBState, step: NextFirstPlayer, action: Action) -> None:
    first_player(state, step.chooser, action.value)
