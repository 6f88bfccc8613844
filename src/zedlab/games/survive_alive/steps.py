"""The steps of a game of Survive Alive, and the game's :class:`~zedlab.core.flow.Flow`.

A state's ``stack`` holds these steps (the last one is on top). Decision steps (a seat
chooses) and automatic steps (the rules run) are bound to their rules by the modules named
after the rulebook's sections (:mod:`.setup`, :mod:`.spend`, :mod:`.discard`,
:mod:`.scavenging`, :mod:`.event_cards`, :mod:`.round_end`, :mod:`.multiplier`).

A round is laid on the stack when it starts (:func:`~.setup.start_round`): every seat's
Spend turn in turn order, then every Discard, every Scavenging turn, then the Event cards,
which lay the rest of the round when they are drawn. A rule that interrupts another (a
trade in the middle of a Spend turn, a Resource Multiplier choice when the bag runs short)
is a step pushed on top.

Each step type names the rulebook phase it belongs to (``section``); a step that can happen
in several phases (a trade, a recruit) has none and takes the phase of the steps below it.
"""

from __future__ import annotations

from typing import ClassVar

from zedlab.core.flow import Flow, Step

FLOW = Flow("survive-alive")
"""Every step type of the game is bound here, once, by the rules modules."""


class SAStepBase(Step, frozen=True):
    """A step of Survive Alive (immutable: a rule that goes on pushes a new one, so copies
    of a state share their steps)."""

    section: ClassVar[str] = ""


# -- Set-Up -------------------------------------------------------------------------------
class ChooseBase(SAStepBase, kw_only=True):
    """Set-Up H: the seat chooses a Base sheet."""

    section: ClassVar[str] = "bases"
    seat: int


class DealDraft(SAStepBase, kw_only=True):
    """Set-Up J: Character cards are dealt to the First Player and the picks laid out."""

    section: ClassVar[str] = "bases"


class Draft(SAStepBase, kw_only=True):
    """Set-Up J: the seat picks a Character card from the hand."""

    section: ClassVar[str] = "draft"
    seat: int


class SoloBottom(SAStepBase, kw_only=True):
    """Set-Up J (one player): a random card of the hand goes to the bottom of the deck."""

    section: ClassVar[str] = "draft"


class FinishDraft(SAStepBase, kw_only=True):
    """Set-Up K-M: the rest shuffled face down, starting cubes, the first round."""

    section: ClassVar[str] = "draft"


class ScenarioFood(SAStepBase, kw_only=True):
    """Solo Scenario set-up E: food put on the scavengers' cards."""

    section: ClassVar[str] = "spend"
    seat: int


# -- 1. Spend Resource Cubes ---------------------------------------------------------------
class Spend(SAStepBase, kw_only=True):
    """The seat's Spend turn: build, forge, heal, trade, offer, peek, or done."""

    section: ClassVar[str] = "spend"
    seat: int


class TradeGive(SAStepBase, kw_only=True):
    """A trade with the supply: ``left`` cubes still to give."""

    seat: int
    left: int


class TradeTake(SAStepBase, kw_only=True):
    """A trade with the supply: the cube taken."""

    seat: int


class OfferGive(SAStepBase, kw_only=True):
    """Command Centre 1:1 offer to seat ``to``: the cube offered."""

    seat: int
    to: int


class OfferWant(SAStepBase, kw_only=True):
    """Command Centre 1:1 offer to seat ``to``: the cube asked for (``give`` offered)."""

    seat: int
    to: int
    give: int


class OfferReply(SAStepBase, kw_only=True):
    """Seat ``seat`` accepts or refuses seat ``by``'s offer of ``give`` for ``want``."""

    seat: int
    by: int
    give: int
    want: int


# -- 2. Discard Resource Cubes -------------------------------------------------------------
class Discard(SAStepBase, kw_only=True):
    """The seat stores cubes, sets food aside for scavenging, trades, or discards the rest."""

    section: ClassVar[str] = "discard"
    seat: int


# -- 3. Scavenging --------------------------------------------------------------------------
class ScavengeTurn(SAStepBase, kw_only=True):
    """The seat's scavenging turn: a party to send, a party out to continue, or nothing."""

    section: ClassVar[str] = "scavenge"
    seat: int


class ScavengeParty(SAStepBase, kw_only=True):
    """The seat chooses who goes scavenging."""

    section: ClassVar[str] = "scavenge"
    seat: int


class ScavengeWhere(SAStepBase, kw_only=True):
    """The seat's party picks a location or stops; ``sent``: sent this round; ``scavenged``:
    it has scavenged this round."""

    section: ClassVar[str] = "scavenge"
    seat: int
    sent: bool = False
    scavenged: bool = False


class FindWeapon(SAStepBase, kw_only=True):
    """Solo scenarios: the weapon(s) found (``"bat/axe"``: one of them) go to a scavenger."""

    seat: int
    find: str


class RecruitCube(SAStepBase, kw_only=True):
    """The seat takes a cube shown on character ``char``'s card (``left`` still to take,
    ``picks`` the colours taken)."""

    seat: int
    char: str
    left: int
    picks: tuple[int, ...] = ()


class RecruitAccept(SAStepBase, kw_only=True):
    """The seat adds character ``char`` to its group or leaves it. ``how``: 0 met at the
    Base (Command Centre), 1 met scavenging, 2 a solo scenario's target found scavenging,
    3 the target found at the Base."""

    seat: int
    char: str
    how: int


# -- Card Anatomy: Resource Multiplier -------------------------------------------------------
class OfferMultiplier(SAStepBase, kw_only=True):
    """The bag was short for the seat: it may use a Multiplier square if it holds a cube."""

    seat: int


class Multiplier(SAStepBase, kw_only=True):
    """The seat puts a cube on a Resource Multiplier square."""

    seat: int


# -- 4. Draw Event Cards --------------------------------------------------------------------
class DrawEvents(SAStepBase, kw_only=True):
    """Step 1: this round's Event cards are drawn and the screens removed (the rest of the
    round is laid on the stack then)."""

    section: ClassVar[str] = "scavenge"


class PlaceDefenders(SAStepBase, kw_only=True):
    """Step 1: the seat's characters who may defend are placed, one decision each."""

    section: ClassVar[str] = "events"
    seat: int


class PlaceDefender(SAStepBase, kw_only=True):
    """Step 1: the seat places character number ``char`` on a side."""

    section: ClassVar[str] = "events"
    seat: int
    char: int


class Attack(SAStepBase, kw_only=True):
    """Step 1: Event card ``event`` attacks the seat's Base."""

    section: ClassVar[str] = "events"
    seat: int
    event: str


class BreachLose(SAStepBase, kw_only=True):
    """Base Breach: the seat crosses out a facility (``left`` still to lose) from ``side``."""

    section: ClassVar[str] = "events"
    seat: int
    left: int
    side: str


class AfterAttacks(SAStepBase, kw_only=True):
    """The round's marks; in the last round the game ends, else steps 2-4 follow."""

    section: ClassVar[str] = "events"


class EventCubes(SAStepBase, kw_only=True):
    """Steps 2 and 3: every seat draws the last card's cubes."""

    section: ClassVar[str] = "events"


class Recruit(SAStepBase, kw_only=True):
    """Step 4: the seat's Command Centre may find a character."""

    section: ClassVar[str] = "events"
    seat: int


class AfterRecruits(SAStepBase, kw_only=True):
    """After step 4: empty groups refilled, scavengers home, the Round End laid out."""

    section: ClassVar[str] = "events"


# -- 5. Round End --------------------------------------------------------------------------
class RoundEnd(SAStepBase, kw_only=True):
    """Round End 1-5 for the seat: income, then feeding."""

    section: ClassVar[str] = "roundend"
    seat: int


class Feed(SAStepBase, kw_only=True):
    """Round End 2: how many characters the seat feeds (trading first if it likes)."""

    section: ClassVar[str] = "roundend"
    seat: int


class LoseCube(SAStepBase, kw_only=True):
    """Round End 3-5: the seat loses a cube for unmet needs (``left`` still to lose)."""

    section: ClassVar[str] = "roundend"
    seat: int
    left: int


class Cleanup(SAStepBase, kw_only=True):
    """Round End 6-11: the Leader card settled, clean-up, and the next round."""

    section: ClassVar[str] = "roundend"


SAStep = (
    ChooseBase | DealDraft | Draft | SoloBottom | FinishDraft | ScenarioFood | Spend | TradeGive
    | TradeTake | OfferGive | OfferWant | OfferReply | Discard | ScavengeTurn | ScavengeParty
    | ScavengeWhere | FindWeapon | RecruitCube | RecruitAccept | OfferMultiplier | Multiplier
    | DrawEvents | PlaceDefenders | PlaceDefender | Attack | BreachLose | AfterAttacks
    | EventCubes | Recruit | AfterRecruits | RoundEnd | Feed | LoseCube | Cleanup
)
"""Every step type (the state's stack is a list of these)."""

STEP_TYPES: tuple[type[SAStepBase], ...] = SAStep.__args__  # type: ignore[attr-defined]


KINDS: dict[type[SAStepBase], str] = {
    ChooseBase: "choose-base", Draft: "draft", ScenarioFood: "scenario-food", Spend: "spend",
    TradeGive: "trade-give", TradeTake: "trade-take", OfferGive: "offer-give",
    OfferWant: "offer-want", OfferReply: "offer-reply", Discard: "discard",
    ScavengeParty: "scavenge-party", ScavengeWhere: "scavenge-where", FindWeapon: "find-weapon",
    RecruitCube: "recruit-cube", RecruitAccept: "recruit-accept", Multiplier: "multiplier",
    PlaceDefender: "place-defender", BreachLose: "breach-lose", Feed: "feed", LoseCube: "lose-cube",
}
"""The decision kind each decision step asks (the help and the bots know them by it)."""


def section(stack: list[SAStepBase]) -> str:
    """The rulebook phase the game is in: that of the topmost step that names one
    (``"over"`` when the stack is empty)."""
    for s in reversed(stack):
        name = s.section
        if name:
            return name
    return "over"
