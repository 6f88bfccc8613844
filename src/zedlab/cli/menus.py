"""Nested menus for long decisions at the terminal.

A game may group the options of a decision (:meth:`~zedlab.core.engine.BaseGame.option_groups`:
one path of group titles per option). When a decision has more than :data:`GROUP_OVER`
options and the game groups them, the prompt lists the top level first (single options and
groups such as ``"Build a facility... (14 choices)"``); picking a group lists what it holds,
with ``0) back``. A group holding a single option is listed as that option. The options, and
so the game, are the same either way: only the listing differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core.engine import Action

__all__ = ["GROUP_OVER", "Menu", "MenuItem", "keys_for", "menu_items", "paths_for"]

GROUP_OVER = 12
"""Decisions with more options than this are listed in groups, if the game groups them."""

Path = tuple[str, ...]


class MenuItem(NamedTuple):
    """One numbered line of a menu: an option to play, or a group to open.

    Attributes:
        text: what is printed.
        action: the option, or ``None`` for a group.
        group: the path of the group this line opens (``()`` for an option).
    """

    text: str
    action: Action | None
    group: Path


def paths_for(options: Sequence[Action], paths: Sequence[Path] | None, always: bool = False) -> list[Path] | None:
    """The paths to list ``options`` by, or ``None`` for one flat list.

    Flat when the game gives no paths, when the paths do not match the options one for one
    (a game bug should never block play), when there are at most :data:`GROUP_OVER` options
    (unless ``always``: the game fixes the menu's numbers, which hold only if it is always
    listed the same way), or when no option is in a group.
    """
    if paths is None or len(paths) != len(options) or (len(options) <= GROUP_OVER and not always):
        return None
    out = [tuple(str(t) for t in p) for p in paths]
    return out if any(out) else None


def menu_items(options: Sequence[Action], paths: Sequence[Path], at: Path) -> list[MenuItem]:
    """The lines of the menu at group ``at`` (``()``: the top level), in option order.

    A sub-group is listed where its first option would be, as ``"TITLE... (N choices)"``;
    a sub-group of one option is listed as that option.
    """
    depth = len(at)
    counts: dict[Path, int] = {}
    for path in paths:
        if len(path) > depth and path[:depth] == at:
            key = path[: depth + 1]
            counts[key] = counts.get(key, 0) + 1
    items: list[MenuItem] = []
    seen: set[Path] = set()
    for action, path in zip(options, paths, strict=True):
        if path[:depth] != at:
            continue
        if len(path) == depth:
            items.append(MenuItem(action.label, action, ()))
            continue
        key = path[: depth + 1]
        if counts[key] == 1:
            items.append(MenuItem(action.label, action, ()))
        elif key not in seen:
            seen.add(key)
            items.append(MenuItem(f"{key[-1]}... ({counts[key]} choices)", None, key))
    return items


class Menu:
    """The listing of one decision at a prompt: the group open now and its lines.

    Args:
        options: the decision's options.
        paths: one group path per option (:func:`paths_for`), or ``None`` for a flat list.
    """

    def __init__(self, options: Sequence[Action], paths: Sequence[Path] | None, out: bool = False) -> None:
        self.options = options
        self.paths = paths
        self.out = out  # ``0`` at the top takes back the choice that asked this question
        self.at: Path = ()
        self.items: list[MenuItem] = []
        self.open(())
        self.top = self.at  # where the listing starts: "back" goes no higher

    @property
    def can_back(self) -> bool:
        """Whether ``0``/``back`` leads anywhere from here (up a group, or, at the top of a
        question the game lets a player back out of, to the question before)."""
        return self.at != self.top or self.out

    @property
    def backs_out(self) -> bool:
        """Whether ``0``/``back`` here takes back the choice that asked this question."""
        return self.out and self.at == self.top

    def open(self, at: Path) -> None:
        """List group ``at``; a level holding a single group opens that group."""
        if self.paths is None:
            self.items = [MenuItem(a.label, a, ()) for a in self.options]
            return
        items = menu_items(self.options, self.paths, at)
        while len(items) == 1 and items[0].action is None:
            at = items[0].group
            items = menu_items(self.options, self.paths, at)
        self.at, self.items = at, items

    def back(self) -> None:
        """Up to the nearest enclosing level that lists more than one line."""
        if self.paths is None:
            return
        at = self.at
        while at != self.top:
            at = at[:-1]
            items = menu_items(self.options, self.paths, at)
            if not (len(items) == 1 and items[0].action is None):
                break
        self.at, self.items = at, menu_items(self.options, self.paths, at)


def keys_for(options: Sequence[Action], paths: Sequence[Path] | None, index: int) -> list[str]:
    """The numbers to type, from the top of a fresh :class:`Menu`, to play ``options[index]``.

    Raises:
        IndexError: if ``index`` is not an option's.
    """
    target = options[index]
    menu = Menu(options, paths)
    keys: list[str] = []
    while True:
        for number, item in enumerate(menu.items, start=1):
            if item.action is not None and item.action is target:
                return [*keys, str(number)]
            if item.action is None and paths is not None and paths[index][: len(item.group)] == item.group:
                keys.append(str(number))
                menu.open(item.group)
                break
        else:
            raise IndexError(f"option {index} is not listed")  # pragma: no cover - paths cover all
