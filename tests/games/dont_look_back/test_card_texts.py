"""Every Weapon, Search card, Survivor, Improvised Weapon and Location has a short
paraphrased text (``game.card_texts``), and every one a view or an option label names can be
looked up there.

Source: Don't Look Back rulebook, "Components", "Locations", "Your Survivor Card",
"Specific Card Clarifications" (the texts restate our rules, unchanged)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.content import default_content, load_content

from ..card_texts import (
    assert_labels_name_cards,
    assert_text_is_required,
    check_texts,
    random_decisions,
)

PACKAGED = Path(str(resources.files("zedlab.games.dont_look_back") / "content"))
CARD_KINDS = {"combat", "pick-card", "survivor", "first-player"}


def test_every_named_thing_has_a_text():
    c = default_content()
    names = [e.name for group in (c.weapons, c.cards, c.survivors, c.locations) for e in group.values()]
    names += [s.improvised.name for s in c.survivors.values()]
    texts = game.card_texts()
    check_texts(texts, names)
    assert texts["Rifle"].startswith("Ranged, 5 dice.")
    assert texts["The Farm"].startswith("Sector Overload 5: at the end of each turn, Walkers beyond 5")
    assert texts["Crossbow"].startswith("Daryl Dixon's Improvised Weapon: ranged, 3 dice.")


def test_a_missing_or_blank_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Ranged, 5 dice. From any Sector it may also target the Walkers inside the Location. Discard after use."\n'
    assert_text_is_required(PACKAGED, tmp_path, "weapons.toml", line, "", load_content)
    line = 'ability_text = "Walkers first appear only in the even-numbered Sectors."\n'
    assert_text_is_required(PACKAGED, tmp_path / "b", "locations.toml", line, 'ability_text = " "\n', load_content)


def test_what_views_and_labels_name_has_a_text():
    texts = game.card_texts()
    c = default_content()
    for players in (1, 2, 4):
        for m, d in random_decisions(game, range(3), players=players):
            assert_labels_name_cards(d.options, CARD_KINDS, texts)
            pub = m.view(d.player)["public"]
            shown = [pub["location"]["name"]] if pub["location"]["name"] else []
            shown += [c.card_name(i) for i in (*pub["discard"], *pub["drawn"])]
            shown += [s["name"] for s in pub["survivors"] if s["id"]]
            shown += [c.card_name(w) for s in pub["survivors"] for w in s["weapons"]]
            missing = [n for n in shown if n not in texts]
            assert not missing, missing
