"""Content of Here's Negan: dice, Survivors, weapons, reference cards, the Threat Tracker,
component counts and the four decks (Event, Room, Negan Action, Supply).

The TOML files in ``content/`` are validated by the frozen pydantic models below and folded
into a :class:`Content` pack (dicts by id, decks expanded by count). Card effects are
:class:`Effect` steps named from :data:`EFFECTS`; the rules engine runs each by name. The
board tiles and scenario maps in the same folder keep their own loader (``board/maps.py``).

Every error is a :class:`~zedlab.core.ContentError` naming the file, the entry and the field.

Source: Here's Negan rulebook, "Components", "Dice", "Survivors", "Walker Tokens", "Entry
Points", "Cards", "Threat", "The Walker Phase", "Here's Negan!"; public notes section 1;
designed values are recorded in docs/rulings/heres-negan.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml
from zedlab.core.content import CardText, ContentBinder

__all__ = [
    "BINDER",
    "COLOURS",
    "DECK_SIZES",
    "EFFECTS",
    "EFFECT_USE",
    "FILES",
    "SURVIVOR_ABILITIES",
    "Content",
    "Effect",
    "load_content",
]

PACKAGE = "zedlab.games.heres_negan"
FILES = [
    "dice.toml", "survivors.toml", "weapons.toml", "references.toml", "threat.toml",
    "components.toml", "events.toml", "rooms.toml", "negan.toml", "supply.toml",
]
"""The engine content files (a ``--content DIR`` folder holds files of these names)."""

COLOURS = ("red", "white", "blue")
"""The coloured dice ("Dice"); the black Action die is ``action``."""
Colour = Literal["red", "white", "blue"]
LEVELS = ("low", "medium", "high")
"""Entry Point levels, named after the Threat bands ("Entry Points")."""

DECK_SIZES = {"event": 27, "room": 24, "negan": 24, "supply": 24}
"""Cards per deck (rulebook "Components", HN-R007, HN-R024)."""
DECK_FILES = {"event": "events.toml", "room": "rooms.toml", "negan": "negan.toml", "supply": "supply.toml"}
DECK_KEYS = {"event": "event", "room": "room", "negan": "negan", "supply": "supply"}
"""The TOML array name of each deck file (``[[event]]``, ...)."""
WALKER_TOKENS = {"red": 8, "white": 8, "blue": 5, "": 5}
"""Walker tokens by the die printed under them; ``""`` is blank (HN-R020)."""
ENTRY_POINTS = {"low": 3, "medium": 3, "high": 3}
"""Entry Point markers per level (HN-R021)."""
DICE_IN_BOX = 8
"""Dice in the box, all colours together (HN-R013)."""
THREAT_START, THREAT_MAX, THREAT_TOP = 1, 19, 18
"""Threat starts at 1; 19 is Max (the loss); 18 positions carry a Security value (HN-A11)."""

SURVIVOR_ABILITIES = {
    "dwight": "steady-runner",
    "laura": "double-action",
    "john": "bruiser",
    "tara": "close-quarters",
    "sherry": "scavenger",
}
"""Each Survivor's special-rule hook (HN-R043); the engine implements each by name."""

# -- effects -------------------------------------------------------------------------------
EFFECTS: dict[str, tuple[tuple[str, ...], str]] = {
    "spawn": (("level",), "a Walker token on every Entry Point of that level (threat: every "
              "Entry Point up to the current Threat band)"),
    "spawn-nearest": (("level", "count"), "Walker token(s) on the Entry Point of that level "
                      "nearest the chosen (or first) Survivor"),
    "noise": ((), "NOISE from the chosen Survivor (event) or the finder (supply)"),
    "lose-stamina": (("amount",), "the Survivor concerned loses that much Stamina"),
    "lose-rep": (("amount", "die"), "the Survivor concerned loses Rep: the amount or a roll of the die"),
    "gain-rep": (("amount", "die"), "the Survivor concerned gains Rep: the amount or a roll of the die"),
    "action-token": (("delta",), "the Survivor concerned takes a +1 or -1 Action token"),
    "walker-token-here": (("count",), "Walker token(s) placed next to the Survivor concerned"),
    "walkers-in-room": (("amount", "die"), "more Walkers placed from the room's Security token"),
    "breach": ((), "a Low Entry Point is added in the room"),
    "pitch-black": ((), "the room is dark (card stays in play; Scenario 10)"),
    "fire": ((), "a fire token at the Survivor concerned (the opener, for a room)"),
    "kill-walkers": (("die", "range"), "remove up to a roll of the die of Walkers within range and "
                     "sight of Negan, closest first"),
    "rep-nearest": (("amount",), "the Survivor nearest Negan gains (or loses) Rep"),
    "rep-furthest": (("amount",), "the Survivor furthest from Negan gains (or loses) Rep"),
    "rep-all": (("amount",), "every Survivor in play gains (or loses) Rep"),
    "rep-highest": (("amount",), "the highest-Rep Survivor(s) gain (or lose) Rep"),
    "jab-nearest": (("amount",), "the Survivor nearest Negan, within 3 and sight, loses Stamina"),
    "shout": ((), "Negan shouts: NOISE from Negan's space"),
    "action-token-nearest": (("delta",), "the Survivor nearest Negan takes a +1 or -1 Action token"),
    "defense-die": (("die",), "item: always adds the die to the holder's Defense rolls"),
    "heal": (("die",), "item, discard: restore Stamina equal to a roll of the die"),
    "attack-die": (("die",), "item, discard: add the die to one Attack roll"),
    "extra-action": ((), "item, discard: take a +1 Action token"),
    "defense-bonus": (("die",), "item, discard when Walkers attack: add the die to that Defense roll"),
    "toolkit": ((), "item: +1 to a Generator repair; may re-roll a failed Break and Enter"),
    "wrench": ((), "item: +1 to a Generator repair; Break and Enter with it makes no NOISE"),
}
"""Effect name -> (fields it takes, meaning). A field pair ``("amount", "die")`` takes exactly
one of the two; ``count`` is optional (default 1); every other listed field is required."""

_SURVIVOR_EVENT = ("noise", "lose-stamina", "lose-rep", "gain-rep", "action-token", "walker-token-here", "fire")
EFFECT_USE: dict[str, frozenset[str]] = {
    "event": frozenset({"spawn", "spawn-nearest", *_SURVIVOR_EVENT}),
    "room": frozenset({"walkers-in-room", "breach", "pitch-black", "fire"}),
    "negan": frozenset({"kill-walkers", "rep-nearest", "rep-furthest", "rep-all", "rep-highest",
                        "jab-nearest", "shout", "action-token-nearest"}),
    "item": frozenset({"defense-die", "heal", "attack-die", "extra-action", "toolkit", "wrench",
                       "defense-bonus"}),
    "incident": frozenset({"spawn-nearest", *_SURVIVOR_EVENT}),
    "weapon": frozenset(),
}
"""Which effects each kind of card may carry (a supply card by its ``kind``)."""
NEEDS_CHOSEN = frozenset(_SURVIVOR_EVENT)
"""Event effects that act on a Survivor: the card must say 'Choose a Survivor' (HN-R201)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(_Strict):
    """One step of a card's rules: ``{effect = "<name>", ...}`` with the fields it takes."""

    effect: str
    amount: int | None = Field(default=None, ge=-5, le=5)
    die: Colour | None = None
    level: Literal["low", "medium", "high", "threat"] | None = None
    range: int | None = Field(default=None, ge=1, le=10)
    delta: Literal[-1, 1] | None = None
    count: int | None = Field(default=None, ge=1, le=3)

    @field_validator("effect")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in EFFECTS:
            raise ValueError(f"unknown effect {v!r}; known: {', '.join(sorted(EFFECTS))}")
        return v

    @model_validator(mode="after")
    def _fields_fit(self) -> Effect:
        takes, _ = EFFECTS[self.effect]
        given = [f for f in ("amount", "die", "level", "range", "delta", "count") if getattr(self, f) is not None]
        for f in given:
            if f not in takes:
                what = ", ".join(takes) or "no fields"
                raise ValueError(f"field {f!r}: effect {self.effect!r} does not take it (it takes {what})")
        if takes == ("amount", "die"):
            if len(given) != 1:
                raise ValueError(f"field 'amount'/'die': effect {self.effect!r} takes exactly one of amount or die")
        else:
            for f in takes:
                if f != "count" and f not in given:
                    raise ValueError(f"field {f!r}: effect {self.effect!r} needs it")
        if self.amount is not None:
            signed = self.effect.startswith("rep-")
            if self.amount == 0 or (not signed and self.amount < 0):
                need = "a non-zero amount (+ gains, - loses)" if signed else "an amount of 1 or more"
                raise ValueError(f"field 'amount': effect {self.effect!r} needs {need}, not {self.amount}")
        return self

    def value(self) -> int | str:
        """The amount or die of an ``amount | die`` effect (a die is rolled by the engine)."""
        return self.die if self.die is not None else (self.amount or 0)


class _Entry(ContentEntry):
    """Every entry here has a short paraphrased ``text`` for people."""

    text: CardText

    @model_validator(mode="after")
    def _designed_says_why(self) -> _Entry:
        if self.source != "rulebook" and not self.note.strip():
            raise ValueError(f"field 'note': a {self.source!r} entry needs a note saying where it comes from or why")
        return self


# -- dice, Survivors, weapons ------------------------------------------------------------
_FACE = r"^(0|1|2|3)!?$"


class Die(_Entry):
    """A die: six faces. Coloured: ``"0"``-``"3"`` hits, ``"!"`` appended for a bang.
    Action die: ``"star"`` / ``"blank"``."""

    id: Literal["red", "white", "blue", "action"]
    faces: list[str] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _faces_fit(self) -> Die:
        import re

        if self.id == "action":
            bad = [f for f in self.faces if f not in ("star", "blank")]
            if bad:
                raise ValueError(f"field 'faces': the Action die shows 'star' or 'blank', not {bad[0]!r}")
            if self.faces.count("star") != 3:
                raise ValueError("field 'faces': the Action die has three stars and three blanks (rulebook 'Dice')")
        else:
            bad = [f for f in self.faces if not re.match(_FACE, f)]
            if bad:
                raise ValueError(f"field 'faces': {bad[0]!r} is not a face; use '0'-'3' hits, with '!' for a bang ('2!')")
            if not any(f.endswith("!") for f in self.faces):
                raise ValueError(f"field 'faces': the {self.id} die needs a bang face (rulebook 'Dice'; HN-A21)")
        return self


class Weapon(_Entry):
    """A weapon: Fight or Shoot, the dice it adds, its range, Bulky and NOISE."""

    attack: Literal["fight", "shoot"]
    dice: list[Colour] = Field(max_length=3)
    min_range: int = Field(default=1, ge=1, le=12)
    max_range: int = Field(default=1, ge=1, le=12)
    bulky: bool = False
    noise: bool = False

    @model_validator(mode="after")
    def _range_fits(self) -> Weapon:
        _check_weapon(self.attack, self.min_range, self.max_range)
        return self


def _check_weapon(attack: str | None, lo: int | None, hi: int | None) -> None:
    if attack == "fight" and (lo, hi) != (1, 1):
        bad = "min_range" if lo != 1 else "max_range"
        raise ValueError(f"field {bad!r}: a Fight weapon reaches adjacent spaces only; min_range and max_range are 1")
    if attack == "shoot" and lo is not None and hi is not None and lo > hi:
        raise ValueError(f"field 'min_range': {lo} is beyond max_range {hi}")


class Survivor(_Entry):
    """A Survivor card: dice, Stamina, move, starting weapons and the special-rule hook."""

    id: Literal["dwight", "laura", "john", "tara", "sherry"]
    count: int = Field(default=1, ge=1, le=1)
    fight: list[Colour] = Field(min_length=1, max_length=3)
    shoot: list[Colour] = Field(max_length=3)
    defense: list[Colour] = Field(min_length=1, max_length=2)
    stamina: int = Field(ge=3, le=10)
    move: int = Field(ge=1, le=5)
    weapons: list[str] = Field(min_length=1, max_length=2)
    ability: str
    ability_text: CardText

    @model_validator(mode="after")
    def _ability_fits(self) -> Survivor:
        want = SURVIVOR_ABILITIES[self.id]
        if self.ability != want:
            raise ValueError(f"field 'ability': {self.id}'s special rule hook is {want!r}, not {self.ability!r}")
        return self


# -- references, threat, components -------------------------------------------------------
class WalkerRef(_Entry):
    """The Walker Reference card: Fight and Defense dice, the attack die per Walker, the
    Outnumbered cap, movement."""

    fight: list[Colour] = Field(min_length=1)
    defense: list[Colour] = Field(min_length=1)
    attack: Colour
    max_attack_dice: int = Field(ge=1, le=12)
    move: int = Field(ge=1, le=5)
    token_move: int = Field(ge=1, le=5)


class NeganRef(_Entry):
    """The Negan Reference card: Stamina and the ranges and dice of his rules."""

    stamina: int = Field(ge=1, le=15)
    call_move: int = Field(ge=1, le=6)
    call_range: int = Field(ge=1, le=10)
    rage_range: int = Field(ge=1, le=10)
    kill_die: Colour
    rage_rep_die: Colour


class Band(_Strict):
    """A Threat band: positions ``low``-``high``; ``entry`` is the Entry Point level it opens."""

    name: str = Field(min_length=1)
    low: int = Field(ge=1, le=THREAT_TOP)
    high: int = Field(ge=1, le=THREAT_TOP)
    entry: Literal["", "low", "medium", "high"] = ""


class Threat(_Entry):
    """The Threat Tracker: start, Max, the bands and the Security value of each position."""

    start: int = Field(ge=1, le=THREAT_TOP)
    max: int = Field(ge=2, le=THREAT_MAX)
    bands: list[Band] = Field(min_length=1)
    security: list[int] = Field(min_length=THREAT_TOP, max_length=THREAT_TOP)

    @field_validator("security")
    @classmethod
    def _values(cls, v: list[int]) -> list[int]:
        for i, s in enumerate(v, 1):
            if not 1 <= s <= 9:
                raise ValueError(f"Security value {s} at Threat {i}: use 1-9")
        return v

    @model_validator(mode="after")
    def _bands_fit(self) -> Threat:
        nxt = 1
        for b in self.bands:
            if b.low != nxt or b.high < b.low:
                raise ValueError(
                    f"field 'bands': band {b.name!r} runs {b.low}-{b.high}; the bands must run on from {nxt} without gaps"
                )
            nxt = b.high + 1
        if nxt != self.max:
            raise ValueError(f"field 'bands': the bands end at {nxt - 1}; they must cover 1-{self.max - 1} (Max is {self.max})")
        return self


class EntryPoints(_Strict):
    low: int = Field(ge=0)
    medium: int = Field(ge=0)
    high: int = Field(ge=0)


class Components(_Entry):
    """Counts of the box's pieces that the rules cap (rulebook "Components")."""

    walkers: int = Field(ge=1)
    fire: int = Field(ge=1)
    supply_tokens: int = Field(ge=1)
    action_tokens: int = Field(ge=1)
    activation_tokens: int = Field(ge=1)
    stamina_counters: int = Field(ge=1)
    barricades: int = Field(ge=0)
    barrels: int = Field(ge=0)
    doors: int = Field(ge=0)
    locked_doors: int = Field(ge=0)
    security_tokens: int = Field(ge=0)
    air_ducts: int = Field(ge=0)
    reputation_clips: int = Field(ge=1)
    tiles: int = Field(ge=1)
    entry_points: EntryPoints


class WalkerToken(_Entry):
    """A kind of Walker token: the die printed under it (``""`` blank)."""

    die: Literal["", "red", "white", "blue"]


# -- cards ---------------------------------------------------------------------------------
class Card(_Entry):
    count: int = Field(default=1, ge=1, le=27)
    effects: list[Effect] = []


_THREAT_ICON = r"^(|[+-]([1-9]|red|white|blue))$"


class EventCard(Card):
    """An Event card: Threat icon, NOISE banner, 'Choose a Survivor', effects in order."""

    threat: str = Field(default="", pattern=_THREAT_ICON)
    noise: bool = False
    choose: bool = False

    @model_validator(mode="after")
    def _fits(self) -> EventCard:
        names = [e.effect for e in self.effects]
        if self.noise != ("noise" in names):
            raise ValueError("field 'noise': the NOISE banner and a 'noise' effect go together (one marks the other)")
        needs = sorted(NEEDS_CHOSEN.intersection(names))
        if needs and not self.choose:
            raise ValueError(f"field 'choose': effect {needs[0]!r} acts on a Survivor; the card must 'Choose a Survivor'")
        if self.choose and not needs and "spawn-nearest" not in names:
            raise ValueError("field 'choose': nothing on the card acts on the chosen Survivor")
        return self


class RoomCard(Card):
    """A Room card: Walkers placed from the Security token, Supply tokens, infinity."""

    walkers: str = Field(default="", pattern=r"^(|[1-9]|red|white|blue)$")
    supplies: int = Field(ge=0, le=8)
    infinity: bool = False

    @model_validator(mode="after")
    def _fits(self) -> RoomCard:
        if any(e.effect == "pitch-black" for e in self.effects) and not self.infinity:
            raise ValueError("field 'infinity': a 'pitch-black' card stays in play; set infinity = true")
        return self


class NeganCard(Card):
    """A Negan Action card: his movement first, then the effects."""

    move: int = Field(ge=2, le=5)
    noise: bool = False

    @model_validator(mode="after")
    def _fits(self) -> NeganCard:
        if self.noise != any(e.effect == "shout" for e in self.effects):
            raise ValueError("field 'noise': the NOISE banner and a 'shout' effect go together")
        return self


class SupplyCard(Card):
    """A Supply card: a Weapon (with weapon fields), a Special Item or an Incident."""

    kind: Literal["weapon", "item", "incident"]
    attack: Literal["fight", "shoot"] | None = None
    dice: list[Colour] | None = Field(default=None, max_length=3)
    min_range: int | None = Field(default=None, ge=1, le=12)
    max_range: int | None = Field(default=None, ge=1, le=12)
    bulky: bool = False
    noise: bool = False

    @model_validator(mode="after")
    def _fits(self) -> SupplyCard:
        weaponish = {"attack": self.attack, "dice": self.dice, "min_range": self.min_range,
                     "max_range": self.max_range}
        if self.kind == "weapon":
            for f in ("attack", "dice"):
                if weaponish[f] is None:
                    raise ValueError(f"field {f!r}: a weapon card needs it")
            if self.attack == "shoot" and (self.min_range is None or self.max_range is None):
                raise ValueError("field 'max_range': a Shoot weapon needs min_range and max_range")
            lo = 1 if self.min_range is None else self.min_range
            hi = 1 if self.max_range is None else self.max_range
            _check_weapon(self.attack, lo, hi)
            if self.effects:
                raise ValueError("field 'effects': a weapon card works by its dice, range and keywords; it has no effects")
        else:
            for f, v in weaponish.items():
                if v is not None:
                    raise ValueError(f"field {f!r}: only a weapon card has it; this card is {self.kind!r}")
            if self.bulky:
                raise ValueError(f"field 'bulky': only a weapon card is Bulky; this card is {self.kind!r}")
            if not self.effects:
                raise ValueError(f"field 'effects': an {self.kind} card needs effects")
            if self.noise != any(e.effect == "noise" for e in self.effects):
                raise ValueError("field 'noise': the NOISE banner and a 'noise' effect go together")
        return self

    def weapon(self) -> Weapon | None:
        """The card as a :class:`Weapon` (``None`` unless it is one)."""
        if self.kind != "weapon" or self.attack is None:
            return None
        return Weapon(
            id=self.id, name=self.name, count=self.count, source=self.source, note=self.note,
            text=self.text, attack=self.attack, dice=list(self.dice or ()),
            min_range=self.min_range or 1, max_range=self.max_range or 1,
            bulky=self.bulky, noise=self.noise,
        )


# -- files ---------------------------------------------------------------------------------
class DiceFile(ContentFile):
    die: list[Die]


class SurvivorsFile(ContentFile):
    survivor: list[Survivor]


class WeaponsFile(ContentFile):
    weapon: list[Weapon]


class ActionText(_Entry):
    """A Survivor Action's short text, shown beside the options that name it (rulebook
    "Actions", "Other Actions")."""


class ReferencesFile(ContentFile):
    walker: WalkerRef
    negan: NeganRef
    action: list[ActionText] = []


class ThreatFile(ContentFile):
    threat: Threat


class ComponentsFile(ContentFile):
    components: Components
    walker_token: list[WalkerToken]


class EventsFile(ContentFile):
    event: list[EventCard]


class RoomsFile(ContentFile):
    room: list[RoomCard]


class NeganFile(ContentFile):
    negan: list[NeganCard]


class SupplyFile(ContentFile):
    supply: list[SupplyCard]


DECK_MODELS: dict[str, type[ContentFile]] = {
    "event": EventsFile, "room": RoomsFile, "negan": NeganFile, "supply": SupplyFile,
}

Face = tuple[int, bool]
"""A die face as ``(hits, bang)``; the Action die's star is ``(1, False)``, blank ``(0, False)``."""


@dataclass(frozen=True)
class Content:
    """Every component by id, the decks expanded by count (ids repeated), and die faces."""

    dice: dict[str, Die]
    survivors: dict[str, Survivor]
    weapons: dict[str, Weapon]
    events: dict[str, EventCard]
    rooms: dict[str, RoomCard]
    negan: dict[str, NeganCard]
    supply: dict[str, SupplyCard]
    walker_tokens: tuple[str, ...]
    """The 26 Walker tokens as die strings (``""`` blank), in file order."""
    threat: Threat
    walker: WalkerRef
    negan_ref: NeganRef
    components: Components
    event_deck: tuple[str, ...]
    room_deck: tuple[str, ...]
    negan_deck: tuple[str, ...]
    supply_deck: tuple[str, ...]
    faces: dict[str, tuple[Face, ...]]
    actions: dict[str, ActionText] = field(default_factory=dict)
    """The Survivor Actions' short texts by id (``[[action]]`` of references.toml)."""
    digest: str = "packaged"
    """Set by :data:`BINDER` when the pack is loaded: states name their pack by it."""

    def die(self, colour: str) -> tuple[Face, ...]:
        """The six faces of a die (``red``, ``white``, ``blue`` or ``action``) as ``(hits, bang)``.

        Raises:
            KeyError: for a colour that is no die (naming the dice there are).
        """
        try:
            return self.faces[colour]
        except KeyError:
            raise KeyError(f"no die {colour!r}; the dice are {', '.join(self.faces)}") from None

    def security(self, threat: int) -> int:
        """The Security value at a Threat position 1-18 (HN-R110)."""
        return self.threat.security[min(max(threat, 1), THREAT_TOP) - 1]

    def band(self, threat: int) -> Band | None:
        """The Threat band holding ``threat`` (``None`` at Max or beyond)."""
        for b in self.threat.bands:
            if b.low <= threat <= b.high:
                return b
        return None

    def card_texts(self) -> dict[str, str]:
        """Name -> short text of every die, Survivor (with the special rule), weapon, Event,
        Room, Negan and Supply card and reference card."""
        texts: dict[str, str] = {}
        groups: list[dict[str, Any]] = [self.dice, self.weapons, self.events, self.rooms, self.negan, self.supply]
        for group in groups:
            for entry in group.values():
                texts[entry.name] = entry.text
        for ref in (self.walker, self.negan_ref, self.threat, *self.actions.values()):
            texts[ref.name] = ref.text
        for sv in self.survivors.values():
            texts[sv.name] = f"{sv.text} {sv.ability_text}"
        return texts

    def deck(self, kind: str) -> tuple[str, ...]:
        """The full deck of ``kind`` (``event``, ``room``, ``negan`` or ``supply``)."""
        return {"event": self.event_deck, "room": self.room_deck,
                "negan": self.negan_deck, "supply": self.supply_deck}[kind]


def _face(text: str) -> Face:
    if text in ("star", "blank"):
        return (1 if text == "star" else 0, False)
    return (int(text.rstrip("!")), text.endswith("!"))


def load_content(override: str | Path | None = None) -> Content:
    """The content pack of ``override`` (``None``: the packaged files), loaded once per digest.

    Raises:
        ContentError: naming the file, entry and field of what is wrong.
    """
    return BINDER.load(override)  # type: ignore[no-any-return]


def _load(override: Path | None) -> Content:
    """Load every file and cross-check counts and references between them."""
    paths = {name: content_path(PACKAGE, name, override) for name in FILES}

    def load(name: str, model: type[Any]) -> Any:
        return load_toml(paths[name], model)

    def fail(name: str, where: str, message: str) -> ContentError:
        return ContentError(f"{paths[name]}: {where}: {message}")

    dice = {d.id: d for d in load("dice.toml", DiceFile).die}
    missing = [c for c in (*COLOURS, "action") if c not in dice]
    if missing:
        raise fail("dice.toml", f"[die] entry {missing[0]!r} field 'id'", "missing; the dice are red, white, blue and action")
    total = sum(d.count for d in dice.values())
    if total != DICE_IN_BOX:
        raise fail("dice.toml", "[die] all entries field 'count'", f"the dice add up to {total}; the box holds {DICE_IN_BOX} (HN-R013)")

    weapons = {w.id: w for w in load("weapons.toml", WeaponsFile).weapon}
    survivors = {s.id: s for s in load("survivors.toml", SurvivorsFile).survivor}
    for sid in SURVIVOR_ABILITIES:
        if sid not in survivors:
            raise fail("survivors.toml", f"[survivor] entry {sid!r} field 'id'", "missing; the Survivors are "
                       + ", ".join(SURVIVOR_ABILITIES))
    for sid, s in survivors.items():
        for wid in s.weapons:
            if wid not in weapons:
                raise fail("survivors.toml", f"[survivor] entry {sid!r} field 'weapons'",
                           f"no weapon {wid!r} in weapons.toml (it has {', '.join(weapons)})")
        if not s.shoot and any(weapons[w].attack == "shoot" for w in s.weapons):
            raise fail("survivors.toml", f"[survivor] entry {sid!r} field 'weapons'",
                       "a Survivor with no Shoot dice cannot start with a Shoot weapon")

    refs = load("references.toml", ReferencesFile)
    threat = load("threat.toml", ThreatFile).threat
    if (threat.start, threat.max) != (THREAT_START, THREAT_MAX):
        raise fail("threat.toml", f"[threat] entry {threat.id!r} field 'start'",
                   f"Threat runs from {THREAT_START} to Max {THREAT_MAX} (HN-R108, HN-A11), not {threat.start}-{threat.max}")

    comp_file = load("components.toml", ComponentsFile)
    comps = comp_file.components
    eps = comps.entry_points.model_dump()
    if eps != ENTRY_POINTS:
        raise fail("components.toml", f"[components] entry {comps.id!r} field 'entry_points'",
                   f"{eps}; the box has 3 Entry Points of each level (HN-R021)")
    tokens: list[str] = []
    by_die: dict[str, int] = {}
    for t in comp_file.walker_token:
        tokens.extend([t.die] * t.count)
        by_die[t.die] = by_die.get(t.die, 0) + t.count
    if by_die != WALKER_TOKENS:
        shown = {k or "blank": v for k, v in by_die.items()}
        raise fail("components.toml", "[walker_token] all entries field 'count'",
                   f"tokens by die {shown}; the box has 26: 8 red, 8 white, 5 blue, 5 blank (HN-R020)")

    decks: dict[str, dict[str, Any]] = {}
    expanded: dict[str, tuple[str, ...]] = {}
    for kind, fname in DECK_FILES.items():
        key = DECK_KEYS[kind]
        cards = {c.id: c for c in getattr(load(fname, DECK_MODELS[kind]), key)}
        for cid, card in cards.items():
            use = EFFECT_USE[card.kind] if kind == "supply" else EFFECT_USE[kind]
            for i, e in enumerate(card.effects, 1):
                if e.effect not in use:
                    what = f"a {card.kind} card" if kind == "supply" else f"an {kind} card" if kind == "event" else f"a {kind} card"
                    raise fail(fname, f"[{key}] entry {cid!r} field 'effects' entry #{i}",
                               f"effect {e.effect!r} is not for {what}; use one of {', '.join(sorted(use)) or 'none'}")
        deck = tuple(cid for cid, card in cards.items() for _ in range(card.count))
        if len(deck) != DECK_SIZES[kind]:
            raise fail(fname, f"[{key}] all entries field 'count'",
                       f"the entries add up to {len(deck)} cards; the rulebook's deck has {DECK_SIZES[kind]}")
        decks[kind], expanded[kind] = cards, deck
    for needed in ("pitch-black", "breach"):
        if needed not in decks["room"]:
            raise fail("rooms.toml", f"[room] entry {needed!r} field 'id'",
                       "missing; the rulebook names the Pitch Black and Breach Room cards")

    return Content(
        dice=dice, survivors=survivors, weapons=weapons, events=decks["event"], rooms=decks["room"],
        negan=decks["negan"], supply=decks["supply"], walker_tokens=tuple(tokens), threat=threat,
        walker=refs.walker, negan_ref=refs.negan, components=comps,
        event_deck=expanded["event"], room_deck=expanded["room"], negan_deck=expanded["negan"],
        supply_deck=expanded["supply"],
        faces={d.id: tuple(_face(f) for f in d.faces) for d in dice.values()},
        actions={a.id: a for a in refs.action},
    )


BINDER = ContentBinder("heres-negan", PACKAGE, FILES, _load)
"""The game's content packs by digest: ``BINDER(state.content)`` is a state's pack."""
