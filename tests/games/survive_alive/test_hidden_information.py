"""Survive Alive: a decision's options depend only on what the deciding seat may know.

Source: Survive Alive rulebook, "Set-Up" (the supply bag), "1. Spend Resource Cubes" (trade 4
cubes for one of the player's choice from the supply, behind the Player Screens),
"2. Discard Resource Cubes", "Card Anatomy" (Resource Multiplier); docs/rulings
"Hidden information".
"""

from zedlab.core import Action
from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive.steps import section

from .helpers import give, play


def _two_players_at_spend(seed: int = 0):
    st = game.new(Config(players=2, first_player=0), seed)
    while game.decision(st).kind == "choose-base":
        play(st, "base", "mountain")
    while game.decision(st).kind == "draft":
        d = game.decision(st)
        play(st, d.options[0].kind, d.options[0].value)
    return st


def _options(st) -> list[tuple[str, object]]:
    d = game.decision(st)
    return [(d.player, d.kind)] + [(a.kind, a.value) for a in d.options]


def test_trade_take_offers_every_colour_whatever_the_bag_holds():
    """1. Spend Resource Cubes (trading): the bag is hidden, so the cube to take is chosen
    from every colour; a colour the bag lacks gains nothing (the Resource Multiplier may
    stand in, "Card Anatomy")."""
    a = _two_players_at_spend()
    b = game.clone(a)
    wild = 6
    seat = game.decision(a).player
    other = b.players[1 - seat]  # the other seat holds every Wild cube: hidden from ``seat``
    other.cubes[wild] += b.bag[wild]
    b.bag[wild] = 0
    for st in (a, b):
        give(st, st.players[seat], wood=4)
        play(st, "trade")
        for _ in range(4):
            play(st, "give", "wood")
    assert _options(a) == _options(b)
    assert len(game.decision(b).options) == 7
    p = b.players[seat]
    before = sum(p.cubes)
    game.apply(b, Action("take", "wild"))
    assert sum(p.cubes) == before and game.invariants(b) == []


def test_discard_is_asked_of_every_seat_whatever_it_holds():
    """2. Discard Resource Cubes: whether a seat is asked must not tell the others what is
    behind its screen: two tables differing only in seat 0's cubes ask the same seats."""
    a = _two_players_at_spend()
    b = game.clone(a)
    for st, cubes in ((a, 0), (b, 5)):
        for p in st.players:
            for i in range(7):
                st.bag[i] += p.cubes[i]
                p.cubes[i] = 0
        give(st, st.players[0], cloth=cubes)
    seen = []
    for st in (a, b):
        asked = []
        while section(st.stack) in ("spend", "discard"):
            d = game.decision(st)
            asked.append((d.player, d.kind))
            play(st, "done")
        seen.append(asked)
    assert seen[0] == seen[1]
    assert [k for _, k in seen[0]].count("discard") == 2


def test_the_event_cards_cubes_are_told_to_their_drawer_only():
    """Rulebook "Step 2" / "Step 3": each player draws the last Event card's cubes behind
    the screen; the player's log says which (the others' logs do not)."""
    import random

    import zedlab

    match = zedlab.make("survive-alive", seed=11)
    pick = random.Random(11)
    while not match.over:
        seen = [e for e in match.events(0) if e.kind == "event-cubes"]
        if seen:
            break
        d = match.decision
        match.play(pick.choice(d.options))
    assert seen, "no Event card cubes were drawn in the game"
    assert all(e.visible_to == (0,) or list(e.visible_to) == [0] for e in seen)
    assert not [e for e in match.events(1) if e.kind == "event-cubes" and e.args["seat"] == 0]
    line = next(s for s in match.log(0) if "from the bag" in s)
    assert line.startswith("Seat 0 draws ") and "behind the screen" in line
