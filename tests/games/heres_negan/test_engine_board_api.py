"""Board questions the rules engine asks one step at a time: doors next to a space, single
steps and barricade jumps, where a move may end, Negan's path, Call Negan into unsecured
rooms, Entry Points that change in play, NOISE order, and canonical scenes.
"""

from __future__ import annotations

import pytest

from zedlab.games.heres_negan.board import (
    Board,
    Scene,
    adjacent,
    barricade_jumps,
    entry_levels_for,
    initial_target,
    load_scenario,
    nearest_entry_points,
    negan_call_moves,
    negan_move,
    noise_order,
    openable_doors,
    survivor_may_end,
    survivor_steps,
)

from .test_movement_and_placement import DOOR_BETWEEN, OPEN_HALL, _shortcut


def test_doors_at_a_space_are_those_on_its_four_sides() -> None:
    """HN-R144, HN-A15 (iii): a door is next to a space when it lies on one of its sides;
    a door touching only the space's corner does not count. Source: rulebook, "Doors"."""
    b = Board.from_text(DOOR_BETWEEN)
    assert b.doors_at(b.at(2, 1)) == (0,)
    assert b.doors_at(b.at(3, 1)) == (0,)
    assert b.doors_at(b.at(2, 0)) == ()  # diagonal to the door
    assert b.doors_at(b.at(0, 0)) == ()
    scene = Scene(survivors=(b.at(2, 1),))
    assert openable_doors(b, scene, b.at(2, 1)) == (0,)
    assert openable_doors(b, scene, b.at(2, 2)) == ()
    assert openable_doors(b, scene.replace(open_doors={0}), b.at(2, 1)) == ()
    locked = Board.from_text(DOOR_BETWEEN.replace("D", "L"))
    assert locked.doors_at(locked.at(2, 1)) == (0,)
    assert openable_doors(locked, scene, locked.at(2, 1)) == ()


def test_single_steps_cross_only_open_doors() -> None:
    """HN-R139, HN-R144: step by step a Survivor crosses only doors already open; once the
    door is opened from the space beside it, the three spaces beyond come within one step.
    Source: rulebook, "Move", "Doors"."""
    b = Board.from_text(DOOR_BETWEEN)
    here = b.at(2, 1)
    scene = Scene(survivors=(here,))
    shut = survivor_steps(b, scene, here, jumped_already=False)
    assert shut == sorted([b.at(1, 0), b.at(2, 0), b.at(1, 1), b.at(1, 2), b.at(2, 2)])
    opened = survivor_steps(b, scene.replace(open_doors={0}), here, jumped_already=False)
    assert set(opened) - set(shut) == {b.at(3, 0), b.at(3, 1), b.at(3, 2)}


def test_steps_pass_models_but_not_standing_walkers_and_where_a_move_may_end() -> None:
    """HN-R139: Survivors, Negan and prone Walkers may be passed but not ended on; standing
    Walkers may not be entered; Walker tokens may be landed on. Source: rulebook, "Move"."""
    b = Board.from_text(OPEN_HALL)
    here = b.at(3, 1)
    friend, negan, walker, prone, token = (
        b.at(4, 1), b.at(2, 1), b.at(3, 0), b.at(3, 2), b.at(4, 0)
    )
    scene = Scene(
        survivors=(here, friend), negan=negan, walkers=(walker,), prone=(prone,),
        walker_tokens=(token,),
    )
    steps = survivor_steps(b, scene, here, jumped_already=False)
    assert walker not in steps
    assert {friend, negan, prone, token} <= set(steps)
    assert not survivor_may_end(b, scene, friend)
    assert not survivor_may_end(b, scene, negan)
    assert not survivor_may_end(b, scene, prone)
    assert not survivor_may_end(b, scene, walker)
    assert survivor_may_end(b, scene, token)
    assert survivor_may_end(b, scene, b.at(5, 1))
    # the mover's own space is taken by the mover only
    assert not survivor_may_end(b, scene, here)
    assert survivor_may_end(b, scene, here, mover=here)
    assert not survivor_may_end(b, scene, -1)


def test_barricade_jump_is_one_step_over_the_barricade() -> None:
    """HN-R153, HN-R155: a jump goes straight over a barricade next to the Survivor onto the
    space beyond (one space of movement), not onto a standing Walker; after a jump (or a
    failed try) the move offers no more. Source: rulebook, "Barricades"."""
    b = Board.from_text(OPEN_HALL, barricades=[(3, 1)])
    bar = b.at(3, 1)
    here = b.at(2, 1)
    scene = Scene(survivors=(here,))
    assert barricade_jumps(b, scene, here) == [(bar, b.at(4, 1))]
    assert bar not in survivor_steps(b, scene, here, jumped_already=False)
    assert b.at(4, 1) in survivor_steps(b, scene, here, jumped_already=False)
    assert b.at(4, 1) not in survivor_steps(b, scene, here, jumped_already=True)
    # diagonally over it, as survivor_moves allows
    assert barricade_jumps(b, scene, b.at(2, 0)) == [(bar, b.at(4, 2))]
    guarded = scene.replace(walkers=(b.at(4, 1),))
    assert barricade_jumps(b, guarded, here) == []
    assert barricade_jumps(b, scene, b.at(0, 1)) == []


def test_negan_move_gives_the_path_to_each_option() -> None:
    """HN-R237, HN-R061: the spaces Negan passes, in order, so tokens he sees on the way can
    be revealed. Source: rulebook, "Moving Negan", "Revealing Walker Tokens"."""
    b = Board.from_text(OPEN_HALL, exits=[(6, 1)], negan_start=(0, 1))
    scene = Scene(negan=b.at(0, 1))
    move = negan_move(b, scene, 3, b.exits)
    assert move.options == (b.at(3, 1),)
    assert move.paths == {b.at(3, 1): (b.at(1, 1), b.at(2, 1), b.at(3, 1))}
    # ties: each option gets its own path, as long as the move
    two = Board.from_text(OPEN_HALL, exits=[(6, 0), (6, 2)])
    move = negan_move(two, Scene(negan=two.at(3, 1)), 1, two.exits)
    assert set(move.paths) == set(move.options) and len(move.options) > 1
    assert all(move.paths[o] == (o,) for o in move.options)
    # not moving: an empty path
    stay = negan_move(b, Scene(negan=b.at(6, 1)), 3, b.exits)
    assert stay.paths == {b.at(6, 1): ()}


@pytest.mark.parametrize("number", [1, 4, 9, 12])
def test_negan_paths_on_scenario_maps_are_real_moves(number: int) -> None:
    """Each path steps between adjacent spaces, gets closer every step, and its length is
    the movement used. Source: rulebook, "Moving Negan"."""
    board = load_scenario(number, 5)
    scene = Scene.initial(board, negan=board.negan_start)
    for steps in (1, 3, 5):
        move = negan_move(board, scene, steps, initial_target(board))
        goal = move.plan.goal
        for option in move.options:
            path = move.paths[option]
            assert path[-1] == option and len(path) == move.moved
            walk = (board.negan_start, *path)
            for a, c in zip(walk, walk[1:], strict=False):
                assert adjacent(board, a, c, scene.open_doors)
                assert goal[c] < goal[a]


def test_called_negan_may_go_into_an_unsecured_room_by_open_doors_only() -> None:
    """HN-A26 reading (a), HN-R189: the caller may move Negan into an unsecured room (no
    door opened, no barricade jumped); without the option he stays out. Source: rulebook,
    "Call Negan", "Secure", "3. Here's Negan!"."""
    b = _shortcut()
    room = b.room_of(b.at(3, 1))
    scene = Scene.initial(b, negan=b.negan_start)
    inside = negan_call_moves(b, scene, into_unsecured=True)
    assert b.at(1, 2) in inside and b.at(2, 1) in inside
    assert all(b.room_of(s) is None for s in negan_call_moves(b, scene))
    assert set(negan_call_moves(b, scene)) < set(inside)
    shut = scene.replace(open_doors=())
    assert all(b.room_of(s) != room for s in negan_call_moves(b, shut, into_unsecured=True))


DETOUR = """
+-+-+-+
|. . .|
+ +-+ +
|.|a|.|
+ +   +
|.OaO.|
+-+-+-+
"""


def test_called_negan_goes_round_an_unsecured_room_when_that_is_long_enough() -> None:
    """Regression: a space whose shortest way crosses an unsecured room but which a longer
    way round reaches within the called move is offered. Source: rulebook, "Call Negan"."""
    b = Board.from_text(DETOUR, room_names={"a": "Office"}, security=[(1, 1)])
    scene = Scene.initial(b, negan=b.at(0, 2))
    far = b.at(2, 2)
    moves = negan_call_moves(b, scene, 4)
    assert far in moves and moves[far].cost == 4
    assert all(b.room_of(s) is None for s in moves[far].path)
    assert negan_call_moves(b, scene, 4, into_unsecured=True)[far].cost == 2


def test_entry_points_in_play_come_from_the_scene_when_it_lists_them() -> None:
    """HN-R346, HN-R345: Breach adds a Low Entry Point; Scenario 11 upgrades and removes
    them; the scene's list replaces the board's. Source: rulebook, "Entry Points", Room card
    Breach, Scenario 11."""
    b = Board.from_text(OPEN_HALL, entry_points=[((6, 1), "low")])
    noise = b.at(0, 1)
    assert nearest_entry_points(b, Scene(), noise) == [b.at(6, 1)]
    breach = Scene(entry_points=((b.at(6, 1), "low"), (b.at(2, 1), "low")))
    assert nearest_entry_points(b, breach, noise) == [b.at(2, 1)]
    upgraded = Scene(entry_points=[(b.at(6, 1), "low"), (b.at(2, 1), "medium")])
    assert nearest_entry_points(b, upgraded, noise, "low") == [b.at(6, 1)]
    assert nearest_entry_points(b, Scene(entry_points=()), noise) == []
    with pytest.raises(ValueError, match="'low', 'medium', 'high'"):
        Scene(entry_points=[(b.at(2, 1), "huge")])

    s11 = load_scenario(11, 3)
    highs = initial_target(s11)
    assert initial_target(s11, Scene.initial(s11)) == highs
    rest = tuple((e.space, e.level) for e in s11.entry_points if e.space not in highs)
    after = initial_target(s11, Scene.initial(s11, entry_points=rest))
    top = max(rest, key=lambda e: ["low", "medium", "high"].index(e[1]))[1]
    assert after and set(after) == {sp for sp, lvl in rest if lvl == top}
    assert initial_target(s11, Scene(entry_points=())) == ()


def test_all_quiet_places_no_entry_point() -> None:
    """HN-R118, HN-A08 (a): a NOISE uses Entry Points up to the current Threat band's level;
    in All Quiet there is none. Source: rulebook, "Noise", "Threat Tracker"."""
    b = Board.from_text(OPEN_HALL, entry_points=[((6, 1), "low")])
    assert entry_levels_for("") is None
    assert [entry_levels_for(x) for x in ("low", "medium", "high")] == ["low", "medium", "high"]
    assert nearest_entry_points(b, Scene(), b.at(0, 1), entry_levels_for("")) == []
    assert nearest_entry_points(b, Scene(), b.at(0, 1), None) == []
    with pytest.raises(ValueError, match="'low', 'medium', 'high'"):
        entry_levels_for("quiet")
    with pytest.raises(ValueError, match="max_level 'none'"):
        nearest_entry_points(b, Scene(), b.at(0, 1), "none")


def test_noise_order_is_by_distance_to_the_noise() -> None:
    """HN-R116, HN-R117: Walkers and tokens drawn by a NOISE go closest to it first; ties
    form one group (First Player orders it); no open route counts after open routes.
    Source: rulebook, "Noise"."""
    b = Board.from_text(DOOR_BETWEEN)
    noise = b.at(0, 1)
    near, tie_a, tie_b, behind = b.at(1, 1), b.at(2, 0), b.at(2, 2), b.at(3, 1)
    # the Survivor far away does not matter, only the noise does
    scene = Scene(survivors=(b.at(4, 1),), walkers=(near, tie_a, tie_b, behind))
    assert noise_order(b, scene, [behind, tie_b, near, tie_a], noise) == [
        [near], [tie_a, tie_b], [behind]
    ]


def test_canonical_scene_sorts_and_keeps_order_otherwise() -> None:
    """Scenes built in any order compare equal once canonical (cache keys, equal states)."""
    a = Scene(survivors=(9, 3), walkers=(5, 1, 7), barrels=(4, 2),
              entry_points=[(8, "low"), (2, "high")])
    assert a.survivors == (9, 3)  # the constructor keeps the caller's order
    c = a.canonical()
    assert c.survivors == (3, 9) and c.walkers == (1, 5, 7) and c.barrels == (2, 4)
    assert c.entry_points == ((2, "high"), (8, "low"))
    b = Scene(survivors=(3, 9), walkers=(7, 5, 1), barrels=(2, 4),
              entry_points=((2, "high"), (8, "low")))
    assert b.canonical() == c and hash(b.canonical()) == hash(c)
    assert c.canonical() is c


def test_scene_of_sets_every_field_and_stays_frozen() -> None:
    """``Scene.of`` (the rules' fast projection) gives the scene the constructor gives, field
    by field, and the result can no more be changed than a constructed one."""
    from dataclasses import FrozenInstanceError, fields

    values = dict(open_doors=frozenset({1}), secured=frozenset({2}), survivors=(3,),
                  incapacitated=(4,), negan=5, walkers=(6,), prone=(7,), walker_tokens=(8,),
                  barrels=(9,), supplies=(10,), entry_points=((11, "low"),))
    assert sorted(values) == sorted(f.name for f in fields(Scene))
    fast = Scene.of(**values)  # type: ignore[arg-type]
    assert fast == Scene(**values)  # type: ignore[arg-type]
    for name, value in values.items():
        assert getattr(fast, name) == value, name
    with pytest.raises(FrozenInstanceError):
        fast.negan = 6  # type: ignore[misc]
