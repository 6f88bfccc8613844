"""The board: spaces, walls, doors, rooms and corridors, and the pieces a scenario places.

A :class:`Board` is built once per scenario and survivor count (or from a test fixture) and
never changes; what changes in play (doors opened, rooms secured, models moving) is a
:class:`Scene`. Geometry functions take both.

Spaces are numbered ``index = y * width + x`` with ``x`` growing rightwards (columns) and ``y``
downwards (rows), ``(0, 0)`` at the top left; :meth:`Board.at` and :meth:`Board.xy` convert.

Source: Here's Negan rulebook, "Tiles" and "Spaces".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .grid import DOOR_CHARS, WALL_CHARS, GridError, ParsedGrid, parse_grid

__all__ = [
    "BLACKED_OUT",
    "CORRIDOR",
    "OPEN",
    "ROOM",
    "STAIRWAY",
    "VOID",
    "WALL",
    "Area",
    "Board",
    "BoardCache",
    "BoardObject",
    "Door",
    "EntryPoint",
    "Scene",
    "TilePlacement",
]

# kinds of space
VOID, CORRIDOR, STAIRWAY, ROOM, BLACKED_OUT = 0, 1, 2, 3, 4
# edge values: a door's id (>= 0) or one of these
OPEN, WALL = -1, -2

Level = Literal["low", "medium", "high"]


@dataclass(frozen=True, slots=True)
class Door:
    """A door token on a wall between spaces ``a`` and ``b`` (``a`` above or left of ``b``).

    Attributes:
        id: index in :attr:`Board.doors`.
        a, b: the two spaces it bridges.
        state: as placed at set-up: ``"closed"``, ``"open"`` or ``"locked"``.
        colour: the survivor-count colour printed on the map (``"any"``, ``"yellow"``,
            ``"orange"``, ``"red"``).
    Source: Here's Negan rulebook, "Tiles", "Doors".
    """

    id: int
    a: int
    b: int
    state: str = "closed"
    colour: str = "any"


@dataclass(frozen=True, slots=True)
class Area:
    """A room or a section of corridor: spaces joined without crossing a wall or a door.

    Attributes:
        id: index in :attr:`Board.areas`.
        kind: ``"room"`` or ``"corridor"`` (stairways count as corridor).
        name: the room's name (``"Warehouse"``), or ``"corridor"``.
        spaces: its spaces, ascending.
        sealed: a room with no door or opening to anywhere else: it plays no part.
        tiles: the tile faces it lies on.
    Source: Here's Negan rulebook, "Tiles".
    """

    id: int
    kind: str
    name: str
    spaces: tuple[int, ...]
    sealed: bool = False
    tiles: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EntryPoint:
    """A Walker Entry Point marker: its space and level (``low``/``medium``/``high``)."""

    space: int
    level: str


@dataclass(frozen=True, slots=True)
class BoardObject:
    """A scenery piece such as the Generator: its kind, name, spaces, and whether it blocks
    movement (it never blocks line of sight)."""

    kind: str
    name: str
    spaces: tuple[int, ...]
    blocks_movement: bool


@dataclass(frozen=True, slots=True)
class TilePlacement:
    """Where a tile face lies: its top-left space, its size after turning, its turn."""

    face: str
    x: int
    y: int
    width: int
    height: int
    rotation: int = 0


_SPACE_TUPLES = (
    "survivors", "incapacitated", "walkers", "prone", "walker_tokens", "barrels", "supplies",
)


@dataclass(frozen=True, slots=True)
class Scene:
    """What changes on a board during play, as far as geometry cares.

    Attributes:
        open_doors: ids of doors that are open (or broken down).
        secured: ids of rooms whose Security token shows the secured side.
        survivors: spaces of standing (not Incapacitated) Survivors, Negan not included.
        incapacitated: spaces of Incapacitated Survivors.
        negan: Negan's space, or ``None`` before he is placed.
        walkers: spaces of standing Walkers.
        prone: spaces of prone Walkers.
        walker_tokens: spaces of Walker tokens.
        barrels: spaces of gasoline barrels on the board.
        supplies: spaces of Supply tokens.
        entry_points: the Entry Points in play as ``(space, level)`` pairs when they differ
            from the board's (a Breach adds one, Scenario 11 upgrades and removes them);
            ``None`` means the board's own (:meth:`entry_points_on`).

    The constructor keeps the order it is given (callers may pair the tuples with their own
    lists). Board caches are keyed on scene fields, so a rules engine projecting its state
    into a Scene should build it with sorted tuples, or call :meth:`canonical`: two scenes
    that hold the same pieces are then equal, hash alike and hit the same cache entries.
    Doors stay as the board places them unless listed in ``open_doors``: a door placed
    ``"locked"`` stays locked until something (Break and Enter) opens it.
    """

    open_doors: frozenset[int] = frozenset()
    secured: frozenset[int] = frozenset()
    survivors: tuple[int, ...] = ()
    incapacitated: tuple[int, ...] = ()
    negan: int | None = None
    walkers: tuple[int, ...] = ()
    prone: tuple[int, ...] = ()
    walker_tokens: tuple[int, ...] = ()
    barrels: tuple[int, ...] = ()
    supplies: tuple[int, ...] = ()
    entry_points: tuple[tuple[int, str], ...] | None = None

    def __post_init__(self) -> None:
        # accept any iterables, store hashable tuples / frozensets
        for name in ("open_doors", "secured"):
            value = getattr(self, name)
            if not isinstance(value, frozenset):
                object.__setattr__(self, name, frozenset(value))
        for name in _SPACE_TUPLES:
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))
        if self.entry_points is not None:
            eps = tuple((int(sp), str(lvl)) for sp, lvl in self.entry_points)
            for _sp, lvl in eps:
                if lvl not in ("low", "medium", "high"):
                    raise ValueError(
                        f"Entry Point level {lvl!r} is not one of 'low', 'medium', 'high'"
                    )
            object.__setattr__(self, "entry_points", eps)

    @classmethod
    def of(
        cls,
        open_doors: frozenset[int],
        secured: frozenset[int],
        survivors: tuple[int, ...],
        incapacitated: tuple[int, ...],
        negan: int | None,
        walkers: tuple[int, ...],
        prone: tuple[int, ...],
        walker_tokens: tuple[int, ...],
        barrels: tuple[int, ...],
        supplies: tuple[int, ...],
        entry_points: tuple[tuple[int, str], ...] | None,
    ) -> Scene:
        """A scene from fields already of their stored types (frozensets, tuples of ints,
        ``(int, str)`` Entry Points of a known level), skipping the constructor's conversions
        and checks: for a rules engine projecting its state many times a second."""
        sc = object.__new__(cls)
        # each field's slot written through its descriptor, as the frozen class's own
        # __setattr__ would refuse to (bound once below the class: 4x quicker than
        # object.__setattr__ by name)
        _put_open_doors(sc, open_doors)
        _put_secured(sc, secured)
        _put_survivors(sc, survivors)
        _put_incapacitated(sc, incapacitated)
        _put_negan(sc, negan)
        _put_walkers(sc, walkers)
        _put_prone(sc, prone)
        _put_walker_tokens(sc, walker_tokens)
        _put_barrels(sc, barrels)
        _put_supplies(sc, supplies)
        _put_entry_points(sc, entry_points)
        return sc

    def canonical(self) -> Scene:
        """The same scene with every tuple of spaces (and ``entry_points``) sorted.

        Returns ``self`` when it is already canonical, so calling it on every projection
        costs a few comparisons of short tuples.
        """
        changes: dict[str, object] = {}
        for name in _SPACE_TUPLES:
            value = getattr(self, name)
            if any(a > b for a, b in zip(value, value[1:], strict=False)):
                changes[name] = tuple(sorted(value))
        eps = self.entry_points
        if eps is not None and any(a > b for a, b in zip(eps, eps[1:], strict=False)):
            changes["entry_points"] = tuple(sorted(eps))
        return self.replace(**changes) if changes else self

    def entry_points_on(self, board: Board) -> tuple[EntryPoint, ...]:
        """The Entry Points in play: this scene's when it lists them, else the board's.

        Source: Here's Negan rulebook, "Entry Points"; Room card Breach; Scenario 11.
        """
        if self.entry_points is None:
            return board.entry_points
        return tuple(EntryPoint(sp, lvl) for sp, lvl in self.entry_points)

    @staticmethod
    def initial(board: Board, **changes: object) -> Scene:
        """The scene at set-up: doors as placed, barrels and Walker tokens from the map.

        Keyword arguments replace fields (``Scene.initial(board, survivors=(12,))``).
        """
        base = Scene(
            open_doors=frozenset(d.id for d in board.doors if d.state == "open"),
            barrels=board.barrels,
            walker_tokens=board.walker_tokens,
        )
        return base.replace(**changes) if changes else base

    def replace(self, **changes: object) -> Scene:
        """A copy with some fields changed (any iterables accepted)."""
        from dataclasses import replace

        return replace(self, **changes)  # type: ignore[arg-type]

    def models(self) -> tuple[int, ...]:
        """Spaces holding any model (Survivors, Negan, Walkers standing or prone)."""
        out = self.survivors + self.incapacitated + self.walkers + self.prone
        return out + ((self.negan,) if self.negan is not None else ())

    def survivor_targets(self) -> tuple[int, ...]:
        """Spaces of the Survivors Walkers go for: standing Survivors and Negan.

        Source: Here's Negan rulebook, "Move Walker Tokens" (Negan included) and
        "Incapacitated Survivors" (never moved towards).
        """
        return self.survivors + ((self.negan,) if self.negan is not None else ())



def _put(name: str) -> Any:
    """The setter of :class:`Scene`'s slot ``name`` (for :meth:`Scene.of`)."""
    return Scene.__dict__[name].__set__


_put_open_doors, _put_secured = _put("open_doors"), _put("secured")
_put_survivors, _put_incapacitated = _put("survivors"), _put("incapacitated")
_put_negan, _put_walkers, _put_prone = _put("negan"), _put("walkers"), _put("prone")
_put_walker_tokens, _put_barrels = _put("walker_tokens"), _put("barrels")
_put_supplies, _put_entry_points = _put("supplies"), _put("entry_points")


class BoardCache(dict[object, object]):
    """A board's memo of geometry results. Results of the board alone sit under string keys
    and are kept; results keyed on pieces (tuple keys: doors, targets, blocked spaces...) are
    dropped all together once more than :attr:`LIMIT` are held, so that a process playing
    game after game on the same board keeps its memory flat."""

    __slots__ = ()
    LIMIT = 1024

    def __setitem__(self, key: object, value: object) -> None:
        if key.__class__ is tuple and len(self) >= self.LIMIT:
            for old in [k for k in self if k.__class__ is tuple]:
                dict.__delitem__(self, old)
        dict.__setitem__(self, key, value)

@dataclass(slots=True)
class Board:
    """A whole board: spaces, walls, doors, areas and the scenario's pieces.

    Build one with :func:`zedlab.games.heres_negan.board.load_scenario` or
    :meth:`Board.from_text`. Do not mutate it; geometry caches per-board results on it.

    Attributes:
        width, height: size in spaces of the bounding rectangle.
        kind: per space, one of VOID, CORRIDOR, STAIRWAY, ROOM, BLACKED_OUT.
        area_of: per space, the id of its room or corridor area (-1 for none).
        areas: rooms and corridors.
        doors: door tokens placed.
        edge_e: per space, the edge to its right: OPEN, WALL or a door id.
        edge_s: per space, the edge below it: OPEN, WALL or a door id.
        negan_start, exits, deployment, entry_points, barricades, barrels, air_ducts,
        walker_tokens, objects: the scenario's pieces (spaces).
        security: room id -> space of its Security token (only tokens placed).
        room_colours: room id -> the survivor-count colour the map marks it with (that of
            its Security token, placed or not: ``"any"``, ``"yellow"``, ``"orange"``,
            ``"red"``); a room the map gives no Security token has none (:meth:`colour_of`).
        special_rooms: name id (``"board-room"``) -> room id.
        regions: name id (``"factory-floor"``) -> spaces.
        tiles: tile faces and where they lie.
        survivors: the survivor count the board was set up for (``None`` for fixtures).
        name: scenario or fixture name.
        target: what Negan heads for at the start: ``exit``, ``loading-bay`` or
            ``entry-point`` (see :func:`~.movement.initial_target`).
    """

    width: int
    height: int
    kind: tuple[int, ...]
    area_of: tuple[int, ...]
    areas: tuple[Area, ...]
    doors: tuple[Door, ...]
    edge_e: tuple[int, ...]
    edge_s: tuple[int, ...]
    negan_start: int | None = None
    exits: tuple[int, ...] = ()
    deployment: tuple[int, ...] = ()
    entry_points: tuple[EntryPoint, ...] = ()
    barricades: tuple[int, ...] = ()
    barrels: tuple[int, ...] = ()
    air_ducts: tuple[int, ...] = ()
    walker_tokens: tuple[int, ...] = ()
    objects: tuple[BoardObject, ...] = ()
    security: Mapping[int, int] = field(default_factory=dict)
    room_colours: Mapping[int, str] = field(default_factory=dict)
    special_rooms: Mapping[str, int] = field(default_factory=dict)
    regions: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    tiles: tuple[TilePlacement, ...] = ()
    survivors: int | None = None
    name: str = "board"
    target: str = "exit"
    cache: dict[object, object] = field(default_factory=lambda: BoardCache(), repr=False,
                                        compare=False)

    # ----- coordinates -----
    @property
    def size(self) -> int:
        """Number of grid positions (``width * height``), spaces or not."""
        return self.width * self.height

    def at(self, x: int, y: int) -> int:
        """The index of space ``(x, y)``.

        Raises:
            ValueError: if ``(x, y)`` is outside the board rectangle.
        """
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(
                f"({x}, {y}) is off the board; x is 0-{self.width - 1}, y is 0-{self.height - 1}"
            )
        return y * self.width + x

    def xy(self, space: int) -> tuple[int, int]:
        """The ``(x, y)`` of a space index."""
        return space % self.width, space // self.width

    def label(self, space: int) -> str:
        """A short human name for a space: ``"(3,4)"``."""
        x, y = self.xy(space)
        return f"({x},{y})"

    def is_space(self, space: int) -> bool:
        """True for a space models may ever stand in (not void, not blacked out)."""
        return 0 <= space < self.size and self.kind[space] in (CORRIDOR, STAIRWAY, ROOM)

    def spaces(self) -> list[int]:
        """All spaces models may stand in, excluding sealed rooms."""
        return [
            i for i in range(self.size)
            if self.is_space(i) and not self.in_sealed_room(i)
        ]

    # ----- areas -----
    def room_of(self, space: int) -> int | None:
        """The id of the room holding ``space``, or ``None`` for corridor and non-spaces."""
        a = self.area_of[space]
        return a if a >= 0 and self.areas[a].kind == "room" else None

    def in_sealed_room(self, space: int) -> bool:
        """True if ``space`` is in a sealed room. Source: rulebook, "Tiles"."""
        a = self.area_of[space]
        return a >= 0 and self.areas[a].sealed

    def rooms(self) -> list[Area]:
        """All rooms, sealed ones included."""
        return [a for a in self.areas if a.kind == "room"]

    def corridors(self) -> list[Area]:
        """All sections of corridor."""
        return [a for a in self.areas if a.kind == "corridor"]

    def colour_of(self, room: int) -> str:
        """The colour the map marks ``room`` with (``"any"`` for an unmarked room or a
        fixture's). Source: Here's Negan rulebook, "Number of Survivors"; board gap G11."""
        return self.room_colours.get(room, "any")

    def room_named(self, name: str) -> Area:
        """The room with a special name id (``"board-room"``) or printed name (``"Warehouse"``).

        Raises:
            KeyError: naming the rooms there are.
        """
        if name in self.special_rooms:
            return self.areas[self.special_rooms[name]]
        for area in self.areas:
            if area.kind == "room" and area.name.lower() == name.lower():
                return area
        known = sorted(set(self.special_rooms) | {a.name for a in self.rooms()})
        raise KeyError(f"no room {name!r} on {self.name}; rooms: {', '.join(known)}")

    def object_spaces(self, blocking_only: bool = False) -> frozenset[int]:
        """Spaces covered by scenery objects (only those blocking movement if asked)."""
        return frozenset(
            s for o in self.objects if o.blocks_movement or not blocking_only for s in o.spaces
        )

    # ----- edges -----
    def edge(self, a: int, b: int) -> int:
        """The edge between orthogonal neighbours ``a`` and ``b``: OPEN, WALL or a door id.

        Raises:
            ValueError: if the spaces are not orthogonal neighbours.
        """
        lo, hi = min(a, b), max(a, b)
        if hi - lo == 1 and hi % self.width != 0:
            return self.edge_e[lo]
        if hi - lo == self.width:
            return self.edge_s[lo]
        raise ValueError(f"{self.label(a)} and {self.label(b)} are not side by side")

    def door_between(self, a: int, b: int) -> Door | None:
        """The door on the edge between orthogonal neighbours ``a`` and ``b``, if any."""
        e = self.edge(a, b)
        return self.doors[e] if e >= 0 else None

    def doors_at(self, space: int) -> tuple[int, ...]:
        """Ids of the doors on the four sides of ``space`` (any state), ascending.

        Source: Here's Negan rulebook, "Doors" (a door next to a Survivor's space),
        "Break and Enter".
        """
        table = self.cache.get("doors-at")
        if table is None:
            table = self.cache["doors-at"] = tuple(self._doors_at(sp) for sp in range(self.size))
        if 0 <= space < len(table):  # type: ignore[arg-type]
            return table[space]  # type: ignore[index,no-any-return]
        return ()

    def _doors_at(self, space: int) -> tuple[int, ...]:
        if not self.is_space(space):
            return ()
        w = self.width
        x, y = space % w, space // w
        edges = (
            self.edge_e[space] if x + 1 < w else WALL,
            self.edge_e[space - 1] if x > 0 else WALL,
            self.edge_s[space] if y + 1 < self.height else WALL,
            self.edge_s[space - w] if y > 0 else WALL,
        )
        return tuple(sorted(e for e in edges if e >= 0))

    def door_spaces(self) -> frozenset[int]:
        """Spaces touching a door on one of their sides."""
        return frozenset(s for d in self.doors for s in (d.a, d.b))

    # ----- building -----
    @staticmethod
    def from_text(
        text: str,
        *,
        name: str = "fixture",
        room_names: Mapping[str, str] | None = None,
        negan_start: tuple[int, int] | None = None,
        exits: Iterable[tuple[int, int]] = (),
        barricades: Iterable[tuple[int, int]] = (),
        security: Iterable[tuple[int, int]] = (),
        entry_points: Iterable[tuple[tuple[int, int], str]] = (),
        barrels: Iterable[tuple[int, int]] = (),
        walker_tokens: Iterable[tuple[int, int]] = (),
    ) -> Board:
        """A board drawn directly in the grid format, doors included (for fixtures and tests).

        Args:
            text: the grid (see :mod:`.grid`); blanks at space positions are no space;
                ``D``/``O``/``L`` edges are closed/open/locked doors.
            room_names: room letter -> name.
            the rest: pieces as ``(x, y)`` positions.
        Raises:
            GridError: for a malformed grid; ValueError for a piece off the board.
        """
        grid = parse_grid(text, allow_doors=True, allow_void=True)
        owner = [0] * (grid.width * grid.height)
        names = {(0, k): v for k, v in (room_names or {}).items()}
        board = build_board(grid, owner=owner, room_names=names, face_names=["fixture"], name=name)

        def sp(p: tuple[int, int]) -> int:
            return board.at(*p)

        return _with_pieces(
            board,
            negan_start=sp(negan_start) if negan_start else None,
            exits=tuple(sp(p) for p in exits),
            barricades=tuple(sp(p) for p in barricades),
            security={board.area_of[sp(p)]: sp(p) for p in security},
            entry_points=tuple(EntryPoint(sp(p), lvl) for p, lvl in entry_points),
            barrels=tuple(sp(p) for p in barrels),
            walker_tokens=tuple(sp(p) for p in walker_tokens),
        )


def _with_pieces(board: Board, **pieces: object) -> Board:
    from dataclasses import replace

    return replace(board, cache=BoardCache(), **pieces)  # type: ignore[arg-type]


def build_board(
    grid: ParsedGrid,
    *,
    owner: list[int],
    room_names: Mapping[tuple[int, str], str],
    face_names: list[str],
    name: str,
    door_colours: Mapping[tuple[int, int], str] | None = None,
) -> Board:
    """Turn a board-sized grid into a :class:`Board` (walls, doors, areas; no pieces).

    Args:
        grid: the whole board's grid; door characters mark doors.
        owner: per space, the index of the tile face it belongs to (into ``face_names``).
        room_names: ``(owner, letter) -> name`` of rooms.
        face_names: tile face ids, for area descriptions.
        name: the board's name.
        door_colours: ``(a, b) -> colour`` for doors (``a`` < ``b``); default ``"any"``.
    Source: Here's Negan rulebook, "Tiles", "Spaces".
    """
    w, h, m = grid.width, grid.height, grid.matrix
    n = w * h
    kind = [VOID] * n
    letter = [""] * n
    for y in range(h):
        for x in range(w):
            ch = m[2 * y + 1][2 * x + 1]
            i = y * w + x
            if ch == ".":
                kind[i] = CORRIDOR
            elif ch == "=":
                kind[i] = STAIRWAY
            elif ch == "#":
                kind[i] = BLACKED_OUT
            elif ch != " ":
                kind[i] = ROOM
                letter[i] = ch

    def walkable(i: int) -> bool:
        return kind[i] in (CORRIDOR, STAIRWAY, ROOM)

    doors: list[Door] = []
    edge_e = [WALL] * n
    edge_s = [WALL] * n
    colours = door_colours or {}

    def edge_value(ch: str, a: int, b: int) -> int:
        if not (walkable(a) and walkable(b)):
            return WALL
        if ch in WALL_CHARS:
            return WALL
        if ch in DOOR_CHARS:
            doors.append(
                Door(len(doors), a, b, DOOR_CHARS[ch], colours.get((a, b), "any"))
            )
            return len(doors) - 1
        return OPEN

    for y in range(h):
        for x in range(w):
            i = y * w + x
            if x + 1 < w:
                edge_e[i] = edge_value(m[2 * y + 1][2 * x + 2], i, i + 1)
            if y + 1 < h:
                edge_s[i] = edge_value(m[2 * y + 2][2 * x + 1], i, i + w)

    # areas: spaces joined by open edges (never through doors); rooms and corridor apart
    area_of = [-1] * n
    areas: list[Area] = []
    for start in range(n):
        if not walkable(start) or area_of[start] >= 0:
            continue
        is_room = kind[start] == ROOM
        aid = len(areas)
        area_of[start] = aid
        stack = [start]
        members = [start]
        while stack:
            i = stack.pop()
            x, y = i % w, i // w
            for j, e in (
                (i + 1, edge_e[i] if x + 1 < w else WALL),
                (i - 1, edge_e[i - 1] if x > 0 else WALL),
                (i + w, edge_s[i] if y + 1 < h else WALL),
                (i - w, edge_s[i - w] if y > 0 else WALL),
            ):
                if e != OPEN or area_of[j] >= 0 or (kind[j] == ROOM) != is_room:
                    continue
                area_of[j] = aid
                stack.append(j)
                members.append(j)
        members.sort()
        faces = tuple(sorted({face_names[owner[i]] for i in members}))
        if is_room:
            label = room_names.get((owner[start], letter[start]), f"room {letter[start]}")
        else:
            label = "corridor"
        areas.append(Area(aid, "room" if is_room else "corridor", label, tuple(members), False, faces))

    for i in range(n):
        for j, e in ((i + 1, edge_e[i]), (i + w, edge_s[i])):
            if e != OPEN or j >= n:
                continue
            if area_of[i] != area_of[j] or (
                kind[i] == ROOM and owner[i] == owner[j] and letter[i] != letter[j]
            ):
                raise GridError(
                    f"{name}: spaces ({i % w},{i // w}) and ({j % w},{j // w}) are in different "
                    "rooms or a room and a corridor but have no wall between them"
                )

    # a room with no open edge or door to another area is sealed
    exits_of: dict[int, bool] = {a.id: False for a in areas}
    for i in range(n):
        for j, e in ((i + 1, edge_e[i]), (i + w, edge_s[i])):
            if e == WALL or j >= n:
                continue
            if area_of[i] != area_of[j]:
                exits_of[area_of[i]] = exits_of[area_of[j]] = True
    from dataclasses import replace

    areas = [
        replace(a, sealed=True) if a.kind == "room" and not exits_of[a.id] else a for a in areas
    ]
    return Board(
        width=w,
        height=h,
        kind=tuple(kind),
        area_of=tuple(area_of),
        areas=tuple(areas),
        doors=tuple(doors),
        edge_e=tuple(edge_e),
        edge_s=tuple(edge_s),
        name=name,
    )
