"""Survive Alive, "3. Scavenging (optional)": in turn order each player may send up to
two armed characters, with food set aside, to scavenge the Community Map's locations; a
won scavenge crosses the location out and brings influence points or a character (four
cubes of its card, then join or leave); a lost one wounds or kills. The solo scenarios'
expeditions, finds and weapon finds.

Source: Survive Alive rulebook, "3. Scavenging (optional)", "Scavenge Win", "Scavenge Loss",
"Step 4" (recruits), "Solo Scenario 1/2: Game Conditions", "Finds".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .content import CUBES, PACKS, Content, ScavengeEntry
from .objectives import resolve
from .rules import (
    CUBE_ACTIONS,
    CUBE_INDEX,
    FOOD,
    NAMED,
    TARGETS,
    a_or_an,
    ability_on,
    act,
    counted,
    draw_cubes,
    kill,
    storage_capacity,
    strength,
    take_cube,
    tell,
    wound,
)
from .state import Character, Player, SAState
from .steps import (
    FLOW,
    FindWeapon,
    RecruitAccept,
    RecruitCube,
    ScavengeParty,
    ScavengeTurn,
    ScavengeWhere,
)

GO = act("go", None, "Go scavenging with the chosen characters")
STAY = act("stay", None, "Do not scavenge this round")
STOP = act("stop", None, "Stop scavenging")
ACCEPT = act("accept", None, "Accept")
LEAVE = act("leave", None, "Leave")


WEAPON_FINDS = {
    1: {1: "bat", 2: "bat", 3: "wrench", 4: "wrench", 5: "axe", 6: "axe", 7: "knife", 8: "knife"},
    2: {3: "wrench", 4: "bat/axe", 5: "knife"},
}
"""Solo scenarios: influence points of a won scavenge -> the weapon found (scenario 2: at the
Hospital only). Source: "Solo Scenario 1/2: Game Conditions"."""


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
    said = dict(seat=p.seat, names=names, verb=verb, place=content.locations[loc].name, food=food,
                power=power, zeds=zeds)
    if power >= zeds:
        emit(st, "scavenged", **said, result="won")
        scavenge_win(st, p, loc, card, content)
    else:
        deficit = zeds - power
        emit(st, "scavenged", **said, result=f"lost by {deficit}")
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
                emit(st, "crossed-out", place=content.locations[card.solo_location].name)
            st.locations[card.solo_location] = True
    for ch in p.chars:
        c = content.characters[ch.id]
        if c.effect == "scavenge-draw" and ability_on(ch):
            draw_cubes(st, p, 1)
        elif c.effect == "scavenge-food" and ability_on(ch):
            take_cube(st, p, FOOD)
    if card.reward == "points":
        p.ip += card.points
        emit(st, "influence", seat=p.seat, points=card.points)
        table = WEAPON_FINDS.get(st.scenario, {})
        if st.scenario == 2 and loc != "hospital":
            table = {}
        find = table.get(card.points)
        if find and any(len(ch.weapons) < content.rules.weapons_per_character for ch in scavengers(p)):
            st.stack.append(FindWeapon(seat=p.seat, find=find))
        return
    if st.scenario == 1 or (st.scenario == 2 and loc == "hospital"):
        scenario_find(st, p, loc, content)
        return
    if not st.char_deck:
        return
    cid = st.char_deck.pop(0)
    st.rng.note_reveal()
    emit(st, "met", seat=p.seat, char=content.characters[cid].name)
    push_recruit(st, p, cid, content, away=True)


def push_recruit(st: SAState, p: Player, cid: str, content: Content, away: bool) -> None:
    """Choose 4 cubes shown on the card, then accept or leave the character (decisions
    pushed so the cube picks come first). Source: "Scavenge Win", "Step 4"."""
    st.stack.append(RecruitAccept(seat=p.seat, char=cid, how=1 if away else 0))
    push_recruit_cubes(st, p, cid, content)


def push_recruit_cubes(st: SAState, p: Player, cid: str, content: Content) -> None:
    """Push the four cube picks (the card's colours, whatever the hidden bag holds)."""
    step = RecruitCube(seat=p.seat, char=cid, left=content.rules.recruit_cubes)
    if recruit_cube_options(step, content):
        st.stack.append(step)


def recruit_cube_options(step: RecruitCube, content: Content) -> list[int]:
    """The colours still to be taken from those shown on the card."""
    shown = [0] * 7
    for c in content.characters[step.char].cubes:
        shown[CUBE_INDEX[c]] += 1
    for c in step.picks:
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
    emit(st, "shares-food", seat=p.seat, char=content.characters[cid].name, food=got)


def target_found(st: SAState, p: Player, cid: str, content: Content, away: bool) -> None:
    """A solo scenario's target is found (scavenging, or drawn at the Base by the Command
    Centre): it joins (four cubes of its card, no leaving it); Scenario 1 ends after this
    round's Event cards. Source: "Solo Scenario 1/2: Finds"."""
    emit(st, "target-found", seat=p.seat, char=content.characters[cid].name)
    st.found = True
    if st.scenario == 1:
        st.final_round = st.round
        st.ending = "1"
    st.stack.append(RecruitAccept(seat=p.seat, char=cid, how=2 if away else 3))
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
        emit(st, "called-back", seat=p.seat, names=names, verb="stay" if len(group) > 1 else "stays")


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


# -- the scavenging turn ----------------------------------------------------------------------
@FLOW.auto(ScavengeTurn)
def scavenge_turn(st: SAState, step: ScavengeTurn) -> None:
    """A party out (a solo expedition) goes on; else a party may be sent if food is set
    aside and an armed character is at the Base; else unused food is put away."""
    content = PACKS[st.content]
    p = st.players[step.seat]
    if scavengers(p):
        if open_locations(st, p, content):
            st.stack.append(ScavengeWhere(seat=p.seat))
        else:
            end_scavenging(st, p, content)
    elif p.scav_food and eligible_scavengers(p) and open_locations(st, p, content):
        st.stack.append(ScavengeParty(seat=p.seat))
    else:
        end_scavenging(st, p, content)


@FLOW.decide(ScavengeParty)
def ask_party(st: SAState, step: ScavengeParty) -> Decision:
    c = PACKS[st.content]
    p = st.players[step.seat]
    chosen = [ch for ch in p.chars if ch.party]
    out = []
    if len(chosen) < c.rules.scavenge_party:
        out = [act("send", i, f"Send {c.characters[p.chars[i].id].name} scavenging") for i in eligible_scavengers(p)]
    out.append(GO if chosen else STAY)
    return Decision(step.seat, "scavenge-party", tuple(out), party_prompt(c.rules.scavenge_party, len(chosen)))


_PARTY_PROMPTS: dict[tuple[int, int], str] = {}


def party_prompt(most: int, chosen: int) -> str:
    """The question of who goes scavenging, with the party's limit and how many are chosen
    so far: ``"Who goes scavenging? (a party of up to 2 armed characters; 1 chosen)"``
    (cached). Source: "3. Scavenging"."""
    got = _PARTY_PROMPTS.get((most, chosen))
    if got is None:
        so_far = f"; {chosen} chosen" if chosen else ""
        full = "; the party is full" if chosen >= most else ""
        got = _PARTY_PROMPTS[(most, chosen)] = (
            f"Who goes scavenging? (a party of up to {counted(most, 'armed character')}"
            f"{full or so_far})")
    return got


@FLOW.resolve(ScavengeParty)
def party(st: SAState, step: ScavengeParty, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    if a.kind == "send":
        ch = p.chars[a.value]
        ch.party = True
        ch.away = True
        st.stack.append(step)
    elif a.kind == "go":
        st.stack.append(ScavengeWhere(seat=p.seat, sent=True))
        if st.scenario:
            for ch in scavengers(p):
                ch.expedition = True
        emit(st, "party-sent", seat=p.seat,
             names=" and ".join(c.characters[ch.id].name for ch in scavengers(p)))
    else:
        end_scavenging(st, p, c)


_ZED_RANGES: dict[tuple[str, int], str] = {}


def _zed_range(c: Content, food: int) -> str:
    """The Zed strengths a location of this food cost can show: its deck's cards plus the
    deck's threat, ``"3-5"`` (cached)."""
    got = _ZED_RANGES.get((c.digest, food))
    if got is None:
        threat = c.design.zed_threat[str(food)]
        zeds = sorted({card.zeds + threat for card in c.scavenge.values() if card.food == food})
        got = f"{zeds[0]}-{zeds[-1]}" if zeds and zeds[0] != zeds[-1] else (str(zeds[0]) if zeds else "?")
        _ZED_RANGES[(c.digest, food)] = got
    return got


@FLOW.decide(ScavengeWhere)
def ask_where(st: SAState, step: ScavengeWhere) -> Decision:
    c = PACKS[st.content]
    p = st.players[step.seat]
    out = [act("scavenge", loc, f"Scavenge the {c.locations[loc].name} ({c.locations[loc].food} food; "
                                f"Zed strength {_zed_range(c, c.locations[loc].food)})")
           for loc in open_locations(st, p, c)]
    out.append(STOP)
    return Decision(step.seat, "scavenge-where", tuple(out), "Where do you scavenge?")


@resolve(ScavengeWhere)
def where(st: SAState, step: ScavengeWhere, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    at = len(st.stack)
    if a.kind == "stop":
        if step.sent and not step.scavenged:
            call_back(st, p, c)  # sent this round but never scavenged: still at the Base
        end_scavenging(st, p, c)
        return
    scavenge(st, p, a.value, c)
    if st.ending == "dead":
        return
    if scavengers(p) and open_locations(st, p, c):
        # the party has scavenged: it stays away until the Event cards; asked again under
        # what the scavenge brought (a weapon, a recruit)
        st.stack.insert(at, ScavengeWhere(seat=step.seat, sent=step.sent, scavenged=True))
    else:
        end_scavenging(st, p, c)


# -- finds and recruits --------------------------------------------------------------------------
@FLOW.decide(FindWeapon)
def ask_weapon(st: SAState, step: FindWeapon) -> Decision:
    c = PACKS[st.content]
    p = st.players[step.seat]
    out = []
    for w in step.find.split("/"):
        for i, ch in enumerate(p.chars):
            if ch.party and len(ch.weapons) < c.rules.weapons_per_character:
                out.append(act("weapon-to", (i, w), f"Give the {c.weapons[w].name} to {c.characters[ch.id].name}"))
    return Decision(step.seat, "find-weapon", tuple(out), "Who takes the weapon found?")


@resolve(FindWeapon)
def weapon_found(st: SAState, step: FindWeapon, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    i, w = a.value
    p.chars[i].weapons.append(w)
    emit(st, "weapon-found", seat=p.seat, weapon=a_or_an(c.weapons[w].name), char=c.characters[p.chars[i].id].name)


@FLOW.decide(RecruitCube)
def ask_recruit_cube(st: SAState, step: RecruitCube) -> Decision:
    """Asked once a cube: the prompt says whose card it is and how many cubes are still to
    take (the question repeats, so it must not read the same each time)."""
    c = PACKS[st.content]
    options = tuple([CUBE_ACTIONS["take"][i] for i in recruit_cube_options(step, c)])
    name = c.characters[step.char].name
    total = len(step.picks) + step.left
    prompt = (f"Which cube shown on {name}'s card do you take? "
              f"({step.left} of {total} still to take)")
    return Decision(step.seat, "recruit-cube", options, prompt)


@FLOW.resolve(RecruitCube)
def recruit_cube(st: SAState, step: RecruitCube, a: Action) -> None:
    p = st.players[step.seat]
    i = CUBE_INDEX[a.value]
    step = RecruitCube(seat=step.seat, char=step.char, left=step.left - 1, picks=(*step.picks, i))
    if step.left and recruit_cube_options(step, PACKS[st.content]):
        st.stack.append(step)
    if not take_cube(st, p, i):  # after the step: a Multiplier decision may go on top
        tell(st, p.seat, "bag-empty", cube=CUBES[i])


@FLOW.decide(RecruitAccept)
def ask_recruit(st: SAState, step: RecruitAccept) -> Decision:
    """Accept or leave a recruit (leave only, with a full group). A solo scenario's target
    (found scavenging or at the Base) always joins; with a full group another character,
    not one the scenario names, goes to make room (ruling)."""
    c = PACKS[st.content]
    p = st.players[step.seat]
    room = len(p.chars) < c.design.max_characters
    if step.how >= 2:
        if room:
            options: tuple[Action, ...] = (ACCEPT,)
        else:
            target = c.characters[step.char].name
            options = tuple([
                act("make-room", i, f"Let {c.characters[ch.id].name} go to make room for {target}")
                for i, ch in enumerate(p.chars) if ch.id not in NAMED.get(st.scenario, ())])
    else:
        options = (ACCEPT, LEAVE) if room else (LEAVE,)
    return Decision(step.seat, "recruit-accept", options, "Add this character to your group?")


@resolve(RecruitAccept)
def recruit(st: SAState, step: RecruitAccept, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    if a.kind == "make-room":
        gone = p.chars.pop(a.value)
        st.wound_pool += gone.wounds  # its tokens go back; its weapons go with it
        st.char_deck.append(gone.id)
        emit(st, "let-go", seat=p.seat, char=c.characters[gone.id].name)
    if a.kind in ("accept", "make-room"):
        ch = Character(id=step.char, away=step.how in (1, 2), expedition=step.how == 2)
        p.chars.append(ch)
        emit(st, "recruited", seat=p.seat, char=c.characters[step.char].name)
    else:
        st.char_deck.append(step.char)
        emit(st, "left", seat=p.seat, char=c.characters[step.char].name)
