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

Two ``zedlab play`` of one game at once
---------------------------------------
The session that autosaves a game to ``autosave/<game>.json`` holds an exclusive lock on
``autosave/.<game>.owner`` for as long as it plays (the system drops it when the process
ends, however it ends). A second session of the same game started meanwhile finds the lock
taken and autosaves to a file of its own, ``autosave/<game>-unfinished-<n>.json``, and says
so when it starts and when it leaves (continue it with ``--load``). Every write is also a
compare-and-set: a session writes a file only if it still holds what that session last
wrote there (checked under a short lock on ``autosave/.<game>.lock``); if another process
wrote it since, the session moves to a file of its own and says where. So no session ever
overwrites a game another one saved after it.

Unfinished games set aside are all kept (nothing is deleted); each start that sets one
aside says so in one short line, and the end of that session names the file and how many
unfinished games of that game the folder holds. An
autosave that cannot be read as a record (damaged, or of a newer format) is not overwritten
either: it moves unchanged to ``autosave/<game>-unreadable-<n>.json`` and the player is told.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from ..core.errors import RecordError, ZedLabError
from ..core.match import Match
from ..core.records import Record

__all__ = [
    "MAX_FILE_BYTES",
    "Autosaver",
    "DataDirError",
    "EventLog",
    "autosave",
    "autosave_path",
    "path_lines",
    "shown_path",
    "data_dir",
    "keep_finished",
    "is_record_file",
    "is_sidecar_file",
    "latest_autosave",
    "load_record",
    "read_capped",
    "read_log",
    "read_seats",
    "seats_path",
    "set_aside",
    "set_aside_unreadable",
    "write_sidecar",
]

EventLog = dict[int | None, list[str]]
"""Event lines per seat (``None``: a spectator's), from the start of the game."""


MAX_FILE_BYTES = 64 * 1024 * 1024
"""Largest record or sidecar file read (64 MB): far more than any game writes."""


class DataDirError(ZedLabError):
    """The data directory cannot be used (a bad ``ZEDLAB_DATA_DIR``, a name too long...)."""


def _where(folder: Path) -> str:
    """``folder``, and that it comes from ``ZEDLAB_DATA_DIR`` when it does."""
    return f"{folder} (ZEDLAB_DATA_DIR)" if os.environ.get("ZEDLAB_DATA_DIR") else str(folder)


def data_dir() -> Path:
    """The per-user data directory (``$ZEDLAB_DATA_DIR`` if set).

    Raises:
        DataDirError: if ``ZEDLAB_DATA_DIR`` starts with ``~user`` for no such user.
    """
    override = os.environ.get("ZEDLAB_DATA_DIR")
    if override:
        try:
            return Path(override).expanduser()
        except RuntimeError as exc:  # '~user' with no such user
            raise DataDirError(
                f"ZEDLAB_DATA_DIR={override!r} is not a usable folder ({exc})"
            ) from None
    import platformdirs

    return Path(platformdirs.user_data_dir("zedlab", appauthor=False))


def shown_path(path: str | Path) -> str:
    """``path`` as a player can copy it: relative to the current folder when it is inside
    it, else absolute; quoted for a shell when it holds spaces or other special characters.

    >>> shown_path("/nowhere/games/pig.json")
    '/nowhere/games/pig.json'
    >>> shown_path("/nowhere/my games/pig.json")
    "'/nowhere/my games/pig.json'"
    """
    full = Path(os.path.abspath(path))
    try:
        here = Path.cwd()
        text = str(full.relative_to(here)) if full.is_relative_to(here) else str(full)
    except OSError:  # the current folder is gone
        text = str(full)
    # characters a terminal would act on are shown escaped, as in ``repr``
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in shlex.quote(text))


def path_lines(path: str | Path, command: str = "") -> list[str]:
    """``path`` on a line of its own (indented two spaces), then, when ``command`` is given,
    ``"Continue it with:"`` and the command with the path on a line of its own: lines to
    print unwrapped so that they can be copied whole (see :func:`shown_path`).

    >>> path_lines("/nowhere/pig.json", "zedlab play --load")
    ['  /nowhere/pig.json', 'Continue it with:', '  zedlab play --load /nowhere/pig.json']
    """
    shown = shown_path(path)
    lines = [f"  {shown}"]
    if command:
        lines += ["Continue it with:", f"  {command} {shown}"]
    return lines


def autosave_path(game: str) -> Path:
    """The autosave file of ``game``."""
    return data_dir() / "autosave" / f"{game}.json"


def seats_path(record_path: Path) -> Path:
    """The sidecar of a record file: ``X.json`` -> ``X.seats.json``."""
    return record_path.with_name(record_path.stem + ".seats.json")


FILE_MODE = 0o644
"""Records and sidecars are ordinary files (read-write for the owner, readable by others),
like any document the user saves: neither holds anything the record alone does not."""


def _write_atomic(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a fresh temporary file beside it, then rename.

    The file gets :data:`FILE_MODE`. The temporary file is removed whatever stops the
    write (an error, Ctrl-C).

    Raises:
        OSError: if it cannot be written (no temporary file is left behind).
    """
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:100]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(tmp, FILE_MODE)
        os.replace(tmp, target)
    finally:
        Path(tmp).unlink(missing_ok=True)  # gone already once renamed


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
    _write_atomic(target, json.dumps(data))
    return target


def autosave(match: Match, seats: list[str], log: EventLog | None = None) -> Path:
    """Write the match's record and its sidecar to the autosave folder; returns the record path.

    Both files are written atomically (temporary file, then rename). The caller sets aside
    an unfinished game of another start first (:func:`set_aside`).

    Raises:
        OSError: if they cannot be written.
        DataDirError: if the data directory cannot be used.
    """
    path = autosave_path(match.game.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_sidecar(path, seats, len(match.steps), log)
    match.save(path)
    return path


def _digest(path: Path) -> str | None:
    """The SHA-256 of the file ``path``, or ``None`` if it cannot be read."""
    try:
        return hashlib.sha256(read_capped(path)).hexdigest()
    except OSError:
        return None


@contextmanager
def _short_lock(folder: Path, game: str) -> Iterator[None]:
    """Hold ``folder/.<game>.lock`` exclusively while a check and a write are made.

    Where file locks are unavailable (not POSIX) nothing is held; the compare-and-set
    still sees another process's write, only not one made in the same instant.
    """
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(folder / f".{game}.lock", "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _claim_owner(folder: Path, game: str) -> IO[bytes] | None:
    """Take the lock ``folder/.<game>.owner`` for as long as the returned file stays open.

    Returns ``None`` if another process holds it (it is autosaving this game now). Where
    file locks are unavailable the open file is returned without a lock.
    """
    handle = open(folder / f".{game}.owner", "a+b")  # noqa: SIM115 - held for the session
    try:
        import fcntl
    except ImportError:
        return handle
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    except OSError:
        handle.close()
        raise
    return handle


class Autosaver:
    """Where one terminal session autosaves its game, never over another session's.

    The first :meth:`save` takes the autosave of the game if no other process is autosaving
    that game (setting aside an unfinished game left there, :func:`set_aside`); otherwise
    the session saves to an ``autosave/<game>-unfinished-<n>.json`` of its own. Each later
    save writes only if the file still holds what this session last wrote; if another
    process wrote it since, the session moves to a file of its own. See the module
    docstring.

    Attributes:
        path: the file the game is saved to (``None`` before the first save).
        details: lines to show when the session ends: where the first save set aside
            an unfinished or unreadable game, and how to continue it.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self.path: Path | None = None
        self._written: str | None = None
        self._owner: IO[bytes] | None = None
        self.details: list[str] = []

    @property
    def is_autosave(self) -> bool:
        """Whether the game goes to the game's autosave (continued with ``--resume``)."""
        return self.path is not None and self.path == autosave_path(self.game)

    def save(self, match: Match, seats: list[str], log: EventLog | None = None) -> list[str]:
        """Write the game and its sidecar; returns what the player should be told now.

        The first save says at most one short line (the start-up screen must fit); where a
        game set aside is kept, and how to continue it, waits in :attr:`details` for the
        end of the session. Each line that is a path or a command is its own line, indented
        two spaces (:func:`path_lines`).

        Raises:
            OSError: if they cannot be written.
            DataDirError: if the data directory cannot be used.
        """
        folder = autosave_path(self.game).parent
        folder.mkdir(parents=True, exist_ok=True)
        notes: list[str] = []
        with _short_lock(folder, self.game):
            if self.path is None:
                notes = self._first_place(match, folder)
            elif _digest(self.path) != self._written:
                self.close()
                self.path = _claim_unfinished(folder, self.game)
                notes = [
                    "Another zedlab play has written over this game's save since; this game "
                    "is saved from now on in:",
                    *path_lines(self.path, "zedlab play --load"),
                ]
            assert self.path is not None
            write_sidecar(self.path, seats, len(match.steps), log)
            text = match.record.dumps()
            _write_atomic(self.path, text)
            self._written = hashlib.sha256(text.encode("utf-8")).hexdigest()
        return notes

    def _first_place(self, match: Match, folder: Path) -> list[str]:
        """Choose the file of the first save (the caller holds the short lock); returns the
        one short line to say now, and leaves the rest in :attr:`details`."""
        self._owner = _claim_owner(folder, self.game)
        if self._owner is None:
            self.path = _claim_unfinished(folder, self.game)
            # where it is saved is said when the session ends (quit, or the end screen)
            return [f"Another zedlab play is autosaving {self.game}: this game saves apart."]
        self.path = autosave_path(self.game)
        unreadable = set_aside_unreadable(self.game)
        if unreadable is not None:
            kept_aside, why = unreadable
            self.details = [
                f"The autosave of {self.game} could not be read ({why}); it is kept, "
                "unchanged, in:",
                *path_lines(kept_aside),
            ]
            return [f"Unreadable {self.game} autosave kept (file named when you quit)."]
        kept = set_aside(match)
        if kept is None:
            return []
        count = unfinished_count(self.game)
        self.details = [
            "The unfinished game that was autosaved before this one is kept in:",
            *path_lines(kept, "zedlab play --load"),
            f"({count} unfinished {self.game} game{'s' if count != 1 else ''} kept in that "
            "folder; none is deleted: remove the ones you no longer want)",
        ]
        return [f"Kept your unfinished {self.game} game (file named when you quit)."]

    def close(self) -> None:
        """Let another session take the game's autosave (when this one ends)."""
        if self._owner is not None:
            self._owner.close()
            self._owner = None


def _continues(old: Record, new: Record) -> bool:
    """Whether ``new`` is ``old`` played on (same start, ``old``'s steps first).

    Compared as JSON, as the records are written.
    """
    a, b = (json.loads(json.dumps(r.to_json())) for r in (old, new))
    start = ("game", "rules_version", "config", "seed")
    return all(a[k] == b[k] for k in start) and a["steps"] == b["steps"][: len(a["steps"])]


def set_aside(match: Match) -> Path | None:
    """Keep the unfinished game in the autosave of ``match``'s game before it is replaced.

    Unless the autosave is finished, unreadable, not yet begun (no action played), or
    ``match`` continues it, it moves (with its sidecar) to
    ``autosave/<game>-unfinished-<n>.json`` (a number not used yet); none of those is ever
    deleted. Returns the new path, or ``None`` if nothing was moved.

    Raises:
        OSError: if it cannot be moved (then the autosave must not be overwritten).
        DataDirError: if the data directory cannot be used.
    """
    path = autosave_path(match.game.name)
    try:
        old = load_record(path)
    except RecordError:
        return None  # no autosave, or one that cannot be continued anyway
    if old.outcome is not None or not old.steps or _continues(old, match.record):
        return None
    target = _claim_unfinished(path.parent, match.game.name)
    if seats_path(path).is_file():
        seats_path(path).replace(seats_path(target))
    path.replace(target)
    return target


def set_aside_unreadable(game: str) -> tuple[Path, str] | None:
    """Keep the autosave of ``game`` if it is a file this ZedLab cannot read as a record
    (damaged, or of a newer format) before it is replaced: it moves unchanged (with its
    sidecar) to ``autosave/<game>-unreadable-<n>.json``. Returns the new path and why the
    file could not be read, or ``None`` if nothing was moved.

    Raises:
        OSError: if it cannot be moved (then the autosave must not be overwritten).
    """
    path = autosave_path(game)
    if not path.is_file():
        return None
    try:
        load_record(path)
    except RecordError as exc:
        why = str(exc).removeprefix(f"{path}: ")
    else:
        return None
    target = _claim_unfinished(path.parent, game, "unreadable")
    if seats_path(path).is_file():
        seats_path(path).replace(seats_path(target))
    path.replace(target)
    return target, why


def _claim_unfinished(folder: Path, game: str, kind: str = "unfinished") -> Path:
    """A new ``<game>-unfinished-<n>.json`` in ``folder``, created empty so no other process
    takes the same name (the caller replaces it).

    Raises:
        OSError: if it cannot be created.
    """
    number = max(_unfinished(folder, game, kind), default=0) + 1
    while True:
        target = folder / f"{game}-{kind}-{number}.json"
        try:
            os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            number += 1
            continue
        return target


def unfinished_count(game: str) -> int:
    """How many unfinished games of ``game`` are set aside in the autosave folder."""
    try:
        return len(_unfinished(autosave_path(game).parent, game))
    except OSError:
        return 0


def _unfinished(folder: Path, game: str, kind: str = "unfinished") -> dict[int, Path]:
    """The games set aside in ``folder`` by :func:`set_aside` (``kind`` "unfinished") or
    :func:`set_aside_unreadable` ("unreadable"), by number."""
    prefix = f"{game}-{kind}-"
    found = {}
    for p in folder.glob(f"{prefix}*.json"):
        number = p.name[len(prefix) : -len(".json")]
        if number.isascii() and number.isdecimal() and len(number) <= 9:
            found[int(number)] = p
    return found


def keep_finished(
    match: Match, seats: list[str], log: EventLog | None = None, now: datetime | None = None
) -> Path:
    """Write a finished game to its own file in ``records/`` (with its sidecar); returns it.

    The name is ``<game>-<YYYYMMDDTHHMMSSZ>-seed<seed>.json`` (UTC), with ``-2``, ``-3``...
    added if that file exists, so no finished game is ever overwritten.

    Raises:
        OSError: if it cannot be written.
        DataDirError: if the data directory cannot be used.
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

    Games set aside by :func:`set_aside` are not autosaves: they are continued with
    ``--load``.

    Raises:
        ZedLabError: if there is none, saying where it looked.
        DataDirError: if the data directory cannot be used.
    """
    folder = data_dir() / "autosave"
    try:
        if game is not None:
            path = autosave_path(game)
            if path.is_file():
                return path
            raise ZedLabError(
                f"no saved game of {game} in {_where(folder)}; start one with: zedlab play {game}"
            )
        candidates = (
            [
                p
                for p in folder.glob("*.json")
                if not p.name.endswith(".seats.json") and "-unfinished-" not in p.name
            ]
            if folder.is_dir()
            else []
        )
        if not candidates:
            raise ZedLabError(
                f"no saved game to resume in {_where(folder)}; start one with: zedlab play GAME"
            )
        return max(candidates, key=lambda p: p.stat().st_mtime_ns)
    except OSError as exc:
        raise DataDirError(
            f"cannot look for saved games in {_where(folder)}: {exc.strerror or exc}"
        ) from None


def read_capped(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, if it is at most ``limit`` bytes long.

    A FIFO, a device or a folder is refused without reading it (so ``/dev/zero`` or a pipe
    cannot fill the memory or block).

    Raises:
        OSError: if it cannot be read, or is not a regular file, or is too large (the
            message says which).
    """
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError("not a regular file")
    # O_NONBLOCK: if it was swapped for a FIFO since, opening does not wait for a writer.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError("not a regular file")
        data = file.read(limit + 1)
    if len(data) > limit:
        raise OSError(f"larger than {limit // (1024 * 1024)} MB, too large for a saved game")
    return data


def load_record(path: str | Path) -> Record:
    """Read a record file, refusing what is not a regular file or is over 64 MB.

    Raises:
        RecordError: naming the file and what is wrong with it.
    """
    p = Path(path)
    try:
        raw = read_capped(p)
    except OSError as exc:
        raise RecordError(f"{p}: cannot read ({exc.strerror or exc})") from None
    except ValueError as exc:  # a NUL byte in the name
        raise RecordError(f"{p}: cannot read ({exc})") from None
    try:
        return Record.loads(raw)
    except RecordError as exc:
        raise RecordError(f"{p}: {exc}") from None


def _json_file(path: Path) -> object:
    """The JSON in ``path``, or ``None`` if it cannot be read or is not JSON."""
    try:
        return json.loads(read_capped(path))
    except (OSError, ValueError, RecursionError):
        return None


def _sidecar(record_path: Path) -> dict[str, object] | None:
    """The sidecar of ``record_path`` if it is well formed, else ``None``."""
    data = _json_file(seats_path(record_path))
    if not isinstance(data, dict):
        return None
    seats, steps, log = data.get("seats"), data.get("steps"), data.get("log")
    if not (isinstance(seats, list) and all(isinstance(s, str) for s in seats)):
        return None
    if steps is not None and (type(steps) is not int or steps < 0):
        return None
    if log is not None and _parse_log(log) is None:
        return None
    return data


def _parse_log(log: object) -> EventLog | None:
    """A sidecar's ``log`` as an :data:`EventLog`, or ``None`` if it is malformed."""
    if not isinstance(log, dict):
        return None
    out: EventLog = {}
    for key, lines in log.items():
        if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
            return None
        if key == "spectator":
            out[None] = lines
        elif key.isascii() and key.isdecimal() and len(key) <= 9:
            out[int(key)] = lines
        else:
            return None
    return out


def read_seats(record_path: Path) -> list[str] | None:
    """The seats saved beside a record, or ``None`` if absent, unreadable or damaged."""
    data = _sidecar(record_path)
    seats = None if data is None else data["seats"]
    return seats if isinstance(seats, list) else None


def read_log(record_path: Path, steps: int) -> EventLog | None:
    """The event log saved beside a record, if it covers exactly ``steps`` actions."""
    data = _sidecar(record_path)
    if data is None or data.get("steps") != steps:
        return None
    return _parse_log(data.get("log"))


def is_record_file(path: Path) -> bool:
    """Whether ``path`` holds something a ZedLab record (a JSON object with its fields)."""
    data = _json_file(path)
    return isinstance(data, dict) and {"format", "game", "seed", "steps"} <= data.keys()


def is_sidecar_file(path: Path) -> bool:
    """Whether ``path`` looks like a sidecar (a JSON object with ``seats``)."""
    data = _json_file(path)
    return isinstance(data, dict) and "seats" in data
