"""Pig with a bonus deck: a tiny test game for the core and the conformance suite.

Each turn the player first chooses to roll one or two dice per roll, or to pass (no chance:
undoable),
then rolls or holds. A 1 on any die loses the turn total. Holding banks the turn total plus
the top card of a face-down bonus deck (hidden information). First to the target wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from zedlab.core import RNG, Action, BaseConfig, BaseGame, Decision, Outcome

ONE_DIE = Action("dice", 1, "Roll one die per roll")
TWO_DICE = Action("dice", 2, "Roll two dice per roll")
ROLL = Action("roll", None, "Roll")
HOLD = Action("hold", None, "Hold and draw a bonus card")
PASS = Action("pass", None, "Pass the turn")
BONUS_DECK = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3]


class PigConfig(BaseConfig):
    players: int = Field(default=2, ge=1, le=4)
    target: int = Field(default=30, ge=5, le=200)


@dataclass(slots=True)
class PigState:
    rng: RNG
    target: int
    scores: list[int]
    current: int = 0
    dice: int = 0
    turn_total: int = 0
    bonus_deck: list[int] = field(default_factory=list)
    winner: int = -1
    log: list[str] = field(default_factory=list)


class Pig(BaseGame[PigState]):
    name = "pig"
    title = "Pig"
    rules_version = 1
    Config = PigConfig
    State = PigState
    help = {"roll-or-hold": ("Pig, 'Turn'", "Roll to add to the turn total; a 1 loses it.")}

    def new(self, config: Any, seed: int) -> PigState:
        rng = RNG.from_seed(seed)
        deck = list(BONUS_DECK)
        rng.shuffle(deck)
        return PigState(rng=rng, target=config.target, scores=[0] * config.players, bonus_deck=deck)

    def decision(self, state: PigState) -> Decision | None:
        if state.winner >= 0:
            return None
        if state.dice == 0:
            return Decision(state.current, "choose-dice", (ONE_DIE, TWO_DICE, PASS), "How many dice?")
        options = (ROLL, HOLD) if state.turn_total else (ROLL,)
        return Decision(state.current, "roll-or-hold", options, "Roll or hold?")

    def step(self, state: PigState, action: Action) -> None:
        if action.kind == "dice":
            state.dice = action.value
        elif action.kind == "pass":
            self.end_turn(state)
        elif action.kind == "roll":
            self.roll(state)
        else:
            self.hold(state)

    def roll(self, state: PigState) -> None:
        faces = [state.rng.d6() for _ in range(state.dice)]
        state.log.append(f"seat {state.current} rolled {faces}")
        if 1 in faces:
            self.end_turn(state)
        else:
            state.turn_total += sum(faces)

    def hold(self, state: PigState) -> None:
        bonus = state.bonus_deck.pop(0) if state.bonus_deck else 0
        if state.bonus_deck or bonus:
            state.rng.note_reveal()
        state.scores[state.current] += state.turn_total + bonus
        if state.scores[state.current] >= state.target:
            state.winner = state.current
            return
        self.end_turn(state)

    def end_turn(self, state: PigState) -> None:
        state.turn_total = 0
        state.dice = 0
        state.current = (state.current + 1) % len(state.scores)

    def view(self, state: PigState, player: int | None) -> dict[str, Any]:
        return {
            "scores": list(state.scores),
            "current": state.current,
            "dice": state.dice,
            "turn_total": state.turn_total,
            "bonus_cards_left": len(state.bonus_deck),
        }

    def outcome(self, state: PigState) -> Outcome | None:
        if state.winner < 0:
            return None
        return Outcome(tuple(float(s) for s in state.scores), (state.winner,), None, "target reached")

    def determinize(self, state: PigState, player: int, rng: RNG) -> PigState:
        copy = self.clone(state)
        copy.rng = rng.spawn()
        copy.rng.shuffle(copy.bonus_deck)
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

    def roll(self, state: PigState) -> None:
        faces = [random.randint(1, 6) for _ in range(state.dice)]
        if 1 in faces:
            self.end_turn(state)
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
        view["bonus_deck"] = list(state.bonus_deck)
        return view


class MutatingPig(Pig):
    """Changes the state before it notices the action is illegal."""

    def apply(self, state: PigState, action: Action, *, trusted: bool = False) -> None:
        state.log.append(f"tried {action!r}")
        super().apply(state, action, trusted=trusted)


class CheatingInvariantPig(Pig):
    """Lets scores go negative when a 1 is rolled; its invariant catches it."""

    def end_turn(self, state: PigState) -> None:
        state.scores[state.current] -= 100
        super().end_turn(state)


pig = Pig()
