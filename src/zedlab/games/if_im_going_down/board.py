"""Shared rule helpers: the table, Fate checks, trackers, killing and dying.

Source: If I'm Going Down... rulebook, "Scenario Layout", "Making a Fate Check",
"Tracker Cards", "Resolving an Attack", "Zombie Attack Phase (continued)".
"""

from __future__ import annotations

from zedlab.core import Action
from zedlab.core.events import emit

from .content import BINDER, Content, Layout
from .state import Character, IGDState

CT: Content = BINDER.load(None)
"""The packaged content pack."""
FATE = CT.fate
ZOMBIES = CT.zombies
CHARS = CT.characters


class _Packs(dict[str, Content]):
    """The content packs by digest (``state.content``), as :data:`BINDER` finds them: the
    rules look a state's pack up here with one dict lookup."""

    def __missing__(self, digest: str) -> Content:
        pack: Content = BINDER(digest)
        self[digest] = pack
        return pack


PACKS: dict[str, Content] = _Packs({CT.digest: CT})


def layout(s: IGDState) -> Layout:
    """The Scenario Layout in play."""
    return PACKS[s.content].layouts[(s.scenario, s.players)]


_ACTIONS: dict[tuple[str, int, int, str, str], Action] = {}


def card_action(s: IGDState, kind: str, f: int, fmt: str) -> Action:
    """A cached Action about Fate card ``f``; ``fmt`` may use ``{name}`` (the card's name)."""
    key = (kind, f, s.fcards[f], fmt, s.content)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, f, fmt.format(name=PACKS[s.content].fate[s.fcards[f]].name))
    return a


def space_action(s: IGDState, kind: str, space: int, fmt: str) -> Action:
    """A cached Action about the Zombie on ``space``; ``fmt`` may use ``{name}``, ``{space}``."""
    zk = s.zcards[s.spaces[space]]
    key = (kind, space, -1 - zk, fmt, s.content)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, space, fmt.format(name=PACKS[s.content].zombies[zk].name, space=space))
    return a


def zname(s: IGDState, z: int) -> str:
    return PACKS[s.content].zombies[s.zcards[z]].name


def fname(s: IGDState, f: int) -> str:
    return PACKS[s.content].fate[s.fcards[f]].name


def fdescribe(s: IGDState, f: int) -> str:
    """A Fate card's name with its printed numbers in words, e.g. ``Rifle (2 hands, 4 Uses,
    1 attack per Use, Power 7)``. Source: rulebook, "Weapon Cards" (Uses, APU, Power)."""
    t = PACKS[s.content].fate[s.fcards[f]]
    if t.apu:
        hands = "2 hands, " if t.hands == 2 else ""
        uses = "unlimited Uses" if t.uses <= 0 else f"{t.uses} Use{'s' if t.uses != 1 else ''}"
        return f"{t.name} ({hands}{uses}, {t.apu} attack{'s' if t.apu != 1 else ''} per Use, Power {t.attack})"
    if t.uses > 0:
        return f"{t.name} ({t.uses} Use{'s' if t.uses != 1 else ''})"
    return t.name


def cname(s: IGDState, seat: int) -> str:
    return PACKS[s.content].characters[s.chars[seat].char].name


def living(s: IGDState) -> list[Character]:
    """Characters still alive (not killed, not turned)."""
    return [c for c in s.chars if c.alive]


def first_player(s: IGDState) -> int:
    """The seat that settles the survivors' shared choices: the lowest living seat."""
    for c in s.chars:
        if c.alive:
            return c.seat
    return 0


def char_at(s: IGDState, space: int) -> bool:
    for c in s.chars:
        if c.alive and c.space == space:
            return True
    return False


def is_free(s: IGDState, space: int) -> bool:
    """No card (Zombie, Occurrence or living character) on the space."""
    return s.spaces[space] < 0 and not char_at(s, space)


_NEAR: dict[tuple[str, str, int, tuple[int, ...]], list[int]] = {}


def nearness(s: IGDState) -> list[int]:
    """For each space, the Range to the closest living character (99 if none).

    Cached per layout and living characters' spaces: callers must not modify the list.
    """
    spaces = tuple(c.space for c in s.chars if c.alive)
    key = (s.content, s.scenario, s.players, spaces)
    near = _NEAR.get(key)
    if near is None:
        dist = layout(s).dist
        n = len(s.spaces)
        if not spaces:
            near = [99] * n
        elif len(spaces) == 1:
            near = list(dist[spaces[0]])
        else:
            near = [min(dist[c][x] for c in spaces) for x in range(n)]
        _NEAR[key] = near
    return near


def closest_mask(s: IGDState, space: int) -> int:
    """Bit mask of the living characters closest to ``space`` (ties: all of them)."""
    dist = layout(s).dist
    best, mask = 999, 0
    for c in s.chars:
        if c.alive:
            d = dist[c.space][space]
            if d < best:
                best, mask = d, 1 << c.seat
            elif d == best:
                mask |= 1 << c.seat
    return mask


def effective_z(s: IGDState, z: int, space: int) -> int:
    """Z-Number with Shared Hunger modifiers from adjacent Zombies.

    Source: rulebook, "Other Effects" (Shared Hunger).
    """
    t = PACKS[s.content].zombies[s.zcards[z]]
    value = t.z
    for a in layout(s).adjacent[space]:
        y = s.spaces[a]
        if y >= 0:
            ty = PACKS[s.content].zombies[s.zcards[y]]
            if ty.hunger_mod and t.id in ty.hunger_targets:
                value += ty.hunger_mod
    return value


def moan_in_play(s: IGDState) -> int:
    """Moan icons on the Zombie cards in play. Source: rulebook, "Zombie Abilities" (Moan)."""
    total = 0
    for z in s.spaces:
        if z >= 0:
            total += PACKS[s.content].zombies[s.zcards[z]].moan
    return total


# -- Fate checks ---------------------------------------------------------------------------


def draw_fate(s: IGDState) -> int:
    """Draw the top Fate card (reshuffling the discard pile when the deck is empty).

    Returns -1 only if no Fate card is left anywhere (treated as a failed check).
    Source: rulebook, "The Fate Deck", "Making a Fate Check".
    """
    if not s.fdeck:
        if not s.fdiscard:
            return -1
        s.fdeck = s.fdiscard
        s.fdiscard = []
        s.rng.shuffle(s.fdeck)
        emit(s, "fate-reshuffle", turn=s.turn)
    s.rng.note_reveal()
    return s.fdeck.pop(0)


def no_luck(s: IGDState, f: int) -> bool:
    return f < 0 or PACKS[s.content].fate[s.fcards[f]].category == "no-luck"


# -- trackers ------------------------------------------------------------------------------

HAND, BODY, GROUND = 0, 1, 2
WHERE_NAMES = ("Hands", "Body", "Ground")


def tracker(s: IGDState, where: int, seat: int) -> list[int]:
    if where == GROUND:
        return s.ground
    c = s.chars[seat]
    return c.hands if where == HAND else c.body


def locate(s: IGDState, f: int) -> tuple[int, int, int]:
    """``(where, seat, slot)`` of a Fate card on a tracker, or ``(-1, -1, -1)``."""
    if f in s.ground:
        return GROUND, -1, s.ground.index(f)
    for c in s.chars:
        if f in c.hands:
            return HAND, c.seat, c.hands.index(f)
        if f in c.body:
            return BODY, c.seat, c.body.index(f)
    return -1, -1, -1


def ground_slots(s: IGDState) -> list[tuple[int, int]]:
    """Every shared ground slot: the Ground trackers, then dead characters' trackers.

    Source: rulebook, "A Dead Character's Resources".
    """
    slots = [(GROUND, -1)]
    for c in s.chars:
        if not c.alive:
            slots.append((HAND, c.seat))
            slots.append((BODY, c.seat))
    return slots


def free_ground(s: IGDState) -> tuple[int, int, int]:
    """First empty shared ground slot as ``(where, seat, slot)``, or ``(-1, -1, -1)``."""
    for where, seat in ground_slots(s):
        t = tracker(s, where, seat)
        if -1 in t:
            return where, seat, t.index(-1)
    return -1, -1, -1


def shared_cards(s: IGDState) -> list[int]:
    cards = [f for f in s.ground if f >= 0]
    for c in s.chars:
        if not c.alive:
            cards.extend(f for f in c.hands if f >= 0)
            cards.extend(f for f in c.body if f >= 0)
    return cards


def own_cards(c: Character) -> list[int]:
    """Cards on a character's Hands then Body trackers."""
    return [f for f in (*c.hands, *c.body) if f >= 0]


def put(s: IGDState, f: int, where: int, seat: int) -> None:
    """Put a card on the first empty slot of a tracker (Ground: any shared slot)."""
    if where == GROUND:
        where, seat, slot = free_ground(s)
    else:
        slot = tracker(s, where, seat).index(-1)
    tracker(s, where, seat)[slot] = f


def remove_from_tracker(s: IGDState, f: int) -> None:
    where, seat, slot = locate(s, f)
    if where >= 0:
        tracker(s, where, seat)[slot] = -1


def trash(s: IGDState, f: int) -> None:
    """Remove a resource from play (not to the discard pile). Source: "Trash Resources"."""
    remove_from_tracker(s, f)
    s.ftrash.append(f)


def weapon_ready(s: IGDState, c: Character, f: int) -> bool:
    """A weapon in this character's hands that may be used now.

    Two-handed weapons must lie horizontally (alone on the Hands tracker); a weapon aligned
    to Empty cannot be used. Source: rulebook, "Weapon Icons" (Hand Icons), "Tracker Cards".
    """
    t = PACKS[s.content].fate[s.fcards[f]]
    if t.effect != "weapon" or s.uses[f] == 0:
        return False
    if t.hands == 2:
        other = c.hands[1] if c.hands[0] == f else c.hands[0]
        return other < 0
    return True


def modifier(s: IGDState, c: Character, f: int, rng_range: int) -> int:
    """The character's Attack modifier for a weapon at a range. Source: "Character Cards"."""
    t = PACKS[s.content].fate[s.fcards[f]]
    ct = PACKS[s.content].characters[c.char]
    mod = 0
    for weapon, value in ct.modifiers:
        if weapon == t.id or weapon == t.category:
            mod += value
    if ct.ability == "sharpshooter" and t.category == "ranged" and rng_range >= 3:
        mod += 1
    return mod


# -- leaving play --------------------------------------------------------------------------


def clear_tokens(s: IGDState, z: int) -> None:
    s.kp[z] = 0
    s.held_turn[z] = -9
    s.no_move[z] = False
    s.loved[z] = 0
    s.loved_clear[z] = 0
    s.hated[z] = 0
    s.move_left[z] = 0


def remove_zombie(s: IGDState, space: int) -> int:
    """Take the card off a space to the Zombie discard pile (characters' sides: out)."""
    z = s.spaces[space]
    s.spaces[space] = -1
    clear_tokens(s, z)
    if z < s.deck_size:
        s.zdiscard.append(z)
    else:
        s.zout.append(z)
    return z


def character_dies(s: IGDState, c: Character, turned: bool) -> None:
    """A character is killed (or turns): Moan reduction, bonus items, shared trackers.

    Source: rulebook, "Zombie Attack Phase (continued)", "Scoring Points" (Moan Reduction).
    """
    c.alive = False
    moan = moan_in_play(s)
    s.moan += moan
    for i, f in enumerate(c.body):
        if f >= 0 and PACKS[s.content].fate[s.fcards[f]].effect == "diary":
            c.body[i] = -1
            s.fbonus.append(f)
            s.bonus += PACKS[s.content].fate[s.fcards[f]].bonus
            emit(s, "diary", turn=s.turn, seat=c.seat, character=cname(s, c.seat), bonus=PACKS[s.content].fate[s.fcards[f]].bonus)
    if turned:
        c.zombie = True
        z = s.deck_size + c.seat
        s.spaces[c.space] = z
        clear_tokens(s, z)
        emit(s, "turned", turn=s.turn, seat=c.seat, character=cname(s, c.seat), moan=moan)
    else:
        emit(s, "killed", turn=s.turn, seat=c.seat, character=cname(s, c.seat), moan=moan)
    if not any(x.alive for x in s.chars):
        s.over = True
        s.stack.clear()
        emit(s, "game-over", turn=s.turn, score=score(s))


def score(s: IGDState) -> int:
    """Zombie kills minus Moan plus bonus points. Source: rulebook, "Scoring Points"."""
    return s.kills - s.moan + s.bonus
