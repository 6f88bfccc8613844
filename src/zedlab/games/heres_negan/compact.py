"""The compact Here's Negan table for small terminals (80x24): the map a line per row, the
rows around the Survivors when the whole map does not fit, and beside it (below it on a map
too wide) the round, the Threat, Negan and a line per Survivor with its weapons.

A map row keeps the walls and doors between the spaces of that row (``|``, ``D``/``O``/``L``)
and leaves out the walls between rows (``show`` draws the whole map, ``legend`` its key).
When rows are left out, the first line of the panel says which rows the map shows, and the
row numbers at the map's left say it again. Renderers only read.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from zedlab.core.textfit import fit_lines

PANEL_MIN = 28
"""Narrowest panel beside the compact map; below that it goes under the map."""
MIN_ROWS = 3
"""Map rows the compact table keeps in sight however short the terminal."""
ROOMY_ROWS = 6
"""Map rows under which a map with the panel below it puts two Survivors a line."""


def _marks(view: Mapping[str, Any]) -> dict[str, int]:
    """Survivor digit (``x`` and the digit when Incapacitated) -> space, as the whole map
    draws them."""
    out: dict[str, int] = {}
    for n, s in enumerate(view["survivors"], start=1):
        if s["space"] >= 0 and not s["removed"]:
            out[f"x{n}" if s["incapacitated"] else str(n)] = s["space"]
    return out


def map_rows(view: Mapping[str, Any]) -> tuple[Text, list[Text], int]:
    """The compact map of a view: the line of column numbers (the x of ``(x,y)``, units
    only), one line per board row (its y at the left), and the width of those lines."""
    from .board.render import render_board
    from .render import negan_route, view_board, view_scene

    board = view_board(view)
    scene = view_scene(view)
    picture = render_board(board, scene, _marks(view), legend=False, title=False,
                           route=negan_route(board, scene), fire=view["fire"])
    assert isinstance(picture, Group)
    text = picture.renderables[-1]  # the picture of the map (no title, no key)
    assert isinstance(text, Text)
    lines = text.split("\n", allow_blank=True)
    margin = len(str(board.height - 1))
    rows: list[Text] = []
    for y in range(board.height):
        line = Text(f"{y:>{margin}}", style="dim")
        line.append_text(lines[2 * y + 1] if 2 * y + 1 < len(lines) else Text(""))
        rows.append(line)
    head = Text(" " * margin + "".join(f" {x % 10}" for x in range(board.width)), style="dim")
    return head, rows, margin + 2 * board.width + 1


def _row_of(view: Mapping[str, Any], space: int) -> int:
    from .render import view_board

    return space // int(view_board(view).width)


def interest_rows(view: Mapping[str, Any]) -> tuple[int, list[int]]:
    """The map row to keep in sight first (the acting Survivor's, else the first placed
    Survivor's, else Negan's, else the first deployment space's) and every row that matters
    (each Survivor's and Negan's), first row first."""
    from .render import view_board

    survivors = [s for s in view["survivors"] if s["space"] >= 0 and not s["removed"]]
    active = view.get("active", -1)
    rows = [_row_of(view, s["space"]) for s in survivors]
    if view["negan"]["space"] >= 0:
        rows.append(_row_of(view, view["negan"]["space"]))
    if 0 <= active < len(view["survivors"]) and view["survivors"][active]["space"] >= 0:
        key = _row_of(view, view["survivors"][active]["space"])
    elif rows:
        key = rows[0]
    else:
        board = view_board(view)
        deploy = sorted(board.deployment)
        key = _row_of(view, deploy[0]) if deploy else 0
        rows = sorted({_row_of(view, sp) for sp in deploy}) or [0]
    return key, sorted(set(rows) | {key})


def window(view: Mapping[str, Any], total: int, size: int) -> tuple[int, int]:
    """The first and one-past-last map row to show in ``size`` rows of ``total``: the key
    row of :func:`interest_rows` always, then as many other rows that matter as fit,
    centred on them."""
    if size >= total:
        return 0, total
    key, rows = interest_rows(view)
    best: tuple[int, int, int] | None = None
    for start in range(max(0, key - size + 1), min(key, total - size) + 1):
        covered = sum(start <= r < start + size for r in rows)
        inside = [r for r in rows if start <= r < start + size]
        middle = (min(inside) + max(inside)) / 2
        off = abs(start + (size - 1) / 2 - middle)
        score = (-covered, int(off * 2), start)
        if best is None or score < best:
            best = score
    assert best is not None
    start = best[2]
    return start, start + size


def _round(view: Mapping[str, Any]) -> Text:
    from .render import PHASES

    seats = {s["seat"] for s in view["survivors"]}
    first = f", First Player seat {view['first_player']}" if len(seats) > 1 else ""
    return Text(f"Round {view['round']} {PHASES.get(view['phase'], view['phase'])}{first}", style="bold")


def _threat(view: Mapping[str, Any]) -> Text:
    """The Threat track and the rooms secured (of those needed), short enough for the panel
    beside a map."""
    top = view["threat_max"]
    out = Text("Threat ")
    out.append(f"{view['threat']}/{top}", style="bold red" if view["threat"] >= top - 4 else "bold yellow")
    out.append(f" {view['band']}, secured {len(view['secured_rooms'])}/{view['survivor_count'] + 1}")
    if view["fire"]:
        out.append(f", fire x{len(view['fire'])}", style="bold red")
    return out


def _negan_line(view: Mapping[str, Any]) -> Text:
    """Negan's Stamina and place, then the Security value."""
    n = view["negan"]
    out = Text("Negan ", style="bold magenta")
    out.append(f"{n['stamina']}/{n['max_stamina']}")
    out.append(f" at {n['at']}" if n["space"] >= 0 else ", not in play")
    out.append(f"; Security {view['security']}")
    return out


def survivor_line(view: Mapping[str, Any], n: int, s: Mapping[str, Any], seat: int | None) -> Text:
    """A Survivor in a line: map number (``>`` acting), name, Stamina, Reputation, state,
    then every weapon equipped and the cards beside them."""
    from .render import card_name

    me = s["index"] == view.get("active", -1)
    style = "bold cyan" if me else ("bold" if s["seat"] == seat else "")
    out = Text(f"{n}{'>' if me else ' '}{s['name'][:8]}", style=style)
    if s["removed"]:
        out.append(f" removed R{s['rep']}", style="red")
        return out
    out.append(f" {s['stamina']}/{s['max_stamina']} R{s['rep']}")
    state = [w for w, on in (("Incap", s["incapacitated"]), ("Bitten", s["bitten"]),
                             ("done", s["activated"] and not me)) if on]
    left = view.get("actions_left", 0)
    if me and left:
        state.append(f"{left} Action{'' if left == 1 else 's'} left")
    if s["plus"]:
        state.append(f"+1x{s['plus']}")
    if s["minus"]:
        state.append(f"-1x{s['minus']}")
    if state:
        out.append(" " + " ".join(state), style="red" if s["bitten"] or s["incapacitated"] else "")
    kit = ", ".join(card_name(w) for w in s["equipped"]) or "no weapon"
    if s["cards"]:
        kit += " + " + ", ".join(card_name(c) for c in s["cards"])
    out.append(f" {kit}")
    return out


def _result(view: Mapping[str, Any]) -> Text | None:
    if not view["result"]:
        return None
    won = view["result"] == "win"
    return Text(f"Game over: {'the Survivors win' if won else 'the Survivors lose'} - "
                f"{view['reason']}", style="bold green" if won else "bold red")


def _pairs(lines: list[Text], width: int) -> list[Text]:
    """``lines`` two to a line where both fit half the width whole, in order; a line
    longer than half the width has a line of its own (cut to the width), so no weapon or
    card is cut away for the pairing."""
    half = (width - 1) // 2
    out = []
    i = 0
    while i < len(lines):
        pair = lines[i : i + 2]
        if len(pair) == 2 and all(t.cell_len <= half for t in pair):
            left = pair[0].copy()
            left.pad_right(half - left.cell_len)
            left.append(" ")
            left.append_text(pair[1])
            out.append(left)
            i += 2
        else:
            out.append(fit_lines(lines[i], width, 1))
            i += 1
    return out


def _joined(lines: list[tuple[Text, int]], width: int) -> list[tuple[Text, int]]:
    """Neighbouring lines joined with ``" | "`` where the two fit one line."""
    out: list[tuple[Text, int]] = []
    for text, most in lines:
        if out and out[-1][0].cell_len + 3 + text.cell_len <= width:
            joined = out[-1][0].copy()
            joined.append(" | ")
            joined.append_text(text)
            out[-1] = (joined, 1)
        else:
            out.append((text, most))
    return out


def brief(n: int, s: Mapping[str, Any]) -> str:
    """A Survivor in a few characters: map number, name, Stamina (``removed``, ``Incap``)."""
    if s["removed"]:
        return f"{n} {s['name'][:8]} removed"
    return f"{n} {s['name'][:8]} {s['stamina']}/{s['max_stamina']}" + (" Incap" if s["incapacitated"] else "")


def _panel(view: Mapping[str, Any], seat: int | None, width: int, height: int,
           cut: str, paired: bool = False, tiny: bool = False) -> list[Text]:
    """The panel's lines in ``width`` columns, the most needed first, at most ``height``
    lines (never fewer than the cut note, the result, the status, Negan and the
    Survivors). ``paired``: short lines joined and two Survivors a line; ``tiny``: short
    lines joined, the acting Survivor in a line and the others in another."""
    from .render import SCENARIOS, card_name, goal, under_models, view_board

    must: list[tuple[Text, int]] = []  # (text, lines it may take when there is room)
    if cut:
        must.append((Text(cut, style="bold yellow"), 1))
    result = _result(view)
    if result is not None:
        must.append((result, 2))
    must += [(_round(view), 2), (_threat(view), 2), (_negan_line(view), 2)]
    if paired or tiny:  # a whole-width panel short of room: short lines joined
        must = _joined(must, width)
    survivors = [survivor_line(view, n, s, seat) for n, s in enumerate(view["survivors"], start=1)]
    if tiny:  # the acting Survivor whole, the others without their weapons in a line
        active = view.get("active", -1)
        must += [(line, 1) for n, line in enumerate(survivors) if n == active]
        others = [brief(n, s) for n, s in enumerate(view["survivors"], start=1) if n - 1 != active]
        must.append((Text("; ".join(others)), 1))
    elif paired:
        must += [(line, 1) for line in _pairs(survivors, width)]
    else:
        must += [(line, 2) for line in survivors]
    fitted = [fit_lines(t, width, 1) for t, _ in must]
    room = height - len(fitted)
    for i, (t, most) in enumerate(must):
        if room > 0 and most > 1 and len(t.plain) > width:
            fitted[i] = fit_lines(t, width, most, indent=2)  # a hanging indent
            room -= fitted[i].plain.count("\n")
    extra: list[Text] = []
    hidden = under_models(view)
    if hidden:
        extra.append(Text(hidden, style="yellow"))
    if view["lasting"]:
        extra.append(Text("In play: " + ", ".join(card_name(c) for c in view["lasting"])))
    n = view["scenario"]
    title = SCENARIOS.get(n) or view_board(view).name.split(": ", 1)[-1]
    extra.append(Text(f"Scenario {n} {title}: " + goal(n, view["survivor_count"]), style="italic"))
    for n, t in enumerate(extra):
        if room <= 0:
            break
        most = max(1, min(EXTRA_LINES, room - (len(extra) - n - 1)))  # a line kept for each after
        line = hanging(t, width, most)
        fitted.append(line)
        room -= line.plain.count("\n") + 1
    return fitted


EXTRA_LINES = 3
"""Lines the panel gives each of its last lines (under models, cards in play, the goal)
when it has room for them."""


def hanging(text: Text, width: int, lines: int, indent: int = 2) -> Text:
    """``text`` (of one style) wrapped between words into at most ``lines`` lines of
    ``width`` columns, the lines after the first indented by ``indent`` spaces, the last
    cut with "…" if the text goes on.

    >>> hanging(Text("Scenario 1 Training Day: Get Negan onto the EXIT"), 24, 3).plain
    'Scenario 1 Training Day:\\n  Get Negan onto the\\n  EXIT'
    """
    wrapper = textwrap.TextWrapper(max(indent + 1, width), subsequent_indent=" " * indent,
                                   break_on_hyphens=False)
    wrapped = wrapper.wrap(text.plain) or [""]
    if len(wrapped) > lines:
        last = " ".join([wrapped[lines - 1], *(w.strip() for w in wrapped[lines:])])
        wrapped = [*wrapped[: lines - 1], last[: width - 1] + "…"]
    return Text("\n".join(wrapped), style=text.style)


def _layout(view: Mapping[str, Any], seat: int | None, width: int, height: int,
            beside: bool, paired: bool, header: bool, tiny: bool = False
            ) -> tuple[RenderableType, int, int]:
    """One layout of the compact table: the drawing, the lines it takes and the map rows
    it shows."""
    head, rows, map_width = map_rows(view)
    total = len(rows)
    panel_width = width - map_width - 1 if beside else width
    top = [head] if header else []
    if beside:
        size = max(1, min(total, height - len(top)))
        needed = 0
    else:
        needed = len(_panel(view, seat, panel_width, 0, "cut" if total > height else "", paired, tiny))
        size = max(1, min(total, height - len(top) - needed))
    start, end = window(view, total, size)
    cut = "" if (start, end) == (0, total) else (
        f"Map rows {start}-{end - 1} of 0-{total - 1} (show: all)" if end - start > 1
        else f"Map row {start} of 0-{total - 1} (show: all)")
    shown = [*top, *rows[start:end]]
    if beside:
        panel = _panel(view, seat, panel_width, height, cut)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=map_width, no_wrap=True)
        grid.add_column(width=panel_width, no_wrap=True)
        right = Text("\n").join(panel)
        grid.add_row(Text("\n").join(shown), right)
        return grid, max(len(shown), right.plain.count("\n") + 1), end - start
    panel = _panel(view, seat, panel_width, max(0, height - len(shown)), cut, paired, tiny)
    lines = len(shown) + sum(t.plain.count("\n") + 1 for t in panel)
    return Group(*shown, *panel), lines, end - start


def compact_table(game_view: dict[str, Any], seat: int | None, *, width: int = 80,
                  height: int = 14) -> RenderableType:
    """The table in at most ``height`` lines of ``width`` columns (when the height leaves
    the map :data:`MIN_ROWS` rows beside the panel's needed lines): the map a line per
    row, cut to the rows around the Survivors when it is taller than the room, and the
    panel beside it, or under it when the map leaves the panel less than
    :data:`PANEL_MIN` columns or the panel is too long to stand beside the map. Tighter
    layouts are tried in turn: the panel under the map with two Survivors a line, then
    without the line of column numbers.

    Args:
        game_view: what ``game.view(state, seat)`` returned.
        seat: the seat on screen (``None``: a spectator).
        width: columns.
        height: the lines the terminal can give the table.
    Returns:
        a Rich renderable.
    """
    view = game_view["public"]
    _, rows, map_width = map_rows(view)
    total = len(rows)
    side = width - map_width - 1 >= PANEL_MIN
    tries = [(True, False, True)] if side else []
    tries += [(False, False, True), (False, True, True)]
    tries += [(True, False, False)] if side else []
    tries += [(False, True, False)]
    fitting: list[tuple[int, int, RenderableType]] = []  # (-rows shown, try, drawing)
    smallest: tuple[int, RenderableType] | None = None
    for n, (beside, paired, header, tiny) in enumerate([(*t, False) for t in tries]
                                                        + [(False, False, False, True)]):
        drawn, lines, shown = _layout(view, seat, width, height, beside, paired, header, tiny)
        roomy = shown >= min(total, ROOMY_ROWS if not (paired or beside or tiny) else MIN_ROWS)
        if lines <= height and roomy and not tiny:
            return drawn
        if lines <= height:
            fitting.append((-shown, n, drawn))
        if smallest is None or lines < smallest[0]:
            smallest = (lines, drawn)
    # a very short room: the layout that fits with the most map rows (the last try puts
    # the other Survivors in a line without their weapons)
    if fitting:
        return min(fitting, key=lambda f: (f[0], f[1]))[2]
    assert smallest is not None
    return smallest[1]
