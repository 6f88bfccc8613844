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
from zedlab.core.events import Event, EventText, emit
from zedlab.core.flow import Flow, Step, push


class HandConfig(BaseConfig):
    players: int = Field(default=2, ge=2, le=3, description="Number of players.")
    hand_size: int = Field(default=3, ge=1, le=3, description="Cards dealt to each seat.")
    reveal_hands: bool = Field(default=False, description="Play with open hands.")


class PlayCard(Step):
    """The seat plays a card of its hand."""

    seat: int


@dataclass(slots=True)
class HandState:
    rng: RNG
    hands: list[list[int]]
    reveal: bool
    stock: list[int] = field(default_factory=list)
    table: list[int] = field(default_factory=list)
    tricks: list[int] = field(default_factory=list)
    stack: list[PlayCard] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    seq: int = 0


FLOW = Flow("hand-test")


@FLOW.decide(PlayCard)
def ask_card(state: HandState, step: PlayCard) -> Decision:
    options = tuple(Action("play-card", c, f"Play the {c}") for c in state.hands[step.seat])
    return Decision(step.seat, "play-card", options, "Which card do you play?")


@FLOW.resolve(PlayCard)
def play_card(state: HandState, step: PlayCard, action: Action) -> None:
    seat = step.seat
    state.hands[seat].remove(action.value)
    state.table.append(action.value)
    emit(state, "played", seat=seat, card=action.value)
    if len(state.table) == len(state.hands):
        winner = state.table.index(max(state.table))
        state.tricks[winner] += 1
        emit(state, "trick", seat=winner)
        state.table = []
    nxt = (seat + 1) % len(state.hands)
    if state.hands[nxt]:
        push(state, PlayCard(seat=nxt))


FLOW.check([PlayCard])


class HighCard(BaseGame[HandState]):
    name = "hand-test"
    title = "High Card"
    Config = HandConfig
    State = HandState
    flow = FLOW
    event_texts = EventText({"played": "seat {seat} played {card}", "trick": "seat {seat} takes the trick"})
    help = {
        "play-card": ("High Card, 'Tricks'", "Play one card; the highest card takes the trick.")
    }
    public_choices = frozenset({"play-card"})  # cards are played face up

    def new(self, config: Any, seed: int) -> HandState:
        rng = RNG.from_seed(seed)
        deck = list(range(1, 10))
        rng.shuffle(deck)
        n = config.hand_size
        hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(config.players)]
        state = HandState(
            rng=rng,
            hands=hands,
            reveal=config.reveal_hands,
            stock=deck[config.players * n :],
            tricks=[0] * config.players,
        )
        push(state, PlayCard(seat=0))
        return state

    def view(self, state: HandState, player: int | None) -> dict[str, Any]:
        hands = {
            str(s): (list(h) if state.reveal or s == player else len(h))
            for s, h in enumerate(state.hands)
        }
        public = {"hands": hands, "table": list(state.table), "tricks": list(state.tricks)}
        # with open hands every seat's hand is public: nothing is private
        private = {"hand": list(state.hands[player])} if player is not None and not state.reveal else {}
        return {"public": public, "private": private}

    def outcome(self, state: HandState) -> Outcome | None:
        if any(state.hands):
            return None
        best = max(state.tricks)
        winners = tuple(s for s, t in enumerate(state.tricks) if t == best)
        return Outcome(tuple(float(t) for t in state.tricks), winners, None, "all cards played")

    def determinize(self, state: HandState, player: int, rng: RNG) -> HandState:
        """Other seats' hands and the undealt cards reshuffled (unless hands are open)."""
        copy = self.clone(state)
        copy.rng = rng.spawn()
        if copy.reveal:
            return copy
        others = [s for s in range(len(copy.hands)) if s != player]
        pool = copy.stock + [c for s in others for c in copy.hands[s]]
        copy.rng.shuffle(pool)
        for s in others:
            size = len(copy.hands[s])
            copy.hands[s], pool = sorted(pool[:size]), pool[size:]
        copy.stock = pool
        return copy

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        return [("play-card", range(1, 10))]

    def max_decisions(self, config: Any, content: Any = None) -> int:
        return int(config.players * config.hand_size)


game = HighCard()
