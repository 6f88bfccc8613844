"""Summaries of simulation results, built row by row so memory does not grow with N.

Scores are kept as value counts (games give few distinct scores), so quantiles are exact.
Win rates carry a Wilson 95% score interval; a ``--compare`` difference carries a paired
interval, because both line-ups play the very same seeds: for win rates Newcombe's hybrid
score interval for paired proportions (always within -1..1, never a single point from a
few games), for scores a normal-approximation interval of the mean difference.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Comparison",
    "Summary",
    "paired_interval",
    "paired_proportion_interval",
    "quantile",
    "wilson",
]

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval ``(low, high)`` of a proportion ``successes / n``.

    Returns ``(0.0, 1.0)`` when ``n == 0``.

    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 10)[0]
    0.0
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At p = 0 or 1 the bound is exactly the estimate; keep rounding from crossing it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def quantile(counts: Counter[float], q: float) -> float:
    """The ``q`` quantile (0..1, lower interpolation) of values given as value -> count.

    >>> quantile(Counter({1.0: 1, 2.0: 2, 10.0: 1}), 0.5)
    2.0
    """
    total = sum(counts.values())
    if total == 0:
        return math.nan
    rank = q * (total - 1)
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen > rank:
            return value
    return max(counts)


def paired_interval(
    total: float, total_sq: float, n: int, z: float = Z95
) -> tuple[float, float, float]:
    """Mean and normal-approximation interval of paired differences, from their sums.

    Args:
        total: sum of the per-game differences.
        total_sq: sum of their squares.
        n: number of pairs.
    Returns:
        ``(mean, low, high)``; ``nan`` values when ``n == 0``.
    """
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def paired_proportion_interval(
    both: int, first_only: int, second_only: int, neither: int, z: float = Z95
) -> tuple[float, float, float]:
    """Difference ``p1 - p2`` of two proportions measured on the same items, and its
    interval: Newcombe's hybrid score interval for paired data.

    Args:
        both: items counted by both (e.g. seeds both line-ups won).
        first_only: items counted by the first only.
        second_only: items counted by the second only.
        neither: items counted by neither.
    Returns:
        ``(difference, low, high)``, with ``-1 <= low <= difference <= high <= 1``; ``nan``
        values when there are no items.

    Source: R. G. Newcombe (1998), "Improved confidence intervals for the difference
    between binomial proportions based on paired data", Statistics in Medicine 17,
    2635-2650 (the square-and-add interval from Wilson intervals of each proportion, with
    the correlation term corrected as in that paper).

    >>> d, low, high = paired_proportion_interval(1, 1, 7, 12)
    >>> round(d, 4), round(low, 4), round(high, 4)
    (-0.2857, -0.5069, -0.0256)
    >>> d, low, high = paired_proportion_interval(15, 0, 0, 15)  # every pair agrees
    >>> d, round(low, 4), round(high, 4)
    (0.0, -0.0615, 0.0615)
    """
    n = both + first_only + second_only + neither
    if n <= 0:
        return (math.nan, math.nan, math.nan)
    first, second = both + first_only, both + second_only
    p1, p2 = first / n, second / n
    l1, u1 = wilson(first, n, z)
    l2, u2 = wilson(second, n, z)
    product = first * (n - first) * second * (n - second)
    cross = both * neither - first_only * second_only
    if product == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    elif cross > n / 2:
        phi = (cross - n / 2) / math.sqrt(product)
    else:
        phi = cross / math.sqrt(product)
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    diff = p1 - p2
    low = max(-1.0, diff - math.sqrt(max(0.0, below)))
    high = min(1.0, diff + math.sqrt(max(0.0, above)))
    return (diff, min(low, diff), max(high, diff))


@dataclass
class Summary:
    """Running summary of the rows of one line-up.

    Attributes:
        games: rows seen (failed games included).
        faults: games that raised or did not end.
        wins: per seat, games that seat won.
        any_win: games with at least one winner (a shared win counts once).
        scores: per seat, score value -> count.
        tiers: rating tier -> count (``None`` where the game has no tier).
        tier_score: rating tier -> total of the games' mean seat score (to order tiers).
        reasons: reason ended -> count.
        decisions: total decisions over finished games.
        rounds, rounds_games: total rounds, and how many games reported rounds.
        first_error: the ``error`` of the first failing row counted (``None``: no fault).
        one_error: whether every failing row had that same ``error``.
    """

    seats: int = 0
    games: int = 0
    faults: int = 0
    wins: list[int] = field(default_factory=list)
    any_win: int = 0
    scores: list[Counter[float]] = field(default_factory=list)
    tiers: Counter[str | None] = field(default_factory=Counter)
    tier_score: dict[str | None, float] = field(default_factory=dict)
    reasons: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    rounds: int = 0
    rounds_games: int = 0
    wall_ms: float = 0.0
    fault_examples: list[str] = field(default_factory=list)
    first_error: str | None = None
    one_error: bool = True

    def add(self, row: dict[str, Any]) -> None:
        """Count one result row."""
        self.games += 1
        self.wall_ms += row.get("wall_ms") or 0.0
        if row["error"] is not None:
            self.faults += 1
            if self.first_error is None:
                self.first_error = row["error"]
            elif row["error"] != self.first_error:
                self.one_error = False
            if len(self.fault_examples) < 5:
                self.fault_examples.append(f"game {row['index']}: {row['error']}")
            return
        scores = row["scores"]
        if len(scores) > self.seats:
            self.wins.extend([0] * (len(scores) - self.seats))
            self.scores.extend(Counter() for _ in range(len(scores) - self.seats))
            self.seats = len(scores)
        for seat, score in enumerate(scores):
            self.scores[seat][score] += 1
        for seat in row["winners"]:
            self.wins[seat] += 1
        if row["winners"]:
            self.any_win += 1
        self.tiers[row["tier"]] += 1
        if scores:
            mean = sum(scores) / len(scores)
            self.tier_score[row["tier"]] = self.tier_score.get(row["tier"], 0.0) + mean
        self.reasons[row["reason"]] += 1
        self.decisions += row["decisions"]
        if row["rounds"] is not None:
            self.rounds += row["rounds"]
            self.rounds_games += 1

    def update(self, rows: Iterable[dict[str, Any]]) -> None:
        """Count many rows."""
        for row in rows:
            self.add(row)

    def merge(self, other: Summary) -> None:
        """Count the rows that ``other`` counted, as if they came after this one's.

        A worker summarises its own chunk of games and the run merges the chunks in game
        order, so the counts, the first error and the fault examples are those of counting
        every row here (float totals may differ in their last bits).
        """
        self.games += other.games
        self.faults += other.faults
        self.wall_ms += other.wall_ms
        if other.first_error is not None:
            if self.first_error is None:
                self.first_error = other.first_error
            elif other.first_error != self.first_error:
                self.one_error = False
        self.one_error = self.one_error and other.one_error
        room = 5 - len(self.fault_examples)
        if room > 0:
            self.fault_examples.extend(other.fault_examples[:room])
        if other.seats > self.seats:
            self.wins.extend([0] * (other.seats - self.seats))
            self.scores.extend(Counter() for _ in range(other.seats - self.seats))
            self.seats = other.seats
        for seat in range(other.seats):
            self.wins[seat] += other.wins[seat]
            self.scores[seat].update(other.scores[seat])
        self.any_win += other.any_win
        self.tiers.update(other.tiers)
        for tier, total in other.tier_score.items():
            self.tier_score[tier] = self.tier_score.get(tier, 0.0) + total
        self.reasons.update(other.reasons)
        self.decisions += other.decisions
        self.rounds += other.rounds
        self.rounds_games += other.rounds_games

    def tiers_in_order(self) -> list[tuple[str | None, int]]:
        """Tiers with their counts, ordered by the mean score of their games (low first).

        Games rank tiers by score, so this recovers the rulebook's order of the bands.
        """

        def mean_score(item: tuple[str | None, int]) -> float:
            return self.tier_score.get(item[0], 0.0) / item[1]

        return sorted(self.tiers.items(), key=mean_score)

    @property
    def finished(self) -> int:
        """Games that ended normally."""
        return self.games - self.faults

    def win_rate(self, seat: int | None = None) -> tuple[float, float, float]:
        """``(rate, low, high)``: a seat's win rate (``None``: any winner) over finished games."""
        k = self.any_win if seat is None else self.wins[seat]
        n = self.finished
        low, high = wilson(k, n)
        return (k / n if n else math.nan, low, high)

    def score_stats(self, seat: int) -> dict[str, float]:
        """Mean, sd and quantiles (min, 5%, 25%, median, 75%, 95%, max) of a seat's score."""
        counts = self.scores[seat]
        n = sum(counts.values())
        if n == 0:
            return {"mean": math.nan, "sd": math.nan}
        mean = sum(v * c for v, c in counts.items()) / n
        var = sum(c * (v - mean) ** 2 for v, c in counts.items()) / (n - 1) if n > 1 else 0.0
        out = {"mean": mean, "sd": math.sqrt(var)}
        for label, q in (
            ("min", 0.0),
            ("p5", 0.05),
            ("p25", 0.25),
            ("median", 0.5),
            ("p75", 0.75),
            ("p95", 0.95),
            ("max", 1.0),
        ):
            out[label] = quantile(counts, q)
        return out

    @property
    def mean_decisions(self) -> float:
        """Mean decisions per finished game."""
        return self.decisions / self.finished if self.finished else math.nan

    @property
    def mean_rounds(self) -> float | None:
        """Mean rounds per game, where the game counts rounds."""
        return self.rounds / self.rounds_games if self.rounds_games else None


@dataclass
class Comparison:
    """Paired differences between line-up 0 and line-up 1 over the same seeds.

    For each seat: the win indicator difference and the score difference, summed (with
    squares) over games that both line-ups finished.
    """

    seats: int = 0
    pairs: int = 0
    win_sum: list[float] = field(default_factory=list)
    win_sq: list[float] = field(default_factory=list)
    score_sum: list[float] = field(default_factory=list)
    score_sq: list[float] = field(default_factory=list)
    any_sum: float = 0.0
    any_sq: float = 0.0
    wins_first: list[int] = field(default_factory=list)
    """Per seat, paired games line-up 0 won (with the differences, gives the 2x2 table)."""
    any_first: int = 0

    def add(self, a: dict[str, Any], b: dict[str, Any]) -> None:
        """Count one game played by both line-ups (``a``: line-up 0, ``b``: line-up 1)."""
        if a["error"] is not None or b["error"] is not None:
            return
        n = len(a["scores"])
        if n > self.seats:
            for lst in (self.win_sum, self.win_sq, self.score_sum, self.score_sq):
                lst.extend([0.0] * (n - self.seats))
            self.wins_first.extend([0] * (n - self.seats))
            self.seats = n
        self.pairs += 1
        for seat in range(n):
            dw = (seat in a["winners"]) - (seat in b["winners"])
            self.wins_first[seat] += seat in a["winners"]
            ds = a["scores"][seat] - b["scores"][seat]
            self.win_sum[seat] += dw
            self.win_sq[seat] += dw * dw
            self.score_sum[seat] += ds
            self.score_sq[seat] += ds * ds
        d = bool(a["winners"]) - bool(b["winners"])
        self.any_first += bool(a["winners"])
        self.any_sum += d
        self.any_sq += d * d

    def merge(self, other: Comparison) -> None:
        """Count the pairs that ``other`` counted (a chunk of games summarised elsewhere)."""
        if other.seats > self.seats:
            extra = other.seats - self.seats
            for lst in (self.win_sum, self.win_sq, self.score_sum, self.score_sq):
                lst.extend([0.0] * extra)
            self.wins_first.extend([0] * extra)
            self.seats = other.seats
        self.pairs += other.pairs
        for seat in range(other.seats):
            self.win_sum[seat] += other.win_sum[seat]
            self.win_sq[seat] += other.win_sq[seat]
            self.score_sum[seat] += other.score_sum[seat]
            self.score_sq[seat] += other.score_sq[seat]
            self.wins_first[seat] += other.wins_first[seat]
        self.any_sum += other.any_sum
        self.any_sq += other.any_sq
        self.any_first += other.any_first

    def win_diff(self, seat: int | None = None) -> tuple[float, float, float]:
        """Win-rate difference (line-up 0 minus 1) and its 95% interval
        (:func:`paired_proportion_interval`); ``seat=None``: any seat won."""
        if seat is None:
            total, squares, first = self.any_sum, self.any_sq, self.any_first
        else:
            total, squares, first = self.win_sum[seat], self.win_sq[seat], self.wins_first[seat]
        # differences are +1 (only line-up 0 won), -1 (only line-up 1) or 0
        first_only = round((squares + total) / 2)
        second_only = round((squares - total) / 2)
        both = first - first_only
        neither = self.pairs - both - first_only - second_only
        return paired_proportion_interval(both, first_only, second_only, neither)

    def score_diff(self, seat: int) -> tuple[float, float, float]:
        """Mean score difference (line-up 0 minus 1) and its 95% interval."""
        return paired_interval(self.score_sum[seat], self.score_sq[seat], self.pairs)
