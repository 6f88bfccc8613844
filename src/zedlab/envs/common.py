"""What every adapter shares: a game config's catalogue, encoder, seats and rewards."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

import zedlab

from ..core import ConfigError, Match, Outcome, make_config
from .encoding import learn_encoder

__all__ = ["REWARDS", "Spec", "cooperative", "main_configs", "spec"]

MASK_CACHE = 4096
"""Masks kept per config, by the options they stand for."""
REWARDS = ("score", "win")
"""Reward schemes: the game's final scores, or +1 for a winning seat and -1 for the rest."""



def cooperative(game: Any, config: Any) -> bool:
    """Whether every seat of ``config`` wins or loses together.

    The game says so (``game.cooperative(config)``); a one-seat config is co-operative
    trivially.
    """
    if game.seats(config) == 1:
        return True
    return bool(game.cooperative(config))


def main_configs(name: str) -> list[dict[str, Any]]:
    """The configs the adapters are checked on: the default one and, if the game allows
    it and it differs, the solo one (``players=1``)."""
    game = zedlab.get(name)
    configs: list[dict[str, Any]] = [{}]
    default = make_config(game)
    try:
        solo = make_config(game, players=1)
    except ConfigError:
        return configs
    if game.seats(solo) != game.seats(default):
        configs.append({"players": 1})
    return configs


class Spec:
    """One game config as the adapters see it.

    Attributes:
        game, config: the rules object and the validated config.
        seats: how many seats decide.
        space: the action catalogue (``size`` ids).
        encoder: the observation encoder (``size`` floats).
        cooperative: whether all seats share one result.
        max_decisions: the bound on decisions of any game of the config.
    """

    def __init__(self, game: Any, config: Any) -> None:
        self.game = game
        self.config = config
        self.seats = game.seats(config)
        self.space = game.action_space(config)
        make = getattr(game, "encoder", None)
        self.encoder = make(config) if callable(make) else learn_encoder(game, config)
        self.cooperative = cooperative(game, config)
        self.max_decisions = int(game.max_decisions(config))
        self._masks: dict[tuple[Any, ...], np.ndarray] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled (OpenSpiel serialisation, worker processes) as the game and config
        return (_spec, (self.game.name, self.config.model_dump_json()))

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self  # immutable once built

    def observe(self, match: Match, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's observation vector, from its view only."""
        return self.encoder.encode(self.game.view(match.state, seat), out)

    def mask(self, match: Match, seat: int) -> np.ndarray:
        """The seat's action mask (int8, all zeros when another seat decides)."""
        d = match.decision
        if d is None or d.player != seat:
            return np.zeros(self.space.size, dtype=np.int8)
        cache = self._masks
        m = cache.get(d.options)
        if m is None:
            if len(cache) >= MASK_CACHE:
                cache.clear()
            m = np.zeros(self.space.size, dtype=np.int8)
            ident = self.space.id
            for a in d.options:
                m[ident(a)] = 1
            cache[d.options] = m
        return m.copy()

    def rewards(self, outcome: Outcome, scheme: str) -> list[float]:
        """Each seat's final reward under ``scheme`` (see :data:`REWARDS`)."""
        n = self.seats
        if scheme == "win":
            won = set(outcome.winners)
            r = [1.0 if s in won else -1.0 for s in range(n)]
            if self.cooperative:
                r = [1.0 if won else -1.0] * n
        else:
            scores = [float(x) for x in outcome.scores[:n]]
            scores += [0.0] * (n - len(scores))
            r = [sum(scores) / n] * n if self.cooperative else scores
        return r


@lru_cache(maxsize=64)
def _spec(name: str, config_json: str) -> Spec:
    game = zedlab.get(name)
    return Spec(game, game.Config.model_validate_json(config_json))


def spec(name: str, **options: Any) -> Spec:
    """The (cached) :class:`Spec` of game ``name`` with ``options``.

    Raises:
        ConfigError: for an unknown game or invalid options.
        NotImplementedError: for a game without an action catalogue or a bound.
    """
    game = zedlab.get(name)
    config = make_config(game, **options)
    return _spec(name, config.model_dump_json())


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    return reward
