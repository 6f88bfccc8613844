"""Managing resources: moves, swaps and trades between trackers.

Source: If I'm Going Down... rulebook, "Manage Resources" (Move, Swap, Trade Resources).
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .board import (
    BODY,
    GROUND,
    HAND,
    WHERE_NAMES,
    card_action,
    cname,
    fname,
    free_ground,
    layout,
    locate,
    own_cards,
    put,
    remove_from_tracker,
    shared_cards,
    tracker,
)
from .state import IGDState
from .steps import FLOW, ManageDest, ManagePick, TradeAccept

MANAGE_DONE = Action("manage-done", None, "Done managing")
ACCEPT = Action("trade", True, "Agree to the trade")
DECLINE = Action("trade", False, "Refuse the trade")


def owner(s: IGDState, where: int, seat: int) -> int:
    """Seat controlling a tracker; -1 for shared (Ground, dead characters' trackers)."""
    if where == GROUND or not s.chars[seat].alive:
        return -1
    return seat


def trade_ok(s: IGDState, p: int, q: int) -> bool:
    """No Zombie in a common space between the two characters (Source: "Trade Resources"),
    and ``q`` has not refused a trade ``p`` proposed this Player Phase (a ruling: a refused
    trade gives the action back, so it is not proposed again, see
    docs/rulings/if-im-going-down.md)."""
    if s.chars[p].refused & (1 << q):
        return False
    lay = layout(s)
    a, b = s.chars[p].space, s.chars[q].space
    for sp in lay.adjacent[a]:
        if s.spaces[sp] >= 0 and sp in lay.adjacent[b]:
            return False
    return True


def reachable(s: IGDState, p: int) -> list[tuple[int, int]]:
    """Trackers ``p`` may move cards to or from: own, shared, tradable partners'."""
    out = [(HAND, p), (BODY, p), (GROUND, -1)]
    for c in s.chars:
        if c.seat == p:
            continue
        if not c.alive:
            out.append((HAND, c.seat))
            out.append((BODY, c.seat))
        elif trade_ok(s, p, c.seat):
            out.append((HAND, c.seat))
            out.append((BODY, c.seat))
    return out


def _group(s: IGDState, where: int, seat: int) -> tuple[int, int]:
    return (GROUND, -1) if owner(s, where, seat) < 0 else (where, seat)


MOVE_TO_GROUND = Action("move-to", (GROUND, -1), "Move to the Ground")
# Built once per (tracker, seat, character, content pack): the label names the character.
_MOVE_TO: dict[tuple[int, int, int, str], Action] = {}


def manage_dests(s: IGDState, p: int, f: int, moves_done: int) -> list[Action]:
    """Moves to an empty space of another tracker, and (as a whole action) swaps.

    Every move or swap involves a tracker of the acting player; one of another living
    player's trackers makes it a Trade. Source: rulebook, "Manage Resources".
    """
    w0, s0, _ = locate(s, f)
    o0 = owner(s, w0, s0)
    src = _group(s, w0, s0)
    opts = []
    trackers = [
        (where, seat) for where, seat in reachable(s, p)
        if (o0 == p or owner(s, where, seat) == p) and _group(s, where, seat) != src
    ]
    seen_ground = False
    for where, seat in trackers:
        if owner(s, where, seat) < 0:
            if seen_ground:
                continue
            seen_ground = True
            if free_ground(s)[0] >= 0:
                opts.append(MOVE_TO_GROUND)
        elif -1 in tracker(s, where, seat):
            key = (where, seat, s.chars[seat].char, s.content)
            a = _MOVE_TO.get(key)
            if a is None:
                a = _MOVE_TO[key] = Action(
                    "move-to", (where, seat), f"Move to {cname(s, seat)}'s {WHERE_NAMES[where]}"
                )
            opts.append(a)
    if moves_done == 0:
        seen_ground = False
        for where, seat in trackers:
            if owner(s, where, seat) < 0:
                if seen_ground:
                    continue
                seen_ground = True
                cards = shared_cards(s)
            else:
                cards = [g for g in tracker(s, where, seat) if g >= 0]
            opts.extend(card_action(s, "swap", g, "Swap with the {name}") for g in cards)
    return opts


def can_manage(s: IGDState, p: int) -> bool:
    """Some move or swap exists: a card of your own always has one (the other tracker of
    yours either has room or a card to swap with); a shared or tradable card can come to
    your empty trackers."""
    c = s.chars[p]
    for f in c.hands:
        if f >= 0:
            return True
    for f in c.body:
        if f >= 0:
            return True
    if shared_cards(s):
        return True
    return any(
        q.alive and q.seat != p and own_cards(q) and trade_ok(s, p, q.seat) for q in s.chars
    )


def manage_picks(s: IGDState, p: int, moves_done: int) -> list[int]:
    """Cards with at least one move or swap for ``p`` (see :func:`can_manage`)."""
    if moves_done == 0:
        own = own_cards(s.chars[p])
        others = shared_cards(s)
        for c in s.chars:
            if c.alive and c.seat != p and trade_ok(s, p, c.seat):
                others.extend(own_cards(c))
        me = s.chars[p]
        room = bool(own) or -1 in me.hands or -1 in me.body
        return own + others if room else own
    cards = own_cards(s.chars[p]) + shared_cards(s)
    for c in s.chars:
        if c.alive and c.seat != p and trade_ok(s, p, c.seat):
            cards.extend(own_cards(c))
    return [f for f in cards if manage_dests(s, p, f, moves_done)]


@FLOW.decide(ManagePick)
def ask_manage_pick(s: IGDState, step: ManagePick) -> Decision:
    opts = [card_action(s, "pick", f, "Move the {name}") for f in manage_picks(s, step.seat, step.moves)]
    if step.moves > 0 or not opts:
        opts.append(MANAGE_DONE)
    return Decision(step.seat, "manage-pick", tuple(opts), "Manage: which resource do you move?")


@FLOW.resolve(ManagePick)
def manage_pick(s: IGDState, step: ManagePick, action: Action) -> None:
    if action.kind == "pick":
        s.stack.append(ManageDest(seat=step.seat, card=action.value, moves=step.moves))


@FLOW.decide(ManageDest)
def ask_manage_dest(s: IGDState, step: ManageDest) -> Decision:
    return Decision(step.seat, "manage-dest", tuple(manage_dests(s, step.seat, step.card, step.moves)),
                    "Manage: where does it go?")


def _partner(s: IGDState, p: int, f: int, action: Action) -> int:
    w0, s0, _ = locate(s, f)
    owners = [owner(s, w0, s0)]
    if action.kind == "move-to":
        owners.append(owner(s, *action.value))
    else:
        w1, s1, _ = locate(s, action.value)
        owners.append(owner(s, w1, s1))
    for o in owners:
        if o >= 0 and o != p:
            return o
    return -1


def do_manage(s: IGDState, p: int, f: int, kind: str, value: Any) -> None:
    """Carry out a move or swap (Uses stay aligned: they belong to the card)."""
    if kind == "move-to":
        where, seat = int(value[0]), int(value[1])
        remove_from_tracker(s, f)
        put(s, f, where, seat)
        emit(s, "moves", turn=s.turn, seat=p, character=cname(s, p), card=f, name=fname(s, f))
    else:
        g = int(value)
        w0, s0, i0 = locate(s, f)
        w1, s1, i1 = locate(s, g)
        tracker(s, w0, s0)[i0] = g
        tracker(s, w1, s1)[i1] = f
        emit(s, "swaps", turn=s.turn, seat=p, character=cname(s, p), card=f, name=fname(s, f), other=g, other_name=fname(s, g))


@FLOW.resolve(ManageDest)
def manage_dest(s: IGDState, step: ManageDest, action: Action) -> None:
    p, f, moves = step.seat, step.card, step.moves
    partner = _partner(s, p, f, action)
    if action.kind == "move-to" and moves + 1 < 2:
        s.stack.append(ManagePick(seat=p, moves=moves + 1))
    if partner >= 0:
        if action.kind == "move-to":
            where, whose = action.value
            s.stack.append(TradeAccept(seat=partner, card=f, proposer=p, moves=moves, where=where, whose=whose))
        else:
            s.stack.append(TradeAccept(seat=partner, card=f, proposer=p, moves=moves, swap=action.value))
        return
    do_manage(s, p, f, action.kind, action.value)


@FLOW.decide(TradeAccept)
def ask_trade(s: IGDState, step: TradeAccept) -> Decision:
    """Whoever the card goes to (or comes from) agrees or not; the question names the
    trade. Source: "Manage Resources" (trading)."""
    who, card = cname(s, step.proposer), fname(s, step.card)
    if step.swap < 0:
        dest = WHERE_NAMES[step.where]
        what = f"move {card} to " + (f"{cname(s, step.whose)}'s {dest}" if step.whose >= 0 else f"the {dest}")
    else:
        what = f"swap {card} for {fname(s, step.swap)}"
    return Decision(step.seat, "trade-accept", (ACCEPT, DECLINE),
                    f"{who} proposes a trade: {what}. Do you agree?")


@FLOW.resolve(TradeAccept)
def trade_accept(s: IGDState, step: TradeAccept, action: Action) -> None:
    f, p = step.card, step.proposer
    if action.value:
        if step.swap < 0:
            do_manage(s, p, f, "move-to", (step.where, step.whose))
        else:
            do_manage(s, p, f, "swap", step.swap)
        return
    emit(s, "trade-refused", turn=s.turn, seat=step.seat, character=cname(s, step.seat))
    s.chars[p].refused |= 1 << step.seat
    if step.moves == 0:
        # Nothing was managed: the action is given back.
        s.chars[p].actions += 1
        top = s.stack[-1] if s.stack else None
        if isinstance(top, ManagePick) and top.seat == p:
            s.stack.pop()

