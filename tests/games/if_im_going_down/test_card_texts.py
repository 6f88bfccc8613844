"""Every Fate card, Zombie card, occurrence, Zombie ability, character and scenario has a
short paraphrased text (``game.card_texts``), and every one a view or an option label names
can be looked up there.

Source: If I'm Going Down... rulebook, "Game Contents", "Resource Cards", "Zombie Abilities",
"Pop-Up! Zombies", "Resolve Occurrence Cards" (the texts restate our rules, unchanged)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from zedlab.core import load_toml
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.content import (
    ABILITY_IDS,
    ZombieAbility,
    ZombieFile,
    load_content,
)

from ..card_texts import (
    assert_labels_name_cards,
    assert_text_is_required,
    check_texts,
    random_decisions,
)

PACKAGED = Path(str(resources.files("zedlab.games.if_im_going_down") / "content"))
CARD_KINDS = {"character", "fumble", "trash", "target", "use", "pick", "hold", "spinach", "bite"}


def _abilities() -> list[ZombieAbility]:
    return load_toml(PACKAGED / "zombies.toml", ZombieFile).abilities


def test_every_named_thing_has_a_text():
    c = load_content()
    zf = _abilities()
    names = [t.name for t in c.fate] + [z.name for z in c.zombies] + [o.name for o in c.occurrences.values()]
    names += [ch.name for ch in c.characters] + list(c.scenario_names.values()) + [a.name for a in zf]
    assert {a.id for a in zf} == set(ABILITY_IDS)
    texts = game.card_texts()
    check_texts(texts, names)
    assert texts["Hand Gun"] == "Ranged weapon, 1 hand: 6 Uses, 3 attacks per Use, Attack Rating 4."
    assert texts["Jessie"].startswith("Hand Gun +1. Once per game")
    assert "Loved One" in texts["Grandma Rose"]


def test_a_missing_or_blank_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Standard Zombie, Z-Number 2."\n'
    assert_text_is_required(PACKAGED, tmp_path, "zombies.toml", line, "", load_content)
    line = 'text = "You find nothing; discard it."\n'
    assert_text_is_required(PACKAGED, tmp_path / "b", "fate.toml", line, 'text = ""\n', load_content)


def test_what_views_and_labels_name_has_a_text():
    texts = game.card_texts()
    ability = {a.id: a.name for a in _abilities()}
    tables = [{"players": 1}, {"players": 2, "scenario": "the-alley"},
              {"players": 3, "scenario": "the-intersection"}, {"players": 3, "scenario": "the-intersection", "zombie_player": True}]
    for options in tables:
        for m, d in random_decisions(game, range(2), **options):
            opts = [a for a in d.options if a.label != "Hold back no Zombie"]
            assert_labels_name_cards(opts, CARD_KINDS, texts)
            pub = m.view(d.player)["public"]
            shown = [pub["scenario_name"], *pub["fate_discard"], *pub["zombie_discard"]]
            zombies = [s for s in pub["spaces"] if s]
            shown += [s["name"] for s in zombies] + [ability[a] for s in zombies for a in s["abilities"]]
            shown += [r["name"] for ch in pub["characters"] for r in (*ch["hands"], *ch["body"]) if r]
            shown += [ch["name"] for ch in pub["characters"] if ch.get("id")]
            shown += [r["name"] for r in pub["ground"] if r]
            if pub.get("rip_occurrence"):
                shown += [pub["rip_occurrence"]["card"], pub["rip_occurrence"]["name"]]
            missing = [n for n in shown if n not in texts]
            assert not missing, missing
