"""The state of a game of If I'm Going Down...: plain dataclasses that msgspec serialises.

Cards are integers: a Zombie deck card is an index into ``zcards`` (its kind), a Fate card
an index into ``fcards``. Every card is in exactly one place (see ``rules.invariants``).
Per-Zombie tokens (Kill Points, Held, No Move, Loved/Hated by) live in lists indexed by the
Zombie card. Instances ``len(deck) + seat`` are the characters' Zombie sides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zedlab.core import RNG
from zedlab.core.copier import state_cloner
from zedlab.core.events import Event

from .steps import IGDStep


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


# An independent deep copy, field by field (several times faster than a serialisation
# round trip, which search bots would pay on every sample).
#
# The copy function is generated from the fields' types (:func:`zedlab.core.copier`):
# every mutable field is copied (the lists of steps too), the frozen events are shared. ``rng``, if given,
# becomes the copy's generator instead of a copy of ``st.rng`` (a sample's fresh one).
# ``tests/games/if_im_going_down`` checks that the copy encodes as the original does and shares no
# list, dict or mutable object with it.
clone_state = state_cloner(IGDState)
