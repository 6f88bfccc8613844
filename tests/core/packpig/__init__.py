"""Pack Pig: Pig whose bonus deck is content (``bonus.toml``), bound to the game by digest."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zedlab.core import RNG, ContentEntry, ContentFile, load_toml
from zedlab.core.content import ContentBinder
from zedlab.core.flow import push

from ..pig import ChooseDice, Pig, PigState


class Card(ContentEntry):
    value: int


class Bonus(ContentFile):
    cards: list[Card]


class Pack:
    """The loaded content: the bonus deck's values."""

    def __init__(self, deck: list[int]) -> None:
        self.deck = deck
        self.digest = ""


PACKAGED = Path(__file__).parent


def load(directory: Path | None) -> Pack:
    data = load_toml((directory or PACKAGED) / "bonus.toml", Bonus)
    return Pack([c.value for c in data.cards for _ in range(c.count)])


class PackPig(Pig):
    name = "pack-pig"
    title = "Pack Pig"
    content_binder = ContentBinder("pack-pig", __name__, ["bonus.toml"], load)

    def new(self, config: Any, seed: int, content: Any = None) -> PigState:
        pack = content if content is not None else self.load_content()
        rng = RNG.from_seed(seed)
        deck = list(pack.deck)
        rng.shuffle(deck)
        state = PigState(rng=rng, target=config.target, rounds=config.rounds, scores=[0] * config.players, bonus_deck=deck)
        push(state, ChooseDice(seat=0))
        self.flow.run(state)
        return state


pack_pig = PackPig()
