"""The reshuffles of sampled states (``zedlab.core.sampling``): uniform orders and draws
from one number of the generator."""

from math import comb

import pytest

from zedlab.core import RNG
from zedlab.core.sampling import draw_counts, permute_each


def test_permute_each_takes_one_draw_and_is_fixed_by_the_generator():
    a, b = RNG.from_seed(9), RNG.from_seed(9)
    x, y, short = list(range(30)), list(range(30, 40)), [7]
    permute_each(a, x, y, short)
    assert sorted(x) == list(range(30)) and sorted(y) == list(range(30, 40)) and short == [7]
    assert x != list(range(30)) and y != list(range(30, 40))
    assert a.draws == 1
    x2, y2 = list(range(30)), list(range(30, 40))
    permute_each(b, x2, y2, [7])
    assert (x2, y2) == (x, y)


def test_permute_each_draws_every_pair_of_orders_about_equally():
    """Two 3-card decks reshuffled together: each of the 36 pairs of orders comes up about
    1/36 of the time (chi-square, 35 degrees of freedom, under its 0.1% point of 66.6), so
    each deck is uniform and the two are independent."""
    rng = RNG.from_seed(11)
    counts: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    n = 36_000
    for _ in range(n):
        a, b = [0, 1, 2], [3, 4, 5]
        permute_each(rng, a, b)
        counts[tuple(a), tuple(b)] = counts.get((tuple(a), tuple(b)), 0) + 1
    assert len(counts) == 36
    chi2 = sum((c - n / 36) ** 2 / (n / 36) for c in counts.values())
    assert chi2 < 66.6


def test_permute_each_serves_a_forced_shuffle():
    rng = RNG.from_seed(3).force(shuffle=[[5, 6]])
    items = list(range(10))
    permute_each(rng, items)
    assert items[:2] == [5, 6] and sorted(items) == list(range(10))


def test_draw_counts_follows_the_bag_law():
    """Two hands of 2 and 1 cubes from a bag of 3 red, 2 blue, 1 green: each outcome comes
    up as often as drawing the cubes one at a time would make it (exact multivariate
    hypergeometric probabilities, chi-square under the 0.1% point for its degrees of
    freedom); the pool keeps what is left."""
    rng = RNG.from_seed(5)
    n = 30_000
    counts: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for _ in range(n):
        pool = [3, 2, 1]
        first, second = draw_counts(rng, pool, [2, 1])
        assert sum(first) == 2 and sum(second) == 1
        assert [p + f + s for p, f, s in zip(pool, first, second, strict=True)] == [3, 2, 1]
        key = (tuple(first), tuple(second))
        counts[key] = counts.get(key, 0) + 1

    def hand(pool, h):
        return comb(pool[0], h[0]) * comb(pool[1], h[1]) * comb(pool[2], h[2]) / comb(sum(pool), sum(h))

    expected = {}
    for key in counts:
        first, second = key
        rest = [p - f for p, f in zip((3, 2, 1), first, strict=True)]
        expected[key] = hand((3, 2, 1), first) * hand(rest, second)
    assert abs(sum(expected.values()) - 1) < 1e-9  # every possible outcome came up
    chi2 = sum((counts[k] - n * p) ** 2 / (n * p) for k, p in expected.items())
    assert len(counts) == 12 and chi2 < 31.3  # 11 degrees of freedom


def test_draw_counts_refuses_more_than_the_pool():
    with pytest.raises(ValueError, match="cannot draw 4 items from a pool of 3"):
        draw_counts(RNG.from_seed(1), [1, 2], [2, 2])
