"""Every die, Survivor, weapon, Event, Room, Negan and Supply card and reference card has a
short paraphrased text (``game.card_texts``), and every one a view names can be looked up
there.

Source: Here's Negan rulebook, "Components", "Survivors", "Supply" (the texts restate our
rules, unchanged)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.content import load_content

from ..card_texts import (
    assert_labels_name_cards,
    assert_text_is_required,
    check_texts,
    random_decisions,
)

PACKAGED = Path(str(resources.files("zedlab.games.heres_negan") / "content"))


def test_every_named_thing_has_a_text():
    c = load_content()
    names = [e.name for group in (c.dice, c.survivors, c.weapons, c.events, c.rooms, c.negan, c.supply)
             for e in group.values()]
    names += [c.walker.name, c.negan_ref.name, c.threat.name]
    texts = game.card_texts()
    check_texts(texts, names)
    assert texts["Tara"].startswith("Close fighter: white Fight, no Shoot (never equips a Shoot weapon)")


def test_a_long_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Fight weapon: add a red die."\n'
    assert_text_is_required(PACKAGED, tmp_path, "supply.toml", line, 'text = "' + "x" * 201 + '"\n', load_content)


def test_what_views_and_labels_name_has_a_text():
    texts = game.card_texts()
    c = load_content()
    for m, d in random_decisions(game, range(2), limit=600):
        assert_labels_name_cards(d.options, {"activate", "event-survivor"}, texts)
        pub = m.view(d.player)["public"]
        shown = [s["name"] for s in pub["survivors"]]
        shown += [(c.weapons.get(w) or c.supply[w]).name for s in pub["survivors"] for w in s["equipped"]]
        shown += [c.events[e].name for e in pub["discards"].get("event", [])]
        shown += [c.negan[e].name for e in pub["discards"].get("negan", [])]
        shown += [e["name"] for e in pub["card_texts"].values()]
        missing = [n for n in shown if n not in texts]
        assert not missing, missing


def test_the_survivor_actions_a_player_may_not_know_have_texts_beside_their_options():
    """Rulebook "Actions", "Other Actions": Hold Your Nerve, Call Negan, Clear the Way and the
    rest are explained by ``info NAME`` and beside the options that name them."""
    from zedlab.cli.screen import card_note

    c = load_content()
    texts = game.card_texts()
    for name in ("Hold Your Nerve", "Call Negan", "Clear the Way", "Break and Enter", "Make NOISE",
                 "Recover Stamina", "Swap Items", "Extinguish", "Secure", "Search"):
        assert texts.get(name), name
    assert len(c.actions) == 10
    assert card_note("call negan", texts).startswith("Call Negan: Negan in play")
    assert card_note("hold your nerve", texts).startswith("Hold Your Nerve: Threat 2 or more")


def test_a_long_action_text_is_refused_naming_file_and_field(tmp_path):
    line = 'text = "Negan in play: he moves 3 spaces at once towards his target point, as in his own phase."\n'
    assert_text_is_required(PACKAGED, tmp_path, "references.toml", line, 'text = "' + "x" * 201 + '"\n',
                            load_content)


def test_no_card_text_beside_a_step_past_a_survivor_or_a_card_its_label_explains():
    """A Move's step "past" another Survivor says nothing of that Survivor's card (it is a
    detail of the step, not what the option does), and a Supply card whose text is already
    in its label ("keep Toolkit (Special Item: ...)") is not explained twice; a Survivor
    activated is still explained beside its option."""
    from zedlab.cli.screen import card_note

    texts = game.card_texts()
    assert card_note("step to (2,1) (past Laura)", texts) == ""
    toolkit = next(name for name in texts if name == "Toolkit")
    assert card_note(f"keep {toolkit} ({texts[toolkit]})", texts) == ""
    assert card_note("activate Laura", texts).startswith("Laura: ")
