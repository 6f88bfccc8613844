"""Card and die effects, Zombies, Wounds, decks and the Mutant Zombie Boss.

Every function takes the state and the seat concerned. Effects that need a choice push a
:class:`~.state.Step` on ``state.stack``; :func:`~.rules.drive` runs the rest.

Source: Run, Fight, or Die! rulebook, "Taking Cards", "Zombie Advance and Hunt Phases
(Detailed)", "Mutant Zombie Boss" and "Check End of Game Conditions".
"""

from __future__ import annotations

from .content import Content, EffectT, load_content
from .state import (
    MUTANT_WOUND_TOKENS,
    OVER,
    ZOMBIE,
    RFDState,
    Step,
)

LOG_KEEP = 12


_DEFAULT: list[Content] = []


def content_of(s: RFDState) -> Content:
    """The content pack this game was set up with."""
    if not s.content_dir:
        if not _DEFAULT:
            _DEFAULT.append(load_content(None))
        return _DEFAULT[0]
    return load_content(s.content_dir)


def note(s: RFDState, text: str) -> None:
    """Append a line to the event log (only the most recent lines are kept)."""
    log = s.log
    log.append(text)
    if len(log) > 2 * LOG_KEEP:
        del log[:-LOG_KEEP]


# Printed names of the Event die faces. Source: rulebook, "Event Die Actions".
EVENT_FACE_NAMES = {
    "all-quiet": "All Quiet", "ambush": "Ambush", "amulet": "Amulet",
    "charge": "Charge", "nurse": "Nurse", "zombies-rise": "Zombies Rise",
}
# What each pending step asks for, in words (the view, the table and prompts).
STEP_NAMES = {
    "advance-any": "advance Zombies 1 Zone",
    "push-back-any": "move Zombies back 1 Zone",
    "kill-any": "kill Zombies in a Zone",
    "clear-any": "clear a Zone",
    "amulet": "Amulet: change a die",
    "nurse": "Nurse: heal or move Zombies back",
    "drop-loot-or-wound": "discard a Loot Card or take 1 Wound",
    "choose-follower": "keep one of 2 Followers",
    "accept-follower": "accept or refuse a Follower",
    "search-2": "Search: a Follower or a Location",
    "search-5": "Search: 2 Followers or steal one",
    "book": "Book of the Dead",
    "effects": "card effects",
}
_SOURCE_NAMES = {
    "charge": "Charge (Event die)", "nurse": "Nurse (Event die)", "amulet": "Amulet (Event die)",
    "combo": "Dice Combo", "Ambush": "Ambush (Event die)",
}


def source_name(s: RFDState, source: str) -> str:
    """The printed name of what caused an effect: a card id, an Event die face or the combo."""
    if source in _SOURCE_NAMES:
        return _SOURCE_NAMES[source]
    c = content_of(s)
    for table in (c.loot, c.followers, c.events, c.mutant, c.fleeing, c.locations, c.characters):
        card = table.get(source)
        if card is not None:
            return card.name
    return source


def zones_text(s: RFDState, seat: int) -> str:
    """``"Zones 1/2/3: 2/0/4"``: the Zombies now in each Zone of a seat's board."""
    z1, z2, z3 = s.players[seat].zones
    return f"Zones 1/2/3: {z1}/{z2}/{z3}"


def moved_back(s: RFDState, seat: int, zone: int, k: int, who: str) -> None:
    """Log ``k`` Zombies moved back from ``zone`` (from Zone 3 they leave the board)."""
    if k <= 0:
        return
    dest = "off the board" if zone == 3 else f"to Zone {zone + 1}"
    zs = "Zombie" if k == 1 else f"{k} Zombies"
    note(s, f"{who}: {zs} from Zone {zone} back {dest} ({zones_text(s, seat)}).")


def push_effects(s: RFDState, seat: int, effects: tuple[EffectT, ...] | list[EffectT], source: str) -> None:
    """Queue card effects to run (in order) before anything else happens."""
    if effects:
        s.stack.append(Step("effects", seat, effects=list(effects), source=source))


def is_solo(s: RFDState) -> bool:
    return len(s.players) == 1


def seat_left(s: RFDState, seat: int) -> int:
    """The next living player clockwise (to the left), or ``seat`` itself if none."""
    n = len(s.players)
    for k in range(1, n):
        other = (seat + k) % n
        if not s.players[other].dead:
            return other
    return seat


# -- game end ---------------------------------------------------------------------------------

def game_over(s: RFDState, reason: str) -> None:
    """End the game at once. Source: rulebook, "Check End of Game Conditions"."""
    if s.phase != OVER:
        s.phase = OVER
        s.end_reason = reason
        s.stack.clear()
        note(s, f"Game over: {reason}.")


# -- wounds and health ------------------------------------------------------------------------

def wound(s: RFDState, seat: int, n: int, cause: str = "") -> None:
    """Add ``n`` Wound tokens to a character; the Heroic Dog takes the first one and leaves.

    A character whose Wounds reach its Health dies: the game ends at once unless a player
    has declared the last round (then that player's turn just stops).
    Source: rulebook, "Zombie Advance Phase" (Character Wounds) and "Character Death".
    """
    if n <= 0 or s.phase == OVER:
        return
    p = s.players[seat]
    if p.dead:
        return
    if "heroic-dog" in p.followers and not is_solo(s):
        n -= 1
        to = seat_left(s, seat)
        if to != seat:
            p.followers.remove("heroic-dog")
            s.players[to].followers.append("heroic-dog")
            note(s, f"The Heroic Dog takes a Wound for seat {seat} and runs to seat {to}.")
        else:
            note(s, f"The Heroic Dog takes a Wound for seat {seat}.")
        if n <= 0:
            return
    p.wounds = min(p.health, p.wounds + n)
    note(s, f"Seat {seat} takes {n} Wound{'s' if n > 1 else ''}{' (' + cause + ')' if cause else ''}: {p.wounds}/{p.health}.")
    if p.wounds >= p.health:
        die(s, seat)


def die(s: RFDState, seat: int) -> None:
    """A character is killed. Source: rulebook, "Character Death" and its Important Note."""
    p = s.players[seat]
    p.dead = True
    note(s, f"Seat {seat} ({content_of(s).characters[p.character].name}) is killed!")
    if is_solo(s):
        game_over(s, "the character died before surviving the Town Line")
    elif s.declared_by < 0:
        game_over(s, f"seat {seat} died")
    elif seat == s.current:
        # Last round declared: the game goes on; the dead player's turn stops here.
        from .state import END

        s.stack.clear()
        s.phase = END


def heal(s: RFDState, seat: int, n: int) -> None:
    p = s.players[seat]
    healed = min(n, p.wounds)
    if healed:
        p.wounds -= healed
        note(s, f"Seat {seat} heals {healed}: {p.wounds}/{p.health}.")


# -- zombies ----------------------------------------------------------------------------------

def add_zombies(s: RFDState, seat: int, zone: int, n: int) -> int:
    """Place up to ``n`` Zombies from the reserve in ``zone``; returns how many were placed.

    Ruling (see docs/rulings): with the reserve of 60 miniatures empty, no more are placed.
    """
    k = min(n, s.reserve)
    if k > 0:
        s.reserve -= k
        s.players[seat].zones[zone - 1] += k
    return k


def kill(s: RFDState, seat: int, zone: int, n: int) -> int:
    """Kill up to ``n`` Zombies in ``zone`` (back to the reserve); returns how many."""
    zones = s.players[seat].zones
    k = min(n, zones[zone - 1])
    zones[zone - 1] -= k
    s.reserve += k
    return k


def push_back(s: RFDState, seat: int, zone: int, n: int) -> int:
    """Move up to ``n`` Zombies from ``zone`` one Zone back (from Zone 3: to the reserve).

    Source: rulebook, "Action Dice Icons" (Run).
    """
    zones = s.players[seat].zones
    k = min(n, zones[zone - 1])
    zones[zone - 1] -= k
    if zone == 3:
        s.reserve += k
    else:
        zones[zone] += k
    return k


def advance_one(s: RFDState, seat: int, zone: int) -> None:
    """Move one Zombie from ``zone`` one Zone forward; from Zone 1 it wounds and is discarded.

    Source: rulebook, "CHARGE" and "Zombie Advance Phase".
    """
    zones = s.players[seat].zones
    if zones[zone - 1] <= 0:
        return
    zones[zone - 1] -= 1
    if zone == 1:
        s.reserve += 1
        wound(s, seat, 1, "a Zombie reached the character")
    else:
        zones[zone - 2] += 1


# -- decks ------------------------------------------------------------------------------------

def draw(s: RFDState, kind: str) -> str:
    """Take the top card of a deck, reshuffling its discards when it runs out ("" if none).

    Decks are shuffled when first drawn from (same as at set-up: nobody has seen them).
    Source: rulebook, "Taking Cards" (decks are reshuffled whenever they run out).
    """
    deck = s.decks[kind]
    if kind in s.unshuffled:
        s.unshuffled.remove(kind)
        s.rng.shuffle(deck)
    if not deck:
        pile = s.discards[kind]
        if not pile:
            return ""
        deck.extend(pile)
        pile.clear()
        s.rng.shuffle(deck)
    s.rng.note_reveal()
    return content_of(s).ids[kind][deck.pop(0)]


def discard(s: RFDState, kind: str, card: str) -> None:
    """Put a card on its discard pile (stored by index, see :class:`~.state.RFDState`)."""
    s.discards[kind].append(content_of(s).index[kind][card])


def can_take_location(s: RFDState) -> bool:
    """Only 1 Location per turn; none in a solo extra turn. Source: "LOCATION CARDS"."""
    return not (s.location_taken or s.no_locations)


def take_location(s: RFDState, seat: int) -> None:
    """Draw a Location and place it by the character (the Town Line may end the game).

    Source: rulebook, "LOCATION CARDS" and "THE TOWN LINE LOCATION SAVES THE TOWNSPEOPLE".
    """
    if not can_take_location(s):
        note(s, "No Location: only 1 Location may be taken per turn.")
        return
    card = draw(s, "location")
    if not card:
        return
    s.location_taken = True
    c = content_of(s)
    if c.locations[card].special == "town-line":
        town_line(s, seat, card)
        return
    s.players[seat].location = card
    note(s, f"Seat {seat} reaches the {c.locations[card].name}.")
    push_effects(s, seat, c.effects.get(f"location:{card}:now", ()), card)


def town_line_threshold(players: int) -> int:
    """Followers needed in play for the Town Line to end the game.

    >>> [town_line_threshold(p) for p in (2, 3, 4, 5, 6)]
    [7, 9, 11, 13, 15]

    Source: rulebook, "THE TOWN LINE LOCATION SAVES THE TOWNSPEOPLE".
    """
    return 7 + 2 * (players - 2)


def town_line(s: RFDState, seat: int, card: str) -> None:
    """The Town Line is drawn: end the game, or reshuffle it into a new Location deck."""
    if is_solo(s):
        s.town_line_found = True
        discard(s, "location", card)
        note(s, "The Town Line! Finish this turn" + ("." if s.solo_level == "hard" else ", then survive one more full turn."))
        return
    total = sum(len(p.followers) for p in s.players)
    need = town_line_threshold(len(s.players))
    if total >= need:
        discard(s, "location", card)
        game_over(s, f"the Town Line: {total} Followers in play (needed {need})")
        return
    note(s, f"The Town Line: only {total} Followers in play (needed {need}); the Location deck is reshuffled.")
    deck = s.decks["location"]
    deck.append(content_of(s).index["location"]["town-line"])
    deck.extend(s.discards["location"])
    s.discards["location"].clear()
    s.rng.shuffle(deck)


def draw_event(s: RFDState, seat: int) -> None:
    """Take an Event Card: hold cards are kept, current ones replace the current Event,
    others resolve at once. A new Event resets a current Event whose reset says so.

    Source: rulebook, "EVENT CARDS".
    """
    card = draw(s, "event")
    if not card:
        return
    c = content_of(s)
    ev = c.events[card]
    cur = s.current_event
    if cur and (ev.kind == "current" or c.events[cur].reset == "new-event"):
        discard(s, "event", cur)
        s.current_event = ""
        note(s, f"The current Event {c.events[cur].name} ends.")
    if ev.kind == "hold":
        s.players[seat].holds.append(card)
        s.players[seat].hold_turns.append(s.turn)
        note(s, f"Seat {seat} keeps the hold card {ev.name} for a later turn.")
    elif ev.kind == "current":
        s.current_event = card
        note(s, f"Current Event for everyone: {ev.name}.")
    else:
        discard(s, "event", card)
        note(s, f"Event: {ev.name}.")
        push_effects(s, seat, c.effects[f"event:{card}"], card)


def draw_loot(s: RFDState, seat: int) -> None:
    """Take a Loot Card, with its uses as Wound tokens on it. Source: "LOOT CARDS"."""
    card = draw(s, "loot")
    if not card:
        return
    c = content_of(s)
    p = s.players[seat]
    p.loot.append(card)
    p.loot_uses.append(c.loot[card].uses)
    note(s, f"Seat {seat} finds Loot: {c.loot[card].name}.")
    push_effects(s, seat, c.effects.get(f"loot:{card}:on_draw", ()), card)


def use_loot(s: RFDState, seat: int, index: int) -> None:
    """Spend one use of a Loot Card (discarded when no token is left) and run its effect."""
    c = content_of(s)
    p = s.players[seat]
    card = p.loot[index]
    p.loot_uses[index] -= 1
    if p.loot_uses[index] <= 0:
        del p.loot[index]
        del p.loot_uses[index]
        discard(s, "loot", card)
    note(s, f"Seat {seat} uses {c.loot[card].name}.")
    push_effects(s, seat, c.effects[f"loot:{card}"], card)


def discard_loot(s: RFDState, seat: int, index: int) -> None:
    p = s.players[seat]
    card = p.loot.pop(index)
    p.loot_uses.pop(index)
    discard(s, "loot", card)


# -- followers --------------------------------------------------------------------------------

def draw_followers(s: RFDState, n: int) -> list[str]:
    out = []
    for _ in range(n):
        card = draw(s, "follower")
        if card:
            out.append(card)
    return out


def gain_follower(s: RFDState, seat: int, card: str) -> None:
    """A Follower joins (solo: the player may refuse it first). Source: "FOLLOWER CARDS"."""
    if is_solo(s):
        s.stack.append(Step("accept-follower", seat, cards=[card], source=card))
    else:
        join(s, seat, card)


def join(s: RFDState, seat: int, card: str) -> None:
    """Put a Follower with a player; the Shy Girl leaves a group of 5 or more."""
    p = s.players[seat]
    p.followers.append(card)
    note(s, f"{content_of(s).followers[card].name} follows seat {seat}.")
    if "shy-girl" in p.followers and len(p.followers) - 1 >= 4 and not is_solo(s):
        to = seat_left(s, seat)
        if to != seat:
            p.followers.remove("shy-girl")
            s.players[to].followers.append("shy-girl")
            note(s, f"The Shy Girl slips away to seat {to}.")


def lose_follower(s: RFDState, seat: int) -> None:
    """Discard the lowest-value Follower (the first gained among equals); none: 1 Wound."""
    p = s.players[seat]
    if not p.followers:
        wound(s, seat, 1, "no Follower to lose")
        return
    vp = content_of(s).followers
    card = min(p.followers, key=lambda f: vp[f].vp)
    p.followers.remove(card)
    discard(s, "follower", card)
    note(s, f"{vp[card].name} flees from seat {seat}.")


# -- the Mutant Zombie Boss -------------------------------------------------------------------

def mutant_start_tokens(players: int) -> int:
    """Wound tokens the Mutant starts with: 1-2 players 3, 3 players 4, 4 players 5.

    Beyond 4 players one more per player (ruling). Solo uses 3 (the TOO HARD text).

    >>> [mutant_start_tokens(p) for p in (1, 2, 3, 4, 5, 6)]
    [3, 3, 4, 5, 6, 7]

    Source: rulebook, "Mutant Zombie Boss".
    """
    return 3 if players <= 2 else players + 1


def summon_mutant(s: RFDState, seat: int) -> None:
    """Summon the Mutant in front of ``seat``, or add HP - 1 tokens if it is already active.

    Source: rulebook, "Mutant Zombie Boss" (and the TOO HARD solo level).
    """
    start = mutant_start_tokens(len(s.players))
    if s.mutant_active:
        k = min(start - 1, s.mutant_supply)
        s.mutant_supply -= k
        s.mutant_tokens += k
        note(s, f"The Mutant is summoned again: +{k} Wound tokens ({s.mutant_tokens}).")
        return
    k = min(start, s.mutant_supply)
    if k <= 0:
        return
    s.mutant_supply -= k
    s.mutant_tokens = k
    s.mutant_active = True
    s.mutant_seat = seat
    note(s, f"The Mutant Zombie Boss appears before seat {seat} with {k} Wound tokens!")


def hit_mutant(s: RFDState, seat: int, n: int) -> None:
    """Take ``n`` Wound tokens from the Mutant (1 VP each); the last one removes it.

    All 20 tokens collected ends the game. Source: rulebook, "Mutant Zombie Boss".
    """
    k = min(n, s.mutant_tokens)
    s.mutant_tokens -= k
    s.players[seat].mutant_tokens += k
    note(s, f"Seat {seat} wounds the Mutant (+{k} VP token).")
    if s.mutant_tokens == 0:
        s.mutant_active = False
        s.mutant_seat = -1
        note(s, "The Mutant Zombie Boss falls... for now.")
    if sum(p.mutant_tokens for p in s.players) >= MUTANT_WOUND_TOKENS:
        game_over(s, "all 20 Mutant Wound tokens collected: the curse is lifted")


# -- dice effects -----------------------------------------------------------------------------

def reroll_zombies(s: RFDState) -> None:
    """Reroll every die showing a Zombie, spending no reroll (Amulet, skill, Loot).

    Source: rulebook, "AMULET"; publisher ruling that such rerolls are free.
    """
    c = content_of(s)
    from .rules import face_table

    faces = face_table(c)
    for i, sym in enumerate(s.dice):
        if sym == ZOMBIE:
            s.dice[i] = s.rng.roll(faces[1] if i == 5 else faces[0])


# -- the effect interpreter -------------------------------------------------------------------

def zones_with_zombies(s: RFDState, seat: int) -> list[int]:
    zones = s.players[seat].zones
    return [z for z in (1, 2, 3) if zones[z - 1] > 0]


def run_effect(s: RFDState, seat: int, eff: EffectT, source: str) -> None:
    """Run one ``(name, n, zone)`` effect; choices push a Step."""
    name, n, zone = eff
    p = s.players[seat]
    who = source_name(s, source)
    if name == "add-zombies":
        k = add_zombies(s, seat, zone, n)
        note(s, f"{who}: {k} Zombie(s) join Zone {zone} of seat {seat} ({zones_text(s, seat)}).")
    elif name == "kill":
        k = kill(s, seat, zone, n)
        note(s, f"{who}: {k} Zombie(s) killed in Zone {zone} ({zones_text(s, seat)}).")
    elif name == "heal":
        heal(s, seat, n)
    elif name == "wound":
        wound(s, seat, n, who)
    elif name == "push-back":
        moved_back(s, seat, zone, push_back(s, seat, zone, n), who)
    elif name == "draw-loot":
        for _ in range(n):
            draw_loot(s, seat)
    elif name == "draw-event":
        for _ in range(n):
            draw_event(s, seat)
    elif name == "draw-follower":
        for card in draw_followers(s, n):
            gain_follower(s, seat, card)
    elif name == "draw-location":
        take_location(s, seat)
    elif name == "summon-mutant":
        summon_mutant(s, seat)
    elif name == "extra-reroll":
        s.rerolls_left += n
        note(s, f"{who}: +{n} reroll(s) ({s.rerolls_left} left).")
    elif name == "bonus-die":
        s.bonus_in_roll = True
        note(s, f"{who}: the Bonus die joins the next roll.")
    elif name == "no-hunt":
        s.no_hunt = True
        note(s, f"{who}: no Hunt Zombies this turn.")
    elif name in ("kill-any", "clear-any", "advance-any", "push-back-any"):
        if zones_with_zombies(s, seat):
            s.stack.append(Step(name, seat, n=99 if name == "clear-any" else n, source=source))
    elif name == "others-add-zombies":
        for other, q in enumerate(s.players):
            if other != seat and not q.dead:
                k = add_zombies(s, other, zone, n)
                note(s, f"{who}: {k} Zombie(s) join Zone {zone} of seat {other} ({zones_text(s, other)}).")
    elif name == "all-add-zombies":
        for other, q in enumerate(s.players):
            if not q.dead:
                k = add_zombies(s, other, zone, n)
                note(s, f"{who}: {k} Zombie(s) join Zone {zone} of seat {other} ({zones_text(s, other)}).")
    elif name == "lose-follower":
        lose_follower(s, seat)
    elif name == "mutant-regen":
        if s.mutant_active:
            k = min(n, s.mutant_supply)
            s.mutant_supply -= k
            s.mutant_tokens += k
            note(s, f"{who}: the Mutant regains {k} Wound token(s) ({s.mutant_tokens}).")
    elif name == "drop-loot-or-wound":
        if p.loot:
            s.stack.append(Step(name, seat, source=source))
        else:
            wound(s, seat, 1, who)
    elif name == "bonus-die-wound":
        from .rules import face_table

        if s.rng.roll(face_table(content_of(s))[1]) == ZOMBIE:
            wound(s, seat, n, "the Bonus die showed a Zombie")
    elif name == "reroll-zombies":
        reroll_zombies(s)
        from .rules import dice_text

        note(s, f"{who}: the Zombie dice are rerolled: {dice_text(s.dice)}.")
    else:  # pragma: no cover - the content model allows only the names above
        raise ValueError(f"unknown effect {name!r}")


def effect_possible(s: RFDState, seat: int, effects: tuple[EffectT, ...]) -> bool:
    """Whether using a card now would do anything (for options and mandatory bonuses)."""
    if not effects:
        return False
    name, _n, zone = effects[0]
    p = s.players[seat]
    if name == "heal":
        return p.wounds > 0
    if name in ("kill", "push-back"):
        return any(p.zones[z - 1] > 0 for z in ([zone] if len(effects) == 1 else (1, 2, 3)))
    if name in ("kill-any", "clear-any", "push-back-any"):
        return any(p.zones)
    if name == "draw-location":
        return can_take_location(s)
    if name == "reroll-zombies":
        return ZOMBIE in s.dice
    return True
