"""The Ray backend gives the very rows of a local run (Ray local mode, 2 CPUs).

The pool gives the same rows as one worker (test_runner), so one worker is the reference.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import zedlab
from zedlab.core import Match, Record
from zedlab.sim import run
from zedlab.sim.runner import simulate

from .conftest import game_names

ray = pytest.importorskip("ray")


def test_ray_local_gives_the_same_rows_as_the_process_pool(tmp_path: Path) -> None:
    """One Ray instance for all games (starting Ray is the slow part)."""
    # conftest put the repository on PYTHONPATH; local Ray workers inherit it.
    started = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    print(f"ray.init: {time.perf_counter() - started:.1f} s")
    try:
        for name in game_names():
            started = time.perf_counter()
            n = 30 if name == "pig" else 10
            local = run(name, n, workers=1, seed=13, fault_dir=tmp_path / "local")
            remote = run(name, n, workers=2, seed=13, ray=True, fault_dir=tmp_path / "ray")
            assert (
                remote.drop_columns(["wall_ms"]).to_pylist()
                == local.drop_columns(["wall_ms"]).to_pylist()
            ), name
            print(f"{name}: {time.perf_counter() - started:.1f} s")
        # A failing game on a Ray worker is recorded like a local one, and replays.
        result = simulate(
            zedlab.get("faulty-pig"),
            40,
            seed=5,
            ray=True,
            keep_rows=True,
            out=tmp_path / "faulty.parquet",
        )
        failed = [r for r in result.table.to_pylist() if r["error"]]
        assert failed and result.summaries[0].faults == len(failed)
        record_path = Path(failed[0]["fault_record"])
        note = json.loads(record_path.with_name(record_path.stem + ".error.json").read_text())
        match = Match.replay(Record.load(record_path), zedlab.get("faulty-pig"))
        assert note["record_replays"] and len(match.steps) == failed[0]["decisions"]
        assert ray.is_initialized()  # a caller's Ray instance is left running
    finally:
        ray.shutdown()
