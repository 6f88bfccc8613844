"""The pieces behind ``zedlab play``, tested in-process: flags, seats, renderers, event logs."""

from __future__ import annotations

import enum
import io
import re
from pathlib import Path
from typing import Any, Literal

import click
import pytest
from pydantic import Field
from rich.console import Console

from zedlab.cli.play import assign_seats, config_from_flags, config_options
from zedlab.cli.render import generic_render, outcome_table, render_view, renderer_for
from zedlab.cli.session import best_bot, bot_rng, default_seats, sees_hidden
from zedlab.core import BaseConfig, ConfigError, Match, Outcome

from .driver import load_game, run_here


def text_of(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=100, color_system=None, force_terminal=False).print(renderable)
    return buffer.getvalue()


class Pace(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


class SampleConfig(BaseConfig):
    players: int = Field(default=2, ge=1, le=4, description="Number of players.")
    locations: Literal[1, 2, 3] = Field(default=2, description="Locations to play.")
    pace: Pace = Pace.SLOW
    hard: bool = False
    bonus: float | None = None
    names: list[str] = Field(default_factory=list)
    content_dir: str | None = Field(default=None, description="Your content pack.")


class SampleGame:
    name = "sample"
    Config = SampleConfig


def parse(args: list[str]) -> dict[str, Any]:
    command = click.Command("sample", params=config_options(SampleConfig), callback=lambda **kw: kw)
    values = command.main(args, standalone_mode=False)
    return {k.removeprefix("cfg__"): v for k, v in values.items()}


def test_every_config_field_becomes_a_flag() -> None:
    """Literal, Enum, bool, Optional, list fields and a --content alias all parse."""
    values = parse(
        [
            "--locations",
            "3",
            "--pace",
            "fast",
            "--hard",
            "--bonus",
            "1.5",
            "--names",
            "a",
            "--names",
            "b",
            "--content",
            "/tmp/pack",
        ]
    )
    config = config_from_flags(SampleGame(), values)  # type: ignore[arg-type]
    assert config.model_dump() == {
        "players": 2,
        "locations": 3,
        "pace": Pace.FAST,
        "hard": True,
        "bonus": 1.5,
        "names": ["a", "b"],
        "content_dir": "/tmp/pack",
    }


def test_flags_left_out_keep_the_defaults() -> None:
    config = config_from_flags(SampleGame(), parse([]))  # type: ignore[arg-type]
    assert config == SampleConfig()


def test_help_shows_range_default_and_description() -> None:
    options = {o.name: o for o in config_options(SampleConfig)}
    assert options["cfg__players"].help == "Number of players. [1-4; default: 2]"
    assert list(options["cfg__locations"].type.choices) == ["1", "2", "3"]  # type: ignore[attr-defined]


def test_a_bad_value_names_the_flag() -> None:
    with pytest.raises(ConfigError, match=r"--players 9: Input should be less than or equal to 4"):
        config_from_flags(SampleGame(), parse(["--players", "9"]))  # type: ignore[arg-type]


def test_seats_default_and_overrides() -> None:
    pig = load_game("pig")
    assert default_seats(3, pig.bot_kinds()) == ["human", "random", "random"]
    assert best_bot({"random": object, "heuristic": object}) == "heuristic"
    assert assign_seats(pig, 3, ("0=random",), (2,)) == ["random", "random", "human"]
    assert assign_seats(pig, 2, ("random",), ()) == ["human", "random"]
    saved = ["human", "human"]
    assert assign_seats(pig, 2, (), (), saved) == saved
    with pytest.raises(ConfigError, match="seats are 0-1"):
        assign_seats(pig, 2, ("3=random",), ())


def test_bot_generators_depend_on_seed_seat_and_step_only() -> None:
    assert bot_rng(5, 1, 7).randbelow(10**9) == bot_rng(5, 1, 7).randbelow(10**9)
    assert bot_rng(5, 1, 7).randbelow(10**9) != bot_rng(5, 1, 8).randbelow(10**9)


def test_sees_hidden_ignores_who_is_looking() -> None:
    hand = load_game("hand-test")
    assert sees_hidden(Match.new(hand, {}, seed=1), 0)
    assert not sees_hidden(Match.new(hand, {"reveal_hands": True}, seed=1), 0)
    assert not sees_hidden(Match.new(load_game("pig"), {}, seed=1), 0)


def test_renderer_lookup() -> None:
    """A game's own `render` module is used; a game without one gets the generic tables."""
    hand = load_game("hand-test")
    assert renderer_for(hand).__module__ == "tests.cli.handgame.render"
    assert renderer_for(load_game("pig")) is generic_render


def test_a_failing_renderer_falls_back_to_the_generic_view() -> None:
    hand = load_game("hand-test")
    out = text_of(render_view(hand, {"not": "a hand view"}, 0))
    assert "could not be drawn" in out and "not" in out and "a hand view" in out


def test_generic_render_lays_out_nested_views() -> None:
    view = {
        "turn_total": 6,
        "scores": [3, 4],
        "done": True,
        "players": [{"name": "Ann", "hp": 3}, {"name": "Bob", "hp": 0, "dead": True}],
        "board": {"sector_1": {"walkers": 2}},
    }
    out = text_of(generic_render(view, 1))
    for expected in (
        "What seat 1 sees",
        "turn total",
        "3, 4",
        "yes",
        "Ann",
        "Bob",
        "dead",
        "sector 1",
        "walkers",
    ):
        assert expected in out


def test_outcome_table_names_winners_and_tier() -> None:
    out = text_of(
        outcome_table(
            Outcome((3.0, 5.5), (1,), "Survivor", "time ran out"),
            ["Seat 0 (you)", "Seat 1 (random bot)"],
        )
    )
    assert "Why it ended: time ran out" in out
    assert "5.5" in out and "WINNER" in out
    assert "Winner: Seat 1 (random bot)" in out
    assert "Rating: Survivor" in out


class ClashConfig(BaseConfig):
    seed: int = 0  # a game option named like a play option


def test_a_field_named_like_a_play_option_gets_a_game_prefix() -> None:
    names = [o.opts[0] for o in config_options(ClashConfig)]
    assert names == ["--players", "--game-seed"]


@pytest.mark.parametrize(
    "args",
    [[], ["play"], ["replay"], ["simulate"], ["simulate", "pig"]],
    ids=["zedlab", "play", "replay", "simulate", "simulate-game"],
)
def test_help_is_plain_and_free_of_type_labels(
    args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every command's --help is plain text like `zedlab play --help`: no boxes, no
    `<bool>`/`<int>` type labels on options."""
    from typer.testing import CliRunner

    from zedlab.cli import app

    from .driver import TEST_GAMES

    monkeypatch.setenv("ZEDLAB_GAMES", ",".join(f"{k}={v}" for k, v in TEST_GAMES.items()))
    result = CliRunner().invoke(app, [*args, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output and "--help" in result.output
    for artefact in ("╭", "<bool>", "<int>", "<str>", "<int range>", "<file>"):
        assert artefact not in result.output, (artefact, result.output)


@pytest.mark.parametrize("public", [True, False])
def test_a_bots_public_choice_is_named_despite_its_hidden_hand(
    public: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """High Card's bot holds a hidden hand, but plays its cards face up: the game lists
    ``play-card`` in ``public_choices``, so the terminal names the card; without it the
    choice is only announced as a secret one."""
    from tests.cli.handgame import HighCard

    if not public:
        monkeypatch.setattr(HighCard, "public_choices", frozenset())
    proc = run_here(["play", "hand-test", "--seed", "3"], tmp_path, ["1", "1", "1"])
    assert proc.returncode == 0, proc.stderr
    named = re.findall(r"Seat 1 \(random bot\): Play the \d", proc.stdout)
    secret = "Seat 1 (random bot): made a choice it keeps secret (play card)" in proc.stdout
    assert (len(named) >= 1, secret) == ((True, False) if public else (False, True))


def test_a_relative_content_folder_plays_and_the_save_names_no_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--content pack` (relative) is read from the working directory; the save names the
    pack by digest, so it loads from anywhere with --content."""
    monkeypatch.chdir(tmp_path)
    import importlib.resources
    import shutil

    shutil.copytree(
        Path(str(importlib.resources.files("zedlab.games.survive_alive") / "content")),
        tmp_path / "pack",
    )
    text = (tmp_path / "pack" / "characters.toml").read_text()
    (tmp_path / "pack" / "characters.toml").write_text(text.replace("Bruce", "Brucie", 1))
    proc = run_here(
        ["play", "survive-alive", "--content", "pack", "--players", "1", "--seed", "2"],
        tmp_path / "data",
        [f"save {tmp_path / 'g.json'}", "quit"],
    )
    assert proc.returncode == 0, proc.stdout[-1500:] + proc.stderr
    saved = (tmp_path / "g.json").read_text()
    assert '"content"' in saved and str(tmp_path) not in saved


def test_back_at_the_top_of_a_list_says_so(tmp_path: Path) -> None:
    proc = run_here(["play", "pig", "--seed", "3"], tmp_path, ["back", "quit"])
    assert proc.returncode == 0, proc.stderr
    assert "This is the top of the list; choose 1" in proc.stdout


def test_card_notes_match_whole_names_longest_first() -> None:
    """A card name inside a longer word ("Rick" in "brick") names no card; a longer name
    wins over one it contains; case does not matter."""
    from zedlab.cli.screen import card_note

    texts = dict(load_game("survive-alive").card_texts(None))
    assert card_note("Draft Tom: pays one brick less for a wall", texts).startswith("Tom: ")
    assert card_note("Build with a brick", texts) == ""
    rifles = {"Rifle": "1 attack", "Assault Rifle": "3 attacks"}
    assert card_note("fire the assault rifle", rifles) == "Assault Rifle: 3 attacks"
    assert card_note("fire the Rifle", rifles) == "Rifle: 1 attack"
    assert card_note("fire the Rifles", rifles) == ""


def test_info_lists_cards_named_as_whole_words() -> None:
    """``info`` with no name lists the cards named in the options, not names inside words."""
    from zedlab.cli.session import _named_in
    from zedlab.core.engine import Action, Decision

    texts = {"Rick": "Medic", "Tom": "Blacksmith"}
    decision = Decision(player=0, kind="draft", options=(Action("draft", 1, "Tom, and a brick"),))
    assert _named_in(texts, decision, {"cubes": ["brick"]}) == ["Tom"]


def test_legend_is_offered_only_by_games_with_a_key(tmp_path: Path) -> None:
    """Don't Look Back has no key of its table: neither the hint, help nor a cut table
    mentions ``legend``; Here's Negan has one and says so."""
    from zedlab.cli.screen import Screen

    plain = run_here(["play", "dont-look-back", "--seed", "1"], tmp_path, ["help", "quit"])
    assert "legend" not in plain.stdout.replace(str(tmp_path), "")
    keyed = run_here(["play", "heres-negan", "--seed", "1"], tmp_path / "hn", ["help", "quit"])
    assert ", legend," in keyed.stdout and "legend explains" in keyed.stdout
    console = Console(file=io.StringIO(), width=100)
    cut = "".join(s.text for s in Screen(console, legend=False)._cut_line(9, 100))
    assert "legend" not in cut and "show draws it whole" in cut
    cut = "".join(s.text for s in Screen(console)._cut_line(9, 100))
    assert "legend explains it" in cut


def test_help_in_replay_lists_its_commands(tmp_path: Path) -> None:
    """`help` at the replay prompt lists the commands; the position stays where it was."""
    game = load_game("pig")
    match = Match.new(game, seed=3)
    while match.decision is not None and len(match.steps) < 4:
        match.play(match.decision.options[0])
    record = tmp_path / "game.json"
    match.save(record)
    replay = run_here(["replay", str(record)], tmp_path, ["", "help", "q"])
    assert replay.returncode == 0, replay.stderr
    assert "is not a command" not in replay.stdout
    assert "Replay commands:" in replay.stdout and "a number from 0 to 4" in replay.stdout
    assert re.findall(r"Position (\d+) of", replay.stdout) == ["0", "1"]


@pytest.mark.parametrize(
    ("game", "args", "said"),
    [
        ("dont-look-back", [], "escapes the last Location"),
        ("run-fight-or-die", [], "5 Followers declares the end"),
        ("if-im-going-down", [], "High number on the Kill-O-Meter"),
        ("survive-alive", [], "After round 6 the most influence points wins"),
        ("heres-negan", ["--scenario", "1"], "Get Negan onto the EXIT"),
    ],
)
def test_help_says_how_the_game_is_won(tmp_path: Path, game: str, args: list[str], said: str) -> None:
    """``help`` names the goal of every game (its ``goal(config)``), not only solo targets:
    Don't Look Back "End of the Game", Run, Fight, or Die! "Check End of Game Conditions",
    If I'm Going Down... "Object of the Game", Survive Alive "Victory"."""
    out = run_here(["play", game, "--seed", "1", *args], tmp_path, ["help", "quit"]).stdout
    assert "Goal: " in out and said in " ".join(out.split())


def test_a_card_text_is_shown_once_beside_options_naming_the_same_card() -> None:
    """Survive Alive's four barricade sides all name the Barricade: its text is shown once,
    beside the first of them, not repeated on every side."""
    from rich.console import Console

    from zedlab.cli.keys import KeyedLine
    from zedlab.cli.menus import MenuItem
    from zedlab.cli.screen import option_block
    from zedlab.core.engine import Action

    texts = dict(load_game("survive-alive").card_texts(None))
    labels = [f"Build a Barricade on the {side} side (2 wood)" for side in ("North", "East", "South", "West")]
    lines = [KeyedLine(str(i + 1), MenuItem(label, Action("build", i, label), ()), label)
             for i, label in enumerate(labels)]
    console = Console(width=200, no_color=True, color_system=None, record=True)
    for hang in (True, False):
        console.print(option_block(lines, 200, 1, False, False, texts, hang=hang))
        shown = console.export_text()
        assert shown.count(texts["Barricade"]) == 1, shown
        assert all(label in shown for label in labels)


def test_survive_alive_spend_options_note_no_forge_discount_before_a_forge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Survive Alive, round 1 Spend with no Forge built: the forging options are listed but
    the Forge's discount ("Facilities", Forge) is not noted beside them; other cards' texts
    still are where the listing names them."""
    import io
    import re

    from zedlab.cli.render import make_console
    from zedlab.cli.session import HUMAN, Session
    from zedlab.core import Match

    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    game = load_game("survive-alive")
    match = Match.new(game, {"players": 1}, seed=1)
    out = io.StringIO()

    def read_line(prompt: str) -> str:
        if not prompt.startswith("choose"):
            return ""
        if "[Build a facility]" in out.getvalue():
            return "quit"
        if "Spend your cubes" in out.getvalue():
            return "1"  # open Build a facility
        found = re.search(r"\d+", prompt)
        return found.group(0) if found else "quit"

    assert Session(match, [HUMAN], make_console(out), read_line).run() == 0
    text = out.getvalue()
    texts = game.card_texts(None)
    assert "Forge a weapon" in text, text[-3000:]
    assert texts["Forge"] not in text
    assert texts["Barricade"] in text


def test_the_command_hint_is_whole_on_an_80_column_terminal() -> None:
    """The line of commands under every listing fits 79 columns with ``legend`` in it (a
    game with a key of its table) and without, and still names every command."""
    from zedlab.cli.session import _HINT, _HINT_NO_LEGEND

    for hint in (_HINT, _HINT_NO_LEGEND):
        assert len(hint) <= 79, hint
        for word in ("undo", "log N", "why", "info NAME", "help", "show", "save FILE", "quit"):
            assert word in hint
    assert "legend" in _HINT and "legend" not in _HINT_NO_LEGEND
