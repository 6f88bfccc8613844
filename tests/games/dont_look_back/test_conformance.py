"""The conformance suite for Don't Look Back: 1-4 players, 1, 2 and 4 Locations.

Source: docs/architecture.md, "The conformance suite".
"""

import pytest

from zedlab.core.conformance import check_game, random_playout
from zedlab.games.dont_look_back import game

CONFIGS = [
    {"players": 1, "locations": 1},
    {"players": 2, "locations": 2},
    {"players": 3, "locations": 1},
    {"players": 4, "locations": 4},
    {"players": 2, "locations": 4, "survivors": ["carl", "michonne"]},
    {"players": 3, "locations": 2, "escape_check": "any-action"},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}{v}" for k, v in c.items()))
def test_conformance(config):
    """All six conformance checks hold for this config."""
    check_game(game, [config], seeds=(0, 1))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("locations", [1, 2, 4])
def test_invariants_over_many_playouts(players, locations):
    """Walkers never negative, Health in bounds, 24 Search cards conserved, every game ends."""
    for seed in range(15):
        match = random_playout(game, {"players": players, "locations": locations}, seed)
        assert match.outcome is not None
        assert game.invariants(match.state) == []
        assert len(match.outcome.scores) == players
