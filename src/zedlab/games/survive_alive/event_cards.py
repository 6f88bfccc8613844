"""Survive Alive, "4. Draw Event Cards": the round's Event cards are drawn and the screens
removed; each player places its characters on the sides of its Base, and every card attacks
every Base in turn (defended, wounds and deaths, or a Base Breach); the round's marks; then,
except in the last round, steps 2-4 (cubes, extra cubes, a recruit at the Command Centre),
empty groups refilled and the scavengers home. In the last round the game ends after the
attacks.

Source: Survive Alive rulebook, "4. Draw Event Cards" (Step 1-4), "Failing to Defend",
"Base Breach", "Defence and Health Tracks", "Objective Cards", solo "Game Conditions".
"""

from __future__ import annotations

import json

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .content import PACKS, SIDES, Content, Slot
from .objectives import auto, check_instant, check_leader, final_scores, resolve
from .rules import (
    CUBE_INDEX,
    FOOD,
    SIDE_WORDS,
    TARGETS,
    ability_on,
    act,
    counted,
    cube_text,
    draw_cubes,
    event_words,
    has_built,
    kill,
    lay,
    order,
    public_base,
    same_choice,
    slot_kind,
    slot_words,
    strength,
    take_cube,
    wound,
    zeds_words,
)
from .scavenging import push_recruit, target_found
from .state import Character, Player, SAState
from .steps import (
    FLOW,
    AfterAttacks,
    AfterRecruits,
    Attack,
    BreachLose,
    Cleanup,
    DrawEvents,
    EventCubes,
    PlaceDefender,
    PlaceDefenders,
    Recruit,
    RoundEnd,
)

SIDE_ACTIONS = tuple(act("place", side, f"Defend the {SIDE_WORDS[side]} side") for side in SIDES)


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
    emit(st, "event-cards", round=st.round, cards="; ".join(event_words(e, content) for e in st.drawn))


def attack_strength(st: SAState, event_id: str, content: Content) -> int:
    """Zeds on the card plus the round number. Source: "Step 1"."""
    return content.events[event_id].zeds + st.round


def attack_words(st: SAState, event_id: str, content: Content) -> str:
    """Where an attack's strength comes from: ``"5 Zeds on Event A4 + round 1"``."""
    ev = content.events[event_id]
    return f"{zeds_words(ev.zeds)} on {ev.name} + round {st.round}"


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


def defence_values(p: Player, content: Content, scenario: int = 0) -> list[int]:
    """:func:`defence_value` of each side in :data:`SIDES` order, in one pass over the base
    and the defenders (what the placing menu shows for all four sides at once)."""
    tables = _all_side_shields(content)
    totals = [0, 0, 0, 0]
    for sid, v in p.built.items():
        if v == 1:
            for k in range(4):
                n = tables[k].get(sid)
                totals[k] += n if n is not None else _slot_shields(sid, SIDES[k], content)
    for ch in defenders(p, scenario):
        card = content.characters[ch.id]
        if card.effect == "lookout" and ability_on(ch):
            add = strength(p, [ch], content, scavenging=False) + card.amount
            for k in range(4):
                totals[k] += add
        elif ch.side in _SIDE_AT:
            totals[_SIDE_AT[ch.side]] += strength(p, [ch], content, scavenging=False)
    return totals


_SIDE_AT = {side: k for k, side in enumerate(SIDES)}


def _all_side_shields(content: Content) -> tuple[dict[str, int], ...]:
    """:func:`_side_shields` of each side, in :data:`SIDES` order."""
    return tuple(_side_shields(content, side) for side in SIDES)


def _slot_shields(sid: str, side: str, content: Content) -> int:
    """Shields a standing facility in slot ``sid`` adds to ``side``."""
    kind = slot_kind(sid)
    if kind == "barricade" and sid.split("-")[1] == side:
        return content.facilities["barricade"].shields
    if kind == "watch-tower" and side in sid.split("-")[2]:
        return content.facilities["watch-tower"].shields
    return 0


_SIDE_SHIELDS: dict[tuple[str, str], dict[str, int]] = {}


def _side_shields(content: Content, side: str) -> dict[str, int]:
    """:func:`_slot_shields` for every slot of every base (built once per content and side)."""
    got = _SIDE_SHIELDS.get((content.digest, side))
    if got is None:
        got = _SIDE_SHIELDS[(content.digest, side)] = {
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
    made = attack_words(st, event_id, content)
    shields = defence_value(p, side, content, st.scenario)
    if shields >= zeds:
        emit(st, "held", seat=p.seat, side=SIDE_WORDS[side], shields=shields, zeds=zeds, made=made)
        return
    p.failed = True
    deficit = zeds - shields
    home = at_base(p)
    if home:
        dies = deficit >= content.rules.death_deficit
        why = (f"{content.rules.death_deficit} or more: every character in the Base dies" if dies
               else f"1-{content.rules.death_deficit - 1}: every character in the Base takes a wound")
        emit(st, "failed", seat=p.seat, side=SIDE_WORDS[side], shields=shields, zeds=zeds, made=made,
             deficit=deficit, why=why)
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
    else:
        said += f" (deficit {deficit}: one facility per point; nobody defends it)"
    emit(st, "breached", seat=p.seat, side=SIDE_WORDS[side], shields=shields, zeds=zeds, made=made,
         lost=said)
    if p.breach < 5:
        p.breach += 1
    if any(p.standing.values()):
        st.stack.append(BreachLose(seat=p.seat, left=deficit, side=side))


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


_BREACH_TIERS: dict[tuple[str, str, str], list[list[str]]] = {}


def _breach_tiers(content: Content, base: str, side: str) -> list[list[str]]:
    """The slots of ``base`` in breach order from ``side``, as sorted tiers: the first tier
    with a standing facility is what may be lost (built once per content, base and side)."""
    key = (content.digest, base, side)
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
    emit(st, "facility-lost", seat=p.seat, what=slot_words(sid, PACKS[st.content]))


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
        got = draw_cubes(st, p, card.cubes)
        n = len(p.chars)
        for count, extra in card.bonus:
            if n == count:
                got += draw_cubes(st, p, extra)
        if got:  # behind the player's screen: only that seat sees which cubes
            counts = [0] * len(p.cubes)
            for c in got:
                counts[c] += 1
            emit(st, "event-cubes", [p.seat], seat=p.seat, cubes=cube_text(counts), card=content.events[st.drawn[-1]].name)


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
        emit(st, "takes-in", seat=p.seat, char=content.characters[cid].name)


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
                emit(st, "scavengers-home", seat=p.seat)
        for ch in p.chars:
            if not ch.expedition:
                ch.away = False
                ch.party = False


# -- the steps -----------------------------------------------------------------------------------
@FLOW.auto(DrawEvents)
def draw(st: SAState, step: DrawEvents) -> None:
    """Draw the cards, then lay out step 1: every seat places its defenders in turn order,
    then card by card every Base is attacked, First player first."""
    at = len(st.stack)
    draw_events(st, PACKS[st.content])
    seats = order(st)
    lay(st, at, *(PlaceDefenders(seat=s) for s in seats),
        *(Attack(seat=s, event=e) for e in st.drawn for s in seats), AfterAttacks())


@FLOW.auto(PlaceDefenders)
def place_defenders(st: SAState, step: PlaceDefenders) -> None:
    p = st.players[step.seat]
    push(st, *(PlaceDefender(seat=p.seat, char=i) for i in needs_placing(p, PACKS[st.content], st.scenario)))


@FLOW.decide(PlaceDefender)
def ask_place(st: SAState, step: PlaceDefender) -> Decision:
    """The four sides, each labelled with its shields so far and this round's attacks on it."""
    c = PACKS[st.content]
    p = st.players[step.seat]
    out = []
    shields = defence_values(p, c, st.scenario)
    for side, plain, now in zip(SIDES, SIDE_ACTIONS, shields, strict=True):
        attacks = [f"{attack_strength(st, e, c)} = {attack_words(st, e, c)}"
                   for e in st.drawn if c.events[e].side == side]
        said = f"; attack {' and '.join(attacks)}" if attacks else "; no attack"
        out.append(act("place", side, f"{plain.label} ({counted(now, 'shield')} so far{said})"))
    ch = p.chars[step.char]
    power = strength(p, [ch], c, scavenging=False)
    prompt = (f"Where does {c.characters[ch.id].name} ({counted(power, 'shield')}) defend this round? "
              "(one side all round; a beaten side wounds all at the Base, by "
              f"{c.rules.death_deficit}+ kills them)")
    return Decision(step.seat, "place-defender", tuple(out), prompt)


@FLOW.resolve(PlaceDefender)
def place(st: SAState, step: PlaceDefender, a: Action) -> None:
    """Place one character on a side for this round's attacks. Source: "Step 1"."""
    p = st.players[step.seat]
    ch = p.chars[step.char]
    ch.side = a.value
    emit(st, "placed", seat=p.seat, char=PACKS[st.content].characters[ch.id].name, side=SIDE_WORDS[a.value])


@auto(Attack)
def attack(st: SAState, step: Attack) -> None:
    resolve_attack(st, st.players[step.seat], step.event, PACKS[st.content])


_LABELLED: dict[tuple[str, str], Action] = {}


def _lose_action(sid: str, c: Content) -> Action:
    """A prebuilt breach Action: ``"Lose a Bed (row 1, column 2)"``."""
    key = (sid, c.digest)
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = act("lose", sid, f"Lose {slot_words(sid, c)}")
    return a


@FLOW.decide(BreachLose)
def ask_breach(st: SAState, step: BreachLose) -> Decision:
    c = PACKS[st.content]
    p = st.players[step.seat]
    options = tuple([_lose_action(sid, c) for sid in breach_candidates(p, step.side, c)])
    return Decision(step.seat, "breach-lose", options, "Which facility is lost?")


@resolve(BreachLose)
def breach(st: SAState, step: BreachLose, a: Action) -> None:
    p = st.players[step.seat]
    lose_facility(st, p, a.value)
    if step.left > 1 and any(p.standing.values()):
        st.stack.append(BreachLose(seat=step.seat, left=step.left - 1, side=step.side))


@auto(AfterAttacks)
def after_attacks(st: SAState, step: AfterAttacks) -> None:
    """The round's marks; the last round (or a solo scenario's) ends the game here."""
    content = PACKS[st.content]
    at = len(st.stack)
    round_marks(st, content)
    if st.round >= st.final_round or st.round >= content.rules.rounds:
        finish(st, content)
        return
    lay(st, at, EventCubes(), *(Recruit(seat=s) for s in order(st)), AfterRecruits())


@FLOW.auto(EventCubes)
def event_cubes(st: SAState, step: EventCubes) -> None:
    step2_cubes(st, PACKS[st.content])


@FLOW.auto(Recruit)
def recruit_at_base(st: SAState, step: Recruit) -> None:
    """Step 4: a card showing the recruit symbol lets a Command Centre draw a character."""
    content = PACKS[st.content]
    p = st.players[step.seat]
    card = content.events[st.drawn[-1]]
    if card.recruit and has_built(p, "command-centre", content) and st.char_deck:
        cid = st.char_deck.pop(0)
        st.rng.note_reveal()
        emit(st, "command-centre-finds", seat=p.seat, char=content.characters[cid].name)
        if st.scenario and cid == TARGETS[st.scenario] and not st.found:
            target_found(st, p, cid, content, away=False)
        else:
            push_recruit(st, p, cid, content, away=False)


@auto(AfterRecruits)
def after_recruits(st: SAState, step: AfterRecruits) -> None:
    """Solo Scenario 1: JoJo found at step 4 ends the game (the rest of the round is
    skipped). Else empty groups are refilled, the scavengers come home and the Round End
    follows, First player first."""
    content = PACKS[st.content]
    if st.scenario == 1 and st.ending == "1":
        finish(st, content)
        return
    at = len(st.stack)
    refill_characters(st, content)  # a short bag may push a Multiplier offer: asked first
    return_home(st, content)
    lay(st, at, *(RoundEnd(seat=s) for s in order(st)), Cleanup())


def finish(st: SAState, content: Content) -> None:
    """The game ends: an Instant objective reached by the last marks is taken, the Leader
    objective settled, bases shown, scores told. Source: "Objective Cards"; the Event cards
    note: in round 6 (and a solo scenario's last round) scoring follows the attacks, with
    no steps 2-4 and no Round End."""
    check_instant(st, content)
    check_leader(st, content)
    if st.scenario and not st.ending:
        st.ending = "2"
    for p in st.players:
        p.shown = json.dumps(public_base(p), sort_keys=True)
    st.stack.clear()
    emit(st, "final-round", round=st.round)
    emit(st, "final-scores", scores=final_scores(st, content))
