"""The terminal renderer draws every view of a game without error."""

import io

from rich.console import Console

from zedlab.core import RNG, Match
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.render import render

from .helpers import play


def _text(view, seat):
    out = io.StringIO()
    Console(file=out, width=100, color_system=None).print(render(view, seat))
    return out.getvalue()


def test_render_every_step_of_a_game():
    match = Match.new(game, {"players": 3}, seed=4)
    chooser = RNG.from_seed(9)
    step = 0
    while match.decision is not None:
        seat = match.decision.player
        if step % 4 == 0 or match.state.combat is not None:
            text = _text(match.game_view(seat), seat)
            assert "Sector 6" in text and "Scorepad" in text
        step += 1
        match.play(chooser.choice(match.decision.options))
    text = _text(match.game_view(None), None)
    assert "Game over" in text


def test_render_shows_walkers_pawns_and_saved_dice():
    match = Match.new(game, {"players": 2, "survivors": ["rick", "daryl"]}, seed=1)
    state = match.state
    state.walkers = [2, 0, 0, 7, 0, 0, 0]
    state.escape_sector = 3
    text = _text(game.view(state, 0), 0)
    assert "Walkers: 7 OVERLOAD" in text
    assert "ESCAPE ROUTE" in text
    assert "Rick" in text and "Daryl" in text


def test_render_warns_what_ending_the_turn_here_costs():
    """Source: "Losing Health at End of Turn" and "Locations" (Overload first): in the
    Location with 1 Walker and Sector 1 holding 9 at The Farm (overload 5), a Pass costs
    1 + 4 = 5 Health; in a Sector with Walkers, 1."""
    from zedlab.games.dont_look_back.render import end_of_turn_cost

    from .helpers import table

    state = table(["rick", "daryl"], walkers={0: 1, 1: 9, 3: 2}, spaces=[0, 3], health=[5, 9])
    view = game.view(state, 0)
    assert end_of_turn_cost(view, 0) == 5
    assert end_of_turn_cost(view, 1) == 1
    text = _text(view, 0)
    assert "End of turn here: -5 Health (after overload)" in text
    assert "fatal" in text
    state.survivors[0].space = 2
    assert "End of turn here: no Health lost" in _text(game.view(state, 0), 0)


def test_status_line_labels_each_weapon_and_the_improvised_reach():
    """Source: "Your Survivor Card" (the Improvised Weapon attacks Walkers in your space;
    ruling 22): the status line names the Improvised Weapon with its reach and lists the
    Weapon cards under their own label."""
    from .helpers import table

    state = table(["daryl", "rick"], spaces=[3, 0], weapons={0: ["katana"]})
    text = _text(game.view(state, 0), 0)
    assert "Improvised Weapon: Crossbow (3 dice, ranged, own space only)" in text
    assert "Weapon cards: Katana (7 dice, melee)" in text
    assert "Improvised: Crossbow (3 ranged)  | Katana" not in text
    state.improvised_reach = "reach"
    assert "Crossbow (3 dice, ranged, own or adjacent space)" in _text(game.view(state, 0), 0)


def test_render_reads_the_content_folder_it_is_given(tmp_path):
    """Source: "Your Survivor Card" (name, ability, Improvised Weapon on the card); ruling
    25: a content folder replaces the packaged values on screen too. Rick renamed, Daryl
    given a new id and his Crossbow renamed: the screen shows the pack's names."""
    from .helpers import content_pack, edit_entry, table

    pack = content_pack(tmp_path / "pack")
    edit_entry(pack / "survivors.toml", "rick", 'name = "Rick Grimes"', 'name = "Sheriff Grimes"')
    edit_entry(pack / "survivors.toml", "daryl", 'id = "daryl"', 'id = "dixon"')
    edit_entry(pack / "survivors.toml", "dixon", 'name = "Crossbow"', 'name = "Hunting Bow"')
    edit_entry(pack / "weapons.toml", "katana", 'name = "Katana"', 'name = "Machete"')
    state = table(
        ["dixon", "rick"], spaces=[3, 0], walkers={3: 2}, weapons={0: ["katana"]}, content_dir=pack
    )
    text = _text(game.view(state, 0), 0)
    assert "Sheriff Grimes" in text and "Rick Grimes" not in text
    assert "Improvised Weapon: Hunting Bow (3 dice" in text
    assert "Weapon cards: Machete (7 dice, melee)" in text
    state.rng.force(roll=[3, 1, 1, 1, 1, 1, 1])
    play(state, "combat", "katana")
    assert "Combat: Machete (7 dice, Melee)" in _text(game.view(state, 0), 0)


def test_header_after_the_overrun_drops_the_removed_location():
    """Source: "Running Out of Search Cards": the Location tile leaves play, so the header
    no longer names it or its ability, and says the board is overrun."""
    from .helpers import begin_turn, table

    state = table(["rick", "daryl"], location="the-farm", spaces=[2, 0], walkers={1: 1})
    assert "The Farm - Walkers first appear" in _text(game.view(state, 0), 0)
    state.deck.clear()
    begin_turn(state, 1)  # Daryl cannot draw: the overrun; he flees to a Sector
    play(state, "overrun-move", 4)
    view = game.view(state, 0)
    assert view["public"]["location"]["name"] == "" and view["public"]["location"]["ability"] == ""
    text = _text(view, 0)
    assert "The Farm" not in text and "Walkers first appear" not in text
    assert "overrun" in text.splitlines()[0]


def test_weapons_column_shows_the_improvised_weapon_beside_the_cards():
    """Source: "Your Survivor Card" (Improvised Weapon): Daryl's Crossbow is always his to
    attack with, so the Scorepad's Weapons column and the compact table list it after his
    Weapon cards (Rick with a Katana lists both)."""
    from zedlab.games.dont_look_back.render import render_compact

    from .helpers import table

    state = table(["rick", "daryl"], spaces=[1, 2], weapons={0: ["katana"]})
    view = game.view(state, 0)
    whole = _text(view, 0)
    assert "Crossbow (Improvised)" in whole
    row = next(line for line in whole.splitlines() if "Daryl Dixon" in line and "Sector 2" in line)
    assert "Crossbow (Improvised)" in row
    rick = next(line for line in whole.splitlines() if "Rick" in line and "Sector 1" in line)
    assert "Katana" in rick and "(Improvised)" in rick
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render_compact(view, 0, width=80, height=14))
    daryl = next(line for line in out.getvalue().splitlines() if line.startswith("Daryl"))
    assert "Crossbow 3 ranged (impr.)" in daryl


def test_the_compact_table_keeps_two_sectors_a_line_whatever_the_room():
    """The compact table (small terminals) draws Sector 1 beside Sector 4 at every height
    the screen may give it, so the board does not switch between one and two columns as
    the options under it grow or shrink within a turn (seeded 2-player game)."""
    from zedlab.core import RNG, Match
    from zedlab.games.dont_look_back.render import render_compact

    match = Match.new(game, {"players": 2}, seed=3)
    rng = RNG.from_seed(3)
    seen = 0
    while not match.over and len(match.steps) < 60:
        decision = match.decision
        view = match.game_view(decision.player)
        for height in (10, 14, 18, 30):
            out = io.StringIO()
            Console(file=out, width=80, color_system=None).print(
                render_compact(view, decision.player, width=80, height=height))
            row = [line for line in out.getvalue().splitlines() if line.startswith("Sector 1:")]
            assert len(row) == 1 and "Sector 4:" in row[0], out.getvalue()
            assert not any(line.startswith("Sector 4:") for line in out.getvalue().splitlines())
            seen += 1
        match.play(decision.options[rng.randbelow(len(decision.options))])
    assert seen


def test_the_compact_table_at_40_columns_still_says_overload():
    """Setting Up / Overload: a Sector with more Walkers than the Location's Overload is
    flagged OVERLOAD in the compact table of a 40-column terminal as at 80."""
    from zedlab.core import RNG, Match
    from zedlab.games.dont_look_back.render import render_compact

    match = Match.new(game, {"players": 1}, seed=2)
    rng = RNG.from_seed(2)
    while not match.over:
        view = match.game_view(0)
        public = view["public"]
        loc = public["location"]
        if not loc["overrun"] and any(w > loc["overload"] for w in public["walkers"][1:7]):
            break
        decision = match.decision
        match.play(decision.options[rng.randbelow(len(decision.options))])
    assert not match.over, "the seeded game reached an overloaded Sector"
    for width in (80, 40):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(
            render_compact(view, 0, width=width, height=16))
        assert "OVERLOAD" in out.getvalue(), (width, out.getvalue())
