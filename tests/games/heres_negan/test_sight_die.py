"""The Action-die table option for doubtful lines of sight (HN-R106, HN-R382; ruling HN-A55).

Source: Here's Negan rulebook, "Line of Sight" (roll the Action die when unsure).
"""

from __future__ import annotations

from zedlab.core import RNG, Match
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import Board, line_of_sight
from zedlab.games.heres_negan.common import doubtful_star, reveal_seen, sight

from .helpers import deploy_all, new_game, rig

# A wall ends at the corner between (1,0) and (2,0): the line (0,2)-(2,0) grazes it.
GRAZE = """
+-+-+-+
|. .|.|
+ + + +
|. . .|
+ + + +
|. . .|
+-+-+-+
"""


def _table(seed: int, **options: object) -> tuple[object, Board]:
    state = deploy_all(new_game(seed, **options))
    b = Board.from_text(GRAZE)
    rig(state, b, survivors={0: b.at(0, 2)})
    return state, b


def test_option_off_keeps_exact_geometry() -> None:
    """HN-A55 (a), the default: a grazing line is seen, no die is asked."""
    state, b = _table(1)
    assert state.sight_salt == 0
    assert sight(state, b.at(0, 2), b.at(2, 0))


def test_option_on_settles_a_grazing_line_with_the_die_and_keeps_clear_lines_clear() -> None:
    """HN-R382: only the doubtful line goes to the die; a clear line is seen and a walled one
    is not, whatever the die; the answer is the same from either end."""
    answers = set()
    for seed in range(40):
        state, b = _table(seed, sight_die=True)
        assert state.sight_salt != 0
        a, c = b.at(0, 2), b.at(2, 0)
        assert sight(state, a, c) == doubtful_star(state, a, c) == sight(state, c, a)
        answers.add(sight(state, a, c))
        assert sight(state, b.at(0, 0), b.at(2, 2))  # straight through open spaces
        assert not line_of_sight(b, b.at(1, 0), b.at(2, 0))
        assert not sight(state, b.at(1, 0), b.at(2, 0))  # through the wall
    assert answers == {True, False}


def test_one_roll_per_pair_per_round_about_half_stars() -> None:
    """The Action die has three stars in six faces; the answer holds for the whole round and
    is rolled afresh the next round (ruling HN-A55)."""
    state, b = _table(3, sight_die=True)
    a, c = b.at(0, 2), b.at(2, 0)
    first = doubtful_star(state, a, c)
    assert all(doubtful_star(state, a, c) == first for _ in range(5))
    stars = 0
    for r in range(400):
        state.round = r
        stars += doubtful_star(state, a, c)
    assert 140 < stars < 260


def test_a_token_behind_a_doubtful_line_is_revealed_on_a_star_only() -> None:
    """HN-R106 with the option: a Walker token at the far end of a grazing line is revealed
    when the die shows a star (and the reveal says so), and stays face down on a blank."""
    outcomes = set()
    for seed in range(30):
        state, b = _table(seed, sight_die=True)
        a, c = b.at(0, 2), b.at(2, 0)
        state.token_pile.remove("")  # a blank token: a false alarm when revealed
        state.tokens[c] = ""
        reveal_seen(state)
        star = doubtful_star(state, a, c)
        assert (c not in state.tokens) == star
        kinds = [e.kind for e in state.events]
        assert ("doubtful-sight" in kinds) == star
        outcomes.add(star)
    assert outcomes == {True, False}


def test_games_with_the_option_end_and_samples_redraw_the_die() -> None:
    """Every game ends under random play with the option on; an information-set sample does
    not know this round's rolls (the salt is re-drawn)."""
    for seed in range(4):
        m = Match.new(game, {"scenario": 1 + seed * 3, "survivors": 3, "sight_die": True},
                      seed=seed)
        rng = RNG.from_seed(seed)
        salts = set()
        while not m.over:
            d = m.decision
            m.play(d.options[rng.randbelow(len(d.options))])
            if len(m.steps) % 50 == 0 and not m.over:
                salts.add(game.determinize(m.state, 0, RNG.from_seed(len(m.steps))).sight_salt)
        assert m.outcome is not None
        assert m.state.sight_salt not in salts
