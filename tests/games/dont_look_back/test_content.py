"""Content files: validated, 24 Search cards, clear errors for a broken pack."""

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zedlab.core import ContentError
from zedlab.core.content import content_path
from zedlab.games.dont_look_back.combat import best_straight, extend_straight
from zedlab.games.dont_look_back.content import PACKAGE, default_content, load_content


def test_packaged_content_has_24_search_cards_and_sources():
    """Source: Don't Look Back rulebook, component list (24 Search Cards, 4 Survivors,
    4 Locations)."""
    c = default_content()
    assert len(c.deck) == 24
    assert len(c.survivors) == 4 and len(c.locations) == 4
    assert c.locations["the-farm"].overload == 5 and c.locations["the-farm"].start_sectors == "even"
    assert c.locations["the-camp"].start_sectors == "odd"
    assert c.weapons["handgun"].dice == 6 and c.weapons["katana"].dice == 7
    for group in (c.weapons, c.cards, c.survivors, c.locations):
        for entry in group.values():
            assert entry.source in ("rulebook", "public", "designed")
            assert entry.note


def _pack(tmp_path: Path) -> Path:
    for name in ("weapons.toml", "search_cards.toml", "survivors.toml", "locations.toml"):
        shutil.copy(content_path(PACKAGE, name), tmp_path / name)
    return tmp_path


def test_wrong_deck_size_is_a_content_error(tmp_path):
    pack = _pack(tmp_path)
    text = (pack / "weapons.toml").read_text().replace("count = 4", "count = 5", 1)
    (pack / "weapons.toml").write_text(text)
    with pytest.raises(ContentError, match="25 cards; it must hold 24"):
        load_content(pack)


def test_bad_field_names_file_entry_and_field(tmp_path):
    pack = _pack(tmp_path)
    text = (pack / "weapons.toml").read_text().replace("dice = 6", "dice = 0", 1)
    (pack / "weapons.toml").write_text(text)
    with pytest.raises(ContentError, match=r"weapons.toml: .*'handgun'.*dice"):
        load_content(pack)


def test_unknown_rule_name_is_refused(tmp_path):
    pack = _pack(tmp_path)
    text = (
        (pack / "search_cards.toml").read_text().replace('effect = "looting"', 'effect = "lotting"')
    )
    (pack / "search_cards.toml").write_text(text)
    with pytest.raises(ContentError, match="unknown rule 'lotting'"):
        load_content(pack)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_best_straight_is_a_run_of_rolled_faces(roll):
    run = best_straight(roll)
    assert 1 <= len(run) <= 6
    assert all(f in roll for f in run)
    assert run == list(range(run[0], run[0] + len(run)))


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6), st.lists(st.integers(1, 6), max_size=9))
def test_extended_straight_stays_a_straight(first, reroll):
    saved = best_straight(first)
    new = extend_straight(saved, reroll)
    joined = sorted(saved + new)
    assert joined == list(range(joined[0], joined[0] + len(joined)))
    assert len(new) <= len(reroll)


def test_content_folder_override_changes_a_value(tmp_path):
    """A content folder (``content=``) with the same file names replaces the packaged
    values (here The Farm's Sector Overload, 5 -> 2); the state keeps the pack's digest.

    Source: Don't Look Back rulebook, "Locations" (Sector Overload) and "Game Set-Up"."""
    from zedlab.core import Match
    from zedlab.games.dont_look_back import game

    pack = _pack(tmp_path)
    text = (pack / "locations.toml").read_text().replace("overload = 5", "overload = 2", 1)
    (pack / "locations.toml").write_text(text)
    match = Match.new(
        game, {"players": 2, "survivors": ["rick", "daryl"]}, seed=3, content=pack
    )
    state = match.state
    state.location = "the-farm"
    state.walkers = [0, 0, 4, 0, 0, 0, 0]
    assert game.view(state, 0)["public"]["location"]["overload"] == 2
    from zedlab.games.dont_look_back import turn

    turn.sector_overload(state)
    assert state.walkers[2] == 2 and state.walkers[0] == 2
    plain = Match.new(game, {"players": 2, "survivors": ["rick", "daryl"]}, seed=3)
    plain.state.location = "the-farm"
    plain.state.walkers = [0, 0, 4, 0, 0, 0, 0]
    turn.sector_overload(plain.state)
    assert plain.state.walkers[2] == 4
    digest = game.decode(game.encode(state)).content
    assert digest == match.content.digest and digest != "packaged" and str(pack) not in digest
    assert match.record.content == digest


def test_content_folder_bad_file_names_file_entry_and_field(tmp_path):
    """A bad file in a content folder is refused at load with a ContentError naming the
    file, the entry and the field."""
    from zedlab.games.dont_look_back import game

    pack = _pack(tmp_path)
    text = (pack / "weapons.toml").read_text().replace('kind = "melee"', 'kind = "thrown"', 1)
    (pack / "weapons.toml").write_text(text)
    with pytest.raises(
        ContentError, match=r"weapons\.toml: \[weapon\] entry 'katana' field 'kind'"
    ):
        game.load_content(pack)


def test_content_folder_missing_file_is_a_content_error(tmp_path):
    from zedlab.games.dont_look_back import game

    with pytest.raises(ContentError, match=r"\.toml: no such content file"):
        game.load_content(tmp_path)


def _edit_entry(path: Path, entry: str, old: str, new: str) -> None:
    """Replace the first ``old`` after ``id = "<entry>"``."""
    text = path.read_text()
    head, sep, tail = text.partition(f'id = "{entry}"')
    assert sep and old in tail, (path.name, entry, old)
    path.write_text(head + sep + tail.replace(old, new, 1))


@pytest.mark.parametrize(
    ("filename", "entry", "old", "new", "match"),
    [
        # Sector Overload: 0 sends every Walker inside, a huge rating never overloads
        ("locations.toml", "the-farm", "overload = 5", "overload = 0", r"locations.toml.*'the-farm'.*overload"),
        ("locations.toml", "the-farm", "overload = 5", "overload = 100000", r"locations.toml.*'the-farm'.*overload"),
        # the odd/even ability and the set-up rule must agree (set-up reads start_sectors)
        ("locations.toml", "the-farm", 'start_sectors = "even"', 'start_sectors = "all"', r"locations.toml.*'the-farm'.*start_sectors"),
        ("locations.toml", "the-store", 'start_sectors = "all"', 'start_sectors = "odd"', r"locations.toml.*'the-store'.*start_sectors"),
        # Weapons: keep-on-hits without its number, beyond the dice, on a kept Weapon
        ("weapons.toml", "katana", "keep_on_hits = 4\n", "", r"weapons.toml.*'katana'.*keep_on_hits"),
        ("weapons.toml", "katana", "keep_on_hits = 4", "keep_on_hits = 8", r"weapons.toml.*'katana'.*keep_on_hits"),
        ("weapons.toml", "knife", 'keep = "always"', 'keep = "always"\nkeep_on_hits = 2', r"weapons.toml.*'knife'.*keep_on_hits"),
        # Search cards: walkers only (and always) on the Flashbang
        ("search_cards.toml", "flashbang-grenade", "walkers = 3", "walkers = 0", r"search_cards.toml.*'flashbang-grenade'.*walkers"),
        ("search_cards.toml", "looting", 'effect = "looting"', 'effect = "looting"\nwalkers = 2', r"search_cards.toml.*'looting'.*walkers"),
        # Survivors: Weapons kept between Locations follow the rulebook (1; Rick's ability 2)
        ("survivors.toml", "rick", "keep_weapons = 2", "keep_weapons = 1", r"survivors.toml.*'rick'.*keep_weapons"),
        ("survivors.toml", "daryl", 'ability = "tracker"', 'ability = "tracker"\nkeep_weapons = 0', r"survivors.toml.*'daryl'.*keep_weapons"),
    ],
)
def test_value_the_rules_cannot_play_names_file_entry_and_field(tmp_path, filename, entry, old, new, match):
    """A value the rules cannot honour is one ContentError at load naming file, entry, field."""
    from zedlab.games.dont_look_back import game

    pack = _pack(tmp_path)
    _edit_entry(pack / filename, entry, old, new)
    with pytest.raises(ContentError, match=match):
        game.load_content(pack)


def test_survivor_ids_are_checked_against_the_pack_in_play(tmp_path):
    """Source: "Game Set-Up" (each player has a Survivor card): a config naming Survivors
    is checked against the content the game is given, with a ConfigError naming the ids
    the pack has; the view names the pack by digest, never by its folder."""
    import json

    from zedlab.core import ConfigError, Match
    from zedlab.games.dont_look_back import game

    pack = _pack(tmp_path)
    text = (pack / "survivors.toml").read_text().replace('id = "daryl"', 'id = "dixon"', 1)
    (pack / "survivors.toml").write_text(text)
    config = {"players": 2, "survivors": ["rick", "daryl"]}
    with pytest.raises(ConfigError, match=r"unknown survivors \['daryl'\]; choose from .*'dixon'"):
        Match.new(game, config, seed=1, content=pack)
    match = Match.new(game, {"players": 2, "survivors": ["rick", "dixon"]}, seed=1, content=pack)
    for seat in (0, 1, None):
        text = json.dumps(match.game_view(seat))
        assert str(tmp_path) not in text and match.content.digest in text
    assert Match.new(game, config, seed=1).state.survivors[1].id == "daryl"
