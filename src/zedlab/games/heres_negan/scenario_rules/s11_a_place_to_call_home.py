"""Scenario 11: A Place to Call Home - Entry Points sealed, every room opened, every Walker
gone; Negan inspects.

Seal the Doors: a Secure Action may be aimed at an Entry Point on or next to the Survivor
(the Survivor adjacent to no Walker: ruling HN-A44 (i) (a)); every Survivor on or adjacent to
it adds a white die, Negan too. At least the Security value upgrades a Low marker to Medium
and a Medium to High (a spare marker of that level needed, three per level; the old marker
goes back to the box: HN-A44 (ii)), giving 1 Reputation to each Survivor who took part; a
High marker is removed, giving Reputation as for securing a room (the Security value to the
actor, 1 to each other participant) and lowering the Threat by 1 (only removal lowers it).
It is the Secure Action for the different-Actions rule.

Negan's target: the highest-level Entry Points (he heads for the closest); with none left,
the Walkers and Walker tokens; with none of those, the unopened rooms. On an Entry Point he
is enraged as in an unsecured room, without being put out (ruling HN-A44 (iii) (a)), every
round until it is removed. Win: no Entry Point, every room opened, no Walker or Walker token
on the board (Negan need not reach anything).

Survival Mode after a lost Scenario 10: the Pitch Black card is set aside (out of the Room
deck for the whole game) and its darkness lies on the Warehouse, if the map has one, and on
every room the map marks yellow, orange or red that is in play, from set-up on; their Room
cards are drawn as usual (ruling HN-A50 (iii)).

Source: Here's Negan rulebook, Scenario 11 "Win Conditions", "Seal the Doors", "Moving
Negan"; "Survival Mode", "1. Game Result" (Loss, Scenario 10); checklist HN-R342..HN-R351,
HN-R371; rulings HN-A44, HN-A50 (iii).
"""

from __future__ import annotations

from zedlab.core import Action

from ..actions import adjacent_walkers
from ..board import adjacent
from ..common import (
    LEVELS,
    add_threat,
    board,
    change_rep,
    emit,
    in_play,
    roll,
    security_value,
)
from ..scenarios import Scenario, scenario
from ..state import HNState
from ..win import check
from .aim import aim
from .s10_spark_of_life import PITCH_BLACK

NO_ENTRY_POINTS = "entry-points-removed"
ROOMS_OPENED = "rooms-opened"
NO_WALKERS = "no-walkers"
SEAL = "seal-entry-point"
MARKERS = 3
"""Entry Point markers per level in the box."""
DARK_COLOURS = ("yellow", "orange", "red")
"""Room marks a lost Scenario 10 darkens in Scenario 11 (HN-R371)."""


def next_level(level: str) -> str | None:
    """The level a secured marker becomes (``None``: removed)."""
    k = LEVELS.index(level)
    return LEVELS[k + 1] if k + 1 < len(LEVELS) else None


def around(state: HNState, space: int, other: int) -> bool:
    """True if ``other`` is ``space`` or adjacent to it."""
    return other >= 0 and (other == space or adjacent(board(state), space, other,
                                                      frozenset(state.open_doors)))


def spare(state: HNState, level: str) -> bool:
    return sum(1 for _sp, lvl in state.entry_points if lvl == level) < MARKERS


def sealable(state: HNState, i: int) -> list[int]:
    """Entry Points Survivor ``i`` may Secure now."""
    s = state.survivors[i]
    if not s.standing or adjacent_walkers(state, s.space):
        return []
    out = []
    for sp, lvl in state.entry_points:
        up = next_level(lvl)
        if around(state, s.space, sp) and (up is None or spare(state, up)):
            out.append(sp)
    return sorted(out)


def pitch_black_rooms(state: HNState) -> list[int]:
    """The rooms in play that a lost Scenario 10 darkens: the Warehouse (tiles 15A/16A) where
    the map has it, and every room marked yellow, orange or red (board gap G11; ruling
    HN-A50 (iii): a sealed room plays no part, so with fewer Survivors fewer rooms go dark).

    Source: rulebook, "1. Game Result" (Loss, Scenario 10: HN-R371).
    """
    b = board(state)
    return sorted(a.id for a in b.areas if a.kind == "room" and not a.sealed and (
        a.name.lower() == "warehouse" or b.colour_of(a.id) in DARK_COLOURS))


def unopened(state: HNState) -> list[int]:
    """Rooms (with a Security token) never opened."""
    return sorted(r for r in board(state).security if r not in state.opened)


@scenario(11)
class APlaceToCallHome(Scenario):
    """Scenario 11's Special Rules (module docstring)."""

    actions = (SEAL,)
    kinds = ("entry-point",)
    conditions = (NO_ENTRY_POINTS, ROOMS_OPENED, NO_WALKERS)
    reasons = {
        NO_ENTRY_POINTS: "every Entry Point was removed",
        ROOMS_OPENED: "every room was opened",
        NO_WALKERS: "no Walker was left",
    }

    def campaign_set_up(self, state: HNState) -> None:
        """Survival Mode after a lost Scenario 10: Pitch Black set aside, its darkness on
        :func:`pitch_black_rooms` (HN-R371, ruling HN-A50 (iii))."""
        if "lost-10" not in state.knock_ons:
            return
        deck = state.decks["room"]
        if PITCH_BLACK in deck:
            deck.remove(PITCH_BLACK)
        state.marks["pitch-black-aside"] = 1
        rooms = pitch_black_rooms(state)
        state.dark = sorted({*state.dark, *rooms})
        b = board(state)
        names = ", ".join(b.areas[r].name for r in rooms) or "no room in play"
        emit(state, "knock-on-applied",
             what=f"Pitch Black is set aside and darkens {names}: Scenario 10 was lost")

    def target(self, state: HNState) -> tuple[int, ...] | None:
        """HN-R349, HN-R351."""
        if state.entry_points:
            top = max(LEVELS.index(lvl) for _sp, lvl in state.entry_points)
            return tuple(sorted(sp for sp, lvl in state.entry_points
                                if LEVELS.index(lvl) == top))
        pieces = sorted({*state.walkers, *state.prone, *state.tokens})
        if pieces:
            return tuple(pieces)
        b = board(state)
        rooms = tuple(sorted(s for r in unopened(state) for s in b.areas[r].spaces))
        return rooms or ((state.negan,) if state.negan >= 0 else None)

    def negan_enraged(self, state: HNState) -> tuple[str, ...]:
        """On an Entry Point, enraged as in an unsecured room (HN-R350)."""
        if state.negan >= 0 and any(sp == state.negan for sp, _lvl in state.entry_points):
            return ("on-entry-point",)
        return ()

    def extra_actions(self, state: HNState, i: int) -> list[Action]:
        s = state.survivors[i]
        if "secure" in s.taken and state.repeats <= 0:
            return []
        if not sealable(state, i):
            return []
        return [Action("action", SEAL, "secure an Entry Point")]

    def take_action(self, state: HNState, i: int, name: str) -> None:
        if name != SEAL:
            super().take_action(state, i, name)
        s = state.survivors[i]
        if "secure" in s.taken:
            state.repeats -= 1  # a second Secure this activation (a +1 Action token)
        else:
            s.taken.append("secure")
        aim(state, i, SEAL)

    def targets(self, state: HNState, i: int, action: str) -> list[Action]:
        b = board(state)
        levels = dict(state.entry_points)
        return [Action("entry-point", sp, f"secure the {levels[sp]} Entry Point on {b.label(sp)}")
                for sp in sealable(state, i)]

    def aimed(self, state: HNState, i: int, action: str, choice: Action) -> None:
        seal(state, i, int(choice.value))  # type: ignore[arg-type]

    def met(self, state: HNState, condition: str) -> bool:
        if condition == NO_ENTRY_POINTS:
            return not state.entry_points
        if condition == ROOMS_OPENED:
            return not unopened(state)
        if condition == NO_WALKERS:
            return not (state.walkers or state.prone or state.tokens)
        return condition in state.reached

    def goal(self, survivors: int) -> str:
        return "Remove every Entry Point, open every room and clear every Walker and token."


def seal(state: HNState, i: int, space: int) -> None:
    """Secure the Entry Point on ``space`` (HN-R344..HN-R348)."""
    level = dict(state.entry_points)[space]
    who = [i] + [k for k in in_play(state)
                 if k != i and around(state, space, state.survivors[k].space)]
    negan = around(state, space, state.negan)
    value = security_value(state)
    hits, _ = roll(state, ["white"] * (len(who) + negan), "secure entry point")
    sid = state.survivors[i].id
    if hits < value:
        emit(state, "seal-failed", survivor=sid, space=space)
        return
    state.entry_points.remove((space, level))
    up = next_level(level)
    if up is not None:
        state.entry_points.append((space, up))
        state.entry_points.sort()
        emit(state, "entry-point-upgraded", survivor=sid, space=space, level=up)
        for k in who:
            change_rep(state, k, 1, "Entry Point upgraded")
        check(state)
        return
    emit(state, "entry-point-removed", survivor=sid, space=space)
    change_rep(state, i, value, "Entry Point removed")
    for k in who[1:]:
        change_rep(state, k, 1, "Entry Point removed")
    add_threat(state, -1, "Entry Point removed")
    check(state)
