"""Play simulation chunks as Ray tasks (``pip install 'zedlab[ray]'``).

Each chunk of games is one task running :func:`zedlab.sim.job.play_packed`; the driver keeps
a bounded number of tasks in flight with ``ray.wait`` (Ray's own pattern for limiting
pending tasks) and yields results as they finish. The rows are exactly those of a local
run, because a row depends only on the job and the game index.

Without an address a local Ray instance is started (and stopped afterwards); with one, the
cluster at that address is used, and ZedLab with the game must be installed on its nodes.
If Ray is already initialised (a notebook, a test fixture), that instance is used as is.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..core.errors import ConfigError
from .job import Job, Packed, play_packed

__all__ = ["iter_chunks", "session", "worker_env"]


def worker_env() -> dict[str, str]:
    """Environment variables local Ray workers need to find the same games as this process."""
    env = {}
    games = os.environ.get("ZEDLAB_GAMES")
    if games:
        env["ZEDLAB_GAMES"] = games
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    # Games run from a source tree (plug-ins, test games) import from the current folder.
    if os.getcwd() not in paths:
        paths.append(os.getcwd())
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


@contextmanager
def _environ(values: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs Ray: pip install 'zedlab[ray]'") from None
    return ray


def check_address(address: str) -> None:
    """Refuse an address Ray could never reach before waiting on it.

    Accepted: ``auto`` (the cluster this machine belongs to), ``ray://HOST:PORT`` (Ray
    Client) and ``HOST:PORT`` (a head node), PORT 1-65535.

    Raises:
        ConfigError: naming the address and the accepted forms.
    """
    if address == "auto":
        return
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    good = (bool(sep) and bool(host.strip("[]")) and port.isascii() and port.isdigit()
            and len(port) <= 5 and 1 <= int(port) <= 65535 and not any(c.isspace() for c in rest))
    if not good:
        raise ConfigError(
            f"--ray {address[:80]!r} is not a Ray address; use auto, ray://HOST:PORT (e.g. "
            "ray://head:10001) or HOST:PORT (e.g. head:6379), or --ray alone for a local "
            "instance"
        )


def _connect(ray: Any, address: str | None, workers: int) -> None:
    """``ray.init`` a local instance (``address=None``) or the cluster at ``address``.

    Raises:
        ConfigError: if the cluster cannot be reached.
    """
    if address is None:
        # A local instance's workers inherit this environment; a runtime_env would
        # cost a second worker start-up.
        with _environ(worker_env()):
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        return
    check_address(address)
    games = os.environ.get("ZEDLAB_GAMES")
    runtime_env = {"env_vars": {"ZEDLAB_GAMES": games}} if games else None
    # Ray keeps retrying an address nobody answers at; say what the wait is.
    print(f"connecting to Ray at {address}…", file=sys.stderr, flush=True)
    try:
        ray.init(address=address, runtime_env=runtime_env, log_to_driver=False)
    except ConnectionError as exc:
        raise ConfigError(f"--ray {address}: cannot connect ({exc})") from None


@contextmanager
def session(address: str | None, workers: int | None, *, enabled: bool = True) -> Iterator[None]:
    """Keep one Ray connection for many runs (a report's cells): every
    :func:`iter_chunks` inside uses it instead of connecting anew. Disconnects at the end
    if it connected; a Ray instance already running is left as it is. ``enabled=False``
    does nothing (a run without Ray)."""
    if not enabled:
        yield
        return
    ray = _ray()
    if ray.is_initialized():
        yield
        return
    _connect(ray, address, max(1, workers or os.cpu_count() or 1))
    try:
        yield
    finally:
        ray.shutdown()


def iter_chunks(
    job: Job, chunks: Iterator[tuple[int, int]], *, address: str | None = None, workers: int = 2
) -> Iterator[tuple[tuple[int, int], Packed]]:
    """Yield ``(chunk, packed results)`` for every chunk, as Ray tasks finish.

    Args:
        job: what to play.
        chunks: ``(start, stop)`` game ranges.
        address: a Ray cluster address (``ray://host:10001`` or ``host:6379``); ``None``
            starts a local instance with ``workers`` CPUs.
        workers: CPUs of a local instance.
    """
    ray = _ray()
    started_here = False
    if not ray.is_initialized():
        _connect(ray, address, workers)
        started_here = True
    task = ray.remote(num_cpus=1, max_retries=0)(play_packed)
    job_ref = ray.put(job)
    slots = max(2, 3 * int(ray.cluster_resources().get("CPU", workers)))
    pending: dict[Any, tuple[int, int]] = {}
    queue = iter(chunks)
    try:
        for chunk in queue:
            pending[task.remote(job_ref, *chunk)] = chunk
            if len(pending) >= slots:
                break
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                chunk = pending.pop(ref)
                packed = ray.get(ref)
                nxt = next(queue, None)
                if nxt is not None:
                    pending[task.remote(job_ref, *nxt)] = nxt
                yield chunk, packed
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()
