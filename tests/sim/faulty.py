"""A deliberately faulty game for the simulator's fault handling: Pig that crashes.

Holding with a turn total of exactly 12 raises, so some seeded games fail part-way and
others finish. The crash is a rules bug (not an illegal action), as a real fault would be.
"""

from __future__ import annotations

from typing import Any

from tests.core.pig import Pig, PigState
from zedlab.core import RNG, Action
from zedlab.core.infoset import InfoSet


class FaultyPigError(RuntimeError):
    """The bug a simulation must survive and record."""


class FaultyPig(Pig):
    name = "faulty-pig"
    title = "Faulty Pig"

    def hold(self, state: PigState, seat: int) -> None:
        if state.turn_total == 12:
            raise FaultyPigError(f"seat {seat} held exactly 12")
        super().hold(state, seat)


faulty_pig = FaultyPig()


class HoldBot:
    """Holds as soon as it may, else takes the first option (a second bot kind)."""

    name = "hold"

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        decision = info.decision
        for action in decision.options:
            if action.kind == "hold":
                return action
        return decision.options[0]


class TwoBotPig(Pig):
    """Pig with a second bot kind."""

    name = "two-bot-pig"

    def bot_kinds(self) -> dict[str, Any]:
        return {**super().bot_kinds(), "hold": HoldBot}


two_bot_pig = TwoBotPig()
