"""The rulebook's worked examples, with their numbers.

Source: Survive Alive rulebook, "1. Spend Resource Cubes" (Watch Tower example),
"3. Scavenging" (axe example), "Step 1" (round-3 attack), "Defence and Health Tracks"
(round-2 defence), "Base Breach" (round-1 breach), "Scavenge Loss" (Buzz and Joseph),
"Failing to Defend", "Scoring Example".
"""

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.content import CUBES
from zedlab.games.survive_alive.event_cards import attack_strength, defence_value
from zedlab.games.survive_alive.objectives import score_breakdown
from zedlab.games.survive_alive.rules import strength

from .helpers import CONTENT, build_free, give, log, options, play, solo_at_spend


def test_watch_tower_purchase():
    """Two wood, one metal and one brick go into the bag; the tower's box is shaded."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    give(st, p, wood=2, metal=1, brick=1)
    bag = list(st.bag)
    assert ("build", "watch-tower-NE") in options(st)
    play(st, "build", "watch-tower-NE")
    assert p.cubes == [0] * 7
    assert [a - b for a, b in zip(st.bag, bag, strict=True)] == [2, 1, 1, 0, 0, 0, 0]
    assert p.built["watch-tower-NE"] == 1
    assert defence_value(p, "N", CONTENT) == 2 and defence_value(p, "E", CONTENT) == 2
    assert defence_value(p, "S", CONTENT) == 0


def test_axe_forge_gives_tom_strength_two():
    """Two wood and one metal forge an axe: Tom's strength is 2."""
    st = solo_at_spend(chars=("tom", "dario"))
    p = st.players[0]
    p.chars[0].tapped = True  # Tom's own once-a-round saving already used
    give(st, p, wood=2, metal=1)
    play(st, "forge", (0, "axe"))
    assert p.cubes == [0] * 7
    assert p.chars[0].weapons == ["axe"]
    assert strength(p, [p.chars[0]], CONTENT, scavenging=False) == 2


def test_round_three_attack_of_five_zeds_is_eight():
    """Five Zeds in round 3: strength 5 + 3 = 8."""
    st = solo_at_spend()
    st.round = 3
    five = [e.id for e in CONTENT.events.values() if e.zeds == 5]
    assert five
    assert attack_strength(st, five[0], CONTENT) == 8


def _to_events(st, first_cards, side=None):
    """Finish spend/discard/scavenge with 'done'/'stop', stack the Event deck, and place
    every defender on ``side`` (default: the first card's side)."""
    rest = [c for c in st.event_deck if c not in first_cards]
    st.event_deck = list(first_cards) + rest
    side = side or CONTENT.events[first_cards[0]].side
    while game.decision(st) is not None and game.decision(st).kind in ("spend", "discard", "place-defender"):
        if game.decision(st).kind == "place-defender":
            play(st, "place", side)
        else:
            play(st, "done")


def test_round_two_defence_of_seven_from_the_north():
    """Round 2, 5 Zeds from the North = 7; two towers (4) + three barricades (3) = 7 holds:
    the defence mark and, with no wounds, the health mark."""
    st = solo_at_spend(chars=("dario", "david"))
    st.round = 2
    p = st.players[0]
    build_free(p, "watch-tower-NE", "watch-tower-NW", "barricade-N-0", "barricade-N-1", "barricade-N-2")
    card = next(e.id for e in CONTENT.events.values() if e.zeds == 5 and e.side == "N")
    assert attack_strength(st, card, CONTENT) == 7
    assert defence_value(p, "N", CONTENT) == 4 + 1 + 1 + 1
    _to_events(st, [card])
    assert p.defence == 1 and p.health == 1
    assert all(ch.wounds == 0 for ch in p.chars)


def test_round_one_breach_loses_one_north_defence():
    """Round 1, 5 Zeds from the North = 6 against 4 + 1 = 5 with nobody home: the breach
    tracker is shaded and one North defence (a barricade or a tower) is lost."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    build_free(p, "watch-tower-NE", "watch-tower-NW", "barricade-N-0", "bed-0-0")
    for ch in p.chars:
        ch.away = True  # nobody at the Base
    card = next(e.id for e in CONTENT.events.values() if e.zeds == 5 and e.side == "N")
    _to_events(st, [card])
    d = game.decision(st)
    assert d.kind == "breach-lose"
    assert {a.value for a in d.options} == {"watch-tower-NE", "watch-tower-NW", "barricade-N-0"}
    play(st, "lose", "barricade-N-0")
    assert p.breach == 1
    assert p.built["barricade-N-0"] == 2 and p.built["bed-0-0"] == 1
    assert sum(1 for v in p.built.values() if v == 2) == 1
    assert p.defence == 0


def test_failing_to_defend_four_against_seven_wounds_everyone_home():
    """Base defence 4, no weapons, attack 7: each character at the Base takes one wound."""
    st = solo_at_spend(chars=("dario", "david"))
    st.round = 2
    p = st.players[0]
    build_free(p, "watch-tower-NE", "watch-tower-NW")
    card = next(e.id for e in CONTENT.events.values() if e.zeds == 5 and e.side == "N")
    _to_events(st, [card])
    assert [ch.wounds for ch in p.chars] == [1, 1]
    assert p.defence == 0 and p.health == 0


def test_buzz_and_joseph_lose_a_scavenge_four_against_seven():
    """Buzz (bat + axe = 3) and Joseph (wrench = 1) attack with 4 against 7 Zeds: each
    takes one wound, the star box is shaded, no reward."""
    st = solo_at_spend(chars=("buzz", "joseph"))
    p = st.players[0]
    p.chars[0].weapons = ["bat", "axe"]
    p.chars[1].weapons = ["wrench"]
    card = next(s.id for s in CONTENT.scavenge.values() if s.food == 3 and s.zeds == 3)
    st.scav_decks["3"].remove(card)
    st.scav_decks["3"].insert(0, card)
    give(st, p, food=3)
    play(st, "done")  # spend
    for _ in range(3):
        play(st, "scavenge-food")
    play(st, "done")  # discard
    play(st, "send", 0)
    play(st, "send", 1)
    play(st, "go")
    loc = next(v for k, v in options(st) if k == "scavenge" and CONTENT.locations[v].food == 3)
    play(st, "scavenge", loc)
    assert [ch.wounds for ch in p.chars] == [1, 1]
    assert p.scavenge == 1 and p.ip == 0
    assert loc in p.lost_at and st.locations[loc] is False
    assert any("strength 4 vs Zed strength 7, lost by 3" in line for line in log(st))


def test_scoring_example_totals_33():
    """2 characters 6, one breach -2, 3 defences 6, 2 health 6, one scavenge 3, 4 influence,
    one morale 4, one stored brick 1, an objective 5: total 33."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    p.breach, p.defence, p.health, p.scavenge, p.morale, p.ip = 1, 3, 2, 1, 1, 4
    give(st, p, brick=1)
    end = CONTENT.objectives[st.objectives[0]]
    p.objective_points = 5
    if end.metric in ("morale", "characters", "health", "barricades"):
        st.objectives = ["c-barricades"]  # an End card player A has not met
    lines = score_breakdown(st, p, CONTENT)
    assert lines == {
        "characters": 6, "breaches": -2, "defence": 6, "health": 6, "scavenging": 3,
        "influence": 4, "morale": 4, "resources": 1, "objectives": 5,
    }
    assert sum(lines.values()) == 33
    assert CUBES[2] == "brick"
