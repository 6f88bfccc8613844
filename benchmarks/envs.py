"""Environment steps per second: ZedLab's PettingZoo and Gymnasium adapters beside
PettingZoo's own classic environments, in the same process.

Every AEC figure uses the loop of ``pettingzoo.test.performance_benchmark`` (each agent in
turn reads ``last()`` — so every step builds an observation — and plays a random action
from its mask; a finished game is reset), for a set time instead of its fixed 5 s; the
figure is the median of several runs. "wrapped" is the AEC env inside the
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper`` that every classic ``env()``
adds. The Gymnasium figure steps ``gym_env`` with random masked actions (the other seats'
random bots play inside ``step`` and are not counted as steps). PettingZoo's classic
environments need ``pip install "pettingzoo[classic]"``; those that do not import are left
out.

    python benchmarks/envs.py [--seconds 2] [--runs 3] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for the Pig test game

import zedlab  # noqa: E402
from zedlab.core.registry import register  # noqa: E402

CLASSIC = ["tictactoe_v3", "connect_four_v3", "leduc_holdem_v4", "texas_holdem_v4",
           "texas_holdem_no_limit_v6"]


def aec_rate(env: Any, seconds: float) -> float:
    """Steps/s of ``performance_benchmark``'s loop on ``env`` for about ``seconds``."""
    turn = 0
    env.reset(seed=random.randrange(1 << 30))
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter(env.num_agents):
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = random.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                action = env.action_space(agent).sample()
            env.step(action)
            turn += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
    return turn / (time.perf_counter() - start)


def gym_rate(env: Any, seconds: float) -> float:
    """Steps/s of random masked play of a Gymnasium env for about ``seconds``."""
    steps = 0
    rng = np.random.default_rng(1)
    _, info = env.reset(seed=1)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = info["action_mask"]
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if terminated or truncated:
            _, info = env.reset()
    return steps / (time.perf_counter() - start)


def median(fn: Callable[[], float], runs: int) -> float:
    return statistics.median(fn() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all, and Pig)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    from tests.core.pig import pig

    register(pig)
    from zedlab.envs import aec_env, gym_env

    rows: list[tuple[str, str, float]] = []
    for name in args.games or dict.fromkeys([*zedlab.games(), "pig"]):
        game = zedlab.get(name)
        try:
            game.action_space(game.Config())
        except NotImplementedError:
            print(f"{name}: no action catalogue yet, not measured")
            continue
        env = aec_env(name)
        rows.append((f"zedlab {name}", "AEC", median(lambda e=env: aec_rate(e, args.seconds),
                                                      args.runs)))
        # classic env() wraps its raw env the same way: measure ours so wrapped too
        from pettingzoo.utils import wrappers

        wrapped = wrappers.OrderEnforcingWrapper(
            wrappers.AssertOutOfBoundsWrapper(aec_env(name)))
        rows.append((f"zedlab {name} (wrapped)", "AEC",
                     median(lambda e=wrapped: aec_rate(e, args.seconds), args.runs)))
        genv = gym_env(name)
        rows.append((f"zedlab {name}", "Gymnasium",
                     median(lambda e=genv: gym_rate(e, args.seconds), args.runs)))
    try:
        import importlib

        classic = importlib.import_module("pettingzoo.classic")
    except ImportError:
        classic = None
    for env_name in CLASSIC:
        try:
            make = getattr(classic, env_name).env
        except (AttributeError, ImportError):
            print(f"pettingzoo.classic.{env_name}: not installed, not measured")
            continue
        env = make()
        rows.append((f"pettingzoo {env_name}", "AEC",
                     median(lambda e=env: aec_rate(e, args.seconds), args.runs)))
    width = max(len(r[0]) for r in rows) if rows else 10
    print(f"{'environment':<{width}}  {'api':<9}  steps/s")
    for env_name, api, rate in rows:
        print(f"{env_name:<{width}}  {api:<9}  {rate:>9,.0f}")


if __name__ == "__main__":
    main()
