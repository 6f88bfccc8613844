"""Output files: an earlier run's results are kept unless asked, other files never replaced."""

from __future__ import annotations

from pathlib import Path

import pyarrow.parquet as pq
import pytest

from zedlab.core import ConfigError, seed_for
from zedlab.sim import run

from .test_bad_paths import run_main

PIG = ["simulate", "pig", "--games", "4", "--workers", "1"]


def test_an_unrelated_file_is_never_replaced_by_results(
    tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    precious = tmp_cwd / "precious.txt"
    precious.write_text("keep me")
    for extra in ([], ["--resume"], ["--overwrite"]):
        code, out, err = run_main([*PIG, "--out", str(precious), *extra], capsys)
        assert code == 2, (extra, out, err)
        assert "exists and is not a ZedLab results file" in err and err.count("\n") == 1
        assert out == ""
    assert precious.read_text() == "keep me"
    assert sorted(p.name for p in tmp_cwd.iterdir()) == ["precious.txt"]


def test_earlier_results_need_resume_or_overwrite(
    tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_cwd / "pig.parquet"
    assert run_main([*PIG, "--out", str(out)], capsys)[0] == 0
    before = out.read_bytes()
    code, printed, err = run_main([*PIG, "--seed", "2", "--out", str(out)], capsys)
    assert code == 2 and printed == ""
    assert "holds the results of an earlier run; add --resume" in err and "--overwrite" in err
    assert out.read_bytes() == before
    code, printed, err = run_main([*PIG, "--seed", "2", "--out", str(out), "--overwrite"], capsys)
    assert code == 0, err
    assert pq.read_table(out).column("seed").to_pylist() == [seed_for(2, i) for i in range(4)]
    code, _, err = run_main([*PIG, "--out", str(out), "--resume", "--overwrite"], capsys)
    assert code == 2 and "give one" in err


def test_run_refuses_to_replace_results_unless_told(tmp_cwd: Path) -> None:
    out = tmp_cwd / "pig.parquet"
    run("pig", 3, workers=1, out=out)
    with pytest.raises(ConfigError, match="earlier run"):
        run("pig", 3, workers=1, seed=5, out=out)
    assert run("pig", 3, workers=1, seed=5, out=out, overwrite=True).num_rows == 3
    with pytest.raises(ConfigError, match="--overwrite needs --out"):
        run("pig", 3, workers=1, overwrite=True)


def test_a_file_where_the_faults_folder_goes_is_refused(tmp_cwd: Path) -> None:
    (tmp_cwd / "zedlab-faults").write_text("not a folder")
    with pytest.raises(ConfigError, match="zedlab-faults is a file"):
        run("pig", 3, workers=1)
    assert (tmp_cwd / "zedlab-faults").read_text() == "not a folder"


def test_plot_replaces_its_own_plots_only(
    tmp_cwd: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plot = tmp_cwd / "pig.png"
    assert run_main([*PIG, "--plot", str(plot)], capsys)[0] == 0
    assert run_main([*PIG, "--seed", "2", "--plot", str(plot)], capsys)[0] == 0  # redrawn
    other = tmp_cwd / "holiday.png"
    other.write_bytes(b"\x89PNG not ours")
    code, out, err = run_main([*PIG, "--plot", str(other)], capsys)
    assert code == 2 and out == ""
    assert "exists and is not a plot drawn by zedlab simulate" in err and err.count("\n") == 1
    assert other.read_bytes() == b"\x89PNG not ours"
    # with --compare the second line-up's plot goes beside it: checked the same way
    second = tmp_cwd / "cmp.lineup1.png"
    second.write_bytes(b"not ours either")
    code, _, err = run_main(
        [*PIG, "--compare", "0=random", "--plot", str(tmp_cwd / "cmp.png")], capsys
    )
    assert code == 2 and "cmp.lineup1.png: exists and is not a plot" in err
    assert second.read_bytes() == b"not ours either"
    assert not (tmp_cwd / "cmp.png").exists()
