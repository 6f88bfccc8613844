"""Game Set-Up: the Location, the Survivors, Health, Walkers, the deck and the first player.

Also the choice of the first player, which the same way opens every later Location.

Source: Don't Look Back rulebook, "Game Set-Up" and "Proceeding to the Next Location".
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .common import cx, name, place_starting_walkers, starting_health
from .state import LOCATION, DLBState, Survivor
from .steps import (
    FLOW,
    ChooseFirstPlayer,
    ChooseSurvivor,
    FinishSetup,
    OfferSurvivor,
    StartTurn,
)

_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_first_actions: dict[tuple[int, str, str], Action] = {}


def setup(state: DLBState, survivors: list[str] | None) -> None:
    """Shuffle the Locations and reveal the top one; then the Survivors are chosen (in seat
    order, unless the config dealt them) and the set-up is finished.

    Source: Don't Look Back rulebook, "Game Set-Up".
    """
    stack = list(cx(state).locations)
    state.rng.shuffle(stack)
    state.location_stack = stack[1:]
    state.location = stack[0]
    state.survivors = [Survivor() for _ in range(state.players)]
    emit(state, "arrive", location=state.location, name=cx(state).locations[state.location].name)
    if survivors:
        for seat, sid in enumerate(survivors):
            state.survivors[seat].id = sid
        push(state, FinishSetup())
    else:
        push(state, *(OfferSurvivor(seat=seat) for seat in range(state.players)), FinishSetup())


def free_survivors(state: DLBState) -> list[str]:
    """Survivor ids nobody has taken yet, in content order."""
    taken = {s.id for s in state.survivors}
    return [sid for sid in cx(state).survivors if sid not in taken]


def take_survivor(state: DLBState, seat: int, sid: str) -> None:
    state.survivors[seat].id = sid
    emit(state, "survivor-chosen", seat=seat, survivor=sid, name=cx(state).survivors[sid].name)


@FLOW.auto(OfferSurvivor)
def offer_survivor(state: DLBState, step: OfferSurvivor) -> None:
    """A later player with one Survivor left gets it without a choice."""
    left = free_survivors(state)
    if step.seat and len(left) == 1:
        take_survivor(state, step.seat, left[0])
    else:
        state.stack.append(ChooseSurvivor(seat=step.seat))


def _survivor_label(entry: Any) -> str:
    """``Play Daryl Dixon - Tracker: ... | Improvised: Crossbow (3 dice, Ranged)``."""
    imp = entry.improvised
    return (
        f"Play {entry.name} - {entry.ability_text.rstrip('.')}"
        f" | Improvised: {imp.name} ({imp.dice} dice, {imp.kind.capitalize()})"
    )


@FLOW.decide(ChooseSurvivor)
def ask_survivor(state: DLBState, step: ChooseSurvivor) -> Decision:
    free = free_survivors(state)
    key = (step.seat, state.content, *free)
    decision = _DECISIONS.get(key)
    if decision is None:
        survivors = cx(state).survivors
        decision = _DECISIONS[key] = Decision(
            step.seat,
            "choose-survivor",
            tuple(Action("survivor", s, _survivor_label(survivors[s])) for s in free),
            "Choose your Survivor",
        )
    return decision


@FLOW.resolve(ChooseSurvivor)
def choose_survivor(state: DLBState, step: ChooseSurvivor, action: Action) -> None:
    take_survivor(state, step.seat, action.value)


@FLOW.auto(FinishSetup)
def finish_setup(state: DLBState, step: FinishSetup) -> None:
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
        emit(
            state,
            "first-player-rolls",
            rolls=[[seat, name(state, seat), t] for seat, t in totals.items()],
        )
        contenders = [s for s in contenders if totals[s] == best]
    chooser = contenders[0]
    if state.players == 1:
        push(state, StartTurn(seat=0))
        return
    emit(state, "high-roller", seat=chooser, who=name(state, chooser))
    push(state, ChooseFirstPlayer(chooser=chooser))


# -- who goes first (at set-up and at each new Location) ----------------------------------------


def _seat_action(state: DLBState, seat: int) -> Action:
    sid = state.survivors[seat].id
    key = (seat, sid, state.content)
    act = _first_actions.get(key)
    if act is None:
        act = _first_actions[key] = Action(
            "first-player", seat, f"{cx(state).survivors[sid].name} goes first"
        )
    return act


def first_player_decision(state: DLBState, chooser: int, kind: str) -> Decision:
    """The chooser names any living Survivor to take the first turn."""
    living = [s for s in range(state.players) if state.survivors[s].alive]
    return Decision(
        chooser, kind, tuple(_seat_action(state, s) for s in living), "Who goes first?"
    )


def first_player(state: DLBState, chooser: int, seat: int) -> None:
    """The chooser names who goes first; that Survivor starts the game (or the board)."""
    emit(
        state,
        "first-player",
        chooser=chooser,
        seat=seat,
        who=name(state, chooser),
        other=name(state, seat),
    )
    push(state, StartTurn(seat=seat))


@FLOW.decide(ChooseFirstPlayer)
def ask_first_player(state: DLBState, step: ChooseFirstPlayer) -> Decision:
    return first_player_decision(state, step.chooser, "choose-first-player")


@FLOW.resolve(ChooseFirstPlayer)
def choose_first_player(state: DLBState, step: ChooseFirstPlayer, action: Action) -> None:
    first_player(state, step.chooser, action.value)
