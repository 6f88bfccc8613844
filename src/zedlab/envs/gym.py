"""A Gymnasium ``Env`` for one seat of any ZedLab game; the other seats are bots."""

from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import choose
from ..core import RNG, ConfigError, IllegalAction, Match
from .common import check_reward, spec

__all__ = ["ZedLabGym", "gym_env"]

ILLEGAL = ("penalty", "raise")
"""What an action outside the mask does: ``penalty`` (nothing is played, the step's reward is
``illegal_reward``, ``info["illegal_action"]`` is true) or ``raise`` (``IllegalAction``)."""


def gym_env(name: str, seat: int = 0, opponents: str = "random", reward: str = "score",
            dict_obs: bool = False, illegal: str = "penalty", illegal_reward: float = -1.0,
            render_mode: str | None = None, **config: Any) -> ZedLabGym:
    """A Gymnasium environment in which the learner plays ``seat`` of game ``name``.

    Args:
        seat: the learner's seat.
        opponents: the bot kind (``game.bot_kinds()``) playing every other seat.
        reward: ``"score"`` (the seat's final score) or ``"win"`` (+1 / -1).
        dict_obs: observations as ``{"observation", "action_mask"}`` instead of the vector.
        illegal: ``"penalty"`` or ``"raise"`` (see :data:`ILLEGAL`).
        render_mode: ``None`` or ``"ansi"``.
    Raises:
        ConfigError: for an unknown game, option, seat, bot kind or scheme.
    """
    return ZedLabGym(name, seat=seat, opponents=opponents, reward=reward, dict_obs=dict_obs,
                     illegal=illegal, illegal_reward=illegal_reward, render_mode=render_mode,
                     **config)


class ZedLabGym(gymnasium.Env):  # type: ignore[misc]
    """``Discrete(size)`` actions over the catalogue; the mask in ``info["action_mask"]``
    (and in the observation with ``dict_obs=True``); the reward comes when the game ends."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, name: str, seat: int = 0, opponents: str = "random",
                 reward: str = "score", dict_obs: bool = False, illegal: str = "penalty",
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 **config: Any) -> None:
        sp = self.spec_ = spec(name, **config)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < sp.seats:
            raise ConfigError(f"seat must be 0-{sp.seats - 1}, got {seat!r}")
        kinds = sp.game.bot_kinds()
        if opponents not in kinds:
            raise ConfigError(f"opponents must be one of {', '.join(kinds)}, got {opponents!r}")
        if illegal not in ILLEGAL:
            raise ConfigError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.seat = seat
        self.reward_scheme = check_reward(reward)
        self.dict_obs = dict_obs
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self._bots = [kinds[opponents]() for _ in range(sp.seats)]
        vector = spaces.Box(-np.inf, np.inf, (sp.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(sp.space.size)
        if dict_obs:
            self.observation_space = spaces.Dict({
                "observation": vector,
                "action_mask": spaces.Box(0, 1, (sp.space.size,), np.int8),
            })
        else:
            self.observation_space = vector
        self._seeder = RNG.from_seed(int.from_bytes(os.urandom(8), "little"))
        self._bot_rng = RNG.from_seed(0)
        self.match: Match | None = None

    # -- gymnasium ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeder = RNG.from_seed(seed)
        sp = self.spec_
        self.match = Match.new(sp.game, sp.config, seed=self._seeder.randbelow(1 << 62))
        self._bot_rng = self._seeder.spawn()
        self._play_bots()
        return self._obs(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        match = self.match
        if match is None:
            raise IllegalAction("call reset() first")
        if match.over:
            raise IllegalAction("the episode is over: call reset()")
        d = match.decision
        assert d is not None and d.player == self.seat
        try:
            chosen = self.spec_.space.action(int(action))
            if chosen not in d.options:
                raise IllegalAction(f"action {int(action)} ({chosen.label}) is not legal now")
        except (IllegalAction, TypeError, ValueError) as exc:
            if self.illegal == "raise":
                raise IllegalAction(str(exc)) from None
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, False, False, info
        match.play(chosen)
        self._play_bots()
        reward = 0.0
        terminated = match.over
        info = self._info()
        if terminated:
            outcome = match.outcome
            assert outcome is not None
            reward = self.spec_.rewards(outcome, self.reward_scheme)[self.seat]
            info["outcome"] = outcome.to_json()
        return self._obs(), reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The current mask as booleans (the method sb3-contrib's MaskablePPO asks for)."""
        assert self.match is not None
        return self.spec_.mask(self.match, self.seat).astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None or self.match is None:
            return None
        match = self.match
        lines = [match.game.event_text(e, self.seat) for e in match.events(self.seat)[-20:]]
        d = match.decision
        if d is None:
            o = match.outcome
            lines.append(f"game over: {o.reason if o else ''}")
        else:
            lines.append(f"seat {d.player}: {d.prompt or d.kind} "
                         + ", ".join(f"{self.spec_.space.id(a)}={a.label}" for a in d.options))
        return "\n".join(lines)

    # -- inside ---------------------------------------------------------------------------
    def _play_bots(self) -> None:
        match = self.match
        assert match is not None
        while (d := match.decision) is not None and d.player != self.seat:
            match.play(choose(self._bots[d.player], match.infoset(), self._bot_rng))

    def _obs(self) -> Any:
        match = self.match
        assert match is not None
        vec = self.spec_.observe(match, self.seat)
        if self.dict_obs:
            return {"observation": vec, "action_mask": self.spec_.mask(match, self.seat)}
        return vec

    def _info(self) -> dict[str, Any]:
        assert self.match is not None
        return {"action_mask": self.spec_.mask(self.match, self.seat)}
