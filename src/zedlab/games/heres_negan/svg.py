"""The Here's Negan table as an SVG board for the browser, drawn from a seat's view only.

:func:`board` draws the scenario map as a grid of squares (rooms tinted, secured rooms green,
dark rooms black, the rooms the Win Conditions still want outlined in gold; walls, doors
closed/open/locked, barricades, Entry Points, the EXIT, fire, barrels, Security tokens,
scenery), every model and token (Survivors as coloured discs with initials, Walkers standing
or prone, Negan, face-down Walker tokens and Supply tokens), Negan's route to his target and
the ``(x,y)`` coordinates along the axes, as option labels use them. Beside or below the map:
the scenario, round and phase, whose turn it is, the Threat and Reputation tracks, the decks,
the last cards drawn, and each Survivor's card (Stamina, Bites, weapons and items), the seat's
own Survivors first. Every piece and card carries a ``<title>`` (hover text).

An element standing for an option of the seat's pending decision carries
``data-option="<catalogue id>"``: the spaces a Move, deployment, Call Negan, Search, barrel or
Entry Point option names, the doors an open/break option names, the Walker (or Negan, or
Survivor) an attack option targets, the Survivors an activation option names, and the cards
an equip/use/keep option names (cards being chosen that lie nowhere on the table are drawn in
a row under the board). Options with no place on the board stay buttons.

Nothing here reads the game state: face-down tokens are drawn as the view has them (where,
not what). Source: Here's Negan rulebook, "Tiles", "Spaces", "Doors", "Threat Tracker",
"Reputation", "Character Cards".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from html import escape
from typing import Any

from .board.model import BLACKED_OUT, OPEN, STAIRWAY, VOID, WALL, Board
from .render import DECK_NAMES, PHASES, goal, negan_route, view_board, view_scene

__all__ = ["board"]

WIDTH = 1000
"""Width of the viewBox; text is never smaller than :data:`SMALL` units."""
SMALL = 11
BG, PANEL, INK, DIM, ACCENT, LINE = "#161a1d", "#22282c", "#e8e6e3", "#9aa4ab", "#c0392b", "#3a4246"
FILL = {"corridor": "#3a4248", "stair": "#454e55", "room": "#5e4b3b", "unopened": "#4a3c31",
        "secured": "#3f6149", "dark": "#15131c", "out": "#0c0f11"}
WALL_INK = "#d9d2c3"
SURVIVOR_COLOURS = ("#4aa3df", "#e98b39", "#e9c93c", "#2fbf9f", "#e56fa6")
LEVEL_COLOURS = {"low": "#d4b106", "medium": "#e67e22", "high": "#e74c3c"}
BAND_COLOURS = ("#2e6b3a", "#8c7a14", "#a65a17", "#a33224")
OBJECT_LETTERS = {"weapons-locker": "K", "first-aid-station": "A", "generator": "G",
                  "furnace": "F", "loading-bay": "Y"}
SPACE_OPTIONS = frozenset({"deploy", "step", "jump", "negan-to", "extinguish", "supply-token",
                           "barrel", "put-barrel", "entry-point"})
DOOR_OPTIONS = frozenset({"open-door", "break"})
SURVIVOR_OPTIONS = frozenset({"activate", "event-survivor", "attack-target"})
CARD_OPTIONS = frozenset({"weapon", "use-card", "discard-bonus", "keep-card", "starting-card",
                          "discard-card"})


# -- content lookups (names and texts for people) ------------------------------------------------
@lru_cache(maxsize=1)
def _pack() -> Any:
    from .content import BINDER

    try:
        return BINDER.load()
    except Exception:  # noqa: BLE001 - a broken pack must not stop the board being drawn
        return None


def card_info(view: Mapping[str, Any], card_id: str) -> tuple[str, str]:
    """The printed name and short text of a card: from the view's ``card_texts``, else from
    the content pack, else the id made readable."""
    info = view.get("card_texts", {}).get(card_id) or {}
    name, text = str(info.get("name") or ""), str(info.get("text") or "")
    pack = _pack()
    if pack is not None and not (name and text):
        for table in ("weapons", "supply", "events", "rooms", "negan"):
            entry = getattr(pack, table, {}).get(card_id)
            if entry is not None:
                name, text = name or str(entry.name), text or str(getattr(entry, "text", ""))
                break
    return name or card_id.replace("-", " ").title(), text


def _survivor_text(survivor_id: str) -> str:
    pack = _pack()
    entry = None if pack is None else pack.survivors.get(survivor_id)
    if entry is None:
        return ""
    return f"{entry.text} {entry.ability_text}".strip()


def _ref_text(which: str) -> str:
    pack = _pack()
    entry = None if pack is None else getattr(pack, which, None)
    return str(getattr(entry, "text", "")) if entry is not None else ""


# -- small SVG helpers -----------------------------------------------------------------------------
def _n(v: float) -> str:
    return f"{v:.1f}"


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _text(x: float, y: float, text: str, size: float = 13, fill: str = INK, anchor: str = "start",
          weight: str = "normal", extra: str = "") -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(max(size, SMALL))}" fill="{fill}" '
            f'text-anchor="{anchor}"{bold}{extra}>{escape(text)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> str:
    return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" fill="{fill}"{extra}/>'


def _opt(option: int | None) -> str:
    return "" if option is None else f' data-option="{option}"'


def wrap(text: str, width: float, size: float = 13) -> list[str]:
    """``text`` broken into lines no wider than ``width`` units at font ``size`` (an average
    letter is taken as 0.56 of the size)."""
    per_line = max(8, int(width / (0.56 * size)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > per_line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _fit(text: str, width: float, size: float = 13) -> str:
    """``text`` cut with an ellipsis to fit ``width`` units."""
    most = max(3, int(width / (0.56 * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "\u2026"


# -- which element plays which option --------------------------------------------------------------
class Marks:
    """The option id each element of the board plays: keys are ``("space", n)``,
    ``("door", id)``, ``("walker", n)``, ``("negan",)``, ``("survivor", id)``,
    ``("card", survivor_index, card_id)``, ``("slot", survivor_index, k)`` and
    ``("offer", card_id)``; the first option naming an element wins."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.ids: dict[tuple[Any, ...], int] = {}
        self.offers: list[tuple[str, int]] = []
        decision = view.get("decision") or {}
        options = [o for o in decision.get("options", []) if o.get("id") is not None]
        pub = view["public"]
        self.survivors = pub["survivors"]
        self.active = self._subject(pub.get("active", -1), str(decision.get("prompt", "")))
        self.seat = view.get("seat")
        pieces = set(pub["walkers"]) | set(pub["prone"])
        gives = {o["value"][0] for o in options if o["kind"] == "swap-give"}
        equips: dict[str, int] = {}
        for o in options:
            if o["kind"] == "swap-equip":
                equips[o["value"][0]] = equips.get(o["value"][0], 0) + 1
        one_card = len(equips) == 1  # one card to equip: its options are the weapon spaces
        for o in options:
            kind, value, oid = o["kind"], o["value"], int(o["id"])
            if kind in SPACE_OPTIONS and isinstance(value, int):
                self._put(("space", value), oid)
            elif kind in DOOR_OPTIONS and isinstance(value, int):
                self._put(("door", value), oid)
            elif kind == "target" and isinstance(value, int):
                self._put(("walker" if value in pieces else "space", value), oid)
            elif kind in SURVIVOR_OPTIONS and value == "negan":
                self._put(("negan",), oid)
            elif kind in SURVIVOR_OPTIONS and isinstance(value, str):
                self._put(("survivor", value), oid)
            elif kind in CARD_OPTIONS and isinstance(value, str):
                self._card(value, oid)
            elif kind == "equip" and isinstance(value, int) and self.active >= 0:
                self._put(("slot", self.active, value), oid)
            elif kind == "swap-take" and isinstance(value, list) and len(value) == 2:
                holder = self._index_of(str(value[0]))
                if holder is not None:
                    self._put(("card", holder, str(value[1])), oid)
            elif kind == "swap-give" and len(gives) == 1 and self.active >= 0:
                self._put(("card", self.active, str(value[1])), oid)
            elif kind == "swap-equip" and one_card and self.active >= 0:
                self._put(("slot", self.active, int(value[1])), oid)
            elif kind == "swap-equip" and equips.get(value[0]) == 1 and self.active >= 0:
                self._put(("card", self.active, str(value[0])), oid)

    def _subject(self, active: int, prompt: str) -> int:
        """The Survivor the decision is about: the acting one, else the one the prompt opens
        with (a weapon found at set-up, a Defense roll in the Walker Phase)."""
        if active >= 0:
            return active
        named = [s for s in self.survivors if prompt.startswith(str(s["name"]))]
        return int(named[0]["index"]) if named else -1

    def _put(self, key: tuple[Any, ...], oid: int) -> None:
        self.ids.setdefault(key, oid)

    def _index_of(self, survivor_id: str) -> int | None:
        return next((s["index"] for s in self.survivors if s["id"] == survivor_id), None)

    def _card(self, card: str, oid: int) -> None:
        """A card option goes on the card where it lies: the acting Survivor's, else one of
        the deciding seat's Survivors'; a card lying nowhere is offered under the board."""
        order = [s for s in self.survivors if s["index"] == self.active]
        order += [s for s in self.survivors if s["seat"] == self.seat and s["index"] != self.active]
        for s in order:
            if card in s["equipped"] or card in s["cards"]:
                key = ("card", s["index"], card)
                if key not in self.ids:
                    self.ids[key] = oid
                    return
        if all(c != card for c, _ in self.offers):
            self.offers.append((card, oid))

    def get(self, *key: Any) -> int | None:
        """The option id of an element, or ``None``."""
        return self.ids.get(tuple(key))


# -- the map ---------------------------------------------------------------------------------------
class MapGeometry:
    """Where the map lies in the viewBox: ``cell`` units a space, top left at ``(x0, y0)``."""

    def __init__(self, b: Board, x0: float, y0: float, cell: float) -> None:
        self.b, self.x0, self.y0, self.cell = b, x0, y0, cell

    def corner(self, space: int) -> tuple[float, float]:
        x, y = self.b.xy(space)
        return self.x0 + x * self.cell, self.y0 + y * self.cell

    def centre(self, space: int) -> tuple[float, float]:
        x, y = self.corner(space)
        return x + self.cell / 2, y + self.cell / 2


def _room_fill(b: Board, space: int, pub: Mapping[str, Any]) -> tuple[str, str]:
    """The tint of a space and its hover name."""
    kind = b.kind[space]
    label = b.label(space)
    if kind == BLACKED_OUT or b.in_sealed_room(space):
        return FILL["out"], f"{label} out of play"
    room = b.room_of(space)
    if room is None:
        if kind == STAIRWAY:
            return FILL["stair"], f"{label} stairway (corridor)"
        return FILL["corridor"], f"{label} corridor"
    name = b.areas[room].name
    if room in pub.get("dark_rooms", ()):
        return FILL["dark"], f"{label} {name} (dark: sight reaches only next spaces)"
    if room in pub["secured_rooms"]:
        return FILL["secured"], f"{label} {name} (secured)"
    if room not in pub["opened_rooms"]:
        return FILL["unopened"], f"{label} {name} (not yet entered)"
    return FILL["room"], f"{label} {name}"


def _cells(g: MapGeometry, pub: Mapping[str, Any]) -> list[str]:
    b, c = g.b, g.cell
    out = []
    for i in range(b.size):
        if b.kind[i] == VOID:
            continue
        x, y = g.corner(i)
        fill, name = _room_fill(b, i, pub)
        out.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(c)}" height="{_n(c)}" '
                   f'fill="{fill}" stroke="#00000066" stroke-width="0.6">{_title(name)}</rect>')
        if b.kind[i] == STAIRWAY:
            out.append(f'<path d="M{_n(x + c * .2)} {_n(y + c * .35)}h{_n(c * .6)}M{_n(x + c * .2)} '
                       f'{_n(y + c * .55)}h{_n(c * .6)}M{_n(x + c * .2)} {_n(y + c * .75)}'
                       f'h{_n(c * .6)}" stroke="#6b747c" stroke-width="1.2"/>')
        if fill == FILL["out"]:
            out.append(f'<path d="M{_n(x)} {_n(y + c)}L{_n(x + c)} {_n(y)}" stroke="#2a3034" '
                       'stroke-width="1.5"/>')
    out += _wanted(g, [r for r in pub.get("wanted_rooms", ()) if 0 <= r < len(b.areas)])
    return out


def _wanted(g: MapGeometry, rooms: Iterable[int]) -> list[str]:
    """A gold dashed line just inside the outline of each room the Win Conditions want."""
    b, c = g.b, g.cell
    out = []
    for room in rooms:
        area = b.areas[room]
        inside = set(area.spaces)
        d = []
        for i in area.spaces:
            x, y = g.corner(i)
            col, row = b.xy(i)
            for dx, dy, path in ((0, -1, f"M{_n(x)} {_n(y + 3)}h{_n(c)}"),
                                 (0, 1, f"M{_n(x)} {_n(y + c - 3)}h{_n(c)}"),
                                 (-1, 0, f"M{_n(x + 3)} {_n(y)}v{_n(c)}"),
                                 (1, 0, f"M{_n(x + c - 3)} {_n(y)}v{_n(c)}")):
                nx, ny = col + dx, row + dy
                if not (0 <= nx < b.width and 0 <= ny < b.height) or b.at(nx, ny) not in inside:
                    d.append(path)
        out.append("<g>" + _title(f"{area.name}: the Win Conditions want this room")
                   + f'<path d="{"".join(d)}" stroke="#e0b040" stroke-width="2" '
                   'stroke-dasharray="5 3" fill="none"/></g>')
    return out


def _walls(g: MapGeometry) -> list[str]:
    """The walls, as one path along the spaces' edges (doors: :func:`_doors`)."""
    b, c = g.b, g.cell
    w, h = b.width, b.height
    walls: list[str] = []
    for i in range(b.size):
        x, y = i % w, i // w
        for edge, there, vertical in ((b.edge_e[i] if x + 1 < w else WALL, x + 1 < w, True),
                                      (b.edge_s[i] if y + 1 < h else WALL, y + 1 < h, False)):
            mine = b.kind[i] != VOID
            theirs = there and b.kind[i + (1 if vertical else w)] != VOID
            if edge == OPEN or not (mine or theirs):
                continue
            px = g.x0 + (x + 1) * c if vertical else g.x0 + x * c
            py = g.y0 + y * c if vertical else g.y0 + (y + 1) * c
            step = "v" if vertical else "h"
            if edge == WALL:
                walls.append(f"M{_n(px)} {_n(py)}{step}{_n(c)}")
            else:  # a door: the wall shows at its two ends
                gap = f"m0 {_n(c * .7)}" if vertical else f"m{_n(c * .7)} 0"
                walls.append(f"M{_n(px)} {_n(py)}{step}{_n(c * .15)}{gap}{step}{_n(c * .15)}")
        if b.kind[i] != VOID and x == 0:
            walls.append(f"M{_n(g.x0)} {_n(g.y0 + y * c)}v{_n(c)}")
        if b.kind[i] != VOID and y == 0:
            walls.append(f"M{_n(g.x0 + x * c)} {_n(g.y0)}h{_n(c)}")
    width = max(2.0, c * 0.1)
    out = [f'<path d="{"".join(walls)}" stroke="{WALL_INK}" stroke-width="{_n(width)}" '
           'stroke-linecap="square" fill="none"/>'] if walls else []
    return out


def _doors(g: MapGeometry, open_doors: set[int], marks: Marks) -> list[str]:
    b, c = g.b, g.cell
    out = []
    for door in b.doors:
        ax, ay = b.xy(door.a)
        bx, by = b.xy(door.b)
        vertical = ay == by  # side by side: the door stands on a vertical edge
        if vertical:
            px, py = g.x0 + max(ax, bx) * c, g.y0 + ay * c
            rx, ry, rw, rh = px - c * .13, py + c * .15, c * .26, c * .7
        else:
            px, py = g.x0 + ax * c, g.y0 + max(ay, by) * c
            rx, ry, rw, rh = px + c * .15, py - c * .13, c * .7, c * .26
        state = "open" if door.id in open_doors else door.state
        where = f"{b.label(door.a)}-{b.label(door.b)}"
        name = {"open": "open door", "locked": "locked door (Break and Enter opens it)",
                "closed": "closed door"}.get(state, f"{state} door")
        option = marks.get("door", door.id)
        if state == "open":
            style = f'fill="{BG}" fill-opacity="0.25" stroke="#6fcf7f" stroke-width="1.5"'
        elif state == "locked":
            style = 'fill="#b03a2e" stroke="#f2d7d5" stroke-width="1"'
        else:
            style = 'fill="#c8963e" stroke="#3a2a14" stroke-width="1"'
        ring = ' stroke-dasharray="3 2"' if option is not None else ""
        inner = ""
        if state == "locked":
            mx, my = rx + rw / 2, ry + rh / 2
            inner = (f'<circle cx="{_n(mx)}" cy="{_n(my)}" r="{_n(min(rw, rh) * .28)}" '
                     'fill="#f2d7d5"/>')
        out.append(f'<g class="door"{_opt(option)}>{_title(f"{name} {where}")}'
                   f'<rect x="{_n(rx)}" y="{_n(ry)}" width="{_n(rw)}" height="{_n(rh)}" rx="2" '
                   f'{style}{ring}/>{inner}</g>')
        if option is not None:
            out.append(_rect(rx - 3, ry - 3, rw + 6, rh + 6, "none",
                             f' stroke="{ACCENT}" stroke-width="2" pointer-events="none"'))
    return out


def _corner_tag(x: float, y: float, c: float, where: str, letter: str, fill: str, ink: str,
                title: str) -> str:
    """A small labelled square in a corner of a space (``where``: ``"tl"``, ``"tr"``,
    ``"bl"``, ``"br"``)."""
    s = max(c * .34, 12.0)
    tx = x + 1 if where[1] == "l" else x + c - s - 1
    ty = y + 1 if where[0] == "t" else y + c - s - 1
    return ("<g>" + _title(title) + _rect(tx, ty, s, s, fill, ' rx="2"')
            + _text(tx + s / 2, ty + s * .8, letter, s * .8, ink, "middle", "bold") + "</g>")


def _scenery(g: MapGeometry, pub: Mapping[str, Any], models: set[int]) -> list[str]:
    """What lies on the spaces under the models: deployment area, EXIT, Entry Points,
    barricades, air ducts, scenery objects, Security tokens, Negan's start point."""
    b, c = g.b, g.cell
    out = []
    if pub["phase"] == "setup":
        for i in b.deployment:
            x, y = g.corner(i)
            out.append(f"<g>{_title(f'{b.label(i)} deployment area')}"
                       + _rect(x + 3, y + 3, c - 6, c - 6, "#2c4a6e",
                               ' stroke="#6fa8dc" stroke-width="1.2" stroke-dasharray="3 2"')
                       + "</g>")
    for i in b.exits:
        x, y = g.corner(i)
        out.append(f"<g>{_title(f'{b.label(i)} EXIT')}" + _rect(x + 1, y + 1, c - 2, c - 2,
                                                                   "#1f5fa8")
                   + _text(x + c / 2, y + c * .62, "EXIT" if c >= 34 else "X", SMALL, INK,
                           "middle", "bold") + "</g>")
    for i in b.barricades:
        x, y = g.corner(i)
        out.append(f"<g>{_title(f'{b.label(i)} barricade (jump it: an Action die star)')}"
                   f'<path d="M{_n(x + 3)} {_n(y + 3)}L{_n(x + c - 3)} {_n(y + c - 3)}M{_n(x + c - 3)} '
                   f'{_n(y + 3)}L{_n(x + 3)} {_n(y + c - 3)}" stroke="#b08050" '
                   f'stroke-width="{_n(c * .12)}"/></g>')
    for i in b.air_ducts:
        x, y = g.centre(i)
        out.append("<g>" + _title(f"{b.label(i)} air duct") + f'<circle cx="{_n(x)}" cy="{_n(y)}" '
                   f'r="{_n(c * .4)}" fill="none" stroke="#5dade2" stroke-width="1.5" '
                   'stroke-dasharray="2 2"/></g>')
    for obj in b.objects:
        letter = OBJECT_LETTERS.get(obj.kind, obj.name[:1])
        for i in obj.spaces:
            x, y = g.corner(i)
            blocks = " (blocks movement)" if obj.blocks_movement else ""
            out.append(f"<g>{_title(f'{b.label(i)} {obj.name}{blocks}')}"
                       + _rect(x + 2, y + 2, c - 4, c - 4, "#2d5d6b", ' rx="3" opacity="0.85"')
                       + _text(x + c / 2, y + c * .66, letter, c * .45, "#bfe3ec", "middle", "bold")
                       + "</g>")
    secured = set(pub["secured_rooms"])
    for room, i in sorted(b.security.items()):
        x, y = g.corner(i)
        done = room in secured
        out.append(_corner_tag(x, y, c, "tr", "S", "#3c8d5a" if done else "#8e2d22", INK,
                               f"{b.label(i)} Security token: {b.areas[room].name} "
                               + ("secured" if done else "not secured")))
    for space, level in pub["entry_points"]:
        x, y = g.corner(int(space))
        lvl = str(level)
        out.append(_corner_tag(x, y, c, "tl", lvl[:1].upper(), LEVEL_COLOURS.get(lvl, "#888"),
                               "#111", f"{b.label(int(space))} {lvl.title()} Entry Point"))
    if pub["negan"]["space"] < 0 and b.negan_start is not None:
        x, y = g.centre(b.negan_start)
        out.append(f"<g>{_title(f'{b.label(b.negan_start)} Negan enters here')}<circle "
                   f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(c * .36)}" fill="none" stroke="#c27ee0" '
                   'stroke-width="2" stroke-dasharray="4 3"/>'
                   + _text(x, y + c * .16, "n", c * .42, "#c27ee0", "middle", "bold") + "</g>")
    return out


def _tokens(g: MapGeometry, pub: Mapping[str, Any], models: set[int]) -> list[str]:
    """Fire, barrels, Supply tokens and face-down Walker tokens: in the middle of a free space,
    in a bottom corner under a model."""
    b, c = g.b, g.cell
    out = []

    def spot(i: int, slot: str) -> tuple[float, float, float]:
        x, y = g.corner(i)
        if i not in models:
            return x + c / 2, y + c / 2, c * .3
        r = max(c * .15, 6.0)
        return (x + r + 1 if slot == "l" else x + c - r - 1), y + c - r - 1, r

    for i in pub["fire"]:
        x, y, r = spot(i, "l")
        out.append("<g>" + _title(f"{b.label(i)} fire") + f'<path d="M{_n(x)} {_n(y - r * 1.2)}'
                   f"C{_n(x + r)} {_n(y - r * .2)} {_n(x + r)} {_n(y + r)} {_n(x)} {_n(y + r)}"
                   f'C{_n(x - r)} {_n(y + r)} {_n(x - r)} {_n(y - r * .2)} {_n(x)} {_n(y - r * 1.2)}Z" '
                   f'fill="#ff6b1a" stroke="#ffd35a" stroke-width="1.5"/></g>')
    for i in pub.get("barrels", ()):
        x, y, r = spot(i, "r")
        out.append(f"<g>{_title(f'{b.label(i)} gasoline barrel')}"
                   + _rect(x - r * .75, y - r, r * 1.5, r * 2, "#b8322a",
                           ' rx="3" stroke="#f5b7b1" stroke-width="1"') + "</g>")
    for i in pub["supplies"]:
        x, y, r = spot(i, "r")
        out.append(f"<g>{_title(f'{b.label(i)} Supply token (Search it for a Supply card)')}"
                   + _rect(x - r, y - r, 2 * r, 2 * r, "#1c8c8c", ' rx="3" stroke="#a3e4e4"')
                   + _text(x, y + r * .45, "+", r * 1.4, INK, "middle", "bold") + "</g>")
    for i in pub["walker_tokens"]:
        x, y, r = spot(i, "l")
        out.append(f"<g>{_title(f'{b.label(i)} Walker token, face down')}<circle "
                   f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="#6b5a1e" stroke="#e9d27a" '
                   'stroke-width="1.5"/>' + _text(x, y + r * .42, "?", r * 1.2, "#f7e7a6",
                                                  "middle", "bold") + "</g>")
    return out


def _route(g: MapGeometry, route: Iterable[int], start: int) -> list[str]:
    """Negan's route to his target: a dashed line from him (or his start) along the spaces."""
    points = [g.centre(i) for i in (start, *route) if i >= 0]
    if len(points) < 2:
        return []
    d = "M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in points)
    return ['<g opacity="0.85">' + _title("Negan's route to his target") + f'<path d="{d}" '
            f'fill="none" stroke="#c27ee0" stroke-width="{_n(max(2.0, g.cell * .08))}" '
            'stroke-dasharray="6 4" stroke-linejoin="round"/></g>']


def _pickable(x: float, y: float, r: float, option: int | None) -> str:
    """A dashed accent ring round a model that plays an option."""
    if option is None:
        return ""
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{ACCENT}" fill-opacity="0.25" '
            'stroke="#ff7a66" stroke-width="2.5" stroke-dasharray="4 3"/>')


def _models(g: MapGeometry, pub: Mapping[str, Any], marks: Marks) -> list[str]:
    """Walkers, Negan and the Survivors; the ones an option names carry it."""
    b, c = g.b, g.cell
    out = []
    walker = _ref_text("walker")
    for i in pub["walkers"]:
        x, y = g.centre(i)
        option = marks.get("walker", i)
        out.append(f'<g class="walker"{_opt(option)}>' + _title(f"{b.label(i)} Walker. {walker}")
                   + _pickable(x, y, c * .48, option) + f'<circle cx="{_n(x)}" '
                   f'cy="{_n(y)}" r="{_n(c * .36)}" fill="#3e8e41" stroke="#0f2f10" '
                   'stroke-width="1.5"/>' + _text(x, y + c * .15, "W", c * .42, "#0f2f10",
                                                  "middle", "bold") + "</g>")
    for i in pub["prone"]:
        x, y = g.centre(i)
        option = marks.get("walker", i)
        out.append(f'<g class="walker"{_opt(option)}>'
                   + _title(f"{b.label(i)} prone Walker (a Fight removes it). {walker}")
                   + _pickable(x, y, c * .48, option) + f'<ellipse cx="{_n(x)}" cy="{_n(y)}" rx="{_n(c * .42)}" ry="{_n(c * .22)}" '
                   'fill="#6fae6f" stroke="#0f2f10" stroke-width="1.5"/>'
                   + _text(x, y + c * .12, "w", c * .34, "#0f2f10", "middle", "bold") + "</g>")
    negan = pub["negan"]
    if negan["space"] >= 0:
        x, y = g.centre(negan["space"])
        text = (f"{b.label(negan['space'])} Negan, Stamina {negan['stamina']}/"
                f"{negan['max_stamina']}. {_ref_text('negan_ref')}")
        option = marks.get("negan")
        out.append(f'<g class="negan"{_opt(option)}>{_title(text)}{_pickable(x, y, c * .5, option)}<circle '
                   f'cx="{_n(x)}" cy="{_n(y)}" r="{_n(c * .42)}" fill="#7d3c98" stroke="#f0d9ff" '
                   'stroke-width="2"/>' + _text(x, y + c * .16, "N", c * .46, INK, "middle",
                                                "bold") + "</g>")
    active = pub.get("active", -1)
    for s in pub["survivors"]:
        if s["space"] < 0 or s["removed"]:
            continue
        x, y = g.centre(s["space"])
        colour = SURVIVOR_COLOURS[s["index"] % len(SURVIVOR_COLOURS)]
        down = s["incapacitated"]
        state = ", Incapacitated" if down else ""
        state += ", Bitten" if s["bitten"] else ""
        text = (f"{s['at']} {s['name']} (seat {s['seat']}), Stamina {s['stamina']}/"
                f"{s['max_stamina']}{state}. {_survivor_text(s['id'])}")
        ring = (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(c * .46)}" fill="none" stroke="{INK}" '
                'stroke-width="2.5"/>') if s["index"] == active else ""
        fill, ink = ("#30363b", colour) if down else (colour, "#111")
        letter = s["name"][:1].lower() if down else s["name"][:1].upper()
        bite = (f'<circle cx="{_n(x + c * .27)}" cy="{_n(y - c * .27)}" r="{_n(c * .1)}" '
                f'fill="{ACCENT}" stroke="#111"/>') if s["bitten"] else ""
        option = marks.get("survivor", s["id"])
        out.append(f'<g class="survivor"{_opt(option)}>{_title(text)}'
                   f'{_pickable(x, y, c * .5, option)}{ring}<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(c * .38)}" fill="{fill}" '
                   f'stroke="{colour}" stroke-width="2"/>'
                   + _text(x, y + c * .15, letter, c * .42, ink, "middle", "bold") + bite + "</g>")
    return out


def _picks(g: MapGeometry, marks: Marks, labels: Mapping[int, str]) -> list[str]:
    """A highlighted, clickable square on each space an option names."""
    c = g.cell
    out = []
    for key, option in marks.ids.items():
        if key[0] != "space" or not g.b.is_space(key[1]):
            continue
        x, y = g.corner(key[1])
        out.append(f'<rect class="pick" x="{_n(x + 1.5)}" y="{_n(y + 1.5)}" width="{_n(c - 3)}" '
                   f'height="{_n(c - 3)}" fill="{ACCENT}" fill-opacity="0.22" stroke="#ff7a66" '
                   f'stroke-width="2" stroke-dasharray="5 3"{_opt(option)}>'
                   f"{_title(labels.get(option, g.b.label(key[1])))}</rect>")
    return out


def _axes(g: MapGeometry) -> list[str]:
    """The x coordinates along the top and the y coordinates down the left side."""
    b, c = g.b, g.cell
    out = []
    for x in range(b.width):
        out.append(_text(g.x0 + x * c + c / 2, g.y0 - 6, str(x), SMALL, DIM, "middle"))
    for y in range(b.height):
        out.append(_text(g.x0 - 5, g.y0 + y * c + c / 2 + 4, str(y), SMALL, DIM, "end"))
    return out


def draw_map(b: Board, pub: Mapping[str, Any], marks: Marks, g: MapGeometry,
             labels: Mapping[int, str]) -> list[str]:
    """Every layer of the map, bottom to top."""
    scene = view_scene(pub)
    models = {s["space"] for s in pub["survivors"] if s["space"] >= 0 and not s["removed"]}
    models |= set(pub["walkers"]) | set(pub["prone"])
    if pub["negan"]["space"] >= 0:
        models.add(pub["negan"]["space"])
    start = scene.negan if scene.negan is not None else b.negan_start
    start = -1 if start is None else start
    route = negan_route(b, scene)
    return [*_axes(g), *_cells(g, pub), *_scenery(g, pub, models), *_walls(g),
            *_doors(g, set(pub["open_doors"]), marks), *_route(g, route, start),
            *_tokens(g, pub, models), *_models(g, pub, marks), *_picks(g, marks, labels)]


# -- the panels ------------------------------------------------------------------------------------
def _chip(x: float, y: float, w: float, label: str, title: str, option: int | None = None,
          fill: str = "#2f373c", ink: str = INK, h: float = 22) -> str:
    """A card or item as a labelled box with its hover text (clickable with an option)."""
    stroke = f' stroke="{ACCENT}" stroke-width="2"' if option is not None else f' stroke="{LINE}"'
    return (f'<g class="card"{_opt(option)}>{_title(title)}'
            + _rect(x, y, w, h, fill, f' rx="4"{stroke}')
            + _text(x + 6, y + h / 2 + 4.5, _fit(label, w - 10, 12), 12, ink) + "</g>")


def _card_chip(view: Mapping[str, Any], x: float, y: float, w: float, card: str,
               option: int | None = None, prefix: str = "", fill: str = "#2f373c") -> str:
    name, text = card_info(view, card)
    return _chip(x, y, w, prefix + name, f"{name}: {text}" if text else name, option, fill)


class Column:
    """A column of the panel: blocks are stacked from ``y`` down, ``width`` units wide."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x, self.y, self.width = x, y, width
        self.parts: list[str] = []

    def line(self, text: str, size: float = 13, fill: str = INK, weight: str = "normal",
             gap: float = 5) -> None:
        for piece in wrap(text, self.width, size):
            self.y += size + 2
            self.parts.append(_text(self.x, self.y, piece, size, fill, weight=weight))
        self.y += gap

    def heading(self, text: str) -> None:
        self.y += 6
        self.line(text, 14, INK, "bold", 4)


def _track(col: Column, low: int, high: int, colour_of: Any, current: Iterable[int],
           title: str) -> float:
    """A row of numbered boxes ``low``-``high``; ``current`` boxes are outlined. Returns the
    width of a box."""
    n = high - low + 1
    w = col.width / n
    marked = set(current)
    parts = ["<g>" + _title(title)]
    for k in range(low, high + 1):
        x = col.x + (k - low) * w
        on = k in marked
        stroke = f' stroke="{INK}" stroke-width="2.5"' if on else f' stroke="{BG}"'
        parts.append(_rect(x, col.y, w, 20, colour_of(k), stroke))
        parts.append(_text(x + w / 2, col.y + 14.5, str(k), SMALL, INK if on else "#d0d0d0",
                           "middle", "bold" if on else "normal"))
    col.parts.append("".join(parts) + "</g>")
    col.y += 26
    return w


def _tracks(col: Column, view: Mapping[str, Any]) -> None:
    """The Threat tracker, the Reputation track, Negan's Stamina, the rooms secured."""
    pub = view["public"]
    pack = _pack()
    bands = list(pack.threat.bands) if pack is not None else []

    def threat_colour(k: int) -> str:
        if k >= pub["threat_max"]:
            return "#111111"
        for i, band in enumerate(bands):
            if band.low <= k <= band.high:
                return BAND_COLOURS[min(i, len(BAND_COLOURS) - 1)]
        return "#444"

    col.heading(f"Threat {pub['threat']} of {pub['threat_max']}: {pub['band']}, "
                f"Security value {pub['security']}")
    _track(col, 1, pub["threat_max"], threat_colour, [pub["threat"]],
           f"Threat tracker: {pub['threat']} ({pub['band']}); at {pub['threat_max']} the "
           "Survivors lose")
    col.heading("Reputation")
    reps = [s for s in pub["survivors"] if not s["removed"]]
    top = 20
    col.y += 4
    w = col.width / (top + 1)
    stacks: dict[int, int] = {}
    for s in reps:
        k = min(max(int(s["rep"]), 0), top)
        level = stacks.get(k, 0)
        stacks[k] = level + 1
        cx, cy = col.x + k * w + w / 2, col.y + 8 + level * 17
        colour = SURVIVOR_COLOURS[s["index"] % len(SURVIVOR_COLOURS)]
        col.parts.append("<g>" + _title(f"{s['name']}: Reputation {s['rep']}") + "<circle "
                         f'cx="{_n(cx)}" cy="{_n(cy)}" r="8" fill="{colour}"/>'
                         + _text(cx, cy + 4, s["name"][:1], SMALL, "#111", "middle", "bold")
                         + "</g>")
    col.y += 17 * max(stacks.values(), default=1) + 2
    _track(col, 0, top, lambda k: "#2a4d69" if k % 5 else "#35607f", [],
           "Reputation track (0-20): the Top Dog has the most at the end")
    negan = pub["negan"]
    where = f"at {negan['at']}" if negan["space"] >= 0 else "not in play yet"
    col.heading(f"Negan: Stamina {negan['stamina']} of {negan['max_stamina']}, {where}")
    need = pub["survivor_count"] + 1
    col.line(f"Rooms secured {len(pub['secured_rooms'])} (the Threat rises while fewer than "
             f"{need}), entered {len(pub['opened_rooms'])}", 12, DIM)


def _decks(col: Column, view: Mapping[str, Any]) -> None:
    """Deck sizes, the last card drawn from each deck, lasting cards, the campaign."""
    pub = view["public"]
    col.heading("Decks")
    decks = [(DECK_NAMES.get(d, d.title()), n) for d, n in pub["decks"].items()]
    decks.append(("Walker tokens", pub["walker_pile"]))
    w = (col.width - 4 * (len(decks) - 1)) / len(decks)
    for k, (name, n) in enumerate(decks):
        x = col.x + k * (w + 4)
        col.parts.append(f"<g>{_title(f'{name}: {n} left to draw')}"
                         + _rect(x, col.y, w, 34, "#3b2f4a", f' rx="4" stroke="{LINE}"')
                         + _text(x + w / 2, col.y + 14, _fit(name, w - 4, SMALL), SMALL, DIM,
                                 "middle")
                         + _text(x + w / 2, col.y + 29, str(n), 13, INK, "middle", "bold")
                         + "</g>")
    col.y += 40
    shown = [(DECK_NAMES.get(d, d.title()) + ": ", c) for d, c in pub.get("last_cards", {}).items()]
    shown += [("In play: ", c) for c in pub.get("lasting", [])]
    for prefix, card in shown:
        col.parts.append(_card_chip(view, col.x, col.y, col.width, card, prefix=prefix,
                                    fill="#30283a"))
        col.y += 26
    campaign = pub.get("campaign")
    if campaign:
        games = campaign.get("scenarios", [])
        col.line(f"Survival Mode: game {campaign.get('game', 1)} of {len(games)} (scenarios "
                 f"{', '.join(str(n) for n in games)}); Reputation so far "
                 f"{', '.join(str(t) for t in campaign.get('totals', []))}", 12, DIM)
    marks = pub.get("marks") or {}
    done = [str(r).replace("-", " ") for r in pub.get("reached", [])]
    if done or marks:
        bits = [f"reached: {', '.join(done)}"] if done else []
        bits += [f"{str(k).replace('-', ' ')} {v}" for k, v in sorted(marks.items())]
        col.line("Progress: " + "; ".join(bits), 12, DIM)


def _survivor_card(view: Mapping[str, Any], s: Mapping[str, Any], x: float, y: float, w: float,
                   marks: Marks, mine: bool) -> tuple[str, float]:
    """One Survivor's card: name, seat, state, Stamina, Reputation, weapon spaces and the
    items beside them. Returns the SVG and its height."""
    pub = view["public"]
    colour = SURVIVOR_COLOURS[s["index"] % len(SURVIVOR_COLOURS)]
    tags = []
    if s["removed"]:
        tags.append("removed")
    if s["incapacitated"]:
        tags.append("Incapacitated")
    if s["bitten"]:
        tags.append("Bitten")
    if s["index"] == pub.get("active", -1):
        left = pub.get("actions_left", 0)
        tags.append(f"acting, {left} Action{'' if left == 1 else 's'} left")
    elif s["activated"]:
        tags.append("done")
    if s["plus"]:
        tags.append(f"+1 x{s['plus']}")
    if s["minus"]:
        tags.append(f"-1 x{s['minus']}")
    if s["index"] in pub.get("carried_barrels", ()):
        tags.append("carries a barrel")
    parts = []
    option = marks.get("survivor", s["id"])
    header = (f'<g class="survivor-card"{_opt(option)}>'
              + _title(f"{s['name']}: {_survivor_text(s['id'])}")
              + f'<circle cx="{_n(x + 16)}" cy="{_n(y + 16)}" r="11" fill="{colour}"/>'
              + _text(x + 16, y + 20.5, s["name"][:1], 13, "#111", "middle", "bold")
              + _text(x + 33, y + 21, s["name"], 15, INK, weight="bold")
              + _text(x + w - 8, y + 21, ("yours, " if mine else "") + f"seat {s['seat']}",
                      12, DIM, "end") + "</g>")
    parts.append(header)
    cy = y + 30
    if tags:
        parts.append(_text(x + 8, cy + 12, _fit(", ".join(tags), w - 16, 12), 12,
                           "#ff8a80" if s["bitten"] or s["incapacitated"] else "#8fd3ff"))
        cy += 17
    # Stamina pips and Reputation
    top = max(int(s["max_stamina"]), 1)
    have = max(int(s["stamina"]), 0)
    pip = min(14.0, (w - 140) / top)
    stamina = ["<g>" + _title(f"Stamina {have} of {top}")
               + _text(x + 8, cy + 12, "Stamina", 12, DIM)]
    for k in range(top):
        fill = "#3c8d5a" if k < have else "#3a3f44"
        stamina.append(_rect(x + 62 + k * pip, cy + 2, pip - 2, 12, fill, ' rx="2"'))
    parts.append("".join(stamina) + "</g>")
    parts.append(_text(x + w - 8, cy + 12, f"{have}/{top}  Rep {s['rep']}", 12, INK, "end"))
    cy += 20
    # the two weapon spaces, then the cards beside the Character card
    half = (w - 20) / 2
    for k in range(2):
        wx = x + 8 + k * (half + 4)
        slot_option = marks.get("slot", s["index"], k)
        if k < len(s["equipped"]):
            card = s["equipped"][k]
            option = slot_option if slot_option is not None else marks.get("card", s["index"], card)
            parts.append(_card_chip(view, wx, cy, half, card, option, f"{k + 1}: "))
        else:
            parts.append(_chip(wx, cy, half, f"{k + 1}: empty", f"weapon space {k + 1}: empty",
                               slot_option, "#262c30", DIM))
    cy += 26
    cards = list(s["cards"])
    per_row = 2
    for n, card in enumerate(cards):
        wx = x + 8 + (n % per_row) * (half + 4)
        parts.append(_card_chip(view, wx, cy, half, card, marks.get("card", s["index"], card),
                                fill="#2b3a33"))
        if n % per_row == per_row - 1 or n == len(cards) - 1:
            cy += 26
    height = cy - y + 4
    frame = _rect(x, y, w, height, PANEL, f' rx="6" stroke="{ACCENT if mine else LINE}" '
                  f'stroke-width="{2 if mine else 1}"'
                  + (' opacity="0.6"' if s["removed"] else ""))
    return frame + "".join(parts), height


def _survivor_cards(view: Mapping[str, Any], marks: Marks, x: float, y: float, width: float,
                    columns: int) -> tuple[list[str], float]:
    """Every Survivor's card, the seat's own first under their own heading. Returns the SVG and
    the bottom edge."""
    seat = view.get("seat")
    survivors = view["public"]["survivors"]
    mine = [s for s in survivors if seat is not None and s["seat"] == seat]
    others = [s for s in survivors if s not in mine]
    out: list[str] = []
    groups = [("Your Survivors", mine, True),
              ("Other Survivors" if mine else "Survivors", others, False)]
    w = (width - 8 * (columns - 1)) / columns
    for heading, group, own in groups:
        if not group:
            continue
        y += 18
        out.append(_text(x, y, heading, 14, INK, weight="bold"))
        y += 6
        row_h = 0.0
        for k, s in enumerate(group):
            cx = x + (k % columns) * (w + 8)
            svg, h = _survivor_card(view, s, cx, y, w, marks, own)
            out.append(svg)
            row_h = max(row_h, h)
            if k % columns == columns - 1 or k == len(group) - 1:
                y += row_h + 8
                row_h = 0.0
    return out, y


def _header(view: Mapping[str, Any], x: float, y: float, width: float) -> tuple[list[str], float]:
    """The scenario, round and phase, whose turn it is (or how the game ended) and the goal."""
    pub = view["public"]
    out = []
    n = pub["scenario"]
    name = view_board(pub).name if n >= 1 else "Test board"
    y += 22
    out.append(_text(x, y, f"{name}, {pub['survivor_count']} Survivors", 19, INK, weight="bold"))
    phase = PHASES.get(pub["phase"], pub["phase"])
    out.append(_text(x + width, y, f"Round {pub['round']} of {pub['max_rounds']}: {phase}", 15,
                     INK, "end", "bold"))
    y += 20
    first = f"First Player (Lucille): seat {pub['first_player']}"
    outcome = view.get("outcome")
    decision = view.get("decision")
    if pub.get("result") or outcome:
        won = pub.get("result") == "win"
        line = ("The Survivors win" if won else "The Survivors lose") + f": {pub.get('reason', '')}"
        dog = pub.get("top_dog")
        if dog:
            line += f". Top Dog: {' and '.join(dog['names'])} ({dog['rep']} Reputation)"
            if dog.get("score") is not None:
                line += f"; score {dog['score']}"
        if outcome and outcome.get("tier"):
            line += f" ({outcome['tier']})"
        for piece in wrap(line, width, 15):
            out.append(_text(x, y, piece, 15, "#7ddc8f" if won else "#ff8a80", weight="bold"))
            y += 19
    else:
        active = pub.get("active", -1)
        who = ""
        if 0 <= active < len(pub["survivors"]):
            who = f"{pub['survivors'][active]['name']} is acting. "
        if decision:
            turn = f"Your turn: {decision.get('prompt', '')}"
            colour = "#ff9d8f"
        elif view.get("to_move") is not None:
            turn = f"Seat {view['to_move']} to decide."
            colour = INK
        else:
            turn = ""
            colour = INK
        for piece in wrap(f"{who}{turn}  {first}", width, 14):
            out.append(_text(x, y, piece, 14, colour, weight="bold"))
            y += 18
    within = f" Within {pub['max_rounds']} rounds." if pub.get("max_rounds") else ""
    for piece in wrap("Goal: " + goal(n, pub["survivor_count"]) + within, width, 13):
        out.append(_text(x, y, piece, 13, DIM))
        y += 17
    return out, y


def _offers(view: Mapping[str, Any], marks: Marks, x: float, y: float,
            width: float) -> tuple[list[str], float]:
    """The cards being chosen that lie nowhere on the table, in a row, each playing its
    option."""
    if not marks.offers:
        return [], y
    out = [_text(x, y + 16, "Cards to choose from", 14, INK, weight="bold")]
    y += 24
    per_row = 3
    w = (width - 8 * (per_row - 1)) / per_row
    for k, (card, option) in enumerate(marks.offers):
        out.append(_card_chip(view, x + (k % per_row) * (w + 8), y, w, card, option,
                              fill="#3a3326"))
        if k % per_row == per_row - 1 or k == len(marks.offers) - 1:
            y += 28
    return out, y


def board(view: Mapping[str, Any], seat: int | None) -> str:
    """The table seen by ``seat`` (``None``: a spectator) as one ``<svg>`` element.

    Args:
        view: ``Match.view(seat)`` (docs/view-schema.md): the game's ``public`` view, the seat's
            pending ``decision`` (options with catalogue ``id``) and the ``outcome``.
        seat: the seat looking; its Survivors' cards come first, framed in the accent colour.
    Returns:
        an SVG document 1000 units wide (the height follows the map and the panels).
    """
    pub = view["public"]
    b = view_board(pub)
    marks = Marks(view)
    labels = {int(o["id"]): str(o["label"]) for o in (view.get("decision") or {}).get("options", [])
              if o.get("id") is not None}
    margin, axis, gap = 12.0, 24.0, 20.0
    head, y = _header(view, margin, margin, WIDTH - 2 * margin)
    y += 24  # room for the x coordinates
    wide = b.width >= 1.8 * b.height
    if wide:
        cell = min(48.0, (WIDTH - 2 * margin - axis) / b.width)
    else:
        cell = min(40.0, (WIDTH - 2 * margin - axis - 360) / b.width, 620 / b.height)
    g = MapGeometry(b, margin + axis, y, cell)
    parts = draw_map(b, pub, marks, g, labels)
    map_bottom = y + b.height * cell
    if wide:
        left = Column(margin, map_bottom + 8, 440)
        _tracks(left, view)
        _decks(left, view)
        right_x = margin + 460
        cards, bottom = _survivor_cards(view, marks, right_x, map_bottom + 8,
                                        WIDTH - margin - right_x, 2)
        bottom = max(bottom, left.y)
    else:
        col_x = g.x0 + b.width * cell + gap
        left = Column(col_x, y - 24, WIDTH - margin - col_x)
        _tracks(left, view)
        _decks(left, view)
        cards, bottom = _survivor_cards(view, marks, col_x, left.y, WIDTH - margin - col_x, 1)
        bottom = max(bottom, map_bottom)
    offers, bottom = _offers(view, marks, margin, bottom + 4, WIDTH - 2 * margin)
    height = int(bottom + margin)
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board" '
        f'font-family="system-ui, sans-serif" role="img" aria-label="{escape(b.name)}">',
        _rect(0, 0, WIDTH, height, BG),
        *head, *parts, *left.parts, *cards, *offers, "</svg>",
    ])
