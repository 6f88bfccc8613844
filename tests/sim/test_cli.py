"""``zedlab simulate``: options from the game's Config, bots, output files, Ctrl-C."""

from __future__ import annotations

import itertools
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import zedlab
from zedlab.cli import app
from zedlab.cli.simulate import game_command, parse_bots, parse_sets
from zedlab.core import ConfigError
from zedlab.sim import run

from .conftest import ROOT, game_names

runner = CliRunner()


def _invoke(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output + (
        str(result.exception or "") if result.exit_code else ""
    )


@pytest.mark.parametrize("name", game_names())
def test_every_config_field_is_an_option(name: str) -> None:
    code, output = _invoke(name, "--help")
    assert code == 0 and "--games" in output, output
    options = {opt for param in game_command(name).params for opt in param.opts}
    for field in zedlab.get(name).Config.model_fields:
        assert f"--{field.replace('_', '-')}" in options


def test_simulate_writes_results_plot_and_summary(tmp_path: Path) -> None:
    out, plot = tmp_path / "pig.parquet", tmp_path / "pig.png"
    code, output = _invoke(
        "pig",
        "--games",
        "60",
        "--target",
        "45",
        "--bot",
        "0=random",
        "--workers",
        "1",
        "--seed",
        "3",
        "--out",
        str(out),
        "--plot",
        str(plot),
    )
    assert code == 0, output
    assert (
        "win rate" in output and "Wilson score interval" in output and "played 60 games" in output
    )
    table = pq.read_table(out)
    assert table.num_rows == 60
    assert set(table.column("config").to_pylist()) == {'{"players": 2, "rounds": 30, "target": 45}'}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and plot.stat().st_size > 10_000


def test_set_option_and_compare(tmp_path: Path) -> None:
    out = tmp_path / "cmp.parquet"
    code, output = _invoke(
        "pig",
        "--games",
        "20",
        "--set",
        "players=3",
        "--compare",
        "2=random",
        "-k",
        "1",
        "--out",
        str(out),
    )
    assert code == 0, output
    assert "paired over 20 seeds" in output
    rows = pq.read_table(out).to_pylist()
    assert len(rows) == 40 and all(len(r["scores"]) == 3 for r in rows)


def test_bad_input_is_reported_without_traceback() -> None:
    code, output = _invoke("no-such-game", "--games", "3")
    assert code != 0 and "unknown game" in output
    code, output = _invoke("pig", "--games", "3", "--bot", "0=nobody")
    assert code != 0 and "no bot 'nobody'" in output
    code, output = _invoke("pig", "--games", "3", "--target", "1")
    assert code != 0 and "target" in output


def test_parse_bots_and_sets() -> None:
    assert parse_bots(["0=heuristic", "random"]) == {"0": "heuristic", "all": "random"}
    assert parse_sets(["players=3", "mode=hard", "seats=[1, 2]"]) == {
        "players": 3,
        "mode": "hard",
        "seats": [1, 2],
    }
    with pytest.raises(ConfigError):
        parse_bots(["0="])
    with pytest.raises(ConfigError):
        parse_sets(["players"])


def test_ctrl_c_leaves_readable_results_and_resume_finishes(tmp_path: Path) -> None:
    """A real SIGINT to the command (and its worker processes), then --resume."""
    out = tmp_path / "pig.parquet"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]), "COLUMNS": "120"}
    cmd = [
        sys.executable,
        "-c",
        "from zedlab.cli import main; main()",
        "simulate",
        "pig",
        "--target",
        "60",
        "-k",
        "2",
        "--seed",
        "4",
        "--out",
        str(out),
    ]
    proc = subprocess.Popen(
        [*cmd, "--games", "1000000"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        cwd=tmp_path,
    )
    partial = out.with_name(out.name + ".partial")
    deadline = time.monotonic() + 60
    while not partial.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    time.sleep(3)
    os.killpg(proc.pid, signal.SIGINT)  # as the terminal does: the whole process group
    output = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 130, output
    assert "--resume" in output and "Traceback" not in output
    done = pq.read_table(out).num_rows
    assert 0 < done < 1000000
    # Resume, to a smaller total so the test stays short: only the missing games are played.
    total = done + 300
    resumed = subprocess.run(
        [*cmd, "--games", str(total), "--resume"],
        env=env,
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert resumed.returncode == 0, resumed.stdout.decode() + resumed.stderr.decode()
    assert "played 300 games" in resumed.stdout.decode()
    table = pq.read_table(out).drop_columns(["wall_ms"])
    expected = run("pig", total, config={"target": 60}, seed=4, workers=1)
    assert table.to_pylist() == expected.drop_columns(["wall_ms"]).to_pylist()


def _summary_lines(tmp_path: Path, columns: str | None, raw: bool = False) -> list[str]:
    """The summary of a short Don't Look Back run, printed into a pipe (``raw``: the lines
    as printed, else without trailing spaces)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = columns
    proc = subprocess.run(
        [sys.executable, "-m", "zedlab", "simulate", "dont-look-back", "--games", "20",
         "--workers", "1", "--seed", "1", "--out", str(tmp_path / "dlb.parquet"), "--overwrite"],
        env=env, capture_output=True, text=True, timeout=300, cwd=tmp_path, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout.splitlines() if raw else [line.rstrip() for line in proc.stdout.splitlines()]


def test_summary_into_a_pipe_fits_80_columns_unless_columns_says_otherwise(tmp_path: Path) -> None:
    """Off a terminal the summary is 80 columns wide (its long "ended:" line is wrapped);
    COLUMNS=100 gives it 100."""
    lines = _summary_lines(tmp_path, None)
    assert any(line.startswith("ended: ") for line in lines), lines
    assert max(len(line) for line in lines) <= 80, "\n".join(lines)
    wide = _summary_lines(tmp_path, "100")
    assert 80 < max(len(line) for line in wide) <= 100, "\n".join(wide)


def test_summary_into_a_pipe_has_no_padding_and_breaks_lists_between_items(
    tmp_path: Path,
) -> None:
    """Off a terminal no line ends in spaces, and the "ended:" list, too long for 80
    columns, goes on several lines each holding whole items (an item ends with its
    percentage), the later ones indented under the first item."""
    lines = _summary_lines(tmp_path, None, raw=True)
    assert not [line for line in lines if line.endswith(" ")], "\n".join(lines)
    start = next(i for i, line in enumerate(lines) if line.startswith("ended: "))
    block = [lines[start]]
    block += itertools.takewhile(lambda s: s.startswith(" " * 7), lines[start + 1 :])
    assert len(block) > 1, "\n".join(lines)
    assert all(re.search(r"\d%$", line) for line in block), "\n".join(block)


def test_a_long_plot_path_is_printed_whole(tmp_path: Path) -> None:
    """The plot's path, longer than the summary's 80 columns, is printed unbroken."""
    folder = tmp_path / ("a-folder-with-a-rather-long-name-" * 3)
    folder.mkdir()
    plot = folder / "pig.png"
    code, output = _invoke("pig", "--games", "5", "--workers", "1", "--seed", "3", "--plot", str(plot))
    assert code == 0, output
    assert f"plot: {plot}\n" in output, output[-800:]


@pytest.mark.parametrize(("games", "seconds", "said"), [
    (4, 0.0, "(local, 1 worker)"),  # no time measured: no speed
    (4, 0.5, "(8.0 games/s, local, 1 worker)"),
    (4, 30.0, "(8.0 games/min, local, 1 worker)"),
    (4, 600.0, "(2.5 min a game, local, 1 worker)"),
    (5000, 2.0, "(2,500 games/s, local, 1 worker)"),
])
def test_the_speed_of_a_run_is_given_in_a_unit_that_keeps_its_figures(
    games: int, seconds: float, said: str
) -> None:
    """A short or slow run is not reported as "0 games/s": games/min or minutes a game."""
    import dataclasses

    from rich.console import Console

    from zedlab.sim import simulate
    from zedlab.sim.report import render_result

    result = simulate(zedlab.get("pig"), 2, workers=1, seed=3)
    result = dataclasses.replace(result, played=games, seconds=seconds)
    console = Console(width=200)
    with console.capture() as captured:
        console.print(render_result(result))
    first = captured.get().splitlines()[0]
    assert first == f"played {games} games in {seconds:.1f} s {said}"


def test_help_names_the_bot_kinds_and_their_parameters() -> None:
    """``zedlab simulate --help`` and ``zedlab simulate GAME --help`` end with the bot
    kinds and each parameter they take, read from the bot registry, and point to
    docs/bots.md."""
    from zedlab.bots import ISMCTSBot, kinds

    code, output = _invoke("--help")
    assert code == 0
    assert "ismcts[:KEY=VALUE,...]" in output and "docs/bots.md" in output
    for key, (_, text) in ISMCTSBot.parameters.items():
        assert re.search(rf"^\s+{key}\s+{re.escape(text)}$", output, re.M), key
    name = game_names()[0]
    code, output = _invoke(name, "--help")
    assert code == 0 and "docs/bots.md" in output
    for kind in kinds(zedlab.get(name)):
        assert re.search(rf"^\s+{re.escape(kind)}(\[|$)", output, re.M), kind
