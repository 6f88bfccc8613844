"""Conformance suite for If I'm Going Down...: every scenario, player count and variant.

Source: the checks of zedlab.core.conformance; If I'm Going Down... rulebook, "Choose a
Scenario", "Expanding for 3 to 4 Player Games", "Zombie Player Variant".
"""

from __future__ import annotations

import pytest

from zedlab.core.conformance import check_game
from zedlab.games.if_im_going_down import game

CONFIGS = [
    {"scenario": "the-shack", "players": 1},
    {"scenario": "the-shack", "players": 2},
    {"scenario": "the-intersection", "players": 1},
    {"scenario": "the-intersection", "players": 2},
    {"scenario": "the-intersection", "players": 3},
    {"scenario": "the-intersection", "players": 4, "extra_zombies": "standard"},
    {"scenario": "the-alley", "players": 1},
    {"scenario": "the-alley", "players": 2},
    {"scenario": "the-shack", "players": 2, "one_bite": True, "easier": True},
    {"scenario": "the-shack", "players": 1, "zombie_player": True},
    {"scenario": "the-intersection", "players": 2, "zombie_player": True, "midpoint": True},
    {"scenario": "the-alley", "players": 1, "miss_ends_use": True, "advanced": True},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_conformance(config: dict) -> None:
    """Every scenario layout and variant passes all the conformance checks (the action
    catalogue, the bound on decisions, determinize and events included)."""
    check_game(game, [config], seeds=(0, 1), max_steps=50_000)


def test_clone_is_equal_and_shares_nothing():
    """The field-by-field clone encodes as the original does and shares no list, Character
    or step (a Pop-Up's spaces, a bite's neighbours) with it; a sample shares nothing
    either (1-4 players, with and without the Zombie Player)."""
    from tests.games.clone_check import check_clones

    runs = [({"scenario": "the-shack", "players": 2}, 1),
            ({"scenario": "the-intersection", "players": 3, "zombie_player": True}, 2),
            ({"scenario": "the-intersection", "players": 4}, 3),
            ({"scenario": "the-alley", "players": 1, "zombie_player": True}, 4)]
    assert check_clones(game, runs, every=2) > 200
