"""Content models for tiles (``content/tiles.toml``) and scenario maps
(``content/scenarios/*.toml``), validated with pydantic.

Errors from :func:`zedlab.core.content.load_toml` name the file, the entry and the field,
e.g. ``tiles.toml: [tile] entry '3a' field 'grid': Value error, line 4, column 7: ...``.

Source: Here's Negan rulebook, "Tiles", "Setting Up a Game", "Number of Survivors", and each
scenario's map description.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from zedlab.core.content import ContentEntry, ContentFile

from .grid import GridError, parse_grid

__all__ = [
    "COLOURS",
    "DoorSpec",
    "EntryPointSpec",
    "ObjectSpec",
    "PieceSpec",
    "Placement",
    "RegionSpec",
    "ScenarioFile",
    "ScenarioMap",
    "SpecialRoomSpec",
    "TileFace",
    "TileFile",
    "min_survivors",
]

Colour = Literal["any", "yellow", "orange", "red"]
COLOURS: dict[str, int] = {"any": 2, "yellow": 3, "orange": 4, "red": 5}
Pos = tuple[int, int]


def min_survivors(colour: str) -> int:
    """Fewest starting Survivors for which a piece of this map colour is placed.

    Red pieces are left off with 4 Survivors, orange too with 3, yellow too with 2.
    Source: Here's Negan rulebook, "Number of Survivors".
    """
    return COLOURS[colour]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TileFace(ContentEntry):
    """One face of a board tile (or of the 15/16 pair), drawn as a text grid.

    Attributes:
        tiles: the physical tile numbers (two for the 15/16 pair).
        side: ``"A"`` or ``"B"``.
        rooms: room letter in the grid -> the room's name.
        grid: the face in the grid format of :mod:`.grid`; 5 by 5 spaces (10 by 5 for
            15/16); no doors (doors are scenario pieces).
    """

    tiles: list[int] = Field(min_length=1, max_length=2)
    side: Literal["A", "B"]
    rooms: dict[str, str] = Field(default_factory=dict)
    grid: str

    @field_validator("grid")
    @classmethod
    def _grid_ok(cls, value: str) -> str:
        try:
            parsed = parse_grid(value)
        except GridError as exc:
            raise ValueError(str(exc)) from None
        if (parsed.width, parsed.height) not in ((5, 5), (10, 5)):
            raise ValueError(
                f"a tile is 5x5 spaces (10x5 for the 15/16 pair), this grid is "
                f"{parsed.width}x{parsed.height}"
            )
        return value

    @model_validator(mode="after")
    def _rooms_named(self) -> TileFace:
        parsed = parse_grid(self.grid)
        width = 10 if len(self.tiles) == 2 else 5
        if parsed.width != width:
            raise ValueError(f"tiles {self.tiles} need a grid {width} spaces wide")
        letters = {
            parsed.cell(x, y)
            for y in range(parsed.height)
            for x in range(parsed.width)
            if parsed.cell(x, y).isalpha()
        }
        missing = sorted(letters - set(self.rooms))
        if missing:
            raise ValueError(f"room letters {missing} have no name in 'rooms'")
        extra = sorted(set(self.rooms) - letters)
        if extra:
            raise ValueError(f"'rooms' names letters {extra} that are not in the grid")
        return self


class TileFile(ContentFile):
    """``tiles.toml``: every tile face."""

    tile: list[TileFace]


class Placement(_Strict):
    """A tile face on a scenario map: top-left space ``at`` (after turning) and a clockwise
    turn in degrees."""

    face: str
    at: Pos
    rotation: Literal[0, 90, 180, 270] = 0


class DoorSpec(_Strict):
    """A door on the wall on side ``side`` (N, E, S, W) of space ``at``."""

    at: Pos
    side: Literal["N", "E", "S", "W"]
    state: Literal["closed", "open", "locked"] = "closed"
    colour: Colour = "any"


class PieceSpec(_Strict):
    """A piece on one space (Security token, barricade, barrel, air duct, Walker token...)."""

    at: Pos
    colour: Colour = "any"


class EntryPointSpec(PieceSpec):
    """A Walker Entry Point marker and its level."""

    level: Literal["low", "medium", "high"]


class ObjectSpec(_Strict):
    """A scenery piece (Generator, Furnace, Weapons Locker, First Aid Station, Loading Bay):
    its top-left space and size in spaces."""

    kind: Literal["weapons-locker", "first-aid-station", "generator", "furnace", "loading-bay"]
    at: Pos
    size: Pos = (1, 1)
    colour: Colour = "any"


class SpecialRoomSpec(_Strict):
    """A name the scenario gives the room holding space ``at`` (``board-room``)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    at: Pos


class RegionSpec(_Strict):
    """A named part of the board made of whole tile faces (the Factory Floor)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    faces: list[str] = Field(min_length=1)


class ScenarioMap(ContentEntry):
    """A scenario's map: tiles and every piece, coloured by survivor count.

    Attributes:
        number: scenario number, 1-12.
        tiles: tile faces placed.
        negan_start: Negan's start point.
        exits: EXIT marker space(s); more than one when the map shows alternatives.
        deployment: the Survivor Deployment Area's spaces.
        doors, security, entry_points, barricades, barrels, air_ducts, walker_tokens,
        objects: pieces; each has a ``colour`` (``any``, ``yellow``, ``orange``, ``red``).
        special_rooms, regions: names the scenario's rules use.
        target: what Negan heads for at the start (``exit``, ``loading-bay``,
            ``entry-point``).
    """

    number: int = Field(ge=1, le=12)
    tiles: list[Placement] = Field(min_length=1)
    negan_start: Pos
    exits: list[Pos] = Field(default_factory=list)
    deployment: list[Pos] = Field(min_length=1)
    doors: list[DoorSpec] = Field(default_factory=list)
    security: list[PieceSpec] = Field(default_factory=list)
    entry_points: list[EntryPointSpec] = Field(default_factory=list)
    barricades: list[PieceSpec] = Field(default_factory=list)
    barrels: list[PieceSpec] = Field(default_factory=list)
    air_ducts: list[PieceSpec] = Field(default_factory=list)
    walker_tokens: list[PieceSpec] = Field(default_factory=list)
    objects: list[ObjectSpec] = Field(default_factory=list)
    special_rooms: list[SpecialRoomSpec] = Field(default_factory=list)
    regions: list[RegionSpec] = Field(default_factory=list)
    target: Literal["exit", "loading-bay", "entry-point"] = "exit"


class ScenarioFile(ContentFile):
    """One scenario file: a ``[scenario]`` table."""

    scenario: ScenarioMap
