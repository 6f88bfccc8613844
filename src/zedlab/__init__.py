"""ZedLab: zombie-survival tabletop games to play, simulate and study.

>>> import zedlab
>>> zedlab.games()  # doctest: +SKIP
['dont-look-back', ...]
>>> match = zedlab.make("dont-look-back", seed=1, players=2)  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

# Import the games subpackage before defining games(): importing a submodule sets the
# package attribute of the same name, which would otherwise replace the function.
from . import games as _games_package  # noqa: F401
from .core import Match
from .core.engine import Game
from .core.registry import get as _get
from .core.registry import install as _install
from .core.registry import names as _names
from .games import GAMES as _GAMES
from .games import MAPS as _MAPS

_install(_GAMES)

__all__ = ["__version__", "games", "get", "make", "map_games", "maps"]


def games() -> list[str]:
    """Names of the registered games."""
    return _names()


def get(name: str) -> Game[Any]:
    """The rules object of a game.

    Raises:
        ConfigError: for an unknown name.
    """
    return _get(name)


def make(name: str, seed: int | None = None, content: str | None = None, **config: Any) -> Match:
    """Start a new game: ``zedlab.make("dont-look-back", seed=1, players=3)``.

    Args:
        name: a registered game (:func:`games`).
        seed: any integer from 0 to 2**64 - 1; ``None`` picks one.
        content: a folder of content TOML files to play with instead of the packaged ones.
        **config: the game's options (its ``Config``).
    Raises:
        ConfigError: for an unknown game or an invalid option.
        ContentError: for a content folder that does not load.
    """
    return Match.new(_get(name), config, seed=seed, content=content)


def map_games() -> list[str]:
    """Games whose scenario maps :func:`maps` can draw."""
    return list(_MAPS)


def maps(name: str) -> Any:
    """The scenario maps of a game (``draw(scenario, survivors)``, ``svg(...)``).

    Raises:
        ConfigError: for a game without maps.
    """
    import importlib

    from .core.errors import ConfigError

    path = _MAPS.get(name)
    if path is None:
        raise ConfigError(f"no maps for {name!r}; games with maps: {', '.join(_MAPS)}")
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
