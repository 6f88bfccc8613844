"""Here's Negan content packs: the packaged pack loads with the rulebook's counts, and every
kind of broken file is refused with a message naming the file, the entry and the field.

Source: Here's Negan rulebook, "Components", "Dice", "Walker Tokens", "Entry Points",
"Threat", "Cards"; designed values in docs/rulings/heres-negan.md.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from zedlab.core import ContentError
from zedlab.core.content import content_path
from zedlab.games.heres_negan.content import (
    BINDER,
    EFFECT_USE,
    EFFECTS,
    FILES,
    PACKAGE,
    Content,
    Effect,
    load_content,
)

C: Content = load_content()


def _all_effects(c: Content) -> list[tuple[str, str, Effect]]:
    out = []
    for kind, table in (("event", c.events), ("room", c.rooms), ("negan", c.negan), ("supply", c.supply)):
        for cid, card in table.items():
            out.extend((kind, cid, e) for e in card.effects)
    return out


# -- the packaged pack ---------------------------------------------------------------------
def test_packaged_pack_loads_through_the_binder():
    """The binder hands back the same pack for the packaged digest."""
    assert BINDER("packaged") is C
    assert C.digest == "packaged"


def test_walker_tokens_are_the_rulebooks_26():
    """HN-R020: 26 Walker tokens, 8 red, 8 white, 5 blue, 5 blank."""
    assert len(C.walker_tokens) == 26
    assert Counter(C.walker_tokens) == {"red": 8, "white": 8, "blue": 5, "": 5}


def test_deck_sizes_are_the_rulebooks():
    """HN-R024: 27 Event, 24 Room, 24 Negan Action cards; HN-R007: 24 Supply cards."""
    assert (len(C.event_deck), len(C.room_deck), len(C.negan_deck)) == (27, 24, 24)
    assert len(C.supply_deck) == 24
    for kind, table in (("event", C.events), ("room", C.rooms), ("negan", C.negan), ("supply", C.supply)):
        assert Counter(C.deck(kind)) == {cid: card.count for cid, card in table.items()}


def test_entry_points_three_per_level():
    """HN-R021: nine Entry Point markers, three each of Low, Medium and High."""
    eps = C.components.entry_points
    assert (eps.low, eps.medium, eps.high) == (3, 3, 3)


def test_component_caps():
    """HN-R009, HN-R012, HN-R016, HN-R022, HN-R013: 12 Walkers, 4 fire, 8 Supply tokens,
    3 +1/-1 tokens, 8 dice."""
    comp = C.components
    assert (comp.walkers, comp.fire, comp.supply_tokens, comp.action_tokens) == (12, 4, 8, 3)
    assert sum(d.count for d in C.dice.values()) == 8


def test_threat_bands_and_security():
    """HN-R108, HN-R109, HN-R110: start 1; All Quiet 1-3, Low 4-8, Medium 9-13, High 14-18,
    Max after; a Security value for each of the 18 positions, never falling as Threat rises."""
    t = C.threat
    assert (t.start, t.max) == (1, 19)
    assert [(b.name, b.low, b.high, b.entry) for b in t.bands] == [
        ("All Quiet", 1, 3, ""), ("Low", 4, 8, "low"), ("Medium", 9, 13, "medium"), ("High", 14, 18, "high"),
    ]
    assert len(t.security) == 18
    assert t.security == sorted(t.security)
    assert C.band(3).name == "All Quiet" and C.band(14).name == "High" and C.band(19) is None
    assert C.security(1) == t.security[0] and C.security(18) == t.security[17]


def test_dice_faces_and_bangs():
    """HN-R033, HN-R035, HN-R036, HN-A21: every coloured die has a bang (so a Walker's red
    attack can Bite); the Action die has three stars and three blanks; white and blue keep the
    public faces."""
    for colour in ("red", "white", "blue"):
        faces = C.die(colour)
        assert len(faces) == 6 and any(bang for _, bang in faces)
    assert C.die("white") == ((0, False), (1, False), (1, False), (1, False), (2, False), (2, True))
    assert C.die("blue") == ((1, False), (1, False), (2, False), (2, False), (2, True), (3, True))
    assert sorted(h for h, _ in C.die("red")) == [0, 0, 1, 1, 1, 2]
    assert sorted(C.die("action")) == [(0, False)] * 3 + [(1, False)] * 3
    with pytest.raises(KeyError, match="no die 'black'"):
        C.die("black")


def test_survivors_and_their_weapons():
    """HN-R001, HN-R039-HN-R047: five Survivors with dice, Stamina, move 3, 1-2 starting
    weapons that exist, and a special-rule hook; Tara has no Shoot dice (public notes 1.4)."""
    assert set(C.survivors) == {"dwight", "laura", "john", "tara", "sherry"}
    for s in C.survivors.values():
        assert s.move == 3 and 1 <= len(s.weapons) <= 2 and 1 <= len(s.defense) <= 2
        assert all(w in C.weapons for w in s.weapons)
        assert s.ability and s.ability_text
    assert C.survivors["tara"].shoot == []
    assert C.survivors["john"].stamina == max(s.stamina for s in C.survivors.values())


def test_walker_reference():
    """HN-R159, HN-R219, HN-A21: Walkers defend with one red die; each attacking Walker adds
    a red die, capped by Outnumbered."""
    assert C.walker.defense == ["red"] and C.walker.attack == "red"
    assert 2 <= C.walker.max_attack_dice <= C.components.walkers


def test_every_card_has_source_and_text():
    """Every entry carries a source and a paraphrased text; designed ones say why."""
    tables = [C.dice, C.survivors, C.weapons, C.events, C.rooms, C.negan, C.supply]
    for table in tables:
        for entry in table.values():
            assert entry.text and entry.source in ("rulebook", "public", "designed")
            if entry.source != "rulebook":
                assert entry.note


def test_every_effect_used_is_in_the_vocabulary():
    """Every Effect name on every card is in EFFECTS and allowed for its card kind."""
    used = _all_effects(C)
    assert used
    for kind, cid, e in used:
        assert e.effect in EFFECTS, (kind, cid, e.effect)
        card_kind = C.supply[cid].kind if kind == "supply" else kind
        assert e.effect in EFFECT_USE[card_kind], (kind, cid, e.effect)
    assert set().union(*EFFECT_USE.values()) == set(EFFECTS)


def test_deck_design_has_every_named_kind_of_card():
    """HN-R200, HN-R201, HN-R076, HN-R079, HN-R166: Threat icons of numbers and dice with + and
    -, NOISE banners, 'Choose a Survivor', Entry Point spawns on most Events; infinity, Breach
    and Pitch Black Room cards and rooms without Walkers; Negan moves 2-5; Fight and Shoot
    weapons with a minimum range, Bulky and NOISE; Toolkit, Wrench and Incidents."""
    icons = {C.events[c].threat for c in C.event_deck}
    assert {"+1", "-1", "+red", "-blue"} <= icons
    assert any(C.events[c].noise for c in C.event_deck) and any(C.events[c].choose for c in C.event_deck)
    spawning = [c for c in C.event_deck
                if any(e.effect in ("spawn", "spawn-nearest", "walker-token-here", "noise") for e in C.events[c].effects)]
    assert len(spawning) > len(C.event_deck) / 2
    assert {"breach", "pitch-black"} <= set(C.rooms)
    assert sum(C.rooms[c].infinity for c in C.rooms) >= 2
    assert any(C.rooms[c].walkers == "" for c in C.room_deck)
    moves = [C.negan[c].move for c in C.negan_deck]
    assert min(moves) == 2 and max(moves) == 5 and 3 <= sum(moves) / len(moves) <= 4
    negan_effects = {e.effect for c in C.negan.values() for e in c.effects}
    assert {"kill-walkers", "shout", "jab-nearest", "rep-nearest", "rep-highest"} <= negan_effects
    kinds = Counter(C.supply[c].kind for c in C.supply_deck)
    assert set(kinds) == {"weapon", "item", "incident"}
    weapons = [C.supply[c].weapon() for c in C.supply if C.supply[c].kind == "weapon"]
    assert {w.attack for w in weapons} == {"fight", "shoot"}
    assert any(w.min_range >= 2 for w in weapons) and any(w.bulky for w in weapons)
    assert any(w.noise for w in weapons)
    assert {"toolkit", "wrench"} <= set(C.supply)


# -- broken copies -------------------------------------------------------------------------
def _copy_pack(tmp_path: Path) -> Path:
    for name in FILES:
        shutil.copy(content_path(PACKAGE, name), tmp_path / name)
    return tmp_path


BROKEN = [
    # (file, old text, new text, words the message must hold: file, entry, field)
    ("events.toml", '"spawn", level = "low" }]\n\n[[event]]\nid = "from-the-depths"',
     '"explode", level = "low" }]\n\n[[event]]\nid = "from-the-depths"',
     ["events.toml", "'stragglers'", "'effect'", "unknown effect 'explode'"]),
    ("rooms.toml", '{ effect = "breach" }', '{ effect = "breach", die = "red" }',
     ["rooms.toml", "'breach'", "'die'"]),
    ("negan.toml", 'die = "blue", range = 3 }', 'die = "blue" }',
     ["negan.toml", "'lucille-is-thirsty'", "'range'"]),
    ("negan.toml", '{ effect = "rep-all", amount = 1 }', '{ effect = "spawn", level = "low" }',
     ["negan.toml", "'attaboy'", "'effects'", "not for a negan card"]),
    ("supply.toml", '{ effect = "heal", die = "blue" }', '{ effect = "heal", die = "green" }',
     ["supply.toml", "'medical-supplies'", "'die'"]),
    ("negan.toml", '{ effect = "action-token-nearest", delta = 1 }', '{ effect = "action-token-nearest", delta = 2 }',
     ["negan.toml", "'go-get-em'", "'delta'"]),
    ("events.toml", 'id = "shambling-horde"\nname = "Shambling Horde"\ncount = 3',
     'id = "shambling-horde"\nname = "Shambling Horde"\ncount = 4',
     ["events.toml", "[event] all entries", "'count'", "28 cards", "27"]),
    ("supply.toml", 'id = "baseball-bat"\nname = "Baseball Bat"\ncount = 2',
     'id = "baseball-bat"\nname = "Baseball Bat"\ncount = 1',
     ["supply.toml", "[supply] all entries", "'count'", "23 cards"]),
    ("components.toml", 'count = 8\nsource = "rulebook"\nnote = "Rulebook \'Components\': 8 of the 26',
     'count = 7\nsource = "rulebook"\nnote = "Rulebook \'Components\': 8 of the 26',
     ["components.toml", "[walker_token]", "'count'", "8 red"]),
    ("components.toml", "low = 3, medium = 3", "low = 2, medium = 3",
     ["components.toml", "'box'", "'entry_points'", "HN-R021"]),
    ("threat.toml", "security = [1, 2,", "security = [2,",
     ["threat.toml", "[threat]", "'security'"]),
    ("threat.toml", 'name = "Low", low = 4', 'name = "Low", low = 5',
     ["threat.toml", "[threat]", "'bands'", "without gaps"]),
    ("threat.toml", "security = [1,", "security = [0,",
     ["threat.toml", "[threat]", "'security'", "1-9"]),
    ("survivors.toml", 'weapons = ["crossbow", "dagger"]', 'weapons = ["sling", "dagger"]',
     ["survivors.toml", "'dwight'", "'weapons'", "no weapon 'sling'"]),
    ("survivors.toml", 'fight = ["white"]\nshoot = ["red"]', 'fight = ["green"]\nshoot = ["red"]',
     ["survivors.toml", "'john'", "'fight'"]),
    ("survivors.toml", 'ability = "scavenger"', 'ability = "lucky"',
     ["survivors.toml", "'sherry'", "'ability'"]),
    ("dice.toml", 'faces = ["0", "0", "1", "1", "1!", "2"]', 'faces = ["0", "0", "1", "1", "1", "2"]',
     ["dice.toml", "'red'", "'faces'", "bang"]),
    ("dice.toml", 'faces = ["0", "1", "1", "1", "2", "2!"]', 'faces = ["0", "1", "1", "1", "2", "4!"]',
     ["dice.toml", "'white'", "'faces'", "'4!'"]),
    ("events.toml", 'threat = "+red"', 'threat = "+green"',
     ["events.toml", "'restless-dead'", "'threat'"]),
    ("events.toml", 'choose = true\neffects = [{ effect = "lose-stamina"', 'choose = false\neffects = [{ effect = "lose-stamina"',
     ["events.toml", "'twisted-ankle'", "'choose'"]),
    ("events.toml", 'noise = true\nchoose = true\neffects = [{ effect = "noise" }]', 'choose = true\neffects = [{ effect = "noise" }]',
     ["events.toml", "'drawn-by-the-noise'", "'noise'"]),
    ("rooms.toml", "infinity = true\neffects = [{ effect = \"pitch-black\" }]", "effects = [{ effect = \"pitch-black\" }]",
     ["rooms.toml", "'pitch-black'", "'infinity'"]),
    ("supply.toml", 'kind = "item"\neffects = [{ effect = "toolkit" }]', 'kind = "item"\ndice = ["red"]\neffects = [{ effect = "toolkit" }]',
     ["supply.toml", "'toolkit'", "'dice'"]),
    ("supply.toml", 'text = "Special Item: +1 to a Generator repair. You may re-roll a failed Break and Enter."\n', "",
     ["supply.toml", "'toolkit'", "'text'"]),
    ("supply.toml", "min_range = 2\nmax_range = 10", "min_range = 11\nmax_range = 10",
     ["supply.toml", "'hunting-rifle'", "'min_range'"]),
    ("weapons.toml", 'dice = ["red"]\n\n[[weapon]]\nid = "crossbow"', 'dice = ["red"]\nmax_range = 2\n\n[[weapon]]\nid = "crossbow"',
     ["weapons.toml", "'dagger'", "'max_range'", "adjacent"]),
    ("rooms.toml", 'note = "The common room: a red roll (0-2) of Walkers and one find."', 'note = ""',
     ["rooms.toml", "'storeroom'", "'note'"]),
    ("negan.toml", "move = 5\neffects = [{ effect = \"action-token-nearest\"", "move = 6\neffects = [{ effect = \"action-token-nearest\"",
     ["negan.toml", "'go-get-em'", "'move'"]),
    ("negan.toml", '{ effect = "rep-nearest", amount = 1 }', '{ effect = "rep-nearest", amount = 0 }',
     ["negan.toml", "'good-work'", "'amount'"]),
    ("references.toml", "max_attack_dice = 3", "max_attack_dice = 0",
     ["references.toml", "[walker]", "'max_attack_dice'"]),
    ("events.toml", 'id = "surge"', 'id = "shambling-horde"',
     ["events.toml", "'shambling-horde'", "appears twice"]),
]


@pytest.mark.parametrize("fname, old, new, words", BROKEN, ids=[f"{b[0]}:{b[3][1]}:{b[3][2]}" for b in BROKEN])
def test_broken_file_is_refused_naming_file_entry_and_field(tmp_path, fname, old, new, words):
    """Each kind of bad content is refused; the message names the file, entry and field."""
    folder = _copy_pack(tmp_path)
    path = folder / fname
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"test setup: {old!r} must occur once in {fname}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content(folder)
    message = str(err.value)
    for word in words:
        assert word in message, f"{word!r} not in: {message}"


def test_an_unbroken_copy_loads_under_its_own_digest(tmp_path):
    """A content folder identical to the packaged files loads (the broken cases above fail
    only for what they change)."""
    pack = load_content(_copy_pack(tmp_path))
    assert pack.digest != "packaged" and len(pack.event_deck) == 27


def test_missing_file_is_named(tmp_path):
    folder = _copy_pack(tmp_path)
    (folder / "negan.toml").unlink()
    with pytest.raises(ContentError, match="negan.toml: no such content file"):
        load_content(folder)


def test_brief_lull_says_the_walker_phase_goes_on():
    """"Draw Event Card" (HN-R200, HN-R198): the designed Brief Lull has only its Threat icon
    (-1) and no effect; the Walker Phase still moves the Walker tokens and Walkers and has
    them attack, so its text says the phase goes on rather than that nothing else happens."""
    card = C.events["brief-lull"]
    assert card.threat == "-1" and not card.effects and not card.choose
    assert card.text.startswith("Threat -1") and "Walker Phase goes on" in card.text
    assert "nothing else happens" not in card.text.lower()
