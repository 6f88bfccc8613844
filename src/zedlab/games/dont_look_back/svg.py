"""The Don't Look Back table as an SVG board for the browser, drawn from a seat's view only.

Layout (a viewBox 1000 units wide, as tall as the table needs): a header (Location, Search
deck, whose turn); the six Sectors as a ring round the central Location (Sector 1 at the
top, clockwise), each with its Walkers, the Escape Route and the Survivors' pawns; beside
it the scorepad (Health left of the starting Health, points, where each Survivor stands,
their face-up Weapon cards); below it the attack in progress (rolled, saved and missed
dice), the cards drawn for Carl, and the seat's own Survivor sheet (ability, Improvised
Weapon, Weapon cards); last, once the game is over, the result.

Every element that stands for an option of the seat's pending decision carries
``data-option="<catalogue id>"``: a space to move to, target or flee to; a pawn to attack
with the Knife; a Weapon card to fight with, keep or loot; a die for Michonne to re-roll;
the saved dice (hold) and the misses (re-roll). Clickable elements never nest. Cards,
Survivors, Weapons and the Location carry a ``<title>`` with their text from the content.

Source: Don't Look Back rulebook, "The Game Board", "Your Survivor Card", "Combat".
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from zedlab.core.svg import cut as _cut
from zedlab.core.svg import esc as _e
from zedlab.core.svg import option_attr as _opt
from zedlab.core.svg import region as _region
from zedlab.core.svg import title as _title
from zedlab.core.svg import wrap as _wrap

from .combat import SURVIVOR_TARGET
from .common import starting_health
from .content import Content, view_content
from .render import end_of_turn_cost
from .state import IMPROVISED

__all__ = ["board"]

WIDTH = 1000
RIGHT = 545.0
"""Left edge of the right-hand column (scorepad, the attack, drawn cards)."""
BAND = 604.0
"""Top of the band below the ring (the seat's own Survivor sheet) at the least."""
BG, PANEL, INK, ACCENT = "#161a1d", "#22282c", "#e8e6e3", "#c0392b"
DIM, GOOD, WARN, PICK = "#9aa3a8", "#2ecc71", "#f1c40f", "#5dade2"
PAWN_COLOURS = ("#5dade2", "#d670d6", "#f4d03f", "#58d68d")
FONT = "font-family:Segoe UI,Helvetica,Arial,sans-serif"
CENTRE = (268.0, 332.0)
"""Centre of the ring of Sectors."""
R_IN, R_OUT = 104.0, 258.0
"""Inner and outer radius of the Sector ring (the Location fills the middle)."""


# -- small SVG helpers ------------------------------------------------------------------------


def _text(
    x: float, y: float, text: object, size: int = 14, fill: str = INK, anchor: str = "start",
    weight: str = "normal", italic: bool = False,
) -> str:
    style = ' font-style="italic"' if italic else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"'
        f' font-weight="{weight}"{style}>{_e(text)}</text>'
    )


def _rect(
    x: float, y: float, w: float, h: float, fill: str = PANEL, stroke: str = "none",
    rx: float = 6, width: float = 1.5, dash: bool = False,
) -> str:
    extra = ' stroke-dasharray="5 3"' if dash else ""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" fill="{fill}"'
        f' stroke="{stroke}" stroke-width="{width}"{extra}/>'
    )


def _ring(x: float, y: float, w: float, h: float) -> str:
    """The outline that marks a clickable group (dice, a pile)."""
    return _rect(x, y, w, h, "none", PICK, 8, 2)


def _lines(x: float, y: float, lines: Iterable[str], size: int = 13, fill: str = INK, gap: int = 0) -> str:
    step = size + 3 + gap
    return "".join(_text(x, y + i * step, line, size, fill) for i, line in enumerate(lines))


# -- what the content says about things ---------------------------------------------------------


def _space_name(space: int) -> str:
    return "the Location" if space == 0 else f"Sector {space}"


def _card_title(C: Content, card: str) -> str:
    """Name and short text of a Search card (a Weapon shows its dice and kind too)."""
    w = C.weapons.get(card)
    if w is not None:
        stats = f"{w.name} - {w.kind.capitalize()}, {w.dice} dice"
        return f"{stats}. {w.text}" if w.text else stats
    c = C.cards.get(card)
    if c is not None:
        return f"{c.name}: {c.text}" if c.text else c.name
    return card


def _survivor_title(C: Content, sid: str) -> str:
    s = C.survivors.get(sid)
    if s is None:
        return sid
    imp = s.improvised
    return (
        f"{s.name}: {s.ability_text} Improvised Weapon: {imp.name}"
        f" ({imp.dice} dice, {imp.kind.capitalize()})."
    )


def _improvised_title(C: Content, sid: str, reach: str) -> str:
    s = C.survivors.get(sid)
    if s is None:
        return "Improvised Weapon"
    imp = s.improvised
    where = "Walkers in your own space only" if reach == "own-space" else "like any Weapon of its kind"
    return (
        f"{imp.name} (Improvised Weapon) - {imp.kind.capitalize()}, {imp.dice} dice. Always at"
        f" hand, never discarded; hits {where}."
    )


# -- options: which option stands on which element ------------------------------------------------


class _Options:
    """The seat's pending options, looked up by what they stand for on the board."""

    def __init__(self, decision: dict[str, Any] | None, combat: dict[str, Any] | None) -> None:
        self.kind = decision["kind"] if decision else ""
        self.options: list[dict[str, Any]] = list(decision["options"]) if decision else []
        self.target_space = combat["target_space"] if combat else -1

    def find(self, kind: str, value: Any = None) -> int | None:
        """The id of the option of ``kind`` and ``value`` (as JSON: a pair is a list)."""
        for o in self.options:
            if o["kind"] == kind and o["value"] == value:
                return o["id"]  # type: ignore[no-any-return]
        return None

    def label(self, option_id: int | None) -> str:
        for o in self.options:
            if o["id"] == option_id:
                return str(o["label"])
        return ""

    def space(self, space: int, current_space: int) -> int | None:
        """The option that stands on ``space``: a move, a flee, a target, a Flashbang space,
        moving into the target, or a Pass on the space the Survivor stands in."""
        for kind in ("move", "overrun-move", "flash-from", "flash-to", "target"):
            found = self.find(kind, space)
            if found is not None:
                return found
        if self.kind == "combat-move":
            return self.find("combat-move", True) if space == self.target_space else None
        if space == current_space:
            return self.find("pass", None)
        return None


# -- the ring of Sectors round the Location ------------------------------------------------------


def _polar(angle: float, radius: float) -> tuple[float, float]:
    cx, cy = CENTRE
    return cx + radius * math.cos(math.radians(angle)), cy + radius * math.sin(math.radians(angle))


def _wedge(sector: int) -> str:
    mid = -90 + (sector - 1) * 60
    a0, a1 = mid - 29, mid + 29
    x0, y0 = _polar(a0, R_OUT)
    x1, y1 = _polar(a1, R_OUT)
    x2, y2 = _polar(a1, R_IN)
    x3, y3 = _polar(a0, R_IN)
    return (
        f"M{x0:.1f},{y0:.1f} A{R_OUT},{R_OUT} 0 0 1 {x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f}"
        f" A{R_IN},{R_IN} 0 0 0 {x3:.1f},{y3:.1f} Z"
    )


def _walker_dots(x: float, y: float, n: int, per_row: int = 8) -> str:
    """Up to 16 Walker heads in rows, centred on ``x``; more show as a number only."""
    shown = min(n, 16)
    out = []
    for i in range(shown):
        row, col = divmod(i, per_row)
        in_row = min(per_row, shown - row * per_row)
        px = x - (in_row - 1) * 9 + col * 18
        py = y + row * 18
        out.append(
            f'<circle cx="{px:.1f}" cy="{py:.1f}" r="6.5" fill="#6b8e23" stroke="#2d3a12"'
            ' stroke-width="1.5"/>'
        )
    return "".join(out)


def _pawn(x: float, y: float, s: dict[str, Any], current: bool, option: int | None, C: Content) -> str:
    colour = PAWN_COLOURS[s["seat"] % 4]
    ring = (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="19" fill="none" stroke="{INK}" stroke-width="2.5"/>'
        if current
        else ""
    )
    short = C.short.get(s["id"], s["name"][:1])[:2]
    tip = f"{s['name']} (seat {s['seat']}): Health {s['health']}, {s['points']} points"
    if option is not None:
        tip += " - click to attack with the Knife"
    return (
        f'<g class="pawn"{_opt(option)}>{_title(tip)}{ring}'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="15" fill="{colour}" stroke="#111" stroke-width="1.5"/>'
        + _text(x, y + 5, short, 13, "#111", "middle", "bold")
        + "</g>"
    )


def _pawns(view: dict[str, Any], space: int, x: float, y: float, opts: _Options, C: Content) -> str:
    here = [
        s for s in view["survivors"]
        if s["id"] and s["alive"] and not s["escaped"] and s["space"] == space
    ]
    out = []
    for i, s in enumerate(here):
        px = x - (len(here) - 1) * 18 + i * 36
        option = opts.find("target", SURVIVOR_TARGET + s["seat"])
        if option is None and opts.kind in ("choose-first-player", "next-first-player"):
            option = opts.find("first-player", s["seat"])
        out.append(_pawn(px, y, s, s["seat"] == view["current"], option, C))
    return "".join(out)


def _current_space(view: dict[str, Any]) -> int:
    me = view["survivors"][view["current"]]
    return int(me["space"]) if me["id"] and me["alive"] and not me["escaped"] else -2


def _sector(view: dict[str, Any], sector: int, opts: _Options, C: Content) -> str:
    loc = view["location"]
    walkers = view["walkers"][sector]
    over = not loc["overrun"] and walkers > loc["overload"]
    escape_here = view["escape_sector"] == sector
    option = opts.space(sector, _current_space(view))
    fill = "#3a1f1f" if over else ("#2b2520" if walkers else "#23292d")
    stroke = GOOD if escape_here else ("#46515a" if option is None else PICK)
    tip = f"Sector {sector}: {walkers} Walker{'s' if walkers != 1 else ''}"
    if not loc["overrun"]:
        tip += f" (Sector Overload {loc['overload']})"
    if escape_here:
        tip += ". The Escape Route: clear it while standing here to escape"
    if option is not None:
        tip += f" - {opts.label(option)}"
    mid = -90 + (sector - 1) * 60
    x, y = _polar(mid, (R_IN + R_OUT) / 2 + 6)
    parts = [
        f'<g class="space sector"{_opt(option)}>{_title(tip)}',
        f'<path d="{_wedge(sector)}" fill="{fill}" stroke="{stroke}" stroke-width="{3 if escape_here or option is not None else 1.5}"/>',
        _text(x, y - 46, f"Sector {sector}", 15, DIM, "middle", "bold"),
        _text(
            x, y - 24, f"{walkers} Walker{'s' if walkers != 1 else ''}" + (": OVERLOAD" if over else ""),
            14 if over else 16, ACCENT if over else (INK if walkers else DIM), "middle", "bold",
        ),
        _walker_dots(x, y - 6, walkers),
    ]
    if escape_here:
        parts.append(_text(x, y + 64, "ESCAPE ROUTE", 13, GOOD, "middle", "bold"))
    parts.append("</g>")
    parts.append(_pawns(view, sector, x, y + 38, opts, C))
    return "".join(parts)


def _location(view: dict[str, Any], opts: _Options, C: Content) -> str:
    loc = view["location"]
    cx, cy = CENTRE
    walkers = view["walkers"][0]
    option = opts.space(0, _current_space(view))
    entry = C.locations.get(loc["id"])
    if loc["overrun"]:
        tip = "The Location is overrun: the tile is out of play (no entry, no Sector Overload)."
    else:
        tip = f"{loc['name']}: Sector Overload {loc['overload']}. {loc['ability']}"
        if entry is not None and entry.ability_text and entry.ability_text != loc["ability"]:
            tip += f" {entry.ability_text}"
    if option is not None:
        tip += f" - {opts.label(option)}"
    stroke = ACCENT if loc["overrun"] else (PICK if option is not None else "#8a7f6a")
    parts = [
        f'<g class="space location"{_opt(option)}>{_title(tip)}',
        f'<circle cx="{cx}" cy="{cy}" r="{R_IN - 8}" fill="#2f2a22" stroke="{stroke}" stroke-width="3"/>',
    ]
    if loc["overrun"]:
        parts.append(_text(cx, cy - 20, "OVERRUN", 20, ACCENT, "middle", "bold"))
        parts.append(_text(cx, cy + 2, "no entry", 14, DIM, "middle"))
    else:
        parts.append(_text(cx, cy - 56, _cut(loc["name"] or "Location", 16), 17, INK, "middle", "bold"))
        parts.append(_text(cx, cy - 38, f"Sector Overload {loc['overload']}", 13, DIM, "middle"))
        parts.append(
            _text(cx, cy - 16, f"{walkers} Walker{'s' if walkers != 1 else ''}", 16,
                  ACCENT if walkers else DIM, "middle", "bold")
        )
        parts.append(_walker_dots(cx, cy + 2, walkers))
    parts.append("</g>")
    parts.append(_pawns(view, 0, cx, cy + 58, opts, C))
    return "".join(parts)


# -- the scorepad ------------------------------------------------------------------------------------


def _weapon_chip(
    x: float, y: float, w: float, card: str, C: Content, option: int | None, label: str
) -> str:
    entry = C.weapons.get(card)
    name = entry.name if entry else C.card_name(card)
    dice = f" {entry.dice}d" if entry else ""
    tip = _card_title(C, card) + (f" - {label}" if option is not None else "")
    return (
        f'<g class="card weapon"{_opt(option)}>{_title(tip)}'
        + _rect(x, y, w, 24, "#33302a", PICK if option is not None else "#6e6350", 4,
                2.5 if option is not None else 1)
        + _text(x + w / 2, y + 17, _cut(name, 12) + dice, 12, INK, "middle")
        + "</g>"
    )


def _health_bar(x: float, y: float, health: int, top: int, width: float) -> str:
    cell = width / max(top, 1)
    out = []
    for i in range(top):
        fill = GOOD if i < health else "#3b4247"
        out.append(_rect(x + i * cell, y, max(cell - 2, 2), 10, fill, rx=2))
    return "".join(out)


def _scorepad(view: dict[str, Any], you: int | None, opts: _Options, C: Content, y0: float) -> tuple[str, float]:
    x0, w = RIGHT, WIDTH - RIGHT - 10
    top = starting_health(view["location"]["total"])
    parts = [_text(x0, y0 + 16, "Survivors", 17, INK, weight="bold")]
    y = y0 + 28
    setting_up = any(not s["id"] for s in view["survivors"])
    for s in view["survivors"]:
        seat = s["seat"]
        chips = len(s["weapons"])
        rows = math.ceil(chips / 4)
        h = 58 + rows * 28
        current = seat == view["current"] and not view["reason"]
        option = None
        if opts.kind in ("choose-first-player", "next-first-player"):
            option = opts.find("first-player", seat)
        tip = _survivor_title(C, s["id"]) if s["id"] else f"Seat {seat} is choosing a Survivor"
        if option is not None:
            tip += f" - {opts.label(option)}"
        colour = PAWN_COLOURS[seat % 4]
        parts.append(f'<g class="survivor"{_opt(option)}>{_title(tip)}')
        parts.append(
            _rect(x0, y, w, h, PANEL, PICK if option is not None else (INK if current else "#3b4247"),
                  8, 3 if option is not None or current else 1)
        )
        parts.append(f'<circle cx="{x0 + 16}" cy="{y + 19}" r="8" fill="{colour}"/>')
        name = s["name"] or f"Seat {seat} (choosing)"
        mark = "  (you)" if seat == you else ""
        parts.append(_text(x0 + 30, y + 24, _cut(name, 18) + mark, 15, INK, weight="bold"))
        parts.append(_text(x0 + w - 10, y + 24, f"{s['points']} pts", 15, WARN, "end", "bold"))
        if s["id"] and not setting_up:
            if not s["alive"]:
                where = "dead"
            elif s["escaped"]:
                where = "escaped"
            else:
                where = "in " + _space_name(s["space"])
            parts.append(_text(x0 + 12, y + 46, f"Health {s['health']}/{top}", 13,
                               ACCENT if s["health"] <= 2 else INK))
            parts.append(_health_bar(x0 + 112, y + 37, s["health"], top, 140))
            parts.append(_text(x0 + w - 10, y + 46, where, 13, DIM, "end"))
            if current:
                parts.append(_text(x0 + 200, y + 24, "to act", 13, WARN, weight="bold"))
        parts.append("</g>")
        for i, card in enumerate(s["weapons"]):
            row, col = divmod(i, 4)
            loot = opts.find("loot", [seat, card])
            parts.append(
                _weapon_chip(x0 + 8 + col * 107, y + 56 + row * 28, 101, card, C, loot, opts.label(loot))
            )
        y += h + 6
    return "".join(parts), y


# -- dice ---------------------------------------------------------------------------------------------

_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _die(x: float, y: float, face: int | None, kind: str, size: float = 44) -> str:
    """A Combat die: ``kind`` is "roll", "saved" or "miss" (a miss shows no face)."""
    fill = {"roll": "#f2efe9", "saved": "#d5f5e3", "miss": "#3b4247"}[kind]
    stroke = {"roll": "#8a8a8a", "saved": GOOD, "miss": "#6c757d"}[kind]
    out = [_rect(x, y, size, size, fill, stroke, 7, 2.5, dash=kind == "miss")]
    if face is None:
        out.append(_text(x + size / 2, y + size / 2 + 6, "?", 18, DIM, "middle", "bold"))
        return "".join(out)
    step = size / 4
    for dx, dy in _PIPS.get(face, ()):
        out.append(
            f'<circle cx="{x + size / 2 + dx * step:.1f}" cy="{y + size / 2 + dy * step:.1f}"'
            f' r="{size / 11:.1f}" fill="#1b1b1b"/>'
        )
    return "".join(out)


def _weapon_name(view: dict[str, Any], C: Content, weapon: str) -> str:
    if weapon == IMPROVISED:
        sid = view["survivors"][view["current"]]["id"]
        entry = C.survivors.get(sid)
        return f"{entry.improvised.name} (Improvised)" if entry else "Improvised Weapon"
    return C.card_name(weapon)


def _combat(view: dict[str, Any], opts: _Options, C: Content, y0: float) -> tuple[str, float]:
    c = view["combat"]
    if not c:
        return "", y0
    x0, w, h = RIGHT, WIDTH - RIGHT - 10, 116.0
    name = _weapon_name(view, C, c["weapon"])
    kind = "Melee" if c["melee"] else "Ranged"
    tip = _card_title(C, c["weapon"]) if c["weapon"] != IMPROVISED else _improvised_title(
        C, view["survivors"][view["current"]]["id"], view["improvised_reach"]
    )
    parts = [
        f"<g>{_title(tip)}",
        _rect(x0, y0, w, h, PANEL, ACCENT, 8, 2),
        _text(x0 + 12, y0 + 24, _cut(name, 26), 15, INK, weight="bold"),
        _text(x0 + 12, y0 + 42, f"{c['dice']} dice, {kind}", 13, WARN),
        "</g>",
    ]
    shown = len(c["roll"]) or (len(c["saved"]) + c["misses"])
    size = min(40.0, (w - 48) / max(shown, 1) - 6)
    gap = size + 6
    dx = x0 + 12
    dy = y0 + 58
    if c["roll"]:
        parts.append(_text(x0 + w - 14, y0 + 24, "rolled", 13, DIM, "end"))
        for face in c["roll"]:
            option = opts.find("reroll-die", face) if opts.kind == "michonne-reroll" else None
            tip = f"A {face}" + (f" - {opts.label(option)}" if option is not None else "")
            ring = _ring(dx - 3, dy - 3, size + 6, size + 6) if option is not None else ""
            parts.append(f'<g class="die"{_opt(option)}>{_title(tip)}{ring}{_die(dx, dy, face, "roll", size)}</g>')
            dx += gap
    else:
        target = c["target"]
        if target >= SURVIVOR_TARGET:
            seat = target - SURVIVOR_TARGET
            where = view["survivors"][seat]["name"] if 0 <= seat < len(view["survivors"]) else "a Survivor"
        else:
            where = _space_name(c["target_space"])
        parts.append(_text(x0 + w - 14, y0 + 24, f"target: {where}", 13, DIM, "end"))
        hold = opts.find("hold")
        saved = "".join(_die(dx + i * gap, dy, face, "saved", size) for i, face in enumerate(c["saved"]))
        tip = f"{len(c['saved'])} hit{'s' if len(c['saved']) != 1 else ''} saved"
        ring = _ring(dx - 4, dy - 4, gap * len(c["saved"]) + 2, size + 8) if hold is not None else ""
        parts.append(
            f'<g class="dice saved"{_opt(hold)}>{_title(tip + (" - " + opts.label(hold) if hold is not None else ""))}'
            f"{ring}{saved}</g>"
        )
        dx += gap * len(c["saved"]) + 18
        reroll = opts.find("reroll")
        misses = "".join(_die(dx + i * gap, dy, None, "miss", size) for i in range(c["misses"]))
        tip = f"{c['misses']} miss{'es' if c['misses'] != 1 else ''}"
        ring = _ring(dx - 4, dy - 4, gap * c["misses"] + 2, size + 8) if reroll is not None else ""
        parts.append(
            f'<g class="dice misses"{_opt(reroll)}>{_title(tip + (" - " + opts.label(reroll) if reroll is not None else ""))}'
            f"{ring}{misses}</g>"
        )
    return "".join(parts), y0 + h + 8


# -- the seat's own Survivor sheet ------------------------------------------------------------------


def _card(
    x: float, y: float, w: float, h: float, heading: str, sub: str, body: str, tip: str,
    option: int | None, label: str, colour: str = "#33302a",
) -> str:
    chars = max(8, int((w - 16) / 5.9))
    lines = _wrap(body, chars)
    room = max(0, int((h - 56) // 16))
    if len(lines) > room:
        lines = lines[:room]
        if lines:
            lines[-1] = _cut(lines[-1] + " \u2026", chars)
    return (
        f'<g class="card"{_opt(option)}>{_title(tip + (" - " + label if option is not None else ""))}'
        + _rect(x, y, w, h, colour, PICK if option is not None else "#6e6350", 8,
                3 if option is not None else 1.2)
        + _text(x + 10, y + 22, _cut(heading, int((w - 20) / 8.5)), 15, INK, weight="bold")
        + _text(x + 10, y + 40, _cut(sub, chars), 12, WARN)
        + _lines(x + 10, y + 58, lines, 12, "#cfcac3")
        + "</g>"
    )


def _weapon_card(
    x: float, y: float, card: str, opts: _Options, C: Content, w: float = 136, h: float = 118
) -> str:
    entry = C.weapons.get(card)
    option = opts.find("combat", card)
    if option is None:
        option = opts.find("keep-weapon", card)
    if option is None:
        option = opts.find("pick-card", card)
    if entry is None:
        other = C.cards.get(card)
        name = other.name if other else card
        text = other.text if other else ""
        return _card(x, y, w, h, name, "Search card", text, _card_title(C, card), option,
                     opts.label(option), "#2c3440")
    sub = f"{entry.kind.capitalize()}, {entry.dice} dice"
    return _card(x, y, w, h, entry.name, sub, entry.text, _card_title(C, card), option,
                 opts.label(option))


def _choose_survivor(opts: _Options, C: Content, y0: float) -> tuple[str, float]:
    """The Survivor cards to choose from, two to a region of a narrow page."""
    regions: list[list[str]] = [[_text(10, y0 + 20, "Choose your Survivor", 17, INK, weight="bold")]]
    for i, o in enumerate(opts.options):
        entry = C.survivors.get(str(o["value"]))
        if entry is None:
            continue
        imp = entry.improvised
        while len(regions) <= i // 2:
            regions.append([])
        regions[i // 2].append(_card(
            10 + i * 247, y0 + 30, 237, 150, entry.name,
            f"{imp.name}: {imp.dice} dice, {imp.kind}", entry.ability_text,
            _survivor_title(C, entry.id), o["id"], o["label"], "#2c3440",
        ))
    return "".join(_region(parts, 4 + k * 494, y0, 494, 186) for k, parts in enumerate(regions) if parts), y0 + 186


def _turn_cost(view: dict[str, Any], you: int) -> tuple[str, str]:
    """What ending a turn where the seat stands costs, in words, and its colour."""
    me = view["survivors"][you]
    if not me["alive"] or me["escaped"] or me["space"] < 0 or view["reason"]:
        return "", DIM
    cost = end_of_turn_cost(view, you)
    if not cost:
        return "Ending a turn here costs no Health", GOOD
    warn = f"Ending a turn here costs {cost} Health (after the Overload)"
    if cost >= me["health"]:
        return warn + " - fatal: move or fight your way out!", ACCENT
    return warn, WARN


def _own_sheet(view: dict[str, Any], you: int, opts: _Options, C: Content, y0: float) -> tuple[str, float]:
    """The seat's own Survivor card, Improvised Weapon and Weapon cards, below the table."""
    if opts.kind == "choose-survivor":
        return _choose_survivor(opts, C, y0)
    me = view["survivors"][you]
    if not me["id"]:
        return "", y0
    entry = C.survivors.get(me["id"])
    cards = list(me["weapons"])
    first_row = 4
    rows = 1 + max(0, math.ceil((len(cards) - first_row) / 7))
    h = 40 + rows * 126
    back = _rect(0, y0, WIDTH, h, "#1d2326", "#3b4247", 0, 1)
    parts = [_text(10, y0 + 25, f"Your Survivor: {me['name']} (seat {you})", 17, INK, weight="bold")]
    weapons: list[str] = []  # a region of its own on a narrow page, with the turn's cost
    warn, colour = _turn_cost(view, you)
    if warn:
        weapons.append(_text(WIDTH - 10, y0 + 25, warn, 13, colour, "end"))
    y = y0 + 36
    if entry is not None:
        parts.append(_card(10, y, 240, 118, entry.name, "Special Ability", entry.ability_text,
                           _survivor_title(C, entry.id), None, "", "#2c3440"))
        imp = entry.improvised
        reach = "own space only" if view["improvised_reach"] == "own-space" else "own or adjacent space"
        option = opts.find("combat", IMPROVISED)
        parts.append(_card(
            258, y, 150, 118, imp.name, f"{imp.kind.capitalize()}, {imp.dice} dice",
            f"Improvised Weapon: always at hand; hits Walkers in your {reach}.",
            _improvised_title(C, entry.id, view["improvised_reach"]), option, opts.label(option),
        ))
    x = 420.0
    for card in cards:
        if x + 136 > WIDTH:
            x = 10.0
            y += 126
        weapons.append(_weapon_card(x, y, card, opts, C))
        x += 143
    if not cards:
        weapons.append(_text(430, y + 70, "No Weapon cards", 14, DIM))
    wx = 10 if rows > 1 else 414  # a second row of Weapon cards starts at the left
    return back + _region(parts, 0, y0, 414, h) + _region(weapons, wx - 4, y0, WIDTH - wx + 4, h), y + 126


def _drawn(view: dict[str, Any], opts: _Options, C: Content, y0: float) -> tuple[str, float]:
    """Search cards drawn and not yet resolved (Carl's two cards): face up for everyone."""
    if not view["drawn"]:
        return "", y0
    parts = [_text(RIGHT, y0 + 18, "Drawn from the Search deck", 16, INK, weight="bold")]
    for i, card in enumerate(view["drawn"][:2]):
        parts.append(_weapon_card(RIGHT + i * 222, y0 + 28, card, opts, C, 212, 128))
    return "".join(parts), y0 + 164


# -- header and footer ------------------------------------------------------------------------------


def _header(view: dict[str, Any], C: Content) -> str:
    loc = view["location"]
    where = "overrun" if loc["overrun"] else loc["name"]
    parts = [
        _text(14, 24, f"Location {loc['number']} of {loc['total']}: {where}", 19, INK, weight="bold"),
        _text(14, 47, f"Search deck {view['deck']} cards  \u00b7  discards {len(view['discard'])}", 14, DIM),
    ]
    turn = []  # whose turn, and a Flashbang's Walkers: a region of their own on a narrow page
    cur = view["survivors"][view["current"]]
    if view["reason"]:
        turn.append(_text(WIDTH - 14, 24, "Game over", 19, ACCENT, "end", "bold"))
    elif cur["id"]:
        colour = PAWN_COLOURS[view["current"] % 4]
        turn.append(_text(WIDTH - 14, 24, f"{cur['name']}'s turn", 18, colour, "end", "bold"))
    if view["flash_left"]:
        left = view["flash_left"]
        turn.append(_text(WIDTH - 14, 47, f"Flashbang: {left} Walker{'s' if left != 1 else ''} left to move",
                          14, WARN, "end"))
    if view["discard"]:
        last = view["discard"][-1]
        parts.append(f"<g>{_title('Top of the discard pile: ' + _card_title(C, last))}"
                     + _text(360, 47, f"last discard: {C.card_name(last)}", 14, DIM) + "</g>")
    return (_rect(0, 0, WIDTH, 56, PANEL, rx=0) + _region(parts, 0, 0, 620, 56)
            + _region(turn, 600, 0, 400, 56))


def _footer(game_view: dict[str, Any], view: dict[str, Any], y0: float) -> tuple[str, float]:
    outcome = game_view.get("outcome")
    parts = []
    if outcome:
        names = [view["survivors"][w]["name"] or f"seat {w}" for w in outcome.get("winners", [])]
        scores = outcome.get("scores", [])
        best = int(max(scores)) if scores else 0
        points = f"{best} point{'s' if best != 1 else ''}"
        if len(names) == 1:
            line = f"{names[0]} wins with {points}"
        else:
            line = f"{' and '.join(names)} share the victory with {points}"
        parts.append(_rect(10, y0, 980, 64, "#2a1c1c", ACCENT, 8, 2))
        parts.append(_text(24, y0 + 28, line, 18, INK, weight="bold"))
        if outcome.get("reason") or view["reason"]:
            parts.append(_text(24, y0 + 52, _cut(str(outcome.get("reason") or view["reason"]), 120), 13, DIM))
        return _region(parts, 0, y0 - 4, WIDTH, 72), y0 + 74
    return "", y0


# -- the board ---------------------------------------------------------------------------------------


def board(view: dict[str, Any], seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator), as one ``<svg>`` element.

    Args:
        view: ``Match.view(seat)`` (docs/view-schema.md): ``public``, ``private``,
            ``decision`` (the seat's own, with catalogue ids), ``to_move``, ``outcome``.
        seat: the seat on screen, or ``None``.
    Returns:
        the SVG markup: a viewBox 1000 units wide; elements standing for an option of the
        pending decision carry ``data-option``; cards and pieces carry a ``<title>``.
    """
    public = view["public"]
    C = view_content(public)
    opts = _Options(view.get("decision"), public["combat"])
    you = seat if seat is not None and 0 <= seat < len(public["survivors"]) else None
    # regions (what a narrow page shows one under another): the header's two halves, the
    # Location's Sectors, the scorepad with the fight and the cards drawn, the own sheet's
    # cards, the outcome
    body = [_header(public, C)]
    circle = [_rect(8, 66, 520, 532, "#1b2023", "#2c3338", 10, 1)]
    for sector in range(1, 7):
        circle.append(_sector(public, sector, opts, C))
    circle.append(_location(public, opts, C))
    body.append(_region(circle, 4, 62, 528, 540))
    pad, y = _scorepad(public, you, opts, C, 62)
    column = [pad]
    for part in (_combat, _drawn):
        drawn, y = part(public, opts, C, y + 4)
        column.append(drawn)
    body.append(_region(column, RIGHT - 8, 58, WIDTH - RIGHT + 6, y - 54))
    y = max(BAND, y + 4)
    if you is not None:
        sheet, y = _own_sheet(public, you, opts, C, y)
        body.append(sheet)
    footer, y = _footer(view, public, y + 8)
    body.append(footer)
    height = int(y + 10)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board"'
        f' role="img" aria-label="Don\'t Look Back table" style="{FONT}">'
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{BG}"/>'
        + "".join(body)
        + "</svg>"
    )
