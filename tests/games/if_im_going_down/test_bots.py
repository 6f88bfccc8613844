"""The heuristic bots play whole games through the public interface and beat random play."""

from __future__ import annotations

from statistics import mean

from zedlab.bots import choose
from zedlab.core import RNG
from zedlab.core.infoset import InfoSet
from zedlab.games.if_im_going_down import game


def _play(config: dict, kind: str, seed: int) -> float:
    s = game.new(game.Config(**config), seed)
    bots = game.bot_kinds()
    bot, zombie = bots[kind](), bots["zombie"]()
    rng = RNG.from_seed(seed)
    while (d := game.decision(s)) is not None:
        chooser = zombie if d.player == s.zombie_seat else bot
        game.apply(s, choose(chooser, InfoSet.of(game, s), rng))
    return game.outcome(s).scores[0]


def test_bot_kinds_are_registered() -> None:
    assert {"random", "heuristic", "zombie"} <= set(game.bot_kinds())


def test_heuristic_beats_random_in_the_shack() -> None:
    """Over the same 30 seeds the heuristic survivor scores more on average."""
    cfg = {"scenario": "the-shack"}
    heuristic = mean(_play(cfg, "heuristic", seed) for seed in range(30))
    random = mean(_play(cfg, "random", seed) for seed in range(30))
    assert heuristic > random + 3


def test_zombie_bot_plays_the_zombie_player_variant() -> None:
    for seed in range(3):
        _play({"players": 2, "zombie_player": True}, "heuristic", seed)
