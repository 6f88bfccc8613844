"""``zedlab simulate`` refuses what can only fail, before any game is played or file written."""

from __future__ import annotations

from pathlib import Path

import pytest

from zedlab.core import ConfigError
from zedlab.sim import run

from .test_bad_paths import run_main

# Options each game's Config accepts but its set-up refuses (or a content folder that
# does not load): every game of such a run would fail the same way.
SETUP_ERRORS = [
    (["if-im-going-down", "--set", "players=3"], "has layouts for 1, 2 players, not 3"),
    (["run-fight-or-die", "--set", "first_player=5"], "first_player 5 is not a seat"),
    (
        ["run-fight-or-die", "--set", 'characters=["athlete","athlete"]'],
        "can be taken only once",
    ),
    (["run-fight-or-die", "--content", "{tmp}/nowhere"], "nowhere: no such folder"),
    (["if-im-going-down", "--content", "{tmp}/nowhere"], "nowhere: no such folder"),
]


@pytest.mark.parametrize(("args", "expected"), SETUP_ERRORS)
def test_a_config_no_game_can_be_set_up_with_is_a_usage_error(
    args: list[str], expected: str, tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2 with one line, as ``zedlab play`` does: no table, no fault folder."""
    args = [a.format(tmp=tmp_cwd) for a in args]
    code, out, err = run_main(["simulate", *args, "--games", "3", "--workers", "1"], capsys)
    assert code == 2, (out, err)
    assert err.startswith("zedlab: ") and expected in err and err.count("\n") == 1, err
    assert out == ""
    assert list(tmp_cwd.iterdir()) == []


def test_run_raises_config_error_for_a_config_no_game_can_be_set_up_with(
    tmp_cwd: Path,
) -> None:
    with pytest.raises(ConfigError, match="not a seat"):
        run("run-fight-or-die", 3, workers=1, config={"first_player": 5})
    with pytest.raises(ConfigError, match="nowhere: no such folder"):
        run("if-im-going-down", 3, workers=1, content=str(tmp_cwd / "nowhere"))
    assert list(tmp_cwd.iterdir()) == []


def test_a_run_where_every_game_fails_says_so_and_exits_1(
    tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The table is still printed and the fault records kept; one line names the error."""
    code, out, err = run_main(
        ["simulate", "pig", "--games", "4", "--workers", "1", "--max-decisions", "2"], capsys
    )
    assert code == 1, (out, err)
    assert "faults 4" in out
    assert err == (
        "zedlab: all 4 games failed with the same error: RuntimeError: the game did not end "
        "within 2 decisions (records in zedlab-faults)\n"
    )
    assert (tmp_cwd / "zedlab-faults" / "game-0000000.error.json").exists()


def test_a_run_with_some_faults_exits_0(tmp_cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["simulate", "faulty-pig", "--games", "40", "--workers", "1"], capsys)
    assert code == 0, (out, err)
    assert "faults 0" not in out and "failed" not in err


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"n": "5"}, "n (the number of games) must be a whole number >= 0, got '5'"),
        ({"n": 2.5}, "n (the number of games) must be a whole number >= 0, got 2.5"),
        ({"n": True}, "n (the number of games) must be a whole number >= 0, got True"),
        ({"workers": "2"}, "workers must be a whole number >= 1 (or None), got '2'"),
        ({"workers": 0}, "workers must be a whole number >= 1 (or None), got 0"),
        ({"bots": 5}, "bots=5: give a bot kind"),
        ({"bots": [5, 6]}, 'bots: a bot kind is a name like "random", got 5'),
        ({"seed": 1.5}, "seed must be a whole number, got 1.5"),
        ({"seed": "x"}, "seed must be a whole number, got 'x'"),
        ({"max_decisions": 0}, "max_decisions must be a whole number >= 1, got 0"),
        ({"max_decisions": "9"}, "max_decisions must be a whole number >= 1, got '9'"),
    ],
)
def test_run_refuses_arguments_of_the_wrong_type_or_range(
    options: dict[str, object], expected: str, tmp_cwd: Path
) -> None:
    """A ConfigError naming the argument, before any game is played or file written."""
    arguments: dict[str, object] = {"n": 3, "workers": 1, **options}
    n = arguments.pop("n")
    with pytest.raises(ConfigError) as caught:
        run("pig", n, **arguments)  # type: ignore[arg-type]
    assert expected in str(caught.value)
    assert list(tmp_cwd.iterdir()) == []


def test_zero_games_prints_no_nan(tmp_cwd: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--games 0` plays nothing and says so, with no 'nan' in the table."""
    code, out, err = run_main(["simulate", "pig", "--games", "0", "--workers", "1"], capsys)
    assert code == 0, (out, err)
    assert "nan" not in out.lower()
    assert "mean length — (no game finished)" in out


def test_compare_intervals_stay_within_100_points(
    tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A few paired games: every win-rate interval printed is within -100..+100 pp."""
    import re

    code, out, err = run_main(
        ["simulate", "pig", "--games", "3", "--workers", "1", "--compare", "0=random"], capsys
    )
    assert code == 0, (out, err)
    bounds = [float(x) for x in re.findall(r"([+-]\d+\.\d) to ([+-]\d+\.\d)", out) for x in x]
    assert bounds and all(-100.0 <= b <= 100.0 for b in bounds), out
    assert "Newcombe" in out
