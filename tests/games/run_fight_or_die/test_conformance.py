"""The conformance suite for Run, Fight, or Die!: 1-6 players, the solo levels, both
Follower Bonus readings, every check (the bound on decisions included). Source: the
rulebook's player counts and "Solo Rules"."""

import pytest

from zedlab.core import RNG, Match
from zedlab.core.conformance import check_game
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.common import cx

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


def test_clone_is_equal_and_shares_nothing():
    """The field-by-field clone encodes as the original does and shares no list, dict,
    Player or step (an ``Effects`` step's list, a Follower choice's cards) with it; a sample
    shares nothing either (solo, 2-4 players; Follower choices pending in the solo games)."""
    from tests.games.clone_check import check_clones

    runs = [({"players": p}, seed) for p, seed in ((1, 18), (2, 1), (3, 2), (4, 3), (1, 3))]
    assert check_clones(game, runs, every=1) > 150


def test_a_sample_reshuffles_drawn_decks_and_leaves_the_rest_to_their_first_draw():
    """A deck not yet drawn from stays marked unshuffled in a sample (its first draw there
    shuffles it with the sample's generator); the others are reshuffled, and in a solo game
    the Town Line stays among the bottom 3 Locations (rulebook "Solo Rules")."""
    match = Match.new(game, {"players": 1}, seed=5)
    state = match.state
    town = cx(state).ids["location"].index("town-line")
    assert "location" not in state.unshuffled and state.unshuffled
    orders = set()
    for n in range(40):
        sample = game.determinize(state, 0, RNG.from_seed(n))
        assert sample.unshuffled == state.unshuffled
        for kind in state.unshuffled:
            assert sample.decks[kind] == state.decks[kind]
        deck = sample.decks["location"]
        assert sorted(deck) == sorted(state.decks["location"]) and town in deck[-3:]
        orders.add(tuple(deck))
    assert len(orders) > 20
