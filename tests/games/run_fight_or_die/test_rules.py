"""Rules of Run, Fight, or Die!: set-up, the turn, actions, cards, Zombies, Mutant, the end.

Each test names the rulebook section it checks (Run, Fight, or Die! rulebook).
"""

import pytest

from zedlab.core import Action, ConfigError, IllegalAction
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.scoring import victory_points, winners
from zedlab.games.run_fight_or_die.turn import hunt_size

from .helpers import (
    B,
    G,
    K,
    R,
    S,
    Z,
    act,
    at_actions,
    decide,
    give_follower,
    give_loot,
    kind,
    new,
    options,
    stack_deck,
    turn_step,
)

# -- set-up ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_places_2_3_4_zombies(players):
    """Source: "Set Up the Zombies": 2 in Zone 1, 3 in Zone 2, 4 in Zone 3."""
    s = game.new(game.Config(players=players), 1)
    for p in s.players:
        assert p.zones == [2, 3, 4] or s.turn == 1 and p is s.players[s.current]
    assert all(p.zones == [2, 3, 4] for i, p in enumerate(s.players) if i != s.current)
    assert len({p.character for p in s.players}) == players


def test_bad_characters_are_refused():
    with pytest.raises(ConfigError, match="unknown character"):
        game.new(game.Config(players=2, characters=("athlete", "zorro")), 1)
    with pytest.raises(ConfigError, match="only once"):
        game.new(game.Config(players=2, characters=("athlete", "athlete")), 1)
    with pytest.raises(ConfigError, match="first_player"):
        game.new(game.Config(players=2, first_player=3), 1)


def test_first_roll_is_5_action_dice_and_the_event_die():
    """Source: "Initial Dice Roll"."""
    s = new(rolls=[B, B, G, R, S, "all-quiet"])
    assert s.dice == [B, B, G, R, S] and s.event_face == "all-quiet"
    assert turn_step(s) == "reroll" and s.rerolls_left == 2 and kind(s) == "roll-dice"


# -- the Event die -----------------------------------------------------------------------------

def test_all_quiet_skips_the_3_hunt_zombies_but_not_zombie_symbols():
    """Source: "ALL QUIET" and "Hunt Phase"."""
    s = new(rolls=[Z, Z, G, R, S, "all-quiet"])
    act(s, "stop")
    assert hunt_size(s) == 2
    s2 = new(rolls=[Z, Z, G, R, S, "zombies-rise"])
    act(s2, "stop")
    assert hunt_size(s2) == 5


def test_all_quiet_ignores_full_moon():
    """Source: "ALL QUIET" (Ignore Full Moon, if in effect)."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet"])
    s.current_event = "full-moon"
    act(s, "stop")
    assert hunt_size(s) == 1
    s.all_quiet = False
    assert hunt_size(s) == 5


def test_ambush_deals_one_wound():
    """Source: "AMBUSH"."""
    s = new(rolls=[B, B, G, R, S, "ambush"])
    assert s.players[0].wounds == 1


def test_zombies_rise_adds_to_zones_2_and_3():
    """Source: "ZOMBIES RISE"."""
    s = new(rolls=[B, B, G, R, S, "zombies-rise"])
    assert s.players[0].zones == [2, 4, 5]


def test_charge_advances_any_3_zombies_and_wounds_from_zone_1():
    """Source: "CHARGE": 3 Zombies forward 1 Zone; from Zone 1 they wound and are discarded."""
    s = new(rolls=[B, B, G, R, S, "charge"])
    assert kind(s) == "advance-any"
    reserve = s.reserve
    act(s, "zone", 1)
    act(s, "zone", 3)
    act(s, "zone", 2)
    assert s.players[0].zones == [2, 3, 3]
    assert s.players[0].wounds == 1 and s.reserve == reserve + 1
    assert kind(s) == "roll-dice"


def test_nurse_heals_or_moves_two_back_or_is_declined():
    """Source: "NURSE"; publisher ruling: beneficial Event results may be declined."""
    s = new(rolls=[B, B, G, R, S, "nurse"])
    assert kind(s) == "nurse"
    assert ("nurse", "heal") not in options(s)  # nothing to heal
    act(s, "nurse", "push-back")
    act(s, "zone", 1)
    act(s, "zone", 1)
    assert s.players[0].zones == [0, 5, 4]
    s = new(rolls=[B, B, G, R, S, "nurse"])
    act(s, "decline")
    assert s.players[0].zones == [2, 3, 4] and kind(s) == "roll-dice"


def test_amulet_flips_a_non_zombie_die():
    """Source: "AMULET"."""
    s = new(rolls=[B, Z, G, R, S, "amulet"])
    assert kind(s) == "amulet"
    assert ("flip", (1, B)) not in options(s)  # a Zombie die cannot be flipped
    act(s, "flip", (0, G))
    assert s.dice[0] == G and s.rerolls_left == 2


def test_amulet_may_flip_a_die_to_a_zombie():
    """Source: "AMULET" (any other face): a Zombie face too, which a Dice Combo may need."""
    s = new(rolls=[B, Z, G, R, S, "amulet"])
    act(s, "flip", (0, Z))
    assert s.dice == [Z, Z, G, R, S]


def test_amulet_gives_the_bonus_die_only_its_own_faces():
    """Source: "AMULET", "Bonus Action Die": the Bonus die shows no Book of the Dead."""
    s = new(rolls=[B, Z, G, R, S, "amulet"])
    s.dice.append(B)  # a Bonus die in the roll (a card's effect), showing a Bat
    flips = {v for k, v in options(s) if k == "flip"}
    assert {f for i, f in flips if i == 5} == {G, R, S, Z}
    assert {f for i, f in flips if i == 0} == {G, R, S, K, Z}


def test_amulet_zombie_reroll_spends_no_reroll_and_no_fleeing_card():
    """Source: "AMULET"; publisher ruling: Amulet Zombie rerolls are not one of the 2 rerolls."""
    s = new(rolls=[Z, Z, G, R, S, "amulet", B, K])
    fleeing = len(s.decks["fleeing"])
    act(s, "amulet-zombies")
    assert s.dice == [B, K, G, R, S]
    assert s.rerolls_left == 2 and len(s.decks["fleeing"]) == fleeing and not s.fled


# -- rerolls, locked Zombies, Fleeing ----------------------------------------------------------

def test_zombie_symbols_are_locked_and_two_rerolls_then_resolve():
    """Source: "Rerolls" and "ZOMBIE"."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet", K, K, Z, Z])
    assert options(s)[:2] == [("keep", 1), ("reroll-die", 1)]  # die 0 is a locked Zombie
    decide(s, 1, 2)
    assert s.dice == [Z, K, K, R, S] and s.rerolls_left == 1
    decide(s, 1, 3)  # a die kept before may be rerolled now
    assert s.dice == [Z, Z, K, Z, S]
    assert turn_step(s) == "actions" and kind(s) == "resolve-actions"
    assert s.rolled[Z] == 3


def test_fleeing_card_adds_zombies_then_rerolls_all_zombies():
    """Source: "Zombie and Fleeing Symbols" and "Resolving a Fleeing Card"."""
    s = new(rolls=[Z, Z, G, R, S, "all-quiet", B, B])
    stack_deck(s, "fleeing", ["heavy-breathing"])
    act(s, "flee")
    assert s.players[0].zones == [2, 3, 6]  # 2 Zombies straight to Zone 3
    assert ("stop", None) not in options(s) and ("flee", None) not in options(s)
    decide(s)  # keep the other dice: the Zombies reroll
    assert s.dice == [B, B, G, R, S] and s.rerolls_left == 1
    assert ("flee", None) not in options(s)  # once per turn


def test_fleeing_needs_a_reroll_left():
    """Source: "Zombie and Fleeing Symbols" (the player must still have rerolls)."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet", B, G])
    decide(s, 1)
    decide(s, 1)
    assert turn_step(s) == "actions"  # no reroll left: straight to the actions, no flee offered


def test_fleeing_card_choice_interrupts_and_the_reroll_resumes():
    """A Fleeing Card that asks a choice (Dropped Gear) is resolved, then rolling resumes."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet", G])
    give_loot(s, 0, "shotgun")
    stack_deck(s, "fleeing", ["dropped-gear"])
    act(s, "reroll-die", 1)
    act(s, "flee")
    assert kind(s) == "drop-loot-or-wound"
    act(s, "drop", 0)
    assert s.players[0].loot == [] and kind(s) == "roll-dice" and s.flee_pending
    assert s.selected[1]  # the marked die is still marked
    decide(s)
    assert s.dice[0] == G  # the Zombie was rerolled


def test_stoner_mechanic_tinker_is_a_free_zombie_reroll():
    """Character skill Zombie rerolls spend no reroll (publisher ruling)."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet", K], characters=("stoner-mechanic", "athlete"))
    act(s, "tinker")
    assert s.dice[0] == K and s.rerolls_left == 2
    assert ("tinker", None) not in options(s)


def test_lucky_charm_loot_is_a_free_zombie_reroll():
    s = new(rolls=[Z, B, G, R, S, "all-quiet", B])
    give_loot(s, 0, "lucky-charm")
    act(s, "loot", 0)
    assert s.dice[0] == B and s.rerolls_left == 2 and s.players[0].loot_uses == [1]


# -- actions -----------------------------------------------------------------------------------

def test_bat_kills_two_in_zone_1_only():
    """Source: "BAT"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, S, S, S, S])
    s.players[0].zones = [3, 3, 3]
    act(s, "bat")
    assert s.players[0].zones == [1, 3, 3]


def test_gun_kills_one_anywhere_run_moves_one_back():
    """Source: "GUN" and "RUN" (from Zone 3 back to the reserve)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [G, R, R, B, B])
    reserve = s.reserve
    act(s, "gun", 3)
    act(s, "run", 3)
    act(s, "run", 1)
    assert s.players[0].zones == [1, 4, 2] and s.reserve == reserve + 2


def test_search_symbols_are_never_split():
    """Source: "SEARCH": all Search symbols resolve together on one row."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [S, S, S, B, B])
    act(s, "search")
    assert s.avail[S] == 0 and kind(s) == "choose-follower"
    assert ("search", None) not in [(a.kind, a.value) for a in game.decision(s).options]


def test_only_one_location_per_turn():
    """Source: "LOCATION CARDS" (Only 1 Location may be played per turn)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [S, K, K, B, B])
    stack_deck(s, "location", ["hospital", "diner"])
    act(s, "search")  # 1 Search: a Location
    assert s.players[0].location == "hospital"
    act(s, "book")  # 2 Books: the Location row is gone
    assert ("book-choice", "location") not in options(s)


def test_location_next_effect_resolves_at_start_of_next_turn_then_discarded():
    """Source: "LOCATION CARDS" (active until the player's next turn begins)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [S, B, B, B, B])
    stack_deck(s, "location", ["hospital"])
    act(s, "search")
    assert s.players[0].location == "hospital"
    s.players[0].wounds = 3
    s.players[0].zones = [0, 0, 0]
    act(s, "done")
    assert s.current == 1
    at_actions(s, [B, B, B, B, B])
    s.rng.force(roll=[B, B, G, R, S, "all-quiet"])  # seat 0's next roll
    act(s, "done")
    p = s.players[0]
    assert s.current == 0 and p.location == "" and p.wounds == 1
    assert s.discards["location"]  # the Hospital went to the discard pile


def test_combo_ignores_its_zombie_symbols_and_keeps_the_others():
    """Source: "NOTE: Character Dice Combos"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [R, R, Z, Z, B])  # Athlete: Run, Run, Zombie
    act(s, "combo")
    assert s.players[0].zones == [0, 5, 4]
    assert s.avail[R] == 2  # the Runs still act
    s.all_quiet = False
    assert hunt_size(s) == 3 + 1  # one Zombie symbol ignored, one still counts


def test_zombie_advance_and_hunt():
    """Source: "Zombie Advance Phase" and "Hunt Phase"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "zombies-rise"]), [Z, B, G, R, S])
    s.players[0].zones = [2, 3, 4]
    reserve = s.reserve
    act(s, "done")
    p = s.players[0]
    assert p.wounds == 2  # the 2 Zombies of Zone 1 reached the character
    assert p.zones == [3, 4, 4]  # advanced, then 3 + 1 hunted into Zone 3
    assert s.reserve == reserve + 2 - 4


def test_follower_penalty_adds_hunt_zombie():
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, B, G, R, S])
    give_follower(s, 0, "screaming-cheerleader")
    s.all_quiet = False
    act(s, "done")
    assert s.players[0].zones[2] == 3 + 1


# -- Follower Bonus: rulebook (optional) and FAQ (mandatory) readings --------------------------

def test_follower_bonus_may_be_declined_by_default():
    """Source: "FOLLOWER CARDS" (Players may choose not to use Bonus abilities)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, B, G, R, S])
    give_follower(s, 0, "angry-waitress")
    opts = options(s)
    assert ("follower", 0) in opts and ("done", None) in opts


def test_follower_bonus_is_mandatory_with_the_faq_option():
    """Publisher FAQ v1.1: a Bonus happens whenever the dice or board make it possible."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"], follower_bonus="mandatory"), [B, B, G, R, S])
    give_follower(s, 0, "angry-waitress")
    assert ("done", None) not in options(s)
    act(s, "follower", 0)
    assert s.players[0].zones[0] == 1 and ("done", None) in options(s)


# -- the Mutant Zombie Boss ------------------------------------------------------------------

def test_gun_wounds_the_mutant_and_tokens_are_vp():
    """Source: "Mutant Zombie Boss"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [G, G, G, B, B])
    from zedlab.games.run_fight_or_die.common import summon_mutant

    summon_mutant(s, 0)
    assert s.mutant_tokens == 3
    for _ in range(3):
        act(s, "gun", 0)
    assert s.players[0].mutant_tokens == 3 and not s.mutant_active
    assert victory_points(s, 0) == 5 + 3


def test_book_attacks_the_mutant_only_with_the_book_of_the_dead():
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [K, K, B, B, B])
    from zedlab.games.run_fight_or_die.common import summon_mutant

    summon_mutant(s, 0)
    assert ("book-mutant", None) not in options(s)
    give_loot(s, 0, "book-of-the-dead")
    act(s, "book-mutant")
    assert s.players[0].mutant_tokens == 1


def test_athlete_throws_the_bat_at_the_mutant():
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, S, S, S, S])
    from zedlab.games.run_fight_or_die.common import summon_mutant

    summon_mutant(s, 0)
    act(s, "throw", 0)
    assert s.players[0].mutant_tokens == 1


def test_mutant_attacks_in_the_zombie_advance_phase_and_passes_on():
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [B, B, G, R, S])
    from zedlab.games.run_fight_or_die.common import summon_mutant

    summon_mutant(s, 0)
    stack_deck(s, "mutant", ["claw-swipe"])
    s.players[0].zones = [0, 0, 0]
    act(s, "done")
    assert s.players[0].wounds == 1 and s.mutant_seat == 1


def test_twenty_mutant_tokens_collected_end_the_game():
    """Source: "ALL 20 MUTANT WOUND TOKENS HAVE BEEN COLLECTED BY PLAYERS"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [G, B, B, B, B])
    from zedlab.games.run_fight_or_die.common import summon_mutant

    summon_mutant(s, 0)
    s.players[1].mutant_tokens = 17
    s.mutant_supply -= 17
    s.players[0].mutant_tokens = 2
    s.mutant_tokens = 1
    s.mutant_supply = 0
    act(s, "gun", 0)
    assert s.finished and "20 Mutant" in s.end_reason


# -- end of game -----------------------------------------------------------------------------

def test_death_ends_the_game_and_the_dead_cannot_win():
    """Source: "CHARACTER DEATH" and "Final Scoring"."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [S, S, S, S, R])
    s.players[0].wounds = 4
    for f in ("the-mayor", "survivalist", "the-twins"):
        give_follower(s, 0, f)
    s.players[0].zones = [1, 0, 0]
    act(s, "done")
    assert s.finished and s.players[0].dead
    out = game.outcome(s)
    assert out.winners == (1,) and out.scores[0] == 10.0


def test_death_after_the_declaration_does_not_end_the_game():
    """Source: "IMPORTANT NOTE, IF A PLAYER DIES AFTER THE PLAYER WHO DECLARED..."."""
    s = at_actions(new(players=3, rolls=[B, B, G, R, S, "all-quiet"]), [B, B, B, B, B])
    for f in ("the-mayor", "survivalist", "the-twins", "farmer", "school-librarian"):
        give_follower(s, 0, f)
    s.players[0].zones = [0, 0, 0]
    act(s, "done")
    assert kind(s) == "declare-end"
    act(s, "declare", True)
    assert s.current == 1
    s.players[1].wounds = 4
    s.stack.clear()
    s.players[1].zones = [3, 0, 0]
    at_actions(s, [S, S, B, B, B])
    act(s, "done")
    assert s.players[1].dead and not s.finished and s.current == 2


def test_declared_last_round_gives_everyone_one_more_turn():
    """Source: "A PLAYER DECLARES THE END OF THE GAME"."""
    s = at_actions(new(players=3, rolls=[B, B, G, R, S, "all-quiet"]), [B, B, B, B, B])
    for f in ("the-mayor", "survivalist", "the-twins", "farmer", "school-librarian"):
        give_follower(s, 0, f)
    act(s, "done")
    act(s, "declare", True)
    seen = []
    while not s.finished:
        if s.current not in seen or seen[-1] != s.current:
            seen.append(s.current)
        s.players[s.current].wounds = 0  # keep everyone alive for this count
        d = game.decision(s)
        pick = next((a for a in d.options if a.kind in ("stop", "done", "decline")), d.options[0])
        game.apply(s, pick)
    assert seen == [1, 2, 0]
    assert "last round" in s.end_reason


def test_scoring_caps_health_at_five_and_ties_go_to_most_followers():
    """Source: "Final Scoring"."""
    s = new(rolls=[B, B, G, R, S, "all-quiet"], characters=("veteran", "athlete"))
    assert s.players[0].health == 6 and victory_points(s, 0) == 5
    give_follower(s, 1, "the-mayor")  # 4 VP: seat 1 has 9
    give_follower(s, 0, "farmer")
    give_follower(s, 0, "school-librarian")  # seat 0: 5 + 2 + 2 = 9, 2 Followers
    assert victory_points(s, 0) == victory_points(s, 1) == 9
    assert winners(s) == (0,)
    s.players[1].followers.append("survivalist")
    s.players[1].wounds = 3  # 2 + 4 + 3 = 9 again, 2 Followers each: shared
    s.decks["follower"].remove(__import__("zedlab.games.run_fight_or_die.common", fromlist=["x"]).content_of(s).index["follower"]["survivalist"])
    assert winners(s) == (0, 1)


@pytest.mark.parametrize("players", [1, 2])
def test_six_health_character_scores_five_minus_wounds(players):
    """Source: "Final Scoring" (Wound tokens subtracted from 5) and "END OF THE GAME (SOLO
    RULES)" (counted exactly as Victory Points): the Veteran with 1 Wound scores 4."""
    chars = ("veteran", "athlete")[:players]
    s = new(players, rolls=[B, B, G, R, S, "all-quiet"], characters=chars)
    s.players[0].wounds = 1
    assert victory_points(s, 0) == 4
    s.players[0].wounds = 5
    assert victory_points(s, 0) == 0 and not s.players[0].dead
    s = new(players, rolls=[B, B, G, R, S, "all-quiet"], characters=chars, health_score="remaining-capped")
    s.players[0].wounds = 1
    assert victory_points(s, 0) == 5


def test_illegal_action_leaves_state_unchanged():
    s = new(rolls=[Z, B, G, R, S, "all-quiet"])
    before = game.encode(s)
    with pytest.raises(IllegalAction):
        game.apply(s, Action("keep", 0))  # a locked Zombie
    assert game.encode(s) == before


# -- the Zombie reserve (ruling) -------------------------------------------------------------

def test_empty_reserve_places_no_more_zombies():
    """Ruling: with all 60 miniatures on boards, the Hunt places none (docs/rulings)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [Z, B, G, R, S])
    s.players[0].zones = [0, 0, 51]
    s.players[1].zones = [2, 3, 4]
    s.reserve = 0
    s.all_quiet = False
    act(s, "done")
    assert s.players[0].zones == [0, 51, 0]  # the Hunt's 3 + 1 Zombies were not there to place
    assert sum(s.players[0].zones) + sum(s.players[1].zones) + s.reserve == 60
    assert game.invariants(s) == []


# -- Hold and current Event cards --------------------------------------------------------------

def test_hold_card_is_kept_then_played_on_a_later_turn_when_its_condition_holds():
    """Source: "EVENT CARDS" (a Hold Card may be played on a later turn, once its condition
    is met): not on the turn it is drawn."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [K, B, B, B, B])
    stack_deck(s, "event", ["barricade"])
    act(s, "book")
    assert s.players[0].holds == ["barricade"]
    assert s.players[0].zones[0] > 0 and ("hold", 0) not in options(s)
    s.turn += 2  # seat 0's next turn (2 players)
    at_actions(s, [B, B, B, B, B])
    act(s, "hold", 0)
    assert s.players[0].zones[0] == 0 and s.players[0].holds == []


def test_reroll_hold_card_waits_for_a_later_turn():
    """Source: "EVENT CARDS": Second Wind drawn this turn is not offered while rolling."""
    s = new(rolls=[Z, B, G, R, S, "all-quiet"])
    from zedlab.games.run_fight_or_die.common import draw_event

    stack_deck(s, "event", ["second-wind"])
    draw_event(s, 0)
    assert ("hold", 0) not in options(s)
    s.turn += 2
    assert ("hold", 0) in options(s)


def test_current_event_applies_to_all_until_reset():
    """Source: "EVENT CARDS" (Current Events)."""
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), [K, B, B, B, B])
    stack_deck(s, "event", ["thick-fog", "supply-drop"])
    act(s, "book")
    assert s.current_event == "thick-fog"
    s.all_quiet = False
    assert hunt_size(s) == 2
    s.avail[K] = 1
    act(s, "book")  # any new Event resets Thick Fog
    assert s.current_event == "" and len(s.players[0].loot) == 1
