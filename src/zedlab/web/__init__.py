"""Play in the browser: ``zedlab serve`` (needs the ``web`` extra).

A FastAPI application (:mod:`zedlab.web.app`) over the games' public interface, storing
games through SQLAlchemy (:mod:`zedlab.web.store`), with a browser client shipped as static
files (``zedlab/web/static``). Games, seats, bots and hidden information are handled in
:mod:`zedlab.web.service`.
"""

from __future__ import annotations

from typing import Any

__all__ = ["serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          sqlite_sync: str = "normal") -> None:
    """Run the server until interrupted (uvicorn, one process).

    Raises:
        ConfigError: if the database URL is not one SQLAlchemy can open.
    """
    import gc

    import uvicorn
    from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError

    from zedlab.core import ConfigError

    from .app import create_app
    from .store import default_url

    url = db or default_url()
    shown = url if "@" not in url else url.split("@", 1)[1]
    try:
        app = create_app(url, sqlite_sync=sqlite_sync)
    except (ArgumentError, NoSuchModuleError, DatabaseError, OSError) as exc:
        # DatabaseError: also a file that is not a SQLite database (OperationalError is one)
        problem = str(exc).splitlines()[0]
        raise ConfigError(f"the database {shown} cannot be used: {problem}") from None
    # What is loaded by now (modules, games, the application) lives as long as the
    # server: moved out of the collector's reach, so its full collections walk only the
    # games in play instead of stopping every request while they walk all of it
    gc.collect()
    gc.freeze()
    print(f"ZedLab: open http://{host}:{port}/  (games stored in {shown})", flush=True)
    service = app.state.service

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            # live streams never end by themselves: uvicorn would wait for them forever
            service.close_streams()
            super().handle_exit(sig, frame)

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_keep_alive=30)
    Server(config).run()
