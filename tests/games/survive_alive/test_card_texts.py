"""Every Base, facility, weapon, character, Event card, Objective card, Scavenge card and
Community Map location has a short paraphrased text (``game.card_texts``), and every one
a view or an option label names can be looked up there.

Source: Survive Alive rulebook, "Components", "Facilities", "Objective Cards", "Event Cards",
"3. Scavenging" (the texts restate our rules; the rules are unchanged)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.content import _read, load

from ..card_texts import (
    assert_labels_name_cards,
    assert_text_is_required,
    check_texts,
    random_decisions,
)
from .helpers import CONTENT

PACKAGED = Path(str(resources.files("zedlab.games.survive_alive") / "content"))
CARD_KINDS = {"base", "character", "build", "forge", "send", "scavenge", "weapon-to", "make-room", "heal"}


def test_every_named_thing_has_a_text():
    c = CONTENT
    names = [e.name for group in (c.bases, c.facilities, c.weapons, c.characters, c.events, c.objectives,
                                  c.scavenge, c.locations) for e in group.values()]
    texts = game.card_texts()
    check_texts(texts, names)
    assert texts["Watch Tower"].startswith("Defence on a corner: 2 shields")
    assert texts["Agatha"] == "Farmer. Food gardens cost one wood less. Brings 3 wood, 2 food, 1 cloth at set-up."


def test_a_missing_or_blank_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Gives 1 food at each round end."\n'
    assert_text_is_required(PACKAGED, tmp_path, "facilities.toml", line, "", _read)
    assert_text_is_required(PACKAGED, tmp_path / "b", "facilities.toml", line, 'text = "  "\n', _read)


def test_what_views_and_labels_name_has_a_text():
    texts = game.card_texts()
    c = CONTENT
    for players in (1, 3):
        for m, d in random_decisions(game, range(2), players=players):
            assert_labels_name_cards(d.options, CARD_KINDS, texts)
            view = m.view(d.player)
            pub = view["public"]
            for cid in pub["drawn"]:
                assert c.events[cid].name in texts
            for oid in pub["objectives"]:
                assert c.objectives[oid].name in texts
            for p in pub["players"]:
                if p["base"]:
                    assert c.bases[p["base"]].name in texts
                for ch in p["characters"]:
                    assert ch["name"] in texts
                    assert all(c.weapons[w].name in texts for w in ch["weapons"])


def test_each_base_sheet_text_tells_it_apart_by_its_layout():
    """"Game Components" (Base sheets) and "Base Breach" (the middle facilities nearest the
    attacked side go first): the four sheets' texts differ, each giving its facility
    spaces row by row from the North side and which one starts built."""
    pack = load()
    texts = pack.card_texts()
    bases = [b.name for b in pack.bases.values()]
    assert len({texts[name] for name in bases}) == len(bases) == 4
    mountain = texts["Mountain Base"]
    assert mountain.startswith("Barricades N3 E3 S3 W3; 4 Watch Towers.")
    assert "Rows from North, West first: Bed Bath Store* Bath Bed | FoodG" in mountain
    assert texts["River Base"].startswith("Barricades N3 E2 S3 W2;")
