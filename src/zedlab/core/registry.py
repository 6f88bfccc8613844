"""The registry of games: name -> rules object.

Games are listed in :data:`zedlab.games.GAMES` as ``"module:attribute"`` paths (handed to
:func:`install` by the ``zedlab`` package, so the core imports nothing above it) and imported
on first use, so ``zedlab games`` stays fast. More games can be added without touching
ZedLab: the environment variable ``ZEDLAB_GAMES`` holds ``name=module:attribute`` entries
separated by commas (plug-ins, or a test game in a subprocess), and tests may register game
objects with :func:`registered`.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .engine import Game
from .errors import ConfigError

__all__ = [
    "board_svg", "get", "install", "names", "register", "registered", "renderer", "unregister",
]

_loaded: dict[str, Game[Any]] = {}
_extra: dict[str, Game[Any]] = {}
_table: dict[str, str] = {}


def install(table: dict[str, str]) -> None:
    """Add ``name -> "module:attribute"`` entries of the games that ship with ZedLab."""
    _table.update(table)


def _paths() -> dict[str, str]:
    paths = dict(_table)
    for entry in os.environ.get("ZEDLAB_GAMES", "").split(","):
        name, sep, path = entry.strip().partition("=")
        if sep and name and path:
            paths.setdefault(name, path)
    return paths


def names() -> list[str]:
    """Registered game names, in registry order."""
    return list(_paths()) + [n for n in _extra if n not in _paths()]


def get(name: str) -> Game[Any]:
    """The rules object of a registered game.

    Raises:
        ConfigError: if no game has that name (the message lists the known ones).
    """
    if not isinstance(name, str):
        raise ConfigError(f"a game name is a string such as 'dont-look-back', got {name!r}")
    if name in _extra:
        return _extra[name]
    if name in _loaded:
        return _loaded[name]
    path = _paths().get(name)
    if path is None:
        known = ", ".join(names()) or "(none)"
        raise ConfigError(f"unknown game {name!r}; known games: {known}")
    module_name, _, attr = path.partition(":")
    try:
        game: Game[Any] = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"game {name!r} is registered as {path!r}, which does not load: {exc}") from exc
    _loaded[name] = game
    return game


def register(game: Game[Any]) -> None:
    """Register a game object under ``game.name`` (for tests and plug-ins)."""
    _extra[game.name] = game


def unregister(name: str) -> None:
    """Remove a game added with :func:`register`."""
    _extra.pop(name, None)


@contextmanager
def registered(game: Game[Any]) -> Iterator[Game[Any]]:
    """Register ``game`` for the duration of a ``with`` block."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)


def _game_function(game: Game[Any], module: str, function: str) -> Any:
    """``function`` of the ``module`` module of ``game``'s package, or ``None`` if the package
    has no such module (or the module no such callable). An error while importing an existing
    module propagates (a bug to fix, not a missing part)."""
    import sys

    module_name = type(game).__module__
    found_module = sys.modules.get(module_name)
    package = module_name if found_module is not None and hasattr(found_module, "__path__") else (
        module_name.rpartition(".")[0] or module_name
    )
    name = f"{package}.{module}"
    try:
        found = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (exc.name == name or name.startswith(exc.name + ".")):
            return None
        raise
    value = getattr(found, function, None)
    return value if callable(value) else None


def renderer(game: Game[Any]) -> Any:
    """The game's own ``render(view, seat)`` (from the ``render`` module of its package), or
    ``None`` if it has none. Front ends draw a game's view with it.

    Only a missing ``render`` module answers ``None``; an error while importing an existing
    one propagates (a bug to fix, not a game without a renderer).
    """
    return _game_function(game, "render", "render")


def board_svg(game: Game[Any]) -> Any:
    """The game's own ``board(view, seat) -> str`` (from the ``svg`` module of its package),
    or ``None`` if it has none. ``view`` is ``Match.view(seat)`` (docs/view-schema.md: public,
    private, and the seat's decision with each option's catalogue ``id``). The browser shows
    what it returns: one ``<svg>`` element drawn from that view only, whose elements carrying ``data-option="<id>"`` play the
    option with that catalogue id when clicked and whose ``<title>`` children (card texts,
    piece names) show on hover.
    """
    return _game_function(game, "svg", "board")
