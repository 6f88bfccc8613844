"""Every worked example of the Don't Look Back rulebook, with its numbers.

Dice are rigged through the state's RNG (``rng.force(roll=[...])``); nothing is patched.
"""

from zedlab.games.dont_look_back import game

from .helpers import (
    COMBAT_MOVE,
    HOLD_OR_REROLL,
    MICHONNE,
    OVER,
    TARGET,
    begin_turn,
    kinds,
    phase,
    play,
    table,
)


def test_farm_overload_arithmetic():
    """Source: "Locations" example. The Farm (overload 5): More Walkers rolls Sector 2 and
    6 Walkers; Sector 2 held 3, so 9; at End of Turn 9 - 5 = 4 enter the Location, 5 stay."""
    state = table(["carl", "rick"], location="the-farm", walkers={2: 3}, spaces=[5, 5])
    state.deck.remove("more-walkers")
    state.deck.insert(0, "more-walkers")
    state.rng.force(roll=[2, 6])
    begin_turn(state, 0)
    assert state.walkers[2] == 9
    play(state, "pass")
    assert state.walkers[2] == 5
    assert state.walkers[0] == 4


def test_rick_handgun_from_sector_2_three_hits():
    """Source: "Example of Killing Walkers in a Sector". Rick in Sector 2 rolls six dice:
    two 6s (out of reach), a 2 (no Walkers there), three 3s: Sector 3 is the only target,
    3 hits, 3 Walkers removed, 3 points."""
    state = table(
        ["rick", "daryl"], walkers={3: 4, 6: 2, 1: 1}, spaces=[2, 0], weapons={0: ["handgun"]}
    )
    state.rng.force(roll=[6, 6, 2, 3, 3, 3])
    play(state, "combat", "handgun")
    assert phase(state) == COMBAT_MOVE  # the only target was chosen for him; Ranged: may move
    assert state.combat.saved == [3, 3, 3]
    play(state, "combat-move", False)
    assert phase(state) == HOLD_OR_REROLL
    play(state, "hold")
    assert state.walkers[3] == 1
    assert state.survivors[0].points == 3
    assert state.survivors[0].space == 2


def test_a_die_showing_1_would_add_sector_1_as_a_target():
    """Source: "Saving Dice". With a 1 among the dice Rick could attack Sector 1 or 3."""
    state = table(["rick", "daryl"], walkers={3: 2, 1: 1}, spaces=[2, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[1, 3, 4, 4, 5, 6])
    play(state, "combat", "handgun")
    assert phase(state) == TARGET
    assert kinds(state) == [("target", 1), ("target", 3)]


def _lone_hit():
    state = table(["rick", "daryl"], walkers={3: 3, 1: 1}, spaces=[2, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 4, 4, 5, 6, 6])
    play(state, "combat", "handgun")
    play(state, "combat-move", False)
    assert state.combat.saved == [3] and state.combat.misses == 5
    return state


def test_lone_hit_hold_kills_one():
    """Source: "Saving Dice". One die hits Sector 3; holding kills 1 Walker for 1 point."""
    state = _lone_hit()
    play(state, "hold")
    assert state.walkers[3] == 2
    assert state.survivors[0].points == 1


def test_failed_reroll_loses_all_hits_and_the_handgun():
    """Source: "Re-Rolling Dice". Re-rolling the 5 misses with no 3 (a 1 does not help,
    Sector 1 is another target) fails: the hit is lost and the Handgun discarded."""
    state = _lone_hit()
    state.rng.force(roll=[1, 4, 5, 6, 6])
    play(state, "reroll")
    assert state.walkers[3] == 3 and state.walkers[1] == 1
    assert state.survivors[0].points == 0
    assert "handgun" not in state.survivors[0].weapons
    assert "handgun" in state.discard


def test_reroll_with_two_more_threes_makes_three_hits():
    """Source: "Re-Rolling Dice". Two more 3s: 3 hits; holding kills 3 for 3 points."""
    state = _lone_hit()
    state.rng.force(roll=[3, 3, 4, 5, 6])
    play(state, "reroll")
    assert state.combat.saved == [3, 3, 3] and state.combat.misses == 3
    play(state, "hold")
    assert state.survivors[0].points == 3
    assert state.walkers[3] == 0


def test_daryl_straight_inside_the_location():
    """Source: "Example of Killing Walkers Inside the Location". Only 2 and 3 run in
    sequence: 2 hits, 2 Walkers removed, 2 points; two separate straights do not add."""
    state = table(["daryl", "rick"], walkers={0: 3}, spaces=[0, 4], weapons={0: ["handgun"]})
    state.rng.force(roll=[2, 3, 5, 5, 2, 3])
    play(state, "combat", "handgun")
    assert state.combat.saved == [2, 3]
    play(state, "hold")
    assert state.walkers[0] == 1
    assert state.survivors[0].points == 2


def test_health_loss_examples():
    """Source: "Losing Health at End of Turn". Rick in Sector 3 with 2 Walkers loses 1;
    Daryl inside the Location with 2 Walkers loses 2."""
    state = table(["rick", "daryl"], walkers={3: 2, 0: 2}, spaces=[3, 0], health=[10, 10])
    state.deck.insert(0, state.deck.pop(state.deck.index("knife")))
    play(state, "pass")
    assert state.survivors[0].health == 9
    assert state.current == 1
    play(state, "pass")
    assert state.survivors[1].health == 8


def test_katana_seven_fives_with_no_walker_in_sector_5():
    """Source: "Specific Card Clarifications" (Katana). Seven 5s with no Walker in Sector 5:
    zero hits, the attack fails and the Katana is discarded."""
    state = table(["rick", "daryl"], walkers={4: 1}, spaces=[4, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[5] * 7)
    play(state, "combat", "katana")
    assert state.survivors[0].points == 0
    assert "katana" in state.discard


def test_katana_seven_fives_with_one_walker_keeps_it():
    """Source: "Specific Card Clarifications" (Katana). With 1 Walker in Sector 5: 7 hits,
    1 kill, 1 point, and the Katana is kept (4+ hits)."""
    state = table(["rick", "daryl"], walkers={5: 1}, spaces=[4, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[5] * 7)
    play(state, "combat", "katana")
    assert state.survivors[0].points == 1
    assert state.walkers[5] == 0
    assert state.survivors[0].weapons == ["katana"]
    assert state.survivors[0].space == 5  # Melee: moved into the targeted Sector


def _knife_table():
    state = table(
        ["rick", "daryl", "michonne"],
        walkers={1: 1, 2: 1, 4: 1, 0: 1},
        spaces=[0, 0, 4],
        weapons={0: ["knife"]},
    )
    state.rng.force(roll=[1, 2, 4, 4])
    play(state, "combat", "knife")
    return state


def test_knife_example_targets():
    """Source: "Knife Example". From the Location, the roll allows Walkers in 1, 2, 4 or
    the Location, or either fellow Survivor."""
    state = _knife_table()
    assert kinds(state) == [("target", t) for t in (1, 2, 4, 0, 11, 12)]


def test_knife_against_survivor_in_sector_4():
    """Source: "Knife Example". Moving into Sector 4, the two 4s cost Michonne 2 Health;
    the Knife is discarded for attacking a fellow Survivor."""
    state = _knife_table()
    play(state, "target", 12)
    assert state.survivors[0].space == 4
    play(state, "hold")
    assert state.survivors[2].health == 10 - 2
    assert "knife" in state.discard


def test_knife_against_survivor_in_the_location():
    """Source: "Knife Example". Staying inside, the straight 1-2 costs Daryl 2 Health."""
    state = _knife_table()
    play(state, "target", 11)
    assert state.survivors[0].space == 0
    play(state, "hold")
    assert state.survivors[1].health == 8


def test_knife_without_hits_is_kept():
    """Source: "Specific Card Clarifications" (Knife). No hits: the Knife is kept."""
    state = table(["rick", "daryl"], walkers={3: 1}, spaces=[2, 5], weapons={0: ["knife"]})
    state.rng.force(roll=[5, 5, 6, 6])
    play(state, "combat", "knife")
    assert state.survivors[0].weapons == ["knife"]


def test_escape_through_an_occupied_sector():
    """Source: "Escaping From a Location" example. Daryl clears Sector 6 and escapes first,
    scoring 2 (2 players); Rick in Sector 2 goes through Sector 1 (Walkers: -1 Health),
    then the empty Sector 6, and scores nothing for escaping."""
    state = table(
        ["daryl", "rick"], walkers={6: 1, 1: 2}, spaces=[6, 2], locations=1, health=[6, 6]
    )
    state.escape_sector = 6
    state.rng.force(roll=[6, 3, 3])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert phase(state) == OVER
    daryl, rick = state.survivors
    assert daryl.points == 1 + 2
    assert rick.points == 0 and rick.health == 5 and rick.escaped
    outcome = game.outcome(state)
    assert outcome.winners == (0,)


def test_michonne_katana_seven_dice_three_hits_rerolls_one_miss():
    """Source: "Specific Card Clarifications" (Michonne). With the Katana she rolls 7
    Combat Dice and gets 3 hits (three 4s, Walkers in Sector 4); she re-rolls one of the
    misses at once, and only then chooses a target: the re-rolled 1 shows a 4, so Sector 4
    takes 4 hits (Sector 5 was the other choice), and the Katana is kept (4+ hits)."""
    state = table(
        ["michonne", "rick"], walkers={4: 5, 5: 1}, spaces=[4, 0], weapons={0: ["katana"]}
    )
    state.deck.insert(0, state.deck.pop(state.deck.index("knife")))  # Rick's next draw
    state.rng.force(roll=[4, 4, 4, 5, 1, 1, 2])
    play(state, "combat", "katana")
    c = state.combat
    assert len(c.roll) == 7 and c.roll.count(4) == 3
    assert phase(state) == MICHONNE and c.target == -1  # no target before her re-roll
    assert ("reroll-die", 1) in kinds(state)
    state.rng.force(roll=[4])
    play(state, "reroll-die", 1)
    assert sorted(state.combat.roll) == [1, 2, 4, 4, 4, 4, 5]
    assert phase(state) == TARGET and kinds(state) == [("target", 4), ("target", 5)]
    play(state, "target", 4)
    assert state.combat.saved == [4, 4, 4, 4] and state.combat.misses == 3
    play(state, "hold")
    assert state.walkers[4] == 1 and state.survivors[0].points == 4
    assert state.survivors[0].weapons == ["katana"]


def test_first_escape_scores_the_number_of_players_three_players():
    """Source: "Object of the Game": in a 3-player game the first Survivor to escape
    collects 3 points; the Survivors who follow score nothing for escaping."""
    state = table(
        ["daryl", "rick", "carl"], walkers={6: 1}, spaces=[6, 0, 0], locations=1, health=[6] * 3
    )
    state.escape_sector = 6
    state.rng.force(roll=[6, 2, 2])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert phase(state) == OVER
    daryl, rick, carl = state.survivors
    assert daryl.points == 1 + 3  # one kill, then the first escape in a 3-player game
    assert rick.points == 0 and carl.points == 0
    assert rick.escaped and carl.escaped
