"""The conformance suite: checks every game and notable config must pass.

Call :func:`check_game` from a game's tests with a list of configs. Each check failure raises
:class:`ConformanceError` whose message starts with the broken property in brackets:

1. ``[termination]`` seeded random playouts end within a bound and never raise;
2. ``[determinism]`` the same record gives an identical serialised state at every step;
3. ``[round-trip]`` encode/decode and clone reproduce the state at every step, and play
   continues identically from a decoded copy;
4. ``[illegal-action]`` a non-option (wrong type included) raises ``IllegalAction`` with a
   message and leaves the state unchanged;
5. ``[hidden-information]`` a determinized state (what the seat cannot see reshuffled, the
   RNG re-seeded) gives that seat the same view, so views hide what they should;
6. ``[invariants]`` the game's own declared invariants hold at every step;
7. ``[bounded]`` a first-option, a last-option and a random policy each end the game within
   ``game.max_decisions(config)`` decisions;
8. ``[determinize]`` a state sampled for the deciding seat offers it the same decision;
9. ``[catalogue]`` every option of every decision has an id in ``game.action_space(config)``
   that maps back to it;
10. ``[events]`` the events a seat sees never depend on what it cannot see: from a state
    and a copy determinized for that seat (with the same future chance), the same actions
    give that seat the same events until something hidden is revealed.

Views must also be JSON-safe, and decisions well-formed (``[decision]``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from .engine import Action, Decision, Game, Outcome
from .errors import IllegalAction
from .match import Match, make_config
from .rng import RNG, seed_for

__all__ = ["CHECKS", "ConformanceError", "check_game", "policy_playout", "random_playout"]

CHECKS = (
    "termination",
    "determinism",
    "round-trip",
    "illegal-action",
    "hidden-information",
    "invariants",
    "bounded",
    "determinize",
    "catalogue",
    "events",
)


class ConformanceError(AssertionError):
    """A game broke a conformance property; the message names it in brackets."""


def _fail(check: str, where: str, message: str) -> ConformanceError:
    return ConformanceError(f"[{check}] {where}: {message}")


def random_playout(
    game: Game[Any], config: Any, seed: int, max_steps: int = 20_000
) -> Match:
    """Play a game to the end choosing uniformly among options (seeded from ``seed``).

    Raises:
        ConformanceError: ``[termination]`` if it does not end within ``max_steps``.
    """
    match = Match.new(game, config, seed=seed)
    chooser = RNG.from_seed(seed_for("playout", seed))
    for _ in range(max_steps):
        decision = match.decision
        if decision is None:
            return match
        match.play(chooser.choice(decision.options))
    raise _fail("termination", f"seed {seed}", f"no end within {max_steps} decisions")


def policy_playout(game: Game[Any], config: Any, seed: int, policy: str) -> Match:
    """Play to the end always choosing the ``"first"``, ``"last"`` or a ``"random"`` option.

    Raises:
        ConformanceError: ``[bounded]`` if the game declares no bound, or does not end within
            ``game.max_decisions(config)``.
    """
    cfg = make_config(game, config)
    label = f"config {cfg.model_dump(mode='json')} seed {seed} {policy}-option policy"
    try:
        bound = game.max_decisions(cfg)
    except NotImplementedError as exc:
        raise _fail("bounded", label, str(exc)) from None
    match = Match.new(game, cfg, seed=seed)
    chooser = RNG.from_seed(seed_for("policy", seed))
    for _ in range(bound + 1):
        decision = match.decision
        if decision is None:
            return match
        options = decision.options
        pick = options[0] if policy == "first" else options[-1] if policy == "last" else chooser.choice(options)
        match.play(pick)
    raise _fail("bounded", label, f"no end within max_decisions = {bound}")


def _bad_actions(decision: Decision) -> list[Any]:
    candidates: list[Any] = [None, 42, "roll", decision.options[0].to_json(), Action("zz-not-an-option")]
    for option in decision.options[:3]:
        candidates.append(Action(option.kind, ("zz-bad-value",)))
    return [c for c in candidates if not (isinstance(c, Action) and c in decision.options)]


def _check_decision(game: Game[Any], decision: Decision, seats: int, where: str) -> None:
    if not isinstance(decision, Decision):
        raise _fail("decision", where, f"decision() returned {decision!r}")
    if not decision.options:
        raise _fail("decision", where, f"decision {decision.kind!r} has no options")
    if not 0 <= decision.player < seats:
        raise _fail("decision", where, f"player {decision.player} is not a seat (0-{seats - 1})")
    if any(not isinstance(a, Action) for a in decision.options):
        raise _fail("decision", where, "an option is not an Action")
    if len(set(decision.options)) != len(decision.options):
        raise _fail("decision", where, f"decision {decision.kind!r} lists an option twice")


def _space(game: Game[Any], config: Any, where: str) -> Any:
    try:
        return game.action_space(config)
    except NotImplementedError as exc:
        raise _fail("catalogue", where, str(exc)) from None


def _new_events(state: Any, seat: int) -> list[tuple[str, Any]]:
    """Drain ``state.events`` and return those ``seat`` sees, without their numbers."""
    evs = state.events
    seen = [(e.kind, e.args) for e in evs if e.seen_by(seat)]
    evs.clear()
    return seen


def _check_events(game: Game[Any], state: Any, seats: int, where: str, depth: int = 4) -> None:
    if not hasattr(state, "events"):
        raise _fail("events", where, "the state keeps no structured events (state.events)")
    for seat in range(seats):
        real = game.clone(state)
        det = game.determinize(state, seat, RNG.from_seed(seed_for("det-events", where, seat)))
        det.rng = game.clone(state).rng  # the same future chance: only hidden things differ
        _new_events(real, seat)
        _new_events(det, seat)
        chooser = RNG.from_seed(seed_for("events", where, seat))
        for k in range(depth):
            d1, d2 = game.decision(real), game.decision(det)
            if d1 is None or d2 is None or d1 != d2:
                break  # another seat's options may differ with its reshuffled hand
            action = chooser.choice(d1.options)
            reveals = real.rng.reveals
            game.apply(real, action, trusted=True)
            game.apply(det, action, trusted=True)
            if real.rng.reveals != reveals or det.rng.reveals != reveals:
                break  # something hidden was turned face up: the seat may now learn it
            a, b = _new_events(real, seat), _new_events(det, seat)
            if a != b:
                raise _fail(
                    "events",
                    f"{where} +{k + 1}",
                    f"seat {seat} sees different events when only what it cannot see differs: "
                    f"{a[:3]} vs {b[:3]}",
                )


def _check_state(
    game: Game[Any],
    state: Any,
    decision: Decision | None,
    seats: int,
    where: str,
    checks: set[str],
    config: Any = None,
) -> None:
    if "invariants" in checks:
        broken = game.invariants(state)
        if broken:
            raise _fail("invariants", where, "; ".join(broken))
    encoded = game.encode(state)
    if "round-trip" in checks:
        copy = game.decode(encoded)
        if game.encode(copy) != encoded:
            raise _fail("round-trip", where, "decode(encode(state)) differs from the state")
        if game.encode(game.clone(state)) != encoded:
            raise _fail("round-trip", where, "clone(state) differs from the state")
        if game.decision(copy) != decision:
            raise _fail("round-trip", where, "the decoded state offers a different decision")
    for player in [None, *range(seats)]:
        try:
            json.dumps(game.view(state, player))
        except (TypeError, ValueError) as exc:
            raise _fail("hidden-information", where, f"view for {player} is not JSON-safe: {exc}") from None
    if "hidden-information" in checks and decision is not None:
        for player in range(seats):
            det = game.determinize(state, player, RNG.from_seed(seed_for("det", where, player)))
            if game.encode(state) != encoded:
                raise _fail("hidden-information", where, "determinize() changed the original state")
            if game.view(det, player) != game.view(state, player):
                raise _fail(
                    "hidden-information",
                    where,
                    f"seat {player}'s view changes when what it cannot see is reshuffled: "
                    "the view leaks hidden information (or determinize changes visible things)",
                )
            if det.rng.state == state.rng.state:
                raise _fail("hidden-information", where, "determinize() kept the RNG: future chance is known")
    if decision is not None and "determinize" in checks:
        p = decision.player
        det = game.determinize(state, p, RNG.from_seed(seed_for("det-options", where)))
        other = game.decision(det)
        if other is None or other.player != p or other.kind != decision.kind or set(
            other.options
        ) != set(decision.options):
            raise _fail(
                "determinize",
                where,
                f"seat {p}'s decision {decision.kind!r} differs in a state sampled for it: its "
                "options depend on something it cannot see",
            )
    if decision is not None and "catalogue" in checks:
        space = _space(game, config, where)
        for a in decision.options:
            try:
                i = space.id(a)
            except IllegalAction:
                raise _fail("catalogue", where, f"option {a!r} has no id in the action catalogue") from None
            if space.action(i) != a:
                raise _fail("catalogue", where, f"id {i} of {a!r} maps back to {space.action(i)!r}")
    if decision is not None and "events" in checks:
        _check_events(game, state, seats, where)
    if "illegal-action" in checks and decision is not None:
        for bad in _bad_actions(decision):
            try:
                game.apply(state, bad)
            except IllegalAction as exc:
                if not str(exc):
                    raise _fail("illegal-action", where, f"IllegalAction for {bad!r} has no message") from None
            except Exception as exc:  # noqa: BLE001 - any other error is the failure
                raise _fail("illegal-action", where, f"{bad!r} raised {type(exc).__name__}: {exc}") from None
            else:
                raise _fail("illegal-action", where, f"{bad!r} was accepted")
            if game.encode(state) != encoded:
                raise _fail("illegal-action", where, f"refusing {bad!r} changed the state")


def _playout_with_checks(
    game: Game[Any], config: Any, seed: int, max_steps: int, checks: set[str]
) -> None:
    cfg = make_config(game, config)
    label = f"config {cfg.model_dump(mode='json')} seed {seed}"
    seats = game.seats(cfg)
    try:
        match = Match.new(game, cfg, seed=seed)
    except Exception as exc:
        raise _fail("termination", label, f"set-up raised {type(exc).__name__}: {exc}") from exc
    chooser = RNG.from_seed(seed_for("playout", seed))
    encodings: list[bytes] = []
    step = 0
    while True:
        where = f"{label} step {step}"
        decision = match.decision
        try:
            if decision is not None:
                _check_decision(game, decision, seats, where)
            _check_state(game, match.state, decision, seats, where, checks, cfg)
        except ConformanceError:
            raise
        except Exception as exc:
            raise _fail("termination", where, f"raised {type(exc).__name__}: {exc}") from exc
        encodings.append(game.encode(match.state))
        if decision is None:
            outcome = game.outcome(match.state)
            if not isinstance(outcome, Outcome) or len(outcome.scores) != seats:
                raise _fail("termination", where, f"bad outcome at the end: {outcome!r}")
            break
        if step >= max_steps:
            raise _fail("termination", label, f"no end within {max_steps} decisions")
        action = chooser.choice(decision.options)
        try:
            match.play(action)
        except Exception as exc:
            raise _fail("termination", where, f"playing {action!r} raised {type(exc).__name__}: {exc}") from exc
        step += 1

    actions = [s.action for s in match.steps]
    if "determinism" in checks:
        again = Match.new(game, cfg, seed=seed)
        for i, action in enumerate(actions):
            if game.encode(again.state) != encodings[i]:
                raise _fail("determinism", f"{label} step {i}", "replaying the record gives a different state")
            again.play(action)
        if game.encode(again.state) != encodings[-1]:
            raise _fail("determinism", label, "replaying the record gives a different final state")
    if "round-trip" in checks and actions:
        probes = sorted({0, len(actions) // 3, (2 * len(actions)) // 3, len(actions) - 1})
        for start in probes:
            replay = Match.new(game, cfg, seed=seed)
            for action in actions[:start]:
                replay.play(action)
            copy = Match(game, cfg, seed, game.decode(game.encode(replay.state)))
            for action in actions[start:]:
                copy.play(action)
            if game.encode(copy.state) != encodings[-1]:
                raise _fail(
                    "round-trip", f"{label} step {start}", "play from a decoded copy diverges"
                )


def check_game(
    game: Game[Any],
    configs: Iterable[Any] = ({},),
    seeds: Sequence[int] = (0, 1, 2),
    max_steps: int = 20_000,
    checks: Iterable[str] = CHECKS,
) -> None:
    """Run the conformance checks on ``game`` for every config and seed.

    Args:
        game: the rules object.
        configs: Configs or dicts of options.
        seeds: one random playout per seed and config.
        max_steps: decisions allowed before ``[termination]`` fails.
        checks: a subset of :data:`CHECKS` (all by default).
    Raises:
        ConformanceError: at the first broken property, naming it, the config, seed and step.
    """
    wanted = set(checks)
    unknown = wanted - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown checks {sorted(unknown)}; choose from {CHECKS}")
    for config in configs:
        for seed in seeds:
            _playout_with_checks(game, config, seed, max_steps, wanted)
        if "bounded" in wanted:
            for policy in ("first", "last", "random"):
                policy_playout(game, config, seeds[0] if seeds else 0, policy)
