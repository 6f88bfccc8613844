"""Bot specs: ``KIND`` or ``KIND:key=value,...`` (``ismcts:iters=200,depth=30``).

Front ends (play, simulate, and later the web) name a seat's bot by a spec. A game's own
kinds (``game.bot_kinds()``) and the generic kinds every game has (:data:`GENERIC_BOTS`,
e.g. ``ismcts``) are merged by :func:`kinds`; :func:`make` builds a bot from a spec. A factory
that takes parameters lists them in a ``parameters`` attribute: ``{name: (parser, help)}``,
each parser turning the spec's text into the value (``ValueError`` naming what is expected).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.engine import Game
from ..core.errors import ConfigError
from .ismcts import ISMCTSBot

__all__ = ["GENERIC_BOTS", "describe", "kinds", "make", "parse_spec", "split_seat"]

GENERIC_BOTS: dict[str, Callable[..., Any]] = {"ismcts": ISMCTSBot}
"""Bot kinds every game has (a game's own kind of the same name wins)."""


def kinds(game: Game[Any]) -> dict[str, Callable[..., Any]]:
    """The game's bot kinds followed by the generic ones it does not define itself."""
    own = dict(game.bot_kinds())
    return {**own, **{k: f for k, f in GENERIC_BOTS.items() if k not in own}}


def describe(factories: Mapping[str, Callable[..., Any]]) -> list[str]:
    """Lines for help texts naming each bot kind and, under it, the parameters its factory
    takes (its ``parameters``), one a line::

        random
        ismcts[:KEY=VALUE,...], KEY one of:
          iters    iterations per decision
    """
    out = []
    for kind, factory in factories.items():
        accepted: Mapping[str, tuple[Callable[[str], Any], str]] = getattr(factory, "parameters", {})
        if not accepted:
            out.append(kind)
            continue
        out.append(f"{kind}[:KEY=VALUE,...], KEY one of:")
        width = max(len(k) for k in accepted)
        out.extend(f"  {k.ljust(width)}  {h}" for k, (_, h) in accepted.items())
    return out


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=200,c=0.5"`` -> ``("ismcts", {"iters": "200", "c": "0.5"})``.

    Raises:
        ConfigError: for an empty kind, or a parameter that is not ``key=value`` (spaces
            may surround ``:`` and ``,`` but not ``=``) or is given twice.
    """
    if not isinstance(spec, str):
        raise ConfigError(f"a bot is named by a text like 'random' or 'ismcts:iters=200', got {spec!r}")
    kind, sep, rest = spec.partition(":")
    kind = kind.strip()
    if not kind:
        raise ConfigError(f"bot {spec!r}: no kind before ':'; write KIND or KIND:key=value,...")
    params: dict[str, str] = {}
    if not sep:
        return kind, params
    if not rest.strip():
        raise ConfigError(f"bot {spec!r}: nothing after ':'; write {kind}:key=value,... or {kind}")
    for item in rest.split(","):
        item = item.strip()
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise ConfigError(
                f"bot {spec!r}: {item!r} is not key=value (e.g. ismcts:iters=200,depth=30)"
            )
        if key != key.strip() or value != value.strip():
            raise ConfigError(
                f"bot {spec!r}: {item!r} has a space around '='; write {key.strip()}={value.strip()}"
            )
        if key in params:
            raise ConfigError(f"bot {spec!r}: {key} is given twice")
        params[key] = value
    return kind, params


def split_seat(text: str) -> tuple[str | None, str]:
    """``"1=ismcts:iters=9"`` -> ``("1", "ismcts:iters=9")``; ``"ismcts:iters=9"`` and
    ``"random"`` (no seat before a first ``=`` that precedes any ``:``) -> ``(None, text)``."""
    head, sep, tail = text.partition("=")
    if not sep or ":" in head:
        return None, text.strip()
    return head.strip(), tail.strip()


def make(game: Game[Any], spec: str) -> Any:
    """A new bot of ``spec`` for ``game``.

    Raises:
        ConfigError: unknown kind (the message lists the game's bots), a parameter the kind
            does not take (listing those it takes), or a value it refuses.
    """
    kind, params = parse_spec(spec)
    known = kinds(game)
    factory = known.get(kind)
    if factory is None:
        raise ConfigError(f"{game.name} has no bot {kind!r}; its bots are: {', '.join(known)}")
    accepted: Mapping[str, tuple[Callable[[str], Any], str]] = getattr(factory, "parameters", {})
    values: dict[str, Any] = {}
    for key, text in params.items():
        if key not in accepted:
            takes = (
                "takes no parameters"
                if not accepted
                else "takes " + ", ".join(f"{k} ({h})" for k, (_, h) in accepted.items())
            )
            raise ConfigError(f"bot {spec!r}: {kind} has no parameter {key!r}; it {takes}")
        parse = accepted[key][0]
        try:
            values[key] = parse(text)
        except ValueError as exc:
            raise ConfigError(f"bot {spec!r}: {key}={text!r} {exc}") from None
    bot = factory(**values)
    check = getattr(bot, "check_game", None)
    if check is not None:
        check(game)
    return bot
