"""Rule tests for Don't Look Back beyond the rulebook's worked examples."""

import pytest

from zedlab.core import ConfigError, IllegalAction, Match
from zedlab.games.dont_look_back import Config, game
from zedlab.games.dont_look_back.combat import best_straight, extend_straight
from zedlab.games.dont_look_back.common import die, place_starting_walkers

from .helpers import (
    ACTION,
    CARL_PICK,
    FLASH_FROM,
    FLASH_TO,
    HOLD_OR_REROLL,
    KEEP_WEAPON,
    LOOTING,
    MICHONNE,
    NEXT_FIRST,
    OVER,
    OVERRUN_MOVE,
    SETUP_FIRST,
    SETUP_SURVIVOR,
    TARGET,
    begin_turn,
    kinds,
    phase,
    play,
    set_turn,
    table,
)


@pytest.mark.parametrize(("locations", "health"), [(1, 6), (2, 10), (3, 14), (4, 14)])
def test_starting_health_table(locations, health):
    """Source: "Game Set-Up" (starting Health by number of Locations)."""
    state = game.new(Config(players=2, locations=locations, survivors=("rick", "carl")), 1)
    assert [s.health for s in state.survivors] == [health, health]


@pytest.mark.parametrize(("location", "empty"), [("the-farm", (1, 3, 5)), ("the-camp", (2, 4, 6))])
def test_farm_and_camp_place_walkers_on_even_and_odd_sectors(location, empty):
    """Source: "Game Set-Up": The Farm even Sectors only, The Camp odd Sectors only."""
    state = table(["rick", "daryl"], location=location)
    state.rng.force(roll=[4, 4, 4, 4, 4, 4])
    place_starting_walkers(state)
    assert all(state.walkers[s] == 0 for s in empty)
    assert sum(state.walkers) == 12


def test_set_up_players_choose_survivors_then_high_roller_picks_first():
    """Source: "Game Set-Up": each player chooses a Survivor; the high roller (2 dice)
    chooses who goes first."""
    state = game.new(Config(players=2), 3)
    assert phase(state) == SETUP_SURVIVOR
    assert len(kinds(state)) == 4
    state.location = "the-store"  # Walkers in all six Sectors: six rolls first
    state.rng.force(roll=[1, 1, 1, 1, 1, 1, 6, 6, 1, 2])  # Walkers; seat 0: 12; seat 1: 3
    play(state, "survivor", "michonne")
    # the last player has no choice left only when one Survivor remains; here 3 remain
    play(state, "survivor", "carl")
    assert [s.id for s in state.survivors] == ["michonne", "carl"]
    assert phase(state) == SETUP_FIRST
    assert game.decision(state).player == 0  # rolled 12 against 3
    play(state, "first-player", 1)
    assert state.current == 1 and phase(state) in (ACTION, CARL_PICK)


def test_config_errors():
    with pytest.raises(ConfigError):
        Match.new(game, {"players": 5})
    with pytest.raises(ConfigError):
        Match.new(game, {"players": 2, "survivors": ["rick", "rick"]})
    with pytest.raises(ConfigError):
        Match.new(game, {"players": 2, "survivors": ["rick", "glenn"]})
    with pytest.raises(ConfigError):
        Match.new(game, {"players": 2, "escape_check": "never"})


def test_move_options_from_location_and_sector():
    """Source: "Move": from the Location to any Sector; from a Sector to its neighbours or
    the Location. Combat needs Walkers within reach."""
    state = table(["rick", "daryl"], spaces=[0, 1])
    assert kinds(state) == [("pass", None)] + [("move", s) for s in range(1, 7)]
    set_turn(state, 1)
    assert kinds(state) == [("pass", None), ("move", 6), ("move", 2), ("move", 0)]
    state.walkers[1] = 1
    assert ("combat", "improvised") in kinds(state)


def test_illegal_action_leaves_state_unchanged():
    state = table(["rick", "daryl"], spaces=[0, 1])
    before = game.encode(state)
    with pytest.raises(IllegalAction, match="not legal"):
        play(state, "move", 9)
    assert game.encode(state) == before


def test_no_combat_into_location_from_a_sector_without_rifle():
    """Source: "Combat": from a Sector, not the central Location (Rifle excepted)."""
    state = table(
        ["rick", "daryl"], walkers={0: 3}, spaces=[1, 0], weapons={0: ["handgun", "rifle"]}
    )
    assert ("combat", "handgun") not in kinds(state)
    assert ("combat", "rifle") in kinds(state)


def test_rifle_from_a_sector_into_the_location_may_move_in():
    """Source: "Specific Card Clarifications" (Rifle)."""
    state = table(["rick", "daryl"], walkers={0: 3}, spaces=[1, 4], weapons={0: ["rifle"]})
    state.rng.force(roll=[4, 5, 6, 6, 6])
    play(state, "combat", "rifle")
    assert state.combat.saved == [4, 5, 6]
    play(state, "combat-move", True)
    assert state.survivors[0].space == 0
    play(state, "hold")
    assert state.walkers[0] == 0 and state.survivors[0].points == 3
    assert "rifle" in state.discard


def test_handgun_free_reroll_of_a_hitless_first_roll():
    """Source: "Specific Card Clarifications" (Handgun): only the initial roll."""
    state = table(["rick", "daryl"], walkers={3: 2}, spaces=[2, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[5, 5, 5, 6, 6, 6, 3, 5, 5, 5, 5, 5])
    play(state, "combat", "handgun")
    play(state, "combat-move", False)
    assert state.combat.saved == [3] and phase(state) == HOLD_OR_REROLL
    state.rng.force(roll=[1, 1, 1, 1, 1])
    play(state, "reroll")  # a later hitless roll is not saved by the Handgun
    assert state.survivors[0].points == 0 and state.combat is None


def test_other_weapons_have_no_free_reroll():
    state = table(["rick", "daryl"], walkers={3: 2}, spaces=[2, 0], weapons={0: ["rifle"]})
    state.rng.force(roll=[5, 5, 5, 6, 6])
    play(state, "combat", "rifle")
    assert state.combat is None and "rifle" in state.discard


def test_melee_must_move_into_target():
    """Source: "Melee Weapons"."""
    state = table(["rick", "daryl"], walkers={3: 2}, spaces=[2, 0], weapons={0: ["katana"]})
    state.rng.force(roll=[3, 1, 1, 1, 1, 1, 1])
    play(state, "combat", "katana")
    assert state.survivors[0].space == 3
    assert phase(state) == HOLD_OR_REROLL


def test_improvised_weapon_hits_only_walkers_in_your_own_space():
    """Source: "Your Survivor Card": the Improvised Weapon is an attack against Walkers in
    your space. From Sector 2 with Walkers only in Sector 3 it is no option; from the
    Location with Walkers only in the Sectors neither; Walkers in your own space allow it."""
    state = table(["rick", "daryl"], walkers={3: 2, 5: 1}, spaces=[2, 0])
    assert ("combat", "improvised") not in kinds(state)
    set_turn(state, 1)
    assert ("combat", "improvised") not in kinds(state)
    state.walkers[0] = 1
    assert ("combat", "improvised") in kinds(state)
    state.rng.force(roll=[3, 5, 5])  # Daryl's Crossbow: the 3 and 5s land nowhere it reaches
    play(state, "combat", "improvised")
    assert state.combat is None or state.combat.target == 0
    assert state.walkers[3] == 2 and state.walkers[5] == 1


def test_improvised_reach_option_follows_the_weapon_kind():
    """Ruling 22: ``improvised_reach="reach"`` lets the Improvised Weapon hit like any
    Weapon of its kind (adjacent Sectors too)."""
    state = game.new(Config(players=2, survivors=("rick", "daryl"), improvised_reach="reach"), 7)
    state.walkers = [0, 0, 0, 2, 0, 0, 0]
    state.survivors[0].space = 2
    set_turn(state, 0)
    assert ("combat", "improvised") in kinds(state)
    with pytest.raises(ConfigError):
        Match.new(game, {"players": 2, "improvised_reach": "anywhere"})


def test_knife_cannot_fight_when_only_a_survivor_is_in_reach():
    """Source: "Combat": with no Walker in a space you can hit there is no Combat, even
    with the Knife (its clarification: roll first, then see where the dice land)."""
    state = table(["rick", "daryl"], spaces=[0, 0], weapons={0: ["knife"]})
    assert not any(kind == "combat" for kind, _ in kinds(state))
    state.walkers[4] = 1
    assert ("combat", "knife") in kinds(state)


def test_knife_lone_survivor_target_may_be_declined():
    """Source: "Specific Card Clarifications" (Knife): a fellow Survivor in a legal target
    space *may* be attacked; only Walker targets oblige. Declining fails the attack with no
    die saved, so the Knife is kept and nobody loses Health."""
    state = table(["rick", "daryl"], walkers={4: 1}, spaces=[0, 2], weapons={0: ["knife"]})
    state.rng.force(roll=[2, 2, 6, 6])  # the 2s land on Daryl in Sector 2; no Walker hit
    play(state, "combat", "knife")
    assert phase(state) == TARGET
    assert kinds(state) == [("target", 11), ("target", -1)]
    play(state, "target", -1)
    assert state.combat is None
    assert state.survivors[1].health == 10
    assert state.survivors[0].weapons == ["knife"]


def test_knife_with_a_walker_target_must_choose_a_target():
    """Source: "Choosing a Target": you cannot choose to fail when Walkers can be hit."""
    state = table(["rick", "daryl"], walkers={2: 1}, spaces=[0, 2], weapons={0: ["knife"]})
    state.rng.force(roll=[2, 2, 6, 6])
    play(state, "combat", "knife")
    assert kinds(state) == [("target", 2), ("target", 11)]


def test_location_reroll_extends_the_straight():
    """Source: "Taking Risks": adding to a straight inside the Location."""
    state = table(["daryl", "rick"], walkers={0: 6}, spaces=[0, 3], weapons={0: ["handgun"]})
    state.rng.force(
        roll=[2, 3, 3, 3, 3, 3],
    )
    play(state, "combat", "handgun")
    state.rng.force(roll=[1, 4, 5, 5])
    play(state, "reroll")
    assert state.combat.saved == [1, 2, 3, 4, 5] and state.combat.misses == 1


def test_straight_helpers():
    assert best_straight([6]) == [6]
    assert best_straight([1, 2, 4, 5]) == [1, 2]
    assert best_straight([1, 2, 3, 4, 5, 6]) == [1, 2, 3, 4, 5, 6]
    assert extend_straight([3], [3, 3]) == []


def test_michonne_rerolls_one_die_before_targeting():
    """Source: "Specific Card Clarifications" (Michonne)."""
    state = table(["michonne", "rick"], walkers={4: 2}, spaces=[4, 0])
    state.rng.force(roll=[4, 6, 6])
    play(state, "combat", "improvised")
    assert phase(state) == MICHONNE
    assert kinds(state) == [("reroll-die", 0), ("reroll-die", 4), ("reroll-die", 6)]
    state.rng.force(roll=[4])
    play(state, "reroll-die", 6)
    assert state.combat.saved == [4, 4]


def test_shotgun_adds_a_walker_and_blocks_the_escape():
    """Source: "Specific Card Clarifications" (Shotgun)."""
    state = table(["rick", "daryl"], walkers={5: 2}, spaces=[5, 0], weapons={0: ["shotgun"]})
    state.escape_sector = 5
    state.rng.force(roll=[5, 5, 1, 1, 1, 1, 1, 1])
    play(state, "combat", "shotgun")
    play(state, "hold")
    assert state.walkers[5] == 1
    assert not state.survivors[0].escaped
    assert state.survivors[0].health == 9  # the noisy Walker bites at End of Turn


def test_sector_overload_and_location_damage_hit_only_the_acting_survivor():
    """Source: "End of Turn" and "Losing Health at End of Turn"."""
    state = table(["rick", "daryl"], location="the-store", walkers={1: 5}, spaces=[0, 0])
    state.deck.insert(0, state.deck.pop(state.deck.index("knife")))
    play(state, "pass")
    assert state.walkers[1] == 3 and state.walkers[0] == 2
    assert state.survivors[0].health == 8 and state.survivors[1].health == 10


def test_prison_caps_location_damage():
    state = table(["rick", "daryl"], location="the-prison", walkers={0: 5}, spaces=[0, 3])
    play(state, "pass")
    assert state.survivors[0].health == 7


def test_daryl_tracker_spares_him_after_a_kill():
    state = table(["daryl", "rick"], walkers={2: 3}, spaces=[2, 0])
    state.rng.force(roll=[2, 5, 5])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert state.survivors[0].health == 10 and state.walkers[2] == 2


def test_death_discards_cards_and_the_player_still_scores():
    """Source: "Your Health"."""
    state = table(
        ["rick", "daryl"], walkers={0: 4}, spaces=[0, 3], health=[2, 5], weapons={0: ["knife"]}
    )
    state.survivors[0].points = 7
    play(state, "pass")
    rick = state.survivors[0]
    assert not rick.alive and rick.space == -1 and rick.weapons == [] and "knife" in state.discard
    assert rick.points == 7 and state.current == 1


def test_all_dead_ends_the_game_and_ties_share():
    state = table(["rick", "daryl"], walkers={0: 4}, spaces=[0, 3], health=[1, 0])
    state.survivors[1].alive = False
    state.survivors[1].space = -1
    state.survivors[1].points = 0
    play(state, "pass")
    assert phase(state) == OVER
    assert game.outcome(state).winners == (0, 1)


def test_carl_draws_two_once_per_location():
    """Source: "Specific Card Clarifications" (Carl)."""
    state = table(["carl", "rick"], spaces=[0, 0])
    state.survivors[0].ability_used = False
    state.deck.remove("rifle")
    state.deck.remove("looting")
    state.deck[:0] = ["rifle", "looting"]
    begin_turn(state, 0)
    assert phase(state) == CARL_PICK
    assert kinds(state) == [("pick-card", "rifle"), ("pick-card", "looting")]
    play(state, "pick-card", "rifle")
    assert state.survivors[0].weapons == ["rifle"] and "looting" in state.deck
    assert game.invariants(state) == []
    play(state, "pass")
    play(state, "pass")
    assert phase(state) == ACTION and state.current == 0  # second draw: just one card


def test_looting_takes_a_weapon_from_another_survivor():
    state = table(["rick", "daryl"], spaces=[0, 0], weapons={1: ["katana", "knife"]})
    state.deck.insert(0, state.deck.pop(state.deck.index("looting")))
    begin_turn(state, 0)
    assert phase(state) == LOOTING
    play(state, "loot", (1, "katana"))
    assert state.survivors[0].weapons == ["katana"] and state.survivors[1].weapons == ["knife"]


def test_solo_looting_takes_a_random_weapon_from_the_discard_pile():
    """Source: "Specific Card Clarifications" (Looting, solo)."""
    state = table(["rick"], spaces=[0])
    state.deck.remove("shotgun")
    state.discard.append("shotgun")
    state.deck.insert(0, state.deck.pop(state.deck.index("looting")))
    begin_turn(state, 0)
    assert state.survivors[0].weapons == ["shotgun"] and phase(state) == ACTION


def test_flashbang_moves_walkers_between_chosen_spaces():
    """Source: "Specific Card Clarifications" (Flashbang Grenade)."""
    state = table(["rick", "daryl"], walkers={1: 2, 4: 1}, spaces=[0, 0])
    state.deck.insert(0, state.deck.pop(state.deck.index("flashbang-grenade")))
    begin_turn(state, 0)
    assert phase(state) == FLASH_FROM
    play(state, "flash-from", 1)
    assert phase(state) == FLASH_TO
    play(state, "flash-to", 2)
    play(state, "flash-from", 4)
    play(state, "flash-to", 0)
    play(state, "flash-from", None)
    assert state.walkers[:5] == [1, 1, 1, 0, 0] and phase(state) == ACTION


def test_escape_route_card_places_the_token():
    state = table(["rick", "daryl"], spaces=[0, 0])
    state.deck.insert(0, state.deck.pop(state.deck.index("escape-route")))
    state.rng.force(roll=[4])
    begin_turn(state, 0)
    assert state.escape_sector == 4 and "escape-route" in state.discard


def test_overrun_when_the_search_deck_runs_out():
    """Source: "Running Out of Search Cards"."""
    state = table(["rick", "daryl", "carl"], walkers={0: 2, 3: 1}, spaces=[0, 2, 0])
    state.discard.extend(state.deck)
    state.deck = []
    begin_turn(state, 2)
    assert phase(state) == OVERRUN_MOVE
    assert game.decision(state).player == 2  # clockwise from the current player
    play(state, "overrun-move", 5)
    assert game.decision(state).player == 0
    play(state, "overrun-move", 1)
    assert state.overrun and state.walkers == [0, 3, 3, 4, 3, 3, 3]
    assert state.current == 2 and phase(state) == ACTION
    assert ("move", 0) not in kinds(state)
    state.walkers[5] = 9
    play(state, "pass")  # no overload any more
    assert state.walkers[5] == 9 and state.walkers[0] == 0
    assert phase(state) == ACTION and state.current == 0  # no draw


def test_next_location_keep_one_weapon_and_fewest_points_chooses():
    """Source: "Proceeding to the Next Location"."""
    state = table(
        ["daryl", "rick", "carl"],
        walkers={6: 1},
        spaces=[6, 0, 3],
        weapons={0: ["handgun", "katana"], 1: ["knife", "rifle", "shotgun"], 2: ["rifle"]},
    )
    state.survivors[1].points = 2
    state.survivors[2].points = 2
    state.escape_sector = 6
    state.rng.force(roll=[6, 1, 1])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert phase(state) == KEEP_WEAPON and game.decision(state).player == 0
    play(state, "keep-weapon", "katana")
    assert game.decision(state).player == 1  # Rick keeps two
    play(state, "keep-weapon", "shotgun")
    play(state, "keep-weapon", "knife")
    assert state.survivors[1].weapons == ["shotgun", "knife"]
    assert state.survivors[0].weapons == ["katana"]
    assert state.locations_done == 1 and state.location != "the-farm"
    assert all(s.space == 0 and not s.escaped for s in state.survivors)
    assert len(state.deck) == 24 - 4 and state.discard == []
    # Rick and Carl tie on 2 points; Carl's strongest Weapon (Rifle, 5) < Rick's (Shotgun, 8)
    assert phase(state) == NEXT_FIRST and game.decision(state).player == 2
    assert game.invariants(state) == []


def test_escape_check_any_action_lets_a_move_escape():
    """Ruling 10: by default, ending an Action in the empty Escape Route Sector escapes;
    with ``escape_check="combat"`` only a successful Combat does."""
    state = table(["rick", "daryl"], walkers={1: 2}, spaces=[1, 0], locations=1)
    state.escape_check = "combat"
    state.escape_sector = 2
    set_turn(state, 1)
    play(state, "move", 2)
    assert not state.survivors[1].escaped
    state = table(["rick", "daryl"], walkers={1: 2}, spaces=[1, 0], locations=1)
    state.escape_check = "any-action"
    state.escape_sector = 2
    set_turn(state, 1)
    play(state, "move", 2)
    assert phase(state) == OVER and state.survivors[1].points == 2


def test_combat_escape_check_cannot_deadlock_on_an_empty_board():
    """Ruling 10: with no Walker left anywhere, standing in the Escape Route Sector is enough."""
    state = table(["rick", "daryl"], spaces=[1, 0], locations=1)
    state.escape_check = "combat"
    state.overrun = True
    state.escape_sector = 2
    play(state, "move", 2)
    assert phase(state) == OVER and state.survivors[0].points == 2


def test_keep_weapon_help_and_prompt_allow_two_for_rick():
    """Source: "Proceeding to the Next Location" (keep one Weapon card) and Rick's
    designed Leader ability (keeps two): the help for the decision does not say one
    Weapon only, and Rick's prompt counts his two picks."""
    section, summary = game.rules_reference(KEEP_WEAPON)
    assert section == "Proceeding to the Next Location"
    assert "two" in summary and "Rick" in summary
    state = table(
        ["daryl", "rick"],
        walkers={6: 1},
        spaces=[6, 0],
        weapons={1: ["knife", "rifle", "shotgun"]},
    )
    state.escape_sector = 6
    state.rng.force(roll=[6, 1, 1])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert game.decision(state).player == 1
    assert "1 of 2" in game.decision(state).prompt
    play(state, "keep-weapon", "shotgun")
    assert "2 of 2" in game.decision(state).prompt


def test_a_solo_game_whose_survivor_dies_has_no_winner():
    """Source: "Object of the Game", "Scoring and End of Game"; ruling 27: alone, a dead
    Survivor outscores nobody, so the game ends with his points and no winner."""
    state = table(["rick"], walkers={3: 4}, spaces=[3], health=[1])
    state.survivors[0].points = 11
    die(state, 0)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == (11.0,) and outcome.winners == ()


def test_with_two_players_the_dead_still_win_on_points():
    """Source: "Your Health" (dead or alive, the most points wins); ruling 16."""
    state = table(["rick", "daryl"], walkers={3: 4}, spaces=[3, 3], health=[1, 1])
    state.survivors[0].points, state.survivors[1].points = 5, 2
    die(state, 0)
    die(state, 1)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)


def test_a_target_option_says_how_many_dice_it_saves():
    """Source: "Choosing a Target", "Saving Dice": a Sector saves the dice showing its
    number, the Location the longest straight; the option's label says how many, and how
    many Walkers stand there."""
    from zedlab.games.dont_look_back.combat import target_hits
    from zedlab.games.dont_look_back.common import LOCATION

    assert target_hits([3, 3, 5, 1], 3) == 2
    assert target_hits([3, 3, 5, 1], 4) == 0
    assert target_hits([1, 2, 3, 5], LOCATION) == 3
    import random

    import zedlab

    for seed in range(1, 60):
        match, pick = zedlab.make("dont-look-back", seed=seed, players=2), random.Random(seed)
        while not match.over:
            d = match.decision
            if d.kind == "choose-target":
                labels = [o.label for o in d.options if o.kind == "target"]
                assert all(" hit" in lab for lab in labels), labels
                assert any("Walker" in lab and "there)" in lab for lab in labels), labels
                return
            match.play(pick.choice(d.options))
    raise AssertionError("no game of 59 seeds asked for a target")
