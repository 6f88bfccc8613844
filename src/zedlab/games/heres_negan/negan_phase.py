"""Here's Negan!: Negan enters in round 1; from round 2 he rages or follows a Negan Action
card. Source: Here's Negan rulebook, "3. Here's Negan!".
"""

from __future__ import annotations

from zedlab.core.events import emit

from .common import board
from .state import HNState
from .steps import FLOW, NeganPhase


@FLOW.auto(NeganPhase)
def negan_phase(state: HNState, step: NeganPhase) -> None:
    state.phase = "negan"
    if state.negan < 0:
        start = board(state).negan_start
        state.negan = -1 if start is None else start
        emit(state, "negan-enters", space=state.negan)


def families(board_size: int, content: object) -> list[tuple[str, object]]:
    """Here's Negan's actions for the catalogue."""
    return []


def clear_the_way(state: HNState, who: int) -> None:
    """Clear the Way!: Negan moves 3 spaces towards his target point as in his phase.
    Source: rulebook, "Clear the Way!"."""
    return


def after_negan_move(state: HNState, path: tuple[int, ...]) -> None:
    """After Negan moved along ``path``: reveal the Walker tokens he saw, check the win."""
    return


def negan_kills(state: HNState, limit: int) -> int:
    """Remove up to ``limit`` Walkers within 3 spaces and line of sight of Negan."""
    return 0
