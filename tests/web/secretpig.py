"""Test games of the web layer.

Secret Pig: Pig where each seat is dealt a secret word at the start, shown only to it.

A test game for the web layer's hidden information: the secret is in the seat's private
view and in an event only that seat may see; every other seat and spectators are told only
that a secret was dealt. The words are long and random, so finding one in a JSON answer
means it leaked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zedlab.core import RNG
from zedlab.core.events import EventText, emit
from zedlab.core.flow import push

from ..core.pig import TEXT, ChooseDice, Pig, PigState


@dataclass(slots=True)
class SecretState(PigState):
    secrets: list[str] = field(default_factory=list)


def _word(rng: RNG) -> str:
    return "secret-" + "".join("abcdefghjkmnpqrstuvwxyz"[rng.randint(0, 22)] for _ in range(12))


class SecretPig(Pig):
    name = "secret-pig"
    title = "Secret Pig"
    State = SecretState
    event_texts = EventText({
        **TEXT.templates,
        "secret": "you were dealt {word}",
        "dealt": "seat {seat} was dealt a secret",
    })

    def new(self, config: Any, seed: int) -> SecretState:  # type: ignore[override]
        base = super().new(config, seed)
        state = SecretState(rng=base.rng, target=base.target, rounds=base.rounds,
                            scores=base.scores, bonus_deck=base.bonus_deck)
        for seat in range(config.players):
            word = _word(state.rng)
            state.secrets.append(word)
            emit(state, "secret", visible_to=(seat,), word=word)
            emit(state, "dealt", seat=seat)
        push(state, ChooseDice(seat=0))
        self.flow.run(state)
        return state

    def view(self, state: Any, player: int | None) -> dict[str, Any]:
        view = super().view(state, player)
        view["private"] = {} if player is None else {"secret": state.secrets[player]}
        return view

    def card_texts(self, content: Any = None) -> dict[str, str]:
        return {"bonus card": "Face down until drawn: worth 0 to 3 points when you hold.",
                "Pass": "Give the turn away without rolling."}

    def determinize(self, state: Any, player: int, rng: RNG) -> Any:
        copy = super().determinize(state, player, rng)
        copy.secrets = [w if i == player else _word(rng) for i, w in enumerate(copy.secrets)]
        return copy


secret_pig = SecretPig()


class GroupedPig(Pig):
    """Pig whose dice choice lists the two rolling options under a "Roll" group."""

    name = "grouped-pig"
    title = "Grouped Pig"

    def option_groups(self, state: Any, decision: Any) -> tuple[tuple[str, ...], ...] | None:
        if decision.kind != "choose-dice":
            return None
        return tuple(("Roll",) if a.kind == "dice" else () for a in decision.options)


grouped_pig = GroupedPig()
