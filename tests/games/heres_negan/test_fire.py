"""Fire (placing, the End Phase's Threat and damage, Secure, Extinguish) and the Pitch Black
Room card's dark rooms, on small drawn boards with forced dice.

Source: Here's Negan rulebook, "Fire", "4. The End Phase" (Increase Threat - Fire),
"Extinguish", "Secure", "Components"; Room cards Pitch Black and Breach; checklist
HN-R096-HN-R100, HN-R192, HN-R260, HN-A24; rulings "Fire and Pitch Black".
"""

from __future__ import annotations

from zedlab.core.flow import push
from zedlab.games.heres_negan.actions import legal_extinguish, legal_secure, partners
from zedlab.games.heres_negan.attacks import shoot_targets
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import apply_effects, cx, seen
from zedlab.games.heres_negan.content import Effect
from zedlab.games.heres_negan.fire import end_phase_fire, near_fire, room_on_fire
from zedlab.games.heres_negan.negan_phase import negan_kills
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import FLOW, EndPhase

from .helpers import kinds, new_game, rig

HALL = """
+-+-+-+-+-+-+-+-+
|. . . . . . . .|
+ + + + + + + + +
|. . . . . . . .|
+ + + + + + + + +
|. . . . . . . .|
+-+-+-+-+-+-+-+-+
"""

ROOM = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + +D+-+-+-+
|. . .|a a a a|
+-+-+-+-+-+-+-+
"""


def table(text: str = HALL, characters: tuple[str, ...] = ("dwight", "john"), **pieces: object
          ) -> tuple[HNState, Board, object]:
    """A rigged table; ``pieces`` as for ``rig`` but given as (x, y) positions."""
    b = Board.from_text(text, security=[(3, 2)] if "a" in text else (),
                        entry_points=pieces.pop("eps", ()))  # type: ignore[arg-type]
    state = new_game(0, survivors=len(characters), characters=characters, first_player=0)

    def at(p: tuple[int, int]) -> int:
        return b.at(*p)

    survivors = {i: at(p) for i, p in pieces.pop("survivors", {}).items()}  # type: ignore[attr-defined]
    negan = pieces.pop("negan", None)
    rig(state, b, survivors=survivors, negan=at(negan) if negan else -1,  # type: ignore[arg-type]
        walkers=tuple(at(p) for p in pieces.pop("walkers", ())),  # type: ignore[attr-defined]
        prone=tuple(at(p) for p in pieces.pop("prone", ())),  # type: ignore[attr-defined]
        tokens={at(p): d for p, d in pieces.pop("tokens", {}).items()})  # type: ignore[attr-defined]
    state.fire = sorted(at(p) for p in pieces.pop("fire", ()))  # type: ignore[attr-defined]
    return state, b, at


# -- placing fire ------------------------------------------------------------------------------
def test_fire_goes_on_the_survivor_and_a_fifth_token_is_not_placed() -> None:
    """HN-R096, Components (four fire tokens): a card's fire goes on the Survivor concerned,
    beside it when one is there; with four on the board a fifth is not placed."""
    state, b, at = table(survivors={0: (3, 1)})
    assert cx(state).components.fire == 4
    apply_effects(state, [Effect(effect="fire")], who=0)
    assert state.fire == [at((3, 1))]
    for _ in range(4):
        apply_effects(state, [Effect(effect="fire")], who=0)
    assert len(state.fire) == 4 and kinds(state).count("no-fire-token") == 1
    assert at((3, 1)) in state.fire


# -- the End Phase -----------------------------------------------------------------------------
def end_phase(state: HNState) -> None:
    push(state, EndPhase())
    FLOW.run(state)


def test_end_phase_fire_raises_threat_once_however_many_tokens() -> None:
    """HN-R097, HN-R260, HN-A24 (ii): with fire on the board the End Phase adds 1 Threat on
    top of the secured-rooms rise, once for two tokens; without fire, no fire Threat."""
    state, b, at = table(survivors={0: (0, 0)})
    state.threat = 5
    end_phase(state)
    assert state.threat == 6  # too few secured rooms only
    state, b, at = table(survivors={0: (0, 0)}, fire=[(6, 2), (7, 2)])
    state.threat = 5
    end_phase(state)  # nobody within 3: no rolls
    assert state.threat == 7
    assert [e.args["why"] for e in state.events if e.kind == "threat"] == [
        "too few secured rooms", "fire"]
    assert "action-die" not in kinds(state)


def test_fire_damage_stars_hurt_survivors_and_remove_walkers_without_rep() -> None:
    """HN-R098, HN-A24 (iv): each model within 3 spaces rolls the Action die; a star costs a
    Survivor 1 Stamina and removes a Walker, prone ones too, with no Reputation; a blank does
    nothing; a model 4 spaces away is not rolled for."""
    state, b, at = table(survivors={0: (1, 1), 1: (3, 1)}, walkers=[(4, 1), (6, 1)],
                         prone=[(5, 1)], fire=[(2, 1)])
    assert near_fire(state) == ([0, 1], False, [at((4, 1)), at((5, 1))])
    state.rng.force(roll=["star", "blank", "star", "star"])
    end_phase_fire(state)
    s0, s1 = state.survivors
    assert (s0.damage, s1.damage) == (1, 0)
    assert state.walkers == [at((6, 1))] and state.prone == []
    assert (s0.rep, s1.rep) == (0, 0)
    assert kinds(state).count("action-die") == 4


def test_fire_reaches_only_by_open_route() -> None:
    """HN-R099, HN-A24 (iii): 'within 3 spaces' counts the open route from the token: a fire
    in a closed room does not reach a Survivor just outside the closed door."""
    state, b, at = table(ROOM, survivors={0: (3, 1)}, fire=[(3, 2)])
    assert near_fire(state) == ([], False, [])
    state.open_doors = [d.id for d in b.doors]
    assert near_fire(state)[0] == [0]


def test_fire_hurts_negan_and_his_fall_loses() -> None:
    """HN-A24 (i)(a) (ruling): Negan is a model within 3 of the fire, so he rolls; a star
    costs him 1 Stamina, and at the skull the game is lost."""
    state, b, at = table(survivors={0: (7, 0)}, negan=(2, 1), fire=[(2, 2)])
    assert near_fire(state) == ([], True, [])
    state.rng.force(roll=["star"])
    end_phase_fire(state)
    assert state.negan_damage == 1 and not state.result
    state.negan_damage = cx(state).negan_ref.stamina - 1
    state.rng.force(roll=["star"])
    end_phase_fire(state)
    assert state.result == "loss" and state.reason == "Negan fell"


def test_incapacitated_survivor_is_not_rolled_for() -> None:
    """HN-R098 with "Stamina": an Incapacitated Survivor can lose nothing more, so no roll."""
    state, b, at = table(survivors={0: (1, 1)}, fire=[(2, 1)])
    state.survivors[0].damage = state.survivors[0].stamina
    assert near_fire(state) == ([], False, [])


def test_no_secure_with_fire_and_extinguish_blank_keeps_it() -> None:
    """HN-R100, HN-R192: a room holding a fire token cannot be secured; Extinguish is offered
    next to a fire (the star removing it is tested with the Survivor Phase)."""
    state, b, at = table(ROOM, survivors={0: (4, 2)}, fire=[(6, 2)])
    state.open_doors = [d.id for d in b.doors]
    room = b.room_of(at((4, 2)))
    assert room_on_fire(state, room) and not legal_secure(state, 0)
    state.fire = []
    assert not room_on_fire(state, room) and legal_secure(state, 0)
    state.fire = [at((5, 2))]
    assert legal_extinguish(state, 0)
    state.fire = [at((6, 2))]
    assert not legal_extinguish(state, 0)


# -- Pitch Black ----------------------------------------------------------------------------
def dark_table() -> tuple[HNState, Board, object, int]:
    state, b, at = table(ROOM, survivors={0: (3, 0)})
    state.open_doors = [d.id for d in b.doors]
    room = b.room_of(at((5, 2)))
    return state, b, at, room


def test_pitch_black_token_revealed_only_from_next_to_it() -> None:
    """Pitch Black (designed rule): in a dark room sight reaches only adjacent spaces, so a
    Walker token there is not seen from across the room, and is from next to it."""
    state, b, at, room = dark_table()
    far, near = at((5, 2)), at((4, 2))
    state.survivors[0].space = at((3, 2))
    assert seen(state, far)
    apply_effects(state, [Effect(effect="pitch-black")], room=room)
    assert state.dark == [room]
    assert not seen(state, far) and seen(state, near)
    state.survivors[0].space = at((6, 2))
    assert seen(state, far)


def test_pitch_black_shoot_and_negan_need_adjacency() -> None:
    """Pitch Black (designed rule): a Shoot into the dark room needs the Walker adjacent;
    Negan kills only Walkers adjacent to him there; Swap Items needs adjacency too."""
    state, b, at, room = dark_table()
    state.survivors[0].space = at((3, 2))
    state.survivors[1].space = at((5, 2))
    state.walkers = [at((4, 2)), at((6, 2))]
    state.survivors[0].equipped = ["crossbow"]
    before = shoot_targets(state, 0, "crossbow")
    assert before == [at((4, 2)), at((6, 2))] and partners(state, 0) == [1]
    state.dark = [room]
    assert shoot_targets(state, 0, "crossbow") == [at((4, 2))]
    assert partners(state, 0) == []
    state.survivors[0].space = state.survivors[1].space = -1
    state.negan = at((3, 2))
    assert negan_kills(state, 5) == 1 and state.walkers == [at((6, 2))]


def test_breach_adds_a_low_entry_point_that_spawns() -> None:
    """Room card Breach (HN-R346): a new Low Entry Point in the room joins the pool (three
    Low markers in the box) and takes a token from a 'spawn low' Event like any other."""
    state, b, at = table(ROOM, survivors={0: (0, 0)}, eps=[((6, 0), "low")])
    room = b.room_of(at((5, 2)))
    apply_effects(state, [Effect(effect="breach")], room=room, source=at((3, 2)))
    assert (at((3, 2)), "low") in state.entry_points
    apply_effects(state, [Effect(effect="spawn", level="low")])
    placed = [e.args["space"] for e in state.events if e.kind == "token-placed"]
    assert sorted(placed) == sorted([at((6, 0)), at((3, 2))])
    apply_effects(state, [Effect(effect="breach")], room=room, source=at((3, 2)))
    assert len(state.entry_points) == 3
    apply_effects(state, [Effect(effect="breach")], room=room, source=at((3, 2)))
    assert len(state.entry_points) == 3 and "no-entry-marker" in kinds(state)
