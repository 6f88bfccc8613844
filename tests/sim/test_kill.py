"""``zedlab simulate`` killed outright (``kill -9``): its workers die with it, the next
``--resume`` is not refused, and it plays only the games missing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from zedlab.sim import run

from .conftest import ROOT


def _children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie is not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _journal_rows(partial: Path) -> int:
    try:
        return max(0, partial.read_bytes().count(b"\n") - 1)
    except OSError:
        return 0


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_kill_9_then_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "pig.parquet"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "src")])}
    cmd = [sys.executable, "-m", "zedlab", "simulate", "pig", "--target", "60", "--seed", "4"]
    cmd += ["--workers", "2", "--out", str(out)]
    proc = subprocess.Popen(
        [*cmd, "--games", "1000000"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        cwd=tmp_path,
    )
    partial = out.with_name(out.name + ".partial")
    deadline = time.monotonic() + 90
    workers: list[int] = []
    try:
        while _journal_rows(partial) < 500 and time.monotonic() < deadline:
            assert proc.poll() is None
            workers = _children(proc.pid)
            time.sleep(0.1)
        workers = _children(proc.pid) or workers
        assert workers, "the run should have started worker processes"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers), "workers outlived the killed run"
    finally:
        for pid in [proc.pid, *workers]:  # only what this test started
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert not out.exists()  # the first run never closed

    kept = _journal_rows(partial)
    assert kept >= 500
    total = kept + 200
    resumed = subprocess.run(
        [*cmd, "--games", str(total), "--resume"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        cwd=tmp_path,
    )
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    table = pq.read_table(out).drop_columns(["wall_ms"])
    indices = table.column("index").to_pylist()
    assert sorted(indices) == list(range(total))  # complete, no duplicates
    assert not partial.exists() and not out.with_name(out.name + ".lock").exists()
    # the killed run's staged Parquet file (named by its process id) is not left behind
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    expected = run("pig", total, config={"target": 60}, seed=4, workers=1)
    rows = sorted(table.to_pylist(), key=lambda r: r["index"])
    assert rows == expected.drop_columns(["wall_ms"]).to_pylist()
    # only the missing games were played: at most the ones cut short plus the 200 new ones
    played = int(resumed.stdout.split("played ")[1].split()[0].replace(",", ""))
    assert 200 <= played <= 200 + 2 * 200
