"""The generic observation encoder: a seat's view as a fixed-length float vector.

It reads only the game's view for the seat (``{"public": ..., "private": ...}``), never the
state, so an observation can tell nothing the view does not. The layout is fixed per game
config: it is learnt once from the views of a few seeded random playouts of that config
(every seat's view at every decision), so the same config gives the same layout in every
process.

How each JSON value becomes slots (paths are written ``public.scores[].x``):

- a number: one slot holding its value (``0`` when the value there is not a number);
- a boolean: one slot, ``1`` for true;
- ``null``: one slot, ``1`` when the value is null (only where a null was seen);
- a string: a one-hot over the strings seen at that path (the ``VOCAB_CAP`` most frequent,
  ties by first seen), plus one ``other`` slot for a string outside it;
- an object: the slots of each key seen, keys in sorted order (an absent key: zeros);
- a list of strings only (card ids, names): one ``length`` slot, then how many times each
  string occurs in it (the ``VOCAB_CAP`` most frequent strings seen there, plus one slot
  counting the others) — a bag, order ignored;
- any other list: one ``length`` slot, then the element slots repeated for each of the
  first ``cap`` elements, ``cap`` being the longest list seen at that path (at least 1, at
  most ``LIST_CAP``); missing elements are zeros, elements past the cap are dropped.

:meth:`Encoder.slots` names every slot with its path, meaning and the range seen while
learning the layout; ``python -m zedlab.envs.docs`` writes those tables into
``docs/envs.md``. A game may provide its own encoder later (an ``encoder(config)`` method
returning an object with ``size``, ``encode(view)`` and ``slots()``); this one is the
fallback.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import RNG, Match, seed_for

__all__ = ["LIST_CAP", "VOCAB_CAP", "Encoder", "Slot", "learn_encoder"]

LIST_CAP = 64
"""The most elements of one list that are encoded."""
VOCAB_CAP = 64
"""The most distinct strings one-hot encoded at one path (the rest share ``other``)."""
SAMPLE_GAMES = 6
"""Seeded random playouts whose views fix a config's layout."""
SAMPLE_VIEWS = 4000
"""At most this many views are read while learning a layout."""


@dataclass(slots=True)
class Slot:
    """One slot of the vector: where it comes from, what it means, the range seen."""

    index: int
    path: str
    meaning: str
    low: float
    high: float


@dataclass
class _Node:
    """What was seen at one path of the view (several kinds may meet at one path)."""

    num: bool = False
    boolean: bool = False
    null: bool = False
    strings: Counter[str] = field(default_factory=Counter)
    keys: dict[str, _Node] = field(default_factory=dict)
    item: _Node | None = None
    longest: int = 0
    seen_list: bool = False
    lo: float = float("inf")
    hi: float = float("-inf")

    def see(self, value: Any) -> None:
        if value is None:
            self.null = True
        elif value is True or value is False:
            self.boolean = True
        elif isinstance(value, (int, float)):
            self.num = True
            v = float(value)
            self.lo = min(self.lo, v)
            self.hi = max(self.hi, v)
        elif isinstance(value, str):
            self.strings[value] += 1
        elif isinstance(value, dict):
            for k, v in value.items():
                child = self.keys.get(k)
                if child is None:
                    child = self.keys[k] = _Node()
                child.see(v)
        elif isinstance(value, (list, tuple)):
            self.seen_list = True
            self.longest = max(self.longest, len(value))
            if self.item is None:
                self.item = _Node()
            for v in value[:LIST_CAP]:
                self.item.see(v)
        else:
            self.strings[str(value)] += 1


class _Plan:
    """A compiled node: writes its slots into a vector at a fixed offset."""

    __slots__ = ("num", "boolean", "null", "vocab", "other", "keys", "item", "cap", "width",
                 "length_at", "item_width", "write", "bag", "bag_other")

    def __init__(self, node: _Node, path: str, slots: list[Slot]) -> None:
        self.num = self.boolean = self.null = self.other = self.length_at = -1
        self.vocab: dict[str, int] = {}
        self.keys: list[tuple[str, _Plan]] = []
        self.item: _Plan | None = None
        self.cap = 0
        start = len(slots)
        if node.num:
            self.num = self._add(slots, path, "number", node.lo, node.hi)
        if node.boolean:
            self.boolean = self._add(slots, path, "true (1) / false (0)", 0, 1)
        if node.null:
            self.null = self._add(slots, path, "1 if null", 0, 1)
        if node.strings:
            ranked = sorted(node.strings.items(), key=lambda kv: -kv[1])[:VOCAB_CAP]
            for s, _ in ranked:
                self.vocab[s] = self._add(slots, path, f"1 if == {json.dumps(s)[:60]}", 0, 1)
            self.other = self._add(slots, path, "1 if another string", 0, 1)
        for key in sorted(node.keys):
            self.keys.append((key, _Plan(node.keys[key], f"{path}.{key}" if path else key, slots)))
        self.bag: dict[str, int] = {}
        self.bag_other = -1
        item = node.item
        if node.seen_list and item is not None and _only_strings(item):
            # a list of strings (card ids, names): how many times each string occurs
            self.length_at = self._add(slots, path, "list length", 0, node.longest)
            ranked = sorted(item.strings.items(), key=lambda kv: -kv[1])[:VOCAB_CAP]
            for s, _ in ranked:
                self.bag[s] = self._add(slots, f"{path}[]",
                                        f"how many are {json.dumps(s)[:60]}", 0, node.longest)
            self.bag_other = self._add(slots, f"{path}[]", "how many are other strings", 0,
                                       node.longest)
            self.item_width = 0
        elif node.seen_list:
            self.cap = max(1, min(node.longest, LIST_CAP))
            self.length_at = self._add(slots, f"{path}", "list length", 0, node.longest)
            first = len(slots)
            assert item is not None
            for i in range(self.cap):
                plan = _Plan(item, f"{path}[{i}]", slots)
                if i == 0:
                    self.item = plan
            self.item_width = (len(slots) - first) // self.cap
        else:
            self.item_width = 0
        self.width = len(slots) - start
        # the common shapes get a writer without the type dispatch
        only = (node.num, node.boolean, node.null, bool(node.strings), bool(node.keys),
                node.seen_list)
        if only == (True, False, False, False, False, False):
            self.write = self._write_number
        elif only == (False, False, False, False, True, False):
            self.write = self._write_object
        else:
            self.write = self._write_any

    def _write_number(self, value: Any, out: np.ndarray, shift: int) -> None:
        cls = value.__class__
        if cls is int or cls is float:
            out[self.num + shift] = value

    def _write_object(self, value: Any, out: np.ndarray, shift: int) -> None:
        if value.__class__ is dict:
            get = value.get
            for key, plan in self.keys:
                v = get(key, _ABSENT)
                if v is not _ABSENT:
                    plan.write(v, out, shift)

    @staticmethod
    def _add(slots: list[Slot], path: str, meaning: str, lo: float, hi: float) -> int:
        slots.append(Slot(len(slots), path, meaning, float(lo), float(hi)))
        return len(slots) - 1

    def _write_any(self, value: Any, out: np.ndarray, shift: int) -> None:
        """Write ``value``'s slots; ``shift`` moves this plan's offsets (list elements)."""
        if value is None:
            if self.null >= 0:
                out[self.null + shift] = 1.0
            return
        cls = value.__class__
        if cls is bool:
            if self.boolean >= 0:
                out[self.boolean + shift] = 1.0 if value else 0.0
        elif cls is int or cls is float:
            if self.num >= 0:
                out[self.num + shift] = value
        elif cls is str:
            at = self.vocab.get(value, self.other)
            if at >= 0:
                out[at + shift] = 1.0
        elif cls is dict:
            for key, plan in self.keys:
                v = value.get(key, _ABSENT)
                if v is not _ABSENT:
                    plan.write(v, out, shift)
        elif cls is list or cls is tuple:
            if self.length_at >= 0:
                out[self.length_at + shift] = len(value)
                if self.bag_other >= 0:
                    bag, other = self.bag, self.bag_other
                    for v in value:
                        at = bag.get(v, other) if v.__class__ is str else other
                        out[at + shift] += 1.0
                    return
                item = self.item
                if item is not None:
                    w = self.item_width
                    for i, v in enumerate(value[: self.cap]):
                        item.write(v, out, shift + i * w)
        elif self.other >= 0:
            out[self.vocab.get(str(value), self.other) + shift] = 1.0


_ABSENT = object()


def _only_strings(node: _Node) -> bool:
    """Whether only strings were seen at ``node``."""
    return bool(node.strings) and not (node.num or node.boolean or node.null or node.keys
                                       or node.seen_list)


class Encoder:
    """Encodes a seat's view (``{"public", "private"}``) as a float32 vector of ``size``."""

    def __init__(self, root: _Node) -> None:
        self._slots: list[Slot] = []
        self._plan = _Plan(root, "", self._slots)
        self.size = len(self._slots)

    def encode(self, view: dict[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The vector of ``view`` (written into ``out`` when given, which is zeroed first)."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        self._plan.write(_seat_part(view), out, 0)
        return out

    def slots(self) -> list[Slot]:
        """Every slot, in order: path, meaning, and the range seen while learning."""
        return list(self._slots)


def _seat_part(view: dict[str, Any]) -> dict[str, Any]:
    """``{"public", "private"}`` of a game view (a view without them is wholly public)."""
    if "public" in view:
        return {"public": view["public"], "private": view.get("private") or {}}
    return {"public": view, "private": {}}


def learn_encoder(game: Any, config: Any) -> Encoder:
    """The generic encoder of ``config``, its layout learnt from seeded random playouts."""
    root = _Node()
    root.see({"public": {}, "private": {}})
    seats = game.seats(config)
    seen = 0
    for g in range(SAMPLE_GAMES):
        rng = RNG.from_seed(seed_for("zedlab.envs.encoder", g))
        match = Match.new(game, config, seed=seed_for("zedlab.envs.encoder", game.name, g))
        bound = _bound(game, config)
        for _ in range(bound):
            for seat in range(seats):
                root.see(_seat_part(game.view(match.state, seat)))
                seen += 1
            if match.over or seen >= SAMPLE_VIEWS:
                break
            match.play(rng.choice(match.options))
        if seen >= SAMPLE_VIEWS:
            break
    return Encoder(root)


def _bound(game: Any, config: Any) -> int:
    try:
        return int(game.max_decisions(config)) + 1
    except NotImplementedError:
        return 100_000
