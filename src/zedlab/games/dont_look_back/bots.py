"""Bots for Don't Look Back."""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action, Decision


class HeuristicBot:
    """Placeholder until the heuristic is written."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        return rng.choice(decision.options)
