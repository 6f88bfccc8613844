"""Scenario 12: Chairman of the Board - Reputation gathered in a secured Board Room.

Win: Negan on the EXIT, the Board Room secured, and the Survivors in it (Incapacitated ones
too: ruling HN-A05) holding together at least 8/12/16/20 Reputation for 2/3/4/5 starting
Survivors (table T4), all at one moment (ruling HN-A45). The first Survivor to enter the
Board Room gains a blue roll of Reputation; a Survivor in it may re-roll the Action die once
for Hold Your Nerve. Negan stays on the EXIT once there (ruling HN-A37).

Source: Here's Negan rulebook, Scenario 12 "Win Conditions", "The Board Room", "Moving
Negan"; checklist HN-R352..HN-R356, T4; ruling HN-A45.
"""

from __future__ import annotations

from ..common import amount, board, change_rep, emit, in_play
from ..scenarios import EXIT, StaysOnExit, scenario
from ..state import HNState

SECURED = "board-room-secured"
REPUTATION = "board-room-reputation"
NEEDED = {2: 8, 3: 12, 4: 16, 5: 20}
"""Reputation needed in the Board Room by starting Survivors (table T4)."""


def room(state: HNState) -> int:
    """The Board Room's room id."""
    return board(state).special_rooms["board-room"]


def needed(state: HNState) -> int:
    """Table T4, plus ``marks["board-room-bonus"]`` (Survival Mode's knock-on of a Scenario
    11 loss: 2 per starting Survivor)."""
    return NEEDED[state.start_survivors] + state.marks.get("board-room-bonus", 0)


def inside(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.in_play and board(state).room_of(s.space) == room(state)


def reputation(state: HNState) -> int:
    """The Reputation of the Survivors in the Board Room now."""
    return sum(state.survivors[i].rep for i in in_play(state) if inside(state, i))


@scenario(12)
class ChairmanOfTheBoard(StaysOnExit):
    """Scenario 12's Special Rules (module docstring)."""

    conditions = (EXIT, SECURED, REPUTATION)
    reasons = {
        EXIT: "Negan reached the EXIT",
        SECURED: "the Board Room was secured",
        REPUTATION: "and held Survivors of enough Reputation",
    }

    def campaign_set_up(self, state: HNState) -> None:
        """Survival Mode after a lost Scenario 11: the Board Room needs 2 more Reputation
        per starting Survivor (HN-R372, table T4)."""
        if "lost-11" in state.knock_ons:
            state.marks["board-room-bonus"] = 2 * state.start_survivors
            emit(state, "knock-on-applied", what=f"the Board Room needs {needed(state)} Reputation: "
                 "Scenario 11 was lost")

    def survivor_entered(self, state: HNState, i: int, space: int) -> None:
        """The first Survivor into the Board Room gains a blue roll of Reputation (HN-R354)."""
        if "board-room-entered" in state.marks or board(state).room_of(space) != room(state):
            return
        state.marks["board-room-entered"] = 1
        emit(state, "board-room-first", survivor=state.survivors[i].id)
        change_rep(state, i, amount(state, "blue", "first into the Board Room"),
                   "first into the Board Room")

    def hold_your_nerve_rerolls(self, state: HNState, i: int) -> int:
        """One re-roll in the Board Room (HN-R355, ruling HN-A45)."""
        return 1 if inside(state, i) else 0

    def met(self, state: HNState, condition: str) -> bool:
        if condition == SECURED:
            return room(state) in state.secured
        if condition == REPUTATION:
            return reputation(state) >= needed(state)
        return condition in state.reached

    def goal(self, survivors: int) -> str:
        return (f"Get Negan onto the EXIT; secure the Board Room and gather Survivors with "
                f"{NEEDED[survivors]} Reputation or more in it.")

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "reputation_needed": dict(NEEDED)}
