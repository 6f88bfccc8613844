"""The heuristic Survivor bot picks a legal option at every decision, from the view only."""

from __future__ import annotations

import pytest

from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import neighbours
from zedlab.games.heres_negan.bots import HeuristicBot
from zedlab.games.heres_negan.render import view_board

from .helpers import deploy_all, new_game

ACTIONS = ("move", "run", "fight", "shoot", "hold-your-nerve", "search", "secure",
           "break-and-enter", "call-negan", "clear-the-way", "extinguish", "make-noise",
           "recover-stamina", "swap-items")


def _info(state, decision: Decision | None = None) -> InfoSet:
    decision = decision or game.decision(state)
    view = game.view(state, decision.player)
    return InfoSet(game, decision.player, decision, view, lambda rng: game.determinize(
        state, decision.player, rng))


@pytest.mark.parametrize("scenario,survivors", [(1, 2), (2, 4), (3, 5)])
def test_bot_plays_whole_games_legally(scenario: int, survivors: int) -> None:
    state = new_game(scenario, scenario=scenario, survivors=survivors, players=2)
    bot, rng = HeuristicBot(), RNG.from_seed(scenario)
    while (d := game.decision(state)) is not None:
        choice = bot.choose(_info(state), rng)
        assert choice in d.options
        game.apply(state, choice)
    assert state.result


def test_registered_as_a_bot_kind() -> None:
    assert game.bot_kinds()["heuristic"] is HeuristicBot
    assert "random" in game.bot_kinds()


def _with(state, kind: str, options: tuple[Action, ...]) -> Decision:
    return Decision(0, kind, options, kind)


def test_bot_is_legal_on_every_decision_kind_of_the_engine() -> None:
    """Decisions of every kind fixed for the engine (deploy, activate, Actions, Move steps,
    doors and jumps, weapons and targets, Search, Break and Enter, Extinguish, Call Negan,
    Event and attack choices), built on a real table, are answered with one of their options."""
    state = deploy_all(new_game(4, scenario=2, survivors=3))
    state.active = 0
    board = view_board(game.view(state, 0)["public"])
    here = state.survivors[0].space
    near = neighbours(board, here)
    door = board.doors[0].id
    decisions = [
        _with(state, "choose-action", tuple(Action("action", a) for a in ACTIONS)
              + (Action("plus-token", None), Action("end", None))),
        _with(state, "move", tuple(Action("step", s) for s in near)
              + (Action("open-door", door), Action("jump", near[0]), Action("stop", None))),
        _with(state, "fight", (Action("weapon", "knife"), Action("weapon", "crossbow"))),
        _with(state, "shoot", tuple(Action("target", s) for s in near)),
        _with(state, "fight", (Action("target", near[0]), Action("stop", None))),
        _with(state, "search", (Action("equip", 0), Action("equip", 1), Action("keep", None))),
        _with(state, "break-and-enter", (Action("break", door), Action("break", door + 1))),
        _with(state, "extinguish", (Action("extinguish", near[0]), Action("extinguish", here))),
        _with(state, "call-negan", tuple(Action("negan-to", s) for s in near)),
        _with(state, "event-survivor", tuple(Action("event-survivor", s.id)
                                             for s in state.survivors)),
        _with(state, "allocate-attack", (Action("attack-target", "negan"),
                                         *(Action("attack-target", s.id)
                                           for s in state.survivors))),
        _with(state, "choose-survivor", tuple(Action("activate", s.id) for s in state.survivors)),
        _with(state, "swap-items", (Action("swap-give", "knife"), Action("swap-done", None))),
        _with(state, "something-new", (Action("a", 1), Action("b", 2))),
        _with(state, "choose-action", (Action("use-card", "first-aid"), Action("end", None))),
        _with(state, "search", tuple(Action("supply-token", s) for s in near)),
        _with(state, "shoot", (Action("target", near[0]), Action("discard-bonus", "scope"))),
    ]
    bot = HeuristicBot()
    for k, d in enumerate(decisions):
        choice = bot.choose(_info(state, d), RNG.from_seed(k))
        assert choice in d.options, (d.kind, choice)
    allocate = decisions[10]
    assert bot.choose(_info(state, allocate), RNG.from_seed(0)).value != "negan"


def test_bot_secures_a_room_it_stands_in_and_fights_an_adjacent_walker() -> None:
    """Secure (rulebook "Secure") an unsecured room it is in; Fight ("Fight") a Walker
    next to it first."""
    state = deploy_all(new_game(5, scenario=1, survivors=2))
    board = view_board(game.view(state, 0)["public"])
    room, token = next(iter(board.security.items()))
    inside = next(s for s in board.areas[room].spaces if s != token)
    state.survivors[0].space = inside
    state.active = 0
    options = (Action("action", "move"), Action("action", "secure"),
               Action("action", "search"), Action("end", None))
    d = _with(state, "choose-action", options)
    bot = HeuristicBot()
    assert bot.choose(_info(state, d), RNG.from_seed(1)).value == "secure"
    state.walkers = [token]
    d = _with(state, "choose-action", options + (Action("action", "fight"),))
    assert bot.choose(_info(state, d), RNG.from_seed(1)).value == "fight"
