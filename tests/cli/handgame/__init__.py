"""High Card: a tiny game with hidden hands, to test hot-seat hand-offs and renderer lookup.

Each seat is dealt three cards from a shuffled deck of 1-9 (hidden from the others). In turn
order each seat plays one card face up; after every seat has played, the highest card wins
the trick. Three tricks; most tricks wins (ties share the win).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import Field

from zedlab.core import RNG, Action, BaseConfig, BaseGame, Decision, Outcome


class HandConfig(BaseConfig):
    players: int = Field(default=2, ge=2, le=3, description="Number of players.")
    hand_size: int = Field(default=3, ge=1, le=3, description="Cards dealt to each seat.")
    reveal_hands: bool = Field(default=False, description="Play with open hands.")


@dataclass(slots=True)
class HandState:
    rng: RNG
    hands: list[list[int]]
    reveal: bool
    current: int = 0
    table: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


class HighCard(BaseGame[HandState]):
    name = "hand-test"
    title = "High Card"
    Config = HandConfig
    State = HandState
    help = {
        "play-card": ("High Card, 'Tricks'", "Play one card; the highest card takes the trick.")
    }
    public_choices = frozenset({"play-card"})  # cards are played face up

    def new(self, config: Any, seed: int) -> HandState:
        rng = RNG.from_seed(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        hands = [
            sorted(deck[i * config.hand_size : (i + 1) * config.hand_size])
            for i in range(config.players)
        ]
        return HandState(
            rng=rng, hands=hands, reveal=config.reveal_hands, tricks=[0] * config.players
        )

    def decision(self, state: HandState) -> Decision | None:
        hand = state.hands[state.current]
        if not hand:
            return None
        options = tuple(Action("play-card", c, f"Play the {c}") for c in hand)
        return Decision(state.current, "play-card", options, "Which card do you play?")

    def step(self, state: HandState, action: Action) -> None:
        seat = state.current
        state.hands[seat].remove(action.value)
        state.table.append(action.value)
        state.log.append(f"seat {seat} played {action.value}")
        state.current = (seat + 1) % len(state.hands)
        if len(state.table) == len(state.hands):
            winner = state.table.index(max(state.table))
            state.tricks[winner] += 1
            state.log.append(f"seat {winner} takes the trick")
            state.table = []

    def view(self, state: HandState, player: int | None) -> dict[str, Any]:
        hands = {
            str(s): (list(h) if state.reveal or s == player else len(h))
            for s, h in enumerate(state.hands)
        }
        return {"hands": hands, "table": list(state.table), "tricks": list(state.tricks)}

    def outcome(self, state: HandState) -> Outcome | None:
        if any(state.hands):
            return None
        best = max(state.tricks)
        winners = tuple(s for s, t in enumerate(state.tricks) if t == best)
        return Outcome(tuple(float(t) for t in state.tricks), winners, None, "all cards played")

    def determinize(self, state: HandState, player: int, rng: RNG) -> HandState:
        copy = self.clone(state)
        copy.rng = rng.spawn()
        return copy


game = HighCard()
