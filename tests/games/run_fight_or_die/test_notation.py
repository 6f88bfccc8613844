"""One notation for Health and rerolls in the log and on the table, and the solo goal on
the screen. Source: Run, Fight, or Die! rulebook, "Character Cards" (Health and Wounds),
"Rerolls", "Solo Rules" (how the game is shown changes; the rules do not)."""

from __future__ import annotations

import random
import re

from rich.console import Console

from zedlab.core import Match
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.render import health_words, render, rerolls_words

HEALTH = re.compile(r"Health (\d+)/(\d+) \((\d+) Wounds?\)")


def _screen(m: Match, seat: int) -> str:
    console = Console(width=200, record=True)
    console.print(render(m.view(seat), seat))
    return console.export_text()


def test_health_reads_left_over_printed_then_wounds():
    assert health_words(5, 3) == "Health 2/5 (3 Wounds)"
    assert health_words(6, 1) == "Health 5/6 (1 Wound)"
    assert rerolls_words(1) == "1 reroll left" and rerolls_words(0) == "0 rerolls left"


def test_a_wound_in_the_log_reads_as_the_board_shows_it():
    """Every Wound and heal line names Health as the board does at that moment."""
    seen = 0
    for seed in range(4):
        m = Match.new(game, seed=seed, players=2)
        rng = random.Random(seed)
        while not m.over:
            before = len(m.log(None))
            d = m.decision
            m.play(d.options[rng.randrange(len(d.options))])
            for line in m.log(None)[before:]:
                if " Wound" in line and line.startswith("Seat ") and ("takes" in line or "heals" in line):
                    got = HEALTH.search(line)
                    assert got, line
                    left, top, wounds = map(int, got.groups())
                    assert left + wounds == top or left == 0, line
                    seat = int(line.split()[1])
                    if not m.over and f"Health {left}/{top}" in line and line == m.log(None)[-1]:
                        assert got.group(0) in _screen(m, seat), line
                    seen += 1
                assert not re.search(r"\(\d+ left\)", line), line
    assert seen > 0


def test_the_solo_goal_is_on_the_screen():
    for level, need in (("hard", 9), ("very-hard", 11), ("too-hard", 12)):
        m = Match.new(game, seed=1, players=1, difficulty=level)
        text = _screen(m, 0)
        assert f"Solo {level.upper()}: reach the Town Line alive with {need}+ Survival Points" in text
        assert ("one more full turn" in text) == (level != "hard")


def test_every_hunt_line_says_why_that_many_zombies_come():
    """Source: "Hunt Phase", "ALL QUIET": the usual 3 (or what changed them) plus the
    Zombie symbols rolled; the line adds them up."""
    seen = 0
    for seed in range(3):
        m = Match.new(game, seed=seed, players=2)
        rng = random.Random(seed)
        while not m.over:
            d = m.decision
            m.play(d.options[rng.randrange(len(d.options))])
        for line in m.log(None):
            if line.startswith("Hunt: "):
                got = re.match(r"Hunt: (\d+) Zombies? join Zone 3 \((\d+|none) usual.*? \+ (\d+) Zombie symbols?", line)
                assert got, line
                seen += 1
    assert seen > 0
