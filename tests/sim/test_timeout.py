"""A game whose rules never return from a step is stopped after max_seconds and counted as a
fault; the run goes on."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.core.pig import Pig, PigState
from zedlab.core import ConfigError
from zedlab.sim.runner import simulate


class HangingPig(Pig):
    """Pig whose hold with a turn total of exactly 12 loops forever (a hung rules step)."""

    name = "hanging-pig"

    def hold(self, state: PigState, seat: int) -> None:
        if state.turn_total == 12:
            while True:
                time.sleep(0.01)
        super().hold(state, seat)


hanging_pig = HangingPig()


@pytest.mark.parametrize("workers", [1, 2])
def test_a_hung_game_is_stopped_and_recorded(workers: int, tmp_path: Path) -> None:
    started = time.perf_counter()
    result = simulate(hanging_pig, 30, workers=workers, seed=5, max_seconds=0.5,
                      keep_rows=True, fault_dir=tmp_path / "faults")
    rows = result.table.to_pylist()
    hung = [r for r in rows if r["error"]]
    assert hung and len(hung) < len(rows)
    assert {r["error"] for r in hung} == {"GameTimeout: the game did not end within 0.5 s"}
    assert result.summaries[0].faults == len(hung)
    assert time.perf_counter() - started < 10 + len(hung)
    again = simulate(hanging_pig, 30, workers=1, seed=5, max_seconds=0.5, keep_rows=True,
                     fault_dir=tmp_path / "again")
    assert [r["index"] for r in again.table.to_pylist() if r["error"]] == [r["index"] for r in hung]


def test_max_seconds_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="max_seconds must be a number > 0"):
        simulate(hanging_pig, 1, max_seconds=0)
