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
- an option never tried in this sample is expanded, then the sample is played on by the
  playout policy, to the end or for ``depth`` decisions;
- the result is backed up: each node gains the reward of the seat that chose its action.

Rewards (one per seat, documented choice). A finished game gives each seat a *win* part and
a *score* part:

- competitive games: win = ``1/k`` if the seat is one of ``k`` winners, else 0; score =
  its score minus the mean of the other seats' scores (a one-seat game: its score);
- co-operative games (``game.cooperative`` true): every seat gets the same: win = 1 if the
  players won, else 0; score = the shared score (the mean of the seats' scores).

The score part is normalised per search: at selection it is mapped onto ``[0, 1]`` by the
lowest and highest score part seen so far, so no game needs a hand-set scale.
``reward=mixed`` (default) weighs the two parts equally, ``win`` and ``score`` use one part
only. A playout cut at ``depth`` is worth the game's ``estimate(state)`` (a value in
``[0, 1]`` per seat, read from the public table only) where the game has one, else 0.5.

Strengthening (each one a parameter; see ``docs/bots.md``):

- *playouts*: ``random``, the game's ``heuristic`` bot, or ``mixed`` (epsilon-greedy: at
  each decision with a real choice a random option with chance ``epsilon``, else the
  heuristic's); a decision with one option never asks a policy;
- *truncation*: where the game has an ``estimate``, playouts stop after ``depth``
  decisions (default :data:`DEFAULT_DEPTH`) and are scored by it; where the game also has
  a ``stage(state)`` (a number that changes at its natural pauses, such as the round),
  ``cut=stage`` (the default there) stops a playout instead where the stage it began in
  ends, or after ``depth`` decisions (default :data:`DEFAULT_STAGE_DEPTH`), whichever is
  first: the estimate is then read where the round's costs have been counted;
- *prior*: the heuristic bot's choice at the root (asked with the real information set,
  like any bot) starts with ``prior`` virtual visits, each worth a full reward of 1
  (Gelly and Silver 2007's prior knowledge); they count in the final choice too;
- *reuse*: when every sample of the last search had this same seat deciding right after
  its chosen action (only chance or nothing in between, so the new information set refines
  the one searched below that action), the subtree below that action becomes the new root
  and its statistics are kept.

The final choice is the most visited of the root's options (virtual visits included; ties:
the better mean, then the first listed). A decision with one option is answered without
searching.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from ..core.engine import Action, Game
from ..core.errors import ConfigError
from ..core.infoset import InfoSet
from ..core.rng import RNG

__all__ = ["DEFAULT_DEPTH", "ISMCTSBot", "Search"]

DEFAULT_ITERATIONS = 1000
DEFAULT_DEPTH = 20
"""Playout length in decisions where the game has an ``estimate`` and ``depth`` is not set."""
DEFAULT_STAGE_DEPTH = 200
"""The most decisions a playout cut at the end of its stage may play (``cut=stage``)."""
CUTS = ("depth", "stage")
DEFAULT_EPSILON = 0.5
DEFAULT_PRIOR = 10
POLICIES = ("random", "heuristic", "mixed")
REWARDS = ("mixed", "win", "score")
_END = 1 << 62
"""The bit of :attr:`_Node.next` for "the game ended or the playout stopped here"."""


MAX_ITERS = 10_000_000
"""The most iterations a spec may ask for per decision (a bound, so no spec runs for ever)."""
MAX_SECONDS = 3600.0
"""The most seconds (wall or CPU) a spec may ask for per decision."""
_WHOLE = re.compile(r"[0-9]+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
"""Numbers in ASCII only: ``float``/``int`` would also take full-width or other scripts' digits."""


def _whole(text: str, least: int, most: int | None = None) -> int:
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"expects a whole number >= {least} in ASCII digits")
    value = int(text)
    if value < least:
        raise ValueError(f"expects a whole number >= {least}")
    if most is not None and value > most:
        raise ValueError(f"expects at most {most}")
    return value


def _number(text: str, expects: str) -> float:
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"expects {expects} (ASCII digits)")
    return float(text)


def _positive(text: str) -> float:
    value = _number(text, "a number of seconds > 0, like 0.5")
    if not math.isfinite(value) or value <= 0:
        raise ValueError("expects a number of seconds > 0, like 0.5")
    if value > MAX_SECONDS:
        raise ValueError(f"expects at most {MAX_SECONDS:g} seconds")
    return value


def _exploration(text: str) -> float:
    value = _number(text, "a number >= 0, like 0.7")
    if not math.isfinite(value) or value < 0:
        raise ValueError("expects a number >= 0, like 0.7")
    return value


def _chance(text: str) -> float:
    value = _number(text, "a number from 0 to 1, like 0.5")
    if not 0 <= value <= 1:
        raise ValueError("expects a number from 0 to 1, like 0.5")
    return value


def _yes_no(text: str) -> bool:
    if text in ("yes", "1", "true", "on"):
        return True
    if text in ("no", "0", "false", "off"):
        return False
    raise ValueError("expects yes or no")


def _one_of(names: tuple[str, ...]) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in names:
            raise ValueError(f"expects one of {', '.join(names)}")
        return text

    return parse


class _Node:
    """A node of the tree: the actions from the root that lead here, shared by samples.

    ``win`` and ``score`` sum the parts of the ``scored`` playouts that reached the end of
    the game; ``value`` sums the ``[0, 1]`` values of the playouts cut short; ``prior`` is
    virtual visits, each worth 1. ``next`` has bit ``s`` set when seat ``s`` was seen to
    decide right after this node's action (:data:`_END` when nothing did)."""

    __slots__ = ("children", "visits", "available", "win", "score", "scored", "value", "prior", "next")

    def __init__(self) -> None:
        self.children: dict[tuple[int, Action], _Node] = {}
        self.visits = 0
        self.available = 0
        self.win = 0.0
        self.score = 0.0
        self.scored = 0
        self.value = 0.0
        self.prior = 0
        self.next = 0


class _Kept:
    """The subtree a search leaves for the next decision of the same seat."""

    __slots__ = ("game", "seat", "node", "low", "high")

    def __init__(self, game: Any, seat: int, node: _Node, low: float, high: float) -> None:
        self.game, self.seat, self.node, self.low, self.high = game, seat, node, low, high


class Search:
    """One search from one information set (what :class:`ISMCTSBot` runs per decision).

    Attributes:
        iterations: iterations run by this search (each draws one sample).
        root: the tree's root.
        reused: the root came from the previous search (its statistics were kept).
        hint: the heuristic bot's choice at the root (``None`` without a prior).
    """

    def __init__(self, bot: ISMCTSBot, info: InfoSet, rng: RNG, kept: _Kept | None = None) -> None:
        self.bot = bot
        self.info = info
        self.game: Game[Any] = info.game
        self.rng = rng
        self.iterations = 0
        self.cooperative = info.config is not None and bool(self.game.cooperative(info.config))
        self.estimate = getattr(self.game, "estimate", None)
        self.depth = bot.playout_depth(self.game)
        self.stage: Callable[[Any], Any] | None = (
            getattr(self.game, "stage", None) if bot.playout_cut(self.game) == "stage" else None
        )
        self.win_weight = {"mixed": 0.5, "win": 1.0, "score": 0.0}[bot.reward]
        self.greedy = bot.heuristic_share(self.game)
        self.policy_bot: Any = heuristic_factory(self.game)() if self.greedy > 0 else None
        if kept is not None:
            self.root, self.low, self.high, self.reused = kept.node, kept.low, kept.high, True
        else:
            self.root, self.low, self.high, self.reused = _Node(), math.inf, -math.inf, False
        self.hint: Action | None = None
        prior = bot.prior_visits(self.game)
        if prior:
            from . import choose

            seat = info.decision.player
            self.hint = choose(heuristic_factory(self.game)(), info, rng)
            child = self.root.children.get((seat, self.hint))
            if child is None:
                child = self.root.children[(seat, self.hint)] = _Node()
            child.prior = max(child.prior, prior)

    # -- the loop ---------------------------------------------------------------------------
    def run(self) -> Action:
        """Search within the bot's budget and return the chosen option."""
        bot = self.bot
        deadline = None if bot.seconds is None else time.perf_counter() + bot.seconds
        cpu_end = None if bot.cpu is None else time.process_time() + bot.cpu
        timed = deadline is not None or cpu_end is not None
        limit = bot.iters if bot.iters is not None else (None if timed else DEFAULT_ITERATIONS)
        while limit is None or self.iterations < limit:
            if self.iterations and (
                (deadline is not None and time.perf_counter() >= deadline)
                or (cpu_end is not None and time.process_time() >= cpu_end)
            ):
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
            decision = game.decision(state)
            child.next |= _END if decision is None else 1 << decision.player
            if untried:
                break
        result = self.playout(state, decision)
        self.root.visits += 1
        if len(result) == 2:
            wins, scores = result
            for child, seat in path:
                child.visits += 1
                if seat < len(wins):
                    child.win += wins[seat]
                    child.score += scores[seat]
                    child.scored += 1
                else:
                    child.value += 0.5
            for value in scores:
                if value < self.low:
                    self.low = value
                if value > self.high:
                    self.high = value
        else:
            values = result[0]
            for child, seat in path:
                child.visits += 1
                child.value += values[seat] if seat < len(values) else 0.5

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
            n = child.visits + child.prior
            value = self.value(child) + c * math.sqrt(math.log(child.available) / n) if n else math.inf
            if value > best_value:
                best_value, best = value, (a, child)
        assert best is not None
        return best

    def value(self, node: _Node) -> float:
        """The node's mean reward for the seat that chose it, on ``[0, 1]`` (virtual visits
        count as rewards of 1)."""
        n = node.visits + node.prior
        if not n:
            return 0.0
        w = self.win_weight
        spread = self.high - self.low
        if node.scored:
            scored = (node.score - node.scored * self.low) / spread if spread > 0 else 0.5 * node.scored
            ended = w * node.win + (1.0 - w) * scored
        else:
            ended = 0.0
        return (ended + node.value + node.prior) / n

    # -- playouts ---------------------------------------------------------------------------
    def playout(self, state: Any, d: Any) -> tuple[list[float], ...]:
        """Play ``state`` (whose next decision is ``d``) on by the policy: ``(win parts,
        score parts)`` per seat at the end of the game, or ``(values,)`` when cut short."""
        game, rng = self.game, self.rng
        depth = self.depth
        stage = self.stage
        begun = stage(state) if stage is not None else None
        played = 0
        apply = game.apply
        greedy = self.greedy
        threshold = round(greedy * 1_000_000)  # a heuristic move when randbelow(10**6) < this
        while d is not None:
            if depth is not None and played >= depth:
                return self.cut(state)
            if stage is not None and stage(state) != begun:
                return self.cut(state)
            options = d.options
            if len(options) == 1:
                action = options[0]
            elif greedy and (greedy >= 1 or rng.randbelow(1_000_000) < threshold):
                action = self.policy_move(state, d)
            else:
                action = options[rng.randbelow(len(options))]
            apply(state, action, trusted=True)
            played += 1
            d = game.decision(state)
        outcome = game.outcome(state)
        if outcome is None:
            raise RuntimeError(f"{game.name}: no decision left but no outcome (ISMCTS playout)")
        return self.rewards(outcome.scores, outcome.winners)

    def policy_move(self, state: Any, decision: Any) -> Action:
        from . import choose

        game, seat = self.game, decision.player
        info = InfoSet(game, seat, decision, game.view(state, seat), partial(game.determinize, state, seat), self.info.config)
        return choose(self.policy_bot, info, self.rng)

    def cut(self, state: Any) -> tuple[list[float]]:
        """The values of a playout stopped short (``depth``, or its stage's end): the game's
        estimate, else even."""
        if self.estimate is not None:
            return ([min(1.0, max(0.0, float(v))) for v in self.estimate(state)],)
        return ([],)  # even: every seat backs up 0.5

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
        """The root option visited most, virtual visits included (ties: better mean, then
        first listed)."""
        seat = self.info.decision.player
        children = self.root.children
        best = self.info.decision.options[0]
        key = (-1, -math.inf)
        for a in self.info.decision.options:
            child = children.get((seat, a))
            n = 0 if child is None else child.visits + child.prior
            k = (0, -math.inf) if child is None or not n else (n, self.value(child))
            if k > key:
                key, best = k, a
        return best

    def kept(self, action: Action) -> _Kept | None:
        """The subtree below ``action`` for the seat's next decision, if every sample had
        this seat deciding right after it (see the module's notes)."""
        seat = self.info.decision.player
        child = self.root.children.get((seat, action))
        if child is None or not child.visits or child.next != 1 << seat:
            return None
        return _Kept(self.game, seat, child, self.low, self.high)

    def statistics(self) -> list[tuple[Action, int, float]]:
        """``(option, visits, mean reward)`` of the root's options, for reports and tests
        (visits without the virtual ones)."""
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
    """The game's heuristic bot factory, for heuristic playouts and the prior.

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


def _has_heuristic(game: Game[Any]) -> bool:
    return "heuristic" in game.bot_kinds()


class ISMCTSBot:
    """Information-set MCTS (see the module's notes).

    Args:
        iters: iterations per decision (each one sample). Default 1000 when no time budget
            (``seconds``, ``cpu``) is given either; at most :data:`MAX_ITERS`.
        seconds: time per decision (wall clock); with ``iters`` too, whichever ends first;
            at most :data:`MAX_SECONDS` (so is ``cpu``).
            A time budget makes the choice depend on the machine's speed.
        cpu: CPU time of this process per decision (what other work on the machine does not
            take away); with other budgets, whichever ends first.
        c: the UCB1 exploration constant (rewards are on ``[0, 1]``).
        depth: playouts stop after this many decisions; 0: at the end of the game;
            ``None`` (default): :data:`DEFAULT_DEPTH` where the game has an ``estimate``
            (:data:`DEFAULT_STAGE_DEPTH` with ``cut=stage``), else at the end.
        cut: ``depth`` (playouts stop after ``depth`` decisions) or ``stage`` (also at the
            end of the stage they began in, such as the round: games with ``estimate`` and
            ``stage``); ``None`` (default): ``stage`` where the game has both.
        policy: ``random``, ``heuristic`` or ``mixed`` playouts; ``None`` (default):
            ``mixed`` where the game has a heuristic bot, else ``random``.
        epsilon: in ``mixed`` playouts, the chance of a random move at a real choice.
        prior: virtual visits for the heuristic bot's choice at the root (0: none);
            ``None`` (default): :data:`DEFAULT_PRIOR` where the game has a heuristic bot.
        reuse: keep the subtree below the chosen option for the seat's next decision when
            the new information set refines it.
        reward: ``mixed``, ``win`` or ``score`` (see the module's notes).

    Raises:
        ConfigError: for a value out of range.
    """

    name = "ismcts"
    parameters: dict[str, tuple[Callable[[str], Any], str]] = {
        "iters": (partial(_whole, least=1, most=MAX_ITERS), "iterations per decision"),
        "seconds": (_positive, "seconds per decision"),
        "cpu": (_positive, "CPU seconds per decision"),
        "c": (_exploration, "UCB1 exploration constant"),
        "depth": (partial(_whole, least=0), "playout length in decisions, 0 to the end"),
        "cut": (_one_of(CUTS), "where playouts stop: depth, or stage (the round's end)"),
        "policy": (_one_of(POLICIES), "playout policy: random, heuristic or mixed"),
        "epsilon": (_chance, "chance of a random playout move in mixed playouts"),
        "prior": (partial(_whole, least=0), "virtual visits for the heuristic's choice"),
        "reuse": (_yes_no, "keep the subtree for the next decision: yes or no"),
        "reward": (_one_of(REWARDS), "mixed, win or score"),
    }
    """What ``KIND:key=value`` specs may set: ``name -> (parser of the text, help)``."""

    def __init__(
        self,
        iters: int | None = None,
        seconds: float | None = None,
        c: float = 0.7,
        depth: int | None = None,
        policy: str | None = None,
        reward: str = "mixed",
        cpu: float | None = None,
        epsilon: float = DEFAULT_EPSILON,
        prior: int | None = None,
        reuse: bool = True,
        cut: str | None = None,
    ) -> None:
        if iters is not None and (
            isinstance(iters, bool) or not isinstance(iters, int) or not 1 <= iters <= MAX_ITERS
        ):
            raise ConfigError(f"ismcts iters={iters!r}: expects a whole number from 1 to {MAX_ITERS}")
        for name, budget in (("seconds", seconds), ("cpu", cpu)):
            if budget is not None and not (isinstance(budget, int | float) and 0 < budget <= MAX_SECONDS):
                raise ConfigError(
                    f"ismcts {name}={budget!r}: expects a number of seconds > 0, at most {MAX_SECONDS:g}"
                )
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
            raise ConfigError(f"ismcts depth={depth!r}: expects a whole number >= 0")
        if not isinstance(c, int | float) or not 0 <= c < math.inf:
            raise ConfigError(f"ismcts c={c!r}: expects a number >= 0")
        if policy is not None and policy not in POLICIES:
            raise ConfigError(f"ismcts policy={policy!r}: expects one of {', '.join(POLICIES)}")
        if not isinstance(epsilon, int | float) or not 0 <= epsilon <= 1:
            raise ConfigError(f"ismcts epsilon={epsilon!r}: expects a number from 0 to 1")
        if prior is not None and (isinstance(prior, bool) or not isinstance(prior, int) or prior < 0):
            raise ConfigError(f"ismcts prior={prior!r}: expects a whole number >= 0")
        if not isinstance(reuse, bool):
            raise ConfigError(f"ismcts reuse={reuse!r}: expects yes or no")
        if cut is not None and cut not in CUTS:
            raise ConfigError(f"ismcts cut={cut!r}: expects one of {', '.join(CUTS)}")
        if reward not in REWARDS:
            raise ConfigError(f"ismcts reward={reward!r}: expects one of {', '.join(REWARDS)}")
        self.iters = iters
        self.seconds = seconds
        self.cpu = cpu
        self.c = float(c)
        self.depth = depth
        self.cut = cut
        self.policy = policy
        self.epsilon = float(epsilon)
        self.prior = prior
        self.reuse = reuse
        self.reward = reward
        self.last: Search | None = None
        self._kept: _Kept | None = None

    # -- what the defaults come to for a game -----------------------------------------------
    def playout_policy(self, game: Game[Any]) -> str:
        """The playout policy for ``game`` (the default depends on its having a heuristic)."""
        if self.policy is not None:
            return self.policy
        return "mixed" if _has_heuristic(game) else "random"

    def heuristic_share(self, game: Game[Any]) -> float:
        """The chance that a playout move with a real choice is the heuristic's."""
        policy = self.playout_policy(game)
        return {"random": 0.0, "heuristic": 1.0, "mixed": 1.0 - self.epsilon}[policy]

    def playout_depth(self, game: Game[Any]) -> int | None:
        """Decisions a playout may play (``None``: to the end of the game)."""
        if self.depth is not None:
            return self.depth or None
        if getattr(game, "estimate", None) is None:
            return None
        return DEFAULT_STAGE_DEPTH if self.playout_cut(game) == "stage" else DEFAULT_DEPTH

    def playout_cut(self, game: Game[Any]) -> str:
        """Where playouts stop short for ``game``: ``depth`` or ``stage``.

        Raises:
            ConfigError: ``cut=stage`` for a game without ``stage`` and ``estimate``.
        """
        lacks = [part for part in ("stage", "estimate") if getattr(game, part, None) is None]
        if self.cut is None:
            return "depth" if lacks else "stage"
        if self.cut == "stage" and lacks:
            raise ConfigError(
                f"ismcts cut=stage: {game.name} has no {' or '.join(lacks)} (a stage cut needs "
                "a stage to stop at and an estimate to score there); use cut=depth"
            )
        return self.cut

    def prior_visits(self, game: Game[Any]) -> int:
        """Virtual visits for the heuristic bot's choice at the root."""
        if self.prior is not None:
            return self.prior
        return DEFAULT_PRIOR if _has_heuristic(game) else 0

    def check_game(self, game: Game[Any]) -> None:
        """Refuse a game this bot cannot play as configured.

        Raises:
            ConfigError: heuristic or mixed playouts, or a prior, asked for a game without
                a heuristic bot; ``cut=stage`` for a game without stages.
        """
        self.playout_cut(game)
        if self.policy in ("heuristic", "mixed") or self.prior:
            if not _has_heuristic(game):
                what = f"policy={self.policy}" if self.policy in ("heuristic", "mixed") else f"prior={self.prior}"
                raise ConfigError(
                    f"ismcts {what}: {game.name} has no heuristic bot; use policy=random, prior=0"
                )

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """Search from ``info`` (samples drawn with ``rng``) and return an option."""
        options = info.decision.options
        kept, self._kept = self._kept, None
        if len(options) == 1:
            self.last = None
            if kept is not None:
                # a forced move of the same seat: follow it down the kept subtree
                child = kept.node.children.get((info.seat, options[0]))
                if child is not None and child.visits and child.next == 1 << info.seat:
                    kept.node = child
                    self._kept = kept
            return options[0]
        if kept is not None and (kept.game is not info.game or kept.seat != info.seat):
            kept = None
        search = self.last = Search(self, info, rng, kept)
        action = search.run()
        if self.reuse:
            self._kept = search.kept(action)
        return action

    def __repr__(self) -> str:
        budget = f"iters={self.iters}" if self.seconds is None else f"seconds={self.seconds}"
        return f"<ISMCTSBot {budget} c={self.c} depth={self.depth} cut={self.cut} policy={self.policy}>"
