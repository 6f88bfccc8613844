"""Pictures of a board with its pieces: Rich text for the terminal, SVG for the browser.

The text picture uses the grid format of :mod:`.grid` (one character per space, walls
``|``/``-``, doors ``D`` closed, ``O`` open, ``L`` locked) with pieces drawn in their spaces;
:data:`GLYPHS` is the key. Renderers only read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from rich.console import Group, RenderableType
from rich.text import Text

from .model import BLACKED_OUT, OPEN, ROOM, STAIRWAY, VOID, WALL, Board, Scene

__all__ = [
    "GLYPHS", "board_matrix", "board_text", "coords_width", "render_board", "render_svg",
]

GLYPHS: dict[str, str] = {
    "N": "Negan",
    "n": "Negan's start point",
    "W": "Walker",
    "w": "prone Walker",
    "?": "Walker token",
    "X": "EXIT",
    "l": "Entry Point (Low)",
    "m": "Entry Point (Medium)",
    "h": "Entry Point (High)",
    "B": "barricade",
    "g": "gasoline barrel",
    "@": "air duct",
    "$": "Security token",
    "%": "secured room's Security token",
    "^": "fire",
    "*": "Supply token",
    "d": "deployment area",
    "K": "Weapons Locker",
    "A": "First Aid Station",
    "G": "Generator",
    "F": "Furnace",
    "Y": "Loading Bay",
    "~": "Negan's shortest route",
    "=": "stairway",
    "#": "blacked out",
    "D": "closed door (on a wall)",
    "O": "open door",
    "L": "locked door",
}
_OBJECT_GLYPH = {
    "weapons-locker": "K",
    "first-aid-station": "A",
    "generator": "G",
    "furnace": "F",
    "loading-bay": "Y",
}
_STYLE = {
    "N": "bold magenta",
    "n": "magenta",
    "W": "bold green",
    "w": "green",
    "?": "bold yellow",
    "X": "bold white on blue",
    "l": "bold yellow",
    "m": "bold dark_orange",
    "h": "bold red",
    "B": "bold white",
    "g": "bold red",
    "@": "cyan",
    "$": "bold red",
    "%": "bold green",
    "^": "bold bright_red",
    "*": "bold cyan",
    "d": "blue",
    "~": "magenta",
    "D": "bold yellow",
    "O": "yellow",
    "L": "bold red",
}


def _cell_glyphs(
    board: Board,
    scene: Scene | None,
    survivors: Mapping[str, int] | None,
    route: Iterable[int] = (),
    fire: Iterable[int] = (),
) -> dict[int, str]:
    """Glyph per space, most important piece wins (models over tokens over scenery)."""
    g: dict[int, str] = {s: "~" for s in route}
    for s in board.deployment:
        g[s] = "d"
    for o in board.objects:
        for s in o.spaces:
            g[s] = _OBJECT_GLYPH[o.kind]
    for s in board.air_ducts:
        g[s] = "@"
    secured = scene.secured if scene else frozenset()
    for room, s in board.security.items():
        g[s] = "%" if room in secured else "$"
    for ep in board.entry_points if scene is None else scene.entry_points_on(board):
        g[ep.space] = ep.level[0]
    for s in board.barricades:
        g[s] = "B"
    for s in board.exits:
        g[s] = "X"
    if board.negan_start is not None:
        g[board.negan_start] = "n"
    if scene is None:
        for s in board.barrels:
            g[s] = "g"
        for s in board.walker_tokens:
            g[s] = "?"
    else:
        for s in scene.barrels:
            g[s] = "g"
        for s in scene.supplies:
            g[s] = "*"
        for s in fire:
            g[s] = "^"
        for s in scene.walker_tokens:
            g[s] = "?"
        for s in scene.prone:
            g[s] = "w"
        for s in scene.walkers:
            g[s] = "W"
        for s in scene.survivors + scene.incapacitated:
            g[s] = "S"
        if scene.negan is not None:
            g[scene.negan] = "N"
    for name, s in (survivors or {}).items():
        g[s] = name[:1].upper() if not scene or s not in scene.incapacitated else name[:1].lower()
    return g


def board_matrix(
    board: Board,
    scene: Scene | None = None,
    survivors: Mapping[str, int] | None = None,
    route: Iterable[int] = (),
    fire: Iterable[int] = (),
) -> list[str]:
    """The board as lines of the grid format with pieces drawn in (see :data:`GLYPHS`).

    Args:
        scene: pieces in play; ``None`` draws the map as set up.
        survivors: Survivor name -> space, drawn by initial (lower case if Incapacitated).
        route: spaces to mark ``~`` (Negan's shortest route) where nothing else is drawn.
        fire: spaces of fire tokens (drawn ``^`` when a scene is given).
    """
    w, h = board.width, board.height
    rows = [[" "] * (2 * w + 1) for _ in range(2 * h + 1)]
    glyphs = _cell_glyphs(board, scene, survivors, route, fire)
    open_doors = scene.open_doors if scene else frozenset(
        d.id for d in board.doors if d.state == "open"
    )

    def edge_char(e: int, a_ok: bool, b_ok: bool, vertical: bool) -> str:
        if not (a_ok or b_ok):
            return " "
        if e == WALL:
            return "|" if vertical else "-"
        if e == OPEN:
            return " "
        door = board.doors[e]
        if e in open_doors:
            return "O"
        return "L" if door.state == "locked" else "D"

    def solid(i: int) -> bool:
        return board.kind[i] != VOID

    for y in range(h):
        for x in range(w):
            i = y * w + x
            k = board.kind[i]
            if k == VOID:
                ch = " "
            elif k == BLACKED_OUT:
                ch = "#"
            elif board.in_sealed_room(i):
                ch = "#"
            else:
                ch = glyphs.get(i, "=" if k == STAIRWAY else ".")
            rows[2 * y + 1][2 * x + 1] = ch
            # right edge and bottom edge (and the board's outer edges)
            right_ok = x + 1 < w and solid(i + 1)
            rows[2 * y + 1][2 * x + 2] = edge_char(
                board.edge_e[i] if x + 1 < w else WALL, solid(i), right_ok, True
            )
            below_ok = y + 1 < h and solid(i + w)
            rows[2 * y + 2][2 * x + 1] = edge_char(
                board.edge_s[i] if y + 1 < h else WALL, solid(i), below_ok, False
            )
            if x == 0:
                rows[2 * y + 1][0] = "|" if solid(i) else " "
            if y == 0:
                rows[0][2 * x + 1] = "-" if solid(i) else " "
    for r in range(0, 2 * h + 1, 2):
        for c in range(0, 2 * w + 1, 2):
            near = [
                rows[rr][cc]
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr <= 2 * h and 0 <= cc <= 2 * w
            ]
            rows[r][c] = "+" if any(ch in "|-DOL" for ch in near) else " "
    return ["".join(row).rstrip() for row in rows]


def board_text(
    board: Board,
    scene: Scene | None = None,
    survivors: Mapping[str, int] | None = None,
    route: Iterable[int] = (),
    fire: Iterable[int] = (),
) -> str:
    """The plain-text picture (no colour), one line per grid row."""
    return "\n".join(board_matrix(board, scene, survivors, route, fire))


def render_board(
    board: Board,
    scene: Scene | None = None,
    survivors: Mapping[str, int] | None = None,
    *,
    legend: bool = True,
    route: Iterable[int] = (),
    fire: Iterable[int] = (),
    title: bool = True,
    coords: bool = False,
) -> RenderableType:
    """A coloured Rich picture of the board: rooms shaded, pieces coloured, a key below
    (``legend``) and the board's name above (``title``). ``coords``: column numbers (the x
    of a space's ``(x,y)``) above the map, tens over units from column 10 on, and row
    numbers (its y) at the left; the map is then :func:`coords_width` wider."""
    lines = board_matrix(board, scene, survivors, route, fire)
    w = board.width
    out = Text()
    margin = coords_width(board) if coords else 0
    if coords:
        for digit in (lambda x: str(x // 10) if x >= 10 else " ", lambda x: str(x % 10)):
            header = "".join(f" {digit(x)}" for x in range(w)).rstrip()
            if header:
                out.append(" " * margin + header + "\n", style="dim")
    for r, line in enumerate(lines):
        if coords:
            out.append(f"{r // 2:>{margin}}" if r % 2 else " " * margin, style="dim")
        for c, ch in enumerate(line):
            style = ""
            if r % 2 == 1 and c % 2 == 1:
                i = (r // 2) * w + c // 2
                k = board.kind[i]
                if k == ROOM:
                    style = "on grey19"
                elif k == BLACKED_OUT or board.in_sealed_room(i):
                    style = "grey35"
                if ch in _STYLE:
                    style = f"{_STYLE[ch]} {style}".strip()
                if ch.isupper() and ch not in _STYLE and ch not in "KAGFY":
                    style = "bold cyan"
            elif ch in "DOL" and (r % 2) != (c % 2):
                style = _STYLE[ch]
            elif ch in "|-+":
                style = "bright_white"
            out.append(ch, style=style or None)
        out.append("\n")
    out.rstrip()
    parts: list[RenderableType] = [Text(board.name, style="bold")] if title else []
    parts.append(out)
    if legend:
        used = {ch for line in lines for ch in line}
        key = [f"{ch} {name}" for ch, name in GLYPHS.items() if ch in used]
        if survivors:
            key += [f"{n[:1].upper()} {n}" for n in survivors]
        parts.append(Text("   ".join(key), style="dim"))
    return Group(*parts)


def coords_width(board: Board) -> int:
    """Characters the row numbers of :func:`render_board` (``coords``) add at the left
    (right-aligned against the map's left edge, so a 30-column map still leaves the side
    panel its room at 100 columns)."""
    return len(str(board.height - 1))


_SVG_FILL = {"room": "#d9d2c3", "corridor": "#8a8f99", "stair": "#a1a6b0", "black": "#111111"}


def render_svg(
    board: Board,
    scene: Scene | None = None,
    survivors: Mapping[str, int] | None = None,
    *,
    cell: int = 32,
) -> str:
    """An SVG picture of the board (spaces, walls, doors, pieces as labelled glyphs).

    Returns:
        a complete ``<svg>`` document as text; ``cell`` is the size of a space in pixels.
    """
    w, h = board.width, board.height
    glyphs = _cell_glyphs(board, scene, survivors)
    open_doors = scene.open_doors if scene else frozenset(
        d.id for d in board.doors if d.state == "open"
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * cell + 2}" '
        f'height="{h * cell + 2}" viewBox="-1 -1 {w * cell + 2} {h * cell + 2}">',
        f"<title>{escape(board.name)}</title>",
    ]
    for i in range(board.size):
        k = board.kind[i]
        if k == VOID:
            continue
        x, y = (i % w) * cell, (i // w) * cell
        if k == BLACKED_OUT or board.in_sealed_room(i):
            fill = _SVG_FILL["black"]
        elif k == ROOM:
            fill = _SVG_FILL["room"]
        elif k == STAIRWAY:
            fill = _SVG_FILL["stair"]
        else:
            fill = _SVG_FILL["corridor"]
        parts.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
            f'stroke="#00000030" stroke-width="0.5"/>'
        )
        if i in glyphs:
            ch = glyphs[i]
            title = GLYPHS.get(ch, "Survivor")
            parts.append(
                f'<text x="{x + cell / 2}" y="{y + cell * 0.68}" font-size="{cell * 0.55}" '
                f'text-anchor="middle" font-family="monospace" font-weight="bold">'
                f"<title>{escape(title)}</title>{escape(ch)}</text>"
            )
    for i in range(board.size):
        x, y = i % w, i // w
        for e, (x1, y1, x2, y2), other in (
            (board.edge_e[i] if x + 1 < w else WALL, (x + 1, y, x + 1, y + 1), x + 1 < w),
            (board.edge_s[i] if y + 1 < h else WALL, (x, y + 1, x + 1, y + 1), y + 1 < h),
        ):
            mine = board.kind[i] != VOID
            theirs = other and board.kind[i + (1 if x1 == x2 else w)] != VOID
            if e == OPEN or not (mine or theirs):
                continue
            if e == WALL:
                colour, width = "#000000", 3
            else:
                door = board.doors[e]
                colour = "#2e8b57" if e in open_doors else (
                    "#b22222" if door.state == "locked" else "#8b4513"
                )
                width = 6
            parts.append(
                f'<line x1="{x1 * cell}" y1="{y1 * cell}" x2="{x2 * cell}" y2="{y2 * cell}" '
                f'stroke="{colour}" stroke-width="{width}" stroke-linecap="round"/>'
            )
        if x == 0 and board.kind[i] != VOID:
            parts.append(
                f'<line x1="0" y1="{y * cell}" x2="0" y2="{(y + 1) * cell}" stroke="#000" '
                'stroke-width="3"/>'
            )
        if y == 0 and board.kind[i] != VOID:
            parts.append(
                f'<line x1="{x * cell}" y1="0" x2="{(x + 1) * cell}" y2="0" stroke="#000" '
                'stroke-width="3"/>'
            )
    parts.append("</svg>")
    return "\n".join(parts)
