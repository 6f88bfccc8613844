"""The Survive Alive table as an SVG board for the browser, drawn from a seat's view.

Top to bottom: the round track, the phase, who is deciding and this round's Event cards
(with the coming ones the seat looked at from a Watch Tower, for that seat only); the
seat's own Base sheet (Watch Towers on the corners, barricades on the four sides, the grid
of middle facilities: built, lost or empty), its characters with wounds and weapons, its
cubes by colour and its trackers; the Community Map and the Objective cards; the other
players' bases as their screens show them; the final scores once the game is over.

An element standing for an option of the seat's pending decision carries
``data-option="<id>"``: a slot to build or to lose, a side to defend, a location to
scavenge, a character to heal, send or let go, a weapon chip to forge or hand over, a
cube colour to give, take, store or lose, a Character card of the draft, a Base sheet to
choose. Every facility, character, Event, Objective, location and cube has a ``<title>``.

Source: Survive Alive rulebook, "Card Anatomy", "Facilities", "Turn Phases",
"Victory and Scoring".
"""

from __future__ import annotations

from typing import Any

from zedlab.core.svg import esc as _e
from zedlab.core.svg import fit as _fit
from zedlab.core.svg import rect as _rect
from zedlab.core.svg import region as _region
from zedlab.core.svg import text as _text

from .content import CUBES, Content, base_slots, pack
from .render import MISSIONS, PHASES
from .rules import SIDE_WORDS

WIDTH = 1000
BG, PANEL, INK, DIM, ACCENT = "#161a1d", "#22282c", "#e8e6e3", "#9aa4ab", "#c0392b"
CYAN, GREEN, EMPTY, EDGE = "#4fb3c8", "#5fae6e", "#1b2024", "#3a4246"
CUBE_FILL = {"wood": "#8a5a2b", "metal": "#9aa0a6", "brick": "#b8432f", "food": "#e0b400",
             "herb": "#2e9b8a", "cloth": "#f2f2f2", "wild": "#0b0b0b"}
SHORT = {"bed": "Bed", "bathroom": "Bath", "food-garden": "Food G", "herb-garden": "Herb G",
         "medical-room": "Medical", "radio": "Radio", "command-centre": "Command", "workshop": "Workshop",
         "forge": "Forge", "storage": "Storage", "barricade": "Bar", "watch-tower": "Tower"}
CUBE_KINDS = frozenset({"give", "take", "keep", "want", "multiply"})
CHAR_KINDS = frozenset({"heal", "send", "make-room"})
TRACKS = (("defence", "defence", "Defence"), ("health", "health", "Health"), ("scavenge", "scavenge", "Scavenge"),
          ("morale", "morale", "Morale"), ("breach", "breach", "Breaches"))
"""(view key, content tracker id, label) of the shaded trackers of a Base sheet."""


def _n(count: int, noun: str) -> str:
    """``"1 wound"``, ``"2 wounds"``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _group(body: list[str], title: str, option: Any = None,
           mark: tuple[float, float, float, float] | None = None, label: str = "") -> str:
    """A ``<g>`` with a hover ``<title>``; with an ``option`` it plays that option when
    clicked and ``mark`` (x, y, w, h) gets a dashed accent edge showing it can be; with a
    ``label`` it is an image of that accessible name (a page playing the option names it
    by the option and keeps the label after it)."""
    attrs = f' role="img" aria-label="{_e(label)}"' if label else ""
    if option is not None:
        attrs += f' data-option="{_e(option)}"'
        if mark is not None:
            x, y, w, h = mark
            body = [*body, _rect(x + 1, y + 1, w - 2, h - 2, "none", ACCENT, 4,
                                 ' stroke-width="2.5" stroke-dasharray="6 3"')]
    return f"<g{attrs}><title>{_e(title)}</title>{''.join(body)}</g>"


def _texted(name: str, stats: str, entry: Any, texts: dict[str, str]) -> str:
    """A hover text: the name, its numbers, and its short text when the content has one."""
    text = getattr(entry, "text", "") or texts.get(name, "")
    return f"{name}: {stats}" + (f". {text}" if text else "")


def _cost(cost: list[str]) -> str:
    counts = {c: cost.count(c) for c in dict.fromkeys(cost)}
    return ", ".join(f"{n} {c}" for c, n in counts.items()) or "nothing"


def _options(view: dict[str, Any]) -> dict[tuple[str, Any], Any]:
    """(what, which) -> option id for the options with a place on the board."""
    decision = view.get("decision") or {}
    out: dict[tuple[str, Any], Any] = {}
    for o in decision.get("options", []):
        kind, value = o["kind"], o["value"]
        if kind in ("build", "lose") and isinstance(value, str) and value not in CUBES:
            key: tuple[str, Any] = ("slot", value)
        elif kind in CUBE_KINDS or kind == "lose":
            key = ("cube", value)
        elif kind in CHAR_KINDS:
            key = ("char", value)
        elif kind in ("forge", "weapon-to"):
            key = ("weapon", tuple(value))
        elif kind == "place":
            key = ("side", value)
        elif kind == "scavenge":
            key = ("location", value)
        elif kind == "character":
            key = ("draft", value)
        elif kind == "base":
            key = ("base", value)
        else:
            continue
        out.setdefault(key, o["id"])
    return out


def _forges(view: dict[str, Any]) -> dict[int, list[tuple[str, Any, str, str]]]:
    """Character index -> (weapon id, option id, kind, option label) of each forge /
    hand-over option."""
    out: dict[int, list[tuple[str, Any, str, str]]] = {}
    for o in (view.get("decision") or {}).get("options", []):
        if o["kind"] in ("forge", "weapon-to"):
            i, weapon = o["value"]
            out.setdefault(int(i), []).append((str(weapon), o["id"], o["kind"], str(o.get("label") or "")))
    return out


CHIP_CAPTIONS = {"forge": "forge:", "weapon-to": "give:"}
"""The word before a character's weapon chips: what clicking one does."""


NARROW = 520
"""The widest a region of the board is made where it can be split (viewBox units): a phone
shows a region across its width, so a narrower one reads larger."""


def _header(view: dict[str, Any], pub: dict[str, Any], c: Content, texts: dict[str, str]) -> tuple[list[str], float]:
    """The round track, the phase, who decides, the decks (a region), and this round's
    Event cards (another region)."""
    panel = _rect(10, 10, WIDTH - 20, 112, PANEL)
    out: list[str] = []
    rnd = pub["round"]
    for r in range(1, 7):
        x = 22 + (r - 1) * 40
        now, past = r == rnd, r < rnd
        out.append(_rect(x, 20, 34, 24, ACCENT if now else ("#2b3135" if past else EMPTY), EDGE, 4))
        out.append(_text(x + 17, 37, f"R{r}", 13, INK if not past else "#6d777d", "700" if now else "400", "middle"))
    phase = PHASES.get(pub["phase"], str(pub["phase"]))
    out.append(_text(270, 37, f"Round {min(rnd, 6)} of 6 · {phase}", 15, INK, "700"))
    mover = view.get("to_move")
    if mover is not None:
        you = " (you)" if mover == view.get("seat") else ""
        out.append(_text(22, 64, f"To decide: Seat {mover}{you}", 15, ACCENT, "700"))
    elif view.get("outcome"):
        out.append(_text(22, 64, "The game is over", 15, ACCENT, "700"))
    out.append(_text(22, 88, f"First player: Seat {pub['first_player']} · {_n(pub['events_this_round'], 'Event card')}"
                     f" this round · Wound tokens left {pub['wound_pool']}", 12, DIM))
    if pub["scenario"]:
        mission = MISSIONS.get(pub["scenario"], "")
        out.append(_group([_text(250, 64, _fit(f"Solo Scenario {pub['scenario']}: {mission}", 330, 12), 12, "#d7a6e0")],
                          f"Solo Scenario {pub['scenario']}: {mission}"))
    decks = pub["decks"]
    out.append(_text(22, 112, f"Decks: Events {decks['events']} · Characters {decks['characters']} · Scavenge "
                     + "/".join(str(decks.get(f"scavenge_{k}", 0)) for k in ("1", "2", "3")), 12, DIM))
    shown = [(e, "drawn") for e in pub["drawn"]] + [(e, "seen") for e in (view.get("private") or {}).get("coming_events", [])]
    shown = shown[:5]
    x = x0 = WIDTH - 18 - 78 * len(shown)
    events: list[str] = []
    for eid, how in shown:
        events.append(_event(x, 18, eid, how, rnd, c, texts))
        x += 78
    if not shown:
        x0 = WIDTH - 250
        events.append(_text(WIDTH - 24, 64, "No Event card drawn yet this round", 12, DIM, anchor="end"))
    # the panel is drawn once, under both regions (a narrow page gives each its own)
    return [panel, _region(out, 10, 10, 620, 112), _region(events, x0 - 8, 10, WIDTH - 10 - (x0 - 8), 112)], 130


def _rows(boxes: list[tuple[float, float, float, float, str]], head: list[str], top: float) -> list[str]:
    """Regions of a section drawn as rows of boxes ``(x, y, w, h, markup)``: a region holds
    the boxes of one row side by side up to :data:`NARROW` units wide; ``head`` (the
    section's title, at ``top``) goes with the first."""
    out: list[str] = []
    run: list[tuple[float, float, float, float, str]] = []

    def close() -> None:
        x0, y0 = min(b[0] for b in run), min(b[1] for b in run)
        x1, y1 = max(b[0] + b[2] for b in run), max(b[1] + b[3] for b in run)
        first = not out
        y_from = top if first else y0
        out.append(_region([*(head if first else []), *(b[4] for b in run)],
                           x0 - 4, y_from, x1 - x0 + 8, y1 - y_from + 4))
        run.clear()

    for box in boxes:
        if run and (box[1] != run[0][1] or box[0] + box[2] - run[0][0] > NARROW):
            close()
        run.append(box)
    if run:
        close()
    elif head:
        out.append(_region(head, 10, top, WIDTH - 20, 28))
    return out


def _event(x: float, y: float, eid: str, how: str, rnd: int, c: Content, texts: dict[str, str]) -> str:
    ev = c.events.get(eid)
    if ev is None:
        return _group([_rect(x, y, 74, 96, EMPTY, EDGE), _text(x + 6, y + 20, eid, 12)], eid)
    attack = ev.zeds + min(rnd, 6)
    fill = "#3a1c1c" if how == "drawn" else "#24303a"
    body = [_rect(x, y, 74, 96, fill, ACCENT if how == "drawn" else CYAN),
            _text(x + 6, y + 18, _fit(ev.name, 64, 12), 12, INK, "700"),
            _text(x + 6, y + 36, f"{SIDE_WORDS[ev.side]}", 12, INK),
            _text(x + 6, y + 54, f"attack {attack}", 12, ACCENT if how == "drawn" else CYAN, "700"),
            _text(x + 6, y + 72, f"{ev.cubes} cubes", 11, DIM),
            _text(x + 6, y + 88, "you looked" if how == "seen" else "drawn", 11, DIM)]
    bonus = ", ".join(f"+{n} cubes for {k} character{'s' if k != 1 else ''}" for k, n in ev.bonus)
    stats = (f"Event card type {ev.type}: {_n(ev.zeds, 'Zed')} from the {SIDE_WORDS[ev.side]} "
             f"(attack {ev.zeds} + round {min(rnd, 6)} = {attack}); {ev.cubes} random cubes for every player"
             + (f"; {bonus}" if bonus else "") + ("; a Command Centre finds a character" if ev.recruit else ""))
    if how == "seen":
        stats += " (coming: you looked at it from a Watch Tower)"
    return _group(body, _texted(ev.name, stats, ev, texts))


def _slot_title(slot: Any, state: str, c: Content, texts: dict[str, str]) -> str:
    fac = c.facilities.get(slot.kind)
    where = (f"{SIDE_WORDS.get(slot.side, slot.side)} side" if slot.kind == "barricade" else
             f"{SIDE_WORDS.get(slot.side, slot.side)} corner" if slot.kind == "watch-tower" else
             f"row {slot.row + 1}, column {slot.col + 1}")
    if fac is None:
        return f"{slot.kind} ({where}): {state}"
    stats = f"{where}, {state}; costs {_cost(list(fac.cost))}" + (f"; {_n(fac.shields, 'shield')}" if fac.shields else "")
    return _texted(fac.name, stats, fac, texts)


def _base_sheet(x0: float, y0: float, player: dict[str, Any], c: Content, texts: dict[str, str],
                opts: dict[tuple[str, Any], Any], attacks: dict[str, int], scale: float = 1.0) -> tuple[list[str], float, float]:
    """A Base sheet at (x0, y0): towers on the corners, barricades along the sides, the
    middle grid. Returns the parts, the width and the height."""
    base = c.bases.get(player["base"])
    if base is None:
        return [_text(x0, y0 + 16, "No Base sheet chosen yet", 12, DIM)], 200, 24
    built, lost = set(player["built"]), set(player["lost"])
    rows, cols = len(base.grid), max((len(r) for r in base.grid), default=0)
    cw, ch, ring = 76 * scale, 36 * scale, 44 * scale
    gw, gh = cols * cw, rows * ch
    width, height = gw + 2 * ring, gh + 2 * ring
    out = [_rect(x0, y0, width, height, "#1a1f22", EDGE, 6)]
    small = scale < 1

    def cell(slot: Any, x: float, y: float, w: float, h: float) -> str:
        state = "lost" if slot.id in lost else ("built" if slot.id in built else "not built")
        fill = "#2f5d3a" if state == "built" else ("#2a1414" if state == "lost" else EMPTY)
        body = [_rect(x + 1.5, y + 1.5, w - 3, h - 3, fill, "#5c8f67" if state == "built" else EDGE, 3)]
        if state == "lost":
            body.append(f'<path d="M{x + 5:.0f} {y + 5:.0f} L{x + w - 5:.0f} {y + h - 5:.0f} M{x + w - 5:.0f} '
                        f'{y + 5:.0f} L{x + 5:.0f} {y + h - 5:.0f}" stroke="{ACCENT}" stroke-width="2.5"/>')
        if not small:
            label = SHORT.get(slot.kind, slot.kind)
            body.append(_text(x + w / 2, y + h / 2 + 4, _fit(label, w - 6, 11), 11,
                              INK if state == "built" else "#7d878d", "700" if state == "built" else "400", "middle"))
        return _group(body, _slot_title(slot, state, c, texts), opts.get(("slot", slot.id)), (x, y, w, h))

    gx, gy = x0 + ring, y0 + ring
    by_side: dict[str, list[Any]] = {}
    for slot in base_slots(base):
        if slot.kind == "watch-tower":
            cx = x0 if "W" in slot.side else x0 + ring + gw
            cy = y0 if "N" in slot.side else y0 + ring + gh
            out.append(cell(slot, cx, cy, ring, ring))
        elif slot.kind == "barricade":
            by_side.setdefault(slot.side, []).append(slot)
        else:
            out.append(cell(slot, gx + slot.col * cw, gy + slot.row * ch, cw, ch))
    for side, slots in by_side.items():
        n = len(slots)
        for i, slot in enumerate(slots):
            if side in "NS":
                w = gw / n
                x, y = gx + i * w, y0 if side == "N" else gy + gh
                out.append(cell(slot, x, y, w, ring))
            else:
                h = gh / n
                x, y = x0 if side == "W" else gx + gw, gy + i * h
                out.append(cell(slot, x, y, ring, h))
    defenders: dict[str, list[str]] = {}
    for ch_ in player["characters"]:
        if ch_["side"] and attacks:
            defenders.setdefault(ch_["side"], []).append(ch_["name"])
    for side in ("N", "E", "S", "W"):
        box = {"N": (gx, y0, gw, ring), "S": (gx, gy + gh, gw, ring),
               "W": (x0, gy, ring, gh), "E": (gx + gw, gy, ring, gh)}[side]
        option = opts.get(("side", side))
        words = []
        if side in attacks:
            words.append(f"attack {attacks[side]}")
        if defenders.get(side):
            words.append(", ".join(defenders[side]))
        if option is not None or words:
            bx, by, bw, bh = box
            body = [_rect(bx, by, bw, bh, ACCENT if option is not None else "none", "none", 3,
                          ' fill-opacity="0.18"')]
            if words and not small:
                said = _fit(" · ".join(words), gw if side in "NS" else gh, 11)
                if side in "NS":
                    body.append(_text(bx + bw / 2, by + (12 if side == "N" else bh - 4), said, 11, "#ffb3a8", "700", "middle"))
                else:
                    tx, ty = bx + (12 if side == "W" else bw - 4), by + bh / 2
                    body.append(f'<g transform="rotate(-90 {tx:.0f} {ty:.0f})">'
                                f'{_text(tx, ty, said, 11, "#ffb3a8", "700", "middle")}</g>')
            title = f"The {SIDE_WORDS[side]} side" + (f": {'; '.join(words)}" if words else "")
            out.append(_group(body, title, option, box))
    return out, width, height


def _characters(x: float, y: float, w: float, player: dict[str, Any], c: Content, texts: dict[str, str],
                opts: dict[tuple[str, Any], Any], forges: dict[int, list[tuple[str, Any, str, str]]],
                defending: bool, focus: int | None) -> tuple[list[str], float]:
    """The seat's characters, one row each: wounds, weapons, where they are (a side they
    defend only while this round's Event cards are resolved), and the forge chips."""
    out = [_text(x, y + 12, "Characters", 13, CYAN, "700")]
    y += 18
    for i, ch in enumerate(player["characters"]):
        info = c.characters.get(ch["id"])
        where = ("scavenging" if ch["scavenging"] else "away" if ch["away"] else
                 f"defends {SIDE_WORDS.get(ch['side'], ch['side'])}" if ch["side"] and defending else "at the Base")
        tapped = " · ability used" if ch["tapped"] else ""
        body = [_rect(x, y, w, 38, "#26343a", ACCENT if i == focus else EDGE, 4,
                      ' stroke-width="2"' if i == focus else ""),
                _text(x + 6, y + 15, _fit(ch["name"], 110, 13), 13, INK, "700"),
                _text(x + 6, y + 31, _fit(where + tapped, 170, 11), 11, DIM)]
        if ch["wounds"]:
            body.append(_text(x + 12 + 8 * min(len(ch["name"]), 14), y + 15, "✚" * ch["wounds"], 13, ACCENT, "700"))
        weapons = ", ".join(w_.title() for w_ in ch["weapons"])
        if weapons:
            body.append(_text(x + w - 6, y + 31, _fit(weapons, w - 190, 11), 11, "#e0c27a", "400", "end"))
        if info is not None:
            stats = (f"{info.profession}; {_n(ch['wounds'], 'wound')}; weapons: {weapons or 'none'}; {where}. "
                     f"Ability: {info.ability}")
            title = _texted(ch["name"], stats, None, texts)
        else:
            title = ch["name"]
        out.append(_group(body, title, opts.get(("char", i)), (x, y, w, 38)))
        chips = forges.get(i, [])
        cx = x + w - 6
        for weapon, oid, kind, said in reversed(chips):
            entry = c.weapons.get(weapon)
            label = ("+" if kind == "forge" else "→") + weapon.title()
            cw = 12 + len(label) * 7
            cx -= cw + 4
            stats = (f"forge for {ch['name']}: {_n(entry.shields, 'shield')}, costs {_cost(list(entry.cost))}"
                     if kind == "forge" and entry else f"give it to {ch['name']}")
            # the hover text starts with what a click does: the option's own label
            hover = _texted(entry.name if entry else weapon, stats, entry, texts)
            chip = [_rect(cx, y + 4, cw, 18, "#4a3a1a", "#e0c27a", 9), _text(cx + cw / 2, y + 17, label, 11, INK, "700", "middle")]
            out.append(_group(chip, f"{said}. {hover}" if said else hover, oid, (cx, y + 4, cw, 18)))
        if chips:
            out.append(_text(cx - 5, y + 17, CHIP_CAPTIONS[chips[0][2]], 11, "#e0c27a", "400", "end"))
        y += 42
    for dead in player["dead"]:
        name = c.characters[dead].name if dead in c.characters else dead
        out.append(_text(x + 6, y + 14, f"{name} (dead)", 12, "#6d777d"))
        y += 18
    return out, y


def _cubes(x: float, y: float, w: float, player: dict[str, Any], opts: dict[tuple[str, Any], Any],
           c: Content) -> tuple[list[str], float]:
    out = [_text(x, y + 12, "Cubes behind your screen", 13, CYAN, "700")]
    y += 18
    cubes = player.get("cubes") or {}
    stored = player.get("stored") or {}
    multiplied = player.get("multiplied") or {}
    names = {e.id: e.name for e in c.components.cubes}
    step = w / len(CUBES)
    for k, colour in enumerate(CUBES):
        cx = x + k * step
        n = cubes.get(colour, 0)
        name = names.get(colour, colour)
        # the colour, the count and the colour's name on every box (not the colour alone)
        body = [_rect(cx + 2, y, step - 4, 58, "#1b2024", EDGE, 4),
                _rect(cx + 8, y + 6, 18, 18, CUBE_FILL[colour], "#777", 3),
                _text(cx + 32, y + 21, n, 14, INK if n else "#6d777d", "700"),
                _text(cx + 8, y + 39, _fit(colour, step - 14, 11), 11, INK if n else DIM)]
        if stored.get(colour):
            body.append(_text(cx + 8, y + 53, _fit(f"+{stored[colour]} stored", step - 14, 10), 10, DIM))
        stats = f"{n} in hand, {stored.get(colour, 0)} stored" + (
            f", {multiplied[colour]} of them from a Multiplier square" if multiplied.get(colour) else "")
        out.append(_group(body, f"{name}: {stats}", opts.get(("cube", colour)),
                          (cx + 2, y, step - 4, 58), label=f"{name}: {stats}"))
    y += 64
    extra = []
    if player.get("scavenge_food"):
        extra.append(f"food for scavenging {player['scavenge_food']}")
    if "storage" in player:
        extra.append(f"storage {player['storage']}")
        extra.append(f"trade {player['trade_ratio']}:1")
    if player.get("workshop"):
        extra.append(f"Workshop saves 1 {player['workshop']}")
    if extra:
        out.append(_text(x, y + 10, _fit(" · ".join(extra), w, 11), 11, DIM))
        y += 16
    return out, y


def _trackers(x: float, y: float, player: dict[str, Any], c: Content) -> tuple[list[str], float, tuple[int, float]]:
    """The five shaded trackers of a Base sheet with what each is worth now, and the
    influence points; and where they split into two regions (the index of the first part
    of the second, and its x). Source: "Victory and Scoring"."""
    out = []
    bw = 22
    col = 0.0
    for k, (key, track, label) in enumerate(TRACKS):
        if k == SPLIT_TRACKS:
            split = len(out), x + col
        values = c.tracker(track)
        n = player["trackers"][key]
        worth = values[min(n, len(values) - 1)]
        cells = [_text(x + col, y + 12, f"{label} {worth:+d}" if key == "breach" else f"{label} {worth}", 11, DIM)]
        for i in range(len(values) - 1):
            cells.append(_rect(x + col + i * (bw + 2), y + 16, bw, 14, "#5c8f67" if i < n else EMPTY, EDGE, 2))
        boxes = ", ".join(str(v) for v in values[1:])
        out.append(_group(cells, f"{label} tracker: {n} box(es) shaded of {boxes}; worth {worth} now"))
        col += max(len(values) - 1, 4) * (bw + 2) + 14
    tail = f"Influence {player['influence']}"
    if player.get("objective_points") is not None:
        tail += f" · Objectives {player['objective_points']}"
    out.append(_text(x + col, y + 27, tail, 12, INK, "700"))
    return out, y + 34, split


SPLIT_TRACKS = 3
"""The trackers before this one are one region of a narrow board, the rest another."""


def _own(view: dict[str, Any], me: dict[str, Any], c: Content, texts: dict[str, str],
         opts: dict[tuple[str, Any], Any], attacks: dict[str, int], top: float) -> tuple[list[str], float]:
    base = c.bases.get(me["base"])
    title = f"Your base: {base.name if base else 'no Base sheet yet'} (Seat {me['seat']}) - only you see your cubes"
    parts, bw, bh = _base_sheet(22, top + 28, me, c, texts, opts, attacks)
    right = 22 + bw + 18
    pending = (view.get("private") or {}).get("pending") or {}
    focus = pending.get("char") if isinstance(pending.get("char"), int) else None
    chars, cy = _characters(right, top + 26, WIDTH - 22 - right, me, c, texts, opts, _forges(view), bool(attacks),
                            focus)
    cubes, cy = _cubes(right, cy + 6, WIDTH - 22 - right, me, opts, c)
    y0 = max(top + 28 + bh, cy) + 6
    tracks, ty, (cut, tx) = _trackers(22, y0, me, c)
    height = ty - top + 6
    panel = _rect(10, top, WIDTH - 20, height, "#1d2a30", CYAN)
    out = [panel, _region([_text(22, top + 19, title, 14, INK, "700"), *parts], 10, top, right - 18, y0 - top),
           _region([*chars, *cubes], right - 10, top, WIDTH - right, cy - top + 4),
           _region(tracks[:cut], 10, y0 - 4, tx - 10, ty - y0 + 10),
           _region(tracks[cut:], tx - 8, y0 - 4, WIDTH - tx - 2, ty - y0 + 10)]
    return out, top + height + 8


def _others(view: dict[str, Any], pub: dict[str, Any], c: Content, texts: dict[str, str],
            attacks: dict[str, int], top: float) -> tuple[list[str], float]:
    """The other players' bases as their screens show them (every base for a spectator):
    a small Base sheet, the characters, the cubes if the screens are down, the trackers."""
    me = view.get("seat")
    own = (view.get("private") or {}).get("player") is not None
    others = [p for p in pub["players"] if p["seat"] != me or not own]
    if not others:
        return [], top
    per_row = min(3, len(others))
    w = (WIDTH - 20 - 8 * (per_row - 1)) / per_row
    out: list[str] = []
    scale = 0.36 if per_row > 2 else 0.56
    sheet = max(((len(b.grid) * 36 + 88) * scale for b in c.bases.values()), default=60)
    most = max(len(p["characters"]) + len(p["dead"]) + 1 for p in others)
    h = 26 + max(sheet, 14 + 15 * min(most, 7)) + 44
    rows = (len(others) + per_row - 1) // per_row
    for k, p in enumerate(others):
        x, y = 10 + (k % per_row) * (w + 8), top + (k // per_row) * (h + 8)
        base = c.bases.get(p["base"])
        leader = " · Leader card" if pub["leader"] == p["seat"] else ""
        head = f"Seat {p['seat']}: {base.name if base else 'choosing a base'}{leader}"
        box = [_rect(x, y, w, h, PANEL), _text(x + 10, y + 18, _fit(head, w - 20, 13), 13, INK, "700")]
        parts, bw, _ = _base_sheet(x + 10, y + 26, p, c, texts, {}, attacks, scale=scale)
        box += parts
        tx = x + 18 + bw
        lines: list[tuple[str, str, str]] = []
        for ch in p["characters"]:
            out_ = " (out)" if ch["scavenging"] or ch["away"] else ""
            weapons = ", ".join(ch["weapons"])
            lines.append((f"{ch['name']}{out_} {'✚' * ch['wounds']}", INK,
                          f"{ch['name']}: {_n(ch['wounds'], 'wound')}; weapons: {weapons or 'none'}"))
        for d in p["dead"]:
            name = c.characters[d].name if d in c.characters else d
            lines.append((f"{name} (dead)", "#6d777d", f"{name} died"))
        cubes = p.get("cubes")
        if cubes is None:
            lines.append(("cubes screened", DIM, "The Player screen hides the cubes until the Event cards"))
        else:
            held = ", ".join(f"{n} {k_}" for k_, n in cubes.items() if n) or "none"
            lines.append((f"cubes: {held}", DIM, f"Cubes: {held}"))
        for i, (line, colour, tip) in enumerate(lines[:7]):
            box.append(_group([_text(tx, y + 40 + i * 15, _fit(line, x + w - tx - 8, 11), 11, colour)], tip))
        tr = p["trackers"]
        worth = {key: c.tracker(track)[min(tr[key], len(c.tracker(track)) - 1)] for key, track, _ in TRACKS}
        line1 = f"Defence {worth['defence']} · Health {worth['health']} · Scavenge {worth['scavenge']}"
        line2 = f"Morale {worth['morale']} · Breaches {worth['breach']} · Influence {p['influence']}"
        tip = "Tracker values now (boxes shaded): " + ", ".join(f"{label} {worth[key]} ({tr[key]})" for key, _, label in TRACKS)
        box.append(_group([_text(x + 10, y + h - 26, _fit(line1, w - 20, 11), 11, DIM),
                           _text(x + 10, y + h - 9, _fit(line2, w - 20, 11), 11, DIM)], tip))
        # a region no wider than what is drawn in it: the sheet and the lines beside it
        out.append(_region(box, x, y, min(w, tx - x + 300), h))
    return out, top + rows * (h + 8)


def _map(pub: dict[str, Any], c: Content, texts: dict[str, str], opts: dict[tuple[str, Any], Any],
         top: float) -> tuple[list[str], float]:
    locs = list(pub["locations"].items())
    head = [_text(22, top + 18, "Community Map", 13, CYAN, "700")]
    boxes: list[tuple[float, float, float, float, str]] = []
    n = max(1, len(locs))
    per_row = min(n, 6)
    w = min(NARROW / 2, (WIDTH - 40 - 6 * (per_row - 1)) / per_row)
    threat = c.design.zed_threat
    for k, (loc, crossed) in enumerate(locs):
        info = c.locations.get(loc)
        x = 20 + (k % per_row) * (w + 6)
        y = top + 24 + (k // per_row) * 50
        name = info.name if info else loc
        food = info.food if info else 0
        zeds = [s.zeds for s in c.scavenge.values() if s.food == food]
        strength = (f"Zed strength {min(zeds) + threat[str(food)]}-{max(zeds) + threat[str(food)]}"
                    if zeds and str(food) in threat else "")
        body = [_rect(x, y, w, 44, "#2b2420" if not crossed else "#1b1b1b", "#6b5a44" if not crossed else EDGE, 5),
                _text(x + 8, y + 18, _fit(name, w - 16, 13), 13, INK if not crossed else "#6d777d", "700"),
                _text(x + 8, y + 36, f"{food} food" + (" · crossed out" if crossed else ""), 11, DIM)]
        if crossed:
            body.append(f'<path d="M{x + 4:.0f} {y + 22:.0f} L{x + w - 4:.0f} {y + 22:.0f}" stroke="{ACCENT}" stroke-width="2"/>')
        stats = f"costs {food} food to scavenge; {strength}" + ("; crossed out" if crossed else "")
        boxes.append((x, y, w, 44, _group(body, _texted(name, stats, info, texts), opts.get(("location", loc)),
                                          (x, y, w, 44))))
    rows = (len(locs) + per_row - 1) // per_row
    return [_rect(10, top, WIDTH - 20, 28 + rows * 50, PANEL), *_rows(boxes, head, top)], top + 28 + rows * 50


def _objectives(pub: dict[str, Any], c: Content, texts: dict[str, str], top: float) -> tuple[list[str], float]:
    ids = pub["objectives"]
    if not ids:
        return [], top
    head = [_text(22, top + 18, "Objective cards", 13, CYAN, "700")]
    boxes: list[tuple[float, float, float, float, str]] = []
    w = min(NARROW - 8, (WIDTH - 40 - 6 * (len(ids) - 1)) / max(1, len(ids)))  # a card reads on a phone
    for k, oid in enumerate(ids):
        card = c.objectives.get(oid)
        x, y = 20 + k * (w + 6), top + 24
        if card is None:
            boxes.append((x, y, w, 44, _text(x, y + 16, oid, 12)))
            continue
        holder = ""
        if card.type == "Leader" and pub["leader"] >= 0:
            holder = f"held by Seat {pub['leader']}"
        elif card.type == "Instant" and pub["instant_by"] >= 0:
            holder = f"taken by Seat {pub['instant_by']}"
        body = [_rect(x, y, w, 44, "#232a3a", "#5a6b9a", 5),
                _text(x + 8, y + 18, _fit(f"{card.name} ({card.type})", w - 16, 13), 13, INK, "700"),
                _text(x + 8, y + 36, _fit(f"{card.metric.replace('-', ' ')} ≥ {card.minimum} · {card.points} pts"
                                          + (f" · {holder}" if holder else ""), w - 16, 11), 11, DIM)]
        stats = (f"{card.type} objective: {card.metric.replace('-', ' ')} of at least {card.minimum} "
                 f"for {card.points} influence points" + (f"; {holder}" if holder else ""))
        boxes.append((x, y, w, 44, _group(body, _texted(card.name, stats, card, texts))))
    return [_rect(10, top, WIDTH - 20, 76, PANEL), *_rows(boxes, head, top)], top + 76


def _choices(view: dict[str, Any], c: Content, texts: dict[str, str], opts: dict[tuple[str, Any], Any],
             top: float) -> tuple[list[str], float]:
    """The seat's own draft hand, the Base sheets to choose from, or the Character card it
    may recruit, as cards."""
    priv = view.get("private") or {}
    draft = priv.get("draft") or []
    bases = [v for (kind, v) in opts if kind == "base"]
    pending = priv.get("pending") or {}
    recruit = pending.get("char") if isinstance(pending.get("char"), str) else None
    if not draft and not bases and recruit is None:
        return [], top
    items = [("draft", cid) for cid in draft] + [("base", b) for b in sorted(bases)]
    items += [("draft", recruit)] if recruit is not None else []
    per_row = min(len(items), 6)
    w = min(330.0, (WIDTH - 40 - 6 * (per_row - 1)) / per_row)
    label = ("Your draft hand: pick a Character card" if draft else "Choose a Base sheet" if bases else
             "A Character card you may take in (take cubes shown on it)")
    head = [_text(22, top + 18, label, 13, ACCENT, "700")]
    boxes: list[tuple[float, float, float, float, str]] = []
    for k, (kind, key) in enumerate(items):
        x, y = 20 + (k % per_row) * (w + 6), top + 24 + (k // per_row) * 66
        if kind == "draft":
            info = c.characters.get(key)
            name = info.name if info else key
            line = f"{info.profession} · {_cost(list(info.cubes))}" if info else ""
            more = info.ability if info else ""
            title = _texted(name, f"{line}. Ability: {more}", None, texts)
        else:
            base = c.bases.get(key)
            name = base.name if base else key
            bars = base.barricades if base else {}
            line = "barricades " + " ".join(f"{s}{n}" for s, n in bars.items())
            more = ""
            title = _texted(name, line, base, texts)
        body = [_rect(x, y, w, 60, "#26343a", CYAN, 5), _text(x + 8, y + 18, _fit(name, w - 16, 14), 14, INK, "700"),
                _text(x + 8, y + 35, _fit(line, w - 16, 11), 11, DIM), _text(x + 8, y + 51, _fit(more, w - 16, 11), 11, DIM)]
        boxes.append((x, y, w, 60, _group(body, title, opts.get((kind, key)), (x, y, w, 60))))
    rows = (len(items) + per_row - 1) // per_row
    return _rows(boxes, head, top), top + 28 + rows * 66


def _scores(view: dict[str, Any], pub: dict[str, Any], top: float) -> tuple[list[str], float]:
    out: list[str] = []
    start = top
    outcome = view.get("outcome")
    scores = pub.get("scores")
    if scores:
        keys = list(scores[0])
        out.append(_text(22, top + 16, "Final scores", 13, CYAN, "700"))
        colw = (WIDTH - 140) / (len(keys) + 1)
        for j, k in enumerate([*keys, "total"]):
            out.append(_text(110 + j * colw, top + 34, k, 11, DIM))
        for i, line in enumerate(scores):
            y = top + 52 + i * 18
            out.append(_text(22, y, f"Seat {i}", 12, INK, "700"))
            for j, k in enumerate(keys):
                out.append(_text(110 + j * colw, y, line[k], 12))
            out.append(_text(110 + len(keys) * colw, y, sum(line.values()), 12, INK, "700"))
        top += 60 + 18 * len(scores)
    if outcome:
        winners = outcome["winners"]
        if not winners:
            who = "nobody wins"
        elif len(winners) == 1:
            who = f"Seat {winners[0]} wins"
        else:
            who = "shared victory: " + ", ".join(f"Seat {w}" for w in winners)
        line = f"Game over: {who} - {outcome['reason']} ({outcome['tier']})"
        out += [_rect(10, top, WIDTH - 20, 34, "#3a1c1c", ACCENT), _text(22, top + 22, _fit(line, 960, 14), 14, INK, "700")]
        top += 42
    return ([_region(out, 10, start, WIDTH - 20, top - start)] if out else []), top


_TEXTS: dict[str, dict[str, str]] = {}
"""The card texts of each content pack drawn so far, by digest."""


def _texts(c: Content) -> dict[str, str]:
    """Name -> short text of the cards of ``c`` (the game's ``card_texts``)."""
    found = _TEXTS.get(c.digest)
    if found is None:
        from .game import GAME

        found = _TEXTS[c.digest] = {k: v for k, v in GAME.card_texts(c).items() if v}
    return found


def board(view: dict[str, Any], seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator), as one ``<svg>`` element.

    Args:
        view: ``Match.view(seat)`` (docs/view-schema.md); only it (and the content pack it
            names) is read.
        seat: the seat the board is for.

    Returns:
        An SVG document fragment, 1000 units wide; options of the seat's decision with a
        place on the board carry ``data-option`` with their catalogue id.
    """
    pub = view["public"]
    c = pack(pub["content"])
    texts = _texts(c)
    opts = _options(view)
    rnd = min(pub["round"], 6)
    attacks: dict[str, int] = {}
    for eid in pub["drawn"]:
        ev = c.events.get(eid)
        if ev is not None:
            attacks[ev.side] = max(attacks.get(ev.side, 0), ev.zeds + rnd)
    parts, y = _header(view, pub, c, texts)
    more, y = _choices(view, c, texts, opts, y)
    parts += more
    me = (view.get("private") or {}).get("player")
    if me is not None:
        more, y = _own(view, me, c, texts, opts, attacks, y)
        parts += more
    more, y = _map(pub, c, texts, opts, y)
    more2, y = _objectives(pub, c, texts, y)
    parts += [*more, *more2]
    y += 8
    more, y = _others(view, pub, c, texts, attacks, y)
    parts += more
    more, y = _scores(view, pub, y)
    parts += more
    height = int(y + 4)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board" '
            f'role="group" aria-label="Survive Alive table" font-family="sans-serif">'
            f'{_rect(0, 0, WIDTH, height, BG, rx=0)}{"".join(parts)}</svg>')
