"""Run, Fight, or Die! (Richard Launius, 2014): the dice game of running, fighting and dying.

``game`` is the rules object registered as ``run-fight-or-die``.
"""

from .game import RFDConfig, RunFightOrDie, game

__all__ = ["RFDConfig", "RunFightOrDie", "game"]
