"""Train a masked policy on a solo ZedLab game and compare it with random and heuristic play.

Uses sb3-contrib's MaskablePPO (``pip install -e ".[train]"``) on ``zedlab.envs.gym_env``
with ``reward="win"`` (or ``--reward score``); the mask comes from ``env.action_masks()``. Then every player — the
trained policy, uniform random play and the game's heuristic bot where it has one — plays
the same evaluation games (the same seeds) and the script prints their win rates and mean
final scores.

    python examples/train_masked.py [--game survive-alive] [--steps 20000] [--episodes 200]

Any registered game with a solo config works (``--players 1`` is the default); the test
game Pig runs from a clone with ``ZEDLAB_GAMES=pig=tests.core.pig:pig``, e.g.
``--game pig --option target=60 --option rounds=6``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test game Pig, if named

import zedlab  # noqa: E402
from zedlab.bots import choose  # noqa: E402
from zedlab.core import RNG  # noqa: E402
from zedlab.envs import gym_env  # noqa: E402


def evaluate(env: Any, pick: Any, episodes: int, first_seed: int) -> tuple[float, float]:
    """(win rate, mean final score) of ``pick`` over ``episodes`` games, seeds from
    ``first_seed``."""
    wins = 0
    total = 0.0
    for i in range(episodes):
        obs, info = env.reset(seed=first_seed + i)
        done = False
        while not done:
            obs, reward, done, truncated, info = env.step(pick(env, obs, info))
            done = done or truncated
        wins += env.seat in info["outcome"]["winners"]
        total += info["outcome"]["scores"][env.seat]
    return wins / episodes, total / episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="survive-alive")
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--steps", type=int, default=20_000, help="training steps")
    parser.add_argument("--episodes", type=int, default=200, help="evaluation games each")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", choices=["win", "score"], default="win",
                        help="what the policy is trained on (score: for a solo game always won)")
    parser.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option (integers as such), e.g. --option target=60")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    env = gym_env(args.game, players=args.players, reward=args.reward, illegal="raise",
                  **options)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    trained_in = time.perf_counter() - start

    def trained(env: Any, obs: Any, info: Any) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(env: Any, obs: Any, info: Any) -> int:
        return int(rng.choice(np.flatnonzero(info["action_mask"])))

    players = {"MaskablePPO": trained, "random": uniform}
    kinds = zedlab.get(args.game).bot_kinds()
    if "heuristic" in kinds:
        bot, bot_rng = kinds["heuristic"](), RNG.from_seed(args.seed)

        def heuristic(env: Any, obs: Any, info: Any) -> int:
            return int(env.spec_.space.id(choose(bot, env.match.infoset(), bot_rng)))

        players["heuristic"] = heuristic

    shown = "".join(f", {k}={v}" for k, v in options.items())
    print(f"{args.game}, {args.players} player(s){shown}: trained {args.steps} steps in "
          f"{trained_in:.0f} s; win rates over {args.episodes} games (the same seeds each):")
    for name, pick in players.items():
        rate, score = evaluate(env, pick, args.episodes, 1_000_000)
        print(f"  {name:<12} wins {rate:6.1%}   mean score {score:7.2f}")


if __name__ == "__main__":
    main()
