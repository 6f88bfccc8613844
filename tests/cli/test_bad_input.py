"""Bad input at the prompts and in play flags: a clear line, no traceback, the game unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zedlab.core import Record

from .driver import assert_clean, run_here

LONG = "9" * 5000


def test_prompt_refuses_non_ascii_and_huge_numbers(tmp_path: Path) -> None:
    """'²', '١' (Arabic-Indic 1) and a 5000-digit number are not options; the game goes on."""
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, ["²", "١", LONG, "quit"])
    assert_clean(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("is not an option; choose 1-") == 3, proc.stdout[-2000:]
    record = Record.load(tmp_path / "autosave" / "pig.json")
    assert record.steps == []


def test_save_to_impossible_names_keeps_playing(tmp_path: Path) -> None:
    """A NUL byte or an unknown ~user in the save name: one line, and the game goes on."""
    lines = ["save a\0b", "save ~nouserxyz-zed/x.json", "1", "quit"]
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, lines)
    assert_clean(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("Cannot save to") == 2, proc.stdout[-2000:]
    assert len(Record.load(tmp_path / "autosave" / "pig.json").steps) >= 1


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--bot", "١=random"], "--bot expects SEAT=KIND"),
        (["--bot", f"{LONG}=random"], "--bot expects SEAT=KIND"),
        (["--delay", "-1"], "--delay -1.0: give a number of seconds >= 0"),
        (["--delay", "nan"], "--delay nan: give a number of seconds >= 0"),
        (["--delay", "inf"], "--delay inf: give a number of seconds >= 0"),
        (["--delay", "1e300"], "--delay 1e+300: give a number of seconds >= 0 and at most 3600"),
        (["--delay", "3601"], "--delay 3601.0: give a number of seconds >= 0 and at most 3600"),
    ],
)
def test_bad_play_flags(args: list[str], expected: str, tmp_path: Path) -> None:
    proc = run_here(["play", "pig", *args], tmp_path)
    assert proc.returncode == 2, (proc.stdout[-500:], proc.stderr)
    assert_clean(proc)
    assert expected in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr


def test_delay_before_the_game_name_is_checked_too(tmp_path: Path) -> None:
    proc = run_here(["play", "--delay", "-1", "pig"], tmp_path)
    assert proc.returncode == 2 and "--delay" in proc.stderr


@pytest.mark.parametrize(
    "sidecar",
    [
        json.dumps({"seats": ["human", "nonsense"]}),
        json.dumps({"seats": ["human"]}),
        json.dumps({"seats": [1, None]}),
        json.dumps({"seats": "human"}),
        "{not json",
    ],
    ids=["unknown-bot", "wrong-count", "wrong-types", "not-a-list", "bad-json"],
)
def test_edited_seats_sidecar_falls_back_to_defaults(sidecar: str, tmp_path: Path) -> None:
    """--resume with a damaged sidecar: a one-line warning, then the default seats."""
    first = run_here(["play", "pig", "--seed", "3"], tmp_path, ["quit"])
    assert first.returncode == 0, first.stderr
    (tmp_path / "autosave" / "pig.seats.json").write_text(sidecar)
    proc = run_here(["play", "--resume"], tmp_path, ["quit"])
    assert_clean(proc)
    assert proc.returncode == 0, proc.stderr
    assert "warning: ignoring" in proc.stderr and proc.stderr.count("\n") == 1, proc.stderr
    assert "Seats: " in proc.stdout


def test_replay_refuses_non_ascii_and_huge_numbers(tmp_path: Path) -> None:
    run_here(["play", "pig", "--seed", "3"], tmp_path, ["1", "quit"])
    save = tmp_path / "autosave" / "pig.json"
    proc = run_here(["replay", str(save)], tmp_path, ["²", "١", LONG, "q"])
    assert_clean(proc)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("There are positions 0-") == 3, proc.stdout[-2000:]
