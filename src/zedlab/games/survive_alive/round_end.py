"""Survive Alive, "5. Round End": First player first, each player gains its income
(gardens, Radio, abilities), feeds its characters (trading first if it likes) and loses
cubes for the needs left unmet; then the Leader card is settled, the table cleaned up and
the next round begins.

Source: Survive Alive rulebook, "5. Round End" 1-11, "Character Abilities", "Objective Cards".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .content import PACKS, Content
from .objectives import auto, check_leader, resolve
from .rules import (
    CUBE_ACTIONS,
    CUBE_INDEX,
    FOOD,
    HERB,
    TRADE,
    ability_on,
    act,
    can_trade,
    cube_text,
    draw_cubes,
    has_built,
    take_cube,
    to_bag,
    trade_ratio,
)
from .setup import start_round
from .state import Character, Player, SAState
from .steps import FLOW, Cleanup, Feed, LoseCube, RoundEnd, TradeGive


def round_income(st: SAState, p: Player, content: Content) -> None:
    """Gardens, the Radio's 3 cubes, and per-round abilities (Alan, Florence, Bruce, JoJo).
    Source: "5. Round End" 1, "Character Abilities"."""
    before = list(p.cubes)
    _income(st, p, content)
    gained = [a - b for a, b in zip(p.cubes, before, strict=True)]
    if any(gained):  # screens are down at Round End: the cubes are public
        emit(st, "income", seat=p.seat, cubes=cube_text(gained))


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
        emit(st, "fed", seat=p.seat, fed=k, of=n)
    needs_bath = n - (1 if st.scenario == 2 and any(ch.id == "florence" for ch in group) else 0)
    lacks = (max(0, needs_bath - has_built(p, "bathroom", content))
             + max(0, n - has_built(p, "bed", content)) + (n - k))
    if n and lacks == 0:
        if p.morale < 5:
            p.morale += 1
        emit(st, "morale", seat=p.seat)
    return max(0, lacks - n)


def round_cleanup(st: SAState, content: Content) -> None:
    """Steps 6-11: medical tokens back, reshuffle the Event cards, next round, untap,
    screens up, First player moves clockwise (:func:`~.setup.start_round`, called next,
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


# -- the steps ---------------------------------------------------------------------------------
@auto(RoundEnd)
def round_end(st: SAState, step: RoundEnd) -> None:
    """Income, then the Feed decision (under any Multiplier decision the income pushed),
    unless there is nothing to choose."""
    content = PACKS[st.content]
    p = st.players[step.seat]
    at = len(st.stack)
    round_income(st, p, content)
    if upkeep(p) and (feed_limit(p, content) > 0 or can_trade(st, p, content) or len(st.stack) > at):
        st.stack.insert(at, Feed(seat=p.seat))
    else:
        after_feed(st, p, 0, content)


def after_feed(st: SAState, p: Player, k: int, content: Content) -> None:
    loss = feed(st, p, k, content)
    if loss and sum(p.cubes):
        st.stack.append(LoseCube(seat=p.seat, left=loss))


def feed_label(k: int) -> str:
    """``0`` -> ``"Feed nobody"``, ``1`` -> ``"Feed 1 character"``, ``3`` -> ``"Feed 3 characters"``."""
    return "Feed nobody" if k == 0 else f"Feed {k} character{'' if k == 1 else 's'}"


_FEEDS: list[Action] = []
"""Feed Actions by count (grown as needed)."""


@FLOW.decide(Feed)
def ask_feed(st: SAState, step: Feed) -> Decision:
    """How many to feed, listed 1, 2, ... up to what the food allows and then nobody (so
    a front end numbering the options in order gives "feed k" the key k every round), and
    trading last."""
    c = PACKS[st.content]
    p = st.players[step.seat]
    limit = feed_limit(p, c)
    while len(_FEEDS) <= limit:
        _FEEDS.append(act("feed", len(_FEEDS), feed_label(len(_FEEDS))))
    out = [*_FEEDS[1 : limit + 1], _FEEDS[0]]
    if can_trade(st, p, c):
        out.append(TRADE)
    return Decision(step.seat, "feed", tuple(out), "How many characters do you feed (1 food each)?")


@resolve(Feed)
def feeding(st: SAState, step: Feed, a: Action) -> None:
    c = PACKS[st.content]
    p = st.players[step.seat]
    if a.kind == "trade":  # trading is allowed on the player's turn (e.g. for food)
        st.stack.append(step)
        st.stack.append(TradeGive(seat=p.seat, left=trade_ratio(p, c)))
        return
    after_feed(st, p, a.value, c)


LOSE_PROMPTS = {n: ("Your characters went without a bath, bed or food this round: which cube do "
                    f"you lose? ({n} still to lose)") for n in range(1, 20)}


@FLOW.decide(LoseCube)
def ask_lose(st: SAState, step: LoseCube) -> Decision:
    p = st.players[step.seat]
    options = tuple([a for a, n in zip(CUBE_ACTIONS["lose"], p.cubes, strict=True) if n])
    prompt = LOSE_PROMPTS.get(step.left) or (
        "Your characters went without a bath, bed or food this round: which cube do "
        f"you lose? ({step.left} still to lose)")
    return Decision(step.seat, "lose-cube", options, prompt)


@FLOW.resolve(LoseCube)
def lose_cube(st: SAState, step: LoseCube, a: Action) -> None:
    p = st.players[step.seat]
    to_bag(st, p, CUBE_INDEX[a.value])
    emit(st, "cube-lost", seat=p.seat, cube=a.value)
    if step.left > 1 and sum(p.cubes):
        st.stack.append(LoseCube(seat=step.seat, left=step.left - 1))


@auto(Cleanup)
def cleanup(st: SAState, step: Cleanup) -> None:
    content = PACKS[st.content]
    check_leader(st, content)
    round_cleanup(st, content)
    start_round(st, len(st.stack))
