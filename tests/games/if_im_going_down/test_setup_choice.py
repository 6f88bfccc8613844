"""Choosing characters at set-up: a decision per player unless the option presets them."""

from __future__ import annotations

import pytest

from zedlab.core import Action, IllegalAction
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import CHARS, ZOMBIES


def test_game_setup_each_player_chooses_a_character() -> None:
    """Source: If I'm Going Down... rulebook, "Game Setup" (1. each player chooses a
    character card) and "Character Cards": two players choose in turn; a card chosen by one
    is not offered to the other; the Pack Mule brings a third Body space; the card's back is
    that character's Zombie side."""
    s = game.new(game.Config(players=2), 5)
    d = game.decision(s)
    assert d is not None and d.kind == "choose-character" and d.player == 0
    assert [a.value for a in d.options] == [c.index for c in CHARS]
    assert game.view(s, 0)["public"]["characters"][0]["id"] is None
    mule = next(c for c in CHARS if c.ability == "pack-mule")
    game.apply(s, next(a for a in d.options if a.value == mule.index))
    d = game.decision(s)
    assert d is not None and d.kind == "choose-character" and d.player == 1
    assert mule.index not in [a.value for a in d.options]
    other = CHARS[-1] if CHARS[-1].index != mule.index else CHARS[0]
    game.apply(s, next(a for a in d.options if a.value == other.index))
    assert game.decision(s).kind == "place-start"
    assert [c.char for c in s.chars] == [mule.index, other.index]
    assert len(s.chars[0].body) == 3 and len(s.chars[1].body) == (3 if other.ability == "pack-mule" else 2)
    v = game.view(s, 1)["public"]["characters"]
    assert [c["id"] for c in v] == [mule.id, other.id]
    zombie_sides = [ZOMBIES[s.zcards[s.deck_size + seat]].id for seat in range(2)]
    assert zombie_sides == [f"zombie-{mule.id}", f"zombie-{other.id}"]
    assert not game.invariants(s)


def test_taken_character_is_refused() -> None:
    s = game.new(game.Config(players=2), 5)
    game.apply(s, game.decision(s).options[0])
    taken = Action("character", s.chars[0].char)
    with pytest.raises(IllegalAction):
        game.apply(s, taken)


def test_characters_option_presets_them_without_a_choice() -> None:
    s = game.new(game.Config(players=2, characters=(CHARS[2].id, CHARS[0].id)), 5)
    assert game.decision(s).kind == "place-start"
    assert [c.char for c in s.chars] == [2, 0]
    assert all(c.chosen for c in s.chars)
