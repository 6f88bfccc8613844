"""Warnings before a choice that certainly loses the game: an Action whose NOISE takes the
Threat to Max.

Read only the public Threat Tracker and the acting Survivor's own cards.

Source: Here's Negan rulebook, "Noise" (Threat +1 first), "Threat", "Losing", "Make NOISE",
"Break and Enter" (HN-R193; a Wrench keeps it quiet).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .actions import held_with
from .common import name, threat_max
from .state import HNState
from .steps import ChooseAction

_LOUD = {
    "make-noise": "The Make NOISE Action",
    "break-and-enter": "Breaking and entering without a Wrench",
}


def option_warning(state: HNState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the Survivors, or ``None``."""
    if decision.kind != "choose-action" or action.kind != "action" or action.value not in _LOUD:
        return None
    step = state.stack[-1] if state.stack else None
    if not isinstance(step, ChooseAction):
        return None
    i = step.survivor
    if action.value == "break-and-enter" and held_with(state, i, "wrench"):
        return None
    top = threat_max(state)
    if state.threat + 1 < top:
        return None
    return (
        f"{_LOUD[action.value]} makes NOISE: the Threat goes from {state.threat} to Max"
        f" ({top}) and the Survivors lose ({name(state, i)} would act)."
    )
