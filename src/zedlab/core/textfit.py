"""Styled text fitted to a few lines of a terminal, broken between words (never inside a
word that fits a line), for the renderers' compact tables and the terminal screen."""

from __future__ import annotations

import io
import textwrap

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.text import Text

__all__ = ["KeepTail", "fit_lines", "line_count", "word_breaks"]


def word_breaks(plain: str, width: int, indent: int = 0) -> list[int]:
    """Where ``plain`` starts each line after the first when wrapped between words at
    ``width`` columns (a word longer than a line is split), the later lines indented by
    ``indent`` columns (so ``width - indent`` of text).

    >>> word_breaks("Low 16 High 28: below Low", 12)
    [12, 22]
    >>> word_breaks("Low 16 High 28: below Low", 11, 3)
    [11, 16, 22]
    """
    if width < 1 or len(plain) <= width:
        return []
    indent = max(0, min(indent, width - 1))
    wrapper = textwrap.TextWrapper(
        width, subsequent_indent=" " * indent, break_on_hyphens=False, drop_whitespace=False
    )
    offsets: list[int] = []
    at = 0
    for n, chunk in enumerate(wrapper.wrap(plain)[:-1]):
        at += len(chunk) - (indent if n else 0)
        offsets.append(at)
    return offsets


def line_count(renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes when drawn ``width`` columns wide (no colour).

    >>> line_count(Text("one two three"), 7)
    2
    """
    console = Console(width=width, file=io.StringIO(), color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def fit_lines(text: Text, width: int, lines: int = 1, indent: int = 0) -> Text:
    """``text`` in at most ``lines`` lines of ``width`` columns, broken between words (each
    line's trailing spaces dropped), the lines after the first indented by ``indent``
    columns (a hanging indent), the last line cut with "…" if it is still too long.

    >>> fit_lines(Text("Low 16 High 28: below Low; Fate deck 9"), 16, 2).plain
    'Low 16 High 28:\\nbelow Low; Fate…'
    >>> fit_lines(Text("Low 16 High 28: below Low; Fate deck 9"), 16, 3, indent=2).plain
    'Low 16 High 28:\\n  below Low;\\n  Fate deck 9'
    """
    breaks = word_breaks(text.plain, width, indent)
    if not breaks or lines <= 1:
        out = text.copy()
        out.truncate(width, overflow="ellipsis")
        return out
    indent = max(0, min(indent, width - 1))
    parts = text.divide(breaks)
    kept = list(parts)[:lines]
    if len(parts) > lines:
        rest = Text("").join(list(parts)[lines - 1 :])
        kept[-1] = rest
    out = Text()
    for n, part in enumerate(kept):
        part.rstrip()
        if n:
            out.append("\n" + " " * indent)
            part = part[len(part.plain) - len(part.plain.lstrip()) :]
        if n == len(kept) - 1:
            part.truncate(width - (indent if n else 0), overflow="ellipsis")
        out.append_text(part)
    return out


class KeepTail:
    """``head`` wrapped between words, then ``tail`` (a group such as a row of dice boxes,
    spaces inside) kept whole: on the last line of ``head`` when it fits there, else on a
    line of its own."""

    def __init__(self, head: Text, tail: Text) -> None:
        self.head = head
        self.tail = tail

    @property
    def plain(self) -> str:
        return self.head.plain + self.tail.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        lines = list(self.head.wrap(console, width)) if self.head.plain else [Text()]
        last = lines[-1]
        tail = self.tail.copy()
        if last.cell_len + tail.cell_len > width and last.plain.strip():
            last.rstrip()
            tail = tail[len(tail.plain) - len(tail.plain.lstrip()) :]
            tail.truncate(width, overflow="ellipsis")
            lines.append(tail)
        else:
            last.append_text(tail)
            last.truncate(width, overflow="ellipsis")
        for line in lines:
            yield from line.render(console)
            yield Segment.line()
