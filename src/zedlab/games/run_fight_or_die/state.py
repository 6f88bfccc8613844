"""The state of a game of Run, Fight, or Die!: plain dataclasses that msgspec serialises.

Symbols on dice are small ints (see :data:`SYMBOLS`). Zones are 1-3 (1 = "They are on you",
3 = "They see you"); ``Player.zones[z - 1]`` counts the Zombies in Zone ``z``. Decks are
lists of card ids with index 0 on top.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zedlab.core import RNG
from zedlab.core.copier import state_cloner
from zedlab.core.events import Event

from .steps import RFDStep

BAT, GUN, RUN, SEARCH, BOOK, ZOMBIE = range(6)
SYMBOLS = ("bat", "gun", "run", "search", "book", "zombie")
SYMBOL_INDEX = {name: i for i, name in enumerate(SYMBOLS)}

ZOMBIE_MINIATURES = 60
MUTANT_WOUND_TOKENS = 20
SCORING_HEALTH_CAP = 5
DECK_KINDS = ("follower", "location", "event", "loot", "fleeing", "mutant")


@dataclass(slots=True)
class Player:
    """One seat: Character Card, Action Board and what lies beside them.

    Attributes:
        character: character id.
        health: the character's Health (Wounds it can take; death at ``wounds >= health``).
        wounds: Wound tokens on the Character Card.
        zones: Zombies in Zones 1, 2, 3.
        followers: Follower card ids, in the order gained.
        loot: Loot card ids; ``loot_uses[i]`` Wound tokens left on ``loot[i]`` (0 = unlimited
            for a card printed with no uses).
        holds: Event hold cards kept for later; ``hold_turns[i]`` the turn ``holds[i]`` was
            drawn (a hold card is played on a later turn).
        location: the Location in play ("" for none).
        mutant_tokens: Mutant Boss Wound tokens collected (1 VP each).
    """

    character: str
    health: int
    wounds: int = 0
    zones: list[int] = field(default_factory=lambda: [2, 3, 4])
    followers: list[str] = field(default_factory=list)
    loot: list[str] = field(default_factory=list)
    loot_uses: list[int] = field(default_factory=list)
    holds: list[str] = field(default_factory=list)
    hold_turns: list[int] = field(default_factory=list)
    location: str = ""
    mutant_tokens: int = 0
    dead: bool = False
    dog_used: bool = False


@dataclass(slots=True)
class RFDState:
    """The whole game.

    Dice: ``dice[i]`` is the symbol index shown by die ``i`` (the 6th die, when present, is
    the Bonus die); ``selected[i]`` marks a die chosen for the next reroll and ``decided[i]``
    whether its keep-or-reroll choice for this roll is made (each die once per roll).
    ``avail`` holds the unused symbols while actions resolve; ``rolled`` the final roll's
    symbol counts. ``content`` is the digest of the content pack (see ``content.BINDER``);
    ``turn_limit`` the turn after which the game ends (``max_rounds`` x players);
    ``stack`` the pending steps (``steps.py``), top last; ``finished`` is set when the game ends.
    Decks and discard piles hold cards as indices into ``Content.ids[kind]`` (compact to
    copy); ``unshuffled`` lists decks not yet drawn from (shuffled at their first draw).
    """

    rng: RNG
    players: list[Player]
    solo_level: str = ""
    bonus_mandatory: bool = False
    health_capped: bool = False
    content: str = "packaged"
    current: int = 0
    turn: int = 1
    turn_limit: int = 0
    finished: bool = False
    dice: list[int] = field(default_factory=list)
    selected: list[bool] = field(default_factory=list)
    decided: list[bool] = field(default_factory=list)
    bonus_in_roll: bool = False
    event_face: str = ""
    rerolls_left: int = 0
    fled: bool = False
    flee_pending: bool = False
    tinkered: bool = False
    combo_used: bool = False
    combo_ok: bool = False
    all_quiet: bool = False
    no_hunt: bool = False
    location_taken: bool = False
    rolled: list[int] = field(default_factory=lambda: [0] * 6)
    avail: list[int] = field(default_factory=lambda: [0] * 6)
    guns_fired: int = 0
    ignored_zombies: int = 0
    used_followers: list[str] = field(default_factory=list)
    decks: dict[str, list[int]] = field(default_factory=dict)
    discards: dict[str, list[int]] = field(default_factory=dict)
    unshuffled: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    current_event: str = ""
    reserve: int = ZOMBIE_MINIATURES
    mutant_active: bool = False
    mutant_tokens: int = 0
    mutant_supply: int = MUTANT_WOUND_TOKENS
    mutant_seat: int = -1
    declared_by: int = -1
    turns_left: int = -1
    town_line_found: bool = False
    extra_turn: bool = False
    no_locations: bool = False
    stack: list[RFDStep] = field(default_factory=list)
    end_reason: str = ""
    events: list[Event] = field(default_factory=list)
    seq: int = 0


# An independent deep copy, field by field (several times faster than a serialisation
# round trip, which search bots would pay on every sample).
#
# The copy function is generated from the fields' types (:func:`zedlab.core.copier`):
# every mutable field is copied (the lists of steps too; the tuples of an ``Effects`` step are
# shared), the frozen events are shared. ``rng``, if given,
# becomes the copy's generator instead of a copy of ``st.rng`` (a sample's fresh one).
# ``tests/games/run_fight_or_die`` checks that the copy encodes as the original does and shares no
# list, dict or mutable object with it.
clone_state = state_cloner(RFDState)
