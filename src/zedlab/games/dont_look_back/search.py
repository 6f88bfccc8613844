"""Search cards: Weapons are kept, the others resolved (``effects.py``) and discarded;
Carl's draw.

Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Specific Card
Clarifications".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import begin_action, cx, name
from .effects import EFFECTS
from .state import DLBState
from .steps import FLOW, CarlPick

# -- Carl's Special Ability -----------------------------------------------------------------------


def carl_draws(state: DLBState, seat: int) -> None:
    """Carl draws the top two cards and will use one of them."""
    state.drawn = [state.deck.pop(0), state.deck.pop(0)]
    state.rng.note_reveal()
    content = cx(state)
    emit(
        state,
        "carl-draws",
        cards=list(state.drawn),
        names=[content.card_name(c) for c in state.drawn],
    )
    state.stack.append(CarlPick(seat=seat))


@FLOW.decide(CarlPick)
def ask_carl_pick(state: DLBState, step: CarlPick) -> Decision:
    C = cx(state)
    options = tuple(
        dict.fromkeys(Action("pick-card", c, f"Use {C.card_name(c)}") for c in state.drawn)
    )
    return Decision(step.seat, "carl-pick", options, "Which card does Carl use?")


@FLOW.resolve(CarlPick)
def carl_pick(state: DLBState, step: CarlPick, action: Action) -> None:
    """Carl uses the chosen card and shuffles the other drawn card back into the deck.

    Source: designed ability (survivors.toml); once per Location per the rulebook's
    "Specific Card Clarifications".
    """
    card = action.value
    other = state.drawn[1] if state.drawn[0] == card else state.drawn[0]
    state.drawn = []
    state.deck.append(other)
    state.rng.shuffle(state.deck)
    content = cx(state)
    emit(
        state,
        "carl-keeps",
        card=card,
        other=other,
        name=content.card_name(card),
        other_name=content.card_name(other),
    )
    resolve_search_card(state, card, announce=False)


# -- Drawing a Search card ------------------------------------------------------------------------


def resolve_search_card(state: DLBState, card: str, announce: bool = True) -> None:
    """A Weapon goes face up beside the Survivor; any other card is resolved and discarded.

    Every drawn card is an event (``"Rick draws More Walkers."``), then its effect;
    ``announce=False`` when the draw was already told (Carl's two cards).

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1).
    """
    seat = state.current
    who = name(state, seat)
    content = cx(state)
    weapon = content.profile.get(card)
    if announce:
        emit(state, "draw", seat=seat, who=who, card=card, name=content.card_name(card))
    if weapon is not None:
        state.survivors[seat].weapons.append(card)
        emit(state, "weapon-kept", seat=seat, who=who, card=card, name=weapon[3])
        begin_action(state)
        return
    state.discard.append(card)
    entry = content.cards[card]
    if not EFFECTS[entry.effect](state, entry):
        begin_action(state)
