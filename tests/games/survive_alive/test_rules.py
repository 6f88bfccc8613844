"""Survive Alive rules: set-up, spending, discard, scavenging, events, round end,
objectives, scoring and the solo scenarios.

Source: Survive Alive rulebook, sections named in each test.
"""

import pytest

from zedlab.core import ConfigError, IllegalAction, Match, ScriptedRNG
from zedlab.games.survive_alive import Config, event_cards, game, objectives, round_end
from zedlab.games.survive_alive.rules import facility_cost, heal_cost, trade_ratio
from zedlab.games.survive_alive.state import Character

from .helpers import CONTENT, build_free, give, log, options, play, solo_at_spend


def _setup(players: int, seed: int = 0):
    st = game.new(Config(players=players, first_player=0), seed)
    return st


@pytest.mark.parametrize(("players", "dealt"), [(1, 5), (2, 5), (3, 7), (4, 9)])
def test_draft_deals_by_player_count_and_everyone_gets_two(players, dealt):
    """Set-Up J: 5 / 7 / 9 cards to the First player; pick and pass until each has two."""
    st = _setup(players)
    for _ in range(players):
        d = game.decision(st)
        assert d.kind == "choose-base"
        play(st, "base", "quarry")
    assert len(st.draft) == dealt
    assert game.decision(st).player == 0
    picks = []
    while game.decision(st).kind == "draft":
        d = game.decision(st)
        picks.append(d.player)
        play(st, d.options[0].kind, d.options[0].value)
    if players > 1:
        assert picks == [i % players for i in range(2 * players)]
    assert all(len(p.chars) == 2 for p in st.players)
    # M: starting cubes are those shown on the two cards
    for p in st.players:
        shown = sum(len(CONTENT.characters[ch.id].cubes) for ch in p.chars)
        assert sum(p.cubes) == shown
    assert len(st.char_deck) + 2 * players == 21
    assert game.invariants(st) == []


def test_bases_chosen_in_reverse_turn_order():
    """Set-Up H: starting with the last player, in reverse turn order."""
    st = game.new(Config(players=3, first_player=1), 0)
    seats = []
    for _ in range(3):
        seats.append(game.decision(st).player)
        play(st, "base", "river")
    assert seats == [0, 2, 1]


def test_map_areas_and_objectives_by_player_count():
    """Set-Up B and D: map areas by player count; one objective of each type (solo: End)."""
    assert len(_setup(1).locations) == 6 and len(_setup(2).locations) == 6
    assert len(_setup(3).locations) == 9 and len(_setup(4).locations) == 12
    solo = _setup(1)
    assert [CONTENT.objectives[o].type for o in solo.objectives] == ["End"]
    duo = _setup(2)
    assert [CONTENT.objectives[o].type for o in duo.objectives] == ["Leader", "Instant", "End"]


def test_solo_pick_discard_pick():
    """Set-Up J (solo): pick one of five, one random card to the bottom, pick from three."""
    st = _setup(1)
    play(st, "base", "forest")
    assert len(game.decision(st).options) == 5
    first = game.decision(st).options[0].value
    play(st, "character", first)
    assert len(game.decision(st).options) == 3
    play(st, "character", game.decision(st).options[0].value)
    assert len(st.char_deck) == 19


def test_config_refuses_a_scenario_for_two():
    with pytest.raises(ConfigError, match="solo scenario"):
        Match.new(game, {"players": 2, "scenario": 1})


def test_trade_ratios():
    """4:1, 3:1 with a Radio, 2:1 with a Command Centre (lowest stays)."""
    st = solo_at_spend()
    p = st.players[0]
    assert trade_ratio(p, CONTENT) == 4
    build_free(p, "command-centre-2-2")
    assert trade_ratio(p, CONTENT) == 2
    build_free(p, "radio-1-2")
    assert trade_ratio(p, CONTENT) == 2


def test_trade_four_for_one():
    """Any 4 cubes for 1 of the player's choice from the supply."""
    st = solo_at_spend()
    p = st.players[0]
    give(st, p, wood=3, cloth=1)
    play(st, "trade")
    for c in ("wood", "wood", "cloth", "wood"):
        play(st, "give", c)
    assert game.decision(st).kind == "trade-take"
    play(st, "take", "brick")
    assert p.cubes == [0, 0, 1, 0, 0, 0, 0]


def test_workshop_discount_drawn_at_random_and_not_on_barricades():
    """Workshop: a random one of brick/wood/metal, -1 on later facilities, not barricades."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    give(st, p, wood=2, metal=1, brick=1)
    st.rng.force(choice=["wood"])
    play(st, "build", "workshop-1-1")
    assert p.workshop == "wood"
    assert facility_cost(p, "barricade", CONTENT)[0][0] == 2
    assert facility_cost(p, "watch-tower", CONTENT)[0][:3] == [1, 1, 1]


def test_joseph_once_per_round_barricade():
    """Joseph: one wood less on a barricade once per round (tapped)."""
    st = solo_at_spend(chars=("joseph", "dario"))
    p = st.players[0]
    give(st, p, wood=3)
    play(st, "build", "barricade-N-0")
    assert p.cubes[0] == 2 and p.chars[0].tapped
    play(st, "build", "barricade-N-1")
    assert p.cubes[0] == 0


def test_weapons_at_most_two_per_character():
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    give(st, p, wood=8)
    play(st, "forge", (0, "bat"))
    play(st, "forge", (0, "bat"))
    assert not any(k == "forge" and v[0] == 0 for k, v in options(st))


def test_heal_costs_three_herbs_two_with_medical_room_once():
    """Wound Markers: 3 herbs; a Medical Room saves one once a round (token on it)."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    p.chars[0].wounds = 2
    p.chars[1].wounds = 1
    st.wound_pool -= 3
    build_free(p, "medical-room-2-1")
    assert heal_cost(p, CONTENT)[0] == 2
    give(st, p, herb=5)
    play(st, "heal", 0)
    assert p.cubes[4] == 3 and p.med_used
    assert heal_cost(p, CONTENT)[0] == 3
    play(st, "heal", 1)
    assert p.cubes[4] == 0
    assert game.invariants(st) == []


def test_illegal_action_message_and_state_unchanged():
    st = solo_at_spend()
    before = game.encode(st)
    with pytest.raises(IllegalAction, match="not legal"):
        play(st, "build", "watch-tower-NE")
    assert game.encode(st) == before


def test_discard_keeps_storage_and_food_for_scavenging():
    """2. Discard: store up to the storage, set food aside, the rest goes back."""
    st = solo_at_spend()
    p = st.players[0]
    p.chars[0].weapons = ["bat"]  # so the scavenging decision waits
    give(st, p, wood=3, food=2)
    play(st, "done")
    assert game.decision(st).kind == "discard"
    play(st, "keep", "wood")
    assert ("keep", "wood") not in options(st)  # one storage space
    play(st, "scavenge-food")
    play(st, "done")
    assert game.decision(st).kind == "scavenge-party"
    assert p.cubes == [1, 0, 0, 0, 0, 0, 0] and p.scav_food == 1


def test_scavenge_win_crosses_location_and_takes_points():
    """Scavenge Win: shade a star, X the location (solo: and the card's location), points."""
    st = solo_at_spend(chars=("buzz", "joseph"))
    p = st.players[0]
    p.chars[0].weapons = ["axe", "knife"]
    card = next(s for s in CONTENT.scavenge.values() if s.food == 1 and s.reward == "points")
    st.scav_decks["1"].remove(card.id)
    st.scav_decks["1"].insert(0, card.id)
    give(st, p, food=1)
    play(st, "done")
    play(st, "scavenge-food")
    play(st, "done")
    play(st, "send", 0)
    play(st, "go")
    loc = next(v for k, v in options(st) if k == "scavenge" and CONTENT.locations[v].food == 1)
    play(st, "scavenge", loc)
    assert p.ip == card.points and p.scavenge == 1
    assert st.locations[loc] is True and st.locations[card.solo_location] is True


def test_scavenge_deficit_five_kills():
    """Scavenge Loss: a deficit of 5+ kills each scavenger."""
    st = solo_at_spend(chars=("buzz", "joseph"))
    p = st.players[0]
    p.chars[0].weapons = ["bat"]
    card = next(s for s in CONTENT.scavenge.values() if s.food == 3 and s.zeds == 3)
    st.scav_decks["3"].remove(card.id)
    st.scav_decks["3"].insert(0, card.id)
    give(st, p, food=3)
    play(st, "done")
    for _ in range(3):
        play(st, "scavenge-food")
    play(st, "done")
    play(st, "send", 0)
    play(st, "go")
    loc = next(v for k, v in options(st) if k == "scavenge" and CONTENT.locations[v].food == 3)
    play(st, "scavenge", loc)  # 1 vs 7
    assert p.dead[0] == "buzz"
    lines = log(st)
    lost = lines.index(next(line for line in lines if "strength 1 vs Zed strength 7, lost by 6" in line))
    assert lines[lost + 1] == "Seat 0: Buzz dies"


def test_breach_loses_middle_facilities_nearest_after_defences():
    """Base Breach: after the attacked side's defences, the nearest middle facilities."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    build_free(p, "barricade-S-0", "bed-0-0", "bed-3-0" if "bed-3-0" in [s.id for s in CONTENT.slots["mountain"]] else "bathroom-3-0", "barricade-E-0")
    assert event_cards.breach_candidates(p, "N", CONTENT) == sorted(["bed-0-0", "storage-0-2"])
    event_cards.lose_facility(st, p, "bed-0-0")
    event_cards.lose_facility(st, p, "storage-0-2")
    assert event_cards.breach_candidates(p, "N", CONTENT) == ["bathroom-3-0"]
    event_cards.lose_facility(st, p, "bathroom-3-0")
    assert event_cards.breach_candidates(p, "N", CONTENT) == ["barricade-E-0", "barricade-S-0"]


def test_morale_mark_and_cube_losses():
    """5. Round End: all bathed, bedded and fed -> morale; missing two needs: lose one cube
    per character; missing all three: two."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    build_free(p, "bed-0-0", "bed-0-4", "bathroom-0-1", "bathroom-0-3")
    give(st, p, food=1)  # Dario saves one food: two fed
    assert round_end.feed(st, p, 2, CONTENT) == 0 and p.morale == 1
    st2 = solo_at_spend(chars=("alan", "david"))
    q = st2.players[0]
    assert round_end.feed(st2, q, 0, CONTENT) == 2 * 3 - 2  # nothing at all: 2 cubes each
    assert q.morale == 0


def test_round_end_income():
    """Gardens give their cube, the Radio three random cubes; Alan a food with a garden."""
    st = solo_at_spend(chars=("alan", "david"))
    p = st.players[0]
    build_free(p, "food-garden-1-0", "herb-garden-1-4", "radio-1-2")
    round_end.round_income(st, p, CONTENT)
    assert p.cubes[3] >= 2 and p.cubes[4] >= 1 and sum(p.cubes) == 1 + 1 + 3 + 1


def test_leader_objective_taken_surpassed_and_tied():
    """Objective Cards (Leader), read as a tie rule (``leader_rule="highest"``): the single
    highest takes it, it is lost only when surpassed, a tie takes nothing."""
    st = _setup(2)
    st.leader_rule = "highest"
    st.objectives[0] = "a-barricades"  # minimum 4
    a, b = st.players
    a.base = b.base = "mountain"
    build_free(a, *[f"barricade-{s}-0" for s in "NESW"])
    build_free(b, *[f"barricade-{s}-0" for s in "NESW"])
    objectives.check_leader(st, CONTENT)
    assert st.leader == -1
    build_free(a, "barricade-N-1")
    objectives.check_leader(st, CONTENT)
    assert st.leader == 0
    build_free(b, "barricade-N-1")
    objectives.check_leader(st, CONTENT)
    assert st.leader == 0
    build_free(b, "barricade-N-2")
    objectives.check_leader(st, CONTENT)
    assert st.leader == 1


def test_instant_objective_goes_to_the_first():
    st = _setup(2)
    st.objectives[1] = "b-radio"
    a, b = st.players
    a.base = b.base = "mountain"
    build_free(b, "radio-1-2")
    objectives.check_instant(st, CONTENT)
    assert st.instant_by == 1 and b.objective_points == 3
    build_free(a, "radio-1-2")
    objectives.check_instant(st, CONTENT)
    assert a.objective_points == 0


def test_tie_breakers():
    """Victory: ties broken by scavenging influence, then characters, then defence."""
    st = _setup(2)
    a, b = st.players
    a.chars = [Character(id="dario")]
    b.chars = [Character(id="david")]
    a.ip, b.defence = 3, 1  # a: 3 influence; b: 1 defence point -> scores 3 vs 1
    b.scavenge = 0
    a.ip = 1  # now 1 vs 1
    assert objectives.final_scores(st, CONTENT)[0] == objectives.final_scores(st, CONTENT)[1]
    assert objectives.winners(st, CONTENT) == [0]
    b.ip, a.ip = 1, 0
    a.defence = 1
    assert objectives.winners(st, CONTENT) == [1]


def test_score_ranking_bands():
    assert objectives.ranking(20).startswith("You may as well")
    assert objectives.ranking(21) == "Zed bait."
    assert objectives.ranking(101) == "Above the rulebook's table (it stops at 100)."


def test_watch_tower_peek_is_private_and_determinize_keeps_it():
    """Watch Tower: the owner sees this round's Event cards; others do not."""
    st = game.new(Config(players=2, first_player=0), 4)
    play(st, "base", "mountain")
    play(st, "base", "mountain")
    while game.decision(st).kind == "draft":
        play(st, "character", game.decision(st).options[0].value)
    seat = game.decision(st).player
    p = st.players[seat]
    for i in range(7):
        st.bag[i] += p.cubes[i]
        p.cubes[i] = 0
    give(st, p, wood=2, metal=1, brick=1)
    play(st, "build", "watch-tower-NE")
    play(st, "peek")
    assert game.view(st, seat)["private"]["coming_events"] == st.event_deck[:1]
    assert game.view(st, 1 - seat)["private"]["coming_events"] == []
    det = game.determinize(st, seat, ScriptedRNG(9))
    assert det.event_deck[0] == st.event_deck[0]


def test_command_centre_recruit_at_step_4():
    """Step 4: with a Command Centre, take the top character, choose 4 of its cubes,
    accept or leave."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    build_free(p, "command-centre-2-2")
    card = next(e.id for e in CONTENT.events.values() if e.recruit)
    st.event_deck.remove(card)
    st.event_deck.insert(0, card)
    for ch in p.chars:
        ch.weapons = ["axe", "knife"]  # hold the attack
    top = st.char_deck[0]
    play(st, "done")
    while game.decision(st).kind != "recruit-cube":
        if game.decision(st).kind == "place-defender":
            play(st, "place", CONTENT.events[card].side)
        else:
            play(st, game.decision(st).options[-1].kind)
    name = CONTENT.characters[top].name
    prompts = []
    for _ in range(4):
        prompts.append(game.decision(st).prompt)
        play(st, game.decision(st).options[0].kind, game.decision(st).options[0].value)
    # the question repeats: each time it says how many cubes are still to take
    assert prompts == [f"Which cube shown on {name}'s card do you take? ({n} of 4 still to take)"
                       for n in (4, 3, 2, 1)]
    assert game.decision(st).kind == "recruit-accept"
    play(st, "accept")
    assert p.chars[-1].id == top and not p.chars[-1].away


def test_scenario_1_setup():
    """Solo Scenario 1 set-up: Mountain Base with the SE tower, Buzz home, Bruce (bat) and
    Olivia (wrench) out, JoJo among the top three characters."""
    st = game.new(Config(players=1, scenario=1), 3)
    p = st.players[0]
    assert p.base == "mountain" and p.built["watch-tower-SE"] == 1
    assert [(c.id, c.away, c.weapons) for c in p.chars] == [
        ("buzz", False, []), ("bruce", True, ["bat"]), ("olivia", True, ["wrench"])]
    assert "jojo" in st.char_deck[:3]
    assert game.decision(st).kind == "scenario-food"
    assert [CONTENT.objectives[o].type for o in st.objectives] == ["End"]


def test_scenario_2_setup():
    """Solo Scenario 2 set-up: Forest Base, Florence with 2 wounds and Agatha home, Alan
    (axe) and Bob (knife) out, Rick in the Hospital pile."""
    st = game.new(Config(players=1, scenario=2), 3)
    p = st.players[0]
    assert p.base == "forest"
    assert [(c.id, c.wounds, c.away, c.weapons) for c in p.chars] == [
        ("florence", 2, False, []), ("agatha", 0, False, []),
        ("alan", 0, True, ["axe"]), ("bob", 0, True, ["knife"])]
    assert "rick" in st.hospital and len(st.hospital) == 3
    assert st.wound_pool == 22


def test_scenario_1_finding_jojo_ends_after_the_events():
    """Solo Scenario 1: JoJo found -> she joins, the round ends after the Event cards, Ending 1."""
    st = game.new(Config(players=1, scenario=1), 3)
    p = st.players[0]
    play(st, "food-on-cards", p.cubes[3])
    card = next(s for s in CONTENT.scavenge.values() if s.food == 1 and s.reward == "character")
    st.scav_decks["1"].remove(card.id)
    st.scav_decks["1"].insert(0, card.id)
    st.char_deck.remove("jojo")
    st.char_deck.insert(0, "jojo")
    assert p.scav_food >= 3  # Bruce's and Olivia's food
    while game.decision(st).kind in ("spend", "discard"):
        play(st, "done")
    loc = next(v for k, v in options(st) if k == "scavenge" and CONTENT.locations[v].food == 1)
    play(st, "scavenge", loc)
    while game.decision(st).kind == "recruit-cube":
        play(st, game.decision(st).options[0].kind, game.decision(st).options[0].value)
    play(st, "accept")
    assert any(c.id == "jojo" for c in p.chars) and st.ending == "1"
    while game.decision(st) is not None:
        d = game.decision(st)
        play(st, d.options[-1].kind, d.options[-1].value)
    out = game.outcome(st)
    assert out.winners == (0,) and "Ending 1 in round 1" in out.reason


def test_scenario_2_medic_found_then_florence_healed_wins():
    """Solo Scenario 2: find Rick at the Hospital, return, build the Medical Room, heal
    Florence's two wounds -> the game ends after that round's Event cards with Ending 1."""
    from .helpers import give

    st = game.new(Config(players=1, scenario=2), 5)
    p = st.players[0]
    play(st, "food-on-cards", p.cubes[3])
    build_free(p, *[f"barricade-{s}-{i}" for s in "NESW" for i in range(3)])
    build_free(p, "watch-tower-NE", "watch-tower-SW", "watch-tower-NW", "watch-tower-SE")
    card = next(s for s in CONTENT.scavenge.values() if s.food == 2 and s.reward == "character")
    st.scav_decks["2"].remove(card.id)
    st.scav_decks["2"].insert(0, card.id)
    st.hospital.remove("rick")
    st.hospital.insert(0, "rick")
    while game.decision(st).kind in ("spend", "discard"):
        play(st, "done")
    play(st, "scavenge", "hospital")
    while game.decision(st).kind == "recruit-cube":
        play(st, game.decision(st).options[0].kind, game.decision(st).options[0].value)
    play(st, "accept")
    assert st.found and st.ending == ""
    while game.decision(st).kind != "spend":
        d = game.decision(st)
        play(st, d.options[-1].kind, d.options[-1].value)
    assert st.round == 2 and any(c.id == "rick" and not c.away for c in p.chars)
    for i in range(7):
        st.bag[i] += p.cubes[i]
        p.cubes[i] = 0
    give(st, p, brick=2, cloth=1, herb=4)
    play(st, "build", "medical-room-1-1")
    flo = 0
    play(st, "heal", flo)  # 3 - 1 (room) - 1 (Rick) = 1 herb
    play(st, "heal", flo)  # the room is used this round: 3 - 1 (Rick) = 2 herbs
    assert p.chars[0].wounds == 0 and p.cubes[4] == 0
    assert st.ending == "1" and st.final_round == 2
    while game.decision(st) is not None:
        d = game.decision(st)
        play(st, d.options[-1].kind, d.options[-1].value)
    out = game.outcome(st)
    assert out.winners == (0,) and "Ending 1 in round 2" in out.reason
