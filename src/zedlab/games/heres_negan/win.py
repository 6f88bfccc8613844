"""Winning: the scenario's Win Conditions, latched as they are met and checked after every
change that can meet them (each of Negan's moves).

Scenarios 1-3 have one Win Condition, "Negan must move onto the EXIT marker"; Scenario 2's
map holds two EXIT markers and either one wins (ruling HN-A46 (a)). The game ends at once,
in the middle of a phase or an Action, when every condition of the scenario holds (ruling
HN-A51). Losses are checked where they happen (:mod:`.common`: Threat Max, Negan's
Stamina, every Survivor removed).

Source: Here's Negan rulebook, "Winning", Scenarios 1-3.
"""

from __future__ import annotations

from .common import board, emit, end
from .scenarios import EXIT, rules
from .state import HNState


def conditions(state: HNState) -> tuple[str, ...]:
    """The Win Conditions of the state's scenario."""
    return rules(state).conditions


def latch(state: HNState, condition: str) -> None:
    """Record that ``condition`` has been met (it stays met), then check the win."""
    if condition not in state.reached:
        state.reached.append(condition)
        emit(state, "condition-met", condition=condition)
    check(state)


def negan_on(state: HNState, space: int) -> None:
    """Negan stands on ``space``: an EXIT marker there meets the EXIT condition.

    Source: rulebook, Scenarios 1-3 ("Negan must move onto the EXIT marker").
    """
    if space >= 0 and space in board(state).exits and EXIT in conditions(state):
        latch(state, EXIT)
    rules(state).negan_on(state, space)


def check(state: HNState) -> None:
    """End the game as won if every Win Condition of the scenario is met.

    Source: rulebook, "Winning" (all conditions together; the game ends immediately).
    """
    if state.result:
        return
    r = rules(state)
    if all(r.met(state, c) for c in r.conditions):
        end(state, "win", r.reason())
