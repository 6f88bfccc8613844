"""The conformance suite passes on the test game and names the property each broken variant breaks."""

import pytest

from zedlab.core.conformance import (
    CHECKS,
    ConformanceError,
    check_game,
    policy_playout,
    random_playout,
)

from .pig import (
    CheatingInvariantPig,
    EndlessPig,
    GossipPig,
    LeakyPig,
    LossyPig,
    MutatingPig,
    NonDeterministicPig,
    PeekingPig,
    UncataloguedPig,
    pig,
)


def test_pig_passes_every_check():
    check_game(pig, [{}, {"players": 1}, {"players": 4, "target": 50}], seeds=range(4))


@pytest.mark.parametrize(
    ("broken", "prop"),
    [
        (NonDeterministicPig(), "determinism"),
        (LossyPig(), "round-trip"),
        (LeakyPig(), "hidden-information"),
        (MutatingPig(), "illegal-action"),
        (CheatingInvariantPig(), "invariants"),
        (EndlessPig(), "bounded"),
        (PeekingPig(), "determinize"),
        (UncataloguedPig(), "catalogue"),
        (GossipPig(), "events"),
    ],
    ids=lambda x: type(x).__name__ if not isinstance(x, str) else x,
)
def test_broken_variant_fails_naming_the_property(broken, prop):
    with pytest.raises(ConformanceError, match=rf"^\[{prop}\]"):
        check_game(broken, [{}], seeds=range(5))


def test_endless_game_fails_termination():
    with pytest.raises(ConformanceError, match=r"^\[termination\]"):
        check_game(pig, [{"target": 200}], seeds=[0], max_steps=5)


@pytest.mark.parametrize("policy", ["first", "last", "random"])
def test_every_policy_ends_pig_within_its_bound(policy):
    match = policy_playout(pig, {"players": 3}, 1, policy)
    assert match.over and len(match.steps) <= pig.max_decisions(pig.Config(players=3))


def test_each_check_can_run_alone():
    for name in CHECKS:
        check_game(pig, [{}], seeds=[0], checks=[name])
    with pytest.raises(ValueError, match="unknown checks"):
        check_game(pig, [{}], checks=["speed"])


def test_random_playout_ends():
    match = random_playout(pig, {}, 3)
    assert match.over and match.outcome.winners
