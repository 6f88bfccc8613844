"""The Here's Negan phase, Negan's Rage, Clear the Way!, Negan's kills, the Negan Action
cards' effects, winning on the EXIT, and the score bands and Top Dog of the outcome.

Cards are taken from the content pack by their printed numbers (a Move 3 card, a Move 4
card) and put on top of the Negan deck; dice are forced.
"""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game, negan_phase
from zedlab.games.heres_negan.board import Board, line_of_sight
from zedlab.games.heres_negan.common import apply_effects, cx
from zedlab.games.heres_negan.content import Effect
from zedlab.games.heres_negan.game import score_band
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import FLOW, EndPhase, NeganPhase

from .helpers import kinds, new_game, rig

ROUTES = """
+-+-+-+-+-+-+
|. .|. . . .|
+ + + + + + +
|. .D. . . .|
+ + + + + + +
|. .|. . . .|
+ + + + + + +
|. .O. . . .|
+ + + + + + +
|. .|. . . .|
+-+-+-+-+-+-+
"""
"""Rulebook "Routes and Ranges" (E2): door A (closed) on the direct way, door B (open)
further down; the EXIT beyond the wall."""

HALL = """
+-+-+-+-+-+-+-+-+-+
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+-+-+-+-+-+-+-+-+-+
"""

LANE = """
+-+-+-+-+-+-+
|. . . . . .|
+-+-+-+-+-+-+
"""

ROOM = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . . . .|
+-+-+O+-+-+
|a a a a a|
+ + + + + +
|a a a a a|
+-+-+-+-+-+
"""


@pytest.fixture(scope="module")
def routes() -> Board:
    return Board.from_text(ROUTES, name="routes example", exits=[(3, 1)], negan_start=(0, 1))


@pytest.fixture(scope="module")
def hall() -> Board:
    return Board.from_text(HALL, name="hall", exits=[(8, 0)], negan_start=(0, 1))


def table(board: Board, n: int = 2, **pieces: object) -> HNState:
    """A game of ``n`` Survivors rigged on ``board`` in round 2."""
    state = rig(new_game(1, survivors=n), board, **pieces)  # type: ignore[arg-type]
    state.round = 2
    return state


def card_with(state: HNState, move: int) -> str:
    """The first Negan Action card of the pack showing Move ``move``."""
    return next(c for c, card in cx(state).negan.items() if card.move == move)


def run_phase(state: HNState, card: str | None = None, then_end: bool = False) -> None:
    if card is not None:
        state.decks["negan"].append(card)
    push(state, NeganPhase(), *((EndPhase(),) if then_end else ()))
    FLOW.run(state)


def count(state: HNState, kind: str) -> int:
    return kinds(state).count(kind)


# -- round 1 ------------------------------------------------------------------------------------
def test_round_one_negan_enters_on_his_start_and_reveals_what_he_sees(hall: Board) -> None:
    """Round 1: Negan is put on his start point, no card is drawn; the tokens he sees are
    revealed. Source: "3. Here's Negan!" (HN-R234), "Revealing Walker Tokens" (HN-A35)."""
    state = rig(new_game(1), hall, survivors={0: hall.at(8, 2), 1: hall.at(7, 2)},
                tokens={hall.at(3, 1): ""})
    state.round = 1
    deck = len(state.decks["negan"])
    run_phase(state)
    assert state.negan == hall.negan_start
    assert len(state.decks["negan"]) == deck
    assert hall.at(3, 1) not in state.tokens
    assert kinds(state).index("negan-enters") < kinds(state).index("token-revealed")


def test_round_one_start_point_taken_puts_him_next_to_it(hall: Board) -> None:
    """A Survivor on his start point: Negan goes on an adjacent empty space (HN-A35)."""
    start = hall.negan_start
    assert start is not None
    state = rig(new_game(1), hall, survivors={0: start, 1: hall.at(8, 2)})
    state.round = 1
    run_phase(state)
    assert state.negan not in (-1, start)
    assert abs(hall.xy(state.negan)[0] - 0) <= 1 and abs(hall.xy(state.negan)[1] - 1) <= 1


def test_round_one_start_point_taken_prefers_the_corridor_to_an_unsecured_room() -> None:
    """His start point taken, Negan goes next to it where he is not enraged at once: a
    corridor space before a space of the unsecured room beyond the open door (which comes
    first in board order). Source: "3. Here's Negan!" (HN-R234), "Negan's Rage"; ruling
    HN-A35 (the First Player's pick)."""
    board = Board.from_text("""
+-+-+-+-+-+
|a a a a a|
+ + + + + +
|a a a a a|
+-+-+O+-+-+
|. . . . .|
+-+-+-+-+-+
""", name="door by the start", exits=[(4, 2)], negan_start=(2, 2), security=[(0, 0)])
    start = board.negan_start
    assert start is not None
    state = rig(new_game(1), board, survivors={0: start, 1: board.at(0, 2)})
    state.round = 1
    run_phase(state)
    assert board.room_of(state.negan) is None
    assert state.negan == board.at(1, 2)
    assert "negan-enraged" not in kinds(state)


# -- E2 with a full phase -------------------------------------------------------------------------
def test_e2_route_b_through_the_open_door_no_rage(routes: Board) -> None:
    """E2: with door B open Negan takes route B (4 spaces); a Move 3 card leaves him one
    space short, not enraged, and the card is resolved; a token he sees on the way is
    revealed. Source: "Routes and Ranges" (example), "Moving Negan", "Taking Action"
    (HN-R237, HN-R240, HN-R248)."""
    b = routes
    negan = b.at(0, 1)
    token = next(s for s in b.spaces() if not line_of_sight(b, negan, s, frozenset({1}))
                 and line_of_sight(b, b.at(2, 3), s, frozenset({1})) and s != b.exits[0])
    state = table(b, survivors={0: b.at(0, 4), 1: b.at(1, 4)}, negan=negan, tokens={token: ""})
    card = card_with(state, 3)
    run_phase(state, card)
    assert not state.result
    assert "negan-rage" not in kinds(state)
    assert state.negan == b.at(3, 2)  # three spaces along route B, next to the EXIT
    assert token not in state.tokens
    assert state.discards["negan"] == [card]
    assert kinds(state).index("negan-card") < kinds(state).index("token-revealed")


def test_e2_route_b_reaching_the_exit_wins_and_the_game_stops_there(routes: Board) -> None:
    """A Move 4 card takes him onto the EXIT by route B: the game is won at once and
    nothing after it (the card's text, the End Phase) is played. Source: "Winning",
    Scenario 1 (HN-R281, HN-R290, HN-A51)."""
    b = routes
    state = table(b, survivors={0: b.at(0, 4), 1: b.at(1, 4)}, negan=b.at(0, 1))
    threat = state.threat
    run_phase(state, card_with(state, 4), then_end=True)
    assert state.result == "win" and state.negan == b.exits[0]
    assert state.reached == ["exit"] and not state.stack
    assert state.threat == threat  # the End Phase never ran
    assert kinds(state)[-1] == "game-over"
    assert game.outcome(state) is not None


def test_e2_both_doors_closed_route_a_and_rage(routes: Board) -> None:
    """Both doors closed: he tries route A, gets one space to door A with movement left and
    is enraged: the card is discarded unresolved and he rages. Tied leaders lose one blue
    roll together; the Survivor within 3 and sight is jabbed. Source: "Moving Negan",
    "Taking Action", "Negan's Rage" (HN-R241, HN-R244, HN-R247, HN-R251, HN-R252, HN-A32)."""
    b = routes
    near, far = b.at(1, 2), b.at(5, 4)
    state = table(b, survivors={0: near, 1: far}, negan=b.at(0, 1))
    state.open_doors = []
    for s in state.survivors:
        s.rep = 3
    card = card_with(state, 3)
    state.rng.force(roll=["2"])
    run_phase(state, card)
    assert state.negan in (b.at(1, 1), b.at(1, 0))
    assert "needs-door-or-unsecured-room" in next(
        e.args["reasons"] for e in state.events if e.kind == "negan-enraged")
    assert "negan-card-unresolved" in kinds(state) and state.discards["negan"] == [card]
    rage_rolls = [e for e in state.events if e.kind == "roll" and e.args["why"] == "Negan's Rage"]
    assert len(rage_rolls) == 1
    assert [s.rep for s in state.survivors] == [1, 1]  # nothing from the card
    assert [s.damage for s in state.survivors] == [1, 0]
    assert "noise" not in kinds(state)


# -- rage at the start of the phase ---------------------------------------------------------------
def test_start_of_phase_next_to_a_walker_rages_without_a_card(hall: Board) -> None:
    """Next to a Walker at the start: no card, Rage; he kills up to a blue roll of Walkers
    within 3 and sight, closest first, and nobody gains Reputation. Source: "3. Here's
    Negan!", "Negan's Rage" (HN-R235, HN-R254, HN-R255, HN-A34)."""
    at = hall.at
    state = table(hall, survivors={0: at(2, 0), 1: at(0, 0)}, negan=at(1, 1),
                  walkers=(at(2, 1), at(4, 1), at(5, 1)), prone=(at(1, 2),))
    deck = len(state.decks["negan"])
    state.rng.force(roll=["2"])
    run_phase(state)
    assert len(state.decks["negan"]) == deck and "negan-card" not in kinds(state)
    # closest first: the two adjacent ones (standing and prone) go, the further ones stay
    assert state.walkers == [at(4, 1), at(5, 1)] and state.prone == []
    assert [s.rep for s in state.survivors] == [0, 0]
    assert [s.damage for s in state.survivors] == [1, 1]
    assert state.negan == at(1, 1)


def test_start_of_phase_in_an_unsecured_room_kills_first_then_is_put_out() -> None:
    """In an unsecured room at the start: Rage; the adjacent Walker is removed first, then
    he is put on the closest space outside, leaving towards the side further from the EXIT.
    Source: "Negan's Rage" (HN-R256, HN-A34)."""
    b = Board.from_text(ROOM, name="room", exits=[(4, 0)], negan_start=(0, 0),
                        security=[(0, 3)])
    at = b.at
    state = table(b, survivors={0: at(2, 2), 1: at(4, 1)}, negan=at(2, 3), walkers=(at(3, 3),))
    state.rng.force(roll=["1"])
    run_phase(state)
    assert state.walkers == []
    assert state.negan == at(1, 1)
    k = kinds(state)
    assert k.index("walker-removed") < k.index("negan-ejected")


def test_rage_when_survivors_block_his_way() -> None:
    """Survivors on every space he could end on: he cannot move at all and rages; all three
    are within 3 and sight and jabbed. Source: "Moving Negan" (HN-R245, HN-A29)."""
    b = Board.from_text(LANE, name="lane", exits=[(5, 0)], negan_start=(0, 0))
    at = b.at
    state = table(b, 3, survivors={0: at(1, 0), 1: at(2, 0), 2: at(3, 0)}, negan=at(0, 0))
    run_phase(state, card_with(state, 3))
    assert state.negan == at(0, 0)
    reasons = next(e.args["reasons"] for e in state.events if e.kind == "negan-enraged")
    assert reasons == ["blocked"]
    assert [s.damage for s in state.survivors] == [1, 1, 1]


# -- rage details --------------------------------------------------------------------------------
def test_rage_jab_reaches_three_spaces_only(hall: Board) -> None:
    """The jab reaches Survivors within 3 spaces (and sight), not 4. Source: "Negan's Rage"
    (HN-R252)."""
    at = hall.at
    state = table(hall, survivors={0: at(3, 1), 1: at(4, 1)}, negan=at(0, 1))
    negan_phase.rage(state)
    assert [s.damage for s in state.survivors] == [1, 0]
    assert "noise" not in kinds(state)


def test_rage_shouts_when_nobody_can_be_hit(hall: Board) -> None:
    """Nobody within 3 and sight, or only an Incapacitated Survivor (never jabbed): he
    shouts, NOISE at his space (Threat +1). Source: "Negan's Rage" (HN-R253, HN-A33)."""
    at = hall.at
    state = table(hall, survivors={0: at(2, 1), 1: at(8, 2)}, negan=at(0, 1))
    down = state.survivors[0]
    down.damage = down.stamina
    threat = state.threat
    negan_phase.rage(state)
    assert down.damage == down.stamina and state.survivors[1].damage == 0
    assert state.threat == threat + 1
    assert next(e for e in state.events if e.kind == "noise").args["space"] == at(0, 1)


def test_rage_leaders_on_zero_lose_nothing(hall: Board) -> None:
    """All on 0 Reputation: nothing to lose, no roll (HN-A32)."""
    at = hall.at
    state = table(hall, survivors={0: at(2, 1), 1: at(8, 2)}, negan=at(0, 1))
    negan_phase.rage(state)
    assert not any(e.kind == "roll" and e.args["why"] == "Negan's Rage" for e in state.events)


def test_rage_only_the_single_leader_loses(hall: Board) -> None:
    """One leader: only that Survivor loses the roll (HN-R251)."""
    at = hall.at
    state = table(hall, survivors={0: at(2, 1), 1: at(8, 2)}, negan=at(0, 1))
    state.survivors[0].rep, state.survivors[1].rep = 2, 5
    state.rng.force(roll=["3!"])
    negan_phase.rage(state)
    assert [s.rep for s in state.survivors] == [2, 2]


# -- Negan's kills ---------------------------------------------------------------------------------
def test_negan_kills_closest_first_within_three_and_sight(hall: Board) -> None:
    """Up to the limit, within 3 spaces and sight, closest first, no Reputation.
    Source: "Call Negan", "Negan's Rage" (HN-R255, HN-A27)."""
    at = hall.at
    state = table(hall, survivors={0: at(1, 0)}, negan=at(0, 1),
                  walkers=(at(3, 1), at(2, 1), at(4, 1)))
    assert negan_phase.negan_kills(state, 5) == 2  # the one 4 spaces away stays
    assert state.walkers == [at(4, 1)]
    state.walkers = [at(1, 1), at(2, 1), at(3, 1)]
    assert negan_phase.negan_kills(state, 1) == 1 and state.walkers == [at(2, 1), at(3, 1)]
    assert state.survivors[0].rep == 0
    assert negan_phase.negan_kills(state, 0) == 0


# -- the cards' effects ------------------------------------------------------------------------------
def effects_table(hall: Board) -> HNState:
    at = hall.at
    state = table(hall, 3, survivors={0: at(1, 1), 1: at(3, 1), 2: at(7, 1)}, negan=at(0, 1))
    for i, s in enumerate(state.survivors):
        s.rep = 4 + i
    return state


def test_effect_rep_nearest_furthest_all_highest(hall: Board) -> None:
    """'Nearest' and 'furthest' are measured from Negan; highest-Rep Survivors all tied
    take it. Source: "Taking Action" (HN-R249); Negan Action cards."""
    state = effects_table(hall)
    apply_effects(state, [Effect(effect="rep-nearest", amount=2)])
    apply_effects(state, [Effect(effect="rep-furthest", amount=-1)])
    assert [s.rep for s in state.survivors] == [6, 5, 5]
    apply_effects(state, [Effect(effect="rep-highest", amount=-1)])
    assert [s.rep for s in state.survivors] == [5, 5, 5]
    apply_effects(state, [Effect(effect="rep-highest", amount=1)])
    assert [s.rep for s in state.survivors] == [6, 6, 6]
    apply_effects(state, [Effect(effect="rep-all", amount=-2)])
    assert [s.rep for s in state.survivors] == [4, 4, 4]


def test_effect_nearest_ties_take_all(hall: Board) -> None:
    """Two Survivors equally near Negan both gain (ruling)."""
    at = hall.at
    state = table(hall, 3, survivors={0: at(1, 0), 1: at(1, 2), 2: at(5, 1)}, negan=at(0, 1))
    apply_effects(state, [Effect(effect="rep-nearest", amount=1)])
    assert [s.rep for s in state.survivors] == [1, 1, 0]


def test_effect_jab_nearest_skips_the_incapacitated_and_the_far(hall: Board) -> None:
    """The nearest standing Survivor within 3 and sight loses Stamina; an Incapacitated one
    is passed over (HN-R131); none in range: nothing."""
    state = effects_table(hall)
    down = state.survivors[0]
    down.damage = down.stamina
    apply_effects(state, [Effect(effect="jab-nearest", amount=1)])
    assert [s.damage for s in state.survivors][1:] == [1, 0]
    state.survivors[1].space = -1
    apply_effects(state, [Effect(effect="jab-nearest", amount=1)])
    assert state.survivors[2].damage == 0


def test_effect_shout_and_kill_walkers(hall: Board) -> None:
    """'shout' is NOISE at Negan; 'kill-walkers' removes up to a roll of the die."""
    at = hall.at
    state = effects_table(hall)
    state.walkers = [at(0, 2), at(2, 2)]
    threat = state.threat
    apply_effects(state, [Effect(effect="shout")])
    assert state.threat == threat + 1
    assert next(e for e in state.events if e.kind == "noise").args["space"] == at(0, 1)
    state.walkers = [at(0, 2), at(2, 2), at(8, 2)]
    state.rng.force(roll=["3!"])
    apply_effects(state, [Effect(effect="kill-walkers", die="blue", range=3)])
    assert state.walkers == [at(8, 2)]
    assert [s.rep for s in state.survivors] == [4, 5, 6]


def test_effect_action_token_nearest(hall: Board) -> None:
    """The nearest Survivor takes a +1 or -1 Action token; the box holds three."""
    state = effects_table(hall)
    apply_effects(state, [Effect(effect="action-token-nearest", delta=1)])
    apply_effects(state, [Effect(effect="action-token-nearest", delta=-1)])
    assert (state.survivors[0].plus, state.survivors[0].minus) == (1, 1)
    apply_effects(state, [Effect(effect="action-token-nearest", delta=1)] * 2)
    assert state.survivors[0].plus == 2
    assert "no-action-token" in kinds(state)


def test_noise_banner_is_one_noise(routes: Board) -> None:
    """A card with the NOISE banner makes one NOISE at Negan after he moves (ruling)."""
    b = routes
    state = table(b, survivors={0: b.at(0, 4), 1: b.at(1, 4)}, negan=b.at(0, 1))
    threat = state.threat
    negan_phase.resolve_card(state, SimpleNamespace(noise=True, effects=[]))
    assert count(state, "noise") == 1 and state.threat == threat + 1
    shouting = SimpleNamespace(noise=True, effects=[Effect(effect="shout")])
    negan_phase.resolve_card(state, shouting)
    assert count(state, "noise") == 2 and state.threat == threat + 2


# -- Clear the Way! and moves from other Actions ---------------------------------------------------
def test_clear_the_way_moves_three_along_route_b(routes: Board) -> None:
    """Clear the Way!: 3 spaces towards the target exactly as in his phase (HN-R191)."""
    b = routes
    state = table(b, survivors={0: b.at(0, 4), 1: b.at(1, 4)}, negan=b.at(0, 1))
    negan_phase.clear_the_way(state, 0)
    assert state.negan == b.at(3, 2) and "negan-rage" not in kinds(state)


def test_clear_the_way_with_both_doors_closed_brings_his_rage(routes: Board) -> None:
    """Enraged by a Clear the Way! move, he rages at once (HN-A28 (a)): jab and Rep loss."""
    b = routes
    state = table(b, survivors={0: b.at(1, 2), 1: b.at(5, 4)}, negan=b.at(0, 1))
    state.open_doors = []
    state.survivors[0].rep = 4
    state.rng.force(roll=["1"])
    negan_phase.clear_the_way(state, 0)
    assert "negan-rage" in kinds(state)
    assert state.survivors[0].rep == 3 and state.survivors[0].damage == 1


def test_a_called_negan_crossing_the_exit_wins(hall: Board) -> None:
    """Call Negan's path onto the EXIT wins at once (HN-A51); a Survivor on his way is
    passed, not stood on."""
    at = hall.at
    state = table(hall, survivors={0: at(6, 0), 1: at(0, 2)}, negan=at(5, 0))
    negan_phase.after_negan_move(state, (at(6, 0), at(7, 0), at(8, 0)))
    assert state.result == "win" and state.negan == at(8, 0)
    state = table(hall, survivors={0: at(6, 0), 1: at(0, 2)}, negan=at(4, 0))
    negan_phase.after_negan_move(state, (at(5, 0), at(6, 0)))
    assert not state.result and state.negan == at(5, 0)


# -- outcome: score bands and Top Dog ------------------------------------------------------------------
BOUNDS = {2: (4, 14, 29), 3: (9, 24, 44), 4: (14, 34, 59), 5: (19, 44, 74)}


@pytest.mark.parametrize("survivors", [2, 3, 4, 5])
def test_score_bands_at_every_boundary(survivors: int) -> None:
    """T1: each band's top and the next band's bottom (HN-R283)."""
    names = ["Practically Dead", "Scraped Through", "Solid Victory", "Good Job!"]
    assert score_band(survivors, 0) == names[0]
    for k, top in enumerate(BOUNDS[survivors]):
        assert score_band(survivors, top) == names[k]
        assert score_band(survivors, top + 1) == names[k + 1]
    assert score_band(survivors, 100) == names[3]


def won(scenario: int, reps: list[int], players: int) -> HNState:
    state = new_game(0, scenario=scenario, survivors=len(reps), players=players)
    for s, r in zip(state.survivors, reps, strict=True):
        s.rep = r
    state.result, state.reason = "win", "Negan moved onto the EXIT"
    return state


def test_outcome_top_dog_ties_and_the_band() -> None:
    """Top Dog(s) are the winners, tied ones share; the band sums living Survivors'
    Reputation (HN-R282, HN-R285, HN-A47)."""
    state = won(2, [6, 10, 10], players=3)
    out = game.outcome(state)
    assert out is not None
    assert out.scores == (6.0, 10.0, 10.0) and out.winners == (1, 2)
    assert out.tier == "Solid Victory"  # 26 for three Survivors
    state.survivors[2].removed = True
    out = game.outcome(state)
    assert out is not None and out.winners == (1,) and out.tier == "Scraped Through"


def test_scenario_one_has_no_band_but_a_top_dog() -> None:
    """Scenario 1: no score table, still a Top Dog (HN-R291)."""
    out = game.outcome(won(1, [30, 2], players=2))
    assert out is not None and out.tier is None and out.winners == (0,)


def test_a_loss_has_no_winner() -> None:
    state = won(1, [3, 2], players=1)
    state.result = "loss"
    out = game.outcome(state)
    assert out is not None and out.winners == () and out.tier == "Loss"


# -- whole games -------------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", [1, 2, 3])
def test_random_games_end_cleanly(scenario: int) -> None:
    """Random whole games reach an end with the invariants holding."""
    for seed in range(4):
        state = game.new(game.Config(scenario=scenario, survivors=2 + seed % 4,
                                     players=1 + seed % 2), seed)
        rnd = random.Random(seed)
        for _ in range(5000):
            d = game.decision(state)
            if d is None:
                break
            game.step(state, rnd.choice(d.options))
            assert game.invariants(state) == []
        assert state.result in ("win", "loss")
        assert game.outcome(state) is not None
