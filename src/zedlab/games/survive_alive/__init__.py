"""Survive Alive: the base-building zombie game for 1-4 players, with two solo scenarios.

``game`` is the rules object registered as ``survive-alive``.
"""

from .game import GAME as game
from .game import Config, SurviveAlive

__all__ = ["Config", "SurviveAlive", "game"]
