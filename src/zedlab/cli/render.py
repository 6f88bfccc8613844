"""Drawing games in the terminal: the per-game renderer lookup and the generic renderer.

Renderer convention
-------------------
A game may draw its own table. The terminal looks for a function::

    render(view: dict, seat: int | None) -> rich.console.RenderableType

in the module ``<package of type(game)>.render`` (for a game object whose class lives in
``zedlab.games.dont_look_back.rules`` that is ``zedlab.games.dont_look_back.render``; for a
class defined in a package's ``__init__`` it is that package's ``render``). ``view`` is what
``game.view(state, seat)`` returned for the seat on screen (``None``: a spectator), so a
renderer can never show more than the seat may see. A game without such a module (or whose
renderer fails) is drawn by :func:`generic_render`, which lays the view out as tables.

A render module may also draw a compact table for small terminals::

    render_compact(view: dict, seat: int | None, *, width: int, height: int) -> RenderableType

the same view in about ``height`` lines of ``width`` columns (12-14 lines at 80 columns is
the aim; a renderer may use the height to choose between a tighter and a looser layout).
It must show everything a player needs to decide (every Sector, zone or card in a line,
hands, dice, health, scores), with no legend. The terminal's screen
(:class:`zedlab.cli.screen.Screen`) draws it instead of ``render`` when the whole table does
not fit in the room the events and the options leave (:func:`compact_view`); ``show``, a
tall terminal and output to a pipe keep the whole table.

A render module may also declare ``LEGEND`` (or ``KEY``), the text explaining the table's
signs: the terminal leaves it out of each screen (:func:`strip_legend`) and prints it on
``legend``; and ``focus(view, lines) -> int``, the index of the rendered line to keep in sight
when a small terminal must cut the table (:class:`zedlab.cli.screen.Screen`), with
``pinned(view, lines) -> int``, how many of its first lines (a map's column numbers) stay
above the lines kept around the focus; and ``choice_text(decision, action) -> str | None``, a
choice worded as what the seat did ("loses a herb cube"), for the line naming a bot's choice
(:func:`zedlab.cli.session.choice_line`; without it, the option's label).

This module also builds the console: on a terminal Rich draws colours; when stdout is not a
terminal (a pipe, a file, a test) there are no colours, no cursor movement and a fixed width
of 100 columns, so the output can be scripted and compared.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..core.engine import Game, Outcome

__all__ = [
    "Renderer",
    "compact_for",
    "compact_view",
    "generic_render",
    "legend_text",
    "strip_legend",
    "make_console",
    "outcome_table",
    "render_view",
    "renderer_for",
]

Renderer = Callable[[dict[str, Any], "int | None"], RenderableType]
"""``render(view, seat) -> RenderableType``: see the module docstring."""

_MAX_DEPTH = 3
_MAX_ROWS = 40


def make_console(stream: Any = None) -> Console:
    """A Rich console on ``stream`` (stdout by default).

    On a terminal: colours and the terminal's width. Otherwise: plain text, no colours,
    no cursor tricks, 100 columns wide.
    """
    stream = stream if stream is not None else sys.stdout
    is_tty = bool(getattr(stream, "isatty", lambda: False)())
    if is_tty:
        return Console(file=stream, highlight=False)
    return Console(
        file=stream,
        force_terminal=False,
        no_color=True,
        color_system=None,
        highlight=False,
        width=100,
        emoji=False,
        soft_wrap=False,
    )


def renderer_for(game: Game[Any]) -> Renderer:
    """The game's own ``render`` function, or :func:`generic_render` if it has none
    (:func:`zedlab.core.registry.renderer`)."""
    from ..core.registry import renderer

    return renderer(game) or generic_render


def render_view(game: Game[Any], view: dict[str, Any], seat: int | None) -> RenderableType:
    """Draw ``view`` with the game's renderer; fall back to the generic one if it fails.

    A renderer bug must not end a game in progress, so its error is shown in one line above
    the generic picture instead.
    """
    render = renderer_for(game)
    if render is generic_render:
        return generic_render(view, seat)
    try:
        return render(view, seat)
    except Exception as exc:  # noqa: BLE001 - any renderer failure degrades to the generic view
        note = Text(f"(the {game.name} table could not be drawn: {exc!r}; showing plain view)")
        return Group(note, generic_render(view, seat))


def compact_for(game: Game[Any]) -> Callable[..., RenderableType] | None:
    """The game's ``render_compact`` (beside its ``render``), or ``None`` if it has none."""
    module = sys.modules.get(getattr(renderer_for(game), "__module__", ""), None)
    found = getattr(module, "render_compact", None)
    return found if callable(found) else None


def compact_view(
    game: Game[Any], view: dict[str, Any], seat: int | None, width: int, height: int
) -> RenderableType | None:
    """``view`` drawn by the game's compact renderer in about ``height`` lines of ``width``
    columns, without its legend; ``None`` if the game has no compact table.

    Raises:
        Exception: whatever the compact renderer raises (the screen then cuts the whole
            table instead).
    """
    compact = compact_for(game)
    if compact is None:
        return None
    return strip_legend(game, compact(view, seat, width=width, height=height))


# -- the legend, on demand ----------------------------------------------------------------


def _legends(game: Game[Any]) -> list[str]:
    """The key texts the game's render module declares (``LEGEND``, ``KEY``)."""
    module = sys.modules.get(getattr(renderer_for(game), "__module__", ""), None)
    found = [getattr(module, name, None) for name in ("LEGEND", "KEY")]
    return [text for text in found if isinstance(text, str) and text]


def legend_text(game: Game[Any]) -> str:
    """What the signs on the game's table mean (its render module's ``LEGEND``/``KEY``),
    for the ``legend`` command; ``""`` if it declares none."""
    return "\n".join(_legends(game))


def strip_legend(game: Game[Any], renderable: RenderableType) -> RenderableType:
    """``renderable`` without the key its renderer prints under the table (a ``Text`` whose
    text is the module's ``LEGEND``/``KEY``), so a frame shows it only on ``legend``."""
    legends = set(_legends(game))
    if not legends:
        return renderable

    def is_legend(thing: Any) -> bool:
        return isinstance(thing, Text) and thing.plain in legends

    def walk(thing: Any, depth: int) -> None:
        if depth > 4:
            return
        if isinstance(thing, Group):
            kept = [r for r in thing.renderables if not is_legend(r)]
            thing.renderables[:] = kept
            for r in kept:
                walk(r, depth + 1)
            return
        for name in ("key", "legend"):
            if is_legend(getattr(thing, name, None)):
                with suppress(AttributeError, TypeError):
                    setattr(thing, name, Text(""))

    walk(renderable, 0)
    return renderable


# -- the generic renderer ------------------------------------------------------------------


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _scalar_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _value(value: Any, depth: int) -> RenderableType:
    """One value as a renderable: scalars as text, containers as nested tables."""
    if _is_scalar(value):
        return Text(_scalar_text(value))
    if depth >= _MAX_DEPTH:
        return Text(_compact(value))
    if isinstance(value, Mapping):
        return _mapping_table(value, depth + 1)
    if isinstance(value, Sequence):
        if all(_is_scalar(v) for v in value):
            return Text(", ".join(_scalar_text(v) for v in value) if value else "(none)")
        if all(isinstance(v, Mapping) for v in value):
            return _records_table(value, depth + 1)
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column()
        for item in list(value)[:_MAX_ROWS]:
            table.add_row(_value(item, depth + 1))
        return table
    return Text(str(value))


def _compact(value: Any) -> str:
    if _is_scalar(value):
        return _scalar_text(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_label(k)}: {_compact(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(_compact(v) for v in value) + "]"
    return str(value)


def _mapping_table(mapping: Mapping[str, Any], depth: int) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    for key, value in mapping.items():
        table.add_row(_label(key), _value(value, depth))
    return table


def _records_table(rows: Sequence[Mapping[str, Any]], depth: int) -> Table:
    columns: list[str] = []
    for row in rows:
        for key in row:
            if key not in columns:
                columns.append(key)
    table = Table(pad_edge=False, show_lines=False)
    table.add_column("#", justify="right")
    for column in columns:
        table.add_column(_label(column))
    for i, row in enumerate(list(rows)[:_MAX_ROWS]):
        cells: list[RenderableType] = [Text(str(i))]
        cells += [_value(row.get(c), depth) if c in row else Text("") for c in columns]
        table.add_row(*cells)
    if len(rows) > _MAX_ROWS:
        table.add_row("...", *[""] * len(columns))
    return table


def generic_render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """Lay a view out as tables: one row per top-level entry, containers as nested tables.

    Args:
        view: a JSON-safe view (``game.view(state, seat)``).
        seat: the seat whose view it is, ``None`` for a spectator.
    Returns:
        a Rich renderable.
    """
    if not isinstance(view, Mapping):
        return Text(_compact(view))
    title = "Spectator view" if seat is None else f"What seat {seat} sees"
    if set(view) == {"public", "private"} and isinstance(view["public"], Mapping):
        # the one view shape: the table, then (if any) what only this seat sees
        parts: list[RenderableType] = [_mapping_table(view["public"], 0)]
        private = view["private"]
        if isinstance(private, Mapping) and private:
            parts += [Text("Only you see:"), _mapping_table(private, 0)]
        return Panel(Group(*parts), title=title, title_align="left", expand=False)
    return Panel(_mapping_table(view, 0), title=title, title_align="left", expand=False)


def outcome_table(outcome: Outcome, seat_names: Sequence[str]) -> RenderableType:
    """The end screen: why the game ended, every seat's score, the winners and the tier."""
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("Seat")
    table.add_column("Score", justify="right")
    table.add_column("Result")
    for seat, score in enumerate(outcome.scores):
        name = seat_names[seat] if seat < len(seat_names) else f"Seat {seat}"
        shown = int(score) if float(score).is_integer() else score
        table.add_row(name, str(shown), "WINNER" if seat in outcome.winners else "")
    lines: list[RenderableType] = []
    if outcome.reason:
        lines.append(Text(f"Why it ended: {outcome.reason}"))
    lines.append(table)
    if outcome.winners:
        who = ", ".join(
            seat_names[w] if w < len(seat_names) else f"Seat {w}" for w in outcome.winners
        )
        lines.append(Text(f"Winner{'s' if len(outcome.winners) > 1 else ''}: {who}"))
    else:
        lines.append(Text("Nobody won."))
    if outcome.tier:
        lines.append(Text(f"Rating: {outcome.tier}"))
    return Panel(Group(*lines), title="Game over", title_align="left", expand=False)
