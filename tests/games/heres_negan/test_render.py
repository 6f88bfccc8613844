"""The terminal table and the event texts of Here's Negan, on views of real games."""

from __future__ import annotations

import pytest
from rich.console import Console

from zedlab.core import RNG
from zedlab.core.events import Event
from zedlab.core.registry import renderer
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import load_scenario
from zedlab.games.heres_negan.board.render import board_text
from zedlab.games.heres_negan.common import draw
from zedlab.games.heres_negan.render import _TEMPLATES, TEXT, option_paths, render, view_scene

from .helpers import deploy_all, new_game


def _frame(view: dict, seat: int | None) -> list[str]:
    console = Console(width=100, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text().rstrip("\n").split("\n")


@pytest.mark.parametrize("scenario", [1, 2, 3])
@pytest.mark.parametrize("survivors", [2, 3, 4, 5])
def test_every_view_of_a_random_game_fits_100_by_40(scenario: int, survivors: int) -> None:
    """Every frame of a random game fits a 100x40 terminal, and every event the rules emit
    has its own text (no kind falls back to the generic wording)."""
    state = new_game(scenario * 7 + survivors, scenario=scenario, survivors=survivors,
                     players=min(2, survivors))
    chooser = RNG.from_seed(scenario * 10 + survivors)
    kinds: set[str] = set()
    while True:
        for seat in (None, 0):
            lines = _frame(game.view(state, seat), seat)
            assert len(lines) <= 40, f"{len(lines)} lines"
            assert max(len(line) for line in lines) <= 100
        for event in state.events:
            kinds.add(event.kind)
            assert TEXT(event, 0).strip()
        state.events.clear()
        d = game.decision(state)
        if d is None:
            break
        game.apply(state, chooser.choice(d.options))
    assert kinds - set(_TEMPLATES) == set(), f"event kinds without a text: {kinds - set(_TEMPLATES)}"
    text = "\n".join(_frame(game.view(state, 0), 0))
    assert "Game over" in text and "Threat" in text and "Negan" in text


def test_the_frame_shows_the_header_survivors_and_pieces() -> None:
    """Header (scenario, goal, round, phase, Threat band and Security value, First Player),
    the Survivors table and Negan's Stamina; the map draws Survivors by their number in the
    table (1-5), so none looks like a door ``D`` or an Entry Point ``l``."""
    state = deploy_all(new_game(1, scenario=2, survivors=3))
    s = state.survivors[0]
    s.damage, s.bitten, s.plus = 2, True, 1
    text = "\n".join(_frame(game.view(state, 0), 0))
    assert "Scenario 2: Anyone Home?" in text and "Goal: Get Negan onto the EXIT" in text
    assert "Round 1" in text and "Survivor Phase" in text and "First Player: seat 0" in text
    assert "Threat 1/19" in text and "Security value" in text
    assert "3/5" in text and "Bitten" in text and "+1x1" in text
    assert "Negan 8/8 Stamina" in text
    board = load_scenario(2, 3)
    x, y = board.xy(s.space)
    picture = text.split("\n")
    assert picture[2 * y + 1][2 * x + 1] == "1"
    assert " 1    Dwight " in text or " 1  > Dwight " in text


def test_map_marks_fire_secured_rooms_and_negans_route() -> None:
    """Fire ``^``, a secured room's Security token ``%``, Negan's route ``~`` (board
    render extended for the engine's state)."""
    state = deploy_all(new_game(2, scenario=1, survivors=5))
    board = load_scenario(1, 5)
    room, token = next(iter(board.security.items()))
    state.secured.append(room)
    fire = next(sp for sp in board.spaces() if sp not in board.security.values()
                and board.room_of(sp) is None and sp not in board.exits
                and all(sp != s.space for s in state.survivors))
    state.fire.append(fire)
    view = game.view(state, 0)["public"]
    lines = board_text(board, view_scene(view), fire=view["fire"]).splitlines()

    def glyph(space: int) -> str:
        x, y = board.xy(space)
        return lines[2 * y + 1][2 * x + 1]

    assert glyph(token) == "%" and glyph(fire) == "^"
    assert "~" in "\n".join(_frame(game.view(state, 0), 0))


def test_the_registry_finds_the_renderer() -> None:
    assert renderer(game) is render


def test_event_texts_use_names_labels_and_word_unknown_kinds() -> None:
    """Survivor ids become names, spaces their labels when the event carries them, and an
    unknown kind is worded from its arguments instead of failing."""
    assert TEXT(Event(1, "rep", {"survivor": "tara", "change": 2, "rep": 5, "why": "secure"}),
                None) == "Tara gains 2 Reputation (secure): now 5."
    assert "(3,4)" in TEXT(Event(2, "noise", {"space": 83, "at": "(3,4)", "why": "run"}), None)
    moved = TEXT(Event(3, "walker-moved", {"frm": 1, "to": 2, "frm_at": "(1,0)",
                                           "to_at": "(2,0)"}), None)
    assert moved == "A Walker moves from (1,0) to (2,0)."
    odd = TEXT(Event(4, "lucille-swung", {"survivor": "john", "count": 2}), None)
    assert odd == "Lucille swung: John, count 2."
    broken = TEXT(Event(5, "rep", {"survivor": "laura"}), None)
    assert "Laura" in broken


def test_option_groups_split_moves_and_actions() -> None:
    from zedlab.core import Action, Decision

    move = Decision(0, "move", (Action("step", 3), Action("open-door", 1), Action("jump", 9),
                                Action("stop", None)), "Move")
    assert option_paths(move) == (("Step to a space",), ("Open a door",),
                                  ("Jump a barricade",), ())
    act = Decision(0, "choose-action", (Action("action", "fight"), Action("action", "secure"),
                                        Action("plus-token", None), Action("end", None)), "")
    assert option_paths(act) == (("Attack",), ("Rooms and Supplies",), (), ())
    assert game.rules_reference("move")[0].startswith("Move")
    assert game.rules_reference("something-new")[1]


def test_play_command_and_make_take_scenario_and_survivors(tmp_path, monkeypatch) -> None:
    """``zedlab play heres-negan --scenario N --survivors K`` and ``zedlab.make(...,
    scenario=N, survivors=K)`` set the game up from the Config's own options."""
    from typer.testing import CliRunner

    import zedlab
    from zedlab.cli import app
    from zedlab.core.registry import registered

    monkeypatch.setenv("ZEDLAB_DATA_DIR", str(tmp_path))
    with registered(game):
        match = zedlab.make("heres-negan", seed=1, scenario=3, survivors=4)
        assert match.state.scenario == 3 and len(match.state.survivors) == 4
        result = CliRunner().invoke(app, ["play", "heres-negan", "--scenario", "2",
                                          "--survivors", "3", "--bot", "0=heuristic",
                                          "--seed", "3", "--max-rounds", "5"])
    assert result.exit_code == 0, result.output
    assert "Scenario 2: Anyone Home?" in result.output and "Laura deploys" in result.output


def test_view_and_side_panel_show_last_cards_and_held_cards_with_their_texts() -> None:
    """Every card in view has its name and short text: the last card drawn from each deck
    (``last_cards``), held Supply cards and lasting Room cards; the side panel shows the last
    cards and the held cards with their texts, still within 100x40."""
    state = deploy_all(new_game(0, scenario=1, survivors=5))
    state.decks["event"].append("second-wind")
    assert draw(state, "event") == "second-wind"
    state.survivors[0].cards.append(state.decks["supply"][-1])
    state.lasting.append("pitch-black")
    public = game.view(state, 0)["public"]
    held = state.survivors[0].cards[0]
    assert public["last_cards"] == {"event": "second-wind"}
    texts = public["card_texts"]
    assert texts["second-wind"]["name"] == "Second Wind"
    assert "+1 Action" in texts["second-wind"]["text"]
    assert {held, "pitch-black", *state.survivors[1].equipped} <= set(texts)
    assert all(t["text"] for t in texts.values())
    lines = _frame(game.view(state, 0), 0)
    assert len(lines) <= 40 and max(len(line) for line in lines) <= 100
    joined = "\n".join(lines)
    assert "Event: Second Wind - Threat -1" in joined
    assert f"Dwight: {texts[held]['name']} - " in joined
    assert game.rules_reference("search")[0]
