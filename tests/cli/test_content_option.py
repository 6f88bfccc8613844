"""``--content DIR`` in the terminal and the simulator, for a game whose content is bound to it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.core.test_content_binding import rich_pack

from .driver import run


@pytest.fixture
def with_pack_pig(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZEDLAB_GAMES", "pack-pig=tests.core.packpig:pack_pig")


def test_play_with_a_content_folder_then_load_the_save(tmp_path: Path, with_pack_pig: None) -> None:
    folder = rich_pack(tmp_path)
    first = run(
        ["play", "pack-pig", "--seed", "5", "--content", str(folder)],
        tmp_path / "data",
        ["1", "1", f"save {tmp_path / 'g.json'}", "quit"],
    )
    assert first.returncode == 0, first.stderr
    saved = (tmp_path / "g.json").read_text()
    assert str(tmp_path) not in saved and '"content"' in saved
    refused = run(["play", "--load", str(tmp_path / "g.json")], tmp_path / "data", ["quit"])
    assert refused.returncode != 0 and "--content DIR" in refused.stderr + refused.stdout
    loaded = run(
        ["play", "--load", str(tmp_path / "g.json"), "--content", str(folder)],
        tmp_path / "data",
        ["quit"],
    )
    assert loaded.returncode == 0, loaded.stderr
    assert re.search(r"Continuing .*g\.json after \d+ actions", loaded.stdout)


def test_play_help_offers_content_only_for_games_that_have_it(tmp_path: Path, with_pack_pig: None) -> None:
    assert "--content" in run(["play", "pack-pig", "--help"], tmp_path).stdout
    assert "--content" not in run(["play", "pig", "--help"], tmp_path).stdout


def test_simulate_with_a_content_folder(tmp_path: Path, with_pack_pig: None) -> None:
    done = run(
        ["simulate", "pack-pig", "--games", "8", "--workers", "1", "--content", str(rich_pack(tmp_path))],
        tmp_path / "data",
    )
    assert done.returncode == 0, done.stderr
    assert "played 8 games" in done.stdout
    bad = run(
        ["simulate", "pack-pig", "--games", "8", "--content", str(tmp_path / "nope")],
        tmp_path / "data",
    )
    assert bad.returncode == 2 and "no such folder" in bad.stdout + bad.stderr
