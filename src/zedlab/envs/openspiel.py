"""Every ZedLab game as an OpenSpiel game: ``import zedlab.envs.openspiel`` registers them.

Each game is registered as ``zedlab_<name>`` (dashes become underscores), e.g.
``pyspiel.load_game("zedlab_dont_look_back", {"players": 2})``. Parameters are the game's
Config options of plain types (int, float, bool, str), plus:

- ``reward`` (``"win"``, the default: +1 / -1; or ``"score"``: the game's final scores);
- ``chance`` (``"explicit"``, the default, or ``"sampled"``) and ``seed`` (int, default -1).

With ``chance="explicit"`` the game is ``EXPLICIT_STOCHASTIC``: its first four nodes are
chance nodes that draw the game seed a byte at a time (256 equally likely outcomes each,
seen by no seat); every later die and shuffle follows from that seed inside the state, so
there are no more chance nodes. With ``chance="sampled"`` it is ``SAMPLED_STOCHASTIC``:
each ``new_initial_state()`` takes the next seed of a generator seeded with ``seed`` (-1:
fresh randomness); OpenSpiel cannot serialise such a Python game (it asks the game for an
RNG state that Python games cannot give), so use ``explicit`` to serialise.
Co-operative configs have ``IDENTICAL`` utility, the rest ``GENERAL_SUM``. Observation
tensors are the seat's encoded view (:mod:`zedlab.envs.encoding`); information-state
tensors add how many times the seat has played each catalogue action and its number of
decisions so far; information-state strings are the seat's whole account of the game
(every event it saw and every action it played) and its view.
A state serialises as the game's record (config, seed, actions): deserialising replays it.
Games registered with ZedLab later are added with :func:`register`.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np
import pyspiel

import zedlab

from ..core import RNG, ConfigError, Match, Record
from .common import REWARDS, Spec, spec

__all__ = ["register", "register_all", "short_name"]

_REGISTERED: set[str] = set()
_SIMPLE = (bool, int, float, str)
CHANCE = ("explicit", "sampled")
"""How chance reaches OpenSpiel: ``explicit`` seed-drawing chance nodes, or ``sampled``
inside the state from the game's ``seed`` parameter."""
SEED_NODES = 4
"""Chance nodes that draw the game seed, one byte each (``chance="explicit"``)."""
_BYTE_OUTCOMES = [(i, 1.0 / 256) for i in range(256)]
SCORE_BOUND = 1e9
"""The utility bounds declared for ``reward="score"`` (scores have no common bound)."""


def short_name(name: str) -> str:
    """OpenSpiel's name of ZedLab game ``name``: ``zedlab_`` + the name, ``-`` as ``_``."""
    return "zedlab_" + name.replace("-", "_")


def _parameters(game: Any) -> dict[str, Any]:
    """The Config options of plain types with their defaults, plus ``seed`` and ``reward``."""
    params: dict[str, Any] = {}
    for key, f in game.Config.model_fields.items():
        default = f.default
        if default is not None and type(default) in _SIMPLE:
            params[key] = default
    params.setdefault("seed", -1)
    params.setdefault("reward", "win")
    params.setdefault("chance", "explicit")
    return params


def _player_bounds(game: Any) -> tuple[int, int]:
    lo, hi = 1, 10
    for m in game.Config.model_fields["players"].metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    default = game.Config()
    return game.seats(default.model_copy(update={"players": lo})), game.seats(
        default.model_copy(update={"players": hi}))


def _game_type(name: str, params: dict[str, Any], cooperative: bool,
               players: tuple[int, int], chance: str = "explicit") -> Any:
    t = pyspiel.GameType
    return t(
        short_name=short_name(name),
        long_name=f"ZedLab {zedlab.get(name).title}",
        dynamics=t.Dynamics.SEQUENTIAL,
        chance_mode=(t.ChanceMode.EXPLICIT_STOCHASTIC if chance == "explicit"
                     else t.ChanceMode.SAMPLED_STOCHASTIC),
        information=t.Information.IMPERFECT_INFORMATION,
        utility=t.Utility.IDENTICAL if cooperative else t.Utility.GENERAL_SUM,
        reward_model=t.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class _Live:
    """A match held by an OpenSpiel state; it copies by cloning and pickles as its record."""

    __slots__ = ("spec", "match")

    def __init__(self, sp: Spec, match: Match) -> None:
        self.spec = sp
        self.match = match

    def __deepcopy__(self, memo: dict[int, Any]) -> _Live:
        return _Live(self.spec, self.match.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self.spec.game.name, self.match.record.dumps()))


def _restore(name: str, record_json: str) -> _Live:
    record = Record.loads(record_json)
    match = Match.replay(record, zedlab.get(name))
    return _Live(spec(name, **record.config), match)


class ZedLabGame(pyspiel.Game):  # type: ignore[misc]
    """One ZedLab game config as an OpenSpiel game (built by ``pyspiel.load_game``)."""

    zedlab_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.zedlab_name
        game = zedlab.get(name)
        defaults = _parameters(game)
        given = dict(params or {})
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise ConfigError(f"{short_name(name)}: unknown parameters {unknown}; "
                              f"known: {sorted(defaults)}")
        merged = {**defaults, **given}
        reward = merged.pop("reward")
        seed = int(merged.pop("seed"))
        chance = merged.pop("chance")
        if chance not in CHANCE:
            raise ConfigError(f"chance must be one of {', '.join(CHANCE)}, got {chance!r}")
        if reward not in REWARDS:
            raise ConfigError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        sp = spec(name, **merged)
        bound = 1.0 if reward == "win" else SCORE_BOUND
        info = pyspiel.GameInfo(
            num_distinct_actions=sp.space.size,
            max_chance_outcomes=256 if chance == "explicit" else 0,
            num_players=sp.seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=sp.max_decisions,
        )
        gtype = _game_type(name, defaults, sp.cooperative, _player_bounds(game), chance)
        super().__init__(gtype, info, {**defaults, **given})
        self.spec_ = sp
        self.reward = reward
        self.chance = chance
        self._seeder = RNG.from_seed(
            seed if seed >= 0 else int.from_bytes(os.urandom(8), "little"))

    def new_initial_state(self) -> ZedLabState:
        if self.chance == "explicit":
            return ZedLabState(self, None)
        return ZedLabState(self, self._seeder.randbelow(1 << 62))

    def max_chance_nodes_in_history(self) -> int:
        return SEED_NODES if self.chance == "explicit" else 0

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER)
        return _Observer(self.spec_, recall, private)


class ZedLabState(pyspiel.State):  # type: ignore[misc]
    """A ZedLab match inside OpenSpiel.

    With ``chance="explicit"`` the first ``SEED_NODES`` nodes are chance nodes, each drawing
    one byte of the game seed (256 equally likely outcomes, seen by no seat); the match then
    starts with that seed, and its dice and shuffles follow from it inside
    ``_apply_action``. With ``chance="sampled"`` the seed comes from the game's ``seed``.
    """

    def __init__(self, game: ZedLabGame, seed: int | None) -> None:
        super().__init__(game)
        self._spec = game.spec_
        self._reward = game.reward
        self._seed: list[int] = []
        self._live: _Live | None = None
        if seed is not None:
            self._start(seed)

    def _start(self, seed: int) -> None:
        sp = self._spec
        self._live = _Live(sp, Match.new(sp.game, sp.config, seed=seed))

    @property
    def match(self) -> Match | None:
        """The ZedLab match this state plays (``None`` while the seed is being drawn)."""
        live = self._live
        return None if live is None else live.match

    def current_player(self) -> int:
        live = self._live
        if live is None:
            return int(pyspiel.PlayerId.CHANCE)
        d = live.match.decision
        return int(pyspiel.PlayerId.TERMINAL) if d is None else d.player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return _BYTE_OUTCOMES if self._live is None else []

    def _legal_actions(self, player: int) -> list[int]:
        live = self._live
        if live is None:
            return []
        d = live.match.decision
        if d is None or d.player != player:
            return []
        ident = self._spec.space.id
        return sorted(ident(a) for a in d.options)

    def _apply_action(self, action: int) -> None:
        live = self._live
        if live is None:
            if not 0 <= action < 256:
                raise ValueError(f"a seed byte is 0-255, got {action}")
            self._seed.append(int(action))
            if len(self._seed) == SEED_NODES:
                self._start(int.from_bytes(bytes(self._seed), "little"))
            return
        live.match.play(self._spec.space.action(int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        a = self._spec.space.action(int(action))
        return a.kind if a.value is None else f"{a.kind} {json.dumps(a.to_json()['value'])}"

    def is_terminal(self) -> bool:
        live = self._live
        return live is not None and live.match.decision is None

    def returns(self) -> list[float]:
        live = self._live
        outcome = None if live is None else live.match.outcome
        if outcome is None:
            return [0.0] * self._spec.seats
        return self._spec.rewards(outcome, self._reward)

    def __str__(self) -> str:
        match = self.match
        if match is None:
            return f"drawing the seed: {len(self._seed)} of {SEED_NODES} bytes"
        return match.game.encode(match.state).decode()


class _Observer:
    """OpenSpiel's Python observer: the seat's encoded view (and, for information states,
    the counts of its own catalogue actions and its number of decisions)."""

    def __init__(self, sp: Spec, recall: bool, private: bool) -> None:
        self.spec = sp
        self.recall = recall
        self.private = private
        n = sp.encoder.size
        size = n + (sp.space.size + 1 if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor[:n]}
        if recall:
            self.dict["own_actions"] = self.tensor[n:n + sp.space.size]
            self.dict["own_decisions"] = self.tensor[n + sp.space.size:]

    def _view(self, state: ZedLabState, player: int) -> dict[str, Any]:
        match = state.match
        if match is None:
            return {"public": {}, "private": {}}
        view = match.game.view(match.state, player)
        if not self.private and "public" in view:
            view = {"public": view["public"], "private": {}}
        return view

    def set_from(self, state: ZedLabState, player: int) -> None:
        self.spec.encoder.encode(self._view(state, player), self.dict["view"])
        if self.recall:
            counts = self.dict["own_actions"]
            counts.fill(0.0)
            mine = 0
            for pa in state.full_history():
                if pa.player == player:
                    counts[pa.action] += 1.0
                    mine += 1
            self.dict["own_decisions"][0] = mine

    def string_from(self, state: ZedLabState, player: int) -> str:
        text = json.dumps(self._view(state, player), sort_keys=True, default=str)
        if not self.recall:
            return text
        match = state.match
        if match is None:
            return f"seat {player}\n(the game is being set up)"
        seen = [match.game.event_text(e, player) for e in match.events(player)]
        mine = [state._action_to_string(player, pa.action)
                for pa in state.full_history() if pa.player == player]
        return "\n".join([f"seat {player}", *seen, "played: " + "; ".join(mine), text])


def register(name: str) -> str:
    """Register ZedLab game ``name`` with OpenSpiel (once); returns its OpenSpiel name."""
    short = short_name(name)
    if name in _REGISTERED:
        return short
    game = zedlab.get(name)
    cls = type(f"ZedLabGame_{short}", (ZedLabGame,), {"zedlab_name": name})
    gtype = _game_type(name, _parameters(game), False, _player_bounds(game))
    pyspiel.register_game(gtype, cls)
    _REGISTERED.add(name)
    return short


def register_all() -> list[str]:
    """Register every game ZedLab knows now; returns their OpenSpiel names."""
    return [register(name) for name in zedlab.games()]


register_all()
