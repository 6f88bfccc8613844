"""The If I'm Going Down... table as an SVG board for the browser, drawn from a seat's view.

Top to bottom: the score line (Kills - Moan + Bonus, the Kill-O-Meter, turn and phase, who
is to move, the RIP Occurrence, the Fate deck and the entry piles); the Scenario Layout as a
grid of card spaces (Initial Spaces edged in yellow, the Danger Zone tinted, Zombies with
their Z-Number, Kill Points, abilities, Held / No Move tokens and whose Loved One or Hated
One they are; characters on their Character Spaces); the trackers of each character (Hands,
Body) and the shared Ground; the Zombie Player's hand for the Zombie Player only.

An element standing for an option of the seat's pending decision carries
``data-option="<id>"``: a space for a target, a Hold Back or a Zombie Player move, a
character for a bite or a pass, a card for a use, a move or a trash, a tracker for a place
to put a resource, a hand card for the Zombie Player, the Fate deck for a search. Every
card, Zombie and character has a ``<title>`` (its name, numbers and short text).

Source: If I'm Going Down... rulebook, "Scenario Layout", "Tracker Cards", "Zombie Cards",
"How to Win".
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from zedlab.core.svg import esc as _e
from zedlab.core.svg import fit as _fit
from zedlab.core.svg import rect as _rect
from zedlab.core.svg import text as _text

from .board import BODY, GROUND, HAND
from .content import BINDER
from .render import carried_only

WIDTH = 1000
BG, PANEL, INK, DIM, ACCENT = "#161a1d", "#22282c", "#e8e6e3", "#9aa4ab", "#c0392b"
YELLOW, CYAN, GREEN = "#e0b400", "#4fb3c8", "#5fae6e"
CATEGORY_FILL = {"melee": "#5a3b24", "ranged": "#233f5e", "item": "#2f4a2c", "other": "#3e3550", "no-luck": "#333"}
CATEGORY_WORD = {"melee": "Melee Weapon", "ranged": "Ranged Weapon", "item": "Item", "other": "Other Resource",
                 "no-luck": "No Luck"}
ABILITIES = {
    "stride": ("Stride", "moves two spaces a turn"),
    "short-stuff": ("Short Stuff", "ranged weapons cannot target it while a Zombie stands in front of it"),
    "instant-kill": ("Instant Kill", "one bite from it kills"),
    "loved-one": ("Loved One", "cannot be attacked by the one who loved it until held back or bitten by it"),
    "reach": ("Reach", "scratches from range 2 when you hold back another"),
    "no-hold-back": ("No Hold Back", "cannot be held back"),
    "hated-one": ("Hated One", "must be attacked first with a ranged weapon in hand"),
    "pop-up": ("Pop-Up", "appears next to the closest character"),
}
"""Each Zombie ability's mark and a few words on it (rulebook "Zombie Abilities")."""
SPACE_KINDS = frozenset({"target", "no-move", "hold", "zplace", "zfrom", "zmove", "popup"})
SEAT_KINDS = frozenset({"bite", "scratch", "spinach", "pass"})
CARD_KINDS = ("use", "pick", "swap", "make-room", "fumble", "fumble-trash", "discharge", "reload", "trash")
"""Options naming a Fate card; earlier kinds win a card both could take (use before trash)."""


def _group(body: list[str], title: str, option: Any = None, cls: str = "",
           mark: tuple[float, float, float, float] | None = None) -> str:
    """A ``<g>`` with a hover ``<title>``; with an ``option`` it plays that option when
    clicked and ``mark`` (x, y, w, h) gets a dashed accent edge showing it can be."""
    attrs = f' class="{cls}"' if cls else ""
    if option is not None:
        attrs += f' data-option="{_e(option)}"'
        if mark is not None:
            x, y, w, h = mark
            body = [*body, _rect(x + 2, y + 2, w - 4, h - 4, "none", ACCENT, 5,
                                 ' stroke-width="2.5" stroke-dasharray="7 4"')]
    return f"<g{attrs}><title>{_e(title)}</title>{''.join(body)}</g>"


@lru_cache(maxsize=1)
def _texts() -> dict[str, str]:
    """Name -> short text of the packaged cards: the game's ``card_texts`` over the texts
    the content already holds (Fate cards, characters' abilities, occurrences)."""
    from .game import game

    pack = BINDER.load(None)
    out = {t.name: t.text for t in pack.fate if t.text}
    out.update({c.name: c.ability_text for c in pack.characters})
    out.update({o.name: o.text for o in pack.occurrences.values()})
    out.update({k: v for k, v in game.card_texts(None).items() if v})
    return out


def _card_title(card: dict[str, Any]) -> str:
    parts = [f"{card['name']} ({CATEGORY_WORD.get(card['category'], card['category'])})"]
    uses = "unlimited Uses" if card["uses"] < 0 else f"{card['uses']} Use{'' if card['uses'] == 1 else 's'} left"
    if card["apu"]:
        parts.append(f"{uses}, {card['apu']} attack{'' if card['apu'] == 1 else 's'} per Use, "
                     f"Power {card['attack']}, {'two hands' if card['hands'] == 2 else 'one hand'}")
    elif card["uses"] >= 0:
        parts.append(uses)
    text = _texts().get(card["name"])
    if text:
        parts.append(text)
    return ". ".join(parts)


def _zombie_title(z: dict[str, Any], names: dict[int, str]) -> str:
    if z["kind"] == "occurrence":
        return f"{z['name']}: an Occurrence card; a Fate card's icon picks what happens"
    z_line = f"Z-Number {z['z']}" + (f" (now {z['z_now']})" if z["z_now"] != z["z"] else "")
    parts = [f"{z['name']}: {z_line}"]
    parts += [f"{ABILITIES[a][0]}: {ABILITIES[a][1]}" for a in z["abilities"] if a in ABILITIES]
    if z["moan"]:
        parts.append(f"Moan {z['moan']}: subtracted from the score when a character dies")
    if z["acquire"]:
        parts.append(f"Acquire: killed next to you, take a {z['acquire']} from the Fate discard")
    if z["kill_points"]:
        parts.append(f"{z['kill_points']} Kill Points on it this turn")
    for key, word in (("loved_by", "Loved One"), ("hated_by", "Hated One")):
        if z[key]:
            parts.append(f"{word} of " + ", ".join(names.get(s, f"seat {s}") for s in z[key]))
    text = _texts().get(z["name"])
    if text:
        parts.append(text)
    return ". ".join(parts)


def _options(view: dict[str, Any]) -> dict[tuple[str, Any], Any]:
    """(what, which) -> option id for the options with a place on the board."""
    decision = view.get("decision") or {}
    out: dict[tuple[str, Any], Any] = {}
    rank = {k: i for i, k in enumerate(CARD_KINDS)}
    for o in sorted(decision.get("options", []), key=lambda o: rank.get(o["kind"], -1)):
        kind, value = o["kind"], o["value"]
        if kind in SPACE_KINDS and isinstance(value, int) and value >= 0:
            key: tuple[str, Any] = ("space", value)
        elif kind in SEAT_KINDS:
            key = ("seat", value)
        elif kind in rank:
            key = ("card", value)
        elif kind in ("place", "move-to"):
            key = ("tracker", tuple(value))
        elif kind == "zcard":
            key = ("zcard", value)
        elif kind == "search":
            key = ("deck", None)
        else:
            continue
        out.setdefault(key, o["id"])
    return out


def _seat_name(pub: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "nobody"
    if seat == pub["zombie_seat"]:
        return "the Zombie Player"
    for c in pub["characters"]:
        if c["seat"] == seat:
            return str(c["name"])
    return f"seat {seat}"


def _header(view: dict[str, Any], pub: dict[str, Any], opts: dict[tuple[str, Any], Any]) -> tuple[list[str], float]:
    out = [_rect(10, 10, WIDTH - 20, 118, PANEL)]
    sc, km = pub["score"], pub["kill_o_meter"]
    out.append(_text(24, 36, _fit(pub["scenario_name"], 200, 18), 18, INK, "700"))
    phase = "game over" if pub["over"] else pub["phase"].replace("-", " ") + " phase"
    out.append(_text(230, 36, f"Turn {pub['turn']} · {phase}", 15, INK))
    mover = view.get("to_move")
    if mover is not None:
        you = " (you)" if mover == view.get("seat") else ""
        out.append(_text(24, 60, _fit(f"To move: {_seat_name(pub, mover)}{you}", 560, 15), 15, ACCENT, "700"))
    elif view.get("outcome"):
        out.append(_text(24, 60, "The game is over", 15, ACCENT, "700"))
    out.append(_text(24, 82, f"Score {sc['total']} = Kills {sc['kills']} - Moan {sc['moan']} + Bonus {sc['bonus']}"
                     f" · Moan icons in play {sc['moan_in_play']}", 13))
    line = km["win_line"]
    meter = f"Kill-O-Meter Low {km['low']} · High {km['high']}"
    if pub["zombie_seat"] >= 0 and line != km["high"]:
        meter += f" · win line {line}"
    # the meter as a bar: the score's place between 0 and a little beyond High
    top = max(km["high"] + 5, sc["total"], 1)
    x0, w = 330, 250
    bar = [_text(24, 104, meter, 13, DIM), _rect(x0, 93, w, 13, "#11161a", "#3a4246", 4),
           _rect(x0 + w * km["low"] / top, 93, w * (km["high"] - km["low"]) / top, 13, "#4a4226", rx=0),
           _rect(x0, 93, w * max(0.0, min(1.0, sc["total"] / top)), 13, GREEN if sc["total"] > line else ACCENT, rx=4)]
    out.append(_group(bar, f"Kill-O-Meter: below {km['low']} is Low, above {km['high']} is High; "
                      f"a final score above {line} wins"))
    deck = [_rect(24, 110, 130, 14, "#3a2f24", "#6b5a44", 3), _text(30, 121, f"Fate deck {pub['fate_deck']}", 11)]
    out.append(_group(deck, f"Fate deck: {pub['fate_deck']} cards face down; discard {len(pub['fate_discard'])}, "
                      f"trashed {pub['fate_trashed']}. A search draws its top card", opts.get(("deck", None)),
                      mark=(24, 110, 130, 14) if opts.get(("deck", None)) is not None else None))
    piles = " · ".join(f"{n}" for n in pub["entry_piles"])
    out.append(_text(162, 121, f"Entry piles {piles} · Zombie discard {len(pub['zombie_discard'])}"
                     f" · bonus pile {len(pub['bonus_pile'])}", 11, DIM))
    rip = pub.get("rip_occurrence")
    if rip:
        body = [_rect(600, 18, 380, 24, "#3e2446", "#8e5aa0", 4), _text(608, 35, _fit(f"RIP: {rip['name']}", 366, 13), 13)]
        out.append(_group(body, f"RIP Occurrence {rip['name']}: {rip['text']}"))
    p = pub.get("pending") or {}
    card = p.get("card")
    if card:
        words = {"place-resource": "New resource", "place-start": "Starting resource", "attack": "Weapon in use",
                 "reload": "Ammo", "manage-dest": "Moving", "trade-accept": "Trade offered",
                 "dead-weight": "Dead Weight"}
        label = words.get(p["kind"], "In question")
        left = p.get("attacks_left", -1)
        out.append(_text(600, 72, label, 13, ACCENT, "700"))
        if left >= 0:
            out.append(_text(600, 90, f"{left} attack{'' if left == 1 else 's'} left", 12, DIM))
        out.append(_card(740, 52, 230, card, opts.get(("card", card["card"])), None))
    return out, 136


def _zombie_cell(x: float, y: float, w: float, h: float, z: dict[str, Any], names: dict[int, str],
                 option: Any) -> str:
    box = (x + 3, y + 3, w - 6, h - 6)
    if z["kind"] == "occurrence":
        body = [_rect(*box, "#3e2446", "#8e5aa0"),
                _text(x + 8, y + 22, _fit(z["name"], w - 14, 12), 12, INK, "700"),
                _text(x + 8, y + 40, "Occurrence", 12, DIM)]
        return _group(body, _zombie_title(z, names), option, "zombie", box)
    glow = GREEN if z["loved_by"] else (ACCENT if z["hated_by"] else ("#b8a030" if "reach" in z["abilities"] else "#555"))
    fill = "#402022" if z["kind"] == "character" else "#2e2224"
    body = [_rect(*box, fill, glow, extra=' stroke-width="2"')]
    body.append(f'<circle cx="{x + 17:.0f}" cy="{y + 18:.0f}" r="10" fill="{YELLOW}"/>')
    body.append(_text(x + 17, y + 23, z["z_now"], 13, "#161a1d", "700", "middle"))
    first, rest = _two_lines(z["name"], w - 38, w - 14, 12)
    body.append(_text(x + 31, y + 22, first, 12, INK, "700"))
    line = 22
    if rest:
        line += 13
        body.append(_text(x + 8, y + line, rest, 12, INK, "700"))
    marks = [ABILITIES[a][0] for a in z["abilities"] if a in ABILITIES]
    if z["moan"]:
        marks.append(f"Moan {z['moan']}")
    tokens = []
    if z["kill_points"]:
        tokens.append(f"KP {z['kill_points']}")
    if z["held"] or z["held_last_turn"]:
        tokens.append("Held")
    if z["no_move"]:
        tokens.append("No Move")
    ties = [f"♥{names.get(s, s)}" for s in z["loved_by"]] + [f"✖{names.get(s, s)}" for s in z["hated_by"]]
    for words, colour, weight in ((marks, DIM, "400"), (tokens, YELLOW, "700"),
                                  (ties, GREEN if z["loved_by"] else ACCENT, "700")):
        if words and line + 13 < h - 2:
            line += 13
            body.append(_text(x + 8, y + line, _fit(" ".join(words), w - 14, 11), 11, colour, weight))
    return _group(body, _zombie_title(z, names), option, "zombie", box)


def _two_lines(s: str, first: float, rest: float, size: int) -> tuple[str, str]:
    """``s`` split at a space to fit two lines (the first ``first`` units wide)."""
    room = int(first / (size * 0.56))
    if len(s) <= room:
        return s, ""
    cut = s.rfind(" ", 0, room + 1)
    if cut <= 0:
        return _fit(s, first, size), ""
    return s[:cut], _fit(s[cut + 1:], rest, size)


def _character_cell(x: float, y: float, w: float, h: float, c: dict[str, Any], view: dict[str, Any],
                    option: Any) -> str:
    acting = c["seat"] == view.get("to_move")
    mine = c["seat"] == view.get("seat")
    stroke = ACCENT if acting else CYAN
    box = (x + 3, y + 3, w - 6, h - 6)
    body = [_rect(*box, "#17343b", stroke, extra=f' stroke-width="{3 if acting else 2}"')]
    body.append(_text(x + 8, y + 21, _fit(c["name"], w - 14, 13), 13, INK, "700"))
    body.append(_text(x + 8, y + 36, "you" if mine else f"seat {c['seat']}", 11, CYAN))
    body.append(_text(x + 8, y + 50, _fit(f"{c['actions']} act · {c['kills']} kills", w - 14, 11), 11, DIM))
    if c["biohazard"] and h > 64:
        body.append(_text(x + 8, y + 64, "Biohazard", 11, GREEN, "700"))
    return _group(body, _character_title(c), option, "character", box)


def _character_title(c: dict[str, Any]) -> str:
    parts = [f"{c['name']} (seat {c['seat']})"]
    if c["id"]:
        parts.append(f"Z-Number {c['z']} as a Zombie")
        if c["ability_text"]:
            parts.append(f"Ability: {c['ability_text']}" + (" (used)" if c["ability_used"] else ""))
        mods = [f"{w.replace('-', ' ')} {v:+d}" for w, v in c["modifiers"]]
        if mods:
            parts.append("Modifiers: " + ", ".join(mods))
    if c["biohazard"]:
        parts.append("bitten or scratched: the turning has begun")
    if c["skip_next_turn"]:
        parts.append("takes no actions next turn")
    return ". ".join(parts)


def _board(view: dict[str, Any], pub: dict[str, Any], opts: dict[tuple[str, Any], Any], top: float) -> tuple[list[str], float]:
    lay = pub["layout"]
    cols, rows = lay["cols"], lay["rows"]
    w = min(150.0, (WIDTH - 24) / cols)
    h = 80.0 if rows <= 4 else 74.0
    x0 = (WIDTH - w * cols) / 2
    names = {c["seat"]: c["name"] for c in pub["characters"]}
    alive = {c["space"]: c for c in pub["characters"] if c["alive"]}
    fallen = {c["space"]: c for c in pub["characters"] if not c["alive"] and c["id"]}
    where = [tuple(p) for p in lay["spaces"]]
    danger = {i for i, (r, c) in enumerate(where)
              for s in alive if max(abs(r - where[s][0]), abs(c - where[s][1])) == 1}
    initial = set(lay["initial"])
    feeds = dict(zip(lay["initial"], lay["feeds"], strict=False))
    out = [_rect(10, top, WIDTH - 20, h * rows + 12, PANEL)]
    for i, (r, c) in enumerate(where):
        x, y = x0 + c * w, top + 6 + r * h
        option = opts.get(("space", i))
        base = "#3a2a22" if i in danger else "#1b2024"
        edge = YELLOW if i in initial else "#3a4246"
        cell = [_rect(x + 1, y + 1, w - 2, h - 2, base, edge, 4)]
        label = f"{i}" + (f" · pile {feeds[i] + 1}" if i in feeds else "")
        cell.append(_text(x + w - 5, y + h - 5, label, 11, YELLOW if i in initial else "#6d777d", anchor="end"))
        kind = "Initial Space" if i in initial else ("Character Space" if i in alive else "space")
        tip = f"Space {i}: {kind}" + (" (Danger Zone)" if i in danger else "")
        z = pub["spaces"][i]
        if z is not None:
            out.append(_group(cell, tip))
            out.append(_zombie_cell(x, y, w, h - 12, z, names, option))
        elif i in alive:
            out.append(_group(cell, tip))
            ch = alive[i]
            out.append(_character_cell(x, y, w, h - 12, ch, view, opts.get(("seat", ch["seat"]))))
        elif i in fallen:
            ch = fallen[i]
            word = "turned" if ch["zombie"] else "dead"
            cell += [_text(x + 8, y + 21, _fit(ch["name"], w - 14, 13), 13, "#6d777d", "700"),
                     _text(x + 8, y + 37, word, 11, "#6d777d")]
            out.append(_group(cell, f"{_character_title(ch)}. {ch['name']} is {word}", option, "space", (x, y, w, h)))
        else:
            out.append(_group(cell, tip, option, "space", (x, y, w, h)))
    return out, top + h * rows + 20


def _card(x: float, y: float, w: float, card: dict[str, Any] | None, option: Any, zone: Any,
          carried: bool = False) -> str:
    h = 46
    if card is None:
        return _group([_rect(x, y, w, h, "#1b2024", "#3a4246", 5, ' stroke-dasharray="4 3"'),
                       _text(x + w / 2, y + 28, "empty", 11, "#6d777d", anchor="middle")],
                      "An empty tracker space", zone, "space", (x, y, w, h))
    body = [_rect(x, y, w, h, CATEGORY_FILL.get(card["category"], "#333"), "#6d777d", 5)]
    body.append(_text(x + 5, y + 18, _fit(card["name"], w - 8, 12), 12, INK, "700"))
    uses = "∞" if card["uses"] < 0 else str(card["uses"])
    if card["apu"]:
        hands = (" 2H carried" if carried else " 2H") if card["hands"] == 2 else ""
        line = f"U{uses} · {card['apu']}×P{card['attack']}{hands}"
    else:
        line = CATEGORY_WORD.get(card["category"], "") + ("" if card["uses"] < 0 else f" · U{uses}")
    body.append(_text(x + 5, y + 36, _fit(line, w - 8, 11), 11, DIM))
    return _group(body, _card_title(card), option, "card", (x, y, w, h))


def _trackers(view: dict[str, Any], pub: dict[str, Any], opts: dict[tuple[str, Any], Any], top: float) -> tuple[list[str], float]:
    """Each character's Hands and Body trackers (the seat's own first, edged), two to a
    row, then the shared Ground."""
    out: list[str] = []
    me = view.get("seat")
    chars = sorted(pub["characters"], key=lambda c: (c["seat"] != me, c["seat"]))
    per_row = 1 if len(chars) == 1 else 2
    bw = (WIDTH - 20 - 8 * (per_row - 1)) / per_row
    bh = 84
    for k, c in enumerate(chars):
        x = 10 + (k % per_row) * (bw + 8)
        y = top + (k // per_row) * (bh + 8)
        mine = c["seat"] == me
        state = "" if c["alive"] else (" · a Zombie" if c["zombie"] else " · dead: its trackers are Ground")
        out.append(_rect(x, y, bw, bh, "#1d2a30" if mine else PANEL, CYAN if mine else "none"))
        title = ("You: " if mine else "") + c["name"] + state
        head = [_text(x + 10, y + 18, _fit(title, bw - 20, 13), 13, INK if c["alive"] else DIM, "700")]
        out.append(_group(head, _character_title(c), opts.get(("seat", c["seat"])), "", (x, y, bw, 24)))
        slots = len(c["hands"]) + len(c["body"])
        cw = min(150.0, (bw - 20 - 12 - 4 * slots) / slots)
        cx = x + 10
        for label, cards, where in (("Hands", c["hands"], HAND), ("Body", c["body"], BODY)):
            zone = opts.get(("tracker", (where, c["seat"])))
            out.append(_text(cx, y + 34, label, 11, CYAN if zone is None else ACCENT, "700"))
            for j, card in enumerate(cards):
                option = None if card is None else opts.get(("card", card["card"]))
                carried = where == HAND and carried_only(cards, card)
                out.append(_card(cx + j * (cw + 4), y + 37, cw, card, option, zone, carried))
            cx += len(cards) * (cw + 4) + 12
    rows = (len(chars) + per_row - 1) // per_row
    y = top + rows * (bh + 8)
    ground = pub["ground"]
    zone = opts.get(("tracker", (GROUND, -1)))
    n = max(1, len(ground))
    cw = min(150.0, (WIDTH - 40 - 4 * n) / n)
    out.append(_rect(10, y, WIDTH - 20, 76, PANEL))
    out.append(_text(20, y + 18, "Ground (shared by everyone)", 13, CYAN if zone is None else ACCENT, "700"))
    for k, card in enumerate(ground):
        option = None if card is None else opts.get(("card", card["card"]))
        out.append(_card(20 + k * (cw + 4), y + 24, cw, card, option, zone))
    return out, y + 84


def _hand(view: dict[str, Any], pub: dict[str, Any], opts: dict[tuple[str, Any], Any], top: float) -> tuple[list[str], float]:
    """The Zombie Player's hand, in that seat's own view only (its ``private`` part)."""
    hand = (view.get("private") or {}).get("zombie_hand")
    if hand is None:
        return [], top
    names = {c["seat"]: c["name"] for c in pub["characters"]}
    n = max(6, len(hand))
    w = (WIDTH - 40) / n
    out = [_rect(10, top, WIDTH - 20, 112, "#2a1d20", ACCENT),
           _text(20, top + 18, "Your hand (Zombie Player): only you see it", 13, INK, "700")]
    for k, z in enumerate(hand):
        out.append(_zombie_cell(17 + k * w, top + 22, w, 86, z, names, opts.get(("zcard", z["card"]))))
    return out, top + 120


def _footer(view: dict[str, Any], pub: dict[str, Any], top: float) -> tuple[list[str], float]:
    out = []
    outcome = view.get("outcome")
    if outcome:
        winners = outcome["winners"]
        if not winners:
            who = "nobody wins"
        elif pub["zombie_seat"] >= 0 and winners == [pub["zombie_seat"]]:
            who = "the Zombie Player wins"
        else:
            who = "the survivors win"
        line = (f"Game over: final score {pub['score']['total']}, {who} "
                f"({outcome['tier'].replace('-', ' ')}; {outcome['reason']})")
        out += [_rect(10, top, WIDTH - 20, 36, "#3a1c1c", ACCENT), _text(20, top + 24, _fit(line, 960, 15), 15, INK, "700")]
        top += 44
    legend = ("Yellow circle: Z-Number (a kill needs Kill Points of Z-Number + range). KP: Kill Points this turn. "
              "Yellow edge: Initial Space. Tinted: Danger Zone. ♥ Loved One of, ✖ Hated One of.")
    out.append(_text(14, top + 12, legend, 11, DIM))
    return out, top + 20


def board(view: dict[str, Any], seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator), as one ``<svg>`` element.

    Args:
        view: ``Match.view(seat)`` (docs/view-schema.md); only it is read.
        seat: the seat the board is for.

    Returns:
        An SVG document fragment, 1000 units wide; options of the seat's decision with a
        place on the board carry ``data-option`` with their catalogue id.
    """
    pub = view["public"]
    opts = _options(view)
    parts, y = _header(view, pub, opts)
    for draw in (_board, _hand, _trackers):
        more, y = draw(view, pub, opts, y)
        parts += more
    more, y = _footer(view, pub, y)
    parts += more
    height = int(y + 4)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board" '
            f'role="img" aria-label="{_e(pub["scenario_name"])}" font-family="sans-serif">'
            f'{_rect(0, 0, WIDTH, height, BG, rx=0)}{"".join(parts)}</svg>')

