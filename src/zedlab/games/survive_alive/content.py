"""Content models and loading for Survive Alive.

Every component lives in ``content/*.toml`` and is validated here. :func:`load` returns one
:class:`Content` holding everything the rules read; it is cached per content directory.

Source: Survive Alive rulebook, "Components", "Facilities", "Victory and Scoring".
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml

PACKAGE = "zedlab.games.survive_alive"
CUBES = ("wood", "metal", "brick", "food", "herb", "cloth", "wild")
"""Cube colours in index order (wood = brown, metal = grey, brick = red, food = yellow,
herb = green, cloth = white, wild = black)."""
SIDES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")

Cube = Literal["wood", "metal", "brick", "food", "herb", "cloth", "wild"]
Side = Literal["N", "E", "S", "W"]


class CubeEntry(ContentEntry):
    """A cube colour of the draw bag: its id, name, count and source (no other fields)."""


class TrackerEntry(ContentEntry):
    values: list[int]


class RulesNumbers(ContentEntry):
    rounds: int
    events_per_round: list[int]
    draft_deal: list[int] = Field(min_length=4, max_length=4)
    wound_tokens: int
    trade_ratio: int
    radio_trade_ratio: int
    command_centre_trade_ratio: int
    radio_cubes: int
    heal_herbs: int
    wounds_to_die: int
    recruit_cubes: int
    scavenge_party: int
    weapons_per_character: int
    death_deficit: int


class DesignNumbers(ContentEntry):
    max_characters: int
    multiplier_squares: int = 2
    storage_capacity: int
    offers_per_round: int
    min_heal_herbs: int
    zed_threat: dict[str, int]


class ComponentsFile(ContentFile):
    cubes: list[CubeEntry]
    trackers: list[TrackerEntry]
    rules: RulesNumbers
    design: DesignNumbers


class FacilityEntry(ContentEntry):
    cost: list[Cube]
    shields: int = 0


class WeaponEntry(ContentEntry):
    cost: list[Cube]
    shields: int


class FacilitiesFile(ContentFile):
    facilities: list[FacilityEntry]
    weapons: list[WeaponEntry]


class BaseEntry(ContentEntry):
    barricades: dict[Side, int]
    grid: list[list[str]]
    prebuilt: list[str] = []


class BasesFile(ContentFile):
    bases: list[BaseEntry]


class CharacterEntry(ContentEntry):
    profession: str
    cubes: list[Cube]
    effect: Literal[
        "build-discount", "income", "heal-discount", "feed-discount", "scavenge-draw",
        "feed-herb", "scavenge-strength", "lookout", "forge-discount", "scavenge-food",
    ]
    facilities: list[str] = []
    cube: str = ""
    needs: str = ""
    once: bool = False
    amount: int = 1
    scenario: int = 0
    ability: str


class CharactersFile(ContentFile):
    characters: list[CharacterEntry]


class EventEntry(ContentEntry):
    type: Literal["A", "B"]
    zeds: int = Field(ge=0)
    side: Side
    cubes: int = Field(ge=0)
    bonus: list[tuple[int, int]] = []
    recruit: bool = False


class EventsFile(ContentFile):
    events: list[EventEntry]


class ObjectiveEntry(ContentEntry):
    type: Literal["Leader", "Instant", "End"]
    metric: str
    minimum: int
    points: int


class ObjectivesFile(ContentFile):
    objectives: list[ObjectiveEntry]


class ScavengeEntry(ContentEntry):
    food: Literal[1, 2, 3]
    zeds: int = Field(ge=0)
    reward: Literal["points", "character"]
    points: int = 0
    solo_location: str


class ScavengeFile(ContentFile):
    scavenge: list[ScavengeEntry]


class LocationEntry(ContentEntry):
    food: Literal[1, 2, 3]
    area: Literal["1-2", "3", "4"]


class MapFile(ContentFile):
    locations: list[LocationEntry]


class Slot(BaseModel):
    """One space on a Base sheet where a facility can be built.

    Attributes:
        id: ``barricade-N-0``, ``watch-tower-NE`` or ``<kind>-<row>-<col>``.
        kind: the facility id.
        side: for barricades the side; for Watch Towers the corner (two sides).
        row, col: grid position of a middle facility (-1 for defences).
    """

    model_config = ConfigDict(frozen=True)
    id: str
    kind: str
    side: str = ""
    row: int = -1
    col: int = -1

    def guards(self, side: str) -> bool:
        """Whether this defence facility adds shields to ``side``."""
        return bool(self.side) and side in self.side


class Content(BaseModel):
    """Everything the rules read, validated and indexed."""

    model_config = ConfigDict(frozen=True)
    components: ComponentsFile
    facilities: dict[str, FacilityEntry]
    weapons: dict[str, WeaponEntry]
    bases: dict[str, BaseEntry]
    slots: dict[str, list[Slot]]
    characters: dict[str, CharacterEntry]
    events: dict[str, EventEntry]
    objectives: dict[str, ObjectiveEntry]
    scavenge: dict[str, ScavengeEntry]
    locations: dict[str, LocationEntry]

    @property
    def rules(self) -> RulesNumbers:
        return self.components.rules

    @property
    def design(self) -> DesignNumbers:
        return self.components.design

    def tracker(self, name: str) -> list[int]:
        for t in self.components.trackers:
            if t.id == name:
                return t.values
        raise ContentError(f"no tracker {name!r}")


def base_slots(base: BaseEntry) -> list[Slot]:
    """The slots of a Base sheet: barricades by side, four corner towers, then the grid."""
    slots = []
    for side in SIDES:
        for i in range(base.barricades.get(side, 0)):
            slots.append(Slot(id=f"barricade-{side}-{i}", kind="barricade", side=side))
    for corner in CORNERS:
        slots.append(Slot(id=f"watch-tower-{corner}", kind="watch-tower", side=corner))
    for r, row in enumerate(base.grid):
        for c, kind in enumerate(row):
            slots.append(Slot(id=f"{kind}-{r}-{c}", kind=kind, row=r, col=c))
    return slots


def _check(content: Content) -> None:
    comp = content.components
    total = sum(c.count for c in comp.cubes)
    if total != 161 or [c.id for c in comp.cubes] != list(CUBES):
        raise ContentError(f"components.toml: cubes must be the 7 colours totalling 161, got {total}")
    types = [e.type for e in content.events.values()]
    if types.count("A") != 4 or types.count("B") != 4:
        raise ContentError("events.toml: the game has 4 A and 4 B Event cards")
    kinds = [o.type for o in content.objectives.values()]
    if (kinds.count("Leader"), kinds.count("Instant"), kinds.count("End")) != (4, 8, 4):
        raise ContentError("objectives.toml: the game has 4 Leader, 8 Instant and 4 End objectives")
    foods = [s.food for s in content.scavenge.values()]
    if (foods.count(1), foods.count(2), foods.count(3)) != (3, 7, 6):
        raise ContentError("scavenge.toml: the decks are 3 x 1-food, 7 x 2-food and 6 x 3-food")
    if len(content.characters) != 21:
        raise ContentError(f"characters.toml: the game has 21 Character cards, got {len(content.characters)}")
    for base in content.bases.values():
        ids = {s.id for s in content.slots[base.id]}
        for s in content.slots[base.id]:
            if s.kind not in content.facilities:
                raise ContentError(f"bases.toml: entry {base.id!r}: unknown facility {s.kind!r}")
        for p in base.prebuilt:
            if p not in ids:
                raise ContentError(f"bases.toml: entry {base.id!r}: prebuilt {p!r} is not a slot")
    for s in content.scavenge.values():
        if s.solo_location not in content.locations:
            raise ContentError(f"scavenge.toml: entry {s.id!r}: unknown solo location {s.solo_location!r}")


@lru_cache(maxsize=8)
def load(directory: str | None = None) -> Content:
    """Load and validate every content file (``directory`` overrides the packaged copy).

    Raises:
        ContentError: naming the file, entry and field at fault.
    """

    def path(name: str) -> Path:
        return content_path(PACKAGE, name, directory)

    comp = load_toml(path("components.toml"), ComponentsFile)
    fac = load_toml(path("facilities.toml"), FacilitiesFile)
    bases = load_toml(path("bases.toml"), BasesFile)
    chars = load_toml(path("characters.toml"), CharactersFile)
    events = load_toml(path("events.toml"), EventsFile)
    objs = load_toml(path("objectives.toml"), ObjectivesFile)
    scav = load_toml(path("scavenge.toml"), ScavengeFile)
    mp = load_toml(path("map.toml"), MapFile)
    content = Content(
        components=comp,
        facilities={f.id: f for f in fac.facilities},
        weapons={w.id: w for w in fac.weapons},
        bases={b.id: b for b in bases.bases},
        slots={b.id: base_slots(b) for b in bases.bases},
        characters={c.id: c for c in chars.characters},
        events={e.id: e for e in events.events},
        objectives={o.id: o for o in objs.objectives},
        scavenge={s.id: s for s in scav.scavenge},
        locations={loc.id: loc for loc in mp.locations},
    )
    _check(content)
    return content
