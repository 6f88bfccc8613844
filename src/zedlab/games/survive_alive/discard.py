"""Survive Alive, "2. Discard Resource Cubes": each player in turn stores cubes (Storage),
sets food aside for scavenging, may trade, and the rest goes back to the bag.

Source: Survive Alive rulebook, "2. Discard Resource Cubes", "Facilities" (Storage).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .content import CUBES, PACKS
from .rules import (
    CUBE_ACTIONS,
    CUBE_INDEX,
    DONE,
    FOOD,
    TRADE,
    act,
    can_trade,
    from_hand,
    storage_capacity,
    tell,
    trade_ratio,
)
from .state import Player, SAState
from .steps import FLOW, Discard, TradeGive

SET_ASIDE = act("scavenge-food", None, "Set a food aside for scavenging")


def discard_done(st: SAState, p: Player) -> None:
    """Cubes not stored (or set aside as food for scavenging) go back to the bag."""
    for i in range(7):
        st.bag[i] += p.cubes[i] - p.virt[i]  # unspent multiplied cubes are simply gone
        p.cubes[i] = p.kept[i]
        p.kept[i] = 0
        p.virt[i] = 0
    p.mult = 0


@FLOW.decide(Discard)
def ask_discard(st: SAState, step: Discard) -> Decision:
    """Always asked: whether a seat decides must not tell the others what it holds."""
    c = PACKS[st.content]
    p = st.players[step.seat]
    out = []
    if sum(p.kept) < storage_capacity(p, c):
        keep, cubes = CUBE_ACTIONS["keep"], p.cubes
        out = [keep[i] for i in range(7) if cubes[i] > 0]
    if p.cubes[FOOD] > 0:
        out.append(SET_ASIDE)
    if can_trade(st, p, c):
        out.append(TRADE)
    out.append(DONE)
    return Decision(step.seat, "discard", tuple(out), discard_prompt(st, p))


def discard_prompt(st: SAState, p: Player) -> str:
    """The Discard question; in the last round it warns that the cubes not stored or set
    aside now are lost, though each cube still held at the end would score 1 point.
    Source: "2. Discard Resource Cubes", "Victory and Scoring" (8. Resources cubes)."""
    ask = "Store a cube, set food aside for scavenging, or discard the rest?"
    held = sum(p.cubes)
    if st.round < st.final_round or held <= 0:
        return ask
    return (f"{ask} Last round: {held} cube{'s' if held != 1 else ''} not stored or set aside "
            "now will be lost (a kept cube scores 1).")


def _vanish(st: SAState, p: Player, i: int) -> None:
    """A multiplied cube that cannot be swapped for a real one (the bag has none of its
    colour) cannot be stored or set aside: it is discarded now, as it would be anyway."""
    p.virt[i] -= 1
    p.cubes[i] -= 1
    tell(st, p.seat, "multiplied-discarded", cube=CUBES[i])


@FLOW.resolve(Discard)
def discard(st: SAState, step: Discard, a: Action) -> None:
    """The options depend only on the player's own cubes (the bag is hidden): a multiplied
    cube the bag cannot swap for a real one is discarded instead of stored."""
    p = st.players[step.seat]
    if a.kind == "done":
        discard_done(st, p)
        return
    st.stack.append(step)  # the turn goes on
    if a.kind == "keep":
        i = CUBE_INDEX[a.value]
        if from_hand(st, p, i):
            p.kept[i] += 1
        else:
            _vanish(st, p, i)
    elif a.kind == "scavenge-food":
        if from_hand(st, p, FOOD):
            p.scav_food += 1
        else:
            _vanish(st, p, FOOD)
    else:  # trade
        st.stack.append(TradeGive(seat=p.seat, left=trade_ratio(p, PACKS[st.content])))
