"""The game interface every ZedLab game implements, and the values it trades in.

A game is an object satisfying :class:`Game`. Its state is plain data (dataclasses or
``msgspec.Struct``) holding an :class:`~zedlab.core.rng.RNG`; every choice a player makes is a
:class:`Decision` listing finite :class:`Action` options; the end of a game is an
:class:`Outcome`. Most games subclass :class:`BaseGame`, which supplies validation,
cloning, serialisation and a default ``determinize``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

import msgspec
from pydantic import BaseModel, ConfigDict, Field

from .errors import IllegalAction, RecordError
from .rng import RNG

__all__ = [
    "Action",
    "ActionValue",
    "BaseConfig",
    "BaseGame",
    "Decision",
    "Game",
    "Outcome",
]

ActionValue = Any
"""An action's value: ``None``, ``bool``, ``int``, ``str``, or a (nested) tuple of those."""

S = TypeVar("S")


def _same(a: Any, b: Any) -> bool:
    """Equal values of the same types, all the way down (``1``, ``1.0`` and ``True`` differ)."""
    if a.__class__ is not b.__class__:
        return False
    if a.__class__ is tuple:
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _check_value(value: Any) -> Any:
    """Raise ``RecordError`` unless ``value`` is an action value (None, bool, int, str, tuple)."""
    if value is None or value.__class__ in (bool, int, str):
        return value
    if value.__class__ is tuple:
        for item in value:
            _check_value(item)
        return value
    raise RecordError(
        f"action value {value!r} is a {type(value).__name__}; "
        "values are null, booleans, integers, strings or lists of those"
    )


def _freeze(value: Any) -> Any:
    """Lists (from JSON) back to tuples, so values stay hashable."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


_set = object.__setattr__


def _shown(value: Any) -> str:
    """``str(value)``, or a short description where Python cannot print it (an integer of
    more digits than ``sys.get_int_max_str_digits`` allows, a structure nested too deep)."""
    try:
        return str(value)
    except (ValueError, RecursionError):
        if isinstance(value, int):
            return f"<an integer of {value.bit_length()} bits>"
        return f"<a {type(value).__name__} too large to print>"


class Action:
    """One option of a decision: an immutable, hashable value object.

    Two actions are equal when their ``kind`` and ``value`` are equal, value types included
    (``1``, ``1.0`` and ``True`` are different values); the ``label`` is for people only. ``to_json``/``from_json`` round-trip exactly.

    Args:
        kind: what sort of action, kebab-case (``"roll"``, ``"target-sector"``).
        value: its parameter: ``None``, ``bool``, ``int``, ``str`` or a tuple of those.
        label: a short human text ("Re-roll the 3 missed dice").

    >>> Action("move", 3, "Move to Sector 3") == Action("move", 3)
    True
    >>> Action.from_json(Action("keep", (1, 2)).to_json())
    Action('keep', (1, 2))
    """

    __slots__ = ("kind", "value", "label", "_hash")
    kind: str
    value: ActionValue
    label: str
    _hash: int | None

    def __init__(self, kind: str, value: ActionValue = None, label: str = "") -> None:
        if value.__class__ is list:
            value = _freeze(value)  # a JSON list (a view's option value) is the tuple it stands for
        _set(self, "kind", kind)
        _set(self, "value", value)
        _set(self, "label", label or (kind if value is None else f"{kind} {_shown(value)}"))
        _set(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Action:
            return NotImplemented
        return self.kind == other.kind and _same(self.value, other.value)

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = hash((self.kind, self.value))
            _set(self, "_hash", h)
        return h

    def __repr__(self) -> str:
        if self.value is None:
            return f"Action({self.kind!r})"
        return f"Action({self.kind!r}, {self.value!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.kind, self.value, self.label))

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., "value": ..., "label": ...}`` with tuples as lists."""
        return {"kind": self.kind, "value": _thaw(self.value), "label": self.label}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse what :meth:`to_json` wrote.

        Raises:
            RecordError: if ``data`` is not an action object.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise RecordError(f"not an action: {data!r}; expected {{'kind': str, 'value': ...}}")
        label = data.get("label", "")
        value = _check_value(_freeze(data.get("value")))
        return cls(data["kind"], value, label if isinstance(label, str) else "")


class Decision(NamedTuple):
    """Who must choose now, and from what (an immutable named tuple: cheap to build).

    Attributes:
        player: the seat that decides (0-based). It may differ from the seat whose turn it
            is (e.g. the First Player settling a placement).
        kind: what is being decided, kebab-case (``"choose-target"``); front ends look up
            help text by it.
        options: the legal actions, never empty.
        prompt: a short question for people ("Which Sector do you target?").
    """

    player: int
    kind: str
    options: tuple[Action, ...]
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        scores: one number per seat (points, kills, VP...), in seat order.
        winners: the winning seats (several on a shared win; empty if nobody won).
        tier: the rulebook's rating for the result (Kill-O-Meter band, score-table rank...),
            or ``None`` where the game has none.
        reason: why the game ended, for people ("All Survivors escaped").
    """

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    tier: str | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict of the fields."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "tier": self.tier,
            "reason": self.reason,
        }


class BaseConfig(BaseModel):
    """Base of every game's ``Config``: validated, immutable, JSON-safe options.

    Unknown options are refused. Every game config has ``players``.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(default=2, ge=1, description="Number of players (seats).")


@runtime_checkable
class Game(Protocol[S]):
    """The contract between a game's rules and every front end.

    Attributes:
        name: registry id, kebab-case (``"dont-look-back"``).
        title: the game's printed name.
        rules_version: bumped whenever behaviour changes (not for refactors); kept in records.
        Config: the pydantic model of the options.
        State: the state type (dataclass or ``msgspec.Struct``) used to (de)serialise.
    """

    name: str
    title: str
    rules_version: int
    Config: type[BaseConfig]
    State: type[S]

    def new(self, config: Any, seed: int) -> S:
        """Set up a new game as the rulebook's set-up section says.

        Raises:
            ConfigError: if the config cannot be played.
        """
        ...

    def seats(self, config: Any) -> int:
        """How many seats (deciding players) a game with this config has."""
        ...

    def decision(self, state: S) -> Decision | None:
        """The pending decision, or ``None`` when the game is over."""
        ...

    def apply(self, state: S, action: Action, *, trusted: bool = False) -> None:
        """Play ``action`` and run the rules until the next decision (mutates ``state``).

        Raises:
            IllegalAction: if the action is not an option of the current decision; the
                state is then unchanged. ``trusted=True`` skips that check.
        """
        ...

    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """A JSON-safe picture of what ``player`` may see (``None``: a spectator)."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The outcome of a finished game, ``None`` while it goes on."""
        ...

    def determinize(self, state: S, player: int, rng: RNG) -> S:
        """A copy consistent with ``player``'s view: hidden things reshuffled, RNG re-seeded."""
        ...

    def invariants(self, state: S) -> list[str]:
        """Violated game invariants, as messages (empty when all hold)."""
        ...

    def clone(self, state: S) -> S:
        """An independent deep copy of ``state``."""
        ...

    def encode(self, state: S) -> bytes:
        """Serialise ``state`` to deterministic JSON bytes."""
        ...

    def decode(self, data: bytes) -> S:
        """Inverse of :meth:`encode`."""
        ...

    def rules_reference(self, kind: str) -> tuple[str, str]:
        """``(rulebook section, paraphrased summary)`` for a decision kind, for help screens."""
        ...

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        """Bot factories by name (``"random"``, ``"heuristic"``...)."""
        ...

    def action_space(self, config: Any, content: Any = None) -> Any:
        """The :class:`~zedlab.core.catalogue.ActionSpace` of ``config`` (and content pack,
        ``None`` for the packaged one): every option of every decision numbered once (a fixed
        bijection for that config and content)."""
        ...

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """An upper bound on the decisions of any game with ``config`` (and content pack,
        ``None`` for the packaged one), under any policy."""
        ...

    def load_content(self, directory: Any = None) -> Any:
        """The game's content (the packaged one for ``None``), loaded once per digest.

        Raises:
            ContentError: naming the file, entry and field of what is wrong.
        """
        ...

    def event_text(self, event: Any, player: int | None) -> str:
        """The text of an :class:`~zedlab.core.events.Event` for ``player``."""
        ...

    def card_texts(self, content: Any = None) -> dict[str, str]:
        """Every named card, item, ability, character and location of the game's ``content``
        (``None``: the packaged pack) mapped to its short paraphrased text, for help screens
        and hover texts. Names are as views and option labels show them."""
        ...


_ENCODER = msgspec.json.Encoder(order="deterministic")


class BaseGame(Generic[S]):
    """Shared machinery for games: validation, clone, codec, default determinize.

    A subclass sets ``name``, ``title``, ``rules_version``, ``Config``, ``State`` and
    implements ``new``, ``decision``, ``step`` (the trusted apply), ``view`` and ``outcome``.
    The state must have an ``rng`` attribute holding an :class:`RNG`.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[int] = 1
    Config: ClassVar[type[BaseConfig]] = BaseConfig
    State: type[S]
    help: ClassVar[dict[str, tuple[str, str]]] = {}
    public_choices: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds whose chosen option every seat learns (the game logs it for all), so
    a front end may name a bot's choice of these even while its seat sees hidden things."""
    flow: ClassVar[Any] = None
    """The game's :class:`~zedlab.core.flow.Flow`; when set, ``decision`` and ``step`` come
    from it and the state holds ``stack``, ``events`` and ``seq``."""
    content_binder: ClassVar[Any] = None
    """The game's :class:`~zedlab.core.content.ContentBinder`, or ``None`` (no content)."""
    event_texts: ClassVar[Any] = None
    """An :class:`~zedlab.core.events.EventText` (or any ``fn(event, seat) -> str``)."""

    def new(self, config: Any, seed: int) -> S:
        """Every game defines its set-up (see :class:`Game`)."""
        raise NotImplementedError(f"{type(self).__name__} defines no set-up (new)")

    def seats(self, config: Any) -> int:
        return int(config.players)

    def decision(self, state: S) -> Decision | None:
        return self.flow.decision(state)  # type: ignore[no-any-return]

    def step(self, state: S, action: Action) -> None:
        """Apply a known-legal action (the trusted path)."""
        self.flow.play(state, action)

    def action_space(self, config: Any, content: Any = None) -> Any:
        """The :class:`~zedlab.core.catalogue.ActionSpace` of ``config`` and ``content`` (a
        loaded pack, ``None`` for the packaged content), built once per config and pack
        from :meth:`action_families`."""
        from .catalogue import ActionSpace

        key = (
            config.model_dump_json() if isinstance(config, BaseConfig) else repr(config),
            getattr(content, "digest", None),
        )
        cache = self.__dict__.setdefault("_spaces", {})
        space = cache.get(key)
        if space is None:
            space = cache[key] = ActionSpace(self.action_families(config, content))
        return space

    def cooperative(self, config: Any) -> bool:
        """Whether the seats of ``config`` play together and share one result (same score,
        all win or all lose); search bots and environments then give every seat the same
        reward. A one-seat config is co-operative trivially."""
        return bool(self.seats(config) == 1)

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """``(kind, values)`` pairs listing every action of ``config`` played with
        ``content`` (``None``: the packaged content), in a fixed order."""
        raise NotImplementedError(f"{self.name} has no action catalogue")

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """A bound on the decisions of any game of ``config`` (played with ``content``,
        ``None`` for the packaged pack) under any policy."""
        raise NotImplementedError(f"{self.name} declares no bound on its decisions")

    def load_content(self, directory: Any = None) -> Any:
        """The content pack of ``directory`` (``None``: packaged), or ``None`` for a game
        without content files.

        Raises:
            ContentError: naming the file, entry and field of what is wrong.
        """
        binder = self.content_binder
        return None if binder is None else binder.load(directory)

    def card_texts(self, content: Any = None) -> dict[str, str]:
        """Name -> short text of every card of ``content`` (``None``: the packaged pack); a
        game without card texts answers ``{}``."""
        return {}

    def event_text(self, event: Any, player: int | None) -> str:
        texts = self.event_texts
        if texts is None:
            return f"{event.kind} {event.args}"
        return str(texts(event, player))

    def apply(self, state: S, action: Action, *, trusted: bool = False) -> None:
        if not trusted:
            self.check_legal(state, action)
        self.step(state, action)

    def check_legal(self, state: S, action: Any) -> Decision:
        """Return the current decision if ``action`` is one of its options.

        Raises:
            IllegalAction: naming the action and the legal options.
        """
        decision = self.decision(state)
        if decision is None:
            raise IllegalAction("the game is over; no action can be played")
        if not isinstance(action, Action):
            raise IllegalAction(
                f"{action!r} is not an Action; choose one of the {len(decision.options)} options"
            )
        if action not in decision.options:
            labels = ", ".join(a.label for a in decision.options[:8])
            more = "..." if len(decision.options) > 8 else ""
            # kind and value decide legality (the label is only words): name them
            said = f" ({action.label[:80]!r})" if action.label else ""
            raise IllegalAction(
                f"{action.kind} {action.value!r}{said} is not legal now "
                f"({decision.prompt or decision.kind}); options: {labels}{more}"
            )
        return decision

    def view(self, state: S, player: int | None) -> dict[str, Any]:
        """Every game defines its view (see :class:`Game`)."""
        raise NotImplementedError(f"{type(self).__name__} defines no view")

    def outcome(self, state: S) -> Outcome | None:
        """Every game defines its outcome (see :class:`Game`)."""
        raise NotImplementedError(f"{type(self).__name__} defines no outcome")

    def invariants(self, state: S) -> list[str]:
        return []

    def encode(self, state: S) -> bytes:
        return _ENCODER.encode(state)

    def decode(self, data: bytes) -> S:
        try:
            return msgspec.json.decode(data, type=self.State)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise RecordError(f"{self.name}: state does not decode: {exc}") from exc

    def clone(self, state: S) -> S:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=self.State)

    def determinize(self, state: S, player: int, rng: RNG) -> S:
        """Default for games whose only hidden information is future chance: re-seed."""
        copy = self.clone(state)
        copy.rng = rng.spawn()  # type: ignore[attr-defined]
        return copy

    def events(self, state: S, player: int | None) -> list[str]:
        """The text of the events ``state`` still holds that ``player`` may see: those of
        the actions applied since a :class:`~zedlab.core.match.Match` last collected them
        (tests applying actions to a bare state read what just happened here)."""
        evs = getattr(state, "events", None) or ()
        return [self.event_text(e, player) for e in evs if e.seen_by(player)]

    def rules_reference(self, kind: str) -> tuple[str, str]:
        return self.help.get(kind, ("", "No rules summary for this decision."))

    def option_warning(self, state: S, decision: Decision, action: Action) -> str | None:
        """What playing ``action`` at ``decision`` would certainly lose, for people: a short
        text front ends show before playing it (the terminal asks y/n, the browser in a dialog
        of its page), ``None`` (the default) for nothing. Read only what the deciding seat knows:
        never a hidden card, never a die not yet rolled."""
        return None

    def option_groups(self, state: S, decision: Decision) -> tuple[tuple[str, ...], ...] | None:
        """Menu paths for front ends that list a long decision in steps.

        Returns:
            ``None`` (the default) for one flat list; else one path per option of
            ``decision``, in the same order: the titles of the nested groups the option is
            listed under, ``()`` for the top level. The options themselves are unchanged.
        """
        return None

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        """The game's own bot factories (``random``; games add theirs). Front ends offer
        these plus the generic kinds of :data:`zedlab.bots.GENERIC_BOTS` (``ismcts``),
        merged by :func:`zedlab.bots.kinds`; the core itself imports nothing above it."""
        from .infoset import RandomBot

        return {"random": RandomBot}

    def __repr__(self) -> str:
        return f"<game {self.name} rules v{self.rules_version}>"
