"""A deliberately faulty game for the simulator's fault handling: Pig that crashes.

Holding with a turn total of exactly 12 raises, so some seeded games fail part-way and
others finish. The crash is a rules bug (not an illegal action), as a real fault would be.
"""

from __future__ import annotations

from tests.core.pig import Pig, PigState


class FaultyPigError(RuntimeError):
    """The bug a simulation must survive and record."""


class FaultyPig(Pig):
    name = "faulty-pig"
    title = "Faulty Pig"

    def hold(self, state: PigState) -> None:
        if state.turn_total == 12:
            raise FaultyPigError(f"seat {state.current} held exactly 12")
        super().hold(state)


faulty_pig = FaultyPig()
