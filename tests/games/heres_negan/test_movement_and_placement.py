"""Walkers and Walker tokens moving towards Survivors or a noise, Negan's moves and rage
checks, Survivors opening doors, and placing Walkers, tokens and Supply tokens.
"""

from __future__ import annotations

from zedlab.games.heres_negan.board import (
    Board,
    Scene,
    activation_order,
    first_reveal,
    furthest_supply,
    line_of_sight,
    line_of_sight_unclear,
    move_towards_noise,
    negan_enraged_at_start,
    negan_move,
    negan_plan,
    negan_rage_exit,
    placement_options,
    room_fill_options,
    supply_options,
    survivor_moves,
    walker_move_options,
    walker_token_move_options,
)

OPEN_HALL = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""


def test_walker_token_moves_one_space_towards_the_nearest_survivor() -> None:
    """Source: Here's Negan rulebook, "Move Walker Tokens"."""
    b = Board.from_text(OPEN_HALL)
    token, near, far = b.at(3, 1), b.at(6, 1), b.at(0, 1)
    scene = Scene(survivors=(far,), negan=near, walker_tokens=(token,))
    # Negan counts as a Survivor to head for: he is nearer (2 spaces against 3)
    scene = scene.replace(negan=b.at(5, 1))
    assert walker_token_move_options(b, scene, token) == [b.at(4, 1)]
    # an Incapacitated Survivor is never moved towards
    scene = Scene(survivors=(far,), incapacitated=(b.at(5, 1),), walker_tokens=(token,))
    assert walker_token_move_options(b, scene, token) == [b.at(2, 1)]
    # it heads straight for the Survivor rather than drifting diagonally
    scene = Scene(survivors=(b.at(3, 0),), walker_tokens=(b.at(3, 2),))
    assert walker_token_move_options(b, scene, b.at(3, 2)) == [b.at(3, 1)]
    # two Survivors equally near: both ways are offered and the First Player picks
    scene = Scene(survivors=(b.at(0, 1), b.at(6, 1)), walker_tokens=(token,))
    assert walker_token_move_options(b, scene, token) == [b.at(2, 1), b.at(4, 1)]


DOOR_BETWEEN = """
+-+-+-+-+-+
|. . .|. .|
+ + + + + +
|. . .D. .|
+ + + + + +
|. . .|. .|
+-+-+-+-+-+
"""


def test_walker_token_stops_against_a_closed_door() -> None:
    """With no open route the token moves as close as it can and stops at the closed door.
    Source: Here's Negan rulebook, "Move Walker Tokens"."""
    b = Board.from_text(DOOR_BETWEEN)
    survivor = b.at(4, 1)
    scene = Scene(survivors=(survivor,), walker_tokens=(b.at(0, 1),))
    assert walker_token_move_options(b, scene, b.at(0, 1)) == [b.at(1, 1)]
    at_door = scene.replace(walker_tokens=(b.at(2, 1),))
    assert walker_token_move_options(b, at_door, b.at(2, 1)) == [b.at(2, 1)]
    opened = at_door.replace(open_doors={0})
    assert walker_token_move_options(b, opened, b.at(2, 1)) == [b.at(3, 1)]


def test_activation_order_closest_first() -> None:
    """Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers" (closest first)."""
    b = Board.from_text(OPEN_HALL)
    scene = Scene(survivors=(b.at(0, 1),))
    order = activation_order(b, scene, [b.at(6, 1), b.at(2, 0), b.at(2, 2), b.at(1, 1)])
    assert order == [[b.at(1, 1)], [b.at(2, 0), b.at(2, 2)], [b.at(6, 1)]]


WALL_HALL = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ +-+-+-+ + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""


def test_walkers_head_for_a_survivor_in_sight_first() -> None:
    """Two spaces towards the nearest Survivor in line of sight, though another is nearer by
    route. Source: Here's Negan rulebook, "Move Walkers"."""
    b = Board.from_text(WALL_HALL)
    walker = b.at(2, 1)
    hidden, seen = b.at(2, 2), b.at(6, 1)
    assert not line_of_sight(b, walker, hidden) and line_of_sight(b, walker, seen)
    scene = Scene(survivors=(hidden, seen), walkers=(walker,))
    assert walker_move_options(b, scene, walker) == [b.at(4, 1)]
    # with nobody in sight it takes the nearest by open route
    # (round either end of the wall, 4 spaces each way: the First Player picks)
    scene = Scene(survivors=(hidden,), walkers=(walker,))
    assert walker_move_options(b, scene, walker) == [b.at(0, 2), b.at(4, 2)]


def test_walkers_stop_on_becoming_adjacent_and_do_not_move_when_adjacent() -> None:
    """Source: Here's Negan rulebook, "Move Walkers"."""
    b = Board.from_text(OPEN_HALL)
    survivor = b.at(6, 1)
    scene = Scene(survivors=(survivor,), walkers=(b.at(3, 1),))
    assert walker_move_options(b, scene, b.at(3, 1)) == [b.at(5, 1)]
    scene = Scene(survivors=(survivor,), walkers=(b.at(4, 1),))
    assert walker_move_options(b, scene, b.at(4, 1)) == [b.at(5, 1)]
    scene = Scene(survivors=(survivor,), walkers=(b.at(5, 1),))
    assert walker_move_options(b, scene, b.at(5, 1)) == [b.at(5, 1)]
    # it passes another Walker but does not end on it
    scene = Scene(survivors=(survivor,), walkers=(b.at(3, 1), b.at(5, 1)), walker_tokens=())
    assert b.at(5, 1) not in walker_move_options(b, scene, b.at(3, 1))


def test_moving_towards_a_noise() -> None:
    """Tokens 1 space, Walkers 2 spaces towards the noise; Walkers next to a Survivor stay.
    Source: Here's Negan rulebook, "Noise"."""
    b = Board.from_text(OPEN_HALL)
    noise = b.at(0, 1)
    scene = Scene(survivors=(noise,), walkers=(b.at(5, 1),), walker_tokens=(b.at(6, 1),))
    assert move_towards_noise(b, scene, b.at(6, 1), noise, "token") == [b.at(5, 0), b.at(5, 2)]
    assert move_towards_noise(b, scene, b.at(5, 1), noise, "walker") == [b.at(3, 1)]
    scene = Scene(survivors=(b.at(6, 0),), walkers=(b.at(5, 1),))
    assert move_towards_noise(b, scene, b.at(5, 1), noise, "walker") == [b.at(5, 1)]


def test_survivors_open_doors_on_the_way_but_not_locked_ones() -> None:
    """Source: Here's Negan rulebook, "Doors"."""
    b = Board.from_text(DOOR_BETWEEN)
    start = b.at(1, 1)
    moves = survivor_moves(b, Scene(survivors=(start,)), start, 3)
    assert moves[b.at(3, 1)].doors == (0,)
    assert b.at(3, 1) not in survivor_moves(b, Scene(survivors=(start,)), start, 3, opens_doors=False)
    locked = Board.from_text(DOOR_BETWEEN.replace("D", "L"))
    assert b.at(3, 1) not in survivor_moves(locked, Scene(survivors=(start,)), start, 3)


LOCKED_CORNER = """
+-+-+
|.L.|
+D+ +
|. .|
+-+-+
"""


def test_a_diagonal_step_goes_round_the_closed_door_never_the_locked_one() -> None:
    """Regression: a diagonal with a locked door round one corner and a closed door round the
    other is made round the closed one, and the move opens that door, never the locked one.
    Source: Here's Negan rulebook, "Move" (diagonals need one side clear), "Doors" (locked
    doors cannot be opened automatically)."""
    b = Board.from_text(LOCKED_CORNER)
    locked = next(d.id for d in b.doors if d.state == "locked")
    closed = next(d.id for d in b.doors if d.state == "closed")
    start, corner = b.at(0, 0), b.at(1, 1)
    scene = Scene(survivors=(start,))
    reach = survivor_moves(b, scene, start, 3)[corner]
    assert reach.cost == 1 and reach.doors == (closed,)
    assert all(locked not in r.doors for r in survivor_moves(b, scene, start, 3).values())
    # the Walker-token reveal replay opens the same door on the same step
    assert first_reveal(b, scene.replace(walker_tokens=(b.at(1, 0),)), start, reach) == (1, [b.at(1, 0)])


ROOM_SHORTCUT = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ +-+-+-+-+-+ +
|.|a a a a a|.|
+ +         + +
|.Oa a a a aO.|
+-+-+-+-+-+-+-+
"""


def _shortcut() -> Board:
    return Board.from_text(
        ROOM_SHORTCUT, room_names={"a": "Hall"}, exits=[(6, 2)], security=[(3, 1)],
        negan_start=(0, 2),
    )


def test_negan_avoids_unsecured_rooms_and_takes_them_once_secured() -> None:
    """Source: Here's Negan rulebook, "Moving Negan" (route changes when rooms are secured)."""
    b = _shortcut()
    room = b.room_of(b.at(3, 1))
    scene = Scene.initial(b, negan=b.negan_start)
    plan = negan_plan(b, scene, b.exits)
    assert plan.open and len(plan.route) == 8
    assert all(b.room_of(s) is None for s in plan.route)
    secured = scene.replace(secured={room})
    plan = negan_plan(b, secured, b.exits)
    assert plan.open and len(plan.route) == 6
    # the route that ignores rooms and doors is the short one all along
    assert negan_plan(b, scene, b.exits).attempted == plan.route


def test_a_target_in_an_unsecured_room_brings_negan_to_its_edge_not_in() -> None:
    """Scenario 11's targets move, and one may lie in an unsecured room: Negan goes as close
    as he may without entering it (his route ends beside it, not open), and the search for
    that route ends (it once looped for ever on a target next to the route's last space).
    Source: Here's Negan rulebook, "Moving Negan"; Scenario 11."""
    b = _shortcut()
    room = b.room_of(b.at(3, 1))
    target = b.at(1, 2)  # inside the Hall, beside the open doorway at (0,2)-(1,2)
    doors = frozenset(d.id for d in b.doors)
    scene = Scene.initial(b, negan=b.at(6, 0)).replace(open_doors=doors)
    plan = negan_plan(b, scene, (target,))
    assert not plan.open
    assert plan.route and plan.route[-1] in (b.at(0, 1), b.at(0, 2))  # beside the target
    assert all(b.room_of(s) is None for s in plan.route)
    assert plan.attempted is not None and plan.attempted[-1] == target
    secured = scene.replace(secured={room})
    plan = negan_plan(b, secured, (target,))
    assert plan.open and plan.route[-1] == target


def test_negan_enraged_when_blocked_by_survivors_or_next_to_a_walker() -> None:
    """Source: Here's Negan rulebook, "Moving Negan", "Negan's Rage"."""
    b = Board.from_text("""
+-+-+-+-+-+-+
|. . . . . .|
+-+-+-+-+-+-+
""", exits=[(5, 0)])
    scene = Scene(negan=b.at(0, 0), survivors=(b.at(1, 0), b.at(2, 0), b.at(3, 0)))
    blocked = negan_move(b, scene, 3, b.exits)
    assert blocked.options == (b.at(0, 0),) and "blocked" in blocked.enraged
    # he passes Survivors and ends beyond them with enough movement
    ok = negan_move(b, scene, 4, b.exits)
    assert ok.options == (b.at(4, 0),) and ok.enraged == ()
    # ending next to a Walker (prone ones too) enrages him
    near = negan_move(b, Scene(negan=b.at(0, 0), prone=(b.at(4, 0),)), 3, b.exits)
    assert near.options == (b.at(3, 0),) and near.enraged == ("adjacent-to-walker",)


def test_negan_enraged_at_start_of_phase() -> None:
    """Source: Here's Negan rulebook, "3. Here's Negan!"."""
    b = _shortcut()
    inside = Scene.initial(b, negan=b.at(3, 2))
    assert negan_enraged_at_start(b, inside) == ("in-unsecured-room",)
    room = b.room_of(b.at(3, 2))
    assert negan_enraged_at_start(b, inside.replace(secured={room})) == ()
    walker = Scene.initial(b, negan=b.at(0, 0), walkers=(b.at(1, 0),))
    assert negan_enraged_at_start(b, walker) == ("adjacent-to-walker",)


def test_enraged_negan_leaves_an_unsecured_room_by_the_door_further_from_target() -> None:
    """Source: Here's Negan rulebook, "Negan's Rage"."""
    b = _shortcut()
    scene = Scene.initial(b, negan=b.at(3, 2))
    out = negan_rage_exit(b, scene, b.exits)
    assert out and all(b.xy(s)[0] == 0 for s in out)
    assert all(b.room_of(s) is None for s in out)


def test_placing_on_an_occupied_space_offers_adjacent_empty_spaces() -> None:
    """Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens"."""
    b = Board.from_text("""
+-+-+-+
|. . .|
+ + + +
|. . .|
+-+-+-+
""")
    empty = Scene()
    assert placement_options(b, empty, b.at(1, 0)) == [b.at(1, 0)]
    taken = Scene(walkers=(b.at(1, 0),), walker_tokens=(b.at(0, 0),), survivors=(b.at(2, 1),))
    assert placement_options(b, taken, b.at(1, 0)) == [b.at(2, 0), b.at(0, 1), b.at(1, 1)]
    full = Scene(walkers=tuple(range(6)))
    assert placement_options(b, full, b.at(1, 0)) == []


ROOM = """
+-+-+-+-+-+-+
|a a a a a|.|
+ + + + + + +
|a a a a aD.|
+ + + + + + +
|a a a a a|.|
+-+-+-+-+-+-+
"""


def test_walkers_revealed_in_a_room_fill_from_the_security_token() -> None:
    """Source: Here's Negan rulebook, "Placing Walkers"."""
    b = Board.from_text(ROOM, room_names={"a": "Store"}, security=[(0, 1)])
    room = b.room_of(b.at(0, 1))
    assert room_fill_options(b, Scene(), room) == [b.at(0, 1)]
    first = Scene(walkers=(b.at(0, 1),))
    assert room_fill_options(b, first, room) == [b.at(0, 0), b.at(1, 0), b.at(1, 1), b.at(0, 2), b.at(1, 2)]
    ring = Scene(walkers=(b.at(0, 1), b.at(0, 0), b.at(1, 0), b.at(1, 1), b.at(0, 2), b.at(1, 2)))
    assert room_fill_options(b, ring, room) == [b.at(2, 0), b.at(2, 1), b.at(2, 2)]


def test_supply_tokens_away_from_doors_and_three_apart() -> None:
    """Source: Here's Negan rulebook, "Placing Tokens"."""
    b = Board.from_text(ROOM, room_names={"a": "Store"}, security=[(0, 1)])
    room = b.room_of(b.at(0, 1))
    first = supply_options(b, Scene(), room)
    assert b.at(4, 1) not in first and len(first) == 14
    one = Scene(supplies=(b.at(0, 1),))
    assert supply_options(b, one, room) == [b.at(3, 0), b.at(4, 0), b.at(3, 1), b.at(3, 2), b.at(4, 2)]
    # too small for 3 apart: as far apart as possible
    crowded = Scene(supplies=(b.at(0, 1), b.at(4, 0)), open_doors={0})
    opts = supply_options(b, crowded, room)
    assert opts == [b.at(2, 2)] or all(s not in (b.at(0, 1), b.at(4, 0)) for s in opts)
    assert furthest_supply(b, crowded, [b.at(5, 1)]) == [b.at(0, 1)]


def test_grazing_lines_of_sight_are_flagged_for_the_action_die_option() -> None:
    """A line through a corner where a wall ends is clear by the exact rule but 'unclear'.
    Source: Here's Negan rulebook, "Line of Sight"."""
    b = Board.from_text("""
+-+-+-+
|. .|.|
+ + + +
|. . .|
+ + + +
|. . .|
+-+-+-+
""")
    a, c = b.at(0, 2), b.at(2, 0)
    assert line_of_sight(b, a, c)
    assert line_of_sight_unclear(b, a, c)
    assert not line_of_sight_unclear(b, b.at(0, 0), b.at(2, 2))


def test_sight_rule_option_leaves_grazing_lines_to_the_action_die() -> None:
    """Source: Here's Negan rulebook, "Line of Sight" (roll the Action die when unsure)."""
    from zedlab.games.heres_negan.board import sight_check

    b = Board.from_text("""
+-+-+-+
|. .|.|
+ + + +
|. . .|
+ + + +
|. . .|
+-+-+-+
""")
    a, c = b.at(0, 2), b.at(2, 0)
    assert sight_check(b, a, c) is True
    assert sight_check(b, a, c, rule="action-die") is None
    assert sight_check(b, b.at(0, 0), b.at(2, 2), rule="action-die") is True
