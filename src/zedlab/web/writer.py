"""Writes to the database, committed before they are answered.

On PostgreSQL each write is its own transaction on the request's own connection. SQLite
allows one writer at a time, so there writes are committed in groups (group commit) on a
connection of the writer's own, by the requests themselves: a request puts its write in the
queue and takes the commit lock; whoever holds it runs every write that is waiting in one
transaction and commits once, answering each of them. A request that finds nobody writing
commits its own write at once, with no thread to hand over to (a hand-over costs a wake-up,
which on a busy machine is a wait); under load one commit serves many writes. Each caller
is answered only after the commit that holds its write. If a write of a group fails, the
group is rolled back and its writes are run again one by one, so one bad write fails alone.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

__all__ = ["Writer"]

Job = Callable[[Connection], Any]
MAX_GROUP = 256


class Writer:
    """Runs write jobs (``fn(connection)``); :meth:`run` returns once the job is committed,
    with its result, or raises its exception.

    On SQLite the writer has an engine (one connection) of its own, so a write never waits
    for a connection that a request waiting for the commit lock holds.
    """

    def __init__(self, engine: Engine) -> None:
        self.grouped = engine.dialect.name == "sqlite"
        if self.grouped:
            from .store import make_engine, sqlite_sync_of

            engine = make_engine(engine.url.render_as_string(hide_password=False), pool_size=1,
                                 sqlite_sync=sqlite_sync_of(engine))
        self.engine = engine
        self._queue: queue.Queue[tuple[Job, Future[Any]]] = queue.Queue()
        self._lock = threading.Lock()
        """Held by the request committing a group."""

    def run(self, job: Job, session: Session) -> Any:
        """Run ``job``: on SQLite in the next group committed (by this request if nobody
        is committing one), elsewhere on ``session``'s connection, committing the session."""
        if not self.grouped:
            try:
                result = job(session.connection())
                session.commit()
            except BaseException:
                session.rollback()
                raise
            return result
        future: Future[Any] = Future()
        self._queue.put((job, future))
        while not future.done():
            with self._lock:  # a group being committed may hold this write: wait for it
                if future.done():
                    break
                group: list[tuple[Job, Future[Any]]] = []
                while len(group) < MAX_GROUP:
                    try:
                        group.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                if group:
                    try:
                        self._commit(group)
                    finally:  # whatever happened, no write of the group is left waiting
                        for _, waiting in group:
                            if not waiting.done():
                                waiting.set_exception(RuntimeError("the write was not committed"))
        return future.result()

    def _commit(self, group: list[tuple[Job, Future[Any]]]) -> None:
        results: list[Any] = []
        try:
            with self.engine.begin() as conn:
                for job, _ in group:
                    results.append(job(conn))
        except Exception as exc:
            if len(group) == 1:  # its own failure: running it again would only fail again
                group[0][1].set_exception(exc)
                return
            for item in group:
                self._commit([item])
            return
        for (_, future), result in zip(group, results, strict=True):
            future.set_result(result)
