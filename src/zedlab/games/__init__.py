"""The games ZedLab implements, as ``name -> "module:attribute"`` of their rules objects.

A game is listed here once it plays to the end through the public interface.
"""

GAMES: dict[str, str] = {
    "if-im-going-down": "zedlab.games.if_im_going_down:game",
    "dont-look-back": "zedlab.games.dont_look_back:game",
}
