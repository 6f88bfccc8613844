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


def test_survive_alive_every_option_reads_as_what_the_seat_does() -> None:
    """Every option label of a few random games, said by :func:`choice_text`: "Done" (not a
    verb) reads "is done", never "dones", and every other line starts with a verb's third
    person ("builds", "takes", "does not", ...)."""
    from zedlab.core import RNG, make_config, registry
    from zedlab.games.survive_alive.render import choice_text

    game = registry.get("survive-alive")
    said: dict[str, str] = {}
    for seed in range(6):
        state, rng = game.new(make_config(game, None), seed, game.load_content()), RNG.from_seed(seed)
        while (decision := game.decision(state)) is not None:
            for a in decision.options:
                said.setdefault(a.label, choice_text(decision, a) or "")
            game.apply(state, rng.choice(decision.options), trusted=True)
    assert said["Done"] == "is done"
    first = {text.split(" ")[0] for text in said.values()}
    assert "dones" not in first
    assert all(word.endswith("s") or word == "is" for word in first), sorted(first)
