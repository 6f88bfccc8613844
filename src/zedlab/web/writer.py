"""Writes to the database, committed before they are answered.

On PostgreSQL each write is its own transaction on the request's own connection. SQLite allows one
writer at a time and a durable commit costs a disk flush, so there a single writer thread
takes every write that is waiting, runs them in one transaction and commits once (group
commit): each caller is answered only after the commit that holds its write. If a write of
a group fails, the group is rolled back and its writes are run again one by one, so one bad
write fails alone.
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

    On SQLite the writer thread has an engine of its own, so a writer never waits for a
    connection that a request waiting for the writer holds.
    """

    def __init__(self, engine: Engine) -> None:
        self.grouped = engine.dialect.name == "sqlite"
        if self.grouped:
            from .store import make_engine, sqlite_sync_of

            engine = make_engine(engine.url.render_as_string(hide_password=False), pool_size=1,
                                 sqlite_sync=sqlite_sync_of(engine))
        self.engine = engine
        self._queue: queue.Queue[tuple[Job, Future[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def run(self, job: Job, session: Session) -> Any:
        """Run ``job``: on SQLite in the writer thread's next group, elsewhere on
        ``session``'s connection, committing the session."""
        if not self.grouped:
            try:
                result = job(session.connection())
                session.commit()
            except BaseException:
                session.rollback()
                raise
            return result
        self._ensure_thread()
        future: Future[Any] = Future()
        self._queue.put((job, future))
        return future.result()

    def _ensure_thread(self) -> None:
        if self._thread is not None:
            return
        with self._start:
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="zedlab-writer",
                                                daemon=True)
                self._thread.start()

    def _loop(self) -> None:
        while True:
            group = [self._queue.get()]
            while len(group) < MAX_GROUP:
                try:
                    group.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self._commit(group)

    def _commit(self, group: list[tuple[Job, Future[Any]]]) -> None:
        results: list[Any] = []
        try:
            with self.engine.begin() as conn:
                for job, _ in group:
                    results.append(job(conn))
        except Exception:
            if len(group) == 1:
                try:
                    with self.engine.begin() as conn:
                        results = [group[0][0](conn)]
                except Exception as exc:
                    group[0][1].set_exception(exc)
                    return
            else:
                for item in group:
                    self._commit([item])
                return
        for (_, future), result in zip(group, results, strict=True):
            future.set_result(result)
