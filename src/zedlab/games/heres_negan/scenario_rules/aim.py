"""The decision inside a scenario Action: which barrel, space or Entry Point it is aimed at.

The scenario offers the options (:meth:`.scenarios.Scenario.targets`) and resolves the one
chosen (:meth:`.scenarios.Scenario.aimed`); a single option is applied at once, as for every
Action's own decisions.

Source: Here's Negan rulebook, "Actions"; Scenarios 8 and 11.
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from ..actions import ask, decides, resolves, seat
from ..common import name
from ..scenarios import rules
from ..state import HNState
from ..steps import ScenarioTarget


def aim(state: HNState, i: int, action: str) -> None:
    """Ask where Survivor ``i``'s scenario Action ``action`` goes (or apply the only option)."""
    if rules(state).targets(state, i, action):
        ask(state, ScenarioTarget(survivor=i, action=action))


@decides(ScenarioTarget)
def ask_target(state: HNState, step: ScenarioTarget) -> Decision:
    options = tuple(rules(state).targets(state, step.survivor, step.action))
    return Decision(seat(state, step.survivor), step.action, options,
                    f"{name(state, step.survivor)}: {step.action.replace('-', ' ')} where?")


@resolves(ScenarioTarget)
def aimed(state: HNState, step: ScenarioTarget, action: Action) -> None:
    rules(state).aimed(state, step.survivor, step.action, action)
