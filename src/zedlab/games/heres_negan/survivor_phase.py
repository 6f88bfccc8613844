"""The Survivor Phase: activations from the First Player clockwise, and the Actions.

Source: Here's Negan rulebook, "1. The Survivor Phase", "Actions".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .common import name
from .state import HNState
from .steps import (
    FLOW,
    CallNeganMove,
    ChooseAction,
    ChooseSurvivor,
    ChooseTarget,
    Moving,
    NextActivation,
)

END = Action("end", None, "end this Survivor's activation")


def to_activate(state: HNState, seat: int) -> list[int]:
    """The seat's Survivors in play that have not activated this round."""
    return [i for i, s in enumerate(state.survivors)
            if s.seat == seat and s.in_play and not s.activated]


@FLOW.auto(NextActivation)
def next_activation(state: HNState, step: NextActivation) -> None:
    """Each player in turn, clockwise from the First Player, activates one of their Survivors;
    round the table until every Survivor able to act has acted (ruling HN-A04).

    Source: Here's Negan rulebook, "1. The Survivor Phase".
    """
    seat = step.seat % state.players
    if step.passes >= state.players:
        state.active = -1
        state.phase = "walker"
        return
    mine = to_activate(state, seat)
    if not mine:
        push(state, NextActivation(seat=seat + 1, passes=step.passes + 1))
        return
    push(state, NextActivation(seat=seat + 1))
    if len(mine) == 1:
        activate(state, mine[0])
    else:
        push(state, ChooseSurvivor(seat=seat))


@FLOW.decide(ChooseSurvivor)
def ask_survivor(state: HNState, step: ChooseSurvivor) -> Decision:
    options = tuple(Action("activate", state.survivors[i].id, f"activate {name(state, i)}")
                    for i in to_activate(state, step.seat))
    return Decision(step.seat, "choose-survivor", options, "Which Survivor acts now?")


@FLOW.resolve(ChooseSurvivor)
def choose_survivor(state: HNState, step: ChooseSurvivor, action: Action) -> None:
    i = next(k for k, s in enumerate(state.survivors) if s.id == action.value)
    activate(state, i)


def activate(state: HNState, i: int) -> None:
    """Survivor ``i`` takes its activation: two different Actions (a -1 Action token is
    discarded in place of one). Source: rulebook, "1. The Survivor Phase", "+1/-1 Action
    Tokens"."""
    s = state.survivors[i]
    s.activated = True
    s.taken.clear()
    s.jump_failed = False
    state.active = i
    state.actions = 2
    if s.minus:
        s.minus -= 1
        state.actions -= 1
        emit(state, "minus-token", survivor=s.id)
    emit(state, "activation", survivor=s.id)
    push(state, ChooseAction(survivor=i))


@FLOW.decide(ChooseAction)
def ask_action(state: HNState, step: ChooseAction) -> Decision:
    return Decision(state.survivors[step.survivor].seat, "choose-action", (END,),
                    f"{name(state, step.survivor)}: which Action?")


@FLOW.resolve(ChooseAction)
def choose_action(state: HNState, step: ChooseAction, action: Action) -> None:
    state.active = -1


STOP = Action("stop", None, "stop")


@FLOW.decide(Moving)
def ask_move(state: HNState, step: Moving) -> Decision:
    return Decision(state.survivors[step.survivor].seat, "move", (STOP,), "Move")


@FLOW.resolve(Moving)
def move(state: HNState, step: Moving, action: Action) -> None:
    return


@FLOW.decide(ChooseTarget)
def ask_target(state: HNState, step: ChooseTarget) -> Decision:
    return Decision(state.survivors[step.survivor].seat, step.kind, (STOP,), "Target")


@FLOW.resolve(ChooseTarget)
def target(state: HNState, step: ChooseTarget, action: Action) -> None:
    return


@FLOW.decide(CallNeganMove)
def ask_call(state: HNState, step: CallNeganMove) -> Decision:
    return Decision(state.survivors[step.survivor].seat, "call-negan", (STOP,), "Call Negan")


@FLOW.resolve(CallNeganMove)
def call(state: HNState, step: CallNeganMove, action: Action) -> None:
    return


def families(board_size: int, content: object) -> list[tuple[str, object]]:
    """The Survivor Phase's actions for the catalogue."""
    return [("end", [None]), ("stop", [None])]
