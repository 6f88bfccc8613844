"""Scenario 7, The Best Medicine: Negan onto the EXIT and the First Aid Station's room
secured.

First Aid Station: the first Survivor to step into its room gains a blue roll of
Reputation; a Recover Stamina Action taken in the room rolls the blue die instead of the
red. Negan stays on the EXIT once there (ruling HN-A37).

Source: Here's Negan rulebook, Scenario 7 ("Win Conditions", "Objective - First Aid
Station", "Moving Negan"); HN-R315..R318.
"""

from __future__ import annotations

from ..common import board
from ..scenarios import EXIT, scenario
from ..state import HNState
from .objective import ObjectiveRoom, objective_conditions

STATION = "first-aid-station"


@scenario(7)
class TheBestMedicine(ObjectiveRoom):
    """The Best Medicine's Win Conditions and the First Aid Station."""

    obj = STATION
    title = "First Aid Station"
    conditions = objective_conditions(STATION)
    reasons = {EXIT: "Negan moved onto the EXIT", STATION: "the First Aid Station room was secured"}

    def recover_die(self, state: HNState, i: int) -> str:
        space = state.survivors[i].space
        return "blue" if space >= 0 and board(state).room_of(space) == self.room(state) else "red"
