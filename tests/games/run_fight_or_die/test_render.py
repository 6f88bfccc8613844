"""The terminal renderer draws any reachable table from a seat's view."""

from rich.console import Console

from zedlab.core import RNG
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.render import render


def test_render_draws_boards_dice_and_events_through_a_game():
    for config in ({"players": 2}, {"players": 1, "difficulty": "too-hard"}, {"players": 4}):
        s = game.new(game.Config(**config), 3)
        r = RNG.from_seed(3)
        seen_dice = False
        step = 0
        while True:
            step += 1
            d = game.decision(s)
            if d is not None and step % 4:
                game.apply(s, r.choice(d.options))
                continue
            console = Console(width=160, record=True)
            for seat in [None, *range(config["players"])]:
                console.print(render(game.view(s, seat), seat))
            text = console.export_text()
            assert "Zone 1" in text and "Table" in text
            seen_dice = seen_dice or "rerolls left" in text
            if d is None:
                assert "Game over" in text
                break
            game.apply(s, r.choice(d.options))
        assert seen_dice


def test_victory_points_show_their_parts():
    """Rulebook "Final Scoring": Health left, the Followers' values and Mutant tokens; the
    table says which part moved when the VP change."""
    from zedlab.games.run_fight_or_die.render import vp_words

    p = {"vp": 7, "followers": [{"vp": 2}, {"vp": 1}], "mutant_tokens": 1}
    assert vp_words(p) == "VP 7 (Health 3 + Followers 3 + Mutant 1)"
    assert vp_words({"vp": 5, "followers": [], "mutant_tokens": 0}) == "VP 5 (Health 5)"
