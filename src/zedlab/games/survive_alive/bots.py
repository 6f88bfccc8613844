"""Bots for Survive Alive (placeholder until the heuristic bot is written)."""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action, Decision


class HeuristicBot:
    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        return rng.choice(decision.options)
