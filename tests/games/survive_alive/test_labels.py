"""Action labels, prompts and log lines name things as printed, say where and what it costs.

Source: Survive Alive rulebook, "1. Spend Resource Cubes", "Set-Up H/J", "3. Scavenging",
"5. Round End" (the rules are unchanged; only how they are shown is tested here).
"""

import re

from rich.console import Console

from zedlab.core import RNG, Match
from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive.event_cards import resolve_attack
from zedlab.games.survive_alive.render import community_map, header, render
from zedlab.games.survive_alive.rules import zeds_words
from zedlab.games.survive_alive.steps import LoseCube, PlaceDefender

from .helpers import CONTENT, build_free, give, log, options, play, solo_at_spend


def _labels(st) -> dict[tuple[str, object], str]:
    return {(a.kind, a.value): a.label for a in game.decision(st).options}


def test_build_label_names_the_facility_the_side_and_the_cost_and_the_log_says_what_was_paid():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    give(st, p, wood=2, cloth=1)
    labels = _labels(st)
    assert labels[("build", "barricade-N-0")] == "Build a Barricade on the North side (2 wood)"
    bed = next(v for k, v in labels if k == "build" and v.startswith("bed-"))
    r, c = (int(x) + 1 for x in bed.split("-")[1:])
    assert labels[("build", bed)] == f"Build a Bed (row {r}, column {c}) (1 wood, 1 cloth)"
    play(st, "build", "barricade-N-0")
    assert game.events(st, 0)[-1] == "Seat 0 builds a Barricade on the North side for 2 wood"


def test_build_label_shows_the_discounted_cost():
    """Grace's ability saves a cloth on a Bed: the label shows what is really paid."""
    st = solo_at_spend(chars=("bruce", "grace"))
    give(st, st.players[0], wood=1, cloth=1)
    bed = next(label for (k, v), label in _labels(st).items() if k == "build" and v.startswith("bed-"))
    assert bed.endswith("(1 wood; Grace's discount)")


def test_forge_label_uses_printed_names_an_article_and_the_cost():
    st = solo_at_spend(chars=("bruce", "maya"))
    p = st.players[0]
    build_free(p, next(s.id for s in CONTENT.slots[p.base] if s.kind == "forge"))
    give(st, p, wood=2, metal=1)
    labels = _labels(st)
    # the Forge saves a wood on each weapon
    assert labels[("forge", (1, "axe"))] == "Forge an Axe (+2) for Maya (1 wood, 1 metal; the Forge's discount)"
    assert labels[("forge", (0, "bat"))] == "Forge a Bat (+1) for Bruce (1 wood; the Forge's discount)"
    play(st, "forge", (1, "axe"))
    assert game.events(st, 0)[-1] == "Seat 0 forges an Axe for Maya for 1 wood, 1 metal"


def test_watch_tower_look_names_the_event_cards():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    build_free(p, "watch-tower-NE")
    give(st, p, food=3)
    play(st, "peek")
    line = game.events(st, 0)[-1]
    first = CONTENT.events[st.event_deck[0]]
    assert line.startswith("Seat 0 looks at the coming Event cards (")
    assert f"{first.name} ({zeds_words(first.zeds)} from " in line
    assert st.event_deck[0] + ";" not in line and not line.endswith(st.event_deck[0])


def test_draft_shows_abilities_and_base_and_draft_are_logged_with_names():
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=2)
    d = m.decision
    assert d.kind == "choose-base"
    # choosing a Base hides nothing: the chooser sees what a spectator sees
    assert game.view(m.state, d.player) == game.view(m.state, None)
    m.play(next(a for a in d.options if a.value == "mountain"))
    assert f"Seat {d.player} takes the Mountain Base" in m.log(None)
    while m.decision.kind == "choose-base":
        m.play(m.decision.options[0])
    d = m.decision
    assert d.kind == "draft"
    for a in d.options:
        card = CONTENT.characters[a.value]
        assert a.label.startswith(f"{card.name}: {card.brief}; ")
        assert all(f"{card.cubes.count(c)} {c}" in a.label for c in set(card.cubes))
    assert "the cubes it brings" in d.prompt
    m.play(d.options[0])
    assert m.log(1 - d.player)[-1] == f"Seat {d.player} drafts {CONTENT.characters[d.options[0].value].name}"


def test_lose_cube_prompt_gives_the_reason_and_offers_only_cubes_held():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    give(st, p, wood=1, herb=2)
    st.stack.append(LoseCube(seat=0, left=2))
    d = game.decision(st)
    assert "without a bath, bed or food" in d.prompt and "(2 still to lose)" in d.prompt
    assert sorted(v for _, v in options(st)) == ["herb", "wood"]
    play(st, "lose", "herb")
    assert "Seat 0 loses a herb cube (unmet needs)" in log(st)
    assert "(1 still to lose)" in game.decision(st).prompt


def test_scavenge_log_names_party_location_food_strength_and_wounds():
    """The public log of a lost scavenge (numbers of the rulebook example, see test_examples)."""
    st = solo_at_spend(chars=("buzz", "joseph"))
    p = st.players[0]
    p.chars[0].weapons = ["bat", "axe"]
    p.chars[1].weapons = ["wrench"]
    card = next(s.id for s in CONTENT.scavenge.values() if s.food == 3 and s.zeds == 3)
    st.scav_decks["3"].remove(card)
    st.scav_decks["3"].insert(0, card)
    give(st, p, food=3)
    play(st, "done")
    for _ in range(3):
        play(st, "scavenge-food")
    play(st, "done")
    assert _labels(st)[("send", 0)] == "Send Buzz scavenging"
    play(st, "send", 0)
    play(st, "send", 1)
    play(st, "go")
    assert "Seat 0 sends Buzz and Joseph scavenging" in log(st)
    loc = next(v for k, v in options(st) if k == "scavenge" and CONTENT.locations[v].food == 3)
    play(st, "scavenge", loc)
    name = CONTENT.locations[loc].name
    assert f"Seat 0: Buzz and Joseph scavenge the {name} (3 food): strength 4 vs Zed strength 7, lost by 3" in log(st)
    assert "Seat 0: Buzz is wounded (1 wound)" in log(st)
    assert "Seat 0: Joseph is wounded (1 wound)" in log(st)


def test_private_lines_stay_private_and_public_lines_reach_everyone():
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=5)
    while m.decision is not None and m.state.round == 1:
        m.play(m.decision.options[0])
    public = m.log(None)
    assert public == [game.event_text(e, None) for e in m.events(0) if e.visible_to is None]
    for seat in (0, 1):
        own = [game.event_text(e, seat) for e in m.events(seat) if e.visible_to is not None]
        assert own and all(text[:1].isupper() for text in own)
        assert all(e.visible_to == (seat,) for e in m.events(seat) if e.visible_to is not None)
        assert len(m.log(seat)) == len(public) + len(own)
    # what was paid stays behind the screen: never in the public log
    assert not any(re.match(r"Seat \d+ (builds|forges|looks) ", line) for line in public)
    assert any(line.startswith("Seat ") and " feeds " in line for line in m.log(None))


def test_players_table_lists_every_seat_with_printed_names():
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=3)
    while m.decision.kind != "spend":
        m.play(m.decision.options[0])
    seat = m.decision.player
    console = Console(width=200, record=True, color_system=None)
    console.print(render(game.view(m.state, seat), seat))
    out = console.export_text()
    assert f"{seat} (you)" in out
    for p in m.state.players:
        assert CONTENT.bases[p.base].name in out
        for ch in p.chars:
            assert CONTENT.characters[ch.id].name in out


def test_every_config_option_is_described():
    for name, field in Config.model_fields.items():
        assert field.description, name


def test_trade_prompt_counts_the_cubes_still_to_give():
    st = solo_at_spend(chars=("bruce", "olivia"))
    give(st, st.players[0], wood=4)
    play(st, "trade")
    ratio = st.stack[-1].left
    assert game.decision(st).prompt.endswith(f"({ratio} still to give for the cube you want)")
    play(st, "give", "wood")
    assert game.decision(st).prompt.endswith(f"({ratio - 1} still to give for the cube you want)")


def test_event_cards_and_attacks_are_logged_in_words():
    m = Match.new(game, {"players": 2}, seed=7)
    chooser = RNG.from_seed(3)
    while m.decision is not None and m.state.round < 2:
        m.play(chooser.choice(m.decision.options))
    public = m.log(None)
    drawn = next(line for line in public if line.startswith("Round 1 Event cards: "))
    ev = CONTENT.events[m.state.drawn[0]] if m.state.round == 1 else None
    assert " Zeds from " in drawn and (ev is None or ev.name in drawn)
    sides = ("North", "East", "South", "West")
    attacks = [line for line in public if " shields vs " in line]
    assert attacks and all(any(f" {s} " in line or f" {s} (" in line for s in sides) for line in attacks)


def test_the_watch_tower_look_shows_its_cost():
    """Free once after building a tower, else one food per Event card this round."""
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    build_free(p, "watch-tower-NE")
    give(st, p, food=3)
    assert _labels(st)[("peek", None)] == "Look at this round's Event cards (Watch Tower, 1 food)"
    p.free_peek = True
    assert _labels(st)[("peek", None)] == "Look at this round's Event cards (Watch Tower, free)"


def test_placing_a_defender_names_the_character_and_each_sides_shields_and_attacks():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    p.chars[0].weapons = ["axe"]
    build_free(p, "barricade-N-0", "watch-tower-NE")
    st.drawn = ["a4"]
    st.stack.append(PlaceDefender(seat=0, char=0))
    d = game.decision(st)
    assert d.prompt.startswith("Where does Bruce (2 shields) defend this round?")
    side = CONTENT.events["a4"].side
    attack = CONTENT.events["a4"].zeds + st.round
    labels = {a.value: a.label for a in d.options}
    assert labels["N"].startswith("Defend the North side (3 shields so far;")
    ev = CONTENT.events["a4"]
    assert labels[side].endswith(f"; attack {attack} = {ev.zeds} Zeds on {ev.name} + round {st.round})")
    assert all(labels[s].endswith("; no attack)") for s in "NESW" if s != side)


def test_the_attack_on_a_side_says_where_its_strength_comes_from():
    """"4. Draw Event Cards", Step 1: the rulebook's example, 5 Zeds drawn in round 3 make
    an attack of strength 8; the side's label and the attack's result both show the sum."""
    st = solo_at_spend(chars=("bruce", "olivia"))
    card = next(e for e in CONTENT.events.values() if e.zeds == 5)
    st.round = 3
    st.drawn = [card.id]
    st.stack.append(PlaceDefender(seat=0, char=0))
    labels = {a.value: a.label for a in game.decision(st).options}
    assert labels[card.side].endswith(f"; attack 8 = 5 Zeds on {card.name} + round 3)")
    st.stack.pop()
    resolve_attack(st, st.players[0], card.id, CONTENT)
    assert any(f"vs attack strength 8 = 5 Zeds on {card.name} + round 3)" in line for line in log(st))


def test_the_header_names_the_round_the_mission_and_attacks_and_the_map_marks_crossed_places():
    m = Match.new(game, {"players": 1, "scenario": 1}, seed=3)
    view = m.game_view(0)
    view["public"]["drawn"] = ["a4"]
    places = view["public"]["locations"]
    view["public"]["locations"] = {**places, next(iter(places)): True}
    text = _text(header(view))
    ev = CONTENT.events["a4"]
    assert "Round 1 of 6" in text and "Solo Scenario 1: find JoJo" in text
    assert f"attack {ev.zeds + 1} from the " in text and f"({zeds_words(ev.zeds)} + round 1)" in text
    gone = CONTENT.locations[next(iter(places))].name
    assert f"✗{gone}(" in _text(community_map(view))


def _text(renderable) -> str:
    console = Console(width=200, record=True)
    console.print(renderable)
    return console.export_text()


def test_a_scavenging_place_shows_its_food_and_the_zeds_its_deck_can_show():
    st = game.new(Config(players=1), 4)
    while (d := game.decision(st)) is not None and d.kind != "scavenge-where":
        options = [a for a in d.options if a.kind in ("send", "go", "scavenge-food")
                   or (a.kind == "feed" and a.value == 0)]  # keep food for scavenging
        play(st, *((options or d.options)[0].kind, (options or d.options)[0].value))
    assert d is not None, "the game reached a scavenging choice"
    for a in d.options[:-1]:
        loc = CONTENT.locations[a.value]
        threat = CONTENT.design.zed_threat[str(loc.food)]
        zeds = sorted({s.zeds + threat for s in CONTENT.scavenge.values() if s.food == loc.food})
        assert a.label == f"Scavenge the {loc.name} ({loc.food} food; Zed strength {zeds[0]}-{zeds[-1]})"


def test_draft_labels_fit_a_line_and_info_gives_the_whole_card():
    """"Player set-up" J/M: each Character card offered in the draft fits one option line
    at 80 columns (the key takes 5) with its name, its ability in short and its cubes, and
    no two read alike; the card's text (``info NAME``) holds its profession, its whole
    ability and the cubes it brings."""
    texts = game.card_texts()
    labels = []
    for cid, card in CONTENT.characters.items():
        st = solo_at_spend()
        st.draft = [cid]
        label = draft_label(st, cid)
        labels.append(label)
        assert len(label) <= 75, label
        assert label.startswith(f"{card.name}: ")
        whole = texts[card.name]
        assert card.profession in whole and card.ability in whole, whole
        assert all(f"{card.cubes.count(c)} {c}" in whole for c in set(card.cubes)), whole
    assert len(set(labels)) == len(labels)
    assert texts["Rick"] == "Medic. Removing a wound costs one herb less, every time. Brings 1 wood, 1 brick, 3 herbs, 1 cloth at set-up."


def draft_label(st, cid):
    """The draft option label of ``cid`` (the card alone in the hand)."""
    from zedlab.games.survive_alive.setup import ask_draft
    from zedlab.games.survive_alive.steps import Draft

    return next(a.label for a in ask_draft(st, Draft(seat=0)).options if a.value == cid)


def test_a_discounted_price_says_whose_discount_it_is():
    """"Character Abilities": Tom takes one wood off a weapon once a round, so the Axe
    (2 wood, 1 metal in "Facilities") is listed at 1 wood, 1 metal and says it is Tom's
    discount; once it is used the full price is listed under the same menu number, with
    nothing said. A build discount (Agatha's wood on a Food Garden) is named the same way."""
    st = solo_at_spend(chars=("tom", "bruce"))
    p = st.players[0]
    give(st, p, wood=6, metal=3)
    labels = _labels(st)
    assert labels[("forge", (1, "axe"))] == "Forge an Axe (+2) for Bruce (1 wood, 1 metal; Tom's discount)"
    slots = dict(zip(game.decision(st).options, game.option_slots(st, game.decision(st)), strict=True))
    axe_slot = next(v for a, v in slots.items() if a.value == (1, "axe"))
    assert labels[("forge", (0, "knife"))].endswith("(2 metal; Tom's discount)")
    play(st, "forge", (0, "knife"))
    labels = _labels(st)
    assert labels[("forge", (1, "axe"))] == "Forge an Axe (+2) for Bruce (2 wood, 1 metal)"
    slots = dict(zip(game.decision(st).options, game.option_slots(st, game.decision(st)), strict=True))
    assert next(v for a, v in slots.items() if a.value == (1, "axe")) == axe_slot
    st2 = solo_at_spend(chars=("agatha", "bruce"))
    give(st2, st2.players[0], wood=6, food=3)
    garden = next(v for (k, v), label in _labels(st2).items() if k == "build" and "food garden" in label.lower())
    assert _labels(st2)[("build", garden)].endswith("; Agatha's discount)")


def test_the_placing_question_fits_two_lines_of_80_columns():
    """"4. Draw Event Cards", Step 1 and "Failing to Defend": the placing question still says
    that a side holds all round and that a beaten side wounds (by the death deficit, kills)
    everyone at the Base, in two lines of 80 columns under the longest seat and character
    names (the terminal shows a question in two lines at most)."""
    from zedlab.cli.screen import wrap_words

    st = solo_at_spend(chars=("alexander", "florence"))
    st.stack.append(PlaceDefender(seat=0, char=0))
    prompt = game.decision(st).prompt
    assert "Alexander" in prompt and "wounds all at the Base" in prompt
    assert f"by {CONTENT.rules.death_deficit}+ kills them" in prompt
    assert len(wrap_words(f"Mountain Base (you): {prompt}", 80)) <= 2


def test_every_log_line_a_seat_alone_sees_names_that_seat():
    """What is behind a player's screen (what it built, forged, healed, traded, looked at)
    is logged with the player as its subject ("Seat 1 builds ..."), as the public lines
    are, so the log never reads as an order to the reader. A seeded 3-player game."""
    m = Match.new(game, {"players": 3}, seed=5)
    chooser = RNG.from_seed(5)
    while m.decision is not None:
        m.play(chooser.choice(m.decision.options))
    kinds = set()
    for seat in range(3):
        for e in m.events(seat):
            if e.visible_to == (seat,):
                kinds.add(e.kind)
                assert f"Seat {seat}" in game.event_text(e, seat), (e.kind, game.event_text(e, seat))
    assert {"built", "traded"} <= kinds, kinds
