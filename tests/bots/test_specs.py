"""Bot specs ``KIND:key=value,...``: parsing, building, and the front ends that take them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.driver import run_here
from tests.core.pig import pig
from tests.sim.conftest import game_names
from zedlab.bots import GENERIC_BOTS, ISMCTSBot, RandomBot, kinds, make, parse_spec, split_seat
from zedlab.cli import app
from zedlab.cli.play import assign_seats
from zedlab.cli.simulate import parse_bots
from zedlab.core import ConfigError, registry
from zedlab.sim import run


def test_parse_spec() -> None:
    assert parse_spec("random") == ("random", {})
    assert parse_spec(" ismcts : iters=200 , c=0.5 ") == ("ismcts", {"iters": "200", "c": "0.5"})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (":iters=3", "no kind before ':'"),
        ("ismcts:", "nothing after ':'"),
        ("ismcts:iters", "'iters' is not key=value"),
        ("ismcts:iters=", "'iters=' is not key=value"),
        ("ismcts:iters=3,,c=1", "'' is not key=value"),
        ("ismcts:iters=3,iters=4", "iters is given twice"),
        ("ismcts:iters= 5", "'iters= 5' has a space around '='; write iters=5"),
        ("ismcts:iters =5", "'iters =5' has a space around '='; write iters=5"),
    ],
)
def test_malformed_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_spec(spec)


def test_split_seat() -> None:
    assert split_seat("1=ismcts:iters=9") == ("1", "ismcts:iters=9")
    assert split_seat("ismcts:iters=9") == (None, "ismcts:iters=9")
    assert split_seat("random") == (None, "random")
    assert split_seat("all=heuristic") == ("all", "heuristic")


def test_make_builds_bots_with_parameters() -> None:
    bot = make(pig, "ismcts:iters=12,seconds=0.5,c=1.5,depth=7,reward=win")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iters, bot.seconds, bot.c, bot.depth, bot.reward) == (12, 0.5, 1.5, 7, "win")
    assert isinstance(make(pig, "random"), RandomBot)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "pig has no bot 'minimax'; its bots are: random, ismcts"),
        ("random:iters=3", "random has no parameter 'iters'; it takes no parameters"),
        ("ismcts:budget=3", "ismcts has no parameter 'budget'; it takes iters"),
        ("ismcts:iters=0", "iters='0' expects a whole number >= 1"),
        ("ismcts:iters=2.5", "iters='2.5' expects a whole number >= 1"),
        ("ismcts:seconds=-1", "seconds='-1' expects a number of seconds > 0"),
        ("ismcts:seconds=nan", "seconds='nan' expects a number of seconds > 0"),
        ("ismcts:c=-0.1", "c='-0.1' expects a number >= 0"),
        ("ismcts:policy=greedy", "policy='greedy' expects one of random, heuristic"),
        ("ismcts:policy=heuristic", "pig has no heuristic bot; use policy=random"),
        ("ismcts:reward=money", "reward='money' expects one of mixed, win, score"),
        ("ismcts:cpu=0", "cpu='0' expects a number of seconds > 0"),
        ("ismcts:depth=-1", "depth='-1' expects a whole number >= 0"),
        ("ismcts:epsilon=1.5", "epsilon='1.5' expects a number from 0 to 1"),
        ("ismcts:prior=many", "prior='many' expects a whole number >= 0"),
        ("ismcts:reuse=maybe", "reuse='maybe' expects yes or no"),
        ("ismcts:policy=mixed", "pig has no heuristic bot"),
        ("ismcts:iters=\uff15", "iters='\uff15' expects a whole number >= 1 in ASCII digits"),
        ("ismcts:depth=\u0663", "depth='\u0663' expects a whole number >= 0 in ASCII digits"),
        ("ismcts:seconds=\uff10.5", "seconds='\uff10.5' expects a number of seconds > 0"),
        ("ismcts:iters=99999999999999999999", "iters='99999999999999999999' expects at most 10000000"),
        ("ismcts:iters=10000001", "expects at most 10000000"),
        ("ismcts:seconds=3601", "seconds='3601' expects at most 3600 seconds"),
        ("ismcts:cpu=1e9", "cpu='1e9' expects at most 3600 seconds"),
    ],
)
def test_bad_bot_parameters_are_a_config_error(spec: str, message: str) -> None:
    with pytest.raises(ConfigError) as err:
        make(pig, spec)
    assert message in str(err.value)


@pytest.mark.parametrize("name", game_names())
def test_every_game_has_the_generic_bots(name: str) -> None:
    game = registry.get(name)
    assert set(GENERIC_BOTS) <= set(kinds(game))
    assert isinstance(make(game, "ismcts:iters=3"), ISMCTSBot)


def test_play_seats_take_specs() -> None:
    assert assign_seats(pig, 2, ("1=ismcts:iters=200",), ()) == ["human", "ismcts:iters=200"]
    assert assign_seats(pig, 3, ("ismcts:iters=5",), ()) == ["human", "ismcts:iters=5", "ismcts:iters=5"]
    with pytest.raises(ConfigError, match="--bot: bot 'ismcts:iters=x': iters='x' expects"):
        assign_seats(pig, 2, ("1=ismcts:iters=x",), ())


def test_a_seat_given_twice_is_refused() -> None:
    """``--bot 1=ismcts:iters=2 --bot 1=random``: which one was meant is unclear."""
    with pytest.raises(ConfigError, match="--bot: seat 1 given twice"):
        assign_seats(pig, 2, ("1=ismcts:iters=2", "1=random"), ())
    with pytest.raises(ConfigError, match="--bot: seat 1 given twice"):
        parse_bots(["1=ismcts:iters=2", "1=random"])
    with pytest.raises(ConfigError, match="--bot: every seat given twice"):
        parse_bots(["random", "ismcts:iters=5"])
    # a kind for every seat and then one seat's own kind is not a repeat
    assert assign_seats(pig, 3, ("random", "1=ismcts:iters=5"), ()) == ["human", "ismcts:iters=5", "random"]


def test_the_largest_budgets_are_accepted() -> None:
    bot = make(pig, "ismcts:iters=10000000,seconds=3600,cpu=3600")
    assert (bot.iters, bot.seconds, bot.cpu) == (10_000_000, 3600, 3600)
    with pytest.raises(ConfigError, match="iters=10000001: expects a whole number from 1 to 10000000"):
        ISMCTSBot(iters=10_000_001)
    with pytest.raises(ConfigError, match="seconds=4000: expects a number of seconds > 0, at most 3600"):
        ISMCTSBot(seconds=4000)


def test_simulate_parses_specs() -> None:
    assert parse_bots(["0=ismcts:iters=100", "random"]) == {"0": "ismcts:iters=100", "all": "random"}
    assert parse_bots(["ismcts:iters=100"]) == {"all": "ismcts:iters=100"}


def test_simulation_rows_name_the_spec() -> None:
    table = run("pig", 4, bots={"0": "ismcts:iters=5"}, workers=1)
    assert table.column("bots").to_pylist() == [["ismcts:iters=5", "random"]] * 4
    assert table.column("error").to_pylist() == [None] * 4


def test_simulate_command_takes_a_spec_and_refuses_a_bad_one() -> None:
    runner = CliRunner()
    good = runner.invoke(app, ["simulate", "pig", "--games", "3", "--workers", "1", "--bot", "0=ismcts:iters=5"])
    assert good.exit_code == 0, good.output
    assert "0=ismcts:iters=5" in good.output
    bad = runner.invoke(app, ["simulate", "pig", "--games", "3", "--bot", "0=ismcts:iters=-5"])
    # the command raises the ConfigError; zedlab.cli.main prints it and exits 2
    assert isinstance(bad.exception, ConfigError)
    assert "iters='-5' expects a whole number >= 1" in str(bad.exception)


def test_play_command_seats_an_ismcts_bot(tmp_path: Path) -> None:
    """``zedlab play pig --bot 0=ismcts:iters=20 --bot 1=random``: bots play it out."""
    proc = run_here(["play", "pig", "--seed", "3", "--bot", "0=ismcts:iters=20", "--bot", "1=random"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Seat 0 (ismcts:iters=20 bot)" in proc.stdout and "Winner" in proc.stdout


def test_play_command_refuses_a_bad_parameter(tmp_path: Path) -> None:
    proc = run_here(["play", "pig", "--bot", "1=ismcts:iters=0"], tmp_path)
    assert proc.returncode == 2
    assert "--bot: bot 'ismcts:iters=0': iters='0' expects a whole number >= 1" in proc.stderr
