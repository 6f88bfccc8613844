"""Event lines too long for the terminal's width: their later lines keep the indent of the
text (a hanging indent), after a bot's move and in ``log``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

import zedlab
from zedlab.cli.session import HUMAN, Session
from zedlab.core import Match


def _played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """Don't Look Back at a 40-column terminal: Rick chosen, the bots' moves, then ``log``;
    the lines printed and the seat's event lines."""
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    match = Match.new(zedlab.get("dont-look-back"), {}, seed=3)
    out = io.StringIO()
    answers = iter(["1", "", "", "log", "quit"])

    def read_line(prompt: str) -> str:
        answer = next(answers, "quit")
        out.write(f"{prompt}{answer}\n")
        return answer

    console = Console(file=out, width=40, height=24, force_terminal=True, color_system=None)
    session = Session(match, [HUMAN, "heuristic"], console, read_line, interactive=True)
    session.run()
    return out.getvalue().splitlines(), session.history[0]


def test_a_wrapped_log_line_continues_under_its_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``log`` numbers each event; a line too long for 40 columns goes on under its text
    (column 7), never at the first column, and reads back as the event."""
    lines, events = _played(tmp_path, monkeypatch)
    start = max(i for i, line in enumerate(lines) if line.startswith("Event log ("))
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("choose "))
    block = lines[start + 1 : end]
    assert all(len(line) <= 40 and line.startswith("   ") for line in block), "\n".join(block)
    assert any(re.match(r"^      \S", line) for line in block), "\n".join(block)
    entries = re.split(r"\n(?=\s{0,3}\d+  )", "\n".join(block))
    assert [" ".join(e.split()[1:]) for e in entries] == [" ".join(e.split()) for e in events]


def test_a_wrapped_event_after_a_bot_move_keeps_its_indent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The events printed after a bot's move are indented four columns; their wrapped
    lines are too."""
    lines, _ = _played(tmp_path, monkeypatch)
    start = next(i for i, line in enumerate(lines) if line == "    Seat 1 plays Daryl Dixon.")
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("Seat 1 (heuristic"))
    block = lines[start:end]
    assert len(block) > 2 and all(line.startswith("    ") for line in block), "\n".join(block)
