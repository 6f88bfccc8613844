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
from .core.registry import names as _names

__all__ = ["__version__", "games", "get", "make"]


def games() -> list[str]:
    """Names of the registered games."""
    return _names()


def get(name: str) -> Game[Any]:
    """The rules object of a game.

    Raises:
        ConfigError: for an unknown name.
    """
    return _get(name)


def make(name: str, seed: int | None = None, **config: Any) -> Match:
    """Start a new game: ``zedlab.make("dont-look-back", seed=1, players=3)``.

    Raises:
        ConfigError: for an unknown game or an invalid option.
    """
    return Match.new(_get(name), config, seed=seed)
