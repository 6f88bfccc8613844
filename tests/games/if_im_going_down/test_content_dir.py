"""A content folder (``--content DIR``, ``Match.new(content=DIR)``): a validated content pack
replaces ours; states and records carry its digest, never its path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from zedlab.core import ContentError, Match
from zedlab.core.content import content_path
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import PACKS, fname, layout
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
    s = game.new(game.Config(players=1), 1, game.load_content(pack))
    assert (base.low, base.high) == (10, 18)
    assert (s.low, s.high) == (11, 19)
    assert s.content != base.content == "packaged" and str(pack) not in game.encode(s).decode()
    guns = [f for f, k in enumerate(s.fcards) if PACKS[s.content].fate[k].id == "hand-gun"]
    assert len(guns) == 2
    assert {fname(s, f) for f in guns} == {"Pocket Pistol"}
    assert {fname(base, f) for f in guns} == {"Hand Gun"}


def test_content_folder_replays_by_digest(tmp_path):
    """A record replays with the same content: it carries the pack's digest, and the folder
    is given again to replay it."""
    pack = _pack(tmp_path)
    _edit(pack / "scenarios.toml", "low = 10\nhigh = 18", "low = 12\nhigh = 20")
    m = Match.new(game, {"players": 1}, seed=4, content=pack)
    for _ in range(30):
        d = m.decision
        if d is None:
            break
        m.play(d.options[-1])
    assert m.record.content == m.state.content != "packaged"
    again = Match.replay(m.record, game, content=pack)
    assert again.state.high == 20 and layout(again.state).high == 20
    assert game.encode(again.state) == game.encode(m.state)


def test_bad_field_names_file_entry_and_field(tmp_path):
    pack = _pack(tmp_path)
    _edit(pack / "fate.toml", "apu = 3\nattack = 4", "apu = -3\nattack = 4")
    with pytest.raises(ContentError, match=r"fate.toml.*'hand-gun'.*apu"):
        Match.new(game, seed=1, content=pack)


def test_broken_rulebook_count_is_a_content_error(tmp_path):
    """Source: rulebook, "Separating the Cards Back Into Two Sets": Hand Gun x2."""
    pack = _pack(tmp_path)
    _edit(pack / "fate.toml", 'id = "hand-gun"\nname = "Hand Gun"\ncount = 2', 'id = "hand-gun"\nname = "Hand Gun"\ncount = 3')
    with pytest.raises(ContentError, match="hand-gun"):
        Match.new(game, seed=1, content=pack)


def test_missing_file_is_a_content_error(tmp_path):
    pack = _pack(tmp_path)
    (pack / "characters.toml").unlink()
    with pytest.raises(ContentError, match="characters.toml"):
        Match.new(game, seed=1, content=pack)


def _edit_entry(path: Path, entry: str, old: str, new: str) -> None:
    """Replace the first ``old`` after ``id = "<entry>"``."""
    text = path.read_text()
    head, sep, tail = text.partition(f'id = "{entry}"')
    assert sep and old in tail, (path.name, entry, old)
    path.write_text(head + sep + tail.replace(old, new, 1))


SHACK_1P_GRID = 'grid = [\n  "1 N 2 N 3",\n  "N N N N N",\n  "N N N N N",\n  ". N C N .",\n]'


@pytest.mark.parametrize(
    ("filename", "entry", "old", "new", "match"),
    [
        # scenarios: an empty grid (was max() of an empty sequence in play), no Initial Space,
        # a space no character can reach, numbers the rules cannot use
        ("scenarios.toml", "the-shack", SHACK_1P_GRID, "grid = []", r"scenarios.toml.*'the-shack'.*grid"),
        ("scenarios.toml", "the-shack", '"1 N 2 N 3"', '"N N N N N"', r"scenarios.toml.*'the-shack'.*grid.*Initial"),
        ("scenarios.toml", "the-shack", '"1 N 2 N 3",', '"1 N 2 N 3",\n  ". . . . .",\n  "N . . . .",',
         r"scenarios.toml.*'the-shack'.*grid.*reached"),
        ("scenarios.toml", "the-shack", '"1 N 2 N 3"', '"1 N 2 N 0"', r"scenarios.toml.*'the-shack'.*grid.*'0'"),
        ("scenarios.toml", "the-shack", "low = 10\nhigh = 18", "low = 18\nhigh = 10", r"scenarios.toml.*'the-shack'.*layouts.*low"),
        ("scenarios.toml", "the-shack", "ground_spaces = 2", "ground_spaces = 0", r"scenarios.toml.*'the-shack'.*layouts.*ground_spaces"),
        ("scenarios.toml", "the-shack", "starting_resources = 3", "starting_resources = 1000",
         r"scenarios.toml.*'the-shack'.*layouts.*starting_resources"),
        ("scenarios.toml", "the-shack", "players = 2", "players = 3", r"scenarios.toml.*'the-shack'.*players"),
        ("scenarios.toml", "the-shack", "players = 2", "players = 1", r"scenarios.toml.*'the-shack'.*players.*second"),
        ("scenarios.toml", "the-shack", 'id = "the-intersection"', 'id = "the-crossroads"', r"scenarios.toml.*'the-crossroads'.*id"),
        # characters: a modifier for a weapon that does not exist; count
        ("characters.toml", "jessie", 'weapon = "hand-gun"', 'weapon = "bazooka"', r"characters.toml.*'jessie'.*modifiers.*'bazooka'"),
        ("characters.toml", "jessie", 'weapon = "hand-gun"', 'weapon = "camera"', r"characters.toml.*'jessie'.*modifiers.*'camera'"),
        ("characters.toml", "jessie", "z = 3", "z = 0", r"characters.toml.*'jessie'.*z"),
        # Fate cards: fields the card's effect never reads
        ("fate.toml", "camera", "bonus = 5", "bonus = 5\napu = 2", r"fate.toml.*'camera'.*apu"),
        ("fate.toml", "energy-drink", "uses = 1", "uses = 3", r"fate.toml.*'energy-drink'.*uses"),
        ("fate.toml", "diary", "uses = 0", "uses = 2", r"fate.toml.*'diary'.*uses"),
        ("fate.toml", "dead-weight", "max_range = 2", "max_range = 0", r"fate.toml.*'dead-weight'.*max_range"),
        ("fate.toml", "machete", 'category = "melee"', 'category = "item"', r"fate.toml.*'machete'.*category"),
        ("fate.toml", "machete", "uses = 0", "uses = 0\nmax_range = 3", r"fate.toml.*'machete'.*range"),
        ("fate.toml", "hand-gun", "uses = 6", "uses = 6\nmin_range = 4\nmax_range = 2", r"fate.toml.*'hand-gun'.*min_range"),
        ("fate.toml", "hand-gun", "apu = 3", "apu = 0", r"fate.toml.*'hand-gun'.*apu"),
        # Zombie deck: an Occurrence with Zombie fields, a one-sided Shared Hunger, an unknown occurrence
        ("zombies.toml", "occurrence-1", "z = 0", "z = 3", r"zombies.toml.*'occurrence-1'.*z"),
        ("zombies.toml", "pack-leader", "shared_hunger_mod = 1", "shared_hunger_mod = 0", r"zombies.toml.*'pack-leader'.*shared_hunger"),
        ("zombies.toml", "darren", "z = 3", "z = 3\nbiohazard = true", r"zombies.toml.*'darren'.*biohazard"),
        ("zombies.toml", "fumble", 'id = "accidental-discharge"', 'id = "misfire"', r"zombies.toml.*'misfire'.*id"),
        ("zombies.toml", "eat-your-spinach", "rip = true", "rip = false", r"zombies.toml.*'eat-your-spinach'.*rip"),
    ],
)
def test_value_the_rules_cannot_play_names_file_entry_and_field(tmp_path, filename, entry, old, new, match):
    """A value the rules cannot honour is one ContentError at set-up naming file, entry, field."""
    pack = _pack(tmp_path)
    _edit_entry(pack / filename, entry, old, new)
    with pytest.raises(ContentError, match=match):
        Match.new(game, {"players": 1}, seed=1, content=pack)
