"""A :class:`Match` is one game being played: its state plus its record.

Front ends (terminal, web, simulator, RL wrappers) speak to games through ``Match``. It
validates every action, keeps the record, and implements undo with the Board Game Arena
policy: an action can be taken back only by the seat that played it, only while that seat
is still the one deciding, and never across chance (a die roll, a draw, a shuffle, a reveal).
Undo replays the record from the start instead of keeping copies of old states.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .engine import Action, BaseConfig, Decision, Game, Outcome
from .errors import ConfigError, ContentError, IllegalAction, RecordError
from .records import SEED_LIMIT, Record, Step

__all__ = ["Match", "make_config"]


def make_config(game: Game[Any], config: Any = None, **options: Any) -> BaseConfig:
    """Build and validate ``game``'s Config from a Config, a dict, and/or keyword options.

    Raises:
        ConfigError: naming the option that is wrong and why.
    """
    if isinstance(config, game.Config) and not options:
        return config
    data: dict[str, Any] = {}
    if isinstance(config, BaseConfig):
        data.update(config.model_dump())
    elif isinstance(config, dict):
        data.update(config)
    elif config is not None:
        raise ConfigError(f"config must be a {game.Config.__name__} or a dict, got {config!r}")
    data.update(options)
    try:
        return game.Config.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'config'}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"{game.name}: invalid config: {problems}") from None


def _shown(action: object) -> str:
    """``repr(action)`` for a message, or a description when it cannot be written out (an
    integer of thousands of digits, a value nested thousands deep)."""
    try:
        text = repr(action)
    except (ValueError, RecursionError):
        return "an action whose value is too large or too deeply nested to write out"
    return text if len(text) <= 200 else text[:200] + "..."


class Match:
    """One game in progress: state, record, and the validated way to move it on.

    Create with :meth:`new` (or ``zedlab.make``), :meth:`replay` or :meth:`load`.

    Attributes:
        game: the game's rules object.
        config: the validated config.
        seed: the seed the game was set up with.
    """

    __slots__ = ("game", "config", "seed", "state", "_steps", "_decision")

    def __init__(self, game: Game[Any], config: BaseConfig, seed: int, state: Any) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state = state
        # (player, action, chance) tuples: cheaper than Step objects on the hot path.
        self._steps: list[tuple[int, Action, bool]] = []
        self._decision: Decision | None = game.decision(state)

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(
        cls, game: Game[Any], config: Any = None, seed: int | None = None, **options: Any
    ) -> Match:
        """Set up a new game.

        Args:
            game: the rules object (see ``zedlab.get``).
            config: a Config or dict; keyword ``options`` override its fields.
            seed: an integer from 0 to 2**64 - 1; ``None`` picks a fresh random one (kept in
                the record).
        Raises:
            ConfigError: if the config is invalid.
        """
        cfg = make_config(game, config, **options)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"seed must be an integer, got {seed!r}")
        if not 0 <= seed < SEED_LIMIT:
            raise ConfigError(f"seed {seed} is out of range; seeds are 0 to {SEED_LIMIT - 1}")
        return cls(game, cfg, seed, game.new(cfg, seed))

    @classmethod
    def replay(cls, record: Record, game: Game[Any] | None = None, upto: int | None = None) -> Match:
        """Rebuild a game from its record (optionally only its first ``upto`` steps).

        Raises:
            RecordError: if the game is unknown, the config invalid (or its content folder
                does not load), or a step is not legal when replayed (the message names the
                step).
        """
        if game is None:
            from .registry import get

            try:
                game = get(record.game)
            except ConfigError as exc:
                raise RecordError(str(exc)) from None
        elif game.name != record.game:
            raise RecordError(f"record is of game {record.game!r}, not {game.name!r}")
        try:
            match = cls.new(game, record.config, seed=record.seed)
        except (ConfigError, ContentError) as exc:
            raise RecordError(f"record config does not load: {exc}") from None
        steps = record.steps if upto is None else record.steps[:upto]
        note = ""
        if record.rules_version != game.rules_version:
            note = f" (recorded with rules v{record.rules_version}, now v{game.rules_version})"
        for i, step in enumerate(steps):
            decision = match._decision
            if decision is None:
                raise RecordError(f"step {i}: the game was already over{note}")
            if decision.player != step.player:
                raise RecordError(
                    f"step {i}: recorded for seat {step.player} but seat {decision.player} "
                    f"decides{note}"
                )
            try:
                match.play(step.action)
            except IllegalAction as exc:
                raise RecordError(f"step {i}: {exc}{note}") from None
            if match._steps[-1][2] != step.chance:
                raise RecordError(f"step {i}: chance differs from the record{note}")
        if upto is None and record.outcome is not None:
            outcome = match.outcome
            if outcome is None or outcome.to_json() != record.outcome:
                replayed = "the game is not over" if outcome is None else "it ends otherwise"
                raise RecordError(
                    f"the record's outcome does not match its steps: replayed, {replayed}{note}"
                )
        return match

    @classmethod
    def load(cls, path: str | Path) -> Match:
        """Load a saved game (a record file) and replay it.

        Raises:
            RecordError: if the file is damaged, foreign, or does not replay.
        """
        record = Record.load(path)
        try:
            return cls.replay(record)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None

    # -- playing --------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The pending decision; ``None`` when the game is over."""
        return self._decision

    @property
    def options(self) -> tuple[Action, ...]:
        """The current legal actions (empty when over)."""
        d = self._decision
        return d.options if d is not None else ()

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self._decision is None

    def play(self, action: Action) -> None:
        """Play one of the current options.

        Raises:
            IllegalAction: if ``action`` is not one of them (any type, also a value too
                large or too deeply nested to compare or print); nothing changes.
        """
        decision = self._decision
        if decision is None:
            raise IllegalAction("the game is over; no action can be played")
        options = decision.options
        try:
            # the game's own option object: its label, not one carried in from outside
            action = options[options.index(action)]
        except (ValueError, TypeError, RecursionError):
            # a value too large or too deep to name is said below
            with suppress(ValueError, TypeError, RecursionError):
                self.game.check_legal(self.state, action)  # type: ignore[attr-defined]
            raise IllegalAction(f"{_shown(action)} is not one of the current options") from None
        rng = self.state.rng
        before = rng.draws + rng.reveals
        self.game.apply(self.state, action, trusted=True)
        rng = self.state.rng
        self._steps.append((decision.player, action, rng.draws + rng.reveals != before))
        self._decision = self.game.decision(self.state)

    def _check_seat(self, player: int | None) -> None:
        if player is None:
            return
        seats = self.game.seats(self.config)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise ConfigError(f"seat {player!r} does not exist; seats are 0-{seats - 1} (or None)")

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator).

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        return self.game.view(self.state, player)

    def events(self, player: int | None) -> list[str]:
        """The event log lines ``player`` may see.

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        return self.game.events(self.state, player)

    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the game is over, else ``None``."""
        return self.game.outcome(self.state) if self._decision is None else None

    @property
    def steps(self) -> list[Step]:
        """The steps played so far (a copy)."""
        return [Step(*s) for s in self._steps]

    @property
    def record(self) -> Record:
        """The record of the game so far."""
        outcome = self.outcome
        return Record(
            game=self.game.name,
            rules_version=self.game.rules_version,
            config=self.config.model_dump(mode="json"),
            seed=self.seed,
            steps=[Step(*s) for s in self._steps],
            outcome=outcome.to_json() if outcome else None,
        )

    # -- undo -----------------------------------------------------------------------------
    def undo_blocker(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None`` if it is allowed."""
        if not self._steps:
            return "nothing to undo"
        last = Step(*self._steps[-1])
        if last.chance:
            return "cannot undo: dice were rolled, cards drawn or something revealed since"
        if self._decision is None:
            return "cannot undo: the game is over"
        if self._decision.player != last.player:
            return f"cannot undo: the turn has passed to seat {self._decision.player}"
        return None

    def undo(self) -> None:
        """Take back the last action (Board Game Arena policy, see the module docstring).

        Raises:
            IllegalAction: saying why undo is refused; nothing changes.
        """
        reason = self.undo_blocker()
        if reason is not None:
            raise IllegalAction(reason)
        record = self.record
        record.steps = record.steps[:-1]
        rebuilt = Match.replay(record, self.game)
        self.state, self._steps, self._decision = rebuilt.state, rebuilt._steps, rebuilt._decision

    # -- files ----------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` (JSON, atomic). Returns the path."""
        return self.record.save(path)

    def clone(self) -> Match:
        """An independent copy of this match (state cloned, record copied)."""
        copy = Match.__new__(Match)
        copy.game, copy.config, copy.seed = self.game, self.config, self.seed
        copy.state = self.game.clone(self.state)
        copy._steps = list(self._steps)
        copy._decision = self._decision
        return copy

    def __repr__(self) -> str:
        status = "over" if self._decision is None else f"seat {self._decision.player} to act"
        return f"<Match {self.game.name} seed={self.seed} steps={len(self._steps)} {status}>"


