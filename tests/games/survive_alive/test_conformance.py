"""Survive Alive passes the whole conformance suite (the flow engine's checks included: a
bound on decisions, samples offering the same decision, the action catalogue, events that
never tell what a seat cannot see) for 1-4 players and both solo scenarios, and keeps its
invariants.

Source: Survive Alive rulebook, "Components" (161 cubes, 24 Wound tokens), "Victory and
Scoring" (trackers shade left to right).
"""

import pytest

from zedlab.core import RNG, Match
from zedlab.core.conformance import check_game
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.render import flat
from zedlab.games.survive_alive.state import SAState

CONFIGS = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 1, "scenario": 1},
    {"players": 1, "scenario": 2},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"p{c['players']}s{c.get('scenario', 0)}")
def test_conformance(config):
    check_game(game, [config], seeds=(0,))


def _tracks(st: SAState) -> list[tuple[int, ...]]:
    return [(p.defence, p.health, p.scavenge, p.morale, p.breach) for p in st.players]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"p{c['players']}s{c.get('scenario', 0)}")
def test_invariants_and_trackers_only_move_right(config):
    """Cubes conserved (161), Wound tokens <= 24, trackers never un-shade, facilities never
    un-cross, over several random games."""
    for seed in range(10, 12):
        m = Match.new(game, config, seed=seed)
        chooser = RNG.from_seed(seed + 100)
        last = _tracks(m.state)
        lost = [set() for _ in m.state.players]
        while m.decision is not None:
            m.play(chooser.choice(m.decision.options))
            st = m.state
            assert game.invariants(st) == []
            now = _tracks(st)
            for before, after in zip(last, now, strict=True):
                assert all(a >= b for a, b in zip(after, before, strict=True)), (before, after)
            last = now
            for p, seen in zip(st.players, lost, strict=True):
                crossed = {k for k, v in p.built.items() if v == 2}
                assert seen <= crossed
                seen |= crossed
        assert game.outcome(m.state) is not None


def _frozen(obj) -> bool:
    return bool(getattr(getattr(obj, "__struct_config__", None), "frozen", False))


def test_clone_shares_nothing():
    """The hand-written clone copies every mutable field."""
    m = Match.new(game, {"players": 3}, seed=5)
    chooser = RNG.from_seed(5)
    for _ in range(80):
        m.play(chooser.choice(m.decision.options))
    copy = game.clone(m.state)
    assert game.encode(copy) == game.encode(m.state)
    seen: dict[int, str] = {}

    def walk(obj, path):
        if isinstance(obj, (list, dict)) or (hasattr(obj, "__struct_fields__") and not _frozen(obj)):
            seen[id(obj)] = path  # frozen Structs (the pending steps) are values: shared safely
        if isinstance(obj, list):
            for i, x in enumerate(obj):
                walk(x, f"{path}[{i}]")
        elif isinstance(obj, dict):
            for k, x in obj.items():
                walk(x, f"{path}[{k}]")
        elif hasattr(obj, "__struct_fields__"):
            for f in obj.__struct_fields__:
                walk(getattr(obj, f), f"{path}.{f}")
        elif hasattr(obj, "__dataclass_fields__"):
            for f in obj.__dataclass_fields__:
                walk(getattr(obj, f), f"{path}.{f}")

    walk(m.state, "state")
    original = dict(seen)
    seen.clear()
    walk(copy, "copy")
    shared = set(original) & set(seen)
    assert not shared, [original[i] for i in shared]


def test_other_screens_hide_cubes_and_plans():
    """While screens are up another seat sees neither cubes nor this round's builds."""
    m = Match.new(game, {"players": 2, "first_player": 0}, seed=3)
    while m.decision.kind != "spend":
        m.play(m.decision.options[0])
    seat = m.decision.player
    other = 1 - seat
    before = flat(game.view(m.state, other))["players"][seat]
    assert before["cubes"] is None
    builds = [a for a in m.decision.options if a.kind == "build"]
    assert builds
    m.play(builds[0])
    mine = flat(game.view(m.state, seat))["players"][seat]
    theirs = flat(game.view(m.state, other))["players"][seat]
    assert builds[0].value in mine["built"]
    assert theirs == before
    assert game.view(m.state, None)["public"]["players"][seat]["cubes"] is None


def test_clones_and_samples_share_nothing_all_game_long():
    """At points all over games of 1-4 players, the clone encodes as the original does and
    neither it nor a sample for the deciding seat (recoloured cubes, reshuffled decks)
    shares a list, dict, Player, Character or generator with the original."""
    from tests.games.clone_check import check_clones

    runs = [({"players": 1, "scenario": 2}, 1), ({"players": 2}, 2), ({"players": 3}, 3),
            ({"players": 4}, 4)]
    assert check_clones(game, runs, every=12) > 90
