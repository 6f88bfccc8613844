"""Bots of Run, Fight, or Die!: registered, legal, and the heuristic beats random."""

from zedlab.bots import RandomBot, choose
from zedlab.core import RNG, Match
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.bots import HeuristicBot


def play(config: dict, seed: int, bots: list) -> tuple[int, ...]:
    match = Match.new(game, config, seed=seed)
    rng = RNG.from_seed(seed)
    while (d := match.decision) is not None:
        action = choose(bots[d.player], match.infoset(), rng)
        assert action in d.options
        match.play(action)  # validated path: the bot only picks legal options
    return match.outcome.winners


def test_bot_kinds_include_the_heuristic():
    assert set(game.bot_kinds()) == {"random", "heuristic"}


def test_heuristic_beats_random_head_to_head():
    share = 0.0
    n = 30
    for i in range(n):
        seat = i % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = HeuristicBot()
        winners = play({"players": 2}, i, bots)
        if seat in winners:
            share += 1 / len(winners)
    assert share / n > 0.7


def test_heuristic_plays_every_mode_to_the_end():
    for config in ({"players": 1, "difficulty": "too-hard"}, {"players": 4}, {"players": 3, "follower_bonus": "mandatory"}):
        for seed in range(3):
            play(config, seed, [HeuristicBot()] * config["players"])
