"""Simulation throughput and memory, per registered game (a benchmark, not a test).

Prints, for each game:
- games/s on 1 worker (in-process) and on 2 workers (process pool), and the speed-up
  (target >= 1.8x on a 2-core machine);
- Ray local mode against the process pool on the same games (Ray start-up reported apart);
- peak memory (max RSS of the parent and of any worker) of a run of 10k and of 100k games
  written to Parquet, each in a fresh process, and the ratio of the two: it must not grow
  with N.

Usage::

    python benchmarks/simulate.py                       # every game, full sizes
    python benchmarks/simulate.py --game dont-look-back --seconds 5 --memory 10000,100000
    python benchmarks/simulate.py --no-ray --memory 1000,10000     # quicker

Wall-clock numbers depend on what else the machine is doing, so the load average is
printed, and the CPU time per game (parent plus pool workers): on a busy machine the wall
speed-up says little, while equal CPU ms/game on 1 and 2 workers shows the pool adds no work.
(With the kernel's autogroup scheduling, all processes of one terminal session share one
session's CPU share: under load from other sessions, 2 workers get no more CPU than 1.)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (pool workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _rate(game: str, n: int, **kwargs: object) -> tuple[float, float, float]:
    """(games/s of wall time, decisions/s, CPU ms per game) of a run of ``n`` games.

    The CPU figure does not count Ray's worker processes (they are not our children).
    """
    from zedlab.sim import run

    cpu = _cpu()
    started = time.perf_counter()
    table = run(game, n, **kwargs)  # type: ignore[arg-type]
    seconds = time.perf_counter() - started
    cpu_ms = (_cpu() - cpu) * 1000 / n
    decisions = sum(table.column("decisions").to_pylist())
    return n / seconds, decisions / seconds, cpu_ms


def _calibrate(game: str, seconds: float) -> int:
    """A number of games that one worker plays in about ``seconds``."""
    from zedlab.sim import run

    run(game, 20, workers=1)  # imports, caches
    started = time.perf_counter()
    run(game, 100, workers=1)
    per_game = (time.perf_counter() - started) / 100
    return max(200, int(seconds / per_game))


def _memory_probe(game: str, n: int) -> dict[str, float]:
    """Run ``n`` games (2 workers, Parquet out) in a fresh process; its peak memory in MiB."""
    with tempfile.TemporaryDirectory() as tmp:
        code = (
            "import json, resource, sys, time, zedlab\n"
            "from zedlab.sim.runner import simulate\n"
            "t = time.perf_counter()\n"
            f"r = simulate(zedlab.get({game!r}), {n}, workers=2, out={tmp!r} + '/m.parquet')\n"
            "self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024\n"
            "kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024\n"
            "print(json.dumps({'parent_mib': self, 'worker_mib': kids,"
            " 'seconds': time.perf_counter() - t, 'faults': r.summaries[0].faults}))\n"
        )
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _ray_vs_pool(game: str, n: int) -> str:
    try:
        import ray
    except ImportError:
        return "ray: not installed (pip install 'zedlab[ray]')"
    from zedlab.sim.ray_backend import _environ, worker_env

    started = time.perf_counter()
    with _environ(worker_env()):
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    init = time.perf_counter() - started
    try:
        _rate(game, 20, ray=True, workers=2)  # warm the workers
        ray_rate, _, _ = _rate(game, n, ray=True, workers=2)
    finally:
        ray.shutdown()
    pool_rate, _, _ = _rate(game, n, workers=2)
    return (
        f"ray local {ray_rate:8.0f} games/s   pool {pool_rate:8.0f} games/s   "
        f"ratio {ray_rate / pool_rate:.2f}   (ray.init {init:.1f} s, not counted)"
    )


def main() -> None:
    import zedlab.core.registry as registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument(
        "--seconds", type=float, default=6.0, help="target length of each speed run on one worker"
    )
    parser.add_argument(
        "--memory", default="10000,100000", help="game counts of the memory runs ('' to skip)"
    )
    parser.add_argument("--no-ray", action="store_true", help="skip Ray")
    args = parser.parse_args()
    games = args.game or [n for n in registry.names()]
    print(
        f"cpus {os.cpu_count()}   load average {os.getloadavg()[0]:.1f} "
        f"{os.getloadavg()[1]:.1f}   python {sys.version.split()[0]}"
    )
    for game in games:
        n = _calibrate(game, args.seconds)
        one, one_dec, one_cpu = _rate(game, n, workers=1)
        two, _, two_cpu = _rate(game, n, workers=2)
        print(f"\n{game}  ({n} games a run)")
        print(
            f"  1 worker  {one:8.0f} games/s  ({one_dec:,.0f} decisions/s)"
            f"  CPU {one_cpu:.2f} ms/game"
        )
        print(
            f"  2 workers {two:8.0f} games/s  speed-up {two / one:.2f}x (target >= 1.8x)"
            f"  CPU {two_cpu:.2f} ms/game"
        )
        if not args.no_ray:
            print("  " + _ray_vs_pool(game, n))
        peaks: list[tuple[int, float]] = []
        for count in [int(c) for c in args.memory.split(",") if c.strip()]:
            m = _memory_probe(game, count)
            peaks.append((count, max(m["parent_mib"], m["worker_mib"])))
            print(
                f"  memory {count:>7} games: parent {m['parent_mib']:6.0f} MiB, "
                f"largest worker {m['worker_mib']:6.0f} MiB  ({m['seconds']:.0f} s, "
                f"{m['faults']} faults)"
            )
        if len(peaks) > 1:
            (n0, m0), (n1, m1) = peaks[0], peaks[-1]
            print(f"  peak memory {n1} vs {n0} games: {m1 / m0:.2f}x (target: flat, ~1.0x)")
        sys.stdout.flush()
    print(
        f"\nload average at the end {os.getloadavg()[0]:.1f}  "
        f"(benchmark RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    main()
