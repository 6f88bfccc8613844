"""Where the terminal keeps games: the autosave folder and who sits in each seat.

Layout
------
The data directory is ``platformdirs.user_data_dir("zedlab")`` (on Linux
``~/.local/share/zedlab``), or the directory named by the environment variable
``ZEDLAB_DATA_DIR`` when it is set (tests and portable installs use it). Inside it::

    autosave/<game>.json        the record of the last game of <game> (a plain ZedLab record,
                                so `zedlab replay` and `zedlab play --load` read it)
    autosave/<game>.seats.json  the sidecar: who played each seat and the session's whole
                                event log, so `zedlab play --resume` puts the same bots back
                                and `log` still shows every event
    records/<game>-<UTC time>-seed<seed>.json   every finished game's record (never
                                overwritten), with its sidecar beside it

The sidecar of ``X.json`` is ``X.seats.json``::

    {"seats": ["human", "heuristic"], "steps": 42,
     "log": {"0": ["line", ...], "spectator": [...]}}

``steps`` is the number of actions the log covers; a log that does not match the record is
ignored. ``save FILE`` writes the same sidecar beside FILE, and ``zedlab play --load FILE``
uses its seats unless ``--bot``/``--human`` are given (without a sidecar: seat 0 at the
keyboard and the game's best bot in the other seats). ``zedlab play --resume`` continues the
most recently written autosave.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

from ..core.errors import ZedLabError
from ..core.match import Match

__all__ = [
    "EventLog",
    "autosave",
    "autosave_path",
    "data_dir",
    "keep_finished",
    "latest_autosave",
    "read_log",
    "read_seats",
    "seats_path",
    "write_sidecar",
]

EventLog = dict[int | None, list[str]]
"""Event lines per seat (``None``: a spectator's), from the start of the game."""


def data_dir() -> Path:
    """The per-user data directory (``$ZEDLAB_DATA_DIR`` if set)."""
    override = os.environ.get("ZEDLAB_DATA_DIR")
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("zedlab", appauthor=False))


def autosave_path(game: str) -> Path:
    """The autosave file of ``game``."""
    return data_dir() / "autosave" / f"{game}.json"


def seats_path(record_path: Path) -> Path:
    """The sidecar of a record file: ``X.json`` -> ``X.seats.json``."""
    return record_path.with_name(record_path.stem + ".seats.json")


def write_sidecar(
    record_path: Path, seats: list[str], steps: int, log: EventLog | None = None
) -> Path:
    """Write the sidecar of ``record_path`` atomically; returns its path.

    Raises:
        OSError: if it cannot be written.
    """
    target = seats_path(record_path)
    data: dict[str, object] = {"seats": seats, "steps": steps}
    if log is not None:
        data["log"] = {("spectator" if k is None else str(k)): v for k, v in log.items()}
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(target)
    return target


def autosave(match: Match, seats: list[str], log: EventLog | None = None) -> Path:
    """Write the match's record and its sidecar to the autosave folder; returns the record path.

    Both files are written atomically (temporary file, then rename).
    """
    path = autosave_path(match.game.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_sidecar(path, seats, len(match.steps), log)
    match.save(path)
    return path


def keep_finished(
    match: Match, seats: list[str], log: EventLog | None = None, now: datetime | None = None
) -> Path:
    """Write a finished game to its own file in ``records/`` (with its sidecar); returns it.

    The name is ``<game>-<YYYYMMDDTHHMMSSZ>-seed<seed>.json`` (UTC), with ``-2``, ``-3``...
    added if that file exists, so no finished game is ever overwritten.

    Raises:
        OSError: if it cannot be written.
    """
    folder = data_dir() / "records"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    stem = f"{match.game.name}-{stamp}-seed{match.seed}"
    path = folder / f"{stem}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}.json"
    write_sidecar(path, seats, len(match.steps), log)
    match.save(path)
    return path


def latest_autosave(game: str | None = None) -> Path:
    """The most recently written autosave (of ``game`` if given).

    Raises:
        ZedLabError: if there is none, saying where it looked.
    """
    folder = data_dir() / "autosave"
    if game is not None:
        path = autosave_path(game)
        if path.is_file():
            return path
        raise ZedLabError(
            f"no saved game of {game} in {folder}; start one with: zedlab play {game}"
        )
    candidates = (
        [p for p in folder.glob("*.json") if not p.name.endswith(".seats.json")]
        if folder.is_dir()
        else []
    )
    if not candidates:
        raise ZedLabError(f"no saved game to resume in {folder}; start one with: zedlab play GAME")
    return max(candidates, key=lambda p: p.stat().st_mtime_ns)


def _sidecar(record_path: Path) -> dict[str, object]:
    try:
        data = json.loads(seats_path(record_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def read_seats(record_path: Path) -> list[str] | None:
    """The seats saved beside a record, or ``None`` if absent or unreadable."""
    seats = _sidecar(record_path).get("seats")
    if isinstance(seats, list) and all(isinstance(s, str) for s in seats):
        return seats
    return None


def read_log(record_path: Path, steps: int) -> EventLog | None:
    """The event log saved beside a record, if it covers exactly ``steps`` actions."""
    data = _sidecar(record_path)
    log = data.get("log")
    if data.get("steps") != steps or not isinstance(log, dict):
        return None
    out: EventLog = {}
    for key, lines in log.items():
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            return None
        if key == "spectator":
            out[None] = lines
        elif isinstance(key, str) and key.isdigit():
            out[int(key)] = lines
    return out
