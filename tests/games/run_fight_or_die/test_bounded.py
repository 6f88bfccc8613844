"""Every way of answering the prompts ends the game within ``max_decisions``: no choice can
undo another for ever, and the round limit ends a game the dice never end.

Source: Run, Fight, or Die! rulebook, "Rerolls" (each die is kept or rerolled, at most 2
rerolls) and "Zombie and Fleeing Symbols" (once per turn); the round limit is designed
(docs/rulings/run-fight-or-die.md, "Rules version 4").
"""

import pytest

from zedlab.games.run_fight_or_die import game

from .helpers import new


def _first(options):
    return options[0]


def _last(options):
    return options[-1]


def _second(options):
    return options[1] if len(options) > 1 else options[0]


@pytest.mark.parametrize("policy", [_first, _last, _second], ids=["first", "last", "index-1"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_fixed_policies_end_every_game(policy, players):
    """Always the first, always the last, always option index 1: each game ends in bound."""
    bound = game.max_decisions(game.Config(players=players))
    for seed in range(6):
        s = game.new(game.Config(players=players), seed)
        for _ in range(bound):
            d = game.decision(s)
            if d is None:
                break
            game.apply(s, policy(d.options))
        else:
            pytest.fail(f"seed {seed}, {players} player(s): no end after {bound} decisions")
        assert game.outcome(s) is not None


def _quiet(s) -> None:
    """Answer every prompt without touching the board: stop, done, decline, play on."""
    for _ in range(2000):
        d = game.decision(s)
        if d is None:
            return
        keep = ("stop", "done", "decline", "declare")
        pick = next((a for a in d.options if a.kind in keep and a.value in (None, False)), d.options[0])
        game.apply(s, pick)


def test_the_round_limit_ends_the_game_scored_as_usual():
    """After ``max_rounds`` rounds (every seat's turn) the game ends and is scored."""
    s = new(players=2, max_rounds=1, rolls=[0, 0, 1, 2, 3, "all-quiet"] + [0, 0, 1, 2, 3, "all-quiet"])
    for p in s.players:
        s.reserve += sum(p.zones)
        p.zones = [0, 0, 0]
    _quiet(s)
    assert s.finished and s.turn == 2 and s.end_reason == "1 rounds played: the round limit"
    out = game.outcome(s)
    assert out is not None and out.winners and out.scores[0] == 5.0


def test_the_round_limit_counts_rounds_from_the_first_player():
    """Three rounds of 3 seats: the game ends after the 9th turn, not before."""
    s = game.new(game.Config(players=3, max_rounds=3, first_player=1), 4)
    turns = []
    for _ in range(5000):
        d = game.decision(s)
        if d is None:
            break
        if not turns or turns[-1] != s.turn:
            turns.append(s.turn)
        for p in s.players:  # nobody dies: only the round limit can end this game
            p.wounds = 0
            s.reserve += sum(p.zones)
            p.zones = [0, 0, 0]
        keep = ("stop", "done", "decline", "declare")
        pick = next((a for a in d.options if a.kind in keep and a.value in (None, False)), d.options[0])
        game.apply(s, pick)
    assert s.finished and turns[-1] == 9 and "round limit" in s.end_reason
