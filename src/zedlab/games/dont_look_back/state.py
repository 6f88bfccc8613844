"""The state of a game of Don't Look Back: plain data that serialises with msgspec.

Spaces are numbered ``0`` for the central Location and ``1``-``6`` for the Sectors;
``OFF_BOARD`` (-1) is a Survivor who escaped or died. ``walkers[space]`` counts the Walkers
in each space (index 0 is the Location).

Source: Don't Look Back rulebook, "The Game Board" and "Game Set-Up".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zedlab.core import RNG
from zedlab.core.content import PACKAGED
from zedlab.core.copier import state_cloner
from zedlab.core.events import Event

from .steps import DLBStep

LOCATION = 0
OFF_BOARD = -1
SECTORS = (1, 2, 3, 4, 5, 6)
IMPROVISED = "improvised"
"""Weapon id of a Survivor's Improvised Weapon in a Combat."""

@dataclass(slots=True)
class Survivor:
    """One seat's Survivor.

    Attributes:
        id: Survivor content id (``"rick"``); ``""`` until chosen.
        health: Health points left (0 = dead).
        points: points scored (1 per Walker kill, first escape = number of players).
        space: 0 Location, 1-6 Sector, -1 off the board.
        weapons: Weapon card ids held, face up.
        alive: False once Health reached 0.
        escaped: escaped from the current Location.
        ability_used: Carl's once-per-Location ability spent.
        kills_this_turn: Walkers killed this turn (Daryl's Tracker).
    """

    id: str = ""
    health: int = 0
    points: int = 0
    space: int = LOCATION
    weapons: list[str] = field(default_factory=list)
    alive: bool = True
    escaped: bool = False
    ability_used: bool = False
    kills_this_turn: int = 0


@dataclass(slots=True)
class Combat:
    """The attack in progress.

    Attributes:
        weapon: Weapon card id, or ``"improvised"``.
        dice: Combat Dice rolled by the weapon.
        melee: Melee (must move into the target) or Ranged (may move).
        roll: faces of the current (unsaved) roll, before a target is chosen.
        target: ``-1`` none yet; ``0`` the Location; ``1``-``6`` a Sector; ``10 + seat`` a
            fellow Survivor (Knife).
        target_space: the space the target is in.
        saved: faces of the saved hits.
        misses: dice not saved (re-rolled together on a re-roll).
        free_reroll: the Handgun's free re-roll of a hitless first roll is still unused.
    """

    weapon: str
    dice: int
    melee: bool
    roll: list[int] = field(default_factory=list)
    target: int = -1
    target_space: int = -1
    saved: list[int] = field(default_factory=list)
    misses: int = 0
    free_reroll: bool = False


@dataclass(slots=True)
class DLBState:
    """A whole game.

    Attributes:
        rng: all chance (dice, shuffles).
        players: seats.
        locations_total: Locations in this game (1-4).
        escape_check: when a Survivor in the empty Escape Route Sector escapes:
            ``"any-action"`` (at the end of any Action) or ``"combat"`` (only after a
            successful Combat, unless no Walker is left on the board).
        improvised_reach: where an Improvised Weapon can hit: ``"own-space"`` (the
            Survivor's own space) or ``"reach"`` (like any Weapon of its kind).
        content: the digest of the content pack in play (``"packaged"``: ours).
        stall_rounds: after the overrun, full rounds without progress that strand the
            Survivors and end the game (0: never; ruling 26).
        stall_turns: turns in a row since the overrun without progress.
        stall_attacked: the acting Survivor rolled Combat Dice this turn (counts as
            progress after the overrun, even when the attack fails).
        stall_mark: the lowest progress measure (Walkers + Health + 2 per Weapon card
            held) at the end of a turn since the overrun (-1 before the overrun).
        stall_idle_attacks: attacks in a row since that low that lowered nothing.
        locations_done: Locations escaped from so far.
        location_stack: unused Location ids, face down (hidden order; index 0 on top).
        location: the current Location id (kept after the overrun, when the tile is out
            of play; the view then shows no Location).
        overrun: the Search deck ran out on this board.
        walkers: Walkers per space, ``[Location, Sector 1, ..., Sector 6]``.
        escape_sector: Sector of the Escape Route token, 0 if not placed.
        deck: the Search deck, face down (index 0 on top).
        discard: the Search discard pile, face up (last = top).
        survivors: one per seat.
        current: the seat whose turn it is.
        round: the round now played (0 before the first turn): a round is one turn of
            each Survivor still on the board, from the board's first player; each board
            starts a new one (ruling 28). Only counted, for reports; no rule reads it.
        round_seats: the seats that have taken a turn in this round.
        drawn: Carl's two drawn cards awaiting his pick.
        combat: the attack in progress, if any.
        first_escaper: seat of the first Survivor to escape this Location (-1: none).
        reason: why the game ended (``""`` while it goes on).
        stack: the pending steps (``steps.py``), the next on top (last).
        events: what happened during the current action (``zedlab.core.events``).
        seq: the number of the last event.
    """

    rng: RNG
    players: int
    locations_total: int
    escape_check: str = "any-action"
    improvised_reach: str = "own-space"
    content: str = PACKAGED
    stall_rounds: int = 3
    stall_turns: int = 0
    stall_mark: int = -1
    stall_attacked: bool = False
    stall_idle_attacks: int = 0
    locations_done: int = 0
    location_stack: list[str] = field(default_factory=list)
    location: str = ""
    overrun: bool = False
    walkers: list[int] = field(default_factory=lambda: [0] * 7)
    escape_sector: int = 0
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    survivors: list[Survivor] = field(default_factory=list)
    current: int = 0
    round: int = 0
    round_seats: list[int] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    combat: Combat | None = None
    first_escaper: int = -1
    reason: str = ""
    stack: list[DLBStep] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    seq: int = 0


# An independent deep copy, field by field (several times faster than a serialisation
# round trip, which search bots would pay on every sample).
#
# The copy function is generated from the fields' types (:func:`zedlab.core.copier`):
# every mutable field is copied, the frozen events are shared. ``rng``, if given, becomes
# the copy's generator instead of a copy of ``st.rng`` (a sample's fresh one).
# ``tests/games/dont_look_back`` checks that the copy encodes as the original does and
# shares no list or mutable object with it.
clone_state = state_cloner(DLBState)
