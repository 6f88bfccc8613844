"""Survive Alive: a sample of what a seat cannot see (``game.determinize``) never shows what
the other seats did behind their screens this round; and a match pickles at every stage.

Source: Survive Alive rulebook, "Game Play" (the Player Screens go up at the start of a round
and come down at "4. Draw Event Cards"), "1. Spend Resource Cubes" (building, forging and
looking are done behind the screen), "2. Discard Resource Cubes" (food set aside for
scavenging); docs/rulings "Hidden information".
"""

import pickle
import random

import pytest

import zedlab
from zedlab.core import RNG
from zedlab.games.survive_alive import Config, game

from .helpers import CONTENT

SCREENED_BASE = ("built", "lost", "workshop")


def _screened_positions(players: int, seed: int, limit: int = 400):
    """(state, deciding seat) at every decision of a random game taken while the screens
    are up (set-up over)."""
    st = game.new(Config(players=players), seed)
    r = random.Random(seed)
    for _ in range(limit):
        d = game.decision(st)
        if d is None:
            return
        if st.screens_up and all(p.base for p in st.players):
            yield st, d.player
        game.apply(st, r.choice(d.options))


def _instant_points(p) -> int:
    return sum(CONTENT.objectives[i].points for i in p.instants)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sample_shows_no_screened_build_forge_look_or_food(players):
    """A sample for seat ``p`` shows every other seat's base, weapons, look at the Event
    cards and scavenging food as ``p`` saw them when the screens went up (the public view),
    never what they did since; its objective points are those of the Instant card it
    publicly took."""
    leaks = 0
    hidden_done = 0
    for seed in range(4):
        for n, (st, seat) in enumerate(_screened_positions(players, seed)):
            if n % 3:
                continue
            public = game.view(st, seat)["public"]["players"]
            sample = game.determinize(st, seat, RNG.from_seed(n))
            for q in range(players):
                if q == seat:
                    continue
                real = st.players[q]
                mine = game.view(sample, q)["private"]["player"]
                seen = public[q]
                if (real.built != sample.players[q].built or real.peeked or real.scav_food
                        or any(a.weapons != b.weapons
                               for a, b in zip(real.chars, sample.players[q].chars, strict=True))):
                    hidden_done += 1
                for key in SCREENED_BASE:
                    leaks += mine[key] != seen[key]
                leaks += ([c["weapons"] for c in mine["characters"]]
                          != [c["weapons"] for c in seen["characters"]])
                leaks += mine["peeked"] != 0
                leaks += mine["scavenge_food"] != 0
                leaks += mine["objective_points"] != _instant_points(sample.players[q])
    assert hidden_done > 0  # the games did things behind the screens to be hidden
    assert leaks == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sample_keeps_the_seats_view_and_decision_and_plays_to_the_end(players):
    """The deciding seat sees the same table and decides the same thing in a sample, and
    the sample plays on to the end under random choices, keeping the game's invariants."""
    for seed in range(3):
        for n, (st, seat) in enumerate(_screened_positions(players, seed)):
            if n % 7:
                continue
            sample = game.determinize(st, seat, RNG.from_seed(seed * 1000 + n))
            assert game.view(sample, seat) == game.view(st, seat)
            assert game.decision(sample) == game.decision(st)
            assert game.invariants(sample) == []
            r = random.Random(n)
            for _ in range(3000):
                d = game.decision(sample)
                if d is None:
                    break
                game.apply(sample, r.choice(d.options))
                assert game.invariants(sample) == []
            assert game.decision(sample) is None and game.outcome(sample) is not None


@pytest.mark.parametrize("config", [{"players": 2}, {"players": 4}, {"players": 1, "scenario": 2}])
def test_a_match_pickles_at_every_stage(config):
    """A match (its state, the game and the flow the game plays by) pickles, and the copy
    plays on as the original does."""
    m = zedlab.make("survive-alive", seed=3, **config)
    r = random.Random(3)
    while not m.over:
        copy = pickle.loads(pickle.dumps(m))
        assert copy.view(None) == m.view(None)
        m.play(r.choice(m.decision.options))
    copy = pickle.loads(pickle.dumps(m))
    assert copy.outcome == m.outcome
