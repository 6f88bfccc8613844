"""Resources: designed card effects and the occurrences acting on trackers.

Source: If I'm Going Down... rulebook, "Weapons", "Items", "Other Resources", "Resolve
Occurrence Cards" (Fumble, Accidental Discharge), "Trash Resources".
"""

from __future__ import annotations

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.steps import FLOW, AttackPhase, Occurrences

from .helpers import fresh, options, play, player_phase, put_zombie, space, stack_fate, take_fate


def test_two_handed_weapon_usable_only_alone_in_hands() -> None:
    """A two-handed weapon must lie across both hands to be used. Source: "Weapon Icons"."""
    s = fresh()
    rifle = take_fate(s, "rifle")
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[:] = [rifle, knife]
    put_zombie(s, "zombie-male", space(s, 0, 2))
    player_phase(s)
    assert ("use", rifle) not in options(s)
    play(s, "trash", knife)
    assert ("use", rifle) in options(s)


def test_assault_rifle_hits_the_zombie_behind() -> None:
    """A kill with the Assault Rifle puts 2 Kill Points on the Zombie behind it."""
    s = fresh()
    ar = take_fate(s, "assault-rifle")
    s.chars[0].hands[0] = ar
    front, back = space(s, 2, 2), space(s, 1, 2)
    put_zombie(s, "zombie-female", front)  # Z1 at range 1: needs 2
    behind = put_zombie(s, "zombie-male", back)  # Z2 at range 2: needs 4
    stack_fate(s, [("machete", False)])
    player_phase(s)
    play(s, "use", ar)
    play(s, "target", front)
    assert s.spaces[front] == -1 and s.kp[behind] == 2


def test_grenade_kills_target_and_neighbours_not_at_range_one() -> None:
    s = fresh()
    grenade = take_fate(s, "grenade")
    s.chars[0].hands[0] = grenade
    put_zombie(s, "zombie-male", space(s, 2, 2))  # range 1: not a target
    target = space(s, 0, 2)
    put_zombie(s, "big-bertha", target)
    put_zombie(s, "zombie-male", space(s, 0, 1))
    stack_fate(s, [("machete", False)])
    player_phase(s)
    play(s, "use", grenade)
    assert ("target", space(s, 2, 2)) not in options(s)
    play(s, "target", target)
    assert s.kills == 2 and s.spaces[target] == -1 and s.uses[grenade] == 0


def test_ammo_reloads_and_is_trashed() -> None:
    s = fresh()
    gun = take_fate(s, "hand-gun")
    ammo = take_fate(s, "ammo")
    s.chars[0].hands[0] = gun
    s.chars[0].body[0] = ammo
    s.uses[gun] = 0
    player_phase(s)
    play(s, "use", ammo)
    if game.decision(s).kind == "reload":
        play(s, "reload", gun)
    assert s.uses[gun] == 6 and ammo in s.ftrash and s.chars[0].actions == 1


def test_camera_goes_to_the_bonus_pile_after_three_snapshots() -> None:
    s = fresh()
    camera = take_fate(s, "camera")
    s.chars[0].body[0] = camera
    for _ in range(3):
        player_phase(s)
        play(s, "use", camera)
        assert ("use", camera) not in options(s)  # once per turn
        s.stack = []
    assert camera in s.fbonus and s.bonus == 5


def test_fumble_drops_a_hand_resource_to_the_ground() -> None:
    s = fresh()
    knife = take_fate(s, "kitchen-knife")
    s.chars[0].hands[0] = knife
    occ = put_zombie(s, "occurrence-1", s.spaces.index(-1))
    s.entered = [occ]
    stack_fate(s, [("no-luck", False)])
    s.stack = [Occurrences()]
    FLOW.run(s)
    play(s, "fumble", knife)
    assert knife in s.ground and s.chars[0].hands[0] == -1 and occ in s.zdiscard


def test_accidental_discharge_uses_a_ranged_weapon() -> None:
    s = fresh()
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    occ = put_zombie(s, "occurrence-2", s.spaces.index(-1))
    s.entered = [occ]
    stack_fate(s, [("dead-weight", False)])  # the Other Resource icon
    s.stack = [Occurrences()]
    FLOW.run(s)
    play(s, "discharge", gun)
    assert s.uses[gun] == 5


def test_dead_characters_trackers_become_ground() -> None:
    """Source: "A Dead Character's Resources" (shared, Uses unchanged)."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    gun = take_fate(s, "hand-gun")
    s.chars[1].hands[0] = gun
    s.uses[gun] = 2
    s.chars[1].biohazard = True
    put_zombie(s, "zombie-male", space(s, 2, 5))
    s.stack = [AttackPhase()]
    FLOW.run(s)
    play(s, "hold", -1)  # Marcus (seat 1) decides for his own Zombie
    assert not s.chars[1].alive
    player_phase(s)
    play(s, "manage")
    play(s, "pick", gun)
    play(s, "move-to", (0, 0))
    assert s.chars[0].hands[0] == gun and s.uses[gun] == 2
