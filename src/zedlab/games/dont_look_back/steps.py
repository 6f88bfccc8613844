"""The pending steps of a game of Don't Look Back, and the game's :class:`Flow`.

Each step names what happens next and carries what it needs (the seat, a count). Decision
steps wait for a player; automatic steps run at once. The rule modules bind them on
:data:`FLOW` (``setup``, ``turn``, ``search``, ``combat``, ``leaving``).

Source: Don't Look Back rulebook, "Game Set-Up", "Taking Your Turn", "Combat", "Escaping
From a Location", "Proceeding to the Next Location" and "Running Out of Search Cards".
"""

from __future__ import annotations

from zedlab.core.flow import Flow, Step

FLOW = Flow("dont-look-back")


# -- Game Set-Up -------------------------------------------------------------------------------
class OfferSurvivor(Step):
    """``seat`` chooses a Survivor, unless only one is left (then it is dealt)."""

    seat: int


class ChooseSurvivor(Step):
    """Decision: ``seat`` picks a Survivor card."""

    seat: int


class FinishSetup(Step):
    """Health, Walkers, the Search deck and the roll for the first player."""


class ChooseFirstPlayer(Step):
    """Decision: the high roller ``chooser`` names who takes the first turn."""

    chooser: int


# -- Taking Your Turn ----------------------------------------------------------------------------
class StartTurn(Step):
    """``seat``'s turn begins with the draw (or the overrun, once the deck is empty)."""

    seat: int


class CarlPick(Step):
    """Decision: Carl uses one of the two cards he drew."""

    seat: int


class Looting(Step):
    """Decision: take a Weapon card from another Survivor."""

    seat: int


class FlashFrom(Step):
    """Decision: a space to move a Walker from (Flashbang Grenade), or stop."""

    seat: int
    left: int


class FlashTo(Step):
    """Decision: where the Walker taken from ``source`` goes."""

    seat: int
    source: int
    left: int


class ChooseAction(Step):
    """Decision: Pass, Move or Combat."""

    seat: int


class MichonneReroll(Step):
    """Decision: Michonne may re-roll one die of her Melee roll."""

    seat: int


class ChooseTarget(Step):
    """Decision: the target the dice hit."""

    seat: int


class CombatMove(Step):
    """Decision: a Ranged attacker may move into the targeted space."""

    seat: int


class HoldOrReroll(Step):
    """Decision: hold the saved hits, or re-roll every miss."""

    seat: int


class AfterAction(Step):
    """Escape if the acting Survivor cleared the Escape Route Sector, else End of Turn.

    ``fought``: the Action was a Combat that ended with hits held on Walkers.
    """

    seat: int
    fought: bool = False


# -- Leaving a Location ------------------------------------------------------------------------
class KeepWeapon(Step):
    """Decision: ``seat`` keeps a Weapon card (``kept`` already kept)."""

    seat: int
    kept: int = 0


class NewLocation(Step):
    """Reveal the next Location and let the trailing Survivor choose who goes first."""


class NextFirstPlayer(Step):
    """Decision: at a new Location, ``chooser`` names who takes the first turn."""

    chooser: int


class OverrunMove(Step):
    """Decision: ``seat`` flees the overrun Location to a Sector."""

    seat: int


class FinishOverrun(Step):
    """The Location leaves play; ``seat`` goes on with the Action step."""

    seat: int


DLBStep = (
    OfferSurvivor
    | ChooseSurvivor
    | FinishSetup
    | ChooseFirstPlayer
    | StartTurn
    | CarlPick
    | Looting
    | FlashFrom
    | FlashTo
    | ChooseAction
    | MichonneReroll
    | ChooseTarget
    | CombatMove
    | HoldOrReroll
    | AfterAction
    | KeepWeapon
    | NewLocation
    | NextFirstPlayer
    | OverrunMove
    | FinishOverrun
)
STEP_TYPES = DLBStep.__args__
"""Every step type of the game (for ``FLOW.check``)."""
