"""``Config.content_dir`` (``--content DIR``): a validated content pack replaces ours."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from zedlab.core import ContentError, Match
from zedlab.core.content import content_path
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import PACKS, fname
from zedlab.games.if_im_going_down.content import PACKAGE

FILES = ("zombies.toml", "fate.toml", "characters.toml", "scenarios.toml")


def _pack(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(content_path(PACKAGE, name), tmp_path / name)
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_override_changes_the_kill_o_meter_and_a_card_name(tmp_path):
    """Source: If I'm Going Down... rulebook, "Game Setup" (the Kill-O-Meter of the layout)."""
    pack = _pack(tmp_path)
    _edit(pack / "scenarios.toml", "low = 10\nhigh = 18", "low = 11\nhigh = 19")
    _edit(pack / "fate.toml", 'name = "Hand Gun"', 'name = "Pocket Pistol"')
    base = game.new(game.Config(players=1), 1)
    s = game.new(game.Config(players=1, content_dir=str(pack)), 1)
    assert (base.low, base.high) == (10, 18)
    assert (s.low, s.high) == (11, 19)
    guns = [f for f, k in enumerate(s.fcards) if PACKS[s.content_dir].fate[k].id == "hand-gun"]
    assert len(guns) == 2
    assert {fname(s, f) for f in guns} == {"Pocket Pistol"}
    assert {fname(base, f) for f in guns} == {"Hand Gun"}


def test_content_dir_is_part_of_the_config_and_replays(tmp_path):
    """A record replays with the same content: the config carries the folder."""
    pack = _pack(tmp_path)
    _edit(pack / "scenarios.toml", "low = 10\nhigh = 18", "low = 12\nhigh = 20")
    m = Match.new(game, {"players": 1, "content_dir": str(pack)}, seed=4)
    for _ in range(30):
        d = m.decision
        if d is None:
            break
        m.play(d.options[-1])
    again = Match.replay(m.record, game)
    assert again.state.high == 20
    assert game.encode(again.state) == game.encode(m.state)


def test_bad_field_names_file_entry_and_field(tmp_path):
    pack = _pack(tmp_path)
    _edit(pack / "fate.toml", "apu = 3\nattack = 4", "apu = -3\nattack = 4")
    with pytest.raises(ContentError, match=r"fate.toml.*'hand-gun'.*apu"):
        game.new(game.Config(content_dir=str(pack)), 1)


def test_broken_rulebook_count_is_a_content_error(tmp_path):
    """Source: rulebook, "Separating the Cards Back Into Two Sets": Hand Gun x2."""
    pack = _pack(tmp_path)
    _edit(pack / "fate.toml", 'id = "hand-gun"\nname = "Hand Gun"\ncount = 2', 'id = "hand-gun"\nname = "Hand Gun"\ncount = 3')
    with pytest.raises(ContentError, match="hand-gun"):
        game.new(game.Config(content_dir=str(pack)), 1)


def test_missing_file_is_a_content_error(tmp_path):
    pack = _pack(tmp_path)
    (pack / "characters.toml").unlink()
    with pytest.raises(ContentError, match="characters.toml"):
        game.new(game.Config(content_dir=str(pack)), 1)
