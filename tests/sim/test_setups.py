"""Set-up choices in simulations: Survivors and characters drawn per game from its seed,
unless fixed; every row names what each seat had (zedlab.sim.setups)."""

from __future__ import annotations

from collections import Counter

import pytest

from zedlab.core import ConfigError
from zedlab.sim import run

from .conftest import game_names  # noqa: F401  (registers the test games)


def test_two_seat_dont_look_back_seats_are_even_once_survivors_are_drawn() -> None:
    """Don't Look Back rulebook, "Game Set-Up": each player takes a Survivor. The heuristic
    bots pick in seat order, so at the table seat 0 always has Daryl and wins about two
    games in three; drawn per game, the seats win alike."""
    n = 300
    table = run("dont-look-back", n, bots="heuristic", workers=1, seed=3, setup="table")
    drawn = run("dont-look-back", n, bots="heuristic", workers=1, seed=3)

    def shares(rows: list[dict]) -> tuple[float, float]:
        wins = [sum(seat in r["winners"] for r in rows) for seat in (0, 1)]
        return wins[0] / sum(wins), wins[1] / sum(wins)

    at_table = table.to_pylist()
    assert {r["setup"][0][0] for r in at_table} == {"daryl"}
    assert shares(at_table)[0] > 0.55
    rows = drawn.to_pylist()
    first, second = shares(rows)
    assert abs(first - second) < 0.12, (first, second)
    for seat in (0, 1):
        had = Counter(r["setup"][seat][0] for r in rows)
        assert set(had) == {"rick", "daryl", "michonne", "carl"}
        assert min(had.values()) > n / 4 * 0.6, had
    assert all(r["setup"][0] != r["setup"][1] for r in rows)
    assert Counter(r["first"] for r in rows).keys() == {0, 1}


def test_the_draw_depends_only_on_the_seed_and_the_game_number() -> None:
    """Same rows for one worker and two, and game i's draw is the same in a longer run."""
    one = run("run-fight-or-die", 12, workers=1, seed=9).to_pylist()
    two = run("run-fight-or-die", 12, workers=2, seed=9, bots="random").to_pylist()
    longer = run("run-fight-or-die", 20, workers=1, seed=9).to_pylist()
    assert [r["setup"] for r in one] == [r["setup"] for r in two]
    assert [r["setup"] for r in one] == [r["setup"] for r in longer[:12]]
    assert len({tuple(s[0] for s in r["setup"]) for r in one}) > 1


def test_fixed_choices_are_kept() -> None:
    """A Survivor list given in the config is played in every game."""
    rows = run(
        "dont-look-back", 6, config={"survivors": ["carl", "rick"]}, workers=1
    ).to_pylist()
    assert {tuple(s[0] for s in r["setup"]) for r in rows} == {("carl", "rick")}
    rows = run("heres-negan", 2, config={"survivors": 3}, workers=1).to_pylist()
    for row in rows:
        (team,) = row["setup"]
        assert len(team) == 3 and len(set(team)) == 3


@pytest.mark.parametrize(
    ("name", "config", "expect"),
    [
        ("if-im-going-down", {"zombie_player": True}, "zombie-player"),
        ("survive-alive", {"players": 2}, "base:"),
    ],
)
def test_rows_name_what_each_seat_had(name: str, config: dict, expect: str) -> None:
    """A Zombie Player seat is named; Survive Alive's Bases (chosen by the bots, no option
    fixes them) and drafted characters are read back."""
    (row,) = run(name, 1, config=config, workers=1, bots="random").to_pylist()
    assert len(row["setup"]) == len(row["bots"])
    assert any(item.startswith(expect) for seat in row["setup"] for item in seat)


def test_an_unknown_setup_mode_is_refused() -> None:
    with pytest.raises(ConfigError, match="setup='bots' is unknown; use 'random'"):
        run("pig", 1, setup="bots")
