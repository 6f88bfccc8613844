"""A :class:`Match` is one game being played: its state plus its record.

Front ends (terminal, web, simulator, RL wrappers) speak to games through ``Match``. It
validates every action, keeps the record, and implements undo with the Board Game Arena
policy: an action can be taken back only by the seat that played it, only while that seat
is still the one deciding, and never across chance (a die roll, a draw, a shuffle, a reveal).
Undo replays the record from the start instead of keeping copies of old states.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .engine import Action, BaseConfig, BaseGame, Decision, Game, Outcome
from .errors import ConfigError, ContentError, IllegalAction, RecordError
from .events import Event
from .flow import Flow
from .infoset import InfoSet
from .records import SEED_LIMIT, Record, Step

__all__ = ["Match", "make_config"]


_Paths = tuple[Callable[[Any], Decision | None], Callable[[Any, Action], None]]
_Tables = tuple[dict[type, Any], dict[type, Any], dict[type, Any]]
# by id(game), each entry holding its game (so an id reused by another object misses)
_PATHS: dict[int, tuple[Any, Any, _Paths, _Tables | None]] = {}
_DEFAULTS: dict[int, tuple[Any, BaseConfig]] = {}
_KEEP = 64  # games whose paths and default config are kept (the registry has five)


def _paths(game: Game[Any]) -> _Paths:
    """``(ask, advance)``: ``game.decision`` and the trusted ``game.apply`` as the functions
    they come down to, looked up once per game object (and flow) instead of once per
    decision or match.

    A game built on :class:`BaseGame` that keeps its ``decision``, ``apply`` and ``step``
    goes straight to its flow's; a game that defines its own is called through them.
    """
    return _lookup(game)[0]


def _lookup(game: Game[Any]) -> tuple[_Paths, _Tables | None]:
    """``(_paths(game), tables)``; ``tables`` is ``(resolve, auto, decide)`` of the game's
    :class:`~zedlab.core.flow.Flow` when both paths are a plain Flow's own ``play`` and
    ``decision`` (``Match.play`` then runs them inline), else ``None``."""
    flow = getattr(game, "flow", None)
    hit = _PATHS.get(id(game))
    if hit is not None and hit[0] is game and hit[1] is flow:
        return hit[2], hit[3]
    paths = _find_paths(game)
    tables = None
    if flow.__class__ is Flow and paths == (flow.decision, flow.play):
        tables = (flow._resolve, flow._auto, flow._decide)
    if len(_PATHS) >= _KEEP:
        _PATHS.clear()
    _PATHS[id(game)] = (game, flow, paths, tables)
    return paths, tables


def _find_paths(game: Game[Any]) -> _Paths:
    cls = type(game)
    own = getattr(game, "__dict__", {})
    flow = getattr(game, "flow", None)
    ask = game.decision
    if flow is not None and getattr(cls, "decision", None) is BaseGame.decision and "decision" not in own:
        ask = flow.decision
    if getattr(cls, "apply", None) is BaseGame.apply and "apply" not in own:
        if flow is not None and getattr(cls, "step", None) is BaseGame.step and "step" not in own:
            return ask, flow.play
        return ask, game.step  # type: ignore[attr-defined]
    apply = game.apply

    def advance(state: Any, action: Action) -> None:
        apply(state, action, trusted=True)

    return ask, advance


def make_config(game: Game[Any], config: Any = None, **options: Any) -> BaseConfig:
    """Build and validate ``game``'s Config from a Config, a dict, and/or keyword options.

    Raises:
        ConfigError: naming the option that is wrong and why.
    """
    if config is None and not options:
        # the default config, validated once per game (a frozen model: safe to share)
        hit = _DEFAULTS.get(id(game))
        if hit is not None and hit[0] is game and hit[1].__class__ is game.Config:
            return hit[1]
    elif isinstance(config, game.Config) and not options:
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
        made = game.Config.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'config'}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigError(f"{game.name}: invalid config: {problems}") from None
    if config is None and not options:
        if len(_DEFAULTS) >= _KEEP:
            _DEFAULTS.clear()
        _DEFAULTS[id(game)] = (game, made)
    return made


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

    __slots__ = ("game", "config", "seed", "state", "content", "_steps", "_decision", "_events",
                 "_ask", "_advance", "_tables")

    def __init__(
        self, game: Game[Any], config: BaseConfig, seed: int, state: Any, content: Any = None
    ) -> None:
        self.game = game
        self.config = config
        self.seed = seed
        self.state = state
        self.content = content
        # (player, action, chance) tuples: cheaper than Step objects on the hot path.
        self._steps: list[tuple[int, Action, bool]] = []
        self._events: list[Event] = []
        (self._ask, self._advance), self._tables = _lookup(game)
        self._drain()
        self._decision: Decision | None = self._ask(state)

    def _drain(self) -> None:
        """Move the events the state holds into the match's history (flow games)."""
        pending = getattr(self.state, "events", None)
        if pending:
            self._events.extend(pending)
            pending.clear()

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: Game[Any],
        config: Any = None,
        seed: int | None = None,
        content: str | Path | None = None,
        **options: Any,
    ) -> Match:
        """Set up a new game.

        Args:
            game: the rules object (see ``zedlab.get``).
            config: a Config or dict; keyword ``options`` override its fields.
            seed: an integer from 0 to 2**64 - 1; ``None`` picks a fresh random one (kept in
                the record).
            content: a content folder to play with instead of the packaged content (games
                with content files), or a pack already loaded with ``game.load_content``;
                the record keeps its digest, never its path.
        Raises:
            ConfigError: if the config is invalid.
            ContentError: if the content folder does not load (naming file, entry, field).
        """
        cfg = make_config(game, config, **options)
        if seed is None:
            seed = int.from_bytes(os.urandom(6), "big")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"seed must be an integer, got {seed!r}")
        if not 0 <= seed < SEED_LIMIT:
            raise ConfigError(f"seed {seed} is out of range; seeds are 0 to {SEED_LIMIT - 1}")
        if content is None or isinstance(content, (str, Path)):
            pack = game.load_content(content)
        else:
            pack = content  # an already loaded pack (undo, replay in the same process)
        if pack is None:
            if content is not None:
                raise ConfigError(f"{game.name} has no content files; --content does not apply")
            return cls(game, cfg, seed, game.new(cfg, seed))
        return cls(game, cfg, seed, game.new(cfg, seed, pack), pack)  # type: ignore[call-arg]

    @classmethod
    def replay(
        cls,
        record: Record,
        game: Game[Any] | None = None,
        upto: int | None = None,
        content: str | Path | None = None,
    ) -> Match:
        """Rebuild a game from its record (optionally only its first ``upto`` steps).

        Args:
            content: the content folder the game was played with, if not the packaged one
                (its digest must match the record's).

        Raises:
            RecordError: if the game is unknown, the config invalid (or its content folder
                does not load, or is not the record's), or a step is not legal when replayed
                (the message names the step).
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
            match = cls.new(game, record.config, seed=record.seed, content=content)
        except (ConfigError, ContentError) as exc:
            raise RecordError(f"record config does not load: {exc}") from None
        digest = getattr(match.content, "digest", None)
        wanted = record.content
        if wanted is not None and digest != wanted:
            raise RecordError(
                f"the record was played with content pack {wanted}; "
                + ("give its content folder (--content DIR)" if content is None
                   else f"{content} is pack {digest}")
            )
        if wanted is None and digest not in (None, "packaged"):
            raise RecordError("the record was played with the packaged content, not this pack")
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
    def load(cls, path: str | Path, content: str | Path | None = None) -> Match:
        """Load a saved game (a record file) and replay it.

        Args:
            content: the content folder it was played with, if not the packaged one.
        Raises:
            RecordError: if the file is damaged, foreign, or does not replay.
        """
        record = Record.load(path)
        try:
            return cls.replay(record, content=content)
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

    def play(self, action: Action | int) -> None:
        """Play one of the current options: an :class:`Action`, or its id in
        :attr:`action_space` (the ``id`` of an option in :meth:`view`).

        Raises:
            IllegalAction: if ``action`` is not one of them (any type, also a value too
                large or too deeply nested to compare or print); nothing changes.
        """
        decision = self._decision
        if decision is None:
            raise IllegalAction("the game is over; no action can be played")
        if action.__class__ is int:
            try:
                action = self.action_space.action(action)
            except NotImplementedError:
                raise IllegalAction(f"{self.game.name} has no action ids; play an Action") from None
        options = decision.options
        # an option object itself (what bots and front ends pass) is found by identity
        # (a plain loop: cheaper than any(map(is_, ...)) up to at least 30 options); any
        # other action is compared by kind and value
        for option in options:
            if option is action:
                break
        else:
            try:
                # the game's own option object: its label, not one carried in from outside
                action = options[options.index(action)]
            except (ValueError, TypeError, RecursionError):
                # a value too large or too deep to name is said below
                with suppress(ValueError, TypeError, RecursionError):
                    self.game.check_legal(self.state, action)  # type: ignore[attr-defined]
                raise IllegalAction(f"{_shown(action)} is not one of the current options") from None
        played: Action = action  # an int became its Action above
        state = self.state
        rng = state.rng
        before = rng.draws + rng.reveals
        tables = self._tables
        if tables is None:
            self._advance(state, played)
        else:
            # Flow.play inlined (a plain Flow's): resolve the step on top, then run the
            # automatic steps until the next decision
            stack = state.stack
            if not stack:
                raise IllegalAction("the game is over; no action can be played")
            step = stack.pop()
            tables[0][step.__class__](state, step, played)
            auto = tables[1]
            while stack:
                fn = auto.get(stack[-1].__class__)
                if fn is None:
                    break
                fn(state, stack.pop())
        rng = state.rng
        self._steps.append((decision.player, played, rng.draws + rng.reveals != before))
        try:
            pending = state.events
        except AttributeError:
            pending = None
        if pending:
            self._events.extend(pending)
            pending.clear()
        if tables is None:
            self._decision = self._ask(state)
            return
        # Flow.decision inlined
        stack = state.stack
        if not stack:
            self._decision = None
            return
        top = stack[-1]
        ask = tables[2].get(top.__class__)
        if ask is None:
            # Flow.decision's own path (it raises its error: the step on top is automatic)
            self._decision = self._ask(state)
            return
        self._decision = ask(state, top)

    def _check_seat(self, player: int | None) -> None:
        if player is None:
            return
        seats = self.game.seats(self.config)
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
            raise ConfigError(f"seat {player!r} does not exist; seats are 0-{seats - 1} (or None)")

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), in the one view shape of every
        game (``docs/view-schema.md``)::

            {"game", "rules_version", "seat", "to_move", "decision", "public", "private",
             "seq", "outcome"}

        ``decision`` is the seat's own pending decision (each option with its catalogue
        ``id``, kind, value and label) or ``None``; ``public`` is what every seat sees,
        ``private`` what only this seat sees; ``seq`` the last event's number.

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        from .view import seat_view

        return seat_view(self, player)

    def game_view(self, player: int | None) -> dict[str, Any]:
        """The game's own view for ``player`` (``game.view(state, player)``), as renderers
        and bots read it.

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        return self.game.view(self.state, player)

    def events(self, player: int | None = None, since: int = 0) -> list[Event]:
        """The events after ``since`` that ``player`` may see (``None``: a spectator), in
        order; each has ``seq``, ``kind``, ``args`` and ``visible_to``.

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        if since.__class__ is not int:
            raise ConfigError(f"since must be an event number (an integer), got {since!r}")
        return [e for e in self._events if e.seq > since and e.seen_by(player)]

    @property
    def action_space(self) -> Any:
        """This game's :class:`~zedlab.core.catalogue.ActionSpace` (for its config and
        content pack): every action numbered once.

        Raises:
            NotImplementedError: for a game without a catalogue.
        """
        return self.game.action_space(self.config, self.content)

    @property
    def seq(self) -> int:
        """The number of the last event so far (0 before any)."""
        return self._events[-1].seq if self._events else 0

    def log(self, player: int | None) -> list[str]:
        """The text of what ``player`` may see happen, oldest first (the game's renderer
        words each event).

        Raises:
            ConfigError: if ``player`` is not a seat of this game.
        """
        self._check_seat(player)
        text = self.game.event_text
        return [text(e, player) for e in self._events if e.seen_by(player)]

    def infoset(self) -> InfoSet:
        """The deciding seat's information set: what a bot is given.

        Raises:
            IllegalAction: if the game is over.
        """
        if self._decision is None:
            raise IllegalAction("the game is over; nobody decides")
        return InfoSet.of(self.game, self.state, config=self.config)

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
        digest = getattr(self.content, "digest", None)
        return Record(
            game=self.game.name,
            rules_version=self.game.rules_version,
            config=self.config.model_dump(mode="json"),
            seed=self.seed,
            steps=[Step(*s) for s in self._steps],
            outcome=outcome.to_json() if outcome else None,
            content=None if digest in (None, "packaged") else digest,
        )

    # -- undo -----------------------------------------------------------------------------
    def undo_blocker(self) -> str | None:
        """Why :meth:`undo` would be refused now, or ``None`` if it is allowed."""
        if not self._steps:
            return "nothing to undo"
        last = Step(*self._steps[-1])
        if last.chance:
            return "cannot undo: the last action rolled dice, drew cards or revealed something"
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
        rebuilt = Match.replay(record, self.game, content=self.content)
        self.state, self._steps, self._decision = rebuilt.state, rebuilt._steps, rebuilt._decision
        self._events = rebuilt._events

    # -- files ----------------------------------------------------------------------------
    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` (JSON, atomic). Returns the path.

        Only a ZedLab record is ever replaced, and no folder is created (a typo in a folder
        name should not quietly make one).

        Raises:
            RecordError: if the folder does not exist, or ``path`` is a file that is not a
                ZedLab record.
            OSError: if it cannot be written (``IsADirectoryError`` for a folder).
        """
        target = Path(path)
        if target.is_dir():
            return self.record.save(target)  # IsADirectoryError, which says so
        if not target.parent.is_dir():
            raise RecordError(f"{target}: the folder {target.parent} does not exist (create it first)")
        if target.exists():
            try:
                Record.load(target)
            except RecordError:
                raise RecordError(
                    f"{target}: that file exists and is not a ZedLab record; choose another name"
                ) from None
        return self.record.save(target)

    def clone(self) -> Match:
        """An independent copy of this match (state cloned, record copied)."""
        copy = Match.__new__(Match)
        copy.game, copy.config, copy.seed = self.game, self.config, self.seed
        copy.state = self.game.clone(self.state)
        copy.content = self.content
        copy._events = list(self._events)
        copy._steps = list(self._steps)
        copy._decision = self._decision
        copy._ask, copy._advance, copy._tables = self._ask, self._advance, self._tables
        return copy

    def __repr__(self) -> str:
        status = "over" if self._decision is None else f"seat {self._decision.player} to act"
        return f"<Match {self.game.name} seed={self.seed} steps={len(self._steps)} {status}>"


