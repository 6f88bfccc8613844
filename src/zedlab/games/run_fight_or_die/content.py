"""Content models and loading for Run, Fight, or Die! (dice, characters and the six decks).

Every TOML entry is validated on load; card effects become tuples ``(name, n, zone)`` that
the rules run through :func:`zedlab.games.run_fight_or_die.effects.run_effect`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml
from zedlab.core.content import CardText, ContentBinder

PACKAGE = "zedlab.games.run_fight_or_die"

EffectName = Literal[
    "heal", "wound", "add-zombies", "kill", "kill-any", "push-back", "push-back-any",
    "advance-any", "clear-any", "draw-loot", "draw-event", "draw-follower", "draw-location",
    "summon-mutant", "extra-reroll", "bonus-die", "no-hunt", "others-add-zombies",
    "all-add-zombies", "lose-follower", "mutant-regen", "drop-loot-or-wound",
    "bonus-die-wound", "reroll-zombies",
]
Symbol = Literal["bat", "gun", "run", "search", "book", "zombie"]
EffectT = tuple[str, int, int]
"""One effect step: ``(name, n, zone)``; zone 0 when the effect has none; n=99 means all."""

ZONED_EFFECTS = frozenset({"add-zombies", "kill", "push-back", "others-add-zombies", "all-add-zombies"})
"""Effects that act on one Zone (``zone`` 1-3); every other effect has no Zone."""
COUNTED_EFFECTS = ZONED_EFFECTS | {
    "heal", "wound", "draw-loot", "draw-event", "draw-follower", "extra-reroll", "kill-any",
    "advance-any", "push-back-any", "mutant-regen", "bonus-die-wound",
}
"""Effects that use ``n``; the others happen once (``n`` must stay 1)."""
# Faces the rules know, per die. Source: rulebook, "Action Dice Icons" and "Event Die Actions".
EVENT_FACES = ("all-quiet", "ambush", "amulet", "charge", "nurse", "zombies-rise")
SYMBOLS = ("bat", "gun", "run", "search", "book", "zombie")
DICE_RULES = {"action": (5, SYMBOLS), "bonus": (1, SYMBOLS), "event": (1, EVENT_FACES)}
"""Die id -> (dice of it rolled by the rules, faces it may show). Source: "Components"."""


class Effect(BaseModel):
    """One step of a card effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: EffectName
    n: int = Field(default=1, ge=1, le=99)
    zone: int = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _fits_effect(self) -> Effect:
        if self.name in ZONED_EFFECTS and self.zone == 0:
            raise ValueError(f"zone: {self.name!r} needs a Zone (1-3)")
        if self.name not in ZONED_EFFECTS and self.zone != 0:
            raise ValueError(f"zone: {self.name!r} acts on no Zone; leave zone out")
        if self.name not in COUNTED_EFFECTS and self.n != 1:
            raise ValueError(f"n: {self.name!r} happens once; leave n out")
        return self

    def as_tuple(self) -> EffectT:
        return (self.name, self.n, self.zone)


class Die(ContentEntry):
    faces: list[str] = Field(min_length=6, max_length=6)

    @model_validator(mode="after")
    def _known_die(self) -> Die:
        rule = DICE_RULES.get(self.id)
        if rule is None:
            raise ValueError(f"id: no die {self.id!r} in the rules; use action, bonus or event")
        count, faces = rule
        if self.count != count:
            raise ValueError(f"count: the rules roll {count} {self.id} di{'ce' if count > 1 else 'e'}, not {self.count}")
        for face in self.faces:
            if face not in faces:
                raise ValueError(f"faces: unknown face {face!r} on the {self.id} die; use {', '.join(faces)}")
        return self


class Character(ContentEntry):
    health: int = Field(ge=1, le=10)
    ability: Literal["throw-bat", "sure-shot", "popular", "tracker", "tinker", "scholar"]
    ability_text: CardText
    combo: list[Symbol] = Field(min_length=2, max_length=5)
    combo_text: CardText
    combo_effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _one_card(self) -> Character:
        if self.count != 1:
            raise ValueError(f"count: each Character Card exists once, not {self.count}")
        return self


class Card(ContentEntry):
    # No deck of the component list holds more than 25 cards: a bigger count is refused
    # here, before any deck is built from it.
    count: int = Field(default=1, ge=0, le=25)
    text: CardText
    effects: list[Effect] = []


class Follower(Card):
    vp: int = Field(ge=0, le=10)
    symbol: Literal["bonus", "penalty", "special"]
    timing: Literal["action", "start", "hunt", "passive", "none"]
    needs: Symbol | Literal[""] = ""
    needs_count: int = Field(default=0, ge=0, le=6)
    modifier: Literal["", "reroll-minus-1", "weak-bat", "search-minus-1", "shy", "dog"] = ""

    @model_validator(mode="after")
    def _timing_fits(self) -> Follower:
        if (self.needs == "") != (self.needs_count == 0):
            raise ValueError("needs, needs_count: give both (a symbol and 1 or more) or neither")
        if self.needs and self.timing != "action":
            raise ValueError(f"needs: only an 'action' Follower checks the dice, this one is {self.timing!r}")
        if self.timing in ("action", "start", "hunt") and not self.effects:
            raise ValueError(f"effects: a Follower with timing {self.timing!r} needs effects")
        if self.timing in ("passive", "none") and self.effects:
            raise ValueError(f"effects: a Follower with timing {self.timing!r} never runs effects")
        return self


class Location(Card):
    special: Literal["", "town-line"] = ""
    now: list[Effect] = []
    next: list[Effect] = []

    @model_validator(mode="after")
    def _now_or_next(self) -> Location:
        if self.effects:
            raise ValueError("effects: a Location's effects go in 'now' or 'next'")
        if self.special == "town-line" and (self.now or self.next):
            raise ValueError("special: the Town Line ends the game or is reshuffled; it takes no now/next effects")
        return self


class Loot(Card):
    uses: int = Field(ge=0, le=3)
    timing: Literal["action", "reroll", "passive"]
    on_draw: list[Effect] = []

    @model_validator(mode="after")
    def _uses_fit(self) -> Loot:
        if self.timing == "passive":
            if self.uses != 0:
                raise ValueError("uses: a passive Loot Card is never used up; uses must be 0")
            if self.effects:
                raise ValueError("effects: a passive Loot Card is never used; put effects in 'on_draw'")
        else:
            if self.uses == 0:
                raise ValueError(f"uses: a Loot Card used in the {self.timing!r} window needs 1-3 uses")
            if not self.effects:
                raise ValueError(f"effects: a Loot Card used in the {self.timing!r} window needs effects")
        return self


class Event(Card):
    kind: Literal["immediate", "hold", "current"]
    timing: Literal["action", "reroll"] = "action"
    condition: Literal["", "no-location", "wounded", "zone1"] = ""
    hunt_delta: int = Field(default=0, ge=-3, le=10)
    reroll_delta: int = Field(default=0, ge=-3, le=3)
    reset: Literal["new-event", "new-current"] = "new-event"

    @model_validator(mode="after")
    def _kind_fits(self) -> Event:
        if self.kind != "hold" and (self.timing != "action" or self.condition):
            raise ValueError(f"timing, condition: only a 'hold' Event is played later, this one is {self.kind!r}")
        if self.kind != "current" and (self.hunt_delta or self.reroll_delta or self.reset != "new-event"):
            raise ValueError(f"hunt_delta, reroll_delta, reset: only a 'current' Event has them, this one is {self.kind!r}")
        if self.kind == "current" and self.effects:
            raise ValueError("effects: a 'current' Event changes the Hunt and rerolls only; it runs no effects")
        if self.kind != "current" and not self.effects:
            raise ValueError(f"effects: an Event of kind {self.kind!r} needs effects")
        if self.kind == "immediate" and any(e.name == "draw-event" for e in self.effects):
            # Each would draw the next at once: a pack of them never ends a turn.
            raise ValueError("effects: an 'immediate' Event cannot draw an Event (the draws could chain for ever)")
        return self


class MutantCard(Card):
    solo_effects: list[Effect] | None = None


class EventFace(BaseModel):
    """An Event die result: its name as printed and its short text."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str = Field(min_length=1)
    source: Literal["rulebook", "public", "designed"]
    text: CardText


class DiceFile(ContentFile):
    dice: list[Die]
    event_faces: list[EventFace]


class CharactersFile(ContentFile):
    characters: list[Character]


class FollowersFile(ContentFile):
    followers: list[Follower]


class LocationsFile(ContentFile):
    locations: list[Location]


class LootFile(ContentFile):
    loot: list[Loot]


class EventsFile(ContentFile):
    events: list[Event]


class FleeingFile(ContentFile):
    fleeing: list[Card]


class MutantFile(ContentFile):
    mutant: list[MutantCard]


# The rulebook's component list: the number of cards in each deck.
DECK_SIZES = {"follower": 25, "location": 18, "loot": 16, "event": 16, "fleeing": 16, "mutant": 24}
DECK_FILES = {
    "follower": "followers.toml", "location": "locations.toml", "loot": "loot.toml",
    "event": "events.toml", "fleeing": "fleeing.toml", "mutant": "mutant.toml",
}


@dataclass(slots=True)
class Content:
    """Every component, by id. ``decks[kind]`` is the full card list (copies repeated)."""

    action_faces: tuple[str, ...]
    bonus_faces: tuple[str, ...]
    event_faces: tuple[str, ...]
    characters: dict[str, Character]
    followers: dict[str, Follower]
    locations: dict[str, Location]
    loot: dict[str, Loot]
    events: dict[str, Event]
    fleeing: dict[str, Card]
    mutant: dict[str, MutantCard]
    decks: dict[str, list[str]] = field(default_factory=dict)
    effects: dict[str, tuple[EffectT, ...]] = field(default_factory=dict)
    """Card effects by ``"<deck>:<id>[:part]"`` key, pre-converted to tuples."""
    ids: dict[str, list[str]] = field(default_factory=dict)
    """Distinct card ids per deck kind; the state stores a card in a deck as its index here."""
    index: dict[str, dict[str, int]] = field(default_factory=dict)
    deck_indices: dict[str, list[int]] = field(default_factory=dict)
    """The full deck of each kind as card indices (copies repeated)."""
    summoners: frozenset[str] = frozenset()
    """Ids of cards that summon the Mutant (removed below solo TOO HARD)."""
    action_symbols: tuple[int, ...] = ()
    bonus_symbols: tuple[int, ...] = ()
    """The Action and Bonus die faces as symbol indices (``state.SYMBOLS``)."""
    combo_need: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Symbols each character's Dice Combo needs, counted per symbol index."""
    texts: dict[str, str] = field(default_factory=dict)
    """Every card, character and Event die result name -> its short text (``card_texts``)."""
    digest: str = "packaged"
    """Set by :data:`BINDER` when the pack is loaded: states name their pack by it."""


def _effects(items: list[Effect] | None) -> tuple[EffectT, ...]:
    return tuple(e.as_tuple() for e in items or ())


def _by_id(entries: list, kind: str) -> dict:
    return {e.id: e for e in entries}


FILES = ["dice.toml", "characters.toml", *DECK_FILES.values()]


def load_content(override: str | Path | None = None) -> Content:
    """The content pack of ``override`` (``None``: the packaged files), loaded once per
    digest by :data:`BINDER`.

    Raises:
        ContentError: a file is invalid, or a deck's card count differs from the rulebook's.
    """
    return BINDER.load(override)  # type: ignore[no-any-return]


def _load(override: Path | None) -> Content:
    """Load and cross-check all content files (packaged, or from ``override`` directory).

    Raises:
        ContentError: a file is invalid, or a deck's card count differs from the rulebook's.
    """
    def load(name: str, model: type) -> object:
        return load_toml(content_path(PACKAGE, name, Path(override) if override else None), model)

    dice_file = load("dice.toml", DiceFile)
    dice = {d.id: d for d in dice_file.dice}  # type: ignore[attr-defined]
    for needed in ("action", "bonus", "event"):
        if needed not in dice:
            raise ContentError(f"dice.toml: entry {needed!r} is missing (field 'id'); the dice are action, bonus and event")
    content = Content(
        action_faces=tuple(dice["action"].faces),
        bonus_faces=tuple(dice["bonus"].faces),
        event_faces=tuple(dice["event"].faces),
        characters=_by_id(load("characters.toml", CharactersFile).characters, "character"),  # type: ignore[attr-defined]
        followers=_by_id(load("followers.toml", FollowersFile).followers, "follower"),  # type: ignore[attr-defined]
        locations=_by_id(load("locations.toml", LocationsFile).locations, "location"),  # type: ignore[attr-defined]
        loot=_by_id(load("loot.toml", LootFile).loot, "loot"),  # type: ignore[attr-defined]
        events=_by_id(load("events.toml", EventsFile).events, "event"),  # type: ignore[attr-defined]
        fleeing=_by_id(load("fleeing.toml", FleeingFile).fleeing, "fleeing"),  # type: ignore[attr-defined]
        mutant=_by_id(load("mutant.toml", MutantFile).mutant, "mutant"),  # type: ignore[attr-defined]
    )
    tables = {
        "follower": content.followers, "location": content.locations, "loot": content.loot,
        "event": content.events, "fleeing": content.fleeing, "mutant": content.mutant,
    }
    summoners = set()
    for kind, table in tables.items():
        deck = [cid for cid, card in table.items() for _ in range(card.count)]
        if len(deck) != DECK_SIZES[kind]:
            raise ContentError(
                f"{DECK_FILES[kind]}: field 'count' of the entries adds up to {len(deck)} {kind} cards,"
                f" the rulebook has {DECK_SIZES[kind]}"
            )
        content.decks[kind] = deck
        content.ids[kind] = list(table)
        content.index[kind] = {cid: i for i, cid in enumerate(table)}
        content.deck_indices[kind] = [content.index[kind][cid] for cid in deck]
        for cid, card in table.items():
            content.effects[f"{kind}:{cid}"] = _effects(card.effects)
            parts = list(card.effects)
            for part in ("now", "next", "on_draw", "solo_effects"):
                extra = getattr(card, part, None)
                if extra is not None:
                    content.effects[f"{kind}:{cid}:{part}"] = _effects(extra)
                    parts.extend(extra)
            if any(e.name == "summon-mutant" for e in parts):
                summoners.add(cid)
    for cid, ch in content.characters.items():
        content.effects[f"combo:{cid}"] = _effects(ch.combo_effects)
    if len(content.characters) < 6:
        raise ContentError(
            f"characters.toml: {len(content.characters)} character entries (field 'id'), the rulebook has 6"
        )
    for needed in ("town-line", "playground"):
        if needed not in content.locations:
            raise ContentError(
                f"locations.toml: entry {needed!r} is missing (field 'id'); the Town Line and the Playground are required"
            )
    for cid, loc in content.locations.items():
        if (loc.special == "town-line") != (cid == "town-line"):
            raise ContentError(
                f"locations.toml: entry {cid!r} field 'special': only the 'town-line' entry is the Town Line"
            )
    faces = {f.id: f for f in dice_file.event_faces}  # type: ignore[attr-defined]
    missing = [f for f in content.event_faces if f not in faces]
    if missing:
        raise ContentError(
            f"dice.toml: [event_faces] has no entry for {', '.join(missing)} (field 'id'); "
            "every Event die result needs a name and a text"
        )
    content.texts = _card_texts(content, [faces[f] for f in dict.fromkeys(content.event_faces)])
    content.summoners = frozenset(summoners)
    content.action_symbols = tuple(SYMBOLS.index(f) for f in content.action_faces)
    content.bonus_symbols = tuple(SYMBOLS.index(f) for f in content.bonus_faces)
    content.combo_need = {
        cid: tuple(ch.combo.count(sym) for sym in SYMBOLS) for cid, ch in content.characters.items()
    }
    return content


SYMBOL_WORDS = {"bat": "Bat", "gun": "Gun", "run": "Run", "search": "Search", "book": "Book", "zombie": "Zombie"}
FOLLOWER_KIND = {"bonus": "Bonus Follower", "penalty": "Penalty Follower (cannot be refused)", "special": "Special Follower"}


def _card_texts(c: Content, faces: list[EventFace]) -> dict[str, str]:
    """Name -> short text of every character, Follower, Location, Loot, Event, Fleeing and
    Mutant card and Event die result: the card's text led by what kind of card it is."""
    texts: dict[str, str] = {}
    for ch in c.characters.values():
        combo = " + ".join(SYMBOL_WORDS[x] for x in ch.combo)
        texts[ch.name] = f"Health {ch.health}. {ch.ability_text} Combo ({combo}): {ch.combo_text}"
    for f in c.followers.values():
        texts[f.name] = f"{FOLLOWER_KIND[f.symbol]}, {f.vp} VP. {f.text}"
    for loc in c.locations.values():
        texts[loc.name] = f"Location. {loc.text}"
    for lt in c.loot.values():
        uses = "always on" if lt.timing == "passive" else f"{lt.uses} use{'s' if lt.uses != 1 else ''}"
        texts[lt.name] = f"Loot ({uses}). {lt.text}"
    for ev in c.events.values():
        texts[ev.name] = ev.text if ev.kind != "immediate" else f"Event, at once: {ev.text}"
    for fl in c.fleeing.values():
        texts[fl.name] = f"Fleeing Card: {fl.text}"
    for mu in c.mutant.values():
        texts[mu.name] = f"Mutant Zombie Boss card: {mu.text}"
    for face in faces:
        texts[face.name] = f"Event die: {face.text}"
    return texts


BINDER = ContentBinder("run-fight-or-die", PACKAGE, FILES, _load)
"""The game's content packs by digest: ``BINDER(state.content)`` is a state's pack."""
