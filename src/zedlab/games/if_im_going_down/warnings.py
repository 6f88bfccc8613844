"""Warnings before a choice that certainly gets a character bitten: holding back no Zombie
while one that would bite only this character could be held back.

Read only the board (public): the Zombies next to the character and whom else they touch.

Source: If I'm Going Down... rulebook, "Zombie Attack Phase" (steps 2 and 3), "Biohazard".
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .attack import hold_candidates, zombies_adjacent
from .board import PACKS, cname, layout, living, zname
from .state import IGDState


def option_warning(state: IGDState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the deciding player, or ``None``."""
    if decision.kind == "hold-back" and action.kind == "hold" and action.value < 0:
        return _no_hold(state, decision.player)
    return None


def _no_hold(state: IGDState, seat: int) -> str | None:
    """A Zombie next to this character alone, not held back and holdable, bites for sure if
    nobody is held back; said only when holding back would leave no certain bite."""
    me = state.chars[seat]
    holdable = set(hold_candidates(state, seat))
    if not holdable:
        return None
    dist = layout(state).dist
    others = [c for c in living(state) if c.seat != seat]
    zombies = PACKS[state.content].zombies
    sole = []  # Zombies next to this character only, not held back this turn
    for sp in zombies_adjacent(state, me.space):
        z = state.spaces[sp]
        if state.held_turn[z] == state.turn or any(dist[c.space][sp] == 1 for c in others):
            continue
        sole.append(sp)
    limit = (2 if state.spinach_seat == seat else 1) - me.held
    if not sole or any(sp not in holdable for sp in sole) or len(sole) > limit:
        return None  # no certain bite, or one that holding back cannot stop
    who = cname(state, seat)
    names = " and ".join(zname(state, state.spaces[sp]) for sp in sole)
    instant = any(zombies[state.zcards[state.spaces[sp]]].instant_kill for sp in sole)
    if state.one_bite or me.biohazard or instant:
        fate = f"{who} is killed"
    else:
        fate = f"{who} gets a Biohazard token (the turning begins)"
    them = "it" if len(sole) == 1 else "them"
    return (
        f"Holding back no Zombie lets {names} bite {who}: {fate}. Holding {them} back stops"
        " the bite this turn."
    )
