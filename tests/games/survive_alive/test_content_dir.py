"""Config.content_dir: content loaded from a directory (the front end's --content)."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import pytest

from zedlab.core import RNG, ContentError
from zedlab.games.survive_alive import Config, game

PACKAGED = Path(str(resources.files("zedlab.games.survive_alive") / "content"))


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(PACKAGED, d)
    return d


def test_content_dir_defaults_to_none():
    assert Config().content_dir is None


def test_content_is_read_from_the_directory(tmp_path):
    """A renamed Base sheet in the directory's bases.toml is what the game offers."""
    d = _copy(tmp_path)
    text = (d / "bases.toml").read_text()
    assert 'name = "Mountain Base"' in text
    (d / "bases.toml").write_text(text.replace('name = "Mountain Base"', 'name = "Peak Base"'))
    st = game.new(Config(players=1, content_dir=str(d)), 1)
    labels = [a.label for a in game.decision(st).options]
    assert "Peak Base" in labels and "Mountain Base" not in labels
    assert game.view(st, 0)["content_dir"] == str(d)


def test_a_game_from_a_content_dir_plays_to_the_end(tmp_path):
    """Changed designed numbers flow through every decision (here: more event cubes)."""
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace("cubes = 7", "cubes = 3"))
    st = game.new(Config(players=2, content_dir=str(d)), 4)
    rng = RNG.from_seed(4)
    while (dec := game.decision(st)) is not None:
        game.apply(st, rng.choice(dec.options))
        assert game.invariants(st) == []
    assert game.outcome(st) is not None
    clone = game.decode(game.encode(st))
    assert clone.content_dir == str(d)


def test_a_missing_file_is_a_content_error(tmp_path):
    d = _copy(tmp_path)
    (d / "map.toml").unlink()
    with pytest.raises(ContentError, match="map.toml"):
        game.new(Config(players=1, content_dir=str(d)), 1)


def test_a_bad_field_names_file_entry_and_field(tmp_path):
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace("zeds = 1\n", 'zeds = "many"\n', 1))
    with pytest.raises(ContentError) as err:
        game.new(Config(players=1, content_dir=str(d)), 1)
    msg = str(err.value)
    assert "events.toml" in msg and "a1" in msg and "zeds" in msg


def test_a_broken_rulebook_count_is_a_content_error(tmp_path):
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace('type = "A"', 'type = "B"', 1))
    with pytest.raises(ContentError, match="events.toml"):
        game.new(Config(players=1, content_dir=str(d)), 1)
