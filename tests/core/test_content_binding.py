"""Content is bound to the game, not the state: states and records carry a digest, never a path."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from zedlab.core import ContentError, Match, Record, RecordError
from zedlab.core.content import PACKAGED
from zedlab.core.registry import registered

from .packpig import PACKAGED as PACK_DIR
from .packpig import pack_pig


def rich_pack(tmp_path: Path) -> Path:
    """A copy of the pack whose bonus cards are all worth 9."""
    folder = tmp_path / "rich"
    folder.mkdir()
    text = (PACK_DIR / "bonus.toml").read_text().replace("value = 0", "value = 9")
    text = text.replace("value = 1", "value = 9").replace("value = 2", "value = 9")
    (folder / "bonus.toml").write_text(text)
    return folder


def test_packaged_content_has_the_packaged_digest_and_records_no_content() -> None:
    match = Match.new(pack_pig, {}, seed=1)
    assert match.content.digest == PACKAGED
    assert "content" not in match.record.to_json()


def test_a_content_folder_changes_the_game_and_its_record_names_the_digest(tmp_path: Path) -> None:
    folder = rich_pack(tmp_path)
    match = Match.new(pack_pig, {}, seed=1, content=folder)
    assert match.state.bonus_deck == [9] * 10
    digest = match.content.digest
    assert digest != PACKAGED and len(digest) == 16
    data = match.record.to_json()
    assert data["content"] == digest
    assert str(tmp_path) not in json.dumps(data)
    assert str(tmp_path) not in json.dumps(match.view(0))
    assert str(tmp_path) not in pack_pig.encode(match.state).decode()


def test_the_same_folder_loads_once(tmp_path: Path) -> None:
    folder = rich_pack(tmp_path)
    assert pack_pig.load_content(folder) is pack_pig.load_content(str(folder))


def test_a_record_played_with_a_folder_replays_only_with_it(tmp_path: Path) -> None:
    folder = rich_pack(tmp_path)
    match = Match.new(pack_pig, {}, seed=2, content=folder)
    for _ in range(6):
        if match.decision is None:
            break
        match.play(match.decision.options[0])
    path = match.save(tmp_path / "game.json")
    with registered(pack_pig):
        with pytest.raises(RecordError, match="--content DIR"):
            Match.load(path)
        with pytest.raises(RecordError, match="packaged content"):
            Match.replay(Match.new(pack_pig, {}, seed=2).record, content=folder)
        again = Match.load(path, content=folder)
    assert pack_pig.encode(again.state) == pack_pig.encode(match.state)


def test_a_changed_folder_is_another_pack(tmp_path: Path) -> None:
    folder = rich_pack(tmp_path)
    record = Match.new(pack_pig, {}, seed=3, content=folder).record
    other = tmp_path / "other"
    shutil.copytree(folder, other)
    (other / "bonus.toml").write_text((other / "bonus.toml").read_text().replace("9", "8"))
    with registered(pack_pig), pytest.raises(RecordError, match="is pack"):
        Match.replay(Record.from_json(record.to_json()), content=other)


def test_a_bad_folder_is_a_content_error_naming_the_file(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "bonus.toml").write_text('[[cards]]\nid = "x"\nname = "X"\nvalue = "many"\nsource = "designed"\n')
    with pytest.raises(ContentError, match=r"bonus.toml: \[cards\] entry 'x' field 'value'"):
        Match.new(pack_pig, {}, seed=1, content=folder)
    with pytest.raises(ContentError, match="no such folder"):
        Match.new(pack_pig, {}, seed=1, content=tmp_path / "missing")


def test_undo_keeps_the_content_folder(tmp_path: Path) -> None:
    match = Match.new(pack_pig, {}, seed=4, content=rich_pack(tmp_path))
    match.play(match.decision.options[0])
    match.undo()
    assert match.state.bonus_deck.count(9) == 10


def test_the_simulator_plays_with_a_content_folder(tmp_path: Path) -> None:
    from zedlab.sim import run

    table = run(pack_pig, 6, workers=1, content=rich_pack(tmp_path), fault_dir=tmp_path / "f")
    assert table.num_rows == 6 and set(table.column("error").to_pylist()) == {None}
