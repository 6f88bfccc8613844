"""Random-playout speed of a registered game, on one core.

Plays seeded games choosing uniformly among the options through the trusted path
(``decision`` then ``apply(trusted=True)``), and times ``clone`` on mid-game states.

    python benchmarks/playouts.py dont-look-back --seconds 5
    python benchmarks/playouts.py dont-look-back --players 4 --option locations=4
"""

from __future__ import annotations

import argparse
import json
import time

from zedlab.core import RNG, make_config, seed_for
from zedlab.core.registry import get


def run(name: str, options: dict, seconds: float) -> dict:
    game = get(name)
    config = make_config(game, options)
    chooser = RNG.from_seed(seed_for("bench", name))
    decisions = games = 0
    samples = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(config, games)
        games += 1
        while True:
            decision = game.decision(state)
            if decision is None:
                break
            game.apply(state, chooser.choice(decision.options), trusted=True)
            decisions += 1
            if decisions % 997 == 0 and len(samples) < 200:
                samples.append(game.clone(state))
    elapsed = time.perf_counter() - start
    clones = 0
    c_start = time.perf_counter()
    while time.perf_counter() - c_start < min(2.0, seconds):
        for s in samples:
            game.clone(s)
        clones += len(samples)
    c_elapsed = time.perf_counter() - c_start
    return {
        "game": name,
        "config": config.model_dump(mode="json"),
        "games": games,
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "clones_per_s": round(clones / c_elapsed) if clones else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], help="key=value (JSON value)")
    args = parser.parse_args()
    options: dict = {}
    if args.players is not None:
        options["players"] = args.players
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    print(json.dumps(run(args.game, options, args.seconds)))


if __name__ == "__main__":
    main()
