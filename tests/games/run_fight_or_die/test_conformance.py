"""The conformance suite for Run, Fight, or Die!: 1-6 players, the solo levels, both
Follower Bonus readings, every check (the bound on decisions included). Source: the
rulebook's player counts and "Solo Rules"."""

import pytest

from zedlab.core.conformance import check_game
from zedlab.games.run_fight_or_die import game

CONFIGS = [
    {"players": 1, "difficulty": "hard"},
    {"players": 1, "difficulty": "very-hard"},
    {"players": 1, "difficulty": "too-hard"},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 2, "follower_bonus": "mandatory"},
    {"players": 4, "follower_bonus": "mandatory", "first_player": 2},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_conformance(config):
    check_game(game, [config], seeds=(0, 1, 2))


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_conformance_soak(config):
    check_game(game, [config], seeds=tuple(range(3, 40)))
