"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for every game.

The search knows only what the deciding seat knows: every iteration draws a full state from
the seat's :class:`~zedlab.core.infoset.InfoSet` (``info.sample(rng)``, with the bot's own
generator), never the real state or the game's generator. One tree is grown over all those
samples (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
TCIAIG 2012, algorithm SO-ISMCTS):

- a node stands for a sequence of actions from the decision being made; its children are
  keyed by ``(seat, action)``, the seat that acts and what it plays;
- selection descends through the options *available in this sample* (a sample may offer
  options another does not), by UCB1 with availability counts: a child's exploration term
  uses how often it was available when its parent was visited, not the parent's visits;
- an option never tried in this sample is expanded, then the sample is played to the end
  (or to ``depth`` decisions) by the random policy or the game's heuristic bot;
- the result is backed up: each node gains the reward of the seat that chose its action.

Rewards (one per seat, documented choice). A result gives each seat a *win* part and a
*score* part:

- competitive games: win = ``1/k`` if the seat is one of ``k`` winners, else 0; score =
  its score minus the mean of the other seats' scores (a one-seat game: its score);
- co-operative games (``game.cooperative`` true): every seat gets the same: win = 1 if the
  players won, else 0; score = the shared score (the mean of the seats' scores).

The score part is normalised per game and per search: at selection it is mapped onto
``[0, 1]`` by the lowest and highest score part seen so far in this search, so no game needs
a hand-set scale. ``reward=mixed`` (default) weighs the two parts equally, ``win`` and
``score`` use one part only. A playout cut at ``depth`` scores the game's
``estimate(state)`` (per-seat scores, winners none) where the game has one, else counts as
even: win part 0.5 and the middle of the score range for every seat.

The final choice is the most visited of the root's options (ties: the better mean, then the
first listed). A decision with one option is answered without searching.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ..core.engine import Action, Game
from ..core.errors import ConfigError
from ..core.infoset import InfoSet
from ..core.rng import RNG

__all__ = ["ISMCTSBot", "Search"]

DEFAULT_ITERATIONS = 1000
POLICIES = ("random", "heuristic")
REWARDS = ("mixed", "win", "score")


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"expects a whole number >= {least}") from None
    if value < least:
        raise ValueError(f"expects a whole number >= {least}")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError("expects a number of seconds > 0, like 0.5") from None
    if not math.isfinite(value) or value <= 0:
        raise ValueError("expects a number of seconds > 0, like 0.5")
    return value


def _exploration(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError("expects a number >= 0, like 0.7") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError("expects a number >= 0, like 0.7")
    return value


def _one_of(names: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in names:
            raise ValueError(f"expects one of {', '.join(names)}")
        return text

    return parse


class _Node:
    """A node of the tree: the actions from the root that lead here, shared by samples."""

    __slots__ = ("children", "visits", "available", "win", "score")

    def __init__(self) -> None:
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.available = 0
        self.win = 0.0
        self.score = 0.0


class Search:
    """One search from one information set (what :class:`ISMCTSBot` runs per decision).

    Attributes:
        iterations: iterations run so far (each draws one sample).
        root: the tree's root.
    """

    def __init__(self, bot: ISMCTSBot, info: InfoSet, rng: RNG) -> None:
        self.bot = bot
        self.info = info
        self.game: Game[Any] = info.game
        self.rng = rng
        self.root = _Node()
        self.iterations = 0
        self.cooperative = info.config is not None and bool(self.game.cooperative(info.config))
        self.estimate = getattr(self.game, "estimate", None)
        self.low = math.inf
        self.high = -math.inf
        self.win_weight = {"mixed": 0.5, "win": 1.0, "score": 0.0}[bot.reward]
        self.policy_bot: Any = None
        if bot.policy == "heuristic":
            self.policy_bot = heuristic_factory(self.game)()

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> Action:
        """Search within the bot's budget and return the chosen option."""
        bot = self.bot
        deadline = None if bot.seconds is None else time.perf_counter() + bot.seconds
        limit = bot.iters if bot.iters is not None else (None if deadline else DEFAULT_ITERATIONS)
        while limit is None or self.iterations < limit:
            if deadline is not None and self.iterations and time.perf_counter() >= deadline:
                break
            self.iterate()
        return self.best()

    def iterate(self) -> None:
        """One iteration: sample, select/expand, play out, back up."""
        game, rng = self.game, self.rng
        state = self.info.sample(rng)
        self.iterations += 1
        node = self.root
        path: list[tuple[_Node, int]] = []
        decision = game.decision(state)
        while decision is not None:
            seat = decision.player
            children = node.children
            options = decision.options
            untried = [a for a in options if (seat, a) not in children]
            if untried:
                action = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                children[(seat, action)] = _Node()
                for a in options:
                    sibling = children.get((seat, a))
                    if sibling is not None:
                        sibling.available += 1
                child = children[(seat, action)]
            else:
                action, child = self.select(children, seat, options)
            game.apply(state, action, trusted=True)
            path.append((child, seat))
            node = child
            if untried:
                break
            decision = game.decision(state)
        wins, scores = self.playout(state)
        self.root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.win += wins[seat] if seat < len(wins) else 0.5
            child.score += scores[seat] if seat < len(scores) else self.middle()
        for value in scores:
            if value < self.low:
                self.low = value
            if value > self.high:
                self.high = value

    def select(
        self, children: dict[tuple[int, Action], _Node], seat: int, options: tuple[Action, ...]
    ) -> tuple[Action, _Node]:
        """UCB1 over the options available here, with availability counts (each available
        child's availability grows by one)."""
        c = self.bot.c
        best: tuple[Action, _Node] | None = None
        best_value = -math.inf
        for a in options:
            child = children[(seat, a)]
            child.available += 1
            value = self.value(child) + c * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best_value, best = value, (a, child)
        assert best is not None
        return best

    def value(self, node: _Node) -> float:
        """The node's mean reward for the seat that chose it, on ``[0, 1]``."""
        n = node.visits
        w = self.win_weight
        spread = self.high - self.low
        score = 0.5 if spread <= 0 else (node.score / n - self.low) / spread
        return w * (node.win / n) + (1.0 - w) * score

    def middle(self) -> float:
        return 0.0 if self.high < self.low else (self.low + self.high) / 2

    # -- playouts ---------------------------------------------------------------------------
    def playout(self, state: Any) -> tuple[list[float], list[float]]:
        """Play ``state`` on by the policy; ``(win parts, score parts)`` per seat."""
        game, rng = self.game, self.rng
        depth = self.bot.depth
        played = 0
        decision, apply = game.decision, game.apply
        bot = self.policy_bot
        d = decision(state)
        while d is not None:
            if depth is not None and played >= depth:
                return self.cut(state)
            if bot is None:
                options = d.options
                action = options[rng.randbelow(len(options))] if len(options) > 1 else options[0]
            else:
                action = self.policy_move(state, d)
            apply(state, action, trusted=True)
            played += 1
            d = decision(state)
        outcome = game.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{game.name}: no decision left but no outcome (ISMCTS playout)")
        return self.rewards(outcome.scores, outcome.winners)

    def policy_move(self, state: Any, decision: Any) -> Action:
        from . import choose

        game, seat = self.game, decision.player
        info = InfoSet(game, seat, decision, game.view(state, seat), partial(game.determinize, state, seat), self.info.config)
        return choose(self.policy_bot, info, self.rng)

    def cut(self, state: Any) -> tuple[list[float], list[float]]:
        """The reward of a playout stopped at ``depth``."""
        if self.estimate is not None:
            return self.rewards(tuple(self.estimate(state)), ())
        return [], []  # even: every seat backs up 0.5 and the middle score

    def rewards(self, scores: Any, winners: Any) -> tuple[list[float], list[float]]:
        """Win and score parts per seat of a result (see the module's notes)."""
        n = len(scores)
        if self.cooperative:
            won = 1.0 if winners else 0.0
            shared = sum(scores) / n if n else 0.0
            return [won] * n, [shared] * n
        share = 1.0 / len(winners) if winners else 0.0
        wins = [share if s in winners else 0.0 for s in range(n)]
        if n == 1:
            return wins, [float(scores[0])]
        total = sum(scores)
        margins = [s - (total - s) / (n - 1) for s in scores]
        return wins, margins

    # -- the answer -------------------------------------------------------------------------
    def best(self) -> Action:
        """The root option visited most (ties: better mean, then first listed)."""
        seat = self.info.decision.player
        children = self.root.children
        best = self.info.decision.options[0]
        key = (-1, -math.inf)
        for a in self.info.decision.options:
            child = children.get((seat, a))
            k = (0, -math.inf) if child is None or not child.visits else (child.visits, self.value(child))
            if k > key:
                key, best = k, a
        return best

    def statistics(self) -> list[tuple[Action, int, float]]:
        """``(option, visits, mean reward)`` of the root's options, for reports and tests."""
        seat = self.info.decision.player
        rows = []
        for a in self.info.decision.options:
            child = self.root.children.get((seat, a))
            if child is None or not child.visits:
                rows.append((a, 0, 0.0))
            else:
                rows.append((a, child.visits, self.value(child)))
        return rows


def heuristic_factory(game: Game[Any]) -> Callable[[], Any]:
    """The game's heuristic bot factory, for ``policy=heuristic``.

    Raises:
        ConfigError: if the game has no heuristic bot.
    """
    kinds: Mapping[str, Callable[[], Any]] = game.bot_kinds()
    factory = kinds.get("heuristic")
    if factory is None:
        raise ConfigError(
            f"ismcts policy=heuristic: {game.name} has no heuristic bot; use policy=random"
        )
    return factory


class ISMCTSBot:
    """Information-set MCTS (see the module's notes).

    Args:
        iters: iterations per decision (each one sample). Default 1000 when ``seconds`` is
            not given either.
        seconds: time per decision (wall clock); with ``iters`` too, whichever ends first.
            A time budget makes the choice depend on the machine's speed.
        c: the UCB1 exploration constant (rewards are on ``[0, 1]``).
        depth: playouts stop after this many decisions (``None``: at the end of the game).
        policy: ``random`` or ``heuristic`` (the game's heuristic bot) for playouts.
        reward: ``mixed``, ``win`` or ``score`` (see the module's notes).

    Raises:
        ConfigError: for a value out of range.
    """

    name = "ismcts"
    parameters: dict[str, tuple[Callable[[str], Any], str]] = {
        "iters": (partial(_whole, least=1), "iterations per decision"),
        "seconds": (_positive, "seconds per decision"),
        "c": (_exploration, "UCB1 exploration constant"),
        "depth": (partial(_whole, least=1), "playout length in decisions"),
        "policy": (_one_of(POLICIES), "playout policy: random or heuristic"),
        "reward": (_one_of(REWARDS), "mixed, win or score"),
    }
    """What ``KIND:key=value`` specs may set: ``name -> (parser of the text, help)``."""

    def __init__(
        self,
        iters: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        depth: int | None = None,
        policy: str = "random",
        reward: str = "mixed",
    ) -> None:
        if iters is not None and (isinstance(iters, bool) or not isinstance(iters, int) or iters < 1):
            raise ConfigError(f"ismcts iters={iters!r}: expects a whole number >= 1")
        if seconds is not None and not (isinstance(seconds, int | float) and 0 < seconds < math.inf):
            raise ConfigError(f"ismcts seconds={seconds!r}: expects a number of seconds > 0")
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
            raise ConfigError(f"ismcts depth={depth!r}: expects a whole number >= 1")
        if not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise ConfigError(f"ismcts c={c!r}: expects a number >= 0")
        if policy not in POLICIES:
            raise ConfigError(f"ismcts policy={policy!r}: expects one of {', '.join(POLICIES)}")
        if reward not in REWARDS:
            raise ConfigError(f"ismcts reward={reward!r}: expects one of {', '.join(REWARDS)}")
        self.iters = iters
        self.seconds = seconds
        self.c = float(c)
        self.depth = depth
        self.policy = policy
        self.reward = reward
        self.last: Search | None = None

    def check_game(self, game: Game[Any]) -> None:
        """Refuse a game this bot cannot play as configured.

        Raises:
            ConfigError: ``policy=heuristic`` for a game without a heuristic bot.
        """
        if self.policy == "heuristic":
            heuristic_factory(game)

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """Search from ``info`` (samples drawn with ``rng``) and return an option."""
        options = info.decision.options
        if len(options) == 1:
            self.last = None
            return options[0]
        search = self.last = Search(self, info, rng)
        return search.run()

    def __repr__(self) -> str:
        budget = f"iters={self.iters}" if self.seconds is None else f"seconds={self.seconds}"
        return f"<ISMCTSBot {budget} c={self.c} depth={self.depth} policy={self.policy}>"
