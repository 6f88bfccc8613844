"""The state of a game of Here's Negan: plain dataclasses that msgspec serialises.

Spaces are board space indices (see :mod:`.board`); ``-1`` means "not on the board".
Walkers are interchangeable, so the state keeps only their spaces (standing and prone).
Face-down Walker tokens are kept as ``{space: die}`` (``"red"``, ``"white"``, ``"blue"`` or
``""`` for a false alarm): the die is hidden from every view. Decks are lists of card ids,
the top card last (drawn with ``pop()``).

Source: Here's Negan rulebook, "Components", "The Basics", "Setting Up a Game".
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zedlab.core import RNG
from zedlab.core.copier import copier
from zedlab.core.events import Event

from .steps import HNStep

DECKS = ("event", "room", "negan", "supply")


@dataclass(slots=True)
class Survivor:
    """One Survivor and its Character Card.

    Attributes:
        id: the Survivor's content id (``"dwight"``).
        seat: the player who runs it.
        space: where it stands (-1 before deployment or once removed from play).
        stamina: Stamina points on its track before the skull (from the content).
        damage: Stamina lost; at ``damage >= stamina`` it is Incapacitated (or, Bitten,
            removed from play).
        bitten: its Stamina counter shows the Bite side.
        removed: eliminated by a Bite (replaced by a prone Walker).
        rep: Reputation, 0-20.
        equipped: weapon ids in its two weapon spaces (starting weapons or Supply cards).
        cards: Supply cards held beside the card (unequipped weapons, Special Items).
        plus, minus: +1 / -1 Action tokens held.
        activated: it has taken its activation this round (Activation token).
        taken: Action kinds taken in the current activation.
        jump_failed: a barricade jump failed this activation (no second try).
    """

    id: str
    seat: int
    stamina: int
    space: int = -1
    damage: int = 0
    bitten: bool = False
    removed: bool = False
    rep: int = 0
    equipped: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    plus: int = 0
    minus: int = 0
    activated: bool = False
    taken: list[str] = field(default_factory=list)
    jump_failed: bool = False

    @property
    def incapacitated(self) -> bool:
        """True while it lies Incapacitated (at the skull, not removed)."""
        return not self.removed and self.damage >= self.stamina

    @property
    def in_play(self) -> bool:
        """True while it occupies a space (standing or Incapacitated)."""
        return not self.removed and self.space >= 0

    @property
    def standing(self) -> bool:
        """In play and not Incapacitated."""
        return not self.removed and self.space >= 0 and self.damage < self.stamina


@dataclass(slots=True)
class CampaignGame:
    """One finished game of a Survival Mode campaign (:mod:`.campaign`).

    Attributes:
        scenario: its number; ``result`` ``"win"`` or ``"loss"``; ``reason`` why.
        band: the Game Result band of a win (``"Good Job!"``...), ``""`` for a loss.
        rep: each Survivor's Reputation at the end (by Survivor index).
        top: indices of the Top Dog(s).

    Source: Here's Negan rulebook, "Survival Mode", "Determining the Winner".
    """

    scenario: int
    result: str
    reason: str
    band: str
    rep: list[int]
    top: list[int]


@dataclass(slots=True)
class HNState:
    """The whole game.

    Attributes:
        rng: all chance.
        scenario: 1-12; ``start_survivors`` the Survivors the game began with (2-5).
        players: seats; ``first`` the seat holding the Lucille (First Player) token.
        content: digest of the content pack (``content.BINDER``).
        max_rounds: the round after which the game is lost if not won (designed bound).
        survivors: the Survivors, in the order chosen.
        negan: Negan's space (-1 before he enters play); ``negan_damage`` Stamina lost.
        walkers, prone: spaces of standing and prone Walkers (kept sorted).
        tokens: face-down Walker tokens on the board, ``{space: die}``.
        token_pile, token_discard: the Walker tokens' draw pile and discard pile (dice).
        supplies: spaces of Supply tokens.
        open_doors: ids of doors open (or broken open); ``opened`` rooms opened once (their
            Room card drawn); ``secured`` rooms with the secured side up.
        fire: spaces of fire tokens.
        entry_points: Entry Point markers ``[space, level]``.
        threat: the Threat Tracker, 1-19 (19 = Max).
        round: the round number (1 first); ``phase`` the phase now being played.
        decks, discards: card ids per deck kind (top last).
        lasting: infinity Room cards in play.
        reached: latched conditions (``"exit"``...).
        active: the index of the Survivor acting (-1 none); ``actions`` Actions left to it.
        result: ``""`` while playing, ``"win"`` or ``"loss"``; ``reason`` why.
        stack, events, seq: the flow engine's pending steps and the event log (core).
    """

    rng: RNG
    scenario: int
    start_survivors: int
    players: int
    content: str = "packaged"
    max_rounds: int = 30
    survivors: list[Survivor] = field(default_factory=list)
    negan: int = -1
    negan_damage: int = 0
    walkers: list[int] = field(default_factory=list)
    prone: list[int] = field(default_factory=list)
    tokens: dict[int, str] = field(default_factory=dict)
    token_pile: list[str] = field(default_factory=list)
    token_discard: list[str] = field(default_factory=list)
    supplies: list[int] = field(default_factory=list)
    open_doors: list[int] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)
    secured: list[int] = field(default_factory=list)
    fire: list[int] = field(default_factory=list)
    entry_points: list[tuple[int, str]] = field(default_factory=list)
    threat: int = 1
    first: int = 0
    round: int = 0
    phase: str = "setup"
    decks: dict[str, list[str]] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)
    lasting: list[str] = field(default_factory=list)
    reached: list[str] = field(default_factory=list)
    active: int = -1
    actions: int = 0
    result: str = ""
    reason: str = ""
    stack: list[HNStep] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    seq: int = 0
    # negan_phase: Negan's target point (spaces; any one of them), empty for the board's
    # initial target; later scenarios change it during play.
    negan_target: list[int] = field(default_factory=list)
    repeats: int = 0  # survivor_phase: Actions of this activation that may repeat one (+1 tokens)
    bonus: list[str] = field(default_factory=list)  # survivor_phase: dice added to the next Attack roll
    # walker_phase: Multiple Fights being allocated, Walker space -> Survivor index (-1 Negan)
    fights: dict[int, int] = field(default_factory=dict)
    # walker_phase: rooms made dark by a Pitch Black Room card
    dark: list[int] = field(default_factory=list)
    # fire (view): the last card drawn from each deck, deck -> card id
    last_cards: dict[str, str] = field(default_factory=dict)
    # scenario_rules (s08): gasoline barrels on the board (spaces) and the Survivors
    # (indices) carrying one
    barrels: list[int] = field(default_factory=list)
    carried: list[int] = field(default_factory=list)
    # scenario_rules: what a scenario remembers by name (the round Negan reached the EXIT,
    # barrels deposited, first entries rewarded...)
    marks: dict[str, int] = field(default_factory=dict)
    # common (HN-A55 option): non-zero when doubtful lines of sight are settled by the Action
    # die; the salt from which each round's rolls are drawn (hidden, like the deck orders)
    sight_salt: int = 0
    # campaign: Survival Mode is on (one record plays the scenarios in ``campaign`` in order)
    survival: bool = False
    # campaign: the scenarios of the campaign, in the order played (the current one included)
    campaign: list[int] = field(default_factory=list)
    # campaign: the seat given the First Player token at every set-up (-1: a roll-off each time)
    fixed_first: int = -1
    # campaign: the games finished so far, in order
    games: list[CampaignGame] = field(default_factory=list)
    # campaign: knock-ons of the last game's loss in force for this one ("lost-4"...)
    knock_ons: list[str] = field(default_factory=list)
    # campaign: Reputation each Survivor starts the next game with (by Survivor index)
    carry_rep: list[int] = field(default_factory=list)
    # campaign: +1 Action tokens each Survivor starts the next game with (Top Dog bonus)
    carry_plus: list[int] = field(default_factory=list)


_clone = copier(HNState, rng=RNG.copy)


def clone_state(st: HNState) -> HNState:
    """An independent deep copy, field by field (many times faster than a serialisation
    round trip, which ISMCTS pays on every sample).

    The copy function is generated from the fields' types (:func:`zedlab.core.copier`):
    every mutable field is copied (the RNG by :meth:`RNG.copy`), the frozen events are
    shared. ``tests/games/heres_negan`` checks that the copy encodes as the original and
    shares no list, dict or mutable object with it.
    """
    return _clone(st)
