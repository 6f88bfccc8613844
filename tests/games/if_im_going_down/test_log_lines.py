"""The event log and prompts say what happened in words: attack Fate checks and Kill Point
sums, Zombie moves, entries, the starting resource being placed, and why Hold Back has
nothing to choose."""

from __future__ import annotations

from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import ZOMBIES, fname
from zedlab.games.if_im_going_down.steps import FLOW, AttackPhase, MovementPhase

from .helpers import fresh, lines, play, player_phase, put_zombie, space, stack_fate
from .test_examples import jessie_table


def test_attack_lines_show_the_fate_card_and_kill_points() -> None:
    """Source: If I'm Going Down... rulebook, "Example: Using a Weapon to Attack" (Hand Gun
    Power 4 +1 at range 2-3; the Z4 at range 3 needs 7)."""
    s, gun, near, far = jessie_table()
    stack_fate(s, [("machete", False), ("rifle", False), ("no-luck", False)])
    player_phase(s)
    play(s, "use", gun)
    play(s, "target", near)
    play(s, "target", far)
    play(s, "target", far)
    said = [x for x in lines(s) if " attacks " in x]
    assert said[0].endswith(
        "Jessie attacks Zombie (female) at range 2 with Hand Gun: Fate check drew Machete - hit, "
        "Power 4 +1 character modifier = 5 Kill Points; 5 on it, 3 kill it (Z-Number 1 + range 2)"
    )
    assert "Fate check drew Rifle - hit" in said[1] and "5 on it, 7 kill it (Z-Number 4 + range 3)" in said[1]
    assert said[2].endswith("Fate check drew No Luck (No Luck) - miss")


def test_critical_hit_line_names_the_card() -> None:
    """Source: rulebook, "Critical Hit"."""
    s, gun, near, far = jessie_table()
    stack_fate(s, [("hand-gun", True)])
    player_phase(s)
    play(s, "use", gun)
    play(s, "target", far)
    assert any(x.endswith("Fate check drew Hand Gun - a Critical Hit card: the Zombie dies") for x in lines(s))


def test_zombie_moves_are_logged() -> None:
    """Source: rulebook, "Zombie Movement Phase"."""
    s = fresh()
    start = space(s, 0, 0)
    z = put_zombie(s, "zombie-male", start)
    s.stack = [MovementPhase()]
    FLOW.run(s)
    end = s.spaces.index(z)
    assert end != start
    assert f"T1 Zombie (male) moves from space {start} to space {end}" in lines(s)


def test_entry_line_names_the_z_number_and_explains_occurrences() -> None:
    """Source: rulebook, "Entrance Phase"."""
    s = game.new(game.Config(players=1), 1)
    entries = [x for x in lines(s) if "enters at space" in x]
    for line in entries:
        assert "(Z-Number " in line or "(an Occurrence card" in line
    occ = next(z for z in ZOMBIES if z.kind == "occurrence")
    assert "Occurrence" in occ.name


def test_starting_resource_prompt_names_the_card() -> None:
    """Source: rulebook, "Game Setup" 3. (place your starting resources as you choose)."""
    s = game.new(game.Config(players=1, characters=("jessie",)), 1)
    d = game.decision(s)
    assert d.kind == "place-start"
    assert d.prompt.startswith(f"Place the starting resource {fname(s, s.stack[-1].card)}")


def test_hold_back_with_nothing_to_choose_says_why() -> None:
    """Source: rulebook, "Zombie Attack Phase", step 2; "Zombie Abilities" (No Hold Back)."""
    s = fresh()
    put_zombie(s, "big-bertha", space(s, 2, 1))
    s.stack = [AttackPhase()]
    FLOW.run(s)
    d = game.decision(s)
    assert d.kind == "hold-back" and len(d.options) == 1
    assert d.options[0].label == "Hold back no Zombie - none can be held back: Big Bertha has No Hold Back"
