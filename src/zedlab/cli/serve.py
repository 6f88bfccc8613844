"""``zedlab serve``: play in the browser (the ``web`` extra)."""

from __future__ import annotations

from enum import StrEnum

import typer

from . import app


class Sync(StrEnum):
    full = "full"
    normal = "normal"


SYNC = typer.Option(
    Sync.normal,
    help="SQLite: 'normal' flushes at checkpoints (an answered move survives the server "
    "being killed, not a power cut); 'full' flushes every move to disk before answering "
    "(survives a power cut; every move waits for the disk).",
)


@app.command("serve")
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on."),
    port: int = typer.Option(8000, min=0, max=65535, help="Port to listen on."),
    db: str = typer.Option(
        None, help="Database URL (postgresql://user@host/db); default: a SQLite file in "
        "the user data directory."
    ),
    sqlite_sync: Sync = SYNC,
) -> None:
    """Serve the games in the browser: a lobby, seats for friends and bots, live play."""
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401

        from ..web import serve as run
    except ImportError as exc:
        typer.echo(f"zedlab serve needs the web extra: pip install -e \".[web]\" ({exc})", err=True)
        raise typer.Exit(2) from None
    run(host=host, port=port, db=db, sqlite_sync=sqlite_sync.value)
