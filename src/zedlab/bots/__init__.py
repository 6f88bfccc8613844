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

import inspect
from typing import Any, Protocol, runtime_checkable

from ..core.engine import Action
from ..core.infoset import InfoSet, RandomBot
from ..core.rng import RNG
from .ismcts import ISMCTSBot
from .specs import GENERIC_BOTS, kinds, make, parse_spec, split_seat

__all__ = [
    "GENERIC_BOTS",
    "Bot",
    "ISMCTSBot",
    "RandomBot",
    "choose",
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


_OLD_STYLE: dict[type, bool] = {}


def choose(bot: Any, info: InfoSet, rng: RNG) -> Action:
    """Ask ``bot`` for its action at ``info`` (front ends call bots through this).

    Bots written for the older ``choose(view, decision, rng)`` form are given the view and
    decision of the information set.
    """
    cls = bot.__class__
    old = _OLD_STYLE.get(cls)
    if old is None:
        old = _OLD_STYLE[cls] = len(inspect.signature(bot.choose).parameters) == 3
    if old:
        return bot.choose(info.view, info.decision, rng)  # type: ignore[no-any-return]
    return bot.choose(info, rng)  # type: ignore[no-any-return]
