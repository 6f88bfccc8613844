"""The Run, Fight, or Die! table as an SVG board for the browser, drawn from a seat's view only.

Layout (a viewBox 1000 units wide, as tall as the players need): a header (turn, step, whose
turn, the end-game track); the table (the Action dice with their faces and keep/reroll
state, the Event die, the decks, the current Event, the Mutant Zombie Boss, cards waiting
for a choice); the seat's own Action Board at full width; then the other players' boards.
Each board shows its three Zones (Zone 3 far left, Zone 1 next to the character) with their
Zombies, the Character Card with Health as remaining/total, the Dice Combo, Followers,
Loot, hold cards, the Location and the score.

Every element that stands for an option of the seat's pending decision carries
``data-option="<catalogue id>"``: a Zone to pick (or, when several actions can hit a Zone,
one chip per action inside it), a die's keep/reroll chips and the Amulet's face chips, the
dice of a symbol to resolve, a Follower, Loot or hold card to use, the decks to take a card
from, a Follower to keep or steal, the Mutant to shoot. Clickable elements never nest.
Characters, cards, dice faces and the Mutant carry a ``<title>`` with their text.

Source: Run, Fight, or Die! rulebook, "Action Board", "Action Dice Icons", "Event Die
Actions", "Final Scoring".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from zedlab.core.svg import cut as _cut
from zedlab.core.svg import esc as _e
from zedlab.core.svg import option_attr as _opt
from zedlab.core.svg import title as _title
from zedlab.core.svg import wrap as _wrap

from .common import EVENT_FACE_NAMES
from .content import BINDER, Card, Content
from .state import SYMBOLS

__all__ = ["board"]

WIDTH = 1000
BG, PANEL, INK, ACCENT = "#161a1d", "#22282c", "#e8e6e3", "#c0392b"
DIM, GOOD, WARN, PICK = "#9aa3a8", "#2ecc71", "#f1c40f", "#5dade2"
SEAT_COLOURS = ("#5dade2", "#d670d6", "#f4d03f", "#58d68d", "#eb984e", "#af7ac5")
FONT = "font-family:Segoe UI,Helvetica,Arial,sans-serif"
ZONE_FILL = {1: "#3a1f1f", 2: "#39311c", 3: "#1f3326"}
ZONE_NAME = {1: "They are on you", 2: "They are coming", 3: "They see you"}
SYMBOL_STYLE = {
    "bat": ("BAT", "#e59866"),
    "gun": ("GUN", "#85c1e9"),
    "run": ("RUN", "#82e0aa"),
    "search": ("SEARCH", "#f7dc6f"),
    "book": ("BOOK", "#bb8fce"),
    "zombie": ("ZOMBIE", "#e74c3c"),
}
SYMBOL_TEXT = {
    "bat": "Bat: kills 2 Zombies in Zone 1.",
    "gun": "Gun: kills 1 Zombie in any Zone, or wounds the Mutant Zombie Boss.",
    "run": "Run: moves 1 Zombie back 1 Zone (from Zone 3 it leaves the board).",
    "search": "Search: all Search symbols together find Followers or a Location.",
    "book": "Book of the Dead: all Book symbols together pick one row of its table.",
    "zombie": "Zombie: locked (not rerolled); adds 1 Zombie in the Hunt Phase.",
}
EVENT_FACE_TEXT = {
    "all-quiet": "All Quiet: no 3 new Zombies in this turn's Hunt Phase.",
    "ambush": "Ambush: the player takes 1 Wound.",
    "amulet": "Amulet: turn one non-Zombie die to another face, or reroll the Zombie symbols"
    " without a Fleeing Card.",
    "charge": "Charge: advance any 3 Zombies 1 Zone; those leaving Zone 1 deal a Wound each.",
    "nurse": "Nurse: remove one of your Wounds, or push two Zombies of your choice one Zone back.",
    "zombies-rise": "Zombies Rise: 1 Zombie joins Zone 2 and 1 joins Zone 3.",
}
STEP_WORDS = {
    "start": "start of turn", "roll": "rolling", "reroll": "rerolls", "actions": "resolving actions",
    "advance": "Zombie Advance", "hunt": "Hunt", "declare": "end of game check", "end": "end of turn",
    "over": "game over",
}
DECK_NAMES = {
    "follower": "Followers", "location": "Locations", "event": "Events", "loot": "Loot",
    "fleeing": "Fleeing", "mutant": "Mutant",
}
CHIP_WORDS = {
    "keep": "Keep", "reroll-die": "Reroll", "gun": "Gun", "run": "Run", "throw": "Throw",
    "bat": "Bat", "book-mutant": "Book", "zone": "Pick", "nurse": "Heal", "wound": "Wound",
    "search-choice": "Take", "book-choice": "Take",
}


# -- small SVG helpers ------------------------------------------------------------------------


def _text(
    x: float, y: float, text: object, size: int = 14, fill: str = INK, anchor: str = "start",
    weight: str = "normal",
) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" text-anchor="{anchor}"'
        f' font-weight="{weight}">{_e(text)}</text>'
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


# -- where each option stands ------------------------------------------------------------------

Place = tuple[Any, ...]


def _places(decision: dict[str, Any] | None, seat: int | None, public: dict[str, Any]) -> dict[Place, list[dict[str, Any]]]:
    """The pending options grouped by the element of the board they stand for.

    A decision is the seat's own, so a Zone, Follower, Loot or hold card it names is on the
    seat's own board (a steal names the other seat). Options with no place on the board
    (stop, done, declare, swap, Book rows...) are left to the page's buttons.
    """
    out: dict[Place, list[dict[str, Any]]] = defaultdict(list)
    if not decision or seat is None:
        return out
    for o in decision["options"]:
        kind, value = o["kind"], o["value"]
        place: Place | None = None
        if kind in ("keep", "reroll-die"):
            place = ("die", value)
        elif kind == "flip":
            place = ("die", value[0])
        elif kind in ("gun", "throw"):
            place = ("mutant",) if value == 0 else ("zone", seat, value)
        elif kind in ("run", "zone"):
            place = ("zone", seat, value)
        elif kind == "bat":
            place = ("zone", seat, 1)
        elif kind == "book-mutant":
            place = ("mutant",)
        elif kind in ("search", "book"):
            place = ("symbol", kind)
        elif kind == "combo":
            place = ("combo", seat)
        elif kind == "tinker":
            place = ("ability", seat)
        elif kind == "follower":
            place = ("follower", seat, value)
        elif kind in ("loot", "drop"):
            place = ("loot", seat, value)
        elif kind == "hold":
            place = ("hold", seat, value)
        elif kind == "steal":
            place = ("follower", value[0], value[1])
        elif kind == "pick":
            place = ("pending", value)
        elif kind == "accept" and value is True:
            place = ("pending", 0)
        elif kind == "flee":
            place = ("deck", "fleeing")
        elif kind == "search-choice":
            place = ("deck", "location" if value == "location" else "follower")
        elif kind == "book-choice" and value in ("follower", "two-followers", "location", "loot", "event"):
            place = ("deck", "follower" if value == "two-followers" else value)
        elif (kind == "nurse" and value == "heal") or kind == "wound":
            place = ("health", seat)
        if place is not None:
            out[place].append(o)
    return dict(out)


def _chip_word(o: dict[str, Any]) -> str:
    if o["kind"] == "flip":
        return SYMBOL_STYLE[_symbol_at(o["value"][1])][0].capitalize()
    return CHIP_WORDS.get(o["kind"], _cut(str(o["label"]), 10))


def _symbol_at(index: int) -> str:
    """The symbol a face index of the rules names (``state.SYMBOLS``)."""
    return SYMBOLS[index] if 0 <= index < len(SYMBOLS) else "zombie"


def _chips(x: float, y: float, options: list[dict[str, Any]], w: float = 58, vertical: bool = False) -> str:
    """One small button per option, in a row (or a column) from ``(x, y)``."""
    out = []
    for i, o in enumerate(options):
        cx, cy = (x, y + i * 26) if vertical else (x + i * (w + 5), y)
        out.append(
            f'<g class="chip"{_opt(o["id"])}>{_title(o["label"])}'
            + _rect(cx, cy, w, 22, "#1f3a4d", PICK, 5, 1.5)
            + _text(cx + w / 2, cy + 15.5, _chip_word(o), 12, INK, "middle", "bold")
            + "</g>"
        )
    return "".join(out)


def _one(places: dict[Place, list[dict[str, Any]]], place: Place) -> dict[str, Any] | None:
    """The option an element stands for when exactly one option names it."""
    found = places.get(place, [])
    return found[0] if len(found) == 1 else None


def _group(option: dict[str, Any] | None, tip: str, body: str, cls: str) -> str:
    if option is not None:
        tip = f"{tip} - {option['label']}" if tip else option["label"]
    return f'<g class="{cls}"{_opt(option["id"] if option else None)}>{_title(tip)}{body}</g>'


# -- the table: dice, decks, Event, Mutant ------------------------------------------------------


def _die(x: float, y: float, size: float, symbol: str, state: str, bonus: bool) -> str:
    word, colour = SYMBOL_STYLE.get(symbol, (symbol.upper(), INK))
    stroke = {"locked": ACCENT, "marked": WARN, "open": "#8e9aa3", "kept": INK}[state]
    fill = "#4a1f1f" if state == "locked" else ("#2a2a2a" if bonus else "#333b40")
    out = [_rect(x, y, size, size, fill, stroke, 9, 3, dash=state == "marked")]
    out.append(f'<circle cx="{x + size / 2:.1f}" cy="{y + size / 2 - 9:.1f}" r="12" fill="{colour}" opacity="0.85"/>')
    out.append(_text(x + size / 2, y + size - 10, word, 12 if len(word) > 4 else 13, colour, "middle", "bold"))
    if bonus:
        out.append(_text(x + size - 7, y + 14, "B", 12, WARN, "end", "bold"))
    return "".join(out)


def _dice(public: dict[str, Any], places: dict[Place, list[dict[str, Any]]], y0: float) -> tuple[str, float]:
    dice = public["dice"]
    parts = [_text(14, y0 + 18, "Action dice", 15, INK, weight="bold")]
    rr = public["rerolls_left"]
    note = f"rerolls left: {rr}" + ("  \u00b7  fled" if public["fled"] else "")
    parts.append(_text(120, y0 + 18, note, 13, DIM))
    if not dice:
        parts.append(_text(14, y0 + 56, "No dice rolled yet this turn", 14, DIM))
    size, step = 74.0, 84.0
    tallest = 0
    for i, symbol in enumerate(dice):
        x, y = 14 + i * step, y0 + 28
        if public["locked"][i]:
            state = "locked"
        elif public["selected"][i]:
            state = "marked"
        elif public["turn_step"] == "reroll" and rr > 0 and not public["decided"][i]:
            state = "open"
        else:
            state = "kept"
        bonus = i == 5 and public["bonus_die"]
        words = {
            "locked": "locked Zombie", "marked": "marked to reroll", "open": "keep or reroll?",
            "kept": "kept",
        }[state]
        tip = f"Die {i + 1}{' (Bonus die)' if bonus else ''}: {SYMBOL_TEXT.get(symbol, symbol)} ({words})"
        option = _one(places, ("symbol", symbol))
        if option is not None and option["kind"] not in ("search", "book"):
            option = None
        ring = _rect(x - 4, y - 4, size + 8, size + 8, "none", PICK, 11, 2.5) if option is not None else ""
        parts.append(_group(option, tip, ring + _die(x, y, size, symbol, state, bonus), "die"))
        chips = places.get(("die", i), [])
        if chips:
            vertical = any(o["kind"] == "flip" for o in chips)
            parts.append(_chips(x, y + size + 6, chips, 74 if vertical else 34.5, vertical))
            tallest = max(tallest, 26 * len(chips) if vertical else 26)
    face = public["event_die"]
    if face:
        ex = 14 + max(len(dice), 5) * step + 10
        name = public.get("event_die_name") or EVENT_FACE_NAMES.get(face, face)
        body = (
            _rect(ex, y0 + 28, 118, 74, "#3d3d46", "#a9a9b8", 9, 2)
            + _text(ex + 59, y0 + 50, "Event die", 12, DIM, "middle")
            + _text(ex + 59, y0 + 76, _cut(name, 14), 14, INK, "middle", "bold")
        )
        parts.append(_group(None, EVENT_FACE_TEXT.get(face, name), body, "die event"))
    return "".join(parts), y0 + 28 + size + 8 + tallest


DECKS_X = 652.0
"""Left edge of the decks, the current Event and the Mutant (right of the dice)."""


def _decks(public: dict[str, Any], places: dict[Place, list[dict[str, Any]]], C: Content, y0: float) -> tuple[str, float]:
    """The six decks, face down (only their sizes and discards show), 3 to a row."""
    parts = []
    for i, (kind, name) in enumerate(DECK_NAMES.items()):
        row, col = divmod(i, 3)
        x, y = DECKS_X + col * 114, y0 + row * 44
        option = _one(places, ("deck", kind))
        discards = public["discards"][kind]
        tip = f"{name} deck: {public['decks'][kind]} cards face down, {len(discards)} discarded"
        if discards:
            tip += f" (last: {_card_name(C, kind, discards[-1])})"
        stroke = PICK if option is not None else "#58636b"
        body = (
            _rect(x + 3, y + 3, 106, 36, "#1b2023", "#3b4247", 6, 1)
            + _rect(x, y, 106, 36, "#2c3440", stroke, 6, 3 if option is not None else 1.2)
            + _text(x + 8, y + 23, name, 13, INK, weight="bold")
            + _text(x + 98, y + 23, str(public["decks"][kind]), 13, DIM, "end")
        )
        parts.append(_group(option, tip, body, "deck"))
    return "".join(parts), y0 + 88


def _card_name(C: Content, kind: str, card: str) -> str:
    table: dict[str, Mapping[str, Card]] = {
        "follower": C.followers, "location": C.locations, "event": C.events, "loot": C.loot,
        "fleeing": C.fleeing, "mutant": C.mutant,
    }
    entry = table[kind].get(card)
    return entry.name if entry is not None else card


def _card_tip(name: str, text: str, extra: str = "") -> str:
    head = f"{name} ({extra})" if extra else name
    return f"{head}: {text}" if text else head


def _mutant_and_event(public: dict[str, Any], places: dict[Place, list[dict[str, Any]]], C: Content, x0: float, y0: float) -> str:
    parts = []
    event = public["current_event"]
    if event:
        entry = C.events.get(event)
        text = entry.text if entry is not None else ""
        body = (
            _rect(x0, y0, 166, 62, "#2e2640", "#8e7cc3", 8, 1.5)
            + _text(x0 + 10, y0 + 18, "Current Event", 12, DIM)
            + _text(x0 + 10, y0 + 38, _cut(public["current_event_name"], 19), 14, INK, weight="bold")
            + _text(x0 + 10, y0 + 55, _cut(text, 25), 12, "#cfcac3")
        )
        parts.append(_group(None, _card_tip(public["current_event_name"], text, "current Event"), body, "card event"))
    m = public["mutant"]
    mx = x0 + 176
    if m["active"]:
        chips = places.get(("mutant",), [])
        option = chips[0] if len(chips) == 1 else None
        before = f"before seat {m['seat']}" if m["seat"] >= 0 else ""
        body = (
            _rect(mx, y0, 166, 62, "#3a1818", PICK if option is not None else ACCENT, 8, 3 if option else 2)
            + _text(mx + 10, y0 + 18, "MUTANT ZOMBIE BOSS", 12, ACCENT, weight="bold")
            + _text(mx + 10, y0 + 38, f"{m['tokens']} Wound tokens", 14, INK, weight="bold")
            + _text(mx + 10, y0 + 55, before, 12, DIM)
        )
        tip = (
            f"The Mutant Zombie Boss ({before}): {m['tokens']} Wound tokens left; each Wound dealt"
            " to it is a token worth 1 VP."
        )
        parts.append(_group(option, tip, body, "mutant"))
        if len(chips) > 1:
            parts.append(_chips(mx, y0 + 66, chips, 52))
    return "".join(parts)


def _pending(public: dict[str, Any], places: dict[Place, list[dict[str, Any]]], C: Content, y0: float) -> tuple[str, float]:
    pend = public["pending"]
    if not pend:
        return "", y0
    what = pend.get("name") or pend["kind"]
    src = pend.get("source_name") or ""
    line = f"Waiting on seat {pend['seat']}: {what}" + (f" (from {src})" if src else "")
    parts = [_text(14, y0 + 16, _cut(line, 100), 14, WARN, weight="bold")]
    y = y0 + 24
    if pend["cards"]:
        for i, card in enumerate(pend["cards"]):
            entry = C.followers.get(card)
            name = entry.name if entry is not None else card
            text = entry.text if entry is not None else ""
            stats = f"{entry.vp} VP, {entry.symbol}" if entry is not None else ""
            option = _one(places, ("pending", i))
            x = 14 + i * 250
            lines = _wrap(text, 34)[:2]
            body = (
                _rect(x, y, 240, 98, "#2c3440", PICK if option is not None else "#58636b", 8,
                      3 if option is not None else 1.2)
                + _text(x + 10, y + 22, _cut(name, 24), 15, INK, weight="bold")
                + _text(x + 10, y + 40, stats, 12, WARN)
                + "".join(_text(x + 10, y + 58 + k * 15, ln, 12, "#cfcac3") for k, ln in enumerate(lines))
            )
            parts.append(_group(option, _card_tip(name, text, stats), body, "card follower"))
        y += 106
    return "".join(parts), y + 4


# -- a player's Action Board ---------------------------------------------------------------------


def _zombie_heads(x: float, y: float, n: int, per_row: int) -> str:
    out = []
    for i in range(min(n, per_row * 2)):
        row, col = divmod(i, per_row)
        out.append(
            f'<circle cx="{x + col * 16:.1f}" cy="{y + row * 16:.1f}" r="6" fill="#6b8e23"'
            ' stroke="#2d3a12" stroke-width="1.5"/>'
        )
    return "".join(out)


def _zone(
    p: dict[str, Any], zone: int, x: float, y: float, w: float, h: float,
    places: dict[Place, list[dict[str, Any]]],
) -> str:
    n = p["zones"][zone - 1]
    chips = places.get(("zone", p["seat"], zone), [])
    # a Zone picked for an effect is clicked whole; an action die spent on it gets a chip
    option = chips[0] if len(chips) == 1 and chips[0]["kind"] == "zone" else None
    stroke = PICK if chips else "#4b555c"
    tip = f"Zone {zone} ({ZONE_NAME[zone]}): {n} Zombie{'s' if n != 1 else ''}"
    per_row = max(3, int((w - 16) // 16))
    body = (
        _rect(x, y, w, h, ZONE_FILL[zone], stroke, 6, 3 if chips else 1.2)
        + _text(x + 8, y + 17, f"Zone {zone}", 13, DIM, weight="bold")
        + _text(x + w - 8, y + 19, str(n), 18, ACCENT if zone == 1 and n else INK, "end", "bold")
        + _zombie_heads(x + 14, y + 34, n, per_row)
    )
    out = _group(option, tip, body, "zone")
    if option is None and chips:
        cw = min(52.0, (w - 8) / len(chips) - 4)
        out += _chips(x + 4, y + h - 26, chips, cw)
    return out


def _health(p: dict[str, Any], x: float, y: float, w: float, places: dict[Place, list[dict[str, Any]]]) -> str:
    left = max(0, p["health"] - p["wounds"])
    step = min(15.0, (w - 86) / max(p["health"], 1))
    chips = places.get(("health", p["seat"]), [])
    option = chips[0] if len(chips) == 1 else None
    pips = "".join(
        _rect(x + 78 + i * step, y - 11, step - 3, 12, GOOD if i < left else "#5a2a2a", "none", 3)
        for i in range(p["health"])
    )
    word = "DEAD" if p["dead"] else f"Health {left}/{p['health']}"
    tip = f"Health {left} of {p['health']} left ({p['wounds']} Wound{'s' if p['wounds'] != 1 else ''})"
    body = _text(x, y, word, 13, ACCENT if p["dead"] or left <= 1 else INK, weight="bold") + pips
    if option is not None:
        body = _rect(x - 4, y - 16, 82 + p["health"] * step, 22, "none", PICK, 5, 2) + body
    out = _group(option, tip, body, "health")
    if len(chips) > 1:
        out += _chips(x + 84 + p["health"] * step, y - 15, chips, 50)
    return out


def _character(
    p: dict[str, Any], x: float, y: float, w: float, h: float, wide: bool,
    places: dict[Place, list[dict[str, Any]]],
) -> str:
    seat = p["seat"]
    combo = " + ".join(s.upper() for s in p["combo"])
    parts = [_rect(x, y, w, h, "#2b3035", "#5d6870", 6, 1.2)]
    parts.append(_health(p, x + 8, y + 20, w - 8, places))
    ability_opt = _one(places, ("ability", seat))
    lines = _wrap(p["ability"], int((w - 16) / 6.0))[: 2 if wide else 1]
    body = "".join(_text(x + 8, y + 40 + i * 15, ln if wide else _cut(ln + " \u2026", int((w - 16) / 6.0)), 12, "#cfcac3")
                   for i, ln in enumerate(lines))
    if ability_opt is not None:
        body = _rect(x + 3, y + 27, w - 6, 15 * len(lines) + 4, "none", PICK, 4, 2) + body
    parts.append(_group(ability_opt, f"{p['character_name']}: {p['ability']}", body, "ability"))
    combo_opt = _one(places, ("combo", seat))
    cy = y + 42 + 15 * len(lines)
    cbody = _text(x + 8, cy, _cut(f"Combo {combo}", int((w - 16) / 7.2)), 12, WARN, weight="bold")
    if combo_opt is not None:
        cbody = _rect(x + 3, cy - 13, w - 6, 18, "none", PICK, 4, 2) + cbody
    parts.append(_group(combo_opt, f"Dice Combo {combo}: {p['combo_text']}", cbody, "combo"))
    return "".join(parts)


def _card_chip(
    x: float, y: float, w: float, name: str, sub: str, tip: str, fill: str,
    option: dict[str, Any] | None,
) -> str:
    body = (
        _rect(x, y, w, 24, fill, PICK if option is not None else "#5d6870", 4, 2.5 if option is not None else 1)
        + _text(x + 6, y + 16.5, _cut(name, int((w - 12 - 6.5 * len(sub)) / 6.6)), 12, INK)
        + _text(x + w - 5, y + 16.5, sub, 12, WARN, "end")
    )
    return _group(option, tip, body, "card")


def _cards(p: dict[str, Any], x0: float, y0: float, w: float, C: Content, places: dict[Place, list[dict[str, Any]]]) -> tuple[str, float]:
    """The cards beside a board: Followers, Loot, hold cards, the Location, Mutant tokens."""
    seat = p["seat"]
    chip_w = 150.0
    per_row = max(1, int((w + 6) // (chip_w + 6)))
    items: list[tuple[str, int, str, str, str, str]] = []

    def place(i: int) -> tuple[float, float]:
        row, col = divmod(i, per_row)
        return x0 + col * (chip_w + 6), y0 + row * 28

    for i, f in enumerate(p["followers"]):
        tip = _card_tip(f["name"], f["text"], f"Follower, {f['vp']} VP, {f['symbol']}")
        items.append(("follower", i, f["name"], f"{f['vp']}VP", tip, "#23392c"))
    for i, lo in enumerate(p["loot"]):
        uses = f"x{lo['uses']}" if lo["uses"] else ""
        tip = _card_tip(lo["name"], lo["text"], f"Loot, {lo['uses']} uses left" if lo["uses"] else "Loot")
        items.append(("loot", i, lo["name"], uses, tip, "#3a3322"))
    for i, hd in enumerate(p["holds"]):
        items.append(("hold", i, hd["name"], "hold", _card_tip(hd["name"], hd["text"], "Event, hold card"), "#2e2640"))
    if p["location"]:
        entry = C.locations.get(p["location"])
        text = entry.text if entry is not None else ""
        items.append(("location", 0, p["location_name"], "Loc", _card_tip(p["location_name"], text, "Location"), "#2c3440"))
    if p["mutant_tokens"]:
        n = p["mutant_tokens"]
        items.append(("tokens", 0, "Mutant tokens", f"{n}VP", f"{n} Mutant Wound token{'s' if n != 1 else ''}: 1 VP each", "#3a1818"))
    out = []
    for i, (kind, slot, name, sub, tip, fill) in enumerate(items):
        x, y = place(i)
        option = _one(places, (kind, seat, slot)) if kind in ("follower", "loot", "hold") else None
        out.append(_card_chip(x, y, chip_w, name, sub, tip, fill, option))
    if not items:
        out.append(_text(x0, y0 + 16, "No Followers or cards yet", 12, DIM))
        return "".join(out), y0 + 26
    rows = (len(items) + per_row - 1) // per_row
    return "".join(out), y0 + rows * 28


def _player(
    p: dict[str, Any], public: dict[str, Any], you: int | None, x: float, y: float, w: float,
    places: dict[Place, list[dict[str, Any]]], C: Content,
) -> tuple[str, float]:
    seat = p["seat"]
    wide = w > 600
    current = seat == public["current"] and public["turn_step"] != "over"
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    zone_w = (w - 16) * (0.16 if wide else 0.2)
    zone_h = 80.0 if wide else 66.0
    char_x = x + 8 + 3 * (zone_w + 6)
    char_w = x + w - 8 - char_x
    title = f"Seat {seat}: {p['character_name']}" + (" (you)" if seat == you else "")
    head = [
        f'<circle cx="{x + 16}" cy="{y + 18}" r="7" fill="{colour}"/>',
        _text(x + 30, y + 23, _cut(title, 40 if wide else 30), 15, INK, weight="bold"),
        _text(x + w - 10, y + 23, f"{p['vp']} VP", 15, WARN, "end", "bold"),
    ]
    if current:
        head.append(_text(x + w - 70, y + 23, "turn", 13, colour, "end", "bold"))
    zones = "".join(
        _zone(p, z, x + 8 + i * (zone_w + 6), y + 32, zone_w, zone_h, places)
        for i, z in enumerate((3, 2, 1))
    )
    char = _character(p, char_x, y + 32, char_w, zone_h, wide, places)
    cards, bottom = _cards(p, x + 8, y + 40 + zone_h, w - 16, C, places)
    h = bottom - y + 8
    frame = _rect(x, y, w, h, PANEL, INK if current else "#3b4247", 8, 2.5 if current else 1)
    tip = f"{p['character_name']} (seat {seat}): {p['ability']} Dice Combo: {p['combo_text']}"
    top = f"<g>{_title(tip)}{frame}{''.join(head)}</g>"
    return top + zones + char + cards, y + h


# -- header and footer ---------------------------------------------------------------------------


def _header(public: dict[str, Any]) -> str:
    players = public["players"]
    cur = players[public["current"]] if 0 <= public["current"] < len(players) else None
    step = STEP_WORDS.get(public["turn_step"], public["turn_step"])
    parts = [
        _rect(0, 0, WIDTH, 56, PANEL, rx=0),
        _text(14, 24, f"Turn {public['turn']}  \u00b7  {step}", 19, INK, weight="bold"),
    ]
    if public["end_reason"]:
        parts.append(_text(WIDTH - 14, 24, "Game over", 19, ACCENT, "end", "bold"))
    elif cur is not None:
        colour = SEAT_COLOURS[cur["seat"] % len(SEAT_COLOURS)]
        parts.append(_text(WIDTH - 14, 24, f"Seat {cur['seat']}: {cur['character_name']}'s turn", 17, colour, "end", "bold"))
    bits = [f"Zombie reserve {public['reserve']}"]
    if public["solo_level"]:
        bits.append(f"Solo {public['solo_level'].upper()}" + (" - Town Line found" if public["town_line_found"] else ""))
    elif public["town_line_needs"]:
        total = sum(len(p["followers"]) for p in players)
        bits.append(f"Town Line needs {public['town_line_needs']} Followers in play (now {total})")
    if public["declared_by"] >= 0:
        bits.append(f"LAST ROUND declared by seat {public['declared_by']}")
    parts.append(_text(14, 47, "  \u00b7  ".join(bits), 13, WARN if public["declared_by"] >= 0 else DIM))
    return "".join(parts)


def _footer(view: dict[str, Any], public: dict[str, Any], y0: float) -> tuple[str, float]:
    outcome = view.get("outcome")
    players = public["players"]
    if outcome:
        winners = outcome.get("winners", [])
        scores = outcome.get("scores", [])
        names = [f"{players[w]['character_name']} (seat {w})" for w in winners if 0 <= w < len(players)]
        if outcome.get("tier"):
            line = str(outcome["tier"])
        elif not names:
            line = "Nobody survives"
        else:
            best = int(max(scores[w] for w in winners))
            verb = "wins" if len(names) == 1 else "share the victory"
            line = f"{' and '.join(names)} {verb} with {best} VP"
        reason = str(outcome.get("reason") or public["end_reason"] or "")
        parts = [
            _rect(10, y0, 980, 64, "#2a1c1c", ACCENT, 8, 2),
            _text(24, y0 + 28, _cut(line, 90), 18, INK, weight="bold"),
            _text(24, y0 + 52, _cut(reason, 120), 13, DIM),
        ]
        return "".join(parts), y0 + 74
    return "", y0


# -- the board -------------------------------------------------------------------------------------


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
    C: Content = BINDER(public["content"])
    players = public["players"]
    you = seat if seat is not None and 0 <= seat < len(players) else None
    places = _places(view.get("decision"), you, public)
    body = [_header(public)]
    body.append(_rect(6, 62, 988, 10, BG, rx=0))
    dice, y = _dice(public, places, 62)
    body.append(dice)
    decks, right = _decks(public, places, C, 70)
    body.append(decks)
    if public["current_event"] or public["mutant"]["active"]:
        body.append(_mutant_and_event(public, places, C, DECKS_X, right))
        right += 66 + (26 if len(places.get(("mutant",), [])) > 1 else 0)
    pending, y = _pending(public, places, C, max(y, right))
    body.append(pending)
    if you is not None:
        body.append(_text(14, y + 18, "Your board", 15, INK, weight="bold"))
        own, y = _player(players[you], public, you, 6, y + 26, 988, places, C)
        body.append(own)
        y += 6
    others = [p for p in players if p["seat"] != you]
    if others:
        body.append(_text(14, y + 18, "Other players" if you is not None else "Players", 15, INK, weight="bold"))
        y += 26
        row_bottom = y
        for i, p in enumerate(others):
            col = i % 2
            if col == 0 and i:
                y = row_bottom + 6
            drawn, bottom = _player(p, public, you, 6 + col * 497, y, 491, places, C)
            body.append(drawn)
            row_bottom = max(row_bottom, bottom)
        y = row_bottom
    footer, y = _footer(view, public, y + 8)
    body.append(footer)
    height = int(y + 10)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board"'
        f' role="img" aria-label="Run, Fight, or Die! table" style="{FONT}">'
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{BG}"/>'
        + "".join(body)
        + "</svg>"
    )
