"""The first screen of a continued game (``--resume``, ``--load``) at 80x24: the start-up
lines stay in sight over it only as far as its table loses no line by them."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

import zedlab
from zedlab.cli.session import HUMAN, Session
from zedlab.core import Match

CUT_NOTE = "lines of the table not shown"


def _continued(steps: int, seed: int) -> Match:
    """Don't Look Back after ``steps`` random choices, replayed from its record as
    ``zedlab play --load`` does."""
    game = zedlab.get("dont-look-back")
    match = Match.new(game, {}, seed=seed)
    rng = random.Random(seed)
    while len(match.steps) < steps:
        match.play(rng.choice(match.decision.options))
    return Match.replay(match.record, game)


def test_a_continued_game_shows_its_whole_table_under_the_start_up_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two Survivors in the Prison, nine options at 80x24 under four start-up lines: the
    table keeps its Location line and its Survivor header (nothing cut), and the screen
    from its title line to the prompt fits the terminal."""
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    match = _continued(20, seed=1)
    assert match.decision.player == 0 and len(match.decision.options) == 9
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        out.write(prompt + "\n")
        return "quit"

    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    intro = [
        "The Walking Dead: Don't Look Back (rules v5), seed 1",
        "Continuing saved.json after 20 actions.",
        "Seats: Seat 0 (you), Seat 1 (heuristic bot)",
        "Type help at any prompt for the rules of the moment and the commands.",
    ]
    Session(match, [HUMAN, "heuristic"], console, read_line).run(intro)
    lines = out.getvalue().splitlines()
    title = next(i for i, line in enumerate(lines) if "(you) to choose ─" in line)
    prompt = next(i for i in range(title, len(lines)) if lines[i].startswith("choose "))
    screen = lines[title : prompt + 1]
    assert not any(CUT_NOTE in line for line in screen), "\n".join(screen)
    assert any(line.startswith("The Prison: ") for line in screen), "\n".join(screen)
    assert any(line.startswith("Survivor ") for line in screen), "\n".join(screen)
    assert len(screen) <= 23, "\n".join(screen)
