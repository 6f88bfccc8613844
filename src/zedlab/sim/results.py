"""The results table: its columns, and streaming it to Parquet in chunks.

One row per game (per line-up with ``--compare``)::

    index        int64          game number i (0-based)
    lineup       int8           0, or 1 for the second line-up of --compare
    seed         int64          seed_for(S, i): the game's set-up seed
    game         string         registry name
    config       string         the config as JSON (sorted keys)
    bots         list<string>   bot kind per seat
    scores       list<double>   score per seat (null for a failed game)
    winners      list<int16>    winning seats (empty: nobody won; null: failed)
    tier         string         the rulebook's rating (null where the game has none: the
                                rulebooks of Don't Look Back and Run, Fight, or Die!
                                print no rating of a result)
    reason       string         why the game ended ("error" for a failed game)
    decisions    int32          decisions played
    rounds       int32          rounds played: the game's ``rounds(state)`` if it defines
                                one, else a state field round/rounds/round_number/turn/
                                turns; null where the game keeps no count
    wall_ms      double         wall time of the game in milliseconds (not reproducible)
    error        string         "ExceptionType: message" for a failed game, else null
    fault_record string         path of the failed game's saved record, else null
    setup        list<list<string>>  what each seat had: Survivor or character ids, a
                                Base as ``base:ID`` (drawn per game unless fixed; see
                                :mod:`zedlab.sim.setups`); null where not known
    first        int16          the seat that took the first turn; null where not known

The file's schema metadata ``zedlab.sim`` holds the run parameters (JSON), used by
``--resume`` to refuse continuing a different run. Read the file with pyarrow, polars or
DuckDB (``SELECT avg(scores[1]) FROM 'results.parquet'``).
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..core.errors import ConfigError
from .job import Row

__all__ = [
    "COLUMNS",
    "SCHEMA",
    "ResultWriter",
    "check_out",
    "is_results_file",
    "mark_dropped",
    "read_done",
    "row_line",
    "rows_to_table",
]

SCHEMA = pa.schema(
    [
        ("index", pa.int64()),
        ("lineup", pa.int8()),
        ("seed", pa.int64()),
        ("game", pa.string()),
        ("config", pa.string()),
        ("bots", pa.list_(pa.string())),
        ("scores", pa.list_(pa.float64())),
        ("winners", pa.list_(pa.int16())),
        ("tier", pa.string()),
        ("reason", pa.string()),
        ("decisions", pa.int32()),
        ("rounds", pa.int32()),
        ("wall_ms", pa.float64()),
        ("error", pa.string()),
        ("fault_record", pa.string()),
        ("setup", pa.list_(pa.list_(pa.string()))),
        ("first", pa.int16()),
    ]
)
COLUMNS = SCHEMA.names
META_KEY = b"zedlab.sim"


def rows_to_table(rows: list[Row], metadata: dict[str, Any] | None = None) -> pa.Table:
    """Rows (dicts) to an Arrow table with :data:`SCHEMA`."""
    schema = SCHEMA if metadata is None else _with_meta(metadata)
    arrays = [pa.array([r[name] for r in rows], type=schema.field(name).type) for name in COLUMNS]
    return pa.Table.from_arrays(arrays, schema=schema)


def mark_dropped(table: pa.Table, positions: list[int]) -> pa.Table:
    """``table`` with no ``fault_record`` in the rows at ``positions`` (records dropped)."""
    records = table.column("fault_record").to_pylist()
    for position in positions:
        records[position] = None
    where = table.schema.get_field_index("fault_record")
    return table.set_column(where, table.schema.field(where), pa.array(records, pa.string()))


def _with_meta(metadata: dict[str, Any]) -> pa.Schema:
    return SCHEMA.with_metadata({META_KEY: json.dumps(metadata, sort_keys=True).encode()})


def read_meta(path: str | Path) -> dict[str, Any] | None:
    """The run parameters stored in a results file (``None`` if it has none)."""
    meta = pq.read_schema(path).metadata or {}
    raw = meta.get(META_KEY)
    return json.loads(raw) if raw else None


def is_results_file(path: str | Path) -> bool:
    """Whether ``path`` is a Parquet file written by a simulation (it has the run metadata)."""
    try:
        return read_meta(path) is not None
    except (OSError, ValueError, pa.ArrowException):
        return False


def check_out(path: Path, *, resume: bool, overwrite: bool) -> None:
    """Refuse an ``out`` path whose existing file the run would wrongly replace.

    A missing path is fine. An existing file must be a results file (any other file is
    never replaced); it is continued with ``resume`` or replaced with ``overwrite``, and
    refused without either, so an earlier run's results are not lost by accident.

    Raises:
        ConfigError: naming the file and the way out.
    """
    if resume and overwrite:
        raise ConfigError(
            "--resume continues the results in --out, --overwrite replaces them; give one"
        )
    if not path.parent.is_dir():
        raise ConfigError(
            f"--out {path}: the folder {path.parent} does not exist (create it first)"
        )
    holder = lock_holder(path)
    if holder is not None:
        raise ConfigError(
            f"--out {path}: another simulation (process {holder}) is writing to it now; "
            "wait for it to finish or choose another --out"
        )
    kept = journal_path(path)
    if not resume and not overwrite and journal_meta(path) is not None:
        raise ConfigError(
            f"--out {path}: {kept.name} holds the rows of a run that was stopped; add "
            "--resume to continue it, --overwrite to discard it, or choose another name"
        )
    if not path.exists():
        return
    if not is_results_file(path):
        raise ConfigError(
            f"--out {path}: exists and is not a ZedLab results file; choose another name "
            "(it is never replaced)"
        )
    if not resume and not overwrite:
        raise ConfigError(
            f"--out {path}: holds the results of an earlier run; add --resume to continue "
            "it, --overwrite to replace it, or choose another name"
        )


def read_done(path: str | Path, key: str) -> set[int]:
    """Indices of the games already in a results file written by the same run.

    Raises:
        ConfigError: if the file is unreadable or was written by a different run
            (other game, config, seed or bots).
    """
    try:
        meta = read_meta(path)
        indices = pq.read_table(path, columns=["index"]).column("index").to_pylist()
    except (OSError, pa.ArrowException) as exc:
        raise ConfigError(f"{path}: cannot resume from it: {exc}") from None
    if meta is None or meta.get("key") != key:
        raise ConfigError(
            f"{path} holds results of a different run (game, config, seed or bots differ); "
            "use another --out, or the same options as that run"
        )
    return set(indices)


class ResultWriter:
    """Keeps every row as soon as it is produced, and has ``PATH`` complete when the run closes.

    Rows are appended to the journal ``PATH.partial`` (JSON lines: a header line with the
    run's metadata, then one row per line), flushed after every :meth:`add`, so a run
    killed at any moment (even ``kill -9``) keeps every row it had; ``--resume`` takes them
    back (:attr:`recovered`). The same rows stream to a staged Parquet file beside ``PATH``
    (the rows of an existing ``PATH`` first, with ``keep_existing``), a row group of
    ``chunk_rows`` rows at a time, so memory stays flat however many rows the run has;
    :meth:`close` finishes it, moves it into place and removes the journal. ``PATH`` is
    always a complete file.

    While the run lasts it holds ``PATH.lock`` (a file lock, and the run's process id in
    the file): a second run on the same ``PATH`` is refused; a lock whose process is gone
    (a run that was killed) is taken over.
    """

    def __init__(
        self,
        path: str | Path,
        metadata: dict[str, Any],
        *,
        keep_existing: bool = False,
        chunk_rows: int = 8192,
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.tmp = journal_path(self.path)
        self._lock: IO[bytes] | None = _lock_run(lock_path(self.path), self.path)
        self.schema = _with_meta(metadata)
        self.metadata = metadata
        self.keep_existing = keep_existing
        self.chunk_rows = chunk_rows
        self.written = 0
        self.recovered: list[Row] = []
        self.staged = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        _drop_stale_staged(self.path)
        self._parquet: pq.ParquetWriter | None = None
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._journal: IO[str] | None = None
        try:
            if keep_existing:
                self.recovered = read_journal(self.path, metadata.get("key"))
            header = json.dumps({JOURNAL_KEY: metadata}, sort_keys=True)
            lines = [header, *(row_line(r) for r in self.recovered)]
            _replace_text(self.tmp, "".join(line + "\n" for line in lines))
            self._journal = open(self.tmp, "a", encoding="utf-8")  # noqa: SIM115
            self._parquet = pq.ParquetWriter(self.staged, self.schema)
            if keep_existing and self.path.exists():
                for batch in _batches(self.path):
                    self._parquet.write_table(pa.Table.from_batches([batch]).cast(self.schema))
            for start in range(0, len(self.recovered), chunk_rows):
                self._stage(rows_to_table(self.recovered[start : start + chunk_rows]))
        except OSError as exc:
            self._discard()
            raise ConfigError(
                f"--out {self.path}: cannot write {self.tmp}: {exc.strerror or exc}"
            ) from None
        except BaseException:
            self._discard()
            raise
        self.written = len(self.recovered)

    def add(self, rows: list[Row]) -> None:
        """Append rows to the journal, flushed at once (they survive the process dying)."""
        if self._journal is None or not rows:
            return
        self.add_packed([row_line(r) for r in rows], rows_to_table(rows))

    def add_packed(self, lines: list[str], table: pa.Table) -> None:
        """Append rows given as journal lines and as a table (the same rows, in order)."""
        if self._journal is None or not lines:
            return
        self._journal.write("\n".join(lines) + "\n")
        self._journal.flush()
        self.written += len(lines)
        self._stage(table)

    def _stage(self, table: pa.Table) -> None:
        """Buffer rows for the staged file; write whole row groups of ``chunk_rows``."""
        self._buffer.append(table)
        self._buffered += table.num_rows
        while self._buffered >= self.chunk_rows:
            self._write_buffer(self.chunk_rows)

    def _write_buffer(self, size: int) -> None:
        assert self._parquet is not None
        whole = pa.concat_tables(self._buffer)
        head, rest = whole.slice(0, size), whole.slice(size)
        self._parquet.write_table(head.cast(self.schema).combine_chunks(), row_group_size=size)
        self._buffer = [rest] if rest.num_rows else []
        self._buffered = rest.num_rows

    def flush(self) -> None:
        """Make sure every row added is in the journal (:meth:`add` already flushes)."""
        if self._journal is not None:
            self._journal.flush()

    def close(self) -> None:
        """Finish ``PATH`` (earlier rows, then this run's), then remove the journal."""
        if self._journal is None:
            return
        self._journal.close()
        self._journal = None
        try:
            try:
                if self._buffered:
                    self._write_buffer(self._buffered)
            finally:
                assert self._parquet is not None
                self._parquet.close()
                self._parquet = None
            os.replace(self.staged, self.path)
            self.tmp.unlink(missing_ok=True)
        except OSError as exc:
            raise ConfigError(
                f"--out {self.path}: cannot write it: {exc.strerror or exc}; the rows are "
                f"kept in {self.tmp} (continue with --resume)"
            ) from None
        finally:
            self._discard()

    def abort(self) -> None:
        """Stop without writing ``PATH``: the journal stays for a later ``--resume``."""
        self._discard()

    def _discard(self) -> None:
        """Close the journal, drop the staged file and the buffer, and unlock."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        if self._parquet is not None:
            with contextlib.suppress(OSError, pa.ArrowException):
                self._parquet.close()  # the staged file is removed below anyway
            self._parquet = None
        self._buffer, self._buffered = [], 0
        self.staged.unlink(missing_ok=True)
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            lock_path(self.path).unlink(missing_ok=True)
            self._lock.close()
            self._lock = None


JOURNAL_KEY = "zedlab.sim"


def journal_path(path: Path) -> Path:
    """The journal of a run writing ``path``: ``PATH.partial``."""
    return path.with_name(path.name + ".partial")


def lock_path(path: Path) -> Path:
    """The lock of a run writing ``path``: ``PATH.lock``."""
    return path.with_name(path.name + ".lock")


def row_line(row: Row) -> str:
    """A row as a journal line (JSON, without the line end)."""
    return json.dumps({name: row[name] for name in COLUMNS})


def _replace_text(target: Path, text: str) -> None:
    """Write ``target`` through a temporary file beside it (removed whatever happens)."""
    staged = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        staged.write_text(text, encoding="utf-8")
        os.replace(staged, target)
    finally:
        staged.unlink(missing_ok=True)


def _journal_lines(journal: Path) -> Iterator[Row]:
    """The rows of a journal after its header, stopping at a line cut short."""
    with open(journal, encoding="utf-8", errors="replace") as file:
        file.readline()
        for line in file:
            if not line.endswith("\n"):
                return  # the last line, cut short when the run was killed
            try:
                row = json.loads(line)
            except ValueError:
                return
            if not isinstance(row, dict) or set(row) != set(COLUMNS):
                return
            yield row


def journal_meta(path: Path) -> dict[str, Any] | None:
    """The run metadata in the header of ``PATH.partial`` (``None``: no usable journal)."""
    try:
        with open(journal_path(path), encoding="utf-8", errors="replace") as file:
            header = json.loads(file.readline())
    except (OSError, ValueError):
        return None
    meta = header.get(JOURNAL_KEY) if isinstance(header, dict) else None
    return meta if isinstance(meta, dict) else None


def read_journal(path: Path, key: str | None) -> list[Row]:
    """The rows of whole games kept in ``PATH.partial`` by a run that was stopped.

    A line cut short, and a game missing a line-up's row, are left out (they are played
    again). Games already in ``PATH`` are left out too.

    Raises:
        ConfigError: if the journal was written by a different run.
    """
    journal = journal_path(path)
    if not journal.exists():
        return []
    meta = journal_meta(path)
    if meta is None:
        return []  # not even a header: nothing was kept
    if meta.get("key") != key:
        raise ConfigError(
            f"{journal} holds results of a different run (game, config, seed or bots differ); "
            "use the same options as that run, or --overwrite to discard them"
        )
    lineups = len(meta.get("lineups") or [()])
    rows = _well_typed(list(_journal_lines(journal)))
    per_game: dict[int, int] = {}
    for row in rows:
        per_game[row["index"]] = per_game.get(row["index"], 0) + 1
    done = read_done(path, key or "") if path.exists() else set()
    keep = {i for i, k in per_game.items() if k == lineups and i not in done}
    return [r for r in rows if r["index"] in keep]


def _well_typed(rows: list[Row]) -> list[Row]:
    """``rows`` up to the first one whose values do not fit :data:`SCHEMA` (a damaged
    line that is still JSON): the journal is trusted only up to it, like a line cut short."""
    try:
        rows_to_table(rows)
        return rows
    except (pa.ArrowException, TypeError, ValueError):
        for position, row in enumerate(rows):
            try:
                rows_to_table([row])
            except (pa.ArrowException, TypeError, ValueError):
                return rows[:position]
        return rows


def _process_gone(pid: int) -> bool:
    """Whether no live process has id ``pid`` (a zombie counts as gone)."""
    if pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, another user's
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return False
    return fields[0] == "Z"


def lock_holder(path: Path) -> int | None:
    """The process id of a live run writing ``path`` (``None`` if there is none)."""
    try:
        text = lock_path(path).read_text().strip()
    except (OSError, ValueError):
        return None
    if not text.isdecimal():
        return None
    pid = int(text)
    return None if _process_gone(pid) else pid


def _lock_run(lock: Path, path: Path) -> IO[bytes]:
    """Take ``lock`` (``PATH.lock``) for the whole run: a file lock, and this process's id.

    A lock held by a process that is gone (a run killed with its worker processes still
    holding the file) is recognised by its process id and taken over.

    Raises:
        ConfigError: if another live run holds it, or it cannot be written.
    """
    try:
        import fcntl
    except ImportError:  # not POSIX: the process id alone tells a live run
        fcntl = None  # type: ignore[assignment]
    for _ in range(5):
        try:
            handle = open(lock, "a+b")  # noqa: SIM115 - held open until close()
        except OSError as exc:
            raise ConfigError(f"--out {path}: cannot write {lock}: {exc.strerror or exc}") from None
        try:
            busy = False
            if fcntl is not None:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    busy = True
            holder = lock_holder(path)
            if busy and holder is None and not lock.read_bytes().strip():
                handle.close()  # just taken by a run that has not written its id yet
                time.sleep(0.2)
                continue
            if holder is not None and (busy or (fcntl is None and holder != os.getpid())):
                raise ConfigError(
                    f"--out {path}: another simulation (process {holder}) is writing to it "
                    f"now; wait for it to finish or choose another --out"
                )
            if busy:
                # held only by processes left over from a run that was killed: start afresh
                lock.unlink(missing_ok=True)
                handle.close()
                continue
            if os.fstat(handle.fileno()).st_ino != os.stat(lock).st_ino:
                handle.close()  # replaced meanwhile by another run taking over: look again
                continue
            handle.truncate(0)
            handle.write(str(os.getpid()).encode())
            handle.flush()
            return handle
        except OSError as exc:
            handle.close()
            raise ConfigError(f"--out {path}: cannot write {lock}: {exc.strerror or exc}") from None
        except BaseException:
            handle.close()
            raise
    raise ConfigError(f"--out {path}: cannot take {lock}; another run keeps changing it")


def _drop_stale_staged(path: Path) -> None:
    """Remove the staged Parquet files (``.PATH.PID.tmp``) of earlier runs on ``path`` that
    were killed before they could: called with the run's lock held, so no other run on
    ``path`` is writing one (a process id reused since does not keep a file alive)."""
    prefix = f".{path.name}."
    for staged in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        pid = staged.name[len(prefix):-len(".tmp")]
        if pid.isdecimal() and int(pid) != os.getpid():
            with contextlib.suppress(OSError):
                staged.unlink()


def _batches(path: Path) -> Iterator[pa.RecordBatch]:
    yield from pq.ParquetFile(path).iter_batches(batch_size=8192)
