"""Writes to the database, committed before they are answered.

On PostgreSQL each write is its own transaction on the request's own connection. SQLite
allows one writer at a time: with ``sqlite_sync="normal"`` (the default) a commit costs no
disk flush, so each write is its own transaction on the request's connection too, the
process's writers taking turns on a lock (SQLite's own wait for a busy database sleeps
for up to 100 ms at a time, so it is left for writers of other processes). With
``"full"`` a commit costs a disk flush, so a single writer thread takes every write that is
waiting, runs them in one transaction and commits once (group commit): each caller is
answered only after the commit that holds its write. If a write of a group fails, the
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


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock_for(url: str) -> threading.Lock:
    """The lock this process's writers of database ``url`` take turns on."""
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(url, threading.Lock())


class Writer:
    """Runs write jobs (``fn(connection)``); :meth:`run` returns once the job is committed,
    with its result, or raises its exception.

    On SQLite with ``sqlite_sync="full"`` the writer thread has an engine of its own, so a
    writer never waits for a connection that a request waiting for the writer holds.
    """

    def __init__(self, engine: Engine) -> None:
        self._lock: threading.Lock | None = None
        self.grouped = False
        if engine.dialect.name == "sqlite":
            from .store import make_engine, sqlite_sync_of

            url = engine.url.render_as_string(hide_password=False)
            self.grouped = sqlite_sync_of(engine) == "full"
            if self.grouped:
                engine = make_engine(url, pool_size=1, sqlite_sync="full")
            else:
                self._lock = _lock_for(url)
        self.engine = engine
        self._queue: queue.Queue[tuple[Job, Future[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()

    def run(self, job: Job, session: Session) -> Any:
        """Run ``job``: on SQLite with ``sqlite_sync="full"`` in the writer thread's next
        group, elsewhere on ``session``'s connection, committing the session (on SQLite
        holding the process's lock for the database)."""
        if not self.grouped:
            if self._lock is None:
                return self._inline(job, session)
            with self._lock:
                return self._inline(job, session)
        self._ensure_thread()
        future: Future[Any] = Future()
        self._queue.put((job, future))
        return future.result()

    @staticmethod
    def _inline(job: Job, session: Session) -> Any:
        try:
            result = job(session.connection())
            session.commit()
        except BaseException:
            session.rollback()
            raise
        return result

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
