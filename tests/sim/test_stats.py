"""Summary statistics of simulation results: Wilson intervals, quantiles, paired differences."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zedlab.sim.stats import Comparison, Summary, paired_interval, quantile, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (50, 100, 0.4038, 0.5962),
        (1, 1000, 0.00018, 0.00565),
    ],
)
def test_wilson_matches_reference_values(k: int, n: int, low: float, high: float) -> None:
    """Published Wilson 95% intervals (e.g. 5/10 -> 0.2366-0.7634)."""
    lo, hi = wilson(k, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_contains_the_estimate(k: int, n: int) -> None:
    k = min(k, n)
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0


def test_wilson_without_games_is_uninformative() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.lists(st.integers(-20, 20), min_size=1, max_size=60), st.floats(0, 1))
def test_quantile_of_counts_matches_sorted_values(values: list[int], q: float) -> None:
    ordered = sorted(values)
    expected = ordered[math.floor(q * (len(ordered) - 1))]
    assert quantile(Counter(values), q) == expected


def test_paired_interval_of_constant_difference_is_a_point() -> None:
    assert paired_interval(3.0 * 10, 9.0 * 10, 10) == (3.0, 3.0, 3.0)


def test_paired_interval_matches_direct_computation() -> None:
    rng = random.Random(4)
    diffs = [rng.choice([-1, 0, 0, 1, 1]) for _ in range(400)]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    got = paired_interval(sum(diffs), sum(d * d for d in diffs), len(diffs))
    assert got[0] == pytest.approx(mean)
    assert got[2] - got[0] == pytest.approx(1.959964 * sd / math.sqrt(len(diffs)), rel=1e-5)


def _row(
    index: int,
    scores: list[float],
    winners: list[int],
    tier: str | None = None,
    error: str | None = None,
) -> dict[str, object]:
    return {
        "index": index,
        "lineup": 0,
        "scores": None if error else scores,
        "winners": None if error else winners,
        "tier": tier,
        "reason": "done",
        "decisions": 10,
        "rounds": 3,
        "wall_ms": 1.0,
        "error": error,
    }


def test_summary_counts_wins_scores_tiers_and_faults() -> None:
    summary = Summary()
    summary.update(
        [
            _row(0, [3, 1], [0], "Bronze"),
            _row(1, [8, 9], [1], "Gold"),
            _row(2, [5, 5], [0, 1], "Silver"),
            _row(3, [0, 0], [], error="ValueError: boom"),
        ]
    )
    assert (summary.games, summary.finished, summary.faults) == (4, 3, 1)
    assert summary.wins == [2, 2] and summary.any_win == 3
    assert summary.win_rate(0)[0] == pytest.approx(2 / 3)
    assert summary.score_stats(0)["mean"] == pytest.approx(16 / 3)
    assert summary.score_stats(1)["median"] == 5
    assert [t for t, _ in summary.tiers_in_order()] == ["Bronze", "Silver", "Gold"]
    assert summary.mean_decisions == 10 and summary.mean_rounds == 3
    assert summary.fault_examples == ["game 3: ValueError: boom"]


def test_comparison_pairs_games_on_the_same_seed() -> None:
    comparison = Comparison()
    comparison.add(_row(0, [4, 0], [0]), _row(0, [1, 0], [1]))
    comparison.add(_row(1, [2, 2], [0]), _row(1, [2, 2], [0]))
    comparison.add(_row(2, [2, 2], [0]), _row(2, [0, 0], [], error="x"))
    assert comparison.pairs == 2
    assert comparison.win_diff(0)[0] == pytest.approx(0.5)
    assert comparison.win_diff(1)[0] == pytest.approx(-0.5)
    assert comparison.score_diff(0)[0] == pytest.approx(1.5)


def test_paired_proportion_interval_stays_within_bounds() -> None:
    """Newcombe's paired interval: inside -1..1, around the difference, never a point."""
    from zedlab.sim.stats import paired_proportion_interval

    for both, first, second, neither in [(0, 3, 0, 0), (0, 0, 3, 0), (2, 0, 0, 1), (0, 2, 0, 1)]:
        diff, low, high = paired_proportion_interval(both, first, second, neither)
        assert -1.0 <= low < high <= 1.0
        assert low <= diff <= high
    assert math.isnan(paired_proportion_interval(0, 0, 0, 0)[1])


def test_win_difference_interval_is_a_paired_proportion_interval() -> None:
    """Three seeds, line-up 0 wins two more: the normal approximation said +1.3 to
    +132.0 pp; the interval is now within +-100 pp. All equal: not a single point."""
    comparison = Comparison()
    lost = {"error": None, "winners": [1], "scores": [0.0, 1.0]}
    won = {"error": None, "winners": [0], "scores": [1.0, 0.0]}
    for a, b in [(won, lost), (won, lost), (lost, lost)]:
        comparison.add(a, b)
    diff, low, high = comparison.win_diff(0)
    assert diff == pytest.approx(2 / 3)
    assert -1.0 <= low < diff < high <= 1.0  # three games cannot exclude no difference
    assert low < 0.0
    same = Comparison()
    for _ in range(10):
        same.add(won, won)
    diff, low, high = same.win_diff(0)
    assert diff == 0.0 and low < 0.0 < high
    diff, low, high = same.win_diff(None)  # every game had a winner in both
    assert diff == 0.0 and low < 0.0 < high
