"""Small SVG drawing primitives the games' ``svg`` boards share (the web page's dark palette).

Every text is escaped; coordinates are rounded to whole units of the board's viewBox.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

__all__ = ["ACCENT", "BG", "DIM", "INK", "PANEL", "cut", "esc", "fit", "option_attr", "rect", "region", "text",
           "title", "wrap"]

BG, PANEL, INK, DIM, ACCENT = "#161a1d", "#22282c", "#e8e6e3", "#9aa4ab", "#c0392b"


def esc(value: Any) -> str:
    """``value`` as text safe inside SVG markup (quotes too)."""
    return escape(str(value), quote=True)


def text(x: float, y: float, s: Any, size: int = 13, fill: str = INK, weight: str = "400",
         anchor: str = "start") -> str:
    """A ``<text>`` element at ``(x, y)`` (baseline), ``size`` units high."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}">{esc(s)}</text>')


def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: int = 6,
         extra: str = "") -> str:
    """A ``<rect>`` element; ``extra`` is appended inside the tag as given (trusted markup)."""
    return (f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
            f'stroke="{stroke}"{extra}/>')


def region(parts: list[str], x: float, y: float, w: float, h: float) -> str:
    """A ``<g data-region="x y w h">`` holding ``parts``: a piece of the board that reads on
    its own within the box ``(x, y, w, h)`` (viewBox units). On a narrow screen the web page
    draws each region of a board as a picture of its own, one under another, each fitted
    to the width (a board without regions is fitted whole); regions may overlap, since
    each shows only its own parts."""
    return f'<g data-region="{x:.0f} {y:.0f} {w:.0f} {h:.0f}">{"".join(parts)}</g>'


def fit(s: str, width: float, size: int) -> str:
    """``s`` cut to fit ``width`` units at font ``size`` (an ellipsis marks a cut)."""
    room = max(3, int(width / (size * 0.56)))
    return s if len(s) <= room else s[: room - 1] + "…"


def title(s: str) -> str:
    """A ``<title>`` element (the hover text of the element it is in); ``""`` for no text."""
    return f"<title>{esc(s)}</title>" if s else ""


def option_attr(option_id: int | None) -> str:
    """The ``data-option`` attribute of an element standing for an option (``""``: none)."""
    return f' data-option="{option_id}"' if option_id is not None else ""


def cut(s: str, chars: int) -> str:
    """``s`` cut to at most ``chars`` characters, an ellipsis marking a cut."""
    return s if len(s) <= chars else s[: max(1, chars - 1)] + "\u2026"


def wrap(s: str, chars: int) -> list[str]:
    """``s`` in lines of at most ``chars`` characters, broken between words (a long word
    gets its own line)."""
    return textwrap.wrap(s, chars, break_long_words=False, break_on_hyphens=False)
