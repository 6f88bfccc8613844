"""Fire and darkness: fire tokens placed by cards, the End Phase's fire (Threat and damage),
and the Pitch Black Room card's dark rooms.

Fire: a card puts a fire token on the space of the Survivor it concerns (four tokens in the
box; a fifth is not placed). In each End Phase with fire on the board the Threat rises by 1
(once, however many tokens), then the Action die is rolled for every model within 3 spaces
(open route) of a fire token: on a star a Survivor loses 1 Stamina, a Walker (standing or
prone) is removed (nobody gains Reputation), and Negan loses 1 Stamina (ruling HN-A24 (i)(a)).
A room with fire cannot be secured (``actions.legal_secure``); Extinguish removes a token on
a star (``actions``).

Pitch Black (designed rule, the rulebook prints none): while the card lies in play its room
is dark. Sight into, out of or inside a dark room reaches only adjacent spaces (and a
model's own space): Walker tokens there are revealed only by a model next to them, Shoot
needs the target adjacent, Negan's kills and jabs and Swap Items likewise. The rule lives in
:func:`.common.dark_blocks`, which every line-of-sight check of the engine consults.

Source: Here's Negan rulebook, "Fire", "4. The End Phase" (Increase Threat - Fire),
"Extinguish", "Secure", "Components"; checklist HN-R096-HN-R100, HN-R192, HN-R260, HN-A24;
rulings in docs/rulings/heres-negan.md ("Fire and Pitch Black").
"""

from __future__ import annotations

from typing import Any

from .board import distance_field, graph
from .common import (
    action_die,
    add_threat,
    board,
    cx,
    effect,
    emit,
    remove_walker,
    tie,
    wound,
    wound_negan,
)
from .state import HNState

FIRE_RANGE = 3
"""Models within this many spaces of a fire token risk the flames (rulebook "Fire")."""


def fire_tokens(state: HNState) -> int:
    """Fire tokens in the box (the content's components: four)."""
    return int(cx(state).components.fire)


# -- placing fire -----------------------------------------------------------------------------
@effect("fire")
def place_fire(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
               room: int = -1) -> None:
    """A fire token on the space of the Survivor concerned (for a room: who opened it; with
    nobody concerned, ``source``), or the first adjacent space without fire if one is there
    already; with every token of the box on the board, nothing is placed.

    Source: Here's Negan rulebook, "Fire" (HN-R096), "Components" (four fire tokens).
    """
    at = source
    if who >= 0 and state.survivors[who].in_play:
        at = state.survivors[who].space
    if at < 0:
        return
    if len(state.fire) >= fire_tokens(state):
        emit(state, "no-fire-token")
        return
    if at in state.fire:
        near = sorted(s for s in graph(board(state), frozenset(state.open_doors))[at]
                      if s not in state.fire)
        if not near:
            return
        at = tie(state, near)
    state.fire.append(at)
    state.fire.sort()
    emit(state, "fire-placed", space=at)


def room_on_fire(state: HNState, room: int) -> bool:
    """True if a fire token lies in ``room`` (it cannot be secured: HN-R100)."""
    spaces = set(board(state).areas[room].spaces)
    return any(f in spaces for f in state.fire)


# -- the End Phase -------------------------------------------------------------------------------
def near_fire(state: HNState) -> tuple[list[int], bool, list[int]]:
    """The models within 3 spaces (open route, counted from the token) of any fire token:
    standing Survivors (indices), whether Negan is, and Walkers standing or prone (spaces,
    board order). An Incapacitated Survivor is left out: it can lose no more Stamina.

    Source: Here's Negan rulebook, "Fire", "Routes and Ranges" (HN-R098, HN-R099).
    """
    if not state.fire:
        return [], False, []
    field = distance_field(board(state), state.fire, frozenset(state.open_doors))

    def close(space: int) -> bool:
        return space >= 0 and 0 <= field[space] <= FIRE_RANGE

    survivors = [i for i, s in enumerate(state.survivors) if s.standing and close(s.space)]
    walkers = sorted(w for w in (*state.walkers, *state.prone) if close(w))
    return survivors, close(state.negan), walkers


def end_phase_fire(state: HNState) -> None:
    """Increase Threat - Fire: with any fire token on the board the Threat rises by 1 (once),
    then the Action die is rolled for each model near the fire (the set fixed before the
    first roll): Survivors first (in order), then Negan, then the Walkers in board order. A
    star costs a Survivor 1 Stamina, Negan 1 Stamina (HN-A24 (i)(a): he is a model; his fall
    loses the game) and removes a Walker, standing or prone, with no Reputation for anyone.

    Source: Here's Negan rulebook, "Fire", "4. The End Phase" (HN-R097, HN-R098, HN-R260,
    HN-A24).
    """
    if not state.fire or state.result:
        return
    add_threat(state, 1, "fire")
    if state.result:
        return
    survivors, negan, walkers = near_fire(state)
    for i in survivors:
        if action_die(state, "fire"):
            wound(state, i, 1, "fire")
        if state.result:
            return
    if negan and action_die(state, "fire"):
        wound_negan(state, 1, "fire")
        if state.result:
            return
    for space in walkers:
        if action_die(state, "fire") and (space in state.walkers or space in state.prone):
            remove_walker(state, space, why="fire")


__all__ = ["FIRE_RANGE", "end_phase_fire", "fire_tokens", "near_fire", "place_fire",
           "room_on_fire"]
