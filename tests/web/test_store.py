"""Storage: the migrations build the schema the models describe; SQLite runs in WAL mode;
the group-commit writer answers each write after its commit, and a bad write fails alone."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy import insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from zedlab.web.store import Base, GameRow, make_engine, migrate
from zedlab.web.writer import Writer


def _game(gid: str) -> dict:
    return {"id": gid, "game": "pig", "rules_version": 1, "config": {}, "seed": "1",
            "seats": ["human"], "status": "playing", "steps": 0, "seq": 0, "outcome": None}


def test_migrations_match_the_models(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = make_engine(db_url)
    migrate(engine)
    migrate(engine)  # a second run is a no-op
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        version = conn.execute(text("select version_num from alembic_version")).scalar()
    engine.dispose()
    assert diff == []
    assert version == "0002"


@pytest.mark.parametrize(("sync", "level"), [("full", 2), ("normal", 1)])
def test_sqlite_is_in_wal_mode_with_the_sync_asked_for(tmp_path, sync, level):
    engine = make_engine(f"sqlite:///{tmp_path / 'deep' / 'folder' / 'w.sqlite3'}",
                         sqlite_sync=sync)
    writer = Writer(engine)  # the writer's own engine keeps the setting
    for e in (engine, writer.engine):
        with e.connect() as conn:
            assert conn.execute(text("pragma journal_mode")).scalar() == "wal"
            assert conn.execute(text("pragma synchronous")).scalar() == level
        e.dispose()
    with pytest.raises(ValueError, match="'full' or 'normal'"):
        make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}", sqlite_sync="off")


def test_grouped_writes_fail_alone(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}", sqlite_sync="full")
    migrate(engine)
    writer = Writer(engine)
    assert writer.grouped
    results: list[str] = []
    gate, holding = threading.Event(), threading.Event()

    def wait(conn: object) -> None:
        holding.set()
        gate.wait(30)

    def hold() -> None:  # keeps the writer busy until the twenty writes are queued
        with Session(engine) as session:
            writer.run(wait, session)

    def write(gid: str) -> None:
        try:
            with Session(engine) as session:
                writer.run(lambda conn: conn.execute(insert(GameRow), [_game(gid)]), session)
            results.append("ok")
        except IntegrityError:
            results.append("duplicate")

    names = [f"g{i}" for i in range(19)] + ["g0"]  # the last one writes g0 again
    holder = threading.Thread(target=hold)
    holder.start()
    assert holding.wait(30)
    threads = [threading.Thread(target=write, args=(n,)) for n in names]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 30
    while writer._queue.qsize() < 20 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert writer._queue.qsize() == 20  # one group of twenty, one of them bad
    gate.set()
    for t in [holder, *threads]:
        t.join()
    with engine.connect() as conn:
        stored = set(conn.execute(select(GameRow.id)).scalars())
    assert stored == {f"g{i}" for i in range(19)}
    assert sorted(results) == ["duplicate"] + ["ok"] * 19
    engine.dispose()
    writer.engine.dispose()


def test_ungrouped_writer_uses_the_request_session(db_url):
    if not db_url.startswith("postgresql"):
        pytest.skip("PostgreSQL writes are not grouped; SQLite's are (test above)")
    engine = make_engine(db_url)
    migrate(engine)
    writer = Writer(engine)
    assert not writer.grouped
    with Session(engine) as session:
        writer.run(lambda conn: conn.execute(insert(GameRow), [_game("x")]), session)
        with pytest.raises(IntegrityError):
            writer.run(lambda conn: conn.execute(insert(GameRow), [_game("x")]), session)
        assert session.scalar(select(GameRow.id)) == "x"  # the session is usable after
    engine.dispose()


def test_normal_sync_is_the_default_and_a_write_alone_commits_in_its_own_thread(tmp_path):
    """SQLite runs with synchronous=NORMAL unless told otherwise. A write that finds nobody
    committing is committed by the request itself (no hand-over to another thread); writes
    arriving together are still committed, a bad one failing alone."""
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    engine = make_engine(url)
    with engine.connect() as conn:
        assert conn.execute(text("pragma synchronous")).scalar() == 1
    migrate(engine)
    writer = Writer(engine)
    ran_in: list[threading.Thread] = []

    def alone(conn: object) -> None:
        ran_in.append(threading.current_thread())
        conn.execute(insert(GameRow), [_game("alone")])  # type: ignore[attr-defined]

    with Session(engine) as session:
        writer.run(alone, session)
    assert ran_in == [threading.current_thread()]
    results: list[str] = []
    start = threading.Barrier(20)

    def write(gid: str) -> None:
        start.wait(30)
        try:
            with Session(engine) as session:
                writer.run(lambda conn: conn.execute(insert(GameRow), [_game(gid)]), session)
            results.append("ok")
        except IntegrityError:
            results.append("duplicate")

    names = [f"g{i}" for i in range(19)] + ["g0"]
    threads = [threading.Thread(target=write, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == ["duplicate"] + ["ok"] * 19
    with engine.connect() as conn:
        stored = set(conn.execute(select(GameRow.id)).scalars())
    assert stored == {"alone"} | {f"g{i}" for i in range(19)}


def test_a_write_that_fails_alone_is_run_once(tmp_path):
    """A write committed alone that fails (here a step stored twice, the race two moves
    lose) fails at once: it is not run a second time. A write that finds the database
    locked by another process thus waits one busy timeout, not two, while its game's
    viewers wait with it."""
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    migrate(engine)
    writer = Writer(engine)
    with Session(engine) as session:
        writer.run(lambda conn: conn.execute(insert(GameRow), [_game("g")]), session)
    runs: list[int] = []

    def again(conn: object) -> None:
        runs.append(1)
        conn.execute(insert(GameRow), [_game("g")])  # type: ignore[attr-defined]

    with Session(engine) as session, pytest.raises(IntegrityError):
        writer.run(again, session)
    assert len(runs) == 1
    engine.dispose()
    writer.engine.dispose()
