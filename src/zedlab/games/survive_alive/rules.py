"""Survive Alive rules, part 1: cubes, costs, set-up and the Spend Resource Cubes phase.

Phases run in the rulebook's order; every function names the section it follows. The
driver :func:`advance` runs automatic steps until a player must decide (a :class:`Pending`
on top of ``state.pending``).

Source: Survive Alive rulebook, "Set-Up", "Game Play", "1. Spend Resource Cubes",
"Facilities", "Wound Markers".
"""

from __future__ import annotations

import json

from zedlab.core import RNG

from .content import CUBES, Content, load
from .state import Character, Pending, Player, SAState, no_cubes

WOOD, METAL, BRICK, FOOD, HERB, CLOTH, WILD = range(7)
CUBE_INDEX = {c: i for i, c in enumerate(CUBES)}
WEAPONS = ("axe", "bat", "knife", "wrench")
LOG_LINES = 60
"""The event log keeps its last lines only (older ones are in the record's replay)."""
SCENARIO_BASES = {1: "mountain", 2: "forest"}
SCENARIO_HOME = {1: ["buzz"], 2: ["florence", "agatha"]}
SCENARIO_OUT = {1: {"bruce": "bat", "olivia": "wrench"}, 2: {"alan": "axe", "bob": "knife"}}
SCENARIO_TARGET = {1: "jojo", 2: "rick"}


# -- small helpers -------------------------------------------------------------------------
def say(st: SAState, text: str, seat: int = -1) -> None:
    """Log a line; with ``seat`` the line is that seat's own (hidden from the others)."""
    log = st.log
    log.append(text if seat < 0 else f"@{seat} {text[:1].upper()}{text[1:]}")
    if len(log) > LOG_LINES:
        del log[: len(log) - LOG_LINES]


SIDE_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West",
              "NE": "North-East", "NW": "North-West", "SE": "South-East", "SW": "South-West"}


def zeds_words(n: int) -> str:
    """``1`` -> ``"1 Zed"``, ``7`` -> ``"7 Zeds"``."""
    return f"{n} Zed" if n == 1 else f"{n} Zeds"


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


_SLOT_WORDS: dict[tuple[int, str], str] = {}


def slot_words(slot_id: str, content: Content) -> str:
    """A Base sheet slot in words: ``"a Barricade on the North side"``, ``"a Watch Tower on
    the North-East corner"``, ``"a Bed (row 1, column 2)"`` (cached per content)."""
    got = _SLOT_WORDS.get((id(content), slot_id))
    if got is None:
        got = _SLOT_WORDS[(id(content), slot_id)] = _slot_words(slot_id, content)
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
    if any(x.kind == "multiplier" and x.player == p.seat for x in st.pending):
        return
    st.pending.append(Pending("multiplier", p.seat))


def _squares(st: SAState) -> int:
    return load(st.content_dir or None).design.multiplier_squares


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


def pay(st: SAState, p: Player, cost: list[int]) -> None:
    """Pay ``cost`` into the bag, Wild cubes covering what is missing (must be affordable)."""
    for i in range(WILD):
        if not cost[i]:
            continue
        use = min(cost[i], p.cubes[i])
        if use:
            to_bag(st, p, i, use)
        missing = cost[i] - use
        if missing:
            to_bag(st, p, WILD, missing)
    if cost[WILD]:
        to_bag(st, p, WILD, cost[WILD])


def counts(cubes: list[str]) -> list[int]:
    out = no_cubes()
    for c in cubes:
        out[CUBE_INDEX[c]] += 1
    return out


_COSTS: dict[tuple[int, str], list[int]] = {}


def base_cost(content: Content, kind: str) -> list[int]:
    """Printed cost of a facility or weapon as cube counts (a fresh list)."""
    cost = _COSTS.get((id(content), kind))
    if cost is None:
        entry = content.facilities.get(kind) or content.weapons[kind]
        cost = _COSTS[(id(content), kind)] = counts(entry.cost)
    return list(cost)


def facility_cost(p: Player, kind: str, content: Content) -> tuple[list[int], list[int]]:
    """The cube counts to pay for facility ``kind`` after discounts, and the characters
    whose once-per-round ability the discount taps.

    Discounts: the Workshop's cube (not on barricades, nor the Workshop itself); abilities
    of Agatha, Bob, Buzz, Jimmy, Joseph (once a round), Maya, Grace, Nina.
    Source: "Facilities" (Workshop), "Character Abilities".
    """
    cost = base_cost(content, kind)
    taps: list[int] = []
    if p.workshop and kind not in ("barricade", "workshop"):
        i = CUBE_INDEX[p.workshop]
        if cost[i] > 0:
            cost[i] -= 1
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
            if card.once:
                taps.append(idx)
    return cost, taps


_DISCOUNTERS: dict[tuple[int, str], dict[str, bool]] = {}


def _discounters(content: Content, effect: str) -> dict[str, bool]:
    """Character ids with ``effect`` -> whether the ability is once a round (per content)."""
    got = _DISCOUNTERS.get((id(content), effect))
    if got is None:
        got = _DISCOUNTERS[(id(content), effect)] = {
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
    key = (id(content), kind, p.workshop, build_discounters(p, content))
    got = _COST_TEXTS.get(key)
    if got is None:
        got = _COST_TEXTS[key] = cube_text(facility_cost(p, kind, content)[0])
    return got


_KIND_TABLES: dict[int, list[tuple[str, tuple[tuple[int, int], ...], int]]] = {}


def _kind_table(content: Content) -> list[tuple[str, tuple[tuple[int, int], ...], int]]:
    """(kind, ((colour, count), ...), cubes) for every facility, built once per content."""
    table = _KIND_TABLES.get(id(content))
    if table is None:
        table = _KIND_TABLES[id(content)] = []
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
    key = (id(content), tuple(p.cubes), p.workshop, disc_ids)
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
    key = (id(content), workshop, disc_ids)
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


# -- set-up ------------------------------------------------------------------------------
def new_state(content: Content, players: int, scenario: int, seed: int, first: int | None) -> SAState:
    """Main set-up A-F and player set-up G. Source: "Set-Up"."""
    rng = RNG.from_seed(seed)
    st = SAState(rng=rng, players_n=players, scenario=scenario,
                 players=[Player(seat=i) for i in range(players)])
    st.bag = [e.count for e in content.components.cubes]  # A
    areas = {"1-2"} if players <= 2 else ({"1-2", "3"} if players == 3 else {"1-2", "3", "4"})
    st.locations = {loc.id: False for loc in content.locations.values() if loc.area in areas}  # B
    st.event_deck = sorted(content.events)
    rng.shuffle(st.event_deck)  # C
    by_type: dict[str, list[str]] = {"Leader": [], "Instant": [], "End": []}
    for o in content.objectives.values():
        by_type[o.type].append(o.id)
    wanted = ["End"] if players == 1 else ["Leader", "Instant", "End"]  # D (solo: End only)
    st.objectives = [rng.choice(sorted(by_type[t])) for t in wanted]
    for food in ("1", "2", "3"):  # E
        deck = sorted(s.id for s in content.scavenge.values() if str(s.food) == food)
        rng.shuffle(deck)
        st.scav_decks[food] = deck
        st.scav_discards[food] = []
    st.wound_pool = content.rules.wound_tokens  # F
    st.first = rng.randbelow(players) if first is None else first % players  # G
    st.screens_up = True
    if scenario:
        scenario_setup(st, content)
    else:
        st.phase = "bases"
        st.turn = 0
    return st


def deal_draft(st: SAState, content: Content) -> None:
    """Deal 5 / 7 / 9 Character cards to the First player. Source: "Player set-up" J."""
    deck = sorted(content.characters)
    st.rng.shuffle(deck)
    k = content.rules.draft_deal[st.players_n - 1]
    st.draft = deck[:k]
    st.char_deck = deck[k:]
    st.phase = "draft"
    st.turn = 0


def finish_draft(st: SAState, content: Content, bottom: str = "") -> None:
    """K: shuffle the rest face down; M: starting cubes from the chosen cards."""
    rest = st.char_deck + st.draft
    st.draft = []
    st.rng.shuffle(rest)
    if bottom:
        rest.append(bottom)
    st.char_deck = rest
    for p in st.players:
        for ch in p.chars:
            for c in content.characters[ch.id].cubes:
                take_cube(st, p, CUBE_INDEX[c])
    start_round(st, content)


def scenario_setup(st: SAState, content: Content) -> None:
    """Solo Scenario 1 or 2 set-up. Source: "Solo Scenario 1" / "Solo Scenario 2" set-up."""
    sc = st.scenario
    p = st.players[0]
    p.base = SCENARIO_BASES[sc]
    for sid in content.bases[p.base].prebuilt:
        mark_built(p, sid)
    if sc == 1:
        mark_built(p, "watch-tower-SE")  # A
    named = SCENARIO_HOME[sc] + list(SCENARIO_OUT[sc])
    for cid in SCENARIO_HOME[sc]:
        p.chars.append(Character(id=cid))
    for cid, weapon in SCENARIO_OUT[sc].items():
        p.chars.append(Character(id=cid, weapons=[weapon], away=True, expedition=True, party=True))
    if sc == 2:
        p.chars[0].wounds = 2  # C: Florence with two Wound tokens
        st.wound_pool -= 2
    for cid in named:  # E: cubes of the named cards (not Florence's)
        if cid == "florence":
            continue
        for c in content.characters[cid].cubes:
            take_cube(st, p, CUBE_INDEX[c])
    target = SCENARIO_TARGET[sc]
    rest = sorted(c for c in content.characters if c not in named and c != target)
    st.rng.shuffle(rest)
    trio = [target, rest.pop(0), rest.pop(0)]
    st.rng.shuffle(trio)
    if sc == 1:
        st.char_deck = trio + rest  # H: on top of the deck
    else:
        st.hospital = trio  # H: beside the Hospital
        st.char_deck = rest  # I
    st.first = 0
    st.phase = "spend"
    st.turn = 0
    st.sub = ""
    p.shown = json.dumps(public_base(p), sort_keys=True)
    if p.cubes[FOOD]:
        st.pending.append(Pending("scenario-food", 0, n=0))  # E: food on the cards


def start_round(st: SAState, content: Content) -> None:
    """Begin a round at the Spend phase."""
    st.phase = "spend"
    st.turn = 0
    st.sub = ""
    for p in st.players:
        p.shown = json.dumps(public_base(p), sort_keys=True)


def public_base(p: Player) -> dict[str, object]:
    """What the others see of a Base sheet when its screen is down."""
    return {
        "built": sorted(k for k, v in p.built.items() if v == 1),
        "lost": sorted(k for k, v in p.built.items() if v == 2),
        "workshop": p.workshop,
        "weapons": {ch.id: list(ch.weapons) for ch in p.chars},
    }


# -- 1. Spend Resource Cubes -------------------------------------------------------------
def build(st: SAState, p: Player, slot_id: str, content: Content) -> None:
    """Build a facility: pay its cost to the bag and shade its box. A Workshop draws its
    discount at random from a red, a brown and a grey cube; a Watch Tower gives a look at
    this round's Event cards. Source: "1. Spend Resource Cubes", "Facilities"."""
    kind = slot_kind(slot_id)
    cost, taps = facility_cost(p, kind, content)
    pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    mark_built(p, slot_id)
    if kind == "workshop":
        p.workshop = st.rng.choice(("brick", "wood", "metal"))
    if kind == "watch-tower":
        p.free_peek = True
    say(st, f"built {slot_words(slot_id, content)} for {cube_text(cost)}", p.seat)
    if kind == "workshop":
        say(st, f"the Workshop saves one {p.workshop} on each later facility except barricades", p.seat)


def forge_options(p: Player, content: Content, scenario: int = 0) -> list[tuple[int, str]]:
    """(character index, weapon) pairs ``p`` may forge now: :func:`forge_takers` times
    :func:`ready_weapons`. Source: "Facilities" (Forge)."""
    takers = forge_takers(p, content, scenario)
    if not takers:
        return []
    ready = ready_weapons(p, content)
    return [(idx, w) for idx in takers for w, _ in ready]


def forge_takers(p: Player, content: Content, scenario: int = 0) -> list[int]:
    """Characters who may take a forged weapon: at the Base with fewer than 2 weapons.
    Solo Scenario 2 only: Agatha takes no weapon until Florence is healed.
    Source: "Facilities" (Forge), "Solo Scenario 2: Game Conditions"."""
    limit = content.rules.weapons_per_character
    out = []
    for idx, ch in enumerate(p.chars):
        if ch.away or len(ch.weapons) >= limit:
            continue
        if scenario == 2 and ch.id == "agatha" and _florence_wounded(p):
            continue
        out.append(idx)
    return out


def ready_weapons(p: Player, content: Content) -> list[tuple[str, list[int]]]:
    """(weapon, cost as :func:`weapon_cost` makes it) for the weapons ``p`` can pay for now.

    A fast equivalent of :func:`affordable` on :func:`forged_cost`: the Forge's cube comes
    off the largest shortfall, so it lowers what is missing when that colour is short (or
    is Wild, always paid in Wild cubes)."""
    forge = p.standing.get("forge", 0) > 0
    cubes = p.cubes
    out = []
    for w, cost, need, size in _weapon_needs(forge_discounters(p, content), content):
        missing, best, most = 0, -1, 0
        for i, n in need:
            short = n - cubes[i]
            if best < 0 or short > most:
                best, most = i, short
            if i == WILD:
                missing += n
            elif short > 0:
                missing += short
        if forge and size > 0 and (best == WILD or most > 0):
            missing -= 1
        if missing <= cubes[WILD]:
            out.append((w, forged_cost(cost, cubes, forge)))
    return out


_WEAPON_NEEDS: dict[tuple[object, ...], list[tuple[str, list[int], Need, int]]] = {}


def _weapon_needs(disc: tuple[str, ...], content: Content) -> list[tuple[str, list[int], Need, int]]:
    """(weapon, cost, its (colour, count) pairs, cubes) after the forge discounts of ``disc``,
    before the Forge; built once per discount set."""
    key = (id(content), disc)
    got = _WEAPON_NEEDS.get(key)
    if got is None:
        costs = discounted_weapon_costs(disc, content)
        got = _WEAPON_NEEDS[key] = [
            (w, costs[w], tuple((i, n) for i, n in enumerate(costs[w]) if n), sum(costs[w]))
            for w in WEAPONS]
    return got


_DISCOUNTED: dict[tuple[object, ...], dict[str, list[int]]] = {}


def discounted_weapon_costs(disc: tuple[str, ...], content: Content) -> dict[str, list[int]]:
    """Weapon -> cost after the forge discounts of the characters ``disc`` (ids in seat
    order, as :func:`weapon_cost` applies them), before the Forge. Cached; do not mutate."""
    key = (id(content), disc)
    got = _DISCOUNTED.get(key)
    if got is None:
        got = {}
        for w in content.weapons:
            cost = base_cost(content, w)
            for cid in disc:
                i = CUBE_INDEX[content.characters[cid].cube]
                if cost[i] > 0:
                    cost[i] -= 1
            got[w] = cost
        _DISCOUNTED[key] = got
    return got


def forged_cost(cost: list[int], have: list[int], forge: bool) -> list[int]:
    """``cost`` after the Forge's one cube less (the scarcest for ``have``), as in
    :func:`weapon_cost`; a fresh list."""
    cost = list(cost)
    if forge and sum(cost) > 0:
        best, most = -1, 0
        for i in range(7):  # the largest shortfall; the lowest colour on a tie
            if cost[i] and (best < 0 or cost[i] - have[i] > most):
                best, most = i, cost[i] - have[i]
        cost[best] -= 1
    return cost


def _florence_wounded(p: Player) -> bool:
    return any(ch.id == "florence" and ch.wounds for ch in p.chars)


def forge(st: SAState, p: Player, idx: int, weapon: str, content: Content) -> None:
    """Forge a weapon for a character. Source: "3. Scavenging" (note and example)."""
    cost, taps = weapon_cost(p, weapon, content)
    pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    p.chars[idx].weapons.append(weapon)
    p.weapons_made += 1
    wname = content.weapons[weapon].name
    say(st, f"forged {a_or_an(wname)} for {char_name(p.chars[idx].id, content)} for {cube_text(cost)}",
        p.seat)


def heal_options(st: SAState, p: Player, content: Content) -> list[int]:
    """Characters at the Base whose wound ``p`` can pay to remove. Solo Scenario 2:
    Florence is healed only by the medic (Rick at the Base) in a Medical Room."""
    if not p.cubes[HERB] and not p.cubes[WILD]:
        return []
    if not any(ch.wounds for ch in p.chars):
        return []
    herbs, _, _ = heal_cost(p, content)
    cost = no_cubes()
    cost[HERB] = herbs
    if not affordable(p.cubes, cost):
        return []
    out = []
    for idx, ch in enumerate(p.chars):
        if not ch.wounds or ch.away:
            continue
        if st.scenario == 2 and ch.id == "florence" and not _medic_ready(p, content):
            continue
        out.append(idx)
    return out


def _medic_ready(p: Player, content: Content) -> bool:
    return bool(has_built(p, "medical-room", content)) and any(
        ch.id == "rick" and not ch.away for ch in p.chars
    )


def heal(st: SAState, p: Player, idx: int, content: Content) -> None:
    """Remove one Wound token for herbs. Source: "Wound Markers"."""
    herbs, taps, med = heal_cost(p, content)
    cost = no_cubes()
    cost[HERB] = herbs
    pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    ch = p.chars[idx]
    ch.wounds -= 1
    if med:
        p.med_used = True  # the token rests on the Medical Room until round end
    else:
        st.wound_pool += 1
    # the token leaves a card on the table for all to see; the herbs paid stay screened
    say(st, f"Seat {p.seat} removes a Wound token from {char_name(ch.id, content)}")
    say(st, f"healed a wound of {char_name(ch.id, content)} for {cube_text(cost)}", p.seat)
    if st.scenario == 2 and ch.id == "florence" and ch.wounds == 0 and not st.ending:
        st.final_round = st.round
        st.ending = "1"
        say(st, f"Florence is healed in round {st.round}")


def peek_cost(st: SAState, p: Player, content: Content) -> int:
    """Food to look at this round's Event cards: free once after building a Watch Tower,
    else one food per card. Source: "Facilities" (Watch Tower)."""
    return 0 if p.free_peek else content.rules.events_per_round[st.round - 1]


def can_peek(st: SAState, p: Player, content: Content) -> bool:
    if p.peeked or not has_built(p, "watch-tower", content):
        return False
    need = peek_cost(st, p, content)
    return p.cubes[FOOD] >= need


def peek(st: SAState, p: Player, content: Content) -> None:
    """Look at the Event cards to be drawn this round (put back in order)."""
    need = peek_cost(st, p, content)
    if need:
        to_bag(st, p, FOOD, need)
    p.free_peek = False
    p.peeked = content.rules.events_per_round[st.round - 1]
    st.rng.note_reveal()
    paid = f"{need} food" if need else "free"
    say(st, f"looked at the coming Event cards ({paid}): "
        + "; ".join(event_words(e, content) for e in st.event_deck[: p.peeked]), p.seat)


def event_words(event_id: str, content: Content) -> str:
    """An Event card as the table header shows it: name, Zeds and side."""
    ev = content.events[event_id]
    return f"{ev.name} ({zeds_words(ev.zeds)} from {SIDE_WORDS.get(ev.side, ev.side)})"
