"""Every table and worked example of the Run, Fight, or Die! rulebook, with its numbers.

Source: Run, Fight, or Die! rulebook ("SEARCH", "BOOK OF THE DEAD", "THE TOWN LINE...",
"Mutant Zombie Boss", "Solo Rules").
"""

import pytest

from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.common import (
    content_of,
    mutant_start_tokens,
    summon_mutant,
    town_line_threshold,
)
from zedlab.games.run_fight_or_die.scoring import SOLO_THRESHOLDS, victory_points

from .helpers import (
    B,
    G,
    K,
    R,
    S,
    Z,
    act,
    at_actions,
    give_follower,
    kind,
    new,
    options,
    stack_deck,
)

FILLER = [B, G, R, B, G]


def dice_with(symbol: int, n: int) -> list[int]:
    return [symbol] * n + FILLER[: 5 - n]


def searching(n: int, players: int = 2):
    """The Athlete (no Search modifier) resolving ``n`` Search symbols."""
    s = at_actions(new(players=players, rolls=[B, B, G, R, S, "all-quiet"]), dice_with(S, n))
    stack_deck(s, "follower", ["the-mayor", "farmer", "survivalist"])
    stack_deck(s, "location", ["hospital", "diner"])
    return s


# -- SEARCH table ------------------------------------------------------------------------------

def test_search_1_takes_a_location():
    s = searching(1)
    act(s, "search")
    assert s.players[0].location == "hospital" and s.players[0].followers == []


def test_search_2_takes_a_follower_or_a_location():
    s = searching(2)
    act(s, "search")
    assert set(options(s)) == {("search-choice", "follower"), ("search-choice", "location")}
    act(s, "search-choice", "follower")
    assert s.players[0].followers == ["the-mayor"] and s.players[0].location == ""


def test_search_3_takes_two_followers_keeps_one():
    s = searching(3)
    act(s, "search")
    assert kind(s) == "choose-follower"
    act(s, "pick", 1)
    assert s.players[0].followers == ["farmer"]
    assert content_of(s).index["follower"]["the-mayor"] in s.discards["follower"]
    assert s.players[0].location == ""


def test_search_4_keeps_one_of_two_followers_then_a_location():
    s = searching(4)
    act(s, "search")
    act(s, "pick", 0)
    assert s.players[0].followers == ["the-mayor"] and s.players[0].location == "hospital"


def test_search_5_keeps_both_or_steals():
    s = searching(5)
    give_follower(s, 1, "preacher")
    act(s, "search")
    assert ("steal", (1, 0)) in options(s) and ("search-choice", "keep-both") in options(s)
    act(s, "steal", (1, 0))
    assert s.players[0].followers == ["preacher"] and s.players[1].followers == []
    s = searching(5)
    act(s, "search")  # nobody to steal from: both are kept
    assert s.players[0].followers == ["the-mayor", "farmer"] or sorted(s.players[0].followers) == ["farmer", "the-mayor"]


# -- BOOK OF THE DEAD table --------------------------------------------------------------------

def reading(n: int):
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), dice_with(K, n))
    s.players[0].wounds = 3
    stack_deck(s, "follower", ["the-mayor", "farmer"])
    stack_deck(s, "event", ["supply-drop"])
    stack_deck(s, "loot", ["shotgun", "pistol"])
    return s


def test_book_1_takes_an_event():
    s = reading(1)
    act(s, "book")
    assert s.players[0].loot == ["shotgun"]  # Supply Drop resolved at once


def test_book_2_location_loot_or_heal_1():
    s = reading(2)
    act(s, "book")
    assert set(options(s)) == {("book-choice", c) for c in ("location", "loot", "heal-1")}
    act(s, "book-choice", "heal-1")
    assert s.players[0].wounds == 2


def test_book_3_clear_and_event_or_follower_or_heal_2():
    s = reading(3)
    act(s, "book")
    assert set(options(s)) == {("book-choice", c) for c in ("clear-1+event", "clear-2+event", "clear-3+event", "follower", "heal-2")}
    act(s, "book-choice", "clear-2+event")
    assert s.players[0].zones[1] == 0 and s.players[0].loot == ["shotgun"]


def test_book_4_swap_or_clear_or_heal_all():
    s = reading(4)
    give_follower(s, 0, "the-mayor")
    give_follower(s, 1, "farmer")
    act(s, "book")
    assert ("swap", (0, 1, 0)) in options(s)
    assert {("book-choice", "clear-1"), ("book-choice", "heal-all")} <= set(options(s))
    act(s, "swap", (0, 1, 0))
    assert s.players[0].followers == ["farmer"] and s.players[1].followers == ["the-mayor"]
    s = reading(4)
    act(s, "book")
    act(s, "book-choice", "heal-all")
    assert s.players[0].wounds == 0


def test_book_5_steal_or_clear_and_follower_or_two_followers_or_heal_all_and_loot():
    s = reading(5)
    give_follower(s, 1, "preacher")
    act(s, "book")
    opts = set(options(s))
    assert {("steal", (1, 0)), ("book-choice", "clear-3+follower"), ("book-choice", "two-followers"), ("book-choice", "heal-all+loot")} <= opts
    act(s, "book-choice", "heal-all+loot")
    assert s.players[0].wounds == 0 and s.players[0].loot == ["shotgun"]
    s = reading(5)
    act(s, "book")
    act(s, "book-choice", "two-followers")
    assert sorted(s.players[0].followers) == ["farmer", "the-mayor"]


# -- the solo reference: which dice give a Location --------------------------------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_solo_location_from_search_needs_1_2_or_exactly_4(n):
    """Solo Rules: a Location comes from 1 or 2 Follower symbols, or exactly 4."""
    s = at_actions(new(players=1, rolls=[B, B, G, R, S, "all-quiet"], characters=("athlete",)), dice_with(S, n))
    act(s, "search")
    while kind(s) in ("search-2", "choose-follower", "accept-follower"):
        d = game.decision(s)
        pick = next((a for a in d.options if a.value in ("location", True)), d.options[0])
        game.apply(s, pick)
    got_location = s.location_taken
    assert got_location == (n in (1, 2, 4))


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_solo_location_from_book_needs_exactly_2(n):
    """Solo Rules: or exactly 2 Book of the Dead symbols."""
    s = at_actions(new(players=1, rolls=[B, B, G, R, S, "all-quiet"], characters=("athlete",)), dice_with(K, n))
    act(s, "book")
    has_location_row = ("book-choice", "location") in options(s)
    assert has_location_row == (n == 2)


# -- Town Line ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "needed"), [(2, 7), (3, 9), (4, 11), (5, 13), (6, 15)])
def test_town_line_thresholds(players, needed):
    """2 players 7 Followers, 3 players 9, 4 players 11, +2 per player beyond 4."""
    assert town_line_threshold(players) == needed


def test_town_line_ends_the_game_with_enough_followers():
    s = searching(1)
    for f in ("the-twins", "preacher", "gun-nut", "klutz"):
        give_follower(s, 0, f)
    for f in ("hoarder", "town-drunk", "track-star"):
        give_follower(s, 1, f)
    stack_deck(s, "location", ["town-line"])
    act(s, "search")
    assert s.finished and "Town Line" in s.end_reason


def test_town_line_is_reshuffled_when_followers_are_short():
    s = searching(1)
    give_follower(s, 0, "the-twins")
    stack_deck(s, "location", ["town-line"])
    act(s, "search")
    assert not s.finished and len(s.decks["location"]) == 18 and s.players[0].location == ""
    assert s.location_taken  # it was this turn's Location


# -- the Mutant's Wound tokens -----------------------------------------------------------------

@pytest.mark.parametrize(("players", "tokens"), [(1, 3), (2, 3), (3, 4), (4, 5)])
def test_mutant_starting_tokens_by_player_count(players, tokens):
    """1-2 players 3 Wound tokens; 3 players 4; 4 players 5."""
    assert mutant_start_tokens(players) == tokens
    s = new(players=players, rolls=[B, B, G, R, S, "all-quiet"], difficulty="too-hard")
    summon_mutant(s, 0)
    assert s.mutant_tokens == tokens and s.mutant_supply == 20 - tokens


def test_resummoning_adds_hp_minus_one_solo_example():
    """The rulebook's example: in a solo game a second summoning adds 2 Wound tokens."""
    s = new(players=1, rolls=[B, B, G, R, S, "all-quiet"], difficulty="too-hard")
    summon_mutant(s, 0)
    summon_mutant(s, 0)
    assert s.mutant_tokens == 3 + 2


def test_resummoning_four_players_adds_four():
    s = new(players=4, rolls=[B, B, G, R, S, "all-quiet"])
    summon_mutant(s, 0)
    summon_mutant(s, 2)
    assert s.mutant_tokens == 5 + 4 and s.mutant_seat == 0


# -- Solo --------------------------------------------------------------------------------------

def test_solo_thresholds():
    """HARD 9, VERY HARD 11, TOO HARD 12 Survival Points."""
    assert SOLO_THRESHOLDS == {"hard": 9, "very-hard": 11, "too-hard": 12}


@pytest.mark.parametrize(("level", "size"), [("hard", 7), ("very-hard", 8), ("too-hard", 8)])
@pytest.mark.parametrize("seed", range(6))
def test_solo_location_deck_has_the_town_line_in_the_bottom_three(level, size, seed):
    s = game.new(game.Config(players=1, difficulty=level), seed)
    ids = content_of(s).ids["location"]
    deck = [ids[i] for i in s.decks["location"]]
    assert len(deck) == size and "town-line" in deck[-3:]
    if level != "too-hard":
        assert "playground" not in deck
    for gone in ("shy-girl", "heroic-dog", "campfire-for-the-dead"):
        assert gone in s.removed
    assert ("mutant-roar" in s.removed) == (level != "too-hard")


def test_solo_may_refuse_a_follower():
    s = at_actions(new(players=1, rolls=[B, B, G, R, S, "all-quiet"], characters=("athlete",)), dice_with(S, 2))
    stack_deck(s, "follower", ["bitten-boyfriend"])
    act(s, "search")
    act(s, "search-choice", "follower")
    assert kind(s) == "accept-follower"
    act(s, "accept", False)
    assert s.players[0].followers == []


def _solo_at_town_line(level: str):
    s = at_actions(new(players=1, rolls=[B, B, G, R, S, "all-quiet"], characters=("athlete",), difficulty=level), [S, B, B, B, B])
    stack_deck(s, "location", ["town-line"])
    for f in ("the-mayor", "survivalist"):
        give_follower(s, 0, f)
    s.players[0].zones = [0, 0, 0]
    act(s, "search")
    assert s.town_line_found
    return s


def test_solo_hard_ends_after_the_zombies_advance_on_the_town_line_turn():
    """HARD: 5 Health + 4 + 3 = 12 >= 9: a win."""
    s = _solo_at_town_line("hard")
    act(s, "done")
    assert s.finished
    out = game.outcome(s)
    assert out.winners == (0,) and out.scores == (12.0,)


def test_solo_very_hard_plays_one_more_turn_without_locations():
    s = _solo_at_town_line("very-hard")
    s.rng.force(roll=[S, K, K, B, B, "all-quiet"])
    act(s, "done")
    assert not s.finished and s.extra_turn and s.no_locations
    act(s, "stop")
    act(s, "search")  # 1 Search symbol: the Location is ignored
    act(s, "book")
    assert ("book-choice", "location") not in options(s)
    act(s, "book-choice", "loot")
    s.players[0].zones = [0, 0, 0]
    act(s, "done")
    assert s.finished
    assert victory_points(s, 0) == 12 and game.outcome(s).winners == (0,)


def test_solo_too_weak_at_the_town_line_perishes():
    s = _solo_at_town_line("hard")
    s.players[0].followers = []
    s.decks["follower"].extend(content_of(s).index["follower"][f] for f in ("the-mayor", "survivalist"))
    act(s, "done")
    out = game.outcome(s)
    assert s.finished and out.winners == () and "perished" in out.tier


def test_solo_death_before_the_town_line_loses():
    s = at_actions(new(players=1, rolls=[B, B, G, R, S, "all-quiet"], characters=("athlete",)), [Z, B, G, R, S])
    s.players[0].wounds = 4
    act(s, "done")
    assert s.finished and game.outcome(s).winners == ()
