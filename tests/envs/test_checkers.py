"""Each adapter passes the checker its own library wrote, for every game's main configs."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from zedlab.envs import aec_env, gym_env

from .conftest import cases, needs_catalogue

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
pyspiel = pytest.importorskip("pyspiel")

CASES = cases()


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    """The checkers warn about unbounded Boxes and non-array dict observations (by design:
    encoded values have no common bound; PettingZoo's action-mask convention is a dict)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize(("name", "config"), CASES)
def test_pettingzoo_api_test(name: str, config: dict[str, Any]) -> None:
    needs_catalogue(name)
    pettingzoo_test.api_test(aec_env(name, **config), num_cycles=300)


@pytest.mark.parametrize(("name", "config"), CASES)
def test_pettingzoo_seed_test(name: str, config: dict[str, Any]) -> None:
    needs_catalogue(name)
    pettingzoo_test.seed_test(lambda: aec_env(name, **config), num_cycles=100)


@pytest.mark.parametrize(("name", "config"), CASES)
@pytest.mark.parametrize("dict_obs", [False, True])
def test_gymnasium_check_env(name: str, config: dict[str, Any], dict_obs: bool) -> None:
    needs_catalogue(name)
    env_checker.check_env(gym_env(name, dict_obs=dict_obs, **config), skip_render_check=False)


@pytest.mark.parametrize(("name", "config"), CASES)
def test_openspiel_random_sim_test(name: str, config: dict[str, Any]) -> None:
    needs_catalogue(name)
    from zedlab.envs import openspiel

    game = pyspiel.load_game(openspiel.register(name), dict(config))
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "config"), CASES)
def test_openspiel_sampled_chance_random_sim_test(name: str, config: dict[str, Any]) -> None:
    """The sampled-chance variant plays too (OpenSpiel cannot serialise it: no RNG state)."""
    needs_catalogue(name)
    from zedlab.envs import openspiel

    params = {**config, "chance": "sampled", "seed": 7, "reward": "score"}
    game = pyspiel.load_game(openspiel.register(name), params)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", [c.values[0] for c in CASES if not c.values[1]])
def test_async_vector_env(name: str) -> None:
    """Two copies under gymnasium's AsyncVectorEnv reset and step with masked actions."""
    needs_catalogue(name)
    from gymnasium.vector import AsyncVectorEnv

    venv = AsyncVectorEnv([lambda: gym_env(name)] * 2)
    try:
        obs, info = venv.reset(seed=3)
        assert obs.shape[0] == 2
        rng = np.random.default_rng(0)
        ends = 0
        for _ in range(400):
            # a finished game's mask is empty: the next step only resets it (autoreset)
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0
                       for m in info["action_mask"]]
            obs, reward, terminated, truncated, info = venv.step(np.array(actions))
            assert not any(info.get("illegal_action", [False, False]))
            ends += int(terminated.sum())
            if ends >= 2:
                break
        assert ends >= 1
    finally:
        venv.close()
