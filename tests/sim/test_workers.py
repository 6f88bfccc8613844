"""Worker processes: never more than there is work for, nor more than the machine runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import zedlab
from zedlab.sim import runner
from zedlab.sim.runner import simulate

from .test_bad_paths import run_main


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The size of every process pool a run starts."""
    sizes: list[int] = []
    real = runner.ProcessPoolExecutor

    def pool(workers: int, **kwargs: Any) -> Any:
        sizes.append(workers)
        return real(workers, **kwargs)

    monkeypatch.setattr(runner, "ProcessPoolExecutor", pool)
    return sizes


def test_no_more_workers_than_chunks(tmp_cwd: Path, pools: list[int]) -> None:
    """5 games are at most 5 chunks: asking for 50 processes starts 5."""
    result = simulate(zedlab.get("pig"), 5, workers=50)
    assert result.workers == 5 and pools == [5]
    assert result.summaries[0].games == 5


def test_no_more_workers_than_four_per_cpu(
    tmp_cwd: Path, pools: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 1)
    result = simulate(zedlab.get("pig"), 200, workers=100_000, chunk_size=1)
    assert result.workers == 4 and pools == [4]
    assert result.summaries[0].games == 200


def test_the_cli_says_when_it_caps_workers(
    tmp_cwd: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(runner.os, "cpu_count", lambda: 1)
    code, out, err = run_main(["simulate", "pig", "--games", "3", "--workers", "100000"], capsys)
    assert code == 0, (out, err)
    assert err == "zedlab: --workers 100000: at most 4 on this machine (4 per CPU)\n"
    assert "3 workers)" in out  # and 3 games need only 3


def test_the_last_chunks_are_cut_small() -> None:
    """The last two rounds of chunks are cut in four, so two workers finish within a
    quarter chunk of each other; every game still comes once, in order."""
    done = {5, 6, 7}
    todo = 1000 - len(done)
    chunks = list(runner._tapered(runner._chunks(1000, done, 50), todo, 50, 2))
    games = [i for start, stop in chunks for i in range(start, stop)]
    assert games == [i for i in range(1000) if i not in done]
    sizes = [stop - start for start, stop in chunks]
    assert max(sizes[-16:]) == 13 and max(sizes[:-16]) == 50
    serial = list(runner._tapered(runner._chunks(1000, done, 50), todo, 50, 1))
    assert serial == list(runner._chunks(1000, done, 50))
