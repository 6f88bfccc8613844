"""Zombie Player variant limits, the win line, and layout geometry.

Source: If I'm Going Down... rulebook, "Zombie Player Variant", "Scenario Layout"
(Range, Adjacent Space, Common Space), "How to Win".
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import CT, ZOMBIES
from zedlab.games.if_im_going_down.entrance import zp_spaces
from zedlab.games.if_im_going_down.steps import FLOW, MovementPhase, ZpPlace

from .helpers import fresh, options, play, put_zombie, space, take_zombie

LAYOUTS = sorted(CT.layouts)


@given(st.sampled_from(LAYOUTS), st.data())
def test_range_is_a_metric_with_adjacent_at_one(key: tuple[str, int], data: st.DataObject) -> None:
    """Range counts spaces with diagonals: symmetric, 1 exactly for adjacent spaces."""
    lay = CT.layouts[key]
    n = len(lay.spaces)
    a = data.draw(st.integers(0, n - 1))
    b = data.draw(st.integers(0, n - 1))
    assert lay.dist[a][b] == lay.dist[b][a]
    assert (lay.dist[a][b] == 1) == (b in lay.adjacent[a])
    ra, ca = lay.spaces[a]
    rb, cb = lay.spaces[b]
    assert lay.dist[a][b] >= max(abs(ra - rb), abs(ca - cb))


def test_every_layout_has_initial_spaces_away_from_characters() -> None:
    for lay in CT.layouts.values():
        assert lay.initial and len(lay.characters) == lay.players
        for sp in lay.initial:
            assert all(lay.dist[c][sp] >= 2 for c in lay.characters)


def test_zombie_player_one_pop_up_per_character_per_turn() -> None:
    """Pop-Ups from hand go next to characters, a different one each (not on turn 1)."""
    s = fresh(players=2, characters=("jessie", "marcus"), zombie_player=True)
    s.turn = 2
    peek, jack = take_zombie(s, "peek-a-boo"), take_zombie(s, "jack")
    s.zhand = sorted([peek, jack])
    s.stack = [ZpPlace(seat=2)]
    lay = CT.layouts[("the-shack", 2)]
    jessie, marcus = s.chars[0].space, s.chars[1].space
    near_jessie_only = space(s, 2, 1)
    play(s, "zcard", peek)
    assert ("zplace", near_jessie_only) in options(s)
    play(s, "zplace", near_jessie_only)
    allowed = zp_spaces(s, jack)
    assert allowed and all(sp in lay.adjacent[marcus] for sp in allowed)
    assert all(not (sp in lay.adjacent[jessie] and sp not in lay.adjacent[marcus]) for sp in allowed)


def test_zombie_player_loved_ones_to_different_characters() -> None:
    """Two Loved Ones in one turn must be Loved Ones of different characters."""
    s = fresh(players=2, characters=("jessie", "marcus"), zombie_player=True)
    rose, sam = take_zombie(s, "grandma-rose"), take_zombie(s, "sweetheart-sam")
    s.zhand = sorted([rose, sam])
    s.stack = [ZpPlace(seat=2)]
    left = space(s, 0, 0)
    play(s, "zcard", rose)
    play(s, "zplace", left)
    assert s.loved[rose] == 0b01
    allowed = zp_spaces(s, sam)
    assert left not in allowed and allowed
    lay = CT.layouts[("the-shack", 2)]
    for sp in allowed:
        d0, d1 = lay.dist[s.chars[0].space][sp], lay.dist[s.chars[1].space][sp]
        assert d1 < d0  # closest to Marcus only


def test_zombie_player_moves_only_forward_and_all_that_can() -> None:
    """The Zombie Player moves Zombies toward the characters until none can move."""
    s = fresh(zombie_player=True)
    a = put_zombie(s, "zombie-male", space(s, 0, 0))
    b = put_zombie(s, "darren", space(s, 0, 4))  # Stride
    s.stack = [MovementPhase()]
    FLOW.run(s)
    lay = CT.layouts[("the-shack", 1)]
    me = s.chars[0].space
    while (d := game.decision(s)) is not None and d.kind == "zp-move":
        assert d.player == 1
        game.apply(s, d.options[-1])
        d = game.decision(s)
        assert d.kind == "zp-dest" and d.player == 1
        frm = s.stack[-1].space
        for act in d.options:
            assert lay.dist[me][act.value] < lay.dist[me][frm]
        game.apply(s, d.options[-1])
    assert lay.dist[me][s.spaces.index(a)] == 2
    assert lay.dist[me][s.spaces.index(b)] == 1
    assert ZOMBIES[s.zcards[b]].stride


def test_zombie_player_wins_below_the_line_and_midpoint_option() -> None:
    """Humans win above High (or the midpoint with that option); otherwise the Zombie seat."""
    s = fresh(zombie_player=True)
    s.over = True
    s.kills = s.high
    assert game.outcome(s).winners == (1,)
    m = fresh(zombie_player=True, midpoint=True)
    m.over = True
    m.kills = (m.low + m.high) // 2 + 1
    assert m.line == (m.low + m.high) // 2 and game.outcome(m).winners == (0,)


def test_zombie_player_one_pop_up_per_player_on_turn_one() -> None:
    """On the first turn Pop-Ups go to Initial Spaces, still at most one per player.
    Source: "Zombie Player Variant" (not more than 1 Pop-Up Zombie per player)."""
    s = fresh(zombie_player=True)
    peek, jack = take_zombie(s, "peek-a-boo"), take_zombie(s, "jack")
    s.zhand = sorted([peek, jack])
    s.stack = [ZpPlace(seat=1)]
    play(s, "zcard", peek)
    play(s, "zplace", options(s)[0][1])
    assert zp_spaces(s, jack) == []


def test_zombie_player_pop_up_falling_back_to_an_initial_space_counts() -> None:
    """With no free Danger Zone space a Pop-Up goes to an Initial Space; it still counts
    toward the one per player. Source: "Zombie Player Variant", "Pop-Up! Zombies"."""
    s = fresh(zombie_player=True)
    s.turn = 2
    lay = CT.layouts[("the-shack", 1)]
    for sp in lay.adjacent[s.chars[0].space]:
        put_zombie(s, "zombie-male", sp)
    peek, jack = take_zombie(s, "peek-a-boo"), take_zombie(s, "jack")
    s.zhand = sorted([peek, jack])
    s.stack = [ZpPlace(seat=1)]
    assert set(zp_spaces(s, peek)) <= set(lay.initial)
    play(s, "zcard", peek)
    play(s, "zplace", lay.initial[0])
    assert zp_spaces(s, jack) == []


def test_a_winning_zombie_player_scores_zero_or_more() -> None:
    """Source: "Who Wins?" (Zombie Player variant): the team wins above the line, else the
    Zombie Player does; its score is how far the team stayed from passing the line."""
    import random

    from zedlab.core import Match

    for seed in range(3):
        m = Match.new(game, seed=seed, players=3, scenario="the-intersection", zombie_player=True)
        rng = random.Random(seed)
        while not m.over:
            m.play(m.decision.options[rng.randrange(len(m.decision.options))])
        out = m.outcome
        team, zp = out.scores[0], out.scores[-1]
        assert zp == m.state.line - team
        assert out.winners == (len(out.scores) - 1,) and zp >= 0
