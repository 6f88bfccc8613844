"""The compact tables of the terminal (``render_compact`` in a game's render module): drawn
at 80 columns they stay within a small terminal's room through a whole seeded game, and
the screen picks them only when the whole table does not fit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

import zedlab
from zedlab.cli.keys import KeyedLine
from zedlab.cli.menus import MenuItem
from zedlab.cli.render import compact_for, compact_view, render_view
from zedlab.cli.screen import Screen
from zedlab.core import RNG, Match

CASES = [
    ("dont-look-back", {"players": 4}),
    ("run-fight-or-die", {"players": 4}),
    ("if-im-going-down", {"players": 4, "scenario": "the-intersection"}),
    ("survive-alive", {"players": 4}),
    ("heres-negan", {"scenario": 3, "survivors": 4}),
    ("heres-negan", {"scenario": 6, "survivors": 5}),
]


def _lines(console: Console, thing: Any, width: int = 80) -> list[str]:
    rendered = console.render_lines(thing, console.options.update(width=width), pad=False)
    return ["".join(seg.text for seg in line).rstrip() for line in rendered]


@pytest.mark.parametrize(("name", "config"), CASES,
                         ids=[c[0] + "".join(f"-{v}" for v in c[1].values()) for c in CASES])
def test_the_compact_table_fits_a_small_terminal_all_game_long(name: str, config: dict[str, Any]) -> None:
    """Four players, a seeded random game: at every decision the compact table is at most
    15 lines of at most 80 columns (the whole table runs to 30-90 lines)."""
    game = zedlab.get(name)
    console = Console(width=80, no_color=True, color_system=None)
    match = Match.new(game, config, seed=7)
    rng = RNG.from_seed(1)
    longest = 0
    while not match.over and len(match.steps) < 400:
        decision = match.decision
        assert decision is not None
        view = match.game_view(decision.player)
        lines = _lines(console, compact_view(game, view, decision.player, 80, 14))
        assert all(len(line) <= 80 for line in lines), "\n".join(lines)
        longest = max(longest, len(lines))
        match.play(decision.options[rng.randbelow(len(decision.options))])
    assert 0 < longest <= 15


def test_every_game_has_a_compact_table() -> None:
    """Each game draws a compact table for small terminals (Here's Negan's keeps the map
    rows around the Survivors)."""
    for name in ("dont-look-back", "heres-negan", "if-im-going-down", "run-fight-or-die", "survive-alive"):
        assert compact_for(zedlab.get(name)) is not None, name


def _screen(rows: int) -> tuple[Console, Screen]:
    console = Console(width=80, height=rows, force_terminal=True, color_system=None, record=True)
    return console, Screen(console)


@pytest.mark.parametrize("rows", [24, 60])
def test_the_screen_draws_the_compact_table_only_when_the_whole_one_does_not_fit(rows: int) -> None:
    """Don't Look Back, 2 players: at 80x24 the screen shows the compact table's Sector lines
    and no cut note; at 80x60 the whole table (its Scorepad)."""
    game = zedlab.get("dont-look-back")
    match = Match.new(game, {}, seed=5)
    for _ in range(4):
        decision = match.decision
        assert decision is not None
        match.play(decision.options[0])
    decision = match.decision
    assert decision is not None
    seat = decision.player
    view = match.game_view(seat)
    console, screen = _screen(rows)
    options = [KeyedLine(str(i + 1), MenuItem(o.label, o, ()), o.label)
               for i, o in enumerate(decision.options)]
    screen.draw("Seat 0 to choose", render_view(game, view, seat), view, ["an event"], 1,
                "Choose", options, False, "(hint)",
                lambda width, height: compact_view(game, view, seat, width, height))
    text = console.export_text()
    lines = text.splitlines()
    assert len(lines) <= rows - 2, text  # the prompt and its line are still to come
    assert "not shown" not in text
    if rows == 24:
        assert any(line.startswith("Sector 1: ") for line in lines), text
        assert "Scorepad" not in text
    else:
        assert "Scorepad" in text and not any(line.startswith("Sector 1: ") for line in lines)


MOVES = [f"Move to Sector {n} ({n} Walkers and the Survivors there)" for n in range(1, 7)]


def _option_lines(labels: list[str]) -> list[KeyedLine]:
    from zedlab.core.engine import Action

    return [
        KeyedLine(str(i + 1), MenuItem(label, Action("move", i, label), ()), label)
        for i, label in enumerate(labels)
    ]


@pytest.mark.parametrize("columns", [1, 2, 3])
def test_cut_option_labels_stay_apart_and_say_they_are_cut(columns: int) -> None:
    """At 40 columns six labels that differ only at their end are cut so that each still
    shows its own end (not "Move t…" six times), and a line says they were cut."""
    from zedlab.cli.screen import CUT_NOTE, option_block

    console = Console(width=40, no_color=True, color_system=None)
    block = option_block(_option_lines(MOVES), 40, columns, True, False)
    lines = _lines(console, block, 40)
    assert lines[-1] == CUT_NOTE.rstrip()
    shown = dict(m for line in lines[:-1] for m in re.findall(r"(\d)\) (.+?)\s*(?=\s\d\) |$)", line))
    assert sorted(shown) == list("123456") and len(set(shown.values())) == 6, lines
    for key, label in shown.items():
        assert key in label, lines  # the sector's number is in sight
    wide = _lines(console, option_block(_option_lines(MOVES), 200, 1, True, False), 200)
    assert CUT_NOTE.strip() not in "\n".join(wide) and len(wide) == 6


def _draw_dlb(rows: int, events: list[str], new: int) -> list[str]:
    game = zedlab.get("dont-look-back")
    match = Match.new(game, {}, seed=5)
    decision = match.decision
    assert decision is not None
    seat = decision.player
    view = match.game_view(seat)
    console, screen = _screen(rows)
    options = [KeyedLine(str(i + 1), MenuItem(o.label, o, ()), o.label)
               for i, o in enumerate(decision.options)]
    screen.draw("Seat 0 to choose", render_view(game, view, seat), view, events, new,
                "Choose", options, False, "(hint)",
                lambda width, height: compact_view(game, view, seat, width, height))
    return console.export_text().splitlines()


LONG_EVENTS = [
    "Seat 1 attacks the Walkers in Sector 2 with the Crossbow: 5 dice, 3 hits and 2 misses,"
    " so 3 Walkers are killed there",
    "Seat 0 drew Sled from the Search deck and keeps it in place of the Revolver Butt it had",
    "The Survivor must move into the targeted space before the attack, so seat 0 moves to"
    " Sector 4 first",
]


def _event_block(lines: list[str]) -> list[str]:
    """The event lines: from the first marked or noted one to the line before the question."""
    end = next(i for i, line in enumerate(lines) if line.startswith("Choose"))
    start = next(i for i, line in enumerate(lines) if line.startswith(("• ", "  (")))
    return lines[start:end]


def test_the_last_events_are_shown_whole_and_wrapped_between_words() -> None:
    """80x24: an event longer than a line is wrapped (no "…"), its later lines indented,
    every word of the newest event shown; the news left out for room are counted with the
    ``log N`` that lists them."""
    lines = _draw_dlb(24, LONG_EVENTS, 3)
    block = _event_block(lines)
    assert not any("…" in line for line in block), "\n".join(lines)
    assert all(len(line) <= 80 for line in lines)
    shown = " ".join(line[2:].strip() for line in block if not line.startswith("  ("))
    assert LONG_EVENTS[-1] in shown, "\n".join(block)
    assert block[0].strip() in {"(1 earlier: log 3)", "(2 earlier: log 3)"}, "\n".join(block)
    for line in block[1:]:
        assert line.startswith(("• ", "  ")) and not line.startswith("   "), "\n".join(block)


def test_events_that_fit_are_all_shown_whole() -> None:
    """News that fit in the three event lines of 80x24 are all shown, none cut, no note."""
    events = ["Seat 1 rolls 5 dice against the Walkers of Sector 2: 3 hits and 2 misses, so"
              " two of them are left standing", "Seat 0 searches"]
    lines = _draw_dlb(24, ["older event", *events], 2)
    block = _event_block(lines)
    assert len(block) == 3 and not any("…" in line or "earlier" in line for line in block)
    assert " ".join(line[2:] for line in block) == " ".join(events), "\n".join(lines)


def _compact_after(name: str, config: dict[str, Any], steps: int, height: int) -> list[str]:
    game = zedlab.get(name)
    match = Match.new(game, config, seed=7)
    rng = RNG.from_seed(1)
    for _ in range(steps):
        decision = match.decision
        assert decision is not None
        match.play(decision.options[rng.randbelow(len(decision.options))])
    decision = match.decision
    assert decision is not None
    console = Console(width=80, no_color=True, color_system=None)
    return _lines(console, compact_view(game, match.game_view(decision.player), decision.player, 80, height))


def test_dont_look_back_compact_heading_wraps_between_words_rather_than_cut() -> None:
    """Don't Look Back, 4 players, the Prison: the heading (Location, decks, the Location's
    ability) is longer than 80 columns; in 14 lines it takes two, broken between words, and
    the ability is read to its end."""
    lines = _compact_after("dont-look-back", {"players": 4}, 10, 14)
    assert len(lines) <= 14, "\n".join(lines)
    assert lines[0].startswith("The Prison") and not lines[0].endswith("…"), "\n".join(lines)
    head = lines[0] + " " + lines[1]
    assert head.endswith("at End of Turn."), "\n".join(lines)


def test_if_im_going_down_compact_score_wraps_rather_than_cut() -> None:
    """If I'm Going Down, the Intersection, 4 players: the score line (the Kill-O-Meter's
    Low and High, the tier, the Fate deck) runs past 80 columns; in 14 lines it takes two
    whole lines instead of ending in "…"."""
    lines = _compact_after("if-im-going-down", {"players": 4, "scenario": "the-intersection"}, 10, 14)
    assert len(lines) <= 14, "\n".join(lines)
    at = next(i for i, line in enumerate(lines) if line.startswith("Turn "))
    assert not lines[at].endswith("…") and lines[at + 1].startswith("Fate deck "), "\n".join(lines)


def test_options_go_in_columns_only_when_every_label_fits_its_column_whole() -> None:
    """80x24, sixteen options of about 50 columns beside a table: two columns would cut
    every label; one column shows each whole on its line."""
    from rich.text import Text

    labels = [f"Run: move a Zombie from Zone {i % 3 + 1} back to the Horde pile {i}" for i in range(16)]
    options = [KeyedLine(str(i + 1), MenuItem(label, None, ()), label) for i, label in enumerate(labels)]
    console, screen = _screen(24)
    table = Text("\n".join(f"table line {n}" for n in range(8)))
    screen.draw("Seat 0 to choose", table, None, [], 0, "Choose", options, False, "(hint)")
    lines = console.export_text().splitlines()
    assert not any("…" in line for line in lines if ") Run:" in line), "\n".join(lines)
    for i, label in enumerate(labels):
        assert any(line.strip() == f"{i + 1}) {label}" for line in lines), "\n".join(lines)


def test_dont_look_back_miss_boxes_stay_together_on_a_line() -> None:
    """Don't Look Back, the Katana rolls 5 5 1 1 2 2 2 against Sector 5: the dice line
    (saved [5][5], five misses) is longer than 80 columns; the five miss boxes go to the
    next line together instead of being broken between their brackets."""
    from tests.games.dont_look_back.helpers import table

    game = zedlab.get("dont-look-back")
    state = table(["rick", "daryl"], walkers={5: 1}, spaces=[4, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[5, 5, 1, 1, 2, 2, 2])
    game.apply(state, next(a for a in game.decision(state).options if a.value == "katana"))
    view = game.view(state, 0)
    console = Console(width=80, no_color=True, color_system=None)
    for drawn in (render_view(game, view, 0), compact_view(game, view, 0, 80, 14)):
        lines = _lines(console, drawn)
        assert "Misses: [✗][✗][✗][✗][✗]" in lines, "\n".join(lines)
        assert any(line.endswith("Saved: [5][5]") for line in lines), "\n".join(lines)


def test_survive_alive_offered_characters_take_two_lines_cut_between_words() -> None:
    """Survive Alive, seed 5, the first character draft: the offered characters' abilities
    run past two lines of 80 columns; they take exactly two, broken between words (no word
    broken at the edge, the cut word not pushed to a third line)."""
    game = zedlab.get("survive-alive")
    match = Match.new(game, {}, seed=5)
    console = Console(width=80, no_color=True, color_system=None)
    lines: list[str] = []
    for _ in range(6):
        decision = match.decision
        assert decision is not None
        view = match.game_view(decision.player)
        lines = _lines(console, compact_view(game, view, decision.player, 80, 14))
        if any(line.startswith("Offered: ") for line in lines):
            break
        match.play(decision.options[0])
    at = next(i for i, line in enumerate(lines) if line.startswith("Offered: "))
    assert lines[at + 1].endswith("…") and not lines[at + 2].startswith(("t", "…")), "\n".join(lines)
    words = set(" ".join(lines[at : at + 2]).replace("…", "").split())
    every = set(" ".join(lines[at : at + 2]).split()[:-1])
    assert every <= words


def test_heres_negan_cut_map_gets_the_rows_the_card_texts_would_take() -> None:
    """Here's Negan at 80x24 drawn without its compact table: when the table must be cut, the options
    leave out the card texts beside them (``info`` gives them) so the map keeps more rows
    in sight, every label still whole."""
    from zedlab.games.heres_negan import render as hn

    game = zedlab.get("heres-negan")
    match = Match.new(game, {}, seed=5)
    while (decision := match.decision) is not None and not any(
        o.label.startswith("activate") for o in decision.options
    ):
        match.play(decision.options[0])
    assert decision is not None
    seat = decision.player
    view = match.game_view(seat)
    console = Console(width=80, height=24, force_terminal=True, color_system=None, record=True)
    texts = {"Dwight": "Runner: white Fight, white Shoot, red Defense, 5 Stamina. After Running"
             " he may re-roll the Action die that decides whether he makes NOISE.",
             "Laura": "Shooter: red Fight, white Shoot, red Defense, 5 Stamina. Her two Actions"
             " in an activation may be the same Action (two Shoots, two Moves)."}
    screen = Screen(console, hn.focus, texts, pinned=hn.pinned)
    options = [KeyedLine(str(i + 1), MenuItem(o.label, o, ()), o.label)
               for i, o in enumerate(decision.options)]
    events = ["Dwight deploys at (0,2).", "Laura deploys at (1,2).", "Round 1 begins."]
    screen.draw("Seat 0 to choose", render_view(game, view, seat), view, events, 2,
                "Which Survivor acts now?", options, False, "(hint)")
    lines = console.export_text().splitlines()
    assert len(lines) <= 22, "\n".join(lines)
    map_rows = [line for line in lines if re.match(r"\s*\d+\|", line)]
    assert len(map_rows) >= 5, "\n".join(lines)
    for i, option in enumerate(decision.options):
        assert any(f"{i + 1}) {option.label}" in line for line in lines), "\n".join(lines)


def test_dont_look_back_compact_table_never_takes_more_lines_than_it_is_given() -> None:
    """A Sector a line only when everything under the Sectors still fits the height the
    screen gives: a long dice or result line that wraps makes the table put two Sectors a
    line instead, so the screen never cuts the last Sectors (where a Survivor may stand)
    off. Seeded 2- and 4-player games, every decision, heights 12 to 20."""
    from zedlab.core.textfit import line_count
    from zedlab.games.dont_look_back.render import render_compact

    game = zedlab.get("dont-look-back")
    tight = 0
    for players, seed in ((2, 3), (4, 7), (4, 11)):
        match = Match.new(game, {"players": players}, seed=seed)
        rng = RNG.from_seed(seed)
        while not match.over and len(match.steps) < 300:
            decision = match.decision
            assert decision is not None
            view = match.game_view(decision.player)
            least = line_count(render_compact(view, decision.player, width=80, height=0), 80)
            for height in range(12, 21):
                lines = line_count(render_compact(view, decision.player, width=80, height=height), 80)
                assert lines <= max(height, least), (height, lines, least)
                tight += lines == height
            match.play(decision.options[rng.randbelow(len(decision.options))])
    assert tight > 0


def test_heres_negan_compact_table_keeps_the_acting_survivor_in_the_lines_it_is_given() -> None:
    """Here's Negan, seeded games on the 15-row Clearing House and the 30-column Supply Run,
    every decision, heights 8 to 16 at 80 columns: the compact table never takes more lines
    than it is given, the acting Survivor's map row is among the rows drawn, and when rows
    are left out a line names the rows shown (the row numbers at the left agree)."""
    from zedlab.core.textfit import line_count
    from zedlab.games.heres_negan.render import render_compact, view_board

    game = zedlab.get("heres-negan")
    console = Console(width=80, no_color=True, color_system=None)
    cut = 0
    for config, seed in (({"scenario": 3, "survivors": 3}, 2), ({"scenario": 6, "survivors": 5}, 3)):
        match = Match.new(game, config, seed=seed)
        rng = RNG.from_seed(seed)
        while not match.over and len(match.steps) < 200:
            decision = match.decision
            assert decision is not None
            view = match.game_view(decision.player)
            public = view["public"]
            active = public["active"]
            width = view_board(public).width
            row = public["survivors"][active]["space"] // width if active >= 0 else -1
            for height in (8, 12, 16):
                drawn = render_compact(view, decision.player, width=80, height=height)
                assert line_count(drawn, 80) <= height
                lines = _lines(console, drawn)
                rows = [int(m.group(1)) for line in lines if (m := re.match(r"^\s*(\d+)\s*\|", line))]
                if row >= 0:
                    assert row in rows, (height, row, "\n".join(lines))
                note = next((m for line in lines if (m := re.search(r"Map rows? (\d+)(?:-(\d+))? of", line))), None)
                if note is not None:
                    cut += 1
                    last = int(note.group(2) or note.group(1))
                    assert rows == list(range(int(note.group(1)), last + 1)), "\n".join(lines)
                else:
                    assert len(rows) == (10 if config["scenario"] == 6 else 15), "\n".join(lines)
            match.play(decision.options[rng.randbelow(len(decision.options))])
    assert cut > 0


def test_survive_alive_build_list_fits_a_small_terminal() -> None:
    """Survive Alive, "1. Spend Resource Cubes": with cubes for every facility, the opened
    "Build a facility" group (a dozen kinds, each with its card's text) is listed within
    80x24 with its question, hint and prompt, every kind's key still shown; at a larger
    terminal the card texts stay beside it."""
    from zedlab.cli.keys import KeyBook
    from zedlab.games.survive_alive.menus import BUILD
    from zedlab.games.survive_alive.rules import CUBE_INDEX

    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 1}, seed=3)
    while (decision := match.decision) is not None and decision.kind != "spend":
        match.play(decision.options[0])
    assert decision is not None
    cubes = match.state.players[decision.player].cubes
    for colour in ("wood", "metal", "brick", "food", "herb", "cloth"):
        cubes[CUBE_INDEX[colour]] = 9
    decision = match.decision
    assert decision is not None
    book = KeyBook()
    book.see(decision, game.option_groups(match.state, decision), True)
    listing = book.listing((BUILD,))
    assert len(listing) >= 9
    texts = dict(game.card_texts(match.content))
    for rows, notes in ((24, False), (60, True)):
        console = Console(width=80, height=rows, force_terminal=True, color_system=None, record=True)
        Screen(console, None, texts).options_plain(
            f"Seat 0 (you): Spend your cubes?  [{BUILD}]", listing, True, "(key = choose | help)"
        )
        text = console.export_text()
        lines = text.splitlines()
        assert len(lines) <= rows - 2, text  # the prompt and its line still to come
        for line in listing:
            assert f"{line.key}) " in text
        assert ("(Barricade: " in text) == notes


def test_dont_look_back_compact_heading_takes_the_same_lines_all_game() -> None:
    """Don't Look Back at 80 columns, 14 lines, seeded games of 1-4 players through their
    Locations: the heading takes two lines on every turn (a blank second line when it
    fits one), so the Sectors never move up or down a line from one screen to the next."""
    game = zedlab.get("dont-look-back")
    console = Console(width=80, no_color=True, color_system=None)
    at: set[int] = set()
    for seed, players in ((1, 3), (2, 4), (3, 1)):
        match = Match.new(game, {"players": players}, seed=seed)
        rng = RNG.from_seed(seed)
        while not match.over and len(match.steps) < 800:
            decision = match.decision
            assert decision is not None
            lines = _lines(console, compact_view(game, match.game_view(decision.player), decision.player, 80, 14))
            at.add(next(i for i, line in enumerate(lines) if line.startswith("Sector 1")))
            match.play(decision.options[rng.randbelow(len(decision.options))])
    assert at == {2}, at
