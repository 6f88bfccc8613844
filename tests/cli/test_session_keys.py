"""At the prompt: several keys in one line, and undo against bots or between people
(:class:`zedlab.cli.session.Session`, driven in this process with typed lines)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import zedlab
from zedlab.cli.render import make_console
from zedlab.cli.session import HUMAN, Session, default_seats
from zedlab.core import Match


def _play(name: str, seed: int, typed: list[str], seats: list[str] | None = None) -> tuple[Match, str]:
    """Play ``name`` with ``typed`` at the prompts (Enter at any other question), then quit."""
    game = zedlab.get(name)
    match = Match.new(game, {}, seed=seed)
    seats = seats or default_seats(game.seats(match.config), game.bot_kinds())
    out = io.StringIO()
    lines = iter([*typed, "quit"])

    def read_line(prompt: str) -> str:
        out.write(prompt)
        answer = next(lines) if prompt.startswith("choose") else ""
        out.write(answer + "\n")
        return answer

    session = Session(match, seats, make_console(out), read_line)
    assert session.run() == 0
    return session.match, out.getvalue()


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))


def _steps(match: Match) -> list[tuple[str, Any]]:
    return [(s.action.kind, s.action.value) for s in match.steps]


def test_reroll_several_dice_in_one_line() -> None:
    """`r 1 4 5` at Run, Fight, or Die!'s die-by-die rerolls: dice 1, 4 and 5 are marked for
    the reroll and dice 2 and 3, which the line skips, are kept (rulebook, "Rerolls")."""
    match, out = _play("run-fight-or-die", 7, ["r 1 4 5"])
    assert _steps(match)[:5] == [
        ("reroll-die", 0), ("keep", 1), ("keep", 2), ("reroll-die", 3), ("reroll-die", 4),
    ], out[-1500:]
    assert "k2) Keep die 2" in out and "r5) Reroll die 5" in out


def test_a_line_of_keys_stops_at_the_first_not_offered() -> None:
    """`r 1 1`: die 1 is decided by the first key; the second is no longer offered, so the
    game says so and asks again (nothing else is played)."""
    match, out = _play("run-fight-or-die", 7, ["r 1 1"])
    assert _steps(match) == [("reroll-die", 0)]
    assert "r1 is not available now; choose k2, r2, 1." in out


def test_undo_against_bots_steps_back_over_their_moves() -> None:
    """If I'm Going Down... against a bot: the character chosen, the bot chose its own (no
    card drawn, no die rolled): undo takes both back and asks the first question again."""
    game = zedlab.get("if-im-going-down")
    first = Match.new(game, {}, seed=1).decision
    assert first is not None and first.kind == "choose-character"
    match, out = _play("if-im-going-down", 1, ["2", "undo"])
    assert len(match.steps) == 0, out[-1500:]
    assert "Undone: Marcus" in out and "and 1 bot move after it" in out


def test_undo_between_people_keeps_the_turn_policy() -> None:
    """The same moves with a person in seat 1: undo is refused once seat 1 has chosen."""
    seats = [HUMAN, HUMAN]
    match, out = _play("if-im-going-down", 1, ["2", "1", "undo"], seats)
    assert len(match.steps) == 2, out[-1500:]
    assert "Cannot undo: Seat 1 (human) has played since your last choice." in out


def test_undo_against_bots_stops_at_a_draw() -> None:
    """After a step that rolled or drew, undo against bots is refused as before."""
    match, out = _play("run-fight-or-die", 7, ["r 1 4 5", "undo"])
    assert "Cannot undo: the last action rolled dice" in out, out[-1500:]


def test_keys_left_unplayed_are_shown_cut_short() -> None:
    """A long line of keys whose question changes after its first key: what was not played
    is named in one short line, not echoed back whole."""
    match, out = _play("survive-alive", 1, [" ".join(["1"] * 3000)])
    line = next(x for x in out.splitlines() if x.startswith("Not played:"))
    assert line.endswith("… (the question changed)") and len(line) < 300, len(line)


def test_log_of_more_lines_than_a_number_holds_shows_them_all() -> None:
    """`log 10000000000` asks for more lines than there are: every line is shown, as with
    `log 50`, instead of saying the number is not a number."""
    _match, out = _play("if-im-going-down", 1, ["log 50", "log 10000000000"])
    shown = [x for x in out.splitlines() if x.startswith("Event log (")]
    assert len(shown) == 2 and shown[0] == shown[1], out[-2000:]
    assert "is not one" not in out
