"""Warnings before a choice loses cubes for sure: ending the Spend phase with more cubes than
storage (and food set aside) can save, or ending the Discard phase with storage still free.

Read only the deciding player's own sheet and cubes; never the bag or a deck.

Source: Survive Alive rulebook, "2. Discard Resource Cubes", "Facilities" (Storage),
"Victory and Scoring" (a cube left at the end scores 1).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .content import PACKS
from .rules import FOOD, cube_text, storage_capacity
from .state import SAState


def option_warning(state: SAState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the deciding player, or ``None``."""
    if action.kind != "done":
        return None
    if decision.kind == "spend":
        return _spend_done(state, decision.player)
    if decision.kind == "discard":
        return _discard_done(state, decision.player)
    return None


def _cubes(n: int) -> str:
    return f"{n} cube{'s' if n != 1 else ''}"


def _last_round(state: SAState) -> str:
    if state.round < state.final_round:
        return ""
    return " It is the last round: each cube still held at the end scores 1 point."


def _spend_done(state: SAState, seat: int) -> str | None:
    """Cubes beyond the storage room (food aside, which may be set aside for scavenging) go
    back to the bag at the Discard phase; trading does not save a cube's worth either."""
    p = state.players[seat]
    held = sum(p.cubes)
    room = max(0, storage_capacity(p, PACKS[state.content]) - sum(p.kept))
    lost = held - p.cubes[FOOD] - room
    if lost <= 0:
        return None
    food = " and food can be set aside for scavenging" if p.cubes[FOOD] else ""
    return (
        f"Ending the Spend phase leaves {_cubes(held)} unspent ({cube_text(p.cubes)}); storage"
        f" has room for {room}{food}, so at least {lost} will go back to the bag at the"
        f" Discard phase.{_last_round(state)}"
    )


def _discard_done(state: SAState, seat: int) -> str | None:
    """Done now sends every cube not stored or set aside back to the bag, though storage
    still has room."""
    p = state.players[seat]
    held = sum(p.cubes)
    room = storage_capacity(p, PACKS[state.content]) - sum(p.kept)
    if room <= 0 or held - sum(p.virt) <= 0:  # nothing real left to store
        return None
    return (
        f"Done sends {_cubes(held)} ({cube_text(p.cubes)}) back to the bag, though storage"
        f" still has room for {min(room, held)}.{_last_round(state)}"
    )
