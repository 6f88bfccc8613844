"""Where the terminal keeps games: the autosave folder and who sits in each seat.

Layout
------
The data directory is ``platformdirs.user_data_dir("zedlab")`` (on Linux
``~/.local/share/zedlab``), or the directory named by the environment variable
``ZEDLAB_DATA_DIR`` when it is set (tests and portable installs use it). Inside it::

    autosave/<game>.json        the record of the last game of <game> (a plain ZedLab record,
                                so `zedlab replay` and `zedlab play --load` read it)
    autosave/<game>.seats.json  {"seats": ["human", "heuristic", ...]}: who played each seat,
                                so `zedlab play --resume` puts the same bots back

``zedlab play --resume`` continues the most recently written autosave. Save files written
with the ``save FILE`` command are plain records; loading one puts seat 0 at the keyboard and
the game's best bot in the other seats unless ``--bot``/``--human`` say otherwise.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core.errors import ZedLabError
from ..core.match import Match

__all__ = ["autosave", "autosave_path", "data_dir", "latest_autosave", "read_seats"]


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


def _seats_path(record_path: Path) -> Path:
    return record_path.with_name(record_path.stem + ".seats.json")


def autosave(match: Match, seats: list[str]) -> Path:
    """Write the match's record and its seats to the autosave folder; returns the record path.

    Both files are written atomically (temporary file, then rename).
    """
    path = autosave_path(match.game.name)
    seats_file = _seats_path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = seats_file.with_name(seats_file.name + ".tmp")
    tmp.write_text(json.dumps({"seats": seats}), encoding="utf-8")
    tmp.replace(seats_file)
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


def read_seats(record_path: Path) -> list[str] | None:
    """The seats saved beside an autosave, or ``None`` if absent or unreadable."""
    try:
        data = json.loads(_seats_path(record_path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    seats = data.get("seats") if isinstance(data, dict) else None
    if isinstance(seats, list) and all(isinstance(s, str) for s in seats):
        return seats
    return None
