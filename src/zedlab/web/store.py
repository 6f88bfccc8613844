"""Storage of web games through SQLAlchemy 2: SQLite by default, PostgreSQL by URL.

A game is stored as its record: the ``games`` row (game name, rules version, config, seed,
seat kinds, status) and one ``actions`` row per step played (player, action, chance), plus
the hashes of its seats' tokens. The primary key ``(game_id, idx)`` of ``actions`` makes two
writers racing for the same step fail instead of forking the game. ``snapshots`` keep the
encoded state every so many steps, so a game is loaded from its newest snapshot instead of
being replayed from its first step. The schema is created
and upgraded by the Alembic migrations in ``zedlab/web/migrations``.
"""

from __future__ import annotations

import json
import os
import weakref
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    create_engine,
    event,
    func,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "ActionRow", "Base", "GameRow", "SeatRow", "SnapshotRow", "default_url", "make_engine",
    "migrate",
]

MIGRATIONS = Path(__file__).parent / "migrations"


class Base(DeclarativeBase):
    """The tables of the web store (SQLAlchemy's declarative base)."""


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    rules_version: Mapped[int] = mapped_column(Integer)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    # seeds run to 2**64 - 1, past a signed 64-bit column: kept as decimal text
    seed: Mapped[str] = mapped_column(String(24))
    seats: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    steps: Mapped[int] = mapped_column(Integer, default=0)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    # how many times the game was stored (moves and undos), so a newer view is known
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[Any] = mapped_column(DateTime(timezone=True), server_default=func.now())
    updated: Mapped[Any] = mapped_column(DateTime(timezone=True), server_default=func.now())


class SeatRow(Base):
    __tablename__ = "seat_tokens"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(64))
    value: Mapped[Any] = mapped_column(JSON, nullable=True)
    label: Mapped[str] = mapped_column(String(500), default="")
    chance: Mapped[bool] = mapped_column(Boolean)


class SnapshotRow(Base):
    """The game's state after its first ``idx`` steps, encoded by the game
    (``Game.encode``), with the events that happened since the game's previous snapshot
    (those numbered ``seq_from + 1`` to ``seq``, every seat's, as JSON). ``digest`` is the
    SHA-256 of all of it, so a damaged row is noticed and ignored."""

    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    rules_version: Mapped[int] = mapped_column(Integer)
    seq_from: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[bytes] = mapped_column(LargeBinary)
    events: Mapped[bytes] = mapped_column(LargeBinary)
    digest: Mapped[str] = mapped_column(String(64))


def data_dir() -> Path:
    """Where the default database lives: ``$ZEDLAB_DATA_DIR`` or the user data directory."""
    env = os.environ.get("ZEDLAB_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("zedlab", appauthor=False))


def default_url() -> str:
    """The SQLite file ``web.sqlite3`` in the data directory."""
    return f"sqlite:///{data_dir() / 'web.sqlite3'}"


def normal_url(url: str) -> str:
    """``url`` with the driver spelled out: ``postgresql://`` is taken through psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


SQLITE_SYNC = ("full", "normal")
_SYNC: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def sqlite_sync_of(engine: Engine) -> str:
    """The ``sqlite_sync`` a SQLite engine was made with ("normal" for any other)."""
    return _SYNC.get(engine, "normal")



def make_engine(url: str, pool_size: int = 10, sqlite_sync: str = "normal") -> Engine:
    """An engine for ``url``. A SQLite file (its folder made) runs in WAL mode; with
    ``sqlite_sync="full"`` every commit is flushed to disk before it returns (a move
    acknowledged survives a power cut), with ``"normal"`` only at checkpoints (it survives
    the server being killed, not the machine losing power; commits are much cheaper).

    Raises:
        ValueError: for a ``sqlite_sync`` other than "full" or "normal".
    """
    if sqlite_sync not in SQLITE_SYNC:
        raise ValueError(f"sqlite_sync is 'full' or 'normal', not {sqlite_sync!r}")
    url = normal_url(url)
    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1] if ":///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30},
            json_serializer=_dumps, pool_size=pool_size, max_overflow=40,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={sqlite_sync.upper()}")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        _SYNC[engine] = sqlite_sync
        return engine
    return create_engine(url, pool_pre_ping=True, json_serializer=_dumps, pool_size=pool_size,
                         max_overflow=40)


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def migrate(engine: Engine) -> None:
    """Bring the database's schema to the newest migration."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, "head")
