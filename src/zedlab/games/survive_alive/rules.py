"""Survive Alive rules used by every phase: cubes and the bag, costs and discounts, words
for the table, wounds and deaths.

The phases themselves are in the modules named after the rulebook's sections
(:mod:`.setup`, :mod:`.spend`, :mod:`.discard`, :mod:`.scavenging`, :mod:`.event_cards`,
:mod:`.round_end`); every function names the section it follows.

Source: Survive Alive rulebook, "Components", "Game Play", "1. Spend Resource Cubes",
"Facilities", "Wound Markers", "Card Anatomy".
"""

from __future__ import annotations

from zedlab.core import Action
from zedlab.core.events import emit

from .content import CUBES, PACKS, Content
from .state import Character, Player, SAState, no_cubes
from .steps import Multiplier, OfferMultiplier, SAStepBase

WOOD, METAL, BRICK, FOOD, HERB, CLOTH, WILD = range(7)
CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
WEAPONS = ("axe", "bat", "knife", "wrench")
NAMED = {1: ("bruce", "jojo"), 2: ("florence", "agatha")}
"""Solo scenarios: the characters whose death ends the game. Source: "Game Conditions"."""
TARGETS = {1: "jojo", 2: "rick"}
"""Solo scenarios: the character to find."""


# -- small helpers -------------------------------------------------------------------------
_ACTIONS: dict[tuple[str, object, str], Action] = {}
ACTION_CACHE_LIMIT = 4096
"""Actions kept at most: labels can carry counts, so the cache is emptied when full and a
process that plays many games (a simulation worker) keeps a bounded amount of memory."""


def act(kind: str, value: object = None, label: str = "") -> Action:
    """A cached Action (one per kind, value and label: labels may come from content)."""
    key = (kind, value, label)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) >= ACTION_CACHE_LIMIT:
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(kind, value, label)
    return a


CUBE_ACTIONS = {
    kind: tuple(act(kind, c, f"{verb} a {c} cube") for c in CUBES)
    for kind, verb in (("give", "Give"), ("take", "Take"), ("keep", "Store"), ("lose", "Lose"),
                       ("want", "Ask for"), ("multiply", "Multiply"))
}
"""The cube Actions of each kind, in colour order."""
DONE = act("done", None, "Done")
TRADE = act("trade", None, "Trade cubes with the supply")


def lay(st: SAState, at: int, *steps: SAStepBase) -> None:
    """Put ``steps`` in the stack at ``at`` so that the first named runs first: the turns
    that follow a rule go under anything the rule itself pushed (a Multiplier offer when the
    bag ran short), which is asked first."""
    st.stack[at:at] = steps[::-1]


def tell(st: SAState, seat: int, kind: str, **args: object) -> None:
    """An event only ``seat`` sees (what is behind its screen), naming the seat (``seat``)
    as its subject."""
    emit(st, kind, (seat,), seat=seat, **args)


SIDE_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West",
              "NE": "North-East", "NW": "North-West", "SE": "South-East", "SW": "South-West"}


def counted(n: int, noun: str, many: str | None = None) -> str:
    """A count with its noun, singular for one: ``(1, "shield")`` -> ``"1 shield"``,
    ``(3, "shield")`` -> ``"3 shields"``, ``(2, "facility", "facilities")``."""
    return f"{n} {noun}" if n == 1 else f"{n} {many or noun + 's'}"


def zeds_words(n: int) -> str:
    """``1`` -> ``"1 Zed"``, ``7`` -> ``"7 Zeds"``."""
    return counted(n, "Zed")


def a_or_an(name: str) -> str:
    """``"an Axe"``, ``"a Barricade"``."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


_CUBE_TEXT: dict[tuple[int, ...], str] = {}


def cube_text(cost: list[int]) -> str:
    """Cube counts as words: ``[2, 0, 0, 1, 0, 0, 0]`` -> ``"2 wood, 1 food"`` (herbs counted
    in the plural, ``"3 herbs"``); ``"free"``
    when nothing is paid (cached per counts)."""
    key = tuple(cost)
    got = _CUBE_TEXT.get(key)
    if got is None:
        parts = [f"{n} {CUBES[i]}{'s' if i == HERB and n > 1 else ''}" for i, n in enumerate(cost) if n]
        got = _CUBE_TEXT[key] = ", ".join(parts) if parts else "free"
    return got


_SLOT_WORDS: dict[tuple[str, str], str] = {}


def slot_words(slot_id: str, content: Content) -> str:
    """A Base sheet slot in words: ``"a Barricade on the North side"``, ``"a Watch Tower on
    the North-East corner"``, ``"a Bed (row 1, column 2)"`` (cached per content)."""
    got = _SLOT_WORDS.get((content.digest, slot_id))
    if got is None:
        got = _SLOT_WORDS[(content.digest, slot_id)] = _slot_words(slot_id, content)
    return got


def _slot_words(slot_id: str, content: Content) -> str:
    kind = slot_kind(slot_id)
    name = a_or_an(content.facilities[kind].name)
    where = slot_id[len(kind) + 1:].split("-")
    if kind == "barricade":
        return f"{name} on the {SIDE_WORDS[where[0]]} side"
    if kind == "watch-tower":
        return f"{name} on the {SIDE_WORDS[where[0]]} corner"
    if len(where) == 2 and where[0].isdigit():
        return f"{name} (row {int(where[0]) + 1}, column {int(where[1]) + 1})"
    return name


def char_name(cid: str, content: Content) -> str:
    card = content.characters.get(cid)
    return card.name if card is not None else cid


_ORDERS: dict[tuple[int, int], list[int]] = {}


def order(st: SAState) -> list[int]:
    """Seats in turn order this round, the First player first (clockwise). Do not mutate."""
    key = (st.players_n, st.first)
    got = _ORDERS.get(key)
    if got is None:
        n, f = key
        got = _ORDERS[key] = [(f + i) % n for i in range(n)]
    return got


def draw_cube(st: SAState) -> int:
    """Draw one random cube from the bag; -1 when the bag is empty."""
    total = sum(st.bag)
    if total <= 0:
        return -1
    x = st.rng.randbelow(total)
    for i, c in enumerate(st.bag):
        if x < c:
            st.bag[i] -= 1
            return i
        x -= c
    raise AssertionError("unreachable")  # pragma: no cover


def draw_cubes(st: SAState, p: Player, count: int) -> list[int]:
    """Draw ``count`` random cubes into ``p``'s cubes (fewer if the bag runs dry, and then
    the player may use a Resource Multiplier square: :func:`bag_short`)."""
    got = []
    for _ in range(count):
        c = draw_cube(st)
        if c < 0:
            bag_short(st, p)
            break
        p.cubes[c] += 1
        got.append(c)
    return got


def take_cube(st: SAState, p: Player, colour: int) -> bool:
    """Take a cube of a given colour from the supply, if the bag has one (else
    :func:`bag_short`)."""
    if st.bag[colour] <= 0:
        bag_short(st, p)
        return False
    st.bag[colour] -= 1
    p.cubes[colour] += 1
    return True


def physical(p: Player, colour: int) -> int:
    """Real cubes of ``colour`` behind ``p``'s screen (without the Multiplier's extra 4s)."""
    return p.cubes[colour] - p.virt[colour]


def bag_short(st: SAState, p: Player) -> None:
    """The bag lacks the cubes ``p`` should gain: ``p`` may put a cube of their choice on a
    free Resource Multiplier square (a ``multiplier`` decision), so it counts as 5.
    Source: "Card Anatomy", Resource Multiplier."""
    if p.mult >= _squares(st) or not any(physical(p, i) for i in range(7)):
        return
    seat = p.seat
    for x in st.stack:
        if (x.__class__ is OfferMultiplier or x.__class__ is Multiplier) and x.seat == seat:
            return
    st.stack.append(OfferMultiplier(seat=seat))


def _squares(st: SAState) -> int:
    return PACKS[st.content].design.multiplier_squares


def multiply(st: SAState, p: Player, colour: int) -> None:
    """Place a cube of ``colour`` on a Multiplier square: ``p`` now has 4 more of it."""
    p.virt[colour] += 4
    p.cubes[colour] += 4
    p.mult += 1


def to_bag(st: SAState, p: Player, colour: int, n: int = 1) -> None:
    """Pay ``n`` cubes of ``colour`` back to the supply. Multiplied cubes are paid first and,
    not being real cubes, do not enter the bag."""
    v = min(p.virt[colour], n)
    p.virt[colour] -= v
    p.cubes[colour] -= n
    st.bag[colour] += n - v


def from_hand(st: SAState, p: Player, colour: int) -> bool:
    """Take one real cube of ``colour`` out of ``p``'s hand to put it somewhere (storage,
    the scavenging food, another player). A multiplied cube is first swapped for a real one
    from the bag; False if neither is possible (nothing changes)."""
    if p.cubes[colour] <= 0:
        return False
    if physical(p, colour) <= 0:
        if st.bag[colour] <= 0:
            return False
        st.bag[colour] -= 1
        p.virt[colour] -= 1
    p.cubes[colour] -= 1
    return True


def ability_on(ch: Character) -> bool:
    """Two Wound tokens switch a character's ability off. Source: "Wound Markers"."""
    return ch.wounds < 2


def has_built(p: Player, kind: str, content: Content | None = None) -> int:
    """How many facilities of ``kind`` stand (built and not lost) on ``p``'s base."""
    return p.standing.get(kind, 0)


def mark_built(p: Player, slot_id: str) -> None:
    """Shade a slot's box (built)."""
    p.built[slot_id] = 1
    kind = slot_kind(slot_id)
    p.standing[kind] = p.standing.get(kind, 0) + 1


_KINDS: dict[str, str] = {}


def slot_kind(slot_id: str) -> str:
    """``"watch-tower-NE"`` -> ``"watch-tower"``; ``"bed-0-1"`` -> ``"bed"``;
    ``"barricade-N-0"`` -> ``"barricade"``."""
    kind = _KINDS.get(slot_id)
    if kind is None:
        parts = slot_id.split("-")
        kind = "-".join(parts[:-2] if parts[-1].isdigit() else parts[:-1])
        _KINDS[slot_id] = kind
    return kind


def same_choice(slot_id: str) -> str:
    """The slots that are one choice for a player: the spaces of one side's barricades are
    alike (``"barricade-N-1"`` -> ``"barricade-N"``), every other slot is its own."""
    if slot_id.startswith("barricade-"):
        return slot_id.rpartition("-")[0]
    return slot_id


def storage_capacity(p: Player, content: Content) -> int:
    return has_built(p, "storage", content) * content.design.storage_capacity


def trade_ratio(p: Player, content: Content) -> int:
    """4:1, 3:1 with a Radio, 2:1 with a Command Centre (the lowest applies)."""
    r = content.rules
    if has_built(p, "command-centre", content):
        return r.command_centre_trade_ratio
    if has_built(p, "radio", content):
        return r.radio_trade_ratio
    return r.trade_ratio


def can_trade(st: SAState, p: Player, content: Content) -> bool:
    """Whether ``p`` can trade with the supply now: enough cubes for the ratio (what the bag
    holds is hidden, so it does not count). Allowed at any time on the player's turn.
    Source: "1. Spend Resource Cubes" (note)."""
    return sum(p.cubes) >= trade_ratio(p, content)


def affordable(have: list[int], cost: list[int]) -> bool:
    """Whether ``have`` pays ``cost``; each Wild cube stands in for one missing cube."""
    missing = cost[6]
    for i in range(6):
        if cost[i] > have[i]:
            missing += cost[i] - have[i]
    return missing <= have[6]


def pay(st: SAState, p: Player, cost: list[int]) -> list[int]:
    """Pay ``cost`` into the bag, Wild cubes covering what is missing (must be affordable).

    Returns:
        the cubes really paid, by colour (Wild cubes counted as Wild)."""
    paid = no_cubes()
    for i in range(WILD):
        if not cost[i]:
            continue
        use = min(cost[i], p.cubes[i])
        if use:
            to_bag(st, p, i, use)
            paid[i] += use
        missing = cost[i] - use
        if missing:
            to_bag(st, p, WILD, missing)
            paid[WILD] += missing
    if cost[WILD]:
        to_bag(st, p, WILD, cost[WILD])
        paid[WILD] += cost[WILD]
    return paid


def paid_text(cost: list[int], paid: list[int]) -> str:
    """What was paid, in words, saying what the Wild cubes stood in for:
    ``"1 wood, 1 wild (Wild for 1 wood)"``; just the cost when no Wild cube stood in."""
    if paid == cost:
        return cube_text(cost)
    covered = [max(0, c - q) for c, q in zip(cost, paid, strict=True)]
    covered[WILD] = 0
    return f"{cube_text(paid)} (Wild for {cube_text(covered)})"


def counts(cubes: list[str]) -> list[int]:
    out = no_cubes()
    for c in cubes:
        out[CUBE_INDEX[c]] += 1
    return out


_COSTS: dict[tuple[str, str], list[int]] = {}


def base_cost(content: Content, kind: str) -> list[int]:
    """Printed cost of a facility or weapon as cube counts (a fresh list)."""
    cost = _COSTS.get((content.digest, kind))
    if cost is None:
        entry = content.facilities.get(kind) or content.weapons[kind]
        cost = _COSTS[(content.digest, kind)] = counts(entry.cost)
    return list(cost)


def facility_cost(p: Player, kind: str, content: Content) -> tuple[list[int], list[int]]:
    """The cube counts to pay for facility ``kind`` after discounts, and the characters
    whose once-per-round ability the discount taps.

    Discounts: the Workshop's cube (not on barricades, nor the Workshop itself); abilities
    of Agatha, Bob, Buzz, Jimmy, Joseph (once a round), Maya, Grace, Nina.
    Source: "Facilities" (Workshop), "Character Abilities".
    """
    cost, taps, _ = _facility_cost(p, kind, content)
    return cost, taps


def _facility_cost(p: Player, kind: str, content: Content) -> tuple[list[int], list[int], list[str]]:
    """:func:`facility_cost` and what lowered it (``"Workshop"``, character names)."""
    cost = base_cost(content, kind)
    taps: list[int] = []
    why: list[str] = []
    if p.workshop and kind not in ("barricade", "workshop"):
        i = CUBE_INDEX[p.workshop]
        if cost[i] > 0:
            cost[i] -= 1
            why.append("Workshop")
    chars = content.characters
    discounters = _discounters(content, "build-discount")
    for idx, ch in enumerate(p.chars):
        if ch.id not in discounters or ch.wounds >= 2:
            continue
        card = chars[ch.id]
        if kind not in card.facilities:
            continue
        if card.once and ch.tapped:
            continue
        i = CUBE_INDEX[card.cube]
        if cost[i] > 0:
            cost[i] -= 1
            why.append(card.name)
            if card.once:
                taps.append(idx)
    return cost, taps, why


def discount_words(why: list[str]) -> str:
    """``"; Tom's discount"``, ``"; the Workshop's and Agatha's discounts"``: what a price
    already takes off, to end the cost in an option's label (``""`` when nothing does)."""
    if not why:
        return ""
    names = [f"the {w}'s" if w in ("Workshop", "Forge") else f"{w}'s" for w in why]
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"; {said} discount{'s' if len(names) > 1 else ''}"


_DISCOUNTERS: dict[tuple[str, str], dict[str, bool]] = {}


def _discounters(content: Content, effect: str) -> dict[str, bool]:
    """Character ids with ``effect`` -> whether the ability is once a round (per content)."""
    got = _DISCOUNTERS.get((content.digest, effect))
    if got is None:
        got = _DISCOUNTERS[(content.digest, effect)] = {
            cid: card.once for cid, card in content.characters.items() if card.effect == effect}
    return got


def build_discounters(p: Player, content: Content) -> tuple[str, ...]:
    """Ids of ``p``'s characters whose build discount applies now (ability on, a
    once-a-round one untapped), in group order: what :func:`facility_cost` uses."""
    table = _discounters(content, "build-discount")
    out: tuple[str, ...] = ()
    for ch in p.chars:
        if ch.id in table and ch.wounds < 2 and not (table[ch.id] and ch.tapped):
            out += (ch.id,)
    return out


def forge_discounters(p: Player, content: Content) -> tuple[str, ...]:
    """Ids of ``p``'s characters whose forge discount applies now (ability on, untapped),
    in group order: what :func:`weapon_cost` uses."""
    table = _discounters(content, "forge-discount")
    out: tuple[str, ...] = ()
    for ch in p.chars:
        if ch.id in table and ch.wounds < 2 and not ch.tapped:
            out += (ch.id,)
    return out


_COST_TEXTS: dict[tuple[object, ...], str] = {}


def facility_cost_text(p: Player, kind: str, content: Content) -> str:
    """:func:`facility_cost` of ``kind`` for ``p`` in words, cached per Workshop cube and
    active discounting characters (all that the cost depends on)."""
    key = (content.digest, kind, p.workshop, build_discounters(p, content))
    got = _COST_TEXTS.get(key)
    if got is None:
        cost, _, why = _facility_cost(p, kind, content)
        got = _COST_TEXTS[key] = cube_text(cost) + discount_words(why)
    return got


_KIND_TABLES: dict[str, list[tuple[str, tuple[tuple[int, int], ...], int]]] = {}


def _kind_table(content: Content) -> list[tuple[str, tuple[tuple[int, int], ...], int]]:
    """(kind, ((colour, count), ...), cubes) for every facility, built once per content."""
    table = _KIND_TABLES.get(content.digest)
    if table is None:
        table = _KIND_TABLES[content.digest] = []
        for kind, entry in content.facilities.items():
            cost = counts(entry.cost)
            table.append((kind, tuple((i, n) for i, n in enumerate(cost) if n), len(entry.cost)))
    return table


_AFFORDABLE: dict[tuple[object, ...], frozenset[str]] = {}


def affordable_kinds(p: Player, content: Content) -> frozenset[str]:
    """Facility kinds whose cost (after the discounts of :func:`facility_cost`) ``p`` can
    pay now. A fast equivalent of checking :func:`affordable` on each kind's cost, cached
    per hand (cubes, Workshop cube, active discounting characters)."""
    disc_ids = build_discounters(p, content)
    key = (content.digest, tuple(p.cubes), p.workshop, disc_ids)
    got = _AFFORDABLE.get(key)
    if got is None:
        if len(_AFFORDABLE) > 100_000:
            _AFFORDABLE.clear()
        got = _AFFORDABLE[key] = _affordable_kinds(p.cubes, p.workshop, disc_ids, content)
    return got


Need = tuple[tuple[int, int], ...]
"""A cost as (colour, count) pairs of its non-zero counts."""
_ADJUSTED: dict[tuple[object, ...], list[tuple[str, Need]]] = {}


def facility_needs(workshop: str, disc_ids: tuple[str, ...], content: Content) -> list[tuple[str, Need]]:
    """Every facility's cost after the Workshop and character (``disc_ids``, as from
    :func:`build_discounters`) discounts, as (kind, (colour, count) pairs); built once per
    discount set. Do not mutate."""
    key = (content.digest, workshop, disc_ids)
    table = _ADJUSTED.get(key)
    if table is None:
        chars = content.characters
        disc = [(chars[cid].facilities, CUBE_INDEX[chars[cid].cube]) for cid in disc_ids]
        shop = CUBE_INDEX[workshop] if workshop else -1
        table = []
        for kind, pairs, _size in _kind_table(content):
            shop_here = shop if kind != "barricade" and kind != "workshop" else -1
            adjusted = []
            for i, n in pairs:
                if i == shop_here:
                    n -= 1
                for kinds, j in disc:
                    if j == i and kind in kinds:
                        n -= 1
                if n > 0:
                    adjusted.append((i, n))
            table.append((kind, tuple(adjusted)))
        _ADJUSTED[key] = table
    return table


def _affordable_kinds(cubes: list[int], workshop: str, disc_ids: tuple[str, ...],
                      content: Content) -> frozenset[str]:
    wild = cubes[WILD]
    out = []
    for kind, pairs in facility_needs(workshop, disc_ids, content):
        missing = 0
        for i, n in pairs:
            if n > cubes[i]:
                missing += n - cubes[i]
        if missing <= wild:
            out.append(kind)
    return frozenset(out)


def weapon_cost(p: Player, weapon: str, content: Content) -> tuple[list[int], list[int]]:
    """Cost of forging ``weapon`` after the Forge (one cube less, the scarcest for ``p``;
    it may take the last cube, so a weapon can be free) and Tom's once-a-round wood.
    Source: "Facilities" (Forge: "by any one resource"), "3. Scavenging" (note)."""
    cost = base_cost(content, weapon)
    taps: list[int] = []
    for idx, ch in enumerate(p.chars):
        card = content.characters[ch.id]
        if card.effect == "forge-discount" and ability_on(ch) and not ch.tapped:
            i = CUBE_INDEX[card.cube]
            if cost[i] > 0:
                cost[i] -= 1
                taps.append(idx)
    if has_built(p, "forge", content) and sum(cost) > 0:  # even the last cube (ruling)
        best = max((i for i in range(7) if cost[i]), key=lambda i: (cost[i] - p.cubes[i], -i))
        cost[best] -= 1
    return cost, taps


def heal_cost(p: Player, content: Content) -> tuple[int, list[int], bool]:
    """Herbs to remove one Wound token, the characters tapped, whether the Medical Room is
    used. 3 herbs; -1 Rick (designed); -1 Alexander (once a round); -1 with the Medical
    Room (once a round); never below the designed minimum, and a once-a-round discount is
    not used up when the price is already at the minimum. Source: "Wound Markers"."""
    herbs = content.rules.heal_herbs
    floor = content.design.min_heal_herbs
    # Discounts are taken only while they lower the price: every-time ones first, then the
    # once-a-round ones (a character, then the Medical Room), so none is spent for nothing.
    once: list[int] = []
    for idx, ch in enumerate(p.chars):
        card = content.characters[ch.id]
        if card.effect == "heal-discount" and ability_on(ch):
            if not card.once:
                herbs -= 1
            elif not ch.tapped:
                once.append(idx)
    taps = []
    for idx in once:
        if herbs > floor:
            taps.append(idx)
            herbs -= 1
    med = herbs > floor and bool(has_built(p, "medical-room", content)) and not p.med_used
    if med:
        herbs -= 1
    return max(floor, herbs), taps, med


def public_base(p: Player) -> dict[str, object]:
    """What the others see of a Base sheet when its screen is down."""
    built, lost = [], []
    for k, v in p.built.items():
        if v == 1:
            built.append(k)
        elif v == 2:
            lost.append(k)
    built.sort()
    lost.sort()
    return {
        "built": built,
        "lost": lost,
        "workshop": p.workshop,
        "weapons": {ch.id: list(ch.weapons) for ch in p.chars},
    }


def event_words(event_id: str, content: Content) -> str:
    """An Event card as the table header shows it: name, Zeds and side."""
    ev = content.events[event_id]
    return f"{ev.name} ({zeds_words(ev.zeds)} from {SIDE_WORDS.get(ev.side, ev.side)})"



# -- wounds and death ----------------------------------------------------------------------
def strength(p: Player, chars: list[Character], content: Content, scavenging: bool) -> int:
    """Shields of the characters' weapons (plus Olivia's designed +1 when scavenging)."""
    total = 0
    for ch in chars:
        for w in ch.weapons:
            total += content.weapons[w].shields
        card = content.characters[ch.id]
        if scavenging and card.effect == "scavenge-strength" and ability_on(ch):
            total += card.amount
    return total


def wound(st: SAState, p: Player, ch: Character, content: Content) -> None:
    """Give one Wound token; the third kills. If the pool is empty the wound cannot be
    marked (ruling). Source: "Wound Markers"."""
    if st.wound_pool <= 0:
        emit(st, "no-wound-token", char=content.characters[ch.id].name)
        return
    st.wound_pool -= 1
    ch.wounds += 1
    emit(st, "wounded", seat=p.seat, char=content.characters[ch.id].name, wounds=ch.wounds)
    if ch.wounds >= content.rules.wounds_to_die:
        kill(st, p, ch)


def kill(st: SAState, p: Player, ch: Character) -> None:
    """A character dies: the card and its tokens go beside the map (tokens back to the
    pool, ruling). A solo scenario ends at once if a named character dies (nothing is
    left to do: the stack is emptied)."""
    st.wound_pool += ch.wounds
    ch.wounds = 0
    p.chars.remove(ch)
    p.dead.append(ch.id)
    st.dead_pile.append(ch.id)
    emit(st, "died", seat=p.seat, char=char_name(ch.id, PACKS[st.content]))
    if st.scenario and ch.id in NAMED[st.scenario]:
        st.ending = "dead"
        st.stack.clear()
