"""Range and sight queries: who is within range, token reveals during a move, the nearest
Entry Point to a noise, and where a called Negan may go."""

from __future__ import annotations

import pytest

from zedlab.games.heres_negan.board import (
    Board,
    Scene,
    first_reveal,
    in_range,
    nearest_entry_points,
    negan_call_moves,
    survivor_moves,
    tokens_seen,
)

from .test_movement_and_placement import DOOR_BETWEEN, OPEN_HALL, WALL_HALL, _shortcut


def test_in_range_groups_by_distance_with_minimum_range_and_sight() -> None:
    """Source: Here's Negan rulebook, "Routes and Ranges", "Shoot" (ranges such as 2-10)."""
    b = Board.from_text(OPEN_HALL)
    origin = b.at(0, 1)
    targets = [b.at(1, 1), b.at(3, 1), b.at(3, 0), b.at(6, 1)]
    assert in_range(b, Scene(), origin, targets, 3) == [[b.at(1, 1)], [b.at(3, 0), b.at(3, 1)]]
    assert in_range(b, Scene(), origin, targets, 10, min_range=2) == [
        [b.at(3, 0), b.at(3, 1)], [b.at(6, 1)]
    ]
    w = Board.from_text(WALL_HALL)
    hidden, seen = w.at(2, 2), w.at(4, 1)
    assert in_range(w, Scene(), w.at(2, 1), [hidden, seen], 10, need_sight=True) == [[seen]]


def test_tokens_in_sight_and_the_move_step_that_reveals_them() -> None:
    """A Survivor reveals a token the moment it comes into sight during the move, counting
    a door as open once the Survivor stands by it. Source: rulebook, "Move", "Doors"."""
    b = Board.from_text(DOOR_BETWEEN)
    token = b.at(4, 0)
    start = b.at(0, 1)
    scene = Scene(survivors=(start,), walker_tokens=(token,))
    assert tokens_seen(b, scene, start) == []
    reach = survivor_moves(b, scene, start, 3)[b.at(3, 1)]
    assert reach.doors == (0,)
    assert first_reveal(b, scene, start, reach) == (2, [token])
    assert tokens_seen(b, scene.replace(open_doors={0}), b.at(2, 1)) == [token]
    quiet = survivor_moves(b, scene, start, 3)[b.at(2, 2)]
    assert first_reveal(b, scene, start, quiet) == (quiet.cost, [])


def test_nearest_entry_point_skips_blocked_and_too_high_ones() -> None:
    """Source: Here's Negan rulebook, "Entry Points", "Noise"."""
    b = Board.from_text(
        OPEN_HALL,
        entry_points=[((1, 1), "high"), ((3, 1), "low"), ((6, 1), "medium"), ((0, 0), "low")],
    )
    noise = b.at(0, 1)
    scene = Scene()
    assert nearest_entry_points(b, scene, noise) == [b.at(0, 0), b.at(1, 1)]
    assert nearest_entry_points(b, scene, noise, "medium") == [b.at(0, 0)]
    blocked = Scene(survivors=(b.at(0, 0),))
    assert nearest_entry_points(b, blocked, noise, "medium") == [b.at(3, 1)]
    assert nearest_entry_points(b, blocked, noise, "low") == [b.at(3, 1)]
    lying = Scene(incapacitated=(b.at(0, 0),), negan=b.at(1, 1))
    assert nearest_entry_points(b, lying, noise) == [b.at(1, 1)]


def test_called_negan_goes_where_the_survivor_chooses_but_not_into_unsecured_rooms() -> None:
    """Source: Here's Negan rulebook, "Call Negan", "Moving Negan"."""
    b = _shortcut()
    room = b.room_of(b.at(3, 1))
    scene = Scene.initial(b, negan=b.negan_start)
    moves = negan_call_moves(b, scene)
    assert moves and all(b.room_of(s) is None for s in moves)
    assert b.at(0, 0) in moves and b.at(1, 0) in moves
    opened = negan_call_moves(b, scene.replace(secured={room}))
    assert b.at(2, 2) in opened and b.at(3, 2) in opened
    with pytest.raises(ValueError, match="not on the board"):
        negan_call_moves(b, Scene())
