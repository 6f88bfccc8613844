"""Reinforcement-learning environments for every ZedLab game (the ``rl`` extra).

- :func:`aec_env` — a PettingZoo ``AECEnv``, one agent per seat;
- :func:`gym_env` — a Gymnasium ``Env`` for one seat, bots in the others;
- ``import zedlab.envs.openspiel`` — registers every game with OpenSpiel as
  ``zedlab_<name>`` (dashes become underscores).

Actions are ids of the game's action catalogue (``game.action_space(config)``);
observations come from the seat's view only (:mod:`zedlab.envs.encoding`). See
``docs/envs.md``.
"""

from __future__ import annotations

from typing import Any

from .common import REWARDS, cooperative, main_configs, spec

__all__ = ["REWARDS", "aec_env", "cooperative", "gym_env", "main_configs", "spec"]


def aec_env(name: str, render_mode: str | None = None, reward: str = "score",
            **config: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` (see :mod:`zedlab.envs.aec`)."""
    from .aec import aec_env as make

    return make(name, render_mode=render_mode, reward=reward, **config)


def gym_env(name: str, **options: Any) -> Any:
    """A Gymnasium environment for one seat of game ``name`` (see :mod:`zedlab.envs.gym`)."""
    from .gym import gym_env as make

    return make(name, **options)
