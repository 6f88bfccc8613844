"""Helpers for Survive Alive tests: set a table up directly, then let the rules run."""

from __future__ import annotations

from zedlab.core import Action
from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive.content import CUBES, load
from zedlab.games.survive_alive.rules import mark_built
from zedlab.games.survive_alive.state import Character, Player, SAState

CONTENT = load()


def cubes(**kw: int) -> list[int]:
    """Cube counts from colour names: ``cubes(wood=2, metal=1)``."""
    return [kw.get(c, 0) for c in CUBES]


def give(st: SAState, p: Player, **kw: int) -> None:
    """Move cubes from the bag to a player (keeps the 161 conserved)."""
    for i, c in enumerate(CUBES):
        n = kw.get(c, 0)
        assert st.bag[i] >= n
        st.bag[i] -= n
        p.cubes[i] += n


def empty_hand(st: SAState, p: Player) -> None:
    for i in range(7):
        st.bag[i] += p.cubes[i]
        p.cubes[i] = 0


def solo_at_spend(seed: int = 1, chars: tuple[str, ...] = ("bruce", "buzz"), base: str = "mountain") -> SAState:
    """A solo game paused at its first Spend decision, with the given characters and an
    empty hand."""
    st = game.new(Config(players=1), seed)
    play(st, "base", base)
    p = st.players[0]
    while game.decision(st).kind == "draft":
        d = game.decision(st)
        play(st, d.options[0].kind, d.options[0].value)
    assert game.decision(st).kind == "spend"
    empty_hand(st, p)
    st.char_deck.extend(ch.id for ch in p.chars)
    p.chars = []
    for cid in chars:
        if cid in st.char_deck:
            st.char_deck.remove(cid)
        p.chars.append(Character(id=cid))
    return st


def build_free(p: Player, *slots: str) -> None:
    for s in slots:
        mark_built(p, s)


def play(st: SAState, kind: str, value: object = None) -> None:
    """Play an action through the validated path."""
    game.apply(st, Action(kind, value))


def options(st: SAState) -> list[tuple[str, object]]:
    return [(a.kind, a.value) for a in game.decision(st).options]


def log(st: SAState, seat: int | None = 0) -> list[str]:
    """The texts of the events ``seat`` sees that ``st`` holds (a state played without a
    Match keeps them all)."""
    return game.events(st, seat)
