"""Helpers for Run, Fight, or Die! tests: rigged set-ups and short-hands for actions."""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, ScriptedRNG
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.common import content_of
from zedlab.games.run_fight_or_die.resolving import enter_actions
from zedlab.games.run_fight_or_die.setup import set_up
from zedlab.games.run_fight_or_die.state import SYMBOL_INDEX, RFDState

B, G, R, S, K, Z = (SYMBOL_INDEX[n] for n in ("bat", "gun", "run", "search", "book", "zombie"))


def new(players: int = 2, rolls: list[Any] | None = None, shuffles: list[list[str]] | None = None,
        **options: Any) -> RFDState:
    """A set-up game whose first dice (5 Action dice, then the Event die) are ``rolls``.

    ``shuffles`` puts cards on top of the decks in set-up order: follower, location, event,
    loot, fleeing, mutant (give [] to leave one alone).
    """
    options.setdefault("characters", tuple(["athlete", "prom-queen", "outdoorsman", "bookworm", "stoner-mechanic", "veteran"][:players]))
    config = game.Config(players=players, **options)
    outcomes: dict[str, list[Any]] = {}
    if rolls:
        outcomes["roll"] = list(rolls)
    if shuffles:
        outcomes["shuffle"] = [list(x) for x in shuffles]
    return set_up(config, 0, rng=ScriptedRNG(0, **outcomes))


def at_actions(s: RFDState, dice: list[int]) -> RFDState:
    """Jump the current player to resolving ``dice`` (the reroll phase skipped)."""
    s.stack.clear()
    s.dice = list(dice)
    enter_actions(s)
    return s


def act(s: RFDState, kind: str, value: Any = None) -> None:
    """Play an action through the validated path (raises IllegalAction if not an option)."""
    game.apply(s, Action(kind, value))


def decide(s: RFDState, *reroll: int) -> None:
    """Keep or reroll every die still undecided in this roll: reroll the dice numbered in
    ``reroll`` (0-based), keep the others; the reroll then happens on its own."""
    left = s.rerolls_left
    while s.rerolls_left == left:
        d = game.decision(s)
        if d is None or d.kind != "roll-dice":
            return
        die = next((a.value for a in d.options if a.kind == "keep"), None)
        if die is None:
            return
        act(s, "reroll-die" if die in reroll else "keep", die)


def log(s: RFDState) -> list[str]:
    """The text of the events the state holds: those of the last action (or of the set-up),
    since tests drive the state without a Match."""
    return [game.event_text(e, None) for e in s.events]


def turn_step(s: RFDState) -> str:
    """Which part of the turn the game is in (``reroll``, ``actions``...; ``over``)."""
    return game.view(s, None)["public"]["turn_step"]


def options(s: RFDState) -> list[tuple[str, Any]]:
    d = game.decision(s)
    return [] if d is None else [(a.kind, a.value) for a in d.options]


def kind(s: RFDState) -> str | None:
    d = game.decision(s)
    return None if d is None else d.kind


def stack_deck(s: RFDState, kind: str, cards: list[str]) -> None:
    """Put ``cards`` (ids) on top of a deck, in order, as a rigged shuffle would."""
    index = content_of(s).index[kind]
    deck = s.decks[kind]
    if kind in s.unshuffled:
        s.unshuffled.remove(kind)
        s.rng.shuffle(deck)
    for card in reversed(cards):
        i = index[card]
        if i in deck:
            deck.remove(i)
        else:
            s.discards[kind].remove(i)
        deck.insert(0, i)


def give_follower(s: RFDState, seat: int, card: str) -> None:
    """Move a Follower from the deck to a player (set-up of a test position)."""
    i = content_of(s).index["follower"][card]
    s.decks["follower"].remove(i)
    s.players[seat].followers.append(card)


def give_loot(s: RFDState, seat: int, card: str, uses: int | None = None) -> None:
    c = content_of(s)
    s.decks["loot"].remove(c.index["loot"][card])
    s.players[seat].loot.append(card)
    s.players[seat].loot_uses.append(c.loot[card].uses if uses is None else uses)
