"""Scenarios 8-12: each Special Rule and Win Condition, and tables T3, T4 and T7 at 2 and 5
Survivors, on the scenario maps.

Source: Here's Negan rulebook, Scenarios 8 (Motherlode), 9 (Watch It Burn), 10 (Spark of
Life), 11 (A Place to Call Home), 12 (Chairman of the Board).
"""

from __future__ import annotations

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game, negan_phase, win
from zedlab.games.heres_negan.actions import call_moves
from zedlab.games.heres_negan.board import neighbours
from zedlab.games.heres_negan.common import board, enter_room, scene, wound
from zedlab.games.heres_negan.scenario_rules import (
    s08_motherlode as s8,
)
from zedlab.games.heres_negan.scenario_rules import (
    s09_watch_it_burn as s9,
)
from zedlab.games.heres_negan.scenario_rules import (
    s10_spark_of_life as s10,
)
from zedlab.games.heres_negan.scenario_rules import (
    s11_a_place_to_call_home as s11,
)
from zedlab.games.heres_negan.scenario_rules import (
    s12_chairman_of_the_board as s12,
)
from zedlab.games.heres_negan.scenarios import EXIT, rules
from zedlab.games.heres_negan.steps import FLOW, NeganPhase
from zedlab.games.heres_negan.survivor_phase import activate

from .helpers import deploy_all, kinds, new_game, options, play


def table(n: int, survivors: int = 2, seed: int = 0):
    """Scenario ``n`` set up for real and deployed, then cleared: no Walker, token or Negan
    on the board, nothing pending. Returns (state, board, at) with ``at(x, y)`` a space."""
    state = new_game(seed, scenario=n, survivors=survivors)
    deploy_all(state)
    state.stack.clear()
    state.events.clear()
    state.token_pile += list(state.tokens.values())
    state.tokens = {}
    state.walkers, state.prone = [], []
    state.negan = -1
    b = board(state)
    for s in state.survivors:
        s.space = -1
    return state, b, b.at


def start(state, i: int = 0) -> None:
    for s in state.survivors:
        s.activated = False
    activate(state, i)
    FLOW.run(state)


def actions(state) -> set[str]:
    return {v for k, v in options(state) if k == "action"}


# -- Scenario 8: Motherlode ---------------------------------------------------------------------
@pytest.mark.parametrize(("survivors", "needed", "placed"), [(2, 3, 3), (5, 5, 5)])
def test_s8_barrels_needed_table_t3_capped_at_the_barrels_there_are(survivors, needed, placed):
    """T3, HN-R320, HN-A40: 3 barrels at 2 Survivors; at 5 the table's 7 is capped at the 5
    barrels the map holds; an exploded barrel lowers the cap, never below one."""
    state, b, at = table(8, survivors)
    assert len(state.barrels) == placed
    assert s8.needed(state) == needed
    state.barrels.pop()
    assert s8.needed(state) == min(s8.NEEDED[survivors], placed - 1)
    state.barrels.clear()
    assert s8.needed(state) == 1


def test_s8_pick_up_then_no_run_fight_or_shoot_and_put_down_beside():
    """HN-R322, HN-R323, HN-A41 (i) (a): picking up a barrel next to the Survivor is an
    Action; the carrier cannot Run, Fight or Shoot; putting it down places it on an empty
    adjacent space, where it blocks movement."""
    state, b, at = table(8)
    state.barrels = [at(20, 2)]
    state.survivors[0].space = at(21, 2)
    state.survivors[0].equipped = ["pistol"]
    state.walkers = [at(22, 2)]
    start(state)
    assert {"pick-up-barrel", "run", "fight"} <= actions(state)
    play(state, "action", "pick-up-barrel")  # one barrel: no question
    assert state.barrels == [] and state.carried == [0]
    assert "barrel-picked-up" in kinds(state)
    left = actions(state)
    assert not {"run", "fight", "shoot", "pick-up-barrel"} & left
    assert {"move", "put-down-barrel"} <= left
    play(state, "action", "put-down-barrel")
    spots = [v for k, v in options(state) if k == "put-barrel"]
    assert at(20, 2) in spots and at(22, 2) not in spots  # the Walker's space is not empty
    play(state, "put-barrel", at(20, 2))
    assert state.barrels == [at(20, 2)] and state.carried == []
    assert at(20, 2) in scene(state).barrels


@pytest.mark.parametrize("survivors", [2, 5])
def test_s8_barrel_put_down_on_the_loading_bay_is_deposited_for_3_rep(survivors):
    """HN-R323, HN-A41 (vi): on the Loading Bay the barrel is loaded (+3 Reputation) and
    leaves the board, so it cannot be picked up again; the last one needed meets the
    condition (T3)."""
    state, b, at = table(8, survivors)
    state.survivors[0].space = at(2, 9)
    state.carried = [0]
    state.barrels = []
    state.marks["deposited"] = s8.NEEDED[survivors] - 1 if survivors == 2 else 4
    start(state)
    play(state, "action", "put-down-barrel")
    assert at(1, 9) in [v for k, v in options(state) if k == "put-barrel"]
    play(state, "put-barrel", at(1, 9))
    assert state.survivors[0].rep == 3
    assert at(1, 9) not in state.barrels and state.carried == []
    assert s8.deposited(state) == s8.needed(state)
    assert rules(state).met(state, s8.BARRELS)
    assert not rules(state).met(state, s8.LOADING_BAY)
    assert state.result == ""


def test_s8_a_removed_carrier_drops_its_barrel():
    """HN-R324: a Bitten carrier removed from play leaves its barrel by its space (the prone
    Walker that replaces it holds the space itself)."""
    state, b, at = table(8)
    s = state.survivors[0]
    s.space = at(20, 2)
    s.bitten = True
    state.carried = [0]
    state.barrels = []
    wound(state, 0, s.stamina, "test")
    assert s.removed and state.carried == []
    assert len(state.barrels) == 1
    assert state.barrels[0] in neighbours(b, at(20, 2), frozenset(state.open_doors))
    assert state.prone == [at(20, 2)]


def test_s8_shot_near_a_barrel_explodes_it_and_the_blast_sets_off_another():
    """HN-R325..HN-R327, HN-A41 (iii)-(v): after a shot at a Walker within 2 of a barrel the
    Action die is rolled for it; a star removes it and every model within 3 rolls white:
    Survivors lose that Stamina, a Walker is removed on a bang (no Reputation) or knocked
    prone; another barrel in the blast rolls the Action die and explodes in turn."""
    state, b, at = table(8)
    state.barrels = [at(20, 2), at(23, 2), at(4, 8)]
    state.survivors[0].space = at(24, 2)
    state.survivors[1].space = at(21, 2)
    state.walkers = [at(18, 2), at(19, 2)]
    state.rng.force(roll=["star", "2", "2!", "0", "star", "1", "1"])
    rules(state).after_shot(state, 0, at(18, 2))
    assert state.barrels == [at(4, 8)]  # the far barrel is untouched
    assert state.walkers == [] and state.prone == [at(19, 2)]
    assert state.survivors[1].damage == 3 and state.survivors[0].damage == 1
    assert state.survivors[0].rep == 0
    assert kinds(state).count("barrel-explodes") == 2


def test_s8_blank_action_die_leaves_the_barrel_and_a_carrier_counts_as_a_barrel():
    """HN-R325: a blank leaves the barrel; a carrier within 2 of the target is at risk too."""
    state, b, at = table(8)
    state.barrels = []
    state.survivors[1].space = at(20, 2)
    state.carried = [1]
    state.walkers = [at(18, 2)]
    state.rng.force(roll=["blank"])
    rules(state).after_shot(state, 0, at(18, 2))
    assert state.carried == [1] and "barrel-explodes" not in kinds(state)
    state.rng.force(roll=["star", "0", "0"])
    rules(state).after_shot(state, 0, at(18, 2))
    assert state.carried == [] and state.barrels == []
    assert kinds(state).count("barrel-explodes") == 1


def test_s8_shoot_action_rolls_for_a_nearby_barrel():
    """HN-R325: the Shoot Action itself asks the barrel's Action die after the attack."""
    state, b, at = table(8)
    state.barrels = [at(19, 2)]
    state.survivors[0].space = at(23, 2)
    state.survivors[0].equipped = ["pistol"]
    state.walkers = [at(18, 2)]
    start(state)
    play(state, "action", "shoot")
    if game.decision(state) is not None and ("target", at(18, 2)) in options(state):
        play(state, "target", at(18, 2))
    assert any(e.kind == "action-die" and e.args.get("why") == "gasoline barrel"
               for e in state.events)


def test_s8_negan_goes_to_the_exit_then_next_round_back_to_the_loading_bay():
    """HN-R320, HN-R328: reaching the EXIT he stops; from the next round his target is the
    Loading Bay; reaching it he stays there (card movement ignored)."""
    state, b, at = table(8)
    state.round = 3
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    assert EXIT in state.reached
    assert negan_phase.target(state) == b.exits  # the same round: he stops there
    assert not rules(state).negan_stays(state)
    state.round = 4
    assert set(negan_phase.target(state)) == set(s8.bay(state))
    state.negan = at(1, 8)
    win.negan_on(state, state.negan)
    assert s8.LOADING_BAY in state.reached and rules(state).negan_stays(state)
    assert state.result == ""  # the barrels are still missing
    state.marks["deposited"] = 3
    win.check(state)
    assert state.result == "win"


def test_s8_loading_bay_before_the_exit_counts_for_nothing():
    """HN-R320: he must reach the EXIT first, then the Loading Bay."""
    state, b, at = table(8)
    state.negan = at(1, 8)
    win.negan_on(state, state.negan)
    assert state.reached == []


# -- Scenario 9: Watch It Burn ------------------------------------------------------------------
def test_s9_heating_up_after_the_exit_burns_survivors_under_5_rep_on_the_floor():
    """HN-R331, HN-A42: once Negan has reached the EXIT, at the start of each Here's Negan
    phase a Survivor on the Factory Floor with under 5 Reputation loses a red roll."""
    state, b, at = table(9)
    floor = sorted(s9.floor(state))
    s0, s1 = state.survivors
    s0.space, s1.space = floor[0], floor[1]
    s0.rep, s1.rep = 4, 5
    rules(state).start_of_negan_phase(state)
    assert s0.damage == 0  # not yet: Negan is not on the EXIT
    state.reached.append(EXIT)
    state.rng.force(roll=["2"])
    rules(state).start_of_negan_phase(state)
    assert s0.damage == 2 and s1.damage == 0


def test_s9_negan_on_the_exit_is_not_moved_by_call_negan():
    """HN-R332: on the EXIT he stays, even for Call Negan (his kills still happen)."""
    state, b, at = table(9)
    state.negan = at(17, 12)
    assert len(call_moves(state)) > 1
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    assert call_moves(state) == {state.negan: ()}
    assert rules(state).negan_stays(state)


@pytest.mark.parametrize("survivors", [2, 5])
def test_s9_win_needs_every_survivor_on_a_clear_factory_floor(survivors):
    """HN-R330, HN-A05: the EXIT, every Survivor in play (Incapacitated too) on the Factory
    Floor, no Walker or token there."""
    state, b, at = table(9, survivors)
    floor = sorted(s9.floor(state) - {b.exits[0]} - b.object_spaces())
    for k, s in enumerate(state.survivors):
        s.space = floor[k]
    state.survivors[-1].damage = state.survivors[-1].stamina  # Incapacitated counts
    state.tokens[floor[10]] = state.token_pile.pop()
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    assert state.result == ""
    state.token_pile.append(state.tokens.pop(floor[10]))
    state.survivors[0].space = at(0, 0)
    win.check(state)
    assert state.result == ""
    state.survivors[0].space = floor[0]
    win.check(state)
    assert state.result == "win"


# -- Scenario 10: Spark of Life -----------------------------------------------------------------
def test_s10_pitch_black_is_set_aside_and_resolved_for_the_warehouse():
    """HN-R336, HN-R337: no Pitch Black in the Room deck; opening the Warehouse resolves it
    (its Walkers, its Supply token plus a white roll more) and the Warehouse is dark."""
    state, b, at = table(10)
    assert "pitch-black" not in state.decks["room"]
    deck = list(state.decks["room"])
    room = s10.warehouse(state)
    state.rng.force(roll=["0", "2"])  # no Walkers; two Supply tokens more
    enter_room(state, room, 0)
    assert state.decks["room"] == deck  # no Room card drawn
    assert "pitch-black" in state.lasting and room in state.dark
    assert len([s for s in state.supplies if b.room_of(s) == room]) == 3


@pytest.mark.parametrize("survivors", [2, 5])
def test_s10_repair_needs_4_not_3_and_a_tool_adds_one(survivors):
    """T7, HN-R338, HN-R339: two Survivors next to the Generator roll two white dice; a
    total of 3 fails (4 is needed, not 3), and a Toolkit held by one of them makes the same
    roll 4, which repairs it: each of them gains a blue roll, the Threat drops by one."""
    state, b, at = table(10, survivors)
    state.survivors[0].space = at(6, 0)
    state.survivors[1].space = at(5, 1)
    start(state)
    assert "repair-generator" in actions(state)
    state.rng.force(roll=["2", "1"])
    play(state, "action", "repair-generator")
    assert s10.REPAIRED not in state.reached and "repair-failed" in kinds(state)
    state.survivors[1].cards.append("toolkit")
    state.threat = 8
    state.rng.force(roll=["2", "1", "2", "1", "1"])  # repair 3 (+1); Rep 2 and 1; Threat -1
    start(state)
    play(state, "action", "repair-generator")
    assert s10.REPAIRED in state.reached
    assert [state.survivors[0].rep, state.survivors[1].rep] == [2, 1] and state.threat == 7


def test_s10_repair_dice_count_helpers_and_negan_and_rewards_all_of_them():
    """HN-R338, HN-R340, HN-A43: another Survivor and Negan next to the Generator add a die
    each; every Survivor who took part gains a blue roll; Pitch Black is discarded; no
    Repair next to a Walker."""
    state, b, at = table(10)
    state.survivors[0].space = at(6, 0)
    state.survivors[1].space = at(5, 1)
    state.negan = at(6, 1)
    state.lasting.append("pitch-black")
    state.dark.append(s10.warehouse(state))
    state.rng.force(roll=["2", "1", "1", "1", "2", "1"])
    s10.repair(state, 0)
    roll = next(e for e in state.events if e.kind == "roll" and e.args["why"] == "repair")
    assert roll.args["dice"] == ["white"] * 3
    assert [s.rep for s in state.survivors] == [1, 2]
    assert "pitch-black" not in state.lasting and state.dark == []
    state2, _, _ = table(10)
    state2.survivors[0].space = at(6, 0)
    state2.walkers = [at(6, 1)]
    assert rules(state2).extra_actions(state2, 0) == []


def test_s10_win_needs_exit_secured_generator_room_and_repair():
    """HN-R335, HN-R341: all three, in any order; Negan stays on the EXIT meanwhile."""
    state, b, at = table(10)
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    assert rules(state).negan_stays(state) and state.result == ""
    state.secured.append(s10.generator_room(state))
    win.check(state)
    assert state.result == ""
    state.reached.append(s10.REPAIRED)
    win.check(state)
    assert state.result == "win"


# -- Scenario 11: A Place to Call Home ----------------------------------------------------------
def seal_table(level: str):
    state, b, at = table(11)
    ep = next(sp for sp, lvl in state.entry_points if lvl == level)
    state.survivors[0].space = ep
    return state, b, ep


def test_s11_securing_a_low_entry_point_upgrades_it_for_1_rep_each_no_threat():
    """HN-R344, HN-R345, HN-R347, HN-R348: Secure on an Entry Point: a die per Survivor on
    or next to it; Low becomes Medium, 1 Reputation to each who took part, Threat unchanged.
    It counts as the Secure Action."""
    state, b, ep = seal_table("low")
    state.threat = 5  # Security value 2
    start(state)
    assert "seal-entry-point" in actions(state)
    state.rng.force(roll=["2"])
    play(state, "action", "seal-entry-point")
    assert (ep, "medium") in state.entry_points and (ep, "low") not in state.entry_points
    assert state.survivors[0].rep == 1 and state.threat == 5
    assert "secure" in state.survivors[0].taken and "seal-entry-point" not in actions(state)


def test_s11_securing_a_high_entry_point_removes_it_like_a_room():
    """HN-R345, HN-R347, HN-R348, HN-A25: a High marker secured is removed: the Security
    value in Reputation to the actor, 1 to each other participant, Threat -1."""
    state, b, ep = seal_table("high")
    state.threat = 5
    friend = next(n for n in neighbours(b, ep, frozenset(state.open_doors))
                  if n not in dict(state.entry_points))
    state.survivors[1].space = friend
    state.rng.force(roll=["1", "1"])  # 2 against a Security value of 2
    s11.seal(state, 0, ep)
    roll = next(e for e in state.events if e.kind == "roll")
    assert roll.args["dice"] == ["white", "white"]
    assert ep not in dict(state.entry_points)
    assert state.threat == 4
    assert state.survivors[0].rep == 2 and state.survivors[1].rep == 1


def test_s11_no_spare_marker_no_upgrade_and_no_sealing_next_to_a_walker():
    """HN-R346, HN-A44 (i), (ii): a Low marker cannot become Medium when all three Medium
    markers are in play; a Survivor next to a Walker cannot Secure."""
    state, b, ep = seal_table("low")
    others = [s for s in range(b.size) if b.is_space(s) and s not in dict(state.entry_points)]
    while sum(1 for _s, lvl in state.entry_points if lvl == "medium") < 3:
        state.entry_points.append((others.pop(), "medium"))
    assert ep not in s11.sealable(state, 0)
    state.entry_points = [(sp, "low" if sp == ep else lvl) for sp, lvl in state.entry_points
                          if lvl != "medium" or sp == ep]
    assert ep in s11.sealable(state, 0)
    state.walkers = [next(iter(neighbours(b, ep, frozenset(state.open_doors))))]
    assert s11.sealable(state, 0) == []


def test_s11_negan_targets_highest_entry_point_then_walkers_then_unopened_rooms():
    """HN-R349, HN-R351: the highest-level Entry Points; none left, the Walkers and tokens;
    none of those, the unopened rooms."""
    state, b, at = table(11)
    high = {sp for sp, lvl in state.entry_points if lvl == "high"}
    assert set(negan_phase.target(state)) == high
    state.entry_points = [(sp, lvl) for sp, lvl in state.entry_points if lvl != "high"]
    assert {lvl for sp, lvl in state.entry_points
            if sp in negan_phase.target(state)} == {"medium"}
    state.entry_points = []
    state.walkers = [at(7, 7)]
    assert negan_phase.target(state) == (at(7, 7),)
    state.walkers = []
    room = s11.unopened(state)[0]
    assert set(b.areas[room].spaces) <= set(negan_phase.target(state))


def test_s11_negan_on_an_entry_point_rages_each_round_and_stays():
    """HN-R350, HN-A44 (iii) (a): on an Entry Point he is enraged at the start of his phase
    (no card), and is not put out of it."""
    state, b, at = table(11)
    ep = next(sp for sp, lvl in state.entry_points if lvl == "low")
    state.negan = ep
    state.round = 2
    deck = len(state.decks["negan"])
    push(state, NeganPhase())
    FLOW.run(state)
    enraged = [e for e in state.events if e.kind == "negan-enraged"]
    assert enraged and "on-entry-point" in enraged[0].args["reasons"]
    assert state.negan == ep and len(state.decks["negan"]) == deck


@pytest.mark.parametrize("survivors", [2, 5])
def test_s11_win_no_entry_points_every_room_opened_no_walkers(survivors):
    """HN-R343: all three together; Negan need not reach anything."""
    state, b, at = table(11, survivors)
    state.entry_points = []
    state.walkers = [at(7, 7)]
    state.opened = sorted(b.security)
    win.check(state)
    assert state.result == ""
    state.walkers = []
    state.opened = state.opened[1:]
    win.check(state)
    assert state.result == ""
    state.opened = sorted(b.security)
    win.check(state)
    assert state.result == "win"


# -- Scenario 12: Chairman of the Board ---------------------------------------------------------
def test_s12_first_into_the_board_room_gains_a_blue_roll_once():
    """HN-R354: the first Survivor to enter gains a blue roll of Reputation; nobody after."""
    state, b, at = table(12)
    room = b.areas[s12.room(state)].spaces
    state.rng.force(roll=["2"])
    rules(state).survivor_entered(state, 0, room[0])
    rules(state).survivor_entered(state, 1, room[1])
    assert [s.rep for s in state.survivors] == [2, 0]


def test_s12_hold_your_nerve_re_roll_in_the_board_room():
    """HN-R355, HN-A45: in the Board Room a blank may be re-rolled once; elsewhere not."""
    state, b, at = table(12)
    room = b.areas[s12.room(state)].spaces
    state.threat = 5
    state.survivors[0].space = room[0]
    start(state)
    state.rng.force(roll=["blank", "star"])
    play(state, "action", "hold-your-nerve")
    assert state.threat == 4 and state.survivors[0].rep == 1
    state.survivors[1].space = at(2, 2)
    start(state, 1)
    state.rng.force(roll=["blank", "star"])
    play(state, "action", "hold-your-nerve")
    assert state.threat == 4 and state.survivors[1].rep == 0


@pytest.mark.parametrize(("survivors", "needed"), [(2, 8), (5, 20)])
def test_s12_board_room_reputation_table_t4(survivors, needed):
    """T4, HN-R353, HN-A45: the EXIT, the Board Room secured and Survivors in it with
    8 (2 Survivors) / 20 (5 Survivors) Reputation together at one moment."""
    state, b, at = table(12, survivors)
    room = b.areas[s12.room(state)].spaces
    assert s12.needed(state) == needed
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    state.secured.append(s12.room(state))
    state.survivors[0].space, state.survivors[1].space = room[0], room[1]
    state.survivors[0].rep, state.survivors[1].rep = needed - 5, 4
    state.survivors[-1].rep = 20 if survivors > 2 else state.survivors[-1].rep
    if survivors > 2:
        state.survivors[-1].space = at(2, 2)  # outside: does not count
    win.check(state)
    assert state.result == ""
    state.survivors[1].rep = 5
    win.check(state)
    assert state.result == "win"


# -- whole games ----------------------------------------------------------------------------
def test_s8_last_barrel_put_down_wins_at_once():
    """HN-R320, HN-A51: Negan has been to the EXIT and back to the Loading Bay; putting the
    last barrel down on the Loading Bay ends the game, won, in the middle of the activation."""
    state, b, at = table(8)
    state.reached = [EXIT, s8.LOADING_BAY]
    state.marks["deposited"] = 2
    state.barrels = []
    state.carried = [0]
    state.survivors[0].space = at(2, 9)
    start(state)
    play(state, "action", "put-down-barrel")
    play(state, "put-barrel", at(1, 9))
    assert state.result == "win" and game.decision(state) is None


def test_s11_removing_the_last_entry_point_wins_at_once():
    """HN-R343, HN-A51: with every room opened and no Walker left, removing the last (High)
    Entry Point wins."""
    state, b, at = table(11)
    ep = next(sp for sp, lvl in state.entry_points if lvl == "high")
    state.entry_points = [(ep, "high")]
    state.opened = sorted(b.security)
    state.survivors[0].space = ep
    state.threat = 3  # Security value 2
    start(state)
    state.rng.force(roll=["2"])
    play(state, "action", "seal-entry-point")
    assert state.result == "win" and state.entry_points == []


@pytest.mark.parametrize("number", [8, 9, 10, 11, 12])
def test_bots_play_scenarios_8_to_12_to_the_end(number):
    """The heuristic bot and random play finish games of each scenario at 2 and 5 Survivors
    (HN-R286..HN-R288: Threat Max, Negan falls, all removed; or a win)."""
    from zedlab.bots import choose
    from zedlab.core import RNG, Match

    for kind, survivors in (("heuristic", 2), ("random", 5)):
        match = Match.new(game, {"scenario": number, "survivors": survivors}, seed=number)
        bot = game.bot_kinds()[kind]()
        rng = RNG.from_seed(number)
        while match.decision is not None:
            match.play(choose(bot, match.infoset(), rng))
        assert match.state.result in ("win", "loss")


def test_s9_heuristic_games_are_won_and_lost():
    """HN-R330: Watch It Burn is won by the heuristic bot in some games and lost in others."""
    from zedlab.bots import choose
    from zedlab.core import RNG, Match

    results = set()
    for seed in range(60):
        match = Match.new(game, {"scenario": 9, "survivors": 2 + seed % 4}, seed=seed)
        bot = game.bot_kinds()["heuristic"]()
        rng = RNG.from_seed(seed)
        while match.decision is not None:
            match.play(choose(bot, match.infoset(), rng))
        results.add(match.state.result)
        if results == {"win", "loss"}:
            break
    assert results == {"win", "loss"}
