"""Scenario 4, Seeking Sanctuary: Negan onto the EXIT and enough rooms secured (table T2);
Inspection.

Inspection: reaching the EXIT with too few rooms secured, Negan stops there for the rest of
that round; from the next round the Here's Negan phase is played twice a round and his
target point is the nearest unsecured room (any space of any unsecured room in play: he
heads for the closest by the route that ignores doors, and arriving where he cannot go on
enrages him), until enough rooms are secured. The EXIT condition, once met, stays met, so
the game is won as soon as the last room needed is secured (ruling HN-A36).

Source: Here's Negan rulebook, Scenario 4 ("Win Conditions", "Inspection"); HN-R297..R300.
"""

from __future__ import annotations

from ..common import board, emit
from ..scenarios import EXIT, Scenario, scenario
from ..state import HNState

SECURED_ROOMS = {2: 5, 3: 6, 4: 8, 5: 10}
"""Rooms to secure per starting Survivors (table T2)."""
ROOMS = "rooms"
INSPECTION = "inspection"


@scenario(4)
class SeekingSanctuary(Scenario):
    """Seeking Sanctuary's Win Conditions and Inspection."""

    conditions = (EXIT, ROOMS)
    reasons = {EXIT: "Negan moved onto the EXIT", ROOMS: "enough rooms were secured"}

    @staticmethod
    def needed(survivors: int) -> int:
        """Rooms to secure for ``survivors`` starting Survivors (T2)."""
        return SECURED_ROOMS[survivors]

    def met(self, state: HNState, condition: str) -> bool:
        if condition == ROOMS:
            return len(state.secured) >= self.needed(state.start_survivors)
        return super().met(state, condition)

    def inspecting(self, state: HNState) -> bool:
        """Inspection is under way (from the round after Negan stopped on the EXIT)."""
        start = state.marks.get(INSPECTION)
        return start is not None and state.round >= start and not self.met(state, ROOMS)

    def negan_on(self, state: HNState, space: int) -> None:
        """On the EXIT with too few rooms secured he stops; Inspection starts next round."""
        if EXIT in state.reached and INSPECTION not in state.marks \
                and not self.met(state, ROOMS) and not state.result:
            state.marks[INSPECTION] = state.round + 1
            emit(state, "inspection", space=space, round=state.round + 1,
                 secured=len(state.secured), needed=self.needed(state.start_survivors))

    def negan_stays(self, state: HNState) -> bool:
        """He stays on the EXIT for the rest of the round he stopped there."""
        start = state.marks.get(INSPECTION)
        return start is not None and state.round < start

    def negan_phases(self, state: HNState) -> int:
        return 2 if self.inspecting(state) else 1

    def target(self, state: HNState) -> tuple[int, ...] | None:
        """While inspecting: every space of every unsecured room in play."""
        if not self.inspecting(state):
            return None
        b = board(state)
        spaces = [s for room in sorted(b.security) if room not in state.secured
                  for s in b.areas[room].spaces]
        return tuple(spaces) or None

    def wanted_rooms(self, state: HNState) -> list[int]:
        if self.met(state, ROOMS):
            return []
        return [r for r in sorted(board(state).security) if r not in state.secured]

    def goal(self, survivors: int) -> str:
        return (f"Negan onto the EXIT; secure {self.needed(survivors)} rooms (too few: "
                "he inspects, 2 Negan phases a round).")
