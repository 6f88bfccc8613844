"""Random-playout speed of every registered game, on one core.

Prints, per game: decisions/s and games/s of random playouts through ``Match.play`` (the
validated path every front end uses) and through the trusted ``game.apply`` path, and
``clone``s per second; each figure is the median of several runs. Then the core's own
overhead on the Pig test game (target >= 200k decisions/s). With the ``bench`` extra
(OpenSpiel) installed it also runs OpenSpiel's ``python_liars_poker`` and C++ ``backgammon``
random playouts in the same process and prints our figures as ratios to theirs.

    python benchmarks/playouts.py [--seconds 2] [--runs 3] [GAME ...]
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for the Pig test game

import zedlab  # noqa: E402
from zedlab.core import RNG, Match  # noqa: E402

_SEEDS = itertools.count(1)
"""Game seeds, never reused within a process: a run that replayed an earlier run's games
would be measured on warm per-hand caches that new games do not have."""


def _playouts(game: Any, seconds: float, trusted: bool) -> tuple[float, float]:
    """(decisions/s, games/s) of seeded random playouts of new games for about ``seconds``."""
    chooser = RNG.from_seed(next(_SEEDS))
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        seed = next(_SEEDS)
        if trusted:
            state = game.new(game.Config(), seed)
            while (decision := game.decision(state)) is not None:
                game.apply(state, chooser.choice(decision.options), trusted=True)
                decisions += 1
        else:
            match = Match.new(game, seed=seed)
            while (decision := match.decision) is not None:
                match.play(chooser.choice(decision.options))
                decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed


def _clones(game: Any, seconds: float) -> float:
    """Clones per second of mid-game states."""
    states = []
    chooser = RNG.from_seed(2)
    for seed in range(1, 6):
        state = game.new(game.Config(), seed)
        for _ in range(30):
            decision = game.decision(state)
            if decision is None:
                break
            game.apply(state, chooser.choice(decision.options), trusted=True)
        states.append(state)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            game.clone(state)
        count += len(states)
    return count / (time.perf_counter() - start)


def _median(fn: Any, runs: int) -> Any:
    results = [fn() for _ in range(runs)]
    if isinstance(results[0], tuple):
        return tuple(statistics.median(r[i] for r in results) for i in range(len(results[0])))
    return statistics.median(results)


def _openspiel(name: str, seconds: float) -> float | None:
    """Steps/s of random playouts of an OpenSpiel game (chance nodes sampled), or None."""
    import random

    try:
        import pyspiel
        from open_spiel.python import games as _python_games  # noqa: F401  (registers python_*)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)  # the benchmark's own generator, as cheap as ours
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                x = rng.random()
                for outcome, prob in state.chance_outcomes():  # noqa: B007 - used below
                    x -= prob
                    if x <= 0:
                        break
                state.apply_action(outcome)
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all registered)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args(argv)

    from tests.core.pig import pig

    print(f"{'game':<20} {'Match dec/s':>12} {'trusted dec/s':>14} {'games/s':>9} {'clones/s':>10}")
    figures: dict[str, float] = {}
    for name in args.games or zedlab.games():
        game = zedlab.get(name)
        dps, gps = _median(lambda g=game: _playouts(g, args.seconds, trusted=False), args.runs)
        tdps, _ = _median(lambda g=game: _playouts(g, args.seconds, trusted=True), args.runs)
        cps = _median(lambda g=game: _clones(g, args.seconds / 2), args.runs)
        figures[name] = dps
        print(f"{name:<20} {dps:>12,.0f} {tdps:>14,.0f} {gps:>9,.1f} {cps:>10,.0f}")

    core, _ = _median(lambda: _playouts(pig, args.seconds, trusted=False), args.runs)
    raw, _ = _median(lambda: _playouts(pig, args.seconds, trusted=True), args.runs)
    print(f"\ncore overhead on Pig: Match.play+decision {core:,.0f} dec/s "
          f"(trusted apply {raw:,.0f} dec/s; target >= 200,000)")

    theirs = {n: _openspiel(n, args.seconds) for n in ("python_liars_poker", "backgammon")}
    if all(v is None for v in theirs.values()):
        print("\nOpenSpiel not installed (pip install -e '.[bench]') - no ratios.")
        return
    print("\nOpenSpiel random playouts (steps/s), and each game's Match dec/s as a ratio:")
    for other, speed in theirs.items():
        if speed is None:
            continue
        ratios = ", ".join(f"{n} {v / speed:.2f}x" for n, v in figures.items())
        print(f"  {other:<20} {speed:>10,.0f}   {ratios}")


if __name__ == "__main__":
    main()
