"""The terminal renderer draws the table from a seat's view (layout, trackers, score); the
events are worded by the game's event texts."""

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
    for word in ("Jessie", "Marcus", "Kill-O-Meter", "Hands", "Ground", "The Intersection"):
        assert word in text
    # the events are the front end's to show beside the table, worded by the game
    assert "T1 turn 1 begins" in m.log(0) and "turn 1 begins" not in text


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


def _meter_line(text: str) -> str:
    return next(line for line in text.splitlines() if "Kill-O-Meter:" in line)


def test_tier_label_says_win_only_at_the_end_and_uses_the_real_win_line() -> None:
    """Mid-game a score above High is not yet a win (play until you die); in the Zombie
    Player variant the line may be the midpoint. Source: "How to Win" (Note: play until you
    die), "Zombie Player Variant" (Who Wins?)."""
    m = Match.new(game, {"players": 1}, seed=3)
    m.state.kills = m.state.high + 1
    line = _meter_line(_text(m.game_view(0), 0))
    assert "WIN" not in line and "above High" in line
    m.state.over = True
    assert "WIN" in _meter_line(_text(m.game_view(0), 0))
    z = Match.new(game, {"players": 1, "zombie_player": True, "midpoint": True}, seed=3)
    z.state.kills = z.state.line + 1  # above the midpoint line, below High
    z.state.over = True
    line = _meter_line(_text(z.game_view(0), 0))
    assert "survivors win" in line and f"line {z.state.line}" in line


def test_legend_says_moan_counts_when_a_character_dies() -> None:
    """Moan is subtracted each time a character dies or turns, not while it stays in play.
    Source: "Scoring Points" (Moan Reduction)."""
    from zedlab.games.if_im_going_down.render import LEGEND

    assert "penalty while in play" not in LEGEND and "dies" in LEGEND


def test_a_loved_and_a_hated_one_say_whose_they_are():
    """Source: "Zombie Abilities" (Loved One, Hated One: the closest character on entry).
    Only the screen is tested: the board cell of each names its characters."""
    from zedlab.games.if_im_going_down.render import _zombie_cell

    from .helpers import fresh, put_zombie

    s = fresh(players=2, characters=("jessie", "marcus"), scenario="the-alley")
    sam = put_zombie(s, "sweetheart-sam", 0)
    ex = put_zombie(s, "the-ex", 1)
    s.loved[sam] = 0b01
    s.hated[ex] = 0b11
    view = game.view(s, None)["public"]
    names = {c["seat"]: c["name"] for c in view["characters"]}
    assert "Loved One of Jessie" in _zombie_cell(view["spaces"][0], names).plain
    assert "Hated One of Jessie & Marcus" in _zombie_cell(view["spaces"][1], names).plain


def test_two_handed_weapon_beside_another_card_is_marked_carried() -> None:
    """Source: "Weapon Icons" (Hand Icons), "Tracker Cards": a Rifle beside a Kitchen
    Knife on the Hands tracker is only carried; the table, the compact table and the
    picture say so, and stop saying it once the Rifle is alone in both hands."""
    from zedlab.games.if_im_going_down.render import render_compact
    from zedlab.games.if_im_going_down.svg import board as render_svg

    from .helpers import fresh, take_fate

    s = fresh()
    rifle = take_fate(s, "rifle")
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[:] = [rifle, knife]
    s.chars[0].chosen = True
    view = game.view(s, 0)
    whole = _text(view, 0)
    assert "Rifle (2 hands, 4 Uses, 1 attack/Use, Power 7) [carried only" in whole
    assert whole.count("[carried only") == 1  # the Knife in the other hand is usable
    console = Console(width=80, record=True, color_system=None)
    console.print(render_compact(view, 0, width=80, height=14))
    compact = console.export_text()
    assert "Hands Rifle (2h 4U 1a P7) [carried], Kitchen Kni" in compact
    assert "2H carried" in render_svg(view, 0)
    s.chars[0].hands[:] = [rifle, -1]
    view = game.view(s, 0)
    assert "[carried only" not in _text(view, 0)
    assert "2H carried" not in render_svg(view, 0)
