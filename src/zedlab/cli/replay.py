"""``zedlab replay FILE``: step through a saved game, forwards and backwards.

The file is a ZedLab record (an autosave, a ``save FILE`` from ``zedlab play``, a record from
the simulator or the web). It is replayed through the rules first, so a damaged, foreign or
no longer replayable record ends the command with a one-line ``RecordError`` message (exit
code 2) before anything is shown.

Position ``k`` is the table after the first ``k`` actions (0 = the set-up). At each position
the screen shows who chose what to get there, the new events and the table as ``--seat``
sees it (default: a spectator), drawn by the game's renderer (see :mod:`zedlab.cli.render`).

Commands at the prompt: Enter or ``n`` next, ``b`` back, ``first``, ``last``, a number to
jump to that position, ``help`` to list these, ``q`` to quit. End of input quits (exit 0). ``--all`` prints every
position without asking (for scripts); ``--at K`` starts at position ``K``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ..core.errors import ConfigError, RecordError
from ..core.match import Match
from ..core.records import Record
from . import app
from .render import make_console, outcome_table, render_view
from .saves import load_record
from .session import is_number, shown_text, terminal_reader

__all__ = ["Replay"]

REPLAY_HELP = (
    "Replay commands: Enter or n shows the next position; b (back) the one before; first the "
    "set-up (position 0); last the final position; a number from 0 to {last} jumps to that "
    "position; help lists these commands; q (quit) leaves."
)


class Replay:
    """A record rebuilt as the list of states after each of its actions.

    Raises:
        RecordError: if the record does not replay.
    """

    def __init__(self, record: Record, source: str = "", content: str | None = None) -> None:
        try:
            match = Match.replay(record, content=content)
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}" if source else str(exc)) from None
        self.record = record
        self.steps = match.steps  # the game's own options, with its labels
        self.game = match.game
        self.outcome = match.outcome
        walk = Match.new(self.game, record.config, seed=record.seed, content=match.content)
        self.states: list[Any] = [self.game.clone(walk.state)]
        self.seqs = [walk.seq]  # the last event's number at each position
        for step in record.steps:
            walk.play(step.action)
            self.states.append(self.game.clone(walk.state))
            self.seqs.append(walk.seq)
        self.walk = walk

    @property
    def last(self) -> int:
        """The last position (the number of actions)."""
        return len(self.states) - 1

    def show(self, console: Console, position: int, seat: int | None) -> None:
        """Draw position ``position`` as ``seat`` sees it."""
        game, state = self.game, self.states[position]
        console.print()
        console.rule(Text(f"Position {position} of {self.last}"), align="left")
        if position == 0:
            console.print(Text("The set-up, before any choice."), soft_wrap=True)
        else:
            step = self.steps[position - 1]
            console.print(
                Text(f"Action {position}: seat {step.player} chose: {step.action.label}"),
                soft_wrap=True,
            )
            since, upto = self.seqs[position - 1], self.seqs[position]
            lines = [
                game.event_text(e, seat)
                for e in self.walk.events(seat, since=since)
                if e.seq <= upto
            ]
            for line in lines:
                console.print(Text(f"  {line}"), soft_wrap=True)
        console.print(render_view(game, game.view(state, seat), seat))
        if position == self.last and self.outcome is not None:
            names = [f"Seat {i}" for i in range(len(self.outcome.scores))]
            console.print(outcome_table(self.outcome, names))


def _navigate(replay: Replay, console: Console, start: int, seat: int | None) -> None:
    read = terminal_reader(console)
    position = start
    replay.show(console, position, seat)
    while True:
        try:
            line = read("[Enter] next, b back, first, last, NUMBER, q quit > ").strip().lower()
        except EOFError:
            console.print()
            return
        if line in ("", "n", "next"):
            if position == replay.last:
                console.print("That was the last position; b goes back, q quits.")
                continue
            position += 1
        elif line in ("b", "back", "p", "prev"):
            if position == 0:
                console.print("This is the set-up; there is nothing before it.")
                continue
            position -= 1
        elif line == "first":
            position = 0
        elif line == "last":
            position = replay.last
        elif line.isdigit():
            if not is_number(line) or int(line) > replay.last:
                console.print(Text(f"There are positions 0-{replay.last} only."), soft_wrap=True)
                continue
            position = int(line)
        elif line in ("q", "quit", "exit"):
            return
        elif line in ("help", "h", "?"):
            console.print(Text(REPLAY_HELP.format(last=replay.last)), soft_wrap=True)
            continue
        else:
            console.print(
                Text(
                    f"'{shown_text(line)}' is not a command: Enter, b, first, last, a number, "
                    "help or q."
                ),
                soft_wrap=True,
            )
            continue
        replay.show(console, position, seat)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A saved game (record file).")],
    seat: Annotated[
        int | None, typer.Option("--seat", metavar="SEAT", help="Show what this seat saw (default: spectator).")
    ] = None,
    at: Annotated[int, typer.Option("--at", metavar="N", help="Start at this position (0 = the set-up).")] = 0,
    show_all: Annotated[
        bool, typer.Option("--all", help="Print every position, no prompts.")
    ] = False,
    content: Annotated[
        Path | None,
        typer.Option("--content", metavar="DIR", help="The content folder the game was played with, if not the packaged one."),
    ] = None,
) -> None:
    """Step through a saved game, forwards and backwards."""
    replay = Replay(load_record(file), str(file), None if content is None else str(content))
    seats = replay.game.seats(replay.game.Config.model_validate(replay.record.config))
    if seat is not None and not 0 <= seat < seats:
        raise ConfigError(f"--seat {seat}: this game has seats 0-{seats - 1}")
    if not 0 <= at <= replay.last:
        raise ConfigError(f"--at {at}: this record has positions 0-{replay.last}")
    console = make_console()
    console.print(
        f"{replay.game.title}: {replay.last} actions, seed {replay.record.seed}, "
        f"recorded with rules v{replay.record.rules_version}"
    )
    notice = replay.record.version_notice(replay.game.rules_version)
    if notice:
        console.print(Text(notice), soft_wrap=True)
    try:
        if show_all:
            for position in range(at, replay.last + 1):
                replay.show(console, position, seat)
        else:
            _navigate(replay, console, at, seat)
    except KeyboardInterrupt:
        console.print()
        raise typer.Exit(130) from None
