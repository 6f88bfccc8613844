"""Solo scenario targets however they come, a full group, the 1:1 offer and heal discounts.

Source: Survive Alive rulebook, "Solo Scenario 1/2: Finds" and "Game Conditions" (the target
joins; Scenario 1 ends after that round's Event cards), "Step 4" (the Command Centre draws the
top Character card), "Facilities" (Command Centre 1:1 trades), "Wound Markers" (healing).
Rulings in docs/rulings/survive-alive.md.
"""

from __future__ import annotations

from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive import rules as ru
from zedlab.games.survive_alive.state import Character
from zedlab.games.survive_alive.steps import FLOW, AfterRecruits, Recruit

from .helpers import CONTENT, build_free, give, play, solo_at_spend

RECRUIT_CARD = next(e.id for e in CONTENT.events.values() if e.recruit)


def _scenario_one_at_step_four(extra: tuple[str, ...] = ()):
    """Scenario 1 with a Command Centre, JoJo on top of the Character deck and the round's
    last Event card one that recruits: the rules are at step 4."""
    st = game.new(Config(players=1, scenario=1), 5)
    p = st.players[0]
    build_free(p, next(s.id for s in CONTENT.slots[p.base] if s.kind == "command-centre"))
    for cid in extra:
        st.char_deck.remove(cid)
        p.chars.append(Character(id=cid))
    st.char_deck.remove("jojo")
    st.char_deck.insert(0, "jojo")
    st.drawn = [RECRUIT_CARD]
    st.stack[:] = [AfterRecruits(), Recruit(seat=0)]
    FLOW.run(st)
    while game.decision(st).kind == "recruit-cube":
        play(st, "take", game.decision(st).options[0].value)
    return st


def test_jojo_drawn_by_the_command_centre_is_found_and_ends_scenario_one():
    st = _scenario_one_at_step_four()
    d = game.decision(st)
    assert d.kind == "recruit-accept" and [a.kind for a in d.options] == ["accept"]
    play(st, "accept")
    assert st.found and st.ending == "1" and game.decision(st) is None
    outcome = game.outcome(st)
    assert outcome.winners == (0,) and f"round {st.round}" in outcome.reason
    assert "Seat 0 finds JoJo!" in game.events(st, 0)


def test_a_full_group_makes_room_for_the_target_never_with_a_named_character():
    st = _scenario_one_at_step_four(extra=("grace", "hank"))
    p = st.players[0]
    assert len(p.chars) == CONTENT.design.max_characters
    d = game.decision(st)
    assert {a.kind for a in d.options} == {"make-room"}
    leaving = {p.chars[a.value].id for a in d.options}
    assert "bruce" not in leaving and leaving == {ch.id for ch in p.chars} - {"bruce"}
    hank = next(a for a in d.options if p.chars[a.value].id == "hank")
    p.chars[hank.value].wounds = 1
    st.wound_pool -= 1
    play(st, "make-room", hank.value)
    ids = [ch.id for ch in p.chars]
    assert "hank" not in ids and "jojo" in ids and len(ids) == CONTENT.design.max_characters
    assert st.char_deck[-1] == "hank" and st.wound_pool == CONTENT.rules.wound_tokens
    assert game.invariants(st) == []
    assert st.ending == "1"


def test_no_offer_with_only_multiplied_cubes():
    """A 1:1 offer hands over a real cube: a hand of multiplied cubes cannot make one."""
    st = game.new(Config(players=2, first_player=0), 3)
    while game.decision(st).kind != "spend":
        d = game.decision(st)
        play(st, d.options[0].kind, d.options[0].value)
    p = st.players[game.decision(st).player]
    build_free(p, next(s.id for s in CONTENT.slots[p.base] if s.kind == "command-centre"))
    for i in range(7):
        st.bag[i] += p.cubes[i] - p.virt[i]
    p.cubes = [0, 0, 0, 0, 5, 0, 0]
    p.virt = [0, 0, 0, 0, 5, 0, 0]
    assert not any(a.kind == "offer" for a in game.decision(st).options)
    give(st, p, wood=1)
    assert any(a.kind == "offer" for a in game.decision(st).options)


def test_a_once_a_round_heal_discount_is_kept_when_the_price_is_already_at_the_minimum():
    """Rick (every heal) and Alexander (once a round) bring a heal to the 1-herb minimum, so
    the Medical Room is kept for the second heal: 1 + 1 herbs, not 1 + 2."""
    st = solo_at_spend(chars=("rick", "alexander", "bruce"))
    p = st.players[0]
    build_free(p, next(s.id for s in CONTENT.slots[p.base] if s.kind == "medical-room"))
    for ch in p.chars[:2]:
        ch.wounds = 1
    st.wound_pool -= 2
    give(st, p, herb=5)
    assert ru.heal_cost(p, CONTENT) == (1, [1], False)
    play(st, "heal", 0)
    assert p.cubes[ru.HERB] == 4 and p.chars[1].tapped and not p.med_used
    assert ru.heal_cost(p, CONTENT) == (1, [], True)
    play(st, "heal", 1)
    assert p.cubes[ru.HERB] == 3 and p.med_used
    assert game.invariants(st) == []



def test_a_one_to_one_offer_tells_the_other_player_what_is_offered_and_hides_it_from_the_rest():
    st = game.new(Config(players=3, first_player=0), 3)
    while game.decision(st).kind != "spend":
        d = game.decision(st)
        play(st, d.options[0].kind, d.options[0].value)
    a = st.players[game.decision(st).player]
    b = st.players[(a.seat + 1) % 3]
    build_free(a, next(s.id for s in CONTENT.slots[a.base] if s.kind == "command-centre"))
    give(st, a, herb=1)
    give(st, b, brick=1)
    play(st, "offer", b.seat)
    play(st, "give", "herb")
    play(st, "want", "brick")
    d = game.decision(st)
    assert d.player == b.seat
    assert d.prompt == f"Seat {a.seat} offers you a herb cube for a brick cube (a 1:1 trade): accept?"
    play(st, "accept")
    public = game.events(st, None)[-1]
    assert public == f"Seat {a.seat} and Seat {b.seat} make a 1:1 trade"
    third = (a.seat + 2) % 3
    assert not any("herb" in line for line in game.events(st, third)[-3:])
    assert game.events(st, a.seat)[-1] == f"Seat {a.seat} gives a herb cube to Seat {b.seat} for a brick cube"
    assert game.events(st, b.seat)[-1] == f"Seat {b.seat} takes a herb cube from Seat {a.seat} for a brick cube"


def test_a_heal_is_seen_by_all_its_price_only_by_the_healer():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    p.chars[0].wounds = 1
    st.wound_pool -= 1
    give(st, p, herb=3)
    play(st, "heal", 0)
    assert game.events(st, None)[-1] == "Seat 0 removes a Wound token from Bruce"
    assert game.events(st, 0)[-1] == "Seat 0 heals a wound of Bruce for 3 herbs"
