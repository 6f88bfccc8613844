"""Survive Alive, the Resource Multiplier squares: when the bag cannot give a player the
cubes it should gain, the player may put a cube of its own on a free square, where it
counts as five (see :func:`~.rules.bag_short`, which pushes the offer).

Source: Survive Alive rulebook, "Card Anatomy" (Resource Multiplier).
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .rules import CUBE_ACTIONS, CUBE_INDEX, multiply, physical, tell
from .state import SAState
from .steps import FLOW, Multiplier, OfferMultiplier


@FLOW.auto(OfferMultiplier)
def offer(st: SAState, step: OfferMultiplier) -> None:
    """Asked when its turn comes, if the seat still holds a real cube to put there."""
    p = st.players[step.seat]
    if any(physical(p, i) for i in range(7)):
        st.stack.append(Multiplier(seat=step.seat))


@FLOW.decide(Multiplier)
def ask_multiplier(st: SAState, step: Multiplier) -> Decision:
    p = st.players[step.seat]
    options = tuple([CUBE_ACTIONS["multiply"][i] for i in range(7) if physical(p, i)])
    return Decision(step.seat, "multiplier", options,
                    "The bag is short: which cube goes on a Resource Multiplier square (counts as 5)?")


@FLOW.resolve(Multiplier)
def multiplied(st: SAState, step: Multiplier, a: Action) -> None:
    """Put a cube on a Resource Multiplier square: it now counts as 5 of its colour."""
    p = st.players[step.seat]
    multiply(st, p, CUBE_INDEX[a.value])
    tell(st, p.seat, "multiplied", cube=a.value)
