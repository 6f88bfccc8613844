"""Two `zedlab play` processes of the same game at once: neither loses the other's moves,
and what each says on leaving ("continue it with ...") leads to its own game."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

from zedlab.core import Record

from .driver import environment

PROMPT = "choose 1"  # pig asks "choose 1 >" or "choose 1-2 >" before every choice of seat 0


class Player:
    """A `zedlab play` process typed to one line at a time, its output in a file."""

    def __init__(self, args: list[str], data: Path, name: str) -> None:
        self.out_path = data / f"{name}.out"
        self.out: IO[str] = self.out_path.open("w")
        env = environment(data)
        env["PYTHONUNBUFFERED"] = "1"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "zedlab", *args],
            stdin=subprocess.PIPE,
            stdout=self.out,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.asked = 0
        self.wait_prompt()

    def text(self) -> str:
        return self.out_path.read_text()

    def wait_prompt(self) -> None:
        """Wait until the process asks for its next choice (it has saved the last one)."""
        deadline = time.monotonic() + 60
        while self.text().count(PROMPT) <= self.asked:
            assert self.proc.poll() is None, self.text()[-2000:]
            assert time.monotonic() < deadline, self.text()[-2000:]
            time.sleep(0.05)
        self.asked = self.text().count(PROMPT)

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        if line != "quit":
            self.wait_prompt()

    def quit(self, data: Path) -> tuple[Path, dict[str, object]]:
        """Quit; returns the file it names and that file's record as it is now."""
        self.type("quit")
        assert self.proc.wait(60) == 0, self.text()[-2000:]
        self.out.close()
        text = self.text()
        saved = re.findall(r"game saved to:\n  (\S+)", text, flags=re.IGNORECASE)[-1]
        how = re.findall(r"Continue it with:\s+zedlab play (pig --resume|--load (\S+))", text)[-1]
        path = data / "autosave" / "pig.json" if how[0] == "pig --resume" else Path(how[1])
        assert Path(saved) == path, text[-1500:]
        return path, Record.load(path).to_json()


def test_two_new_games_at_once_keep_both(tmp_path: Path) -> None:
    """A plays, B starts another seed, A plays on and quits, B quits: A's moves are where
    A's message says, and B's where B's says."""
    a = Player(["play", "pig", "--seed", "1"], tmp_path, "a")
    a.type("1")
    b = Player(["play", "pig", "--seed", "2"], tmp_path, "b")
    a.type("1")
    a.type("1")
    a_path, a_record = a.quit(tmp_path)
    b.type("1")
    b_path, b_record = b.quit(tmp_path)
    assert a_record["seed"] == 1 and b_record["seed"] == 2
    assert Record.load(a_path).to_json() == a_record  # B did not write over it
    assert len(a_record["steps"]) >= 3  # type: ignore[arg-type]
    assert a_path != b_path


def test_two_resumes_at_once_keep_both(tmp_path: Path) -> None:
    """Two `--resume` of the same autosave, played apart: each ends where it says."""
    first = Player(["play", "pig", "--seed", "5"], tmp_path, "first")
    first.type("1")
    first.quit(tmp_path)
    a = Player(["play", "--resume"], tmp_path, "a")
    b = Player(["play", "--resume"], tmp_path, "b")
    a.type("1")
    b.type("2" if "2)" in b.text().rsplit("Seat 0", 1)[-1] else "1")
    a.type("1")
    a_path, a_record = a.quit(tmp_path)
    b_path, b_record = b.quit(tmp_path)
    assert Record.load(a_path).to_json() == a_record
    assert Record.load(b_path).to_json() == b_record
    assert a_path != b_path
    # nothing of either was removed: the one autosave, the second game's own file
    names = sorted(p.name for p in (tmp_path / "autosave").glob("*.json"))
    assert names == sorted(
        {"pig.json", "pig.seats.json", b_path.name, b_path.stem + ".seats.json"}
        | {a_path.name, a_path.stem + ".seats.json"}
    )
    assert os.path.samefile(a_path, tmp_path / "autosave" / "pig.json")
