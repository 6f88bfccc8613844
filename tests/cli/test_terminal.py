"""``zedlab play`` in a real terminal of 80x24: what a player sees, read off an emulated screen.

Each game is started over a pseudo-terminal (pexpect) and its output fed to a terminal
emulator (pyte), so the assertions are about the screen itself: while a decision is pending
the whole screen of that decision (from its title line to the prompt) is on the 24 lines;
the key typed for each choice is listed beside the option the script means; ``info``,
``log 5`` and ``undo`` answer; the game reaches its end screen with the predicted record.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from zedlab.core import Record

from .driver import REPO, environment, load_game, predict, steps_json

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

ROWS, COLS = 24, 80
PROMPT = re.compile(rb"choose [^\n]*> $")
WARNED = re.compile(rb"Play it anyway\? \(y/n\) > $")
GAMES = ["dont-look-back", "heres-negan", "if-im-going-down", "run-fight-or-die", "survive-alive"]


class Terminal:
    """A ``zedlab`` command on a pseudo-terminal, with the screen it draws."""

    def __init__(self, args: list[str], data: Path, rows: int = ROWS, cols: int = COLS) -> None:
        env = environment(data)
        env["TERM"] = "xterm"
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(
            sys.executable, ["-m", "zedlab", *args], env=env, cwd=str(REPO),
            dimensions=(rows, cols), timeout=120,
        )
        self.transcript = b""

    def wait(self, pattern: re.Pattern[bytes] | str = PROMPT) -> None:
        self.child.expect([pattern] if not isinstance(pattern, str) else [pattern])
        self._feed()

    def _feed(self) -> None:
        after = self.child.after
        data = (self.child.before or b"") + (after if isinstance(after, bytes) else b"")
        self.transcript += data
        self.stream.feed(data)

    def type(self, line: str) -> None:
        self.child.sendline(line)

    @property
    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def finish(self) -> None:
        self.child.expect(pexpect.EOF)
        self._feed()
        self.child.close()


def _frame_fits(term: Terminal) -> None:
    """The decision's whole screen is in sight: its title line, then the prompt last."""
    lines = term.lines
    titles = [i for i, line in enumerate(lines) if re.search(r"\((you|human)\) to choose ─", line)]
    assert titles, "\n".join(lines)
    last = max(i for i, line in enumerate(lines) if line)
    assert PROMPT.search(lines[last].encode() + b" ") or lines[last].endswith(">"), "\n".join(lines)


def _listed(term: Terminal, key: str) -> str:
    """The text beside ``key)`` in the options (below the question) on the screen."""
    lines = term.lines
    asked = [i for i, line in enumerate(lines) if re.match(r"\S.* \((you|human)\): ", line)]
    assert asked, "\n".join(lines)
    for line in lines[asked[-1] + 1 :]:
        for match in re.finditer(rf"(?:^\s*|\s{{2}}){re.escape(key)}\) (.+?)(?:\s{{2,}}|$)", line):
            return match.group(1)
    raise AssertionError(f"no {key}) on screen:\n" + "\n".join(term.lines))


@pytest.mark.parametrize("name", GAMES)
def test_a_game_at_80x24(name: str, tmp_path: Path) -> None:
    """A whole game at 80x24: every screen fits, keys pick the intended options, the
    commands answer, and the game ends as predicted."""
    game = load_game(name)
    seed = 11
    script = predict(game, seed)
    labels = [script.record.steps[k].action.label for k in script.human_steps]
    term = Terminal(["play", name, "--seed", str(seed), "--fast"], tmp_path)
    for n, keys in enumerate(script.human_keys):
        term.wait()
        if len(keys) == 1:
            _frame_fits(term)
            shown = _listed(term, keys[0]).rstrip("…")
            assert labels[n].startswith(shown) or shown.startswith(labels[n][:20]), (
                keys, labels[n], "\n".join(term.lines)
            )
        if n == 1:
            term.type("log 5")
            term.wait()
            assert "Event log (" in "\n".join(term.lines)
            term.type("info")
            term.wait()
            term.type("legend")
            term.wait()
        for key in keys[:-1]:
            term.type(key)
            term.wait()
        term.type(keys[-1])
        if script.human_warned[n]:  # the game warns: the terminal asks before playing it
            term.wait(WARNED)
            term.type("y")
    term.finish()
    text = term.transcript.decode(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert "Game over" in text
    record = Record.load(tmp_path / "autosave" / f"{name}.json")
    assert steps_json(record) == steps_json(script.record)


def test_pause_after_your_results_then_undo_over_the_bot(tmp_path: Path) -> None:
    """If I'm Going Down... at 80x24 without --fast: after the player's choice play waits
    for Enter before the bot moves, shows the bot's move, and ``undo`` then takes back both
    (nothing was drawn or rolled); ``log 5`` and ``info`` answer on the same screen."""
    term = Terminal(["play", "if-im-going-down", "--seed", "1"], tmp_path)
    term.wait()
    _frame_fits(term)
    assert _listed(term, "2").startswith("Marcus")
    term.type("2")
    term.wait(re.compile(rb"s: skip to your turn > $"))
    assert any("the bots' moves one by one" in line for line in term.lines)
    term.type("")
    term.wait()
    _frame_fits(term)
    assert any("seat 1 chooses" in line for line in term.lines), "\n".join(term.lines)
    term.type("undo")
    term.wait()
    assert any("Undone: Marcus" in line and "1 bot move" in line for line in term.lines)
    term.type("log 5")
    term.wait()
    term.type("quit")
    term.finish()
    record = Record.load(tmp_path / "autosave" / "if-im-going-down.json")
    assert record.steps == []


CUT_NOTE = "lines of the table not shown"
COMPACT_LINES = {
    # a line of the compact table the first screens always show, and one only the whole
    # table has
    "dont-look-back": (re.compile(r"^Sector 1: \d+ Walker"),
                       re.compile(r"^Scorepad")),
    "run-fight-or-die": (re.compile(r"^> .*\(you\): Z3 \d+ Z2 \d+ Z1 \d+  Health \d/\d"),
                         re.compile(r"Zone 3 +\d+ Z")),
    "if-im-going-down": (re.compile(r"^\[0\]\S*\s+1:"), re.compile(r"Kill-O-Meter: Low")),
    "survive-alive": (re.compile(r"^Round 1/6 [\w ]+; first: seat \d"), re.compile(r"Track +. Boxes")),
    "heres-negan": (re.compile(r"Negan \d+/\d+(, not in play| at \()"), re.compile(r"^\s+\+-")),
}
COMPACT_GAMES = list(COMPACT_LINES)


@pytest.mark.parametrize("name", COMPACT_GAMES)
def test_first_screens_at_80x24_show_the_compact_table_uncut(name: str, tmp_path: Path) -> None:
    """At 80x24 the first screens of each game draw the compact table whole (no note that
    lines were left out) with its key lines, not the whole table."""
    compact, full = COMPACT_LINES[name]
    script = predict(load_game(name), 11)
    term = Terminal(["play", name, "--seed", "11", "--fast"], tmp_path)
    for keys in script.human_keys[:4]:
        term.wait()
        lines = term.lines
        _frame_fits(term)
        assert not any(CUT_NOTE in line for line in lines), "\n".join(lines)
        assert any(compact.search(line) for line in lines), "\n".join(lines)
        assert not any(full.search(line) for line in lines), "\n".join(lines)
        for i, key in enumerate(keys):
            term.type(key)
            if i < len(keys) - 1:
                term.wait()
    term.wait()
    term.type("quit")
    term.finish()


@pytest.mark.parametrize("name", COMPACT_GAMES)
def test_a_tall_terminal_keeps_the_whole_table(name: str, tmp_path: Path) -> None:
    """At 100x50 the first screen draws the whole table (its own lines), uncut."""
    compact, full = COMPACT_LINES[name]
    term = Terminal(["play", name, "--seed", "11", "--fast"], tmp_path, rows=50, cols=100)
    term.wait()
    lines = term.lines
    assert any(full.search(line) for line in lines), "\n".join(lines)
    assert not any(compact.search(line) for line in lines), "\n".join(lines)
    assert not any(CUT_NOTE in line for line in lines), "\n".join(lines)
    term.type("quit")
    term.finish()


@pytest.mark.parametrize(("scenario", "survivors"), [(3, 3), (6, 5)])
def test_heres_negan_whole_game_at_80x24_keeps_the_map_around_the_survivors(
    scenario: int, survivors: int, tmp_path: Path
) -> None:
    """Here's Negan, seeded, the 15-row Clearing House (the panel beside the map) and the
    30-column Supply Run (the panel under it) at 80x24: every screen of the game fits
    without the note that the table was cut; the compact table shows map rows (by their
    numbers) and, when it leaves rows out, says which rows it shows."""
    config = {"scenario": scenario, "survivors": survivors}
    script = predict(load_game("heres-negan"), 5, config=config)
    args = ["play", "heres-negan", "--seed", "5", "--fast", "--scenario", str(scenario),
            "--survivors", str(survivors)]
    term = Terminal(args, tmp_path)
    cut_rows = 0
    for keys in script.human_keys:
        term.wait()
        lines = term.lines
        if len(keys) == 1:
            _frame_fits(term)
            assert not any(CUT_NOTE in line for line in lines), "\n".join(lines)
            rows = [int(m.group(1)) for line in lines if (m := re.match(r"^\s*(\d+)\s*\|", line))]
            assert rows, "\n".join(lines)
            note = next((m for line in lines if (m := re.search(r"Map rows (\d+)-(\d+) of 0-(\d+)", line))), None)
            if note is not None:
                cut_rows += 1
                assert rows == list(range(int(note.group(1)), int(note.group(2)) + 1)), "\n".join(lines)
        for key in keys[:-1]:
            term.type(key)
            term.wait()
        term.type(keys[-1])
    term.finish()
    assert "Game over" in term.transcript.decode(errors="replace")
    assert cut_rows > 0


@pytest.mark.parametrize("name", GAMES)
def test_the_start_up_lines_stay_in_sight_over_the_first_screen(name: str, tmp_path: Path) -> None:
    """At 80x24, a new game that sets an unfinished one aside shows the game's title, its
    start-up lines and one short line about the save above the whole first screen."""
    from .driver import run_here

    game = load_game(name)
    first = predict(game, 11).human_keys[0]
    run_here(["play", name, "--seed", "11"], tmp_path, [*first, "quit"])
    term = Terminal(["play", name, "--seed", "11", "--fast"], tmp_path)
    term.wait()
    lines = term.lines
    assert lines[0].startswith(f"{game.title} (rules v"), "\n".join(lines)
    saves = [line for line in lines if "unfinished" in line or "autosave" in line]
    assert len(saves) == 1 and len(saves[0]) <= 72, "\n".join(lines)
    _frame_fits(term)
    term.type("quit")
    term.finish()
    text = term.transcript.decode(errors="replace").replace("\r\n", "\n")
    kept = tmp_path / "autosave" / f"{name}-unfinished-1.json"
    assert f"is kept in:\n  {kept}\n" in text, text[-1500:]


def test_a_saved_path_longer_than_the_screen_is_printed_whole(tmp_path: Path) -> None:
    """At 80 columns a save path longer than a line is not broken by a newline (the
    terminal folds it, so it copies whole); it has a line of its own."""
    data = tmp_path / ("a-folder-with-a-rather-long-name-" * 2) / "zedlab-data"
    term = Terminal(["play", "pig", "--seed", "3"], data)
    term.wait()
    term.type("quit")
    term.finish()
    path = data / "autosave" / "pig.json"
    assert len(str(path)) > COLS
    text = term.transcript.decode(errors="replace").replace("\r\n", "\n")
    assert f"Game saved to:\n  {path}\n" in text, text[-1500:]
    # a finished game: the record on its own line; the command too long for a line is
    # cut before the path with a backslash, so that both lines paste as one command
    term = Terminal(["play", "pig", "--seed", "3", "--bot", "0=random", "--fast"], data)
    term.finish()
    text = term.transcript.decode(errors="replace").replace("\r\n", "\n")
    (record,) = (data / "records").glob("pig-*-seed3.json")
    assert f"The record of this game is in:\n  {record}\n" in text, text[-1500:]
    assert f"Replay it with:\n  zedlab replay \\\n    {record}\n" in text, text[-1500:]


@pytest.mark.parametrize("name", GAMES)
def test_game_over_is_said_once(name: str, tmp_path: Path) -> None:
    """The end of a game is announced once: by the outcome panel (not also by the last
    event line and by the table)."""
    from .driver import run_here

    proc = run_here(["play", name, "--seed", "3", "--bot", "0=random", "--fast"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.count("Game over") == 1, proc.stdout[-3000:]
    assert "Why it ended" in proc.stdout or "Winner" in proc.stdout
