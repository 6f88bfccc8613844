"""The rules of Don't Look Back, in rulebook order (Combat lives in ``combat.py``).

Every function takes the state and changes it; chance comes only from ``state.rng``.
After a step the state's ``phase`` says what is decided next (see ``game.py``).

Source: Don't Look Back rulebook (sections named in each docstring).
"""

from __future__ import annotations

from .content import Content, default_content
from .state import (
    ACTION,
    CARL_PICK,
    FLASH_FROM,
    FLASH_TO,
    KEEP_WEAPON,
    LOCATION,
    LOOTING,
    NEXT_FIRST,
    OFF_BOARD,
    OVER,
    OVERRUN_MOVE,
    SECTORS,
    SETUP_FIRST,
    SETUP_SURVIVOR,
    DLBState,
    Survivor,
)

C: Content = default_content()
LOG_MAX = 40
"""Event lines kept in the state (older ones drop off; the record holds the whole game)."""
STARTING_HEALTH = {1: 6, 2: 10}
"""Starting Health by number of Locations; 3 or more Locations: 14."""
OVERRUN_WALKERS = 3


def log(state: DLBState, line: str) -> None:
    """Add a short event line, dropping the oldest past ``LOG_MAX``."""
    lines = state.log
    lines.append(line)
    if len(lines) > LOG_MAX:
        del lines[0]


def starting_health(locations: int) -> int:
    """Starting Health for a game of ``locations`` Locations.

    Source: Don't Look Back rulebook, "Game Set-Up" (table: 1 -> 6, 2 -> 10, 3+ -> 14).
    """
    return STARTING_HEALTH.get(locations, 14)


def adjacent(space: int) -> tuple[int, ...]:
    """Spaces adjacent to ``space``: a Sector touches its two neighbours and the Location.

    Source: Don't Look Back rulebook, "The Game Board".

    >>> adjacent(1)
    (6, 2, 0)
    >>> adjacent(0)
    (1, 2, 3, 4, 5, 6)
    """
    if space == LOCATION:
        return SECTORS
    return (6 if space == 1 else space - 1, 1 if space == 6 else space + 1, LOCATION)


SHORT_NAME = {sid: entry.name.split()[0] for sid, entry in C.survivors.items()}


def name(state: DLBState, seat: int) -> str:
    """The Survivor's short name for the log."""
    sid = state.survivors[seat].id
    return SHORT_NAME[sid] if sid else f"Seat {seat}"


def space_name(space: int) -> str:
    return "the Location" if space == LOCATION else f"Sector {space}"


# -- Game Set-Up ----------------------------------------------------------------------------


def setup(state: DLBState, survivors: list[str] | None) -> None:
    """Set up the game until the first decision.

    Shuffle the Locations and reveal the top one; then each player chooses a Survivor (in
    seat order, unless the config dealt them); then :func:`finish_setup`.

    Source: Don't Look Back rulebook, "Game Set-Up".
    """
    stack = list(C.locations)
    state.rng.shuffle(stack)
    state.location_stack = stack[1:]
    state.location = stack[0]
    state.survivors = [Survivor() for _ in range(state.players)]
    log(state, f"The Survivors arrive at {C.locations[state.location].name}.")
    if survivors:
        for seat, sid in enumerate(survivors):
            state.survivors[seat].id = sid
        finish_setup(state)
    else:
        state.queue = list(range(state.players))
        state.phase = SETUP_SURVIVOR


def choose_survivor(state: DLBState, sid: str) -> None:
    """The seat at the head of the queue takes Survivor ``sid``."""
    seat = state.queue.pop(0)
    state.survivors[seat].id = sid
    log(state, f"Seat {seat} plays {C.survivors[sid].name}.")
    if state.queue:
        left = free_survivors(state)
        if len(left) == 1:  # the last player has no choice left
            choose_survivor(state, left[0])
        return
    finish_setup(state)


def free_survivors(state: DLBState) -> list[str]:
    taken = {s.id for s in state.survivors}
    return [sid for sid in C.survivors if sid not in taken]


def finish_setup(state: DLBState) -> None:
    """Health, Walkers, pawns, the Search deck, and the roll for the first player.

    Each player rolls 2 dice; the high roller chooses who goes first (ties roll again).

    Source: Don't Look Back rulebook, "Game Set-Up".
    """
    health = starting_health(state.locations_total)
    for s in state.survivors:
        s.health = health
        s.space = LOCATION
    place_starting_walkers(state)
    state.deck = list(C.deck)
    state.rng.shuffle(state.deck)
    contenders = list(range(state.players))
    while len(contenders) > 1:
        totals = {seat: state.rng.d6() + state.rng.d6() for seat in contenders}
        best = max(totals.values())
        log(
            state,
            "First-player rolls: " + ", ".join(f"{name(state, s)} {t}" for s, t in totals.items()),
        )
        contenders = [s for s in contenders if totals[s] == best]
    state.chooser = contenders[0]
    if state.players == 1:
        start_turn(state, 0)
    else:
        state.phase = SETUP_FIRST


def place_starting_walkers(state: DLBState) -> None:
    """Roll one die per Sector for its Walkers, honouring the Location's odd/even rule.

    Source: Don't Look Back rulebook, "Game Set-Up" (The Camp: odd Sectors only; The Farm:
    even Sectors only).
    """
    rule = C.locations[state.location].start_sectors
    walkers = [0] * 7
    for sector in SECTORS:
        if rule == "all" or (rule == "odd") == (sector % 2 == 1):
            walkers[sector] = state.rng.d6()
    state.walkers = walkers
    log(state, "Walkers: " + " ".join(f"S{i}:{walkers[i]}" for i in SECTORS))


def choose_first_player(state: DLBState, seat: int) -> None:
    """The chooser names who goes first; that Survivor starts the game (or the board)."""
    log(state, f"{name(state, state.chooser)} chooses {name(state, seat)} to go first.")
    start_turn(state, seat)


# -- Taking Your Turn -------------------------------------------------------------------------


def start_turn(state: DLBState, seat: int) -> None:
    """Begin ``seat``'s turn with the draw step.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1) and "Running Out of
    Search Cards".
    """
    state.current = seat
    survivor = state.survivors[seat]
    survivor.kills_this_turn = 0
    state.combat = None
    if state.overrun:
        begin_action(state)
        return
    if not state.deck:
        overrun(state)
        return
    if survivor.id == "carl" and not survivor.ability_used:
        survivor.ability_used = True
        if len(state.deck) >= 2:
            state.drawn = [state.deck.pop(0), state.deck.pop(0)]
            state.rng.note_reveal()
            log(
                state,
                f"Carl draws {C.card_name(state.drawn[0])} and {C.card_name(state.drawn[1])}.",
            )
            state.phase = CARL_PICK
            return
    card = state.deck.pop(0)
    state.rng.note_reveal()
    resolve_search_card(state, card)


def carl_pick(state: DLBState, card: str) -> None:
    """Carl uses ``card`` and shuffles the other drawn card back into the Search deck.

    Source: designed ability (survivors.toml); once per Location per the rulebook's
    "Specific Card Clarifications".
    """
    other = state.drawn[1] if state.drawn[0] == card else state.drawn[0]
    state.drawn = []
    state.deck.append(other)
    state.rng.shuffle(state.deck)
    log(state, f"Carl keeps {C.card_name(card)}, shuffles back {C.card_name(other)}.")
    resolve_search_card(state, card)


def resolve_search_card(state: DLBState, card: str) -> None:
    """A Weapon goes face up beside the Survivor; any other card is resolved and discarded.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 1).
    """
    seat = state.current
    who = name(state, seat)
    if card in C.weapons:
        state.survivors[seat].weapons.append(card)
        log(state, f"{who} finds a {C.weapons[card].name}.")
        begin_action(state)
        return
    state.discard.append(card)
    entry = C.cards[card]
    effect = entry.effect
    if effect == "more-walkers":
        more_walkers(state)
    elif effect == "escape-route":
        sector = state.rng.d6()
        state.escape_sector = sector
        log(state, f"{who} finds the Escape Route: token in Sector {sector}.")
    elif effect == "flashbang":
        if sum(state.walkers) > 0:
            state.flash_left = entry.walkers
            state.phase = FLASH_FROM
            log(state, f"{who} throws a Flashbang Grenade.")
            return
        log(state, f"{who} draws a Flashbang Grenade; no Walkers to move.")
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
    if C.locations[state.location].ability == "store-fewer-walkers":
        count = max(1, count - 1)
    state.walkers[sector] += count
    log(state, f"More Walkers: {count} in Sector {sector} (now {state.walkers[sector]}).")


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
        pile = [c for c in state.discard if c in C.weapons]
        if not pile:
            log(state, f"{who} loots nothing: no Weapon in the discard pile.")
            return False
        card = state.rng.choice(pile)
        state.discard.remove(card)
        state.survivors[state.current].weapons.append(card)
        log(state, f"{who} loots a {C.weapons[card].name} from the discard pile.")
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
        f"{name(state, state.current)} loots a {C.weapons[card].name} from {name(state, victim)}.",
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


def begin_action(state: DLBState) -> None:
    """Step 2 of the turn: choose Pass, Move or Combat."""
    state.phase = ACTION


def move_options(state: DLBState, space: int) -> tuple[int, ...]:
    """Where a Move may go: any adjacent space (no Location once it is overrun).

    Source: Don't Look Back rulebook, "Move" and "Running Out of Search Cards".
    """
    if state.overrun:
        return tuple(sp for sp in adjacent(space) if sp != LOCATION)
    return adjacent(space)


def do_pass(state: DLBState) -> None:
    """Pass: straight to End of Turn. Source: Don't Look Back rulebook, "Pass"."""
    log(state, f"{name(state, state.current)} passes.")
    after_action(state, False)


def do_move(state: DLBState, dest: int) -> None:
    """Move to an adjacent space. Source: Don't Look Back rulebook, "Move"."""
    state.survivors[state.current].space = dest
    log(state, f"{name(state, state.current)} moves to {space_name(dest)}.")
    after_action(state, False)


def after_action(state: DLBState, fought: bool) -> None:
    """Escape if the acting Survivor cleared the Escape Route Sector, else End of Turn.

    ``fought``: the Action was a Combat that ended with at least one hit held. With
    ``escape_check == "combat"`` only such a Combat clears the Sector, unless no Walker is
    left on the board at all (nothing could ever be fought: standing there is enough).

    Source: Don't Look Back rulebook, "Escaping From a Location" (see the rulings file
    for when a Survivor counts as having cleared the Sector).
    """
    s = state.survivors[state.current]
    if (
        state.escape_sector
        and s.alive
        and s.space == state.escape_sector
        and state.walkers[state.escape_sector] == 0
        and (fought or state.escape_check == "any-action" or not any(state.walkers))
    ):
        escape(state, state.current)
        return
    end_of_turn(state)


# -- End of Turn ------------------------------------------------------------------------------


def sector_overload(state: DLBState) -> None:
    """Walkers above the Location's Sector Overload rating spill into the Location.

    No overload once the Location is overrun.

    Source: Don't Look Back rulebook, "Locations" and "End of Turn".
    """
    if state.overrun:
        return
    limit = C.locations[state.location].overload
    walkers = state.walkers
    for sector in SECTORS:
        excess = walkers[sector] - limit
        if excess > 0:
            walkers[sector] = limit
            walkers[LOCATION] += excess
            log(state, f"Sector {sector} overloads: {excess} Walkers break into the Location.")


def health_loss(state: DLBState, seat: int) -> int:
    """Health the acting Survivor loses at End of Turn where they stand.

    In a Sector with Walkers: 1. Inside the Location: 1 per Walker. Daryl's Tracker and
    The Prison's cell blocks (designed) reduce it.

    Source: Don't Look Back rulebook, "Losing Health at End of Turn".
    """
    s = state.survivors[seat]
    here = state.walkers[s.space] if s.space >= 0 else 0
    if here == 0:
        return 0
    if s.space != LOCATION:
        if s.id == "daryl" and s.kills_this_turn > 0:
            return 0
        return 1
    if C.locations[state.location].ability == "prison-cell-blocks":
        return min(here, 3)
    return here


def end_of_turn(state: DLBState) -> None:
    """Overload, Health loss for the acting Survivor only, then the next player's turn.

    Source: Don't Look Back rulebook, "Taking Your Turn" (step 3).
    """
    sector_overload(state)
    seat = state.current
    s = state.survivors[seat]
    if s.alive and s.space >= 0:
        loss = health_loss(state, seat)
        if loss:
            lose_health(state, seat, loss, "at End of Turn")
    if state.phase == OVER:
        return
    nxt = next_seat(state, seat)
    if nxt < 0:
        game_over(state, "Every Survivor has died.")
        return
    start_turn(state, nxt)


def next_seat(state: DLBState, seat: int) -> int:
    """The next Survivor clockwise (to the left) still on the board, or -1."""
    n = state.players
    for k in range(1, n + 1):
        cand = (seat + k) % n
        s = state.survivors[cand]
        if s.alive and not s.escaped:
            return cand
    return -1


def lose_health(state: DLBState, seat: int, amount: int, why: str) -> None:
    """Take Health from a Survivor; at 0 the Survivor dies.

    Source: Don't Look Back rulebook, "Your Health".
    """
    s = state.survivors[seat]
    s.health = max(0, s.health - amount)
    log(state, f"{name(state, seat)} loses {amount} Health {why} ({s.health} left).")
    if s.health == 0:
        die(state, seat)


def die(state: DLBState, seat: int) -> None:
    """Death: cards discarded, pawn removed; the player still scores.

    Source: Don't Look Back rulebook, "Your Health".
    """
    s = state.survivors[seat]
    s.alive = False
    s.space = OFF_BOARD
    state.discard.extend(s.weapons)
    s.weapons = []
    log(state, f"{name(state, seat)} dies.")
    if not any(x.alive for x in state.survivors):
        game_over(state, "Every Survivor has died.")


# -- Escaping From a Location ------------------------------------------------------------------


def escape_path(state: DLBState, start: int) -> list[int]:
    """Sectors entered going from Sector ``start`` to the Escape Route Sector through Sectors.

    The shortest way round; when both ways are equally short, the one entering fewer
    occupied Sectors (then clockwise).

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    goal = state.escape_sector
    cw = [((start - 1 + k) % 6) + 1 for k in range(1, 7)]
    ccw = [((start - 1 - k) % 6) + 1 for k in range(1, 7)]
    path_cw = cw[: cw.index(goal) + 1]
    path_ccw = ccw[: ccw.index(goal) + 1]
    if len(path_cw) != len(path_ccw):
        return path_cw if len(path_cw) < len(path_ccw) else path_ccw

    def occupied(path: list[int]) -> int:
        return sum(1 for sp in path if state.walkers[sp] > 0)

    return path_ccw if occupied(path_ccw) < occupied(path_cw) else path_cw


def escape(state: DLBState, seat: int) -> None:
    """The first Survivor escapes (scoring the number of players); the others follow.

    Others leave in clockwise order: from the Location or the Escape Route Sector freely,
    from other Sectors along the Sectors, losing 1 Health per occupied Sector entered.

    Source: Don't Look Back rulebook, "Escaping From a Location".
    """
    s = state.survivors[seat]
    s.escaped = True
    s.space = OFF_BOARD
    state.first_escaper = seat
    s.points += state.players
    log(state, f"{name(state, seat)} escapes first: +{state.players} points.")
    n = state.players
    for k in range(1, n):
        other = (seat + k) % n
        o = state.survivors[other]
        if not o.alive or o.escaped:
            continue
        if o.space not in (LOCATION, state.escape_sector):
            for sector in escape_path(state, o.space):
                if state.walkers[sector] > 0:
                    lose_health(state, other, 1, f"escaping through Sector {sector}")
                    if not o.alive:
                        break
        if o.alive:
            o.escaped = True
            o.space = OFF_BOARD
            log(state, f"{name(state, other)} escapes.")
    if state.phase == OVER:
        return
    state.locations_done += 1
    if state.locations_done >= state.locations_total:
        game_over(state, f"{name(state, seat)} escaped from the final Location.")
        return
    start_next_location(state)


# -- Proceeding to the Next Location -------------------------------------------------------------


def keep_limit(s: Survivor) -> int:
    """Weapon cards a Survivor may keep between Locations (rulebook: one; Rick: designed)."""
    return C.survivors[s.id].keep_weapons


def start_next_location(state: DLBState) -> None:
    """Ask each living Survivor holding too many Weapons which to keep, clockwise.

    Source: Don't Look Back rulebook, "Proceeding to the Next Location".
    """
    n = state.players
    order = [(state.first_escaper + k) % n for k in range(n)]
    state.queue = []
    for seat in order:
        s = state.survivors[seat]
        if not s.alive:
            continue
        if len(s.weapons) > keep_limit(s) and len(set(s.weapons)) > 1:
            state.queue.append(seat)
        else:
            if len(s.weapons) > keep_limit(s):  # all copies alike: nothing to choose
                state.discard.extend(s.weapons[keep_limit(s) :])
                del s.weapons[keep_limit(s) :]
    state.kept = 0
    if state.queue:
        state.phase = KEEP_WEAPON
    else:
        new_location(state)


def keep_weapon(state: DLBState, card: str) -> None:
    """The Survivor at the head of the queue keeps ``card``; the rest go when done."""
    seat = state.queue[0]
    s = state.survivors[seat]
    idx = s.weapons.index(card, state.kept)
    s.weapons.insert(state.kept, s.weapons.pop(idx))
    state.kept += 1
    log(state, f"{name(state, seat)} keeps the {C.weapons[card].name}.")
    rest = s.weapons[state.kept :]
    if state.kept < keep_limit(s) and len(set(rest)) > 1:
        return
    if state.kept < keep_limit(s):
        state.kept += min(keep_limit(s) - state.kept, len(rest))
    state.discard.extend(s.weapons[state.kept :])
    del s.weapons[state.kept :]
    state.queue.pop(0)
    state.kept = 0
    if not state.queue:
        new_location(state)


def new_location(state: DLBState) -> None:
    """Reshuffle, reveal the next Location, add Walkers, and let the trailing Survivor choose.

    The Survivor with the fewest points chooses who goes first; ties go to the tied
    Survivor whose strongest Weapon rolls the fewest dice, then clockwise from the first
    escaper (ruling).

    Source: Don't Look Back rulebook, "Proceeding to the Next Location".
    """
    held = [w for s in state.survivors for w in s.weapons]
    deck = list(C.deck)
    for w in held:
        deck.remove(w)
    state.rng.shuffle(deck)
    state.deck = deck
    state.discard = []
    state.drawn = []
    state.location = state.location_stack.pop(0)
    state.overrun = False
    state.escape_sector = 0
    log(state, f"The Survivors reach {C.locations[state.location].name}.")
    place_starting_walkers(state)
    living = []
    n = state.players
    for k in range(n):
        seat = (state.first_escaper + k) % n
        s = state.survivors[seat]
        s.escaped = False
        s.ability_used = False
        if s.alive:
            s.space = LOCATION
            living.append(seat)
    fewest = min(state.survivors[seat].points for seat in living)
    tied = [seat for seat in living if state.survivors[seat].points == fewest]
    state.chooser = min(
        tied, key=lambda seat: (strongest_dice(state.survivors[seat]), tied.index(seat))
    )
    if len(living) == 1:
        start_turn(state, living[0])
    else:
        state.phase = NEXT_FIRST


def strongest_dice(s: Survivor) -> int:
    """Dice of the Survivor's strongest Weapon (cards or Improvised)."""
    best = C.survivors[s.id].improvised.dice
    for w in s.weapons:
        best = max(best, C.weapons[w].dice)
    return best


# -- Running Out of Search Cards ------------------------------------------------------------


def overrun(state: DLBState) -> None:
    """The Search deck is empty when a draw is needed: the Location is overrun.

    3 Walkers join each Sector; Survivors inside the Location move out (clockwise, each
    choosing a Sector); the Location and its Walkers leave play; no more draws or overload.

    Source: Don't Look Back rulebook, "Running Out of Search Cards".
    """
    log(state, "The Search deck is empty: the Location is overrun!")
    for sector in SECTORS:
        state.walkers[sector] += OVERRUN_WALKERS
    n = state.players
    state.queue = [
        seat
        for seat in ((state.current + k) % n for k in range(n))
        if state.survivors[seat].alive and state.survivors[seat].space == LOCATION
    ]
    if state.queue:
        state.phase = OVERRUN_MOVE
    else:
        finish_overrun(state)


def overrun_move(state: DLBState, sector: int) -> None:
    """The Survivor at the head of the queue leaves the Location for ``sector``."""
    seat = state.queue.pop(0)
    state.survivors[seat].space = sector
    log(state, f"{name(state, seat)} flees to Sector {sector}.")
    if not state.queue:
        finish_overrun(state)


def finish_overrun(state: DLBState) -> None:
    state.walkers[LOCATION] = 0
    state.overrun = True
    begin_action(state)


# -- Scoring and End of Game -------------------------------------------------------------------


def game_over(state: DLBState, reason: str) -> None:
    """The game ends; the most points wins, ties share. Source: "Scoring and End of Game"."""
    state.phase = OVER
    state.reason = reason
    state.combat = None
    log(state, f"Game over: {reason}")
