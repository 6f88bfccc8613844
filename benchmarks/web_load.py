"""Load on ``zedlab serve``: many concurrent games against bots over loopback.

Starts the server as a subprocess (one uvicorn process) on a free port, then plays
``--games`` games at once (Pig by default, ``--game`` for another; seat 0 a client choosing
at random, the other seats the game's default bot) from one asyncio client, each game to
its end. Prints the moves per second acknowledged
(the client's POST .../actions) and the steps per second stored (bots' included), and the
p50/p99/max latency of POST .../actions; once with moves back to back (throughput) and
once with a pause of about ``--think`` seconds before each move (people's pace; the games
then also start spread over the first ``--think`` seconds). It runs on SQLite (a file in
a temporary folder) and then on PostgreSQL (a throwaway server started with initdb/pg_ctl,
as the ``postgres`` user when run as root), and prints a summary of both; ``--on sqlite``
or ``--on postgresql`` for one of them, ``--db URL`` for a database of your own.

    python benchmarks/web_load.py [--games 100] [--think 0 1] [--on sqlite postgresql]
                                  [--game pig] [--db URL]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def as_postgres(*args: str) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else list(args)


def start_postgres(root: Path) -> str:
    port = free_port()
    os.chmod(root, 0o755)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    data = root / "data"
    subprocess.run(as_postgres("initdb", "-D", str(data), "-A", "trust", "-U", "postgres"),
                   check=True, capture_output=True)
    subprocess.run(as_postgres("pg_ctl", "-D", str(data), "-l", str(root / "log"), "-w", "-o",
                               f"-h 127.0.0.1 -p {port} -k {root}", "start"),
                   check=True, capture_output=True)
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


def stop_postgres(root: Path) -> None:
    subprocess.run(as_postgres("pg_ctl", "-D", str(root / "data"), "-m", "fast", "stop"),
                   capture_output=True)


class Conn:
    """A minimal HTTP/1.1 keep-alive client on one asyncio connection: light enough that
    the client's own work does not swamp what is measured (httpx's async pool costs
    several times the server's time per request on two cores)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}",
                f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        payload = await self.reader.readexactly(length)
        return status, json.loads(payload) if payload else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def play(host: str, port: int, seed: int, latencies: list[float], think: float,
               game: str) -> int:
    conn = Conn(host, port)
    rng = random.Random(seed)
    if think:  # people do not all start at the same instant
        await asyncio.sleep(rng.uniform(0, think))
    try:
        status, made = await conn.request(
            "POST", "/api/games", {"game": game, "seed": seed, "seats": {"0": "human"}})
        assert status == 201, made
        gid, token = made["id"], made["tokens"]["0"]
        _, v = await conn.request("GET", f"/api/games/{gid}/view", token=token)
        while v["outcome"] is None:
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            pick = rng.choice(v["decision"]["options"])
            t0 = time.perf_counter()
            status, v = await conn.request("POST", f"/api/games/{gid}/actions",
                                           {"action": pick["id"], "after": v["seq"]}, token)
            latencies.append(time.perf_counter() - t0)
            assert status == 200, v
        _, record = await conn.request("GET", f"/api/games/{gid}/record")
        return len(record["steps"])
    finally:
        conn.close()


async def load(host: str, port: int, games: int, think: float, game: str) -> dict[str, float]:
    latencies: list[float] = []
    t0 = time.perf_counter()
    steps = await asyncio.gather(*(play(host, port, seed, latencies, think, game)
                                   for seed in range(games)))
    elapsed = time.perf_counter() - t0
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
    print(f"{games} concurrent games, think {think:g} s, {len(ms)} client moves, "
          f"{sum(steps)} steps stored in {elapsed:.1f} s")
    print(f"  moves/s (POST actions acknowledged): {len(ms) / elapsed:.1f}")
    print(f"  steps/s (bots' included):            {sum(steps) / elapsed:.1f}")
    print(f"  POST actions latency ms: p50 {statistics.median(ms):.1f}  p99 {p99:.1f}  "
          f"max {ms[-1]:.1f}")
    return {"think": think, "moves/s": len(ms) / elapsed, "p50": statistics.median(ms),
            "p99": p99}


def run(db: str, args: argparse.Namespace, tmp: Path) -> list[dict[str, float]]:
    """Serve ``db`` in a subprocess and load it once per ``--think``; the figures."""
    port = free_port()
    env = dict(os.environ)
    env["ZEDLAB_GAMES"] = ",".join(
        p for p in (env.get("ZEDLAB_GAMES", ""), "pig=tests.core.pig:pig") if p)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")) if p)
    log = (tmp / "server.log").open("wb")
    server = subprocess.Popen(
        [sys.executable, "-m", "zedlab", "serve", "--port", str(port), "--db", db,
         "--sqlite-sync", args.sqlite_sync],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                if httpx.get(url + "/api/catalog", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.25)
        print(f"database: {db.split('@')[-1]}"
              + (f" (sync {args.sqlite_sync})" if db.startswith("sqlite") else ""))
        return [asyncio.run(load("127.0.0.1", port, args.games, think, args.game))
                for think in args.think]
    except (AssertionError, OSError, ValueError):
        print((tmp / "server.log").read_text()[-3000:], file=sys.stderr)
        raise
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", default="pig", help="the game played (default: Pig)")
    parser.add_argument("--think", type=float, nargs="+", default=[0.0, 1.0],
                        help="mean pause before each client move, seconds (0: back to back, "
                        "which measures throughput; latency then is games / throughput)")
    parser.add_argument("--on", nargs="+", choices=["sqlite", "postgresql"],
                        default=["sqlite", "postgresql"], help="the databases to load")
    parser.add_argument("--db", help="a database URL of your own (instead of --on)")
    parser.add_argument("--sqlite-sync", choices=["full", "normal"], default="normal",
                        help="the server's --sqlite-sync (its default: normal)")
    parser.add_argument("--postgres", action="store_true", help="the same as --on postgresql")
    args = parser.parse_args()
    if args.postgres:
        args.on = ["postgresql"]
    results: dict[str, list[dict[str, float]]] = {}
    tmp = Path(tempfile.mkdtemp(prefix="zedlab-load-"))
    try:
        if args.db:
            results[args.db.split("@")[-1]] = run(args.db, args, tmp)
        for kind in [] if args.db else args.on:
            if kind == "sqlite":
                results["SQLite"] = run(f"sqlite:///{tmp / 'web.sqlite3'}", args, tmp)
                continue
            pg = Path(tempfile.mkdtemp(prefix="zedlab-load-pg-"))
            try:
                results["PostgreSQL"] = run(start_postgres(pg), args, tmp)
            finally:
                stop_postgres(pg)
                shutil.rmtree(pg, ignore_errors=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nsummary: {args.games} concurrent {args.game} games, POST .../actions")
    for name, rows in results.items():
        for r in rows:
            print(f"  {name:<11} think {r['think']:g} s: {r['moves/s']:7.1f} moves/s  "
                  f"p50 {r['p50']:6.1f} ms  p99 {r['p99']:6.1f} ms")


if __name__ == "__main__":
    main()
