"""Loading tiles and scenario maps, and laying out a board for a number of Survivors.

Source: Here's Negan rulebook, "Tiles", "Setting Up a Game", "Number of Survivors".
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from zedlab.core.content import content_path, load_toml
from zedlab.core.errors import ConfigError, ContentError

from .content import Placement, ScenarioFile, ScenarioMap, TileFace, TileFile, min_survivors
from .grid import GridError, ParsedGrid, parse_grid, rotate_matrix
from .model import Board, BoardCache, BoardObject, EntryPoint, TilePlacement, build_board

__all__ = [
    "OBJECT_NAMES",
    "SCENARIO_FILES",
    "lay_tiles",
    "layout_board",
    "load_scenario",
    "load_scenario_map",
    "load_tiles",
    "scenario_ids",
]

PACKAGE = "zedlab.games.heres_negan"

SCENARIO_FILES: dict[int, str] = {
    1: "01-training-day.toml",
    2: "02-anyone-home.toml",
    3: "03-clearing-house.toml",
    4: "04-seeking-sanctuary.toml",
    5: "05-guns-and-ammo.toml",
    6: "06-supply-run.toml",
    7: "07-the-best-medicine.toml",
    8: "08-motherlode.toml",
    9: "09-watch-it-burn.toml",
    10: "10-spark-of-life.toml",
    11: "11-a-place-to-call-home.toml",
    12: "12-chairman-of-the-board.toml",
}

# Scenery pieces: printed name, and whether they block movement (designed, see rulings).
OBJECT_NAMES: dict[str, tuple[str, bool]] = {
    "weapons-locker": ("Weapons Locker", True),
    "first-aid-station": ("First Aid Station", True),
    "generator": ("Generator", True),
    "furnace": ("Furnace", True),
    "loading-bay": ("Loading Bay", False),
}

_SIDES = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}


def load_tiles(content_dir: str | Path | None = None) -> dict[str, TileFace]:
    """Every tile face by id (``"1a"``, ``"15-16b"``).

    Raises:
        ContentError: for an invalid ``tiles.toml`` (file, entry and field named).
    """
    return dict(_load_tiles(str(content_dir) if content_dir else None))


@lru_cache(maxsize=4)
def _load_tiles(content_dir: str | None) -> tuple[tuple[str, TileFace], ...]:
    path = content_path(PACKAGE, "tiles.toml", content_dir)
    data = load_toml(path, TileFile)
    return tuple((t.id, t) for t in data.tile)


def scenario_ids() -> list[int]:
    """The scenario numbers, 1-12."""
    return sorted(SCENARIO_FILES)


def _scenario_number(scenario: int | str) -> int:
    if isinstance(scenario, str):
        if scenario.isascii() and scenario.isdigit() and len(scenario) <= 4:
            scenario = int(scenario)
        elif scenario.isdigit():  # '²', '١' or an absurdly long number
            raise ConfigError(f"no scenario {scenario[:20]!r}; scenarios are 1-12")
        else:
            for num, fname in SCENARIO_FILES.items():
                if fname[3:-5] == scenario:
                    return num
            names = ", ".join(f[3:-5] for f in SCENARIO_FILES.values())
            raise ConfigError(f"no scenario {scenario!r}; scenarios are 1-12 or {names}")
    if scenario not in SCENARIO_FILES:
        raise ConfigError(f"scenario {scenario} does not exist; scenarios are 1-12")
    return scenario


def load_scenario_map(
    scenario: int | str, content_dir: str | Path | None = None
) -> tuple[Path, ScenarioMap]:
    """Read and validate one scenario file.

    Args:
        scenario: number 1-12, or its file id (``"training-day"``).
    Returns:
        the file's path and its validated map.
    Raises:
        ConfigError: unknown scenario; ContentError: invalid file.
    """
    num = _scenario_number(scenario)
    path = content_path(PACKAGE, f"scenarios/{SCENARIO_FILES[num]}", content_dir)
    return path, load_toml(path, ScenarioFile).scenario


def load_scenario(
    scenario: int | str, survivors: int = 5, content_dir: str | Path | None = None
) -> Board:
    """The board of a scenario, set up for a number of Survivors.

    Pieces coloured for more Survivors than are playing are left off: red with 4 Survivors,
    red and orange with 3, red, orange and yellow with 2. Rooms that are left with no door
    are sealed.

    Args:
        scenario: number 1-12 or file id.
        survivors: starting Survivors, 2-5 (Negan not counted).
        content_dir: a directory laid out like the packaged ``content/`` (``tiles.toml``
            and ``scenarios/NN-name.toml``), e.g. with the printed layouts.
    Raises:
        ConfigError: unknown scenario or a survivor count outside 2-5.
        ContentError: invalid tile or scenario data, naming file, entry and field.
    Source: Here's Negan rulebook, "Setting Up a Game", "Number of Survivors".
    """
    if not 2 <= survivors <= 5:
        raise ConfigError(f"{survivors} Survivors cannot play; the game takes 2-5 Survivors")
    key = (_scenario_number(scenario), survivors, str(content_dir) if content_dir else None)
    return _cached_board(*key)


@lru_cache(maxsize=64)
def _cached_board(num: int, survivors: int, content_dir: str | None) -> Board:
    path, spec = load_scenario_map(num, content_dir)
    tiles = load_tiles(content_dir)
    return layout_board(spec, tiles, survivors, source=str(path))


def _fail(source: str, where: str, message: str) -> ContentError:
    return ContentError(f"{source}: [scenario] {where}: {message}")


def layout_board(
    spec: ScenarioMap, tiles: dict[str, TileFace], survivors: int, *, source: str = "scenario"
) -> Board:
    """Lay the tiles of ``spec`` out and place its pieces for ``survivors`` Survivors.

    Raises:
        ContentError: overlapping tiles, a tile used twice, a door not on a wall, a piece
            off the board or on a blacked-out space, a Security token in a corridor or in a
            sealed room... naming the entry.
    Source: Here's Negan rulebook, "Setting Up a Game", "Number of Survivors".
    """
    board, placed, sizes = lay_tiles(spec, tiles, survivors, source=source)
    return _place_pieces(board, spec, survivors, source, placed, sizes)


def lay_tiles(
    spec: ScenarioMap, tiles: dict[str, TileFace], survivors: int, *, source: str = "scenario"
) -> tuple[Board, list[Placement], list[tuple[int, int]]]:
    """Lay out the tiles and doors of ``spec`` (no other pieces yet).

    Returns:
        the board, the placements, and each placed face's size after turning.
    Raises:
        ContentError: as :func:`layout_board`.
    """
    placed = list(spec.tiles)
    used: dict[int, str] = {}
    faces: list[list[str]] = []
    sizes: list[tuple[int, int]] = []
    for k, p in enumerate(placed):
        where = f"field 'tiles' entry #{k + 1}"
        face = tiles.get(p.face)
        if face is None:
            raise _fail(source, where, f"no tile face {p.face!r}; faces are {', '.join(tiles)}")
        for number in face.tiles:
            if number in used:
                raise _fail(
                    source, where,
                    f"tile {number} is already used as {used[number]!r}; a tile shows one face",
                )
            used[number] = p.face
        rows = rotate_matrix(parse_grid(face.grid).matrix, p.rotation // 90)
        faces.append(rows)
        sizes.append((len(rows[0]) // 2, len(rows) // 2))
    width = max(p.at[0] + s[0] for p, s in zip(placed, sizes, strict=True))
    height = max(p.at[1] + s[1] for p, s in zip(placed, sizes, strict=True))
    if min(min(p.at) for p in placed) < 0:
        raise _fail(source, "field 'tiles'", "tile positions must not be negative")
    matrix = [[" "] * (2 * width + 1) for _ in range(2 * height + 1)]
    owner = [-1] * (width * height)
    for k, (p, rows) in enumerate(zip(placed, faces, strict=True)):
        ox, oy = 2 * p.at[0], 2 * p.at[1]
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                R, C = oy + r, ox + c
                if r % 2 == 1 and c % 2 == 1:
                    x, y = C // 2, R // 2
                    if owner[y * width + x] >= 0:
                        other = placed[owner[y * width + x]].face
                        raise _fail(
                            source, f"field 'tiles' entry #{k + 1}",
                            f"tile {p.face!r} overlaps tile {other!r} at space ({x},{y})",
                        )
                    owner[y * width + x] = k
                    matrix[R][C] = ch
                elif r % 2 != c % 2:
                    if ch in "|-" or matrix[R][C] in "|-":
                        matrix[R][C] = "|" if c % 2 == 0 else "-"
                else:
                    matrix[R][C] = "+"
    # doors on walls
    door_colours: dict[tuple[int, int], str] = {}
    for k, d in enumerate(spec.doors):
        where = f"field 'doors' entry #{k + 1}"
        if min_survivors(d.colour) > survivors:
            continue
        x, y = d.at
        dx, dy = _SIDES[d.side]
        nx, ny = x + dx, y + dy
        inside = 0 <= x < width and 0 <= y < height and 0 <= nx < width and 0 <= ny < height
        if not inside or owner[y * width + x] < 0 or owner[ny * width + nx] < 0:
            raise _fail(source, where, f"a door at {d.at} side {d.side} is not between two spaces")
        R, C = 2 * y + 1 + dy, 2 * x + 1 + dx
        if matrix[R][C] not in "|-":
            raise _fail(
                source, where,
                f"a door at {d.at} side {d.side} is not on a wall; doors go on walls",
            )
        matrix[R][C] = {"closed": "D", "open": "O", "locked": "L"}[d.state]
        a, b = sorted((y * width + x, ny * width + nx))
        door_colours[(a, b)] = d.colour
    try:
        grid = ParsedGrid(width, height, tuple("".join(row) for row in matrix))
        owner_fixed = [max(o, 0) for o in owner]
        room_names = {
            (k, letter): name
            for k, p in enumerate(placed)
            for letter, name in tiles[p.face].rooms.items()
        }
        board = build_board(
            grid,
            owner=owner_fixed,
            room_names=room_names,
            face_names=[p.face for p in placed],
            name=f"Scenario {spec.number}: {spec.name}",
            door_colours=door_colours,
        )
    except GridError as exc:
        raise ContentError(f"{source}: {exc}") from None
    return board, placed, sizes


def _place_pieces(
    board: Board,
    spec: ScenarioMap,
    survivors: int,
    source: str,
    placed: list[Placement],
    sizes: list[tuple[int, int]],
) -> Board:
    def space(pos: tuple[int, int], where: str) -> int:
        x, y = pos
        if not (0 <= x < board.width and 0 <= y < board.height) or not board.is_space(
            y * board.width + x
        ):
            raise _fail(source, where, f"{pos} is not a space on the board")
        return y * board.width + x

    def pieces(name: str) -> list[int]:
        out = []
        for k, piece in enumerate(getattr(spec, name)):
            if min_survivors(piece.colour) <= survivors:
                out.append(space(piece.at, f"field {name!r} entry #{k + 1}"))
        return out

    security: dict[int, int] = {}
    colours: dict[int, str] = {}
    for k, piece in enumerate(spec.security):
        where = f"field 'security' entry #{k + 1}"
        s = space(piece.at, where)
        room = board.room_of(s)
        if room is None:
            raise _fail(source, where, f"Security token at {piece.at} is not in a room")
        colours[room] = piece.colour  # the room's mark, whatever the count (G11)
        if min_survivors(piece.colour) > survivors:
            continue
        if board.areas[room].sealed:
            raise _fail(
                source, where,
                f"Security token at {piece.at} ({piece.colour}) is in a room sealed with "
                f"{survivors} Survivors; give it the colour of the room's doors",
            )
        if room in security:
            raise _fail(source, where, f"room {board.areas[room].name!r} has two Security tokens")
        security[room] = s
    objects = []
    for k, o in enumerate(spec.objects):
        if min_survivors(o.colour) > survivors:
            continue
        cells = tuple(
            space((o.at[0] + dx, o.at[1] + dy), f"field 'objects' entry #{k + 1}")
            for dy in range(o.size[1])
            for dx in range(o.size[0])
        )
        name, blocks = OBJECT_NAMES[o.kind]
        objects.append(BoardObject(o.kind, name, cells, blocks))
    special = {}
    for k, sr in enumerate(spec.special_rooms):
        room = board.room_of(space(sr.at, f"field 'special_rooms' entry #{k + 1}"))
        if room is None:
            raise _fail(source, f"field 'special_rooms' entry #{k + 1}", f"{sr.at} is not in a room")
        special[sr.id] = room
    regions = {}
    for k, rg in enumerate(spec.regions):
        region_cells: list[int] = []
        for face in rg.faces:
            idx = [i for i, p in enumerate(placed) if p.face == face]
            if not idx:
                raise _fail(source, f"field 'regions' entry #{k + 1}", f"tile {face!r} is not placed")
            p, (w, h) = placed[idx[0]], sizes[idx[0]]
            region_cells += [
                (p.at[1] + y) * board.width + p.at[0] + x
                for y in range(h)
                for x in range(w)
                if board.is_space((p.at[1] + y) * board.width + p.at[0] + x)
            ]
        regions[rg.id] = tuple(sorted(region_cells))
    entry = []
    for k, ep in enumerate(spec.entry_points):
        if min_survivors(ep.colour) <= survivors:
            entry.append(EntryPoint(space(ep.at, f"field 'entry_points' entry #{k + 1}"), ep.level))
    board = replace(
        board,
        negan_start=space(spec.negan_start, "field 'negan_start'"),
        exits=tuple(space(p, f"field 'exits' entry #{k + 1}") for k, p in enumerate(spec.exits)),
        deployment=tuple(
            space(p, f"field 'deployment' entry #{k + 1}") for k, p in enumerate(spec.deployment)
        ),
        entry_points=tuple(entry),
        barricades=tuple(pieces("barricades")),
        barrels=tuple(pieces("barrels")),
        air_ducts=tuple(pieces("air_ducts")),
        walker_tokens=tuple(pieces("walker_tokens")),
        objects=tuple(objects),
        security=security,
        room_colours=colours,
        special_rooms=special,
        regions=regions,
        tiles=tuple(
            TilePlacement(p.face, p.at[0], p.at[1], s[0], s[1], p.rotation)
            for p, s in zip(placed, sizes, strict=True)
        ),
        survivors=survivors,
        target=spec.target,
        cache=BoardCache(),
    )
    assert board.negan_start is not None
    for s in (*board.deployment, *board.exits, board.negan_start):
        if board.in_sealed_room(s):
            raise _fail(source, "pieces", f"{board.label(s)} is in a sealed room")
    blocking = set(board.barricades) | set(board.barrels) | board.object_spaces(True)
    standing: dict[str, tuple[int, ...]] = {
        "negan_start": (board.negan_start,),
        "exits": board.exits,
        "deployment": board.deployment,
        "security": tuple(board.security.values()),
        "entry_points": tuple(e.space for e in board.entry_points),
        "walker_tokens": board.walker_tokens,
    }
    for name, spaces in standing.items():
        for s in spaces:
            if s in blocking:
                raise _fail(
                    source, f"field {name!r}",
                    f"{board.label(s)} also holds a barricade, barrel or scenery piece that "
                    "models cannot enter; move one of them",
                )
    return board
