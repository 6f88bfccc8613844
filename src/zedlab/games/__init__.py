"""The games ZedLab implements, as ``name -> "module:attribute"`` of their rules objects.

A game is listed here once it plays to the end through the public interface.
"""

GAMES: dict[str, str] = {
    "dont-look-back": "zedlab.games.dont_look_back:game",
    "heres-negan": "zedlab.games.heres_negan:game",
    "if-im-going-down": "zedlab.games.if_im_going_down:game",
    "run-fight-or-die": "zedlab.games.run_fight_or_die:game",
    "survive-alive": "zedlab.games.survive_alive:game",
}

MAPS: dict[str, str] = {
    "heres-negan": "zedlab.games.heres_negan.maps:maps",
}
"""Games with scenario maps (``zedlab map``), as ``name -> "module:attribute"`` of an object
with ``draw(scenario, survivors, route=, plain=)`` and ``svg(scenario, survivors)``."""
