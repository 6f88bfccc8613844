"""Scenario rules: each scenario's Win Conditions and Special Rules as one object of hooks.

The rules modules never test the scenario number; they ask the scenario's :class:`Scenario`
(``rules(state)``) at the points where a Special Rule can bend the normal rules: Negan's
target point and whether he stays on it, how many Here's Negan phases a round has, what a
Survivor gets for first entering a room, extra Supply tokens, extra Actions, the dice of a
Recover Stamina or a re-roll of Hold Your Nerve, and the Win Conditions. Scenarios 1-3 use the
defaults; later scenarios subclass :class:`Scenario` in ``scenario_rules/`` and register
with :func:`scenario`.

Source: Here's Negan rulebook, "Scenarios" and each scenario's "Win Conditions" and
"Special Rules".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zedlab.core import Action

from .state import HNState

EXIT = "exit"


class Scenario:
    """The default rules (Scenarios 1-3): Negan heads for the EXIT; the game is won when he
    moves onto it. Subclasses override what their Special Rules change.

    Attributes:
        number: the scenario's number; ``conditions`` its Win Conditions in the order the
            rulebook lists them (ids; ``REASONS`` words them).
    """

    number = 0
    actions: tuple[str, ...] = ()
    """Names of the scenario's own Actions (kind ``"action"``), for the catalogue."""
    conditions: tuple[str, ...] = (EXIT,)
    reasons: dict[str, str] = {EXIT: "Negan moved onto the EXIT"}

    # -- set-up and Negan ---------------------------------------------------------------------
    def set_up(self, state: HNState) -> None:
        """Special set-up after the normal one (cards set aside, starting cards...); steps
        it pushes are played before deployment."""

    def target(self, state: HNState) -> tuple[int, ...] | None:
        """Negan's target point now, or ``None`` for the board's (the EXIT)."""
        return None

    def negan_stays(self, state: HNState) -> bool:
        """True when Negan ignores the movement of Negan Action cards (he stays on the EXIT
        until the other Win Conditions are met; ruling HN-A37)."""
        return False

    def called_negan_moves(self, state: HNState) -> bool:
        """Whether a Call Negan Action moves him (Scenario 9: not once he stays on the EXIT;
        his kills still happen)."""
        return True

    def negan_phases(self, state: HNState) -> int:
        """How many Here's Negan phases this round has (Scenario 4's Inspection: two)."""
        return 1

    def negan_on(self, state: HNState, space: int) -> None:
        """Negan has moved onto ``space`` (every space he enters): latch what it meets."""

    def start_of_negan_phase(self, state: HNState) -> None:
        """Before the Here's Negan phase (Scenario 9's Heating Up)."""

    # -- rooms and Actions ----------------------------------------------------------------------
    def room_opened(self, state: HNState, room: int, who: int) -> int:
        """A room was opened for the first time; returns extra Supply tokens to place."""
        return 0

    def survivor_entered(self, state: HNState, i: int, space: int) -> None:
        """Survivor ``i`` moved onto ``space`` (first-to-enter bonuses)."""

    def searched(self, state: HNState, i: int) -> None:
        """Survivor ``i`` searched a Supply token (Scenario 6's Vital Supplies)."""

    def extra_actions(self, state: HNState, i: int) -> list[Action]:
        """Scenario Actions Survivor ``i`` may take now (kind ``"action"``)."""
        return []

    def take_action(self, state: HNState, i: int, name: str) -> None:
        """Resolve a scenario Action offered by :meth:`extra_actions`."""
        raise ValueError(f"no scenario Action {name!r} in scenario {self.number}")

    def repeatable(self, state: HNState, i: int) -> frozenset[str]:
        """Actions Survivor ``i`` may take twice in an activation (Scenario 5: Shoot)."""
        return frozenset()

    def recover_die(self, state: HNState, i: int) -> str:
        """The die of Survivor ``i``'s Recover Stamina (Scenario 7's First Aid Station)."""
        return "red"

    def hold_your_nerve_rerolls(self, state: HNState, i: int) -> int:
        """Re-rolls of the Action die Survivor ``i`` may make for Hold Your Nerve."""
        return 0

    # -- winning ----------------------------------------------------------------------------------
    def met(self, state: HNState, condition: str) -> bool:
        """Whether a Win Condition holds now (latched conditions are in ``state.reached``)."""
        return condition in state.reached

    def reason(self) -> str:
        """The Win Conditions, worded for the end of the game."""
        return "; ".join(self.reasons.get(c, c) for c in self.conditions)

    def goal(self, survivors: int) -> str:
        """The Win Conditions for people (the renderer's header)."""
        return "Get Negan onto the EXIT."

    def describe(self) -> dict[str, Any]:
        """JSON-safe facts for the view."""
        return {"number": self.number, "conditions": list(self.conditions)}

    # -- hooks of Scenarios 8-12 ----------------------------------------------------------------
    kinds: tuple[str, ...] = ()
    """Kinds of the options of the scenario Actions' :meth:`targets` (values: board spaces),
    for the catalogue."""

    def forbidden(self, state: HNState, i: int) -> frozenset[str]:
        """Actions Survivor ``i`` may not take now (Scenario 8: a barrel carrier cannot Run,
        Fight or Shoot)."""
        return frozenset()

    def after_shot(self, state: HNState, i: int, target: int) -> None:
        """Survivor ``i`` has resolved a Shoot attack at the Walker on ``target`` (Scenario
        8: a gasoline barrel near the target may explode)."""

    def survivor_removed(self, state: HNState, i: int, space: int) -> None:
        """Survivor ``i`` was removed from play from ``space`` (Scenario 8: it drops the
        barrel it carried)."""

    def negan_enraged(self, state: HNState) -> tuple[str, ...]:
        """Reasons the scenario adds for Negan to be enraged where he stands, at the start of
        his phase and after a move (Scenario 11: on an Entry Point)."""
        return ()

    def room_card(self, state: HNState, room: int) -> str | None:
        """The Room card resolved when ``room`` is first entered instead of drawing one
        (Scenario 10: Pitch Black for the Warehouse); ``None``: draw as normal."""
        return None

    def targets(self, state: HNState, i: int, action: str) -> list[Action]:
        """The options of scenario Action ``action`` (a barrel, a space, an Entry Point)."""
        return []

    def aimed(self, state: HNState, i: int, action: str, choice: Action) -> None:
        """Resolve scenario Action ``action`` aimed at ``choice`` (one of :meth:`targets`)."""
        raise ValueError(f"no scenario Action {action!r} in scenario {self.number}")

    def families(self, board_size: int, content: Any) -> list[tuple[str, object]]:
        """The ``(kind, values)`` of the scenario's own decisions, for the catalogue
        (Scenario 6's Armed and Dangerous: which starting Supply card to keep)."""
        return []

    def wanted_rooms(self, state: HNState) -> list[int]:
        """Rooms the Win Conditions still want secured or opened, beyond Negan's route (for
        the view and the bots): none by default."""
        return []

    # -- Survival Mode --------------------------------------------------------------------------
    def campaign_set_up(self, state: HNState) -> None:
        """Survival Mode: this scenario has just been set up as the next game of a campaign
        whose last game was lost; apply the knock-ons of that loss that belong to this
        scenario's own rules. ``state.knock_ons`` names them for the whole game (rules that
        act during play read it too): ``"lost-5"`` no Armed and Dangerous in Scenario 6;
        ``"lost-10"`` Pitch Black set aside, its rules on the Warehouse and the yellow, orange
        and red rooms of Scenario 11; ``"lost-11"`` the Board Room needs 2 more Reputation per
        starting Survivor in Scenario 12. The others (``"lost-4"``, ``"lost-6"``,
        ``"lost-9"``, the Walker tokens in big rooms) are done by :mod:`.campaign`.

        Source: rulebook, "Survival Mode", "1. Game Result" (Loss: HN-R367..HN-R372).
        """


class StaysOnExit(Scenario):
    """A scenario whose Win Conditions are the EXIT and more: once Negan reaches the EXIT he
    stays there (Negan Action cards no longer move him; Clear the Way! has no effect) until
    the others are met; every condition, once met, stays met (ruling HN-A37).

    Source: Here's Negan rulebook, Scenarios 5, 7, 9, 10, 12 ("Moving Negan").
    """

    def negan_stays(self, state: HNState) -> bool:
        return EXIT in state.reached


SCENARIOS: dict[int, Scenario] = {}


def scenario(number: int) -> Callable[[type[Scenario]], type[Scenario]]:
    """Register a scenario's rules (a :class:`Scenario` subclass) under its number."""

    def bind(cls: type[Scenario]) -> type[Scenario]:
        if number in SCENARIOS:
            raise ValueError(f"scenario {number} is registered twice")
        inst = cls()
        inst.number = number
        SCENARIOS[number] = inst
        return cls

    return bind


DEFAULT = Scenario()


def scenario_actions() -> list[str]:
    """Every scenario Action name, sorted (the catalogue lists them all)."""
    return sorted({a for s in SCENARIOS.values() for a in s.actions})


def scenario_kinds() -> list[str]:
    """Every kind of a scenario Action's target, sorted (the catalogue lists them all)."""
    return sorted({k for s in SCENARIOS.values() for k in s.kinds})

def scenario_families(board_size: int, content: Any) -> list[tuple[str, object]]:
    """The catalogue entries of every registered scenario's own decisions."""
    out: list[tuple[str, object]] = []
    for number in sorted(SCENARIOS):
        out += SCENARIOS[number].families(board_size, content)
    return out


def rules(state: HNState) -> Scenario:
    """The rules object of the state's scenario (the defaults for Scenarios 1-3 and rigged
    test boards)."""
    return SCENARIOS.get(state.scenario, DEFAULT)
