"""The Survivor Phase: activations from the First Player clockwise, the Actions on offer
(``LEGAL``/``START`` by name) and the choice of each (the Actions themselves are in
:mod:`.move`, :mod:`.attacks` and :mod:`.actions`).

Source: Here's Negan rulebook, "1. The Survivor Phase", "Actions", "Incapacitated
Survivors", "+1/-1 Action Tokens".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.flow import push

from .abilities import ability
from .actions import (
    ask,
    decides,
    held_with,
    legal_break_and_enter,
    legal_call_negan,
    legal_clear_the_way,
    legal_extinguish,
    legal_hold_your_nerve,
    legal_make_noise,
    legal_recover_stamina,
    legal_search,
    legal_secure,
    legal_swap_items,
    offers,
    printed,
    resolves,
    start_break_and_enter,
    start_call_negan,
    start_clear_the_way,
    start_extinguish,
    start_hold_your_nerve,
    start_make_noise,
    start_recover_stamina,
    start_search,
    start_secure,
    start_swap_items,
)
from .attacks import legal_fight, legal_shoot, start_fight, start_shoot
from .common import apply_effects, cx, emit, name
from .move import legal_move, start_move
from .scenarios import rules, scenario_actions, scenario_kinds
from .state import HNState
from .steps import FLOW, ChooseAction, ChooseSurvivor, NextAction, NextActivation
from .win import check as check_win

END = Action("end", None, "end this Survivor's activation")

ACTIONS = (
    "move", "run", "fight", "shoot", "hold-your-nerve", "search", "secure", "break-and-enter",
    "call-negan", "clear-the-way", "extinguish", "make-noise", "recover-stamina", "swap-items",
)
"""The Actions in the order they are offered; ``run`` is a Move (ruling HN-A03)."""
_CHEAP_FIRST = (
    "make-noise", "call-negan", "clear-the-way", "hold-your-nerve", "fight", "recover-stamina",
    "break-and-enter", "extinguish", "search", "secure", "shoot", "swap-items", "move", "run",
)
"""The same Actions, those quickest to check first: asking whether a Survivor has a choice
(:func:`.actions.ask`) stops at the second option found, and Make NOISE (legal whenever the
Survivor stands) usually settles it before Move's search of the board is needed."""
_KIND = {act: "move" if act == "run" else act for act in ACTIONS}
_OFFER = {act: Action("action", act, act.replace("-", " ")) for act in ACTIONS}
PLUS = Action("plus-token", None, "discard a +1 Action token: one more Action")

LEGAL: dict[str, Callable[[HNState, int], bool]] = {
    "move": legal_move, "run": legal_move, "fight": legal_fight, "shoot": legal_shoot,
    "hold-your-nerve": legal_hold_your_nerve, "search": legal_search, "secure": legal_secure,
    "break-and-enter": legal_break_and_enter, "call-negan": legal_call_negan,
    "clear-the-way": legal_clear_the_way, "extinguish": legal_extinguish,
    "make-noise": legal_make_noise, "recover-stamina": legal_recover_stamina,
    "swap-items": legal_swap_items,
}
START: dict[str, Callable[[HNState, int], None]] = {
    "move": start_move, "run": lambda st, i: start_move(st, i, run=True),
    "fight": start_fight, "shoot": start_shoot, "hold-your-nerve": start_hold_your_nerve,
    "search": start_search, "secure": start_secure, "break-and-enter": start_break_and_enter,
    "call-negan": start_call_negan, "clear-the-way": start_clear_the_way,
    "extinguish": start_extinguish, "make-noise": start_make_noise,
    "recover-stamina": start_recover_stamina, "swap-items": start_swap_items,
}


def kind_of(action_name: str) -> str:
    """The kind an Action counts as for the different-Actions rule: Run is a Move."""
    return "move" if action_name == "run" else action_name


def repeatable(state: HNState, i: int) -> frozenset[str]:
    """Actions Survivor ``i`` may take again in this activation without a +1 token: the
    scenario's (Scenario 5: Shoot), or every Action for a Survivor whose special rule allows
    it (Laura). Source: rulebook, "1. The Survivor Phase" (HN-R122); survivors.toml."""
    if ability(state, i).repeats_actions(state, i):
        return frozenset(ACTIONS) | frozenset(scenario_actions())
    return rules(state).repeatable(state, i)


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
    state.repeats = 0
    state.bonus.clear()
    if s.minus:
        s.minus -= 1
        state.actions -= 1
        emit(state, "minus-token", survivor=s.id)
    emit(state, "activation", survivor=s.id)
    push(state, NextAction(survivor=i))


def action_options(state: HNState, i: int) -> list[Action]:
    """What Survivor ``i`` may do now: every Action legal and not yet taken this activation
    (a +1 token's extra Action may repeat one), an Incapacitated Survivor only Recover
    Stamina; discarding a +1 Action token; discarding a card for its bonus; ending.

    Source: rulebook, "1. The Survivor Phase" (HN-R122), "Incapacitated Survivors"
    (HN-R127), "+1/-1 Action Tokens" (HN-R132); ruling HN-A03.
    """
    return list(_action_options(state, i))


def _action_options(state: HNState, i: int, order: tuple[str, ...] = ACTIONS) -> Iterator[Action]:
    """:func:`action_options` one at a time, the Actions in ``order`` (ending comes last)."""
    s = state.survivors[i]
    if state.actions > 0:
        special = rules(state)
        barred = special.forbidden(state, i)
        down = s.incapacitated
        taken = s.taken
        once = state.repeats <= 0
        # looked at only for an Action already taken, when no +1 token's repeat is due
        again = repeatable(state, i) if once and taken else frozenset()
        for act in order:
            if (down and act != "recover-stamina") or act in barred:
                continue
            if once and _KIND[act] in taken and act not in again:
                continue
            if LEGAL[act](state, i):
                yield _OFFER[act]
        yield from [a for a in special.extra_actions(state, i)
                    if (a.value not in s.taken or state.repeats > 0 or a.value in again)
                    and not s.incapacitated]
    if s.plus and (s.standing or LEGAL["recover-stamina"](state, i)):
        yield PLUS
    if s.in_play and s.damage:  # an Incapacitated Survivor may heal too (see the rulings)
        yield from [Action("use-card", c, f"discard {printed(state, c)} to restore Stamina")
                    for c in held_with(state, i, "heal")]
    if s.standing:
        yield from [Action("use-card", c, f"discard {printed(state, c)} for a +1 Action token")
                    for c in held_with(state, i, "extra-action")]
    yield END


@offers(ChooseAction)
def _choose_action_offers(state: HNState, step: ChooseAction) -> Iterator[Action]:
    return _action_options(state, step.survivor, _CHEAP_FIRST)


@FLOW.auto(NextAction)
def next_action(state: HNState, step: NextAction) -> None:
    """The activation goes on while the Survivor has Actions (or a +1 token) left and stays
    in play; otherwise it ends by itself."""
    # an Action may have met the last Win Condition (a room secured...; ruling HN-A51)
    check_win(state)
    if state.result:
        return
    s = state.survivors[step.survivor]
    if not s.in_play or (state.actions <= 0 and not s.plus):
        end_activation(state, step.survivor)
        return
    ask(state, ChooseAction(survivor=step.survivor))


def end_activation(state: HNState, i: int) -> None:
    state.active = -1
    state.actions = 0
    state.repeats = 0
    state.bonus.clear()
    emit(state, "activation-ended", survivor=state.survivors[i].id)


@decides(ChooseAction)
def ask_action(state: HNState, step: ChooseAction) -> Decision:
    return Decision(state.survivors[step.survivor].seat, "choose-action",
                    tuple(action_options(state, step.survivor)),
                    f"{name(state, step.survivor)}: which Action?")


@resolves(ChooseAction)
def choose_action(state: HNState, step: ChooseAction, action: Action) -> None:
    """Play the chosen Action (its decisions come on top; the next choice waits below)."""
    i = step.survivor
    s = state.survivors[i]
    if action.kind == "end":
        end_activation(state, i)
        return
    push(state, NextAction(survivor=i))
    if action.kind == "plus-token":
        s.plus -= 1
        state.actions += 1
        state.repeats += 1
        emit(state, "plus-token", survivor=s.id)
        return
    if action.kind == "use-card":
        c = cx(state)
        s.cards.remove(action.value)
        state.discards["supply"].append(action.value)
        emit(state, "card-used", survivor=s.id, card=action.value)
        apply_effects(state, c.supply[action.value].effects, who=i, source=s.space)
        return
    act = action.value
    if kind_of(act) in s.taken and act not in repeatable(state, i):
        state.repeats -= 1
    else:
        s.taken.append(kind_of(act))
    state.actions -= 1
    emit(state, "action", survivor=s.id, action=act)
    if act in START:
        START[act](state, i)
    else:
        rules(state).take_action(state, i, act)


def families(board_size: int, content: object) -> list[tuple[str, object]]:
    """The Survivor Phase's actions for the catalogue: spaces and doors by board index,
    cards and weapons by id."""
    c: Any = content
    spaces = list(range(board_size))
    weapons = sorted(set(c.weapons) | {k for k, v in c.supply.items() if v.kind == "weapon"})
    cards = sorted(c.supply)
    survivors = sorted(c.survivors)
    holdable = sorted(set(cards) | set(weapons))
    return [
        ("action", list(ACTIONS) + scenario_actions()), ("plus-token", [None]), ("use-card", cards), ("end", [None]),
        ("step", spaces), ("open-door", spaces), ("jump", spaces), ("stop", [None]),
        ("weapon", weapons), ("target", spaces), ("discard-bonus", cards),
        ("supply-token", spaces), ("equip", [0, 1]), ("keep", [None]), ("keep-card", cards),
        ("break", spaces), ("extinguish", spaces), ("negan-to", spaces),
        ("swap-equip", [(w, k) for w in weapons for k in (0, 1)]),
        ("swap-give", [(x, w) for x in survivors for w in holdable]),
        ("swap-take", [(x, w) for x in survivors for w in holdable]),
        ("swap-done", [None]),
    ] + [(k, spaces) for k in scenario_kinds()]
