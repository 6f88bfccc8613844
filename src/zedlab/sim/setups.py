"""Set-up choices in simulations: who plays which Survivor, character or Base.

At a table each player picks a Survivor (or is dealt a character). Bots that always pick
the same way hand the same Survivor to the same seat in every game, so a seat's win rate
would then measure that Survivor, not the seat. The simulator therefore draws the choices a
game's Config offers (``survivors`` or ``characters``) at random for every game, from the
game's own seed (``seed_for(S, i, "setup")``), unless the user fixed them in the config;
``setup="table"`` leaves them to the game (the bots choose at the table, as people would).

Choices made by decisions that no Config option fixes (Survive Alive's Base sheets and the
Character draft) stay with the bots. Every result row names what each seat had and which
seat took the first turn (:func:`seat_setup`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.errors import ConfigError
from ..core.rng import RNG, seed_for

__all__ = ["SETUP_MODES", "SeatSetup", "draw_config", "rule_of", "seat_setup"]

SETUP_MODES = ("random", "table")
"""``random``: draw the free set-up choices per game; ``table``: leave them to the game."""

SeatSetup = tuple[list[list[str]], int | None]
"""What each seat had (ids; a Base as ``base:ID``), and the seat that took the first turn."""


@dataclass(frozen=True)
class SetupRule:
    """How one game's set-up choices are drawn and read back.

    Attributes:
        field: the Config option holding the choice (``None``: no option; read back only).
        pool: the ids to draw from, given the content pack.
        count: how many ids a game takes, given the config.
        kinds: decision kinds of the set-up (choices are read once none of these is next).
        read: what each seat had and who starts, read from a state whose set-up is over.
    """

    field: str | None
    pool: Callable[[Any], list[str]]
    count: Callable[[Any], int]
    kinds: frozenset[str]
    read: Callable[[Any, Any, dict[str, Any]], SeatSetup]


def _dlb(state: Any, pack: Any, config: dict[str, Any]) -> SeatSetup:
    return [[s.id] for s in state.survivors], state.current


def _igd(state: Any, pack: Any, config: dict[str, Any]) -> SeatSetup:
    ids = [c.id for c in pack.characters]
    seats: list[list[str]] = [[] for _ in range(state.seats)]
    for ch in state.chars:
        seats[ch.seat].append(ids[ch.char])
    if state.zombie_seat >= 0:
        seats[state.zombie_seat].append("zombie-player")
    return seats, None


def _rfd(state: Any, pack: Any, config: dict[str, Any]) -> SeatSetup:
    return [[p.character] for p in state.players], int(config["first_player"])


def _sa(state: Any, pack: Any, config: dict[str, Any]) -> SeatSetup:
    seats = [[f"base:{p.base}", *(c.id for c in p.chars)] for p in state.players]
    return seats, state.first


def _hn(state: Any, pack: Any, config: dict[str, Any]) -> SeatSetup:
    seats: list[list[str]] = [[] for _ in range(state.players)]
    for s in state.survivors:
        seats[s.seat].append(s.id)
    return seats, state.first


RULES: dict[str, SetupRule] = {
    "dont-look-back": SetupRule(
        "survivors",
        lambda pack: list(pack.survivors),
        lambda config: int(config["players"]),
        frozenset({"choose-survivor", "choose-first-player"}),
        _dlb,
    ),
    "if-im-going-down": SetupRule(
        "characters",
        lambda pack: [c.id for c in pack.characters],
        lambda config: int(config["players"]),
        frozenset({"choose-character"}),
        _igd,
    ),
    "run-fight-or-die": SetupRule(
        "characters",
        lambda pack: list(pack.characters),
        lambda config: int(config["players"]),
        frozenset(),
        _rfd,
    ),
    "survive-alive": SetupRule(
        None,
        lambda pack: [],
        lambda config: 0,
        frozenset({"choose-base", "draft", "scenario-food"}),
        _sa,
    ),
    "heres-negan": SetupRule(
        "characters",
        lambda pack: list(pack.survivors),
        lambda config: int(config["survivors"]),
        frozenset(),
        _hn,
    ),
}


def rule_of(game_name: str) -> SetupRule | None:
    """The set-up rule of a game (``None``: the game has no set-up choices known here)."""
    return RULES.get(game_name)


def check_mode(setup: object) -> None:
    """Refuse an unknown set-up mode.

    Raises:
        ConfigError: naming the value and the modes.
    """
    if setup not in SETUP_MODES:
        raise ConfigError(
            f"setup={setup!r} is unknown; use 'random' (draw Survivors and characters per "
            "game) or 'table' (the bots choose them at the table)"
        )


def draw_config(
    game_name: str, config: dict[str, Any], pack: Any, base_seed: int, index: int, setup: str
) -> dict[str, Any] | None:
    """The config of game ``index`` with its free set-up choices drawn, or ``None`` when
    nothing is drawn (``setup="table"``, a game without such a choice, or the user fixed it).

    The draw uses its own generator, ``RNG.from_seed(seed_for(S, index, "setup"))``, so it
    depends only on the run's base seed and the game's number.
    """
    rule = RULES.get(game_name)
    if setup != "random" or rule is None or rule.field is None or config.get(rule.field):
        return None
    pool = rule.pool(pack)
    count = rule.count(config)
    if count > len(pool):
        return None  # the game itself refuses such a config at set-up
    rng = RNG.from_seed(seed_for(base_seed, index, "setup"))
    return {**config, rule.field: rng.sample(pool, count)}


def seat_setup(
    game_name: str, state: Any, pack: Any, config: dict[str, Any]
) -> SeatSetup | None:
    """What each seat had, read from a state whose set-up is over (``None``: not known).

    Args:
        pack: the game's content pack (the packaged one when the run has none).
        config: the game's config as data.
    """
    rule = RULES.get(game_name)
    if rule is None:
        return None
    try:
        return rule.read(state, pack, config)
    except (AttributeError, IndexError, TypeError, KeyError):
        return None
