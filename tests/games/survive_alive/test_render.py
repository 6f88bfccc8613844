"""The Rich renderer draws any view without touching hidden information."""

from rich.console import Console

from zedlab.core import RNG, Match
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.render import render


def _text(view, seat) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


def test_render_every_seat_and_spectator_through_a_game():
    m = Match.new(game, {"players": 2}, seed=4)
    chooser = RNG.from_seed(4)
    step = 0
    while m.decision is not None:
        if step % 60 == 0:
            for seat in (None, 0, 1):
                assert "Base" in _text(game.view(m.state, seat), seat)
        m.play(chooser.choice(m.decision.options))
        step += 1
    out = _text(game.view(m.state, 0), 0)
    assert "points" in out


def test_render_shows_own_cubes_only():
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=3)
    while m.decision.kind != "spend":
        m.play(m.decision.options[0])
    seat = m.decision.player
    mine = _text(game.view(m.state, seat), seat)
    theirs = _text(game.view(m.state, 1 - seat), 1 - seat)
    assert "Cubes: " in mine and "screened" in theirs
    assert "Characters" in mine and "Trackers" in mine
