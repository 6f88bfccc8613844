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
]


def _lines(console: Console, thing: Any, width: int = 80) -> list[str]:
    rendered = console.render_lines(thing, console.options.update(width=width), pad=False)
    return ["".join(seg.text for seg in line).rstrip() for line in rendered]


@pytest.mark.parametrize(("name", "config"), CASES, ids=[c[0] for c in CASES])
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


def test_heres_negan_has_no_compact_table_and_keeps_its_cut() -> None:
    """A game without ``render_compact`` is drawn as before (its focus cut)."""
    assert compact_for(zedlab.get("heres-negan")) is None
    assert compact_for(zedlab.get("dont-look-back")) is not None


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
