"""``zedlab play`` and ``zedlab replay`` driven through a subprocess, for every game.

The per-game tests are parametrised over :data:`GAME_NAMES` (the registry plus the test games
Pig and High Card), so a game registered later is covered without touching this file. To keep
the suite fast, one test chains the runs a person would make: start a game (with bad input,
undo and a save), stop, resume and finish it, load the save and press Ctrl-C, replay it.
"""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from zedlab.cli.play import flag_name
from zedlab.cli.session import best_bot, plays_itself
from zedlab.core import Match, Record

from .driver import (
    GAME_NAMES,
    REPO,
    Script,
    assert_clean,
    environment,
    load_game,
    menu_keys,
    predict,
    run,
    run_here,
    steps_json,
)

SEED = 7
HUMAN_CHOICES = 8  # then a bot takes seat 0 over: rendering every turn is what costs time
BAD_LINES = ["abc", "0", "999", "dance", "", "help", "log", "show"]

per_game = pytest.mark.parametrize("name", GAME_NAMES)


def autosave(data: Path, name: str) -> Record:
    return Record.load(data / "autosave" / f"{name}.json")


def check_finished(
    proc: subprocess.CompletedProcess[str], expected: Match, data: Path, name: str
) -> None:
    """The game ended on the end screen, exactly as predicted."""
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert_clean(proc)
    assert "Game over" in proc.stdout
    record = autosave(data, name)
    assert steps_json(record) == steps_json(expected.record)
    assert record.outcome == expected.record.outcome
    # the finished game also has a file of its own, which the next game cannot overwrite
    kept = re.findall(r"The record of this game is in:\n  (.+)", proc.stdout)
    assert len(kept) == 1 and Path(kept[0]).parent == data / "records", proc.stdout[-800:]
    assert steps_json(Record.load(kept[0])) == steps_json(expected.record)
    outcome = expected.outcome
    assert outcome is not None
    assert ("Winner" if outcome.winners else "Nobody won.") in proc.stdout
    if outcome.tier:
        assert f"Rating: {outcome.tier}" in proc.stdout
    assert "Score" in proc.stdout and "Result" in proc.stdout


def undo_point(game: Any, script: Script) -> tuple[int, list[str]] | None:
    """(index in the script's lines of a human choice, what to type there for an option after
    which the core allows undo), if any."""
    walk = Match.new(game, {}, seed=script.match.seed)
    for step, action in enumerate(script.record.actions):
        if step in script.human_steps:
            k = script.human_steps.index(step)
            for option in range(len(walk.options)):
                trial = walk.clone()
                trial.play(walk.options[option])
                after = trial.decision
                if after is not None and after.player == walk.decision.player and plays_itself(game, after):
                    continue  # the terminal would play that only option too, maybe a roll
                if trial.undo_blocker() is None:
                    decision = walk.decision
                    assert decision is not None
                    return script.human_lines[k], menu_keys(game, walk, decision, option)
        walk.play(action)
    return None


def flag_args(game: Any) -> tuple[list[str], dict[str, Any]]:
    """Every Config field as a command-line flag set to its default value."""
    default = game.Config().model_dump(mode="json")
    args: list[str] = []
    for field, value in default.items():
        flag = flag_name(field)
        if isinstance(value, bool):
            args.append(flag if value else f"--no-{flag[2:]}")
        elif isinstance(value, list):
            for item in value:
                args += [flag, str(item)]
        elif isinstance(value, dict):
            args += [flag, json.dumps(value)]
        elif value is not None:
            args += [flag, str(value)]
    return args, default


def interrupt_at_prompt(args: list[str], data: Path) -> tuple[int, str]:
    """Start ``zedlab ARGS``, wait for its first prompt, press Ctrl-C; (exit code, output)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "zedlab", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(data),
        cwd=REPO,
    )
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + 90
    while not seen.endswith(b" > ") and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1.0)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
    assert seen.endswith(b" > "), seen[-800:]
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, (seen + out + err).decode()


@per_game
def test_a_whole_game_through_the_command(name: str, tmp_path: Path) -> None:
    """Start, misuse, undo, save, stop, resume, quit, hand over to a bot and finish, then load
    the save and press Ctrl-C, and replay the finished game: one game, as a person would."""
    game = load_game(name)
    script = predict(game, SEED, human_limit=HUMAN_CHOICES)
    lines = script.lines
    # after the scripted choices the game either ended or asks seat 0 again
    handed_over = len(script.human_steps) == HUMAN_CHOICES and any(
        step > script.human_steps[-1] for step in range(len(script.record.steps))
    )
    last_stop = len(lines) if handed_over else script.human_lines[-1]
    found = undo_point(game, script)
    if found and found[0] >= last_stop:
        found = None  # keep a prompt after it for the save
    stop = min(max(len(lines) // 2, found[0] + 1 if found else 1), last_stop)
    # stop between two choices, not inside the menus of one
    stop = min((i for i in [*script.human_lines, len(lines)] if i >= stop), default=stop)
    save_file = tmp_path / "my game.json"
    autosave_file = tmp_path / "autosave" / f"{name}.json"

    # 1. a new game, every Config option given as a flag, bad input at the first prompt,
    #    an undo where the core allows it, a save, then end of input
    typed = list(lines[:stop])
    if found:
        at, keys = found
        typed[at:at] = [*keys, "undo"]
    typed[0:0] = BAD_LINES
    typed.append(f"save {save_file}")
    flags, default = flag_args(game)
    first = run(["play", name, "--seed", str(SEED), *flags], tmp_path, typed)
    assert first.returncode == 0, first.stdout[-2000:] + first.stderr
    assert_clean(first)
    out = first.stdout
    assert "'abc' is not an option or a command" in out
    assert "0 is not an option; choose" in out
    assert "999 is not an option; choose" in out
    assert "'dance' is not an option or a command" in out
    assert "to choose, or help." in out
    assert "Commands:" in out
    assert "Event log" in out or "Nothing has happened yet." in out
    prompts = re.findall(r"choose 1(?:-\d+)? > ", out)
    assert len(set(prompts[: len(BAD_LINES) + 1])) == 1  # the same question every time
    if found:
        assert "Undone: " in out
    assert f"Saved to:\n  {shlex.quote(str(save_file))}\n" in out  # a name with a space: quoted
    assert f"End of input: game saved to:\n  {autosave_file}\n" in out
    saved = autosave(tmp_path, name)
    assert saved.config == default
    played = len(saved.steps)
    assert steps_json(saved) == steps_json(script.record)[:played]
    assert steps_json(Record.load(save_file)) == steps_json(saved)

    # 2. resume the autosave, make the remaining scripted choices, quit
    second = run(["play", "--resume"], tmp_path, [*lines[stop:], "quit"])
    assert f"after {played} actions" in second.stdout
    if handed_over:
        assert second.returncode == 0, second.stderr
        assert_clean(second)
        assert f"Game saved to:\n  {autosave_file}\n" in second.stdout

        # 3. resume by the game's name with a bot in seat 0: the bots finish the game
        kind = best_bot(game.bot_kinds())
        third = run(["play", name, "--resume", "--bot", f"0={kind}"], tmp_path)
        # seat 0, first on the Seats line, is now the bot (named as the game names it)
        assert re.search(rf"Seats: [^,]+ \({re.escape(kind)} bot\)", third.stdout), third.stdout[:500]
        check_finished(third, script.match, tmp_path, name)
    else:
        check_finished(second, script.match, tmp_path, name)

    # 4. load the mid-game save in this game's command, then Ctrl-C at the prompt
    code, text = interrupt_at_prompt(["play", name, "--load", str(save_file)], tmp_path)
    assert code == 130, text[-1500:]
    assert "Traceback" not in text
    assert f"Interrupted: game saved to:\n  {autosave_file}" in text
    assert steps_json(autosave(tmp_path, name)) == steps_json(saved)

    # 5. replay the finished game forwards and backwards
    (tmp_path / "finished.json").write_text(script.record.dumps())
    last = len(script.record.steps)
    replay = run(
        ["replay", str(tmp_path / "finished.json")], tmp_path, ["", "", "b", "last", "zz", "q"]
    )
    assert replay.returncode == 0, replay.stderr
    assert_clean(replay)
    shown = re.findall(r"Position (\d+) of (\d+)", replay.stdout)
    assert [int(p) for p, _ in shown] == [0, 1, 2, 1, last]
    assert "Game over" in replay.stdout
    assert "'zz' is not a command" in replay.stdout


@per_game
def test_help_lists_every_game_option(name: str, tmp_path: Path) -> None:
    """`zedlab play GAME --help` lists a flag for every field of the game's Config."""
    game = load_game(name)
    proc = run_here(["play", name, "--help"], tmp_path)
    assert proc.returncode == 0
    assert "Game options:" in proc.stdout and "Play options:" in proc.stdout
    for field in game.Config.model_fields:
        assert flag_name(field) in proc.stdout


@per_game
def test_save_that_no_longer_replays(name: str, tmp_path: Path) -> None:
    """A save whose first step is not legal in this game: a RecordError line, exit 2."""
    record = predict(load_game(name), SEED).record.to_json()
    record["steps"][0]["action"] = {"kind": "no-such-move", "value": None, "label": "?"}
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(record))
    proc = run_here(["play", "--load", str(bad)], tmp_path)
    assert proc.returncode == 2, proc.stdout[-500:]
    assert_clean(proc)
    assert proc.stderr.startswith(f"zedlab: {bad}: step 0:"), proc.stderr
    assert proc.stderr.count("\n") == 1


@per_game
def test_content_folder_with_a_bad_file(name: str, tmp_path: Path) -> None:
    """`--content DIR` with a bad entry: the file, entry and field are named, exit 2."""
    game = load_game(name)
    fields = [f for f in game.Config.model_fields if f.startswith("content")]
    if not fields:
        pytest.skip(f"{name} has no content option")
    import importlib.resources

    module = sys.modules[type(game).__module__]
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    target = tmp_path / "pack"
    shutil.copytree(Path(str(importlib.resources.files(package) / "content")), target)
    for path in sorted(target.glob("*.toml")):
        text = path.read_text()
        changed = re.sub(r"(?m)^count\s*=\s*\d+", "count = -1", text, count=1)
        if changed != text:
            path.write_text(changed)
            break
    else:
        pytest.skip(f"{name}: no count field to break in its content")
    proc = run_here(["play", name, "--content", str(target), "--bot", "0=random"], tmp_path)
    assert proc.returncode == 2, proc.stdout[-1000:]
    assert_clean(proc)
    assert path.name in proc.stderr and "count" in proc.stderr and "entry" in proc.stderr


# -- game-independent behaviour, checked once with the test games -----------------------------


@pytest.mark.parametrize(
    ("content", "command"),
    [
        ("{not json", "load"),
        (json.dumps({"hello": "world"}), "replay"),
        (json.dumps([1, 2, 3]), "load"),
        ("", "resume"),
        (json.dumps({"format": 9, "game": "pig"}), "load"),
    ],
    ids=["invalid-json", "foreign-object", "foreign-list", "empty-autosave", "future-format"],
)
def test_corrupt_or_foreign_save(content: str, command: str, tmp_path: Path) -> None:
    """A damaged or foreign save: one clear RecordError line naming the file, exit 2."""
    bad = tmp_path / "autosave" / "pig.json"
    bad.parent.mkdir()
    bad.write_text(content)
    args = {
        "load": ["play", "pig", "--load", str(bad)],
        "replay": ["replay", str(bad)],
        "resume": ["play", "--resume"],
    }[command]
    proc = run_here(args, tmp_path)
    assert proc.returncode == 2, (args, proc.stdout, proc.stderr)
    assert_clean(proc)
    assert proc.stderr.startswith(f"zedlab: {bad}: "), proc.stderr
    assert "record" in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_a_save_of_another_game_is_refused(tmp_path: Path) -> None:
    """`zedlab play pig --load` of a High Card save says which game it belongs to."""
    save = tmp_path / "hand.json"
    save.write_text(predict(load_game("hand-test"), 1).record.dumps())
    proc = run_here(["play", "pig", "--load", str(save)], tmp_path)
    assert proc.returncode == 2
    assert "is a saved game of 'hand-test', not 'pig'" in proc.stderr
    foreign = json.loads(save.read_text()) | {"game": "chess"}
    save.write_text(json.dumps(foreign))
    proc = run_here(["play", "--load", str(save)], tmp_path)
    assert proc.returncode == 2
    assert "unknown game 'chess'" in proc.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--players", "99"], "--players 99: Input should be less than or equal to 4"),
        (["--target", "many"], "Invalid value for '--target'"),
        (["--bot", "2=random"], "--bot: seat 2 does not exist; seats are 0-1"),
        (["--bot", "0=no-such-bot"], "pig has no bot 'no-such-bot'; its bots are: random"),
        (["--bot", "x=random"], "--bot expects SEAT=KIND, like 1=random; got 'x=random'"),
        (["--human", "1", "--bot", "1=random"], "seat 1 cannot be both --human and --bot"),
        (["--seed", "3", "--resume"], "--seed set up a new game"),
    ],
)
def test_bad_options_are_refused(args: list[str], expected: str, tmp_path: Path) -> None:
    """Bad flags: a message naming the flag and what would be right, exit 2."""
    proc = run_here(["play", "pig", *args], tmp_path)
    assert proc.returncode == 2, proc.stdout
    assert_clean(proc)
    assert expected in proc.stderr, proc.stderr


def test_resume_of_a_game_never_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`zedlab play GAME --resume` with no autosave of GAME says so and how to start one.

    (`quit` then `zedlab play GAME --resume` is part of the whole-game test above.)
    """
    from typer.testing import CliRunner

    from zedlab.cli import app
    from zedlab.core import ZedLabError

    for key, value in environment(tmp_path).items():
        if key.startswith("ZEDLAB_"):
            monkeypatch.setenv(key, value)
    result = CliRunner().invoke(app, ["play", "hand-test", "--resume"])
    assert isinstance(result.exception, ZedLabError)
    assert "no saved game of hand-test" in str(result.exception)
    assert "zedlab play hand-test" in str(result.exception)


def test_hot_seat_passes_the_device_when_hands_are_hidden(tmp_path: Path) -> None:
    """Two people at one keyboard: a pause between them, since each hand is secret."""
    game = load_game("hand-test")
    script = predict(game, 3, seats=["human", "human"])
    assert "" in script.lines  # the prediction expects the pauses too
    proc = run(["play", "hand-test", "--seed", "3", "--human", "1"], tmp_path, script.lines)
    check_finished(proc, script.match, tmp_path, "hand-test")
    assert proc.stdout.count("Pass the device to Seat 1 (human).") == 3
    assert "HIGH CARD TABLE" in proc.stdout  # the game's own renderer
    # open hands: nothing to hide, so no pause
    open_hands = predict(game, 3, seats=["human", "human"], config={"reveal_hands": True})
    assert "" not in open_hands.lines
    proc = run(
        ["play", "hand-test", "--seed", "3", "--human", "1", "--reveal-hands"],
        tmp_path,
        open_hands.lines,
    )
    check_finished(proc, open_hands.match, tmp_path, "hand-test")
    assert "Pass the device" not in proc.stdout


def test_save_command_mistakes_are_one_line(tmp_path: Path) -> None:
    """`save` without a file, or to a place that cannot be written: a message, play goes on."""
    blocker = tmp_path / "a file"
    blocker.write_text("")
    proc = run_here(["play", "pig", "--seed", "1"], tmp_path, ["save", f"save {blocker}/x.json"])
    assert proc.returncode == 0
    assert_clean(proc)
    assert "Say where to save: save FILE" in proc.stdout
    assert f"Cannot save to {blocker}/x.json" in proc.stdout
    assert len(re.findall(r"choose 1(?:-\d+)? > ", proc.stdout)) == 3


def test_replay_options(tmp_path: Path) -> None:
    """`zedlab replay --all` prints every position; bad --seat and --at are refused."""
    record = predict(load_game("hand-test"), 2).record
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    proc = run_here(["replay", str(path), "--all", "--seat", "1"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert_clean(proc)
    last = len(record.steps)
    assert re.findall(r"Position (\d+) of", proc.stdout) == [str(i) for i in range(last + 1)]
    assert "HIGH CARD TABLE | your hand:" in proc.stdout and "Game over" in proc.stdout
    for args, expected in [
        (["--seat", "5"], "--seat 5: this game has seats 0-1"),
        (["--at", "99"], f"--at 99: this record has positions 0-{last}"),
    ]:
        bad = run_here(["replay", str(path), *args], tmp_path)
        assert bad.returncode == 2
        assert expected in bad.stderr
    plain = run_here(["play"], tmp_path)
    assert plain.returncode == 0 and "Games:" in plain.stdout


def test_an_unwritable_data_folder_warns_and_play_goes_on(tmp_path: Path) -> None:
    """When the autosave cannot be written: one warning, the game plays on, `save` works."""
    blocker = tmp_path / "data"
    blocker.write_text("")
    script = predict(load_game("pig"), SEED)
    save = tmp_path / "kept.json"
    proc = run(["play", "pig", "--seed", str(SEED)], blocker, [f"save {save}", *script.lines])
    assert proc.returncode == 0, proc.stderr
    assert_clean(proc)
    assert proc.stdout.count("Cannot autosave: Not a directory") == 1
    assert "Game over" in proc.stdout
    assert Record.load(save).game == "pig"


def test_a_resumed_game_does_not_print_old_events_as_new(tmp_path: Path) -> None:
    """Continue a game with a bot in every seat: the events before the resume are not printed
    again as if the first bot move had caused them."""
    first = run(["play", "pig", "--seed", "4"], tmp_path, ["1", "1", "2", "quit"])
    assert first.returncode == 0, first.stderr
    old = autosave(tmp_path, "pig")
    replayed = Match.replay(old, load_game("pig"))
    before = replayed.log(None)
    assert before, "pig logs its rolls"
    second = run(["play", "--resume", "--bot", "0=random"], tmp_path)
    assert second.returncode == 0, second.stderr
    finished = Match.replay(Record.load(re.findall(r"The record of this game is in:\n  (.+)", second.stdout)[0]), load_game("pig"))
    news = finished.log(None)[len(before) :]
    moves = second.stdout.split("Type help at any prompt", 1)[1].split("Spectator view", 1)[0]
    printed = [line[4:] for line in moves.splitlines() if line.startswith("    ")]
    assert printed == news, moves[:1500]
