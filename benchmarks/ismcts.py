"""Information-set MCTS: iterations per second, and strength against the heuristic bot.

    PYTHONPATH=src python benchmarks/ismcts.py speed [GAME ...] [--iters 200] [--points 6] \\
        [--from random|heuristic]
    PYTHONPATH=src python benchmarks/ismcts.py strength [GAME ...] --games 100 --iters 100 \\
        [--workers 1] [--seed 1] [--policy heuristic] [--depth 40] [--bot SPEC]
    PYTHONPATH=src python benchmarks/ismcts.py table [GAME ...] --games 500 \\
        --out results/strength.jsonl [--bot ismcts] [--workers N | --ray [ADDRESS]] \\
        [--block 20] [--docs docs/bots.md]

``speed``: decision points are taken from seeded random-play games (those with a real choice,
spread over the game; ``--from heuristic``: from games of the heuristic bot in every seat,
whose states are closer to real play: longer rounds, built Bases); ISMCTS searches each with ``--iters`` iterations in this process (one
core). Prints iterations per second of this process's CPU time (so other work on a shared
machine does not count; ``wall_iters_per_s`` is the wall-clock rate) and the seconds 1,000
iterations would take.

``strength``: ``--games`` games per cell through :func:`zedlab.sim.run` (same seeds for every
line-up). Competitive games: ISMCTS in one seat, the heuristic bot (random where the game has
none) in the others, half the games with ISMCTS in seat 0 and half in seat 1; its win share
(a shared win counts 1/k) with a 95% Wilson interval. Co-operative games: a team of ISMCTS
bots against a team of heuristic bots on the same seeds; win rates and mean scores, with 95%
intervals. Pig (the test game) is registered with ``ZEDLAB_GAMES`` when named.

``table``: the strength table of :mod:`zedlab.sim.strength` (ISMCTS, heuristic and random
bots, every pair head to head with seats swapped, or every bot as a team in a co-operative
game), resumable from its JSONL file (``--out``); prints the Markdown table and, with
``--docs``, writes it into that file's strength-table section. Without games: the four of
:data:`zedlab.sim.strength.TABLE_GAMES`.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "pig" in sys.argv and "pig=" not in os.environ.get("ZEDLAB_GAMES", ""):
    os.environ["ZEDLAB_GAMES"] = ",".join(
        e for e in (os.environ.get("ZEDLAB_GAMES", ""), "pig=tests.core.pig:pig") if e
    )
    sys.path.insert(0, str(ROOT))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
    )

from zedlab.bots import ISMCTSBot  # noqa: E402
from zedlab.core import RNG, ConfigError, make_config, registry  # noqa: E402
from zedlab.core.infoset import InfoSet  # noqa: E402
from zedlab.sim import run  # noqa: E402
from zedlab.sim.stats import wilson  # noqa: E402


def new_game(game: Any, seed: int) -> Any:
    config = make_config(game, None)
    pack = game.load_content()
    return game.new(config, seed) if pack is None else game.new(config, seed, pack)


def decision_points(game: Any, count: int, source: str = "random") -> list[Any]:
    """``count`` states with a real choice, taken from seeded games of ``source`` bots
    (``random`` or ``heuristic``) in every seat."""
    from zedlab.bots import choose, make

    points: list[Any] = []
    seed = 0
    while len(points) < count:
        state, rng = new_game(game, seed), RNG.from_seed(seed)
        bots = None if source == "random" else [make(game, source) for _ in range(game.seats(make_config(game, None)))]
        choices = []
        while (decision := game.decision(state)) is not None:
            if len(decision.options) > 1:
                choices.append(game.clone(state))
            if bots is None:
                action = rng.choice(decision.options)
            else:
                action = choose(bots[decision.player], InfoSet.of(game, state), rng)
            game.apply(state, action, trusted=True)
        # three points spread over each game: early, middle, late
        for fraction in (0.1, 0.5, 0.9):
            if choices and len(points) < count:
                points.append(choices[int(fraction * (len(choices) - 1))])
        seed += 1
    return points


def speed(names: list[str], iters: int, count: int, params: dict[str, Any],
          source: str = "random") -> list[dict[str, Any]]:
    rows = []
    for name in names:
        game = registry.get(name)
        points = decision_points(game, count, source)
        total_iters, total_seconds, total_wall, per_point = 0, 0.0, 0.0, []
        for i, state in enumerate(points):
            bot = ISMCTSBot(iters=iters, **params)
            started, wall = time.process_time(), time.perf_counter()
            bot.choose(InfoSet.of(game, state), RNG.from_seed(i))
            seconds = time.process_time() - started
            total_wall += time.perf_counter() - wall
            total_iters += iters
            total_seconds += seconds
            per_point.append(iters / seconds)
        rate = total_iters / total_seconds
        rows.append(
            {
                "game": name,
                "points": len(points),
                "from": source,
                "iters_per_point": iters,
                **params,
                "iters_per_s": round(rate),
                "slowest_point_iters_per_s": round(min(per_point)),
                "seconds_per_1000": round(1000 / rate, 2),
                "wall_iters_per_s": round(total_iters / total_wall),
            }
        )
        print(json.dumps(rows[-1]), flush=True)
    return rows


def share_interval(shares: list[float]) -> tuple[float, float, float]:
    """Mean of win shares with a 95% Wilson interval (fractional shares counted as such)."""
    n = len(shares)
    k = sum(shares)
    low, high = wilson(round(k), n) if n else (0.0, 1.0)
    return k / n if n else 0.0, low, high


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def strength(
    names: list[str], games: int, iters: int, workers: int, seed: int, params: dict[str, Any]
) -> list[dict[str, Any]]:
    rows = []
    spec = params.pop("bot", None) or ",".join(
        [f"ismcts:iters={iters}", *(f"{k}={v}" for k, v in params.items())]
    )
    for name in names:
        game = registry.get(name)
        kinds = game.bot_kinds()
        other = "heuristic" if "heuristic" in kinds else "random"
        seats = game.seats(make_config(game, None))
        started, cpu = time.perf_counter(), time.process_time()
        if getattr(game, "cooperative", False):
            teams = {}
            for kind in (spec, other):
                table = run(name, games, bots=kind, workers=workers, seed=seed)
                teams[kind] = table.to_pylist()
            row: dict[str, Any] = {"game": name, "mode": "co-operative team", "games": games}
            for kind, label in ((spec, "ismcts"), (other, other)):
                done = [r for r in teams[kind] if r["error"] is None]
                wins = [1.0 if r["winners"] else 0.0 for r in done]
                scores = [r["scores"][0] for r in done]
                row[f"{label}_win_rate"] = [round(x, 3) for x in share_interval(wins)]
                row[f"{label}_mean_score"] = [round(x, 2) for x in mean_interval(scores)]
                row[f"{label}_faults"] = len(teams[kind]) - len(done)
            diffs = [
                a["scores"][0] - b["scores"][0]
                for a, b in zip(teams[spec], teams[other], strict=True)
                if a["error"] is None and b["error"] is None
            ]
            row["score_difference"] = [round(x, 2) for x in mean_interval(diffs)]
        else:
            shares: list[float] = []
            faults = 0
            for ismcts_seat in range(2):
                lineup = {"all": other, str(ismcts_seat): spec}
                half = games // 2 if ismcts_seat == 0 else games - games // 2
                table = run(name, half, bots=lineup, workers=workers, seed=seed + ismcts_seat)
                for r in table.to_pylist():
                    if r["error"] is not None:
                        faults += 1
                        continue
                    winners = r["winners"]
                    shares.append(1 / len(winners) if ismcts_seat in winners else 0.0)
            row = {
                "game": name,
                "mode": f"head to head against {other} ({seats} seats)",
                "games": games,
                "ismcts_win_share": [round(x, 3) for x in share_interval(shares)],
                "faults": faults,
            }
        row["bot"] = spec
        row["seconds"] = round(time.perf_counter() - started, 1)
        row["cpu_seconds"] = round(time.process_time() - cpu, 1)
        rows.append(row)
        print(json.dumps(row), flush=True)
    return rows


def table(args: argparse.Namespace) -> None:
    from zedlab.sim import strength

    names = args.games_ or list(strength.TABLE_GAMES)
    ray: str | bool | None = None
    if args.ray is not None:
        ray = True if args.ray == "local" else args.ray
    only = None
    if args.only is not None:
        only = [bot.strip() for bot in args.only.split(",") if bot.strip()]
        if not only:
            raise SystemExit(f"error: --only names no bot ({args.only!r}); name some of ismcts,heuristic,random")
    try:
        lines = strength.run_table(
            names,
            args.games,
            args.out,
            ismcts=args.bot or "ismcts",
            seed=args.seed,
            block=args.block,
            workers=args.workers,
            ray=ray,
            progress=lambda text: print(text, file=sys.stderr, flush=True),
            only=only,
            play=not args.played,
        )
    except ConfigError as exc:
        raise SystemExit(f"error: {exc}") from None
    if not lines:
        raise SystemExit(f"error: no block of {', '.join(names)} for these bots"
                         + (f" in {args.out}" if args.played else ""))
    rows = strength.summarise(lines)
    titles = {name: registry.get(name).title for name in names}
    text = strength.markdown(rows, titles)
    print(text)
    if args.docs:
        strength.write_docs(args.docs, text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("speed", "strength", "table"))
    parser.add_argument("games_", nargs="*", metavar="GAME", help="games (default: every registered game)")
    parser.add_argument("--iters", type=int, default=200)
    parser.add_argument("--points", type=int, default=6, help="speed: decision points per game")
    parser.add_argument("--from", dest="source", choices=("random", "heuristic"), default="random",
                        help="speed: the bots of the games the decision points are taken from")
    parser.add_argument("--games", type=int, default=100, help="strength, table: games per cell")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=("random", "heuristic", "mixed"), default=None)
    parser.add_argument("--depth", type=int, default=None)
    parser.add_argument("--bot", default=None, help="strength, table: the full ISMCTS spec (e.g. ismcts:cpu=0.3)")
    parser.add_argument("--out", default="strength.jsonl", help="table: the JSONL file of played blocks (resumable)")
    parser.add_argument("--block", type=int, default=20, help="table: games per block (one JSONL line)")
    parser.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                        help="table: run on Ray (alone: a local instance)")
    parser.add_argument("--docs", default=None, help="table: write the table into this Markdown file's section")
    parser.add_argument("--only", default=None, metavar="BOTS",
                        help="table: play only the cells of these bots (e.g. ismcts,heuristic)")
    parser.add_argument("--played", action="store_true",
                        help="table: play nothing; the table of every block in --out so far")
    args = parser.parse_args()
    if args.what == "table":
        table(args)
        return
    names = args.games_ or registry.names()
    params: dict[str, Any] = {}
    if args.policy is not None:
        params["policy"] = args.policy
    if args.depth is not None:
        params["depth"] = args.depth
    if args.what == "speed":
        speed(names, args.iters, args.points, params, args.source)
    else:
        if args.bot:
            params["bot"] = args.bot
        strength(names, args.games, args.iters, args.workers, args.seed, params)


if __name__ == "__main__":
    main()
