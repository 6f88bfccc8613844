"""The Walking Dead: Don't Look Back Dice Game (Cryptozoic, 2014) — the reference game.

``game`` is the rules object registered as ``dont-look-back``. Layout: ``content/`` (TOML)
and ``content.py`` (models), ``state.py``, ``common.py`` (log, board, Health, game end),
``rules.py`` (set-up, turn, End of Turn), ``search.py`` (Search cards), ``combat.py``,
``leaving.py`` (escaping, next Location, overrun), ``game.py`` (decisions and views),
``bots.py``, ``render.py``.
"""

from .game import Config, DontLookBack, game

__all__ = ["Config", "DontLookBack", "game"]
