"""Survive Alive, "1. Spend Resource Cubes": each player in turn builds facilities, forges
weapons, heals wounds, trades with the supply, offers 1:1 trades (Command Centre) and looks
at the coming Event cards (Watch Tower), then says done. Trading with the supply is allowed
at any time on one's turn, so the trade steps are pushed from the Discard and Round End
turns too.

Source: Survive Alive rulebook, "1. Spend Resource Cubes", "Facilities", "Wound Markers",
"Character Abilities", "3. Scavenging" (forging note).
"""

from __future__ import annotations

from collections.abc import Callable

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import again

from .content import CUBES, PACKS, Content
from .objectives import resolve
from .rules import (
    CUBE_ACTIONS,
    CUBE_INDEX,
    DONE,
    FOOD,
    HERB,
    TRADE,
    WEAPONS,
    WILD,
    Need,
    a_or_an,
    act,
    affordable,
    base_cost,
    build_discounters,
    can_trade,
    char_name,
    cube_text,
    discount_words,
    event_words,
    facility_cost,
    facility_cost_text,
    facility_needs,
    forge_discounters,
    has_built,
    heal_cost,
    mark_built,
    paid_text,
    pay,
    physical,
    same_choice,
    slot_kind,
    slot_words,
    take_cube,
    tell,
    to_bag,
    trade_ratio,
    weapon_cost,
)
from .state import Player, SAState, no_cubes
from .steps import FLOW, OfferGive, OfferReply, OfferWant, Spend, TradeGive, TradeTake

OFFERS = tuple(act("offer", other, f"Offer a 1:1 trade to Seat {other}") for other in range(4))
PEEKS = {cost: act("peek", None, f"Look at this round's Event cards (Watch Tower, "
                                  f"{'free' if cost == 0 else f'{cost} food'})")
         for cost in range(5)}
ACCEPT = act("accept", None, "Accept")
REFUSE = act("refuse", None, "Refuse")
GIVE_PROMPTS = {n: f"Which cube do you give to the supply? ({n} still to give for the cube you want)"
                for n in range(1, 20)}


# -- what can be paid for ----------------------------------------------------------------------
def _add_builds(out: list[Action], p: Player, c: Content) -> None:
    """Append the build Actions ``p`` can pay for now: per facility kind it can afford, the
    first empty slot of each choice (a side's first free barricade space), in the base's
    slot order. The affordability test comes first: most kinds are out of reach most of
    the time, and their slots need no look."""
    cubes = p.cubes
    wild = cubes[WILD]
    built = p.built
    for need, choices in _build_table(p, build_discounters(p, c), c):
        missing = 0
        for i, n in need:
            if n > cubes[i]:
                missing += n - cubes[i]
        if missing > wild:
            continue
        for spaces in choices:
            for sid, a in spaces:
                if sid not in built:
                    out.append(a)
                    break


Choices = tuple[tuple[tuple[str, Action], ...], ...]
"""A facility kind's build choices, each its alike slots in order as (slot id, Action)."""
_BUILD_TABLES: dict[tuple[object, ...], list[tuple[Need, Choices]]] = {}


def _build_table(p: Player, disc: tuple[str, ...], c: Content) -> list[tuple[Need, Choices]]:
    """(discounted cost as (colour, count) pairs, build choices) per facility kind on ``p``'s
    base, cached per base, Workshop cube and active discounting characters ``disc`` (all
    that the costs depend on)."""
    key = (c.digest, p.base, p.workshop, disc)
    got = _BUILD_TABLES.get(key)
    if got is None:
        needs = dict(facility_needs(p.workshop, disc, c))
        got = _BUILD_TABLES[key] = [
            (needs[kind], _kind_actions(p.base, kind, slot_ids, facility_cost_text(p, kind, c), c))
            for kind, slot_ids in SLOTS_BY_KIND(c, p.base)]
    return got


_KIND_ACTIONS: dict[tuple[object, ...], Choices] = {}


def _kind_actions(base: str, kind: str, slot_ids: list[str], cost: str, c: Content) -> Choices:
    """The build choices of one kind on ``base`` at one cost in words: slots grouped by
    :func:`~.rules.same_choice`, in slot order (cached per content, base, kind and cost)."""
    key = (c.digest, base, kind, cost)
    got = _KIND_ACTIONS.get(key)
    if got is None:
        groups: dict[str, list[tuple[str, Action]]] = {}
        for sid in slot_ids:
            groups.setdefault(same_choice(sid), []).append((sid, _build_action(sid, cost, c)))
        got = _KIND_ACTIONS[key] = tuple(tuple(g) for g in groups.values())
    return got


def _build_action(sid: str, cost: str, c: Content) -> Action:
    """A prebuilt build Action: ``"Build a Barricade on the North side (2 wood)"``."""
    key = ("build", sid, c.digest, cost)
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = Action("build", sid, f"Build {slot_words(sid, c)} ({cost})")
    return a


_LABELLED: dict[tuple[object, ...], Action] = {}


_FORGES: dict[tuple[object, ...], tuple[Action, ...]] = {}
FORGE_CACHE_LIMIT = 4096
"""Forge option lists kept at most (emptied when full): each holds several labelled
Actions, so a process that plays many games (a simulation worker) stays small."""


def _forge_actions(takers: tuple[tuple[int, str], ...], ready: tuple[tuple[str, str], ...],
                   c: Content) -> tuple[Action, ...]:
    """Forge Actions for each (index, character id) taker and each (weapon, cost in words)
    ready, takers first: ``"Forge an Axe for Maya (1 metal, 1 wood)"`` (cached)."""
    key = (c.digest, takers, ready)
    got = _FORGES.get(key)
    if got is None:
        if len(_FORGES) >= FORGE_CACHE_LIMIT:
            _FORGES.clear()
        got = _FORGES[key] = tuple(
            Action("forge", (idx, w), f"Forge {a_or_an(c.weapons[w].name)} (+{c.weapons[w].shields}) "
                                      f"for {char_name(cid, c)} ({cost})")
            for idx, cid in takers for w, cost in ready)
    return got


def _heal_action(idx: int, name: str, herbs: int) -> Action:
    """A prebuilt heal Action: ``"Heal a wound of Maya (1 herb)"``, ``"... (2 herbs)"``."""
    key = ("heal", idx, name, herbs)
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = Action("heal", idx, f"Heal a wound of {name} ({herbs} herb{'' if herbs == 1 else 's'})")
    return a


_BY_KIND: dict[tuple[str, str], list[tuple[str, list[str]]]] = {}


def SLOTS_BY_KIND(c: Content, base: str) -> list[tuple[str, list[str]]]:  # noqa: N802
    """A base's slot ids grouped by facility kind (cached per content)."""
    got = _BY_KIND.get((c.digest, base))
    if got is None:
        groups: dict[str, list[str]] = {}
        for slot in c.slots[base]:
            groups.setdefault(slot.kind, []).append(slot.id)
        got = _BY_KIND[(c.digest, base)] = list(groups.items())
    return got


# -- building, forging, healing, looking ---------------------------------------------------------
def build(st: SAState, p: Player, slot_id: str, content: Content) -> None:
    """Build a facility: pay its cost to the bag and shade its box. A Workshop draws its
    discount at random from a red, a brown and a grey cube; a Watch Tower gives a look at
    this round's Event cards. Source: "1. Spend Resource Cubes", "Facilities"."""
    kind = slot_kind(slot_id)
    cost, taps = facility_cost(p, kind, content)
    paid = pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    mark_built(p, slot_id)
    if kind == "workshop":
        p.workshop = st.rng.choice(("brick", "wood", "metal"))
    if kind == "watch-tower":
        p.free_peek = True
    tell(st, p.seat, "built", what=slot_words(slot_id, content), cost=paid_text(cost, paid))
    if kind == "workshop":
        tell(st, p.seat, "workshop-cube", cube=p.workshop)


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
    key = (content.digest, disc)
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
    key = (content.digest, disc)
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


def forge_discount_words(weapon: str, disc: tuple[str, ...], forge: bool, content: Content) -> str:
    """What a weapon's shown price already takes off (:func:`~.rules.discount_words`): the
    forge discounts of the characters ``disc`` that lower it, as :func:`weapon_cost` applies
    them, and the Forge's cube."""
    cost = base_cost(content, weapon)
    why: list[str] = []
    for cid in disc:
        card = content.characters[cid]
        i = CUBE_INDEX[card.cube]
        if cost[i] > 0:
            cost[i] -= 1
            why.append(card.name)
    if forge and sum(cost) > 0:
        why.append("Forge")
    return discount_words(why)


def _florence_wounded(p: Player) -> bool:
    return any(ch.id == "florence" and ch.wounds for ch in p.chars)


def forge(st: SAState, p: Player, idx: int, weapon: str, content: Content) -> None:
    """Forge a weapon for a character. Source: "3. Scavenging" (note and example)."""
    cost, taps = weapon_cost(p, weapon, content)
    paid = pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    p.chars[idx].weapons.append(weapon)
    p.weapons_made += 1
    tell(st, p.seat, "forged", weapon=a_or_an(content.weapons[weapon].name),
         char=char_name(p.chars[idx].id, content), cost=paid_text(cost, paid))


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
    paid = pay(st, p, cost)
    for i in taps:
        p.chars[i].tapped = True
    ch = p.chars[idx]
    ch.wounds -= 1
    if med:
        p.med_used = True  # the token rests on the Medical Room until round end
    else:
        st.wound_pool += 1
    # the token leaves a card on the table for all to see; the herbs paid stay screened
    emit(st, "wound-removed", seat=p.seat, char=char_name(ch.id, content))
    tell(st, p.seat, "healed", char=char_name(ch.id, content), cost=paid_text(cost, paid))
    if st.scenario == 2 and ch.id == "florence" and ch.wounds == 0 and not st.ending:
        st.final_round = st.round
        st.ending = "1"
        emit(st, "florence-healed", round=st.round)


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
    tell(st, p.seat, "peeked", paid=f"{need} food" if need else "free",
         cards="; ".join(event_words(e, content) for e in st.event_deck[: p.peeked]))


# -- the Spend turn ----------------------------------------------------------------------------
_SPEND_VERBS = {"build": "build", "forge": "forge", "heal": "heal", "trade": "trade", "offer": "trade",
                "peek": "look at the Event cards"}
"""What the Spend question calls each kind of option (an offer to a player is a trade too)."""
_SPEND_QUESTIONS: dict[tuple[str, ...], str] = {}


def spend_question(options: list[Action]) -> str:
    """The Spend question naming only what is on offer: ``"Spend your cubes: build, forge,
    trade, or done?"`` (no "heal" when nobody can be healed); cached per list of verbs."""
    verbs = tuple(dict.fromkeys(_SPEND_VERBS[a.kind] for a in options if a.kind in _SPEND_VERBS))
    got = _SPEND_QUESTIONS.get(verbs)
    if got is None:
        got = _SPEND_QUESTIONS[verbs] = (f"Spend your cubes: {', '.join(verbs)}, or done?" if verbs
                                         else "Spend your cubes: nothing is on offer now, so done?")
    return got


@FLOW.decide(Spend)
def ask_spend(st: SAState, step: Spend) -> Decision:
    c = PACKS[st.content]
    p = st.players[step.seat]
    out: list[Action] = []
    total = sum(p.cubes)
    if total:
        _add_builds(out, p, c)
    takers = forge_takers(p, c, st.scenario)
    if takers:
        disc = forge_discounters(p, c)
        forge_on = p.standing.get("forge", 0) > 0
        ready = tuple((w, cube_text(cost) + forge_discount_words(w, disc, forge_on, c))
                      for w, cost in ready_weapons(p, c))
        if ready:
            out += _forge_actions(tuple((idx, p.chars[idx].id) for idx in takers), ready, c)
    heal = heal_options(st, p, c)
    if heal:
        herbs = heal_cost(p, c)[0]
        for idx in heal:
            out.append(_heal_action(idx, char_name(p.chars[idx].id, c), herbs))
    if can_trade(st, p, c):
        out.append(TRADE)
    if (st.players_n > 1 and p.offers < c.design.offers_per_round and total
            and has_built(p, "command-centre", c)
            and any(physical(p, i) for i in range(7))):  # a multiplied cube is not handed over
        out.extend(OFFERS[other] for other in range(st.players_n) if other != p.seat)
    if can_peek(st, p, c):
        cost = peek_cost(st, p, c)
        out.append(PEEKS.get(cost) or act("peek", None, f"Look at this round's Event cards ({cost} food)"))
    out.append(DONE)
    ask = spend_question(out)
    if st.round >= st.final_round and sum(p.cubes):
        ask += " Last round: cubes not stored next are lost (a kept cube scores 1)."
    return Decision(step.seat, "spend", tuple(out), ask)


def _spend_trade(st: SAState, p: Player, a: Action, c: Content) -> None:
    st.stack.append(TradeGive(seat=p.seat, left=trade_ratio(p, c)))


def _spend_offer(st: SAState, p: Player, a: Action, c: Content) -> None:
    p.offers += 1
    st.stack.append(OfferGive(seat=p.seat, to=a.value))


SPENDS: dict[str, Callable[[SAState, Player, Action, Content], None]] = {
    "build": lambda st, p, a, c: build(st, p, a.value, c),
    "forge": lambda st, p, a, c: forge(st, p, a.value[0], a.value[1], c),
    "heal": lambda st, p, a, c: heal(st, p, a.value, c),
    "peek": lambda st, p, a, c: peek(st, p, c),
    "trade": _spend_trade,
    "offer": _spend_offer,
}
"""What each Spend action does (``done`` ends the turn)."""


@resolve(Spend)
def spend(st: SAState, step: Spend, a: Action) -> None:
    if a.kind == "done":
        return
    again(st, step)  # the turn goes on; a trade or an offer is pushed on top of it
    SPENDS[a.kind](st, st.players[step.seat], a, PACKS[st.content])


# -- trading with the supply ------------------------------------------------------------------
@FLOW.decide(TradeGive)
def ask_trade_give(st: SAState, step: TradeGive) -> Decision:
    p = st.players[step.seat]
    options = tuple([a for a, n in zip(CUBE_ACTIONS["give"], p.cubes, strict=True) if n])
    prompt = GIVE_PROMPTS.get(step.left) or (
        f"Which cube do you give to the supply? ({step.left} still to give for the cube you want)")
    return Decision(step.seat, "trade-give", options, prompt)


@FLOW.resolve(TradeGive)
def trade_give(st: SAState, step: TradeGive, a: Action) -> None:
    to_bag(st, st.players[step.seat], CUBE_INDEX[a.value])
    left = step.left - 1
    st.stack.append(TradeGive(seat=step.seat, left=left) if left else TradeTake(seat=step.seat))


@FLOW.decide(TradeTake)
def ask_trade_take(st: SAState, step: TradeTake) -> Decision:
    """Every colour: the bag is hidden, so the options do not depend on what it holds."""
    return Decision(step.seat, "trade-take", CUBE_ACTIONS["take"], "Which cube do you take from the supply?")


@FLOW.resolve(TradeTake)
def trade_take(st: SAState, step: TradeTake, a: Action) -> None:
    """Take the cube asked for; if the bag has none of that colour the player gains nothing
    but may use a Resource Multiplier square, as for any gain the bag cannot give."""
    p = st.players[step.seat]
    got = take_cube(st, p, CUBE_INDEX[a.value])
    tell(st, p.seat, "traded" if got else "traded-nothing", cube=a.value)


# -- 1:1 offers (Command Centre) ----------------------------------------------------------------
@FLOW.decide(OfferGive)
def ask_offer_give(st: SAState, step: OfferGive) -> Decision:
    p = st.players[step.seat]
    options = tuple([CUBE_ACTIONS["give"][i] for i in range(7) if physical(p, i)])
    return Decision(step.seat, "offer-give", options, "Which cube do you offer?")


@FLOW.resolve(OfferGive)
def offer_give(st: SAState, step: OfferGive, a: Action) -> None:
    st.stack.append(OfferWant(seat=step.seat, to=step.to, give=CUBE_INDEX[a.value]))


@FLOW.decide(OfferWant)
def ask_offer_want(st: SAState, step: OfferWant) -> Decision:
    options = tuple([CUBE_ACTIONS["want"][i] for i in range(7) if i != step.give])
    return Decision(step.seat, "offer-want", options, "Which cube do you ask for?")


@FLOW.resolve(OfferWant)
def offer_want(st: SAState, step: OfferWant, a: Action) -> None:
    st.stack.append(OfferReply(seat=step.to, by=step.seat, give=step.give, want=CUBE_INDEX[a.value]))


@FLOW.decide(OfferReply)
def ask_offer_reply(st: SAState, step: OfferReply) -> Decision:
    me = st.players[step.seat]
    options = (ACCEPT, REFUSE) if physical(me, step.want) else (REFUSE,)
    prompt = (f"Seat {step.by} offers you a {CUBES[step.give]} cube for a {CUBES[step.want]} "
              "cube (a 1:1 trade): accept?")
    return Decision(step.seat, "offer-reply", options, prompt)


@FLOW.resolve(OfferReply)
def offer_reply(st: SAState, step: OfferReply, a: Action) -> None:
    me, them = st.players[step.seat], st.players[step.by]
    give, want = step.give, step.want
    if a.kind == "accept":
        them.cubes[give] -= 1
        me.cubes[give] += 1
        me.cubes[want] -= 1
        them.cubes[want] += 1
        # which cubes changed hands stays behind the two screens
        emit(st, "offer-accepted", by=them.seat, to=me.seat)
        tell(st, them.seat, "offer-gave", give=CUBES[give], to=me.seat, want=CUBES[want])
        tell(st, me.seat, "offer-took", give=CUBES[give], by=them.seat, want=CUBES[want])
    else:
        emit(st, "offer-refused", to=me.seat, by=them.seat)
