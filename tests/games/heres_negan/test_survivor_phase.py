"""The Survivor Phase: choosing Actions, and each Action's conditions and results.

Tables are rigged on small boards drawn in the grid format; chance is forced with
``state.rng.force(roll=[...])``. Survivor 0 is Dwight, 1 Laura (content/survivors.toml).
"""

from __future__ import annotations

import random

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import EFFECTS, cx
from zedlab.games.heres_negan.steps import FLOW, Moving
from zedlab.games.heres_negan.survivor_phase import activate

from .helpers import kinds, new_game, options, play, rig

HALL = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""

ROOM = """
+-+-+-+-+-+-+-+
|. . . .|a a a|
+ + + + + + + +
|. . . .Da a a|
+ + + + + + + +
|. . . .|a a a|
+-+-+-+-+-+-+-+
"""

WALLED = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""

JOHN = """
+-+-+-+-+-+-+-+
|. . . # . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . # . . .|
+ + + + + + + +
|. . . # . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""


def table(board: Board, **pieces) -> tuple:
    """A two-Survivor game rigged on ``board``; returns (state, board)."""
    state = new_game(0, survivors=2)
    rig(state, board, **pieces)
    return state, board


def start(state, i: int = 0) -> None:
    """Survivor ``i`` begins an activation (the choose-action decision is on top)."""
    for s in state.survivors:
        s.activated = False
    activate(state, i)
    FLOW.run(state)


def actions(state) -> set[str]:
    return {v for k, v in options(state) if k == "action"}


def room_board(door: str = "D") -> Board:
    return Board.from_text(ROOM.replace("D", door), room_names={"a": "Office"},
                           security=[(5, 1)])


# -- choosing Actions --------------------------------------------------------------------------
def test_two_different_actions_then_the_activation_ends() -> None:
    """HN-R122, HN-A03: two different Actions; Move and Run count as one kind, so after a
    Move neither is offered again; after the second Action the activation ends by itself.
    Source: rulebook, "1. The Survivor Phase"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    start(state)
    assert {"move", "run", "make-noise"} <= actions(state)
    play(state, "action", "move")
    play(state, "step", b0(2, 1))
    play(state, "stop")
    assert "move" not in actions(state) and "run" not in actions(state)
    play(state, "action", "make-noise")
    assert game.decision(state) is None  # no Actions left: the activation ended
    assert "activation-ended" in kinds(state)


def b0(x: int, y: int) -> int:
    """Space (x, y) on the 7-wide fixtures."""
    return y * 7 + x


def test_plus_token_allows_a_repeated_action_and_minus_token_takes_one() -> None:
    """HN-R132, HN-R133: a +1 token buys an extra Action that may repeat one; a -1 token is
    discarded in place of one Action. Source: rulebook, "+1/-1 Action Tokens"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    state.survivors[0].plus = 1
    start(state)
    play(state, "action", "make-noise")
    play(state, "action", "move")
    play(state, "stop")
    assert options(state) == [("plus-token", None), ("end", None)]
    play(state, "plus-token")
    assert "make-noise" in actions(state)  # the extra Action may repeat one
    play(state, "action", "make-noise")
    assert game.decision(state) is None
    # -1: only one Action
    state.survivors[0].minus = 1
    start(state)
    play(state, "action", "make-noise")
    assert game.decision(state) is None


def test_incapacitated_survivor_recovers_stands_and_acts_again() -> None:
    """HN-R127, HN-R195: an Incapacitated Survivor may only Recover Stamina (even in an
    unsecured place); restoring any Stamina stands it up and a second Action follows.
    Source: rulebook, "Incapacitated Survivors", "Recover Stamina"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    s = state.survivors[0]
    s.damage = s.stamina
    start(state)
    assert actions(state) == {"recover-stamina"}
    state.rng.force(roll=["2"])
    play(state, "action", "recover-stamina")
    assert s.standing and s.damage == s.stamina - 2
    assert "stands-up" in kinds(state)
    assert "move" in actions(state) and "recover-stamina" not in actions(state)


def test_incapacitated_survivor_next_to_a_walker_cannot_recover() -> None:
    """HN-R195: not next to a Walker (prone ones count). A failed roll leaves it down with
    nothing more to do. Source: rulebook, "Recover Stamina"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     prone=(b0(2, 1),))
    s = state.survivors[0]
    s.damage = s.stamina
    start(state)
    assert game.decision(state) is None  # nothing it may do: the activation ended
    state.prone = []
    start(state)
    state.rng.force(roll=["0"])
    play(state, "action", "recover-stamina")
    assert s.incapacitated and game.decision(state) is None


def test_recover_stamina_needs_a_secured_room_when_standing() -> None:
    """HN-R194. Source: rulebook, "Recover Stamina"."""
    b = room_board("O")
    state, _ = table(b, survivors={0: b.at(5, 0), 1: b.at(0, 2)})
    state.survivors[0].damage = 2
    start(state)
    assert "recover-stamina" not in actions(state)
    state.secured = [b.room_of(b.at(5, 0))]
    start(state)
    state.rng.force(roll=["1"])
    play(state, "action", "recover-stamina")
    assert state.survivors[0].damage == 1


# -- Move ---------------------------------------------------------------------------------------
def test_move_passes_a_friend_but_never_stops_on_it() -> None:
    """HN-R136, HN-R134: the step onto a space held by another Survivor carries on to a
    free space in the same decision. Source: rulebook, "Move"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(0, 1), 1: b0(1, 1)},
                     walkers=(b0(1, 0), b0(1, 2)))
    start(state)
    play(state, "action", "move")
    steps = {v for k, v in options(state) if k == "step"}
    assert b0(1, 1) not in steps and b0(2, 1) in steps
    play(state, "step", b0(2, 1))
    moving = state.stack[-1]
    assert isinstance(moving, Moving) and moving.left == 1


def test_a_step_past_a_friend_names_whom_it_passes_and_where() -> None:
    """HN-R136: a step that carries on past another Survivor's space says who is passed,
    not a bare count. Source: rulebook, "Move"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(0, 1), 1: b0(1, 1)},
                     walkers=(b0(1, 0), b0(1, 2)))
    start(state)
    play(state, "action", "move")
    d = game.decision(state)
    assert d is not None
    labels = {o.value: o.label for o in d.options if o.kind == "step"}
    friend = cx(state).survivors[state.survivors[1].id].name
    assert labels[b0(2, 1)] == f"step to {b.label(b0(2, 1))} (past {friend})"


def test_reveal_interrupts_the_move_then_it_resumes() -> None:
    """HN-R140: a Walker token coming into sight is revealed (Walkers placed) before the
    move goes on. Source: rulebook, "Move", "Revealing Walker Tokens"."""
    b = Board.from_text(WALLED)
    state, _ = table(b, survivors={0: b0(0, 1), 1: b0(0, 2)}, tokens={b0(4, 1): "red"})
    assert not state.walkers
    start(state)
    play(state, "action", "move")
    state.rng.force(roll=["1"])
    play(state, "step", b0(1, 0))
    assert "token-revealed" in kinds(state) and state.walkers == [b0(4, 1)]
    assert isinstance(state.stack[-1], Moving)  # the move resumes
    play(state, "step", b0(2, 0))


def test_opening_a_door_into_a_room_draws_a_room_card_even_before_moving() -> None:
    """HN-R146..148, HN-A12, HN-A15 (a): a Survivor beside a closed door may open it as
    part of a Move without stepping first; an unopened unsecured room behind it is Entered
    (Room card drawn). Source: rulebook, "Doors", "Entering a Room"."""
    b = room_board()
    state, _ = table(b, survivors={0: b.at(3, 1), 1: b.at(0, 2)})
    for card in cx(state).rooms:  # a room card with no effects, on top
        if not cx(state).rooms[card].effects:
            state.decks["room"].append(card)
            break
    start(state)
    play(state, "action", "move")
    play(state, "open-door", 0)
    assert "room-card" in kinds(state) and b.room_of(b.at(5, 1)) in state.opened
    assert ("step", b.at(4, 1)) in options(state)


def test_locked_door_is_not_opened_by_moving() -> None:
    """HN-R145. Source: rulebook, "Doors"."""
    b = room_board("L")
    state, _ = table(b, survivors={0: b.at(3, 1), 1: b.at(0, 2)})
    start(state)
    play(state, "action", "move")
    assert not [o for o in options(state) if o[0] == "open-door"]


def test_barricade_jump_star_lands_beyond_not_counting_the_barricade() -> None:
    """E5, HN-R153, HN-R154: John's jump: a star lands him beyond the barricade, whose space
    is not counted. Source: rulebook, "Barricades"."""
    b = Board.from_text(JOHN, barricades=[(3, 1)])
    state, _ = table(b, survivors={0: b.at(1, 1), 1: b.at(0, 4)})
    start(state)
    play(state, "action", "move")
    play(state, "step", b.at(2, 1))
    state.rng.force(roll=["star"])
    play(state, "jump", b.at(4, 1))
    assert state.survivors[0].space == b.at(4, 1)
    assert state.stack[-1].left == 1
    assert not [o for o in options(state) if o[0] == "jump"]


def test_failed_jump_leaves_the_move_but_no_second_try() -> None:
    """E5, HN-R155, HN-A16: on a blank the move goes on another way, and no barricade may be
    tried again this activation (a Run later included). Source: rulebook, "Barricades"."""
    b = Board.from_text(JOHN, barricades=[(3, 1)])
    state, _ = table(b, survivors={0: b.at(2, 1), 1: b.at(0, 4)})
    state.survivors[0].plus = 1
    start(state)
    play(state, "action", "move")
    state.rng.force(roll=["blank"])
    play(state, "jump", b.at(4, 1))
    assert state.survivors[0].space == b.at(2, 1) and "jump-failed" in kinds(state)
    assert state.stack[-1].left == 3
    assert not [o for o in options(state) if o[0] == "jump"]
    play(state, "stop")
    play(state, "plus-token")
    state.rng.force(roll=["3!"])
    play(state, "action", "run")
    assert not [o for o in options(state) if o[0] == "jump"]


def test_run_adds_blue_spaces_and_a_star_makes_noise() -> None:
    """HN-R141, HN-R142: roll blue before moving, add it; at the end a star makes NOISE
    from the end space. Source: rulebook, "Running"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(0, 1), 1: b0(0, 2)})
    start(state)
    state.rng.force(roll=["2"])
    play(state, "action", "run")
    assert state.stack[-1].left == 5
    play(state, "step", b0(1, 1))
    threat = state.threat
    state.rng.force(roll=["star"])
    play(state, "stop")
    assert "noise" in kinds(state) and state.threat == threat + 1
    # a blank: no NOISE
    state2, _ = table(Board.from_text(HALL), survivors={0: b0(0, 1), 1: b0(0, 2)})
    start(state2)
    state2.rng.force(roll=["1", "blank"])
    play(state2, "action", "run")
    play(state2, "stop")
    assert "noise" not in kinds(state2)


# -- Fight and Shoot -------------------------------------------------------------------------------
def test_fight_needs_an_adjacent_walker_and_a_prone_one_is_removed_without_a_roll() -> None:
    """HN-R156, HN-R157, HN-R162. Source: rulebook, "Fight"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     walkers=(b0(4, 1),))
    start(state)
    assert "fight" not in actions(state)
    state.walkers = []
    state.prone = [b0(2, 1)]
    state.survivors[0].equipped = ["dagger"]
    start(state)
    play(state, "action", "fight")
    assert state.prone == [] and state.survivors[0].rep == 1
    assert "roll" not in kinds(state)


def test_fight_attack_higher_knocks_prone_and_a_headshot_removes() -> None:
    """HN-R158..162: Fight dice + weapon dice against the red Defense die; higher knocks the
    Walker prone, higher with a bang removes it (+1 Rep); not higher: nothing.
    Source: rulebook, "Fight"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     walkers=(b0(2, 1),))
    state.survivors[0].equipped = ["dagger"]  # white Fight + red
    start(state)
    state.rng.force(roll=["1", "1", "1"])  # 2 against 1
    play(state, "action", "fight")
    assert state.prone == [b0(2, 1)] and state.survivors[0].rep == 0
    state.prone, state.walkers = [], [b0(2, 1)]
    start(state)
    state.rng.force(roll=["2!", "0", "1"])  # 2 with a bang against 1
    play(state, "action", "fight")
    assert state.walkers == [] and state.prone == [] and state.survivors[0].rep == 1
    state.walkers = [b0(2, 1)]
    start(state)
    state.rng.force(roll=["2!", "0", "2"])  # a bang but not higher
    play(state, "action", "fight")
    assert state.walkers == [b0(2, 1)]


def test_two_fight_weapons_give_a_second_attack_unless_one_is_bulky() -> None:
    """HN-R163, HN-R164, HN-A19: with a Fight weapon in each space, a second attack on the
    same or another Walker; a prone target of the first is removed by the second.
    Source: rulebook, "Fighting with Two Weapons"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     walkers=(b0(2, 1),))
    state.survivors[0].equipped = ["dagger", "machete"]
    start(state)
    play(state, "action", "fight")
    assert {k for k, _ in options(state)} == {"weapon"}
    state.rng.force(roll=["1", "1", "0"])
    play(state, "weapon", "machete")  # one target: attacked at once
    assert state.prone == [b0(2, 1)]
    assert set(options(state)) == {("target", b0(2, 1)), ("stop", None)}
    play(state, "target", b0(2, 1))
    assert state.prone == [] and state.survivors[0].rep == 1
    # Bulky: no second attack
    state.walkers = [b0(2, 0), b0(2, 1)]
    state.survivors[0].equipped = ["dagger", "fire-axe"]
    start(state)
    play(state, "action", "fight")
    state.rng.force(roll=["0", "0", "1"])
    play(state, "weapon", "dagger")
    play(state, "target", b0(2, 1))
    assert state.walkers == [b0(2, 0), b0(2, 1)]
    assert "fight" not in actions(state)  # back at choose-action: the Fight is over


def test_attack_die_card_discarded_adds_its_die() -> None:
    """A Special Item discarded before the roll adds its die to the Attack (HN-R158,
    HN-R175). Source: rulebook, "Fight", "Search" (Special Item Cards)."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     walkers=(b0(2, 1),))
    s = state.survivors[0]
    s.equipped = ["dagger"]
    s.cards = ["box-of-shells"]
    start(state)
    play(state, "action", "fight")
    state.rng.force(roll=["0", "0", "1", "0"])  # white, red, bonus white; defense 0
    play(state, "discard-bonus", "box-of-shells")  # then the only target is attacked
    assert s.cards == [] and state.discards["supply"][-1] == "box-of-shells"
    roll = [e for e in state.events if e.kind == "roll" and e.args["why"] == "attack"][-1]
    assert roll.args["dice"] == ["white", "red", "white"]
    assert state.prone == [b0(2, 1)]


def test_shoot_needs_range_and_sight_and_a_noisy_weapon_makes_noise() -> None:
    """HN-R165..169, HN-A18: a Shoot weapon, a target in range and line of sight; a prone
    target is rolled for as normal; the NOISE of a loud weapon follows the shot.
    Source: rulebook, "Shoot"."""
    b = Board.from_text(WALLED)
    state, _ = table(b, survivors={0: b0(1, 1), 1: b0(0, 2)}, prone=(b0(4, 1),))
    s = state.survivors[0]
    s.equipped = ["pistol"]
    start(state)
    assert "shoot" not in actions(state)  # the wall hides it
    state.prone = [b0(3, 0)]
    start(state)
    assert "shoot" in actions(state)
    threat = state.threat
    state.rng.force(roll=["1", "1", "0"])  # white + red = 2 against 0: it stays prone
    play(state, "action", "shoot")
    assert state.prone == [b0(3, 0)] and state.threat == threat + 1
    assert "noise" in kinds(state)


def test_shoot_minimum_range_and_silent_weapon() -> None:
    """HN-R166: a weapon with a minimum range (2-8) cannot hit an adjacent Walker; a silent
    weapon makes no NOISE. Source: rulebook, "Shoot"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)},
                     walkers=(b0(2, 1),))
    s = state.survivors[0]
    s.equipped = ["compound-bow"]
    start(state)
    assert "shoot" not in actions(state)
    state.walkers = [b0(3, 1)]
    start(state)
    state.rng.force(roll=["2!", "0", "0"])
    play(state, "action", "shoot")
    assert state.walkers == [] and s.rep == 1 and "noise" not in kinds(state)


# -- Hold Your Nerve, Secure ---------------------------------------------------------------------
def test_hold_your_nerve_needs_threat_two_and_no_adjacent_walker() -> None:
    """HN-R170, HN-R171, T5: at Threat 1 it is not offered; at 2 a star lowers the Threat
    and gives 1 Rep; next to a Walker it is refused. Source: rulebook, "Hold Your Nerve"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    state.threat = 1
    start(state)
    assert "hold-your-nerve" not in actions(state)
    state.threat = 2
    start(state)
    state.rng.force(roll=["star"])
    play(state, "action", "hold-your-nerve")
    assert state.threat == 1 and state.survivors[0].rep == 1
    state.threat = 2
    state.prone = [b0(2, 2)]
    start(state)
    assert "hold-your-nerve" not in actions(state)


def test_hold_your_nerve_blank_changes_nothing() -> None:
    """HN-R171. Source: rulebook, "Hold Your Nerve"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    state.threat = 5
    start(state)
    state.rng.force(roll=["blank"])
    play(state, "action", "hold-your-nerve")
    assert state.threat == 5 and state.survivors[0].rep == 0


def test_secure_success_gives_security_value_and_one_to_the_others() -> None:
    """HN-R178..183, HN-A25: a white die per Survivor in the room; at least the Security
    value secures it: the actor gains that value (as it was before the Threat drops), the
    others 1, Threat -1. Source: rulebook, "Secure"."""
    b = room_board("O")
    state, _ = table(b, survivors={0: b.at(5, 0), 1: b.at(5, 2)})
    state.threat = 4
    value = cx(state).threat.security[3]
    start(state)
    state.rng.force(roll=["2", "1"])
    play(state, "action", "secure")
    room = b.room_of(b.at(5, 0))
    assert state.secured == [room]
    assert state.survivors[0].rep == value and state.survivors[1].rep == 1
    assert state.threat == 3


def test_secure_failure_and_refusals() -> None:
    """HN-R178, HN-R179: a total below the Security value fails; Walkers in the room (prone
    too), fire in it, or a Walker adjacent forbid the attempt. Source: rulebook, "Secure"."""
    b = room_board("O")
    state, _ = table(b, survivors={0: b.at(5, 0), 1: b.at(0, 2)})
    state.threat = 4
    start(state)
    state.rng.force(roll=["1"])
    play(state, "action", "secure")
    assert state.secured == [] and "secure-failed" in kinds(state)
    state.prone = [b.at(6, 2)]
    start(state)
    assert "secure" not in actions(state)
    state.prone, state.fire = [], [b.at(6, 2)]
    start(state)
    assert "secure" not in actions(state)
    state.fire, state.walkers = [], [b.at(2, 2)]  # outside the room, not adjacent
    start(state)
    assert "secure" in actions(state)


# -- Search, Break and Enter, Extinguish, Call Negan, Swap Items ----------------------------------
def test_search_draws_a_weapon_to_equip() -> None:
    """HN-R172..177: on or next to a Supply token with nobody on it and no Walker adjacent;
    the token goes, a Supply card is drawn; a weapon may be equipped at once.
    Source: rulebook, "Search"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    state.supplies = [b0(2, 1)]
    state.decks["supply"].append("machete")
    s = state.survivors[0]
    start(state)
    play(state, "action", "search")
    assert state.supplies == []
    assert set(options(state)) == {("equip", 0), ("equip", 1), ("keep", None)}
    play(state, "equip", 1)
    assert s.equipped[1] == "machete" and "dagger" in s.cards


def test_search_refused_next_to_a_walker_or_with_a_model_on_the_token() -> None:
    """HN-R172. Source: rulebook, "Search"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(2, 1)})
    state.supplies = [b0(2, 1)]
    start(state)
    assert "search" not in actions(state)
    state.survivors[1].space = b0(6, 2)
    state.walkers = [b0(0, 0)]
    start(state)
    assert "search" not in actions(state)


def test_break_and_enter_star_opens_the_locked_door_and_both_make_noise() -> None:
    """HN-R184, HN-R185, HN-A12: a star opens the locked door (Entering a Room follows);
    NOISE whatever the roll. Source: rulebook, "Break and Enter"."""
    b = room_board("L")
    state, _ = table(b, survivors={0: b.at(3, 1), 1: b.at(0, 2)})
    for card in cx(state).rooms:
        if not cx(state).rooms[card].effects:
            state.decks["room"].append(card)
            break
    start(state)
    state.rng.force(roll=["blank"])
    play(state, "action", "break-and-enter")
    assert 0 not in state.open_doors and "noise" in kinds(state)
    state.rng.force(roll=["star"])
    state.survivors[0].plus = 1
    play(state, "plus-token")
    play(state, "action", "break-and-enter")
    assert 0 in state.open_doors and "room-card" in kinds(state)
    assert [k for k in kinds(state) if k == "noise"] == ["noise", "noise"]


def test_extinguish_removes_an_adjacent_fire_on_a_star() -> None:
    """HN-R192. Source: rulebook, "Extinguish"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    state.fire = [b0(4, 1)]
    start(state)
    assert "extinguish" not in actions(state)
    state.fire = [b0(2, 2)]
    start(state)
    state.rng.force(roll=["star"])
    play(state, "action", "extinguish")
    assert state.fire == []


def test_call_negan_costs_a_blue_roll_of_rep_and_fails_when_short() -> None:
    """HN-R187, HN-R188, HN-A27 (v): only with Negan in play; too little Rep loses it all
    and nothing else happens. Source: rulebook, "Call Negan"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 2)})
    start(state)
    assert "call-negan" not in actions(state) and "clear-the-way" not in actions(state)
    state.negan = b0(4, 1)
    state.survivors[0].rep = 1
    start(state)
    state.rng.force(roll=["2"])
    play(state, "action", "call-negan")
    assert state.survivors[0].rep == 0 and state.negan == b0(4, 1)
    assert "call-failed" in kinds(state)


def test_call_negan_moves_him_where_the_caller_chooses() -> None:
    """HN-R189, HN-A26, HN-A27 (iv): up to 3 spaces where the caller chooses (staying put
    too). Source: rulebook, "Call Negan"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(0, 1), 1: b0(6, 2)})
    state.negan = b0(3, 1)
    state.survivors[0].rep = 5
    start(state)
    state.rng.force(roll=["2"])
    play(state, "action", "call-negan")
    assert state.survivors[0].rep == 3
    spots = {v for k, v in options(state) if k == "negan-to"}
    assert b0(3, 1) in spots and b0(6, 1) in spots and b0(0, 1) not in spots
    play(state, "negan-to", b0(6, 1))
    assert state.negan == b0(6, 1)


def test_swap_items_equips_and_trades_with_a_survivor_in_range() -> None:
    """HN-R196, HN-R197, HN-A54: equip a held weapon and pass cards with one Survivor within
    3 spaces and sight, a card at a time, each card once. Source: rulebook, "Swap Items"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 1)})
    a, c = state.survivors
    a.cards = ["machete", "first-aid-kit"]
    start(state)
    assert "swap-items" in actions(state)
    state.survivors[1].space = b0(3, 1)
    start(state)
    play(state, "action", "swap-items")
    play(state, "swap-equip", ("machete", 0))
    assert a.equipped[0] == "machete" and "crossbow" in a.cards
    play(state, "swap-give", ("laura", "first-aid-kit"))
    assert c.cards == ["first-aid-kit"]
    assert ("swap-take", ("laura", "first-aid-kit")) not in options(state)
    play(state, "swap-done")
    assert "swap-items" not in actions(state)


def test_swap_items_refused_out_of_range() -> None:
    """HN-R197: a partner more than 3 spaces away, and nothing to equip: no Swap.
    Source: rulebook, "Swap Items"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 1)})
    state.survivors[1].cards = ["first-aid-kit"]
    start(state)
    assert "swap-items" not in actions(state)


def test_use_card_heal_and_extra_action() -> None:
    """Special Items discarded for their bonus outside any Action: a heal restores a roll of
    Stamina; an energy drink gives a +1 Action token. Source: rulebook, "Search" (Special
    Item Cards), "+1/-1 Action Tokens"."""
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(6, 1)})
    s = state.survivors[0]
    s.cards = ["first-aid-kit", "energy-drink"]
    start(state)
    assert ("use-card", "first-aid-kit") not in options(state)  # nothing to restore
    play(state, "use-card", "energy-drink")
    assert s.plus == 1
    s.damage = 3
    state.rng.force(roll=["2"])
    play(state, "use-card", "first-aid-kit")
    assert s.damage == 1 and s.cards == []


# -- whole games -----------------------------------------------------------------------------------
GENERIC = {e.effect for pack in ("events", "rooms", "negan", "supply")
           for card in getattr(cx(new_game(0)), pack).values() for e in card.effects}


@pytest.mark.skipif(not GENERIC <= set(EFFECTS),
                    reason="the card effects of the other phases are registered elsewhere")
@pytest.mark.parametrize("seed", range(6))
def test_random_games_end_without_error(seed: int) -> None:
    """Random choices from every decision until the game ends: no error, invariants hold."""
    rnd = random.Random(seed)
    state = game.new(game.Config(scenario=1 + seed % 3, survivors=2 + seed % 4), seed)
    for _ in range(20000):
        d = game.decision(state)
        if d is None:
            break
        game.step(state, rnd.choice(d.options))
        assert not game.invariants(state)
    assert state.result


def test_catalogue_lists_every_survivor_phase_option() -> None:
    """Every option offered is in the game's action space."""
    config = game.Config(scenario=1, survivors=2)
    space = game.action_space(config)
    state, b = table(Board.from_text(HALL), survivors={0: b0(1, 1), 1: b0(3, 1)},
                     walkers=(b0(2, 2),))
    state.survivors[0].cards = ["machete", "box-of-shells"]
    start(state)
    offered = list(game.decision(state).options)
    push(state, Moving(survivor=0, left=3))
    offered += game.decision(state).options
    for action in offered:
        assert space.id(action) >= 0


def test_the_quick_look_at_the_action_menu_offers_what_the_menu_lists() -> None:
    """Asking whether a Survivor has a choice of Action looks at the Actions quickest to
    check first; what it yields, taken whole, is the menu of the decision (same options,
    order aside) at every choice of Action of seeded games of Scenarios 1-3 and 5 (Shoot
    repeatable) with Laura (any Action twice). Source: rulebook, "1. The Survivor Phase"."""
    from zedlab.core import RNG
    from zedlab.games.heres_negan.survivor_phase import _choose_action_offers

    checked = 0
    for seed in range(12):
        config = game.Config(scenario=(1, 2, 3, 5)[seed % 4], survivors=2 + seed % 4)
        state = game.new(config, seed)
        chooser = RNG.from_seed(seed)
        while (d := game.decision(state)) is not None and checked < 400:
            if d.kind == "choose-action":
                quick = list(_choose_action_offers(state, state.stack[-1]))
                assert sorted(quick, key=repr) == sorted(d.options, key=repr)
                assert len(quick) == len(set(quick))
                checked += 1
            game.step(state, chooser.choice(d.options))
    assert checked >= 100
