"""Shared pieces of the Don't Look Back rules: content, the board, Health and the end.

Source: Don't Look Back rulebook, "The Game Board", "Game Set-Up", "Your Health" and
"Scoring and End of Game".
"""

from __future__ import annotations

from zedlab.core.content import PACKAGED
from zedlab.core.events import emit

from .content import BINDER, Content
from .state import LOCATION, OFF_BOARD, SECTORS, DLBState
from .steps import ChooseAction

STARTING_HEALTH = {1: 6, 2: 10}
"""Starting Health by number of Locations; 3 or more Locations: 14."""
CACHE_LIMIT = 4096
"""Situations a decision cache keeps at most: emptied when full, so a process that plays
many games (a simulation worker) keeps a bounded amount of memory."""


_OURS: Content = BINDER.load(None)


def cx(state: DLBState) -> Content:
    """The content pack this game plays with (found by the state's digest)."""
    digest = state.content
    return _OURS if digest == PACKAGED else BINDER(digest)  # type: ignore[no-any-return]


def plural(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun agreeing with it: ``plural(1, "hit")`` -> ``"1 hit"``.

    >>> plural(2, "miss", "misses")
    '2 misses'
    """
    return f"{n} {one if n == 1 else (many or one + 's')}"


def starting_health(locations: int) -> int:
    """Starting Health for a game of ``locations`` Locations.

    Source: Don't Look Back rulebook, "Game Set-Up" (table: 1 -> 6, 2 -> 10, 3+ -> 14).
    """
    return STARTING_HEALTH.get(locations, 14)


def adjacent(space: int) -> tuple[int, ...]:
    """Spaces adjacent to ``space``: a Sector touches its two neighbours and the Location.

    Source: Don't Look Back rulebook, "The Game Board".

    >>> adjacent(1)
    (6, 2, 0)
    >>> adjacent(0)
    (1, 2, 3, 4, 5, 6)
    """
    if space == LOCATION:
        return SECTORS
    return (6 if space == 1 else space - 1, 1 if space == 6 else space + 1, LOCATION)


def name(state: DLBState, seat: int) -> str:
    """The Survivor's short name for the events (first word of the printed name)."""
    sid = state.survivors[seat].id
    if not sid:
        return f"Seat {seat}"
    digest = state.content
    return (_OURS if digest == PACKAGED else BINDER(digest)).short[sid]  # type: ignore[no-any-return]


def space_name(space: int) -> str:
    return "the Location" if space == LOCATION else f"Sector {space}"


_CHOOSE_ACTION = tuple(ChooseAction(seat=seat) for seat in range(4))
"""Steps are never changed once pushed: one per seat serves every game."""


def begin_action(state: DLBState) -> None:
    """Step 2 of the turn: the acting Survivor chooses Pass, Move or Combat."""
    state.stack.append(_CHOOSE_ACTION[state.current])


def place_starting_walkers(state: DLBState) -> None:
    """Roll one die per Sector for its Walkers, honouring the Location's odd/even rule.

    Source: Don't Look Back rulebook, "Game Set-Up" (The Camp: odd Sectors only; The Farm:
    even Sectors only).
    """
    rule = cx(state).locations[state.location].start_sectors
    walkers = [0] * 7
    for sector in SECTORS:
        if rule == "all" or (rule == "odd") == (sector % 2 == 1):
            walkers[sector] = state.rng.d6()
    state.walkers = walkers
    emit(state, "walkers-placed", walkers=walkers[1:])


def stall_measure(state: DLBState) -> int:
    """Walkers on the board + Health of all Survivors + 2 per Weapon card held.

    After the overrun nothing can raise it (no draws, no overload; the Shotgun's extra
    Walker costs its card), so a turn that lowers it is progress (ruling 26).
    """
    return (
        sum(state.walkers)
        + sum(s.health for s in state.survivors)
        + 2 * sum(len(s.weapons) for s in state.survivors)
    )


def lose_health(state: DLBState, seat: int, amount: int, cause: str, by: int = 0) -> None:
    """Take Health from a Survivor; at 0 the Survivor dies.

    Args:
        cause: ``"end-of-turn"``, ``"escape"`` (through Sector ``by``) or ``"knife"``
            (attacked by seat ``by``).

    Source: Don't Look Back rulebook, "Your Health".
    """
    s = state.survivors[seat]
    s.health = max(0, s.health - amount)
    emit(
        state,
        "health-lost",
        seat=seat,
        who=name(state, seat),
        amount=amount,
        cause=cause,
        by=name(state, by) if cause == "knife" else by,
        left=s.health,
    )
    if s.health == 0:
        die(state, seat)


def die(state: DLBState, seat: int) -> None:
    """Death: cards discarded, pawn removed; the player still scores.

    Source: Don't Look Back rulebook, "Your Health".
    """
    s = state.survivors[seat]
    s.alive = False
    s.space = OFF_BOARD
    state.discard.extend(s.weapons)
    s.weapons = []
    emit(state, "died", seat=seat, who=name(state, seat))
    if not any(x.alive for x in state.survivors):
        game_over(state, "Every Survivor has died.")


def over(state: DLBState) -> bool:
    """True once the game has ended."""
    return bool(state.reason)


# -- Scoring and End of Game -------------------------------------------------------------------


def game_over(state: DLBState, reason: str) -> None:
    """The game ends; the most points wins, ties share. Source: "Scoring and End of Game"."""
    state.reason = reason
    state.combat = None
    state.stack.clear()
    emit(state, "game-over", reason=reason)
