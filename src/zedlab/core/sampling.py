"""Reshuffling what a seat cannot see in a sampled state (a game's ``determinize``) with
as little Python work as possible: search bots draw a sample on every iteration.

Both helpers take one number from the sample's generator (one draw) and expand it with
SHAKE-128 into as many 64-bit keys as they need, as :meth:`zedlab.core.RNG.permute` does
for one list. No record replays these orders; the game's own chance keeps using
:meth:`~zedlab.core.RNG.shuffle` and :meth:`~zedlab.core.RNG.draw_from_bag`.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import MutableSequence
from hashlib import shake_128
from itertools import accumulate
from operator import sub
from struct import unpack
from typing import Any

from zedlab.core import RNG

_FULL = 1 << 64


def keys(rng: RNG, n: int) -> tuple[int, ...]:
    """``n`` independent uniform 64-bit keys from one number of ``rng`` (one draw)."""
    seed = rng.randbelow(_FULL)
    if n <= 0:
        return ()
    return unpack(f">{n}Q", shake_128(seed.to_bytes(8, "big")).digest(8 * n))


def permute_each(rng: RNG, *decks: MutableSequence[Any]) -> None:
    """Put each of ``decks`` in a uniformly random order, independently of the others, from
    one draw of ``rng``: each card gets a key and every deck is sorted by its cards' keys.
    Every order is equally likely but for two keys of a deck tying (a chance below
    ``n * n / 2**65``), as with :meth:`RNG.permute`, which a generator with forced outcomes
    is left to (it serves a forced shuffle).
    """
    if rng.forced:
        for deck in decks:
            rng.permute(deck)
        return
    k = keys(rng, sum(map(len, decks)))
    at = 0
    for deck in decks:
        n = len(deck)
        if n > 1:
            mine = k[at:at + n]
            deck[:] = list(map(deck.__getitem__, sorted(range(n), key=mine.__getitem__)))
        at += n


def draw_counts(rng: RNG, pool: list[int], sizes: list[int]) -> list[list[int]]:
    """Draw, without replacement, ``sizes[0]`` items, then ``sizes[1]``, ... from ``pool``
    (counts by kind, decremented in place), from one draw of ``rng``; returns the counts by
    kind of each hand.

    Each hand is a uniform subset of the items left (Floyd's algorithm over their positions,
    kind by kind in ``pool``'s order), so a hand's counts follow the same multivariate
    hypergeometric law as drawing its items one at a time from a bag.

    Raises:
        ValueError: if the hands need more items than ``pool`` holds.
    """
    need = sum(sizes)
    if need > sum(pool):
        raise ValueError(f"cannot draw {need} items from a pool of {sum(pool)}")
    k = iter(keys(rng, need))
    hands = []
    for size in sizes:
        total = sum(pool)
        picked: set[int] = set()
        for j in range(total - size, total):
            t = (next(k) * (j + 1)) >> 64
            picked.add(j if t in picked else t)
        # positions below the end of a kind's run are that kind or an earlier one
        order = sorted(picked)
        below = [bisect_left(order, end) for end in accumulate(pool)]
        hand = list(map(sub, below, [0, *below[:-1]]))
        pool[:] = map(sub, pool, hand)
        hands.append(hand)
    return hands
