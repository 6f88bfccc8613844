"""Speed of the Here's Negan board geometry on the largest scenario map.

Prints routes per second and line-of-sight queries per second (one core), cold (caches
empty, so each answer is worked out) and warm (answers cached per map and door state, as in
play where the same questions recur), plus the one-off cost of precomputing sight lines.

    python benchmarks/heres_negan_geometry.py [--queries N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import time

from zedlab.games.heres_negan.board import (
    Scene,
    line_of_sight,
    load_scenario,
    negan_plan,
    precompute_line_of_sight,
    precompute_routes,
    route,
    scenario_ids,
    walker_move_options,
)


def largest_board():  # type: ignore[no-untyped-def]
    boards = [load_scenario(n, 5) for n in scenario_ids()]
    return max(boards, key=lambda b: len(b.spaces()))


def rate(fn, pairs) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for a, b in pairs:
        fn(a, b)
    return len(pairs) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rnd = random.Random(args.seed)
    board = largest_board()
    spaces = board.spaces()
    doors = frozenset(d.id for d in board.doors if rnd.random() < 0.5)
    pairs = [(rnd.choice(spaces), rnd.choice(spaces)) for _ in range(args.queries)]
    print(f"{board.name}: {len(spaces)} spaces, {len(board.doors)} doors "
          f"({len(doors)} open), {args.queries} random pairs")

    board.cache.clear()
    cold = rate(lambda a, b: route(board, a, b, doors), pairs[: len(spaces) * 2])
    board.cache.clear()
    t0 = time.perf_counter()
    tables = precompute_routes(board, doors)
    pre = time.perf_counter() - t0
    warm = rate(lambda a, b: route(board, a, b, doors), pairs)
    print(f"routes (shortest open route, path listed): cold {cold:,.0f}/s, warm {warm:,.0f}/s "
          f"(precomputing all {tables} route tables for this door state took {pre:.2f} s)")

    board.cache.clear()
    cold = rate(lambda a, b: line_of_sight(board, a, b, doors), pairs[:20_000])
    board.cache.clear()
    t0 = time.perf_counter()
    stored = precompute_line_of_sight(board)
    pre = time.perf_counter() - t0
    warm = rate(lambda a, b: line_of_sight(board, a, b, doors), pairs)
    print(f"line of sight: cold {cold:,.0f}/s, warm {warm:,.0f}/s "
          f"(precomputing all {stored:,} pairs took {pre:.2f} s)")

    # rules-level queries built on these
    n = min(20_000, args.queries)
    scenes = [
        Scene.initial(board, negan=board.negan_start, open_doors=doors,
                      survivors=(a,), walkers=(b,))
        for a, b in pairs[:n] if a != b
    ]
    t0 = time.perf_counter()
    for sc in scenes:
        walker_move_options(board, sc, sc.walkers[0])
    walker_rate = len(scenes) / (time.perf_counter() - t0)
    t0 = time.perf_counter()
    for sc in scenes:
        negan_plan(board, sc, board.exits)
    negan_rate = len(scenes) / (time.perf_counter() - t0)
    print(f"Walker moves: {walker_rate:,.0f}/s; Negan route plans: {negan_rate:,.0f}/s")


if __name__ == "__main__":
    main()
