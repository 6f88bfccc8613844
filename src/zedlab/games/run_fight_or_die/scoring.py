"""Final Scoring and the winners (solo: Survival Points at the Town Line).

Source: Run, Fight, or Die! rulebook, "Final Scoring", "WINNER!" and "Solo Rules".
"""

from __future__ import annotations

from .common import cx, is_solo, town_line_threshold
from .state import SCORING_HEALTH_CAP, RFDState

SOLO_THRESHOLDS = {"hard": 9, "very-hard": 11, "too-hard": 12}
"""Survival Points needed at the Town Line. Source: rulebook, "Solo Rules"."""


def victory_points(s: RFDState, seat: int) -> int:
    """Health points + Follower values + Mutant tokens. Source: "Final Scoring".

    Health points are 5 minus the Wound tokens (every character scores as a 5-Health one),
    or with ``health_score = "remaining-capped"`` the Health left, at most 5. Solo Survival
    Points are counted the same way ("END OF THE GAME (SOLO RULES)").
    """
    p = s.players[seat]
    c = cx(s)
    if p.dead:
        health = 0
    elif s.health_capped:
        health = min(SCORING_HEALTH_CAP, p.health - p.wounds)
    else:
        health = max(0, SCORING_HEALTH_CAP - p.wounds)
    return health + sum(c.followers[f].vp for f in p.followers) + p.mutant_tokens


def winners(s: RFDState) -> tuple[int, ...]:
    """Living players with the most VP; ties broken by most Followers, then shared.

    Solo: the player wins with the level's Survival Points after the Town Line.
    Source: rulebook, "Final Scoring" and "WINNER!" (solo).
    """
    if is_solo(s):
        p = s.players[0]
        ok = not p.dead and s.town_line_found and victory_points(s, 0) >= SOLO_THRESHOLDS[s.solo_level]
        return (0,) if ok else ()
    alive = [i for i, p in enumerate(s.players) if not p.dead]
    if not alive:
        return ()
    key = {i: (victory_points(s, i), len(s.players[i].followers)) for i in alive}
    best = max(key.values())
    return tuple(i for i in alive if key[i] == best)


def town_line_threshold_for(s: RFDState) -> int | None:
    """The Town Line's Follower requirement for this game (None in solo)."""
    return None if is_solo(s) else town_line_threshold(len(s.players))
