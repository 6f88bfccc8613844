"""Survival Mode: the campaign in one game record (campaign.py).

Each test ends a scenario by the rules' own ending (``common.end``) with the table rigged as
the test needs (Reputation, Supply cards, Stamina), then lets the flow run the post-game
sequence and the next scenario's set-up.

Source: Here's Negan rulebook, "Survival Mode", "Post-Game Sequence", "1. Game Result",
"2. Injuries", "3. Top Dog Bonus", "Determining the Winner" (HN-R357..HN-R380, table T8;
rulings HN-A47..HN-A50).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from zedlab.bots import choose
from zedlab.core import RNG, Match
from zedlab.core.golden import dump, parse_header
from zedlab.games.heres_negan import campaign as campaign_module
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import adjacent, load_scenario
from zedlab.games.heres_negan.campaign import boundary_problems, campaign_totals, edge_corridors
from zedlab.games.heres_negan.common import board, dark_blocks, end
from zedlab.games.heres_negan.scenario_rules.s10_spark_of_life import warehouse
from zedlab.games.heres_negan.scenario_rules.s11_a_place_to_call_home import pitch_black_rooms
from zedlab.games.heres_negan.steps import FLOW

from .helpers import deploy_all, new_game, options, play

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "heres-negan" / "survival-seed1.txt"


def campaign(scenario: int = 2, last_scenario: int = 3, **config):
    """A Survival Mode game from ``scenario`` to ``last_scenario``, deployed (2 Survivors,
    Dwight and Laura)."""
    state = new_game(0, scenario=scenario, survival=True, last_scenario=last_scenario, **config)
    return deploy_all(state)


def hold(state, i: int, *cards: str, equip: bool = False) -> None:
    """Survivor ``i`` takes ``cards`` from the Supply deck (beside its card, or equipped in
    its second weapon space)."""
    s = state.survivors[i]
    for card in cards:
        state.decks["supply"].remove(card)
        if equip:
            s.equipped[-1] = card
        else:
            s.cards.append(card)


def finish(state, result: str = "win", reps=(), rolls=()) -> None:
    """End the scenario with Survivor ``i`` on ``reps[i]`` Reputation; ``rolls`` are forced
    for the post-game dice (Injuries)."""
    for i, rep in enumerate(reps):
        state.survivors[i].rep = rep
    if rolls:
        state.rng.force(roll=list(rolls))
    end(state, result, "rigged")
    FLOW.run(state)


def started(state, scenario: int) -> None:
    """The next scenario is set up (deployment pending) and its carried state is sound."""
    assert state.scenario == scenario
    assert game.decision(state).kind in ("deploy", "knock-on-entry")
    assert boundary_problems(state) == []
    assert game.invariants(state) == []


# -- 1. Game Result: the bands (table T8) --------------------------------------------------------
def test_practically_dead_costs_stamina_and_every_card():
    """HN-R360, T8: a win in the lowest band (0-4 at 2 Survivors): every Survivor loses 1
    Stamina and all Supply cards are discarded, for no Reputation."""
    state = campaign()
    for s in state.survivors:
        s.damage = 2
    hold(state, 0, "handgun", "riot-vest")
    finish(state, reps=(2, 2), rolls=("1", "1"))
    assert state.games[-1].band == "Practically Dead"
    started(state, 3)
    assert [s.damage for s in state.survivors] == [2, 2]  # 3 down, healed 1
    assert [s.cards for s in state.survivors] == [[], []]
    assert [s.rep for s in state.survivors] == [0, 0]


def test_scraped_through_hurts_the_lowest_and_pays_a_flat_one():
    """HN-R361, HN-A49 (a), T8: 5-14 at 2 Survivors; the lowest Reputation loses 1 Stamina;
    every card goes, and a Survivor who had any (two here) starts on a flat 1 Reputation."""
    state = campaign()
    for s in state.survivors:
        s.damage = 2
    hold(state, 1, "handgun", "crowbar")
    finish(state, reps=(3, 4), rolls=("1", "1"))
    assert state.games[-1].band == "Scraped Through"
    started(state, 3)
    assert [s.damage for s in state.survivors] == [2, 1]
    assert [s.rep for s in state.survivors] == [0, 1]
    assert state.survivors[1].cards == []


def test_solid_victory_keeps_one_card_and_pays_one_per_discard():
    """HN-R362, T8: 15-29 at 2 Survivors; each Survivor (its own seat decides) keeps up to one
    card, +1 starting Reputation per card discarded; the kept card is out of the new deck."""
    state = campaign(players=2)
    hold(state, 1, "handgun", "crowbar", "riot-vest")
    finish(state, reps=(8, 9))
    assert state.games[-1].band == "Solid Victory"
    d = game.decision(state)
    assert (d.kind, d.player) == ("keep-supply", 1)
    assert options(state) == [("keep-card", "handgun"), ("keep-card", "crowbar"),
                              ("keep-card", "riot-vest"), ("keep-none", None)]
    play(state, "keep-card", "crowbar")
    started(state, 3)
    assert state.survivors[1].cards == ["crowbar"]
    assert state.survivors[1].rep == 2
    assert "crowbar" not in state.decks["supply"]
    assert state.survivors[1].equipped == ["assault-rifle", "dagger"]


def test_good_job_keeps_any_and_pays_two_per_discard():
    """HN-R363, T8: 30+ at 2 Survivors; the Survivor discards cards one at a time for 2
    starting Reputation each and keeps the rest (an equipped Supply weapon counts)."""
    state = campaign()
    hold(state, 0, "shotgun", equip=True)
    hold(state, 0, "handgun", "riot-vest")
    finish(state, reps=(15, 15))
    assert state.games[-1].band == "Good Job!"
    assert game.decision(state).kind == "discard-supply"
    play(state, "discard-card", "handgun")
    play(state, "discard-card", "riot-vest")
    play(state, "keep-rest")
    started(state, 3)
    assert state.survivors[0].rep == 4
    assert state.survivors[0].cards == ["shotgun"]
    assert state.survivors[0].equipped == ["crossbow", "dagger"]


def test_good_job_discarding_every_card_ends_the_choice():
    """HN-R363: a Survivor that discards its last card is not asked again."""
    state = campaign()
    hold(state, 0, "handgun")
    finish(state, reps=(15, 15))
    play(state, "discard-card", "handgun")
    started(state, 3)
    assert state.survivors[0].rep == 2


def test_scenario_1_win_is_always_good_job():
    """HN-R364: a Scenario 1 win uses Good Job! whatever the score (0 here)."""
    state = campaign(scenario=1)
    hold(state, 1, "machete")
    finish(state, reps=(0, 0))
    assert state.games[-1].band == "Good Job!"
    play(state, "discard-card", "machete")
    started(state, 2)
    assert state.survivors[1].rep == 2


# -- 1. Game Result: a loss ----------------------------------------------------------------------
def test_loss_costs_stamina_cards_and_kills_the_bitten_at_one():
    """HN-R365, HN-R375: a loss costs every Survivor 1 Stamina; a Bitten one on its last
    point dies, and comes back fresh next game (no Reputation, cards, Bite or bonus); the
    other's cards are discarded (ruling: a loss keeps nothing)."""
    state = campaign()
    dwight = state.survivors[0]
    dwight.bitten, dwight.damage = True, dwight.stamina - 1
    state.survivors[1].damage = 2
    hold(state, 1, "handgun")
    finish(state, "loss", reps=(9, 3), rolls=("1",))
    assert state.knock_ons == ["lost-2"]
    started(state, 3)
    dwight, laura = state.survivors
    assert (dwight.damage, dwight.bitten, dwight.removed, dwight.rep) == (0, False, False, 0)
    assert dwight.plus == 0  # Top Dog, but eliminated: no bonus (HN-R375)
    assert (laura.damage, laura.cards) == (2, [])  # 3 down, healed 1
    assert state.games[-1].top == [0]


def test_loss_puts_walker_tokens_in_big_rooms_with_security():
    """HN-R366, HN-A50 (vi): after a loss the next scenario gets a Walker token in every room
    with a Security token and 9 or more spaces (Scenario 3 at 2 Survivors: two rooms)."""
    state = campaign()
    finish(state, "loss")
    started(state, 3)
    b = board(state)
    big = {b.security[r] for r in b.security if len(b.areas[r].spaces) >= 9}
    assert len(big) == 2
    assert set(state.tokens) == set(b.walker_tokens) | big


def test_win_puts_no_extra_walker_tokens():
    """HN-R366: only a loss adds the tokens."""
    state = campaign()
    finish(state, reps=(2, 2))
    assert set(state.tokens) == set(board(state).walker_tokens)


def test_lost_scenario_9_costs_the_lowest_one_more():
    """HN-R370: losing Scenario 9 costs the lowest Reputation 1 more Stamina at once (both
    on a tie, ruling); the campaign goes on to the next scenario."""
    state = campaign()
    state.scenario, state.campaign = 9, [9, 3]
    for s in state.survivors:
        s.damage = 2
    finish(state, "loss", reps=(4, 6), rolls=("1", "1"))
    started(state, 3)
    assert [s.damage for s in state.survivors] == [3, 2]


def test_lost_scenario_6_costs_stamina_at_the_start_of_7():
    """HN-R369: losing Scenario 6 costs every Survivor 1 more Stamina at the start of
    Scenario 7 (after Injuries); a Survivor may start it Incapacitated."""
    state = campaign()
    state.scenario, state.campaign = 6, [6, 7]
    laura = state.survivors[1]
    laura.damage = laura.stamina - 1
    finish(state, "loss", rolls=("1", "1"))
    started(state, 7)
    assert [s.damage for s in state.survivors] == [1, laura.stamina]
    assert state.survivors[1].incapacitated


def test_lost_scenario_4_adds_a_medium_entry_point_on_the_edge_in_5():
    """HN-R367, HN-A50 (ii), G12: losing Scenario 4 lets the First Player put a Medium Entry
    Point on a corridor space at the board's edge in Scenario 5, before deployment."""
    state = campaign()
    state.scenario, state.campaign = 4, [4, 5]
    finish(state, "loss")
    d = game.decision(state)
    assert (d.kind, d.player) == ("knock-on-entry", state.first)
    b = board(state)
    spaces = [v for _, v in options(state)]
    assert spaces == edge_corridors(state)
    assert all(b.kind[v] == 1 for v in spaces)
    before = list(state.entry_points)
    play(state, "entry-point", spaces[0])
    assert state.entry_points == before + [(spaces[0], "medium")]
    assert game.decision(state).kind == "deploy"


def test_scenario_hook_sees_the_knock_on():
    """HN-R368, HN-R371, HN-R372: the knock-ons that belong to a scenario's own rules stay
    named on the state for that whole game (``Scenario.campaign_set_up`` reads them)."""
    state = campaign()
    state.scenario, state.campaign = 5, [5, 6]
    finish(state, "loss")
    assert state.scenario == 6
    assert state.knock_ons == ["lost-5"]


# -- 2. Injuries ---------------------------------------------------------------------------------
def test_injuries_heal_blue_white_and_negan():
    """HN-R373, HN-R374, HN-R376, HN-A48 (a): the injured heal a blue roll up to their
    maximum; the Bitten a white roll and stay Bitten; Negan a blue roll; Stamina carries."""
    state = campaign()
    dwight, laura = state.survivors
    dwight.damage = 1
    laura.damage, laura.bitten = 4, True
    state.negan_damage = 5
    finish(state, reps=(15, 15), rolls=("3!", "2", "1"))
    started(state, 3)
    dwight, laura = state.survivors
    assert dwight.damage == 0  # healed 3, no more than lost
    assert (laura.damage, laura.bitten) == (2, True)
    assert state.negan_damage == 4
    assert state.negan == -1


def test_negan_who_fell_heals_for_the_next_game():
    """HN-R376: Negan who fell (8 down) heals a blue roll and starts the next game on it."""
    state = campaign()
    state.negan_damage = 8
    finish(state, "loss", rolls=("1", "1", "1"))
    started(state, 3)
    assert state.negan_damage == 7


# -- 3. Top Dog Bonus and the winner -------------------------------------------------------------
def test_top_dogs_get_a_token_and_three_to_the_tally():
    """HN-R377, HN-R379, HN-A47 (a), HN-A50 (i): every tied Top Dog starts the next game with a
    +1 Action token, and each title adds 3 to the campaign tally."""
    state = campaign()
    finish(state, reps=(10, 10))
    started(state, 3)
    assert [s.plus for s in state.survivors] == [1, 1]
    assert campaign_totals(state) == [13, 13]


def test_campaign_outcome_is_the_tally_and_the_highest_wins():
    """HN-R378..HN-R380: Reputation restarts every game; the campaign's scores are each
    seat's tally, and the seat of the highest Survivor total wins."""
    state = campaign(players=2)
    finish(state, reps=(12, 3))
    assert game.outcome(state) is None
    started(state, 3)
    deploy_all(state)
    finish(state, "loss", reps=(1, 7))
    assert game.decision(state) is None
    out = game.outcome(state)
    assert out.scores == (12 + 3 + 1, 3 + 7 + 3)
    assert out.winners == (0,)
    assert out.tier == "1/2 won"
    assert out.reason == ("Scenario 2 won (Solid Victory), Scenario 3 lost. Campaign winner "
                          "with 16 Reputation in all: Dwight (seat 0)")


def test_survival_from_the_last_scenario_is_one_game():
    """HN-R357: the campaign is the scenarios from the first one to the last, in order; from
    Scenario 3 to Scenario 3 it is that one game, scored as a campaign."""
    assert campaign(scenario=3, last_scenario=12).campaign == list(range(3, 13))
    state = campaign(scenario=3, last_scenario=3)
    assert state.campaign == [3]
    finish(state, reps=(5, 0))
    assert game.outcome(state).scores == (5 + 3,)


def game_playable():
    from zedlab.games.heres_negan.game import PLAYABLE

    return PLAYABLE


# -- whole campaigns ---------------------------------------------------------------------------
@pytest.mark.parametrize("survivors,players,bot", [(2, 1, "random"), (3, 2, "heuristic"),
                                                   (5, 1, "heuristic")])
def test_seeded_campaign_keeps_its_state_sound_at_every_boundary(survivors, players, bot):
    """HN-R357..HN-R380, HN-A48 (a): a seeded campaign over every playable scenario; at each
    new scenario the carried state passes the boundary checks (Threat, pieces, Reputation
    bonus, tokens, Supply cards conserved, starting weapons) and the Stamina, Bites and
    cards are those the post-game sequence left."""
    kind = game.bot_kinds()[bot]()
    for seed in range(2):
        m = Match.new(game, {"survival": True, "survivors": survivors, "players": players},
                      seed=seed)
        rng = RNG.from_seed(seed)
        played = [m.state.scenario]
        while m.decision is not None:
            m.play(choose(kind, m.infoset(), rng))
            s = m.state
            assert game.invariants(s) == []
            if s.scenario != played[-1]:
                played.append(s.scenario)
                assert s.round == 0 and s.phase == "setup"
                assert boundary_problems(s) == [], (seed, s.scenario)
                last = s.games[-1]
                assert [x.rep for x in s.survivors] == [
                    0 if x.removed else min(20, s.carry_rep[i]) for i, x in enumerate(s.survivors)]
                assert all(not x.removed or "lost-6" in s.knock_ons for x in s.survivors)
                assert last.scenario == played[-2]
        assert played == m.state.campaign
        assert len(m.state.games) == len(m.state.campaign)
        out = m.outcome
        assert sum(out.scores) == sum(campaign_totals(m.state))
        assert len(m.steps) <= game.max_decisions(m.config)


def test_survival_appears_in_the_config():
    """The Config option behind ``zedlab play heres-negan --survival``."""
    assert "survival" in game.Config.model_fields
    assert game.Config(survival=True).survival is True
    bound = game.max_decisions(game.Config(survival=True))
    assert bound >= len(game_playable()) * game.max_decisions(game.Config())


def test_golden_campaign_replays():
    """The campaign golden file replays exactly (regenerated when scenarios land)."""
    text = GOLDEN.read_text()
    _, config, seed = parse_header(text)
    assert config["survival"] is True
    assert dump(game, config, seed) == text


def test_lost_scenario_5_takes_away_armed_and_dangerous_in_scenario_6():
    """HN-R368: after a lost Scenario 5, Scenario 6 deals no starting Supply cards."""
    for lost, dealt in ((True, False), (False, True)):
        state = new_game(0, scenario=5, survival=True, last_scenario=6)
        deploy_all(state)
        finish(state, "loss" if lost else "win", reps=(1, 1))
        while game.decision(state) is not None and state.scenario == 5:
            game.step(state, game.decision(state).options[0])
        assert state.scenario == 6
        assert ("starting-cards" in [e.kind for e in state.events]) is dealt
        assert ("knock-on-applied" in [e.kind for e in state.events]) is lost


def test_lost_scenario_11_raises_the_board_room_reputation_in_scenario_12():
    """HN-R372, T4: after a lost Scenario 11 the Board Room needs 2 more Reputation per
    starting Survivor (2 Survivors: 8 + 4 = 12)."""
    from zedlab.games.heres_negan.scenario_rules.s12_chairman_of_the_board import needed

    for lost, want in ((True, 12), (False, 8)):
        state = new_game(0, scenario=11, survival=True, last_scenario=12)
        deploy_all(state)
        finish(state, "loss" if lost else "win", reps=(1, 1))
        while game.decision(state) is not None and state.scenario == 11:
            game.step(state, game.decision(state).options[0])
        assert state.scenario == 12
        assert needed(state) == want


def _scenario_11_after(scenario_10: str, survivors: int):
    """Scenario 11 of a campaign whose Scenario 10 ended with ``scenario_10``."""
    state = new_game(0, scenario=10, survival=True, last_scenario=11, survivors=survivors)
    deploy_all(state)
    finish(state, scenario_10, reps=(1,) * survivors)
    while game.decision(state) is not None and state.scenario == 10:
        game.step(state, game.decision(state).options[0])
    assert state.scenario == 11
    return state


def _marked_rooms(scenario: int, survivors: int) -> list[int]:
    """Rooms in play whose Security token the scenario's map file colours yellow, orange or
    red (read from the file itself, not from the board's room colours)."""
    folder = Path(campaign_module.__file__).resolve().parent / "content" / "scenarios"
    path = next(folder.glob(f"{scenario:02d}-*.toml"))
    spec = tomllib.loads(path.read_text())["scenario"]
    b = load_scenario(scenario, survivors)
    rooms = {b.room_of(y * b.width + x) for (x, y), colour in
             ((t["at"], t["colour"]) for t in spec["security"]) if colour != "any"}
    return sorted(r for r in rooms if not b.areas[r].sealed)


@pytest.mark.parametrize("survivors", [2, 5])
def test_lost_scenario_10_darkens_the_marked_rooms_of_scenario_11(survivors):
    """HN-R371, ruling HN-A50 (iii), G11/G13: after a lost Scenario 10, Scenario 11 sets Pitch Black
    aside (out of the Room deck) and its darkness lies from set-up on every room in play the
    map marks yellow, orange or red (the designed map has no Warehouse). With 2 Survivors those
    rooms are sealed, so none goes dark; with 5 all eleven do. A won Scenario 10 changes
    nothing."""
    marked = _marked_rooms(11, survivors)
    assert len(marked) == (0 if survivors == 2 else 11)
    state = _scenario_11_after("loss", survivors)
    assert state.knock_ons == ["lost-10"]
    assert "pitch-black" not in state.decks["room"]
    assert "pitch-black" not in state.discards["room"]
    assert state.dark == marked
    assert "knock-on-applied" in [e.kind for e in state.events]
    won = _scenario_11_after("win", survivors)
    assert won.dark == []
    b = board(state)
    for r in marked:
        inside = b.areas[r].spaces[0]
        far = next(v for v in b.spaces() if v != inside and not adjacent(b, inside, v))
        assert dark_blocks(state, inside, far) and not dark_blocks(won, inside, far)
    assert "pitch-black" in won.decks["room"]


@pytest.mark.parametrize("survivors", [2, 5])
def test_pitch_black_knock_on_takes_the_warehouse_where_the_map_has_one(survivors):
    """HN-R371, ruling HN-A50 (iii): the knock-on's rooms are the Warehouse (tiles 15A/16A) and the
    marked rooms in play; on Scenario 10's map (which has the Warehouse) that is the Warehouse
    alone with 2 Survivors, and the Warehouse plus every marked room with 5."""
    state = new_game(0, scenario=10, survivors=survivors)
    want = sorted({warehouse(state), *_marked_rooms(10, survivors)})
    assert pitch_black_rooms(state) == want
    assert len(want) == (1 if survivors == 2 else 1 + 12)


def test_room_colours_are_their_security_tokens_whatever_the_count():
    """G11: the board keeps each room's map colour (its Security token's), sealed rooms too,
    so a rule can name the yellow, orange and red rooms at any Survivor count."""
    five, two = load_scenario(11, 5), load_scenario(11, 2)
    for room in five.security:
        colour = five.colour_of(room)
        assert two.colour_of(room) == colour
        assert (room in two.security) is (colour == "any")
    assert sorted({five.colour_of(r) for r in five.security}) == ["any", "orange", "red", "yellow"]
