"""Content of Run, Fight, or Die!: every count agrees with the rulebook and public facts.

Source: Run, Fight, or Die! rulebook, "Components"; public notes section 4.
"""

from pathlib import Path

import pytest

from zedlab.core import ContentError
from zedlab.games.run_fight_or_die.content import DECK_SIZES, load_content

C = load_content()


def test_deck_sizes_match_the_component_list():
    """25 Followers, 18 Locations, 16 Loot, 16 Events, 16 Fleeing, 24 Mutant cards."""
    assert {k: len(v) for k, v in C.decks.items()} == {
        "follower": 25, "location": 18, "loot": 16, "event": 16, "fleeing": 16, "mutant": 24,
    }
    assert DECK_SIZES == {k: len(v) for k, v in C.decks.items()}


def test_six_characters_with_ability_and_combo():
    assert len(C.characters) == 6
    for ch in C.characters.values():
        assert ch.ability_text and ch.combo_text and ch.combo_effects
        assert ch.health >= 5


def test_dice_faces():
    """Action die: one face of each of the 6 symbols; Bonus die: 2 Zombies; Event die: 6 named."""
    assert sorted(C.action_faces) == sorted(["bat", "gun", "run", "search", "book", "zombie"])
    assert C.bonus_faces.count("zombie") == 2 and len(C.bonus_faces) == 6
    assert set(C.event_faces) == {"all-quiet", "ambush", "amulet", "charge", "nurse", "zombies-rise"}


def test_named_cards_exist():
    """Town Line, Playground, Dark Woods; Shy Girl, Heroic Dog, Gun Nut, Angry Waitress,
    Screaming Cheerleader; Campfire for the Dead, Buildings Ahead, Full Moon; Book of the Dead,
    Molotov Cocktail, Lucky Charm, Medical Supplies."""
    assert {"town-line", "playground", "dark-woods"} <= set(C.locations)
    assert {"shy-girl", "heroic-dog", "gun-nut", "angry-waitress", "screaming-cheerleader"} <= set(C.followers)
    assert {"campfire-for-the-dead", "buildings-ahead", "full-moon"} <= set(C.events)
    assert {"book-of-the-dead", "molotov-cocktail", "lucky-charm", "medical-supplies"} <= set(C.loot)


def test_follower_symbols_all_present():
    assert {f.symbol for f in C.followers.values()} == {"bonus", "penalty", "special"}


def test_hold_current_and_immediate_events_exist():
    assert {e.kind for e in C.events.values()} == {"immediate", "hold", "current"}


def test_every_designed_entry_has_a_note():
    tables = [C.characters, C.followers, C.locations, C.loot, C.events, C.fleeing, C.mutant]
    for table in tables:
        for entry in table.values():
            assert entry.note, f"{entry.id} has no note"


def test_playground_is_the_only_location_summoning_the_mutant():
    """Solo: only the Playground must be removed from the Location deck below TOO HARD."""
    assert {cid for cid in C.summoners if cid in C.locations} == {"playground"}


def test_some_mutant_cards_have_solitaire_text():
    assert any(m.solo_effects for m in C.mutant.values())


def test_missing_override_file_is_a_content_error(tmp_path: Path):
    with pytest.raises(ContentError, match="no such content file"):
        load_content(str(tmp_path))


def test_wrong_deck_size_is_refused(tmp_path: Path):
    src = Path(__file__).resolve().parents[3] / "src/zedlab/games/run_fight_or_die/content"
    for f in src.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    text = (tmp_path / "fleeing.toml").read_text().replace("count = 3", "count = 4", 1)
    (tmp_path / "fleeing.toml").write_text(text)
    with pytest.raises(ContentError, match="fleeing cards: 17"):
        load_content(str(tmp_path))


def _pack(tmp_path: Path) -> Path:
    src = Path(__file__).resolve().parents[3] / "src/zedlab/games/run_fight_or_die/content"
    for f in src.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    return tmp_path


def test_content_dir_override_takes_effect_and_replays(tmp_path: Path):
    """``Config.content_dir`` (``--content DIR``): a Character's Health from the pack is used,
    and a record replays with the same pack. Source: rulebook, "Set-Up" (Character cards)."""
    from zedlab.core import Match
    from zedlab.games.run_fight_or_die import game

    pack = _pack(tmp_path)
    text = (pack / "characters.toml").read_text()
    assert 'id = "athlete"' in text
    head, _, tail = text.partition('id = "athlete"')
    (pack / "characters.toml").write_text(head + 'id = "athlete"' + tail.replace("health = 5", "health = 9", 1))
    cfg = {"players": 1, "characters": ("athlete",)}
    assert game.new(game.Config(**cfg), 1).players[0].health == 5
    m = Match.new(game, {**cfg, "content_dir": str(pack)}, seed=1)
    assert m.state.players[0].health == 9
    for _ in range(20):
        if m.decision is None:
            break
        m.play(m.decision.options[0])
    again = Match.replay(m.record, game)
    assert again.state.players[0].health == 9
    assert game.encode(again.state) == game.encode(m.state)


def test_content_dir_bad_field_names_file_entry_and_field(tmp_path: Path):
    from zedlab.games.run_fight_or_die import game

    pack = _pack(tmp_path)
    text = (pack / "followers.toml").read_text()
    head, _, tail = text.partition('id = "gun-nut"')
    (pack / "followers.toml").write_text(head + 'id = "gun-nut"' + tail.replace("\nname = ", "\nname = 7 #", 1))
    with pytest.raises(ContentError, match=r"followers.toml.*gun-nut.*name"):
        game.new(game.Config(players=1, content_dir=str(pack)), 1)
