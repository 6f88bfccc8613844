"""Content of Don't Look Back: Weapons, Search cards, Survivors and Locations.

The TOML files in ``content/`` are validated by the pydantic models below and folded into a
:class:`Content` bundle that the rules read (plain dicts and tuples, so lookups stay fast).
Printed values that are not public are ``source = "designed"`` stand-ins.

Source: Don't Look Back rulebook, "Components", "Locations", "Your Survivor Card" and
"Specific Card Clarifications".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml
from zedlab.core.content import PACKAGED, CardText, ContentBinder

from .state import IMPROVISED

PACKAGE = "zedlab.games.dont_look_back"
FILES = ["weapons.toml", "search_cards.toml", "survivors.toml", "locations.toml"]
"""The content files of the game (a ``--content DIR`` folder holds files of these names)."""
SEARCH_DECK_SIZE = 24
"""Cards in the Search deck (rulebook component list)."""
MAX_DICE = 10
"""Dice in the box (the rulebook's component list; public lists say 10 or 7)."""

WEAPON_EFFECTS = {
    "handgun-free-reroll",
    "katana-keep-on-hits",
    "knife-fellow-survivor",
    "rifle-into-location",
    "shotgun-adds-walker",
}
CARD_EFFECTS = {"more-walkers", "flashbang", "looting", "escape-route"}
SURVIVOR_ABILITIES = {"leader-keeps-two", "tracker", "michonne-free-reroll", "carl-draw-two"}
LOCATION_ABILITIES = {"start-even", "start-odd", "store-fewer-walkers", "prison-cell-blocks"}
MAX_OVERLOAD = 9
"""Highest Sector Overload rating a pack may give (designed bound: printed ratings are one
digit; the rulebook's Farm has 5). Source: rulebook, "Locations"."""


def _visible(value: str) -> str:
    """A name must show something: the screen and the log print it (the log its first word)."""
    if not value.strip():
        raise ValueError("a name needs at least one visible character")
    return value


class _DeckEntry(ContentEntry):
    """A Search card: a name to show and copies (0-24) in the 24-card Search deck."""

    count: int = Field(default=1, ge=0, le=SEARCH_DECK_SIZE)
    _name_shows = field_validator("name")(_visible)


class _UniqueEntry(ContentEntry):
    """A Survivor card or a Location tile: one of each in the box, and a name to show."""

    count: int = 1
    _name_shows = field_validator("name")(_visible)

    @field_validator("count")
    @classmethod
    def _one_copy(cls, v: int) -> int:
        if v != 1:
            raise ValueError(
                f"count {v}: there is one of each Survivor card and Location tile; use 1"
            )
        return v


class WeaponEntry(_DeckEntry):
    """A Weapon card: dice rolled, melee or ranged, and what happens to it after use."""

    dice: int = Field(ge=1, le=MAX_DICE)
    kind: Literal["melee", "ranged"]
    keep: Literal["discard", "always"]
    keep_on_hits: int = Field(default=0, ge=0, le=MAX_DICE)
    effects: list[str] = []
    text: CardText

    @field_validator("id")
    @classmethod
    def _not_improvised(cls, v: str) -> str:
        if v == IMPROVISED:
            raise ValueError(
                f"{v!r} stands for a Survivor's Improvised Weapon in Combat; give the card another id"
            )
        return v

    @model_validator(mode="after")
    def _keep_fits(self) -> WeaponEntry:
        if bool(self.keep_on_hits) != ("katana-keep-on-hits" in self.effects):
            raise ValueError(
                "keep_on_hits: give it (1 or more) exactly when effects has 'katana-keep-on-hits'"
            )
        if self.keep_on_hits and self.keep != "discard":
            raise ValueError(
                "keep: a Weapon kept on hits is otherwise discarded; keep must be 'discard'"
            )
        if self.keep_on_hits > self.dice:
            raise ValueError(
                f"keep_on_hits: {self.keep_on_hits} hits cannot come from {self.dice} dice"
            )
        if len(set(self.effects)) != len(self.effects):
            raise ValueError("effects: an effect is listed twice")
        return self


class CardEntry(_DeckEntry):
    """A non-Weapon Search card, resolved when drawn."""

    effect: str
    walkers: int = Field(default=0, ge=0, le=20)
    text: CardText

    @model_validator(mode="after")
    def _walkers_fit(self) -> CardEntry:
        if (self.effect == "flashbang") != (self.walkers > 0):
            raise ValueError(
                "walkers: a Flashbang moves 1 or more Walkers"
                if self.effect == "flashbang"
                else f"walkers: only a Flashbang moves Walkers; this card's effect is {self.effect!r}"
            )
        return self


class ImprovisedWeapon(BaseModel):
    """A Survivor's always-available attack."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    dice: int = Field(ge=1, le=MAX_DICE)
    kind: Literal["melee", "ranged"]
    _name_shows = field_validator("name")(_visible)


class SurvivorEntry(_UniqueEntry):
    """A Survivor card: Special Ability and Improvised Weapon."""

    ability: str
    ability_text: CardText
    keep_weapons: int = Field(default=1, ge=1, le=2)
    improvised: ImprovisedWeapon

    @model_validator(mode="after")
    def _keep_fits(self) -> SurvivorEntry:
        need = 2 if self.ability == "leader-keeps-two" else 1
        if self.keep_weapons != need:
            raise ValueError(
                f"keep_weapons: must be {need}: a Survivor keeps 1 Weapon card, "
                "2 with the 'leader-keeps-two' ability"
            )
        return self


class LocationEntry(_UniqueEntry):
    """A Location tile: Sector Overload rating, set-up placement and ability."""

    overload: int = Field(ge=1, le=MAX_OVERLOAD)
    start_sectors: Literal["all", "odd", "even"]
    ability: str
    ability_text: CardText

    @model_validator(mode="after")
    def _start_fits(self) -> LocationEntry:
        need = {"start-even": "even", "start-odd": "odd"}.get(self.ability, "all")
        if self.start_sectors != need:
            raise ValueError(f"start_sectors: must be {need!r} for the ability {self.ability!r}")
        return self


class WeaponsFile(ContentFile):
    weapon: list[WeaponEntry]


class CardsFile(ContentFile):
    card: list[CardEntry]


class SurvivorsFile(ContentFile):
    survivor: list[SurvivorEntry]


class LocationsFile(ContentFile):
    location: list[LocationEntry]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the rules need from the content files.

    Attributes:
        weapons: Weapon card id -> entry.
        cards: other Search card id -> entry.
        survivors: Survivor id -> entry, in file order.
        locations: Location id -> entry, in file order.
        deck: the 24 Search card ids (copies repeated), in file order.
        into_location: Weapon ids that may hit the Location from a Sector (Rifle).
        vs_survivor: Weapon ids that may attack a fellow Survivor (Knife).
        ability: Survivor id -> ability rule id.
        short: Survivor id -> short name for the log (first word of the name).
        profile: Weapon id -> ``(dice, melee, free re-roll, name)``, prebuilt for Combat.
        digest: the pack's digest (``"packaged"``: ours), set by the binder.
    """

    weapons: dict[str, WeaponEntry]
    cards: dict[str, CardEntry]
    survivors: dict[str, SurvivorEntry]
    locations: dict[str, LocationEntry]
    deck: tuple[str, ...]
    into_location: frozenset[str] = frozenset()
    vs_survivor: frozenset[str] = frozenset()
    ability: dict[str, str] = field(default_factory=dict)
    short: dict[str, str] = field(default_factory=dict)
    profile: dict[str, tuple[int, bool, bool, str]] = field(default_factory=dict)
    digest: str = PACKAGED

    def card_texts(self) -> dict[str, str]:
        """Name -> short text of every Search card, Survivor (and Improvised Weapon) and
        Location, as the screen names them."""
        texts: dict[str, str] = {}
        for w in self.weapons.values():
            texts[w.name] = w.text
        for c in self.cards.values():
            texts[c.name] = c.text
        for s in self.survivors.values():
            imp = s.improvised
            texts[s.name] = f"{s.ability_text} Improvised Weapon: {imp.name}."
            texts[imp.name] = (
                f"{s.name}'s Improvised Weapon: {imp.kind}, {imp.dice} dice. Always at hand, never "
                "discarded; it attacks the Walkers in his or her own space."
            )
        for loc in self.locations.values():
            texts[loc.name] = (
                f"Sector Overload {loc.overload}: at the end of each turn, Walkers beyond "
                f"{loc.overload} in a Sector break into the Location. {loc.ability_text}"
            )
        return texts

    def card_name(self, card_id: str) -> str:
        """The printed name of any Search card id."""
        entry = self.weapons.get(card_id) or self.cards.get(card_id)
        return entry.name if entry else card_id


def _check_names(kind: str, path: Path, items: dict[str, str], allowed: set[str]) -> None:
    for ident, effect in items.items():
        if effect not in allowed:
            raise ContentError(
                f"{path}: entry {ident!r} field {kind!r}: unknown rule {effect!r}; "
                f"known: {', '.join(sorted(allowed))}"
            )


def load_content(directory: str | Path | None = None) -> Content:
    """Load and cross-check the four content files.

    Args:
        directory: a folder with files of the same names overriding ours (``--content``).
    Raises:
        ContentError: a file fails validation, names an unknown rule, a Weapon and a card
            share an id, or the Search deck does not hold exactly 24 cards.
    """
    wpath = content_path(PACKAGE, "weapons.toml", directory)
    cpath = content_path(PACKAGE, "search_cards.toml", directory)
    spath = content_path(PACKAGE, "survivors.toml", directory)
    lpath = content_path(PACKAGE, "locations.toml", directory)
    weapons = {w.id: w for w in load_toml(wpath, WeaponsFile).weapon}
    cards = {c.id: c for c in load_toml(cpath, CardsFile).card}
    survivors = {s.id: s for s in load_toml(spath, SurvivorsFile).survivor}
    locations = {loc.id: loc for loc in load_toml(lpath, LocationsFile).location}
    for w in weapons.values():
        for effect in w.effects:
            _check_names("effects", wpath, {w.id: effect}, WEAPON_EFFECTS)
    _check_names("effect", cpath, {c.id: c.effect for c in cards.values()}, CARD_EFFECTS)
    _check_names(
        "ability", spath, {s.id: s.ability for s in survivors.values()}, SURVIVOR_ABILITIES
    )
    _check_names(
        "ability", lpath, {x.id: x.ability for x in locations.values()}, LOCATION_ABILITIES
    )
    clash = sorted(set(weapons) & set(cards))
    if clash:
        raise ContentError(f"{cpath}: card ids {clash} are also Weapon ids; ids must be unique")
    size = sum(e.count for e in [*weapons.values(), *cards.values()])
    if size != SEARCH_DECK_SIZE:
        raise ContentError(
            f"{wpath.parent}: the Search deck holds {size} cards; it must hold "
            f"{SEARCH_DECK_SIZE} (change the counts in weapons.toml / search_cards.toml)"
        )
    deck = tuple(i for e in [*weapons.values(), *cards.values()] for i in [e.id] * e.count)
    if sum(1 for c in deck if c in cards and cards[c].effect == "escape-route") != 1:
        raise ContentError(f"{cpath}: the Search deck needs exactly one Escape Route card")
    if len(survivors) < 4:
        raise ContentError(f"{spath}: 4 Survivors are needed for 4 players, found {len(survivors)}")
    if len(locations) < 4:
        raise ContentError(f"{lpath}: 4 Locations are needed, found {len(locations)}")
    return Content(
        weapons,
        cards,
        survivors,
        locations,
        deck,
        frozenset(w.id for w in weapons.values() if "rifle-into-location" in w.effects),
        frozenset(w.id for w in weapons.values() if "knife-fellow-survivor" in w.effects),
        {s.id: s.ability for s in survivors.values()},
        {s.id: s.name.split()[0] for s in survivors.values()},
        {
            w.id: (w.dice, w.kind == "melee", "handgun-free-reroll" in w.effects, w.name)
            for w in weapons.values()
        },
    )


BINDER = ContentBinder("dont-look-back", PACKAGE, FILES, load_content)
"""The game's content packs, found again from a state's ``content`` digest."""


def view_content(public: Mapping[str, Any]) -> Content:
    """The content pack a view was made with (its ``content`` digest).

    Renderers and bots read only the view; this is how they look up names, dice and
    abilities in the same pack as the rules.

    Raises:
        ContentError: that pack is not loaded in this process.
    """
    return BINDER(public["content"])  # type: ignore[no-any-return]


def default_content() -> Content:
    """The packaged content, loaded once."""
    return BINDER.load(None)  # type: ignore[no-any-return]
