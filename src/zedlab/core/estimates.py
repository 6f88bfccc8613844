"""Helpers for a game's ``estimate(state)``: a value in ``[0, 1]`` per seat of a game not yet
over, read from the public table (health, Zombies, score), for search bots that cut their
playouts short (:mod:`zedlab.bots.ismcts`).

An estimate is a guess at each seat's chance of winning, not a rule: games keep theirs next
to their scoring and say what they read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["logistic", "standing"]


def logistic(x: float) -> float:
    """``1 / (1 + e^-x)``, safe for large ``|x|``.

    >>> logistic(0.0)
    0.5
    """
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def standing(material: Sequence[float], scale: float) -> tuple[float, ...]:
    """Each seat's value from its *material* (score-like, more is better): the logistic of
    its lead over the mean of the other seats, in units of ``scale``.

    One seat: the logistic of its material itself (a solo game measures it against its
    goal: pass ``material - goal``).

    >>> standing([5.0, 5.0], 2.0)
    (0.5, 0.5)
    >>> a, b = standing([7.0, 3.0], 2.0)
    >>> round(a, 3), round(b, 3), round(a + b, 6)
    (0.881, 0.119, 1.0)
    """
    n = len(material)
    if n == 1:
        return (logistic(material[0] / scale),)
    total = sum(material)
    return tuple(logistic((m - (total - m) / (n - 1)) / scale) for m in material)
