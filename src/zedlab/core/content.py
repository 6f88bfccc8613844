"""Loading content packs: TOML files validated by pydantic models.

Each game keeps its components (cards, dice faces, characters, maps) in TOML under its
``content/`` folder. Every entry is a :class:`ContentEntry` with an ``id``, a ``name``, a
``count`` and a ``source`` (``rulebook``, ``public`` or ``designed``). A user who owns the
printed game can point ``--content DIR`` at files with the same names to override ours.

Errors name the file, the entry (by ``id`` when it has one) and the field.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from .errors import ContentError

__all__ = [
    "CARD_TEXT_MAX",
    "PACKAGED",
    "CardText",
    "ContentBinder",
    "ContentEntry",
    "ContentFile",
    "Source",
    "content_path",
    "load_toml",
    "pack_digest",
]

Source = Literal["rulebook", "public", "designed"]

CARD_TEXT_MAX = 200
"""Longest card text (characters): it must fit beside an option on one or two lines."""


def _card_text_shows(value: str) -> str:
    if not value.strip():
        raise ValueError("a card text needs words: say in short what the card does")
    return value


CardText = Annotated[str, Field(min_length=1, max_length=CARD_TEXT_MAX), AfterValidator(_card_text_shows)]
"""A card's short paraphrased text for people (help screens, hover texts): required, not
blank, at most :data:`CARD_TEXT_MAX` characters. Never a copy of the rulebook's words."""
M = TypeVar("M", bound=BaseModel)


class ContentEntry(BaseModel):
    """Fields every content entry has.

    Attributes:
        id: stable identifier, kebab-case, unique in its file.
        name: the printed (or designed) name.
        count: copies in the game.
        source: where the values come from: ``rulebook``, ``public`` (cited) or ``designed``.
        note: why a designed value was chosen, or the public citation.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    count: int = Field(default=1, ge=0)
    source: Source
    note: str = ""


class ContentFile(BaseModel):
    """Base for a whole content file: subclasses declare lists of entries."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def content_path(package: str, filename: str, override: str | Path | None = None) -> Path:
    """Where to read ``filename``: ``override/filename`` if given, else the packaged copy.

    Args:
        package: the game package (``"zedlab.games.dont_look_back"``); files live in its
            ``content/`` folder.
        filename: e.g. ``"cards.toml"``.
        override: a user's content directory (``--content DIR``).
    Raises:
        ContentError: if the override directory lacks the file.
    """
    if override is not None:
        folder = Path(override)
        if not folder.is_dir():
            what = "not a folder" if folder.exists() else "no such folder"
            raise ContentError(f"{folder}: {what} (a content folder holds the game's .toml files)")
        path = folder / filename
        if not path.is_file():
            raise ContentError(f"{path}: no such content file")
        return path
    return Path(str(resources.files(package) / "content" / filename))


def _describe(data: Any, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into 'entry <id> field <x>' text."""
    parts: list[str] = []
    node: Any = data
    for i, key in enumerate(loc):
        if isinstance(key, int) and isinstance(node, list) and 0 <= key < len(node):
            node = node[key]
            ident = node.get("id") if isinstance(node, dict) else None
            parts.append(f"entry {ident!r}" if ident else f"entry #{key + 1}")
        elif isinstance(node, dict) and key in node:
            node = node[key]
            parts.append(f"[{key}]" if i == 0 else f"field {key!r}")
        else:
            parts.append(f"field {key!r}")
    return " ".join(parts) or "(top level)"


def load_toml(path: str | Path, model: type[M]) -> M:
    """Read a TOML file and validate it with ``model``.

    Returns:
        the validated model instance.
    Raises:
        ContentError: ``"<file>: entry 'knife' field 'dice': Input should be ..."``; also for
            a missing file, bad TOML, or duplicate ids within one list.
    """
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"{p}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise ContentError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{p}: not valid TOML: {exc}") from None
    try:
        result = model.model_validate(data)
    except ValidationError as exc:
        lines = [f"{_describe(data, tuple(e['loc']))}: {e['msg']}" for e in exc.errors()[:5]]
        raise ContentError(f"{p}: " + "; ".join(lines)) from None
    for key, value in data.items():
        if isinstance(value, list):
            seen: set[str] = set()
            for entry in value:
                ident = entry.get("id") if isinstance(entry, dict) else None
                if ident is not None:
                    if ident in seen:
                        raise ContentError(f"{p}: [{key}] entry {ident!r} appears twice")
                    seen.add(ident)
    return result


# -- content bound to the game, found by digest -------------------------------------------
_PACKS: dict[tuple[str, str], Any] = {}
PACKAGED = "packaged"
"""The digest name states carry for the content shipped with ZedLab."""


def pack_digest(package: str, filenames: list[str], directory: str | Path | None) -> str:
    """A short SHA-256 digest of a content folder's files (names and bytes).

    Args:
        package: the game package (where the packaged files live).
        filenames: the files that make up the game's content.
        directory: a user's content folder, or ``None`` for the packaged files.
    Returns:
        ``"packaged"`` for ``None``, else 16 hex digits.
    Raises:
        ContentError: if the folder or one of its files is missing or unreadable.
    """
    if directory is None:
        return PACKAGED
    import hashlib

    h = hashlib.sha256()
    for name in sorted(filenames):
        path = content_path(package, name, directory)
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise ContentError(f"{path}: cannot read ({exc.strerror or exc})") from None
        h.update(name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()[:16]


class ContentBinder:
    """A game's content, loaded once per digest and found again from a state's digest.

    A game makes one at import time and gives the Match its :meth:`load`; its rules find
    the pack of a state with ``binder(state.content)``. States and records carry the digest,
    never a path.

    Args:
        game: the game's registry name.
        package: the game package (where the packaged files live).
        filenames: the content files (for the digest).
        loader: ``loader(directory or None) -> pack``; the pack must have a ``digest``
            attribute (set here, with ``object.__setattr__`` so frozen models work).
    """

    __slots__ = ("game", "package", "filenames", "loader")

    def __init__(self, game: str, package: str, filenames: list[str], loader: Any) -> None:
        self.game, self.package, self.filenames, self.loader = game, package, filenames, loader

    def load(self, directory: str | Path | None = None) -> Any:
        """The pack of ``directory`` (``None``: the packaged content), loaded once.

        Raises:
            ContentError: naming the file, entry and field of what is wrong.
        """
        digest = pack_digest(self.package, self.filenames, directory)
        key = (self.game, digest)
        pack = _PACKS.get(key)
        if pack is None:
            pack = self.loader(None if directory is None else Path(directory))
            object.__setattr__(pack, "digest", digest)
            _PACKS[key] = pack
        return pack

    def __call__(self, digest: str) -> Any:
        """The pack a state's ``digest`` names.

        Raises:
            ContentError: if that pack was not loaded in this process (a game made with a
                content folder: load the folder first, ``--content DIR``).
        """
        pack = _PACKS.get((self.game, digest))
        if pack is None:
            if digest == PACKAGED:
                return self.load(None)
            raise ContentError(
                f"{self.game}: content pack {digest} is not loaded; give the content folder "
                "it was made with (--content DIR)"
            )
        return pack
