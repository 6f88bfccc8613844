"""The pause between the bots' moves ("Enter: ..., s: skip to your turn"): only Enter and
``s`` move on; the commands answer there; anything else is refused with a message.

In-process (a scripted reader and a text console, the session told to pause as it does
at a terminal), on the test game pig: seat 0 a person, seat 1 a random bot.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from tests.core.pig import pig
from zedlab.cli.session import HUMAN, Session
from zedlab.core import Match, Record

from .driver import TEST_GAMES

WAIT = "s: skip to your turn > "


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ZEDLAB_GAMES", ",".join(f"{k}={v}" for k, v in TEST_GAMES.items()))
    return tmp_path / "data"


def scripted(lines: list[str], prompts: list[str]) -> Callable[[str], str]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def play(lines: list[str], prompts: list[str]) -> tuple[str, Session]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    match = Match.new(pig, None, seed=3)
    session = Session(match, [HUMAN, "random"], console, scripted(lines, prompts), pause=True)
    session.run()
    return out.getvalue(), session


# pig, seed 3: "3" passes the turn (nothing rolled or drawn): the bot moves next
TO_THE_PAUSE = ["3"]


def test_commands_at_the_pause_answer_and_only_enter_or_s_move_on(data: Path, tmp_path: Path) -> None:
    """``save FILE`` saves (it is not "s"), an option number and unknown words are refused,
    ``show`` and ``log`` answer; the same pause is asked again after each."""
    target = tmp_path / "paused.json"
    lines = [*TO_THE_PAUSE, f"save {target}", "2", "sneeze", "show", "log 2", "help", "quit"]
    prompts: list[str] = []
    text, _ = play(lines, prompts)
    assert target.is_file(), text[-1500:]
    assert f"Saved to:\n  {target}\n" in text
    assert "'2': there is no question to answer now" in text
    assert "'sneeze' is not a command here" in text
    assert "What seat 0 sees" in text.split("'sneeze'")[1]  # show drew the table
    assert "Event log (" in text
    assert "At this pause: Enter" in text  # help
    # every one of those was answered at the same pause, asked again each time
    assert [p.endswith(WAIT) for p in prompts[1:]] == [True] * 7
    assert len(Record.load(target).steps) == 1


def test_undo_at_the_pause_takes_back_the_choice_before_the_bots_move(data: Path) -> None:
    """``undo`` at the pause after the player's choice takes that choice back at once."""
    prompts: list[str] = []
    text, session = play([*TO_THE_PAUSE, "undo", "quit"], prompts)
    assert "Undone: Pass the turn" in text
    assert prompts[-1].startswith("choose")  # back at the player's question
    assert len(session.match.steps) == 0


@pytest.mark.parametrize("answer", ["", "s", "S"])
def test_enter_and_s_still_move_on(answer: str, data: Path) -> None:
    prompts: list[str] = []
    text, session = play([*TO_THE_PAUSE, answer, "", "", "", "quit"], prompts)
    assert "is not a command" not in text and "no question" not in text
    assert any(step.player == 1 for step in session.match.steps)


def test_keys_typed_while_a_bot_moved_are_discarded_before_the_next_prompt(data: Path) -> None:
    """After the bots' moves the session throws away what was typed meanwhile, right
    before the prompt that follows them (and only then: not between the player's own
    questions)."""
    events: list[str] = []
    feed = iter(["3", "", "", "quit"])

    def read(prompt: str) -> str:
        events.append(f"ask {prompt.split(' ')[0]}")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    match = Match.new(pig, None, seed=3)
    session = Session(
        match, [HUMAN, "random"], console, read, pause=True,
        discard_input=lambda: events.append("discard"),
    )
    session.run()
    # pass, Enter at the pause, the bot moves: its moves are followed by one discard; the
    # question asked again after "" follows no bot
    assert events == ["ask choose", "ask Enter:", "discard", "ask choose", "ask choose"], events


def test_discard_typeahead_empties_a_terminal_and_leaves_a_pipe() -> None:
    """On a pseudo-terminal the pending line is gone; a pipe keeps its lines."""
    import os
    import select

    from zedlab.cli.session import discard_typeahead

    master, slave = os.openpty()
    try:
        with open(slave, "rb", buffering=0, closefd=False) as stream:
            os.write(master, b"2\n")
            assert select.select([slave], [], [], 1.0)[0]  # the line is waiting
            discard_typeahead(stream)
            assert not select.select([slave], [], [], 0.2)[0]
    finally:
        os.close(master)
        os.close(slave)
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b"2\n")
        with open(read_end, "rb", buffering=0, closefd=False) as stream:
            discard_typeahead(stream)
            assert stream.read(2) == b"2\n"
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_solo_player_is_shown_every_event_of_the_automatic_phases(data: Path) -> None:
    """Here's Negan played alone at an 80x24 terminal: the Walker and End phases run with
    no question, and their events outnumber the few lines the next screen keeps for news.
    Play stops on them ("Enter: on to your choice") with every one printed, so Negan
    entering play is read on screen, not only with ``log``."""
    import zedlab

    game = zedlab.get("heres-negan")
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, force_terminal=True, color_system=None)
    match = Match.new(game, {"scenario": 1, "survivors": 2, "players": 1}, seed=5)
    prompts: list[str] = []
    news_shown: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt.startswith("Enter: on to your choice"):
            news_shown.append(out.getvalue())
            return ""
        if len(prompts) > 200 or any("enters play" in text for text in news_shown):
            raise EOFError
        first = re.search(r"choose (\w+)", prompt)  # the first key offered: "choose 2-5 > "
        return first[1] if first else ""

    session = Session(match, [HUMAN], console, read, pause=True)
    session.run()
    assert any(p.startswith("Enter: on to your choice") for p in prompts), prompts[-5:]
    assert any("enters play" in text for text in news_shown), out.getvalue()[-3000:]
    # each such pause comes before a question, never in place of one
    for before, after in zip(prompts, prompts[1:], strict=False):
        if before.startswith("Enter: on to your choice"):
            assert after.startswith(("choose", "Enter: on to your choice")), (before, after)
