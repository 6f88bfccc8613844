"""Measurements for If I'm Going Down... (not used by the rules).

    python -m zedlab.games.if_im_going_down.measure speed [SECONDS]
        random playouts (game set-up included) in decisions per CPU second, and clones/s.
    python -m zedlab.games.if_im_going_down.measure bots [GAMES]
        mean score and Kill-O-Meter tiers of the random and heuristic bots over GAMES solo
        games of each scenario (seeds 0..GAMES-1).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from statistics import mean, stdev

from zedlab.bots import choose
from zedlab.core import RNG
from zedlab.core.infoset import InfoSet

from .game import game


def speed(seconds: float = 5.0) -> None:
    """Random playouts of the default config, timed in process CPU time."""
    cfg = game.Config()
    rng = RNG.from_seed(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        s = game.new(cfg, games)
        games += 1
        while (d := game.decision(s)) is not None:
            game.apply(s, d.options[rng.randbelow(len(d.options))], trusted=True)
            decisions += 1
    spent = time.process_time() - start
    print(f"random playouts: {decisions / spent:,.0f} decisions/s ({games} games, "
          f"{decisions / games:.1f} decisions/game)")
    s = game.new(cfg, 5)
    for _ in range(30):
        d = game.decision(s)
        if d is None:
            break
        game.apply(s, d.options[0], trusted=True)
    count = 0
    start = time.process_time()
    while time.process_time() - start < 2.0:
        game.clone(s)
        count += 1
    print(f"clone: {count / (time.process_time() - start):,.0f}/s")


def bots(games: int = 2000) -> None:
    """Solo games per scenario, random vs heuristic."""
    for scenario in ("the-shack", "the-intersection", "the-alley"):
        for kind in ("random", "heuristic"):
            scores: list[float] = []
            tiers: Counter[str] = Counter()
            for g in range(games):
                s = game.new(game.Config(scenario=scenario, players=1), g)
                rng = RNG.from_seed(1_000_000 + g)
                bot = game.bot_kinds()[kind]()
                while game.decision(s) is not None:
                    game.apply(s, choose(bot, InfoSet.of(game, s), rng), trusted=True)
                outcome = game.outcome(s)
                assert outcome is not None
                scores.append(outcome.scores[0])
                tiers[outcome.tier or ""] += 1
            print(f"{scenario:17s} {kind:9s} games={games} mean={mean(scores):6.2f} "
                  f"(sd {stdev(scores):.2f}) below-low={tiers['below-low'] / games:.1%} "
                  f"low-to-high={tiers['low-to-high'] / games:.1%} "
                  f"above-high={tiers['above-high'] / games:.1%}", flush=True)


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "speed"
    if command == "bots":
        bots(int(sys.argv[2]) if len(sys.argv) > 2 else 2000)
    else:
        speed(float(sys.argv[2]) if len(sys.argv) > 2 else 5.0)
