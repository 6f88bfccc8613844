"""If I'm Going Down... (Van Ryder Games, 2012): a co-operative "dying card game".

Exports ``game``, the rules object registered as ``if-im-going-down``.
"""

from .game import IfImGoingDown, IGDConfig, game

__all__ = ["IGDConfig", "IfImGoingDown", "game"]
