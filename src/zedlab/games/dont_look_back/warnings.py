"""Warnings before a choice loses something for sure: a Survivor's life, a Weapon card.

Read only what the deciding seat sees (the board, the dice on the table, the public Weapon
cards); never the Search deck. Front ends show the text and confirm before playing.

Source: Don't Look Back rulebook, "Losing Health at End of Turn", "Escaping From a
Location", "Specific Card Clarifications" (Katana, Knife).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .combat import SURVIVOR_TARGET
from .common import cx, name, plural, space_name
from .state import IMPROVISED, DLBState
from .turn import escapes, health_loss, walkers_after_overload


def option_warning(state: DLBState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the deciding seat, or ``None``.

    - Pass or Move ending the turn where End of Turn takes the Survivor's last Health;
    - aiming the Knife at a fellow Survivor (the Knife is then discarded, hits or not);
    - holding the Katana with fewer hits than keep it.
    """
    kind = decision.kind
    if kind == "choose-action" and action.kind in ("pass", "move"):
        return _deadly_end_of_turn(state, decision.player, action)
    if kind == "choose-target" and isinstance(action.value, int) and action.value >= SURVIVOR_TARGET:
        return _knife_at_survivor(state, action.value - SURVIVOR_TARGET)
    if kind == "hold-or-reroll" and action.kind == "hold":
        return _katana_hold(state)
    return None


def _deadly_end_of_turn(state: DLBState, seat: int, action: Action) -> str | None:
    """Source: "Losing Health at End of Turn" (after the Sector Overload of "End of Turn")."""
    me = state.survivors[seat]
    space = me.space if action.kind == "pass" else action.value
    if not me.alive or escapes(state, seat, False, space):
        return None
    walkers = walkers_after_overload(state)
    loss = health_loss(state, seat, space, walkers)
    if loss < me.health:
        return None
    who = name(state, seat)
    return (
        f"{who} would end the turn in {space_name(space)} with"
        f" {plural(walkers[space], 'Walker')} and lose {loss} Health at End of Turn,"
        f" with {me.health} left: {who} dies."
    )


def _knife_at_survivor(state: DLBState, other: int) -> str:
    """Source: "Specific Card Clarifications" (Knife)."""
    knife = cx(state).weapons[state.combat.weapon].name if state.combat else "Knife"
    return (
        f"Attacking {name(state, other)} discards the {knife} after this attack, whatever the"
        " re-rolls bring."
    )


def _katana_hold(state: DLBState) -> str | None:
    """Source: "Specific Card Clarifications" (Katana: kept with 4 or more hits)."""
    c = state.combat
    if c is None or c.weapon == IMPROVISED or c.target >= SURVIVOR_TARGET:
        return None
    entry = cx(state).weapons[c.weapon]
    if not entry.keep_on_hits or len(c.saved) >= entry.keep_on_hits:
        return None
    return (
        f"Holding with {plural(len(c.saved), 'hit')} discards the {entry.name}: it stays only"
        f" with {entry.keep_on_hits} or more hits."
    )
