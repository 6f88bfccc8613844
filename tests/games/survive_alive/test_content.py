"""Survive Alive content honours every number the rulebook prints.

Source: Survive Alive rulebook, "Components", "Set-Up", "Facilities", "Victory and Scoring".
"""

from collections import Counter

import pytest

from zedlab.core import ContentError
from zedlab.games.survive_alive.content import CUBES, load

C = load()


def test_161_cubes_by_colour():
    """Components / Set-Up A: 50 brown, 35 grey, 20 yellow, 20 red, 14 green, 14 white, 8 black."""
    counts = {c.id: c.count for c in C.components.cubes}
    assert counts == {"wood": 50, "metal": 35, "food": 20, "brick": 20, "herb": 14, "cloth": 14, "wild": 8}
    assert sum(counts.values()) == 161
    assert list(counts) == list(CUBES)


def test_card_counts():
    """Components: 21 Characters, 8 Events (4 A, 4 B), 16 Objectives (4 A, 8 B, 4 C),
    16 Scavenge cards (3 x 1, 7 x 2, 6 x 3 food)."""
    assert len(C.characters) == 21
    assert Counter(e.type for e in C.events.values()) == {"A": 4, "B": 4}
    assert Counter(o.type for o in C.objectives.values()) == {"Leader": 4, "Instant": 8, "End": 4}
    assert Counter(s.food for s in C.scavenge.values()) == {1: 3, 2: 7, 3: 6}


def test_rulebook_characters_present_with_abilities():
    """Character Abilities: the 13 listed characters, and the scenario names."""
    listed = {"agatha", "alan", "alexander", "bob", "bruce", "buzz", "dario", "david", "delia",
              "florence", "jimmy", "jojo", "joseph"}
    assert listed <= set(C.characters)
    assert all(C.characters[c].source == "rulebook" for c in listed)
    assert {"olivia", "rick", "percy", "tom"} <= set(C.characters)


def test_printed_costs_and_shields():
    """Watch Tower = 2 wood, 1 metal, 1 brick (2 shields); Axe = 2 wood, 1 metal (2);
    Barricade 1 shield; Bat/Wrench 1, Knife 2."""
    assert Counter(C.facilities["watch-tower"].cost) == {"wood": 2, "metal": 1, "brick": 1}
    assert C.facilities["watch-tower"].shields == 2
    assert C.facilities["barricade"].shields == 1
    assert Counter(C.weapons["axe"].cost) == {"wood": 2, "metal": 1}
    assert {w: C.weapons[w].shields for w in C.weapons} == {"axe": 2, "bat": 1, "knife": 2, "wrench": 1}


def test_trackers_and_round_table():
    """Victory and Scoring trackers; Event cards per round 1, 1, 2, 2, 3, 4; deal 5/7/9."""
    assert C.tracker("characters") == [0, 3, 6, 9, 12, 15]
    assert C.tracker("breach") == [0, -2, -4, -6, -9, -12]
    assert C.tracker("defence") == [0, 1, 3, 6, 9, 12, 15]
    assert C.tracker("health") == [0, 3, 6, 9, 12, 15, 18]
    assert C.tracker("scavenge") == [0, 3, 6, 9, 12, 15, 18]
    assert C.tracker("morale") == [0, 4, 8, 12, 16, 20]
    assert C.rules.events_per_round == [1, 1, 2, 2, 3, 4]
    assert C.rules.draft_deal == [5, 5, 7, 9]
    assert C.rules.wound_tokens == 24


def test_four_base_sheets():
    assert {b.name for b in C.bases.values()} == {"Mountain Base", "Quarry Base", "River Base", "Forest Base"}


def test_designed_entries_carry_notes():
    """Every designed value says why."""
    for group in (C.characters, C.events, C.objectives, C.scavenge, C.locations, C.facilities, C.weapons):
        for entry in group.values():
            if entry.source == "designed":
                assert entry.note, entry.id


def test_bad_content_names_file_and_entry(tmp_path):
    """A broken override file fails with a ContentError naming the file and entry."""
    import shutil
    from importlib import resources

    src = resources.files("zedlab.games.survive_alive") / "content"
    for f in src.iterdir():
        if f.name.endswith(".toml"):
            shutil.copy(str(f), tmp_path / f.name)
    text = (tmp_path / "events.toml").read_text().replace('side = "N"', 'side = "Q"', 1)
    (tmp_path / "events.toml").write_text(text)
    with pytest.raises(ContentError, match="events.toml.*a4.*side"):
        load(str(tmp_path))
