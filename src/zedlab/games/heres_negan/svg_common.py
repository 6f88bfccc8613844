"""What the parts of the Here's Negan SVG board share: colours, SVG primitives, card and
piece texts from the content pack, and :class:`Marks` (which element plays which option of
the seat's decision). See :mod:`.svg` for the board itself.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from functools import lru_cache
from html import escape
from typing import Any

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
def content_pack() -> Any:
    from .content import BINDER

    try:
        return BINDER.load()
    except Exception:  # noqa: BLE001 - a broken pack must not stop the board being drawn
        return None


def card_info(view: Mapping[str, Any], card_id: str) -> tuple[str, str]:
    """The printed name and short text of a card: from the view's ``card_texts``, else from
    the content pack, else the id made readable."""
    texts = view.get("public", view).get("card_texts") or {}
    info = texts.get(card_id) or {}
    name, text = str(info.get("name") or ""), str(info.get("text") or "")
    pack = content_pack()
    if pack is not None and not (name and text):
        for table in ("weapons", "supply", "events", "rooms", "negan"):
            entry = getattr(pack, table, {}).get(card_id)
            if entry is not None:
                name, text = name or str(entry.name), text or str(getattr(entry, "text", ""))
                break
    return name or card_id.replace("-", " ").title(), text


def survivor_text(survivor_id: str) -> str:
    """A Survivor's dice and Stamina and special rule, from the content pack."""
    pack = content_pack()
    entry = None if pack is None else pack.survivors.get(survivor_id)
    if entry is None:
        return ""
    return f"{entry.text} {entry.ability_text}".strip()


def ref_text(which: str) -> str:
    """The text of a reference card of the content pack (``"walker"``, ``"negan_ref"``)."""
    pack = content_pack()
    entry = None if pack is None else getattr(pack, which, None)
    return str(getattr(entry, "text", "")) if entry is not None else ""


# -- small SVG helpers -----------------------------------------------------------------------------
def num(v: float) -> str:
    """A coordinate or length for an SVG attribute (one decimal)."""
    return f"{v:.1f}"


def tip(text: str) -> str:
    """A ``<title>`` child: the hover text of the element holding it."""
    return f"<title>{escape(text)}</title>"


def txt(x: float, y: float, text: str, size: float = 13, fill: str = INK, anchor: str = "start",
          weight: str = "normal", extra: str = "") -> str:
    """A ``<text>`` element (escaped; never smaller than :data:`SMALL` units)."""
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(max(size, SMALL))}" fill="{fill}" '
            f'text-anchor="{anchor}"{bold}{extra}>{escape(text)}</text>')


def box(x: float, y: float, w: float, h: float, fill: str, extra: str = "") -> str:
    """A ``<rect>`` element; ``extra`` holds further attributes."""
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}" fill="{fill}"{extra}/>'


def opt(option: int | None) -> str:
    """The ``data-option`` attribute of an element that plays an option (none for ``None``)."""
    return "" if option is None else f' data-option="{option}"'


def wrap(text: str, width: float, size: float = 13) -> list[str]:
    """``text`` broken into lines no wider than ``width`` units at font ``size`` (an average
    letter is taken as 0.56 of the size)."""
    per_line = max(8, int(width / (0.56 * size)))
    return textwrap.wrap(text, per_line, break_long_words=False, break_on_hyphens=False)


def fit(text: str, width: float, size: float = 13) -> str:
    """``text`` cut with an ellipsis to fit ``width`` units."""
    most = max(3, int(width / (0.56 * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "\u2026"


# -- which element plays which option --------------------------------------------------------------
class Marks:
    """The option id each element of the board plays: keys are ``("space", n)``,
    ``("door", id)``, ``("walker", n)``, ``("negan",)``, ``("survivor", id)``,
    ``("card", survivor_index, card_id)``, ``("slot", survivor_index, k)`` and ``("secure",)``
    (the Security token of the acting Survivor's room); cards to choose that lie nowhere are
    in :attr:`offers`. The first option naming an element wins."""

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
            elif kind == "action" and value in ("call-negan", "secure"):
                # Call Negan on Negan; Secure on the Security token of the Survivor's room
                self._put(("negan",) if value == "call-negan" else ("secure",), oid)
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
        """The Survivor the decision is about: the acting one, else the only one the prompt
        names (a weapon found at set-up, a Defense roll in the Walker Phase, the Supply cards
        kept after a game of a campaign)."""
        if active >= 0:
            return active
        named = [s for s in self.survivors
                 if re.search(rf"\b{re.escape(str(s['name']))}\b", prompt)]
        return int(named[0]["index"]) if len(named) == 1 else -1

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
