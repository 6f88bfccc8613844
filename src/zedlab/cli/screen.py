"""One screen per decision: the table, the last few events, then the options.

On a terminal the screen fits the terminal (``console.size``): the options are listed one
per line when they fit, else cut to one line each, else in two or three columns; the last
events get a few lines (more on a taller terminal); the table gets the rest. When the whole
table does not fit beside options cut to one line each and the game draws a compact table
(the renderer module's ``render_compact``, see :mod:`zedlab.cli.render`), the compact table
is drawn in the room left, with the options as loose as that room allows. Only a table
still taller than its room is cut around its focus line (the renderer's ``focus`` hook,
else to its top and bottom) with a note that ``show`` draws it whole. Off a terminal (a
pipe, a file, a test) nothing is cut: every event line, the whole table and every option,
one per line.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..core.textfit import fit_lines
from .keys import KeyedLine

__all__ = [
    "EVENTS_OFF_TERMINAL", "Screen", "card_note", "event_lines", "events_room", "names_word",
    "fits_columns", "hanging_wrap", "option_block", "without_lines", "wrap_words",
]

EVENTS_OFF_TERMINAL = 12
"""Event lines shown before the table off a terminal (``log`` shows them all)."""

_MIN_TABLE = 6

_LEAST_TABLE = 2
"""Fewest rows the table is cut to (a line of it and the note saying what is not shown)."""

MIN_ROOM = 16
"""Fewest terminal rows a screen is drawn in when it leaves rows above it in sight."""


def events_room(height: int) -> int:
    """Event lines a terminal of ``height`` rows shows above the options (3 at 24 rows)."""
    return max(2, min(12, 3 + (height - 24) // 3))


def wrap_words(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words (a word longer
    than a line is split).

    >>> wrap_words("must move into the targeted space", 12)
    ['must move', 'into the', 'targeted', 'space']
    """
    return textwrap.wrap(text, max(1, width), break_on_hyphens=False) or [""]


def hanging_wrap(prefix: str, text: str, width: int) -> list[str]:
    """``prefix`` then ``text`` in lines of at most ``width`` columns, broken between words;
    the later lines indented as far as the text starts (a hanging indent).

    >>> hanging_wrap("   3  ", "Rick draws a Handgun and keeps it", 20)
    ['   3  Rick draws a', '      Handgun and', '      keeps it']
    """
    indent = " " * len(prefix)
    return textwrap.wrap(
        text, max(len(prefix) + 1, width), initial_indent=prefix, subsequent_indent=indent,
        break_on_hyphens=False,
    ) or [prefix.rstrip()]


def event_lines(events: Sequence[str], new: int, width: int, room: int) -> list[Text]:
    """The last ``events`` in about ``room`` lines of ``width``, each whole (wrapped between
    words, its later lines indented under its text), newest last; the last ``new`` are news
    (marked). When they do not all fit, fewer are shown (the newest always, cut only if it
    alone is longer than ``room`` lines) and a line says how many news are left out and
    which ``log N`` lists them.

    >>> [t.plain for t in event_lines(["a b c d e f", "g h i"], 2, 8, 2)]
    ['  (1 earlier: log 2)', '• g h i']
    """
    room = max(1, room)
    picked: list[tuple[int, list[str]]] = []
    used = 0
    for back, line in enumerate(reversed(events)):
        wrapped = wrap_words(line, width - 2)
        if picked and used + len(wrapped) > room:
            break
        picked.append((len(events) - 1 - back, wrapped))
        used += len(wrapped)
    hidden = max(0, new - len(picked))
    if hidden:
        # the note takes a line: drop the oldest shown while they do not fit beside it
        while len(picked) > 1 and used + 1 > room:
            used -= len(picked.pop()[1])
        hidden = max(0, new - len(picked))
    if not picked:
        return []
    first, newest = picked[0]
    if len(newest) > room:
        kept = newest[:room]
        last = Text(kept[-1] + " …")
        last.truncate(width - 2, overflow="ellipsis")
        picked[0] = (first, [*kept[:-1], last.plain])
    out: list[Text] = []
    if hidden:
        out.append(Text(f"  ({hidden} earlier: log {new})", style="dim"))
    start = len(events) - new
    for index, wrapped in reversed(picked):
        is_new = index >= start
        for n, part in enumerate(wrapped):
            mark = ("• " if is_new else "  ") if n == 0 else "  "
            text = Text(mark, style="bold" if is_new else "dim")
            text.append(part, style="" if is_new else "dim")
            out.append(text)
    return out


def news_left_out(events: Sequence[str], new: int, width: int, room: int) -> int:
    """How many of the last ``new`` of ``events`` :func:`event_lines` leaves out in ``room``
    lines of ``width`` (those only ``log`` would show).

    >>> news_left_out(["a b c d e f", "g h i"], 2, 8, 2)
    1
    """
    shown = sum(1 for text in event_lines(events, new, width, room) if text.plain.startswith("• "))
    return max(0, min(new, len(events)) - shown)


class _Lines:
    """Already rendered lines, printed as they are."""

    def __init__(self, lines: Sequence[Sequence[Segment]]) -> None:
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line
            yield Segment.line()


def without_lines(
    console: Console, thing: RenderableType, drop: Callable[[str], bool]
) -> RenderableType:
    """``thing`` as ``console`` would print it, less the lines whose text ``drop`` picks
    (and the blank lines left at its end)."""
    rendered = console.render_lines(thing, console.options, pad=False)
    kept = [line for line in rendered if not drop("".join(seg.text for seg in line))]
    while kept and not "".join(seg.text for seg in kept[-1]).strip():
        kept.pop()
    return _Lines(kept)


CUT_NOTE = "  labels cut: show for the full list"
"""The dim line under options whose labels were cut to fit (``show`` lists them whole)."""


def _option_text(
    line: KeyedLine, width: int | None, note: str = "", label: str | None = None
) -> Text:
    text = Text(f"{line.key:>3}) ")
    text.append(line.text if label is None else label)
    if note:
        text.append(f"  ({note})", style="dim")
    if width is not None:
        text.truncate(width, overflow="ellipsis")
    return text


def distinct_labels(labels: Sequence[str], room: int) -> list[str]:
    """The labels to show in ``room`` characters each: as they are when they fit; cut at the
    end when that keeps them apart; else, where cut labels would read alike ("Move t…" six
    times), the words they share shortened to their start and the end that tells them
    apart kept.

    >>> distinct_labels(["Move to Sector 1", "Move to Sector 2"], 9)
    ['Move to…1', 'Move to…2']
    >>> distinct_labels(["Roll", "Hold and draw"], 9)
    ['Roll', 'Hold and…']
    """
    room = max(1, room)

    def end_cut(text: str) -> str:
        return text if len(text) <= room else text[: room - 1] + "…"

    cut = [end_cut(t) for t in labels]
    out = list(cut)
    for i, text in enumerate(cut):
        alike = [labels[j] for j, other in enumerate(cut) if other == text]
        if len(alike) < 2 or len(set(alike)) < 2:
            continue
        shared = len(os.path.commonprefix(alike))
        tail = labels[i][shared:]
        keep = min(shared, max(room // 3, room - 1 - len(tail)))
        out[i] = end_cut(labels[i][:keep] + "…" + tail)
    return out


def card_note(label: str, texts: Mapping[str, str]) -> str:
    """``"Name: text"`` of the card whose name (3 letters or more) the label names, longest
    name first, case-insensitively, outside brackets (a name in brackets is a detail of
    the option: "step to (2,1) (past Laura)"); ``""`` if none, or if the label already
    holds the card's text.

    >>> card_note("Attack with the Shotgun", {"Shotgun": "2 attacks", "Gun": "x"})
    'Shotgun: 2 attacks'
    >>> card_note("step to (2,1) (past Laura)", {"Laura": "Shooter"})
    ''
    >>> card_note("keep Toolkit (Special Item)", {"Toolkit": "Special Item"})
    ''
    """
    outside = label
    while True:
        bare = _BRACKETED.sub(" ", outside)
        if bare == outside:
            break
        outside = bare
    for name in sorted(texts, key=len, reverse=True):
        if len(name) >= 3 and names_word(name, outside):
            return "" if texts[name] in label else f"{name}: {texts[name]}"
    return ""


_BRACKETED = re.compile(r"\([^()]*\)")


def once_each(notes: Sequence[str]) -> list[str]:
    """The card notes of a listing with each shown once, beside the first option naming
    the card (four barricade sides tell the Barricade's text once).

    >>> once_each(["Bed: sleeps", "", "Bed: sleeps", "Radio: trades"])
    ['Bed: sleeps', '', '', 'Radio: trades']
    """
    seen: set[str] = set()
    out = []
    for note in notes:
        out.append("" if note in seen else note)
        seen.add(note)
    return out


def names_word(name: str, text: str) -> bool:
    """Whether ``text`` names ``name`` as whole words (not inside a longer word: "Rick" is
    not in "brick"), case-insensitively.

    >>> names_word("Rick", "a brick wall"), names_word("Rick", "Rick: Medic")
    (False, True)
    """
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE) is not None


def option_block(
    lines: Sequence[KeyedLine],
    width: int,
    columns: int,
    cut: bool,
    back: bool,
    texts: Mapping[str, str] | None = None,
    hang: bool = True,
    greyed_rows: int = 2,
) -> RenderableType:
    """The available options in ``columns`` columns (labels cut to one line when ``cut``;
    in one column, the text of a card the option names beside the first option naming it
    when ``texts`` are given), then ``0) back`` and one dim line naming the options not available now.
    ``hang``: wrapped lines are indented under the text (at a terminal; in a pipe each
    option is one line). ``greyed_rows``: the most lines the options not available now
    take at a terminal (wrapped under their text, the last cut)."""
    shown = [ln for ln in lines if ln.available]
    notes = once_each([card_note(ln.text, texts) if texts else "" for ln in shown])
    parts: list[RenderableType] = []
    was_cut = False
    if columns <= 1 and not hang:
        for line, note in zip(shown, notes, strict=True):
            parts.append(_option_text(line, width if cut else None, note))
    elif columns <= 1:
        grid = Table.grid(padding=(0, 0))
        grid.add_column(width=5, no_wrap=True)
        grid.add_column(no_wrap=cut, overflow="ellipsis" if cut else "fold")
        room = max(1, width - 5)
        labels = distinct_labels([ln.text for ln in shown], room) if cut else None
        for k, line in enumerate(shown):
            text = _option_text(line, None, notes[k], labels[k] if labels else None)
            key, rest = text[:5], text[5:]
            if cut:
                was_cut = was_cut or len(rest) > room or labels is not None and labels[k] != line.text
                rest.truncate(room, overflow="ellipsis")
            grid.add_row(key, rest)
        parts.append(grid)
    else:
        grid = Table.grid(padding=(0, 1))
        rows = -(-len(shown) // columns)
        widths = _column_widths(shown, width, columns)
        texts_shown = [ln.text for ln in shown]
        labels = texts_shown
        if widths is None:  # labels cut to equal columns: keep what tells them apart
            col_width = max(10, (width - (columns - 1)) // columns)
            widths = [col_width] * columns
            labels = distinct_labels(texts_shown, col_width - 5)
        was_cut = labels != texts_shown
        for col_width in widths:
            grid.add_column(width=col_width, no_wrap=True)
        for r in range(rows):
            at = [c * rows + r for c in range(columns) if c * rows + r < len(shown)]
            grid.add_row(*[_option_text(shown[k], widths[k // rows], label=labels[k]) for k in at])
        parts.append(grid)
    if back:
        parts.append(Text("  0) back"))
    if was_cut:
        parts.append(Text(CUT_NOTE, style="dim"))
    greyed = [ln for ln in lines if not ln.available]
    if greyed:
        said = "; ".join(f"{g.key}) {_GROUP_COUNT.sub('', g.text)}" for g in greyed)
        # wrapped under its text to two lines (one in a pipe), so a line greyed after
        # others is not cut away
        unavailable = fit_lines(Text("  not available now: " + said, style="dim"), width,
                                greyed_rows if hang else 1, indent=len("  not available now: "))
        parts.append(unavailable)
    return _Group(parts)


_GROUP_COUNT = re.compile(r"(?<=\.\.\.) \(\d+ choices?\)$")
"""The count of a group's options ("Forge a weapon... (2 choices)"), stale once greyed."""


def _column_widths(shown: Sequence[KeyedLine], width: int, columns: int) -> list[int] | None:
    """Each column's width when ``shown`` (filled a column at a time) are put in
    ``columns`` columns, every line whole in ``width``; ``None`` when they do not fit."""
    rows = -(-len(shown) // columns)
    widths = [
        max((len(_option_text(ln, None).plain) for ln in shown[c * rows : (c + 1) * rows]), default=0)
        for c in range(columns)
    ]
    widths = [w for w in widths if w]
    return widths if sum(widths) + len(widths) - 1 <= width else None


def fits_columns(lines: Sequence[KeyedLine], width: int, columns: int) -> bool:
    """Whether every available option's line (key and label) fits whole when the options
    are put in ``columns`` columns across ``width`` (each column as wide as its longest)."""
    return _column_widths([ln for ln in lines if ln.available], width, columns) is not None


class _Group:
    def __init__(self, parts: list[RenderableType]) -> None:
        self.parts = parts

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.parts


class Screen:
    """Draws the screen of a decision.

    Args:
        console: where to draw; its ``is_terminal`` and ``size`` decide the layout.
        focus: ``focus(view, lines) -> index`` of the table line to keep in sight when the
            table must be cut (``None``: its top and bottom), from the game's renderer.
        texts: card name -> short text, shown beside the options that name the card.
        legend: the game has a key of its table (``legend`` prints it), so a cut table
            mentions it.
        pinned: ``pinned(view, lines) -> n``: the table's first ``n`` lines (a map's column
            numbers) stay in sight above the lines around the focus when the table is cut.
    """

    def __init__(
        self,
        console: Console,
        focus: Callable[[Any, list[str]], int] | None = None,
        texts: Mapping[str, str] | None = None,
        legend: bool = True,
        pinned: Callable[[Any, list[str]], int] | None = None,
    ) -> None:
        self.console = console
        self.legend = legend
        self.pinned = pinned
        self.soft = not console.is_terminal
        self.focus = focus
        self.texts = texts or {}

    def _height(self, thing: RenderableType, width: int) -> int:
        opts = self.console.options.update(width=width)
        return len(self.console.render_lines(thing, opts, pad=False))

    def draw(
        self,
        title: str,
        table: RenderableType,
        view: Any,
        events: Sequence[str],
        new: int,
        question: str,
        lines: Sequence[KeyedLine],
        back: bool,
        hint: str,
        compact: Callable[[int, int], RenderableType] | None = None,
        above: int = 0,
    ) -> None:
        """Print the screen: ``title`` rule, ``table``, the last ``events`` (the last ``new``
        of them are news), ``question``, the keyed ``lines`` and the ``hint`` line.

        ``compact(width, height)`` draws the game's compact table in about ``height`` lines
        (``None``: the game has none); it replaces ``table`` on a terminal too small for it.
        ``above``: terminal rows just printed that should stay in sight over the screen (the
        start-up lines of ``zedlab play``); as many of them as leave the table uncut are left
        out of the room (when at least :data:`MIN_ROOM` rows remain); the others may scroll
        away.
        """
        console = self.console
        if not console.is_terminal:
            self._draw_plain(title, table, events, new, question, lines, back, hint)
            return
        width, height = console.size
        width = max(20, width)
        args = (table, view, events, new, question, lines, back, compact, width)
        # the rows above stay in sight as far as the table is not cut for them: the most
        # of them kept out of the room with which the table is drawn uncut (none when the
        # table is cut anyway)
        keeps = range(above, 0, -1) if above > 0 and height - above >= MIN_ROOM else ()
        for keep in [*keeps, 0]:
            q, rendered, event_text, options, cut = self._layout(*args, height - keep)
            if not cut:
                break
        console.rule(Text(title), align="left")
        console.print(_Lines(rendered), end="")
        for text in event_text:
            console.print(text)
        console.print(q)
        console.print(options)
        h = Text(hint, style="dim")
        h.truncate(width, overflow="ellipsis")
        console.print(h)

    def _layout(
        self,
        table: RenderableType,
        view: Any,
        events: Sequence[str],
        new: int,
        question: str,
        lines: Sequence[KeyedLine],
        back: bool,
        compact: Callable[[int, int], RenderableType] | None,
        width: int,
        height: int,
    ) -> tuple[Text, list[list[Segment]], list[Text], RenderableType, bool]:
        """The question, the table's lines, the event lines and the options of a screen
        of ``height`` rows and ``width`` columns (see :meth:`draw`), and whether the table
        had to be cut."""
        console = self.console
        q = Text(question)
        q_rows = min(2, self._height(q, width))
        cut_at = 2 * width - 1
        while self._height(q, width) > 2 and cut_at > width:  # at most two lines
            q.truncate(cut_at, overflow="ellipsis")
            cut_at -= 8
        fixed = 4 + q_rows  # rule, hint, prompt, the line it leaves; the question
        event_text = event_lines(events, new, width, events_room(height))
        event_rows = len(event_text)
        rendered = console.render_lines(table, console.options.update(width=width), pad=False)
        left = height - fixed - event_rows  # for the table and the options
        options = self._fit_options(lines, width, back, height - fixed - _MIN_TABLE - 2)
        option_rows = self._height(options, width)
        if compact is not None and len(rendered) + option_rows > left:
            found = self._fit_table(compact, rendered, lines, width, back, left)
            if found is not None:
                rendered, options = found
                option_rows = self._height(options, width)
        if len(rendered) > left - option_rows:
            # the table must be cut: the options give it what rows they can spare (card
            # texts left to ``info``), as long as every label stays whole
            for columns in (1, 2, 3):
                if columns > 1 and not fits_columns(lines, width, columns):
                    continue
                block = option_block(lines, width, columns, False, back, None, greyed_rows=1)
                rows = self._height(block, width)
                if rows < option_rows:
                    options, option_rows = block, rows
                if len(rendered) <= left - option_rows:
                    break
        if option_rows > left - _LEAST_TABLE:
            # too short a terminal for the options: the newest event alone, then the options
            # cut to the rows left (the title, the question and the prompt stay in sight)
            event_text = event_lines(events, new, width, 1)[-1:]
            left = height - fixed - len(event_text)
            options, option_rows = self._cut_options(options, width, left - _LEAST_TABLE)
        room = left - option_rows
        cut = len(rendered) > room
        if cut:
            rendered = self._crop(rendered, view, max(_LEAST_TABLE, room), width)
        return q, rendered, event_text, options, cut

    def _cut_options(
        self, options: RenderableType, width: int, room: int
    ) -> tuple[RenderableType, int]:
        """The first lines of ``options`` in ``room`` rows, the last of them saying how many
        lines are left out and that ``show`` lists them all (as they are when they fit)."""
        drawn = self.console.render_lines(options, self.console.options.update(width=width), pad=False)
        if len(drawn) <= room:
            return options, len(drawn)
        kept = max(0, room - 1)
        note = Text(f"  (+{len(drawn) - kept} lines: show lists them all)", style="dim")
        note.truncate(width, overflow="ellipsis")
        line = list(self.console.render(note, self.console.options.update(width=width)))[:-1]
        return _Lines([*drawn[:kept], line]), kept + 1

    def news_left_out(self, events: Sequence[str], above: int = 0) -> int:
        """How many of ``events``, all news, the next :meth:`draw` (with ``above``) would
        leave out for want of room on the terminal (0 in a pipe, where all are printed)."""
        if not self.console.is_terminal:
            return 0
        width, height = self.console.size
        width = max(20, width)
        if above > 0 and height - above >= MIN_ROOM:
            height -= above
        return news_left_out(events, len(events), width, events_room(height))

    def _fit_options(
        self, lines: Sequence[KeyedLine], width: int, back: bool, room: int
    ) -> RenderableType:
        best: tuple[int, RenderableType] | None = None
        for block, rows, _ in self._blocks(lines, width, back):
            if rows <= room:
                return block
            if best is None or rows < best[0]:
                best = rows, block
        assert best is not None
        return best[1]

    # (columns, cut to a line, card texts beside, lines of the greyed options): the loosest
    # first; labels are put in columns only when every one fits its column whole
    _TRIES = ((1, False, True, 2), (1, False, False, 2), (1, False, False, 1), (2, True, False, 1),
              (3, True, False, 1), (1, True, True, 1), (1, True, False, 1))

    def _blocks(
        self, lines: Sequence[KeyedLine], width: int, back: bool
    ) -> list[tuple[RenderableType, int, int]]:
        """The option blocks to try, loosest first, with their heights and columns."""
        out: list[tuple[RenderableType, int, int]] = []
        for columns, cut, with_texts, greyed in self._TRIES:
            if with_texts and not self.texts:
                continue
            if columns > 1 and not fits_columns(lines, width, columns):
                continue
            block = option_block(lines, width, columns, cut, back, self.texts if with_texts else None,
                                 greyed_rows=greyed)
            out.append((block, self._height(block, width), columns))
        return out

    def _fit_table(
        self,
        compact: Callable[[int, int], RenderableType],
        rendered: list[list[Segment]],
        lines: Sequence[KeyedLine],
        width: int,
        back: bool,
        left: int,
    ) -> tuple[list[list[Segment]], RenderableType] | None:
        """The table and the options to draw in ``left`` rows: the whole table
        (``rendered``) beside the loosest options in one column that fit with it; else the
        compact table beside the loosest options that leave it room; else the compact table
        with the tightest options (the table is cut after). ``None`` when the compact table
        fails to draw."""
        opts = self.console.options.update(width=width)
        blocks = self._blocks(lines, width, back)
        for block, rows, columns in blocks:
            if columns == 1 and len(rendered) + rows <= left:
                return rendered, block
        last: tuple[list[list[Segment]], RenderableType] | None = None
        for block, rows, _ in blocks:
            room = left - rows
            if room < 2:
                continue
            try:
                drawn = self.console.render_lines(compact(width, room), opts, pad=False)
            except Exception:  # noqa: BLE001 - a compact-table bug falls back to the cut table
                return None
            last = drawn, block
            if len(drawn) <= room:
                return last
        return last

    def _cut_line(self, hidden: int, width: int) -> list[Segment]:
        note = Text(
            f"({hidden} lines of the table not shown: show draws it whole"
            + (", legend explains it)" if self.legend else ")"),
            style="dim",
        )
        note.truncate(width, overflow="ellipsis")
        return list(self.console.render(note, self.console.options.update(width=width)))[:-1]

    def _crop(
        self, rendered: list[list[Segment]], view: Any, room: int, width: int
    ) -> list[list[Segment]]:
        """``room`` lines of the table, one of them saying what was left out: around the
        renderer's focus line when it has a ``focus`` hook, else its top and its bottom
        (a seat's own area and the shared status are usually there)."""
        hidden = len(rendered) - (room - 1)
        if self.focus is not None:
            plain = ["".join(seg.text for seg in line) for line in rendered]
            try:
                centre = int(self.focus(view, plain))
            except Exception:  # noqa: BLE001 - a focus bug only costs where the cut is
                centre = 0
            pin = 0
            if self.pinned is not None:
                with suppress(Exception):  # a hook bug only costs the pinned lines
                    pin = max(0, min(int(self.pinned(view, plain)), centre, (room - 1) // 3))
            size = room - 1 - pin
            start = max(pin, min(len(rendered) - size, centre - size // 2))
            return [*rendered[:pin], *rendered[start : start + size], self._cut_line(hidden, width)]
        head = (room - 1 + 1) // 2
        tail = room - 1 - head
        bottom = rendered[len(rendered) - tail :] if tail else []
        return [*rendered[:head], self._cut_line(hidden, width), *bottom]

    def _draw_plain(
        self,
        title: str,
        table: RenderableType,
        events: Sequence[str],
        new: int,
        question: str,
        lines: Sequence[KeyedLine],
        back: bool,
        hint: str,
    ) -> None:
        console = self.console
        console.print()
        console.rule(Text(title), align="left")
        news = list(events[len(events) - new :]) if new else []
        if news:
            console.print(Text("What happened:"), soft_wrap=self.soft)
            if len(news) > EVENTS_OFF_TERMINAL:
                console.print(
                    Text(f"  ({len(news) - EVENTS_OFF_TERMINAL} earlier lines; type log to see all)")
                )
            for line in news[-EVENTS_OFF_TERMINAL:]:
                console.print(Text(f"  {line}"), soft_wrap=self.soft)
        console.print(table)
        self.options_plain(question, lines, back, hint)

    def options_plain(
        self, question: str, lines: Sequence[KeyedLine], back: bool, hint: str
    ) -> None:
        """The question and every option, one per line (no cutting); at a terminal the
        options fit its height when they can (card texts left to ``info``, then columns,
        as :meth:`draw` fits them), so a long group (a Build list) stays in sight."""
        console = self.console
        console.print(Text(question), soft_wrap=self.soft)
        if console.is_terminal:
            width, height = console.size
            width = max(20, width)
            # the question, the hint, the prompt and the line it leaves
            room = height - self._height(Text(question), width) - self._height(Text(hint), width) - 2
            block = self._fit_options(lines, width, back, room)
        else:
            block = option_block(lines, 100, 1, False, back, self.texts, hang=False)
        console.print(block, soft_wrap=self.soft)
        console.print(Text(hint), soft_wrap=self.soft)
