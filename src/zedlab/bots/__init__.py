"""Bots: programs that choose actions from what a seat can see.

A bot satisfies :class:`Bot`: ``choose(view, decision, rng) -> Action``. It is given only the
seat's view (never the state), so it cannot know hidden cards or future chance.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..core.engine import Action, Decision
from ..core.rng import RNG

__all__ = ["Bot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of a decision's options."""

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        """Return one of ``decision.options``; ``rng`` is the bot's own randomness."""
        ...


class RandomBot:
    """Chooses uniformly among the options."""

    name = "random"

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        return rng.choice(decision.options)
