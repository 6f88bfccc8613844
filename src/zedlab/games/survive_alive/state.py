"""The state of a game of Survive Alive: msgspec Structs (fast to clone and serialise).

Cube counts are lists of 7 ints in the order of :data:`~.content.CUBES` (wood, metal, brick,
food, herb, cloth, wild). Seats are 0-based. Slot ids name spaces on a Base sheet (see
:func:`~.content.base_slots`).
"""

from __future__ import annotations

import msgspec
from msgspec import field

from zedlab.core import RNG
from zedlab.core.content import PACKAGED
from zedlab.core.copier import state_cloner
from zedlab.core.events import Event

from .steps import SAStep


def no_cubes() -> list[int]:
    return [0, 0, 0, 0, 0, 0, 0]


class Character(msgspec.Struct, array_like=True):
    """A Character card in a player's group.

    Attributes:
        id: the card id (``"bruce"``).
        wounds: Wound tokens on the card (3 kills).
        weapons: weapon ids forged or found (at most 2).
        away: not at the Base: scavenging this round, or recruited while scavenging.
        tapped: once-per-round ability used this round.
        expedition: (solo scenarios) out scavenging until a return condition holds.
        party: in this round's scavenging party.
        side: the side of the Base the character was placed on to defend this round
            (``""``: not placed).
    """

    id: str
    wounds: int = 0
    weapons: list[str] = field(default_factory=list)
    away: bool = False
    tapped: bool = False
    expedition: bool = False
    party: bool = False
    side: str = ""


class Player(msgspec.Struct, array_like=True):
    """One player's Base sheet, screen and group.

    Attributes:
        built: slot id -> 1 built, 2 lost to a breach (an 'X'); empty slots are absent.
        standing: facility kind -> how many stand (built, not lost); kept with ``built``.
        workshop: the cube the Workshop saves (``""`` before it is built).
        cubes: cubes behind the screen (counts by colour).
        kept: cubes put on storage during the discard phase (counts by colour).
        scav_food: food set aside for scavenging (on the map / on the cards).
        defence, health, scavenge, morale, breach: shaded boxes on each tracker.
        ip: influence points from scavenging; objective_points: from Instant objectives.
        med_used: the Medical Room's wound token is on it this round.
        peeked: how many of this round's Event cards this player has seen (Watch Tower).
        free_peek: a newly built Watch Tower's look is still unused.
        offers: 1:1 offers made this round (Command Centre).
        lost_at: locations this player lost a scavenge at this round.
        failed: failed to defend against an Event card this round.
        shown: what the others last saw of the base (JSON), while the screen is up.
        virt: of ``cubes``, those standing for a Resource Multiplier square (a cube on a
            square counts as 5: itself, in ``cubes``, plus 4 here); paid first, they are
            not physical cubes and never enter the bag.
        mult: Resource Multiplier squares in use (freed at the Discard phase).
    """

    seat: int
    base: str = ""
    built: dict[str, int] = field(default_factory=dict)
    standing: dict[str, int] = field(default_factory=dict)
    workshop: str = ""
    cubes: list[int] = field(default_factory=no_cubes)
    kept: list[int] = field(default_factory=no_cubes)
    scav_food: int = 0
    chars: list[Character] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    defence: int = 0
    health: int = 0
    scavenge: int = 0
    morale: int = 0
    breach: int = 0
    ip: int = 0
    objective_points: int = 0
    instants: list[str] = field(default_factory=list)
    med_used: bool = False
    peeked: int = 0
    free_peek: bool = False
    offers: int = 0
    lost_at: list[str] = field(default_factory=list)
    failed: bool = False
    weapons_made: int = 0
    shown: str = "{}"
    virt: list[int] = field(default_factory=no_cubes)
    mult: int = 0


class SAState(msgspec.Struct, array_like=True):
    """A whole game.

    Attributes:
        stack: the pending steps (:mod:`.steps`), the last on top; empty once the game is over.
        bag: the draw bag (counts by colour).
        event_deck: Event card ids, index 0 on top; ``drawn``: this round's revealed cards.
        scav_decks / scav_discards: by food cost ``"1"``, ``"2"``, ``"3"``.
        char_deck: face-down Character cards, index 0 on top. ``hospital``: the Solo
            Scenario 2 pile beside the Hospital. ``draft``: the hand being drafted.
        locations: open locations of the Community Map in play -> ``False``; ``True`` once
            crossed out.
        objectives: the face-up Objective cards; ``leader``: who holds the Leader card
            (-1 none); ``instant_by``: who took the Instant card (-1 none).
        wound_pool: Wound tokens in the pool beside the map.
        final_round: the round after whose Event step 1 the game ends.
        ending: solo scenario ending (``""``, ``"1"``, ``"2"``, ``"dead"``).
        bottom: (one player) the draft card set aside for the bottom of the deck.
        events, seq: what happened since the last action (:func:`~zedlab.core.events.emit`).
        content: the digest of the content pack the game is played with.
        leader_rule: ``Config.leader_rule`` (``"printed"`` or ``"highest"``).
    """

    rng: RNG
    players_n: int
    scenario: int
    players: list[Player]
    bag: list[int] = field(default_factory=no_cubes)
    round: int = 1
    first: int = 0
    event_deck: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    scav_decks: dict[str, list[str]] = field(default_factory=dict)
    scav_discards: dict[str, list[str]] = field(default_factory=dict)
    char_deck: list[str] = field(default_factory=list)
    hospital: list[str] = field(default_factory=list)
    draft: list[str] = field(default_factory=list)
    dead_pile: list[str] = field(default_factory=list)
    locations: dict[str, bool] = field(default_factory=dict)
    objectives: list[str] = field(default_factory=list)
    leader: int = -1
    instant_by: int = -1
    wound_pool: int = 24
    screens_up: bool = True
    final_round: int = 6
    ending: str = ""
    found: bool = False
    bottom: str = ""
    stack: list[SAStep] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    seq: int = 0
    content: str = PACKAGED
    leader_rule: str = "printed"


# An independent deep copy, field by field (several times faster than a serialisation
# round trip, which search bots would pay on every sample).
#
# The copy function is generated from the fields' types (:func:`zedlab.core.copier`):
# every mutable field is copied (frozen steps are shared), the frozen events are shared. ``rng``, if given,
# becomes the copy's generator instead of a copy of ``st.rng`` (a sample's fresh one).
# ``tests/games/survive_alive`` checks that the copy encodes as the original does and shares no
# list, dict or mutable object with it.
clone_state = state_cloner(SAState)
