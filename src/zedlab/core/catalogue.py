"""The action catalogue: every action a game can ever offer, numbered once per config.

RL libraries and the web API need actions as integers: a fixed bijection between the
options of every decision of a game (for one config) and ``0 .. size-1``.
:class:`ActionSpace` is that bijection, built from *families*: an action kind and the values
it can take. Values name things by stable id (a card id, a die index, a Sector number),
never by a position in a list that shuffling could reorder, so the same id means the same
action in every state, sampled ones included.

>>> space = ActionSpace([("pass", [None]), ("move", range(1, 4))])
>>> space.size
4
>>> space.id(Action("move", 2))
2
>>> space.action(3)
Action('move', 3)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .engine import Action, ActionValue, _shown
from .errors import IllegalAction

__all__ = ["ActionSpace"]


class ActionSpace:
    """A fixed numbering of every action of a game config.

    Args:
        families: ``(kind, values)`` pairs, in a fixed order; ids are given in that order.
    Attributes:
        size: how many actions there are (ids run ``0 .. size-1``).
    Raises:
        ValueError: if an action is listed twice.
    """

    __slots__ = ("size", "_actions", "_ids")

    def __init__(self, families: Iterable[tuple[str, Iterable[ActionValue]]]) -> None:
        actions: list[Action] = []
        ids: dict[Action, int] = {}
        for kind, values in families:
            for value in values:
                a = Action(kind, value)
                if a in ids:
                    raise ValueError(f"action {a!r} is listed twice in the catalogue")
                ids[a] = len(actions)
                actions.append(a)
        self._actions: Sequence[Action] = tuple(actions)
        self._ids = ids
        self.size = len(actions)

    def id(self, action: Action) -> int:
        """The integer id of ``action`` (its kind and value; the label is ignored).

        Raises:
            IllegalAction: if the action is not in the catalogue.
        """
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise IllegalAction(f"{action!r} is not in this game's action catalogue") from None

    def action(self, id: int) -> Action:
        """The action numbered ``id`` (with a plain label; a decision gives the real one).

        Raises:
            IllegalAction: if ``id`` is not an integer in ``0 .. size-1``.
        """
        if isinstance(id, bool) or not isinstance(id, int) or not 0 <= id < self.size:
            raise IllegalAction(f"action id {_shown(id)} is not in 0-{self.size - 1}")
        return self._actions[id]

    def __contains__(self, action: Any) -> bool:
        return isinstance(action, Action) and action in self._ids

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return self.size

    def mask(self, options: Iterable[Action]) -> list[int]:
        """A 0/1 list of length ``size``: 1 where the action is one of ``options``.

        Raises:
            IllegalAction: if an option is not in the catalogue.
        """
        m = [0] * self.size
        for a in options:
            m[self.id(a)] = 1
        return m

    def __repr__(self) -> str:
        return f"<ActionSpace size={self.size}>"
