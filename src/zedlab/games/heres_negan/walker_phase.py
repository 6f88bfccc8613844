"""The Walker Phase: the Event card, Walker tokens move, Walkers move, Walkers attack.

Source: Here's Negan rulebook, "2. The Walker Phase".
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .common import draw
from .state import HNState
from .steps import FLOW, AllocateAttack, EventSurvivor, WalkerAttacks, WalkerPhase


@FLOW.auto(WalkerPhase)
def walker_phase(state: HNState, step: WalkerPhase) -> None:
    state.phase = "walker"
    card = draw(state, "event")
    if card is not None:
        state.discards["event"].append(card)


@FLOW.decide(EventSurvivor)
def ask_event_survivor(state: HNState, step: EventSurvivor) -> Decision:
    return Decision(state.first, "event-survivor", (Action("pass"),), "")


@FLOW.resolve(EventSurvivor)
def event_survivor(state: HNState, step: EventSurvivor, action: Action) -> None:
    return


@FLOW.decide(AllocateAttack)
def ask_allocate(state: HNState, step: AllocateAttack) -> Decision:
    return Decision(state.first, "allocate-attack", (Action("pass"),), "")


@FLOW.resolve(AllocateAttack)
def allocate(state: HNState, step: AllocateAttack, action: Action) -> None:
    return


@FLOW.auto(WalkerAttacks)
def walker_attacks(state: HNState, step: WalkerAttacks) -> None:
    return


def families(board_size: int, content: object) -> list[tuple[str, object]]:
    """The Walker Phase's actions for the catalogue."""
    return [("pass", [None])]


def defense_dice(state: HNState, i: int) -> list[str]:
    """Survivor ``i``'s Defense dice (its card's, plus what its items add)."""
    from .common import cx

    return list(cx(state).survivors[state.survivors[i].id].defense)
