"""Run many games: chunk the work, play it in-process, on a process pool or on Ray, and
stream the rows (in game order) to Parquet, a running summary and, optionally, memory.

Chunks may finish in any order; rows are passed on in index order, so the output is the
same for any number of workers and for Ray. Every row passed on is kept at once in the
journal ``OUT.partial`` (:class:`zedlab.sim.results.ResultWriter`): an interrupted run
(Ctrl-C) closes ``OUT`` cleanly with every row before the first unfinished chunk; a run
killed outright leaves those rows in the journal; either way ``resume=True`` plays only
the games missing. Pool workers die with the process that started them.

Workers hand back each chunk already summarised, and (where the run keeps rows) as an
Arrow table and journal lines (:class:`zedlab.sim.job.Packed`), so this process does
almost nothing per game and holds only the chunks in flight and one row group's buffer:
its memory does not grow with the number of games.

Only Parquet output (``out``, ``resume``, ``keep_rows``) needs pyarrow; a run that only
summarises works with the base install (the summaries are built row by row).

Failing games: the first ``fault_records`` of a run (in game order) keep their full record
and error note in ``fault_dir``; later ones keep only their row (its ``error`` column, and
their count in the summary), since a stuck game's record can be megabytes.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import make as make_bot
from ..core.engine import Game
from ..core.errors import ConfigError, ContentError
from ..core.match import make_config
from ..core.records import SEED_LIMIT
from ..core.rng import seed_for
from .job import GameRef, Job, Packed, Row, fault_paths, play_packed
from .setups import check_mode
from .stats import Comparison, Summary

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["Chunk", "SimResult", "check_setup", "lineup_of", "max_workers", "simulate"]

Chunk = tuple[int, int]
"""Games ``start <= i < stop``."""

BotSpec = str | Sequence[str] | Mapping[int, str] | Mapping[str, str] | None
"""Bots for the seats: one kind for all, a kind per seat, or ``{seat: kind}`` (others random)."""

DEFAULT_BOT = "random"
FAULT_RECORDS = 10
"""Failing games per run whose full record is kept (the rest keep only their row)."""
WORKERS_PER_CPU = 4
"""At most this many local worker processes per CPU (more only add start-up and switching)."""


def max_workers() -> int:
    """The most worker processes a local run starts: :data:`WORKERS_PER_CPU` per CPU."""
    return WORKERS_PER_CPU * (os.cpu_count() or 1)


@dataclass
class SimResult:
    """What a run produced.

    Attributes:
        summaries: one :class:`Summary` per line-up.
        comparison: paired differences between the two line-ups (``--compare`` only).
        table: all rows (only when asked to keep them).
        out: the results file, if one was written.
        fault_dir: where failing games' records went.
        played: games played by this call (a resumed run excludes earlier ones).
        seconds: wall time of this call.
        interrupted: whether the run was stopped before the end.
        workers: worker processes used (capped as :func:`simulate` describes).
        backend: ``local``, or ``ray (ADDRESS)``.
        fault_records_kept: failing games whose record was kept in ``fault_dir``.
        fault_records_dropped: failing games past the cap, kept only as rows.
        fault_records_unwritten: failing games whose record was due but could not be
            written (the faults folder cannot be made or written); kept only as rows.
    """

    job: Job
    games: int
    summaries: list[Summary]
    comparison: Comparison | None
    table: pa.Table | None = None
    out: Path | None = None
    fault_dir: Path | None = None
    played: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    workers: int = 1
    backend: str = "local"
    fault_records_kept: int = 0
    fault_records_dropped: int = 0
    fault_records_unwritten: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def games_per_second(self) -> float:
        """Games (per line-up) played per second by this call."""
        return self.played / self.seconds if self.seconds > 0 else 0.0


def lineup_of(game: Game[Any], config: Any, bots: BotSpec) -> tuple[str, ...]:
    """A bot kind per seat from a bot spec (a kind may carry parameters:
    ``"ismcts:iters=200"``; see :mod:`zedlab.bots.specs`).

    Raises:
        ConfigError: for an unknown kind or seat (the message lists the valid ones), or a
            bad bot parameter.
    """
    seats = game.seats(config)
    kinds = [DEFAULT_BOT] * seats
    if isinstance(bots, str):
        kinds = [bots] * seats
    elif isinstance(bots, Mapping):
        for key, kind in bots.items():
            if key in ("all", "*"):
                kinds = [kind] * seats
        for key, kind in bots.items():
            if key in ("all", "*"):
                continue
            try:
                seat = int(key)
            except ValueError:
                raise ConfigError(
                    f"bot seat {key!r} is not a number; seats are 0-{seats - 1}"
                ) from None
            if not 0 <= seat < seats:
                raise ConfigError(f"bot seat {seat} does not exist; seats are 0-{seats - 1}")
            kinds[seat] = kind
    elif bots is not None:
        kinds = list(bots)
        if len(kinds) != seats:
            raise ConfigError(f"{len(kinds)} bots given for {seats} seats")
    for kind in dict.fromkeys(kinds):
        make_bot(game, kind)  # an unknown kind or a bad parameter is a ConfigError now
    return tuple(kinds)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_bots(name: str, bots: object) -> None:
    """A bot spec is ``None``, a kind, a list of kinds or a ``{seat: kind}`` mapping."""
    if bots is None or isinstance(bots, str):
        return
    if isinstance(bots, Mapping):
        entries = list(bots.values())
    elif isinstance(bots, Sequence):
        entries = list(bots)
    else:
        raise ConfigError(
            f'{name}={bots!r}: give a bot kind ("random"), a list with a kind per seat, or '
            "{seat: kind}"
        )
    for kind in entries:
        if not isinstance(kind, str):
            raise ConfigError(f'{name}: a bot kind is a name like "random", got {kind!r}')


def _check_arguments(
    n: object,
    bots: object,
    compare: object,
    seed: object,
    workers: object,
    max_decisions: object,
    chunk_size: object,
    fault_records: object,
) -> None:
    """Refuse arguments of the wrong type or range before anything starts.

    Raises:
        ConfigError: naming the argument, the value given and what would be right.
    """
    counts = {
        "n (the number of games)": (n, 0),
        "max_decisions": (max_decisions, 1),
        "fault_records": (fault_records, 0),
    }
    for name, (value, least) in counts.items():
        if not _is_int(value) or value < least:  # type: ignore[operator]
            raise ConfigError(f"{name} must be a whole number >= {least}, got {value!r}")
    for name, value in {"workers": workers, "chunk_size": chunk_size}.items():
        if value is not None and (not _is_int(value) or value < 1):  # type: ignore[operator]
            raise ConfigError(f"{name} must be a whole number >= 1 (or None), got {value!r}")
    if not _is_int(seed):
        raise ConfigError(f"seed must be a whole number, got {seed!r}")
    if not 0 <= seed < SEED_LIMIT:  # type: ignore[operator]
        raise ConfigError(f"seed {seed} is out of range; seeds are 0 to {SEED_LIMIT - 1}")
    _check_bots("bots", bots)
    _check_bots("compare", compare)


def check_setup(game: Game[Any], config: Any, seed: int, content: Any = None) -> None:
    """Set up one game (game 0 of the run) here, before any worker starts or file is written.

    Some options can only be checked when a game is set up (a scenario without a layout for
    that many players, a first player who is not a seat, a content folder that does not
    load). Such a config would make every game of the run fail the same way, so it is
    refused as a usage error instead. Any other exception is left to the run, which records
    it as a fault with the failing game's record.

    Raises:
        ConfigError: if ``game.new`` raises a ``ConfigError`` or ``ContentError``.
    """
    try:
        if content is None:
            game.new(config, seed_for(seed, 0))
        else:
            game.new(config, seed_for(seed, 0), content)  # type: ignore[call-arg]
    except ConfigError:
        raise
    except ContentError as exc:
        raise ConfigError(str(exc)) from exc
    except Exception:
        return  # a bug in the rules, not a usage error: the run records it as a fault


def _chunks(n: int, done: set[int], size: int) -> Iterator[Chunk]:
    """Contiguous ranges of at most ``size`` of the games ``0..n-1`` not in ``done``.

    A generator, so a run of any length holds only the chunks in flight.
    """
    start = None
    for i in range(n):
        if i in done:
            if start is not None:
                yield (start, i)
                start = None
            continue
        if start is None:
            start = i
        elif i - start >= size:
            yield (start, i)
            start = i
    if start is not None:
        yield (start, n)


def _tapered(chunks: Iterator[Chunk], todo: int, size: int, workers: int) -> Iterator[Chunk]:
    """``chunks``, with those of the last two rounds (``2 * workers`` chunks) cut in four.

    The workers then run out of work within a quarter chunk of each other instead of a
    whole one. A row does not depend on its chunk, so neither do the results.
    """
    left = todo
    for start, stop in chunks:
        if workers > 1 and size >= 4 and left <= 2 * workers * size:
            step = -(-size // 4)
            for first in range(start, stop, step):
                yield (first, min(stop, first + step))
        else:
            yield (start, stop)
        left -= stop - start


def _worker_start(parent: int) -> None:
    """Set up a pool worker: it ignores Ctrl-C, and dies with the process that started it.

    Ctrl-C reaches the whole process group; only the parent handles it. If the parent is
    killed (even ``kill -9``), the worker must not play on: on Linux the kernel sends it
    SIGKILL (``prctl(PR_SET_PDEATHSIG)``); everywhere, a watchdog thread ends it within a
    second of its parent process id changing.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        _kill_with_parent()
    if os.getppid() != parent:
        os._exit(1)  # the parent died before the line above took effect
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


_PR_SET_PDEATHSIG = 1


def _kill_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; whether it took."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False  # the watchdog thread still ends the worker


def _watch_parent(parent: int) -> None:
    """End this worker process as soon as its parent is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _serial(job: Job, chunks: Iterator[Chunk]) -> Iterator[tuple[Chunk, Packed]]:
    for chunk in chunks:
        yield chunk, play_packed(job, *chunk)


def _start_method() -> str:
    """``fork`` where it is safe (POSIX, no other thread yet), else ``spawn``.

    Forked workers start at once and need no ``if __name__ == "__main__"`` guard in the
    caller's script; a process with threads must not fork, so it spawns (the game then
    has to import in the worker, as on Ray).
    """
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _pool(job: Job, chunks: Iterator[Chunk], workers: int) -> Iterator[tuple[Chunk, Packed]]:
    """A process pool of ``workers`` processes, fed a few chunks ahead (at most
    ``3 * workers`` in flight, so the results waiting in this process stay bounded).
    """
    context = multiprocessing.get_context(_start_method())
    executor = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
    )
    pending: dict[Future[Packed], Chunk] = {}
    queue = iter(chunks)
    try:
        for chunk in queue:
            pending[executor.submit(play_packed, job, *chunk)] = chunk
            if len(pending) >= 3 * workers:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                chunk = pending.pop(future)
                packed = future.result()
                del future
                nxt = next(queue, None)
                if nxt is not None:
                    pending[executor.submit(play_packed, job, *nxt)] = nxt
                yield chunk, packed
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def simulate(
    game: Game[Any],
    n: int,
    *,
    config: Any = None,
    bots: BotSpec = None,
    compare: BotSpec = None,
    seed: int = 1,
    workers: int | None = None,
    ray: str | bool | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    fault_dir: str | Path | None = None,
    keep_rows: bool = False,
    max_decisions: int = 20_000,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    fault_records: int = FAULT_RECORDS,
    content: str | Path | None = None,
    setup: str = "random",
    max_seconds: float | None = None,
) -> SimResult:
    """Play ``n`` games and summarise them; see :func:`zedlab.sim.run` for the arguments.

    Extra arguments:
        compare: a second line-up; every game is also played by it (same seeds). A
            ``{seat: kind}`` mapping changes only those seats of the first line-up.
        workers: as for :func:`zedlab.sim.run`, but never more than there are chunks of
            games to play, and (a local run) never more than :func:`max_workers`; the
            number used is :attr:`SimResult.workers`.
        keep_rows: also return all rows as a table (memory grows with ``n``).
        progress: called as ``progress(games_done, games_total)`` after each chunk; it may
            raise ``KeyboardInterrupt`` to stop the run as Ctrl-C would.
        overwrite: replace an earlier run's results in ``out`` (never a file that is not
            a results file); without it, or ``resume``, an existing ``out`` is refused.
        fault_records: how many failing games (the first, in game order) keep their full
            record in ``fault_dir``; the rest keep only their row.
        content: a content folder to play with instead of the packaged content.
        setup: ``"random"`` (default): the Survivors or characters that the config leaves
            open are drawn per game from its seed, so no seat always gets the same one;
            ``"table"``: the game and its bots choose them (:mod:`zedlab.sim.setups`).
        max_seconds: stop a game that runs longer than this (wall time) and count it as a
            fault (see :class:`zedlab.sim.job.Job`); ``None``: no limit.
    Raises:
        ConfigError: bad config, bots or resume file, or a config no game can be set up
            with (see :func:`check_setup`).
    """
    _check_arguments(n, bots, compare, seed, workers, max_decisions, chunk_size, fault_records)
    check_mode(setup)
    if max_seconds is not None and not (
        isinstance(max_seconds, int | float) and not isinstance(max_seconds, bool)
        and max_seconds > 0
    ):
        raise ConfigError(f"max_seconds must be a number > 0 (or None), got {max_seconds!r}")
    if isinstance(ray, str) and ray != "local":
        from .ray_backend import check_address

        check_address(ray)  # before any file is written or Ray is waited on
    cfg = make_config(game, config)
    lineups = [lineup_of(game, cfg, bots)]
    if compare is not None:
        overrides: Any = compare
        if isinstance(compare, Mapping) and not {"all", "*"} & set(compare):
            # {seat: kind} changes only those seats of the first line-up.
            overrides = {**dict(enumerate(lineups[0])), **compare}
        lineups.append(lineup_of(game, cfg, overrides))
    try:
        pack = game.load_content(content)
    except ContentError as exc:
        raise ConfigError(str(exc)) from exc
    if pack is None and content is not None:
        raise ConfigError(f"{game.name} has no content files; --content does not apply")
    check_setup(game, cfg, seed, pack)
    out_path = Path(out) if out is not None else None
    if out_path is not None:
        from .results import check_out

        check_out(out_path, resume=resume, overwrite=overwrite)
    elif resume:
        raise ConfigError("--resume needs --out: the results file to continue")
    elif overwrite:
        raise ConfigError("--overwrite needs --out: the results file to replace")
    if fault_dir is None:
        fault_dir = (
            out_path.with_name(out_path.stem + ".faults") if out_path else Path("zedlab-faults")
        )
    if Path(fault_dir).exists() and not Path(fault_dir).is_dir():
        raise ConfigError(
            f"{fault_dir} is a file, not a folder for failing games' records; move it, or "
            "choose another --out"
        )
    config_data = cfg.model_dump(mode="json")
    job = Job(
        game=GameRef.of(game),
        config=config_data,
        seed=seed,
        lineups=tuple(lineups),
        max_decisions=max_decisions,
        fault_dir=str(Path(fault_dir).absolute()),
        config_json=json.dumps(config_data, sort_keys=True),
        fault_records=fault_records,
        started_ns=time.time_ns(),
        content=None if content is None else str(Path(content).absolute()),
        content_digest=getattr(pack, "digest", None),
        setup=setup,
        max_seconds=max_seconds,
        columns=out_path is not None or keep_rows,
        journal=out_path is not None,
    )
    workers = max(1, workers or os.cpu_count() or 1)
    if not ray or ray is True or ray == "local":
        workers = min(workers, max_workers())
    summaries = [Summary() for _ in lineups]
    comparison = Comparison() if compare is not None else None
    kept: list[Row] = []  # rows of an earlier run (resume), with keep_rows
    tables: list[pa.Table] = []  # this run's chunks, with keep_rows

    def count(rows: list[Row]) -> None:
        for row in rows:
            summaries[row["lineup"]].add(row)
        if comparison is not None:
            for a, b in zip(rows[0::2], rows[1::2], strict=True):
                comparison.add(a, b)

    done: set[int] = set()
    if resume or out_path is not None or keep_rows:
        from .results import ResultWriter, mark_dropped, read_done, row_line
    metadata = {
        "key": job.key(),
        "game": game.name,
        "rules_version": game.rules_version,
        "config": config_data,
        "seed": seed,
        "lineups": [list(lu) for lu in lineups],
        "games": n,
        "setup": setup,
    }
    # The writer takes the run's lock before an earlier run's rows are read.
    writer = (
        ResultWriter(out_path, metadata, keep_existing=resume) if out_path is not None else None
    )
    try:
        if resume:
            assert out_path is not None and writer is not None
            if out_path.exists():
                done = read_done(out_path, job.key())
                _recount(out_path, count, kept if keep_rows else None)
            # rows a stopped (or killed) run had kept in its journal
            done.update(row["index"] for row in writer.recovered)
            _check_total(out_path, done, n)
            count(writer.recovered)
            if keep_rows:
                kept.extend(writer.recovered)
    except BaseException:
        if writer is not None:
            writer.abort()
        raise
    todo = n - len([i for i in done if i < n])
    if chunk_size is None:
        chunk_size = max(1, min(200, todo // (workers * 16) or 1))
    # Never more workers than chunks to play: an idle process only costs its start-up.
    workers = min(workers, max(1, -(-todo // chunk_size)))
    issued: deque[Chunk] = deque()  # chunks handed to the backend, in game order

    def chunks() -> Iterator[Chunk]:
        for chunk in _tapered(_chunks(n, done, chunk_size), todo, chunk_size, workers):
            issued.append(chunk)
            yield chunk

    backend_name = "local"
    if ray:
        from .ray_backend import iter_chunks as ray_chunks

        address = None if ray is True or ray == "local" else str(ray)
        backend = ray_chunks(job, chunks(), address=address, workers=workers)
        backend_name = f"ray ({address or 'local'})"
    elif workers == 1 or todo <= chunk_size:
        backend = _serial(job, chunks())
    else:
        backend = _pool(job, chunks(), workers)
    per_game = len(lineups)
    played = 0
    interrupted = False
    started = time.perf_counter()
    waiting: dict[Chunk, Packed] = {}
    faults = {"kept": 0, "dropped": 0, "unwritten": 0}

    def cap_faults(packed: Packed) -> None:
        # In game order, so the records kept are the same for any number of workers.
        dropped: list[int] = []
        for position, row in packed.faults:
            if faults["kept"] < fault_records:
                if row["fault_record"] is not None:
                    faults["kept"] += 1
                else:  # its record was due but the faults folder could not be written
                    faults["unwritten"] += 1
                continue
            faults["dropped"] += 1
            if row["fault_record"] is not None:
                for path in fault_paths(job.fault_dir or "", row["index"], row["lineup"]):
                    path.unlink(missing_ok=True)
                row["fault_record"] = None
                dropped.append(position)
                if packed.lines is not None:
                    packed.lines[position] = row_line(row)
        if dropped and packed.table is not None:
            packed.table = mark_dropped(packed.table, dropped)

    try:
        if progress is not None:
            progress(len(done), n)
        for chunk, packed in backend:
            waiting[chunk] = packed
            while issued and issued[0] in waiting:
                ready = waiting.pop(issued.popleft())
                cap_faults(ready)
                if writer is not None:
                    assert ready.lines is not None
                    writer.add_packed(ready.lines, ready.table)
                if keep_rows:
                    tables.append(ready.table)
                for summary, part in zip(summaries, ready.summaries, strict=True):
                    summary.merge(part)
                if comparison is not None and ready.comparison is not None:
                    comparison.merge(ready.comparison)
                played += ready.rows // per_game
                del ready
                if progress is not None:
                    progress(len(done) + played, n)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(backend, "close", None)
        if close is not None:
            close()
        if writer is not None:
            writer.close()
    seconds = time.perf_counter() - started
    table = None
    if keep_rows:
        table = _gather(kept, tables, metadata)
    return SimResult(
        job=job,
        games=n,
        summaries=summaries,
        comparison=comparison,
        table=table,
        out=out_path,
        fault_dir=Path(fault_dir),
        played=played,
        seconds=seconds,
        interrupted=interrupted,
        workers=workers,
        backend=backend_name,
        fault_records_kept=faults["kept"],
        fault_records_dropped=faults["dropped"],
        fault_records_unwritten=faults["unwritten"],
    )


def _gather(kept: list[Row], tables: list[pa.Table], metadata: dict[str, Any]) -> pa.Table:
    """One table of an earlier run's rows and this run's chunks, sorted by game and line-up."""
    import pyarrow as pa

    from .results import rows_to_table

    first = rows_to_table(kept, metadata)
    table = pa.concat_tables([first, *tables]) if tables else first
    if kept:
        table = table.sort_by([("index", "ascending"), ("lineup", "ascending")])
    return table.replace_schema_metadata(first.schema.metadata).combine_chunks()


def _check_total(path: Path, done: set[int], n: int) -> None:
    """Refuse to resume a run to fewer games than its file already holds (the summary and
    the file's ``games`` would say different things).

    Raises:
        ConfigError: naming the file, the games it holds and the ``--games`` to give.
    """
    beyond = sum(1 for i in done if i >= n)
    if beyond:
        held = max(done) + 1
        raise ConfigError(
            f"--out {path}: holds {len(done):,} games of this run (up to game {held:,}), more "
            f"than --games {n:,}; give --games {held} or more to continue it, or --overwrite "
            f"to start again with {n:,}"
        )


def _recount(path: Path, count: Callable[[list[Row]], None], kept: list[Row] | None) -> None:
    """Feed the rows of an existing results file to the summaries, batch by batch."""
    import pyarrow.parquet as pq

    for batch in pq.ParquetFile(path).iter_batches(batch_size=8192):
        rows = batch.to_pylist()
        count(rows)
        if kept is not None:
            kept.extend(rows)
