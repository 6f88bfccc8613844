"""Scenario 10: Spark of Life - the Warehouse in the dark, the Generator to repair.

Set-up takes the Pitch Black card out of the Room deck for the Warehouse: opening the
Warehouse draws no Room card but resolves Pitch Black, with a white roll of Supply tokens
more than the card shows. Repair the Generator (an Action of its own, like Secure; no secured
room needed: ruling HN-A43 (a)): a Survivor adjacent to it and adjacent to no Walker rolls a
white die, plus one for every other Survivor adjacent to the Generator and one for Negan
there; each of those Survivors holding a Toolkit or a Wrench adds 1. A total of 4 or more
repairs it (table T7): Pitch Black is discarded (the Warehouse is no longer dark), every
Survivor who took part gains a blue roll of Reputation (one roll each) and the Threat drops
by a blue roll. Win: Negan on the EXIT, the Generator's room secured, the Generator repaired;
Negan stays on the EXIT once there (ruling HN-A37).

Source: Here's Negan rulebook, Scenario 10 "Win Conditions", "Dark in Here...", "The
Generator", "Moving Negan"; checklist HN-R334..HN-R341, T7; ruling HN-A43.
"""

from __future__ import annotations

from zedlab.core import Action

from ..actions import adjacent_walkers, held_with
from ..board import adjacent
from ..common import add_threat, amount, board, change_rep, emit, in_play, roll
from ..scenarios import EXIT, StaysOnExit, scenario
from ..state import HNState
from ..win import latch

ROOM = "generator-room"
REPAIRED = "generator-repaired"
REPAIR = "repair-generator"
PITCH_BLACK = "pitch-black"
REPAIR_TOTAL = 4
"""A repair needs a total of 4 (table T7)."""


def generator(state: HNState) -> tuple[int, ...]:
    """The Generator's spaces."""
    return tuple(s for o in board(state).objects if o.kind == "generator" for s in o.spaces)


def generator_room(state: HNState) -> int | None:
    b = board(state)
    return next((r for s in generator(state) if (r := b.room_of(s)) is not None), None)


def warehouse(state: HNState) -> int:
    return board(state).room_named("Warehouse").id


def by_generator(state: HNState, space: int) -> bool:
    """True if ``space`` is adjacent to the Generator."""
    b = board(state)
    doors = frozenset(state.open_doors)
    return space >= 0 and any(adjacent(b, space, g, doors) for g in generator(state))


def participants(state: HNState, i: int) -> list[int]:
    """Survivor ``i`` and every other Survivor in play adjacent to the Generator."""
    return [i] + [k for k in in_play(state) if k != i
                  and by_generator(state, state.survivors[k].space)]


def tools(state: HNState, k: int) -> int:
    """1 if Survivor ``k`` holds a Toolkit or a Wrench (HN-R339)."""
    return 1 if held_with(state, k, "toolkit") or held_with(state, k, "wrench") else 0


@scenario(10)
class SparkOfLife(StaysOnExit):
    """Scenario 10's Special Rules (module docstring)."""

    actions = (REPAIR,)
    conditions = (EXIT, ROOM, REPAIRED)
    reasons = {
        EXIT: "Negan reached the EXIT",
        ROOM: "the Generator's room was secured",
        REPAIRED: "the Generator was repaired",
    }

    def set_up(self, state: HNState) -> None:
        """Dark in Here...: Pitch Black is set aside for the Warehouse (HN-R336)."""
        deck = state.decks["room"]
        if PITCH_BLACK in deck:
            deck.remove(PITCH_BLACK)
            state.marks["pitch-black-aside"] = 1

    def room_card(self, state: HNState, room: int) -> str | None:
        if room == warehouse(state) and state.marks.get("pitch-black-aside"):
            state.marks["pitch-black-aside"] = 0
            state.marks["warehouse-pitch-black"] = 1
            return PITCH_BLACK
        return None

    def room_opened(self, state: HNState, room: int, who: int) -> int:
        """A white roll of Supply tokens more in the Warehouse (HN-R337)."""
        if room == warehouse(state) and state.marks.get("warehouse-pitch-black"):
            return amount(state, "white", "Warehouse supplies")
        return 0

    def extra_actions(self, state: HNState, i: int) -> list[Action]:
        s = state.survivors[i]
        if (REPAIRED in state.reached or not s.standing or not by_generator(state, s.space)
                or adjacent_walkers(state, s.space)):
            return []
        return [Action("action", REPAIR, "try to repair the Generator")]

    def take_action(self, state: HNState, i: int, name: str) -> None:
        if name != REPAIR:
            super().take_action(state, i, name)
        repair(state, i)

    def met(self, state: HNState, condition: str) -> bool:
        if condition == ROOM:
            return generator_room(state) in state.secured
        return condition in state.reached

    def goal(self, survivors: int) -> str:
        return "Get Negan onto the EXIT; secure the Generator's room and repair the Generator."


def repair(state: HNState, i: int) -> None:
    """The repair roll and its rewards (HN-R338..HN-R340)."""
    who = participants(state, i)
    negan = by_generator(state, state.negan)
    hits, _ = roll(state, ["white"] * (len(who) + negan), "repair")
    total = hits + sum(tools(state, k) for k in who)
    emit(state, "repair-roll", survivor=state.survivors[i].id, total=total, needed=REPAIR_TOTAL)
    if total < REPAIR_TOTAL:
        emit(state, "repair-failed", survivor=state.survivors[i].id)
        return
    emit(state, "generator-repaired", survivor=state.survivors[i].id)
    if PITCH_BLACK in state.lasting:
        state.lasting.remove(PITCH_BLACK)
        state.discards["room"].append(PITCH_BLACK)
        emit(state, "card-discarded", card=PITCH_BLACK)
    room = warehouse(state)
    if room in state.dark:
        state.dark.remove(room)
    state.marks["pitch-black-aside"] = 0
    for k in who:
        change_rep(state, k, amount(state, "blue", "generator repaired"), "repaired the Generator")
    add_threat(state, -amount(state, "blue", "generator repaired"), "the Generator runs")
    if not state.result:
        latch(state, REPAIRED)
