"""Don't Look Back: random-playout and clone speed measured in CPU time (one core).

CPU time rather than wall time, so the figure holds on a busy machine.

    python benchmarks/dlb_speed.py --seconds 5 [--players 2] [--locations 2]
"""

from __future__ import annotations

import argparse
import json
import time

from zedlab.core import RNG, make_config
from zedlab.games.dont_look_back import game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--locations", type=int, default=2)
    args = parser.parse_args()
    config = make_config(game, {"players": args.players, "locations": args.locations})
    chooser = RNG.from_seed(1)
    decisions = games = 0
    samples = []
    start = time.process_time()
    while time.process_time() - start < args.seconds:
        games += 1
        state = game.new(config, games)
        while (decision := game.decision(state)) is not None:
            game.apply(state, chooser.choice(decision.options), trusted=True)
            decisions += 1
            if decisions % 499 == 0 and len(samples) < 300:
                samples.append(game.clone(state))
    elapsed = time.process_time() - start
    clones = 0
    c_start = time.process_time()
    while time.process_time() - c_start < 2.0:
        for s in samples:
            game.clone(s)
        clones += len(samples)
    c_elapsed = time.process_time() - c_start
    print(
        json.dumps(
            {
                "config": config.model_dump(mode="json"),
                "decisions_per_cpu_s": round(decisions / elapsed),
                "games_per_cpu_s": round(games / elapsed, 1),
                "decisions_per_game": round(decisions / games, 1),
                "clones_per_cpu_s": round(clones / c_elapsed),
            }
        )
    )


if __name__ == "__main__":
    main()
