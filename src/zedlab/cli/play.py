"""``zedlab play``: play a registered game in the terminal, against bots or friends.

Usage::

    zedlab play GAME [GAME OPTIONS] [--seed S] [--bot SEAT=KIND ...] [--human SEAT ...]
                     [--load FILE] [--resume] [--delay SECONDS] [--fast] [--ask-single]
    zedlab play --resume            continue the last autosaved game
    zedlab play --load FILE         continue a game saved with `save FILE`
    zedlab play GAME --help         the options of that game

One subcommand per registered game is built on demand (so games added later, or through
``ZEDLAB_GAMES``, appear without changing this module). Every field of the game's pydantic
``Config`` becomes a flag named after it (``players`` -> ``--players``, ``content_dir`` ->
``--content-dir``, also reachable as ``--content``; a field named like a play option, e.g.
``seed``, becomes ``--game-seed``): booleans as ``--x/--no-x``, ``Literal``
and ``Enum`` fields as a choice, lists as a repeatable flag, anything else as JSON text.
A flag left out keeps the Config's default; ``--help`` lists them under "Game options" with
their description, range and default.

Seats: seat 0 is you and every other seat the game's best bot (``"heuristic"`` if the game
has one, else ``"random"``; see :mod:`zedlab.cli.session`). ``--bot SEAT=KIND`` puts a bot
in a seat (``--bot KIND`` alone: every bot seat), ``--human SEAT`` a person (hot-seat). A
kind may carry parameters, ``--bot 1=ismcts:iters=200``; every game has the generic kinds
of :data:`zedlab.bots.GENERIC_BOTS` (``ismcts``) besides its own.
``--bot 0=random`` with no human seat watches bots play.

Errors: a bad option, an unknown bot or seat, a content folder with a bad file, or a save
that is damaged or of another game end the command with a one-line ``zedlab: ...`` message
and exit code 2 (raised as ``ConfigError``/``ContentError``/``RecordError`` and reported by
:func:`zedlab.cli.main`).
"""

from __future__ import annotations

import enum
import json
import math
import os
import sys
import types
import typing
from pathlib import Path
from typing import Any

import click
import typer
from pydantic import ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from ..bots import make as make_bot
from ..bots import split_seat
from ..core.engine import BaseConfig, Game
from ..core.errors import ConfigError, RecordError
from ..core.match import Match
from . import app
from .render import make_console
from .saves import (
    EventLog,
    latest_autosave,
    load_record,
    read_log,
    read_seats,
    seats_path,
    shown_path,
)
from .session import (
    HUMAN,
    Session,
    default_seats,
    discard_typeahead,
    is_number,
    terminal_reader,
)

__all__ = ["assign_seats", "config_from_flags", "flag_name", "game_command"]

_CFG = "cfg__"
_PLAY_PARAMS = ("seed", "bot", "human", "load", "resume", "delay", "fast", "ask_single")


# -- Config fields as flags ------------------------------------------------------------------


def _unwrap_optional(annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _bounds(field: FieldInfo) -> str:
    lo = hi = None
    for meta in field.metadata:
        lo = getattr(meta, "ge", lo) if getattr(meta, "ge", None) is not None else lo
        hi = getattr(meta, "le", hi) if getattr(meta, "le", None) is not None else hi
    if lo is not None and hi is not None:
        return f"{lo}-{hi}"
    if lo is not None:
        return f">= {lo}"
    if hi is not None:
        return f"<= {hi}"
    return ""


def _default_text(field: FieldInfo) -> str:
    default = field.get_default(call_default_factory=True)
    if default is PydanticUndefined:
        return "required"
    if isinstance(default, enum.Enum):
        default = default.value
    if isinstance(default, bool):
        return "yes" if default else "no"
    if default is None or default in ((), [], {}):
        return "none"
    if isinstance(default, list | tuple):
        return ", ".join(str(d) for d in default)
    return json.dumps(default) if isinstance(default, dict) else str(default)


def flag_name(field: str) -> str:
    """The command-line flag of a Config field: ``content_dir`` -> ``--content-dir``."""
    return "--" + ("game-" if field in _PLAY_PARAMS else "") + field.replace("_", "-")


def _field_option(name: str, field: FieldInfo, extra_decls: list[str]) -> click.Option:
    """A click option for one Config field (value ``None`` when the flag is not given).

    A field named like a play option (``seed``, ``bot``...) becomes ``--game-<name>``.
    """
    flag = flag_name(name)
    annotation = _unwrap_optional(field.annotation)
    origin = typing.get_origin(annotation)
    notes = [n for n in (_bounds(field), f"default: {_default_text(field)}") if n]
    help_text = (field.description or "").strip()
    help_text = f"{help_text} [{'; '.join(notes)}]".strip()
    param = _CFG + name
    if annotation is bool:
        return click.Option([f"{flag}/--no-{flag[2:]}", param], default=None, help=help_text)
    if origin is typing.Literal:
        choices = [str(a) for a in typing.get_args(annotation)]
        return click.Option(
            [flag, *extra_decls, param], type=click.Choice(choices), default=None, help=help_text
        )
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        choices = [str(m.value) for m in annotation]
        return click.Option(
            [flag, *extra_decls, param], type=click.Choice(choices), default=None, help=help_text
        )
    if origin in (list, tuple, set, frozenset):
        args = [a for a in typing.get_args(annotation) if a is not Ellipsis]
        inner = _unwrap_optional(args[0]) if args else str
        kind = inner if inner in (int, float, str) else str
        return click.Option(
            [flag, *extra_decls, param],
            type=kind,
            multiple=True,
            default=None,
            help=help_text + " (repeat the flag for each item)",
        )
    if annotation in (int, float, str):
        return click.Option(
            [flag, *extra_decls, param], type=annotation, default=None, help=help_text
        )
    if annotation is Path:
        return click.Option(
            [flag, *extra_decls, param], type=click.Path(), default=None, help=help_text
        )
    return click.Option(
        [flag, *extra_decls, param],
        type=str,
        default=None,
        help=help_text + " (JSON)",
        metavar="JSON",
    )


def _convert(field: FieldInfo, raw: Any) -> Any:
    """The flag's text back to what the Config expects (pydantic validates it afterwards)."""
    annotation = _unwrap_optional(field.annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        for choice in typing.get_args(annotation):
            if str(choice) == raw:
                return choice
    if origin in (list, tuple, set, frozenset):
        return list(raw)
    if annotation in (bool, int, float, str, Path) or isinstance(raw, bool):
        return raw
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return raw
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def config_options(config_cls: type[BaseConfig]) -> list[click.Option]:
    """One click option per field of ``config_cls`` (see the module docstring)."""
    fields = config_cls.model_fields
    options = []
    for name, field in fields.items():
        extra: list[str] = []
        if name != "content" and name.startswith("content") and "content" not in fields:
            extra = ["--content"]
        options.append(_field_option(name, field, extra))
    return options


def config_from_flags(game: Game[Any], values: dict[str, Any]) -> BaseConfig:
    """Validate the Config from the flags given (``None``/empty = not given).

    Raises:
        ConfigError: naming the flag, what was wrong and what is allowed.
    """
    fields = game.Config.model_fields
    data = {
        name: _convert(fields[name], value)
        for name, value in values.items()
        if value is not None and value != ()
    }
    for name, value in data.items():
        # a content folder is kept in the save as an absolute path, so the game resumes
        # from any working directory
        if name.startswith("content") and isinstance(value, str) and value:
            data[name] = os.path.abspath(os.path.expanduser(value))
    try:
        return game.Config.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = [str(p) for p in err["loc"]]
            flag = flag_name(loc[0]) if loc else "config"
            given = data.get(loc[0]) if loc else None
            shown = f" {given}" if given is not None else ""
            problems.append(f"{flag}{shown}: {err['msg']}")
        raise ConfigError(f"{game.name}: " + "; ".join(problems)) from None


# -- seats --------------------------------------------------------------------------------


def assign_seats(
    game: Game[Any],
    seat_count: int,
    bots: tuple[str, ...],
    humans: tuple[int, ...],
    base: list[str] | None = None,
) -> list[str]:
    """Who plays each seat: ``base`` (or the defaults), then ``--bot`` and ``--human``.

    Raises:
        ConfigError: for a malformed ``--bot``, an unknown bot kind, a seat that does not
            exist, a seat (or ``--bot KIND`` for every seat) given twice, or a seat named both
            human and bot.
    """
    kinds = game.bot_kinds()  # the defaults are the game's own bots
    seats = (
        list(base)
        if base is not None and len(base) == seat_count
        else default_seats(seat_count, kinds)
    )
    last = seat_count - 1

    def check_seat(seat: int, flag: str) -> int:
        if not 0 <= seat <= last:
            raise ConfigError(f"{flag}: seat {seat} does not exist; seats are 0-{last}")
        return seat

    def check_kind(kind: str) -> str:
        try:
            make_bot(game, kind)
        except ConfigError as exc:
            raise ConfigError(f"--bot: {exc}") from None
        return kind

    bot_seats: set[int] = set()
    every_seat = False
    for text in bots:
        seat_text, kind = split_seat(text)
        if seat_text is None:
            if every_seat:
                raise ConfigError(
                    f"--bot: every seat given twice ({text!r} again); give --bot KIND once"
                )
            every_seat = True
            kind = check_kind(kind)
            seats = [kind if s != HUMAN else s for s in seats]
            continue
        if not is_number(seat_text) or not kind:
            raise ConfigError(f"--bot expects SEAT=KIND, like 1=random; got {text!r}")
        seat = check_seat(int(seat_text), "--bot")
        if seat in bot_seats:
            raise ConfigError(f"--bot: seat {seat} given twice; give each seat one --bot SEAT=KIND")
        seats[seat] = check_kind(kind.strip())
        bot_seats.add(seat)
    for seat in humans:
        check_seat(seat, "--human")
        if seat in bot_seats:
            raise ConfigError(f"seat {seat} cannot be both --human and --bot")
        seats[seat] = HUMAN
    return seats


# -- running ------------------------------------------------------------------------------


def _run(
    match: Match,
    seats: list[str],
    delay: float,
    note: str = "",
    log: EventLog | None = None,
    fast: bool = False,
    ask_single: bool = False,
) -> None:
    console = make_console()
    game = match.game
    # pause after the player's own results and between bot moves: only for a person at a
    # terminal (never when input comes from a pipe or a script)
    interactive = sys.stdin.isatty() and console.is_terminal
    session = Session(
        match,
        seats,
        console,
        terminal_reader(console),
        delay=delay,
        log=log,
        pause=interactive and not fast,
        interactive=interactive,
        ask_single=ask_single,
        discard_input=discard_typeahead if interactive else None,
    )
    intro = [f"{game.title} (rules v{game.rules_version}), seed {match.seed}"]
    if note:
        intro += note.splitlines()
    # the seats as the game names them (a character), else by number
    intro.append("Seats: " + ", ".join(session.names))
    intro.append("Type help at any prompt for the rules of the moment and the commands.")
    code = session.run(intro)
    raise typer.Exit(code)


def _content_folder(content: str | None) -> str | None:
    """``--content DIR`` as an absolute path (``None`` when not given)."""
    if content is None:
        return None
    return os.path.abspath(os.path.expanduser(content))


def _load(
    path: str | Path, game_name: str | None = None, content: str | None = None
) -> tuple[Match, str | None]:
    """The saved game in ``path`` replayed, and a notice if it has older or newer rules.

    ``content`` is the content folder the game was played with (``--content DIR``), if it
    was not the packaged content.

    Raises:
        RecordError: if it cannot be read, is of another game, or does not replay (the
            message names the file, and the rules versions when they differ).
    """
    record = load_record(path)
    if game_name is not None and record.game != game_name:
        raise RecordError(
            f"{path} is a saved game of {record.game!r}, not {game_name!r}; "
            f"load it with: zedlab play --load {path}"
        )
    try:
        match = Match.replay(record, content=_content_folder(content))
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return match, record.version_notice(match.game.rules_version)


def _checked_seats(
    game: Game[Any], seat_count: int, seats: list[str], path: Path
) -> list[str] | None:
    """The sidecar's seats if each is "human" or one of the game's bots, else ``None``
    (the defaults) after a one-line warning on stderr."""
    bad = [s for s in seats if s != HUMAN and not _is_bot(game, s)]
    if len(seats) == seat_count and not bad:
        return seats
    why = (
        f"unknown player {bad[0]!r}" if bad else f"{len(seats)} seats, not {seat_count}"
    )
    click.echo(
        f"zedlab: warning: ignoring the seats in {seats_path(path)} ({why}); "
        "using the default seats",
        err=True,
    )
    return None


def _is_bot(game: Game[Any], spec: str) -> bool:
    try:
        make_bot(game, spec)
    except ConfigError:
        return False
    return True


MAX_DELAY = 3600.0
"""The longest ``--delay`` (seconds): an hour between bot moves is already no game."""


def check_delay(delay: float) -> float:
    """``--delay`` must be a number of seconds from 0 to :data:`MAX_DELAY`.

    Raises:
        ConfigError: otherwise.
    """
    if not math.isfinite(delay) or not 0 <= delay <= MAX_DELAY:
        raise ConfigError(
            f"--delay {delay}: give a number of seconds >= 0 and at most {MAX_DELAY:g}, like 0.5"
        )
    return delay


def _continue(
    path: Path,
    game_name: str | None,
    bots: tuple[str, ...],
    humans: tuple[int, ...],
    delay: float,
    resume: bool,
    content: str | None = None,
    fast: bool = False,
    ask_single: bool = False,
) -> None:
    """Continue a saved game with the seats and event log of its sidecar.

    ``--resume`` applies ``--bot``/``--human`` on top of the saved seats; ``--load`` uses the
    saved seats only when neither is given. ``content``: the game's content folder, if any.
    """
    match, notice = _load(path, game_name, content)
    seat_count = match.game.seats(match.config)
    base = None
    if resume or not (bots or humans):
        base = read_seats(path)
        if base is not None:
            base = _checked_seats(match.game, seat_count, base, path)
        elif seats_path(path).exists():
            click.echo(
                f"zedlab: warning: ignoring {seats_path(path)} (damaged, or not a seats "
                "file); using the default seats",
                err=True,
            )
    seats = assign_seats(match.game, seat_count, bots, humans, base)
    log = read_log(path, len(match.steps))
    done = len(match.steps)
    note = f"Continuing {shown_path(path)} after {done} action{'' if done == 1 else 's'}."
    if notice:
        version = match.game.rules_version
        note = f"{note}\n{notice} Played on, it is saved as v{version} from now on."
    _run(match, seats, delay, note=note, log=log, fast=fast, ask_single=ask_single)


def _play_game(game_name: str, values: dict[str, Any]) -> None:
    from ..core.registry import get

    game = get(game_name)
    config_values = {k[len(_CFG) :]: v for k, v in values.items() if k.startswith(_CFG)}
    given = [k for k, v in config_values.items() if v is not None and v != ()]
    bots, humans, delay = values["bot"], values["human"], check_delay(values["delay"])
    if values["load"] or values["resume"]:
        if values["load"] and values["resume"]:
            raise ConfigError("use either --load FILE or --resume, not both")
        if given or values["seed"] is not None:
            flags = ", ".join("--" + k.replace("_", "-") for k in given) or "--seed"
            raise ConfigError(
                f"{flags} set up a new game; a saved game keeps the options it was started with"
            )
        content, fast, ask = values.get("content"), values["fast"], values["ask_single"]
        if values["resume"]:
            _continue(
                latest_autosave(game_name), game_name, bots, humans, delay, True, content, fast, ask
            )
        else:
            path = Path(values["load"])
            _continue(path, game_name, bots, humans, delay, False, content, fast, ask)
        return
    config = config_from_flags(game, config_values)
    match = Match.new(game, config, seed=values["seed"], content=_content_folder(values.get("content")))
    seats = assign_seats(game, game.seats(match.config), bots, humans)
    _run(
        match,
        seats,
        delay,
        note=f"Play the same game again with --seed {match.seed}.",
        fast=values["fast"],
        ask_single=values["ask_single"],
    )


_SEAT_OPTIONS = [
    click.Option(
        ["--seed"],
        type=int,
        default=None,
        help="Seed of the game's randomness (same seed + same choices = same game).",
    ),
    click.Option(
        ["--bot"],
        multiple=True,
        metavar="SEAT=KIND",
        help="Put a bot in a seat, e.g. --bot 1=random or --bot 1=ismcts:iters=200 "
        "(repeatable); --bot KIND sets every bot seat.",
    ),
    click.Option(
        ["--human"],
        multiple=True,
        type=int,
        metavar="SEAT",
        help="Seat a person (hot-seat), e.g. --human 1 (repeatable).",
    ),
    click.Option(
        ["--load"],
        type=click.Path(dir_okay=False),
        default=None,
        metavar="FILE",
        help="Continue a game saved with the save command (with the seats saved beside "
        "it, unless --bot/--human are given).",
    ),
    click.Option(
        ["--resume"],
        is_flag=True,
        default=False,
        help="Continue the last autosaved game of this game.",
    ),
    click.Option(
        ["--delay"],
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="Pause after each bot move (default 0).",
    ),
    click.Option(
        ["--fast"],
        is_flag=True,
        default=False,
        help="Do not stop after your own results and between the bots' moves (at a "
        "terminal the game waits for Enter there; never when input is not a terminal).",
    ),
    click.Option(
        ["--ask-single"],
        is_flag=True,
        default=False,
        help="Ask even when a decision has only one option (by default it is played for "
        "you and shown as an event line, unless it is one to read first, such as a loss).",
    ),
]


_CONTENT_OPTION = click.Option(
    ["--content"],
    type=click.Path(file_okay=False),
    default=None,
    metavar="DIR",
    help="Folder of content TOML files to play with instead of the packaged ones (the "
    "printed values, for owners of the game); also to --load or --resume a game played "
    "with one.",
)


class GameCommand(click.Command):
    """``zedlab play GAME``: its help lists the game's options apart from the play options."""

    def __init__(self, game: Game[Any]) -> None:
        self.game_options = config_options(game.Config)
        if getattr(game, "content_binder", None) is not None:
            self.game_options.append(_CONTENT_OPTION)
        doc = (
            f"Play {game.title} (rules v{game.rules_version}). Seat 0 is you; the other seats "
            "are bots unless --human says otherwise."
        )
        name = game.name
        super().__init__(
            name=name,
            params=[*self.game_options, *[_copy_option(o) for o in _SEAT_OPTIONS]],
            callback=lambda **values: _play_game(name, values),
            help=doc,
            short_help=game.title,
        )

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        game_rows = [p.get_help_record(ctx) for p in self.game_options]
        other = [p for p in self.get_params(ctx) if p not in self.game_options]
        play_rows = [p.get_help_record(ctx) for p in other]
        with formatter.section("Game options"):
            formatter.write_dl([r for r in game_rows if r])
        with formatter.section("Play options"):
            formatter.write_dl([r for r in play_rows if r])


def _copy_option(option: click.Option) -> click.Option:
    return click.Option(
        option.opts,
        type=option.type,
        multiple=option.multiple,
        default=option.default,
        is_flag=option.is_flag,
        help=option.help,
        metavar=option.metavar,
    )


def game_command(name: str) -> GameCommand:
    """The ``zedlab play NAME`` command.

    Raises:
        ConfigError: if no game has that name.
    """
    from ..core.registry import get

    return GameCommand(get(name))


class PlayGroup(click.Group):
    """``zedlab play``: one subcommand per registered game, built when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from ..core.registry import names

        return names()

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from ..core.registry import names

        if cmd_name not in names():
            known = ", ".join(names()) or "(none yet)"
            raise click.UsageError(f"unknown game {cmd_name!r}; the games are: {known}", ctx)
        try:
            return game_command(cmd_name)
        except ConfigError as exc:
            raise click.UsageError(str(exc), ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            try:
                rows.append((name, game_command(name).short_help or ""))
            except ConfigError as exc:
                rows.append((name, f"(does not load: {exc})"))
        with formatter.section("Games"):
            formatter.write_dl(rows or [("(none)", "no game is registered yet")])


def _group_callback(
    resume: bool,
    load: str | None,
    bot: tuple[str, ...],
    human: tuple[int, ...],
    delay: float,
    content: str | None,
    fast: bool,
    ask_single: bool,
) -> None:
    ctx = click.get_current_context()
    check_delay(delay)
    if ctx.invoked_subcommand is not None:
        if resume or load or bot or human or content or fast or ask_single:
            raise ConfigError(
                "put --resume, --load, --bot, --human, --content, --fast and --ask-single "
                f"after the game's name: zedlab play {ctx.invoked_subcommand} --help"
            )
        return
    if resume and load:
        raise ConfigError("use either --load FILE or --resume, not both")
    if resume:
        _continue(latest_autosave(), None, bot, human, delay, True, content, fast, ask_single)
    elif load:
        _continue(Path(load), None, bot, human, delay, False, content, fast, ask_single)
    else:
        click.echo(ctx.get_help())


play_group = PlayGroup(
    name="play",
    subcommand_metavar="GAME [GAME OPTIONS]",
    invoke_without_command=True,
    callback=_group_callback,
    help=(
        "Play a game in the terminal against bots or friends. Start one with "
        "zedlab play GAME (options: zedlab play GAME --help); continue the last one with "
        "zedlab play --resume, or a saved one with zedlab play --load FILE."
    ),
    params=[
        click.Option(
            ["--resume"], is_flag=True, default=False, help="Continue the last autosaved game."
        ),
        click.Option(
            ["--load"],
            type=click.Path(dir_okay=False),
            default=None,
            metavar="FILE",
            help="Continue a game saved with the save command (with the seats saved beside "
            "it, unless --bot/--human are given).",
        ),
        click.Option(
            ["--bot"],
            multiple=True,
            metavar="SEAT=KIND",
            help="With --resume/--load: put a bot in a seat.",
        ),
        click.Option(
            ["--human"],
            multiple=True,
            type=int,
            metavar="SEAT",
            help="With --resume/--load: seat a person.",
        ),
        click.Option(
            ["--delay"],
            type=float,
            default=0.0,
            metavar="SECONDS",
            help="Pause after each bot move (default 0).",
        ),
        click.Option(
            ["--content"],
            type=click.Path(file_okay=False),
            default=None,
            metavar="DIR",
            help="With --resume/--load: the content folder the game was played with.",
        ),
        *[_copy_option(o) for o in _SEAT_OPTIONS if o.name in ("fast", "ask_single")],
    ],
)


@app.command(
    "play",
    context_settings={
        "allow_extra_args": True,
        "ignore_unknown_options": True,
        "help_option_names": [],
    },
    add_help_option=False,
)
def play_command(ctx: typer.Context) -> None:
    """Play a game in the terminal: zedlab play GAME (see zedlab play --help)."""
    play_group.main(args=list(ctx.args), prog_name="zedlab play", standalone_mode=True)
