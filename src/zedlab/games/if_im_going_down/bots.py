"""Bots for If I'm Going Down... (filled in below)."""

from __future__ import annotations

from typing import Any

from zedlab.bots import RandomBot
from zedlab.core import RNG, Action, Decision


class HeuristicBot(RandomBot):
    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        return rng.choice(decision.options)


class ZombieBot(HeuristicBot):
    name = "zombie"
