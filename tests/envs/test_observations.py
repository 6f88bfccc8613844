"""Observations come from the seat's view only; the encoder's layout is documented slot by
slot; rewards follow the game's outcome."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.core.pig import LeakyPig, Pig, pig
from zedlab.core import RNG, Match, Outcome, make_config
from zedlab.envs.common import Spec
from zedlab.envs.encoding import LIST_CAP, Encoder, _Node

from .conftest import cases, needs_catalogue

CASES = cases()


def leaks(sp: Spec, seeds: range, every: int = 3) -> list[str]:
    """Positions of random playouts where a seat's observation or mask differs between the
    real state and that state determinized for the seat (what the seat cannot see redrawn)."""
    game = sp.game
    found = []
    for seed in seeds:
        match = Match.new(game, sp.config, seed=seed)
        chooser = RNG.from_seed(seed + 1000)
        step = 0
        while match.decision is not None and step < 300:
            if step % every == 0:
                for seat in range(sp.seats):
                    real_obs = sp.encoder.encode(game.view(match.state, seat))
                    real_mask = sp.mask(match, seat)
                    for k in range(2):
                        det = game.determinize(match.state, seat, RNG.from_seed(seed * 7 + k))
                        obs = sp.encoder.encode(game.view(det, seat))
                        d = game.decision(det)
                        mask = np.zeros(sp.space.size, np.int8)
                        if d is not None and d.player == seat:
                            mask[[sp.space.id(a) for a in d.options]] = 1
                        if not np.array_equal(obs, real_obs) or not np.array_equal(mask, real_mask):
                            found.append(f"seed {seed} step {step} seat {seat}")
            match.play(chooser.choice(match.options))
            step += 1
    return found


@pytest.mark.parametrize(("name", "config"), CASES)
def test_a_seat_sees_the_same_in_a_state_and_its_determinization(
    name: str, config: dict[str, Any]
) -> None:
    game = needs_catalogue(name)
    sp = Spec(game, make_config(game, **config))
    assert leaks(sp, range(1, 4)) == []


def test_the_leak_check_sees_a_leaky_view() -> None:
    """Pig whose view shows the face-down bonus deck: a determinization reshuffles the
    deck, so the seat's observation changes: the check reports it."""
    sp = Spec(LeakyPig(), make_config(pig))
    assert leaks(sp, range(1, 3))
    assert leaks(Spec(Pig(), make_config(pig)), range(1, 3)) == []


def test_every_slot_is_named_and_the_vector_matches_the_view() -> None:
    sp = Spec(pig, make_config(pig, players=3))
    slots = sp.encoder.slots()
    assert len(slots) == sp.encoder.size
    assert [s.index for s in slots] == list(range(sp.encoder.size))
    match = Match.new(pig, sp.config, seed=5)
    for _ in range(6):
        match.play(match.options[-1] if match.options[-1].kind != "pass" else match.options[0])
    vec = sp.observe(match, 1)
    view = pig.view(match.state, 1)["public"]
    by_path = {s.path: vec[s.index] for s in slots if s.meaning == "number"}
    assert by_path["public.turn_total"] == view["turn_total"]
    assert by_path["public.round"] == view["round"]
    assert [by_path[f"public.scores[{i}]"] for i in range(3)] == view["scores"]
    length = next(s for s in slots if s.path == "public.scores" and s.meaning == "list length")
    assert vec[length.index] == 3


def _encoder(*views: Any) -> Encoder:
    root = _Node()
    for v in views:
        root.see(v)
    return Encoder(root)


def test_strings_are_one_hot_with_an_other_slot_and_string_lists_are_bags() -> None:
    enc = _encoder({"public": {"phase": "a", "cards": ["x", "y"]}, "private": {"hand": None}},
                   {"public": {"phase": "b", "cards": []}, "private": {"hand": 3}})
    meanings = [(s.path, s.meaning) for s in enc.slots()]
    assert ("public.phase", '1 if == "a"') in meanings
    assert ("public.phase", "1 if another string") in meanings
    assert ("private.hand", "1 if null") in meanings
    assert ("public.cards[]", 'how many are "y"') in meanings
    vec = enc.encode({"public": {"phase": "zzz", "cards": ["y", "x", "x", "w"]},
                      "private": {"hand": 4}})
    named = {(s.path, s.meaning): vec[s.index] for s in enc.slots()}
    assert named[("public.phase", "1 if another string")] == 1
    assert named[("public.phase", '1 if == "a"')] == 0
    assert named[("public.cards", "list length")] == 4
    assert named[("public.cards[]", 'how many are "x"')] == 2
    assert named[("public.cards[]", 'how many are "y"')] == 1
    assert named[("public.cards[]", "how many are other strings")] == 1
    assert named[("private.hand", "number")] == 4
    assert named[("private.hand", "1 if null")] == 0


def test_other_lists_are_positional_up_to_the_longest_seen() -> None:
    enc = _encoder({"public": {"hands": [{"id": "a", "n": 1}, {"id": "b", "n": 2}]}})
    paths = {s.path for s in enc.slots()}
    assert {"public.hands[0].id", "public.hands[1].n"} <= paths
    assert not any(p.startswith("public.hands[2]") for p in paths)
    vec = enc.encode({"public": {"hands": [{"id": "b", "n": 5}, {"id": "a", "n": 7},
                                           {"id": "a", "n": 9}]}})
    named = {(s.path, s.meaning): vec[s.index] for s in enc.slots()}
    assert named[("public.hands", "list length")] == 3
    assert named[("public.hands[0].id", '1 if == "b"')] == 1
    assert named[("public.hands[0].n", "number")] == 5
    assert named[("public.hands[1].n", "number")] == 7


def test_a_long_list_is_encoded_up_to_the_cap() -> None:
    enc = _encoder({"public": {"xs": list(range(LIST_CAP + 10))}})
    assert sum(1 for s in enc.slots() if s.path.startswith("public.xs[")) == LIST_CAP


class CoopPig(Pig):
    """Pig whose seats win or lose together (to check co-operative rewards)."""

    def cooperative(self, config: object) -> bool:
        return True


def test_rewards_follow_the_outcome_and_cooperative_seats_share_one() -> None:
    outcome = Outcome((10.0, 30.0), (1,), None, "target reached")
    sp = Spec(pig, make_config(pig))
    assert sp.rewards(outcome, "score") == [10.0, 30.0]
    assert sp.rewards(outcome, "win") == [-1.0, 1.0]
    coop = Spec(CoopPig(), make_config(pig))
    assert coop.cooperative and not sp.cooperative
    assert coop.rewards(outcome, "score") == [20.0, 20.0]
    assert coop.rewards(outcome, "win") == [1.0, 1.0]
    assert coop.rewards(Outcome((0.0, 0.0), (), None, "lost"), "win") == [-1.0, -1.0]
