"""``zedlab play`` on a very small terminal (40x12): the screen of a decision keeps its
title line and its prompt in sight, cutting the option list rather than scrolling the
title away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text

from zedlab.cli.keys import KeyedLine
from zedlab.cli.menus import MenuItem
from zedlab.cli.screen import Screen
from zedlab.core.engine import Action

from .test_terminal import Terminal

pytest.importorskip("pexpect")


def test_at_40x12_the_title_stays_above_a_long_option_list(tmp_path: Path) -> None:
    """Survive Alive's draft at 40x12 (six Character cards, each label longer than a
    line): the "to choose" title is on screen, over the question and the prompt."""
    term = Terminal(["play", "survive-alive", "--seed", "3", "--players", "3", "--fast"], tmp_path,
                    rows=12, cols=40)
    term.wait()
    term.type("1")
    term.wait()
    lines = term.lines
    text = "\n".join(lines)
    assert "Which Character" in text, text
    titles = [i for i, line in enumerate(lines) if re.search(r"\(you\) to choose", line)]
    assert titles, text
    assert lines[-1].startswith("choose ") or any(ln.startswith("choose ") for ln in lines[-2:]), text
    term.child.terminate(force=True)


def test_a_cut_option_list_says_how_many_lines_show_lists() -> None:
    """Nine options at 40x12: the screen is at most 10 lines (the prompt and its line
    follow), the title first; the options are cut with a note naming ``show``."""
    console = Console(width=40, height=12, force_terminal=True, color_system=None, record=True)
    labels = [f"Build a facility number {n} on the side" for n in range(1, 10)]
    lines = [KeyedLine(str(n), MenuItem(t, Action("b", n, t), ()), t) for n, t in enumerate(labels, 1)]
    Screen(console).draw("Seat 0 (you) to choose", Text("table line\n" * 5), None, ["one", "two"], 2,
                         "Which one do you build?", lines, True, "(or type: undo, help)")
    shown = console.export_text().splitlines()
    assert len(shown) <= 10, "\n".join(shown)
    assert shown[0].startswith("Seat 0 (you) to choose"), "\n".join(shown)
    assert "1) Build" in "\n".join(shown)
    assert "show lists them all" in shown[-2], "\n".join(shown)
