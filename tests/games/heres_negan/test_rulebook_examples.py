"""The worked examples of the rulebook's geometry sections, each on a fixture map.

The rulebook's pictures are not public, so each fixture is a small map built to show exactly
the relations the example's text states, and the test checks every one of its numbers.
"""

from __future__ import annotations

import pytest

from zedlab.games.heres_negan.board import (
    Board,
    Scene,
    adjacent,
    distance,
    line_of_sight,
    negan_move,
    negan_plan,
    survivor_moves,
)
from zedlab.games.heres_negan.board.content import ScenarioMap, TileFace
from zedlab.games.heres_negan.board.maps import layout_board

# ---------------------------------------------------------------------------------------
# "Spaces": Walkers 1-4, Sherry, Dwight and the Walker token behind a closed door.

LEFT = TileFace(
    id="left", name="left", tiles=[1], side="A", source="designed",
    rooms={"a": "West Room"},
    grid="""
+-+-+-+-+-+
|. . . . .
+ +-+-+-+ +
|.|a a a|.
+ +     + +
|.|a a a|.
+ +     + +
|.|a a a|.
+ +-+-+-+ +
|. . . . .
+-+-+-+-+-+
""",
)
RIGHT = TileFace(
    id="right", name="right", tiles=[2], side="A", source="designed",
    rooms={"b": "East Room"},
    grid="""
+-+-+-+-+-+
 . . . . .|
+ +-+-+-+ +
 .|b b b|.|
+ +     + +
 .|b b b|.|
+ +     + +
 .|b b b|.|
+ +-+-+-+ +
 . . . . .|
+-+-+-+-+-+
""",
)


@pytest.fixture(scope="module")
def spaces_example() -> Board:
    spec = ScenarioMap(
        id="spaces-example", name="Spaces example", source="designed", number=1,
        tiles=[{"face": "left", "at": (0, 0)}, {"face": "right", "at": (5, 0)}],
        negan_start=(0, 0), deployment=[(0, 4)],
        doors=[
            {"at": (3, 2), "side": "E", "state": "open"},
            {"at": (5, 2), "side": "E", "state": "closed"},
        ],
    )
    return layout_board(spec, {"left": LEFT, "right": RIGHT}, 5)


def test_spaces_example(spaces_example: Board) -> None:
    """Source: Here's Negan rulebook, "Spaces" (example with Walkers 1-4, Sherry, Dwight)."""
    b = spaces_example
    at = b.at
    walker1, walker2, walker3, walker4 = at(3, 0), at(3, 1), at(3, 2), at(5, 3)
    sherry, dwight, token = at(4, 1), at(4, 2), at(6, 2)
    doors = Scene.initial(b).open_doors
    assert len(b.doors) == 2 and doors == {0}
    # Walker 1 touches Sherry diagonally; a wall parts it from Walker 2
    assert adjacent(b, walker1, sherry, doors)
    assert not adjacent(b, walker1, walker2, doors)
    # Walker 2 touches Walker 3 and Dwight by way of the open door; a wall parts it from Sherry
    assert adjacent(b, walker2, walker3, doors)
    assert adjacent(b, walker2, dwight, doors)
    assert not adjacent(b, walker2, sherry, doors)
    # Walker 3 touches Walker 2, Dwight and Sherry (the open door lets it)
    assert adjacent(b, walker3, walker2, doors)
    assert adjacent(b, walker3, dwight, doors)
    assert adjacent(b, walker3, sherry, doors)
    # Walker 4 and Dwight touch across the join of two tiles
    assert b.tiles[0].face == "left" and b.tiles[1].face == "right"
    assert adjacent(b, walker4, dwight, doors)
    # the token touches no model: its door is shut...
    models = (walker1, walker2, walker3, walker4, sherry, dwight)
    assert not any(adjacent(b, token, m, doors) for m in models)
    # ...and it would be adjacent to Walker 4 with that door open
    assert adjacent(b, token, walker4, frozenset({0, 1}))
    # and with the first door closed, Walker 3 loses Dwight and Sherry
    assert not adjacent(b, walker3, dwight, frozenset())
    assert not adjacent(b, walker3, sherry, frozenset())


# ---------------------------------------------------------------------------------------
# "Routes and Ranges": the Walker 4, Laura 3, John 2 direct / 5 open; Negan's routes A and B.

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


@pytest.fixture(scope="module")
def routes_example() -> Board:
    return Board.from_text(ROUTES, name="routes example", exits=[(3, 1)], negan_start=(0, 1))


def test_routes_and_ranges_example(routes_example: Board) -> None:
    """Source: Here's Negan rulebook, "Routes and Ranges" (example)."""
    b = routes_example
    door_a, door_b = 0, 1  # door A on the direct way, door B further down
    assert b.doors[door_a].a == b.at(1, 1) and b.doors[door_b].a == b.at(1, 3)
    negan, walker, laura, john = b.at(0, 1), b.at(4, 2), b.at(0, 4), b.at(2, 0)
    opened = frozenset({door_b})
    assert distance(b, negan, walker, opened) == 4
    assert distance(b, negan, laura, opened) == 3
    assert distance(b, negan, john, opened, through_doors=True) == 2
    assert distance(b, negan, john, opened) == 5
    # Negan takes the open route B (4 spaces) since door B is open
    scene = Scene.initial(b, negan=negan)
    plan = negan_plan(b, scene, b.exits)
    assert plan.open and len(plan.route) == 4
    assert plan.route[-1] == b.exits[0]
    assert b.at(1, 3) in plan.route  # the space at door B
    # with both doors closed he tries route A, 3 spaces, through door A
    closed = scene.replace(open_doors=())
    plan = negan_plan(b, closed, b.exits)
    assert not plan.open
    assert plan.attempted is not None and len(plan.attempted) == 3
    assert plan.attempted[0] == b.at(1, 1) or plan.attempted[0] == b.at(1, 0)
    # he gets as close as he can (1 space, to the door) and is enraged: the door stops him
    move = negan_move(b, closed, 3, b.exits)
    assert move.moved == 1
    assert "needs-door-or-unsecured-room" in move.enraged
    # with door B open he walks route B with no rage
    move = negan_move(b, scene, 4, b.exits)
    assert move.options == (b.exits[0],) and move.enraged == ()


# ---------------------------------------------------------------------------------------
# "Move": Tara cannot step to two empty spaces, Walker on one side and wall on the other.

TARA = """
+-+-+-+-+-+
|. . . . .|
+ + + + + +
|. . .|. .|
+ + + + + +
|. . . . .|
+ + + + + +
|. . .|. .|
+ + + + + +
|. . . . .|
+-+-+-+-+-+
"""


def test_tara_movement_example() -> None:
    """Source: Here's Negan rulebook, "Move" (Tara's example)."""
    b = Board.from_text(TARA)
    tara, walker = b.at(2, 2), b.at(3, 2)
    scene = Scene(survivors=(tara,), walkers=(walker,))
    one_step = set(survivor_moves(b, scene, tara, 1))
    expected = {b.at(1, 1), b.at(2, 1), b.at(1, 2), b.at(1, 3), b.at(2, 3)}
    assert one_step == expected
    # the two empty spaces past the Walker's corners are blocked by Walker and wall
    assert b.at(3, 1) not in one_step and b.at(3, 3) not in one_step
    # without the Walker one side is clear and both diagonals are open
    free = set(survivor_moves(b, Scene(survivors=(tara,)), tara, 1))
    assert {b.at(3, 1), b.at(3, 3), walker} <= free
    # she never ends on or passes the Walker, but may go round it with more movement
    three = survivor_moves(b, scene, tara, 3)
    assert walker not in three
    assert three[b.at(3, 1)].cost == 3


# ---------------------------------------------------------------------------------------
# "Line of Sight": Laura sees six Walkers; two are behind a wall; the token behind a door.

LAURA = """
+-+-+-+-+-+-+-+-+-+
|. . . . .|. . . .|
+ + + + + + + + + +
|. . . . .|. . . .|
+ + + + + + + + + +
|. . . . .|. . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+ + + + + + +-+-+-+
|. . . . . .|a a a|
+ + + + + + + + + +
|. . . . . .Da a a|
+ + + + + + + + + +
|. . . . . .|a a a|
+-+-+-+-+-+-+-+-+-+
"""


def test_laura_line_of_sight_example() -> None:
    """Source: Here's Negan rulebook, "Line of Sight" (Laura's example)."""
    b = Board.from_text(LAURA, room_names={"a": "Store"})
    at = b.at
    laura = at(1, 3)
    seen = [at(3, 3), at(1, 0), at(0, 6), at(4, 4), at(7, 3), at(3, 0)]
    behind_wall = [at(6, 1), at(7, 0)]
    token = at(7, 6)
    doors = frozenset()
    assert [line_of_sight(b, laura, w, doors) for w in seen] == [True] * 6
    assert [line_of_sight(b, laura, w, doors) for w in behind_wall] == [False, False]
    assert not line_of_sight(b, laura, token, doors)
    # the token is hidden only by the door: open it and Laura sees it; walls stay walls
    assert line_of_sight(b, laura, token, frozenset({0}))
    assert not any(line_of_sight(b, laura, w, frozenset({0})) for w in behind_wall)
    # models in between do not block: sight is a property of the board alone
    assert line_of_sight(b, at(1, 3), at(7, 3), doors)


# ---------------------------------------------------------------------------------------
# "Barricades": John jumps the barricade (its space not counted) or goes round.

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


def test_john_barricade_example() -> None:
    """Source: Here's Negan rulebook, "Barricades" (John's example)."""
    b = Board.from_text(JOHN, barricades=[(3, 1)])
    john, goal = b.at(1, 1), b.at(5, 1)
    scene = Scene(survivors=(john,))
    jump = survivor_moves(b, scene, john, 3, may_jump=True)
    assert goal in jump and jump[goal].jump and jump[goal].cost == 3
    assert b.at(3, 1) not in jump[goal].path  # the barricade's space is not counted
    # without the jump (a failed roll, Walkers, Negan) he must go round: 6 spaces
    assert goal not in survivor_moves(b, scene, john, 3)
    around = survivor_moves(b, scene, john, 6)
    assert around[goal].cost == 6 and not around[goal].jump
    assert b.at(3, 4) in around[goal].path
