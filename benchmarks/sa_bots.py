"""Survive Alive: the heuristic bot against the random bot, by mean score and Score Ranking.

    python benchmarks/sa_bots.py --games 2000 --seed 0 --workers 2

Rows (``--games`` games each, game seeds ``seed .. seed + games - 1``, the same seeds for
every row; each bot draws from ``RNG.from_seed(seed_for("bots", seed))``):

- ``solo``: the normal game with one seat (players=1), each bot alone;
- ``scenario 1`` / ``scenario 2``: the solo scenarios; a win is Ending 1;
- ``4p 1H+3R``: one heuristic seat (seat ``game % 4``) and three random seats; the heuristic
  row's win rate is its share of victories (a shared victory counts for its share);
- ``4p 4H`` / ``4p 4R``: four heuristic seats, four random seats (mean score per seat).

For each row: the mean final score with a 95% interval, the share of scores in each Score
Ranking band (0-20, 21-40, 41-60, 61-80, 81-100, 101+; a negative score counts in the
lowest band) and the win rate where there is one. ``--lines`` adds a second table with the
mean of each scoring line, plus deaths and wounds, which is where the bots' weak spots show.

Rules version 4, seeds 0-1999, 2,000 games per row (mean score of the heuristic seats; random
seats score about -2 to 0): solo 59.3 (55% in the 61-80 band), Scenario 1 62.9 (wins 56%,
random 15%: JoJo drawn by the Command Centre counts as found), Scenario 2 33.8 (wins 8%,
random 0%), four players with one heuristic seat 69.0 (wins 99.9%), four heuristic seats 58.8.
Under rules version 3 the bot, before it planned its scavenging and ranked beds and bathrooms
above extra defence, scored solo 50.9, Scenario 1 56.5 (25%), Scenario 2 32.8 (8%), 56.4 and
53.0.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import time
from collections.abc import Iterator
from typing import Any

from zedlab.bots import choose
from zedlab.core import RNG, make_config, seed_for
from zedlab.core.infoset import InfoSet
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.content import pack
from zedlab.games.survive_alive.objectives import SCORE_RANKING, score_breakdown

BANDS = ("0-20", "21-40", "41-60", "61-80", "81-100", "101+")
LINES = ("characters", "breaches", "defence", "health", "scavenging", "influence", "morale",
         "resources", "objectives")
# row name -> (players, scenario, seat kinds: "H" heuristic, "R" random, "*" rotating H)
ROWS: dict[str, tuple[int, int, str]] = {
    "solo H": (1, 0, "H"),
    "solo R": (1, 0, "R"),
    "scenario 1 H": (1, 1, "H"),
    "scenario 1 R": (1, 1, "R"),
    "scenario 2 H": (1, 2, "H"),
    "scenario 2 R": (1, 2, "R"),
    "4p 1H+3R": (4, 0, "*"),
    "4p 4H": (4, 0, "HHHH"),
    "4p 4R": (4, 0, "RRRR"),
}


def band(score: float) -> int:
    for i, (top, _) in enumerate(SCORE_RANKING):
        if score <= top:
            return i
    return len(SCORE_RANKING) - 1  # pragma: no cover


def play(task: tuple[str, int]) -> dict[str, Any]:
    """One game of a row; per seat: its kind, score, scoring lines and deaths/wounds."""
    row, seed = task
    players, scenario, kinds = ROWS[row]
    if kinds == "*":
        kinds = "".join("H" if s == seed % 4 else "R" for s in range(players))
    factory = game.bot_kinds()
    bots = [factory["heuristic" if k == "H" else "random"]() for k in kinds]
    state = game.new(make_config(game, {"players": players, "scenario": scenario}), seed)
    rng = RNG.from_seed(seed_for("bots", seed))
    steps = 0
    while (decision := game.decision(state)) is not None:
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"{row}: game {seed} did not end within 20,000 decisions")
        action = choose(bots[decision.player], InfoSet.of(game, state), rng)
        game.apply(state, action, trusted=True)
    outcome = game.outcome(state)
    content = pack(state.content)
    seats = []
    for s, p in enumerate(state.players):
        seats.append({
            "kind": kinds[s],
            "score": outcome.scores[s],
            "win": 1 / len(outcome.winners) if s in outcome.winners else 0.0,
            "lines": score_breakdown(state, p, content),
            "dead": len(p.dead),
            "wounds": sum(ch.wounds for ch in p.chars),
            "breached": p.breach,
        })
    return {"row": row, "seed": seed, "seats": seats, "winners": outcome.winners}


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return m, 1.96 * math.sqrt(var / n)


def rate_ci(p: float, n: int) -> str:
    half = 1.96 * math.sqrt(max(p * (1 - p), 0.0) / n)
    return f"{p:.3f} ±{half:.3f}"


def tasks(rows: list[str], seed: int, games: int) -> Iterator[tuple[str, int]]:
    for row in rows:
        for i in range(games):
            yield row, seed + i


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per row")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: in-process)")
    parser.add_argument("--rows", default=",".join(ROWS),
                        help="comma-separated subset of: " + ", ".join(ROWS))
    parser.add_argument("--lines", action="store_true", help="also print the mean scoring lines")
    args = parser.parse_args()
    rows = [r.strip() for r in args.rows.split(",") if r.strip()]
    unknown = [r for r in rows if r not in ROWS]
    if unknown:
        parser.error(f"unknown rows: {unknown}")

    started = time.perf_counter()
    results: dict[str, list[dict[str, Any]]] = {r: [] for r in rows}
    work = tasks(rows, args.seed, args.games)
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as pool:
            for res in pool.imap(play, work, chunksize=20):
                results[res["row"]].append(res)
    else:
        for task in work:
            res = play(task)
            results[res["row"]].append(res)
    seconds = time.perf_counter() - started

    # one line per (row, seat kind): the 1H+3R row gives a heuristic and a random line
    lines: list[tuple[str, list[dict[str, Any]]]] = []
    for row in rows:
        seats = [s for g in results[row] for s in g["seats"]]
        kinds = sorted({s["kind"] for s in seats})
        for kind in kinds:
            label = row if len(kinds) == 1 else f"{row} ({kind} seats)"
            lines.append((label, [s for s in seats if s["kind"] == kind]))

    print(f"Survive Alive bots: {args.games} games per row, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, {args.workers} worker(s), {seconds:.0f} s")
    print("H = heuristic bot, R = random bot; score: mean ±95% interval; bands: % of scores")
    head = f"{'row':<24} {'n':>5} {'score':>14} " + " ".join(f"{b:>6}" for b in BANDS) + f" {'win rate':>13}"
    print(head)
    print("-" * len(head))
    for label, seats in lines:
        n = len(seats)
        m, half = mean_ci([s["score"] for s in seats])
        counts = [0] * len(BANDS)
        for s in seats:
            counts[band(s["score"])] += 1
        dist = " ".join(f"{100 * c / n:6.1f}" for c in counts)
        row = label.split(" (")[0]
        players, scenario = ROWS[row][0], ROWS[row][1]
        win = ""
        if scenario or (players > 1 and ROWS[row][2] == "*"):
            win = rate_ci(sum(s["win"] for s in seats) / n, n)
        print(f"{label:<24} {n:>5} {m:>7.1f} ±{half:<5.1f} {dist} {win:>13}")

    if args.lines:
        print()
        head = f"{'row':<24} " + " ".join(f"{k[:6]:>6}" for k in LINES) + f" {'dead':>5} {'wnds':>5}"
        print("mean scoring lines per seat (dead: characters lost; wnds: wounds at the end)")
        print(head)
        print("-" * len(head))
        for label, seats in lines:
            n = len(seats)
            vals = " ".join(f"{sum(s['lines'][k] for s in seats) / n:6.1f}" for k in LINES)
            dead = sum(s["dead"] for s in seats) / n
            wounds = sum(s["wounds"] for s in seats) / n
            print(f"{label:<24} {vals} {dead:5.2f} {wounds:5.2f}")


if __name__ == "__main__":
    main()
