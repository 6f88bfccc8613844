"""The generated field-by-field copier (``zedlab.core.copier``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec
import pytest

from zedlab.core.copier import copier


class Colour(enum.Enum):
    RED = "red"


class Frozen(msgspec.Struct, frozen=True):
    n: int
    tags: list[str]


class Flat(msgspec.Struct):
    a: int
    b: str = ""


class Listed(msgspec.Struct):
    seat: int
    cards: list[int] = msgspec.field(default_factory=list)


@dataclass(slots=True)
class Inner:
    hand: list[str] = field(default_factory=list)
    hp: int = 3


@dataclass(slots=True)
class Other:
    marks: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Whole:
    n: int = 0
    f: float = 0.5
    s: str = "x"
    ok: bool = True
    none: None = None
    raw: bytes = b""
    colour: Colour = Colour.RED
    mode: Literal["a", "b"] = "a"
    pair: tuple[int, str] = (1, "a")
    many: tuple[int, ...] = ()
    frozen: Frozen = field(default_factory=lambda: Frozen(1, ["t"]))
    events: list[Frozen] = field(default_factory=list)
    ints: list[int] = field(default_factory=list)
    grid: list[list[int]] = field(default_factory=list)
    table: dict[str, int] = field(default_factory=dict)
    decks: dict[str, list[str]] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    inner: Inner = field(default_factory=Inner)
    inners: list[Inner] = field(default_factory=list)
    maybe: Inner | None = None
    either: Inner | Other | None = None
    stack: list[Flat | Listed] = field(default_factory=list)
    held: tuple[list[int], ...] = ()


def _whole() -> Whole:
    return Whole(
        n=4, events=[Frozen(2, ["e"])], ints=[1, 2], grid=[[1], [2, 3]], table={"a": 1},
        decks={"d": ["c1", "c2"]}, seen={5}, inner=Inner(["h"]), inners=[Inner(["i"]), Inner()],
        maybe=Inner(["m"]), either=Other({"k": 1}), stack=[Flat(1), Listed(2, [7])], held=([1],),
    )


def _mutables(obj: Any, out: dict[int, str], path: str) -> dict[int, str]:
    if isinstance(obj, (list, dict, set, Inner, Other, Flat, Listed)):
        out[id(obj)] = path
    if isinstance(obj, (list, tuple, set)):
        for i, x in enumerate(obj):
            _mutables(x, out, f"{path}[{i}]")
    elif isinstance(obj, dict):
        for k, x in obj.items():
            _mutables(x, out, f"{path}[{k}]")
    elif isinstance(obj, (Inner, Other, Whole)):
        for name in obj.__dataclass_fields__:
            _mutables(getattr(obj, name), out, f"{path}.{name}")
    elif isinstance(obj, (Flat, Listed)):
        for name in obj.__struct_fields__:
            _mutables(getattr(obj, name), out, f"{path}.{name}")
    return out


def test_copies_every_mutable_container_and_equals_the_original():
    w = _whole()
    c = copier(Whole)(w)
    assert c == w
    mine, theirs = _mutables(w, {}, "w"), _mutables(c, {}, "c")
    assert sorted(mine[i] for i in set(mine) & set(theirs)) == []
    assert isinstance(c.stack[0], Flat) and isinstance(c.stack[1], Listed)  # union kept its types
    assert isinstance(c.either, Other)
    c.grid[1].append(9)
    c.decks["d"].pop()
    c.inners[0].hand.append("z")
    c.stack[1].cards.append(8)  # type: ignore[union-attr]
    assert w == _whole()


def test_shares_immutable_values_and_frozen_structs():
    w = _whole()
    c = copier(Whole)(w)
    assert c.frozen is w.frozen and c.events[0] is w.events[0]
    assert c.pair is w.pair and c.s is w.s and c.colour is w.colour
    assert c.events is not w.events


def test_none_in_optional_fields_stays_none():
    w = _whole()
    w.maybe = None
    w.either = None
    c = copier(Whole)(w)
    assert c.maybe is None and c.either is None


def test_a_struct_of_immutable_fields_is_copied_by_its_shallow_copy():
    f = Flat(3, "q")
    c = copier(Flat)(f)
    assert c == f and c is not f


def test_built_once_per_class():
    assert copier(Whole) is copier(Whole)


@dataclass
class Unknown:
    n: int = 0
    stuff: Any = None


@dataclass
class Bare:
    items: list = field(default_factory=list)  # type: ignore[type-arg]


@dataclass
class Mixed:
    value: int | list[int] = 0


def test_an_unknown_field_type_fails_the_build_naming_class_and_field():
    with pytest.raises(TypeError, match=r"Unknown\.stuff"):
        copier(Unknown)
    with pytest.raises(TypeError, match=r"Bare\.items"):
        copier(Bare)
    with pytest.raises(TypeError, match=r"Mixed\.value"):
        copier(Mixed)


def test_overrides_share_copy_or_call_a_function():
    u = Unknown(1, [1, 2])
    assert copier(Unknown, stuff="share")(u).stuff is u.stuff
    copied = copier(Unknown, stuff="copy")(u).stuff
    assert copied == [1, 2] and copied is not u.stuff
    assert copier(Unknown, stuff=lambda v: len(v))(u).stuff == 2


def test_bad_overrides_are_refused():
    with pytest.raises(TypeError, match="no field of it: nope"):
        copier(Unknown, nope="share")
    with pytest.raises(TypeError, match="'share', 'copy' or a function"):
        copier(Unknown, stuff="deep")


def test_a_class_that_is_not_a_struct_or_dataclass_is_refused():
    with pytest.raises(TypeError, match="neither a msgspec Struct nor a dataclass"):
        copier(dict)


@dataclass
class _Table:
    rng: Any
    cards: list[int] = field(default_factory=list)


def test_state_cloner_takes_the_given_generator_or_copies_the_states_own():
    """``state_cloner``: the copy's generator is the one passed (a sample's), else a copy
    of the original's (equal numbers, not the same object); the rest is copied."""
    from zedlab.core import RNG
    from zedlab.core.copier import state_cloner

    clone = state_cloner(_Table)
    table = _Table(RNG.from_seed(3), [1, 2])
    fresh = RNG.from_seed(9)
    given = clone(table, fresh)
    assert given.rng is fresh and given.cards == [1, 2] and given.cards is not table.cards
    copied = clone(table)
    assert copied.rng is not table.rng
    assert copied.rng.randbelow(1000) == table.rng.randbelow(1000)
