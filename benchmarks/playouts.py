"""Random-playout speed of every registered game, on one core.

Prints, per game: decisions/s and games/s of random playouts through ``Match.play`` (the
validated path every front end uses) and through the trusted ``game.apply`` path,
``clone``s per second and ``InfoSet.sample`` (determinize) per second; each figure is the
median of several runs. Then the core's own overhead on the Pig test game (target >= 200k
decisions/s). With the ``bench`` extra (OpenSpiel) installed it first runs OpenSpiel's
``python_liars_poker`` and C++ ``backgammon`` random playouts in the same process, and each
game's Match decisions/s is also printed as a ratio to theirs (target: >= 1.0x
``python_liars_poker``).

Every rate is per second of this process's CPU time (``time.process_time``), so the
figures hold on a machine shared with other work; wall time would count the time the
process waits for a core.

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
from zedlab.core.infoset import InfoSet  # noqa: E402

_clock = time.process_time
"""CPU seconds of this process: the rates do not depend on what else the machine runs."""

_SEEDS = itertools.count(1)
"""Game seeds, never reused within a process: a run that replayed an earlier run's games
would be measured on warm per-hand caches that new games do not have."""


def _playouts(game: Any, seconds: float, trusted: bool) -> tuple[float, float]:
    """(decisions/s, games/s) of seeded random playouts of new games for about ``seconds``."""
    chooser = RNG.from_seed(next(_SEEDS))
    decisions = games = 0
    start = _clock()
    deadline = start + seconds
    while _clock() < deadline:
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
    elapsed = _clock() - start
    return decisions / elapsed, games / elapsed


def _midgame(game: Any) -> list[Any]:
    """Five mid-game states (30 random decisions into seeded games)."""
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
    return states


def _clones(game: Any, seconds: float) -> float:
    """Clones per second of mid-game states."""
    states = _midgame(game)
    count = 0
    start = _clock()
    while _clock() - start < seconds:
        for state in states:
            game.clone(state)
        count += len(states)
    return count / (_clock() - start)


def _samples(game: Any, seconds: float) -> float:
    """``InfoSet.sample`` (the game's ``determinize``) per second, from the deciding
    seat's information set in mid-game states (games that ended early are left out)."""
    infos = [InfoSet.of(game, s) for s in _midgame(game) if game.decision(s) is not None]
    rng = RNG.from_seed(3)
    count = 0
    start = _clock()
    while _clock() - start < seconds:
        for info in infos:
            info.sample(rng)
        count += len(infos)
    return count / (_clock() - start)


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
    start = _clock()
    while _clock() - start < seconds:
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
    return steps / (_clock() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: all registered)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    args = parser.parse_args(argv)

    from tests.core.pig import pig

    theirs = {n: _openspiel(n, args.seconds) for n in ("python_liars_poker", "backgammon")}
    ours = {"python_liars_poker": "xLP", "backgammon": "xBG"}
    peers = {n: v for n, v in theirs.items() if v is not None}
    if peers:
        print("OpenSpiel random playouts (steps/s): "
              + ", ".join(f"{n} {v:,.0f}" for n, v in peers.items()))
    else:
        print("OpenSpiel not installed (pip install -e '.[bench]') - no ratios.")
    print("rates per CPU second; xLP, xBG: Match dec/s as a ratio to python_liars_poker, "
          "backgammon\n")
    ratio_head = "".join(f" {ours[n]:>6}" for n in peers)
    print(f"{'game':<18} {'Match dec/s':>11} {'trusted dec/s':>13}{ratio_head} {'games/s':>8} "
          f"{'clones/s':>9} {'samples/s':>9}")
    for name in args.games or zedlab.games():
        game = zedlab.get(name)
        dps, gps = _median(lambda g=game: _playouts(g, args.seconds, trusted=False), args.runs)
        tdps, _ = _median(lambda g=game: _playouts(g, args.seconds, trusted=True), args.runs)
        cps = _median(lambda g=game: _clones(g, args.seconds / 2), args.runs)
        sps = _median(lambda g=game: _samples(g, args.seconds / 2), args.runs)
        ratios = "".join(f" {dps / v:>5.2f}x" for v in peers.values())
        print(f"{name:<18} {dps:>11,.0f} {tdps:>13,.0f}{ratios} {gps:>8,.1f} {cps:>9,.0f} "
              f"{sps:>9,.0f}", flush=True)

    core, _ = _median(lambda: _playouts(pig, args.seconds, trusted=False), args.runs)
    raw, _ = _median(lambda: _playouts(pig, args.seconds, trusted=True), args.runs)
    print(f"\ncore overhead on Pig: Match.play+decision {core:,.0f} dec/s "
          f"(trusted apply {raw:,.0f} dec/s; target >= 200,000)")


if __name__ == "__main__":
    main()
