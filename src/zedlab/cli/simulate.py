"""``zedlab simulate GAME``: play many seeded games with bots and summarise them.

Each registered game is a sub-command built on demand, so its Config fields become its
options (``zedlab simulate GAME --help`` lists them)::

    zedlab simulate dont-look-back --games 10000 --bot heuristic --out runs/dlb.parquet \\
        --plot runs/dlb.png
    zedlab simulate GAME --games 5000 --bot 0=heuristic --compare 0=random
    zedlab simulate GAME --games 100000 --ray                 # a local Ray instance
    zedlab simulate GAME --games 100000 --ray ray://head:10001 --out big.parquet --resume
"""

from __future__ import annotations

import enum
import inspect
import json
import os
import sys
import types
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
import typer.main
from typer.core import TyperGroup

from ..bots import GENERIC_BOTS, describe, kinds, split_seat
from ..core.errors import ConfigError
from . import app
from .files import check_writable

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

__all__ = ["parse_bots", "parse_sets"]

_COMMON = {
    "games",
    "bot",
    "compare",
    "workers",
    "seed",
    "out",
    "plot",
    "ray",
    "resume",
    "overwrite",
    "max_decisions",
    "set",
    "setup",
    "help",
}


def parse_bots(entries: tuple[str, ...] | list[str], flag: str = "--bot") -> dict[str, str]:
    """``["0=heuristic", "1=ismcts:iters=100"]`` or ``["heuristic"]`` (every seat) to
    ``{seat: kind}``; a kind may carry parameters (``ismcts:iters=100``).

    Raises:
        ConfigError: for an entry like ``"0="``, or a seat (or every seat) given twice.
    """
    bots: dict[str, str] = {}
    for entry in entries:
        seat, kind = split_seat(entry)
        if seat is None:
            seat = "all"
        if not seat or not kind:
            raise ConfigError(
                f"{flag} {entry!r}: expected SEAT=KIND (e.g. 0=random or 1=ismcts:iters=100) or KIND"
            )
        if seat.isascii() and seat.isdigit():
            seat = str(int(seat))
        if seat in bots:
            which = "every seat" if seat == "all" else f"seat {seat}"
            raise ConfigError(f"{flag}: {which} given twice; give each seat one {flag} SEAT=KIND")
        bots[seat] = kind
    return bots


def parse_sets(entries: tuple[str, ...] | list[str]) -> dict[str, Any]:
    """``["difficulty=hard", "players=3"]`` to options (values read as JSON when they parse).

    Raises:
        ConfigError: for an entry without ``=``.
    """
    options: dict[str, Any] = {}
    for entry in entries:
        key, sep, raw = entry.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--set {entry!r}: expected KEY=VALUE (e.g. players=3)")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        options[key.strip().replace("-", "_")] = value
    return options


def _unwrap(annotation: Any) -> Any:
    """``X | None`` -> ``X``."""
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _json_or_text(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def _config_parameter(name: str, field: Any) -> tuple[inspect.Parameter, Any]:
    """A Typer option for one Config field, and a converter from its value to the field's."""
    annotation = _unwrap(field.annotation)
    flag = name.replace("_", "-")
    decl = f"--{flag}" if name not in _COMMON else f"--config-{flag}"
    help_text = (field.description or "").strip()
    if not field.is_required():
        help_text += f" [default: {field.default!r}]"
    convert: Any = None
    metavar: str | None = None
    kind: Any
    if annotation is bool:
        kind, decls = bool, [f"{decl}/--no-{decl[2:]}"]
    else:
        decls = [decl]
        values: list[Any] | None = None
        if typing.get_origin(annotation) is typing.Literal:
            values = list(typing.get_args(annotation))
        elif isinstance(annotation, type) and issubclass(annotation, enum.Enum):
            values = [m.value for m in annotation]
        if values is not None:
            by_text = {str(v): v for v in values}
            kind = enum.Enum(f"{name}_choice", {t: t for t in by_text})  # type: ignore[misc,no-redef]
            convert = lambda member, table=by_text: table[member.value]  # noqa: E731
        elif annotation in (int, float, str):
            kind = annotation
            metavar = {int: "N", float: "X", str: "TEXT"}[annotation]
        else:
            kind, convert, metavar = str, _json_or_text, "JSON"
    option = typer.Option(
        None, *decls, help=help_text, metavar=metavar, rich_help_panel="Game options"
    )
    parameter = inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=option, annotation=kind | None
    )
    return parameter, convert


def _common_parameters() -> list[inspect.Parameter]:
    def opt(name: str, kind: Any, default: Any) -> inspect.Parameter:
        return inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind
        )

    return [
        opt(
            "games",
            int,
            typer.Option(
                1000,
                "--games",
                "-n",
                min=0,
                metavar="N",
                help="Number of games; game i uses seed seed_for(SEED, i).",
            ),
        ),
        opt(
            "bot",
            list[str],
            typer.Option(
                [],
                "--bot",
                metavar="SEAT=KIND",
                help="Bot for a seat (repeatable), e.g. 0=ismcts:iters=100; a bare KIND sets "
                "every seat. Default: the game's best bot in every seat: heuristic if the "
                "game has one, else random.",
            ),
        ),
        opt(
            "compare",
            list[str],
            typer.Option(
                [],
                "--compare",
                metavar="SEAT=KIND",
                help="Also play every game with these seats changed (same seeds) and report "
                "the difference with its 95% interval.",
            ),
        ),
        opt(
            "workers",
            int | None,
            typer.Option(
                None,
                "--workers",
                "-k",
                min=1,
                metavar="N",
                help="Worker processes (default: one per CPU); never more than there are "
                "chunks of games to play, nor more than 4 per CPU on this machine.",
            ),
        ),
        opt("seed", int, typer.Option(1, "--seed", metavar="S", help="Base seed S.")),
        opt(
            "out",
            Path | None,
            typer.Option(
                None,
                "--out",
                dir_okay=False,
                metavar="FILE",
                help="Parquet file for the rows (one per game), streamed in chunks "
                "(needs pyarrow: pip install 'zedlab[sim]'). An existing results file needs "
                "--resume or --overwrite; any other existing file is never replaced.",
            ),
        ),
        opt(
            "plot",
            Path | None,
            typer.Option(
                None,
                "--plot",
                dir_okay=False,
                metavar="FILE",
                help="PNG (or .svg, .pdf) with the score histogram and tier bars "
                "(needs matplotlib: pip install 'zedlab[sim]'). Replaces an existing plot "
                "drawn by zedlab simulate, never any other file.",
            ),
        ),
        opt(
            "ray",
            str | None,
            typer.Option(
                None,
                "--ray",
                metavar="[ADDRESS]",
                help="Run on Ray: alone, a local instance; with ADDRESS, that cluster.",
            ),
        ),
        opt(
            "resume",
            bool,
            typer.Option(
                False,
                "--resume",
                help="Continue the run saved in --out: play only the missing games (also "
                "after a run was killed: its rows are kept in OUT.partial as they are played).",
            ),
        ),
        opt(
            "overwrite",
            bool,
            typer.Option(
                False,
                "--overwrite",
                help="Replace the results of an earlier run in --out (only a results file).",
            ),
        ),
        opt(
            "max_decisions",
            int,
            typer.Option(
                20_000, "--max-decisions", min=1, metavar="N", help="A game longer than this counts as a fault."
            ),
        ),
        opt(
            "setup",
            str,
            typer.Option(
                "random",
                "--setup",
                metavar="random|table",
                help="random (default): Survivors and characters the options leave open are "
                "drawn per game from its seed, so no seat always gets the same one; table: "
                "the bots choose them at set-up, as people would.",
            ),
        ),
        opt(
            "set_",
            list[str],
            typer.Option(
                [],
                "--set",
                metavar="KEY=VALUE",
                help="Set any config option (repeatable), e.g. --set players=3.",
            ),
        ),
    ]


def _ray_default(args: list[str]) -> list[str]:
    """``--ray`` without a value means a local Ray instance."""
    out = list(args)
    for i, arg in enumerate(out):
        if arg == "--ray" and (i + 1 == len(out) or out[i + 1].startswith("-")):
            out.insert(i + 1, "local")
            break
    return out


def game_command(name: str) -> Any:
    """The ``zedlab simulate NAME`` command, with the game's Config fields as options.

    Raises:
        ConfigError: if the game is unknown.
    """
    from .. import get

    game = get(name)
    converters: dict[str, Any] = {}
    params: list[inspect.Parameter] = []
    for field_name, field in game.Config.model_fields.items():
        parameter, convert = _config_parameter(field_name, field)
        params.append(parameter)
        converters[field_name] = convert
    params.extend(_common_parameters())
    if getattr(game, "content_binder", None) is not None:
        params.append(
            inspect.Parameter(
                "content",
                inspect.Parameter.KEYWORD_ONLY,
                default=typer.Option(
                    None,
                    "--content",
                    metavar="DIR",
                    help="Folder of content TOML files to play with instead of the packaged ones.",
                ),
                annotation=Path | None,
            )
        )

    def callback(**values: Any) -> None:
        config: dict[str, Any] = {}
        for field_name, convert in converters.items():
            value = values.pop(field_name, None)
            if value is not None:
                config[field_name] = convert(value) if convert else value
        config.update(parse_sets(values.pop("set_")))
        _simulate(name, config, **values)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__annotations__ = {p.name: p.annotation for p in params}
    callback.__doc__ = (
        f"Simulate {game.title}: many seeded games with bots, summarised.\n\n"
        "A game that fails (an error in the rules or a bot, or longer than --max-decisions) "
        "is counted as a fault and the run goes on; the first failing games keep their "
        "record in the faults folder (NAME.faults beside --out NAME.parquet, else "
        "./zedlab-faults).\n\n"
        "Exit status: 0 when the run finished, faults or not; 1 when every game failed "
        "(named in one line; rows and records are still written); 2 for a usage error, "
        "including options the game cannot be set up with (game 0 is set up before any "
        "work starts); 130 when interrupted."
    )
    single = typer.Typer(
        add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None
    )
    single.command(name, short_help=game.title, epilog=bots_epilog(kinds(game), game.title))(callback)
    command = typer.main.get_command(single)
    parse_args = command.parse_args
    command.parse_args = lambda ctx, args: parse_args(ctx, _ray_default(args))  # type: ignore[method-assign]
    return command


BOTS_DOC = "docs/bots.md"
"""Where the bots and their parameters are explained at length."""


def bots_epilog(factories: Any, whose: str | None = None) -> str:
    """The end of a help text naming the bot kinds and the parameters each takes, read from
    the bot registry (:func:`zedlab.bots.kinds`, :data:`zedlab.bots.GENERIC_BOTS`); ``whose``:
    the game they are of (``None``: the kinds every game has)."""
    head = f"Bots of {whose}" if whose else "Bots every game has"
    lines = [f"{head}, for --bot and --compare",
             "(SEAT=KIND, or KIND for every seat; e.g. --bot 0=ismcts:iters=1000):",
             *(f"  {line}" for line in describe(factories)),
             *([] if whose else ["Each game's own bots: zedlab simulate GAME --help."]),
             f"See {BOTS_DOC} for what the bots do and what their parameters are worth."]
    return "\b\n" + "\n".join(lines)  # \b: printed as written, not re-wrapped


class _GameCommands(TyperGroup):
    """One sub-command per registered game, built when asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        from ..core.registry import names

        return names()

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        from typer._click.exceptions import UsageError

        try:
            return game_command(cmd_name)
        except ConfigError as exc:
            raise UsageError(str(exc), ctx) from None


simulate_app = typer.Typer(
    cls=_GameCommands,
    help="Play many seeded games with bots and summarise them (zedlab simulate GAME --help).",
    epilog=bots_epilog(GENERIC_BOTS),
    no_args_is_help=True,
    rich_markup_mode=None,
)
app.add_typer(simulate_app, name="simulate")


def _need(module: str, what: str) -> None:
    """Fail with one line naming the extra when an optional library is missing.

    Raises:
        ConfigError: if ``module`` does not import.
    """
    import importlib

    try:
        importlib.import_module(module)
    except ImportError:
        raise ConfigError(
            f"{what} needs {module}, which is not installed: pip install 'zedlab[sim]'"
        ) from None


PLOT_FORMATS = (".png", ".svg", ".pdf")
"""File suffixes ``--plot`` can write (matplotlib picks the format from the suffix)."""


def _plot_targets(plot: Path, lineups: int) -> list[Path]:
    """``--plot FILE`` for line-up 0, and ``STEM.lineupN.SUFFIX`` beside it for the others."""
    return [plot] + [
        plot.with_name(f"{plot.stem}.lineup{n}{plot.suffix}") for n in range(1, lineups)
    ]


def _simulate(
    game_name: str,
    config: dict[str, Any],
    *,
    games: int,
    bot: tuple[str, ...],
    compare: tuple[str, ...],
    workers: int | None,
    seed: int,
    out: Path | None,
    plot: Path | None,
    ray: str | None,
    resume: bool,
    overwrite: bool,
    max_decisions: int,
    setup: str = "random",
    content: Path | None = None,
) -> None:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from .. import get
    from ..sim.plots import is_zedlab_plot
    from ..sim.report import all_failed, rate, render_result, title_of
    from ..sim.runner import WORKERS_PER_CPU, max_workers, simulate

    if out is not None or resume:
        _need("pyarrow", "--out/--resume (Parquet results)")
    if out is not None:
        check_writable(out, "--out", make_folder=True)
    if plot is not None:
        if plot.suffix.lower() not in PLOT_FORMATS:
            raise ConfigError(
                f"--plot {plot}: cannot draw {plot.suffix or 'a file without a suffix'}; "
                f"name it .png, .svg or .pdf"
            )
        for target in _plot_targets(plot, 2 if compare else 1):
            check_writable(target, "--plot")
            if target.exists() and not is_zedlab_plot(target):
                raise ConfigError(
                    f"--plot {target}: exists and is not a plot drawn by zedlab simulate; "
                    "choose another name (it is never replaced)"
                )
        _need("matplotlib", "--plot")
        from ..sim.plots import plot_summary

    if workers is not None and workers > max_workers() and ray in (None, "local"):
        print(
            f"zedlab: --workers {workers}: at most {max_workers()} on this machine "
            f"({WORKERS_PER_CPU} per CPU)",
            file=sys.stderr,
        )
    game = get(game_name)
    bots = parse_bots(bot)
    if not {"all", "*"} & set(bots):
        kinds = game.bot_kinds()
        bots = {"all": "heuristic" if "heuristic" in kinds else "random", **bots}
    err = Console(stderr=True)
    bar = Progress(
        TextColumn(f"{game_name}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TextColumn("{task.fields[rate]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TimeElapsedColumn(),
        console=err,
        auto_refresh=False,  # no refresh thread: worker processes may be forked
        disable=not err.is_terminal,
    )
    task = bar.add_task("simulate", total=games, rate="")
    started = [False]

    def progress(done: int, total: int) -> None:
        if not started[0]:
            # Games resumed from the file are not counted in the speed and ETA.
            bar.reset(task, total=total, completed=done, rate="")
            started[0] = True
        else:
            speed = bar.tasks[0].speed
            bar.update(task, completed=done, rate=rate(speed or 0.0))
        bar.refresh()

    with bar:
        result = simulate(
            game,
            games,
            config=config,
            bots=bots,
            compare=parse_bots(compare, "--compare") if compare else None,
            seed=seed,
            workers=workers,
            ray=ray,
            out=out,
            resume=resume,
            overwrite=overwrite,
            max_decisions=max_decisions,
            progress=progress,
            content=content,
            setup=setup,
        )
    console = summary_console()
    print_summary(console, render_result(result))
    if plot is not None:
        targets = _plot_targets(plot, len(result.summaries))
        for lineup, (summary, target) in enumerate(zip(result.summaries, targets, strict=True)):
            plot_summary(summary, target, title=title_of(result, lineup))
            console.print(f"plot: {target}", markup=False, highlight=False, soft_wrap=True)
    failed = all_failed(result)
    for line in failed:
        print(f"zedlab: {line}", file=sys.stderr)
    if result.interrupted:
        sys.exit(130)
    if failed:
        sys.exit(1)


def print_summary(console: Console, report: RenderableType) -> None:
    """Print ``report``; off a terminal (a file or a pipe) without the spaces that pad its
    lines to the console's width."""
    if console.is_terminal:
        console.print(report)
        return
    with console.capture() as captured:
        console.print(report)
    text = captured.get()
    sys.stdout.write("\n".join(line.rstrip() for line in text.split("\n")))
    sys.stdout.flush()


PIPE_COLUMNS = 80
"""Width of the summaries printed into a file or a pipe, unless ``COLUMNS`` says otherwise."""


def summary_console() -> Console:
    """The console the summaries go to: the terminal's width at a terminal; otherwise
    ``COLUMNS`` columns when it holds a positive whole number, else :data:`PIPE_COLUMNS`
    (never a terminal's width seen through another stream)."""
    from rich.console import Console

    console = Console()
    if console.is_terminal:
        return console
    columns = os.environ.get("COLUMNS", "").strip()
    given = columns.isascii() and columns.isdecimal() and len(columns) <= 4
    width = int(columns) if given else 0
    return Console(width=width or PIPE_COLUMNS)
