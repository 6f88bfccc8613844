"""The log and option labels a new player reads: every draw named, reasons given, plurals.

Source: Don't Look Back rulebook, sections named in each test.
"""

from zedlab.core import make_config
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.steps import NewLocation

from .helpers import begin_turn, log, play, run_step, table


def test_every_search_card_drawn_is_logged_before_its_effect():
    """Source: "Taking Your Turn" (step 1): a non-Weapon card is drawn, then resolved."""
    state = table(["rick", "daryl"], walkers={2: 1}, spaces=[3, 0])
    for card, effect in [
        ("more-walkers", "More Walkers:"),
        ("escape-route", "The Escape Route token goes to Sector"),
        ("handgun", "Rick keeps the Handgun face up"),
    ]:
        state.deck.remove(card)
        state.deck.insert(0, card)
        state.events.clear()
        begin_turn(state, 0)
        assert log(state)[0] == f"Rick draws {game_card_name(card)}.", log(state)
        assert log(state)[1].startswith(effect), log(state)


def game_card_name(card: str) -> str:
    from zedlab.games.dont_look_back.content import default_content

    return default_content().card_name(card)


def test_flashbang_with_no_walkers_says_so_after_the_draw():
    """Source: "Specific Card Clarifications" (Flashbang Grenade)."""
    state = table(["rick", "daryl"], spaces=[3, 0])
    state.deck.remove("flashbang-grenade")
    state.deck.insert(0, "flashbang-grenade")
    begin_turn(state, 0)
    assert log(state) == [
        "Rick draws Flashbang Grenade.",
        "No Walkers on the board for the Flashbang Grenade to move.",
    ]


def test_melee_move_is_explained_and_counts_agree():
    """Source: "Melee Weapons": after saving, the Survivor must move into the targeted
    space; one hit / one miss / one point read in the singular."""
    state = table(["rick", "daryl"], walkers={4: 3}, spaces=[3, 0], weapons={0: ["knife"]})
    state.rng.force(roll=[4, 1, 2, 2])
    play(state, "combat", "knife")
    assert (
        "Target Sector 4 (the only target the dice allow): 1 hit saved (the die showing 4,"
        " Sector 4's number), 3 misses." in log(state)
    )
    assert (
        "Rick moves into Sector 4: a Melee attack must move into the targeted space." in log(state)
    )
    play(state, "hold")
    assert "Rick holds: 1 hit, kills 1 (+1 point)." in log(state)


def test_overload_of_one_walker_is_singular_and_says_why():
    """Source: "Locations" (Sector Overload): the excess Walkers break in; the line gives
    the Sector's count and the rating it passed."""
    state = table(["rick", "daryl"], walkers={2: 6}, spaces=[3, 0])  # The Farm: overload 5
    play(state, "pass")
    assert "Sector 2 overloads: 1 Walker breaks into the Location (6 Walkers, Sector Overload 5)." in log(state)


def test_survivor_options_show_ability_and_improvised_weapon():
    """Source: "Game Set-Up" (each player chooses a Survivor) and "Your Survivor Card"."""
    state = game.new(make_config(game, {"players": 2}), 1)
    labels = [a.label for a in game.decision(state).options]
    daryl = next(label for label in labels if "Daryl" in label)
    assert daryl.startswith("Play Daryl Dixon - Tracker:")
    assert "Improvised: Crossbow (3 dice, Ranged)" in daryl


def test_next_location_logs_why_the_chooser_chooses():
    """Source: "Proceeding to the Next Location": the fewest points chooses; on a tie the
    tied Survivor with the lowest Combat Dice Weapon (ruling 15)."""
    state = table(["michonne", "rick", "carl"], spaces=[0, 0, 0])
    for s, pts in zip(state.survivors, (2, 5, 7), strict=True):
        s.points = pts
    state.first_escaper = 1
    run_step(state, NewLocation())
    assert game.decision(state).player == 0
    assert "Michonne has the fewest points (2 points) and chooses who goes first." in log(state)
    play(state, "first-player", 0)
    assert "Michonne chooses to go first." in log(state)

    state = table(["michonne", "rick", "carl"], spaces=[0, 0, 0], weapons={0: ["katana"]})
    for s in state.survivors:
        s.points = 3
    state.first_escaper = 0
    run_step(state, NewLocation())
    assert game.decision(state).player == 2  # Carl's Slingshot rolls 2 dice, the fewest
    assert any(
        line.startswith("Michonne, Rick and Carl tie on 3 points; Carl, whose strongest")
        for line in log(state)
    ), log(state)


def test_set_up_logs_that_the_high_roller_chooses():
    """Source: "Game Set-Up": each player rolls 2 dice, the high roller chooses who goes
    first."""
    state = game.new(make_config(game, {"players": 2, "survivors": ["rick", "daryl"]}), 1)
    chooser = state.survivors[game.decision(state).player]
    assert f"{chooser.id.capitalize()} rolled highest and chooses who goes first." in log(state)


def test_rick_handgun_example_says_which_dice_hit_and_why_the_target():
    """Source: "Example of Killing Walkers in a Sector". Rick in Sector 2 rolls 6 6 2 3 3 3:
    Sector 3 is the only target the dice allow; the three 3s are its hits."""
    state = table(
        ["rick", "daryl"], walkers={3: 4, 6: 2, 1: 1}, spaces=[2, 0], weapons={0: ["handgun"]}
    )
    state.rng.force(roll=[6, 6, 2, 3, 3, 3])
    play(state, "combat", "handgun")
    assert log(state)[-1] == (
        "Target Sector 3 (the only target the dice allow): 3 hits saved (the dice showing 3,"
        " Sector 3's number), 3 misses."
    )


def test_daryl_straight_example_names_the_straight():
    """Source: "Example of Killing Walkers Inside the Location": only 2 and 3 run in
    sequence, so 2 hits."""
    state = table(["daryl", "rick"], walkers={0: 3}, spaces=[0, 4], weapons={0: ["handgun"]})
    state.rng.force(roll=[2, 3, 5, 5, 2, 3])
    play(state, "combat", "handgun")
    assert "the Location (the only target the dice allow): 2 hits saved (the straight 2-3" in (
        log(state)[-1]
    )


def _lone_three():
    state = table(["rick", "daryl"], walkers={3: 3, 1: 1}, spaces=[2, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 4, 4, 5, 6, 6])
    play(state, "combat", "handgun")
    play(state, "combat-move", False)
    state.events.clear()
    return state


def test_failed_reroll_says_what_it_needed_and_why_the_handgun_goes():
    """Source: "Re-Rolling Dice" (Rick re-rolls his 5 misses and rolls no 3: the hit is
    lost, the Handgun discarded) and the Handgun's card (one use)."""
    state = _lone_three()
    state.rng.force(roll=[1, 4, 5, 6, 6])
    play(state, "reroll")
    assert log(state)[:2] == [
        "Re-roll 1 4 5 6 6: no new hit (needed a 3), the attack fails and the saved hits are lost.",
        "Rick discards the Handgun (a one-use Weapon).",
    ]


def test_good_reroll_names_the_new_hits():
    """Source: "Re-Rolling Dice": two more 3s make 3 hits."""
    state = _lone_three()
    state.rng.force(roll=[3, 3, 4, 5, 6])
    play(state, "reroll")
    assert log(state) == ["Re-roll 3 3 4 5 6: +2 hits (3 3 on Sector 3), 3 in all."]


def test_straight_reroll_names_the_faces_it_needed():
    """Source: "Saving Dice" and "Re-Rolling Dice": inside the Location only dice that
    extend the saved straight add hits."""
    state = table(["daryl", "rick"], walkers={0: 5}, spaces=[0, 4], weapons={0: ["handgun"]})
    state.rng.force(roll=[2, 3, 6, 6, 6, 6])
    play(state, "combat", "handgun")
    state.events.clear()
    state.rng.force(roll=[1, 1, 5, 6])
    play(state, "reroll")
    assert log(state)[0] == "Re-roll 1 1 5 6: +1 hit (straight now 1-2-3), 3 in all."
    state.events.clear()
    state.rng.force(roll=[1, 1, 5])
    play(state, "reroll")
    assert log(state)[0] == (
        "Re-roll 1 1 5: no new hit (needed a 4 to extend the straight 1-2-3), the attack fails"
        " and the saved hits are lost."
    )


def test_no_target_says_where_the_walkers_were():
    """Source: "Choosing a Target": a Sector is a target only if a die shows its number and
    Walkers are there; the Knife's miss keeps it (Specific Card Clarifications)."""
    state = table(["rick", "daryl"], walkers={3: 1, 1: 2}, spaces=[2, 5], weapons={0: ["knife"]})
    state.rng.force(roll=[5, 5, 6, 6])
    play(state, "combat", "knife")
    assert log(state)[1] == (
        "No legal target: the Walkers within reach are in Sector 1 and Sector 3, and no die"
        " shows 1 or 3: the attack fails."
    )


def test_katana_discard_says_it_needed_four_hits_and_hold_says_why_fewer_kills():
    """Source: "Specific Card Clarifications" (Katana): kept only with 4 or more hits;
    "Combat": hits beyond the Walkers present kill nothing."""
    state = table(["rick", "daryl"], walkers={5: 1}, spaces=[4, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[5, 5, 1, 1, 2, 2, 2])
    play(state, "combat", "katana")
    play(state, "hold")
    assert log(state)[:2] == [
        "Rick holds: 2 hits, kills 1, the only Walker in Sector 5 (+1 point).",
        "Rick discards the Katana (2 hits; it stays only with 4 or more).",
    ]


def test_knife_against_a_survivor_says_why_it_is_discarded():
    """Source: "Knife Example": a die saved against a fellow Survivor discards the Knife."""
    state = table(
        ["rick", "daryl", "michonne"],
        walkers={1: 1, 2: 1, 4: 1, 0: 1},
        spaces=[0, 0, 4],
        weapons={0: ["knife"]},
    )
    state.rng.force(roll=[1, 2, 4, 4])
    play(state, "combat", "knife")
    play(state, "target", 12)
    play(state, "hold")
    assert "Rick discards the Knife (a die was saved against a fellow Survivor)." in log(state)
