"""`zedlab simulate` with only the base install, its default bots, and the cap on fault records."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import zedlab
from zedlab.cli import app
from zedlab.core import ConfigError
from zedlab.sim.report import TIE_NOTE, render_result
from zedlab.sim.runner import simulate

from .conftest import game_names  # noqa: F401  (registers the test games)


def text(renderable: object) -> str:
    """A report as plain text."""
    import io

    from rich.console import Console

    buffer = io.StringIO()
    Console(file=buffer, width=200, color_system=None, force_terminal=False).print(renderable)
    return buffer.getvalue()


@pytest.fixture
def base_install(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make pyarrow and matplotlib fail to import, as without the sim extra."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("pyarrow", "matplotlib"):
            monkeypatch.delitem(sys.modules, name)
    for name in ("pyarrow", "pyarrow.parquet", "matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)


def test_a_summary_run_needs_only_the_base_install(base_install: None, tmp_cwd: Path) -> None:
    """No --out, --resume or --plot: the run works without pyarrow and matplotlib."""
    result = CliRunner().invoke(app, ["simulate", "pig", "--games", "20", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "games 20   finished 20" in result.output
    assert " ".join(TIE_NOTE.split()) in " ".join(result.output.split())  # wrapped at 80


@pytest.mark.parametrize(
    ("args", "missing"),
    [(["--out", "r.parquet"], "needs pyarrow"), (["--plot", "p.png"], "needs matplotlib")],
)
def test_optional_outputs_name_the_extra(
    args: list[str], missing: str, base_install: None, tmp_cwd: Path
) -> None:
    """Parquet output needs pyarrow and plots need matplotlib: one line naming the extra."""
    result = CliRunner().invoke(app, ["simulate", "pig", "--games", "2", *args])
    assert isinstance(result.exception, ConfigError)
    message = str(result.exception)
    assert missing in message and "pip install 'zedlab[sim]'" in message
    assert "\n" not in message
    assert not (tmp_cwd / "r.parquet").exists()


def test_default_bots_are_the_best_bot_of_each_seat(tmp_cwd: Path) -> None:
    """Without --bot every seat plays heuristic where the game has one (as play does)."""
    with_heuristic = next(
        (n for n in zedlab.games() if "heuristic" in zedlab.get(n).bot_kinds()), None
    )
    if with_heuristic is not None:
        result = CliRunner().invoke(
            app, ["simulate", with_heuristic, "--games", "1", "--workers", "1"]
        )
        assert result.exit_code == 0, result.output
        assert "0=heuristic" in result.output
    result = CliRunner().invoke(app, ["simulate", "pig", "-n", "1", "-k", "1", "--bot", "1=random"])
    assert result.exit_code == 0, result.output
    assert "bots 0=random, 1=random" in result.output
    help_text = " ".join(CliRunner().invoke(app, ["simulate", "pig", "--help"]).output.split())
    assert "heuristic if the game has one, else random" in help_text


def test_fault_records_are_capped_per_run(tmp_path: Path) -> None:
    """Only the first failing games keep their (possibly huge) record; the summary says so."""
    faults = tmp_path / "faults"
    result = simulate(
        zedlab.get("pig"), 6, workers=1, max_decisions=3, fault_dir=faults, fault_records=2
    )
    assert result.summaries[0].faults == 6
    assert sorted(p.name for p in faults.iterdir()) == [
        "game-0000000.error.json",
        "game-0000000.json",
        "game-0000001.error.json",
        "game-0000001.json",
    ]
    assert (result.fault_records_kept, result.fault_records_dropped) == (2, 4)
    report = text(render_result(result))
    assert "2 kept; 4 more not written" in report


def test_a_faults_folder_that_cannot_be_made_does_not_stop_the_run(tmp_path: Path) -> None:
    """The fault rows still carry the error; only the records are missing (here the folder
    would sit under a file, so it cannot be made)."""
    afile = tmp_path / "afile"
    afile.write_text("mine")
    result = simulate(zedlab.get("pig"), 3, workers=1, max_decisions=3, fault_dir=afile / "faults")
    assert result.summaries[0].faults == 3
    assert afile.read_text() == "mine"
    assert (result.fault_records_kept, result.fault_records_unwritten) == (0, 3)
    report = text(render_result(result))
    assert "0 kept; 3 could not be written there" in report
    from zedlab.sim.report import all_failed

    (line,) = all_failed(result)
    assert "(no record could be written in" in line and "(records in" not in line
