"""Adjacency, routes and distances, and line of sight, as pure functions of a board.

Everything here reads a :class:`~.model.Board` (never changed) and the set of open doors;
results that only depend on those are cached on the board, so repeated questions in play are
cheap (see ``benchmarks/heres_negan_geometry.py``).

Definitions (rulings in ``docs/rulings/heres-negan.md``):

* **Adjacent** (8 directions): side by side with no wall or closed door on the shared edge;
  diagonally, if at least one of the two L-shaped paths round the shared corner crosses no
  wall or closed door (so touching the end of a wall does not separate two spaces, but a wall
  running through the corner, or a corner of a room, does).
* **Distance**: the fewest steps between adjacent spaces; the target's space is counted, the
  start's is not (so adjacent spaces are 1 apart). Routes are *open* unless a rule says
  otherwise: closed doors are not crossed. ``through_doors=True`` crosses them (walls never).
* **Line of sight**: a straight segment from centre to centre, blocked by any wall or
  closed door it crosses (blacked-out spaces and spaces with no tile count as walled in). A
  segment passing exactly through a corner is blocked only when the walls at that corner
  separate the two spaces it passes between, the same test as diagonal adjacency.

Source: Here's Negan rulebook, "Spaces", "Routes and Ranges", "Line of Sight".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from .model import OPEN, WALL, Board

__all__ = [
    "ALL_DOORS",
    "Link",
    "SightRule",
    "adjacent",
    "connected_parts",
    "distance",
    "distance_field",
    "graph",
    "line_of_sight",
    "line_of_sight_unclear",
    "links",
    "neighbours",
    "precompute_line_of_sight",
    "precompute_routes",
    "route",
    "route_table",
    "sight_check",
    "step_table",
    "visible_from",
]

# A link from a space: (neighbour, alternatives); each alternative is (middle space or -1,
# doors that must be open). Side by side links have one alternative with no middle space.
Link = tuple[int, tuple[tuple[int, tuple[int, ...]], ...]]

# ``open_doors`` value meaning "every door counts as open" (routes ignoring doors).
ALL_DOORS: frozenset[int] = frozenset({-99})


def _crossing(board: Board, a: int, b: int) -> tuple[int, ...] | None:
    """Doors crossed stepping from ``a`` to side-by-side ``b``; ``None`` if a wall is there."""
    e = board.edge(a, b)
    if e == WALL:
        return None
    return () if e == OPEN else (e,)


def links(board: Board) -> tuple[tuple[Link, ...], ...]:
    """Per space, every potential neighbour with the doors each way to it needs.

    Returns:
        ``links[space]`` = tuple of ``(neighbour, alternatives)``; an alternative is
        ``(middle, doors)``: for a diagonal, ``middle`` is the space of the L path round the
        corner, ``doors`` the doors on its two edges; side by side, ``middle`` is -1.
    Source: Here's Negan rulebook, "Spaces".
    """
    cached = board.cache.get("links")
    if cached is not None:
        return cached  # type: ignore[return-value]
    w, h = board.width, board.height
    out: list[tuple[Link, ...]] = []
    for i in range(board.size):
        mine: list[Link] = []
        if board.is_space(i):
            x, y = i % w, i // w
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < w and 0 <= ny < h:
                    j = ny * w + nx
                    doors = _crossing(board, i, j)
                    if doors is not None and board.is_space(j):
                        mine.append((j, ((-1, doors),)))
            for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                nx, ny = x + dx, y + dy
                if not (0 <= nx < w and 0 <= ny < h):
                    continue
                j = ny * w + nx
                if not board.is_space(j):
                    continue
                alts: list[tuple[int, tuple[int, ...]]] = []
                for mid in (y * w + nx, ny * w + x):
                    first = _crossing(board, i, mid)
                    second = _crossing(board, mid, j)
                    if first is None or second is None or not board.is_space(mid):
                        continue
                    alts.append((mid, first + second))
                if alts:
                    mine.append((j, tuple(alts)))
        out.append(tuple(mine))
    result = tuple(out)
    board.cache["links"] = result
    return result


def step_table(
    board: Board, open_doors: frozenset[int]
) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """:func:`links` with these doors open: per space, ``(neighbour, middles)`` for every
    neighbour some way reaches through open doors only, ``middles`` the middle spaces of
    those ways in order (-1 side by side). Cached per door state: a mover steps to a
    neighbour when it is not blocked and one of its middles is -1 or not blocked.

    Source: Here's Negan rulebook, "Spaces", "Move" (diagonals need one side clear).
    """
    key = ("steps", open_doors)
    cached = board.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    table = links(board)
    if open_doors is ALL_DOORS:
        result = tuple(_step_row(mine, open_doors) for mine in table)
    else:
        # only the spaces with a door on some way out differ from the all-closed table
        closed, door_rows = _closed_steps(board)
        out = list(closed)
        for i in door_rows:
            out[i] = _step_row(table[i], open_doors)
        result = tuple(out)
    _remember(board, key, result)
    return result


def _step_row(
    mine: tuple[Link, ...], open_doors: frozenset[int]
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    every = open_doors is ALL_DOORS
    row = []
    for j, alts in mine:
        mids = tuple(mid for mid, need in alts if every or all(d in open_doors for d in need))
        if mids:
            row.append((j, mids))
    return tuple(row)


def _closed_steps(
    board: Board,
) -> tuple[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...], tuple[int, ...]]:
    """:func:`step_table` with every door closed, and the spaces whose ways out cross a
    door (cached per board)."""
    cached = board.cache.get("closed-steps")
    if cached is None:
        table = links(board)
        none: frozenset[int] = frozenset()
        rows = tuple(_step_row(mine, none) for mine in table)
        door_rows = tuple(i for i, mine in enumerate(table)
                          if any(need for _j, alts in mine for _mid, need in alts))
        cached = board.cache["closed-steps"] = (rows, door_rows)
    return cached  # type: ignore[return-value]


def graph(
    board: Board, open_doors: frozenset[int] = frozenset(), blocked: frozenset[int] = frozenset()
) -> tuple[tuple[int, ...], ...]:
    """Adjacency lists for a door state, leaving out ``blocked`` spaces (obstacles).

    Args:
        open_doors: ids of open doors, or :data:`ALL_DOORS` to treat every door as open.
        blocked: spaces nothing may enter (barricades, barrels...); they get no neighbours
            and are no one's neighbour.
    Returns:
        ``graph[space]`` = neighbour spaces, each once. Cached per (doors, blocked).
    """
    key = ("graph", open_doors, blocked)
    cached = board.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    if blocked:
        free = graph(board, open_doors)
        result = tuple(() if i in blocked else tuple(j for j in row if j not in blocked)
                       for i, row in enumerate(free))
    else:
        # a neighbour is adjacent when some way to it passes these doors: a step_table entry
        steps = step_table(board, open_doors)
        if open_doors is ALL_DOORS or not open_doors:
            result = tuple(tuple(j for j, _mids in row) for row in steps)
        else:
            out = list(graph(board, frozenset()))
            for i in _closed_steps(board)[1]:
                out[i] = tuple(j for j, _mids in steps[i])
            result = tuple(out)
    _remember(board, key, result)
    return result


def _remember(board: Board, key: object, value: object) -> None:
    board.cache[key] = value  # bounded by the board's BoardCache


def neighbours(board: Board, space: int, open_doors: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Spaces adjacent to ``space`` (8 directions) with these doors open.

    Source: Here's Negan rulebook, "Spaces".
    """
    return graph(board, open_doors)[space]


def adjacent(board: Board, a: int, b: int, open_doors: frozenset[int] = frozenset()) -> bool:
    """True if models in ``a`` and ``b`` are adjacent: touching, not across a wall or a closed
    door (diagonally: at least one way round the corner is clear of both).

    Source: Here's Negan rulebook, "Spaces".
    """
    return b in graph(board, open_doors)[a]


def distance_field(
    board: Board,
    targets: Iterable[int],
    open_doors: frozenset[int] = frozenset(),
    blocked: frozenset[int] = frozenset(),
) -> tuple[int, ...]:
    """Steps from every space to the nearest of ``targets`` (-1 where no route reaches).

    Args:
        targets: one or more spaces (distance 0).
        open_doors: open door ids, or :data:`ALL_DOORS` (routes ignoring doors).
        blocked: spaces routes may not pass (a blocked target still gets distance 0).
    Returns:
        a tuple indexed by space. Cached per (targets, doors, blocked).
    Source: Here's Negan rulebook, "Routes and Ranges".
    """
    if type(targets) is tuple and len(targets) == 1:
        tset: tuple[int, ...] = targets
    else:
        tset = tuple(sorted(set(targets)))
    key = ("field", tset, open_doors, blocked)
    cached = board.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    g = graph(board, open_doors, blocked)
    dist = [-1] * board.size
    for t in tset:
        dist[t] = 0
    # breadth-first, one ring of spaces at a time
    ring: list[int] = []
    if blocked:
        # a blocked target is reached by stepping into it from an open neighbour
        full = graph(board, open_doors)
        for t in tset:
            if t in blocked:
                for j in full[t]:
                    if j not in blocked and dist[j] < 0:
                        dist[j] = 1
                        ring.append(j)
    for t in tset:
        for j in g[t]:
            if dist[j] < 0:
                dist[j] = 1
                ring.append(j)
    d = 1
    while ring:
        d += 1
        nxt: list[int] = []
        for i in ring:
            for j in g[i]:
                if dist[j] < 0:
                    dist[j] = d
                    nxt.append(j)
        ring = nxt
    result = tuple(dist)
    _remember(board, key, result)
    return result


def distance(
    board: Board,
    a: int,
    b: int,
    open_doors: frozenset[int] = frozenset(),
    *,
    through_doors: bool = False,
) -> int | None:
    """Spaces from ``a`` to ``b`` by the shortest route: ``b`` counted, ``a`` not.

    Args:
        open_doors: open door ids.
        through_doors: count routes through closed (and locked) doors too, for the rules
            that say so; walls still block.
    Returns:
        the number of spaces, or ``None`` if no such route exists.
    Source: Here's Negan rulebook, "Routes and Ranges".
    """
    d = distance_field(board, (b,), ALL_DOORS if through_doors else open_doors)[a]
    return None if d < 0 else d


def route(
    board: Board,
    a: int,
    b: int,
    open_doors: frozenset[int] = frozenset(),
    *,
    through_doors: bool = False,
    blocked: frozenset[int] = frozenset(),
) -> list[int] | None:
    """One shortest route from ``a`` to ``b``: the spaces entered, ``b`` last, ``a`` left out.

    Among equally short routes the one taking the lowest-numbered space at each step is
    returned (callers who must offer the First Player a choice use :func:`distance_field`).

    Returns:
        the list of spaces (empty when ``a == b``), or ``None`` if unreachable.
    Source: Here's Negan rulebook, "Routes and Ranges".
    """
    doors = ALL_DOORS if through_doors else open_doors
    dist, nxt = route_table(board, (b,), doors, blocked)
    if dist[a] < 0:
        return None
    path: list[int] = []
    here = a
    while dist[here] > 0:
        here = nxt[here]
        if here < 0:  # only when b itself is blocked: step into it
            path.append(b)
            break
        path.append(here)
    return path


def route_table(
    board: Board,
    targets: Iterable[int],
    open_doors: frozenset[int] = frozenset(),
    blocked: frozenset[int] = frozenset(),
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Distances to the nearest target and, per space, the next space of a shortest route.

    Returns:
        ``(dist, next)``: ``dist`` as :func:`distance_field`; ``next[space]`` the
        lowest-numbered neighbour one step closer (-1 at targets and unreachable spaces; a
        blocked target is the next step of the spaces next to it that reach no other).
        Cached per (targets, doors, blocked): following ``next`` costs one step per space.
    Source: Here's Negan rulebook, "Routes and Ranges".
    """
    tset = targets if type(targets) is tuple and len(targets) == 1 else tuple(sorted(set(targets)))
    key = ("table", tset, open_doors, blocked)
    cached = board.cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    dist = distance_field(board, tset, open_doors, blocked)
    g = graph(board, open_doors, blocked)
    nxt = []
    for i, d in enumerate(dist):
        best = -1
        if d > 0:
            want = d - 1
            for j in g[i]:
                if dist[j] == want and (best < 0 or j < best):
                    best = j
            if best < 0 and d == 1:
                # next to a blocked target only: the route steps into it (as distance_field
                # counts it)
                best = min(t for t in tset if t in blocked and i in graph(board, open_doors)[t])
        nxt.append(best)
    result = (dist, tuple(nxt))
    _remember(board, key, result)
    return result


# ----- line of sight -----


def _los_requirement(
    board: Board, a: int, b: int, corners: list[tuple[int, int]] | None = None
) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """What the segment from centre of ``a`` to centre of ``b`` needs to be unblocked.

    Returns:
        ``None`` if a wall blocks it whatever the doors; else a tuple of clauses, each a tuple
        of alternative door-id tuples: the line is clear when, in every clause, some
        alternative's doors are all open.
    """
    w = board.width
    edge_e, edge_s = board.edge_e, board.edge_s
    x0, y0 = a % w, a // w
    x1, y1 = b % w, b // w
    # In doubled coordinates centres are odd and grid lines even; the run to the next
    # vertical line, as a fraction of the whole segment, is tx / (DX * DY) (ty likewise).
    DX, DY = 2 * abs(x1 - x0), 2 * abs(y1 - y0)
    sx = 1 if x1 > x0 else -1
    sy = 1 if y1 > y0 else -1
    far = 1 << 60
    tx = DY if DX else far
    ty = DX if DY else far
    step_x, step_y = 2 * DY, 2 * DX
    here = a
    cx, cy = x0, y0
    clauses: list[tuple[tuple[int, ...], ...]] = []
    while cx != x1 or cy != y1:
        if tx < ty:
            e = edge_e[here] if sx > 0 else edge_e[here - 1]
            if e == WALL:
                return None
            if e >= 0:
                clauses.append(((e,),))
            here += sx
            cx += sx
            tx += step_x
        elif ty < tx:
            e = edge_s[here] if sy > 0 else edge_s[here - w]
            if e == WALL:
                return None
            if e >= 0:
                clauses.append(((e,),))
            here += sy * w
            cy += sy
            ty += step_y
        else:
            # exactly through a corner: as diagonal adjacency
            nxt = here + sy * w + sx
            if corners is not None:
                corners.append((here, nxt))
            alts = next((al for j, al in links(board)[here] if j == nxt), None)
            if alts is None:
                return None
            door_sets = tuple(d for _m, d in alts)
            if all(door_sets):
                clauses.append(door_sets)
            here = nxt
            cx += sx
            cy += sy
            tx += step_x
            ty += step_y
    return tuple(clauses)


_UNKNOWN: object = object()


def _requirement(board: Board, a: int, b: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    memo = board.cache.get("los")
    if memo is None:
        memo = {}
        board.cache["los"] = memo
    key = (a, b) if a <= b else (b, a)
    try:
        return memo[key]  # type: ignore[index,no-any-return]
    except KeyError:
        req = _los_requirement(board, key[0], key[1])
        memo[key] = req  # type: ignore[index]
        return req


def line_of_sight(board: Board, a: int, b: int, open_doors: frozenset[int] = frozenset()) -> bool:
    """True if a straight line from the centre of ``a`` to the centre of ``b`` crosses no wall
    and no closed door. Models, tokens, open doors, barricades and barrels do not block.

    A space always sees itself. The test is symmetric (it is computed for the ordered pair
    with the lower index first, and the segment itself is symmetric).

    Source: Here's Negan rulebook, "Line of Sight" and "Spaces" (blacked-out spaces).
    """
    if a == b:
        return board.is_space(a)
    memo: Any = board.cache.get("los")
    req: Any = memo.get((a, b) if a <= b else (b, a), _UNKNOWN) if memo is not None else _UNKNOWN
    if req is _UNKNOWN:
        req = _requirement(board, a, b)
    if req is None:
        return False
    if not req:
        return True
    for clause in req:
        if not any(all(d in open_doors for d in alt) for alt in clause):
            return False
    return True


def line_of_sight_unclear(
    board: Board, a: int, b: int, open_doors: frozenset[int] = frozenset()
) -> bool:
    """True when line of sight is clear by the exact rule but the line grazes a wall: it
    passes exactly through a corner that a wall or closed door touches.

    These are the cases a table would argue about; a rules option may settle them with the
    Action die instead (star: seen, blank: not), as the rulebook suggests when unsure.
    Source: Here's Negan rulebook, "Line of Sight".
    """
    if not line_of_sight(board, a, b, open_doors):
        return False
    corners: list[tuple[int, int]] = []
    _los_requirement(board, a, b, corners)
    w = board.width
    for here, nxt in corners:
        x0, y0 = here % w, here // w
        x1, y1 = nxt % w, nxt // w
        # the four spaces round the corner and the four edges meeting at it
        tl, tr = min(y0, y1) * w + min(x0, x1), min(y0, y1) * w + max(x0, x1)
        bl, br = max(y0, y1) * w + min(x0, x1), max(y0, y1) * w + max(x0, x1)
        for p, q in ((tl, tr), (bl, br), (tl, bl), (tr, br)):
            e = board.edge(p, q)
            if e == WALL or (e >= 0 and e not in open_doors):
                return True
    return False


SightRule = Literal["exact", "action-die"]


def sight_check(
    board: Board, a: int, b: int, open_doors: frozenset[int] = frozenset(),
    rule: SightRule = "exact",
) -> bool | None:
    """Line of sight under a table rule for unclear cases.

    Args:
        rule: ``"exact"`` settles every case by :func:`line_of_sight`; ``"action-die"``
            leaves the grazing cases of :func:`line_of_sight_unclear` to the Action die.
    Returns:
        True or False, or ``None`` when the Action die must be rolled (star: seen).
    Source: Here's Negan rulebook, "Line of Sight".
    """
    if rule == "action-die" and line_of_sight_unclear(board, a, b, open_doors):
        return None
    return line_of_sight(board, a, b, open_doors)


def visible_from(board: Board, a: int, open_doors: frozenset[int] = frozenset()) -> list[int]:
    """Every space (sealed rooms left out) in line of sight of ``a``, ``a`` included."""
    return [b for b in board.spaces() if line_of_sight(board, a, b, open_doors)]


def connected_parts(
    board: Board, open_doors: frozenset[int] = ALL_DOORS
) -> list[list[int]]:
    """The board's spaces (sealed rooms left out) split into parts no route joins, largest
    first. With every door open (the default) a playable map is one part.

    Source: Here's Negan rulebook, "Tiles" (sealed rooms play no part).
    """
    table = graph(board, open_doors)
    seen: set[int] = set()
    parts: list[list[int]] = []
    for start in board.spaces():
        if start in seen:
            continue
        seen.add(start)
        part, frontier = [start], [start]
        while frontier:
            for t in table[frontier.pop()]:
                if t not in seen:
                    seen.add(t)
                    part.append(t)
                    frontier.append(t)
        parts.append(sorted(part))
    return sorted(parts, key=lambda p: (-len(p), p[0]))


def precompute_routes(
    board: Board, open_doors: frozenset[int] = frozenset(), blocked: frozenset[int] = frozenset()
) -> int:
    """Work out the route table towards every space now, for one door state (else lazily).

    Returns:
        the number of tables stored.
    """
    spaces = board.spaces()
    for s in spaces:
        route_table(board, (s,), open_doors, blocked)
    return len(spaces)


def precompute_line_of_sight(board: Board) -> int:
    """Work out the line-of-sight requirement of every pair of spaces now (else lazily).

    Returns:
        the number of pairs stored.
    """
    spaces = board.spaces()
    for i, a in enumerate(spaces):
        for b in spaces[i + 1 :]:
            _requirement(board, a, b)
    return len(board.cache["los"])  # type: ignore[arg-type]
