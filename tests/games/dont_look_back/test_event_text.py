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
    assert "Target Sector 4: 1 hit saved, 3 misses." in log(state)
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
