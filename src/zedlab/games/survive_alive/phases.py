"""Survive Alive rules, part 2: discard, scavenging, Event cards, round end, objectives
and final scoring.

Source: Survive Alive rulebook, "2. Discard Resource Cubes", "3. Scavenging (optional)",
"4. Draw Event Cards", "5. Round End", "Objective Cards", "Victory and Scoring", and the
solo scenarios' "Game Conditions" and "Finds".
"""

from __future__ import annotations

from collections.abc import Callable

from .content import Content, ScavengeEntry, Slot, load
from .rules import (
    CUBE_INDEX,
    FOOD,
    HERB,
    SIDE_WORDS,
    ability_on,
    char_name,
    cube_text,
    draw_cubes,
    event_words,
    has_built,
    order,
    same_choice,
    say,
    slot_kind,
    slot_words,
    storage_capacity,
    take_cube,
    to_bag,
)
from .state import Character, Pending, Player, SAState

WEAPON_FINDS = {
    1: {1: "bat", 2: "bat", 3: "wrench", 4: "wrench", 5: "axe", 6: "axe", 7: "knife", 8: "knife"},
    2: {3: "wrench", 4: "bat/axe", 5: "knife"},
}
"""Solo scenarios: influence points of a won scavenge -> the weapon found (scenario 2: at the
Hospital only). Source: "Solo Scenario 1/2: Game Conditions"."""


# -- wounds and death ----------------------------------------------------------------------
def wound(st: SAState, p: Player, ch: Character, content: Content) -> None:
    """Give one Wound token; the third kills. If the pool is empty the wound cannot be
    marked (ruling). Source: "Wound Markers"."""
    if st.wound_pool <= 0:
        say(st, f"no Wound token left for {content.characters[ch.id].name}")
        return
    st.wound_pool -= 1
    ch.wounds += 1
    say(st, f"Seat {p.seat}: {content.characters[ch.id].name} is wounded ({ch.wounds} wound(s))")
    if ch.wounds >= content.rules.wounds_to_die:
        kill(st, p, ch)


NAMED = {1: ("bruce", "jojo"), 2: ("florence", "agatha")}
"""Solo scenarios: the characters whose death ends the game. Source: "Game Conditions"."""
TARGETS = {1: "jojo", 2: "rick"}
"""Solo scenarios: the character to find."""


def kill(st: SAState, p: Player, ch: Character) -> None:
    """A character dies: the card and its tokens go beside the map (tokens back to the
    pool, ruling). Solo scenarios end if a named character dies."""
    st.wound_pool += ch.wounds
    ch.wounds = 0
    p.chars.remove(ch)
    p.dead.append(ch.id)
    st.dead_pile.append(ch.id)
    say(st, f"Seat {p.seat}: {char_name(ch.id, load(st.content_dir or None))} dies")
    if st.scenario and ch.id in NAMED[st.scenario]:
        st.ending = "dead"
        st.phase = "over"
        st.pending.clear()


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


# -- 2. Discard Resource Cubes -------------------------------------------------------------
def discard_done(st: SAState, p: Player) -> None:
    """Cubes not stored (or set aside as food for scavenging) go back to the bag."""
    for i in range(7):
        st.bag[i] += p.cubes[i] - p.virt[i]  # unspent multiplied cubes are simply gone
        p.cubes[i] = p.kept[i]
        p.kept[i] = 0
        p.virt[i] = 0
    p.mult = 0


# -- 3. Scavenging -------------------------------------------------------------------------
def scavengers(p: Player) -> list[Character]:
    """The characters in the scavenging party (this round, or a scenario expedition)."""
    return [ch for ch in p.chars if ch.party]


def open_locations(st: SAState, p: Player, content: Content) -> list[str]:
    """Locations ``p`` may scavenge now: not crossed out, not lost at by ``p`` this round,
    affordable with the food set aside. Scenario 2: the Hospital stays open until the
    medic is found."""
    out = []
    for loc, crossed in sorted(st.locations.items()):
        if crossed and not (st.scenario == 2 and loc == "hospital" and not st.found):
            continue
        if loc in p.lost_at:
            continue
        if content.locations[loc].food <= p.scav_food:
            out.append(loc)
    return out


def eligible_scavengers(p: Player) -> list[int]:
    """Characters at the Base with at least one weapon may go (rulebook: characters need
    weapons and food to scavenge)."""
    return [i for i, ch in enumerate(p.chars) if not ch.away and ch.weapons]


def draw_scavenge_card(st: SAState, food: str) -> str:
    """Top card of a Scavenge deck; an empty deck is rebuilt from its discards."""
    deck = st.scav_decks[food]
    if not deck:
        deck.extend(st.scav_discards[food])
        st.scav_discards[food].clear()
        st.rng.shuffle(deck)
    card = deck.pop(0)
    st.rng.note_reveal()
    st.scav_discards[food].append(card)
    return card


def scavenge(st: SAState, p: Player, loc: str, content: Content) -> None:
    """Scavenge a location: pay its food, draw from its deck, fight the Zeds.

    Zed strength = the card's Zeds + the deck's threat (designed, 1/2/4 for 1/2/3 food).
    Source: "3. Scavenging (optional)", "Scavenge Win", "Scavenge Loss".
    """
    food = content.locations[loc].food
    p.scav_food -= food
    st.bag[FOOD] += food
    card = content.scavenge[draw_scavenge_card(st, str(food))]
    zeds = card.zeds + content.design.zed_threat[str(food)]
    group = scavengers(p)
    power = strength(p, group, content, scavenging=True)
    if p.scavenge < 6:
        p.scavenge += 1
    names = " and ".join(content.characters[ch.id].name for ch in group)
    verb = "scavenge" if len(group) > 1 else "scavenges"
    where = f"Seat {p.seat}: {names} {verb} the {content.locations[loc].name} ({food} food)"
    if power >= zeds:
        say(st, f"{where}: strength {power} vs Zed strength {zeds}, won")
        scavenge_win(st, p, loc, card, content)
    else:
        deficit = zeds - power
        say(st, f"{where}: strength {power} vs Zed strength {zeds}, lost by {deficit}")
        p.lost_at.append(loc)
        if deficit >= content.rules.death_deficit:
            for ch in list(group):
                kill(st, p, ch)
        else:
            for ch in list(group):
                wound(st, p, ch, content)


def scavenge_win(st: SAState, p: Player, loc: str, card: ScavengeEntry, content: Content) -> None:
    """Cross the location out and take the reward; solo games also cross out the card's
    solo location; David draws a cube, Hank takes a food (abilities)."""
    if not (st.scenario == 2 and loc == "hospital" and not st.found):
        st.locations[loc] = True
    if st.players_n == 1 and card.solo_location in st.locations:
        if card.solo_location != loc and not (st.scenario == 2 and card.solo_location == "hospital" and not st.found):
            if not st.locations[card.solo_location]:
                say(st, f"The card also crosses out the {content.locations[card.solo_location].name}")
            st.locations[card.solo_location] = True
    for ch in p.chars:
        c = content.characters[ch.id]
        if c.effect == "scavenge-draw" and ability_on(ch):
            draw_cubes(st, p, 1)
        elif c.effect == "scavenge-food" and ability_on(ch):
            take_cube(st, p, FOOD)
    if card.reward == "points":
        p.ip += card.points
        say(st, f"Seat {p.seat} gains {card.points} influence point{'' if card.points == 1 else 's'}")
        table = WEAPON_FINDS.get(st.scenario, {})
        if st.scenario == 2 and loc != "hospital":
            table = {}
        find = table.get(card.points)
        if find and any(len(ch.weapons) < 2 for ch in scavengers(p)):
            st.pending.append(Pending("find-weapon", p.seat, ref=find))
        return
    if st.scenario == 1 or (st.scenario == 2 and loc == "hospital"):
        scenario_find(st, p, loc, content)
        return
    if not st.char_deck:
        return
    cid = st.char_deck.pop(0)
    st.rng.note_reveal()
    say(st, f"Seat {p.seat} meets {content.characters[cid].name}")
    push_recruit(st, p, cid, content, away=True)


def push_recruit(st: SAState, p: Player, cid: str, content: Content, away: bool) -> None:
    """Choose 4 cubes shown on the card, then accept or leave the character (decisions
    pushed so the cube picks come first). Source: "Scavenge Win", "Step 4"."""
    st.pending.append(Pending("recruit-accept", p.seat, n=1 if away else 0, ref=cid))
    push_recruit_cubes(st, p, cid, content)


def push_recruit_cubes(st: SAState, p: Player, cid: str, content: Content) -> None:
    """Push the four cube picks (the card's colours, whatever the hidden bag holds)."""
    pend = Pending("recruit-cube", p.seat, n=content.rules.recruit_cubes, ref=cid)
    if recruit_cube_options(st, pend, content):
        st.pending.append(pend)


def recruit_cube_options(st: SAState, pend: Pending, content: Content) -> list[int]:
    shown = [0] * 7
    for c in content.characters[pend.ref].cubes:
        shown[CUBE_INDEX[c]] += 1
    for c in pend.picks:
        shown[c] -= 1
    # the bag is hidden: a colour it lacks is still offered (taking it gains nothing, and
    # the player may use a Resource Multiplier square)
    return [i for i in range(7) if shown[i] > 0]


def scenario_find(st: SAState, p: Player, loc: str, content: Content) -> None:
    """Solo scenario finds: the target joins (4 cubes of its card); anyone else shares
    food (2 if you have 2 or less, else 1) and goes to the bottom of the deck.
    Source: "Solo Scenario 1: Finds", "Solo Scenario 2: Finds"."""
    pile = st.hospital if (st.scenario == 2 and loc == "hospital") else st.char_deck
    if not pile:
        return
    cid = pile.pop(0)
    st.rng.note_reveal()
    if cid == TARGETS[st.scenario]:
        target_found(st, p, cid, content, away=True)
        return
    share = 2 if p.scav_food <= 2 else 1
    got = 0
    for _ in range(share):
        if st.bag[FOOD] > 0:
            st.bag[FOOD] -= 1
            p.scav_food += 1
            got += 1
    st.char_deck.append(cid)
    say(st, f"met {content.characters[cid].name}, who shares {got} food")


def target_found(st: SAState, p: Player, cid: str, content: Content, away: bool) -> None:
    """A solo scenario's target is found (scavenging, or drawn at the Base by the Command
    Centre): it joins (four cubes of its card, no leaving it); Scenario 1 ends after this
    round's Event cards. Source: "Solo Scenario 1/2: Finds"."""
    say(st, f"found {content.characters[cid].name}!")
    st.found = True
    if st.scenario == 1:
        st.final_round = st.round
        st.ending = "1"
    st.pending.append(Pending("recruit-accept", p.seat, n=2 if away else 3, ref=cid))
    push_recruit_cubes(st, p, cid, content)


def call_back(st: SAState, p: Player, content: Content) -> None:
    """A party sent this round that stops before scavenging anywhere never left: its
    characters are at the Base (they defend and take wounds as usual). Source:
    "3. Scavenging (optional)" (only characters who scavenge are away), "Step 1"."""
    group = scavengers(p)
    for ch in group:
        ch.party = False
        ch.away = False
        ch.expedition = False
    if group:
        names = " and ".join(content.characters[ch.id].name for ch in group)
        say(st, f"Seat {p.seat}: {names} {'stay' if len(group) > 1 else 'stays'} at the Base "
                "(no scavenge made)")


def end_scavenging(st: SAState, p: Player, content: Content) -> None:
    """Unused scavenging food is stored if there is room, else discarded (normal game);
    on a scenario expedition it stays on the cards."""
    if st.scenario and any(ch.expedition for ch in p.chars):
        return
    room = storage_capacity(p, content) - sum(p.cubes)
    keep = max(0, min(room, p.scav_food))
    p.cubes[FOOD] += keep
    st.bag[FOOD] += p.scav_food - keep
    p.scav_food = 0


# -- 4. Draw Event Cards -----------------------------------------------------------------------
def draw_events(st: SAState, content: Content) -> None:
    """Draw this round's Event cards and remove the screens. Source: "4. Draw Event Cards"."""
    k = content.rules.events_per_round[st.round - 1]
    st.drawn = st.event_deck[:k]
    del st.event_deck[:k]
    st.rng.note_reveal()
    st.screens_up = False
    for p in st.players:
        p.failed = False
        for ch in p.chars:
            ch.side = ""
    say(st, f"Round {st.round} Event cards: " + "; ".join(event_words(e, content) for e in st.drawn))


def attack_strength(st: SAState, event_id: str, content: Content) -> int:
    """Zeds on the card plus the round number. Source: "Step 1"."""
    return content.events[event_id].zeds + st.round


def defence_value(p: Player, side: str, content: Content, scenario: int = 0) -> int:
    """Shields on ``side``: its barricades, the Watch Towers on its two corners, and the
    weapons of the characters placed on that side (Percy defends every side and adds his
    designed +1). Source: "Step 1", "Facilities", "Character Abilities"."""
    shields = _side_shields(content, side)
    total = 0
    for sid, v in p.built.items():
        if v == 1:
            n = shields.get(sid)
            total += n if n is not None else _slot_shields(sid, side, content)
    for ch in defenders(p, scenario):
        lookout = content.characters[ch.id].effect == "lookout" and ability_on(ch)
        if ch.side == side or lookout:
            total += strength(p, [ch], content, scavenging=False)
        if lookout:
            total += content.characters[ch.id].amount
    return total


def _slot_shields(sid: str, side: str, content: Content) -> int:
    """Shields a standing facility in slot ``sid`` adds to ``side``."""
    kind = slot_kind(sid)
    if kind == "barricade" and sid.split("-")[1] == side:
        return content.facilities["barricade"].shields
    if kind == "watch-tower" and side in sid.split("-")[2]:
        return content.facilities["watch-tower"].shields
    return 0


_SIDE_SHIELDS: dict[tuple[int, str], dict[str, int]] = {}


def _side_shields(content: Content, side: str) -> dict[str, int]:
    """:func:`_slot_shields` for every slot of every base (built once per content and side)."""
    got = _SIDE_SHIELDS.get((id(content), side))
    if got is None:
        got = _SIDE_SHIELDS[(id(content), side)] = {
            s.id: _slot_shields(s.id, side, content) for slots in content.slots.values() for s in slots}
    return got


def needs_placing(p: Player, content: Content, scenario: int = 0) -> list[int]:
    """Indices of the characters who may be placed on a side to defend this round: those at
    the Base who can defend, except Percy, who defends every side while his ability is on.
    Source: "Step 1" (place the characters on the side they defend), "Character Abilities",
    "Solo Scenario 2: Game Conditions" (a wounded Florence does not defend, that scenario only)."""
    out = []
    for i, ch in enumerate(p.chars):
        if ch.away or _florence_out(ch, scenario):
            continue
        if content.characters[ch.id].effect == "lookout" and ability_on(ch):
            continue
        out.append(i)
    return out


def at_base(p: Player) -> list[Character]:
    return [ch for ch in p.chars if not ch.away]


def _florence_out(ch: Character, scenario: int) -> bool:
    """Solo Scenario 2 only: Florence cannot help defend until fully healed."""
    return scenario == 2 and ch.id == "florence" and ch.wounds > 0


def defenders(p: Player, scenario: int = 0) -> list[Character]:
    """Characters at the Base who help defend; Solo Scenario 2: Florence only once fully
    healed. Source: "Step 1", "Solo Scenario 2: Game Conditions"."""
    return [ch for ch in p.chars if not ch.away and not _florence_out(ch, scenario)]


def resolve_attack(st: SAState, p: Player, event_id: str, content: Content) -> None:
    """One player against one Event card: defend, wounds/deaths, or a Base Breach.
    Source: "Step 1", "Failing to Defend", "Base Breach"."""
    side = content.events[event_id].side
    zeds = attack_strength(st, event_id, content)
    shields = defence_value(p, side, content, st.scenario)
    if shields >= zeds:
        say(st, f"Seat {p.seat} holds the {SIDE_WORDS[side]} side ({shields} shields vs attack strength {zeds})")
        return
    p.failed = True
    deficit = zeds - shields
    home = at_base(p)
    if home:
        say(st, f"Seat {p.seat} fails on the {SIDE_WORDS[side]} side ({shields} shields vs attack strength {zeds}): deficit {deficit}")
        for ch in list(home):
            if deficit >= content.rules.death_deficit:
                kill(st, p, ch)
            else:
                wound(st, p, ch, content)
        return
    lost = min(deficit, sum(p.standing.values()))
    said = f"{lost} {'facility' if lost == 1 else 'facilities'} lost"
    if lost < deficit:
        said += f" (deficit {deficit}, {lost} standing)" if lost else f" (deficit {deficit}, none standing)"
    say(st, f"Seat {p.seat}'s Base is breached from the {SIDE_WORDS[side]} "
            f"({shields} shields vs attack strength {zeds}): {said}")
    if p.breach < 5:
        p.breach += 1
    if any(p.standing.values()):
        st.pending.append(Pending("breach-lose", p.seat, n=deficit, ref=side))


def breach_candidates(p: Player, side: str, content: Content) -> list[str]:
    """Facilities to lose next, in the rulebook order: defences on the attacked side; then
    middle facilities nearest that side; then defences on other sides. Source: "Base Breach"."""
    built = p.built
    for tier in _breach_tiers(content, p.base, side):
        got = [sid for sid in tier if built.get(sid) == 1]
        if got:
            if len(got) > 1:  # one option per choice: a side's barricades are alike
                alike = {same_choice(sid): sid for sid in reversed(got)}
                got = [sid for sid in got if alike[same_choice(sid)] == sid]
            return got
    return []


_BREACH_TIERS: dict[tuple[int, str, str], list[list[str]]] = {}


def _breach_tiers(content: Content, base: str, side: str) -> list[list[str]]:
    """The slots of ``base`` in breach order from ``side``, as sorted tiers: the first tier
    with a standing facility is what may be lost (built once per content, base and side)."""
    key = (id(content), base, side)
    got = _BREACH_TIERS.get(key)
    if got is None:
        slots = content.slots[base]
        grid = content.bases[base].grid
        rows, cols = len(grid), len(grid[0]) if grid else 0

        def dist(s: Slot) -> int:
            return {"N": s.row, "S": rows - 1 - s.row, "W": s.col, "E": cols - 1 - s.col}[side]

        middle = [s for s in slots if s.row >= 0]
        got = [sorted(s.id for s in slots if s.side and s.guards(side))]
        for d in sorted({dist(s) for s in middle}):
            got.append(sorted(s.id for s in middle if dist(s) == d))
        got.append(sorted(s.id for s in slots if s.side))
        _BREACH_TIERS[key] = got
    return got


def lose_facility(st: SAState, p: Player, sid: str) -> None:
    """Cross a facility out: it is lost and cannot be rebuilt."""
    p.built[sid] = 2
    p.standing[slot_kind(sid)] -= 1
    if slot_kind(sid) == "workshop":
        p.workshop = ""
    say(st, f"Seat {p.seat} loses {slot_words(sid, load(st.content_dir or None))}")


def round_marks(st: SAState, content: Content) -> None:
    """Defence mark for holding against every card this round; health mark for no wounds
    on any character. Source: "Defence and Health Tracks"."""
    for p in st.players:
        if not p.failed and p.defence < 6:
            p.defence += 1
        if p.chars and not any(ch.wounds for ch in p.chars) and p.health < 6:
            p.health += 1


def step2_cubes(st: SAState, content: Content) -> None:
    """Step 2: every player draws the last card's random cubes, First player first.
    Step 3: extra cubes for the character count shown. Source: "Step 2", "Step 3"."""
    card = content.events[st.drawn[-1]]
    for s in order(st):
        p = st.players[s]
        draw_cubes(st, p, card.cubes)
        n = len(p.chars)
        for count, extra in card.bonus:
            if n == count:
                draw_cubes(st, p, extra)


def refill_characters(st: SAState, content: Content) -> None:
    """A player with no character left draws one with all its cubes. Source: "Step 4" note."""
    for s in order(st):
        p = st.players[s]
        if p.chars or not st.char_deck:
            continue
        cid = st.char_deck.pop(0)
        st.rng.note_reveal()
        p.chars.append(Character(id=cid))
        for c in content.characters[cid].cubes:
            take_cube(st, p, CUBE_INDEX[c])
        say(st, f"Seat {p.seat} takes in {content.characters[cid].name}")


def return_home(st: SAState, content: Content) -> None:
    """After the Event cards, scavengers and new recruits return to the Base. Scenario
    expeditions return only once the target is found, the food is gone or someone needs
    healing. Source: "Scavenge Win", solo "Game Conditions"."""
    for p in st.players:
        exp = [ch for ch in p.chars if ch.expedition]
        if exp:
            if st.found or p.scav_food <= 0 or any(ch.wounds for ch in exp):
                for ch in exp:
                    ch.expedition = False
                    ch.away = False
                    ch.party = False
                p.cubes[FOOD] += p.scav_food
                p.scav_food = 0
                say(st, "the scavengers return to the Base")
        for ch in p.chars:
            if not ch.expedition:
                ch.away = False
                ch.party = False


# -- 5. Round End ---------------------------------------------------------------------------
def round_income(st: SAState, p: Player, content: Content) -> None:
    """Gardens, the Radio's 3 cubes, and per-round abilities (Alan, Florence, Bruce, JoJo).
    Source: "5. Round End" 1, "Character Abilities"."""
    before = list(p.cubes)
    _income(st, p, content)
    gained = [a - b for a, b in zip(p.cubes, before, strict=True)]
    if any(gained):  # screens are down at Round End: the cubes are public
        say(st, f"Seat {p.seat} gains " + cube_text(gained) + " (gardens, Radio, abilities)")


def _income(st: SAState, p: Player, content: Content) -> None:
    for _ in range(has_built(p, "food-garden", content)):
        take_cube(st, p, FOOD)
    for _ in range(has_built(p, "herb-garden", content)):
        take_cube(st, p, HERB)
    if has_built(p, "radio", content):
        draw_cubes(st, p, content.rules.radio_cubes)
    for ch in p.chars:
        card = content.characters[ch.id]
        if card.effect != "income" or not ability_on(ch):
            continue
        if card.needs and not has_built(p, card.needs, content):
            continue
        if card.cube == "random":
            draw_cubes(st, p, 1)
        else:
            take_cube(st, p, CUBE_INDEX[card.cube])


def upkeep(p: Player) -> list[Character]:
    """Characters who need a bath, bed and food: those at the Base."""
    return [ch for ch in p.chars if not ch.away]


def feed_limit(p: Player, content: Content) -> int:
    """How many characters ``p`` can feed: a food each, Dario saves one food, Delia lets
    one herb feed once a round. Source: "5. Round End" 2, "Character Abilities"."""
    n = len(upkeep(p))
    food = p.cubes[FOOD] + (1 if _has_effect(p, "feed-discount", content) else 0)
    if _has_effect(p, "feed-herb", content) and p.cubes[HERB]:
        food += 1
    return min(n, food)


def _has_effect(p: Player, effect: str, content: Content) -> bool:
    return any(
        content.characters[ch.id].effect == effect and ability_on(ch) and not ch.tapped
        for ch in p.chars
    )


def feed(st: SAState, p: Player, k: int, content: Content) -> int:
    """Feed ``k`` characters; returns the cubes to lose for missing needs and marks morale.

    Missing two of bath/bed/food costs a cube per character, missing all three two cubes;
    spreading the lacks evenly (the player's best) costs max(0, lacks - characters).
    Source: "5. Round End" 2-5.
    """
    cost = k
    if k and _has_effect(p, "feed-discount", content):
        cost -= 1
    use_food = min(cost, p.cubes[FOOD])
    if use_food:
        to_bag(st, p, FOOD, use_food)
    if cost > use_food:  # Delia's herb
        to_bag(st, p, HERB, 1)
        for ch in p.chars:
            if content.characters[ch.id].effect == "feed-herb":
                ch.tapped = True
                break
    group = upkeep(p)
    n = len(group)
    if n:
        say(st, f"Seat {p.seat} feeds {k} of {n} character(s)")
    needs_bath = n - (1 if st.scenario == 2 and any(ch.id == "florence" for ch in group) else 0)
    lacks = (max(0, needs_bath - has_built(p, "bathroom", content))
             + max(0, n - has_built(p, "bed", content)) + (n - k))
    if n and lacks == 0:
        if p.morale < 5:
            p.morale += 1
        say(st, f"Seat {p.seat}: morale is high")
    return max(0, lacks - n)


def round_cleanup(st: SAState, content: Content) -> None:
    """Steps 6-11: medical tokens back, reshuffle the Event cards, next round, untap,
    screens up, First player moves clockwise (:func:`~.rules.start_round`, called next,
    records what the others see of each base). Source: "5. Round End" 6-11."""
    for p in st.players:
        if p.med_used:
            p.med_used = False
            st.wound_pool += 1
        p.peeked = 0
        p.free_peek = False
        p.offers = 0
        p.lost_at = []
        for ch in p.chars:
            ch.tapped = False
    st.event_deck.extend(st.drawn)
    st.drawn = []
    st.rng.shuffle(st.event_deck)
    st.round += 1
    st.screens_up = True
    st.first = (st.first + 1) % st.players_n


# -- objectives and scoring -----------------------------------------------------------------
_METRICS: dict[str, Callable[[Player], int]] = {
    "characters": lambda p: len(p.chars),
    "weapons": lambda p: sum(len(ch.weapons) for ch in p.chars),
    "facilities": lambda p: sum(p.standing.values()),
    "barricades": lambda p: p.standing.get("barricade", 0),
    "gardens": lambda p: p.standing.get("food-garden", 0) + p.standing.get("herb-garden", 0),
    "scavenge": lambda p: p.scavenge,
    "defence": lambda p: p.defence,
    "morale": lambda p: p.morale,
    "health": lambda p: p.health,
}


def metric(p: Player, name: str, content: Content) -> int:
    """The quantity an Objective card measures for ``p`` (any other name: how many
    facilities of that kind stand)."""
    fn = _METRICS.get(name)
    return fn(p) if fn is not None else has_built(p, name, content)


def check_instant(st: SAState, content: Content) -> None:
    """The first player to meet the Instant card's criterion takes its points (several at
    once: the earliest in turn order, ruling). Source: "Objective Cards"."""
    if st.instant_by >= 0 or st.players_n == 1 or st.phase in ("bases", "draft"):
        return
    measure, least = _measure(content, st.objectives[1])
    players = st.players
    for s in order(st):
        if measure(players[s]) >= least:
            card = content.objectives[st.objectives[1]]
            p = players[s]
            st.instant_by = s
            p.objective_points += card.points
            p.instants.append(card.id)
            say(st, f"Seat {s} achieves '{card.name}' (+{card.points})")
            return


_MEASURES: dict[tuple[int, str], tuple[Callable[[Player], int], int]] = {}


def _measure(content: Content, objective: str) -> tuple[Callable[[Player], int], int]:
    """(the :func:`metric` of an Objective card as a function of the player, its minimum),
    per content and card: checked after every step until the Instant card is taken."""
    got = _MEASURES.get((id(content), objective))
    if got is None:
        card = content.objectives[objective]
        name = card.metric
        measure = _METRICS.get(name) or (lambda p: p.standing.get(name, 0))
        got = _MEASURES[(id(content), objective)] = (measure, card.minimum)
    return got


def check_leader(st: SAState, content: Content) -> None:
    """At a round end (and the game's end) the Leader card is settled.

    Unheld, it goes to the one player meeting its minimum; when two or more meet it nobody
    takes it (the printed rule; ``leader_rule == "highest"``: the single highest of them
    takes it). Held, it passes only to a player surpassing the holder, and only to the one
    highest such player (several tied above the holder: the holder keeps it).
    Source: "Objective Cards" (Leader)."""
    if st.players_n == 1:
        return
    card = content.objectives[st.objectives[0]]
    values = [metric(p, card.metric, content) for p in st.players]
    qualified = [s for s, v in enumerate(values) if v >= card.minimum]
    if not qualified:
        return
    top = max(values[s] for s in qualified)
    best = [s for s in qualified if values[s] == top]
    if st.leader >= 0:
        if values[st.leader] >= top or len(best) != 1:
            return
    elif len(qualified) > 1 and st.leader_rule == "printed":
        return
    if len(best) == 1 and best[0] != st.leader:
        st.leader = best[0]
        say(st, f"Seat {best[0]} takes the Leader card '{card.name}'")


SCORE_RANKING = (
    (20, "You may as well have been a Zed."),
    (40, "Zed bait."),
    (60, "Bang average."),
    (80, "Keeping your head above the Zeds, just."),
    (100, "Not bad: you run a good camp."),
    (10**9, "Above the rulebook's table (it stops at 100)."),
)
"""Score Ranking bands (upper bound included, texts shortened). Source: "Score Ranking".
The printed table ends with 81-100; a higher score is said to be above it (no text of ours
is passed off as the rulebook's)."""


def ranking(score: int) -> str:
    for top, text in SCORE_RANKING:
        if score <= top:
            return text
    return SCORE_RANKING[-1][1]  # pragma: no cover


def score_breakdown(st: SAState, p: Player, content: Content) -> dict[str, int]:
    """The nine scoring lines: a tracker is worth its left-most unshaded value.
    Source: "Victory and Scoring"."""
    t = content.tracker
    chars = t("characters")
    objective = p.objective_points
    if st.objectives:
        if st.players_n > 1 and st.leader == p.seat:
            objective += content.objectives[st.objectives[0]].points
        end = content.objectives[st.objectives[-1]]
        if metric(p, end.metric, content) >= end.minimum:
            objective += end.points
    return {
        "characters": chars[min(len(p.chars), len(chars) - 1)],
        "breaches": t("breach")[p.breach],
        "defence": t("defence")[p.defence],
        "health": t("health")[p.health],
        "scavenging": t("scavenge")[p.scavenge],
        "influence": p.ip,
        "morale": t("morale")[p.morale],
        "resources": sum(p.cubes) + sum(p.kept) + p.scav_food,
        "objectives": objective,
    }


def final_scores(st: SAState, content: Content) -> list[int]:
    return [sum(score_breakdown(st, p, content).values()) for p in st.players]


def winners(st: SAState, content: Content) -> list[int]:
    """Most points; ties: scavenging influence, then active characters, then the defence
    tracker; still tied: a shared victory. Source: "Victory and Scoring"."""
    scores = final_scores(st, content)

    def key(s: int) -> tuple[int, int, int, int]:
        p = st.players[s]
        return (scores[s], p.ip, len(p.chars), p.defence)

    best = max(key(s) for s in range(st.players_n))
    return [s for s in range(st.players_n) if key(s) == best]
