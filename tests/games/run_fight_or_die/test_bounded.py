"""Every way of answering the prompts ends the game: no choice can undo another for ever.

Source: Run, Fight, or Die! rulebook, "Rerolls" (each die is kept or rerolled, at most 2
rerolls) and "Zombie and Fleeing Symbols" (once per turn).
"""

import pytest

from zedlab.games.run_fight_or_die import game

BOUND = 20_000
"""Decisions allowed for one game; real games need a few hundred."""


def _first(options):
    return options[0]


def _last(options):
    return options[-1]


def _second(options):
    return options[1] if len(options) > 1 else options[0]


@pytest.mark.parametrize("policy", [_first, _last, _second], ids=["first", "last", "index-1"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_fixed_policies_end_every_game(policy, players):
    """Always the first, always the last, always option index 1: each game ends in bound."""
    for seed in range(6):
        s = game.new(game.Config(players=players), seed)
        for _ in range(BOUND):
            d = game.decision(s)
            if d is None:
                break
            game.apply(s, policy(d.options))
        else:
            pytest.fail(f"seed {seed}, {players} player(s): no end after {BOUND} decisions")
        assert game.outcome(s) is not None
