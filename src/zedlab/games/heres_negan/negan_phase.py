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
