"""Content models and loading for Survive Alive.

Every component lives in ``content/*.toml`` and is validated here. :func:`load` returns one
:class:`Content` holding everything the rules read, loaded once per content folder and bound
to the game by its digest (:data:`BINDER`): a state names its pack by ``state.content`` and
the rules find it with :func:`pack`.

Source: Survive Alive rulebook, "Components", "Facilities", "Victory and Scoring".
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml
from zedlab.core.content import PACKAGED, CardText, ContentBinder

PACKAGE = "zedlab.games.survive_alive"
CUBES = ("wood", "metal", "brick", "food", "herb", "cloth", "wild")
"""Cube colours in index order (wood = brown, metal = grey, brick = red, food = yellow,
herb = green, cloth = white, wild = black)."""
SIDES = ("N", "E", "S", "W")
CORNERS = ("NE", "SE", "SW", "NW")

Cube = Literal["wood", "metal", "brick", "food", "herb", "cloth", "wild"]
Side = Literal["N", "E", "S", "W"]

# Bounds checked by the models before anything is built from a number (a pack with a
# billion barricade spaces is refused, not laid out).
Small = Annotated[int, Field(ge=0, le=100)]
"""A count the rules loop over or index with: 0-100."""
Score = Annotated[int, Field(ge=-1000, le=1000)]
Positive = Annotated[int, Field(ge=1, le=100)]
FACILITY_IDS = ("barricade", "watch-tower", "food-garden", "herb-garden", "bed", "bathroom",
                "medical-room", "radio", "command-centre", "workshop", "forge", "storage")
"""The facilities printed in the rulebook ("Facilities"); the rules read each by its id."""
WEAPON_IDS = ("axe", "bat", "knife", "wrench")
"""The four printed weapons ("Facilities", Forge); the solo scenarios hand them out by id."""
SCENARIO_CHARACTERS = ("buzz", "bruce", "olivia", "jojo", "florence", "agatha", "alan", "bob", "rick")
"""Characters the solo scenarios name ("Solo Scenario 1/2: Set-Up")."""
SCENARIO_BASES = ("mountain", "forest")
TRACKER_LENGTHS = {"characters": 2, "breach": 6, "defence": 7, "health": 7, "scavenge": 7, "morale": 6}
"""Tracker id -> the fewest values the rules index (a shaded box per step, 0 first)."""


class Entry(ContentEntry):
    """A Survive Alive entry: its ``count`` is bounded (the bag holds 161 cubes; nothing in
    the game comes in more copies)."""

    count: int = Field(default=1, ge=0, le=161)


class CubeEntry(Entry):
    """A cube colour of the draw bag: its id, name, count and source (no other fields)."""


class TrackerEntry(Entry):
    values: list[Score] = Field(min_length=1, max_length=20)


class RulesNumbers(Entry):
    rounds: int = Field(ge=1, le=6)
    events_per_round: list[Annotated[int, Field(ge=1, le=8)]] = Field(min_length=1, max_length=6)
    draft_deal: list[Annotated[int, Field(ge=3, le=21)]] = Field(min_length=4, max_length=4)
    wound_tokens: int = Field(ge=2, le=100)
    trade_ratio: Positive
    radio_trade_ratio: Positive
    command_centre_trade_ratio: Positive
    radio_cubes: Small
    heal_herbs: Small
    wounds_to_die: Positive
    recruit_cubes: Positive
    scavenge_party: int = Field(ge=1, le=5)
    weapons_per_character: int = Field(ge=1, le=10)
    death_deficit: Positive


class DesignNumbers(Entry):
    max_characters: int = Field(ge=4, le=21)
    multiplier_squares: int = Field(default=2, ge=0, le=10)
    storage_capacity: Small
    offers_per_round: int = Field(ge=0, le=10)
    min_heal_herbs: Small
    zed_threat: dict[Literal["1", "2", "3"], Small]


class ComponentsFile(ContentFile):
    cubes: list[CubeEntry]
    trackers: list[TrackerEntry]
    rules: RulesNumbers
    design: DesignNumbers


class FacilityEntry(Entry):
    text: CardText
    cost: list[Cube] = Field(max_length=20)
    shields: Small = 0


class WeaponEntry(Entry):
    text: CardText
    cost: list[Cube] = Field(max_length=20)
    shields: Small


class FacilitiesFile(ContentFile):
    facilities: list[FacilityEntry]
    weapons: list[WeaponEntry]


class BaseEntry(Entry):
    text: CardText
    barricades: dict[Side, Annotated[int, Field(ge=0, le=10)]]
    grid: list[list[str]] = Field(max_length=10)
    prebuilt: list[str] = Field(default=[], max_length=50)


class BasesFile(ContentFile):
    bases: list[BaseEntry] = Field(min_length=1, max_length=20)


class CharacterEntry(Entry):
    profession: str
    cubes: list[Cube] = Field(max_length=20)
    effect: Literal[
        "build-discount", "income", "heal-discount", "feed-discount", "scavenge-draw",
        "feed-herb", "scavenge-strength", "lookout", "forge-discount", "scavenge-food",
    ]
    facilities: list[str] = Field(default=[], max_length=20)
    cube: Literal["", "random", "wood", "metal", "brick", "food", "herb", "cloth", "wild"] = ""
    needs: str = ""
    once: bool = False
    amount: Small = 1
    scenario: int = Field(default=0, ge=0, le=2)
    ability: CardText
    short: str = Field(default="", max_length=40)
    """The ability in a few words for option labels (empty: the ability itself)."""

    @property
    def brief(self) -> str:
        """The ability as option labels show it: ``short``, else the whole ability."""
        return self.short.strip() or self.ability


class CharactersFile(ContentFile):
    characters: list[CharacterEntry]


class EventEntry(Entry):
    text: CardText
    type: Literal["A", "B"]
    zeds: Small
    side: Side
    cubes: int = Field(ge=0, le=161)
    bonus: list[tuple[Small, Annotated[int, Field(ge=0, le=161)]]] = Field(default=[], max_length=10)
    recruit: bool = False


class EventsFile(ContentFile):
    events: list[EventEntry]


class ObjectiveEntry(Entry):
    text: CardText
    type: Literal["Leader", "Instant", "End"]
    metric: str
    minimum: Score
    points: Score


class ObjectivesFile(ContentFile):
    objectives: list[ObjectiveEntry]


class ScavengeEntry(Entry):
    text: CardText
    food: Literal[1, 2, 3]
    zeds: Small
    reward: Literal["points", "character"]
    points: Small = 0
    solo_location: str


class ScavengeFile(ContentFile):
    scavenge: list[ScavengeEntry]


class LocationEntry(Entry):
    text: CardText
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
    digest: str = PACKAGED
    """The pack's digest (set when it is bound, :data:`BINDER`); caches are keyed by it."""

    @property
    def rules(self) -> RulesNumbers:
        return self.components.rules

    @property
    def design(self) -> DesignNumbers:
        return self.components.design

    def card_texts(self) -> dict[str, str]:
        """Name -> short text of every Base, facility, weapon, character, Event card,
        Objective card, Scavenge card and Community Map location, as views and labels name
        them. A character's text is the whole card: profession, ability and the cubes it
        brings at set-up."""
        texts: dict[str, str] = {}
        groups: list[dict[str, Any]] = [
            self.bases, self.facilities, self.weapons, self.events, self.objectives,
            self.scavenge, self.locations,
        ]
        for group in groups:
            for entry in group.values():
                texts[entry.name] = entry.text
        for ch in self.characters.values():
            texts[ch.name] = f"{ch.profession}. {ch.ability} Brings {cubes_words(ch.cubes)} at set-up."
        for base in self.bases.values():
            texts[base.name] = self.base_words(base.id)
        return texts

    def base_words(self, base: str) -> str:
        """What tells the Base sheets apart: barricade spaces per side and where the facility
        spaces lie, row by row from the North side (what a breach loses first), in the
        short names of the Base grid on screen; ``*`` marks the space built at the start."""
        from .render import SHORT

        entry = self.bases[base]
        sides = " ".join(f"{side}{n}" for side, n in entry.barricades.items())
        rows = []
        for r, row in enumerate(entry.grid):
            rows.append(" ".join(SHORT.get(kind, kind) + ("*" if f"{kind}-{r}-{c}" in entry.prebuilt else "")
                                 for c, kind in enumerate(row)))
        return f"Barricades {sides}; 4 Watch Towers. Rows from North, West first: {' | '.join(rows)} (*: built)"

    def tracker(self, name: str) -> list[int]:
        for t in self.components.trackers:
            if t.id == name:
                return t.values
        raise ContentError(f"no tracker {name!r}")


def cubes_words(cubes: list[str]) -> str:
    """A list of cubes counted by colour, in :data:`CUBES` order:
    ``["wood", "food", "wood"]`` -> ``"2 wood, 1 food"`` (herbs in the plural); ``"nothing"``
    for none."""
    parts = []
    for colour in CUBES:
        n = cubes.count(colour)
        if n:
            parts.append(f"{n} {colour}{'s' if colour == 'herb' and n > 1 else ''}")
    return ", ".join(parts) or "nothing"


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


def _fault(path: Path, where: str, text: str) -> ContentError:
    return ContentError(f"{path}: {where}: {text}")


def _check_files(paths: dict[str, Path], comp: ComponentsFile, fac: FacilitiesFile,
                 bases: BasesFile, chars: CharactersFile) -> None:
    """What the rules need of the files, checked before anything is built from them: every
    id the rules name, tracker lengths, round numbers, weapon ids, character cubes and the
    shape of each Base grid. Raises ContentError naming the file, entry and field."""
    cp = paths["components.toml"]
    have = {t.id: t for t in comp.trackers}
    for tid, least in TRACKER_LENGTHS.items():
        t = have.get(tid)
        if t is None:
            raise _fault(cp, f"[trackers] entry {tid!r}", "missing (the rules score this tracker)")
        if len(t.values) < least:
            raise _fault(cp, f"[trackers] entry {tid!r} field 'values'",
                         f"needs at least {least} values (one per box, 0 first), got {len(t.values)}")
    r, d = comp.rules, comp.design
    if len(r.events_per_round) < r.rounds:
        raise _fault(cp, "[rules] field 'events_per_round'",
                     f"needs a number for each of the {r.rounds} rounds, got {len(r.events_per_round)}")
    for i, k in enumerate(r.draft_deal):
        if k < 2 * (i + 1):
            raise _fault(cp, "[rules] field 'draft_deal'",
                         f"{i + 1} player(s) pick two cards each: deal at least {max(3, 2 * (i + 1))}, got {k}")
    if d.min_heal_herbs > r.heal_herbs:
        raise _fault(cp, "[design] field 'min_heal_herbs'",
                     f"must not exceed rules.heal_herbs ({r.heal_herbs}), got {d.min_heal_herbs}")
    if set(d.zed_threat) != {"1", "2", "3"}:
        raise _fault(cp, "[design] field 'zed_threat'", 'needs the threat of each deck: "1", "2" and "3"')
    fp = paths["facilities.toml"]
    fids = {f.id for f in fac.facilities}
    for fid in FACILITY_IDS:
        if fid not in fids:
            raise _fault(fp, f"[facilities] entry {fid!r}", "missing (a printed facility the rules use)")
    wids = sorted(w.id for w in fac.weapons)
    if wids != sorted(WEAPON_IDS):
        raise _fault(fp, "[weapons] field 'id'",
                     f"the game has the four printed weapons {', '.join(WEAPON_IDS)}, got {', '.join(wids) or 'none'}")
    bp = paths["bases.toml"]
    bids = {b.id for b in bases.bases}
    for bid in SCENARIO_BASES:
        if bid not in bids:
            raise _fault(bp, f"[bases] entry {bid!r}", "missing (a solo scenario is played on it)")
    for b in bases.bases:
        widths = {len(row) for row in b.grid}
        if len(widths) > 1 or (widths and max(widths) > 10):
            raise _fault(bp, f"[bases] entry {b.id!r} field 'grid'",
                         "rows must all have the same length, at most 10")
        for row in b.grid:
            for kind in row:
                if kind not in fids or kind in ("barricade", "watch-tower"):
                    raise _fault(bp, f"[bases] entry {b.id!r} field 'grid'",
                                 f"{kind!r} is not a middle facility of facilities.toml")
    hp = paths["characters.toml"]
    cids = {c.id for c in chars.characters}
    for cid in SCENARIO_CHARACTERS:
        if cid not in cids:
            raise _fault(hp, f"[characters] entry {cid!r}", "missing (a solo scenario names it)")
    for c in chars.characters:
        where = f"[characters] entry {c.id!r}"
        if c.effect in ("build-discount", "forge-discount") and c.cube not in CUBES:
            raise _fault(hp, f"{where} field 'cube'", f"a discount needs a cube colour ({', '.join(CUBES)})")
        if c.effect == "income" and not c.cube:
            raise _fault(hp, f"{where} field 'cube'", "an income needs a cube colour or 'random'")
        for f in (*c.facilities, *([c.needs] if c.needs else [])):
            if f not in fids:
                raise _fault(hp, f"{where} field {'needs' if f == c.needs else 'facilities'!r}",
                             f"{f!r} is not a facility of facilities.toml")


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


FILES = ["components.toml", "facilities.toml", "bases.toml", "characters.toml", "events.toml",
         "objectives.toml", "scavenge.toml", "map.toml"]


def load(directory: str | Path | None = None) -> Content:
    """The content of ``directory`` (``None``: the packaged files), loaded and validated
    once per digest.

    Raises:
        ContentError: naming the file, entry and field at fault.
    """
    return BINDER.load(directory)  # type: ignore[no-any-return]


class _Packs(dict[str, "Content"]):
    """Packs by digest; a digest not seen yet is found through :data:`BINDER`."""

    def __missing__(self, digest: str) -> Content:
        got = self[digest] = BINDER(digest)
        return got


PACKS: dict[str, Content] = _Packs()
"""The content pack of a digest: ``PACKS[state.content]`` (one dictionary look-up; the rules'
hot paths use it)."""


def pack(digest: str) -> Content:
    """The content pack a state's ``content`` digest names.

    Raises:
        ContentError: if that pack was not loaded in this process.
    """
    return PACKS[digest]


def _read(directory: Path | None = None) -> Content:
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
    names = ("components.toml", "facilities.toml", "bases.toml", "characters.toml")
    _check_files({n: path(n) for n in names}, comp, fac, bases, chars)
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


BINDER = ContentBinder("survive-alive", PACKAGE, FILES, _read)
"""Survive Alive's content, bound by digest (see :class:`~zedlab.core.content.ContentBinder`)."""
