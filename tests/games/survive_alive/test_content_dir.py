"""Content loaded from a folder (the front ends' --content, ``Match.new(content=...)``): the
game is bound to the pack by its digest, and no path is kept in a state or shown in a view."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from zedlab.core import RNG, ContentError, Match
from zedlab.games.survive_alive import Config, game

PACKAGED = Path(str(resources.files("zedlab.games.survive_alive") / "content"))


def _copy(tmp_path: Path) -> Path:
    d = tmp_path / "content"
    shutil.copytree(PACKAGED, d)
    return d


def test_the_packaged_content_is_the_default_and_the_config_names_no_folder():
    assert not any(name.startswith("content") for name in Config.model_fields)
    assert game.new(Config(players=1), 1).content == "packaged"


def test_content_is_read_from_the_directory(tmp_path):
    """A renamed Base sheet in the directory's bases.toml is what the game offers."""
    d = _copy(tmp_path)
    text = (d / "bases.toml").read_text()
    assert 'name = "Mountain Base"' in text
    (d / "bases.toml").write_text(text.replace('name = "Mountain Base"', 'name = "Peak Base"'))
    m = Match.new(game, Config(players=1), seed=1, content=d)
    labels = [a.label for a in m.decision.options]
    assert "Peak Base" in labels and "Mountain Base" not in labels
    view = game.view(m.state, 0)
    assert view["public"]["content"] == m.content.digest != "packaged"
    assert str(tmp_path) not in json.dumps(view)


def test_a_game_from_a_content_dir_plays_to_the_end(tmp_path):
    """Changed designed numbers flow through every decision (here: more event cubes)."""
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace("cubes = 7", "cubes = 3"))
    pack = game.load_content(d)
    st = game.new(Config(players=2), 4, pack)
    rng = RNG.from_seed(4)
    while (dec := game.decision(st)) is not None:
        game.apply(st, rng.choice(dec.options))
        assert game.invariants(st) == []
    assert game.outcome(st) is not None
    clone = game.decode(game.encode(st))
    assert clone.content == pack.digest


def test_a_missing_file_is_a_content_error(tmp_path):
    d = _copy(tmp_path)
    (d / "map.toml").unlink()
    with pytest.raises(ContentError, match="map.toml"):
        game.load_content(d)


def test_a_bad_field_names_file_entry_and_field(tmp_path):
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace("zeds = 1\n", 'zeds = "many"\n', 1))
    with pytest.raises(ContentError) as err:
        game.load_content(d)
    msg = str(err.value)
    assert "events.toml" in msg and "a1" in msg and "zeds" in msg


def test_a_broken_rulebook_count_is_a_content_error(tmp_path):
    d = _copy(tmp_path)
    text = (d / "events.toml").read_text()
    (d / "events.toml").write_text(text.replace('type = "A"', 'type = "B"', 1))
    with pytest.raises(ContentError, match="events.toml"):
        game.load_content(d)
