"""The game registry and ``zedlab.make``."""

import subprocess
import sys

import pytest

import zedlab
from zedlab.core import ConfigError, Game
from zedlab.core.registry import registered
from zedlab.games import GAMES

from .pig import Pig


class Pig2(Pig):
    name = "pig-2"


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        zedlab.get("chess")


def test_registered_games_satisfy_the_protocol():
    for name in GAMES:
        game = zedlab.get(name)
        assert isinstance(game, Game) and game.name == name
        assert isinstance(game.rules_version, int)


def test_make_with_a_registered_test_game():
    with registered(Pig2()):
        assert "pig-2" in zedlab.games()
        match = zedlab.make("pig-2", seed=3, players=3)
        assert match.config.players == 3 and match.seed == 3
    assert "pig-2" not in zedlab.games()


def test_plug_in_games_through_the_environment(monkeypatch):
    monkeypatch.setenv("ZEDLAB_GAMES", "pig-env=tests.core.pig:pig, broken=no.such.module:game")
    assert "pig-env" in zedlab.games() and "broken" in zedlab.games()
    with pytest.raises(ConfigError, match="does not load"):
        zedlab.get("broken")


def test_cli_lists_games_and_help():
    out = subprocess.run(
        [sys.executable, "-c", "from zedlab.cli import main; main()", "--help"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert "games" in out
    listing = subprocess.run(
        [sys.executable, "-c", "from zedlab.cli import main; main()", "games"],
        capture_output=True, text=True, check=True,
    ).stdout
    for name in GAMES:
        assert name in listing


@pytest.mark.parametrize("name", [["x"], None, 3])
def test_a_game_name_must_be_a_string(name):
    with pytest.raises(ConfigError, match="a game name is a string"):
        zedlab.make(name)
