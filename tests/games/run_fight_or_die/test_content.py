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
    with pytest.raises(ContentError, match=r"fleeing\.toml: field 'count' .* 17 fleeing cards"):
        load_content(str(tmp_path))


def _pack(tmp_path: Path) -> Path:
    src = Path(__file__).resolve().parents[3] / "src/zedlab/games/run_fight_or_die/content"
    for f in src.glob("*.toml"):
        (tmp_path / f.name).write_text(f.read_text())
    return tmp_path


def test_content_folder_override_takes_effect_and_replays(tmp_path: Path):
    """A content folder (``--content DIR``): a Character's Health from the pack is used,
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
    m = Match.new(game, cfg, seed=1, content=str(pack))
    assert m.state.players[0].health == 9
    for _ in range(20):
        if m.decision is None:
            break
        m.play(m.decision.options[0])
    again = Match.replay(m.record, game, content=str(pack))
    assert again.state.players[0].health == 9
    assert game.encode(again.state) == game.encode(m.state)


def test_content_folder_bad_field_names_file_entry_and_field(tmp_path: Path):
    from zedlab.games.run_fight_or_die import game

    pack = _pack(tmp_path)
    text = (pack / "followers.toml").read_text()
    head, _, tail = text.partition('id = "gun-nut"')
    (pack / "followers.toml").write_text(head + 'id = "gun-nut"' + tail.replace("\nname = ", "\nname = 7 #", 1))
    with pytest.raises(ContentError, match=r"followers.toml.*gun-nut.*name"):
        game.new(game.Config(players=1), 1, load_content(str(pack)))


def _edit(pack: Path, filename: str, entry: str, old: str, new: str) -> None:
    """Replace the first ``old`` after ``id = "<entry>"`` in ``filename``."""
    text = (pack / filename).read_text()
    head, sep, tail = text.partition(f'id = "{entry}"')
    assert sep and old in tail, (filename, entry, old)
    (pack / filename).write_text(head + sep + tail.replace(old, new, 1))


@pytest.mark.parametrize(
    ("filename", "entry", "old", "new", "match"),
    [
        # a face the rules do not know: refused at load, not a KeyError when rolled
        ("dice.toml", "action", '"zombie"]', '"laser"]', r"dice.toml.*'action'.*faces.*'laser'"),
        ("dice.toml", "event", '"nurse"', '"party"', r"dice.toml.*'event'.*faces.*'party'"),
        # the rules roll 5 Action dice whatever the count says
        ("dice.toml", "action", "count = 5", "count = 0", r"dice.toml.*'action'.*count.*5"),
        ("dice.toml", "action", "count = 5", "count = 99", r"dice.toml.*'action'.*count.*5"),
        ("dice.toml", "action", 'id = "bonus"', 'id = "lucky"', r"dice.toml.*'lucky'.*id"),
        ("characters.toml", "athlete", "health = 5", "health = 5\ncount = 2", r"characters.toml.*'athlete'.*count"),
        ("characters.toml", "athlete", "combo_effects = [{ name = \"push-back\", n = 99, zone = 1 }]",
         "combo_effects = []", r"characters.toml.*'athlete'.*combo_effects"),
        # zone 0 on an effect that needs a Zone; a zone on one that has none; n where it is unused
        ("events.toml", "horde", "zone = 3", "zone = 0", r"events.toml.*'horde'.*effects.*zone"),
        ("events.toml", "surprise-attack", "n = 1 }", "n = 1, zone = 2 }", r"events.toml.*'surprise-attack'.*effects.*zone"),
        ("events.toml", "horde", "n = 3", "n = 0", r"events.toml.*'horde'.*effects.*n"),
        ("loot.toml", "molotov-cocktail", '"clear-any" }', '"clear-any", n = 4 }', r"loot.toml.*'molotov-cocktail'.*effects.*n"),
        # uses: 0 on a usable card (it would vanish on its first use), uses on a passive card
        ("loot.toml", "shotgun", "uses = 2", "uses = 0", r"loot.toml.*'shotgun'.*uses"),
        ("loot.toml", "book-of-the-dead", "uses = 0", "uses = 2", r"loot.toml.*'book-of-the-dead'.*uses"),
        ("loot.toml", "shotgun", "uses = 2", "uses = 4", r"loot.toml.*'shotgun'.*uses"),
        ("loot.toml", "shotgun", 'effects = [{ name = "kill", n = 2, zone = 1 }]', "effects = []",
         r"loot.toml.*'shotgun'.*effects"),
        # Followers: needs without a count, needs off the action window, effects never run
        ("followers.toml", "gun-nut", "needs_count = 2", "needs_count = 0", r"followers.toml.*'gun-nut'.*needs"),
        ("followers.toml", "screaming-cheerleader", 'timing = "hunt"', 'timing = "hunt"\nneeds = "bat"\nneeds_count = 1',
         r"followers.toml.*'screaming-cheerleader'.*needs"),
        ("followers.toml", "the-mayor", 'timing = "none"', 'timing = "none"\neffects = [{ name = "heal" }]',
         r"followers.toml.*'the-mayor'.*effects"),
        ("followers.toml", "feverish-kid", 'timing = "start"', 'timing = "passive"', r"followers.toml.*'feverish-kid'.*effects"),
        # Events: fields of another kind of Event
        ("events.toml", "horde", 'kind = "immediate"', 'kind = "immediate"\nhunt_delta = 2', r"events.toml.*'horde'.*hunt_delta"),
        ("events.toml", "horde", 'kind = "immediate"', 'kind = "immediate"\ncondition = "wounded"', r"events.toml.*'horde'.*condition"),
        ("events.toml", "full-moon", "hunt_delta = 1", "hunt_delta = 50", r"events.toml.*'full-moon'.*hunt_delta"),
        ("events.toml", "full-moon", "hunt_delta = 1", 'hunt_delta = 1\neffects = [{ name = "heal" }]', r"events.toml.*'full-moon'.*effects"),
        # Locations: effects outside now/next, a second Town Line
        ("locations.toml", "hospital", 'next = [{ name = "heal", n = 2 }]', 'effects = [{ name = "heal", n = 2 }]',
         r"locations.toml.*'hospital'.*effects"),
        ("locations.toml", "hospital", 'source = "designed"', 'source = "designed"\nspecial = "town-line"',
         r"locations.toml.*'hospital'.*special"),
    ],
)
def test_bad_content_value_names_file_entry_and_field(tmp_path, filename, entry, old, new, match):
    """A value the rules cannot honour is one ContentError at load naming file, entry, field."""
    from zedlab.games.run_fight_or_die import game

    pack = _pack(tmp_path)
    _edit(pack, filename, entry, old, new)
    with pytest.raises(ContentError, match=match):
        game.new(game.Config(players=2), 1, load_content(str(pack)))
