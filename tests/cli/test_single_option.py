"""A decision with a single option at the terminal: played for the person and shown as an
event line, asked with ``--ask-single`` or when the game wants it read first; ``undo``
steps back over such a move to the player's last real choice. Seats are named by what
the game calls them (Run, Fight, or Die!'s characters)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from zedlab.cli.session import named_line, plays_itself
from zedlab.core import Decision, Match, Record
from zedlab.core.engine import Action

from .driver import load_game, predict, run_here

# (game, seed, human choice reached): the predicted game's human choice right after an only
# option played for the same seat, with nothing random between the choice before and it
CASES = [("if-im-going-down", 2, 46), ("survive-alive", 3, 32)]


@pytest.mark.parametrize(("name", "seed", "choice"), CASES, ids=[c[0] for c in CASES])
def test_an_only_option_is_played_and_undo_steps_back_over_it(
    name: str, seed: int, choice: int, tmp_path: Path
) -> None:
    """The only option is not asked: it is printed as "...: LABEL (the only choice)"; undo at
    the next decision takes back the player's choice before it (and the bots' moves since)."""
    script = predict(load_game(name), seed)
    steps = script.record.steps
    before, at = script.human_steps[choice - 1], script.human_steps[choice]
    auto = [i for i in range(before + 1, at) if steps[i].player == steps[at].player]
    assert auto and not any(step.chance for step in steps[before:at])
    lines = script.lines[: script.human_lines[choice]]
    proc = run_here(["play", name, "--seed", str(seed)], tmp_path, [*lines, "undo", "quit"])
    assert proc.returncode == 0, proc.stdout[-2000:]
    from zedlab.cli.session import choice_line

    replay = Match.replay(script.record, load_game(name), upto=auto[0])
    said = choice_line(load_game(name), replay.decision, steps[auto[0]].action, "").lstrip(": ")
    only = f"{said} (the only choice)"
    assert any(line.endswith(only) for line in proc.stdout.splitlines()), proc.stdout[-3000:]
    assert f"Undone: {steps[before].action.label}" in proc.stdout
    record = Record.load(tmp_path / "autosave" / f"{name}.json")
    assert len(record.steps) == before


@pytest.mark.parametrize("how", ["load", "resume"])
def test_undo_after_loading_steps_back_over_an_only_option(how: str, tmp_path: Path) -> None:
    """Saved right after an only option was played for the player, the game loaded (or
    resumed) again: one undo still takes back the player's last real choice, not just the
    only option (which would be played again at once)."""
    name, seed, choice = CASES[0]
    script = predict(load_game(name), seed)
    steps = script.record.steps
    before = script.human_steps[choice - 1]
    saved = tmp_path / "after-only.json"
    lines = script.lines[: script.human_lines[choice]]
    first = run_here(["play", name, "--seed", str(seed)], tmp_path, [*lines, f"save {saved}", "quit"])
    assert first.returncode == 0 and saved.is_file(), first.stdout[-2000:]
    args = ["play", "--load", str(saved), "--human", "0"] if how == "load" else ["play", "--resume"]
    again = run_here(args, tmp_path, ["undo", "quit"])
    assert again.returncode == 0, again.stdout[-2000:]
    assert f"Undone: {steps[before].action.label}" in again.stdout, again.stdout[-600:]
    record = Record.load(tmp_path / "autosave" / f"{name}.json")
    assert len(record.steps) == before


def _first_only_option() -> tuple[str, int, Any, int]:
    """(game name, seed, the --ask-single script, index among its human steps) of the first
    decision with a single option the person is asked."""
    name, seed, _ = CASES[0]
    game = load_game(name)
    script = predict(game, seed, ask_single=True)
    match = Match.new(game, script.record.config, seed=seed)
    index = 0
    for k, step in enumerate(script.record.steps):
        decision = match.decision
        assert decision is not None
        if k in script.human_steps and len(decision.options) == 1:
            index = script.human_steps.index(k)
            break
        match.play(step.action)
    return name, seed, script, index


def test_ask_single_asks_an_only_option(tmp_path: Path) -> None:
    """With --ask-single the first only option is listed as option 1 and waits for a key."""
    name, seed, script, index = _first_only_option()
    assert index
    lines = script.lines[: script.human_lines[index]]
    proc = run_here(["play", name, "--seed", str(seed), "--ask-single"], tmp_path, [*lines, "quit"])
    assert proc.returncode == 0
    assert "(the only choice)" not in proc.stdout
    label = script.record.steps[script.human_steps[index]].action.label
    assert f"  1) {label}" in proc.stdout.split("choose 1 >")[-2], proc.stdout[-2000:]


def test_a_game_can_keep_a_single_option_to_read() -> None:
    """A decision kind the game lists in its render module's ASK_SINGLE is still asked:
    Survive Alive's breach loss, even with one facility to lose."""
    game = load_game("survive-alive")
    lose = Action("breach-lose", "storage-0-0", "Lose a Storage")
    done = Action("spend", None, "Done")
    assert not plays_itself(game, Decision(0, "breach-lose", (lose,), "Which facility is lost?"))
    assert plays_itself(game, Decision(0, "spend", (done,), "Spend your cubes"))
    assert not plays_itself(game, Decision(0, "spend", (done, lose), "Spend your cubes"))


def test_event_lines_name_the_seats_the_game_names() -> None:
    """Run, Fight, or Die!'s lines say the character, "(you)" after the player's own."""
    names = ["The Athlete", "The Bookworm"]
    assert named_line("Seat 0 rolls zombie book.", names, 0) == "The Athlete (you) rolls zombie book."
    assert named_line("-- Turn 2: seat 1 (The Bookworm).", names, 0) == "-- Turn 2: The Bookworm."
    assert (named_line("Set-up: seat 0 (The Athlete), seat 1 (The Bookworm)", names, 0)
            == "Set-up: The Athlete (you), The Bookworm")
    assert named_line("Seat 1 takes 1 Wound", [None, None], 0) == "Seat 1 takes 1 Wound"


def test_a_name_already_beside_its_seat_is_not_written_twice() -> None:
    """Run, Fight, or Die!'s end line "NAME (seat N) died" names the seat once: the
    seat words go, not replaced by the name a second time."""
    names = ["The Athlete", "The Bookworm"]
    line = "Game over: The Bookworm (seat 1) died"
    assert named_line(line, names, 0) == "Game over: The Bookworm died"
    assert named_line("The Athlete (seat 0) died", names, 0) == "The Athlete (you) died"


def test_run_fight_or_die_has_a_legend_for_its_key_line() -> None:
    """The compact table of Run, Fight, or Die! shows Z3/Z2/Z1 and a key of the dice signs;
    ``legend`` explains them (the render module declares a ``LEGEND``), and the key line
    stays on the table."""
    from zedlab.cli.render import legend_text

    text = legend_text(load_game("run-fight-or-die"))
    assert "Z3" in text and "Zone 1" in text and "{to reroll}" in text and "<locked" in text


def test_run_fight_or_die_names_characters_on_screen(tmp_path: Path) -> None:
    """The screen's heading, question and log of Run, Fight, or Die! name the characters."""
    game = load_game("run-fight-or-die")
    script = predict(game, 11)
    proc = run_here(["play", "run-fight-or-die", "--seed", "11"], tmp_path, [*script.lines[:3], "quit"])
    names = [p["character_name"] for p in script.match.game_view(0)["public"]["players"]]
    out = proc.stdout
    assert f"{names[0]} (you) to choose" in out
    assert f"{names[0]} (you): " in out
    assert f"-- Turn 1: {names[0]} (you)." in out
    assert "Seat 0 (you)" not in out and "Seat 0 rolls" not in out and "seat 0 (" not in out


def test_load_and_resume_take_ask_single_and_fast(tmp_path: Path) -> None:
    """``zedlab play --load FILE --ask-single`` and ``zedlab play --resume --fast`` take the
    same play options as a new game: a saved game at an only option still asks it."""
    name, seed, script, index = _first_only_option()
    lines = script.lines[: script.human_lines[index]]
    saved = tmp_path / "at-only.json"
    first = run_here(
        ["play", name, "--seed", str(seed), "--ask-single"], tmp_path, [*lines, f"save {saved}", "quit"]
    )
    assert first.returncode == 0 and saved.is_file(), first.stdout[-2000:]
    label = script.record.steps[script.human_steps[index]].action.label
    loaded = run_here(["play", "--load", str(saved), "--ask-single"], tmp_path, ["quit"])
    assert loaded.returncode == 0, loaded.stderr
    assert f"  1) {label}" in loaded.stdout.split("choose 1 >")[-2], loaded.stdout[-2000:]
    resumed = run_here(["play", "--resume", "--fast"], tmp_path, ["quit"])
    assert resumed.returncode == 0, resumed.stderr
    assert "Continuing" in resumed.stdout


def test_seats_the_game_names_alike_are_told_apart_by_seat() -> None:
    """Survive Alive ("Player set-up", H): two players may take the same Base sheet; the terminal's
    names for them stay distinct, in headings and in event lines."""
    import io

    from rich.console import Console

    from zedlab.cli.session import HUMAN, Session, unique_names

    game = load_game("survive-alive")
    match = Match.new(game, {"players": 3}, seed=1)
    for _ in range(3):
        decision = match.decision
        assert decision is not None and decision.kind == "choose-base"
        match.play(decision.options[0])  # every seat takes the first Base sheet
    session = Session(match, [HUMAN, "heuristic", "random"], Console(file=io.StringIO()), input)
    base = session.game_names[0]
    assert base is not None and base.startswith("Mountain Base")
    assert session.names == [
        "Mountain Base (seat 0) (you)",
        "Mountain Base (seat 1) (heuristic bot)",
        "Mountain Base (seat 2) (random bot)",
    ]
    assert named_line("Seat 2 builds a Wall.", session.game_names, 0) == (
        "Mountain Base (seat 2) builds a Wall."
    )
    assert unique_names(["A", None, "B", "A"]) == ["A (seat 0)", None, "B", "A (seat 3)"]


def test_a_bot_choice_that_names_its_seat_is_told_under_the_old_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Survive Alive names a seat by its Base sheet ("Player set-up" H); the line of a bot
    taking a Base names the seat as it was when it chose ("Seat 2 (heuristic bot) takes
    the ... Base"), not by the Base it has just taken ("Mountain Base (heuristic bot) takes
    the Mountain Base")."""
    import io

    from zedlab.cli.render import make_console
    from zedlab.cli.session import HUMAN, Session

    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    game = load_game("survive-alive")
    match = Match.new(game, {"players": 3, "first_player": 0}, seed=1)
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        return "quit" if prompt.startswith("choose") else ""

    assert Session(match, [HUMAN, "heuristic", "heuristic"], make_console(out), read_line).run() == 0
    text = out.getvalue()
    said = [line for line in text.splitlines() if "(heuristic bot) takes the " in line and line.endswith(" Base")]
    assert [line.split(" takes the ")[0] for line in said] == ["Seat 2 (heuristic bot)", "Seat 1 (heuristic bot)"], text
