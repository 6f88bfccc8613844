"""The terminal renderer draws the table from a seat's view (layout, trackers, score)."""

from __future__ import annotations

from rich.console import Console

from zedlab.bots import choose
from zedlab.core import RNG, Match
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.render import render


def _text(view: dict, seat: int | None) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_render_shows_layout_trackers_and_score() -> None:
    m = Match.new(game, {"players": 2, "scenario": "the-intersection"}, seed=3)
    bot, rng = game.bot_kinds()["heuristic"](), RNG.from_seed(1)
    for _ in range(30):
        d = m.decision
        if d is None:
            break
        m.play(choose(bot, m.infoset(), rng))
    text = _text(m.game_view(0), 0)
    for word in ("Jessie", "Marcus", "Kill-O-Meter", "Hands", "Ground", "The Intersection", "Last events"):
        assert word in text


def test_render_zombie_hand_only_for_the_zombie_seat() -> None:
    m = Match.new(game, {"players": 1, "zombie_player": True}, seed=2)
    survivor = _text(m.game_view(0), 0)
    zombie = _text(m.game_view(1), 1)
    assert "Zombie Player holds 6 cards" in survivor
    assert "Zombie hand:" in zombie and "Zombie hand:" not in survivor


def test_render_spells_out_card_numbers_and_has_a_legend() -> None:
    """Weapons read "Uses, attacks per Use, Power" and the board has a legend for Z / KP."""
    from zedlab.games.if_im_going_down.render import _card

    rifle = {"name": "Rifle", "uses": 4, "apu": 1, "attack": 7, "hands": 2}
    assert _card(rifle) == "Rifle (2 hands, 4 Uses, 1 attack/Use, Power 7)"
    m = Match.new(game, {"players": 1}, seed=3)
    text = _text(m.game_view(0), 0)
    assert "Z = Z-Number" in text and "Moan penalty" in text
