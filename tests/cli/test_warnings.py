"""Warnings before something is lost: a game's ``option_warning`` hook at the prompt."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from zedlab.cli.render import make_console
from zedlab.cli.session import HUMAN, Session
from zedlab.core import Match
from zedlab.core.engine import Action, Decision

from ..core.pig import ROLL, Pig


class WaryPig(Pig):
    """Pig that warns before a roll that could lose the points of the turn."""

    name = "wary-pig"

    def option_warning(self, state: Any, decision: Decision, action: Action) -> str:
        if action == ROLL and state.turn_total:
            return f"a 1 loses the {state.turn_total} points of this turn."
        return ""


def _session(typed: list[str], interactive: bool) -> tuple[Session, str]:
    match = Match.new(WaryPig(), {}, seed=3)
    out = io.StringIO()
    lines = iter([*typed, "quit"])

    def read_line(prompt: str) -> str:
        answer = next(lines)
        out.write(f"{prompt}{answer}\n")
        return answer

    session = Session(match, [HUMAN, HUMAN], make_console(out), read_line, interactive=interactive)
    session.run()
    return session, out.getvalue()


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))


def _to_second_roll() -> list[str]:
    """Seat 0 picks one die, rolls once (seed 3 does not roll a 1), and is asked again."""
    match = Match.new(WaryPig(), {}, seed=3)
    match.play(match.options[0])
    match.play(ROLL)
    assert match.state.turn_total > 0 and ROLL in match.options
    return ["1", "1"]


def test_a_warned_option_asks_first_and_no_keeps_the_state() -> None:
    session, out = _session([*_to_second_roll(), "1", "n", "1", "y"], interactive=True)
    assert "Warning: a 1 loses the" in out and "Play it anyway? (y/n)" in out
    assert "Not played." in out
    assert [s.action for s in session.match.steps][:3] == [Action("dice", 1), ROLL, ROLL]


def test_off_a_terminal_the_warning_is_printed_and_the_move_played() -> None:
    session, out = _session([*_to_second_roll(), "1"], interactive=False)
    assert "Warning: a 1 loses the" in out and "(y/n)" not in out
    assert [s.action for s in session.match.steps][:3] == [Action("dice", 1), ROLL, ROLL]


class TellingPig(Pig):
    """Pig whose bonus card has a short text (``card_texts``)."""

    name = "telling-pig"

    def card_texts(self, content: Any = None) -> dict[str, str]:
        return {"Bonus card": "Adds 1 to 3 points to the held total."}


def test_info_and_the_text_beside_an_option_that_names_a_card(tmp_path: Path) -> None:
    match = Match.new(TellingPig(), {}, seed=3)
    out = io.StringIO()
    lines = iter(["1", "1", "info", "info bonus", "info dragon", "why", "log 1", "quit"])

    def read_line(prompt: str) -> str:
        answer = next(lines)
        out.write(f"{prompt}{answer}\n")
        return answer

    # every decision asked, the single Roll of a turn's start too (the keys below count it)
    Session(match, [HUMAN, HUMAN], make_console(out), read_line, ask_single=True).run()
    text = out.getvalue()
    # the Hold option names the card: its text is beside it, and `info` lists it
    assert "Hold and draw a bonus card  (Bonus card: Adds 1 to 3 points" in text, text[-2000:]
    assert text.count("Bonus card: Adds 1 to 3 points to the held total.") >= 3
    assert "No card named 'dragon'" in text
    assert "Event log (1 line):" in text
