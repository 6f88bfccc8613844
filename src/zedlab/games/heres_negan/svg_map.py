"""The map of the Here's Negan SVG board: the grid of spaces (rooms tinted), walls and doors,
scenery, tokens, models, Negan's route, the coordinates, and the squares that play an option.
Drawn from a seat's view only (see :mod:`.svg`).

Source: Here's Negan rulebook, "Tiles", "Spaces", "Doors", "Barricades", "Entry Points".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .board.model import BLACKED_OUT, OPEN, STAIRWAY, VOID, WALL, Board
from .render import negan_route, view_scene
from .svg_common import (
    ACCENT,
    BG,
    DIM,
    FILL,
    INK,
    LEVEL_COLOURS,
    OBJECT_LETTERS,
    SMALL,
    SURVIVOR_COLOURS,
    WALL_INK,
    Marks,
    box,
    num,
    opt,
    ref_text,
    survivor_text,
    tip,
    txt,
)

__all__ = ["MapGeometry", "draw_map"]


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
        out.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(c)}" height="{num(c)}" '
                   f'fill="{fill}" stroke="#00000066" stroke-width="0.6">{tip(name)}</rect>')
        if b.kind[i] == STAIRWAY:
            out.append(f'<path d="M{num(x + c * .2)} {num(y + c * .35)}h{num(c * .6)}M{num(x + c * .2)} '
                       f'{num(y + c * .55)}h{num(c * .6)}M{num(x + c * .2)} {num(y + c * .75)}'
                       f'h{num(c * .6)}" stroke="#6b747c" stroke-width="1.2"/>')
        if fill == FILL["out"]:
            out.append(f'<path d="M{num(x)} {num(y + c)}L{num(x + c)} {num(y)}" stroke="#2a3034" '
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
            for dx, dy, path in ((0, -1, f"M{num(x)} {num(y + 3)}h{num(c)}"),
                                 (0, 1, f"M{num(x)} {num(y + c - 3)}h{num(c)}"),
                                 (-1, 0, f"M{num(x + 3)} {num(y)}v{num(c)}"),
                                 (1, 0, f"M{num(x + c - 3)} {num(y)}v{num(c)}")):
                nx, ny = col + dx, row + dy
                if not (0 <= nx < b.width and 0 <= ny < b.height) or b.at(nx, ny) not in inside:
                    d.append(path)
        out.append("<g>" + tip(f"{area.name}: the Win Conditions want this room")
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
                walls.append(f"M{num(px)} {num(py)}{step}{num(c)}")
            else:  # a door: the wall shows at its two ends
                gap = f"m0 {num(c * .7)}" if vertical else f"m{num(c * .7)} 0"
                walls.append(f"M{num(px)} {num(py)}{step}{num(c * .15)}{gap}{step}{num(c * .15)}")
        if b.kind[i] != VOID and x == 0:
            walls.append(f"M{num(g.x0)} {num(g.y0 + y * c)}v{num(c)}")
        if b.kind[i] != VOID and y == 0:
            walls.append(f"M{num(g.x0 + x * c)} {num(g.y0)}h{num(c)}")
    width = max(2.0, c * 0.1)
    out = [f'<path d="{"".join(walls)}" stroke="{WALL_INK}" stroke-width="{num(width)}" '
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
            inner = (f'<circle cx="{num(mx)}" cy="{num(my)}" r="{num(min(rw, rh) * .28)}" '
                     'fill="#f2d7d5"/>')
        out.append(f'<g class="door"{opt(option)}>{tip(f"{name} {where}")}'
                   f'<rect x="{num(rx)}" y="{num(ry)}" width="{num(rw)}" height="{num(rh)}" rx="2" '
                   f'{style}{ring}/>{inner}</g>')
        if option is not None:
            out.append(box(rx - 3, ry - 3, rw + 6, rh + 6, "none",
                             f' stroke="{ACCENT}" stroke-width="2" pointer-events="none"'))
    return out


def _corner_tag(x: float, y: float, c: float, where: str, letter: str, fill: str, ink: str,
                title: str) -> str:
    """A small labelled square in a corner of a space (``where``: ``"tl"``, ``"tr"``,
    ``"bl"``, ``"br"``)."""
    s = max(c * .34, 12.0)
    tx = x + 1 if where[1] == "l" else x + c - s - 1
    ty = y + 1 if where[0] == "t" else y + c - s - 1
    return ("<g>" + tip(title) + box(tx, ty, s, s, fill, ' rx="2"')
            + txt(tx + s / 2, ty + s * .8, letter, s * .8, ink, "middle", "bold") + "</g>")


def _scenery(g: MapGeometry, pub: Mapping[str, Any], marks: Marks) -> list[str]:
    """What lies on the spaces under the models: deployment area, EXIT, Entry Points,
    barricades, air ducts, scenery objects, Security tokens, Negan's start point."""
    b, c = g.b, g.cell
    out = []
    if pub["phase"] == "setup":
        for i in b.deployment:
            x, y = g.corner(i)
            out.append(f"<g>{tip(f'{b.label(i)} deployment area')}"
                       + box(x + 3, y + 3, c - 6, c - 6, "#2c4a6e",
                               ' stroke="#6fa8dc" stroke-width="1.2" stroke-dasharray="3 2"')
                       + "</g>")
    for i in b.exits:
        x, y = g.corner(i)
        out.append(f"<g>{tip(f'{b.label(i)} EXIT')}" + box(x + 1, y + 1, c - 2, c - 2,
                                                                   "#1f5fa8")
                   + txt(x + c / 2, y + c * .62, "EXIT" if c >= 34 else "X", SMALL, INK,
                           "middle", "bold") + "</g>")
    for i in b.barricades:
        x, y = g.corner(i)
        out.append(f"<g>{tip(f'{b.label(i)} barricade (jump it: an Action die star)')}"
                   f'<path d="M{num(x + 3)} {num(y + 3)}L{num(x + c - 3)} {num(y + c - 3)}M{num(x + c - 3)} '
                   f'{num(y + 3)}L{num(x + 3)} {num(y + c - 3)}" stroke="#b08050" '
                   f'stroke-width="{num(c * .12)}"/></g>')
    for i in b.air_ducts:
        x, y = g.centre(i)
        out.append("<g>" + tip(f"{b.label(i)} air duct") + f'<circle cx="{num(x)}" cy="{num(y)}" '
                   f'r="{num(c * .4)}" fill="none" stroke="#5dade2" stroke-width="1.5" '
                   'stroke-dasharray="2 2"/></g>')
    for obj in b.objects:
        letter = OBJECT_LETTERS.get(obj.kind, obj.name[:1])
        for i in obj.spaces:
            x, y = g.corner(i)
            blocks = " (blocks movement)" if obj.blocks_movement else ""
            out.append(f"<g>{tip(f'{b.label(i)} {obj.name}{blocks}')}"
                       + box(x + 2, y + 2, c - 4, c - 4, "#2d5d6b", ' rx="3" opacity="0.85"')
                       + txt(x + c / 2, y + c * .66, letter, c * .45, "#bfe3ec", "middle", "bold")
                       + "</g>")
    secured = set(pub["secured_rooms"])
    here = next((s["space"] for s in pub["survivors"] if s["index"] == marks.active), -1)
    for room, i in sorted(b.security.items()):
        x, y = g.corner(i)
        done = room in secured
        option = marks.get("secure") if here >= 0 and b.area_of[here] == room else None
        tag = _corner_tag(x, y, c, "tr", "S", "#3c8d5a" if done else "#8e2d22", INK,
                          f"{b.label(i)} Security token: {b.areas[room].name} "
                          + ("secured" if done else "not secured"))
        if option is not None:
            s = max(c * .34, 12.0)
            tag = (f'<g class="security"{opt(option)}>{tag}'
                   + box(x + c - s - 3, y - 1, s + 4, s + 4, "none",
                         ' stroke="#ff7a66" stroke-width="2" stroke-dasharray="3 2"') + "</g>")
        out.append(tag)
    for space, level in pub["entry_points"]:
        x, y = g.corner(int(space))
        lvl = str(level)
        out.append(_corner_tag(x, y, c, "tl", lvl[:1].upper(), LEVEL_COLOURS.get(lvl, "#888"),
                               "#111", f"{b.label(int(space))} {lvl.title()} Entry Point"))
    if pub["negan"]["space"] < 0 and b.negan_start is not None:
        x, y = g.centre(b.negan_start)
        out.append(f"<g>{tip(f'{b.label(b.negan_start)} Negan enters here')}<circle "
                   f'cx="{num(x)}" cy="{num(y)}" r="{num(c * .36)}" fill="none" stroke="#c27ee0" '
                   'stroke-width="2" stroke-dasharray="4 3"/>'
                   + txt(x, y + c * .16, "n", c * .42, "#c27ee0", "middle", "bold") + "</g>")
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
        out.append("<g>" + tip(f"{b.label(i)} fire") + f'<path d="M{num(x)} {num(y - r * 1.2)}'
                   f"C{num(x + r)} {num(y - r * .2)} {num(x + r)} {num(y + r)} {num(x)} {num(y + r)}"
                   f'C{num(x - r)} {num(y + r)} {num(x - r)} {num(y - r * .2)} {num(x)} {num(y - r * 1.2)}Z" '
                   f'fill="#ff6b1a" stroke="#ffd35a" stroke-width="1.5"/></g>')
    for i in pub.get("barrels", ()):
        x, y, r = spot(i, "r")
        out.append(f"<g>{tip(f'{b.label(i)} gasoline barrel')}"
                   + box(x - r * .75, y - r, r * 1.5, r * 2, "#b8322a",
                           ' rx="3" stroke="#f5b7b1" stroke-width="1"') + "</g>")
    for i in pub["supplies"]:
        x, y, r = spot(i, "r")
        out.append(f"<g>{tip(f'{b.label(i)} Supply token (Search it for a Supply card)')}"
                   + box(x - r, y - r, 2 * r, 2 * r, "#1c8c8c", ' rx="3" stroke="#a3e4e4"')
                   + txt(x, y + r * .45, "+", r * 1.4, INK, "middle", "bold") + "</g>")
    for i in pub["walker_tokens"]:
        x, y, r = spot(i, "l")
        out.append(f"<g>{tip(f'{b.label(i)} Walker token, face down')}<circle "
                   f'cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="#6b5a1e" stroke="#e9d27a" '
                   'stroke-width="1.5"/>' + txt(x, y + r * .42, "?", r * 1.2, "#f7e7a6",
                                                  "middle", "bold") + "</g>")
    return out


def _route(g: MapGeometry, route: Iterable[int], start: int) -> list[str]:
    """Negan's route to his target: a dashed line from him (or his start) along the spaces."""
    points = [g.centre(i) for i in (start, *route) if i >= 0]
    if len(points) < 2:
        return []
    d = "M" + "L".join(f"{num(x)} {num(y)}" for x, y in points)
    return ['<g opacity="0.85">' + tip("Negan's route to his target") + f'<path d="{d}" '
            f'fill="none" stroke="#c27ee0" stroke-width="{num(max(2.0, g.cell * .08))}" '
            'stroke-dasharray="6 4" stroke-linejoin="round"/></g>']


def _pickable(x: float, y: float, r: float, option: int | None) -> str:
    """A dashed accent ring round a model that plays an option."""
    if option is None:
        return ""
    return (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{ACCENT}" fill-opacity="0.25" '
            'stroke="#ff7a66" stroke-width="2.5" stroke-dasharray="4 3"/>')


def _models(g: MapGeometry, pub: Mapping[str, Any], marks: Marks) -> list[str]:
    """Walkers, Negan and the Survivors; the ones an option names carry it."""
    b, c = g.b, g.cell
    out = []
    walker = ref_text("walker")
    for i in pub["walkers"]:
        x, y = g.centre(i)
        option = marks.get("walker", i)
        out.append(f'<g class="walker"{opt(option)}>' + tip(f"{b.label(i)} Walker. {walker}")
                   + _pickable(x, y, c * .48, option) + f'<circle cx="{num(x)}" '
                   f'cy="{num(y)}" r="{num(c * .36)}" fill="#3e8e41" stroke="#0f2f10" '
                   'stroke-width="1.5"/>' + txt(x, y + c * .15, "W", c * .42, "#0f2f10",
                                                  "middle", "bold") + "</g>")
    for i in pub["prone"]:
        x, y = g.centre(i)
        option = marks.get("walker", i)
        out.append(f'<g class="walker"{opt(option)}>'
                   + tip(f"{b.label(i)} prone Walker (a Fight removes it). {walker}")
                   + _pickable(x, y, c * .48, option) + f'<ellipse cx="{num(x)}" cy="{num(y)}" rx="{num(c * .42)}" ry="{num(c * .22)}" '
                   'fill="#6fae6f" stroke="#0f2f10" stroke-width="1.5"/>'
                   + txt(x, y + c * .12, "w", c * .34, "#0f2f10", "middle", "bold") + "</g>")
    negan = pub["negan"]
    if negan["space"] >= 0:
        x, y = g.centre(negan["space"])
        text = (f"{b.label(negan['space'])} Negan, Stamina {negan['stamina']}/"
                f"{negan['max_stamina']}. {ref_text('negan_ref')}")
        option = marks.get("negan")
        out.append(f'<g class="negan"{opt(option)}>{tip(text)}{_pickable(x, y, c * .5, option)}<circle '
                   f'cx="{num(x)}" cy="{num(y)}" r="{num(c * .42)}" fill="#7d3c98" stroke="#f0d9ff" '
                   'stroke-width="2"/>' + txt(x, y + c * .16, "N", c * .46, INK, "middle",
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
                f"{s['max_stamina']}{state}. {survivor_text(s['id'])}")
        ring = (f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(c * .46)}" fill="none" stroke="{INK}" '
                'stroke-width="2.5"/>') if s["index"] == active else ""
        fill, ink = ("#30363b", colour) if down else (colour, "#111")
        letter = s["name"][:1].lower() if down else s["name"][:1].upper()
        bite = (f'<circle cx="{num(x + c * .27)}" cy="{num(y - c * .27)}" r="{num(c * .1)}" '
                f'fill="{ACCENT}" stroke="#111"/>') if s["bitten"] else ""
        option = marks.get("survivor", s["id"])
        out.append(f'<g class="survivor"{opt(option)}>{tip(text)}'
                   f'{_pickable(x, y, c * .5, option)}{ring}<circle cx="{num(x)}" cy="{num(y)}" r="{num(c * .38)}" fill="{fill}" '
                   f'stroke="{colour}" stroke-width="2"/>'
                   + txt(x, y + c * .15, letter, c * .42, ink, "middle", "bold") + bite + "</g>")
    return out


def _picks(g: MapGeometry, marks: Marks, labels: Mapping[int, str]) -> list[str]:
    """A highlighted, clickable square on each space an option names."""
    c = g.cell
    out = []
    for key, option in marks.ids.items():
        if key[0] != "space" or not g.b.is_space(key[1]):
            continue
        x, y = g.corner(key[1])
        out.append(f'<rect class="pick" x="{num(x + 1.5)}" y="{num(y + 1.5)}" width="{num(c - 3)}" '
                   f'height="{num(c - 3)}" fill="{ACCENT}" fill-opacity="0.22" stroke="#ff7a66" '
                   f'stroke-width="2" stroke-dasharray="5 3"{opt(option)}>'
                   f"{tip(labels.get(option, g.b.label(key[1])))}</rect>")
    return out


def _axes(g: MapGeometry) -> list[str]:
    """The x coordinates along the top and the y coordinates down the left side."""
    b, c = g.b, g.cell
    out = []
    for x in range(b.width):
        out.append(txt(g.x0 + x * c + c / 2, g.y0 - 6, str(x), SMALL, DIM, "middle"))
    for y in range(b.height):
        out.append(txt(g.x0 - 5, g.y0 + y * c + c / 2 + 4, str(y), SMALL, DIM, "end"))
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
    return [*_axes(g), *_cells(g, pub), *_scenery(g, pub, marks), *_walls(g),
            *_doors(g, set(pub["open_doors"]), marks), *_route(g, route, start),
            *_tokens(g, pub, models), *_models(g, pub, marks), *_picks(g, marks, labels)]
