"""Boards that could stall after the overrun: the stranding ruling and the bot's ending move.

Source: Don't Look Back rulebook, "Running Out of Search Cards" (no more draws, the
Location removed, no overload) and "Your Health"; ruling 26 in
docs/rulings/dont-look-back.md.
"""

import pytest

from zedlab.bots import RandomBot, choose
from zedlab.core import RNG, make_config
from zedlab.core.infoset import InfoSet
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.bots import HeuristicBot
from zedlab.games.dont_look_back.common import stall_measure
from zedlab.games.dont_look_back.turn import IDLE_ATTACKS

from .helpers import log, play, table


def _overrun_table(survivors, **kw):
    """A rigged table just after the overrun (deck empty, Location gone)."""
    state = table(survivors, **kw)
    state.discard.extend(state.deck)
    state.deck = []
    state.overrun = True
    state.walkers[0] = 0
    state.stall_turns = 0
    state.stall_mark = stall_measure(state)
    return state


def test_rules_as_written_a_lone_survivor_can_pass_forever():
    """Source: "Running Out of Search Cards": with no draws, no overload and Walkers that
    never move, Rick (1 Health, empty Sector 3, Walkers on both sides, no Weapon card, no
    Escape Route) can Pass for ever: the stall the ruling closes."""
    state = _overrun_table(["rick"], walkers={2: 3, 4: 3}, spaces=[3], health=[1])
    state.stall_rounds = 0  # the rules as written (no longer a config choice: see below)
    for _ in range(200):
        play(state, "pass")
    assert game.decision(state) is not None and game.outcome(state) is None


def test_full_rounds_without_progress_strand_the_survivors():
    """Source: "Running Out of Search Cards"; ruling 26: after 3 full rounds (2 Survivors
    on the board: 6 turns) with no Walker killed, no Health lost and no Weapon spent, the
    Survivors still on the board are stranded and the game ends, scored as usual."""
    state = _overrun_table(["rick", "daryl"], walkers={2: 3, 4: 3}, spaces=[3, 3], health=[1, 1])
    state.survivors[0].points, state.survivors[1].points = 4, 2
    for turn in range(6):
        assert game.outcome(state) is None, turn
        play(state, "pass")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert "stranded" in outcome.reason
    assert "Rick, Daryl stranded" in log(state)[-2]


def test_moving_between_empty_sectors_is_not_progress_but_a_kill_is():
    """Source: "Running Out of Search Cards"; ruling 26: shuttling between empty Sectors
    changes nothing; a Walker killed restarts the count."""
    state = _overrun_table(["rick"], walkers={5: 2}, spaces=[2], health=[3])
    play(state, "move", 3)
    play(state, "move", 2)
    assert state.stall_turns == 2
    state.walkers[2] = 1  # a Walker in his space: the Revolver Butt (3 dice) can fight
    state.stall_mark = stall_measure(state)
    state.rng.force(roll=[2, 5, 5])
    play(state, "combat", "improvised")
    play(state, "hold")
    assert game.outcome(state) is None
    assert state.walkers[2] == 0 and state.stall_turns == 0


def test_config_bounds_the_stall_rounds():
    """Ruling 26: 1-20 idle rounds; 0 (a board that may stall for ever) is refused, since
    every game must end within a bound of decisions."""
    for rounds in (-1, 0, 21):
        with pytest.raises(Exception, match="overrun_stall_rounds"):
            make_config(game, {"overrun_stall_rounds": rounds})
    assert make_config(game, {}).overrun_stall_rounds == 3


def test_heuristic_takes_the_ending_move_on_a_frozen_board():
    """Source: "Running Out of Search Cards" and "Your Health": nobody can fight or move
    safely ever again, so the bot heads for the Escape Route Sector (and the game ends)
    instead of passing for ever, even under the rules as written."""
    state = _overrun_table(["rick"], walkers={2: 3, 4: 3}, spaces=[3], health=[1])
    state.stall_rounds = 0
    state.escape_sector = 4
    action = HeuristicBot().choose(InfoSet.of(game, state), RNG.from_seed(1))
    assert (action.kind, action.value) == ("move", 4)
    game.apply(state, action)
    assert game.outcome(state) is not None


def test_heuristic_still_passes_while_another_survivor_can_change_the_board():
    state = _overrun_table(
        ["rick", "daryl"],
        walkers={2: 3, 4: 3},
        spaces=[3, 6],
        health=[1, 1],
        weapons={1: ["handgun"]},
    )
    state.escape_sector = 4
    action = HeuristicBot().choose(InfoSet.of(game, state), RNG.from_seed(1))
    assert action.kind == "pass"


@pytest.mark.parametrize("bot", [HeuristicBot, RandomBot])
def test_seeded_games_of_1_to_4_players_all_end(bot):
    """Source: "Running Out of Search Cards"; ruling 26: with the default config every
    game ends; 200 seeded games (1-4 players, 1-3 Locations) within 3,000 decisions."""
    games = 200 if bot is HeuristicBot else 100
    for seed in range(games):
        config = make_config(game, {"players": 1 + seed % 4, "locations": 1 + seed % 3})
        state = game.new(config, seed)
        player, rng = bot(), RNG.from_seed(seed)
        for _ in range(3000):
            decision = game.decision(state)
            if decision is None:
                break
            game.apply(state, choose(player, InfoSet.of(game, state), rng), trusted=True)
        assert game.outcome(state) is not None, f"seed {seed} did not end"


def test_a_failed_attack_still_counts_as_progress():
    """Source: "Running Out of Search Cards" and "Specific Card Clarifications" (Knife:
    no hits, the Knife is kept); ruling 26: a Survivor fighting the Walkers whose dice keep
    missing is not stranded while the misses last no longer than the cap."""
    state = _overrun_table(
        ["daryl", "rick"], walkers={6: 2}, spaces=[5, 1], health=[1, 1], weapons={0: ["knife"]}
    )
    state.survivors[1].alive, state.survivors[1].health = False, 0
    for _ in range(10):
        state.rng.force(roll=[2, 5, 2, 5])  # no 6: no legal target, the Knife is kept
        play(state, "combat", "knife")
        assert state.survivors[0].weapons == ["knife"] and game.outcome(state) is None
    assert state.stall_turns == 0
    for _ in range(3):
        assert game.outcome(state) is None
        play(state, "pass")
    assert "stranded" in game.outcome(state).reason


def _missing_knife(state, times):
    for _ in range(times):
        state.rng.force(roll=[2, 5, 2, 5])  # no 6: no legal target, the Knife is kept
        play(state, "combat", "knife")


def test_attacks_that_change_nothing_count_as_progress_only_up_to_the_cap():
    """Ruling 26 (rules version 4): after IDLE_ATTACKS attacks in a row that lower
    nothing, further misses are idle turns, so 3 more full rounds of them strand the
    board: every game ends within a bound."""
    state = _overrun_table(
        ["daryl", "rick"], walkers={6: 2}, spaces=[5, 1], health=[1, 1], weapons={0: ["knife"]}
    )
    state.survivors[1].alive, state.survivors[1].health = False, 0
    state.stall_mark = stall_measure(state)
    _missing_knife(state, IDLE_ATTACKS)
    assert state.stall_turns == 0 and game.outcome(state) is None
    _missing_knife(state, 2)
    assert state.stall_turns == 2 and game.outcome(state) is None
    _missing_knife(state, 1)
    assert "stranded" in game.outcome(state).reason


def test_a_kill_restarts_the_count_of_idle_attacks():
    """Ruling 26: a Walker killed is progress and lets misses count again."""
    state = _overrun_table(
        ["daryl", "rick"], walkers={6: 2}, spaces=[5, 1], health=[1, 1], weapons={0: ["knife"]}
    )
    state.survivors[1].alive, state.survivors[1].health = False, 0
    state.stall_mark = stall_measure(state)
    _missing_knife(state, IDLE_ATTACKS)
    state.rng.force(roll=[6, 1, 1, 1])  # one 6: the Walker in Sector 6 is hit
    play(state, "combat", "knife")
    play(state, "hold")
    assert state.walkers[6] == 1 and state.stall_idle_attacks == 0
    state.survivors[0].space = 5
    _missing_knife(state, IDLE_ATTACKS)
    assert game.outcome(state) is None and state.stall_turns == 0
