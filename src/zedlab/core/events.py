"""Structured events: what happened, as data, and who may know it.

The rules record each thing that happens with :func:`emit` as an :class:`Event` — a kind,
JSON-safe arguments and the seats that may see it (``None``: everyone, spectators included).
Text for people is made from events by the game's renderer (:class:`EventText`), never
stored. A state keeps the events of the current action in ``state.events`` and a running
counter ``state.seq``; :class:`~zedlab.core.match.Match` moves them into its history after
every action, so states stay small to copy, and ``Match.events(seat, since)`` returns what a
seat may see, in order.

Hidden facts go only into events whose ``visible_to`` names the seats that know them; the
conformance suite checks that a seat's events never depend on what it cannot see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import msgspec

__all__ = ["Event", "EventText", "emit", "visible"]


class Event(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """One thing that happened (not tracked by the garbage collector: it holds only
    JSON-safe data, so it can be in no reference cycle, and is cheaper to make).

    Attributes:
        seq: its number in the game, from 1, in order.
        kind: what happened, kebab-case (``"roll"``, ``"walker-killed"``).
        args: JSON-safe details (ids, counts, seats, faces).
        visible_to: the seats that may see it; ``None`` for everyone (spectators too).
    """

    seq: int
    kind: str
    args: dict[str, Any]
    visible_to: tuple[int, ...] | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        vis = self.visible_to
        return vis is None or (seat is not None and seat in vis)

    def to_json(self) -> dict[str, Any]:
        """``{"seq", "kind", "args", "visible_to"}``, JSON-safe."""
        vis = self.visible_to
        return {
            "seq": self.seq,
            "kind": self.kind,
            "args": dict(self.args),
            "visible_to": None if vis is None else list(vis),
        }


def emit(state: Any, kind: str, visible_to: Iterable[int] | None = None, **args: Any) -> Event:
    """Record an event on ``state`` (which has ``events: list[Event]`` and ``seq: int``).

    Args:
        state: the game state.
        kind: what happened.
        visible_to: seats that may see it (``None``: everyone).
        **args: JSON-safe details.
    Returns:
        the event recorded.
    """
    seq = state.seq + 1
    state.seq = seq
    if visible_to is not None and visible_to.__class__ is not tuple:
        visible_to = tuple(visible_to)
    event = Event(seq, kind, args, visible_to)
    state.events.append(event)
    return event


def visible(events: Iterable[Event], seat: int | None, since: int = 0) -> list[Event]:
    """The events after ``since`` that ``seat`` may see, in order."""
    return [e for e in events if e.seq > since and e.seen_by(seat)]


class EventText:
    """Renders events as text: a format string or a function per event kind.

    Args:
        templates: ``kind -> "format {args}"`` or ``kind -> fn(args, seat) -> str``.

    >>> text = EventText({"roll": "seat {seat} rolled {faces}"})
    >>> text(Event(1, "roll", {"seat": 0, "faces": [3, 5]}), None)
    'seat 0 rolled [3, 5]'
    """

    __slots__ = ("templates",)

    def __init__(self, templates: Mapping[str, str | Callable[[Mapping[str, Any], int | None], str]]) -> None:
        self.templates = dict(templates)

    def __call__(self, event: Event, seat: int | None) -> str:
        """The text of ``event`` for ``seat``.

        Raises:
            KeyError: if no template is registered for the event's kind.
        """
        t = self.templates[event.kind]
        if isinstance(t, str):
            return t.format(**event.args)
        return t(event.args, seat)
