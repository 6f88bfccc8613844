"""Property tests of the board geometry on random maps (Hypothesis).

Source: Here's Negan rulebook, "Spaces", "Routes and Ranges", "Line of Sight", "Move".
"""

from __future__ import annotations

import networkx as nx
from hypothesis import given
from hypothesis import strategies as st

from zedlab.games.heres_negan.board import (
    ALL_DOORS,
    Board,
    Scene,
    adjacent,
    distance,
    graph,
    line_of_sight,
    survivor_moves,
    walker_move_options,
)
from zedlab.games.heres_negan.board.geometry import _los_requirement

KINDS = [".", ".", ".", ".", "=", "a", "b", "#"]
# built once: a strategy made afresh for every cell and edge costs more than the check itself
KIND = st.sampled_from(KINDS)
EDGE_BETWEEN_AREAS = st.sampled_from("|||DOL")
EDGE_WITHIN_AREA = st.sampled_from("   |D")


def to_networkx(board, open_doors=frozenset(), blocked=frozenset()):
    """The adjacency of the board's spaces as a networkx graph: the oracle for routes."""
    g = nx.Graph()
    for s in board.spaces():
        if s not in blocked:
            x, y = board.xy(s)
            g.add_node(s, x=x, y=y)
    table = graph(board, open_doors, blocked)
    g.add_edges_from((s, t) for s in g.nodes for t in table[s] if t in g and s < t)
    return g


@st.composite
def random_boards(draw: st.DrawFn) -> tuple[Board, frozenset[int]]:
    """A random board drawn in the grid format, and a random set of open doors.

    Up to 6 x 5 spaces: enough for long lines of sight, corners round doors and rooms of
    several areas, while keeping the all-pairs (and all-triples) checks cheap per example.
    """
    w = draw(st.integers(2, 6))
    h = draw(st.integers(2, 5))
    cells = [[draw(KIND) for _ in range(w)] for _ in range(h)]

    def area(ch: str) -> str:
        return "corridor" if ch in ".=" else ch

    rows = [["+" if r % 2 == 0 and c % 2 == 0 else " " for c in range(2 * w + 1)]
            for r in range(2 * h + 1)]
    for y in range(h):
        for x in range(w):
            rows[2 * y + 1][2 * x + 1] = cells[y][x]

    def edge(a: str | None, b: str | None) -> str:
        if a is None or b is None or "#" in (a, b):
            return "|"
        if area(a) != area(b):
            return draw(EDGE_BETWEEN_AREAS)
        return draw(EDGE_WITHIN_AREA)

    for y in range(h):
        for x in range(w + 1):
            left = cells[y][x - 1] if x > 0 else None
            right = cells[y][x] if x < w else None
            rows[2 * y + 1][2 * x] = edge(left, right)
    for y in range(h + 1):
        for x in range(w):
            up = cells[y - 1][x] if y > 0 else None
            down = cells[y][x] if y < h else None
            mark = edge(up, down)
            rows[2 * y][2 * x + 1] = "-" if mark == "|" else mark
    # the outer frame is always wall
    for r in range(2 * h + 1):
        rows[r][0] = rows[r][0] if r % 2 == 0 else "|"
        rows[r][2 * w] = rows[r][2 * w] if r % 2 == 0 else "|"
    for c in range(2 * w + 1):
        if c % 2 == 1:
            rows[0][c] = rows[2 * h][c] = "-"
    board = Board.from_text("\n".join("".join(r) for r in rows))
    ids = [d.id for d in board.doors]
    opened = frozenset(draw(st.lists(st.sampled_from(ids), unique=True))) if ids else frozenset()
    return board, opened


def _spaces(board: Board) -> list[int]:
    return [s for s in range(board.size) if board.is_space(s)]


@given(random_boards())
def test_adjacency_is_symmetric(case: tuple[Board, frozenset[int]]) -> None:
    """Source: Here's Negan rulebook, "Spaces"."""
    board, doors = case
    for a in _spaces(board):
        for b in _spaces(board):
            assert adjacent(board, a, b, doors) == adjacent(board, b, a, doors)


@given(random_boards())
def test_adjacency_never_crosses_a_wall_or_closed_door(case: tuple[Board, frozenset[int]]) -> None:
    """Side-by-side neighbours are adjacent exactly when the edge between is open or an open
    door. Source: Here's Negan rulebook, "Spaces"."""
    board, doors = case
    for a in _spaces(board):
        for b in (a + 1, a + board.width):
            if b >= board.size or (b == a + 1 and b % board.width == 0) or not board.is_space(b):
                continue
            e = board.edge(a, b)
            passable = e == -1 or (e >= 0 and e in doors)
            assert adjacent(board, a, b, doors) == passable


@given(random_boards())
def test_line_of_sight_is_symmetric(case: tuple[Board, frozenset[int]]) -> None:
    """The line traced each way gives the same answer (traced separately, not via the memo).
    Source: Here's Negan rulebook, "Line of Sight"."""
    board, doors = case

    def clear(req: tuple | None) -> bool:
        if req is None:
            return False
        return all(any(all(d in doors for d in alt) for alt in clause) for clause in req)

    spaces = _spaces(board)
    for a in spaces:
        for b in spaces:
            if a != b:
                assert clear(_los_requirement(board, a, b)) == clear(_los_requirement(board, b, a))
                assert line_of_sight(board, a, b, doors) == clear(_los_requirement(board, a, b))


@given(random_boards())
def test_line_of_sight_between_neighbours_side_by_side_matches_the_edge(
    case: tuple[Board, frozenset[int]],
) -> None:
    """Two side-by-side spaces see each other exactly when they are adjacent."""
    board, doors = case
    for a in _spaces(board):
        b = a + 1
        if b % board.width and board.is_space(b):
            assert line_of_sight(board, a, b, doors) == adjacent(board, a, b, doors)


@given(random_boards())
def test_distance_is_a_metric_matching_adjacency(case: tuple[Board, frozenset[int]]) -> None:
    """Distance is 1 exactly for adjacent spaces, symmetric, obeys the triangle inequality,
    and equals networkx's shortest path length. Source: rulebook, "Routes and Ranges"."""
    board, doors = case
    spaces = board.spaces()  # sealed rooms play no part
    g = to_networkx(board, doors)
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    ours = {a: {b: distance(board, a, b, doors) for b in spaces} for a in spaces}
    for a in spaces:
        for b in spaces:
            d = ours[a][b]
            assert d == lengths[a].get(b)
            if a != b:
                assert (d == 1) == adjacent(board, a, b, doors)
            assert d == ours[b][a]
            through = distance(board, a, b, doors, through_doors=True)
            if d is None:
                continue
            assert through is not None and through <= d
            for c in spaces:
                d1, d2 = ours[a][c], ours[c][b]
                if d1 is not None and d2 is not None:
                    assert d <= d1 + d2


@given(random_boards(), st.integers(0, 10**6), st.booleans())
def test_a_move_never_passes_a_wall_or_closed_door(
    case: tuple[Board, frozenset[int]], pick: int, opens: bool
) -> None:
    """Every step of a Survivor's move goes between adjacent spaces with the doors open that
    may be (closed doors only if the Survivor opens them, never locked ones), and never
    onto a standing Walker. Source: rulebook, "Move", "Doors"."""
    board, doors = case
    spaces = _spaces(board)
    if not spaces:
        return
    start = spaces[pick % len(spaces)]
    walkers = tuple(s for s in spaces[1::3] if s != start)
    scene = Scene(open_doors=doors, survivors=(start,), walkers=walkers)
    passable = doors | frozenset(d.id for d in board.doors if d.state != "locked") if opens else doors
    g = graph(board, passable)
    for end, reach in survivor_moves(board, scene, start, 3, opens_doors=opens).items():
        steps = (start,) + reach.path
        assert reach.cost == len(reach.path) <= 3
        assert end not in walkers and end != start
        for a, b in zip(steps, steps[1:], strict=False):
            assert b in g[a]
            assert b not in walkers
        for d in reach.doors:
            assert opens and board.doors[d].state != "locked" and d not in doors


@given(random_boards(), st.integers(0, 10**6))
def test_walkers_only_move_closer(case: tuple[Board, frozenset[int]], pick: int) -> None:
    """A Walker never ends further from the Survivors than it started, never on a model.
    Source: rulebook, "Move Walkers"."""
    board, doors = case
    spaces = _spaces(board)
    if not spaces:
        return
    survivor = spaces[pick % len(spaces)]
    walker = spaces[(pick // 7) % len(spaces)]
    if walker == survivor:
        return
    scene = Scene(open_doors=doors, survivors=(survivor,), walkers=(walker,))
    before = distance(board, walker, survivor, doors)
    for end in walker_move_options(board, scene, walker):
        assert end != survivor
        after = distance(board, end, survivor, doors)
        if before is not None:
            assert after is not None and after <= before
            assert before - after <= 2
        if end != walker:
            assert distance(board, walker, end, ALL_DOORS) is not None


def test_connected_parts_match_networkx_components():
    """The breadth-first split of the board agrees with networkx's connected components on
    every scenario map, doors open and shut. Source: rulebook, "Tiles"."""
    from zedlab.games.heres_negan.board import ALL_DOORS, connected_parts, load_scenario

    for scenario in range(1, 13):
        board = load_scenario(str(scenario), 4)
        for doors in (ALL_DOORS, frozenset()):
            ours = connected_parts(board, doors)
            theirs = sorted(
                (sorted(p) for p in nx.connected_components(to_networkx(board, doors))),
                key=lambda p: (-len(p), p[0]),
            )
            assert ours == theirs
