"""Drive ``python -m zedlab`` in a subprocess, and predict what a scripted game does.

The prediction plays the same game in-process with the same seed, bots seeded exactly as
``zedlab play`` seeds them (:func:`zedlab.cli.session.bot_choice`) and the human seats choosing
with their own seeded generator; it yields the lines to type and the expected record.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import zedlab
from zedlab.cli.keys import KeyBook
from zedlab.cli.menus import paths_for
from zedlab.cli.session import (
    HUMAN,
    best_bot,
    bot_choice,
    default_seats,
    plays_itself,
    sees_hidden,
)
from zedlab.core import RNG, Match, Record
from zedlab.core.engine import Game
from zedlab.core.view import option_warning

REPO = Path(__file__).resolve().parents[2]
TEST_GAMES = {"pig": "tests.core.pig:pig", "hand-test": "tests.cli.handgame:game"}
# (faulty-pig is a deliberately broken game of the simulation tests, registered when both
# folders run in one process.)
GAME_NAMES = [n for n in dict.fromkeys([*zedlab.games(), *TEST_GAMES]) if n != "faulty-pig"]


def load_game(name: str) -> Game[Any]:
    """A registered game, or one of the test games."""
    if name in TEST_GAMES:
        import importlib

        module, _, attr = TEST_GAMES[name].partition(":")
        return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]
    return zedlab.get(name)


def environment(data_dir: Path) -> dict[str, str]:
    """The subprocess environment: test games registered, saves under ``data_dir``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPO), str(REPO / "src"), env.get("PYTHONPATH", "")) if p
    )
    extra = ",".join(f"{k}={v}" for k, v in TEST_GAMES.items())
    env["ZEDLAB_GAMES"] = ",".join(p for p in (env.get("ZEDLAB_GAMES", ""), extra) if p)
    env["ZEDLAB_DATA_DIR"] = str(data_dir)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)  # (pytest-xdist workers set both; the terminal's size decides)
    env["TERM"] = "dumb"
    return env


def run(
    args: list[str], data_dir: Path, lines: list[str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m zedlab ARGS`` with ``lines`` as its input (then end of input)."""
    text = "".join(line + "\n" for line in lines or [])
    return subprocess.run(
        [sys.executable, "-m", "zedlab", *args],
        input=text,
        capture_output=True,
        text=True,
        env=environment(data_dir),
        timeout=timeout,
        cwd=REPO,
    )


def run_here(
    args: list[str], data_dir: Path, lines: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    """:func:`run` in this process (same environment, input and exit code, through
    :func:`zedlab.cli.main`): for the many short commands that only check a message, where
    starting Python each time would cost most of the test's time."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    from zedlab.cli import main

    env = environment(data_dir)
    keys = ("ZEDLAB_GAMES", "ZEDLAB_DATA_DIR", "TERM", "COLUMNS")
    saved = {k: os.environ.get(k) for k in keys}
    old_argv, old_stdin = sys.argv, sys.stdin
    out, err = io.StringIO(), io.StringIO()
    code: int = 0
    try:
        for key in keys:
            if key in env:
                os.environ[key] = env[key]
            else:
                os.environ.pop(key, None)
        sys.argv = ["zedlab", *args]
        sys.stdin = io.StringIO("".join(line + "\n" for line in lines or []))
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return subprocess.CompletedProcess(args, code, out.getvalue(), err.getvalue())


@dataclass
class Script:
    """A predicted game: what to type, and the match it leads to."""

    lines: list[str]
    match: Match
    # the step number of each human choice, in order
    human_steps: list[int] = field(default_factory=list)
    # the index in ``lines`` of the first line typed for each human choice
    human_lines: list[int] = field(default_factory=list)
    # the keys typed for each human choice (one per group level)
    human_keys: list[list[str]] = field(default_factory=list)
    # whether the game warns before each human choice (a terminal then asks y/n)
    human_warned: list[bool] = field(default_factory=list)

    @property
    def record(self) -> Record:
        return self.match.record


def predict(
    game: Game[Any],
    seed: int,
    seats: list[str] | None = None,
    picker: int = 99,
    config: dict[str, Any] | None = None,
    human_limit: int | None = None,
    max_steps: int = 20_000,
    ask_single: bool = False,
) -> Script:
    """Play a game in-process as ``zedlab play`` would, with seeded human choices.

    After ``human_limit`` human choices every human seat is taken over by the best bot, with
    fresh bots everywhere (as ``zedlab play --resume --bot SEAT=KIND`` does). A human
    decision with one option the terminal plays itself takes no line (``ask_single``: as
    ``zedlab play --ask-single``, every decision takes one).
    """
    match = Match.new(game, config or {}, seed=seed)
    kinds = game.bot_kinds()
    seats = list(seats or default_seats(game.seats(match.config), kinds))
    bots = {i: kinds[k]() for i, k in enumerate(seats) if k != HUMAN}
    rng = RNG.from_seed(picker)
    humans = [i for i, k in enumerate(seats) if k == HUMAN]
    script = Script([], match)
    last_human: int | None = None
    book = KeyBook()
    while not match.over and len(match.steps) < max_steps:
        decision = match.decision
        assert decision is not None
        seat = decision.player
        if seats[seat] == HUMAN and len(script.human_steps) == human_limit:
            seats = [best_bot(kinds) if k == HUMAN else k for k in seats]
            bots = {i: kinds[k]() for i, k in enumerate(seats)}
        human = seats[seat] == HUMAN
        book.see(decision, option_paths(game, match, decision) if human else None, human,
                 option_slots(game, match, decision) if human else None,
                 option_subject(game, match, decision) if human else None)
        if human and not ask_single and plays_itself(game, decision):
            if len(humans) == 1 or not sees_hidden(match, seat):
                match.play(decision.options[0])  # the terminal plays an only option itself
                continue
        if human:
            if len(humans) > 1 and last_human is not None and last_human != seat:
                if sees_hidden(match, seat) or sees_hidden(match, last_human):
                    script.lines.append("")  # the pass-the-device pause
            last_human = seat
            index = rng.randbelow(len(decision.options))
            script.human_steps.append(len(match.steps))
            script.human_lines.append(len(script.lines))
            keys = book.keys_to(decision.options, option_paths(game, match, decision), index)
            script.human_keys.append(keys)
            script.human_warned.append(
                bool(option_warning(game, match.state, decision, decision.options[index]))
            )
            script.lines.extend(keys)
            match.play(decision.options[index])
        else:
            match.play(bot_choice(match, bots[seat]))
    assert match.over, f"{game.name}: predicted game did not end in {max_steps} steps"
    return script


def option_paths(game: Game[Any], match: Any, decision: Any) -> Any:
    """The group paths the terminal lists ``decision`` by (``None``: flat); ``match`` may
    be the state itself."""
    groups = getattr(game, "option_groups", None)
    state = match.state if isinstance(match, Match) else match
    paths = groups(state, decision) if groups is not None else None
    return paths_for(decision.options, paths, always=option_slots(game, state, decision) is not None)


def option_slots(game: Game[Any], match: Any, decision: Any) -> Any:
    """The game's fixed menu numbers for ``decision`` (``None``: numbered as they come)."""
    slots = getattr(game, "option_slots", None)
    state = match.state if isinstance(match, Match) else match
    return slots(state, decision) if slots is not None else None


def option_subject(game: Game[Any], match: Any, decision: Any) -> Any:
    """Whom the game says ``decision`` is about (``None``: it does not say)."""
    subject = getattr(game, "option_subject", None)
    state = match.state if isinstance(match, Match) else match
    return subject(state, decision) if subject is not None else None


def menu_keys(game: Game[Any], match: Match, decision: Any, index: int) -> list[str]:
    """What a person types at the prompt to play ``decision.options[index]`` (one key, or
    a key per group level for a long decision the game groups), with the keys of the
    decisions that led to it (:class:`zedlab.cli.keys.KeyBook`)."""
    seats = default_seats(game.seats(match.config), game.bot_kinds())
    book = KeyBook()
    book.rebuild(match, lambda seat: seats[seat] == HUMAN, lambda state, d: option_paths(game, state, d),
                 lambda state, d: option_slots(game, state, d), lambda state, d: option_subject(game, state, d))
    return book.keys_to(decision.options, option_paths(game, match, decision), index)


def steps_json(record: Record) -> list[dict[str, Any]]:
    """The steps of a record as comparable JSON."""
    return record.to_json()["steps"]  # type: ignore[no-any-return]


def assert_clean(proc: subprocess.CompletedProcess[str]) -> None:
    """No traceback and no terminal escape codes anywhere in the output."""
    both = proc.stdout + proc.stderr
    assert "Traceback" not in both, both[-3000:]
    assert "\x1b[" not in proc.stdout, "colour or cursor codes in plain output"
