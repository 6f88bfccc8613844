"""``zedlab games``: list the registered games."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from . import app


@app.command("games")
def games_command() -> None:
    """List the games you can play, with their players and rules version."""
    from .. import games as names
    from .. import get

    table = Table(title="ZedLab games")
    table.add_column("name")
    table.add_column("title")
    table.add_column("players")
    table.add_column("rules")
    for name in names():
        game = get(name)
        field = game.Config.model_fields.get("players")
        lo = hi = "?"
        if field is not None:
            for meta in field.metadata:
                lo = str(getattr(meta, "ge", lo))
                hi = str(getattr(meta, "le", hi))
        table.add_row(name, game.title, f"{lo}-{hi}", f"v{game.rules_version}")
    if not names():
        Console().print("No games are registered yet.")
        return
    Console().print(table)
