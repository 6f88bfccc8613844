"""Game records: the JSON document that fully describes a game.

A record is the game name, the game's ``rules_version``, the config, the seed and the
steps (who chose which action, and whether chance was drawn during it). Saves, replays, bug
reports and simulation faults are all records.

Format (``format`` = 1)::

    {"format": 1, "engine": "0.1.0", "game": "dont-look-back", "rules_version": 1,
     "config": {...}, "seed": 42,
     "steps": [{"player": 0, "action": {"kind": "roll", "value": null, "label": "Roll"},
                "chance": true}, ...]}
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from .engine import Action
from .errors import RecordError

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""Largest record file :meth:`Record.load` reads (a long game's record is well under 1 MB)."""

__all__ = ["FORMAT", "SEED_LIMIT", "Record", "Step"]

FORMAT = 1


class Step(NamedTuple):
    """One played action (an immutable named tuple).

    Attributes:
        player: the seat that chose it.
        action: the action.
        chance: whether dice, draws, shuffles or reveals happened while it was applied.
    """

    player: int
    action: Action
    chance: bool = False


SEED_LIMIT = 2**64
"""Seeds are ``0 <= seed < SEED_LIMIT``: the generator keeps 64 bits, so a larger seed would
set up the same game as a smaller one under another name."""


class _ActionModel(msgspec.Struct, forbid_unknown_fields=True):
    kind: str
    value: Any = None
    label: str = ""


class _StepModel(msgspec.Struct, forbid_unknown_fields=True):
    player: Annotated[int, msgspec.Meta(ge=0)]
    action: _ActionModel
    chance: bool = False


class _RecordModel(msgspec.Struct, forbid_unknown_fields=True):
    format: Literal[1]
    engine: str
    game: str
    rules_version: Annotated[int, msgspec.Meta(ge=0)]
    config: dict[str, Any]
    seed: Annotated[int, msgspec.Meta(ge=0)]
    steps: list[_StepModel]
    outcome: dict[str, Any] | None = None
    content: str | None = None


def _problem(exc: msgspec.ValidationError) -> str:
    """A msgspec message in the record's words: ``field seed: Expected `int`, got `str```."""
    text = str(exc)
    what, sep, where = text.rpartition(" - at `$")
    if not sep:
        what, where = text, ""
    where = where.rstrip("`").lstrip(".")
    for start, said in (
        ("Object missing required field `", "missing"),
        ("Object contains unknown field `", "not a record field"),
    ):
        if what.startswith(start):
            name = what[len(start) :].rstrip("`")
            return f"field {where + '.' if where else ''}{name}: {said}"
    return f"field {where or '(top level)'}: {what}"


@dataclass(slots=True)
class Record:
    """Everything needed to rebuild a game: see the module docstring for the JSON form."""

    game: str
    rules_version: int
    config: dict[str, Any]
    seed: int
    steps: list[Step] = field(default_factory=list)
    engine: str = ""
    outcome: dict[str, Any] | None = None
    content: str | None = None
    """The digest of the content pack played with, when it was not the packaged one."""

    def version_notice(self, rules_version: int) -> str | None:
        """What a player should be told when this record is of rules other than
        ``rules_version`` (the game's now), or ``None`` when they are the same.

        The record replayed under the current rules (or it would not have loaded: see
        :meth:`zedlab.core.match.Match.replay`).
        """
        if self.rules_version == rules_version:
            return None
        age = "newer" if self.rules_version > rules_version else "older"
        return (
            f"Note: this game was recorded with {age} rules (v{self.rules_version} of "
            f"{self.game}) than this ZedLab's v{rules_version}; its moves are still legal "
            "under the current rules, but the game may not unfold as it did."
        )

    @property
    def actions(self) -> list[Action]:
        """The actions in play order."""
        return [s.action for s in self.steps]

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-safe dict."""
        from .. import __version__

        data = {
            "format": FORMAT,
            "engine": self.engine or __version__,
            "game": self.game,
            "rules_version": self.rules_version,
            "config": self.config,
            "seed": self.seed,
            "steps": [
                {"player": s.player, "action": s.action.to_json(), "chance": s.chance}
                for s in self.steps
            ],
            "outcome": self.outcome,
        }
        if self.content is not None:
            data["content"] = self.content
        return data

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate and parse a record dict.

        Raises:
            RecordError: naming the first field that is wrong.
        """
        if not isinstance(data, dict):
            raise RecordError(f"a record is a JSON object, got {type(data).__name__}")
        if "format" not in data:
            raise RecordError("not a ZedLab record: field format: missing")
        fmt = data["format"]
        if type(fmt) is not int or fmt != FORMAT:
            raise RecordError(
                f"unsupported record format {fmt!r}; this ZedLab reads format {FORMAT}"
            )
        try:
            # strict: "3" is not 3, true is not 1, unknown fields are refused
            model = msgspec.convert(data, _RecordModel, strict=True)
        except RecursionError:
            raise RecordError("not a ZedLab record: JSON nested too deeply") from None
        except msgspec.ValidationError as exc:
            raise RecordError(f"not a ZedLab record: {_problem(exc)}") from None
        if model.seed >= SEED_LIMIT:
            raise RecordError(
                f"not a ZedLab record: field seed: {model.seed} is out of range; seeds are "
                f"0 to {SEED_LIMIT - 1}"
            )
        try:
            steps = [
                Step(s.player, Action.from_json(msgspec.to_builtins(s.action)), s.chance)
                for s in model.steps
            ]
        except (ValueError, RecursionError) as exc:  # a value of thousands of digits or levels
            raise RecordError(f"not a ZedLab record: an action cannot be read ({exc})") from None
        return cls(
            game=model.game,
            rules_version=model.rules_version,
            config=model.config,
            seed=model.seed,
            steps=steps,
            engine=model.engine,
            outcome=model.outcome,
            content=model.content,
        )

    @classmethod
    def loads(cls, text: str | bytes) -> Record:
        """Parse record JSON text.

        Raises:
            RecordError: if it is not JSON or not a record.
        """
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as exc:
            raise RecordError(f"not a ZedLab record: invalid JSON ({exc})") from None
        except RecursionError:
            raise RecordError("not a ZedLab record: JSON nested too deeply") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` atomically (temp file + rename); returns the path.

        The file is made readable by others (0644), like the terminal's autosaves and their
        sidecars. The folder is created if missing. No temporary file is left behind,
        whatever stops the write (an error, Ctrl-C).

        Raises:
            OSError: if it cannot be written.
        """
        target = Path(path)
        if target.is_dir():
            raise IsADirectoryError(errno.EISDIR, "is a folder, not a file name", str(target))
        target.parent.mkdir(parents=True, exist_ok=True)
        # a fresh temporary name: never a file of the user's that happens to be NAME.tmp
        fd, name = tempfile.mkstemp(
            prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent
        )
        tmp = Path(name)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.dumps())
            tmp.chmod(0o644)  # mkstemp makes it private; a save is an ordinary file
            tmp.replace(target)
        finally:
            tmp.unlink(missing_ok=True)  # gone once renamed; else whatever stopped it (Ctrl-C)
        return target

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file.

        Raises:
            RecordError: if the file is missing, unreadable, or not a record; the message
                names the file.
        """
        p = Path(path)
        try:
            info = p.stat()
            # a device or a pipe could be endless or block: only regular files are read
            if not stat.S_ISREG(info.st_mode):
                what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
                raise RecordError(f"{p}: {what}, not a saved game")
            if info.st_size > MAX_RECORD_BYTES:
                raise RecordError(
                    f"{p}: {info.st_size:,} bytes is too big for a record "
                    f"(at most {MAX_RECORD_BYTES // 2**20} MB)"
                )
            with p.open("rb") as f:
                raw = f.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"{p}: cannot read ({exc.strerror or exc})") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{p}: too big for a record (at most {MAX_RECORD_BYTES // 2**20} MB)")
        try:
            return cls.loads(raw)
        except RecordError as exc:
            raise RecordError(f"{p}: {exc}") from None
