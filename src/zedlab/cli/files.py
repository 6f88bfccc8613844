"""Checks on output files named on the command line, made before any work starts."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from ..core.errors import ConfigError

__all__ = ["check_replaceable", "check_writable", "is_svg_file"]


def check_writable(path: Path, flag: str, *, make_folder: bool = False) -> None:
    """Refuse ``path`` as an output file unless it could be written.

    It must not be a directory, and its parent folder must exist (with ``make_folder``:
    is created now, as the run would create it) and be writable.

    Raises:
        ConfigError: naming ``flag``, the path and what is wrong.
    """
    try:
        if path.is_dir():
            raise ConfigError(f"{flag} {path}: is a folder; give a file name")
        parent = path.parent
        if make_folder and not parent.is_dir():
            try:
                parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise ConfigError(
                    f"{flag} {path}: cannot create the folder {parent}: {exc.strerror or exc}"
                ) from None
        if not parent.is_dir():
            raise ConfigError(f"{flag} {path}: the folder {parent} does not exist")
        if not os.access(parent, os.W_OK):
            raise ConfigError(f"{flag} {path}: the folder {parent} is not writable")
    except (OSError, ValueError) as exc:  # e.g. a NUL byte or a name too long
        raise ConfigError(f"{flag} {path}: not a usable file name ({exc})") from None


def is_svg_file(path: Path) -> bool:
    """Whether the regular file ``path`` starts like an SVG image (``<svg`` in its first 4 KB)."""
    try:
        if not path.is_file():
            return False
        with path.open("rb") as file:
            head = file.read(4096)
    except OSError:
        return False
    return b"<svg" in head.lower()


def check_replaceable(path: Path, flag: str, kind: str, test: Callable[[Path], bool]) -> None:
    """Refuse to write over an existing ``path`` unless ``test(path)`` says it is a ``kind``.

    Raises:
        ConfigError: naming ``flag`` and the path, if it exists and is something else.
    """
    try:
        exists = path.exists() or path.is_symlink()
    except (OSError, ValueError):
        return  # check_writable reports an unusable name
    if exists and not test(path):
        raise ConfigError(
            f"{flag} {path}: that file exists and is not {kind}; "
            "give a new name (or remove the file)"
        )
