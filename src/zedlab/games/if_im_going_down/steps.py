"""The pending steps of a turn of If I'm Going Down..., and the game's one Flow.

Each step type carries what its rule needs (a seat, a card, a space). Automatic steps run
when they reach the top of the stack; decision steps ask a seat. The rule modules bind them
on :data:`FLOW` (setup.py, entrance.py, player.py, manage.py, use.py, attack.py,
movement.py).

A turn is "The Phases of a Turn" laid on the stack by :class:`BeginTurn`: the Zombie
Entrance Phase (the Zombie Player's placements, :class:`Fill`, :class:`Occurrences`, the
Zombie Player's draw), the Player Phase (:class:`PlayerBegin`), the Zombie Attack Phase
(:class:`AttackPhase`) and the Zombie Movement Phase (:class:`MovementPhase`), then
:class:`EndTurn` lays the next turn.
"""

from __future__ import annotations

from zedlab.core.flow import Flow, Step

FLOW = Flow("if-im-going-down")

# -- set-up ("Game Setup") -----------------------------------------------------------------


class ChooseCharacter(Step):
    """The seat chooses a character card not already taken."""

    seat: int


class PlaceStart(Step):
    """The starting resource ``card`` goes on a tracker (seat 0 places for the table)."""

    card: int
    seat: int = 0


# -- the turn ------------------------------------------------------------------------------


class BeginTurn(Step):
    """A new turn: lays its four phases."""


class EndTurn(Step):
    """The turn ends: the next one is laid."""


# -- Zombie Entrance Phase -----------------------------------------------------------------


class ZpPlace(Step):
    """The Zombie Player picks a card from hand to place (3 or more a turn), or is done."""

    seat: int


class ZpSpace(Step):
    """The Zombie Player says where card ``z`` from hand goes."""

    seat: int
    z: int


class Fill(Step):
    """Every empty Initial Space gets a card from its entry pile."""


class PlacePopup(Step):
    """Where the Pop-Up ``z`` drawn for Initial Space ``origin`` appears."""

    seat: int
    z: int
    origin: int
    spaces: list[int]


class Occurrences(Step):
    """Lays the resolution of the Occurrence cards that entered this phase."""


class ResolveOccurrence(Step):
    """Occurrence card ``z`` on ``space`` resolves (``count``: Occurrences this phase)."""

    z: int
    space: int
    count: int


class Spinach(Step):
    """Eat Your Spinach: the seat names who may hold back 2 Zombies."""

    seat: int


class Fumble(Step):
    """Fumble: the seat names the resource that falls."""

    seat: int


class FumbleTrash(Step):
    """Fumble with a full Ground: the seat names the resource trashed to make room."""

    seat: int
    card: int


class Discharge(Step):
    """Accidental Discharge: the seat names the Ranged Weapon that loses a Use."""

    seat: int


class ZpDraw(Step):
    """The Zombie Player draws back up to 6 cards."""


# -- Player Phase ----------------------------------------------------------------------------


class PlayerBegin(Step):
    """Actions are dealt; the Player Phase begins."""


class Initiative(Step):
    """Who acts next: the holder while it has actions, else the next seat with actions.

    ``acted``: the holder has acted since it got the initiative; ``free_pass``: nobody has
    passed yet this phase.
    """

    seat: int
    acted: bool = False
    free_pass: bool = True


class PlayerAction(Step):
    """The seat holding the initiative chooses an action (see :class:`Initiative`)."""

    seat: int
    acted: bool = False
    free_pass: bool = True


class PlayerEnd(Step):
    """Kill Points go; Acquired resources are placed."""


class PlaceResource(Step):
    """A resource found (or Acquired) goes on a tracker of the seat, or is trashed."""

    seat: int
    card: int


class ManagePick(Step):
    """Manage Resources: which resource moves (``moves`` made so far this action)."""

    seat: int
    moves: int = 0


class ManageDest(Step):
    """Manage Resources: where ``card`` goes."""

    seat: int
    card: int
    moves: int


class TradeAccept(Step):
    """Seat ``seat`` accepts or refuses ``proposer``'s trade of ``card``: a move to tracker
    ``(where, whose)``, or a swap with card ``swap``."""

    seat: int
    card: int
    proposer: int
    moves: int
    where: int = -1
    whose: int = -1
    swap: int = -1


class Reload(Step):
    """Ammo ``card``: which Ranged Weapon is reloaded."""

    seat: int
    card: int


class DeadWeight(Step):
    """Dead Weight ``card``: which Zombie gets the No Move token."""

    seat: int
    card: int


class Attack(Step):
    """A Use of weapon ``card``: ``attacks`` left; choose a target or stop."""

    seat: int
    card: int
    attacks: int


# -- Zombie Attack Phase ---------------------------------------------------------------------


class AttackPhase(Step):
    """The Danger Zone is assessed; Hold Back, bites and scratches follow."""


class HoldBack(Step):
    """The seat may hold back an adjacent Zombie."""

    seat: int


class Bites(Step):
    """Every Zombie in the Danger Zone not held back bites."""


class AssignBite(Step):
    """The Zombie on ``space`` bites one of ``near``: the seat proposes who."""

    seat: int
    space: int
    near: list[int]


class AgreeBite(Step):
    """The seat agrees (or not) that ``bitten`` is bitten; ``rest`` still to agree."""

    seat: int
    space: int
    bitten: int
    rest: list[int]


class Scratches(Step):
    """Reach Zombies scratch the characters who held back and were not bitten."""


class AssignScratch(Step):
    """The Reach Zombie on ``space`` scratches one of ``near``: the seat says who."""

    seat: int
    space: int
    near: list[int]


class ApplyBites(Step):
    """Bites and scratches take effect."""


# -- Zombie Movement Phase -------------------------------------------------------------------


class MovementPhase(Step):
    """The Zombies move (or the Zombie Player moves them)."""


class ZpMove(Step):
    """The Zombie Player picks the Zombie to move next (by its space)."""

    seat: int


class ZpDest(Step):
    """The Zombie Player moves the Zombie on ``space`` one step: where to."""

    seat: int
    space: int


IGDStep = (
    ChooseCharacter | PlaceStart | BeginTurn | EndTurn | ZpPlace | ZpSpace | Fill | PlacePopup
    | Occurrences | ResolveOccurrence | Spinach | Fumble | FumbleTrash | Discharge | ZpDraw
    | PlayerBegin | Initiative | PlayerAction | PlayerEnd | PlaceResource | ManagePick
    | ManageDest | TradeAccept | Reload | DeadWeight | Attack | AttackPhase | HoldBack | Bites
    | AssignBite | AgreeBite | Scratches | AssignScratch | ApplyBites | MovementPhase | ZpMove
    | ZpDest
)
STEP_TYPES: tuple[type[Step], ...] = IGDStep.__args__  # type: ignore[attr-defined]
