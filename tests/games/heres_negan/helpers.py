"""Rigging Here's Negan tables for rules tests: a game set up for real, then its pieces put
where a test needs them, on a scenario map or on a small board drawn in the grid format.
Chance is forced with ``state.rng.force(roll=[...])``: coloured dice show faces such as
``"2"`` or ``"1!"`` (a bang), the Action die ``"star"`` or ``"blank"``.
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import BOARDS
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import FLOW


def new_game(seed: int = 0, **options: Any) -> HNState:
    """A game set up by the rules (``options`` are Config fields), at its first decision."""
    return game.new(game.Config(**options), seed)


def deploy_all(state: HNState) -> HNState:
    """Answer the deployment decisions with the first free space each time."""
    while state.stack and (d := game.decision(state)) is not None and d.kind == "deploy":
        game.step(state, d.options[0])
    return state


def rig(state: HNState, board: Board, *, survivors: dict[int, int] | None = None,
        negan: int = -1, walkers: tuple[int, ...] = (), prone: tuple[int, ...] = (),
        tokens: dict[int, str] | None = None, key: int = 0) -> HNState:
    """Put the table on ``board`` (a fixture): Survivor ``i`` on ``survivors[i]`` (others off
    the board), Negan, Walkers and face-down tokens where given; nothing else pending.

    The tokens' dice come out of the draw pile so that the 26 stay conserved.
    """
    key = key or -(len(BOARDS) + 1)
    BOARDS[key] = board
    state.scenario = key
    state.stack.clear()
    state.events.clear()
    for i, s in enumerate(state.survivors):
        s.space = (survivors or {}).get(i, -1)
    state.negan = negan
    state.walkers = sorted(walkers)
    state.prone = sorted(prone)
    state.tokens = {}
    for space, die in (tokens or {}).items():
        state.token_pile.remove(die)
        state.tokens[space] = die
    state.supplies = []
    state.open_doors = [d.id for d in board.doors if d.state == "open"]
    state.opened = []
    state.secured = []
    state.entry_points = [(e.space, e.level) for e in board.entry_points]
    return state


def play(state: HNState, kind: str, value: Any = None) -> None:
    """Play the option ``(kind, value)`` of the decision on top (it must be legal)."""
    d = game.decision(state)
    assert d is not None, "the game is over"
    for option in d.options:
        if option.kind == kind and option.value == value:
            FLOW.play(state, option)
            return
    raise AssertionError(f"({kind}, {value!r}) is not an option of {d.kind}: {d.options}")


def options(state: HNState) -> list[tuple[str, Any]]:
    """The ``(kind, value)`` pairs of the decision on top."""
    d = game.decision(state)
    return [] if d is None else [(o.kind, o.value) for o in d.options]


def kinds(state: HNState) -> list[str]:
    """The event kinds emitted so far on the state."""
    return [e.kind for e in state.events]


__all__ = ["Action", "deploy_all", "kinds", "new_game", "options", "play", "rig"]
