"""The Move Action (and Run): one space at a time, opening doors and jumping barricades on
the way.

Source: Here's Negan rulebook, "Move", "Running", "Doors", "Barricades".
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from zedlab.core import Action, Decision

from .abilities import ability
from .actions import STOP, ask, decides, offers, resolves, seat, without
from .board import Board, Scene, barricade_jumps, openable_doors
from .board.movement import survivor_end_spaces, survivor_step_tuple
from .common import (
    action_die,
    amount,
    board,
    cx,
    door_label,
    emit,
    memo,
    name,
    noise,
    open_door,
    reveal_seen,
    survivor_at,
)
from .scenarios import rules
from .state import HNState
from .steps import Moving


# -- Move -------------------------------------------------------------------------------------
def _may_end(state: HNState, sc: Scene, space: int) -> bool:
    return space in survivor_end_spaces(board(state), sc)


def _ways(state: HNState, sc: Scene, start: int, left: int) -> dict[int, tuple[int, ...]]:
    """Single steps, or runs of steps through spaces the Survivor may pass but not stop on
    (other Survivors, Negan, prone Walkers), to each space it may stop on within ``left``
    spaces: ``{end: spaces entered in order}`` (shortest, first found)."""
    return dict(_ends(state, sc, start, left))


def _ends(state: HNState, sc: Scene, start: int, left: int) -> Iterator[tuple[int, tuple[int, ...]]]:
    """The ends of :func:`_ways` and their paths, nearest first (one breadth-first search)."""
    b = board(state)
    ends = survivor_end_spaces(b, sc)
    seen = {start}
    frontier = deque([(start, ())])
    while frontier:
        x, path = frontier.popleft()
        if len(path) >= left:
            continue
        for y in survivor_step_tuple(b, sc, x, True):
            if y in seen:
                continue
            seen.add(y)
            if y in ends:
                yield y, (*path, y)
            else:
                frontier.append((y, (*path, y)))


def _way(state: HNState, sc: Scene, start: int, left: int, end: int) -> tuple[int, ...]:
    """``_ways(state, sc, start, left)[end]``, the search stopping once ``end`` is found."""
    for y, path in _ends(state, sc, start, left):
        if y == end:
            return path
    raise KeyError(end)


def _nearest_end(state: HNState, sc: Scene, start: int) -> int:
    """The nearest space the Survivor may end on, however far (a move cut off by Walkers
    placed mid-move; see the rulings)."""
    b = board(state)
    seen = {start}
    frontier = deque([start])
    while frontier:
        x = frontier.popleft()
        if _may_end(state, sc, x):
            return x
        for y in survivor_step_tuple(b, sc, x, True):
            if y not in seen:
                seen.add(y)
                frontier.append(y)
    return start


def move_options(state: HNState, step: Moving) -> list[Action]:
    """Doors to open, steps, barricade jumps and stopping, as the rules allow now. A step
    goes to the next space the Survivor may stop on: passing other models takes several
    spaces at once, so a move never pauses on another model's space (see the rulings).

    Source: rulebook, "Move", "Doors", "Barricades"; rulings HN-A15, HN-A16.
    """
    return list(_move_options(state, step, in_order=True))


@offers(Moving)
def _some_move_options(state: HNState, step: Moving) -> Iterator[Action]:
    return _move_options(state, step, in_order=False)


def _passed(state: HNState, b: Board, space: int) -> str:
    """Who a step passes on ``space``, for the option's name: ``"Laura"``, ``"Negan"`` or
    ``"a prone Walker"`` (the space, ``"(4,4)"``, if none of them). Kept short so that the
    step options still fit two to a line on a small terminal."""
    j = survivor_at(state, space)
    who = name(state, j) if j >= 0 else "Negan" if state.negan == space else \
        "a prone Walker" if space in state.prone else ""
    return who or b.label(space)


def _move_options(state: HNState, step: Moving, in_order: bool) -> Iterator[Action]:
    """:func:`move_options` one at a time (stopping comes last); steps nearest first unless
    ``in_order`` (then ascending, as the decision lists them)."""
    i = step.survivor
    s = state.survivors[i]
    b = board(state)
    sc = without(state, i)
    at = s.space
    for d in openable_doors(b, sc, at):
        yield Action("open-door", d, f"open {door_label(b, d, at)}")
    if step.left > 0:
        ways = sorted(_ways(state, sc, at, step.left).items()) if in_order else \
            _ends(state, sc, at, step.left)
        for y, path in ways:
            via = f" (past {', '.join(_passed(state, b, p) for p in path[:-1])})" \
                if len(path) > 1 else ""
            yield Action("step", y, f"step to {b.label(y)}{via}")
        if not step.jumped and not s.jump_failed:
            for _bar, q in barricade_jumps(b, sc, at):
                if _may_end(state, sc, q):
                    yield Action("jump", q, f"jump the barricade to {b.label(q)}")
    yield STOP


def legal_move(state: HNState, i: int) -> bool:
    """A Move (or Run) may be taken when it offers more than stopping: a door to open, a
    step or a barricade jump (see :func:`move_options`)."""
    s = state.survivors[i]
    if not s.standing:
        return False
    return memo(state, ("legal-move", i), lambda: _may_move(state, i))  # type: ignore[no-any-return]


def _may_move(state: HNState, i: int) -> bool:
    """Whether :func:`move_options` for a new Move would offer more than stopping (found
    without listing them all)."""
    s = state.survivors[i]
    b = board(state)
    sc = without(state, i)
    at = s.space
    if openable_doors(b, sc, at):
        return True
    if cx(state).survivors[s.id].move <= 0:
        return False
    if next(_ends(state, sc, at, cx(state).survivors[s.id].move), None) is not None:
        return True
    return not s.jump_failed and any(_may_end(state, sc, q) for _bar, q in barricade_jumps(b, sc, at))


def start_move(state: HNState, i: int, run: bool = False) -> None:
    """Move up to the Survivor's move (3); a Run first adds a blue roll.

    Source: rulebook, "Move", "Running" (HN-R141).
    """
    left = cx(state).survivors[state.survivors[i].id].move
    if run:
        extra = amount(state, "blue", "run")
        left += extra
        emit(state, "run", survivor=state.survivors[i].id, extra=extra)
    ask(state, Moving(survivor=i, left=left, run=run))


@decides(Moving)
def ask_move(state: HNState, step: Moving) -> Decision:
    return Decision(seat(state, step.survivor), "move", tuple(move_options(state, step)),
                    f"{name(state, step.survivor)} moves ({step.left} left)")


@resolves(Moving)
def move(state: HNState, step: Moving, action: Action) -> None:
    """One space, a door or a jump at a time; Walker tokens that come into sight are revealed
    before the move goes on (HN-R140); a failed jump leaves the move free to go another way
    but allows no second try this activation (HN-R155, ruling HN-A16).

    Source: rulebook, "Move", "Doors", "Barricades", "Running".
    """
    i = step.survivor
    s = state.survivors[i]
    if action.kind == "open-door":
        open_door(state, action.value, i)
    elif action.kind == "step":
        path = _way(state, without(state, i), s.space, step.left, action.value)
        b = board(state)
        for y in path:
            if y not in survivor_step_tuple(b, without(state, i), s.space, True):
                break  # Walkers placed by a reveal closed the way
            s.space = y
            step.left -= 1
            emit(state, "step", survivor=s.id, to=y)
            rules(state).survivor_entered(state, i, y)
            reveal_seen(state)
            if state.result:
                return
        settle(state, i)
    elif action.kind == "jump":
        step.jumped = True
        if action_die(state, "barricade jump"):
            s.space = action.value
            step.left -= 1
            emit(state, "jumped", survivor=s.id, to=s.space)
            rules(state).survivor_entered(state, i, s.space)
            reveal_seen(state)
        else:
            s.jump_failed = True
            emit(state, "jump-failed", survivor=s.id)
    else:
        finish_move(state, step)
        return
    ask(state, step)


def settle(state: HNState, i: int) -> None:
    """A Survivor whose way on was closed by Walkers placed mid-step, on a space it may not
    stop on, goes to the nearest space it may stop on (see the rulings)."""
    s = state.survivors[i]
    sc = without(state, i)
    if not _may_end(state, sc, s.space):
        s.space = _nearest_end(state, sc, s.space)
        emit(state, "step", survivor=s.id, to=s.space)


def finish_move(state: HNState, step: Moving) -> None:
    """The move ends where the Survivor stands; after a Run the Action die may make NOISE
    (HN-R142). A Survivor whose special rule allows it re-rolls a star (Dwight)."""
    i = step.survivor
    s = state.survivors[i]
    emit(state, "moved", survivor=s.id, space=s.space)
    if not step.run:
        return
    loud = action_die(state, "run")
    for _ in range(ability(state, i).run_noise_rerolls(state, i)):
        if not loud:
            break
        loud = action_die(state, f"run re-roll ({name(state, i)})")
    if loud:
        noise(state, s.space, "run")
