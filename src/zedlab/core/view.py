"""The one view shape of every game: what a seat is shown, as JSON-safe data.

``Match.view(seat)`` returns::

    {
      "game": "dont-look-back",        # registry name
      "rules_version": 3,
      "seat": 0,                        # the seat this view is for; null for a spectator
      "to_move": 1,                     # the seat deciding now; null when the game is over
      "decision": null | {              # only when this seat is the one deciding
        "kind": "choose-target", "prompt": "...",
        "options": [{"id": 12, "kind": "target", "value": 3, "label": "..."}, ...]
      },                                # an option may carry "warning": what it would lose
      "public": {...},                  # what every seat and spectators see
      "private": {...},                 # what only this seat sees ({} for a spectator)
      "seq": 57,                        # the last event's number (Match.events(since=...))
      "outcome": null | {"scores", "winners", "tier", "reason"}
    }

``id`` is the option's number in the game's action catalogue (``game.action_space``), or
``null`` for a game without one. A game's own ``view(state, seat)`` returns
``{"public": ..., "private": ...}``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["option_warning", "seat_view", "split_view"]


def split_view(view: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``(public, private)`` of a game's view.

    A game's view is ``{"public": ..., "private": ...}``; a view without those keys is taken
    as wholly public (a game that has no private information to show).
    """
    if "public" in view:
        return view["public"], view.get("private") or {}
    return view, {}


def option_warning(game: Any, state: Any, decision: Any, action: Any) -> str:
    """The game's warning before ``action`` (``game.option_warning``), ``""`` if none (or the
    game has no such hook)."""
    warn = getattr(game, "option_warning", None)
    if not callable(warn):
        return ""
    text = warn(state, decision, action)
    return text if isinstance(text, str) else ""


def seat_view(match: Any, seat: int | None) -> dict[str, Any]:
    """The schema view of ``match`` for ``seat`` (see the module docstring)."""
    game = match.game
    public, private = split_view(game.view(match.state, seat))
    decision = match.decision
    shown = None
    if decision is not None and seat is not None and decision.player == seat:
        try:
            space = match.action_space
        except NotImplementedError:
            space = None
        options = []
        for a in decision.options:
            option = {
                "id": None if space is None else space.id(a),
                "kind": a.kind,
                "value": a.to_json()["value"],
                "label": a.label,
            }
            warning = option_warning(game, match.state, decision, a)
            if warning:
                option["warning"] = warning
            options.append(option)
        shown = {"kind": decision.kind, "prompt": decision.prompt, "options": options}
    outcome = match.outcome
    return {
        "game": game.name,
        "rules_version": game.rules_version,
        "seat": seat,
        "to_move": None if decision is None else decision.player,
        "decision": shown,
        "public": public,
        "private": private,
        "seq": match.seq,
        "outcome": None if outcome is None else outcome.to_json(),
    }
