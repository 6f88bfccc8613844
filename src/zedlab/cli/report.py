"""``zedlab report GAME|all``: the balance report (see :mod:`zedlab.sim.balance`).

::

    zedlab report all --games 500 --games-for heres-negan=200
    zedlab report heres-negan --games 1000            # resumable; other sections kept
    zedlab report dont-look-back --games 100 --out /tmp/balance --ray 127.0.0.1:6379
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import Any

import typer
from typer.core import TyperCommand

from ..core.errors import ConfigError
from . import app
from .files import check_writable

__all__ = ["report"]


def _games_for(target: str, games: int, entries: list[str]) -> dict[str, int]:
    """Games per cell for each game of the report.

    Raises:
        ConfigError: an unknown game, or a ``--games-for`` entry that is not GAME=N.
    """
    from ..sim.balance import REPORT_GAMES

    chosen = list(REPORT_GAMES) if target == "all" else [target]
    for name in chosen:
        if name not in REPORT_GAMES:
            raise ConfigError(
                f"report {name!r}: no balance sweep for it; choose one of "
                f"{', '.join(REPORT_GAMES)} or all"
            )
    counts = dict.fromkeys(chosen, games)
    for entry in entries:
        name, sep, raw = entry.partition("=")
        if not sep or not raw.isdigit() or int(raw) < 1:
            raise ConfigError(f"--games-for {entry!r}: expected GAME=N with N >= 1 (e.g. heres-negan=200)")
        if name not in counts:
            raise ConfigError(
                f"--games-for {entry!r}: {name!r} is not in this report; it has "
                f"{', '.join(counts)}"
            )
        counts[name] = int(raw)
    return counts


class _ReportCommand(TyperCommand):
    """``--ray`` without a value means a local Ray instance."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        args = list(args)
        for i, arg in enumerate(args):
            if arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-")):
                args.insert(i + 1, "local")
                break
        return super().parse_args(ctx, args)


@app.command(
    "report",
    cls=_ReportCommand,
    context_settings={"help_option_names": ["--help", "-h"]},
)
def report(
    target: str = typer.Argument(..., metavar="GAME|all", help="A game, or all five."),
    games: int = typer.Option(200, "--games", "-n", min=1, metavar="N",
                              help="Games per cell (a config and a bot kind)."),
    games_for: list[str] = typer.Option(  # noqa: B008
        [], "--games-for", metavar="GAME=N", help="Games per cell for one game (repeatable)."),
    out: Path = typer.Option(  # noqa: B008
        Path("docs/balance"), "--out", metavar="DIR", file_okay=False,
        help="Folder for the plots, each game's section (GAME.json) and the cells' results "
        "(runs/); the report is written beside it as DIR.md and DIR.html."),
    ray: str | None = typer.Option(
        None, "--ray", metavar="[ADDRESS]",
        help="Run on Ray: alone, a local instance; with ADDRESS (HOST:PORT or "
        "ray://HOST:10001), that cluster."),
    workers: int | None = typer.Option(
        None, "--workers", "-k", min=1, metavar="N",
        help="Worker processes (default: one per CPU)."),
) -> None:
    """Sweep each scenario or difficulty x player count x bot (random, heuristic) and write
    the balance report: win rates with 95% intervals, ratings, seat and first-player
    advantage, Survivor and character win rates, game length; Markdown, HTML and PNG.

    Resumable: a cell whose results are already in DIR/runs is reused (a larger --games
    plays only the missing games; a stopped run continues where it stopped).
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ..sim import balance
    from ..sim.ray_backend import check_address, session

    counts = _games_for(target, games, games_for)
    for module in ("pyarrow", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            raise ConfigError(
                f"zedlab report needs {module}, which is not installed: pip install 'zedlab[sim]'"
            ) from None
    if ray is not None and ray != "local":
        check_address(ray)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"--out {out}: is a file; give a folder (it is created if missing)")
    out.mkdir(parents=True, exist_ok=True)
    for path in balance.report_paths(out):
        check_writable(path, "--out")
    words = ["zedlab", "report", target, "--games", str(games)]
    for entry in games_for:
        words += ["--games-for", entry]
    if out != Path("docs/balance"):
        words += ["--out", str(out)]
    command = shlex.join(words)
    err = Console(stderr=True)
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=err,
        auto_refresh=False,
        disable=not err.is_terminal,
    )
    total = sum(len(balance.cells_of(g)) for g in counts)
    overall = bar.add_task("cells", total=total)
    current = bar.add_task("", total=1)
    seen = [0]

    def on_cell(cell: Any, number: int, count: int) -> Any:
        bar.update(overall, completed=seen[0])
        seen[0] += 1
        bar.reset(current, total=counts[cell.game],
                  description=f"{cell.game}: {cell.label}, {cell.bot}")
        bar.refresh()

        def progress(done: int, all_games: int) -> None:
            bar.update(current, completed=done, total=all_games)
            bar.refresh()

        return progress

    try:
        with bar, session(None if ray in (None, "local") else ray, workers, enabled=ray is not None):
            md, html = balance.sweep_games(
                counts, out, command, workers=workers, ray=ray, on_cell=on_cell
            )
            bar.update(overall, completed=total)
    except KeyboardInterrupt:
        print("zedlab: interrupted; run the same command again to continue", file=sys.stderr)
        sys.exit(130)
    Console().print(f"report: {md}\nreport: {html}\nplots and results: {out}")
