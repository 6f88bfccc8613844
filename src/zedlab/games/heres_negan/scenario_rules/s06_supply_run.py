"""Scenario 6, Supply Run: Negan onto the Loading Bay and then back onto the EXIT; every room
opened and every Supply token collected.

- Armed and Dangerous: before deployment, from the First Player round the table, each
  Survivor draws two Supply cards, keeps one (a weapon may be equipped at once, as when
  found) and the other is shuffled back into the deck. An Incident drawn then is not a card
  one can keep: it is set aside, another card is drawn in its place, and the Incidents go
  back into the deck at once (ruling, see ``docs/rulings/heres-negan.md``).
- Vital Supplies: each Search of a Supply token gains 1 Reputation; opening the Warehouse
  adds a blue roll of Supply tokens to its Room card's (ruling HN-A12: "enters" there means
  the room is opened, its Room card being drawn then).
- Moving Negan: he heads for the Loading Bay first (any of its spaces); there he stops for
  the rest of the round, and from the next round he heads for the EXIT. Only an EXIT reached
  after the Loading Bay counts (ruling HN-A39); once on it he stays (ruling HN-A37).

Source: Here's Negan rulebook, Scenario 6 ("Win Conditions", "Armed and Dangerous", "Vital
Supplies", "Moving Negan"); HN-R308..R313.
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.flow import push, turn_order

from .. import win
from ..actions import ask
from ..common import amount, board, change_rep, cx, draw, emit, name
from ..scenarios import Scenario, scenario
from ..state import HNState
from ..steps import FLOW, FoundWeapon, KeepStartingCard, StartingCards

LOADING_BAY = "loading-bay"
BACK_TO_EXIT = "exit-after-loading-bay"
SUPPLIES = "supplies"
WAREHOUSE = "Warehouse"
STARTING_DRAW = 2
"""Supply cards each Survivor draws to keep one (Armed and Dangerous)."""


def bay_spaces(state: HNState) -> tuple[int, ...]:
    """The Loading Bay's spaces."""
    return tuple(s for o in board(state).objects if o.kind == LOADING_BAY for s in o.spaces)


def rooms_left(state: HNState) -> list[int]:
    """Rooms in play (not sealed for this Survivor count) never opened yet."""
    b = board(state)
    return [r for r in sorted(b.security) if r not in state.opened and r not in state.secured]


@scenario(6)
class SupplyRun(Scenario):
    """Supply Run's Win Conditions, Armed and Dangerous, Vital Supplies and Negan's route."""

    conditions = (LOADING_BAY, BACK_TO_EXIT, SUPPLIES)
    reasons = {
        LOADING_BAY: "Negan reached the Loading Bay",
        BACK_TO_EXIT: "then moved onto the EXIT",
        SUPPLIES: "every room was opened and every Supply token collected",
    }

    # -- set-up ---------------------------------------------------------------------------------
    def set_up(self, state: HNState) -> None:
        """Armed and Dangerous: from the First Player, each Survivor draws and keeps one; not
        after a lost Scenario 5 in Survival Mode (HN-R368)."""
        if "lost-5" in state.knock_ons:
            emit(state, "knock-on-applied", what="no Armed and Dangerous: Scenario 5 was lost")
            return
        order = turn_order(state.first, state.players)
        push(state, *(StartingCards(survivor=i) for seat in order
                      for i, s in enumerate(state.survivors) if s.seat == seat))

    def families(self, board_size: int, content: object) -> list[tuple[str, object]]:
        return [("starting-card", sorted(content.supply))]  # type: ignore[attr-defined]

    # -- Negan ------------------------------------------------------------------------------------
    def negan_on(self, state: HNState, space: int) -> None:
        if LOADING_BAY not in state.reached:
            if space in bay_spaces(state):
                state.marks[LOADING_BAY] = state.round
                emit(state, "negan-stops", space=space, why="Loading Bay")
                win.latch(state, LOADING_BAY)
        elif space in board(state).exits:
            win.latch(state, BACK_TO_EXIT)

    def heading_back(self, state: HNState) -> bool:
        """From the round after he reached the Loading Bay he heads for the EXIT."""
        at = state.marks.get(LOADING_BAY)
        return at is not None and state.round > at

    def target(self, state: HNState) -> tuple[int, ...] | None:
        return board(state).exits if self.heading_back(state) else None

    def negan_stays(self, state: HNState) -> bool:
        """He stops on the Loading Bay for the rest of that round, and stays on the EXIT
        once he is back on it."""
        return (LOADING_BAY in state.reached and not self.heading_back(state)) \
            or BACK_TO_EXIT in state.reached

    # -- rooms and Searches -------------------------------------------------------------------------
    def room_opened(self, state: HNState, room: int, who: int) -> int:
        if board(state).areas[room].name != WAREHOUSE:
            return 0
        return amount(state, "blue", "Warehouse supplies")

    def searched(self, state: HNState, i: int) -> None:
        change_rep(state, i, 1, "Vital Supplies")

    # -- winning ----------------------------------------------------------------------------------
    def met(self, state: HNState, condition: str) -> bool:
        if condition == SUPPLIES:
            return not rooms_left(state) and not state.supplies
        return super().met(state, condition)

    def wanted_rooms(self, state: HNState) -> list[int]:
        return rooms_left(state)

    def goal(self, survivors: int) -> str:
        return ("Negan onto the Loading Bay, then the EXIT; open every room, collect every "
                "Supply token.")


# -- Armed and Dangerous ----------------------------------------------------------------------------
@FLOW.auto(StartingCards)
def starting_cards(state: HNState, step: StartingCards) -> None:
    """Draw two cards one could keep (Incidents set aside and shuffled back), then ask which
    to keep; two of the same card leave nothing to choose."""
    drawn: list[str] = []
    incidents: list[str] = []
    c = cx(state)
    while len(drawn) < STARTING_DRAW:
        card = draw(state, "supply")
        if card is None:
            break
        (incidents if c.supply[card].kind == "incident" else drawn).append(card)
    s = state.survivors[step.survivor]
    emit(state, "starting-cards", survivor=s.id, cards=list(drawn), incidents=list(incidents))
    if incidents:
        state.decks["supply"].extend(incidents)
        state.rng.shuffle(state.decks["supply"])
    if len(set(drawn)) > 1:
        push(state, KeepStartingCard(survivor=step.survivor, cards=tuple(drawn)))
    elif drawn:
        keep(state, step.survivor, drawn[0], drawn[1:])


@FLOW.decide(KeepStartingCard)
def ask_starting_card(state: HNState, step: KeepStartingCard) -> Decision:
    options = tuple(Action("starting-card", card, f"keep {c.name} ({c.text})")
                    for card in step.cards for c in (cx(state).supply[card],))
    return Decision(state.survivors[step.survivor].seat, "starting-card", options,
                    f"Armed and Dangerous: which card does {name(state, step.survivor)} keep?")


@FLOW.resolve(KeepStartingCard)
def keep_starting_card(state: HNState, step: KeepStartingCard, action: Action) -> None:
    others = list(step.cards)
    others.remove(str(action.value))
    keep(state, step.survivor, str(action.value), others)


def keep(state: HNState, i: int, card: str, others: list[str]) -> None:
    """Survivor ``i`` starts with ``card``; ``others`` are shuffled back into the deck. A
    weapon may be equipped at once."""
    s = state.survivors[i]
    s.cards.append(card)
    emit(state, "starting-card", survivor=s.id, card=card)
    if others:
        state.decks["supply"].extend(others)
        state.rng.shuffle(state.decks["supply"])
    if cx(state).supply[card].kind == "weapon":
        ask(state, FoundWeapon(survivor=i, card=card))
