"""A fingerprint of Here's Negan's behaviour: the same rules give the same hash.

Plays seeded random games through ``Match`` (60 seeds spread over Scenarios 1-3 and 2-5
Survivors, then 3 seeds of each of Scenarios 4-12; the chooser is ``RNG.from_seed(seed)``)
and prints one sha256 over every
decision's options (kind, value, label; in order), every event's kind and args, and each
game's final encoded state. A change meant only to make the engine faster must leave the
hash as it was.

    python benchmarks/hn_fingerprint.py [--seeds 60] [--no-later] [--verbose]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time

from zedlab.core import RNG, Match
from zedlab.games.heres_negan import game

COMBOS = [(scenario, survivors) for scenario in (1, 2, 3) for survivors in (2, 3, 4, 5)]
LATER = [(seed, scenario, 2 + (seed + scenario) % 4)
         for scenario in range(4, 13) for seed in range(1000, 1003)]
"""(seed, scenario, survivors) of the games that cover the later scenarios' Special Rules."""


def play(seed: int, scenario: int, survivors: int) -> tuple[str, int]:
    """(sha256 hex of one seeded random game, decisions taken)."""
    digest = hashlib.sha256()
    match = Match.new(game, seed=seed, scenario=scenario, survivors=survivors)
    chooser = RNG.from_seed(seed)
    decisions = 0
    while (decision := match.decision) is not None:
        for option in decision.options:
            digest.update(f"{decision.player}|{option.kind}|{option.value!r}|{option.label}\n".encode())
        match.play(chooser.choice(decision.options))
        decisions += 1
    for event in match.events(None):
        digest.update(json.dumps([event.kind, event.args], sort_keys=True).encode())
    digest.update(game.encode(match.state))
    return digest.hexdigest(), decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=60, help="games to play")
    parser.add_argument("--no-later", action="store_true",
                        help="leave out the Scenario 4-12 games")
    parser.add_argument("--verbose", action="store_true", help="print each game's hash")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    decisions = 0
    start = time.perf_counter()
    games = [(seed, *COMBOS[seed % len(COMBOS)]) for seed in range(args.seeds)]
    if not args.no_later:
        games += LATER
    for seed, scenario, survivors in games:
        one, n = play(seed, scenario, survivors)
        decisions += n
        total.update(one.encode())
        if args.verbose:
            print(f"seed {seed:>3} scenario {scenario} survivors {survivors}: {n:>5} decisions {one[:16]}")
    elapsed = time.perf_counter() - start
    print(f"{len(games)} games, {decisions} decisions, {elapsed:.1f}s")
    print(total.hexdigest())


if __name__ == "__main__":
    main()
