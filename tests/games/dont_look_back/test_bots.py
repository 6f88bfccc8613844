"""The heuristic bot: legal choices only, sensible press-your-luck, registered."""

from zedlab.core import RNG, Decision, make_config
from zedlab.core.infoset import InfoSet
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.bots import HeuristicBot
from zedlab.games.dont_look_back.combat import HOLD, REROLL

from .helpers import play, table


def test_bot_kinds_include_heuristic():
    assert set(game.bot_kinds()) >= {"random", "heuristic"}


def test_heuristic_self_play_ends_with_legal_choices():
    bot = HeuristicBot()
    for seed in range(6):
        state = game.new(make_config(game, {"players": 2 + seed % 3, "locations": 2}), seed)
        rng = RNG.from_seed(seed)
        for _ in range(3000):
            decision = game.decision(state)
            if decision is None:
                break
            action = bot.choose(InfoSet.of(game, state), rng)
            assert action in decision.options
            game.apply(state, action)
        assert game.decision(state) is None


def _hold_or_reroll(state):
    return HeuristicBot().choose(InfoSet.of(game, state), RNG.from_seed(1))


def test_rerolls_many_misses_against_a_big_horde():
    """Source: "Taking Risks": with lots of misses, the odds favour re-rolling."""
    state = table(["rick", "daryl"], walkers={3: 5}, spaces=[3, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 1, 1, 5, 5, 6])
    play(state, "combat", "handgun")
    assert _hold_or_reroll(state) == REROLL[5]


def test_holds_when_hits_already_cover_the_walkers():
    state = table(["rick", "daryl"], walkers={3: 2}, spaces=[3, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 3, 1, 5, 5, 6])
    play(state, "combat", "handgun")
    assert _hold_or_reroll(state) == HOLD


def test_holds_with_one_miss_left():
    """Source: "Taking Risks": with only 1 or 2 misses, re-rolling is a big gamble."""
    state = table(["rick", "daryl"], walkers={3: 9}, spaces=[3, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 3, 3, 3, 3, 6])
    play(state, "combat", "handgun")
    assert _hold_or_reroll(state) == HOLD


def test_leaves_the_location_before_an_overload_spills_in():
    state = table(["rick", "daryl"], walkers={1: 9}, spaces=[0, 0])
    decision = game.decision(state)
    action = HeuristicBot().choose(InfoSet.of(game, state), RNG.from_seed(1))
    assert action.kind == "move" and action.value not in (0, 1)
    assert isinstance(decision, Decision)
