"""Audit of the rules engine against the rulebook: one test per rule checked where a mistake
was found (they failed before the fix), and regression tests for rules checked and found
right that had no test yet.

Tables are rigged on small boards drawn in the grid format; chance is forced with
``state.rng.force(roll=[...])``. Survivor 0 is Dwight, 1 Laura.
"""

from __future__ import annotations

from zedlab.core.flow import push
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import cx, wound
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import FLOW, EndPhase, NeganPhase
from zedlab.games.heres_negan.survivor_phase import action_options

from .helpers import kinds, new_game, rig

HALL = """
+-+-+-+-+-+-+-+-+-+
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+-+-+-+-+-+-+-+-+-+
"""

ROOM = """
+-+-+-+-+-+-+-+
|. . . .|a a a|
+ + + + + + + +
|. . . .Oa a a|
+ + + + + + + +
|. . . .|a a a|
+-+-+-+-+-+-+-+
"""


def hall() -> Board:
    return Board.from_text(HALL, name="audit hall", exits=[(8, 0)], negan_start=(0, 1))


def room() -> Board:
    return Board.from_text(ROOM, room_names={"a": "Office"}, security=[(5, 1)])


def table(board: Board, n: int = 2, players: int = 1, **pieces: object) -> HNState:
    state = rig(new_game(0, survivors=n, players=players), board, **pieces)  # type: ignore[arg-type]
    state.round = 2
    return state


# -- mistakes found ---------------------------------------------------------------------------
def test_negan_card_noise_banner_resolves_after_the_whole_card() -> None:
    """HN-R114: NOISE is made only once the card causing it is fully resolved. Temper,
    Temper (NOISE banner; 'shout' printed before the Rep loss) makes its NOISE after the
    Rep loss. Source: rulebook, "Noise", "Taking Action"."""
    b = hall()
    state = table(b, survivors={0: b.at(8, 2), 1: b.at(7, 2)}, negan=b.at(0, 1))
    state.survivors[0].rep = 3
    assert cx(state).negan["temper-temper"].noise
    state.decks["negan"].append("temper-temper")
    push(state, NeganPhase())
    FLOW.run(state)
    k = kinds(state)
    assert "negan-rage" not in k
    assert k.count("noise") == 1
    assert k.index("rep") < k.index("noise")
    assert state.survivors[0].rep == 2


def test_incapacitated_survivor_is_not_offered_a_plus_token_that_leads_nowhere() -> None:
    """HN-R127, HN-R132: an Incapacitated Survivor may only Recover Stamina; next to a Walker
    it cannot, so discarding a +1 Action token would give an Action it cannot take.
    Source: rulebook, "Incapacitated Survivors", "+1/-1 Action Tokens"."""
    b = hall()
    state = table(b, survivors={0: b.at(4, 1), 1: b.at(8, 2)}, walkers=(b.at(5, 1),))
    s = state.survivors[0]
    s.damage, s.plus = s.stamina, 1
    state.active, state.actions = 0, 2
    assert [(a.kind, a.value) for a in action_options(state, 0)] == [("end", None)]
    state.walkers = [b.at(8, 0)]  # no longer adjacent: Recover Stamina, and the token, open
    got = {(a.kind, a.value) for a in action_options(state, 0)}
    assert ("action", "recover-stamina") in got and ("plus-token", None) in got


# -- rules checked and found right (no test had them) -----------------------------------------------
def end_phase(state: HNState) -> None:
    push(state, EndPhase())
    FLOW.run(state)


def test_e8_threat_rises_unless_rooms_secured_reach_survivors_plus_negan() -> None:
    """E8, HN-R259: five Survivors plus Negan need six secured rooms to stop the End Phase
    Threat rise; five are not enough. Source: rulebook, "Increase Threat"."""
    b = hall()
    state = table(b, n=5, survivors={i: b.at(i, 2) for i in range(5)})
    state.threat, state.secured = 5, [90, 91, 92, 93, 94]
    state.rng.force(roll=[])
    end_phase(state)
    assert state.threat == 6
    state.secured.append(95)
    end_phase(state)
    assert state.threat == 6


def test_first_player_token_passes_clockwise_but_not_solo() -> None:
    """HN-R262: the First Player token goes to the next seat each End Phase; solo it stays.
    Source: rulebook, "Pass the First Player Token"."""
    b = hall()
    state = table(b, n=3, players=3, survivors={0: b.at(0, 2), 1: b.at(1, 2), 2: b.at(2, 2)})
    state.first = 2
    end_phase(state)
    assert state.first == 0
    solo = table(b, survivors={0: b.at(0, 2), 1: b.at(1, 2)})
    end_phase(solo)
    assert solo.first == 0


def test_secure_adds_a_die_for_negan_in_the_room() -> None:
    """HN-R179: Negan in the room (called in) adds a white die to the Secure roll, and gains
    no Reputation. Source: rulebook, "Secure"."""
    from zedlab.games.heres_negan.actions import start_secure

    b = room()
    state = table(b, survivors={0: b.at(5, 0), 1: b.at(0, 0)}, negan=b.at(5, 2))
    state.threat = 4
    value = cx(state).threat.security[3]
    state.rng.force(roll=["1"] * value)
    start_secure(state, 0)
    assert state.secured == [b.room_of(b.at(5, 0))] == [b.room_of(state.negan)]
    roll = next(e for e in state.events if e.kind == "roll")
    assert len(roll.args["dice"]) == 2


def test_bitten_survivor_at_the_skull_with_no_walker_left_is_not_enough_walkers() -> None:
    """HN-R229, HN-R069: a Bitten Survivor at the skull is removed and a prone Walker takes
    its place; with all 12 models on the board, the Threat rises by 1 instead.
    Source: rulebook, "Bitten!", "Not Enough Walkers?"."""
    b = hall()
    walkers = tuple(b.at(x, 0) for x in range(9)) + tuple(b.at(x, 1) for x in range(6, 9))
    state = table(b, survivors={0: b.at(0, 2), 1: b.at(8, 2)}, walkers=walkers)
    s = state.survivors[0]
    s.bitten, s.damage = True, s.stamina - 1
    threat = state.threat
    wound(state, 0, 1, "test")
    assert s.removed and b.at(0, 2) not in state.prone and state.threat == threat + 1
    state.walkers = state.walkers[:-1]
    t = state.survivors[1]
    t.bitten, t.damage = True, t.stamina - 1
    wound(state, 1, 1, "test")
    assert b.at(8, 2) in state.prone and state.result == "loss"
