"""The text-grid format of tiles and boards, and its rotation.

A grid of ``w`` by ``h`` spaces is written as ``2*h + 1`` lines of ``2*w + 1`` characters.
The character at line ``r``, column ``c`` sits at the *doubled* coordinate ``(c, r)``:

* odd ``c`` and odd ``r``: the space ``((c - 1) // 2, (r - 1) // 2)``, one of
  ``.`` corridor, ``=`` stairway (corridor for game purposes), ``#`` blacked out,
  a lower-case letter: a room (the letter names it within the grid), or a blank: no space
  (only in boards, where no tile lies);
* even ``c``, odd ``r``: the edge between two spaces side by side; odd ``c``, even ``r``:
  the edge between two spaces one above the other. ``|`` or ``-`` is a wall, a blank is open,
  ``D`` a closed door, ``O`` an open door, ``L`` a locked door (doors only in boards: on tiles
  doors are scenario pieces);
* even ``c`` and even ``r``: a corner; any character (``+`` by habit).

Example, a 3 by 2 grid with a room ``a`` walled off from a corridor, entered by a door::

    +-+-+-+
    |. .|a|
    + + +D+
    |. . .|
    +-+-+-+

Because every character sits at its own doubled coordinate, turning a tile is turning its
character matrix; a wall stays a wall whichever way it is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CELL_CHARS",
    "DOOR_CHARS",
    "WALL_CHARS",
    "GridError",
    "ParsedGrid",
    "parse_grid",
    "rotate_matrix",
    "to_matrix",
]

WALL_CHARS = frozenset("|-")
DOOR_CHARS = {"D": "closed", "O": "open", "L": "locked"}
CELL_CHARS = frozenset(".=#") | frozenset("abcdefghijklmnopqrstuvwxyz")


class GridError(ValueError):
    """A text grid that does not follow the format; the message names line and column."""


@dataclass(frozen=True, slots=True)
class ParsedGrid:
    """A validated grid as a character matrix.

    Attributes:
        width: spaces across.
        height: spaces down.
        matrix: ``2*height + 1`` rows of ``2*width + 1`` characters (padded with blanks).
    """

    width: int
    height: int
    matrix: tuple[str, ...]

    def cell(self, x: int, y: int) -> str:
        """The character of space ``(x, y)``."""
        return self.matrix[2 * y + 1][2 * x + 1]


def to_matrix(text: str) -> list[str]:
    """Split a grid text into lines, dropping blank first/last lines, padding to equal width."""
    lines = text.split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    width = max((len(line) for line in lines), default=0)
    return [line.ljust(width) for line in lines]


def parse_grid(text: str, *, allow_doors: bool = False, allow_void: bool = False) -> ParsedGrid:
    """Check a grid text and return it as a :class:`ParsedGrid`.

    Args:
        text: the grid, as described in the module docstring.
        allow_doors: accept ``D``, ``O``, ``L`` on edges (boards and test fixtures).
        allow_void: accept blank space characters (boards with irregular outlines).
    Raises:
        GridError: ``"line 3, column 5: ..."`` for a bad character or shape.
    """
    rows = to_matrix(text)
    if len(rows) < 3 or len(rows) % 2 == 0:
        raise GridError(f"a grid needs an odd number (>= 3) of lines, got {len(rows)}")
    if len(rows[0]) < 3 or len(rows[0]) % 2 == 0:
        raise GridError(f"a grid needs an odd line length (>= 3), got {len(rows[0])}")
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            where = f"line {r + 1}, column {c + 1}"
            if r % 2 == 1 and c % 2 == 1:
                if ch == " " and allow_void:
                    continue
                if ch not in CELL_CHARS:
                    raise GridError(
                        f"{where}: {ch!r} is not a space mark; use '.', '=', '#' or a room "
                        "letter a-z"
                    )
            elif r % 2 != c % 2:
                if ch in WALL_CHARS or ch == " ":
                    continue
                if ch in DOOR_CHARS:
                    if not allow_doors:
                        raise GridError(
                            f"{where}: doors are scenario pieces, not part of a tile; "
                            "put a wall '|'/'-' here and a door in the scenario"
                        )
                    continue
                raise GridError(f"{where}: {ch!r} is not an edge mark; use '|', '-' or a blank")
    return ParsedGrid(width=len(rows[0]) // 2, height=len(rows) // 2, matrix=tuple(rows))


def rotate_matrix(rows: list[str] | tuple[str, ...], quarter_turns: int) -> list[str]:
    """Turn a character matrix clockwise by ``quarter_turns`` quarter turns.

    Clockwise, the character at ``(c, r)`` goes to ``(R - 1 - r, c)`` where ``R`` is the
    number of rows; the result has the old width as its height.

    >>> rotate_matrix(["ab", "cd"], 1)
    ['ca', 'db']
    """
    out = list(rows)
    for _ in range(quarter_turns % 4):
        n_rows = len(out)
        n_cols = len(out[0])
        out = ["".join(out[n_rows - 1 - c][r] for c in range(n_rows)) for r in range(n_cols)]
    return out
