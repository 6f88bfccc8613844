"""Survive Alive set-up: the table, the Base sheets, the Character draft, the solo
scenarios' set-up, and the start of every round.

Source: Survive Alive rulebook, "Set-Up" (main set-up A-F, player set-up G-M), "Solo
Scenario 1" and "Solo Scenario 2" set-up.
"""

from __future__ import annotations

import json

from zedlab.core import RNG, Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .content import CUBES, PACKS, Content
from .objectives import auto
from .rules import CUBE_INDEX, FOOD, act, cube_text, lay, mark_built, order, public_base, take_cube
from .state import Character, Player, SAState
from .steps import (
    FLOW,
    ChooseBase,
    DealDraft,
    Discard,
    Draft,
    DrawEvents,
    FinishDraft,
    ScavengeTurn,
    ScenarioFood,
    SoloBottom,
    Spend,
)

SCENARIO_BASES = {1: "mountain", 2: "forest"}
SCENARIO_HOME = {1: ["buzz"], 2: ["florence", "agatha"]}
SCENARIO_OUT = {1: {"bruce": "bat", "olivia": "wrench"}, 2: {"alan": "axe", "bob": "knife"}}
SCENARIO_TARGET = {1: "jojo", 2: "rick"}


def new_state(content: Content, players: int, scenario: int, seed: int, first: int | None) -> SAState:
    """Main set-up A-F and player set-up G; the Base choices (H) in reverse turn order, or
    a solo scenario's set-up. Source: "Set-Up"."""
    rng = RNG.from_seed(seed)
    st = SAState(rng=rng, players_n=players, scenario=scenario,
                 players=[Player(seat=i) for i in range(players)], content=content.digest)
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
    else:  # H: in reverse turn order each player chooses a Base sheet
        push(st, *(ChooseBase(seat=s) for s in reversed(order(st))), DealDraft())
    return st


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
    start_round(st, 0)
    if p.cubes[FOOD]:
        st.stack.append(ScenarioFood(seat=0))  # E: food on the cards


def start_round(st: SAState, at: int) -> None:
    """Begin a round: record what the others see of each base, and lay the round's turns
    at ``at`` in the stack (under anything the rules pushed meanwhile): each seat's Spend
    turn in turn order, every Discard, every Scavenging turn, then the Event cards.
    Source: "Game Play"."""
    for p in st.players:
        p.shown = json.dumps(public_base(p), sort_keys=True)
    seats = order(st)
    lay(st, at, *(Spend(seat=s) for s in seats), *(Discard(seat=s) for s in seats),
        *(ScavengeTurn(seat=s) for s in seats), DrawEvents())


# -- H. Base sheets --------------------------------------------------------------------------
@FLOW.decide(ChooseBase)
def ask_base(st: SAState, step: ChooseBase) -> Decision:
    c = PACKS[st.content]
    options = tuple([act("base", b, c.bases[b].name) for b in c.bases])
    return Decision(step.seat, "choose-base", options, "Which Base sheet do you take?")


@FLOW.resolve(ChooseBase)
def choose_base(st: SAState, step: ChooseBase, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    p.base = a.value
    for sid in c.bases[a.value].prebuilt:
        mark_built(p, sid)
    emit(st, "base-chosen", seat=step.seat, base=c.bases[a.value].name)


# -- J. The draft -----------------------------------------------------------------------------
@FLOW.auto(DealDraft)
def deal_draft(st: SAState, step: DealDraft) -> None:
    """Deal 5 / 7 / 9 Character cards to the First player, then pick and pass until
    everyone has two (one player: pick, a random card to the bottom of the deck, then pick
    from the last three). Source: "Player set-up" J."""
    content = PACKS[st.content]
    deck = sorted(content.characters)
    st.rng.shuffle(deck)
    n = st.players_n
    k = content.rules.draft_deal[n - 1]
    st.draft = deck[:k]
    st.char_deck = deck[k:]
    if n == 1:
        push(st, Draft(seat=0), SoloBottom(), Draft(seat=0), FinishDraft())
    else:
        seats = order(st)
        push(st, *(Draft(seat=seats[t % n]) for t in range(2 * n)), FinishDraft())


@FLOW.decide(Draft)
def ask_draft(st: SAState, step: Draft) -> Decision:
    """The cards in hand: name, ability in short and the cubes it brings at set-up (step
    M), to fit a line of 80 columns; ``info NAME`` gives the whole card."""
    c = PACKS[st.content]
    out = []
    for cid in sorted(st.draft):
        card = c.characters[cid]
        cubes = cube_text([card.cubes.count(col) for col in CUBES])
        out.append(act("character", cid, f"{card.name}: {card.brief}; {cubes}"))
    return Decision(step.seat, "draft", tuple(out), DRAFT_PROMPT)


DRAFT_PROMPT = "Which Character card do you keep? (its ability; the cubes it brings at set-up)"


@FLOW.resolve(Draft)
def draft(st: SAState, step: Draft, a: Action) -> None:
    st.draft.remove(a.value)
    st.players[step.seat].chars.append(Character(id=a.value))
    emit(st, "drafted", seat=step.seat, char=PACKS[st.content].characters[a.value].name)


@FLOW.auto(SoloBottom)
def solo_bottom(st: SAState, step: SoloBottom) -> None:
    i = st.rng.randbelow(len(st.draft))
    st.bottom = st.draft.pop(i)


@auto(FinishDraft)
def finish_draft(st: SAState, step: FinishDraft) -> None:
    """K: shuffle the rest face down (one player: the set-aside card at the bottom);
    M: starting cubes from the chosen cards; then the first round."""
    content = PACKS[st.content]
    at = len(st.stack)
    bottom, st.bottom = st.bottom, ""
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
    start_round(st, at)


# -- Solo scenarios, set-up E ---------------------------------------------------------------------
@FLOW.decide(ScenarioFood)
def ask_scenario_food(st: SAState, step: ScenarioFood) -> Decision:
    p = st.players[step.seat]
    options = tuple([act("food-on-cards", k, f"Put {k} food on the scavengers' cards")
                     for k in range(p.cubes[FOOD] + 1)])
    return Decision(step.seat, "scenario-food", options, "How much food goes on the scavengers' cards?")


@FLOW.resolve(ScenarioFood)
def scenario_food(st: SAState, step: ScenarioFood, a: Action) -> None:
    p = st.players[step.seat]
    p.cubes[FOOD] -= a.value
    p.scav_food += a.value
