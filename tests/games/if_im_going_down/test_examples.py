"""The rulebook's worked examples, with their numbers.

Source: If I'm Going Down... rulebook, "Example: Using a Weapon to Attack" and "Movement
Example (The Shack Scenario, 1 player layout)".
"""

from __future__ import annotations

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import effective_z, layout, nearness
from zedlab.games.if_im_going_down.state import IGDState
from zedlab.games.if_im_going_down.steps import FLOW, MovementPhase

from .helpers import fresh, options, play, player_phase, put_zombie, space, stack_fate, take_fate


def jessie_table(players: int = 1) -> tuple[IGDState, int, int, int]:
    """Jessie holds a Hand Gun; a Z1 Zombie at range 2 and a Z4 Zombie at range 3."""
    chars = ("jessie",) if players == 1 else ("jessie", "marcus")
    s = fresh(players=players, characters=chars)
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    s.chars[0].ability_used = True  # our designed Lucky Break would redraw the example's miss
    lay = layout(s)
    jessie = s.chars[0].space
    near = space(s, 1, 2)
    far = space(s, 0, 3) if players == 2 else space(s, 0, 2)
    put_zombie(s, "zombie-female", near)
    put_zombie(s, "butcher-bob", far)
    assert lay.dist[jessie][near] == 2 and lay.dist[jessie][far] == 3
    return s, gun, near, far


def test_jessie_handgun_example() -> None:
    """APU 3, Attack Rating 4 +1: the Z1 at range 2 needs 3 and dies to 5 Kill Points; the Z4
    at range 3 needs 7, takes 5, then a miss leaves it alive; its tokens go at the end of the
    Player Phase. Source: rulebook, "Example: Using a Weapon to Attack"."""
    s, gun, near, far = jessie_table()
    z1, z4 = s.spaces[near], s.spaces[far]
    assert effective_z(s, z1, near) + 2 == 3
    assert effective_z(s, z4, far) + 3 == 7
    stack_fate(s, [("machete", False), ("rifle", False), ("no-luck", False)])
    player_phase(s)
    play(s, "use", gun)
    assert s.uses[gun] == 5  # moved up one Use
    play(s, "target", near)
    assert s.spaces[near] == -1 and s.kills == 1 and z1 in s.zdiscard
    play(s, "target", far)
    assert s.kp[z4] == 5 and s.spaces[far] == z4
    play(s, "target", far)  # the Fate check fails: a miss
    assert s.kp[z4] == 5 and s.spaces[far] == z4 and s.kills == 1
    # APU spent: back to the action choice; end the phase and the tokens are removed.
    assert game.decision(s).kind == "player-action"
    play(s, "end")
    assert z4 in s.spaces and s.kp[z4] == 0  # it lived (and has moved on since)


def test_jessie_critical_hit_alternative() -> None:
    """Suppose the check of the first attack on the Z4 shows a blood splatter: the Z4 dies
    at once (no 7 Kill Points needed) and Jessie keeps her third attack for another Zombie.
    Source: rulebook, "Example: Using a Weapon to Attack" (But suppose...)."""
    s, gun, near, far = jessie_table()
    third = space(s, 0, 4)
    put_zombie(s, "zombie-male", third)
    stack_fate(s, [("machete", False), ("hand-gun", True), ("rifle", False)])
    player_phase(s)
    play(s, "use", gun)
    play(s, "target", near)
    play(s, "target", far)
    assert s.spaces[far] == -1 and s.kills == 2
    assert game.decision(s).kind == "attack"
    assert ("target", third) in options(s)
    play(s, "target", third)  # Z2 at range 3 needs 5: the third attack kills it too
    assert s.spaces[third] == -1 and s.kills == 3
    assert game.decision(s).kind == "player-action"


def test_second_player_finishes_the_zombie() -> None:
    """A second player's successful attack finishes the Z4 carrying 5 Kill Points (at least
    one Kill Point must still be applied: a miss does not). Source: the example's last part."""
    s, gun, near, far = jessie_table(players=2)
    z4 = s.spaces[far]
    gun2 = take_fate(s, "hand-gun", critical=None)
    s.chars[1].hands[0] = gun2
    marcus = s.chars[1].space
    assert layout(s).dist[marcus][far] == 3
    stack_fate(s, [("machete", False), ("rifle", False), ("no-luck", False), ("no-luck", False), ("crowbar", False)])
    player_phase(s)
    play(s, "use", gun)
    play(s, "target", near)
    play(s, "target", far)
    play(s, "target", far)
    assert s.kp[z4] == 5
    play(s, "pass", 1)
    play(s, "use", gun2)
    play(s, "target", far)  # a miss: the tokens alone never kill
    assert s.spaces[far] == z4
    play(s, "target", far)  # 5 + 4 = 9 >= 4 + 3
    assert s.spaces[far] == -1 and s.chars[1].kills == 1 and s.kills == 2


def test_shack_movement_example_stride_blocked() -> None:
    """The Zombies at range 2 block a Stride Zombie: one of them moves first, then the Stride
    Zombie moves twice, then the rest, closest first; no Zombie moves away.
    Source: rulebook, "Movement Example (The Shack Scenario, 1 player layout)"."""
    s = fresh()
    me = s.chars[0].space
    dist = layout(s).dist[me]
    stride_at = space(s, 0, 2)
    blockers = [space(s, 1, 1), space(s, 1, 2), space(s, 1, 3)]
    darren = put_zombie(s, "darren", stride_at)  # Stride
    others = [put_zombie(s, "zombie-male", sp) for sp in blockers]
    assert all(dist[sp] == 2 for sp in blockers) and dist[stride_at] == 3
    before = {z: s.spaces.index(z) for z in [darren, *others]}
    s.stack = [MovementPhase()]
    FLOW.run(s)
    after = {z: s.spaces.index(z) for z in [darren, *others]}
    assert dist[after[darren]] == 1  # moved twice: 3 -> 2 -> 1
    moved_into_danger = [z for z in others if dist[after[z]] == 1]
    assert len(moved_into_danger) >= 1
    for z in [darren, *others]:
        assert dist[after[z]] <= dist[before[z]]  # never away
    assert len(set(after.values())) == 4


def test_zombie_in_danger_zone_does_not_move_and_no_move_token() -> None:
    """A Zombie in the Danger Zone stays; a No Move token stops one move and is removed.
    Source: rulebook, "Zombie Movement Phase" (A Zombie will not move if...)."""
    s = fresh()
    adjacent = space(s, 2, 2)
    pinned = space(s, 0, 0)
    a = put_zombie(s, "zombie-male", adjacent)
    b = put_zombie(s, "zombie-female", pinned)
    s.no_move[b] = True
    s.stack = [MovementPhase()]
    FLOW.run(s)
    assert s.spaces[adjacent] == a and s.spaces[pinned] == b and not s.no_move[b]
    near = nearness(s)
    assert near[adjacent] == 1
