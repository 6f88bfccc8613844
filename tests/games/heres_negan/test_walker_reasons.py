"""Every Walker move in the log says whom the Walker goes for. Source: Here's Negan
rulebook, "Move Walkers": towards the nearest Survivor (Negan included) it sees, else the
nearest in play; "Noise": towards the NOISE. Only the log's words are tested; the rules are unchanged."""

from __future__ import annotations

import random

from zedlab.core import Match
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.steps import WalkerAttacks, WalkerMoves

from .helpers import play
from .test_walker_phase import WALL, run, table


def test_a_walker_move_names_whom_it_goes_for():
    seen = 0
    for seed in range(2):
        m = Match.new(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if m.over:
                break
            m.play(m.decision.options[rng.randrange(len(m.decision.options))])
        names = {"Dwight", "Laura", "John", "Tara", "Sherry", "Negan"}
        for line in m.log(None):
            if line.startswith("A Walker moves from"):
                assert "towards " in line or "(drawn by the NOISE)" in line, line
                if "towards " in line:
                    who = line.split("towards ", 1)[1].split(", the nearest")[0]
                    assert set(who.replace(" or ", ", ").split(", ")) <= names, line
                    assert "spaces away" in line or "space away" in line, line
                seen += 1
    assert seen > 0


def _lines(state, *kinds: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [game.event_text(e, None) for e in state.events if e.kind in kinds]


def test_a_token_move_names_the_nearest_and_the_route_length() -> None:
    """Move Walker Tokens (HN-R204, HN-R205): the token at (3,1) is 3 spaces by route from
    both Dwight and John, so it heads for them both; the one at (6,0) goes round the wall."""
    state, b, at = table(WALL, survivors={0: (0, 0), 1: (0, 2)}, tokens={(3, 1): "", (6, 0): ""})
    state.token_pile.sort()
    run(state, WalkerMoves())
    assert _lines(state, "token-moved") == [
        "A Walker token moves from (3,1) to (2,2) (towards Dwight or John, the nearest in play,"
        " 3 spaces away by route).",
        "A Walker token moves from (6,0) to (5,0) (towards Dwight or John, the nearest in play,"
        " 6 spaces away by route).",
    ]


def test_a_walker_move_says_whom_it_sees_and_how_far() -> None:
    """Move Walkers (HN-R212): towards the nearest Survivor it sees, by route length."""
    state, b, at = table(survivors={0: (0, 1)}, walkers=[(4, 1)])
    state.rng.force(roll=["0", "0"])
    run(state, WalkerMoves())
    assert _lines(state, "walker-moved") == [
        "A Walker moves from (4,1) to (2,1) (towards Dwight, the nearest it sees, 4 spaces away"
        " by route)."
    ]


def test_attack_allocation_says_why_each_walker_attacks_whom() -> None:
    """Walkers Attack and Multiple Fights, worked example E7 (HN-R218, HN-R226, HN-R227):
    Walker 3 touches only Sherry; the First Player puts Walker 1 on Sherry, so Walker 2 must
    go to John, who would otherwise not be attacked."""
    state, b, at = table(characters=("john", "sherry"), survivors={0: (2, 1), 1: (4, 1)},
                         walkers=[(3, 0), (3, 2), (5, 1)])
    state.rng.force(roll=["0"] * 12)
    run(state, WalkerAttacks())
    assert _lines(state, "attack-allocated") == [
        "The Walker at (5,1) will attack Sherry (the only one next to it)."
    ]
    state.events.clear()
    play(state, "attack-target", "sherry")
    assert _lines(state, "attack-allocated") == [
        "The Walker at (3,0) will attack Sherry (next to John and Sherry; the First Player"
        " chose).",
        "The Walker at (3,2) will attack John (next to John and Sherry; every Survivor next to a"
        " Walker is attacked before any is attacked twice).",
    ]
