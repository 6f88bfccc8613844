"""Bots: programs that choose actions from what a seat can know.

A bot satisfies :class:`Bot`: ``choose(info, rng) -> Action``, where ``info`` is the
deciding seat's :class:`~zedlab.core.infoset.InfoSet` — its view, its decision, and
``info.sample(rng)`` for full states consistent with that view. It is never given the real
state, so it cannot know hidden cards or future chance. ``rng`` is the bot's own randomness.

Every game has the generic kinds of :data:`GENERIC_BOTS` (``ismcts``) besides its own; front
ends build bots from specs (``"ismcts:iters=200"``) with :func:`make` and list them with
:func:`kinds` (see :mod:`zedlab.bots.specs`).
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ..core.engine import Action
from ..core.errors import IllegalAction
from ..core.infoset import InfoSet, RandomBot
from ..core.rng import RNG
from .ismcts import ISMCTSBot
from .specs import GENERIC_BOTS, describe, kinds, make, parse_spec, split_seat

__all__ = [
    "GENERIC_BOTS",
    "Bot",
    "ISMCTSBot",
    "RandomBot",
    "choose",
    "describe",
    "kinds",
    "make",
    "parse_spec",
    "split_seat",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of a decision's options from an information set."""

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """Return one of ``info.decision.options``."""
        ...


def choose(bot: Any, info: InfoSet, rng: RNG) -> Action:
    """Ask ``bot`` for its action at ``info`` (front ends call bots through this).

    Returns:
        the decision's own option object (so front ends show the game's label).
    Raises:
        IllegalAction: if the bot answers with something that is not one of the options.
    """
    action: Action = bot.choose(info, rng)
    options = info.decision.options
    try:
        # the decision's own option (with the game's label), not the bot's copy of it
        return options[options.index(action)]
    except (ValueError, TypeError):
        raise IllegalAction(
            f"the {type(bot).__name__} of seat {info.seat} chose {action!r}, which is not an "
            f"option of {info.decision.kind}"
        ) from None
