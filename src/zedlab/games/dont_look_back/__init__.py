"""The Walking Dead: Don't Look Back Dice Game (Cryptozoic, 2014) — the reference game.

``game`` is the rules object registered as ``dont-look-back``. Layout: ``content/`` (TOML)
and ``content.py`` (models, the content binder), ``state.py``, ``steps.py`` (the pending
steps and the game's flow), ``common.py`` (board, Health, game end), rule modules named
after the rulebook's sections that bind their steps on the flow: ``setup.py`` (Game
Set-Up, the first player), ``turn.py`` (the draw, the Action, End of Turn), ``search.py``
(Search cards, Carl's draw), ``effects.py`` (card effects by the name the TOML gives them),
``combat.py``, ``leaving.py`` (escaping, next Location, overrun); then
``game.py`` (registration, Config, views, outcome), ``bots.py``, ``render.py`` (the table
and the text of events).
"""

from .game import Config, DontLookBack, game

__all__ = ["Config", "DontLookBack", "game"]
