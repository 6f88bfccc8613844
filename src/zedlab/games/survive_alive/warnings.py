"""Warnings before a choice loses cubes for sure: ending the Spend phase with more cubes than
storage (and food set aside) can save, or ending the Discard phase with storage still free;
and before placing a defender leaves a side that this round's known attack certainly beats.

Read only the deciding player's own sheet and cubes; never the bag or a deck.

Source: Survive Alive rulebook, "2. Discard Resource Cubes", "Facilities" (Storage),
"Victory and Scoring" (a cube left at the end scores 1), "4. Draw Event Cards" (Step 1:
the attack, Zeds + round, beats a side with fewer shields).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .content import PACKS, SIDES
from .event_cards import attack_strength, attack_words, defence_values
from .rules import FOOD, SIDE_WORDS, cube_text, storage_capacity, strength
from .state import SAState
from .steps import PlaceDefender


def option_warning(state: SAState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the deciding player, or ``None``."""
    if decision.kind == "place-defender" and action.kind == "place":
        warning = _place(state, decision.player, action.value)
        if warning is not None and all(
            _place(state, decision.player, o.value) is not None for o in decision.options if o.kind == "place"
        ):
            return None  # every side it may take loses alike: nothing to choose between
        return warning
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


def _place(state: SAState, seat: int, side: str) -> str | None:
    """Placing the character now asked about on ``side`` leaves an attacked side with fewer
    shields than its attack even if every character still to place joins it. Only what the
    deciding seat sees: its own Base and characters, and the Event cards drawn (face up)."""
    if not state.stack or not isinstance(state.stack[-1], PlaceDefender):
        return None
    c = PACKS[state.content]
    p = state.players[seat]
    step = state.stack[-1]
    now = defence_values(p, c, state.scenario)
    power = strength(p, [p.chars[step.char]], c, scavenging=False)
    later = sum(strength(p, [p.chars[s.char]], c, scavenging=False)
                for s in state.stack[:-1] if isinstance(s, PlaceDefender) and s.seat == seat)
    for event in state.drawn:
        attacked = c.events[event].side
        k = SIDES.index(attacked)
        most = now[k] + later + (power if attacked == side else 0)
        zeds = attack_strength(state, event, c)
        if zeds > most:
            name = c.characters[p.chars[step.char].id].name
            here = f", {name} included" if attacked == side else f" with {name} on the {SIDE_WORDS[side]} side"
            even = ", even with every character still to place on that side" if later else ""
            return (f"The attack {zeds} ({attack_words(state, event, c)}) on the {SIDE_WORDS[attacked]} side"
                    f" certainly beats it: at most {most} shield{'' if most == 1 else 's'} there{here}{even}"
                    f" (deficit {zeds - most} or more).")
    return None
