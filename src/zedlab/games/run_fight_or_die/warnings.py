"""Warnings before a choice that certainly kills the character: taking the Wound of Dropped
Gear with one Health left when a Loot Card could be dropped instead.

Read only the deciding player's own character and cards; never a deck.

Source: Run, Fight, or Die! rulebook, "Character Death" and its Important Note; the Dropped
Gear Fleeing Card.
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .common import cx, is_solo
from .state import RFDState


def option_warning(state: RFDState, decision: Decision, action: Action) -> str | None:
    """What ``action`` would certainly cost the deciding player, or ``None``."""
    if decision.kind == "drop-loot-or-wound" and action.kind == "wound":
        return _last_wound(state, decision.player)
    return None


def _last_wound(state: RFDState, seat: int) -> str | None:
    """The Wound kills when it is the character's last Health (the Heroic Dog, away from a
    solo game, would take it instead)."""
    p = state.players[seat]
    if p.dead or p.health - p.wounds > 1:
        return None
    if "heroic-dog" in p.followers and not is_solo(state):
        return None
    who = cx(state).characters[p.character].name
    if is_solo(state):
        ends = "the solo game is lost"
    elif state.declared_by < 0:
        ends = "the game ends at once"
    else:
        ends = "this turn stops there"
    return f"Taking the Wound kills {who} (1 Health left): {ends}. Dropping a Loot Card instead keeps {who} alive."
