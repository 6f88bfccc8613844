"""Placing Walkers, Walker tokens and Supply tokens.

Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens", "Placing Tokens",
"Placing Walkers", "Revealing Walker Tokens".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .geometry import ALL_DOORS, distance_field, graph
from .model import Board, Scene
from .movement import obstacles

__all__ = [
    "empty_spaces",
    "furthest_supply",
    "is_empty",
    "placement_options",
    "room_fill_options",
    "supply_options",
]


def is_empty(board: Board, scene: Scene, space: int) -> bool:
    """True if a Walker or Walker token may be placed on ``space``: a space (not in a sealed
    room) with no model, no Walker token and no scenery that blocks movement.

    Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens".
    """
    return (
        board.is_space(space)
        and not board.in_sealed_room(space)
        and space not in obstacles(board, scene)
        and space not in scene.models()
        and space not in scene.walker_tokens
    )


def empty_spaces(board: Board, scene: Scene, spaces: Iterable[int]) -> list[int]:
    """The empty ones among ``spaces``, ascending."""
    return sorted(s for s in set(spaces) if is_empty(board, scene, s))


def placement_options(board: Board, scene: Scene, space: int) -> list[int]:
    """Where a Walker or Walker token meant for ``space`` goes.

    Returns:
        ``[space]`` if it is empty; else the empty spaces adjacent to it (the First Player
        chooses); ``[]`` if there are none: nothing is placed.
    Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens".
    """
    if is_empty(board, scene, space):
        return [space]
    return empty_spaces(board, scene, graph(board, scene.open_doors)[space])


def _room_distances(board: Board, room: int, origin: int) -> dict[int, int]:
    """Steps from ``origin`` to each space of ``room`` moving inside the room only."""
    inside = set(board.areas[room].spaces)
    g = graph(board, ALL_DOORS)
    dist = {origin: 0}
    queue = deque([origin])
    while queue:
        i = queue.popleft()
        for j in g[i]:
            if j in inside and j not in dist:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def room_fill_options(board: Board, scene: Scene, room: int) -> list[int]:
    """Where the next Walker revealed in a room goes: on the Security token if empty, else
    the empty spaces of the same room closest to the token (adjacent ones first).

    Returns:
        candidate spaces (the First Player picks among several); ``[]`` if the room is full.
    Raises:
        ValueError: if the room has no Security token.
    Source: Here's Negan rulebook, "Placing Walkers".
    """
    if room not in board.security:
        raise ValueError(f"{board.areas[room].name} has no Security token to place Walkers from")
    dist = _room_distances(board, room, board.security[room])
    free = [s for s in dist if is_empty(board, scene, s)]
    if not free:
        return []
    near = min(dist[s] for s in free)
    return sorted(s for s in free if dist[s] == near)


def supply_options(board: Board, scene: Scene, room: int) -> list[int]:
    """Where the First Player may put the next Supply token in a room.

    Not beside a door (a space with a door on one of its sides) unless the room has no other
    space; not on another Supply token; at least 3 spaces from every Supply token already in
    the room, or, where the room is too small, as far from them as possible.

    Source: Here's Negan rulebook, "Placing Tokens".
    """
    spaces = [s for s in board.areas[room].spaces if s not in obstacles(board, scene)]
    by_door = board.door_spaces()
    cands = [s for s in spaces if s not in by_door] or spaces
    placed = [s for s in scene.supplies if s in set(board.areas[room].spaces)]
    cands = [s for s in cands if s not in placed]
    if not cands or not placed:
        return sorted(cands)
    fields = [_room_distances(board, room, p) for p in placed]
    spread = {s: min(f.get(s, 10**6) for f in fields) for s in cands}
    if any(v >= 3 for v in spread.values()):
        return sorted(s for s, v in spread.items() if v >= 3)
    most = max(spread.values())
    return sorted(s for s, v in spread.items() if v == most)


def furthest_supply(board: Board, scene: Scene, target: Iterable[int]) -> list[int]:
    """The Supply token(s) furthest from the target point, removed when tokens run out.

    Distances by open route; tokens with no open route count as furthest.
    Source: Here's Negan rulebook, "Placing Tokens".
    """
    if not scene.supplies:
        return []
    f = distance_field(board, tuple(target), scene.open_doors)
    key = {s: (f[s] if f[s] >= 0 else 10**6) for s in scene.supplies}
    far = max(key.values())
    return sorted(s for s, v in key.items() if v == far)
