"""The effects of the non-Weapon Search cards, registered by the name the TOML gives them.

``search_cards.toml`` names each card's ``effect``; :data:`EFFECTS` maps that name to the
rule. An effect returns True when it left a decision pending (the Flashbang's moves, the
Looting choice); otherwise the turn goes on to the Action step.

Source: Don't Look Back rulebook, "Taking Your Turn" (step 1), "Locations" and "Specific
Card Clarifications".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import adjacent, begin_action, cx, name, space_name
from .content import CARD_EFFECTS, CardEntry
from .state import LOCATION, DLBState
from .steps import FLOW, FlashFrom, FlashTo, Looting

Effect = Callable[[DLBState, CardEntry], bool]
EFFECTS: dict[str, Effect] = {}
"""Effect name (``CardEntry.effect``) -> rule."""

FLASH_DONE = Action("flash-from", None, "Stop moving Walkers")
FLASH_FROM_A = {
    sp: Action("flash-from", sp, f"Move a Walker from {space_name(sp)}") for sp in range(7)
}
FLASH_TO_A = {sp: Action("flash-to", sp, f"Put it in {space_name(sp)}") for sp in range(7)}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}


def effect(effect_name: str) -> Callable[[Effect], Effect]:
    """Decorator: register the rule of the card effect ``effect_name``."""

    def register(fn: Effect) -> Effect:
        EFFECTS[effect_name] = fn
        return fn

    return register


# -- More Walkers ---------------------------------------------------------------------------------


@effect("more-walkers")
def more_walkers(state: DLBState, entry: CardEntry) -> bool:
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
    return False


# -- Escape Route ---------------------------------------------------------------------------------


@effect("escape-route")
def escape_route(state: DLBState, entry: CardEntry) -> bool:
    """A die roll places the Escape Route token in a Sector.

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    sector = state.rng.d6()
    state.escape_sector = sector
    emit(state, "escape-route", sector=sector)
    return False


# -- Flashbang Grenade ----------------------------------------------------------------------------


@effect("flashbang")
def flashbang(state: DLBState, entry: CardEntry) -> bool:
    """Move up to ``entry.walkers`` Walkers, one at a time, each to an adjacent space.

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Flashbang Grenade).
    """
    if sum(state.walkers) > 0:
        seat = state.current
        emit(state, "flashbang", seat=seat, who=name(state, seat))
        state.stack.append(FlashFrom(seat=seat, left=entry.walkers))
        return True
    emit(state, "flashbang-idle")
    return False


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


@effect("looting")
def looting(state: DLBState, entry: CardEntry) -> bool:
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


if set(EFFECTS) != CARD_EFFECTS:  # pragma: no cover - a programming error
    raise RuntimeError(f"card effects {sorted(EFFECTS)} differ from {sorted(CARD_EFFECTS)}")
