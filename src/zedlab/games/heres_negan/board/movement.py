"""Movement: Survivors' moves, Walkers and Walker tokens moving towards Survivors or a noise,
and Negan's route to his target point.

Every function is pure: it reads a :class:`~.model.Board` and a :class:`~.model.Scene` and
returns spaces or small result objects; choices the rules leave to the First Player come back
as lists of equally good options.

Source: Here's Negan rulebook, "Move", "Doors", "Barricades", "Routes and Ranges",
"Move Walker Tokens", "Move Walkers", "Noise", "Moving Negan", "Negan's Rage".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from .geometry import (
    ALL_DOORS,
    _remember,
    adjacent,
    distance_field,
    graph,
    line_of_sight,
    links,
    route_table,
    step_table,
)
from .model import Board, Scene

__all__ = [
    "Goal",
    "Mover",
    "NeganMove",
    "NeganPlan",
    "Reach",
    "activation_order",
    "barricade_jumps",
    "initial_target",
    "negan_enraged_at_start",
    "negan_move",
    "negan_plan",
    "negan_rage_exit",
    "noise_order",
    "obstacles",
    "openable_doors",
    "survivor_end_spaces",
    "survivor_may_end",
    "survivor_moves",
    "survivor_steps",
    "towards_options",
    "unsecured_room_spaces",
    "walker_goal",
    "walker_move_options",
    "walker_token_move_options",
    "move_towards_noise",
]

Mover = Literal["survivor", "negan", "walker", "token"]


def obstacles(board: Board, scene: Scene) -> frozenset[int]:
    """Spaces no model moves through or into: barricades, barrels, blocking scenery.

    (Survivors may *jump* a barricade; see :func:`survivor_moves`.)
    Source: Here's Negan rulebook, "Barricades"; Scenario 8, "Gasoline Barrels".
    """
    key = ("obstacles", scene.barrels)
    cached = board.cache.get(key)
    if cached is None:
        cached = frozenset(board.barricades) | board.object_spaces(True) | frozenset(scene.barrels)
        board.cache[key] = cached
    return cached  # type: ignore[return-value]


def unsecured_room_spaces(board: Board, scene: Scene) -> frozenset[int]:
    """Spaces of unsecured rooms: rooms holding a Security token red side up.

    Source: Here's Negan rulebook, "Tiles".
    """
    key = ("unsecured", scene.secured)
    cached = board.cache.get(key)
    if cached is None:
        cached = frozenset(
            s
            for room in board.security
            if room not in scene.secured
            for s in board.areas[room].spaces
        )
        board.cache[key] = cached
    return cached  # type: ignore[return-value]


def _passable_doors(board: Board, scene: Scene, opens_doors: bool) -> frozenset[int]:
    if not opens_doors:
        return scene.open_doors
    key = ("openable", scene.open_doors)
    cached = board.cache.get(key)
    if cached is None:
        cached = scene.open_doors | frozenset(d.id for d in board.doors if d.state != "locked")
        board.cache[key] = cached
    return cached  # type: ignore[return-value]


_LAST_RULES: dict[str, tuple[Board, Scene, tuple[frozenset[int], frozenset[int]]]] = {}
"""Per mover, the last board and scene :func:`_rules_for` was asked about and its answer
(both are immutable; a scene holding the same pieces the rules read gives the same answer)."""


def _rules_for(board: Board, scene: Scene, mover: Mover) -> tuple[frozenset[int], frozenset[int]]:
    """(spaces the mover cannot pass, spaces it cannot end on) besides walls and doors.

    Source: Here's Negan rulebook, "Move" (Survivors), "Move Walkers", "Move Walker Tokens",
    "Incapacitated Survivors".
    """
    last = _LAST_RULES.get(mover)
    if last is not None and last[0] is board:
        seen = last[1]
        if seen is scene or (
            seen.walkers == scene.walkers
            and seen.survivors == scene.survivors
            and seen.negan == scene.negan
            and seen.incapacitated == scene.incapacitated
            and seen.prone == scene.prone
            and seen.walker_tokens == scene.walker_tokens
            and seen.barrels == scene.barrels
            and (mover != "negan" or seen.secured == scene.secured)
        ):
            return last[2]
    rules = _work_out_rules(board, scene, mover)
    _LAST_RULES[mover] = (board, scene, rules)
    return rules


def _work_out_rules(
    board: Board, scene: Scene, mover: Mover
) -> tuple[frozenset[int], frozenset[int]]:
    blocked = set(obstacles(board, scene))
    no_end = set(scene.models()) | set(scene.walker_tokens)
    if mover in ("survivor", "negan"):
        blocked |= set(scene.walkers)  # standing Walkers only; all else may be passed
        no_end -= set(scene.walker_tokens)  # tokens may be landed on freely
    else:
        # Walkers and tokens pass Walkers, tokens and Incapacitated Survivors only
        blocked |= set(scene.survivors)
        if scene.negan is not None:
            blocked.add(scene.negan)
    if mover == "negan":
        blocked |= unsecured_room_spaces(board, scene) - {scene.negan}
    return frozenset(blocked), frozenset(no_end)


def _steps(
    board: Board, here: int, doors: frozenset[int], blocked: frozenset[int]
) -> list[int]:
    """Spaces one move from ``here``: not blocked; a diagonal needs one side clear.

    Source: Here's Negan rulebook, "Move" (diagonals need one side clear).
    """
    out = []
    for j, mids in step_table(board, doors)[here]:
        if j in blocked:
            continue
        for mid in mids:
            if mid < 0 or mid not in blocked:
                out.append(j)
                break
    return out


@dataclass(frozen=True, slots=True)
class Reach:
    """Where a Survivor can end a move.

    Attributes:
        cost: spaces of movement used (a jumped barricade's space is not counted).
        path: spaces entered in order, the end last (a jumped barricade is not listed).
        doors: ids of closed doors the route opens on the way.
        jump: True if the route jumps a barricade (needs a star on the Action die).
    """

    cost: int
    path: tuple[int, ...]
    doors: tuple[int, ...] = ()
    jump: bool = False


def survivor_moves(
    board: Board,
    scene: Scene,
    start: int,
    steps: int = 3,
    *,
    opens_doors: bool = True,
    may_jump: bool = False,
) -> dict[int, Reach]:
    """Every space a Survivor at ``start`` may end a move of up to ``steps`` spaces on.

    The Survivor passes other Survivors, Negan and prone Walkers but does not end on them,
    never passes or ends on a standing Walker, crosses no wall, opens closed (not locked)
    doors on the way when ``opens_doors``, moves diagonally only with one side clear, and,
    when ``may_jump``, may jump one barricade (the barricade's space is not counted).
    Tokens are passed and landed on freely.

    Returns:
        ``{end space: Reach}``; the cheapest way to each, preferring no jump, then fewer doors.
    Source: Here's Negan rulebook, "Move", "Doors", "Barricades".
    """
    blocked, no_end = _rules_for(board, scene, "survivor")
    doors = _passable_doors(board, scene, opens_doors)
    return _reach(board, scene, start, steps, doors, blocked, no_end, may_jump)


def _jump_landing(
    board: Board, here: int, barricade: int, doors: frozenset[int], blocked: frozenset[int]
) -> int | None:
    """The space beyond ``barricade`` straight on from ``here`` if a jump may land there."""
    w = board.width
    if not adjacent(board, here, barricade, doors):
        return None
    qx, qy = 2 * (barricade % w) - here % w, 2 * (barricade // w) - here // w
    if not (0 <= qx < w and 0 <= qy < board.height):
        return None
    q = qy * w + qx
    if q in blocked or not adjacent(board, barricade, q, doors):
        return None
    return q


def _reach(
    board: Board,
    scene: Scene,
    start: int,
    steps: int,
    doors: frozenset[int],
    blocked: frozenset[int],
    no_end: frozenset[int],
    may_jump: bool,
) -> dict[int, Reach]:
    """Breadth-first moves of up to ``steps`` spaces (see :func:`survivor_moves`)."""
    barricades = frozenset(board.barricades)
    best: dict[tuple[int, bool], tuple[int, ...]] = {(start, False): ()}
    queue: deque[tuple[int, bool]] = deque([(start, False)])
    while queue:
        here, jumped = queue.popleft()
        path = best[(here, jumped)]
        if len(path) >= steps:
            continue
        for j in _steps(board, here, doors, blocked):
            if (j, jumped) not in best and (j, False) not in best:
                best[(j, jumped)] = path + (j,)
                queue.append((j, jumped))
        if may_jump and not jumped:
            for b in barricades:
                q = _jump_landing(board, here, b, doors, blocked)
                if q is None:
                    continue
                if (q, True) not in best and (q, False) not in best:
                    best[(q, True)] = path + (q,)
                    queue.append((q, True))
    out: dict[int, Reach] = {}
    for (space, jumped), path in best.items():
        if space == start or space in no_end:
            continue
        if space in out and not out[space].jump:
            continue
        crossed = _doors_on(board, (start,) + path, scene.open_doors, doors, blocked)
        out[space] = Reach(len(path), path, crossed, jumped)
    return out


# ----- one step at a time (the rules engine's Move) -----


def openable_doors(board: Board, scene: Scene, space: int) -> tuple[int, ...]:
    """Doors a Survivor standing on ``space`` may open: closed doors on its four sides.

    A door placed locked stays shut (only Break and Enter opens it, which puts it in
    ``scene.open_doors``); open doors are left out. Diagonal doors do not count: a door is
    next to a space when it lies on one of the space's sides (see the rulings, HN-A15).
    Source: Here's Negan rulebook, "Doors", "Move".
    """
    return tuple(
        d for d in board.doors_at(space)
        if d not in scene.open_doors and board.doors[d].state != "locked"
    )


def survivor_steps(
    board: Board, scene: Scene, here: int, *, jumped_already: bool
) -> list[int]:
    """The spaces a Survivor on ``here`` may move into with one space of movement now.

    Only the scene's open doors are crossed (a door is opened explicitly, with
    :func:`openable_doors`, before it is crossed); other Survivors, Negan, prone and
    Incapacitated models may be passed (use :func:`survivor_may_end` to know whether the
    move may stop there); standing Walkers, barricades, barrels and blocking scenery may
    not; a diagonal needs one way round the corner clear. Unless ``jumped_already`` (the
    move has already jumped, or tried to jump, a barricade), the landing spaces of
    :func:`barricade_jumps` are included too: a jump also costs one space, but needs the
    Action die, so tell the two apart with :func:`barricade_jumps`.

    Returns:
        spaces ascending.
    Source: Here's Negan rulebook, "Move", "Doors", "Barricades".
    """
    return list(survivor_step_tuple(board, scene, here, jumped_already))


def survivor_step_tuple(
    board: Board, scene: Scene, here: int, jumped_already: bool
) -> tuple[int, ...]:
    """:func:`survivor_steps` as a shared tuple (not to be changed), for callers that only
    read it."""
    blocked, _no_end = _rules_for(board, scene, "survivor")
    key = ("survivor-steps", scene.open_doors, blocked)
    table = board.cache.get(key)
    if table is None:
        table = {}
        _remember(board, key, table)
    found = table.get((here, jumped_already))  # type: ignore[attr-defined]
    if found is None:
        out = set(_steps(board, here, scene.open_doors, blocked))
        if not jumped_already:
            out.update(q for _b, q in barricade_jumps(board, scene, here))
        found = table[(here, jumped_already)] = tuple(sorted(out))  # type: ignore[index]
    return found  # type: ignore[no-any-return]


def barricade_jumps(board: Board, scene: Scene, here: int) -> list[tuple[int, int]]:
    """The barricade jumps open to a Survivor on ``here``: ``(barricade space, landing
    space)`` pairs, straight over a barricade next to ``here`` (doors as the scene has them)
    onto the space beyond, which must not be blocked. The jump costs one space of movement
    (the barricade's space is not counted) and needs a star on the Action die.

    Source: Here's Negan rulebook, "Barricades".
    """
    blocked, _no_end = _rules_for(board, scene, "survivor")
    out = []
    for b in sorted(board.barricades):
        q = _jump_landing(board, here, b, scene.open_doors, blocked)
        if q is not None:
            out.append((b, q))
    return out


def survivor_may_end(board: Board, scene: Scene, space: int, *, mover: int | None = None) -> bool:
    """True if a Survivor may end a move on ``space``: a space of the board outside sealed
    rooms, with no model, barricade, barrel or blocking scenery (Walker tokens and Supply
    tokens may be landed on). ``mover``: the moving Survivor's own space in the scene, which
    does not count as taken.

    Source: Here's Negan rulebook, "Move".
    """
    if space not in _standable(board):
        return False
    blocked, no_end = _rules_for(board, scene, "survivor")
    if space in blocked:
        return False
    if space == mover:
        return True
    return space not in no_end


_LAST_ENDS: list[tuple[Board, object, frozenset[int]]] = []
"""The last board and blocking rules (:func:`_rules_for`) asked about, and the ends."""


def survivor_end_spaces(board: Board, scene: Scene) -> frozenset[int]:
    """Every space :func:`survivor_may_end` allows (no ``mover``), remembered for the last
    board and blocking rules asked about (both immutable).

    Source: Here's Negan rulebook, "Move".
    """
    rules = _rules_for(board, scene, "survivor")
    if _LAST_ENDS:
        last = _LAST_ENDS[0]
        if last[1] is rules and last[0] is board:
            return last[2]
    blocked, no_end = rules
    key = ("survivor-ends", blocked, no_end)
    ends = board.cache.get(key)
    if ends is None:
        ends = _standable(board) - blocked - no_end
        _remember(board, key, ends)
    _LAST_ENDS[:] = [(board, rules, ends)]  # type: ignore[list-item]
    return ends  # type: ignore[return-value]


def _standable(board: Board) -> frozenset[int]:
    """Spaces of the board outside sealed rooms (cached per board)."""
    cached = board.cache.get("standable")
    if cached is None:
        cached = frozenset(
            sp for sp in range(board.size) if board.is_space(sp) and not board.in_sealed_room(sp)
        )
        board.cache["standable"] = cached
    return cached  # type: ignore[return-value]


def _doors_on(
    board: Board,
    spaces: tuple[int, ...],
    open_doors: frozenset[int],
    passable: frozenset[int] = ALL_DOORS,
    blocked: frozenset[int] = frozenset(),
) -> tuple[int, ...]:
    """Closed doors crossed along a sequence of side-by-side or diagonal steps.

    A diagonal step is taken round a corner the mover may actually use (middle space not
    blocked, its doors all passable, so never a locked door), the one with fewest closed doors.
    Source: Here's Negan rulebook, "Move" (diagonals), "Doors" (locked doors stay shut).
    """
    every = passable is ALL_DOORS
    crossed: list[int] = []
    table = links(board)
    for a, b in zip(spaces, spaces[1:], strict=False):
        for j, alts in table[a]:
            if j != b:
                continue
            usable = [
                d for m, d in alts
                if (m < 0 or m not in blocked) and (every or all(x in passable for x in d))
            ]
            # a step from survivor_moves always has a usable corner; a caller's own path may not
            need = min(usable or [d for _m, d in alts], key=lambda ds: sum(x not in open_doors for x in ds))
            crossed += [d for d in need if d not in open_doors and d not in crossed]
    return tuple(crossed)


def towards_options(
    board: Board,
    scene: Scene,
    start: int,
    steps: int,
    goal: tuple[int, ...],
    mover: Mover,
    *,
    stop_adjacent: bool = False,
    doors: frozenset[int] | None = None,
    toward: tuple[int, ...] = (),
) -> list[int]:
    """Where a model ends moving up to ``steps`` spaces towards ``goal`` (a distance field).

    Each step must bring the model strictly closer by ``goal``; it passes what ``mover`` may
    pass, ends only where ``mover`` may end, and (``stop_adjacent``) stops on entering a space
    adjacent to a standing Survivor or Negan. It gets as close as it can.

    Args:
        goal: distance to the target for every space (from :func:`distance_field`).
        doors: doors the mover may pass (default: the scene's open doors).
        toward: the target spaces; among ends equally close by route, those nearest a target
            as the crow flies (centre to centre) are kept, so models head straight for it
            rather than drifting diagonally (see the rulings).
    Returns:
        the equally close end spaces (``[start]`` if it cannot get closer); several means the
        First Player chooses.
    Source: Here's Negan rulebook, "Routes and Ranges" (moving towards), "Move Walkers".
    """
    return _towards(
        board, scene, start, steps, goal, mover,
        stop_adjacent=stop_adjacent, doors=doors, toward=toward,
    )[0]


def _towards(
    board: Board,
    scene: Scene,
    start: int,
    steps: int,
    goal: tuple[int, ...],
    mover: Mover,
    *,
    stop_adjacent: bool = False,
    doors: frozenset[int] | None = None,
    toward: tuple[int, ...] = (),
) -> tuple[list[int], dict[int, int]]:
    """:func:`towards_options` and, for every space entered, the space it was entered from."""
    blocked, no_end = _rules_for(board, scene, mover)
    doors = scene.open_doors if doors is None else doors
    parent: dict[int, int] = {}
    # spaces where a Walker stops: adjacent to a standing Survivor or Negan
    g_open = graph(board, scene.open_doors)
    near: set[int] = set()
    if stop_adjacent:
        for t in scene.survivor_targets():
            near.update(g_open[t])
    best_value = goal[start] if goal[start] >= 0 else None
    best: list[int] = [start]
    frontier = [start]
    seen = {start}
    for _ in range(steps):
        nxt: list[int] = []
        for here in frontier:
            gh = goal[here]
            for j in _steps(board, here, doors, blocked):
                gj = goal[j]
                if j in seen or gj < 0 or (gh >= 0 and gj >= gh):
                    continue
                seen.add(j)
                parent[j] = here
                stops = j in near
                if j not in no_end:
                    if best_value is None or gj < best_value:
                        best_value, best = gj, [j]
                    elif gj == best_value and j not in best:
                        best.append(j)
                if not stops:
                    nxt.append(j)
        frontier = nxt
        if not frontier:
            break
    if toward and len(best) > 1:
        w = board.width

        def crow(s: int) -> int:
            return min((s % w - t % w) ** 2 + (s // w - t // w) ** 2 for t in toward)

        nearest = min(crow(s) for s in best)
        best = [s for s in best if crow(s) == nearest]
    return sorted(best), parent


def _path_to(end: int, start: int, parent: dict[int, int]) -> tuple[int, ...]:
    path: list[int] = []
    here = end
    while here != start:
        path.append(here)
        here = parent[here]
    return tuple(reversed(path))


def _sorted(spaces: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(set(spaces)))


def _movement_field(board: Board, scene: Scene, targets: Iterable[int], start: int) -> tuple[int, ...]:
    block = obstacles(board, scene)
    tset = tuple(sorted(set(targets)))
    f = distance_field(board, tset, scene.open_doors, block)
    if f[start] >= 0:
        return f
    return distance_field(board, tset, ALL_DOORS, block)


@dataclass(frozen=True, slots=True)
class Goal:
    """Whom a Walker or Walker token on a space goes for, and why (for the log).

    Attributes:
        nearest: the spaces of the nearest Survivors (Negan included) it heads for; several
            when they are equally far.
        route: their distance by route, in spaces (-1: walls cut them off).
        open: True if that route needs no closed door (else it is the route through doors
            the model gets as close along as it can).
        sight: True if they were picked from the Survivors it sees (a Walker that sees
            someone); False for a token, or a Walker that sees nobody.
    Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers" (HN-R205, HN-R206,
    HN-R212).
    """

    nearest: tuple[int, ...]
    route: int
    open: bool
    sight: bool


def walker_goal(board: Board, scene: Scene, space: int, *, token: bool) -> Goal:
    """The :class:`Goal` of the Walker (``token``: the Walker token) on ``space``: the
    Survivors it sees if it is a Walker and sees any, else every one in play; of those, the
    nearest by the route :func:`walker_move_options` follows.

    Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers".
    """
    targets = scene.survivor_targets()
    seen = () if token else tuple(
        t for t in targets if line_of_sight(board, space, t, scene.open_doors)
    )
    pool = _sorted(seen or targets)
    if not pool:
        return Goal((), -1, False, False)
    block = obstacles(board, scene)
    doors = scene.open_doors
    route = distance_field(board, pool, doors, block)[space]
    is_open = route >= 0
    if not is_open:
        doors = ALL_DOORS
        route = distance_field(board, pool, doors, block)[space]
    nearest = tuple(
        t for t in pool if route >= 0 and distance_field(board, (t,), doors, block)[space] == route
    )
    return Goal(nearest or pool, route, is_open, bool(seen))


def walker_token_move_options(board: Board, scene: Scene, token: int) -> list[int]:
    """Where a Walker token moves: 1 space towards the nearest Survivor (Negan included,
    Incapacitated Survivors not) by the shortest open route; with no open route, as close as
    it can (stopping against a closed door).

    Returns:
        equally good end spaces (``[token]`` if it does not move); several: First Player picks.
    Source: Here's Negan rulebook, "Move Walker Tokens".
    """
    targets = scene.survivor_targets()
    if not targets:
        return [token]
    goal = _movement_field(board, scene, targets, token)
    return towards_options(board, scene, token, 1, goal, "token", toward=_sorted(targets))


def walker_move_options(board: Board, scene: Scene, walker: int) -> list[int]:
    """Where a standing Walker moves: 2 spaces towards the nearest Survivor (Negan included)
    in line of sight, else towards the nearest in play as a Walker token does; it stops on
    entering a space adjacent to a Survivor, and does not move if it starts adjacent.

    Returns:
        equally good end spaces (``[walker]`` if it does not move).
    Source: Here's Negan rulebook, "Move Walkers".
    """
    targets = scene.survivor_targets()
    if not targets:
        return [walker]
    if any(adjacent(board, walker, t, scene.open_doors) for t in targets):
        return [walker]
    seen = [t for t in targets if line_of_sight(board, walker, t, scene.open_doors)]
    goal = _movement_field(board, scene, seen or targets, walker)
    return towards_options(
        board, scene, walker, 2, goal, "walker", stop_adjacent=True,
        toward=_sorted(seen or targets),
    )


def move_towards_noise(
    board: Board, scene: Scene, start: int, noise: int, mover: Literal["walker", "token"]
) -> list[int]:
    """Where a Walker token (1 space) or a standing Walker (2 spaces) ends moving towards a
    NOISE made in space ``noise``. Walkers already adjacent to a Survivor do not move, and stop
    on becoming adjacent to one; both stop on reaching the noise's space if they may end there.

    Source: Here's Negan rulebook, "Noise", "Routes and Ranges".
    """
    if mover == "walker" and any(
        adjacent(board, start, t, scene.open_doors) for t in scene.survivor_targets()
    ):
        return [start]
    goal = _movement_field(board, scene, (noise,), start)
    steps = 1 if mover == "token" else 2
    return towards_options(
        board, scene, start, steps, goal, mover, stop_adjacent=mover == "walker", toward=(noise,)
    )


def activation_order(
    board: Board, scene: Scene, spaces: Iterable[int]
) -> list[list[int]]:
    """Walkers or tokens in order from closest to a Survivor (Negan included) to furthest.

    Returns:
        groups of spaces at equal distance, closest group first (the First Player orders each
        group); spaces with no route at all come last.
    Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers".
    """
    return _order_by_distance(board, scene, spaces, scene.survivor_targets())


def noise_order(
    board: Board, scene: Scene, spaces: Iterable[int], noise: int
) -> list[list[int]]:
    """Walkers or tokens in the order they move towards a NOISE made in space ``noise``:
    closest to the noise first (by open route, then by the route ignoring doors), as
    :func:`activation_order` does for Survivors.

    Returns:
        groups of spaces at equal distance, closest group first (the First Player orders each
        group); spaces with no route to the noise at all come last.
    Source: Here's Negan rulebook, "Noise".
    """
    return _order_by_distance(board, scene, spaces, (noise,))


def _order_by_distance(
    board: Board, scene: Scene, spaces: Iterable[int], targets: tuple[int, ...]
) -> list[list[int]]:
    block = obstacles(board, scene)
    open_f = distance_field(board, targets, scene.open_doors, block) if targets else None
    door_f: tuple[int, ...] | None = None  # worked out when a space has no open route
    keyed: dict[tuple[int, int], list[int]] = {}
    for s in spaces:
        if open_f is None:
            key = (2, 0)
        elif open_f[s] >= 0:
            key = (0, open_f[s])
        else:
            if door_f is None:
                door_f = distance_field(board, targets, ALL_DOORS, block)
            key = (1, door_f[s]) if door_f[s] >= 0 else (2, 0)
        keyed.setdefault(key, []).append(s)
    return [sorted(keyed[k]) for k in sorted(keyed)]


# ----- Negan -----


@dataclass(frozen=True, slots=True)
class NeganPlan:
    """Negan's way to his target point.

    Attributes:
        open: True if an open route reaches the target (no closed door, no unsecured room).
        route: the route he follows now: to the target if open, else to the space closest to
            it he can reach without a closed door or unsecured room (empty if he is there).
        attempted: the shortest route to the target ignoring doors and unsecured rooms, the
            one he "attempts even if blocked" (``None`` if walls cut him off entirely).
        goal: distance field he moves down (to the target, or to the closest point).
    Source: Here's Negan rulebook, "Moving Negan".
    """

    open: bool
    route: tuple[int, ...]
    attempted: tuple[int, ...] | None
    goal: tuple[int, ...] = field(repr=False, default=())


def _negan_blocked(board: Board, scene: Scene) -> frozenset[int]:
    key = ("negan-blocked", scene.barrels, scene.secured, scene.negan)
    cached = board.cache.get(key)
    if cached is None:
        here = scene.negan
        cached = obstacles(board, scene) | (unsecured_room_spaces(board, scene) - {here})
        board.cache[key] = cached
    return cached  # type: ignore[return-value]


def _descend(start: int, table: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[int, ...]:
    dist, nxt = table
    path: list[int] = []
    here = start
    while dist[here] > 0:
        here = nxt[here]
        if here < 0:  # a table without a next step would otherwise loop for ever
            raise ValueError(f"no next step on the route from {start}")
        path.append(here)
    return tuple(path)


def initial_target(board: Board, scene: Scene | None = None) -> tuple[int, ...]:
    """The spaces of Negan's target point at the start of the scenario.

    ``exit``: the EXIT marker(s); ``loading-bay``: the Loading Bay's spaces (Scenario 6);
    ``entry-point``: the Entry Points of the highest level in play, the closest of which
    his route leads to (Scenario 11): the ``scene``'s Entry Points when it lists them
    (upgraded or removed ones), else the board's; none left gives ``()``.
    Source: Here's Negan rulebook, "Moving Negan", Scenarios 6 and 11.
    """
    if board.target == "loading-bay":
        return tuple(s for o in board.objects if o.kind == "loading-bay" for s in o.spaces)
    if board.target == "entry-point":
        eps = board.entry_points if scene is None else scene.entry_points_on(board)
        rank = {"low": 0, "medium": 1, "high": 2}
        top = max((rank[e.level] for e in eps), default=0)
        return tuple(e.space for e in eps if rank[e.level] == top)
    return board.exits


def negan_plan(board: Board, scene: Scene, target: Iterable[int]) -> NeganPlan:
    """Negan's route to his target point (usually the EXIT; any of several spaces).

    The shortest route avoiding closed doors and unsecured rooms (and barricades: he never
    jumps them); if there is none, the shortest such route to the reachable space closest to
    the target (closeness by the route that ignores doors and unsecured rooms). Recomputed
    from the scene each time, so it changes as soon as rooms are secured or doors opened.

    Raises:
        ValueError: if Negan is not on the board.
    Source: Here's Negan rulebook, "Moving Negan", "Routes and Ranges" (example).
    """
    if scene.negan is None:
        raise ValueError("Negan is not on the board yet")
    start = scene.negan
    tset = tuple(sorted(set(target)))
    block = _negan_blocked(board, scene)
    # a target in an unsecured room (Scenario 11's moving targets) is not his to enter: he
    # goes as close as he may instead
    open_targets = tuple(t for t in tset if t not in block)
    full = route_table(board, tset, ALL_DOORS, obstacles(board, scene))
    attempted = _descend(start, full) if full[0][start] >= 0 else None
    if open_targets:
        allowed = route_table(board, open_targets, scene.open_doors, block)
        if allowed[0][start] >= 0:
            return NeganPlan(True, _descend(start, allowed), attempted, allowed[0])
    # as close as possible: spaces he can reach, nearest to the target by the full route
    from_negan = distance_field(board, (start,), scene.open_doors, block)
    reach = [s for s in range(board.size) if from_negan[s] >= 0 and full[0][s] >= 0]
    if not reach:
        return NeganPlan(False, (), attempted, from_negan)
    closest = min(full[0][s] for s in reach)
    spots = [s for s in reach if full[0][s] == closest]
    nearest = min(from_negan[s] for s in spots)
    spots = [s for s in spots if from_negan[s] == nearest]
    goal = route_table(board, spots, scene.open_doors, block)
    return NeganPlan(False, _descend(start, goal), attempted, goal[0])


@dataclass(frozen=True, slots=True)
class NeganMove:
    """The outcome of moving Negan towards his target point.

    Attributes:
        options: equally good end spaces (the First Player picks one if several).
        moved: spaces of movement used to reach the first option.
        enraged: reasons he becomes enraged: ``"needs-door-or-unsecured-room"``,
            ``"blocked"`` (Survivors in his way), ``"adjacent-to-walker"``.
        plan: the plan he followed.
        paths: for each option, the spaces he enters on the way there in order, the option
            last (``()`` when he stays put), so Walker tokens coming into his sight during
            the move can be revealed where it happens. Where several ways lead to an option
            the one kept is fixed (first found); the rules do not tell them apart.
    Source: Here's Negan rulebook, "Moving Negan", "Revealing Walker Tokens".
    """

    options: tuple[int, ...]
    moved: int
    enraged: tuple[str, ...]
    plan: NeganPlan
    paths: dict[int, tuple[int, ...]] = field(default_factory=dict, compare=False)


def negan_move(board: Board, scene: Scene, steps: int, target: Iterable[int]) -> NeganMove:
    """Move Negan up to ``steps`` spaces towards his target point, and say if he is enraged.

    He follows the Survivors' movement rules (passes Survivors, does not end on them, never
    passes standing Walkers), never opens a door, never enters an unsecured room, never jumps
    a barricade. Enraged if: his route needs a door or an unsecured room and he has movement
    left when he gets as close as he can; he cannot move along his route at all because of
    Survivors; or he ends adjacent to a Walker (prone ones count).

    Source: Here's Negan rulebook, "Moving Negan", "Negan's Rage".
    """
    target = tuple(target)
    plan = negan_plan(board, scene, target)
    start = scene.negan
    assert start is not None
    reasons: list[str] = []
    if plan.route:
        aim = tuple(sorted(set(target))) if plan.open else (plan.route[-1],)
        ends, parent = _towards(board, scene, start, steps, plan.goal, "negan", toward=aim)
    else:
        ends, parent = [start], {}
    end = ends[0]
    moved = plan.goal[start] - plan.goal[end] if plan.goal and plan.goal[start] >= 0 else 0
    if plan.route and end == start:
        reasons.append("blocked")
    elif not plan.open and plan.goal[end] == 0 and moved < steps and plan.attempted:
        reasons.append("needs-door-or-unsecured-room")
    walkers = scene.walkers + scene.prone
    if any(adjacent(board, end, wk, scene.open_doors) for wk in walkers):
        reasons.append("adjacent-to-walker")
    paths = {e: _path_to(e, start, parent) for e in ends}
    return NeganMove(tuple(ends), moved, tuple(reasons), plan, paths)


def negan_enraged_at_start(board: Board, scene: Scene) -> tuple[str, ...]:
    """Why Negan is enraged at the start of the Here's Negan phase (empty if he is not):
    ``"adjacent-to-walker"`` (prone Walkers count), ``"in-unsecured-room"``.

    Source: Here's Negan rulebook, "3. Here's Negan!".
    """
    if scene.negan is None:
        return ()
    out = []
    if any(adjacent(board, scene.negan, wk, scene.open_doors) for wk in scene.walkers + scene.prone):
        out.append("adjacent-to-walker")
    if scene.negan in unsecured_room_spaces(board, scene):
        out.append("in-unsecured-room")
    return tuple(out)


def negan_rage_exit(board: Board, scene: Scene, target: Iterable[int]) -> list[int]:
    """Where an enraged Negan in an unsecured room is put: the closest empty space he can get
    to that is in a corridor or not an unsecured room; among equally close ones (several open
    doors), those further from the target point.

    Returns:
        candidate spaces (First Player picks among several); ``[]`` if none can be reached.
    Source: Here's Negan rulebook, "Negan's Rage".
    """
    if scene.negan is None:
        return []
    unsecured = unsecured_room_spaces(board, scene)
    block = obstacles(board, scene)
    from_negan = distance_field(board, (scene.negan,), scene.open_doors, block)
    taken = set(scene.models())
    cands = [
        s for s in range(board.size)
        if from_negan[s] > 0 and s not in unsecured and s not in taken
    ]
    if not cands:
        return []
    near = min(from_negan[s] for s in cands)
    cands = [s for s in cands if from_negan[s] == near]
    full = distance_field(board, tuple(target), ALL_DOORS, block)
    far = max(full[s] for s in cands)
    return sorted(s for s in cands if full[s] == far)
