"""The Walking Dead: Here's Negan.

The board (:mod:`zedlab.games.heres_negan.board`: tiles, the twelve scenario maps, geometry,
renderers) and the rules (:mod:`.game`): Survivors, Walkers, NOISE, Negan and Threat.
"""

from .game import HNConfig as Config
from .game import game

__all__ = ["Config", "game"]
