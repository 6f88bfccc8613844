"""Shared pieces of the Don't Look Back rules: content, the log, the board, Health and the end.

Source: Don't Look Back rulebook, "The Game Board", "Your Health" and "Scoring and End of
Game".
"""

from __future__ import annotations

from .content import Content, default_content, pack
from .state import (
    ACTION,
    LOCATION,
    OFF_BOARD,
    OVER,
    SECTORS,
    DLBState,
)

C: Content = default_content()


def cx(state: DLBState) -> Content:
    """The content this game plays with (``Config.content_dir`` or the packaged files)."""
    return pack(state.content_dir) if state.content_dir else C


LOG_MAX = 40
"""Event lines kept in the state (older ones drop off; the record holds the whole game)."""
STARTING_HEALTH = {1: 6, 2: 10}
"""Starting Health by number of Locations; 3 or more Locations: 14."""


def log(state: DLBState, line: str) -> None:
    """Add a short event line, dropping the oldest past ``LOG_MAX``."""
    lines = state.log
    lines.append(line)
    if len(lines) > LOG_MAX:
        del lines[0]


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
    """The Survivor's short name for the log (first word of the printed name)."""
    sid = state.survivors[seat].id
    if not sid:
        return f"Seat {seat}"
    return (pack(state.content_dir) if state.content_dir else C).short[sid]


def space_name(space: int) -> str:
    return "the Location" if space == LOCATION else f"Sector {space}"


def begin_action(state: DLBState) -> None:
    """Step 2 of the turn: choose Pass, Move or Combat."""
    state.phase = ACTION


def lose_health(state: DLBState, seat: int, amount: int, why: str) -> None:
    """Take Health from a Survivor; at 0 the Survivor dies.

    Source: Don't Look Back rulebook, "Your Health".
    """
    s = state.survivors[seat]
    s.health = max(0, s.health - amount)
    log(state, f"{name(state, seat)} loses {amount} Health {why} ({s.health} left).")
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
    log(state, f"{name(state, seat)} dies.")
    if not any(x.alive for x in state.survivors):
        game_over(state, "Every Survivor has died.")


# -- Scoring and End of Game -------------------------------------------------------------------


def game_over(state: DLBState, reason: str) -> None:
    """The game ends; the most points wins, ties share. Source: "Scoring and End of Game"."""
    state.phase = OVER
    state.reason = reason
    state.combat = None
    log(state, f"Game over: {reason}")
