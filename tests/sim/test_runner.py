"""The simulation runner: reproducible rows, faults recorded, interruption and resume."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import zedlab
from zedlab.core import ConfigError, Match, Record, seed_for
from zedlab.sim import run
from zedlab.sim.results import COLUMNS
from zedlab.sim.runner import FAULT_RECORDS, simulate

from .conftest import game_names
from .faulty import FaultyPigError, TwoBotPig


def _same(a: pa.Table, b: pa.Table) -> bool:
    """Equal rows, ignoring wall time (the one column that is not reproducible)."""
    return a.drop_columns(["wall_ms"]).to_pylist() == b.drop_columns(["wall_ms"]).to_pylist()


def _games(name: str) -> int:
    return 40 if name == "pig" else 12


@pytest.mark.parametrize("name", game_names())
def test_same_rows_for_one_and_two_workers(name: str, tmp_cwd: Path) -> None:
    """Game i is seeded from (S, i), so the worker count cannot change a row."""
    n = _games(name)
    one = run(name, n, workers=1, seed=7)
    two = run(name, n, workers=2, seed=7)
    assert one.num_rows == n
    assert _same(one, two)
    assert one.column("seed").to_pylist() == [seed_for(7, i) for i in range(n)]
    assert one.column("index").to_pylist() == list(range(n))


@pytest.mark.parametrize("name", game_names())
def test_rows_describe_each_game(name: str, tmp_cwd: Path) -> None:
    game = zedlab.get(name)
    n = _games(name)
    table = run(name, n, workers=1, seed=3)
    assert table.column_names == COLUMNS
    seats = game.seats(game.Config())
    for row in table.to_pylist():
        assert row["error"] is None, row["error"]
        assert len(row["scores"]) == seats and len(row["bots"]) == seats
        assert all(0 <= w < seats for w in row["winners"])
        assert row["decisions"] > 0 and row["wall_ms"] >= 0
        assert json.loads(row["config"]) == game.Config().model_dump(mode="json")
    # A different base seed gives different games.
    other = run(name, n, workers=1, seed=4)
    assert other.column("seed").to_pylist() != table.column("seed").to_pylist()


def test_rows_replay_as_records(tmp_cwd: Path) -> None:
    """A row's seed and config rebuild the same game: replaying its bots reaches its score."""
    table = run("pig", 5, workers=1, seed=11, config={"target": 40})
    for row in table.to_pylist():
        match = Match.new(zedlab.get("pig"), json.loads(row["config"]), seed=row["seed"])
        assert match.config.target == 40  # type: ignore[attr-defined]


def test_config_and_bots_are_validated(tmp_cwd: Path) -> None:
    with pytest.raises(ConfigError, match="no bot 'nobody'"):
        run("pig", 2, bots="nobody")
    with pytest.raises(ConfigError, match="seat 5 does not exist"):
        run("pig", 2, bots={5: "random"})
    with pytest.raises(ConfigError, match="target"):
        run("pig", 2, config={"target": 1})


def test_failing_game_is_recorded_and_replayable(tmp_path: Path) -> None:
    """A game that raises is counted, its record saved beside the results, and it replays."""
    out = tmp_path / "runs" / "faulty.parquet"
    out.parent.mkdir()
    result = simulate(zedlab.get("faulty-pig"), 80, workers=2, out=out, seed=5, keep_rows=True)
    rows = result.table.to_pylist()
    failed = [r for r in rows if r["error"] is not None]
    assert len(rows) == 80
    assert 0 < len(failed) < 80, "the faulty game should fail in some games only"
    assert result.summaries[0].faults == len(failed)
    assert pq.read_table(out).num_rows == 80
    game = zedlab.get("faulty-pig")
    # only the first FAULT_RECORDS failing games (in game order) keep their record
    kept = [r for r in failed if r["fault_record"] is not None]
    assert kept == failed[:FAULT_RECORDS]
    assert result.fault_records_dropped == len(failed) - len(kept)
    notes = sorted((tmp_path / "runs" / "faulty.faults").glob("*.error.json"))
    assert len(notes) == len(kept)
    for row in failed:
        assert row["error"].startswith("FaultyPigError")
        assert row["scores"] is None and row["reason"] == "error"
    for row in kept:
        record_path = Path(row["fault_record"])
        assert record_path.parent == tmp_path / "runs" / "faulty.faults"
        note = json.loads(record_path.with_name(record_path.stem + ".error.json").read_text())
        assert note["record_replays"] and note["during"] == "apply"
        record = Record.load(record_path)
        assert record.seed == row["seed"] and len(record.steps) == row["decisions"]
        match = Match.replay(record, game)
        assert match.decision is not None and match.decision.player == note["seat"]
        failing = next(a for a in match.options if a.to_json() == note["action"])
        with pytest.raises(FaultyPigError):
            match.play(failing)


def test_too_long_game_is_a_fault(tmp_cwd: Path) -> None:
    table = run("pig", 3, workers=1, max_decisions=4)
    assert all("did not end within 4 decisions" in e for e in table.column("error").to_pylist())
    assert all(Path(p).exists() for p in table.column("fault_record").to_pylist())


class _StopAfter:
    """A progress callback that interrupts the run like Ctrl-C once enough games are done."""

    def __init__(self, games: int) -> None:
        self.games = games

    def __call__(self, done: int, total: int) -> None:
        if done >= self.games:
            raise KeyboardInterrupt


@pytest.mark.parametrize("workers", [1, 2])
def test_interrupted_run_resumes_to_the_same_rows(workers: int, tmp_path: Path) -> None:
    game = zedlab.get("pig")
    out = tmp_path / "pig.parquet"
    full = run(game, 300, workers=1, seed=9)
    first = simulate(
        game, 300, workers=workers, seed=9, out=out, chunk_size=20, progress=_StopAfter(100)
    )
    assert first.interrupted
    partial = pq.read_table(out)  # readable after the interruption
    assert 100 <= partial.num_rows < 300
    assert partial.column("index").to_pylist() == list(range(partial.num_rows))
    second = simulate(game, 300, workers=workers, seed=9, out=out, resume=True)
    assert not second.interrupted
    assert second.played == 300 - partial.num_rows
    assert second.summaries[0].games == 300  # the summary covers the resumed rows too
    assert _same(pq.read_table(out), full)
    assert not out.with_name(out.name + ".partial").exists()


def test_resume_refuses_a_different_run(tmp_path: Path) -> None:
    out = tmp_path / "pig.parquet"
    run("pig", 10, workers=1, seed=1, out=out)
    with pytest.raises(ConfigError, match="different run"):
        run("pig", 20, workers=1, seed=2, out=out, resume=True)
    with pytest.raises(ConfigError, match="needs --out"):
        run("pig", 20, workers=1, resume=True)


def test_resume_can_extend_a_finished_run(tmp_path: Path) -> None:
    out = tmp_path / "pig.parquet"
    run("pig", 30, workers=1, seed=2, out=out)
    run("pig", 50, workers=2, seed=2, out=out, resume=True)
    assert _same(pq.read_table(out), run("pig", 50, workers=1, seed=2))


def test_compare_plays_both_lineups_on_the_same_seeds(tmp_cwd: Path) -> None:
    result = simulate(
        zedlab.get("pig"), 30, workers=2, bots="random", compare={1: "random"}, keep_rows=True
    )
    rows = result.table.to_pylist()
    assert [r["lineup"] for r in rows[:4]] == [0, 1, 0, 1]
    for a, b in zip(rows[0::2], rows[1::2], strict=True):
        assert a["seed"] == b["seed"] and a["index"] == b["index"]
        # Same bots and same bot seeds: the paired games are identical.
        assert a["scores"] == b["scores"]
    assert result.comparison is not None and result.comparison.pairs == 30
    diff, low, high = result.comparison.win_diff(0)
    # no difference in 30 paired games, but 30 games cannot show there is none at all
    assert diff == 0.0 and -0.2 < low < 0.0 < high < 0.2


def test_results_stream_in_row_groups(tmp_path: Path) -> None:
    """Rows reach the file in chunks, not all at the end."""
    from zedlab.sim.results import ResultWriter

    out = tmp_path / "chunks.parquet"
    writer = ResultWriter(out, {"key": "x"}, chunk_rows=10)
    table = run("pig", 35, workers=1)
    for row in table.to_pylist():
        writer.add([row])
    writer.close()
    meta = pq.ParquetFile(out).metadata
    assert meta.num_rows == 35 and meta.num_row_groups == 4


def test_compare_changes_only_the_named_seats(tmp_cwd: Path) -> None:
    game = TwoBotPig()
    result = simulate(
        game,
        30,
        workers=1,
        config={"players": 3},
        bots="hold",
        compare={2: "random"},
        keep_rows=True,
    )
    assert result.job.lineups == (("hold",) * 3, ("hold", "hold", "random"))
    rows = result.table.to_pylist()
    assert rows[0]["bots"] == ["hold"] * 3 and rows[1]["bots"] == ["hold", "hold", "random"]
    assert any(a["scores"] != b["scores"] for a, b in zip(rows[0::2], rows[1::2], strict=True))
    everyone = simulate(game, 2, workers=1, bots={1: "random"}, compare={"all": "hold"})
    assert everyone.job.lineups == (("random", "random"), ("hold", "hold"))
    with pytest.raises(ConfigError, match="no bot"):
        simulate(game, 2, workers=1, compare={1: "missing"})


def test_resume_to_fewer_games_than_the_file_holds_is_refused(tmp_path: Path) -> None:
    """The summary would count the file's 60 games while the file said 20: refused, and
    the file is left as it was."""
    game = zedlab.get("pig")
    out = tmp_path / "pig.parquet"
    simulate(game, 60, workers=1, seed=9, out=out)
    before = out.read_bytes()
    with pytest.raises(ConfigError, match=r"holds 60 games of this run .* give --games 60 or more"):
        simulate(game, 20, workers=1, seed=9, out=out, resume=True)
    assert out.read_bytes() == before
    assert not out.with_name(out.name + ".lock").exists()
    again = simulate(game, 80, workers=1, seed=9, out=out, resume=True)
    assert again.played == 20 and again.summaries[0].games == 80


def _traced_peak(out: Path, n: int) -> int:
    """Peak bytes of Python objects allocated while ``n`` Pig games are played in this
    process and written to ``out`` (``tracemalloc`` counts allocations, not pages: the
    same run gives the same figure, whatever else the machine is doing)."""
    tracemalloc.start()
    try:
        simulate(zedlab.get("pig"), n, workers=1, chunk_size=50, out=out)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_of_a_run_does_not_grow_with_its_games(tmp_path: Path) -> None:
    """Rows go to the results file (and the summary) a chunk at a time: a run of ten times
    the games holds no more of them at once."""
    simulate(zedlab.get("pig"), 60, workers=1, chunk_size=50, out=tmp_path / "warm.parquet")
    small = _traced_peak(tmp_path / "small.parquet", 300)
    large = _traced_peak(tmp_path / "large.parquet", 3000)
    assert pq.ParquetFile(tmp_path / "large.parquet").metadata.num_rows == 3000
    assert large < 1.25 * small + 100_000, (small, large)


def test_resume_trusts_a_journal_only_up_to_a_damaged_row(tmp_path: Path) -> None:
    """A journal line that is JSON with the right columns but a value of the wrong type
    (a damaged or hand-edited journal) is treated like a line cut short: the rows before it
    are kept, the games from it on are played again, and the file ends complete."""
    from zedlab.sim.results import JOURNAL_KEY, read_meta, row_line

    out = tmp_path / "pig.parquet"
    run("pig", 30, workers=1, seed=3, out=out)
    full = run("pig", 50, workers=1, seed=3)
    rows = sorted(full.to_pylist(), key=lambda r: r["index"])[30:]
    lines = [row_line(r) for r in rows]
    damaged = json.loads(lines[5])
    damaged["index"] = str(damaged["index"])  # "35": the right key, the wrong type
    lines[5] = json.dumps(damaged)
    header = json.dumps({JOURNAL_KEY: read_meta(out)}, sort_keys=True)
    out.with_name(out.name + ".partial").write_text("".join(
        line + "\n" for line in [header, *lines]), encoding="utf-8")
    again = simulate(zedlab.get("pig"), 50, workers=1, seed=3, out=out, resume=True)
    assert again.played == 15  # games 35-49: from the damaged row on
    assert _same(pq.read_table(out), full)


def test_dont_look_back_rows_count_rounds_and_leave_tier_empty() -> None:
    """Don't Look Back keeps a round count (its ruling 28), so the ``rounds`` column is
    filled (a two-board game of two Survivors takes several rounds); its rulebook prints no
    rating of a result, so ``tier`` is empty on purpose."""
    rows = run("dont-look-back", 3, seed=1, workers=1).to_pylist()
    assert [row["tier"] for row in rows] == [None, None, None]
    for row in rows:
        assert row["rounds"] is not None and row["rounds"] > 2, row
