"""Pig with a bonus deck: a tiny test game for the core, the flow engine and the
conformance suite.

Each turn the player first chooses to roll one or two dice per roll, or to pass (no chance:
undoable), then rolls or holds. A 1 on any die loses the turn total. Holding banks the turn
total plus the top card of a face-down bonus deck (hidden information). First to the target
wins; after ``rounds`` rounds the highest score wins (ties share). A turn has at most
``MAX_ROLLS`` rolls: then the turn total is banked as if held. So every policy ends.

It is also the smallest example of a game on the flow engine: steps, events, an action
catalogue and a bound on decisions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from zedlab.core import RNG, Action, BaseConfig, BaseGame, Decision, Outcome
from zedlab.core.events import Event, EventText, emit
from zedlab.core.flow import Flow, Step, push

ONE_DIE = Action("dice", 1, "Roll one die per roll")
TWO_DICE = Action("dice", 2, "Roll two dice per roll")
ROLL = Action("roll", None, "Roll")
HOLD = Action("hold", None, "Hold and draw a bonus card")
PASS = Action("pass", None, "Pass the turn")
BONUS_DECK = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3]
MAX_ROLLS = 5


class PigConfig(BaseConfig):
    players: int = Field(default=2, ge=1, le=4)
    target: int = Field(default=30, ge=5, le=200)
    rounds: int = Field(default=30, ge=1, le=200, description="Rounds before the highest score wins.")


class ChooseDice(Step):
    """The seat chooses one or two dice per roll, or passes."""

    seat: int


class RollOrHold(Step):
    """The seat rolls again or holds."""

    seat: int
    rolls: int = 0


class EndTurn(Step):
    """The turn passes to the next seat (a new round after the last)."""

    seat: int


PigStep = ChooseDice | RollOrHold | EndTurn


@dataclass(slots=True)
class PigState:
    rng: RNG
    target: int
    rounds: int
    scores: list[int]
    dice: int = 0
    turn_total: int = 0
    round: int = 1
    bonus_deck: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    stack: list[PigStep] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    seq: int = 0

    @property
    def current(self) -> int:
        top = self.stack[-1] if self.stack else None
        return top.seat if top is not None else 0


TEXT = EventText({
    "roll": "seat {seat} rolled {faces}",
    "hold": "seat {seat} holds {total} and draws a bonus of {bonus}",
    "pass": "seat {seat} passes",
    "bust": "seat {seat} loses the turn total",
    "end": "{reason}",
})


class Pig(BaseGame[PigState]):
    name = "pig"
    title = "Pig"
    rules_version = 2
    Config = PigConfig
    State = PigState
    event_texts = TEXT
    help = {"roll-or-hold": ("Pig, 'Turn'", "Roll to add to the turn total; a 1 loses it.")}

    def __init__(self) -> None:
        # Bound to methods so the broken variants below can override one rule each.
        flow = self.flow = Flow(self.name)  # type: ignore[misc]
        flow.decide(ChooseDice)(self.ask_dice)
        flow.resolve(ChooseDice)(self.choose_dice)
        flow.decide(RollOrHold)(self.ask_roll)
        flow.resolve(RollOrHold)(self.roll_or_hold)
        flow.auto(EndTurn)(self.end_turn)
        flow.check([ChooseDice, RollOrHold, EndTurn])

    def new(self, config: Any, seed: int) -> PigState:
        rng = RNG.from_seed(seed)
        deck = list(BONUS_DECK)
        rng.shuffle(deck)
        state = PigState(
            rng=rng,
            target=config.target,
            rounds=config.rounds,
            scores=[0] * config.players,
            bonus_deck=deck,
        )
        push(state, ChooseDice(seat=0))
        self.flow.run(state)
        return state

    # -- the flow -------------------------------------------------------------------------
    def ask_dice(self, state: PigState, step: ChooseDice) -> Decision:
        return Decision(step.seat, "choose-dice", (ONE_DIE, TWO_DICE, PASS), "How many dice?")

    def choose_dice(self, state: PigState, step: ChooseDice, action: Action) -> None:
        if action.kind == "pass":
            emit(state, "pass", seat=step.seat)
            push(state, EndTurn(seat=step.seat))
        else:
            state.dice = action.value
            push(state, RollOrHold(seat=step.seat))

    def ask_roll(self, state: PigState, step: RollOrHold) -> Decision:
        options = (ROLL, HOLD) if state.turn_total else (ROLL,)
        return Decision(step.seat, "roll-or-hold", options, "Roll or hold?")

    def roll_or_hold(self, state: PigState, step: RollOrHold, action: Action) -> None:
        if action.kind == "hold":
            self.hold(state, step.seat)
            return
        self.roll(state, step.seat)
        if state.turn_total == 0:
            push(state, EndTurn(seat=step.seat))
        elif step.rolls + 1 >= MAX_ROLLS:
            self.hold(state, step.seat)
        else:
            push(state, RollOrHold(seat=step.seat, rolls=step.rolls + 1))

    def roll(self, state: PigState, seat: int) -> None:
        faces = [state.rng.d6() for _ in range(state.dice)]
        emit(state, "roll", seat=seat, faces=faces)
        if 1 in faces:
            emit(state, "bust", seat=seat)
            state.turn_total = 0
        else:
            state.turn_total += sum(faces)

    def hold(self, state: PigState, seat: int) -> None:
        bonus = state.bonus_deck.pop(0) if state.bonus_deck else 0
        if state.bonus_deck or bonus:
            state.rng.note_reveal()
        emit(state, "hold", seat=seat, total=state.turn_total, bonus=bonus)
        state.scores[seat] += state.turn_total + bonus
        if state.scores[seat] >= state.target:
            state.winners = [seat]
            emit(state, "end", reason=f"seat {seat} reached the target")
            return
        push(state, EndTurn(seat=seat))

    def end_turn(self, state: PigState, step: EndTurn) -> None:
        state.turn_total = 0
        state.dice = 0
        nxt = (step.seat + 1) % len(state.scores)
        if nxt == 0:
            state.round += 1
            if state.round > state.rounds:
                best = max(state.scores)
                state.winners = [i for i, s in enumerate(state.scores) if s == best]
                emit(state, "end", reason="the last round is over")
                return
        push(state, ChooseDice(seat=nxt))

    # -- interface ------------------------------------------------------------------------
    def view(self, state: PigState, player: int | None) -> dict[str, Any]:
        return {
            "public": {
                "scores": list(state.scores),
                "current": state.current,
                "dice": state.dice,
                "turn_total": state.turn_total,
                "round": state.round,
                "bonus_cards_left": len(state.bonus_deck),
            },
            "private": {},
        }

    def outcome(self, state: PigState) -> Outcome | None:
        if not state.winners:
            return None
        reason = "target reached" if max(state.scores) >= state.target else "last round over"
        return Outcome(tuple(float(s) for s in state.scores), tuple(state.winners), None, reason)

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        return [("dice", (1, 2)), ("roll", (None,)), ("hold", (None,)), ("pass", (None,))]

    def max_decisions(self, config: Any, content: Any = None) -> int:
        # per turn: the dice choice, then at most MAX_ROLLS roll-or-hold decisions
        return config.rounds * config.players * (1 + MAX_ROLLS)

    def determinize(self, state: PigState, player: int, rng: RNG) -> PigState:
        copy = self.clone(state)
        copy.rng = rng.spawn()
        copy.rng.permute(copy.bonus_deck)
        return copy

    def invariants(self, state: PigState) -> list[str]:
        problems = []
        if any(s < 0 for s in state.scores):
            problems.append("a score is negative")
        if len(state.bonus_deck) > len(BONUS_DECK):
            problems.append("the bonus deck grew")
        return problems


# -- deliberately broken variants, each must fail the named conformance check --------------


class NonDeterministicPig(Pig):
    """Uses the global random module: replays diverge."""

    def roll(self, state: PigState, seat: int) -> None:
        faces = [random.randint(1, 6) for _ in range(state.dice)]
        if 1 in faces:
            state.turn_total = 0
        else:
            state.turn_total += sum(faces)


class LossyPig(Pig):
    """Its decoder forgets the turn total: the state does not round-trip."""

    def decode(self, data: bytes) -> PigState:
        state = super().decode(data)
        state.turn_total = 0
        return state


class LeakyPig(Pig):
    """Its view shows the order of the face-down bonus deck."""

    def view(self, state: PigState, player: int | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["public"]["bonus_deck"] = list(state.bonus_deck)
        return view


class MutatingPig(Pig):
    """Changes the state before it notices the action is illegal."""

    def apply(self, state: PigState, action: Action, *, trusted: bool = False) -> None:
        state.dice = 7
        super().apply(state, action, trusted=trusted)


class CheatingInvariantPig(Pig):
    """Lets scores go negative when a 1 is rolled; its invariant catches it."""

    def end_turn(self, state: PigState, step: EndTurn) -> None:
        state.scores[step.seat] -= 100
        super().end_turn(state, step)


class EndlessPig(Pig):
    """Offers "think again" first when rolling: a first-option policy never ends a turn."""

    RETHINK = Action("rethink", None, "Choose the dice again")

    def ask_roll(self, state: PigState, step: RollOrHold) -> Decision:
        d = super().ask_roll(state, step)
        return d._replace(options=(self.RETHINK, *d.options))

    def roll_or_hold(self, state: PigState, step: RollOrHold, action: Action) -> None:
        if action.kind == "rethink":
            push(state, ChooseDice(seat=step.seat))
        else:
            super().roll_or_hold(state, step, action)

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        return [*super().action_families(config), ("rethink", (None,))]


class PeekingPig(Pig):
    """Offers Hold only when the next bonus card is good: the options tell the hidden deck."""

    def ask_roll(self, state: PigState, step: RollOrHold) -> Decision:
        d = super().ask_roll(state, step)
        if state.bonus_deck and state.bonus_deck[0] == 0:
            return d._replace(options=(ROLL,))
        return d


class UncataloguedPig(Pig):
    """Its action catalogue forgets Pass."""

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        return [f for f in super().action_families(config) if f[0] != "pass"]


class GossipPig(Pig):
    """Tells everyone the next bonus card whenever someone rolls: its events leak."""

    def roll(self, state: PigState, seat: int) -> None:
        super().roll(state, seat)
        if state.bonus_deck:
            emit(state, "end", reason=f"next bonus {state.bonus_deck[0]}")


pig = Pig()
