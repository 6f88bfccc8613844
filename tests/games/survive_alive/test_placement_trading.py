"""Placing characters on the sides they defend, and trading outside the Spend phase."""

from __future__ import annotations

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.event_cards import defence_value

from .helpers import CONTENT, build_free, give, play, solo_at_spend


def _at_placement(st, cards):
    rest = [c for c in st.event_deck if c not in cards]
    st.event_deck = list(cards) + rest
    while game.decision(st).kind in ("spend", "discard"):
        play(st, "done")


def _card(zeds, side):
    return next(e.id for e in CONTENT.events.values() if e.zeds == zeds and e.side == side)


def test_each_character_at_home_is_placed_on_a_side_by_its_owner():
    """4. Draw Event Cards, Step 1: after the Event card is drawn, the player places each
    character on the side it defends; one small decision per character, four sides."""
    st = solo_at_spend(chars=("dario", "david"))
    _at_placement(st, [_card(5, "N")])
    d = game.decision(st)
    assert d.kind == "place-defender" and d.player == 0
    assert [a.value for a in d.options] == ["N", "E", "S", "W"]
    play(st, "place", "N")
    assert st.players[0].chars[0].side == "N"
    assert game.decision(st).kind == "place-defender"


def test_a_character_only_defends_the_side_it_is_placed_on():
    """Step 1: the weapons of a placed character count only on its side."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    p.chars[0].weapons = ["axe", "knife"]
    p.chars[0].side = "S"
    assert defence_value(p, "S", CONTENT) == 4
    assert defence_value(p, "N", CONTENT) == 0


def test_wrong_side_placement_fails_the_defence_and_wounds_everyone_home():
    """Step 1 and "Failing to Defend": round 1, 5 Zeds from the North = 6; with an axe and a
    knife (4) and two towers (4) on the North it holds, but placed on the South the North has
    only 4 and every character at the Base takes a wound."""
    for side, wounds in (("N", [0, 0]), ("S", [1, 1])):
        st = solo_at_spend(chars=("dario", "david"))
        p = st.players[0]
        build_free(p, "watch-tower-NE", "watch-tower-NW")
        p.chars[0].weapons = ["axe", "knife"]
        _at_placement(st, [_card(5, "N")])
        play(st, "place", side)
        play(st, "place", side)
        assert [ch.wounds for ch in p.chars] == wounds


def test_trading_is_allowed_in_the_discard_phase():
    """1. Spend Resource Cubes (note): a player may trade 4:1 at any time on their turn,
    here during the Discard phase."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    give(st, p, wood=4, food=1)
    play(st, "done")
    d = game.decision(st)
    assert d.kind == "discard" and any(a.kind == "trade" for a in d.options)
    play(st, "trade")
    for _ in range(4):
        play(st, "give", "wood")
    play(st, "take", "food")
    assert p.cubes[3] == 2 and p.cubes[0] == 0
    assert game.decision(st).kind == "discard"


def test_trading_for_food_at_round_end_before_feeding():
    """1. Spend Resource Cubes (note) and 5. Round End 2: a player with no food but four
    cubes may trade for a food on their turn at the round end, then feed a character."""
    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    for ch in p.chars:
        ch.weapons = ["axe", "knife"]
    card = st.event_deck[0]
    side = CONTENT.events[card].side
    while game.decision(st).kind != "place-defender":
        play(st, "done")
    while game.decision(st).kind == "place-defender":
        play(st, "place", side)
    while game.decision(st).kind in ("recruit-cube", "recruit-accept"):
        o = game.decision(st).options[0]
        play(st, o.kind, o.value)
    d = game.decision(st)
    assert d.kind == "feed"
    # make the hand exactly four non-food cubes
    for i in range(7):
        st.bag[i] += p.cubes[i]
        p.cubes[i] = 0
    give(st, p, metal=4)
    d = game.decision(st)
    assert d.options[-1].kind == "trade"
    before = max(a.value for a in d.options if a.kind == "feed")
    play(st, "trade")
    for _ in range(4):
        play(st, "give", "metal")
    play(st, "take", "food")
    assert game.decision(st).kind == "feed"
    assert max(a.value for a in game.decision(st).options if a.kind == "feed") == before + 1


def test_the_placing_menu_counts_every_side_as_an_attack_would():
    """4. Draw Event Cards, Step 1: the shields the menu shows for the four sides (counted in
    one pass) are those each side's attack is met with (barricades, Watch Towers on its
    corners, the weapons of those placed there, a lookout on every side), at every placing
    of seeded random games of 1-4 players."""
    from zedlab.core import RNG
    from zedlab.games.survive_alive.content import SIDES
    from zedlab.games.survive_alive.event_cards import defence_values

    seen = 0
    for seed, players in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 4)):
        st = game.new(game.Config(players=players), seed)
        chooser = RNG.from_seed(seed)
        while (d := game.decision(st)) is not None:
            if d.kind == "place-defender":
                p = st.players[d.player]
                expected = [defence_value(p, side, CONTENT, st.scenario) for side in SIDES]
                assert defence_values(p, CONTENT, st.scenario) == expected
                seen += 1
            game.apply(st, chooser.choice(d.options), trusted=True)
    assert seen > 50


def test_the_feed_question_lists_one_two_and_nobody_last_with_counted_labels():
    """5. Round End 2 (a food per character fed): the Feed options read "Feed 1 character",
    "Feed 2 characters", then "Feed nobody"; feeding k is the k-th option whatever the food
    (so its key stays k from round to round), and the action values are the counts."""
    from zedlab.games.survive_alive.steps import Feed

    from .helpers import empty_hand

    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    for food, want in ((1, ["Feed 1 character", "Feed nobody"]),
                       (2, ["Feed 1 character", "Feed 2 characters", "Feed nobody"])):
        empty_hand(st, p)
        give(st, p, food=food)
        st.stack.append(Feed(seat=0))
        d = game.decision(st)
        assert d.kind == "feed"
        feeds = [a for a in d.options if a.kind == "feed"]
        assert [a.label for a in feeds] == want
        assert [a.value for a in feeds] == [*range(1, food + 1), 0]
        st.stack.pop()
