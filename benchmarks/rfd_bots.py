"""Run, Fight, or Die!: the heuristic bot against the random bot, and solo win rates.

    python benchmarks/rfd_bots.py --games 2000

Head to head: two-player games, seats alternating; a shared victory counts half.
Solo: win rate of each bot at HARD, VERY HARD and TOO HARD. Prints JSON with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import math

from zedlab.bots import RandomBot, choose
from zedlab.core import RNG, make_config, seed_for
from zedlab.core.infoset import InfoSet
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.bots import HeuristicBot


def play(config: dict, seed: int, bots: list) -> tuple[tuple[int, ...], list[float], int]:
    state = game.new(make_config(game, config), seed)
    rng = RNG.from_seed(seed_for("bots", seed))
    steps = 0
    while (decision := game.decision(state)) is not None:
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"game {seed} did not end within 20,000 decisions")
        action = choose(bots[decision.player], InfoSet.of(game, state), rng)
        game.apply(state, action, trusted=True)
    outcome = game.outcome(state)
    return outcome.winners, list(outcome.scores), steps


def interval(wins: float, n: int) -> list[float]:
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return [round(p, 3), round(max(0.0, p - half), 3), round(min(1.0, p + half), 3)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    n = args.games
    result: dict = {"games": n}
    share = 0.0
    for i in range(n):
        seat = i % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = HeuristicBot()
        winners, _, _ = play({"players": 2}, i, bots)
        if seat in winners:
            share += 1 / len(winners)
    result["heuristic_vs_random_2p"] = interval(share, n)
    for level in ("hard", "very-hard", "too-hard"):
        for name, bot in (("heuristic", HeuristicBot()), ("random", RandomBot())):
            wins = 0
            steps = 0
            for i in range(n):
                winners, _, k = play({"players": 1, "difficulty": level}, i, [bot])
                wins += 1 if winners else 0
                steps += k
            result[f"solo_{level}_{name}"] = interval(wins, n)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
