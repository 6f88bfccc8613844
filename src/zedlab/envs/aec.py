"""A PettingZoo ``AECEnv`` for any ZedLab game: one agent per seat."""

from __future__ import annotations

import json
import operator
import os
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import RNG, IllegalAction, Match
from .common import check_reward, spec

__all__ = ["ZedLabAEC", "aec_env"]


def aec_env(name: str, render_mode: str | None = None, reward: str = "score",
            **config: Any) -> ZedLabAEC:
    """A PettingZoo AEC environment of game ``name`` with ``config``.

    Args:
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns text).
        reward: ``"score"`` (the game's final scores) or ``"win"`` (+1 / -1).
    Raises:
        ConfigError: for an unknown game, an invalid option or reward scheme.
        NotImplementedError: for a game without an action catalogue.
    """
    return ZedLabAEC(name, render_mode=render_mode, reward=reward, **config)


class ZedLabAEC(AECEnv):  # type: ignore[misc]
    """Agents ``seat_0 ... seat_{n-1}``; observations ``{"observation", "action_mask"}``.

    Every step plays the selected agent's action (an id of the game's catalogue); the
    game's automatic steps and chance run inside it, then the next deciding seat is
    selected. Rewards are given when the game ends.
    """

    metadata = {"render_modes": ["ansi"], "name": "zedlab_v0", "is_parallelizable": False}

    def __init__(self, name: str, render_mode: str | None = None, reward: str = "score",
                 **config: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.spec_ = spec(name, **config)
        self.reward_scheme = check_reward(reward)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"zedlab_{name.replace('-', '_')}_v0")
        sp = self.spec_
        self.possible_agents = [f"seat_{i}" for i in range(sp.seats)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (sp.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (sp.space.size,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(sp.space.size) for a in self.possible_agents}
        self._seeder = RNG.from_seed(int.from_bytes(os.urandom(8), "little"))
        self.match: Match | None = None
        self._shown = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeder = RNG.from_seed(seed)
        sp = self.spec_
        self.match = Match.new(sp.game, sp.config, seed=self._seeder.randbelow(1 << 62))
        self._shown = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        decision = self.match.decision
        self.agent_selection = self.possible_agents[decision.player if decision else 0]
        if decision is None:
            self._finish()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        match = self.match
        assert match is not None, "call reset() first"
        return {"observation": self.spec_.observe(match, seat),
                "action_mask": self.spec_.mask(match, seat)}

    def step(self, action: Any) -> None:
        if not self.agents:
            raise IllegalAction("the episode is over: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        assert match is not None, "call reset() first"
        try:
            index = operator.index(action)  # ints and NumPy integers; not 0.5, True or "0"
            if action.__class__ is bool:
                raise TypeError
        except TypeError:
            raise IllegalAction(f"an action is an integer id, got {action!r}") from None
        chosen = self.spec_.space.action(int(index))
        match.play(chosen)
        self._cumulative_rewards[agent] = 0.0
        decision = match.decision
        if decision is None:
            self._finish()
        else:
            self._clear_rewards()
            self.agent_selection = self.possible_agents[decision.player]
        self._accumulate_rewards()

    def _finish(self) -> None:
        match = self.match
        assert match is not None and match.outcome is not None
        rewards = self.spec_.rewards(match.outcome, self.reward_scheme)
        for agent, r in zip(self.possible_agents, rewards, strict=True):
            self.rewards[agent] = r
            self.terminations[agent] = True
            self.infos[agent] = {"outcome": match.outcome.to_json()}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        match = self.match
        if match is None:
            return "(not reset)"
        game = self.spec_.game
        lines = [self._events_text(match)]
        view = game.view(match.state, None)
        lines.append("public: " + json.dumps(view.get("public", view), default=str)[:2000])
        d = match.decision
        if d is None:
            o = match.outcome
            lines.append(f"game over: {o.reason if o else ''} scores {list(o.scores) if o else []}")
        else:
            lines.append(f"seat_{d.player} to decide ({d.prompt or d.kind}): "
                         + ", ".join(f"{self.spec_.space.id(a)}={a.label}" for a in d.options))
        return "\n".join(line for line in lines if line)

    def _events_text(self, match: Match) -> str:
        new = match.events(None, since=self._shown)
        if new:
            self._shown = new[-1].seq
        elif match.seq:
            self._shown = match.seq
        return "\n".join(match.game.event_text(e, None) for e in new)

    def close(self) -> None:
        self.match = None
