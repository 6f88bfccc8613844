"""Table-building helpers for rules tests: stack the decks, put cards on spaces."""

from __future__ import annotations

from typing import Any

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import FATE, ZOMBIES, layout
from zedlab.games.if_im_going_down.state import IGDState
from zedlab.games.if_im_going_down.steps import (
    FLOW,
    AttackPhase,
    MovementPhase,
    PlaceStart,
    PlayerBegin,
)


def fresh(**config: Any) -> IGDState:
    """A new game with every starting resource back in the Fate deck and nothing pending."""
    cfg = {"scenario": "the-shack", "players": 1, **config}
    s = game.new(game.Config(**cfg), 0)
    for st in s.stack:
        if isinstance(st, PlaceStart):
            s.fdeck.append(st.card)
    s.fdeck.extend(s.fdiscard)
    s.fdiscard = []
    s.stack = []
    return s


def lines(s: IGDState) -> list[str]:
    """The text of the events the state holds (a game played without a Match keeps them)."""
    return [game.event_text(e, None) for e in s.events]


def space(s: IGDState, row: int, col: int) -> int:
    return layout(s).spaces.index((row, col))


def take_zombie(s: IGDState, zid: str) -> int:
    """A Zombie card of that kind, taken out of the entry piles."""
    for pile in s.piles:
        for z in pile:
            if ZOMBIES[s.zcards[z]].id == zid:
                pile.remove(z)
                return z
    raise LookupError(zid)


def put_zombie(s: IGDState, zid: str, sp: int) -> int:
    z = take_zombie(s, zid)
    s.spaces[sp] = z
    return z


def take_fate(s: IGDState, fid: str, critical: bool | None = False) -> int:
    """A Fate card of that kind from the deck (optionally with/without the blood splatter)."""
    for f in s.fdeck:
        if FATE[s.fcards[f]].id == fid and (critical is None or s.fcrit[f] == critical):
            s.fdeck.remove(f)
            return f
    raise LookupError(fid)


def stack_fate(s: IGDState, fids: list[tuple[str, bool]]) -> list[int]:
    """Put these Fate cards on top of the deck, in order (index 0 = next drawn)."""
    cards = [take_fate(s, fid, crit) for fid, crit in fids]
    s.fdeck[:0] = cards
    return cards


def player_phase(s: IGDState) -> None:
    """Start a Player Phase now (Zombie Attack and Movement follow)."""
    s.stack = [MovementPhase(), AttackPhase(), PlayerBegin()]
    FLOW.run(s)


def options(s: IGDState) -> list[tuple[str, Any]]:
    d = game.decision(s)
    assert d is not None
    return [(a.kind, a.value) for a in d.options]


def play(s: IGDState, kind: str, value: Any = None) -> None:
    """Play the option with this kind and value (validated)."""
    d = game.decision(s)
    assert d is not None, "no decision pending"
    for a in d.options:
        if a.kind == kind and a.value == value:
            game.apply(s, a)
            return
    raise AssertionError(f"{kind} {value} not among {[(a.kind, a.value) for a in d.options]}")
