"""The state of a game of If I'm Going Down...: plain dataclasses that msgspec serialises.

Cards are integers: a Zombie deck card is an index into ``zcards`` (its kind), a Fate card
an index into ``fcards``. Every card is in exactly one place (see ``rules.invariants``).
Per-Zombie tokens (Kill Points, Held, No Move, Loved/Hated by) live in lists indexed by the
Zombie card. Instances ``len(deck) + seat`` are the characters' Zombie sides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from zedlab.core import RNG
from zedlab.core.events import Event

from .steps import AgreeBite, AssignBite, AssignScratch, IGDStep, PlacePopup


@dataclass(slots=True)
class Character:
    """A player's character and inventory trackers.

    Attributes:
        hands: the Hands tracker, 2 slots (card or -1). A two-handed weapon is laid
            horizontally (usable) when it is alone on the Hands tracker.
        body: the Body tracker, 2 slots (3 for the pack-mule ability).
        alive: False once killed or turned; the trackers then become shared Ground.
        zombie: turned into a Zombie by a Biohazard Occurrence.
        chosen: False while the player has yet to choose a character ("Game Setup");
            ``char`` then holds a placeholder.
        refused: bit mask of the seats that refused a trade this character proposed in this
            Player Phase; no further trade with them is proposed until the next one.
    """

    seat: int
    char: int
    space: int
    hands: list[int]
    body: list[int]
    alive: bool = True
    zombie: bool = False
    biohazard: bool = False
    kills: int = 0
    actions: int = 0
    skip_next: bool = False
    ability_used: bool = False
    scavenged: bool = False
    persistent_used: bool = False
    camera_used: bool = False
    held: int = 0
    bitten_now: bool = False
    instant_now: bool = False
    scratched_now: bool = False
    chosen: bool = True
    refused: int = 0


@dataclass(slots=True)
class IGDState:
    """Everything on the table, the pending steps (``stack``, top last) and the events of
    the current action (``events``, numbered by ``seq``).

    Attributes:
        spaces: for each layout space, the Zombie deck card on it (-1: none).
        piles: the entry piles, index 0 = top.
        zhand: the Zombie Player's hand (hidden from the survivors).
        zout: characters' Zombie sides that were killed (out of play).
        rip: the RIP Occurrence card in play (-1: none); ``rip_effect`` its effect id.
        kp / held_turn / no_move / loved / loved_clear / hated: per Zombie card tokens;
            loved, loved_clear and hated are bit masks of seats.
        fdeck / fdiscard / ftrash / faside / fbonus: Fate deck, discard, trashed (out of
            play), set aside (Story Item, the easier game's No Luck), bonus pile.
        uses: per Fate card, Uses remaining (-1: infinite).
        kills / moan / bonus: the team's score parts (score = kills - moan + bonus).
        turn_limit: the game also ends when this turn is over (``Config.turn_limit``).
        acquired: pairs (seat, Fate card) taken by Acquire, placed after the Player Phase.
        zp_placed / zp_loved / zp_popup / zp_popups: this turn's Zombie Player placements:
            cards placed from hand, seats given a Loved One, seats given a Pop-Up, Pop-Ups
            placed (at most one per player, on an Initial Space too).
        content: the digest of the content pack in play (``"packaged"``: ours); the rules
            read card kinds, characters and layouts from ``BINDER(content)``.
    """

    rng: RNG
    scenario: str
    players: int
    seats: int
    zombie_seat: int
    one_bite: bool
    miss_ends_use: bool
    low: int
    high: int
    line: int
    zcards: list[int]
    fcards: list[int]
    fcrit: list[bool]
    deck_size: int
    spaces: list[int]
    piles: list[list[int]]
    zdiscard: list[int]
    zhand: list[int]
    zout: list[int]
    kp: list[int]
    held_turn: list[int]
    no_move: list[bool]
    loved: list[int]
    loved_clear: list[int]
    hated: list[int]
    move_left: list[int]
    fdeck: list[int]
    fdiscard: list[int]
    ftrash: list[int]
    faside: list[int]
    fbonus: list[int]
    uses: list[int]
    ground: list[int]
    chars: list[Character]
    turn_limit: int = 100
    rip: int = -1
    rip_effect: str = ""
    spinach_seat: int = -1
    kills: int = 0
    moan: int = 0
    bonus: int = 0
    turn: int = 1
    entered: list[int] = field(default_factory=list)
    acquired: list[int] = field(default_factory=list)
    zp_placed: int = 0
    zp_loved: int = 0
    zp_popup: int = 0
    zp_popups: int = 0
    stack: list[IGDStep] = field(default_factory=list)
    over: bool = False
    events: list[Event] = field(default_factory=list)
    seq: int = 0
    content: str = "packaged"


_new = object.__new__
_copy_step = msgspec.Struct.__copy__
_WITH_LISTS = (PlacePopup, AssignBite, AgreeBite, AssignScratch)


def clone_state(st: IGDState, rng: RNG | None = None) -> IGDState:
    """An independent deep copy, field by field (several times faster than a serialisation
    round trip, which search bots would pay on every sample).

    Every mutable field is copied; the frozen events are shared. ``rng``, if given, becomes
    the copy's generator instead of a copy of ``st.rng`` (a sample's fresh one). A field
    added to :class:`IGDState`, :class:`Character` or a step must be added here too:
    ``tests/games/if_im_going_down`` checks that the copy encodes as the original does and
    shares no list or mutable object with it.
    """
    c = _new(IGDState)
    c.rng = st.rng.copy() if rng is None else rng
    c.scenario = st.scenario
    c.players = st.players
    c.seats = st.seats
    c.zombie_seat = st.zombie_seat
    c.one_bite = st.one_bite
    c.miss_ends_use = st.miss_ends_use
    c.low = st.low
    c.high = st.high
    c.line = st.line
    c.zcards = st.zcards[:]
    c.fcards = st.fcards[:]
    c.fcrit = st.fcrit[:]
    c.deck_size = st.deck_size
    c.spaces = st.spaces[:]
    c.piles = [p[:] for p in st.piles]
    c.zdiscard = st.zdiscard[:]
    c.zhand = st.zhand[:]
    c.zout = st.zout[:]
    c.kp = st.kp[:]
    c.held_turn = st.held_turn[:]
    c.no_move = st.no_move[:]
    c.loved = st.loved[:]
    c.loved_clear = st.loved_clear[:]
    c.hated = st.hated[:]
    c.move_left = st.move_left[:]
    c.fdeck = st.fdeck[:]
    c.fdiscard = st.fdiscard[:]
    c.ftrash = st.ftrash[:]
    c.faside = st.faside[:]
    c.fbonus = st.fbonus[:]
    c.uses = st.uses[:]
    c.ground = st.ground[:]
    c.chars = [_clone_character(ch) for ch in st.chars]
    c.turn_limit = st.turn_limit
    c.rip = st.rip
    c.rip_effect = st.rip_effect
    c.spinach_seat = st.spinach_seat
    c.kills = st.kills
    c.moan = st.moan
    c.bonus = st.bonus
    c.turn = st.turn
    c.entered = st.entered[:]
    c.acquired = st.acquired[:]
    c.zp_placed = st.zp_placed
    c.zp_loved = st.zp_loved
    c.zp_popup = st.zp_popup
    c.zp_popups = st.zp_popups
    c.stack = [_copy_listed(s) if s.__class__ in _WITH_LISTS else _copy_step(s) for s in st.stack]
    c.over = st.over
    c.events = st.events[:]  # events are frozen
    c.seq = st.seq
    c.content = st.content
    return c


def _clone_character(ch: Character) -> Character:
    c = _new(Character)
    c.seat = ch.seat
    c.char = ch.char
    c.space = ch.space
    c.hands = ch.hands[:]
    c.body = ch.body[:]
    c.alive = ch.alive
    c.zombie = ch.zombie
    c.biohazard = ch.biohazard
    c.kills = ch.kills
    c.actions = ch.actions
    c.skip_next = ch.skip_next
    c.ability_used = ch.ability_used
    c.scavenged = ch.scavenged
    c.persistent_used = ch.persistent_used
    c.camera_used = ch.camera_used
    c.held = ch.held
    c.bitten_now = ch.bitten_now
    c.instant_now = ch.instant_now
    c.scratched_now = ch.scratched_now
    c.chosen = ch.chosen
    c.refused = ch.refused
    return c


def _copy_listed(step: PlacePopup | AssignBite | AgreeBite | AssignScratch) -> Any:
    c = _copy_step(step)
    cls = step.__class__
    if cls is PlacePopup:
        c.spaces = step.spaces[:]
    elif cls is AgreeBite:
        c.rest = step.rest[:]
    else:
        c.near = step.near[:]
    return c
