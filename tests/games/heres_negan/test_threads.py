"""Games played at once in several threads (as the web server plays them) do not disturb
each other: each plays exactly as it does alone."""

import threading

from zedlab.core import RNG, Match
from zedlab.games.heres_negan import game

CONFIG = {"survival": True, "survivors": 5, "players": 5}
SEEDS = (31, 32, 33, 34)


def _play(seed: int, out: dict) -> None:
    match = Match.new(game, CONFIG, seed=seed)
    rng = RNG.from_seed(seed)
    while match.decision is not None:
        match.play(rng.choice(match.decision.options))
    out[seed] = (len(match.steps), match.outcome.scores, game.encode(match.state))


def test_games_in_threads_play_as_they_do_alone():
    alone: dict = {}
    for seed in SEEDS:
        _play(seed, alone)
    together: dict = {}
    threads = [threading.Thread(target=_play, args=(seed, together)) for seed in SEEDS]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone
