"""What ``zedlab play`` keeps on disk: finished games, the event log and the seats.

In-process (a scripted reader and a text console), so these run in a fraction of a second.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from tests.core.pig import Pig
from zedlab.cli import app
from zedlab.cli.saves import (
    autosave_path,
    keep_finished,
    read_log,
    read_seats,
    seats_path,
)
from zedlab.cli.session import Session
from zedlab.core import Match, Record

from .driver import TEST_GAMES


class ShortLogPig(Pig):
    """Pig whose event log keeps only its last 3 lines, as the real games do with theirs."""

    def events(self, state: Any, player: int | None) -> list[str]:
        return super().events(state, player)[-3:]


GAME = ShortLogPig()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path / "data"))
    extra = ",".join(f"{k}={v}" for k, v in TEST_GAMES.items())
    monkeypatch.setenv("ZEDLAB_GAMES", extra)
    return tmp_path / "data"


def reader(lines: list[str]) -> Callable[[str], str]:
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def play(match: Match, seats: list[str], lines: list[str], **kw: Any) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None, force_terminal=False)
    Session(match, seats, console, reader(lines), **kw).run()
    return out.getvalue()


def logged(text: str) -> list[str]:
    """The lines printed by the last ``log`` command."""
    block = text.rsplit("Event log (", 1)[1]
    return re.findall(r"^\s+\d+  (.*)$", block, flags=re.M)


def test_finished_games_each_keep_their_own_record(data: Path) -> None:
    """Game over: the record goes to records/<game>-<UTC time>-seed<seed>.json, never
    overwritten by the next game; the autosave is written too."""
    paths = []
    for _ in range(2):
        match = Match.new(GAME, {}, seed=4)
        text = play(match, ["random", "random"], [])
        found = re.search(r"The record of this game is in:\n  (\S+)", text)
        assert found, text[-500:]
        path = Path(found.group(1))
        assert f"Replay it with:\n  zedlab replay {path}\n" in text
        assert path.parent == data / "records"
        assert re.fullmatch(r"pig-\d{8}T\d{6}Z-seed4(-\d+)?\.json", path.name)
        assert Record.load(path).to_json() == match.record.to_json()
        assert read_seats(path) == ["random", "random"]
        paths.append(path)
    assert paths[0] != paths[1] and all(p.is_file() for p in paths)
    assert autosave_path("pig").is_file()
    # the same second and seed: a numbered name, not an overwrite
    now = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    first = keep_finished(match, ["random", "random"], now=now)
    second = keep_finished(match, ["random", "random"], now=now)
    assert (first.name, second.name) == (
        "pig-20260102T030405Z-seed4.json",
        "pig-20260102T030405Z-seed4-2.json",
    )


def test_log_shows_every_event_after_quit_and_resume(data: Path) -> None:
    """`log` after `zedlab play --resume` lists the lines from before the quit: the events
    are rebuilt from the record, with or without the sidecar's copy."""
    match = Match.new(GAME, {}, seed=11)
    play(match, ["human", "random"], ["1"] * 6 + ["quit"])
    whole = match.log(0)
    assert len(whole) > 3
    path = autosave_path("pig")
    resumed = Match.replay(Record.load(path), GAME)
    log = read_log(path, len(resumed.steps))
    assert log is not None and log[0] == whole
    text = play(resumed, ["human", "random"], ["log", "quit"], log=log)
    assert logged(text) == whole
    # a log that does not belong to the record is ignored, not shown
    assert read_log(path, len(resumed.steps) + 1) is None
    text = play(Match.replay(Record.load(path), GAME), ["human", "random"], ["log", "quit"])
    assert logged(text) == whole


def test_save_file_keeps_seats_and_load_uses_them(data: Path, tmp_path: Path) -> None:
    """`save FILE` writes FILE's sidecar (seats + log); `--load FILE` seats the same players
    unless --bot/--human say otherwise."""
    target = tmp_path / "mine.json"
    match = Match.new(GAME, {}, seed=5)
    play(match, ["human", "human"], ["1", "1", "1", "1", f"save {target}", "quit"])
    assert seats_path(target) == tmp_path / "mine.seats.json"
    assert read_seats(target) == ["human", "human"]
    assert Record.from_json(Record.load(target).to_json()).game == "pig"

    runner = CliRunner()
    loaded = runner.invoke(app, ["play", "--load", str(target)], input="quit\n")
    assert loaded.exit_code == 0, loaded.output
    assert "Seats: Seat 0 (human), Seat 1 (human)" in loaded.output
    assert "Event log" not in loaded.output
    changed = runner.invoke(
        app, ["play", "pig", "--load", str(target), "--bot", "1=random"], input="log\nquit\n"
    )
    assert changed.exit_code == 0, changed.output
    assert "Seats: Seat 0 (you), Seat 1 (random bot)" in changed.output
    assert "Event log (" in changed.output
    # a plain record without a sidecar: the default seats
    seats_path(target).unlink()
    plain = runner.invoke(app, ["play", "--load", str(target)], input="quit\n")
    assert "Seats: Seat 0 (you), Seat 1 (random bot)" in plain.output
