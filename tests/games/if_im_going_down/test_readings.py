"""Readings of If I'm Going Down... where the rulebook is open (docs/rulings, "Readings").

Each test names the rulebook section it reads and plays the chosen reading.
"""

from __future__ import annotations

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import effective_z, layout
from zedlab.games.if_im_going_down.steps import (
    FLOW,
    AttackPhase,
    EndTurn,
    MovementPhase,
    Occurrences,
    PlaceResource,
)

from .helpers import fresh, play, player_phase, put_zombie, space, stack_fate, take_fate


def test_rip_effect_survives_a_later_one_time_occurrence() -> None:
    """A RIP effect lasts until the next RIP Occurrence replaces it; a one-time Occurrence
    resolved later leaves it in play. Source: "Resolve Occurrence Cards" (only the last RIP
    card resolved remains in play)."""
    s = fresh()
    i0, i1 = layout(s).initial[:2]
    first = put_zombie(s, "occurrence-1", i0)
    stack_fate(s, [("camera", False)])  # Item icon: Persistent Search (RIP)
    s.entered = [first]
    s.stack = [Occurrences()]
    FLOW.run(s)
    assert s.rip == first and s.rip_effect == "persistent-search"
    second = put_zombie(s, "occurrence-2", i1)
    stack_fate(s, [("no-luck", False)])  # No Luck icon: Fumble (one time), nothing in hand
    s.entered = [second]
    s.stack = [Occurrences()]
    FLOW.run(s)
    assert s.rip == first and s.rip_effect == "persistent-search"
    assert second in s.zdiscard


def test_shared_hunger_follows_adjacency() -> None:
    """The Shared Hunger modifier is on a named Zombie only while it is next to the Shared
    Hunger Zombie (tokens placed on the adjacent ones, taken off when it leaves). Source:
    "Other Effects" (Shared Hunger)."""
    s = fresh()
    a = space(s, 0, 0)
    z = put_zombie(s, "zombie-male", a)
    leader = put_zombie(s, "pack-leader", space(s, 1, 1))
    assert effective_z(s, z, a) == 3
    s.spaces[space(s, 1, 1)] = -1
    s.spaces[space(s, 2, 3)] = leader  # moved away: no longer adjacent
    assert effective_z(s, z, a) == 2


def test_not_much_left_discards_the_first_resource_of_every_search() -> None:
    """Not Much Left acts on each search, not once per turn (unlike Persistent Search's
    "per turn"). Source: "Resolve Occurrence Cards" (Not much left)."""
    s = fresh()
    s.rip_effect = "not-much-left"
    stack_fate(s, [("rifle", False), ("camera", False), ("diary", False), ("flare", False)])
    player_phase(s)
    play(s, "search")
    play(s, "place", (0, 0))
    play(s, "search")
    found = [st.card for st in s.stack if isinstance(st, PlaceResource)]
    names = [s.fcards[f] for f in s.chars[0].hands + found if f >= 0]
    from zedlab.games.if_im_going_down.board import FATE

    assert sorted(FATE[k].id for k in names) == ["camera", "flare"]


def test_dead_weight_no_move_token_outlives_the_trashed_card() -> None:
    """Dead Weight is trashed once thrown, but its No Move token stays until the Zombie's
    next movement: the token is what the card's one use does. Source: "Game Tokens" (Held
    and No Move), "Use a Resource" (trash after the final use)."""
    s = fresh()
    weight = take_fate(s, "dead-weight")
    s.chars[0].hands[0] = weight
    target = space(s, 1, 2)  # range 2 from the character at (3, 2)
    z = put_zombie(s, "zombie-male", target)
    player_phase(s)
    play(s, "use", weight)
    play(s, "no-move", target)
    assert weight in s.ftrash and s.no_move[z]
    play(s, "end")
    assert s.spaces[target] == z  # pinned through the Movement Phase


def test_a_held_back_reach_zombie_scratches_nobody() -> None:
    """A Reach Zombie held back by one player does not reach around to scratch another:
    a held-back Zombie makes no attack this turn. Source: "Zombie Attack Phase" step 3,
    "Zombie Abilities" (Reach)."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    mine = space(s, 2, 1)  # next to Jessie (3, 2) only
    larry = space(s, 2, 4)  # next to Marcus (3, 4), range 2 from Jessie
    put_zombie(s, "zombie-male", mine)
    put_zombie(s, "long-arms-larry", larry)
    s.stack = [AttackPhase()]
    FLOW.run(s)
    play(s, "hold", mine)
    play(s, "hold", larry)
    assert not s.chars[0].biohazard and not s.chars[1].biohazard


def test_danger_zone_zombie_off_the_edge_and_centre_slides_laterally() -> None:
    """A Zombie in the Danger Zone keeps moving until it reaches the edge of the play area
    or the centre (in line with the character): from a diagonal space it slides sideways,
    staying adjacent. One already on the edge or in line stays put. Source: "Zombie Movement
    Phase" (a Zombie will not move if ... 3., and may move laterally)."""
    s = fresh()
    me = s.chars[0].space
    diag = space(s, 2, 1)  # diagonal to the character at (3, 2), not on the grid's edge
    front = space(s, 2, 2)
    side = space(s, 3, 1)  # bottom row: the edge
    z = put_zombie(s, "zombie-male", diag)
    s.stack = [MovementPhase()]
    FLOW.run(s)
    assert s.spaces[diag] == -1 and s.spaces.index(z) in (front, side)
    assert layout(s).dist[me][s.spaces.index(z)] == 1
    # Already in line (centre) or on the edge: no move.
    t = fresh()
    a, b = put_zombie(t, "zombie-male", front), put_zombie(t, "zombie-female", side)
    t.stack = [MovementPhase()]
    FLOW.run(t)
    assert t.spaces[front] == a and t.spaces[side] == b
    # Both ways blocked: it stays on the diagonal.
    u = fresh()
    put_zombie(u, "zombie-male", front)
    put_zombie(u, "zombie-female", side)
    w = put_zombie(u, "darren", diag)
    u.stack = [MovementPhase()]
    FLOW.run(u)
    assert u.spaces[diag] == w


def test_the_game_ends_after_the_turn_limit() -> None:
    """The rulebook plays until every character is dead ("How to Win"); ``turn_limit`` ends
    a game after that many turns, scored as it stands, so every game is bounded."""
    s = fresh(turn_limit=2)
    s.stack = [EndTurn()]
    FLOW.run(s)
    assert s.turn == 2 and not s.over and game.decision(s) is not None
    s.kills = 3
    s.stack = [EndTurn()]
    FLOW.run(s)
    assert s.over and s.turn == 2 and game.decision(s) is None
    out = game.outcome(s)
    assert out.reason == "the turn limit was reached" and out.scores == (3.0,)
