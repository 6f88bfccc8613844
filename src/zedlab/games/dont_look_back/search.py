"""Search cards: Weapons are kept, the others resolved and discarded; Carl's draw.

Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Specific Card
Clarifications".
"""

from __future__ import annotations

from .common import adjacent, begin_action, cx, log, name, plural, space_name
from .state import (
    ACTION,
    FLASH_FROM,
    FLASH_TO,
    LOCATION,
    LOOTING,
    DLBState,
)


def carl_pick(state: DLBState, card: str) -> None:
    """Carl uses ``card`` and shuffles the other drawn card back into the Search deck.

    Source: designed ability (survivors.toml); once per Location per the rulebook's
    "Specific Card Clarifications".
    """
    other = state.drawn[1] if state.drawn[0] == card else state.drawn[0]
    state.drawn = []
    state.deck.append(other)
    state.rng.shuffle(state.deck)
    log(
        state,
        f"Carl keeps {cx(state).card_name(card)}, shuffles back {cx(state).card_name(other)}.",
    )
    resolve_search_card(state, card, announce=False)


def resolve_search_card(state: DLBState, card: str, announce: bool = True) -> None:
    """A Weapon goes face up beside the Survivor; any other card is resolved and discarded.

    Every drawn card is logged (``"Rick draws More Walkers."``), then its effect;
    ``announce=False`` when the draw was already logged (Carl's two cards).

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1).
    """
    seat = state.current
    who = name(state, seat)
    content = cx(state)
    weapon = content.profile.get(card)
    if announce:
        log(state, f"{who} draws {content.card_name(card)}.")
    if weapon is not None:
        state.survivors[seat].weapons.append(card)
        log(state, f"{who} keeps the {weapon[3]} face up (a Weapon).")
        state.phase = ACTION
        return
    state.discard.append(card)
    entry = content.cards[card]
    effect = entry.effect
    if effect == "more-walkers":
        more_walkers(state)
    elif effect == "escape-route":
        sector = state.rng.d6()
        state.escape_sector = sector
        log(state, f"The Escape Route token goes to Sector {sector}.")
    elif effect == "flashbang":
        if sum(state.walkers) > 0:
            state.flash_left = entry.walkers
            state.phase = FLASH_FROM
            log(state, f"{who} throws a Flashbang Grenade.")
            return
        log(state, "No Walkers on the board for the Flashbang Grenade to move.")
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
    log(
        state,
        f"More Walkers: {plural(count, 'Walker')}"
        f" {'joins' if count == 1 else 'join'} Sector {sector}"
        f" (now {state.walkers[sector]}).",
    )


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
    who = name(state, state.current)
    if state.players == 1:
        pile = [c for c in state.discard if c in cx(state).weapons]
        if not pile:
            log(state, f"{who} loots nothing: no Weapon in the discard pile.")
            return False
        card = state.rng.choice(pile)
        state.discard.remove(card)
        state.survivors[state.current].weapons.append(card)
        log(state, f"{who} loots a {cx(state).weapons[card].name} from the discard pile.")
        return False
    if not loot_options(state):
        log(state, f"{who} loots nothing: nobody else holds a Weapon.")
        return False
    state.phase = LOOTING
    return True


def loot(state: DLBState, victim: int, card: str) -> None:
    """Take Weapon ``card`` from the Survivor in seat ``victim``."""
    state.survivors[victim].weapons.remove(card)
    state.survivors[state.current].weapons.append(card)
    log(
        state,
        f"{name(state, state.current)} loots a {cx(state).weapons[card].name} from {name(state, victim)}.",
    )
    begin_action(state)


def flash_sources(state: DLBState) -> list[int]:
    """Spaces holding Walkers a Flashbang Grenade can move."""
    return [sp for sp in range(7) if state.walkers[sp] > 0]


def flash_destinations(state: DLBState, source: int) -> list[int]:
    """Spaces a Walker in ``source`` may be moved to (adjacent; not an overrun Location)."""
    return [sp for sp in adjacent(source) if not (sp == LOCATION and state.overrun)]


def flash_from(state: DLBState, source: int | None) -> None:
    """Pick the space of the next Walker to move, or stop (``None``).

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Flashbang Grenade).
    """
    if source is None:
        state.flash_left = 0
        begin_action(state)
        return
    state.flash_from = source
    state.phase = FLASH_TO


def flash_to(state: DLBState, dest: int) -> None:
    """Move one Walker from the chosen space to ``dest``."""
    state.walkers[state.flash_from] -= 1
    state.walkers[dest] += 1
    log(
        state,
        f"Flashbang: a Walker moves from {space_name(state.flash_from)} to {space_name(dest)}.",
    )
    state.flash_from = -1
    state.flash_left -= 1
    if state.flash_left > 0 and flash_sources(state):
        state.phase = FLASH_FROM
    else:
        state.flash_left = 0
        begin_action(state)
