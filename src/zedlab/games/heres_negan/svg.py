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
from html import escape
from typing import Any

from .render import DECK_NAMES, PHASES, goal, view_board
from .svg_common import (
    ACCENT,
    BAND_COLOURS,
    BG,
    DIM,
    INK,
    LINE,
    PANEL,
    SMALL,
    SURVIVOR_COLOURS,
    WIDTH,
    Marks,
    box,
    card_info,
    content_pack,
    fit,
    num,
    opt,
    survivor_text,
    tip,
    txt,
    wrap,
)
from .svg_map import MapGeometry, draw_map

__all__ = ["board"]


# -- the panels ------------------------------------------------------------------------------------
def _chip(x: float, y: float, w: float, label: str, title: str, option: int | None = None,
          fill: str = "#2f373c", ink: str = INK, h: float = 22) -> str:
    """A card or item as a labelled box with its hover text (clickable with an option)."""
    stroke = f' stroke="{ACCENT}" stroke-width="2"' if option is not None else f' stroke="{LINE}"'
    return (f'<g class="card"{opt(option)}>{tip(title)}'
            + box(x, y, w, h, fill, f' rx="4"{stroke}')
            + txt(x + 6, y + h / 2 + 4.5, fit(label, w - 10, 12), 12, ink) + "</g>")


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
            self.parts.append(txt(self.x, self.y, piece, size, fill, weight=weight))
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
    parts = ["<g>" + tip(title)]
    for k in range(low, high + 1):
        x = col.x + (k - low) * w
        on = k in marked
        stroke = f' stroke="{INK}" stroke-width="2.5"' if on else f' stroke="{BG}"'
        parts.append(box(x, col.y, w, 20, colour_of(k), stroke))
        parts.append(txt(x + w / 2, col.y + 14.5, str(k), SMALL, INK if on else "#d0d0d0",
                           "middle", "bold" if on else "normal"))
    col.parts.append("".join(parts) + "</g>")
    col.y += 26
    return w


def _tracks(col: Column, view: Mapping[str, Any]) -> None:
    """The Threat tracker, the Reputation track, Negan's Stamina, the rooms secured."""
    pub = view["public"]
    pack = content_pack()
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
        col.parts.append("<g>" + tip(f"{s['name']}: Reputation {s['rep']}") + "<circle "
                         f'cx="{num(cx)}" cy="{num(cy)}" r="8" fill="{colour}"/>'
                         + txt(cx, cy + 4, s["name"][:1], SMALL, "#111", "middle", "bold")
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
        col.parts.append(f"<g>{tip(f'{name}: {n} left to draw')}"
                         + box(x, col.y, w, 34, "#3b2f4a", f' rx="4" stroke="{LINE}"')
                         + txt(x + w / 2, col.y + 14, fit(name, w - 4, SMALL), SMALL, DIM,
                                 "middle")
                         + txt(x + w / 2, col.y + 29, str(n), 13, INK, "middle", "bold")
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
    header = (f'<g class="survivor-card"{opt(option)}>'
              + tip(f"{s['name']}: {survivor_text(s['id'])}")
              + f'<circle cx="{num(x + 16)}" cy="{num(y + 16)}" r="11" fill="{colour}"/>'
              + txt(x + 16, y + 20.5, s["name"][:1], 13, "#111", "middle", "bold")
              + txt(x + 33, y + 21, s["name"], 15, INK, weight="bold")
              + txt(x + w - 8, y + 21, ("yours, " if mine else "") + f"seat {s['seat']}",
                      12, DIM, "end") + "</g>")
    parts.append(header)
    cy = y + 30
    if tags:
        parts.append(txt(x + 8, cy + 12, fit(", ".join(tags), w - 16, 12), 12,
                           "#ff8a80" if s["bitten"] or s["incapacitated"] else "#8fd3ff"))
        cy += 17
    # Stamina pips and Reputation
    top = max(int(s["max_stamina"]), 1)
    have = max(int(s["stamina"]), 0)
    pip = min(14.0, (w - 140) / top)
    stamina = ["<g>" + tip(f"Stamina {have} of {top}")
               + txt(x + 8, cy + 12, "Stamina", 12, DIM)]
    for k in range(top):
        fill = "#3c8d5a" if k < have else "#3a3f44"
        stamina.append(box(x + 62 + k * pip, cy + 2, pip - 2, 12, fill, ' rx="2"'))
    parts.append("".join(stamina) + "</g>")
    parts.append(txt(x + w - 8, cy + 12, f"{have}/{top}  Rep {s['rep']}", 12, INK, "end"))
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
    frame = box(x, y, w, height, PANEL, f' rx="6" stroke="{ACCENT if mine else LINE}" '
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
        out.append(txt(x, y, heading, 14, INK, weight="bold"))
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
    out.append(txt(x, y, f"{name}, {pub['survivor_count']} Survivors", 19, INK, weight="bold"))
    phase = PHASES.get(pub["phase"], pub["phase"])
    out.append(txt(x + width, y, f"Round {pub['round']} of {pub['max_rounds']}: {phase}", 15,
                     INK, "end", "bold"))
    y += 20
    out.append(txt(x + width, y, f"First Player (Lucille): seat {pub['first_player']}", 13,
                     DIM, "end"))
    narrow = width - 250
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
        if won and outcome and outcome.get("tier"):
            line += f" ({outcome['tier']})"
        for piece in wrap(line, narrow, 15):
            out.append(txt(x, y, piece, 15, "#7ddc8f" if won else "#ff8a80", weight="bold"))
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
        for piece in wrap(f"{who}{turn}" or " ", narrow, 14):
            out.append(txt(x, y, piece, 14, colour, weight="bold"))
            y += 18
    within = f" Within {pub['max_rounds']} rounds." if pub.get("max_rounds") else ""
    for piece in wrap("Goal: " + goal(n, pub["survivor_count"]) + within, width, 13):
        out.append(txt(x, y, piece, 13, DIM))
        y += 17
    return out, y


def _offers(view: Mapping[str, Any], marks: Marks, x: float, y: float,
            width: float) -> tuple[list[str], float]:
    """The cards being chosen that lie nowhere on the table, in a row, each playing its
    option."""
    if not marks.offers:
        return [], y
    out = [txt(x, y + 16, "Cards to choose from", 14, INK, weight="bold")]
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
        cards, bottom = _survivor_cards(view, marks, col_x, left.y, WIDTH - margin - col_x, 1)
        under = Column(margin, map_bottom, col_x - gap - margin)
        _decks(under, view)
        left.parts += under.parts
        bottom = max(bottom, under.y)
    offers, bottom = _offers(view, marks, margin, bottom + 4, WIDTH - 2 * margin)
    height = int(bottom + margin)
    return "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board" '
        f'font-family="system-ui, sans-serif" role="group" aria-label="{escape(b.name)}">',
        box(0, 0, WIDTH, height, BG),
        *head, *parts, *left.parts, *cards, *offers, "</svg>",
    ])
