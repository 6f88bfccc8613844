"""Scenario 5, Guns and Ammo: Negan onto the EXIT and the Weapons Locker's room secured.

Weapons Locker: opening its room places one Supply token more than the Room card gives
(ruling HN-A12: "entered" there means opened, the Room card being drawn then); the first
Survivor to step into it gains a blue roll of Reputation; while it is secured each Survivor
in play may take Shoot as both of its Actions (ruling HN-A38 (a): twice in its activation,
so twice a round). Negan stays on the EXIT once there (ruling HN-A37).

Source: Here's Negan rulebook, Scenario 5 ("Win Conditions", "Objective - Weapons Locker",
"Moving Negan"); HN-R302..R306.
"""

from __future__ import annotations

from ..scenarios import EXIT, scenario
from ..state import HNState
from .objective import ObjectiveRoom, objective_conditions

LOCKER = "weapons-locker"
SHOOTS = 2
"""Shoot Actions a Survivor may take in a round while the locker's room is secured."""


@scenario(5)
class GunsAndAmmo(ObjectiveRoom):
    """Guns and Ammo's Win Conditions and the Weapons Locker."""

    obj = LOCKER
    title = "Weapons Locker"
    conditions = objective_conditions(LOCKER)
    reasons = {EXIT: "Negan moved onto the EXIT", LOCKER: "the Weapons Locker room was secured"}

    def room_opened(self, state: HNState, room: int, who: int) -> int:
        return 1 if room == self.room(state) else 0

    def repeatable(self, state: HNState, i: int) -> frozenset[str]:
        if self.room(state) in state.secured \
                and state.survivors[i].taken.count("shoot") < SHOOTS:
            return frozenset({"shoot"})
        return frozenset()
