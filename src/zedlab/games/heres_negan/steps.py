"""The pending steps of a game of Here's Negan, and the game's :class:`Flow`.

A round is ``StartRound`` -> the Survivor Phase (``NextActivation`` cycling the seats from
the First Player, each activation a ``ChooseAction`` decision and the decisions of the
Action taken) -> ``WalkerPhase`` -> ``NeganPhase`` -> ``EndPhase``. Most of what the rules do
between two decisions (reveals, NOISE, Entering a Room, placing Walkers) is done at once by
the functions of :mod:`.common`; a step exists only where someone decides, or where a phase
must wait for decisions taken above it.

Each rules module binds its steps on :data:`FLOW`: ``setup`` and ``survivor_phase``
(activations and Actions), ``walker_phase`` (Event cards, Walkers, attacks), ``negan_phase``
(Negan, his Rage), ``end_phase``.

Source: Here's Negan rulebook, "The Game Round", "Sequence of Play".
"""

from __future__ import annotations

from typing import Union

from zedlab.core.flow import Flow, Step

FLOW = Flow("heres-negan")


# -- set-up and the round (setup.py, end_phase.py) -------------------------------------------
class Deploy(Step):
    """Decision ``deploy``: where Survivor ``survivor`` stands in the Deployment Zone."""

    survivor: int


class StartRound(Step):
    """A new round: the four phases in order."""


class EndPhase(Step):
    """The End Phase: Activation tokens, Threat, The Dead Rise, the First Player token."""


SETUP_STEPS: tuple[type[Step], ...] = (Deploy, StartRound, EndPhase)


# -- the Survivor Phase (survivor_phase.py, move.py, attacks.py, actions.py) -----------------
class NextActivation(Step):
    """Find the next seat, clockwise from ``seat``, with a Survivor still to activate;
    ``passes`` counts seats passed with none (the phase ends after a full turn of them)."""

    seat: int
    passes: int = 0


class ChooseSurvivor(Step):
    """Decision ``choose-survivor``: which of the seat's Survivors activates now."""

    seat: int


class ChooseAction(Step):
    """Decision ``choose-action``: the next Action of the active Survivor, or end."""

    survivor: int


class Moving(Step):
    """Decision ``move``: a Move in progress, one space at a time.

    Attributes:
        left: spaces of movement left; ``run`` the move is a Run (NOISE roll at the end).
    """

    survivor: int
    left: int
    run: bool = False
    jumped: bool = False  # this move has jumped, or tried to jump, a barricade


class ChooseTarget(Step):
    """Decision ``fight`` or ``shoot``: the Walker to attack (and with which weapon).

    Attributes:
        kind: ``"fight"`` or ``"shoot"``; ``weapon`` the weapon for a second Fight attack
            ("" for the first choice); ``second`` it is the second attack of two weapons.
    """

    survivor: int
    kind: str
    weapon: str = ""
    second: bool = False
    picked: bool = False  # the weapon is settled (``weapon`` "" then means bare hands)


class CallNeganMove(Step):
    """Decision ``call-negan``: where the calling Survivor moves Negan."""

    survivor: int


class NextAction(Step):
    """After an Action: the active Survivor chooses its next one, or its activation ends."""

    survivor: int


class ActionTarget(Step):
    """Decision ``break-and-enter``, ``extinguish`` or ``search``: which door, fire token or
    Supply token the Action ``action`` is aimed at."""

    survivor: int
    action: str


class FoundWeapon(Step):
    """Decision ``search``: equip the Weapon card ``card`` just found, or keep it aside."""

    survivor: int
    card: str


class Swapping(Step):
    """Decision ``swap-items``: one card equipped, given or taken at a time, then done.

    Attributes:
        partner: the Survivor id cards are exchanged with ("" none yet).
        moved: card ids already handed over, and ``"=" + id`` for those equipped, in this
            Action (each once, so the Action ends).
    """

    survivor: int
    partner: str = ""
    moved: tuple[str, ...] = ()


class ScenarioTarget(Step):
    """Decision of a scenario Action ``action`` (scenario_rules): which barrel, space or
    Entry Point it is aimed at (the scenario's ``targets`` and ``aimed`` hooks)."""

    survivor: int
    action: str


class ChooseFind(Step):
    """Decision ``search`` (abilities: Sherry's special rule): which of the Supply cards
    ``cards`` drawn by one Search the Survivor keeps; the others go back into the deck."""

    survivor: int
    cards: tuple[str, ...]


SURVIVOR_STEPS: tuple[type[Step], ...] = (
    NextActivation, ChooseSurvivor, ChooseAction, Moving, ChooseTarget, CallNeganMove,
    NextAction, ActionTarget, FoundWeapon, Swapping, ScenarioTarget, ChooseFind,
)
# survivor_phase steps: add new step classes above this line and to SURVIVOR_STEPS


# -- the Walker Phase (walker_phase.py) ------------------------------------------------------
class WalkerPhase(Step):
    """The Walker Phase: Event card, Walker tokens move, Walkers move, then attacks."""


class EventSurvivor(Step):
    """Decision ``event-survivor``: the First Player chooses a Survivor for Event ``card``."""

    card: str


class AllocateAttack(Step):
    """Decision ``allocate-attack``: the First Player gives the Walker in ``walker`` a target
    (Multiple Fights)."""

    walker: int


class WalkerAttacks(Step):
    """Resolve the allocated Walker attacks (``state.fights``)."""


class WalkerMoves(Step):
    """After the Event card: Walker tokens move, then Walkers move, then the attacks."""


class SurvivorAttacked(Step):
    """The Walkers on ``attackers`` attack Survivor ``survivor`` (one combined Attack roll)."""

    survivor: int
    attackers: tuple[int, ...]


class DefenseBonus(Step):
    """Decision ``defense-bonus``: Survivor ``survivor``, facing the Attack roll ``attack``
    (``bang``) of the Walkers on ``attackers``, may discard cards for Defense dice
    (``dice`` those already added) before its Defense roll."""

    survivor: int
    attackers: tuple[int, ...]
    attack: int
    bang: bool
    dice: tuple[str, ...] = ()


class NeganAttacked(Step):
    """``walkers`` Walkers attack Negan (after every attacked Survivor)."""

    walkers: int


WALKER_STEPS: tuple[type[Step], ...] = (
    WalkerPhase, EventSurvivor, AllocateAttack, WalkerAttacks, WalkerMoves, SurvivorAttacked,
    DefenseBonus, NeganAttacked,
)
# walker_phase steps: add new step classes above this line and to WALKER_STEPS


# -- Here's Negan! (negan_phase.py) ----------------------------------------------------------
class NeganPhase(Step):
    """The Here's Negan phase (round 1: Negan is placed)."""


NEGAN_STEPS: tuple[type[Step], ...] = (NeganPhase,)
# negan_phase steps: add new step classes above this line and to NEGAN_STEPS


# -- scenario steps (scenario_rules/) ---------------------------------------------------------
class StartingCards(Step):
    """Scenario 6's Armed and Dangerous: Survivor ``survivor`` draws its two Supply cards."""

    survivor: int


class KeepStartingCard(Step):
    """Decision ``starting-card``: Survivor ``survivor`` keeps one of ``cards`` (the other is
    shuffled back into the Supply deck)."""

    survivor: int
    cards: tuple[str, ...] = ()


SCENARIO_STEPS: tuple[type[Step], ...] = (StartingCards, KeepStartingCard)
# scenario steps: add new step classes above this line and to SCENARIO_STEPS


# -- Survival Mode (campaign.py) ---------------------------------------------------------------
class PostGame(Step):
    """The post-game sequence of a Survival Mode game: Game Result, Injuries, Top Dog Bonus."""


class KeepOne(Step):
    """Decision ``keep-supply`` (Solid Victory): which one Supply card Survivor ``survivor``
    keeps, if any."""

    survivor: int


class Discarding(Step):
    """Decision ``discard-supply`` (Good Job!): Survivor ``survivor`` discards Supply cards one
    at a time (+2 starting Reputation each) until it keeps the rest."""

    survivor: int


class Injuries(Step):
    """Injuries and the Top Dog Bonus, after the Game Result."""


class NextScenario(Step):
    """Set up the campaign's next scenario on the same state."""


class KnockOnEntry(Step):
    """Decision ``knock-on-entry`` (Scenario 4 lost): the First Player puts a Medium Entry
    Point on a corridor space at the board's edge."""


CAMPAIGN_STEPS: tuple[type[Step], ...] = (
    PostGame, KeepOne, Discarding, Injuries, NextScenario, KnockOnEntry,
)


STEP_TYPES: tuple[type[Step], ...] = (
    SETUP_STEPS + SURVIVOR_STEPS + WALKER_STEPS + NEGAN_STEPS + SCENARIO_STEPS + CAMPAIGN_STEPS
)
HNStep = Union[STEP_TYPES]  # type: ignore[valid-type]  # noqa: UP007
