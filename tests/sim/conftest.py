"""Shared fixtures: the games under test are every registered game plus the Pig test game.

Worker processes (pool and Ray) import games by their registry path, so the test games
are registered through ``ZEDLAB_GAMES`` (the way a plug-in would be) with the repository
root on ``PYTHONPATH``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEST_GAMES = "pig=tests.core.pig:pig,faulty-pig=tests.sim.faulty:faulty_pig"


def _install_test_games() -> None:
    entries = [e for e in os.environ.get("ZEDLAB_GAMES", "").split(",") if e]
    for entry in TEST_GAMES.split(","):
        if entry not in entries:
            entries.append(entry)
    os.environ["ZEDLAB_GAMES"] = ",".join(entries)
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(ROOT) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), *paths])
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


_install_test_games()


def game_names() -> list[str]:
    """Every registered game and the Pig test game (not the faulty one)."""
    from zedlab.core.registry import names

    return [name for name in names() if name != "faulty-pig"]


@pytest.fixture
def tmp_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path
