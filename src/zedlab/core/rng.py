"""Seeded, serialisable randomness kept inside the game state.

All chance in ZedLab goes through an :class:`RNG` stored in the state, never through the
global :mod:`random` module or the clock. Same seed and same actions give the same game on
every machine.

The generator is SplitMix64: one 64-bit integer of state, so cloning and serialising it is
trivial. Bounded integers use the multiply-shift method; the bias is below ``n / 2**64``.

Tests rig chance with :func:`ScriptedRNG` (or :meth:`RNG.force`): queued outcomes are used
first, in call order, then the seeded stream takes over.
"""

from __future__ import annotations

import operator
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass, field
from hashlib import shake_128 as _shake
from struct import unpack as _unpack
from typing import Any, TypeVar

__all__ = ["RNG", "ScriptedRNG", "seed_for"]

T = TypeVar("T")

_M64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_FORCE_KINDS = ("roll", "shuffle", "draw", "choice", "randbelow")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def seed_for(*parts: int | str) -> int:
    """Derive a 63-bit seed from parts (e.g. a base seed and a game index).

    Deterministic across machines and Python runs (no ``hash()`` randomisation).

    >>> seed_for(1, 2) == seed_for(1, 2)
    True
    """
    h = 0x5EED
    for part in parts:
        data = str(part).encode()
        for byte in data:
            h = _mix((h ^ byte) + _GOLDEN & _M64)
        h = _mix(h + 0xFF)
    return h >> 1


@dataclass(slots=True)
class RNG:
    """A SplitMix64 generator with a draw counter and optional forced outcomes.

    Attributes:
        state: the 64-bit generator state.
        draws: how many chance events (rolls, shuffles, draws, choices) it has served;
            the engine uses it to know whether an action involved chance (undo policy).
        reveals: how many hidden things the game turned face up without drawing
            (see :meth:`note_reveal`).
        forced: queued outcomes per kind (``roll``, ``shuffle``, ``draw``, ``choice``,
            ``randbelow``), consumed before the seeded stream. Empty in normal play.
    """

    state: int = 0
    draws: int = 0
    reveals: int = 0
    forced: dict[str, list[Any]] = field(default_factory=dict)

    @classmethod
    def from_seed(cls, seed: int) -> RNG:
        """A generator seeded with any integer (negative and huge ones are folded in; NumPy
        integers too).

        Raises:
            TypeError: if ``seed`` is not an integer.
        """
        try:
            seed = operator.index(seed)
        except TypeError:
            raise TypeError(f"a seed is an integer, got {seed!r}") from None
        return cls(state=_mix(seed & _M64))

    # -- the raw stream -------------------------------------------------------------------
    def _next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _M64
        return _mix(self.state)

    def _forced(self, kind: str) -> Any:
        queue = self.forced.get(kind)
        if queue:
            value = queue.pop(0)
            if not queue:
                del self.forced[kind]
            return value
        return _NOTHING

    # -- chance primitives ----------------------------------------------------------------
    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``.

        Raises:
            ValueError: if ``n < 1``, or a forced value is out of range.
        """
        if n < 1:
            raise ValueError(f"randbelow needs n >= 1, got {n}")
        self.draws += 1
        if self.forced:
            value = self._forced("randbelow")
            if value is not _NOTHING:
                if not 0 <= value < n:
                    raise ValueError(f"scripted randbelow {value} is outside [0, {n})")
                return int(value)
        state = self.state = (self.state + _GOLDEN) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.randbelow(high - low + 1)

    def roll(self, faces: Sequence[T]) -> T:
        """Roll one die with the given faces (e.g. ``range(1, 7)``) and return the face shown.

        Raises:
            ValueError: if the die has no faces, or a scripted value is not one of its faces.
        """
        if self.forced and "roll" in self.forced:
            self.draws += 1
            value = self._forced("roll")
            if value not in faces:
                raise ValueError(f"scripted roll {value!r} is not a face of this die {list(faces)}")
            return faces[list(faces).index(value)]
        if not faces:
            raise ValueError("a die needs at least one face")
        self.draws += 1
        state = self.state = (self.state + _GOLDEN) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return faces[((z ^ (z >> 31)) * len(faces)) >> 64]

    def d6(self) -> int:
        """Roll a plain six-sided die: 1-6."""
        if self.forced:
            return self.roll(_D6)
        self.draws += 1
        state = self.state = (self.state + _GOLDEN) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return 1 + (((z ^ (z >> 31)) * 6) >> 64)

    def roll_many(self, faces: Sequence[T], count: int) -> list[T]:
        """Roll ``count`` identical dice; returns the faces in roll order."""
        return [self.roll(faces) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        """Pick one item uniformly.

        Raises:
            ValueError: if ``items`` is empty, or a scripted value is not among them.
        """
        if self.forced and "choice" in self.forced:
            self.draws += 1
            value = self._forced("choice")
            if value not in items:
                raise ValueError(f"scripted choice {value!r} is not among {list(items)}")
            return items[list(items).index(value)]
        if not items:
            raise ValueError("cannot choose from an empty sequence")
        self.draws += 1
        # SplitMix64 inlined, as in d6: bots and random playouts choose at every decision
        state = self.state = (self.state + _GOLDEN) & _M64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
        return items[((z ^ (z >> 31)) * len(items)) >> 64]

    def weighted(self, items: Sequence[T], weights: Sequence[int]) -> T:
        """Pick one item with probability proportional to its integer weight.

        Raises:
            ValueError: if the lengths differ, a weight is negative, or all are zero.
        """
        if len(items) != len(weights):
            raise ValueError("items and weights differ in length")
        if any(w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError("weights must be non-negative with a positive total")
        if self.forced and "choice" in self.forced:
            return self.choice(items)
        self.draws += 1
        x = (self._next64() * sum(weights)) >> 64
        for item, w in zip(items, weights, strict=True):
            if x < w:
                return item
            x -= w
        raise AssertionError("unreachable")  # pragma: no cover

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates). By ZedLab convention index 0 is the top of a deck.

        A forced ``shuffle`` outcome is a list of items to put on top, in that order; the
        rest are shuffled below them.

        Raises:
            ValueError: if a forced item is not in the sequence.
        """
        self.draws += 1
        top: list[Any] = []
        if self.forced and "shuffle" in self.forced:
            top = list(self._forced("shuffle"))
            rest = list(items)
            for item in top:
                if item not in rest:
                    raise ValueError(f"scripted shuffle item {item!r} is not in the deck")
                rest.remove(item)
            items[:] = rest
        # SplitMix64 inlined: shuffles dominate the set-up time of card games.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _M64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state
        if top:
            items[:0] = top

    def permute(self, items: MutableSequence[Any]) -> None:
        """Put ``items`` in a uniformly random order, the work done in C: for reshuffling
        what a seat cannot see in a sampled state (``determinize``), where no record
        replays the order and a search draws thousands of samples.

        It takes one number from the stream (one draw, as :meth:`shuffle`) and gives a
        different order from :meth:`shuffle`'s: the game's own chance keeps using
        :meth:`shuffle`. Each position gets a 64-bit key from SHAKE-128 of that number and
        the items are sorted by key, so every order is equally likely but for ties between
        keys (a chance below ``n * n / 2**65``). A forced ``shuffle`` outcome is served as
        :meth:`shuffle` serves it.

        Raises:
            ValueError: if a forced item is not in the sequence.
        """
        if self.forced and "shuffle" in self.forced:
            self.shuffle(items)
            return
        self.draws += 1
        n = len(items)
        if n < 2:
            return
        state = self.state = (self.state + _GOLDEN) & _M64
        keys = _unpack(f">{n}Q", _shake(state.to_bytes(8, "big")).digest(8 * n))
        items[:] = list(map(items.__getitem__, sorted(range(n), key=keys.__getitem__)))

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items drawn without replacement, in draw order."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"cannot sample {k} from {len(pool)} items")
        self.shuffle(pool)
        return pool[:k]

    def draw_from_bag(self, bag: dict[str, int]) -> str:
        """Draw one item from a bag of counted kinds (e.g. coloured cubes); decrements the bag.

        Args:
            bag: kind -> count; modified in place.
        Returns:
            the kind drawn.
        Raises:
            ValueError: if the bag is empty, or a scripted kind is not in it.
        """
        total = sum(bag.values())
        if total <= 0:
            raise ValueError("the bag is empty")
        self.draws += 1
        if self.forced and "draw" in self.forced:
            kind = self._forced("draw")
            if bag.get(kind, 0) <= 0:
                raise ValueError(f"scripted draw {kind!r} is not in the bag")
            bag[kind] -= 1
            return str(kind)
        x = (self._next64() * total) >> 64
        for kind, count in bag.items():
            if x < count:
                bag[kind] = count - 1
                return kind
            x -= count
        raise AssertionError("unreachable")  # pragma: no cover

    # -- bookkeeping ----------------------------------------------------------------------
    def note_reveal(self) -> None:
        """Record that a hidden thing was turned face up (a reveal blocks undo)."""
        self.reveals += 1

    def spawn(self) -> RNG:
        """A new independent generator derived from this one (counts as one draw)."""
        self.draws += 1
        return RNG(state=_mix(self._next64() ^ 0xD1B54A32D192ED03))

    def copy(self) -> RNG:
        """An exact copy, forced queues included."""
        return RNG(self.state, self.draws, self.reveals, {k: list(v) for k, v in self.forced.items()})

    def force(self, **outcomes: Sequence[Any]) -> RNG:
        """Queue outcomes to be served before the seeded stream; returns ``self``.

        Keys: ``roll`` (or its alias ``d6``) face values, ``shuffle`` lists of items to put
        on top, ``draw`` bag kinds, ``choice`` items, ``randbelow`` integers.

        Raises:
            ValueError: on an unknown key.
        """
        for kind, values in outcomes.items():
            key = "roll" if kind == "d6" else kind
            if key not in _FORCE_KINDS:
                raise ValueError(f"unknown forced outcome {kind!r}; use one of {_FORCE_KINDS}")
            self.forced.setdefault(key, []).extend(values)
        return self


_D6 = (1, 2, 3, 4, 5, 6)
_NOTHING: Any = object()


def ScriptedRNG(seed: int = 0, **outcomes: Sequence[Any]) -> RNG:  # noqa: N802 - reads as a type
    """An :class:`RNG` that serves the given outcomes first, for tests.

    >>> rng = ScriptedRNG(d6=[3, 3, 5])
    >>> [rng.d6(), rng.d6(), rng.d6()]
    [3, 3, 5]
    """
    return RNG.from_seed(seed).force(**outcomes)
