"""Search cards: Weapons are kept, the others resolved and discarded; Carl's draw.

Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Specific Card
Clarifications".
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import adjacent, begin_action, cx, name, space_name
from .state import LOCATION, DLBState
from .steps import FLOW, CarlPick, FlashFrom, FlashTo, Looting

FLASH_DONE = Action("flash-from", None, "Stop moving Walkers")
FLASH_FROM_A = {
    sp: Action("flash-from", sp, f"Move a Walker from {space_name(sp)}") for sp in range(7)
}
FLASH_TO_A = {sp: Action("flash-to", sp, f"Put it in {space_name(sp)}") for sp in range(7)}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}


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
    effect = entry.effect
    if effect == "more-walkers":
        more_walkers(state)
    elif effect == "escape-route":
        sector = state.rng.d6()
        state.escape_sector = sector
        emit(state, "escape-route", sector=sector)
    elif effect == "flashbang":
        if sum(state.walkers) > 0:
            emit(state, "flashbang", seat=seat, who=who)
            state.stack.append(FlashFrom(seat=seat, left=entry.walkers))
            return
        emit(state, "flashbang-idle")
    elif effect == "looting":
        if looting(state):
            return
    begin_action(state)


def more_walkers(state: DLBState) -> None:
    """Roll a random Sector and a number of Walkers, and add them there.

    Source: Don't Look Back rulebook, "Locations" (the Farm example); The Store's ability
    (designed) removes 1 Walker (at least 1 stays).
    """
    sector = state.rng.d6()
    count = state.rng.d6()
    if cx(state).locations[state.location].ability == "store-fewer-walkers":
        count = max(1, count - 1)
    state.walkers[sector] += count
    emit(state, "more-walkers", sector=sector, count=count, total=state.walkers[sector])


# -- Looting --------------------------------------------------------------------------------------


def loot_options(state: DLBState) -> list[tuple[int, str]]:
    """``(seat, weapon id)`` pairs a Looting card may take from other Survivors."""
    seen: list[tuple[int, str]] = []
    for seat, s in enumerate(state.survivors):
        if seat != state.current and s.alive:
            for w in s.weapons:
                if (seat, w) not in seen:
                    seen.append((seat, w))
    return seen


def looting(state: DLBState) -> bool:
    """Resolve Looting; True if a decision is now pending.

    Solo: a random Weapon card from the discard pile. Otherwise: the drawer takes a Weapon
    of their choice from another Survivor (designed), if anyone has one.

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Looting).
    """
    seat = state.current
    who = name(state, seat)
    if state.players == 1:
        pile = [c for c in state.discard if c in cx(state).weapons]
        if not pile:
            emit(state, "loot-nothing", seat=seat, who=who, why="discard")
            return False
        card = state.rng.choice(pile)
        state.discard.remove(card)
        state.survivors[seat].weapons.append(card)
        emit(
            state, "loot-discard", seat=seat, who=who, card=card, name=cx(state).weapons[card].name
        )
        return False
    if not loot_options(state):
        emit(state, "loot-nothing", seat=seat, who=who, why="others")
        return False
    state.stack.append(Looting(seat=seat))
    return True


@FLOW.decide(Looting)
def ask_loot(state: DLBState, step: Looting) -> Decision:
    C = cx(state)
    options = tuple(
        Action(
            "loot",
            (victim, w),
            f"Take {C.weapons[w].name} from {C.survivors[state.survivors[victim].id].name}",
        )
        for victim, w in loot_options(state)
    )
    return Decision(step.seat, "looting", options, "Loot which Weapon?")


@FLOW.resolve(Looting)
def loot(state: DLBState, step: Looting, action: Action) -> None:
    """Take the chosen Weapon card from the chosen Survivor."""
    victim, card = action.value
    state.survivors[victim].weapons.remove(card)
    state.survivors[step.seat].weapons.append(card)
    emit(
        state,
        "loot",
        seat=step.seat,
        who=name(state, step.seat),
        victim=victim,
        victim_name=name(state, victim),
        card=card,
        name=cx(state).weapons[card].name,
    )
    begin_action(state)


# -- Flashbang Grenade ----------------------------------------------------------------------------


def flash_sources(state: DLBState) -> list[int]:
    """Spaces holding Walkers a Flashbang Grenade can move."""
    return [sp for sp in range(7) if state.walkers[sp] > 0]


def flash_destinations(state: DLBState, source: int) -> list[int]:
    """Spaces a Walker in ``source`` may be moved to (adjacent; not an overrun Location)."""
    return [sp for sp in adjacent(source) if not (sp == LOCATION and state.overrun)]


@FLOW.decide(FlashFrom)
def ask_flash_from(state: DLBState, step: FlashFrom) -> Decision:
    sources = flash_sources(state)
    key = ("from", step.seat, step.left, *sources)
    decision = _DECISIONS.get(key)
    if decision is None:
        options = (FLASH_DONE, *(FLASH_FROM_A[sp] for sp in sources))
        decision = _DECISIONS[key] = Decision(
            step.seat, "flashbang-from", options, f"Flashbang: move a Walker ({step.left} left)?"
        )
    return decision


@FLOW.resolve(FlashFrom)
def flash_from(state: DLBState, step: FlashFrom, action: Action) -> None:
    """Pick the space of the next Walker to move, or stop (``None``).

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Flashbang Grenade).
    """
    if action.value is None:
        begin_action(state)
        return
    state.stack.append(FlashTo(seat=step.seat, source=action.value, left=step.left))


@FLOW.decide(FlashTo)
def ask_flash_to(state: DLBState, step: FlashTo) -> Decision:
    key = ("to", step.seat, step.source, state.overrun)
    decision = _DECISIONS.get(key)
    if decision is None:
        options = tuple(FLASH_TO_A[sp] for sp in flash_destinations(state, step.source))
        decision = _DECISIONS[key] = Decision(
            step.seat, "flashbang-to", options, "Move the Walker where?"
        )
    return decision


@FLOW.resolve(FlashTo)
def flash_to(state: DLBState, step: FlashTo, action: Action) -> None:
    """Move one Walker from the chosen space to the chosen adjacent space."""
    dest = action.value
    state.walkers[step.source] -= 1
    state.walkers[dest] += 1
    emit(state, "flashbang-move", source=step.source, dest=dest)
    left = step.left - 1
    if left > 0 and flash_sources(state):
        state.stack.append(FlashFrom(seat=step.seat, left=left))
    else:
        begin_action(state)
