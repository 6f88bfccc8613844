"""Information sets: all a bot may know when it decides.

A bot is given an :class:`InfoSet`, never the real state: the deciding seat's view, its
decision, the rules object, and :meth:`InfoSet.sample`, which draws a full state consistent
with that view (hidden cards reshuffled, future chance re-seeded, through the game's
``determinize``). A search bot plays sampled states forward; it can never learn the next
die or the order of a deck.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import Decision, Game
from .rng import RNG

__all__ = ["InfoSet", "RandomBot"]


class InfoSet:
    """What one seat knows at one of its decisions.

    Attributes:
        seat: the deciding seat.
        decision: the decision it faces (its options are what the seat may play).
        view: the game's view for that seat (``game.view(state, seat)``).
        game: the rules object, to play sampled states forward.
        config: the game's config (``None`` where the caller does not know it).
    """

    __slots__ = ("seat", "decision", "view", "game", "config", "_sample")

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        decision: Decision,
        view: dict[str, Any],
        sample: Callable[[RNG], Any],
        config: Any = None,
    ) -> None:
        self.config = config
        self.game = game
        self.seat = seat
        self.decision = decision
        self.view = view
        self._sample = sample

    @classmethod
    def of(cls, game: Game[Any], state: Any, seat: int | None = None, config: Any = None) -> InfoSet:
        """The information set of the deciding seat (or ``seat``) in ``state``.

        Samples are drawn from ``state`` as it is when :meth:`sample` is called: use the
        information set before the next action is played (as bots do), not after.

        Raises:
            ValueError: if nothing is being decided.
        """
        decision = game.decision(state)
        if decision is None:
            raise ValueError("the game is over: no information set to decide from")
        who = decision.player if seat is None else seat

        def sample(rng: RNG) -> Any:
            return game.determinize(state, who, rng)

        return cls(game, who, decision, game.view(state, who), sample, config)

    def sample(self, rng: RNG) -> Any:
        """A full state consistent with this seat's view, drawn with ``rng``.

        Hidden things (deck orders, other seats' hands) are reshuffled and the state's own
        RNG re-seeded from ``rng``; each call returns a fresh, independent state.
        """
        return self._sample(rng)

    def __repr__(self) -> str:
        return f"<InfoSet seat {self.seat} deciding {self.decision.kind}>"


class RandomBot:
    """Chooses uniformly among the options (every game's first bot kind).

    Re-exported as :class:`zedlab.bots.RandomBot`.
    """

    name = "random"

    def choose(self, info: InfoSet, rng: RNG) -> Any:
        """One of ``info.decision.options``, uniformly."""
        return rng.choice(info.decision.options)
