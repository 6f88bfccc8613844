"""The terminal table and the event texts of Here's Negan, on views of real games."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from zedlab.core import RNG
from zedlab.core.events import Event
from zedlab.core.flow import push
from zedlab.core.registry import renderer
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import load_scenario
from zedlab.games.heres_negan.board.render import board_text, coords_width, render_board
from zedlab.games.heres_negan.common import cx, draw
from zedlab.games.heres_negan.render import _TEMPLATES, TEXT, option_paths, render, view_scene
from zedlab.games.heres_negan.steps import EventSurvivor, FoundWeapon

from .helpers import deploy_all, new_game


def _frame(view: dict, seat: int | None) -> list[str]:
    console = Console(width=100, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("scenario", [1, 2, 3])
@pytest.mark.parametrize("survivors", [2, 3, 4, 5])
def test_every_view_of_a_random_game_fits_100_by_40(scenario: int, survivors: int) -> None:
    """Every frame of a random game fits a 100x40 terminal, and every event the rules emit
    has its own text (no kind falls back to the generic wording)."""
    state = new_game(scenario * 7 + survivors, scenario=scenario, survivors=survivors,
                     players=min(2, survivors))
    chooser = RNG.from_seed(scenario * 10 + survivors)
    kinds: set[str] = set()
    while True:
        for seat in (None, 0):
            lines = _frame(game.view(state, seat), seat)
            assert len(lines) <= 40, f"{len(lines)} lines"
            assert max(len(line) for line in lines) <= 100
        for event in state.events:
            kinds.add(event.kind)
            assert TEXT(event, 0).strip()
        state.events.clear()
        d = game.decision(state)
        if d is None:
            break
        game.apply(state, chooser.choice(d.options))
    assert kinds - set(_TEMPLATES) == set(), f"event kinds without a text: {kinds - set(_TEMPLATES)}"
    text = "\n".join(_frame(game.view(state, 0), 0))
    assert "Game over" in text and "Threat" in text and "Negan" in text


def test_the_frame_shows_the_header_survivors_and_pieces() -> None:
    """Header (scenario, goal, round, phase, Threat band and Security value, First Player),
    the Survivors table and Negan's Stamina; the map draws Survivors by their number in the
    table (1-5), so none looks like a door ``D`` or an Entry Point ``l``."""
    state = deploy_all(new_game(1, scenario=2, survivors=3))
    s = state.survivors[0]
    s.damage, s.bitten, s.plus = 2, True, 1
    text = "\n".join(_frame(game.view(state, 0), 0))
    assert "Scenario 2: Anyone Home?" in text and "Goal: Get Negan onto the EXIT" in text
    assert "Round 1" in text and "Survivor Phase" in text and "First Player: seat 0" in text
    assert "Threat 1/19" in text and "Security value" in text
    assert "3/5" in text and "Bitten" in text and "+1x1" in text
    assert "Negan 8/8 Stamina" in text
    board = load_scenario(2, 3)
    x, y = board.xy(s.space)
    picture = text.split("\n")[2:]  # under the column numbers (tens, units)
    margin = coords_width(board)
    assert picture[2 * y + 1][margin + 2 * x + 1] == "1"
    assert picture[2 * y + 1][:margin].strip() == str(y)
    assert " 1    Dwight " in text or " 1  > Dwight " in text


def test_map_marks_fire_secured_rooms_and_negans_route() -> None:
    """Fire ``^``, a secured room's Security token ``%``, Negan's route ``~`` (board
    render extended for the engine's state)."""
    state = deploy_all(new_game(2, scenario=1, survivors=5))
    board = load_scenario(1, 5)
    room, token = next(iter(board.security.items()))
    state.secured.append(room)
    fire = next(sp for sp in board.spaces() if sp not in board.security.values()
                and board.room_of(sp) is None and sp not in board.exits
                and all(sp != s.space for s in state.survivors))
    state.fire.append(fire)
    view = game.view(state, 0)["public"]
    lines = board_text(board, view_scene(view), fire=view["fire"]).splitlines()

    def glyph(space: int) -> str:
        x, y = board.xy(space)
        return lines[2 * y + 1][2 * x + 1]

    assert glyph(token) == "%" and glyph(fire) == "^"
    assert "~" in "\n".join(_frame(game.view(state, 0), 0))


def test_the_registry_finds_the_renderer() -> None:
    assert renderer(game) is render


def test_event_texts_use_names_labels_and_word_unknown_kinds() -> None:
    """Survivor ids become names, spaces their labels when the event carries them, and an
    unknown kind is worded from its arguments instead of failing."""
    assert TEXT(Event(1, "rep", {"survivor": "tara", "change": 2, "rep": 5, "why": "secure"}),
                None) == "Tara gains 2 Reputation (secure): now 5."
    assert "(3,4)" in TEXT(Event(2, "noise", {"space": 83, "at": "(3,4)", "why": "run"}), None)
    moved = TEXT(Event(3, "walker-moved", {"frm": 1, "to": 2, "frm_at": "(1,0)",
                                           "to_at": "(2,0)"}), None)
    assert moved == "A Walker moves from (1,0) to (2,0)."
    odd = TEXT(Event(4, "lucille-swung", {"survivor": "john", "count": 2}), None)
    assert odd == "Lucille swung: John, count 2."
    broken = TEXT(Event(5, "rep", {"survivor": "laura"}), None)
    assert "Laura" in broken


def test_option_groups_split_moves_and_actions() -> None:
    from zedlab.core import Action, Decision

    move = Decision(0, "move", (Action("step", 3), Action("open-door", 1), Action("jump", 9),
                                Action("stop", None)), "Move")
    assert option_paths(move) == (("Step to a space",), ("Open a door",),
                                  ("Jump a barricade",), ())
    act = Decision(0, "choose-action", (Action("action", "fight"), Action("action", "secure"),
                                        Action("plus-token", None), Action("end", None)), "")
    assert option_paths(act) == (("Attack",), ("Rooms and Supplies",), (), ())
    assert game.rules_reference("move")[0].startswith("Move")
    assert game.rules_reference("something-new")[1]


def test_play_command_and_make_take_scenario_and_survivors(tmp_path, monkeypatch) -> None:
    """``zedlab play heres-negan --scenario N --survivors K`` and ``zedlab.make(...,
    scenario=N, survivors=K)`` set the game up from the Config's own options."""
    from typer.testing import CliRunner

    import zedlab
    from zedlab.cli import app
    from zedlab.core.registry import registered

    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    with registered(game):
        match = zedlab.make("heres-negan", seed=1, scenario=3, survivors=4)
        assert match.state.scenario == 3 and len(match.state.survivors) == 4
        result = CliRunner().invoke(app, ["play", "heres-negan", "--scenario", "2",
                                          "--survivors", "3", "--bot", "0=heuristic",
                                          "--seed", "3", "--max-rounds", "5"])
    assert result.exit_code == 0, result.output
    assert "Scenario 2: Anyone Home?" in result.output and "Laura deploys" in result.output


def test_view_and_side_panel_show_last_cards_and_held_cards_with_their_texts() -> None:
    """Every card in view has its name and short text: the last card drawn from each deck
    (``last_cards``), held Supply cards and lasting Room cards; the side panel shows the last
    cards and the held cards with their texts, still within 100x40."""
    state = deploy_all(new_game(0, scenario=1, survivors=5))
    state.decks["event"].append("second-wind")
    assert draw(state, "event") == "second-wind"
    state.survivors[0].cards.append(state.decks["supply"][-1])
    state.lasting.append("pitch-black")
    public = game.view(state, 0)["public"]
    held = state.survivors[0].cards[0]
    assert public["last_cards"] == {"event": "second-wind"}
    texts = public["card_texts"]
    assert texts["second-wind"]["name"] == "Second Wind"
    assert "+1 Action" in texts["second-wind"]["text"]
    assert {held, "pitch-black", *state.survivors[1].equipped} <= set(texts)
    assert all(t["text"] for t in texts.values())
    lines = _frame(game.view(state, 0), 0)
    assert len(lines) <= 40 and max(len(line) for line in lines) <= 100
    joined = "\n".join(lines)
    assert "Event: Second Wind - Threat -1" in joined
    assert f"Dwight: {texts[held]['name']} - " in joined
    assert game.rules_reference("search")[0]


# -- the terminal for a first-time player ---------------------------------------------------------
IDS = re.compile(r"(?<!weapon )\bspace \d+|\bdoor \d+|\broom \d+|\b[a-z]+(?:-[a-z]+)+\b")
"""Internal ids a text must not show: space/door/room numbers and kebab-case card ids."""
ALLOWED = {"re-roll"}


def _leaks(text: str) -> list[str]:
    return [m.group(0) for m in IDS.finditer(text) if m.group(0) not in ALLOWED]


def _menu_lines(state, decision) -> int:  # type: ignore[no-untyped-def]
    """The longest listing of a decision at the terminal (top level or any group + back)."""
    from zedlab.cli.menus import menu_items, paths_for

    paths = paths_for(decision.options, game.option_groups(state, decision))
    if paths is None:
        return len(decision.options)
    longest = len(menu_items(decision.options, paths, ()))
    for path in set(paths):
        if path:
            longest = max(longest, len(menu_items(decision.options, paths, path)) + 1)
    return longest


@pytest.mark.parametrize("scenario", range(1, 13))
def test_screens_of_every_scenario_fit_name_things_and_keep_menus_short(scenario: int) -> None:
    """Scenarios 1-12 at 2-5 Survivors, random games: every frame fits 100 columns and at
    most 34 lines (a 31-row map and the key), 28 beside a map of up to 21 rows when the
    panel has 50 columns; no menu level lists more than 12 options; no event text, question
    or option shows an internal id (space, door or room numbers, card ids)."""
    for survivors in (2, 3, 4, 5):
        state = new_game(scenario * 7 + survivors, scenario=scenario, survivors=survivors,
                         players=min(2, survivors))
        board = load_scenario(scenario, survivors)
        chooser = RNG.from_seed(scenario * 10 + survivors)
        step = 0
        while True:
            for event in state.events:
                assert not _leaks(TEXT(event, 0)), TEXT(event, 0)
            state.events.clear()
            d = game.decision(state)
            if d is None:
                break
            menu = _menu_lines(state, d)
            assert menu <= 12, (d.kind, [o.label for o in d.options])
            assert not _leaks(d.prompt), d.prompt
            for o in d.options:
                assert not _leaks(o.label), o.label
            if step % 3 == 0:
                lines = _frame(game.view(state, 0), 0)
                assert max(len(line) for line in lines) <= 100
                wide = 100 - (2 * board.width + 1 + coords_width(board)) - 1 >= 50
                assert len(lines) <= (28 if board.height <= 10 and wide else 34), len(lines)
            game.apply(state, chooser.choice(d.options))
            step += 1


def test_every_event_kind_the_rules_emit_has_its_own_text() -> None:
    """Each kind passed to ``emit`` anywhere in the game (phases, abilities, campaign,
    scenario rules) has a text of its own, not the generic wording."""
    root = Path(__file__).resolve().parents[3] / "src" / "zedlab" / "games" / "heres_negan"
    kinds = set()
    for path in root.rglob("*.py"):
        kinds |= set(re.findall(r'emit\(\s*state,\s*"([a-z-]+)"', path.read_text()))
    assert len(kinds) > 100
    assert kinds - set(game.event_texts.templates) == set()


def test_at_80_columns_the_map_draws_whole_and_the_panel_goes_below() -> None:
    """A terminal narrower than map + panel: the map is drawn whole, the panel under it."""
    state = deploy_all(new_game(3, scenario=6, survivors=4))
    board = load_scenario(6, 4)
    console = Console(width=80, record=True, color_system=None)
    console.print(render(game.view(state, 0), 0))
    lines = console.export_text().split("\n")
    assert all(len(line) <= 80 for line in lines)
    picture = board_text(board).split("\n")
    margin = coords_width(board)
    drawn = lines[2:2 + len(picture)]  # under the column numbers (tens, units)
    assert [line[margin: margin + 2 * board.width + 1].rstrip() for line in drawn][0] == picture[0]
    below = "\n".join(lines[2 + len(picture):])
    assert "Scenario 6" in below and "Threat" in below


def test_map_glyphs_survivors_by_number_incapacitated_x_and_a_full_key() -> None:
    """Survivors are drawn by their number in the table (never a letter a door, deployment
    space or Entry Point uses), an Incapacitated one as ``x``; the key names every glyph the
    map can show; a piece under a model is named in the panel."""
    from zedlab.games.heres_negan.board.render import GLYPHS
    from zedlab.games.heres_negan.render import KEY

    state = deploy_all(new_game(4, scenario=1, survivors=4))
    board = load_scenario(1, 4)
    state.survivors[1].damage = state.survivors[1].stamina
    state.fire.append(state.survivors[0].space)
    text = "\n".join(_frame(game.view(state, 0), 0))
    rows = text.split("\n")[2:]  # under the column numbers (tens, units)

    def glyph(space: int) -> str:
        x, y = board.xy(space)
        return rows[2 * y + 1][coords_width(board) + 2 * x + 1]

    assert glyph(state.survivors[0].space) == "1"
    assert glyph(state.survivors[1].space) == "x"
    assert glyph(state.survivors[3].space) == "4"
    for ch in (*GLYPHS, "1-5", "x"):
        assert ch in KEY, ch
    assert len(KEY) <= 200  # two lines of a 100-column terminal
    assert f"fire under 1 Dwight {board.label(state.survivors[0].space)}" in " ".join(
        line.strip() for line in text.split("\n"))


def test_the_survivors_table_shows_seats_and_the_acting_survivor() -> None:
    """Several players: a Seat column; the Survivor acting now reads ``acting``, not
    ``done``; the Goal line gives the round limit."""
    state = deploy_all(new_game(5, scenario=2, survivors=3, players=2))
    d = game.decision(state)
    while d is not None and d.kind != "choose-action":
        game.apply(state, d.options[0])
        d = game.decision(state)
    view = game.view(state, 0)
    active = view["public"]["active"]
    assert active >= 0 and view["public"]["survivors"][active]["activated"]
    text = "\n".join(_frame(view, 0))
    assert "Seat" in text and "acting" in text and "done" not in text
    assert "Within 30 rounds" in text


def test_card_texts_are_whole_in_the_panel_and_in_the_questions_about_cards() -> None:
    """The longest Event text is shown whole (wrapped, not cut); the Event card's question
    and a found weapon's question carry the card's text; help gives every Survivor's special
    rule and every starting weapon."""
    state = deploy_all(new_game(6, scenario=1, survivors=2))
    c = cx(state)
    card = max(c.events, key=lambda k: len(c.events[k].text))
    state.decks["event"].append(card)
    draw(state, "event")
    flat = " ".join(line.strip() for line in _frame(game.view(state, 0), 0))
    assert " ".join(c.events[card].text.split()[-4:]) in flat
    chooser = next(k for k, e in c.events.items() if e.choose)
    push(state, EventSurvivor(card=chooser))
    d = game.decision(state)
    assert d is not None and c.events[chooser].text in d.prompt
    weapon = next(k for k, e in c.supply.items() if e.kind == "weapon")
    state.stack.clear()
    push(state, FoundWeapon(survivor=0, card=weapon))
    d = game.decision(state)
    assert d is not None and c.supply[weapon].text in d.prompt
    _, text = game.rules_reference("choose-action")
    for s in c.survivors.values():
        assert s.ability_text in text
    for w in c.weapons.values():
        assert w.name in text and w.text.rstrip(".") in text
    assert c.supply[weapon].text.rstrip(".") in game.rules_reference("search")[1]


def test_door_options_and_texts_say_which_door() -> None:
    """A door is named by the spaces it joins ("the door east of (2,0) (to (3,0))"), never by
    its number."""
    from zedlab.games.heres_negan.common import door_label

    board = load_scenario(1, 2)
    door = board.doors[0]
    ax, ay = board.xy(door.a)
    way = "east" if board.xy(door.b)[0] > ax else "south"
    assert door_label(board, 0, door.a) == (f"the door {way} of {board.label(door.a)} "
                                            f"(to {board.label(door.b)})")
    opened = TEXT(Event(1, "door-opened", {"door": 0, "door_at": door_label(board, 0)}), 0)
    assert opened == f"The door between {board.label(door.a)} and {board.label(door.b)} opens."


def test_wording_of_reputation_threat_securing_and_rage() -> None:
    """No "gains 0 Reputation"; securing a room does not claim a Threat change of its own
    (the Threat line does); a blocked way is not blamed on Survivors; card ids in reasons
    become card names."""
    zero = TEXT(Event(1, "rep", {"survivor": "laura", "change": 0, "rep": 0,
                                 "why": "Negan was hurt"}), 0)
    assert "0 Reputation" not in zero and "already 0" in zero
    assert "Threat" not in TEXT(Event(2, "room-secured", {"survivor": "dwight", "room": 3}), 0)
    rage = TEXT(Event(3, "negan-enraged", {"reasons": ["blocked"], "when": "move"}), 0)
    assert "Survivors" not in rage and "blocked" in rage
    threat = TEXT(Event(4, "threat", {"change": -1, "threat": 3, "why": "event brief-lull"}), 0)
    assert threat == "Threat -1 (event Brief Lull): now 3."
    moved = TEXT(Event(5, "negan-moves", {"frm": 1, "to": 4, "path": [2, 3, 4],
                                          "frm_at": "(1,0)", "to_at": "(4,0)"}), 0)
    assert moved == "Negan moves 3 spaces from (1,0) to (4,0)."


def test_the_outcome_names_the_top_dog_and_says_what_a_loss_scores() -> None:
    """A win: the Survivors won together and the Top Dog is named; a loss: the numbers are
    Reputation earned, not a score. Source: rulebook, "Winning", "Top Dog", "Losing"."""
    from zedlab.games.heres_negan.common import end

    state = deploy_all(new_game(7, scenario=2, survivors=3, players=2))
    state.survivors[1].rep = 6
    end(state, "win", "Negan reached the EXIT")
    out = game.outcome(state)
    assert out is not None and "won together" in out.reason and out.winners == (1,)
    view = game.view(state, 0)
    assert view["public"]["top_dog"] == {"names": ["Laura"], "seats": [1], "rep": 6,
                                         "score": 6}
    shown = "\n".join(_frame(view, 0))
    assert "Top Dog: Laura with 6 Reputation (seat 1)." in shown
    assert "The Survivors' score: 6" in shown
    lost = deploy_all(new_game(8, scenario=2, survivors=2))
    end(lost, "loss", "the Threat reached Max")
    out = game.outcome(lost)
    assert out is not None and out.winners == () and "lost together" in out.reason
    assert game.view(lost, 0)["public"]["top_dog"]["score"] is None


def test_the_terminal_help_log_and_scenario_option(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """``--scenario`` lists Scenarios 1-12 by name; a one-line log says "1 line"; ``help``
    gives the Survivors' special rules and the weapons."""
    from typer.testing import CliRunner

    from zedlab.cli import app
    from zedlab.core.registry import registered

    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    with registered(game):
        usage = CliRunner().invoke(app, ["play", "heres-negan", "--help"], terminal_width=100)
        played = CliRunner().invoke(app, ["play", "heres-negan", "--seed", "1"],
                                    input="log\nhelp\nquit\n")
    flat = " ".join(usage.output.split())
    assert "Scenario 1-12: 1 Training Day" in flat and "12 Chairman of the Board" in flat
    assert "Event log (1 line):" in played.output
    assert "Dwight: Fight white" in played.output and "Crossbow - Shoot weapon" in played.output


def test_focus_keeps_the_active_survivors_map_row_in_sight() -> None:
    """On a short terminal the table is cut around ``focus``: the drawn line it names is the
    map row holding the active Survivor (their number is drawn there)."""
    from zedlab.games.heres_negan.render import focus

    state = deploy_all(new_game(2, scenario=9, survivors=3))
    board = load_scenario(9, 3)
    checked = 0
    rng = RNG.from_seed(2)
    for _ in range(60):
        d = game.decision(state)
        if d is None:
            break
        view = game.view(state, 0)
        active = view["public"]["active"]
        if active >= 0 and view["public"]["survivors"][active]["space"] >= 0:
            console = Console(width=100, record=True, color_system=None)
            console.print(render(view, 0))
            lines = console.export_text().splitlines()
            line = lines[focus(view, lines)]
            assert str(active + 1) in line
            x, y = board.xy(view["public"]["survivors"][active]["space"])
            margin = coords_width(board)
            assert line[:margin].strip() == str(y)  # the row number at the left
            assert line[margin + 2 * x + 1] == str(active + 1)
            checked += 1
        game.step(state, d.options[rng.randbelow(len(d.options))])
    assert checked > 5


def test_the_map_numbers_its_columns_and_rows_as_options_name_spaces() -> None:
    """Options name spaces ``(x,y)``: the map has x above (tens over units from 10 on)
    and y at the left of each row of spaces, so a space can be found by its label."""
    board = load_scenario(4, 3)
    console = Console(width=100, record=True, color_system=None)
    console.print(render_board(board, legend=False, title=False, coords=True))
    lines = console.export_text().rstrip("\n").split("\n")
    margin = coords_width(board)
    tens, units, rows = lines[0], lines[1], lines[2:]
    for x in range(board.width):
        assert units[margin + 2 * x + 1] == str(x % 10)
        assert tens[margin + 2 * x + 1] == (str(x // 10) if x >= 10 else " ")
    for y in range(board.height):
        assert rows[2 * y + 1][:margin].strip() == str(y)
    picture = board_text(board).split("\n")
    assert [row[margin:].rstrip() for row in rows] == picture
    exit_x, exit_y = board.xy(next(iter(board.exits)))
    assert rows[2 * exit_y + 1][margin + 2 * exit_x + 1] == "X"


def test_a_cut_map_keeps_its_column_numbers_above_the_focus_rows() -> None:
    """A short terminal cuts the table around the active Survivor's row; the column
    numbers stay on top so a space's x can still be read."""
    from zedlab.cli.screen import Screen
    from zedlab.games.heres_negan.render import focus, pinned

    state = deploy_all(new_game(2, scenario=4, survivors=3))
    board = load_scenario(4, 3)
    view = game.view(state, 0)
    active = max(range(3), key=lambda n: board.xy(state.survivors[n].space)[1])
    view["public"]["active"] = active
    console = Console(width=80, record=True, color_system=None, height=24)
    screen = Screen(console, focus, pinned=pinned)
    rendered = console.render_lines(render(view, 0), console.options.update(width=80), pad=False)
    kept = ["".join(seg.text for seg in line) for line in screen._crop(rendered, view, 12, 80)]
    assert kept[1].split()[:3] == ["0", "1", "2"]  # the units line of the column numbers
    y = board.xy(state.survivors[active].space)[1]
    assert any(line[:coords_width(board)].strip() == str(y) for line in kept[2:])


def test_legend_says_a_space_is_named_column_then_row_as_the_map_numbers_them() -> None:
    """A space is named "(c,r)": the column (numbered along the top of the map) then the
    row (numbered at the left). The legend says so, and every deploy option's name points
    at a deploy mark (d) in that column of that row of the compact map (rulebook "Set-up":
    Survivors start on the deployment spaces)."""
    from zedlab.cli.render import legend_text
    from zedlab.games.heres_negan.compact import map_rows

    text = legend_text(game)
    assert "(c,r): column, row" in text
    assert "column is numbered along the top" in text and "row at the left" in text
    state = new_game(1, scenario=1, survivors=2)
    d = game.decision(state)
    assert d is not None and d.kind == "deploy"
    head, rows, _width = map_rows(game.view(state, 0)["public"])
    margin = len(str(len(rows) - 1))
    checked = 0
    for option in d.options:
        found = re.fullmatch(r"deploy at \((\d+),(\d+)\)", option.label)
        assert found, option.label
        col, row = int(found[1]), int(found[2])
        assert head.plain[margin + 1 + 2 * col] == str(col % 10)
        assert rows[row].plain[:margin].strip() == str(row)
        assert rows[row].plain[margin + 1 + 2 * col] == "d", (option.label, rows[row].plain)
        checked += 1
    assert checked >= 2


def test_the_compact_panel_wraps_the_goal_with_a_hanging_indent_when_it_has_room() -> None:
    """Scenario 1 (Win Conditions): at 80 columns the compact panel beside the map gives the
    scenario's goal (and the other last lines, such as what lies under models) the lines
    it has room for, the lines after the first indented, instead of cutting it at one line."""
    from rich.text import Text

    from zedlab.core import Match
    from zedlab.games.heres_negan.compact import compact_table, hanging
    from zedlab.games.heres_negan.render import goal

    match = Match.new(game, {}, seed=3)
    view = match.game_view(0)
    console = Console(width=80, color_system=None, record=True)
    console.print(compact_table(view, 0, width=80, height=10))
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if "Scenario 1 " in line)
    column = lines[at].index("Scenario 1 ")
    said = [lines[at][column:].strip()] + [line[column:] for line in lines[at + 1:]]
    assert all(line.startswith("  ") and line.strip() for line in said[1:]) and len(said) > 1
    assert " ".join(part.strip() for part in said).endswith(goal(1, 2))
    assert all(len(line) <= 80 for line in lines) and len(lines) <= 10
    assert hanging(Text("Under models: fire under 1 Dwight (3,4)"), 20, 1).plain.endswith("…")


def _compact_lines(config: dict, steps: int, height: int) -> list[str]:
    from zedlab.core import Match
    from zedlab.games.heres_negan.compact import compact_table

    match = Match.new(game, config, seed=7)
    chooser = RNG.from_seed(1)
    for _ in range(steps):
        decision = match.decision
        match.play(decision.options[chooser.randbelow(len(decision.options))])
    console = Console(width=80, color_system=None, record=True)
    console.print(compact_table(match.game_view(0), 0, width=80, height=height))
    return [line.rstrip() for line in console.export_text().splitlines()]


def test_the_compact_panel_at_80_columns_keeps_survivors_and_status_whole() -> None:
    """At 80 columns: five Survivors under the Supply Run map are paired two a line only
    where both fit half the line whole, so no weapon or Supply card is cut; a solo game's
    status lines beside a map fit the panel (no First Player, which a single seat always
    is; the Security value beside Negan); a Survivor wrapped in the panel has its later
    line indented."""
    lines = _compact_lines({"scenario": 6, "survivors": 5}, 40, 14)
    survivors = [line for line in lines if re.match(r"^\d[ >]\w+ \d+/\d+ R\d", line)]
    assert len(survivors) >= 3 and not any("…" in line for line in survivors), "\n".join(lines)
    beside = _compact_lines({"scenario": 9, "survivors": 4}, 12, 8)
    status = [line[line.index("Round "):] for line in beside if "Round " in line]
    status += [line[line.index("Threat "):] for line in beside if "Threat " in line]
    status += [line[line.index("Negan "):] for line in beside if "Negan " in line]
    assert len(status) == 3 and not any("…" in line for line in status), "\n".join(beside)
    assert "First Player" not in status[0] and "Security " in status[2]
    roomy = _compact_lines({"scenario": 9, "survivors": 4}, 12, 14)
    at = next(i for i, line in enumerate(roomy) if re.search(r"\d Dwight \d", line))
    column = re.search(r"\d Dwight", roomy[at]).start()
    assert roomy[at + 1][column:].startswith("  ") and roomy[at + 1][column:].strip(), "\n".join(roomy)
