"""The conformance suite for Don't Look Back: 1-4 players, 1, 2 and 4 Locations.

Source: docs/architecture.md, "The conformance suite".
"""

import pytest

from zedlab.core.conformance import check_game, random_playout
from zedlab.core.infoset import InfoSet
from zedlab.games.dont_look_back import game

CONFIGS = [
    {"players": 1, "locations": 1},
    {"players": 2, "locations": 2},
    {"players": 3, "locations": 1},
    {"players": 4, "locations": 4},
    {"players": 2, "locations": 4, "survivors": ["carl", "michonne"]},
    {"players": 3, "locations": 2, "escape_check": "combat"},
    {"players": 4, "locations": 4, "escape_check": "combat"},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}{v}" for k, v in c.items()))
def test_conformance(config):
    """Every conformance check holds for this config."""
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


@pytest.mark.soak
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_soak_conformance_many_seeds(players):
    """Run with ``-m soak``: the full suite over many seeds and every Location count."""
    configs = [{"players": players, "locations": n} for n in (1, 2, 3, 4)]
    check_game(game, configs, seeds=range(25))


@pytest.mark.soak
def test_soak_heuristic_against_random_invariants():
    """Run with ``-m soak``: mixed bots, invariants after every decision."""
    from zedlab.bots import RandomBot, choose
    from zedlab.core import RNG, make_config
    from zedlab.games.dont_look_back.bots import HeuristicBot

    for seed in range(300):
        players = 1 + seed % 4
        state = game.new(make_config(game, {"players": players, "locations": 1 + seed % 4}), seed)
        bots = [HeuristicBot() if (seat + seed) % 2 else RandomBot() for seat in range(players)]
        rng = RNG.from_seed(seed)
        for _ in range(20_000):
            decision = game.decision(state)
            if decision is None:
                break
            game.apply(state, choose(bots[decision.player], InfoSet.of(game, state), rng))
            assert game.invariants(state) == []
        assert game.decision(state) is None


def test_clone_is_equal_and_shares_nothing():
    """The field-by-field clone encodes as the original does and shares no list, Survivor,
    Combat or step with it; a sample shares nothing either (1-4 players, Combats, Carl's
    draws and the overrun all occur in these games)."""
    from tests.games.clone_check import check_clones

    runs = [({"players": p, "locations": loc}, seed) for p, loc, seed in
            ((1, 1, 0), (2, 2, 1), (3, 4, 2), (4, 4, 3), (2, 4, 4))]
    assert check_clones(game, runs, every=1) > 150
