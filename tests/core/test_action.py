"""Actions, decisions and outcomes (architecture: "Decisions")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zedlab.core import Action, Outcome, RecordError

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.tuples(inner, inner) | st.tuples(inner),
    max_leaves=6,
)


@given(st.text(min_size=1, max_size=10), values, st.text(max_size=10))
def test_json_round_trip(kind, value, label):
    action = Action(kind, value, label)
    back = Action.from_json(action.to_json())
    assert back == action and hash(back) == hash(action)
    assert back.label == action.label


def test_label_does_not_affect_equality():
    assert Action("move", 3, "Move to Sector 3") == Action("move", 3, "other words")
    assert Action("move", 3) != Action("move", 4)
    assert Action("move", 3) != ("move", 3)


def test_default_label_is_readable():
    assert Action("roll").label == "roll"
    assert Action("move", 3).label == "move 3"


def test_actions_are_immutable():
    action = Action("roll")
    with pytest.raises(AttributeError):
        action.kind = "hold"  # type: ignore[misc]


@pytest.mark.parametrize("bad", [None, 3, [], {"value": 1}, {"kind": 5}])
def test_from_json_refuses_non_actions(bad):
    with pytest.raises(RecordError, match="not an action"):
        Action.from_json(bad)


def test_outcome_to_json():
    assert Outcome((3.0, 1.0), (0,), "High", "escaped").to_json() == {
        "scores": [3.0, 1.0],
        "winners": [0],
        "tier": "High",
        "reason": "escaped",
    }


@pytest.mark.parametrize("other", [1.0, True, "1", (1,)])
def test_values_of_another_type_are_different_actions(other):
    assert Action("move", 1) != Action("move", other)
    assert Action("forge", (0, "axe")) != Action("forge", (0.0, "axe"))


@pytest.mark.parametrize("value", [1.5, 2.0, {"a": 1}, [1, {"b": 2}]])
def test_from_json_refuses_values_that_are_not_action_values(value):
    with pytest.raises(RecordError, match="values are null"):
        Action.from_json({"kind": "move", "value": value})


def test_an_action_whose_value_python_cannot_print_still_has_a_label():
    """An integer past Python's printing limit (10**5000) or a deeply nested tuple makes an
    Action with a short label, and playing it is an IllegalAction that changes nothing."""
    import sys

    from zedlab.core import IllegalAction, Match

    from .pig import pig

    huge = Action("dice", 10**5000)
    assert "integer of" in huge.label
    deep: object = ()
    for _ in range(sys.getrecursionlimit() * 2):
        deep = (deep,)
    match = Match.new(pig, {}, seed=1)
    before = pig.encode(match.state)
    for bad in (huge, Action("dice", deep)):
        with pytest.raises(IllegalAction):
            match.play(bad)
    assert pig.encode(match.state) == before
