"""Fixtures of the web tests: the test games, an API client on SQLite or PostgreSQL, a
PostgreSQL server started for the session, and helpers to play through HTTP.

The test games (Pig, Pack Pig, Secret Pig) are registered through ``ZEDLAB_GAMES`` so a
server started as a subprocess has them too.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")
pytest.importorskip("sqlalchemy", reason="the web extra is not installed")

from fastapi.testclient import TestClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEST_GAMES = {
    "pig": "tests.core.pig:pig",
    "pack-pig": "tests.core.packpig:pack_pig",
    "secret-pig": "tests.web.secretpig:secret_pig",
    "grouped-pig": "tests.web.secretpig:grouped_pig",
}


def _install_test_games() -> None:
    entries = [e for e in os.environ.get("ZEDLAB_GAMES", "").split(",") if e]
    for name, path in TEST_GAMES.items():
        entry = f"{name}={path}"
        if entry not in entries:
            entries.append(entry)
    os.environ["ZEDLAB_GAMES"] = ",".join(entries)
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    for p in (str(ROOT / "src"), str(ROOT)):
        if p not in paths:
            paths.insert(0, p)
    os.environ["PYTHONPATH"] = os.pathsep.join(paths)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


_install_test_games()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- PostgreSQL ---------------------------------------------------------------------------
class Postgres:
    """A PostgreSQL server in a temporary folder, run as the ``postgres`` user (initdb and
    the server refuse root)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="zedlab-pg-"))
        self.port = free_port()
        self.data = self.root / "data"
        self._dbs = 0

    def _as_postgres(self, *args: str) -> list[str]:
        if os.geteuid() == 0:
            return ["runuser", "-u", "postgres", "--", *args]
        return list(args)

    def start(self) -> None:
        os.chmod(self.root, 0o755)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        run = dict(check=True, capture_output=True, timeout=120)
        subprocess.run(self._as_postgres("initdb", "-D", str(self.data), "-A", "trust",
                                         "-U", "postgres", "--no-sync"), **run)  # type: ignore[call-overload]
        subprocess.run(self._as_postgres(
            "pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-w", "-t", "60",
            "-o", f"-h 127.0.0.1 -p {self.port} -k {self.root} -c fsync=off", "start",
        ), **run)  # type: ignore[call-overload]

    def stop(self) -> None:
        subprocess.run(self._as_postgres("pg_ctl", "-D", str(self.data), "-m", "immediate",
                                         "stop"), capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)

    def new_database(self) -> str:
        import psycopg

        self._dbs += 1
        name = f"zedlab_{self._dbs}"
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    # Debian installs the server binaries off PATH, under /usr/lib/postgresql/<version>/bin
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if shutil.which("initdb") is None and (folder / "initdb").exists():
            os.environ["PATH"] = f"{folder}{os.pathsep}{os.environ['PATH']}"
    missing = [b for b in ("initdb", "pg_ctl") if shutil.which(b) is None]
    if missing:
        pytest.skip(f"PostgreSQL binaries not on PATH ({', '.join(missing)}): "
                    "install postgresql to run the PostgreSQL API tests")
    pytest.importorskip("psycopg", reason="psycopg is not installed (the web extra has it)")
    server = Postgres()
    try:
        server.start()
    except subprocess.CalledProcessError as exc:
        server.stop()
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr!r}") from None
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'web.sqlite3'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    from zedlab.web.app import create_app

    app = create_app(db_url)
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.service.engine.dispose()


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    from zedlab.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c
    app.state.service.engine.dispose()


# -- playing through HTTP -----------------------------------------------------------------
def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def start(client: Any, game: str = "pig", seats: dict[str, str] | None = None,
          seed: int = 7, config: dict[str, Any] | None = None) -> tuple[str, dict[str, str]]:
    """Start a game; ``(id, tokens)``."""
    body: dict[str, Any] = {"game": game, "seed": seed, "seats": seats or {"0": "human"}}
    if config is not None:
        body["config"] = config
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], data["tokens"]


def error_code(response: Any) -> str:
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message"}, body
    assert body["error"]["message"]
    return str(body["error"]["code"])


def wait_until(check: Any, timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.1)


# -- a served process ----------------------------------------------------------------------
class Server:
    def __init__(self, db: str, log: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "zedlab", "serve", "--port", str(self.port), "--db", db,
             *extra],
            stdout=self.log, stderr=subprocess.STDOUT, env=dict(os.environ),
        )

        def up() -> bool:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server exited: {log.read_text()}")
            try:
                return httpx.get(self.url + "/api/catalog", timeout=2).status_code == 200
            except httpx.TransportError:
                return False

        assert wait_until(up, timeout=60), log.read_text()
        self.http = httpx.Client(base_url=self.url, timeout=30)

    def kill(self) -> None:
        self.http.close()
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.log.close()

    def stop(self) -> None:
        self.http.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        self.log.close()


@pytest.fixture
def served(tmp_path):
    servers = []

    def launch(*extra: str) -> Server:
        server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path / "server.log",
                        *extra)
        servers.append(server)
        return server

    yield launch
    for s in servers:
        if s.proc.poll() is None:
            s.stop()


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for one test module (the browser tests skip themselves when
    Chromium or Playwright is missing)."""
    from .test_browser import ARGS, CHROMIUM, sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
