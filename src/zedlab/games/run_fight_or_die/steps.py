"""The pending steps of a turn of Run, Fight, or Die!, and the game's :class:`Flow`.

A turn is a stack of steps: the turn's own (``BeginTurn`` -> ``InitialRoll`` -> ``Rolling``
-> ``ResolveActions`` -> ``ZombieAdvance`` -> ``Hunt`` -> ``CheckDeclare`` -> ``EndTurn``)
with whatever interrupts them pushed on top (card effects, the Amulet, the Nurse, moving
Zombies, choosing Followers, the Search and Book tables). The rule modules bind them on
:data:`FLOW`: ``turn`` (turn order, Zombie Advance, Hunt, end of game), ``rolling`` (the
roll, the Event die and rerolls), ``resolving`` (the Action dice icons), ``search`` (the
Search and Book of the Dead tables) and ``effects`` (card effects).

Source: Run, Fight, or Die! rulebook, "Turn Overview", "Action Phase", "Zombie Advance and
Hunt Phases (Detailed)", "Check End of Game Conditions".
"""

from __future__ import annotations

from zedlab.core.flow import Flow, Step

FLOW = Flow("run-fight-or-die")

EffectT = tuple[str, int, int]


# -- the turn --------------------------------------------------------------------------------
class BeginTurn(Step):
    """Start of ``seat``'s turn: Location and start-of-turn Follower effects."""

    seat: int


class InitialRoll(Step):
    """Roll the Action dice and the Event die; the Event resolves first."""

    seat: int


class Rolling(Step):
    """Rerolls: reroll the marked dice when every die is decided, ask, or stop rolling."""

    seat: int


class RollDice(Step):
    """Decision ``roll-dice``: keep or reroll the next die, flee, play a card, or stop."""

    seat: int


class ResolveActions(Step):
    """Decision ``resolve-actions``: resolve one action of the rolled symbols, or finish."""

    seat: int


class ZombieAdvance(Step):
    """The Zombie Advance Phase (and the Mutant's card)."""

    seat: int


class Hunt(Step):
    """The Hunt Phase."""

    seat: int


class CheckDeclare(Step):
    """End of the turn: a player with 5 Followers may declare the last round."""

    seat: int


class DeclareEnd(Step):
    """Decision ``declare-end``."""

    seat: int


class EndTurn(Step):
    """The turn passes on (the last round counts down; solo: the extra turn)."""

    seat: int


# -- interruptions ---------------------------------------------------------------------------
class Effects(Step):
    """Card effects ``(name, n, zone)`` to run in order, caused by ``source``."""

    seat: int
    effects: list[EffectT]
    source: str = ""


class MoveZombies(Step):
    """``n`` Zombie moves of ``kind`` (advance-any, push-back-any, kill-any, clear-any):
    asked only when more than one Zone holds Zombies."""

    kind: str
    seat: int
    n: int
    source: str = ""


class PickZone(Step):
    """Decision: the Zone for one move of a :class:`MoveZombies`."""

    kind: str
    seat: int
    n: int
    source: str = ""


class Amulet(Step):
    """Decision ``amulet`` (Event die)."""

    seat: int
    source: str = "amulet"


class Nurse(Step):
    """Decision ``nurse`` (Event die)."""

    seat: int
    source: str = "nurse"


class DropLootOrWound(Step):
    """Decision ``drop-loot-or-wound`` (a Fleeing Card)."""

    seat: int
    source: str = ""


class ChooseFollower(Step):
    """Decision ``choose-follower``: keep one of the 2 Followers drawn."""

    seat: int
    cards: list[str]
    source: str = "search"


class AcceptFollower(Step):
    """Decision ``accept-follower`` (solo): take or refuse the Follower."""

    seat: int
    cards: list[str]
    source: str = ""


class Search2(Step):
    """Decision ``search-2``: a Follower or a Location."""

    seat: int
    n: int = 2
    source: str = "search"


class Search5(Step):
    """Decision ``search-5``: 2 Followers or steal one."""

    seat: int
    n: int = 5
    source: str = "search"


class Book(Step):
    """Decision ``book``: one row of the Book of the Dead table for ``n`` symbols."""

    seat: int
    n: int
    source: str = "book"


RFDStep = (
    BeginTurn | InitialRoll | Rolling | RollDice | ResolveActions | ZombieAdvance | Hunt
    | CheckDeclare | DeclareEnd | EndTurn | Effects | MoveZombies | PickZone | Amulet | Nurse
    | DropLootOrWound | ChooseFollower | AcceptFollower | Search2 | Search5 | Book
)
STEP_TYPES = (
    BeginTurn, InitialRoll, Rolling, RollDice, ResolveActions, ZombieAdvance, Hunt,
    CheckDeclare, DeclareEnd, EndTurn, Effects, MoveZombies, PickZone, Amulet, Nurse,
    DropLootOrWound, ChooseFollower, AcceptFollower, Search2, Search5, Book,
)

PENDING_KINDS: dict[type, str] = {
    Amulet: "amulet",
    Nurse: "nurse",
    DropLootOrWound: "drop-loot-or-wound",
    ChooseFollower: "choose-follower",
    AcceptFollower: "accept-follower",
    Search2: "search-2",
    Search5: "search-5",
    Book: "book",
}
"""The interrupting decision steps and their decision kinds (``PickZone`` uses its
``kind``); the view shows the one on top as the pending choice."""
TURN_STEPS: dict[type, str] = {
    BeginTurn: "start", InitialRoll: "roll", Rolling: "reroll", RollDice: "reroll",
    ResolveActions: "actions", ZombieAdvance: "advance", Hunt: "hunt",
    CheckDeclare: "declare", DeclareEnd: "declare", EndTurn: "end",
}
"""The turn's own steps, by the rulebook part they belong to (for the view)."""
