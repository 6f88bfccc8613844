"""Information-set MCTS (``zedlab.bots.ismcts``): strength, what it reads, determinism,
budgets, rewards, and every registered game."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.core.pig import HOLD, ONE_DIE, PASS, ROLL, TWO_DICE, Pig, PigState, RollOrHold, pig
from zedlab.bots import ISMCTSBot, choose, make
from zedlab.bots.ismcts import DEFAULT_DEPTH, DEFAULT_PRIOR, DEFAULT_STAGE_DEPTH, Search
from zedlab.core import registry
from zedlab.core.engine import Action, Decision
from zedlab.core.errors import ConfigError
from zedlab.core.infoset import InfoSet
from zedlab.core.match import make_config
from zedlab.core.rng import RNG, seed_for
from zedlab.games import GAMES as SHIPPED


def play(game: Any, config: Any, specs: list[str], seed: int) -> Any:
    """One game with a bot spec per seat, bots asked through ``zedlab.bots.choose``."""
    bots = [make(game, s) for s in specs]
    rngs = [RNG.from_seed(seed_for(seed, "bot", s)) for s in range(len(specs))]
    state = game.new(config, seed)
    while (decision := game.decision(state)) is not None:
        action = choose(bots[decision.player], InfoSet.of(game, state), rngs[decision.player])
        game.apply(state, action)
    return game.outcome(state)


def test_ismcts_beats_random_at_pig() -> None:
    """100 seeded two-player games, ISMCTS (20 iterations a decision) in alternate seats.

    A random player wins half of them; at least 65 wins is a one-sided binomial p < 0.002."""
    config = pig.Config()
    points = 0.0
    for i in range(100):
        seat = i % 2
        specs = ["random", "random"]
        specs[seat] = "ismcts:iters=20"
        outcome = play(pig, config, specs, seed=i)
        if seat in outcome.winners:
            points += 1 / len(outcome.winners)
    assert points >= 65, points


def rigged(scores: list[int], turn_total: int, seed: int = 0) -> PigState:
    """A Pig state where seat 0, rolling two dice, must roll or hold."""
    state = pig.new(pig.Config(), seed)
    state.scores = list(scores)
    state.turn_total = turn_total
    state.dice = 2
    state.stack = [RollOrHold(seat=0)]
    return state


class Recorder:
    """A sample function over a fixed state that records the generators it is given."""

    def __init__(self, state: PigState) -> None:
        self.state = state
        self.calls: list[RNG] = []

    def __call__(self, rng: RNG) -> PigState:
        self.calls.append(rng)
        return pig.determinize(self.state, 0, rng)


ROLL_OR_HOLD = Decision(0, "roll-or-hold", (ROLL, HOLD), "Roll or hold?")


def decide(sample: Recorder, seed: int = 7, iters: int = 400) -> Action:
    """The choice of ISMCTS (win reward) at one and the same view and decision."""
    info = InfoSet(pig, 0, ROLL_OR_HOLD, {"public": {}, "private": {}}, sample)
    return ISMCTSBot(iters=iters, reward="win").choose(info, RNG.from_seed(seed))


def test_the_choice_depends_only_on_the_samples() -> None:
    """The same view and decision, two sample functions: the bot follows the samples.

    Samples where holding reaches the target (25 + 6 of 30) make it hold; samples where the
    other seat needs one point (it will likely win next turn) make it roll on. Every sample
    is drawn with the bot's own generator, once per iteration."""
    safe = Recorder(rigged([25, 0], 6))
    bot_rng = RNG.from_seed(7)
    info = InfoSet(pig, 0, ROLL_OR_HOLD, {"public": {}, "private": {}}, safe)
    assert ISMCTSBot(iters=400, reward="win").choose(info, bot_rng) == HOLD
    assert len(safe.calls) == 400 and all(r is bot_rng for r in safe.calls)
    desperate = Recorder(rigged([0, 29], 6))
    assert decide(desperate) == ROLL
    assert len(desperate.calls) == 400


def test_the_real_state_and_its_generator_are_untouched() -> None:
    state = rigged([10, 12], 8, seed=3)
    before, draws = pig.encode(state), state.rng.draws
    info = InfoSet.of(pig, state)
    ISMCTSBot(iters=200).choose(info, RNG.from_seed(1))
    assert pig.encode(state) == before and state.rng.draws == draws


def test_deterministic_given_its_generator() -> None:
    state = rigged([10, 12], 8, seed=3)
    runs = []
    for _ in range(2):
        bot = ISMCTSBot(iters=150)
        action = bot.choose(InfoSet.of(pig, state), RNG.from_seed(11))
        assert bot.last is not None
        runs.append((action, bot.last.statistics()))
    assert runs[0] == runs[1]
    other = ISMCTSBot(iters=150)
    other.choose(InfoSet.of(pig, state), RNG.from_seed(12))
    assert other.last is not None and other.last.statistics() != runs[0][1]


def test_iteration_budget_is_exact() -> None:
    sample = Recorder(rigged([10, 12], 8))
    decide(sample, iters=37)
    assert len(sample.calls) == 37
    # with a time budget as well, the first to run out ends the search
    sample = Recorder(rigged([10, 12], 8))
    info = InfoSet(pig, 0, ROLL_OR_HOLD, {}, sample)
    ISMCTSBot(iters=5, seconds=30.0).choose(info, RNG.from_seed(1))
    assert len(sample.calls) == 5


def test_time_budget_is_kept() -> None:
    sample = Recorder(rigged([10, 12], 8))
    info = InfoSet(pig, 0, ROLL_OR_HOLD, {}, sample)
    started = time.perf_counter()
    # only the time can end this search: the iterations would take many minutes
    ISMCTSBot(iters=10**7, seconds=0.3).choose(info, RNG.from_seed(1))
    elapsed = time.perf_counter() - started
    # one Pig iteration takes well under a millisecond of CPU; the margin above the limit is
    # for a busy machine
    assert 0.3 <= elapsed < 1.5, elapsed
    assert len(sample.calls) > 10


def test_a_forced_move_costs_no_samples() -> None:
    sample = Recorder(rigged([10, 12], 0))
    only = Decision(0, "roll-or-hold", (ROLL,), "Roll?")
    info = InfoSet(pig, 0, only, {}, sample)
    assert ISMCTSBot(iters=50).choose(info, RNG.from_seed(1)) == ROLL
    assert sample.calls == []


def search_of(game: Any, state: Any, **params: Any) -> Search:
    return Search(ISMCTSBot(**params), InfoSet.of(game, state), RNG.from_seed(1))


def test_competitive_rewards_are_win_share_and_score_margin() -> None:
    search = search_of(pig, rigged([1, 2], 3))
    assert search.rewards((10.0, 4.0), (0,)) == ([1.0, 0.0], [6.0, -6.0])
    assert search.rewards((9.0, 3.0, 0.0), (0,)) == ([1.0, 0.0, 0.0], [7.5, -1.5, -6.0])
    assert search.rewards((5.0, 5.0), (0, 1)) == ([0.5, 0.5], [0.0, 0.0])


def test_co_operative_rewards_are_shared() -> None:
    game = registry.get("if-im-going-down")
    config = make_config(game, None)
    assert game.cooperative(config)
    assert not game.cooperative(make_config(game, {"zombie_player": True, "players": 2}))
    state = game.new(config, 1, game.load_content())
    search = Search(ISMCTSBot(), InfoSet.of(game, state, config=config), RNG.from_seed(1))
    assert search.rewards((2.0, 2.0), ()) == ([0.0, 0.0], [2.0, 2.0])
    assert search.rewards((6.0, 6.0), (0, 1)) == ([1.0, 1.0], [6.0, 6.0])


class CountingPig(Pig):
    """Pig that counts the actions applied and can estimate a game cut short."""

    applied = 0

    def apply(self, state: PigState, action: Action, *, trusted: bool = False) -> None:
        CountingPig.applied += 1
        super().apply(state, action, trusted=trusted)

    def estimate(self, state: PigState) -> tuple[float, ...]:
        # out of range on purpose for seat 1: the search clips it to [0, 1]
        return (state.scores[0] / state.target, 1.5)


def test_playouts_stop_at_the_depth_and_take_the_estimate() -> None:
    game = CountingPig()
    state = game.new(game.Config(rounds=50, target=200), 2)
    state.scores = [50, 0]
    search = search_of(game, state, depth=4)
    CountingPig.applied = 0
    cut = game.clone(state)
    assert search.playout(cut, game.decision(cut)) == ([cut.scores[0] / 200, 1.0],)
    assert CountingPig.applied == 4
    plain = search_of(pig, pig.new(pig.Config(rounds=50, target=200), 2), depth=4)
    other = pig.clone(state)
    assert plain.playout(other, pig.decision(other)) == ([],)  # even, for a game without estimate


def test_the_default_depth_applies_only_where_the_game_estimates() -> None:
    assert ISMCTSBot().playout_depth(pig) is None
    assert ISMCTSBot().playout_depth(CountingPig()) == DEFAULT_DEPTH
    assert ISMCTSBot(depth=0).playout_depth(CountingPig()) is None
    assert ISMCTSBot(depth=7).playout_depth(pig) == 7


class StagedPig(CountingPig):
    """Pig whose stage is the round: playouts may stop where a round ends. Records the round
    each applied action was played in."""

    rounds: list[int] = []

    def apply(self, state: PigState, action: Action, *, trusted: bool = False) -> None:
        StagedPig.rounds.append(state.round)
        super().apply(state, action, trusted=trusted)

    def stage(self, state: PigState) -> int:
        return state.round


def test_playouts_cut_at_the_stage_stop_where_their_round_ends() -> None:
    game = StagedPig()
    state = game.new(game.Config(rounds=50, target=200), 2)
    search = search_of(game, state)
    assert search.stage is not None and search.depth == DEFAULT_STAGE_DEPTH
    for seed in range(5):
        cut = game.clone(state)
        search.rng = RNG.from_seed(seed)
        StagedPig.rounds = []
        values = search.playout(cut, game.decision(cut))
        assert cut.round == state.round + 1  # stopped where the round ended, not after
        assert StagedPig.rounds and set(StagedPig.rounds) == {state.round}
        assert values == ([cut.scores[0] / 200, 1.0],)
    by_depth = search_of(game, state, cut="depth")
    assert by_depth.stage is None and by_depth.depth == DEFAULT_DEPTH
    capped = search_of(game, state, depth=1)
    cut = game.clone(state)
    CountingPig.applied = 0
    capped.playout(cut, game.decision(cut))
    assert CountingPig.applied == 1  # depth still caps a staged playout


def test_the_stage_cut_is_the_default_only_where_the_game_has_stages() -> None:
    assert ISMCTSBot().playout_cut(StagedPig()) == "stage"
    assert ISMCTSBot().playout_cut(CountingPig()) == "depth"
    assert ISMCTSBot().playout_cut(registry.get("survive-alive")) == "stage"
    assert ISMCTSBot().playout_cut(registry.get("dont-look-back")) == "depth"
    with pytest.raises(ConfigError, match="cut=stage: pig has no stage"):
        make(pig, "ismcts:cut=stage,policy=random,prior=0")
    with pytest.raises(ConfigError, match="cut='round'"):
        ISMCTSBot(cut="round")


def test_a_stage_cut_refused_names_only_what_the_game_lacks() -> None:
    """Don't Look Back has an estimate but no stages: the refusal of ``cut=stage`` says it
    has no stage, not that it lacks an estimate too."""
    with pytest.raises(ConfigError) as refused:
        make(registry.get("dont-look-back"), "ismcts:cut=stage")
    said = str(refused.value)
    assert "dont-look-back has no stage" in said and "cut=depth" in said
    assert "no stage and estimate" not in said and "no estimate" not in said
    with pytest.raises(ConfigError, match="pig has no stage or estimate"):
        make(pig, "ismcts:cut=stage,policy=random,prior=0")


def searched_decisions(name: str, specs: dict[str, Any], count: int) -> int:
    """Play ``name`` with random moves, letting ISMCTS take ``count`` decisions that have a
    real choice; returns how many it took (the game may end first)."""
    game = registry.get(name)
    config = make_config(game, None)
    pack = game.load_content()
    state = game.new(config, 5) if pack is None else game.new(config, 5, pack)
    rng, taken = RNG.from_seed(5), 0
    bot = ISMCTSBot(**specs)
    while (decision := game.decision(state)) is not None and taken < count:
        if len(decision.options) > 1 and rng.randbelow(3) == 0:
            action = bot.choose(InfoSet.of(game, state), rng)
            assert action in decision.options
            assert bot.last is not None and bot.last.iterations == specs["iters"]
            taken += 1
        else:
            action = rng.choice(decision.options)
        game.apply(state, action)
    return taken


# the games ZedLab ships (not test games another folder may have registered)
@pytest.mark.parametrize("name", list(SHIPPED))
def test_every_registered_game_plays_a_few_searched_decisions(name: str) -> None:
    assert searched_decisions(name, {"iters": 15}, 3) == 3


@pytest.mark.parametrize("name", [n for n in SHIPPED if "heuristic" in registry.get(n).bot_kinds()])
def test_heuristic_playouts_on_every_game_that_has_a_heuristic(name: str) -> None:
    assert searched_decisions(name, {"iters": 4, "policy": "heuristic", "depth": 40}, 1) == 1


def test_availability_counts_bound_the_visits() -> None:
    """SO-ISMCTS bookkeeping: a child is visited only when available, and a node's children
    share its visits (the root's count one per iteration)."""
    bot = ISMCTSBot(iters=300)
    bot.choose(InfoSet.of(pig, rigged([10, 12], 8, seed=4)), RNG.from_seed(2))
    assert bot.last is not None
    root = bot.last.root
    assert root.visits == 300
    nodes, seen = [root], 0
    while nodes:
        node = nodes.pop()
        seen += 1
        assert sum(c.visits for c in node.children.values()) <= node.visits
        for child in node.children.values():
            assert 1 <= child.visits <= child.available
            nodes.append(child)
    assert seen > 50  # the tree grew beyond the root's options


class Eager:
    """A Pig 'heuristic' that always takes two dice and rolls on; counts its calls."""

    calls = 0

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        Eager.calls += 1
        return TWO_DICE if TWO_DICE in info.decision.options else ROLL


class EagerPig(Pig):
    """Pig with a heuristic bot (:class:`Eager`), recording the actions applied."""

    played: list[Action] = []
    choices = 0


    def bot_kinds(self) -> dict[str, Any]:
        return {**super().bot_kinds(), "heuristic": Eager}

    def apply(self, state: PigState, action: Action, *, trusted: bool = False) -> None:
        EagerPig.played.append(action)
        decision = self.decision(state)
        if decision is not None and len(decision.options) > 1:
            EagerPig.choices += 1
        super().apply(state, action, trusted=trusted)


eager_pig = EagerPig()


def playout_moves(epsilon: float, playouts: int = 40) -> tuple[int, int]:
    """``(heuristic calls, real choices)`` over mixed playouts from a fresh game."""
    state = eager_pig.new(eager_pig.Config(target=200, rounds=4), 3)
    search = Search(ISMCTSBot(policy="mixed", epsilon=epsilon, prior=0), InfoSet.of(eager_pig, state), RNG.from_seed(5))
    Eager.calls, EagerPig.choices = 0, 0
    for _ in range(playouts):
        copy = eager_pig.clone(state)
        EagerPig.played = []
        search.playout(copy, eager_pig.decision(copy))
        if epsilon == 0:
            # every real choice was the heuristic's: it never passes, holds or takes one die
            assert not {PASS, HOLD, ONE_DIE} & set(EagerPig.played)
    return Eager.calls, EagerPig.choices


def test_mixed_playouts_are_epsilon_greedy() -> None:
    """Every real choice of a playout is the heuristic's (epsilon 0), none (epsilon 1), or
    about half (epsilon 0.5); a forced move never asks it."""
    calls, choices = playout_moves(0.0)
    assert calls == choices > 100
    calls, choices = playout_moves(1.0)
    assert calls == 0 and choices > 100
    calls, choices = playout_moves(0.5)
    assert 0.35 * choices < calls < 0.65 * choices, (calls, choices)


def test_defaults_fall_back_for_a_game_without_heuristic_or_estimate() -> None:
    bot = ISMCTSBot()
    assert bot.playout_policy(pig) == "random" and bot.prior_visits(pig) == 0
    assert bot.playout_policy(eager_pig) == "mixed" and bot.prior_visits(eager_pig) == DEFAULT_PRIOR
    with pytest.raises(ConfigError, match="pig has no heuristic bot"):
        make(pig, "ismcts:prior=5")
    with pytest.raises(ConfigError, match="pig has no heuristic bot"):
        make(pig, "ismcts:policy=mixed")


def test_the_heuristic_choice_gets_virtual_visits_at_the_root() -> None:
    """Seat 0 at 25 of 30 with 6 in hand: the search alone holds; a prior of virtual wins
    on the heuristic's 'roll' large enough to swamp 400 iterations makes it roll."""
    state = rigged([25, 0], 6)
    state.stack = [RollOrHold(seat=0)]
    alone = ISMCTSBot(iters=400, reward="win", prior=0, policy="random")
    assert alone.choose(InfoSet.of(eager_pig, state), RNG.from_seed(7)) == HOLD
    assert alone.last is not None and alone.last.hint is None
    led = ISMCTSBot(iters=400, reward="win", prior=100_000, policy="random")
    assert led.choose(InfoSet.of(eager_pig, state), RNG.from_seed(7)) == ROLL
    search = led.last
    assert search is not None and search.hint == ROLL
    child = search.root.children[(0, ROLL)]
    assert child.prior == 100_000
    assert search.value(child) > 0.99  # virtual visits count as wins
    # a small prior only guides: the search still finds the hold
    small = ISMCTSBot(iters=400, reward="win", prior=5, policy="random")
    assert small.choose(InfoSet.of(eager_pig, state), RNG.from_seed(7)) == HOLD


def test_the_tree_is_kept_when_the_seat_decides_again_at_once() -> None:
    """One-seat Pig: whatever happens, the same seat decides next, so the subtree below the
    chosen dice, followed down the forced first roll, becomes the next root, statistics and
    all. Without reuse the next root is fresh."""
    config = pig.Config(players=1, target=100)
    state = pig.new(config, 4)
    bot = ISMCTSBot(iters=200, reward="win")
    action = bot.choose(InfoSet.of(pig, state), RNG.from_seed(3))
    first = bot.last
    assert first is not None and not first.reused
    below = first.root.children[(0, action)]
    assert below.visits > 0 and below.next == 1
    pig.apply(state, action)
    while len((decision := pig.decision(state)).options) == 1:  # the forced first roll
        assert bot.choose(InfoSet.of(pig, state), RNG.from_seed(4)) == decision.options[0]
        below = below.children[(0, decision.options[0])]
        pig.apply(state, decision.options[0])
    visits = below.visits
    assert visits > 0
    bot.choose(InfoSet.of(pig, state), RNG.from_seed(4))
    second = bot.last
    assert second is not None and second.reused and second.root is below
    assert second.iterations == 200 and below.visits == visits + 200
    # the same without reuse: a fresh root
    fresh = ISMCTSBot(iters=200, reward="win", reuse=False)
    state = pig.new(config, 4)
    for seed in (3, 4, 4, 4):
        if len(pig.decision(state).options) > 1:
            fresh.choose(InfoSet.of(pig, state), RNG.from_seed(seed))
            assert fresh.last is not None and not fresh.last.reused
            assert fresh.last.root.visits == 200
        pig.apply(state, pig.decision(state).options[0])


def test_nothing_is_kept_when_another_seat_may_act_first() -> None:
    state = pig.new(pig.Config(target=100), 4)
    bot = ISMCTSBot(iters=200, reward="win")
    first = Search(bot, InfoSet.of(pig, state), RNG.from_seed(3))
    first.run()
    assert first.root.children[(0, PASS)].next == 1 << 1  # seat 1 decides after a pass
    assert first.kept(PASS) is None
    state.stack = [RollOrHold(seat=0)]
    state.dice, state.turn_total = 1, 8
    search = Search(bot, InfoSet.of(pig, state), RNG.from_seed(3))
    search.run()
    roll = search.root.children[(0, ROLL)]
    assert roll.next == 0b11  # a 1 passes the turn in some samples
    assert search.kept(ROLL) is None and search.kept(HOLD) is None


def test_cpu_budget_is_kept() -> None:
    sample = Recorder(rigged([10, 12], 8))
    info = InfoSet(pig, 0, ROLL_OR_HOLD, {}, sample)
    started = time.process_time()
    ISMCTSBot(iters=10**7, cpu=0.3).choose(info, RNG.from_seed(1))
    spent = time.process_time() - started
    assert 0.3 <= spent < 1.0, spent
    assert len(sample.calls) > 10


@pytest.mark.parametrize("name", list(SHIPPED))
def test_every_game_estimates_a_value_per_seat(name: str) -> None:
    """Estimates of random-play states are one value in [0, 1] per seat."""
    game = registry.get(name)
    config = make_config(game, None)
    pack = game.load_content()
    state = game.new(config, 2) if pack is None else game.new(config, 2, pack)
    rng, seen = RNG.from_seed(2), 0
    while (decision := game.decision(state)) is not None and seen < 300:
        values = game.estimate(state)
        assert len(values) == game.seats(config) and all(0.0 <= v <= 1.0 for v in values)
        game.apply(state, rng.choice(decision.options))
        seen += 1
    assert seen > 10


def _better(name: str, state: Any) -> None:
    """Make the table better for seat 0 (or the team) in a way the estimate reads."""
    if name == "dont-look-back":
        state.survivors[0].points += 5
    elif name == "run-fight-or-die":
        state.players[0].mutant_tokens += 4
    elif name == "survive-alive":
        state.players[0].objective_points += 8
    elif name == "if-im-going-down":
        state.kills += 6
    else:
        state.threat = max(1, state.threat - 4)


@pytest.mark.parametrize("name", list(SHIPPED))
def test_estimates_follow_the_table(name: str) -> None:
    """A better table for seat 0 (more points, kills, a lower Threat) raises its estimate;
    in a competitive game the other seat's falls."""
    game = registry.get(name)
    config = make_config(game, None)
    pack = game.load_content()
    state = game.new(config, 3) if pack is None else game.new(config, 3, pack)
    rng = RNG.from_seed(3)
    for _ in range(12):
        decision = game.decision(state)
        if decision is None:
            break
        game.apply(state, rng.choice(decision.options))
    if name == "heres-negan":
        state.threat = 10
    before = game.estimate(state)
    _better(name, state)
    after = game.estimate(state)
    assert after[0] > before[0]
    if not game.cooperative(config):
        assert after[1] < before[1]
