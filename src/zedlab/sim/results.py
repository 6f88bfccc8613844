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
    tier         string         the rulebook's rating (null where the game has none)
    reason       string         why the game ended ("error" for a failed game)
    decisions    int32          decisions played
    rounds       int32          rounds played: the game's ``rounds(state)`` if it defines
                                one, else a state field round/rounds/round_number/turn/
                                turns; null where the game keeps no count
    wall_ms      double         wall time of the game in milliseconds (not reproducible)
    error        string         "ExceptionType: message" for a failed game, else null
    fault_record string         path of the failed game's saved record, else null

The file's schema metadata ``zedlab.sim`` holds the run parameters (JSON), used by
``--resume`` to refuse continuing a different run. Read the file with pyarrow, polars or
DuckDB (``SELECT avg(scores[1]) FROM 'results.parquet'``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    "read_done",
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
    ]
)
COLUMNS = SCHEMA.names
META_KEY = b"zedlab.sim"


def rows_to_table(rows: list[Row], metadata: dict[str, Any] | None = None) -> pa.Table:
    """Rows (dicts) to an Arrow table with :data:`SCHEMA`."""
    schema = SCHEMA if metadata is None else _with_meta(metadata)
    arrays = [pa.array([r[name] for r in rows], type=schema.field(name).type) for name in COLUMNS]
    return pa.Table.from_arrays(arrays, schema=schema)


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
    """Streams rows to a Parquet file in row groups of ``chunk_rows``.

    Rows go to ``PATH.partial`` and the file is renamed onto ``PATH`` when closed, so
    ``PATH`` is always a complete, readable file — also after an interrupted run. With
    ``keep_existing`` the rows of an existing ``PATH`` are copied first (for ``--resume``),
    batch by batch so memory stays flat.
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
        self.tmp = self.path.with_name(self.path.name + ".partial")
        self._lock = _lock_partial(self.tmp, self.path)
        self.schema = _with_meta(metadata)
        self.chunk_rows = chunk_rows
        self.rows: list[Row] = []
        self.written = 0
        self._writer: pq.ParquetWriter | None = pq.ParquetWriter(self.tmp, self.schema)
        if keep_existing and self.path.exists():
            for batch in _batches(self.path):
                self._writer.write_table(pa.Table.from_batches([batch]).cast(self.schema))
                self.written += batch.num_rows

    def add(self, rows: list[Row]) -> None:
        """Queue rows; a full chunk is written at once."""
        self.rows.extend(rows)
        if len(self.rows) >= self.chunk_rows:
            self.flush()

    def flush(self) -> None:
        """Write the queued rows as one row group."""
        if self.rows and self._writer is not None:
            self._writer.write_table(rows_to_table(self.rows).cast(self.schema))
            self.written += len(self.rows)
            self.rows = []

    def close(self) -> None:
        """Write what is queued, finish the file and move it onto :attr:`path`."""
        if self._writer is None:
            return
        self.flush()
        self._writer.close()
        self._writer = None
        try:
            os.replace(self.tmp, self.path)
        except OSError as exc:
            raise ConfigError(
                f"--out {self.path}: cannot move {self.tmp.name} onto it: {exc.strerror or exc}"
            ) from None
        finally:
            if self._lock is not None:
                self._lock.close()
                self._lock = None


def _lock_partial(tmp: Path, path: Path) -> Any:
    """Hold an exclusive lock on ``tmp`` (``PATH.partial``) for the whole run.

    A second run on the same ``--out`` finds it held and is refused before it writes; a
    ``.partial`` left by a run that died is not held, so it is simply overwritten. Returns
    the open file that holds the lock (``None`` where file locks are unavailable).

    Raises:
        ConfigError: if another live run holds it, or it cannot be opened.
    """
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, the rename still reports a clash
        return None
    try:
        handle = open(tmp, "ab")  # noqa: SIM115 - held open until close()
    except OSError as exc:
        raise ConfigError(f"--out {path}: cannot write {tmp}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise ConfigError(
            f"--out {path}: another simulation is writing to it now ({tmp.name} is in use); "
            "wait for it to finish or choose another --out"
        ) from None
    return handle


def _batches(path: Path) -> Iterator[pa.RecordBatch]:
    yield from pq.ParquetFile(path).iter_batches(batch_size=8192)
