"""What every rule module shares: the state's content pack, events, game end, Wounds,
Zombies, decks and taking cards, and the Mutant Zombie Boss.

Every function takes the state and the seat concerned. Anything that needs a choice pushes
a step (``steps.py``) on ``state.stack``; everything here happens at once.

Source: Run, Fight, or Die! rulebook, "Taking Cards", "Zombie Advance and Hunt Phases
(Detailed)", "Character Death", "Mutant Zombie Boss" and "Check End of Game Conditions".
"""

from __future__ import annotations

from zedlab.core.events import emit

from .content import BINDER, Content, EffectT
from .state import MUTANT_WOUND_TOKENS, ZOMBIE, RFDState
from .steps import AcceptFollower, Effects, EndTurn

_PACKS: dict[str, Content] = {}
"""Packs by digest, as :data:`BINDER` gave them (one dict lookup on the hot path)."""


def cx(s: RFDState) -> Content:
    """The content pack this game was set up with (one dict lookup)."""
    pack = _PACKS.get(s.content)
    if pack is None:
        pack = _PACKS[s.content] = BINDER(s.content)
    return pack


content_of = cx

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
}
_SOURCE_NAMES = {
    "charge": "Charge (Event die)", "nurse": "Nurse (Event die)", "amulet": "Amulet (Event die)",
    "combo": "Dice Combo", "Ambush": "Ambush (Event die)",
}


def source_name(s: RFDState, source: str) -> str:
    """The printed name of what caused an effect: a card id, an Event die face or the combo."""
    if source in _SOURCE_NAMES:
        return _SOURCE_NAMES[source]
    c = cx(s)
    for table in (c.loot, c.followers, c.events, c.mutant, c.fleeing, c.locations, c.characters):
        card = table.get(source)
        if card is not None:
            return card.name
    return source


def zones(s: RFDState, seat: int) -> list[int]:
    """The Zombies now in Zones 1, 2, 3 of a seat's board (a copy, for an event)."""
    return list(s.players[seat].zones)


def moved_back(s: RFDState, seat: int, zone: int, k: int, who: str) -> None:
    """Record ``k`` Zombies moved back from ``zone`` (from Zone 3 they leave the board)."""
    if k > 0:
        emit(s, "moved-back", by=who, seat=seat, zone=zone, n=k, zones=zones(s, seat))


def push_effects(s: RFDState, seat: int, effects: tuple[EffectT, ...] | list[EffectT], source: str) -> None:
    """Queue card effects to run (in order) before anything else happens."""
    if effects:
        s.stack.append(Effects(seat=seat, effects=list(effects), source=source))


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
    """End the game at once: nothing pending is played. Source: rulebook, "Check End of
    Game Conditions"."""
    if not s.finished:
        s.finished = True
        s.end_reason = reason
        s.stack.clear()
        emit(s, "game-over", reason=reason)


# -- wounds and health ------------------------------------------------------------------------

def wound(s: RFDState, seat: int, n: int, cause: str = "") -> None:
    """Add ``n`` Wound tokens to a character; the Heroic Dog takes the first one and leaves.

    A character whose Wounds reach its Health dies: the game ends at once unless a player
    has declared the last round (then that player's turn just stops).
    Source: rulebook, "Zombie Advance Phase" (Character Wounds) and "Character Death".
    """
    if n <= 0 or s.finished:
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
        emit(s, "dog-takes-wound", seat=seat, to=to)
        if n <= 0:
            return
    p.wounds = min(p.health, p.wounds + n)
    emit(s, "wounded", seat=seat, n=n, cause=cause, wounds=p.wounds, health=p.health)
    if p.wounds >= p.health:
        die(s, seat)


def die(s: RFDState, seat: int) -> None:
    """A character is killed. Source: rulebook, "Character Death" and its Important Note."""
    p = s.players[seat]
    p.dead = True
    emit(s, "killed", seat=seat, name=cx(s).characters[p.character].name)
    if is_solo(s):
        game_over(s, "the character died before surviving the Town Line")
    elif s.declared_by < 0:
        game_over(s, f"{cx(s).characters[p.character].name} (seat {seat}) died")
    elif seat == s.current:
        # Last round declared: the game goes on; the dead player's turn stops here.
        s.stack.clear()
        s.stack.append(EndTurn(seat=seat))


def heal(s: RFDState, seat: int, n: int) -> None:
    p = s.players[seat]
    healed = min(n, p.wounds)
    if healed:
        p.wounds -= healed
        emit(s, "healed", seat=seat, n=healed, wounds=p.wounds, health=p.health)


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
    zs = s.players[seat].zones
    k = min(n, zs[zone - 1])
    zs[zone - 1] -= k
    s.reserve += k
    return k


def push_back(s: RFDState, seat: int, zone: int, n: int) -> int:
    """Move up to ``n`` Zombies from ``zone`` one Zone back (from Zone 3: to the reserve).

    Source: rulebook, "Action Dice Icons" (Run).
    """
    zs = s.players[seat].zones
    k = min(n, zs[zone - 1])
    zs[zone - 1] -= k
    if zone == 3:
        s.reserve += k
    else:
        zs[zone] += k
    return k


def advance_one(s: RFDState, seat: int, zone: int) -> None:
    """Move one Zombie from ``zone`` one Zone forward; from Zone 1 it wounds and is discarded.

    Source: rulebook, "CHARGE" and "Zombie Advance Phase".
    """
    zs = s.players[seat].zones
    if zs[zone - 1] <= 0:
        return
    zs[zone - 1] -= 1
    if zone == 1:
        s.reserve += 1
        wound(s, seat, 1, "a Zombie reached the character")
    else:
        zs[zone - 2] += 1


def zones_with_zombies(s: RFDState, seat: int) -> list[int]:
    zs = s.players[seat].zones
    return [z for z in (1, 2, 3) if zs[z - 1] > 0]


def reroll_zombies(s: RFDState) -> None:
    """Reroll every die showing a Zombie, spending no reroll (Amulet, skill, Loot).

    Source: rulebook, "AMULET"; publisher ruling that such rerolls are free.
    """
    c = cx(s)
    dice = s.dice
    roll = s.rng.roll
    for i, sym in enumerate(dice):
        if sym == ZOMBIE:
            dice[i] = roll(c.bonus_symbols if i == 5 else c.action_symbols)


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
    return cx(s).ids[kind][deck.pop(0)]


def discard(s: RFDState, kind: str, card: str) -> None:
    """Put a card on its discard pile (stored by index, see :class:`~.state.RFDState`)."""
    s.discards[kind].append(cx(s).index[kind][card])


def can_take_location(s: RFDState) -> bool:
    """Only 1 Location per turn; none in a solo extra turn. Source: "LOCATION CARDS"."""
    return not (s.location_taken or s.no_locations)


def take_location(s: RFDState, seat: int) -> None:
    """Draw a Location and place it by the character (the Town Line may end the game).

    Source: rulebook, "LOCATION CARDS" and "THE TOWN LINE LOCATION SAVES THE TOWNSPEOPLE".
    """
    if not can_take_location(s):
        emit(s, "no-location")
        return
    card = draw(s, "location")
    if not card:
        return
    s.location_taken = True
    c = cx(s)
    if c.locations[card].special == "town-line":
        town_line(s, seat, card)
        return
    s.players[seat].location = card
    emit(s, "location", seat=seat, card=card, name=c.locations[card].name)
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
        emit(s, "town-line-solo", level=s.solo_level)
        return
    total = sum(len(p.followers) for p in s.players)
    need = town_line_threshold(len(s.players))
    if total >= need:
        discard(s, "location", card)
        game_over(s, f"the Town Line: {total} Followers in play (needed {need})")
        return
    emit(s, "town-line-short", total=total, need=need)
    deck = s.decks["location"]
    deck.append(cx(s).index["location"]["town-line"])
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
    c = cx(s)
    ev = c.events[card]
    cur = s.current_event
    if cur and (ev.kind == "current" or c.events[cur].reset == "new-event"):
        discard(s, "event", cur)
        s.current_event = ""
        emit(s, "event-ends", card=cur, name=c.events[cur].name)
    if ev.kind == "hold":
        s.players[seat].holds.append(card)
        s.players[seat].hold_turns.append(s.turn)
        emit(s, "event-held", seat=seat, card=card, name=ev.name)
    elif ev.kind == "current":
        s.current_event = card
        emit(s, "event-current", card=card, name=ev.name)
    else:
        discard(s, "event", card)
        emit(s, "event", card=card, name=ev.name)
        push_effects(s, seat, c.effects[f"event:{card}"], card)


def draw_loot(s: RFDState, seat: int) -> None:
    """Take a Loot Card, with its uses as Wound tokens on it. Source: "LOOT CARDS"."""
    card = draw(s, "loot")
    if not card:
        return
    c = cx(s)
    p = s.players[seat]
    p.loot.append(card)
    p.loot_uses.append(c.loot[card].uses)
    emit(s, "loot-found", seat=seat, card=card, name=c.loot[card].name)
    push_effects(s, seat, c.effects.get(f"loot:{card}:on_draw", ()), card)


def use_loot(s: RFDState, seat: int, index: int) -> None:
    """Spend one use of a Loot Card (discarded when no token is left) and run its effect."""
    c = cx(s)
    p = s.players[seat]
    card = p.loot[index]
    p.loot_uses[index] -= 1
    if p.loot_uses[index] <= 0:
        del p.loot[index]
        del p.loot_uses[index]
        discard(s, "loot", card)
    emit(s, "loot-used", seat=seat, card=card, name=c.loot[card].name)
    push_effects(s, seat, c.effects[f"loot:{card}"], card)


def play_hold(s: RFDState, seat: int, index: int) -> None:
    """Play a hold Event card kept from an earlier turn. Source: "EVENT CARDS"."""
    card = s.players[seat].holds.pop(index)
    s.players[seat].hold_turns.pop(index)
    discard(s, "event", card)
    c = cx(s)
    emit(s, "hold-played", seat=seat, card=card, name=c.events[card].name)
    push_effects(s, seat, c.effects[f"event:{card}"], card)


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
        s.stack.append(AcceptFollower(seat=seat, cards=[card], source=card))
    else:
        join(s, seat, card)


def gain_drawn(s: RFDState, seat: int, n: int) -> None:
    """Draw ``n`` Followers and gain them (solo: each may be refused, the first asked first)."""
    for card in reversed(draw_followers(s, n)):
        gain_follower(s, seat, card)


def join(s: RFDState, seat: int, card: str) -> None:
    """Put a Follower with a player; the Shy Girl leaves a group of 5 or more."""
    p = s.players[seat]
    p.followers.append(card)
    emit(s, "follower-joins", seat=seat, card=card, name=cx(s).followers[card].name)
    if "shy-girl" in p.followers and len(p.followers) - 1 >= 4 and not is_solo(s):
        to = seat_left(s, seat)
        if to != seat:
            p.followers.remove("shy-girl")
            s.players[to].followers.append("shy-girl")
            emit(s, "shy-girl-leaves", seat=seat, to=to)


def lose_follower(s: RFDState, seat: int) -> None:
    """Discard the lowest-value Follower (the first gained among equals); none: 1 Wound."""
    p = s.players[seat]
    if not p.followers:
        wound(s, seat, 1, "no Follower to lose")
        return
    vp = cx(s).followers
    card = min(p.followers, key=lambda f: vp[f].vp)
    p.followers.remove(card)
    discard(s, "follower", card)
    emit(s, "follower-flees", seat=seat, card=card, name=vp[card].name)


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
        emit(s, "mutant-again", n=k, tokens=s.mutant_tokens)
        return
    k = min(start, s.mutant_supply)
    if k <= 0:
        return
    s.mutant_supply -= k
    s.mutant_tokens = k
    s.mutant_active = True
    s.mutant_seat = seat
    emit(s, "mutant-appears", seat=seat, tokens=k)


def hit_mutant(s: RFDState, seat: int, n: int) -> None:
    """Take ``n`` Wound tokens from the Mutant (1 VP each); the last one removes it.

    All 20 tokens collected ends the game. Source: rulebook, "Mutant Zombie Boss".
    """
    k = min(n, s.mutant_tokens)
    s.mutant_tokens -= k
    s.players[seat].mutant_tokens += k
    emit(s, "mutant-hit", seat=seat, n=k)
    if s.mutant_tokens == 0:
        s.mutant_active = False
        s.mutant_seat = -1
        emit(s, "mutant-falls")
    if sum(p.mutant_tokens for p in s.players) >= MUTANT_WOUND_TOKENS:
        game_over(s, "all 20 Mutant Wound tokens collected: the curse is lifted")
