"""The seeded, serialisable RNG (architecture: "Randomness")."""

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zedlab.core import RNG, ScriptedRNG, seed_for


def test_same_seed_same_stream():
    a, b = RNG.from_seed(7), RNG.from_seed(7)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]


def test_different_seeds_differ():
    a, b = RNG.from_seed(7), RNG.from_seed(8)
    assert [a.d6() for _ in range(50)] != [b.d6() for _ in range(50)]


def test_d6_is_fair_enough():
    rng = RNG.from_seed(1)
    counts = [0] * 7
    for _ in range(60_000):
        counts[rng.d6()] += 1
    assert counts[0] == 0
    assert all(9_300 < c < 10_700 for c in counts[1:])


@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=0, max_value=2**70))
def test_randbelow_in_range(n, seed):
    assert 0 <= RNG.from_seed(seed).randbelow(n) < n


def test_randbelow_rejects_empty_range():
    with pytest.raises(ValueError, match="n >= 1"):
        RNG.from_seed(1).randbelow(0)


def test_state_round_trips_through_msgspec():
    rng = RNG.from_seed(3)
    rng.d6()
    copy = msgspec.json.decode(msgspec.json.encode(rng), type=RNG)
    assert copy == rng
    assert [copy.d6() for _ in range(10)] == [rng.d6() for _ in range(10)]


def test_draw_counter_counts_chance():
    rng = RNG.from_seed(3)
    rng.d6()
    rng.roll("ABC")
    rng.shuffle([1, 2, 3])
    rng.draw_from_bag({"red": 2})
    rng.choice([1, 2])
    assert rng.draws == 5


def test_scripted_dice_then_seeded_stream():
    rng = ScriptedRNG(seed=5, d6=[3, 3, 5])
    assert [rng.d6(), rng.d6(), rng.d6()] == [3, 3, 5]
    assert rng.forced == {}
    assert 1 <= rng.d6() <= 6


def test_scripted_roll_must_be_a_face():
    rng = ScriptedRNG(roll=["brain"])
    with pytest.raises(ValueError, match="not a face"):
        rng.roll(["shotgun", "feet"])


def test_scripted_shuffle_puts_cards_on_top():
    deck = list(range(10))
    ScriptedRNG(shuffle=[[7, 2]]).shuffle(deck)
    assert deck[:2] == [7, 2]
    assert sorted(deck) == list(range(10))


def test_draw_from_bag_decrements_and_respects_counts():
    bag = {"red": 1, "blue": 0}
    rng = RNG.from_seed(1)
    assert rng.draw_from_bag(bag) == "red"
    assert bag == {"red": 0, "blue": 0}
    with pytest.raises(ValueError, match="empty"):
        rng.draw_from_bag(bag)


def test_scripted_bag_draw_must_be_in_the_bag():
    with pytest.raises(ValueError, match="not in the bag"):
        ScriptedRNG(draw=["green"]).draw_from_bag({"red": 3})


def test_weighted_follows_weights():
    rng = RNG.from_seed(2)
    picks = [rng.weighted("ab", [1, 0]) for _ in range(100)]
    assert set(picks) == {"a"}
    with pytest.raises(ValueError):
        rng.weighted("ab", [0, 0])


def test_shuffle_is_a_permutation_and_sample_distinct():
    rng = RNG.from_seed(4)
    items = list(range(30))
    rng.shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    sample = rng.sample(range(10), 4)
    assert len(set(sample)) == 4


def test_spawn_is_independent_and_counts_a_draw():
    rng = RNG.from_seed(4)
    child = rng.spawn()
    assert rng.draws == 1 and child.state != rng.state


def test_unknown_forced_kind_is_refused():
    with pytest.raises(ValueError, match="unknown forced outcome"):
        RNG().force(coin=[1])


def test_seed_for_is_stable():
    assert seed_for(1, 2) == seed_for(1, 2) != seed_for(2, 1)
    assert 0 <= seed_for("x") < 2**63
