"""Counting rounds (ruling 28): a turn of each Survivor still on the board, from the board's
first player; a new board begins a new round. The rulebook numbers no rounds ("Taking Your
Turn" goes clockwise); only the simulator's reports read the count."""

from __future__ import annotations

from zedlab.bots import make
from zedlab.cli.session import bot_choice
from zedlab.core import Match
from zedlab.games.dont_look_back import Config, game
from zedlab.games.dont_look_back.turn import count_round

from .helpers import table


def test_a_round_is_one_turn_of_each_survivor_on_the_board() -> None:
    """Source: Don't Look Back rulebook, "Taking Your Turn"; ruling 28."""
    state = table(["rick", "daryl", "michonne"])
    state.round, state.round_seats = 0, []
    seen = []
    for seat in (0, 1, 2, 0, 1, 2, 0, 2, 0):  # Daryl (seat 1) leaves the board after round 2
        count_round(state, seat)
        seen.append(state.round)
    assert seen == [1, 1, 1, 2, 2, 2, 3, 3, 4]


def test_a_new_board_begins_a_new_round() -> None:
    """Source: Don't Look Back rulebook, "Proceeding to the Next Location"; ruling 28. A whole
    two-board game: each board's first turn is the first of a round, and no round holds two
    turns of one Survivor."""
    match = Match.new(game, Config(players=2, locations=2), seed=5)
    bot = make(game, "heuristic")
    turns: list[tuple[int, int, int]] = []  # (board, round, seat) of each Action step
    while not match.over:
        decision = match.decision
        assert decision is not None
        state = match.state
        now = (state.round, state.current)
        if decision.kind == "choose-action" and (not turns or turns[-1][1:] != now):
            turns.append((state.locations_done, state.round, state.current))
        match.play(bot_choice(match, bot))
    boards = sorted({b for b, _, _ in turns})
    assert len(boards) == 2
    for board in boards:
        rounds = [r for b, r, _ in turns if b == board]
        assert rounds == sorted(rounds)
    first_of_second = next(r for b, r, _ in turns if b == boards[1])
    assert first_of_second == max(r for b, r, _ in turns if b == boards[0]) + 1
    per_round: dict[int, list[int]] = {}
    for _, r, seat in turns:
        per_round.setdefault(r, []).append(seat)
    assert all(len(seats) == len(set(seats)) for seats in per_round.values())
    assert match.state.round == max(per_round) > 2
