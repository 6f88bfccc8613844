"""Every character, Follower, Location, Loot, Event, Fleeing and Mutant card and every Event
die result has a short paraphrased text (``game.card_texts``), and every one a view or an
option label names can be looked up there.

Source: Run, Fight, or Die! rulebook, "Components", "Event Die Actions", "Followers",
"Locations", "Loot Cards", "Event Cards" (the texts restate our rules, unchanged)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.content import load_content

from ..card_texts import (
    assert_labels_name_cards,
    assert_text_is_required,
    check_texts,
    random_decisions,
)

PACKAGED = Path(str(resources.files("zedlab.games.run_fight_or_die") / "content"))
CARD_KINDS = {"pick", "loot", "hold", "follower", "flip", "amulet-zombies", "nurse", "drop", "steal", "swap"}


def test_every_named_thing_has_a_text():
    c = load_content()
    names = [e.name for group in (c.characters, c.followers, c.locations, c.loot, c.events, c.fleeing, c.mutant)
             for e in group.values()]
    names += ["All Quiet", "Ambush", "Amulet", "Charge", "Nurse", "Zombies Rise"]
    texts = game.card_texts()
    check_texts(texts, names)
    assert texts["Hoarder"].startswith("Penalty Follower (cannot be refused), 2 VP. Your Search symbols count one fewer")
    assert texts["Barricade"].startswith("Hold. Play when Zombies are in Zone 1")
    assert texts["The Athlete"].startswith("Health 5. A Bat may be thrown")


def test_a_missing_or_blank_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Add 3 Zombies to Zone 3."\n'
    assert_text_is_required(PACKAGED, tmp_path, "events.toml", line, "", load_content)
    line = 'text = "Zombies jump you: take 1 Wound."\n'
    assert_text_is_required(PACKAGED, tmp_path / "b", "dice.toml", line, 'text = ""\n', load_content)


def test_what_views_and_labels_name_has_a_text():
    texts = game.card_texts()
    for players in (1, 2, 4):
        for m, d in random_decisions(game, range(3), players=players):
            assert_labels_name_cards(d.options, CARD_KINDS, texts)
            pub = m.view(d.player)["public"]
            shown = [pub["event_die_name"], pub["current_event_name"]]
            for p in pub["players"]:
                shown += [p["character_name"], p["location_name"], *(f["name"] for f in p["followers"])]
                shown += [x["name"] for x in (*p["loot"], *p["holds"])]
            missing = [n for n in shown if n and n not in texts]
            assert not missing, missing
