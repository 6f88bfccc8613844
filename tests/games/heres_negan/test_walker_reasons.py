"""Every Walker move in the log says whom the Walker goes for. Source: Here's Negan
rulebook, "Move Walkers": towards the nearest Survivor (Negan included) it sees, else the
nearest in play; "Noise": towards the NOISE. Only the log's words are tested; the rules are unchanged."""

from __future__ import annotations

import random

from zedlab.core import Match
from zedlab.games.heres_negan import game


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
                assert "(towards the nearest" in line or "(drawn by the NOISE)" in line, line
                if "it sees: " in line:
                    who = line.split("it sees: ", 1)[1].rstrip(").").split(", ")
                    assert set(who) <= names, line
                seen += 1
    assert seen > 0
