"""The High Card table, to test that a game's own renderer is found and used."""

from __future__ import annotations

from typing import Any

from rich.text import Text


def render(view: dict[str, Any], seat: int | None) -> Text:
    public = view["public"]
    mine = view["private"].get("hand") if seat is not None else None
    return Text(
        f"HIGH CARD TABLE | your hand: {mine} | table: {public['table']} | tricks: {public['tricks']}"
    )
