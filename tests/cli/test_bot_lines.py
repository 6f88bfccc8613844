"""The line naming a bot's choice says what the seat did ("Forest Base (heuristic bot) loses a
herb cube"), not the option's label, which reads as an order to the reader ("Lose a herb
cube")."""

from __future__ import annotations

import re
from pathlib import Path

from .driver import assert_clean, run_here


def test_survive_alive_bot_choices_are_said_in_the_third_person(tmp_path: Path) -> None:
    """Two bots play a whole game: their base, draft, defenders, scavenging and lost cubes
    are each said as what the seat does, after the seat's name, never as a bare label."""
    proc = run_here(["play", "survive-alive", "--seed", "3", "--players", "2", "--bot", "0=heuristic"],
                    tmp_path)
    assert_clean(proc)
    lines = proc.stdout.splitlines()
    said = [line for line in lines if "(heuristic bot)" in line and "keeps secret" not in line
            and not line.startswith("Seats:")]
    assert said, proc.stdout[-2000:]
    assert not [line for line in said if re.search(r"\(heuristic bot\): [A-Z]", line)], "\n".join(said)
    text = "\n".join(said)
    for done in (" takes the Mountain Base", " drafts ", " places ", " to defend the ", " loses a "):
        assert done in text, text
