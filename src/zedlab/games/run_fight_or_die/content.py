"""Content models and loading for Run, Fight, or Die! (dice, characters and the six decks).

Every TOML entry is validated on load; card effects become tuples ``(name, n, zone)`` that
the rules run through :func:`zedlab.games.run_fight_or_die.effects.run_effect`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml

PACKAGE = "zedlab.games.run_fight_or_die"

EffectName = Literal[
    "heal", "wound", "add-zombies", "kill", "kill-any", "push-back", "push-back-any",
    "advance-any", "clear-any", "draw-loot", "draw-event", "draw-follower", "draw-location",
    "summon-mutant", "extra-reroll", "bonus-die", "no-hunt", "others-add-zombies",
    "all-add-zombies", "lose-follower", "mutant-regen", "drop-loot-or-wound",
    "bonus-die-wound", "reroll-zombies",
]
Symbol = Literal["bat", "gun", "run", "search", "book", "zombie"]
EffectT = tuple[str, int, int]
"""One effect step: ``(name, n, zone)``; zone 0 when the effect has none; n=99 means all."""


class Effect(BaseModel):
    """One step of a card effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: EffectName
    n: int = Field(default=1, ge=0, le=99)
    zone: int = Field(default=0, ge=0, le=3)

    def as_tuple(self) -> EffectT:
        return (self.name, self.n, self.zone)


class Die(ContentEntry):
    faces: list[str] = Field(min_length=6, max_length=6)


class Character(ContentEntry):
    health: int = Field(ge=1, le=10)
    ability: Literal["throw-bat", "sure-shot", "popular", "tracker", "tinker", "scholar"]
    ability_text: str
    combo: list[Symbol] = Field(min_length=2, max_length=5)
    combo_text: str
    combo_effects: list[Effect]


class Card(ContentEntry):
    text: str
    effects: list[Effect] = []


class Follower(Card):
    vp: int = Field(ge=0, le=10)
    symbol: Literal["bonus", "penalty", "special"]
    timing: Literal["action", "start", "hunt", "passive", "none"]
    needs: Symbol | Literal[""] = ""
    needs_count: int = Field(default=0, ge=0, le=6)
    modifier: Literal["", "reroll-minus-1", "weak-bat", "search-minus-1", "shy", "dog"] = ""


class Location(Card):
    special: Literal["", "town-line"] = ""
    now: list[Effect] = []
    next: list[Effect] = []


class Loot(Card):
    uses: int = Field(ge=0, le=3)
    timing: Literal["action", "reroll", "passive"]
    on_draw: list[Effect] = []


class Event(Card):
    kind: Literal["immediate", "hold", "current"]
    timing: Literal["action", "reroll"] = "action"
    condition: Literal["", "no-location", "wounded", "zone1"] = ""
    hunt_delta: int = 0
    reroll_delta: int = 0
    reset: Literal["new-event", "new-current"] = "new-event"


class MutantCard(Card):
    solo_effects: list[Effect] | None = None


class DiceFile(ContentFile):
    dice: list[Die]


class CharactersFile(ContentFile):
    characters: list[Character]


class FollowersFile(ContentFile):
    followers: list[Follower]


class LocationsFile(ContentFile):
    locations: list[Location]


class LootFile(ContentFile):
    loot: list[Loot]


class EventsFile(ContentFile):
    events: list[Event]


class FleeingFile(ContentFile):
    fleeing: list[Card]


class MutantFile(ContentFile):
    mutant: list[MutantCard]


# The rulebook's component list: the number of cards in each deck.
DECK_SIZES = {"follower": 25, "location": 18, "loot": 16, "event": 16, "fleeing": 16, "mutant": 24}


@dataclass(slots=True)
class Content:
    """Every component, by id. ``decks[kind]`` is the full card list (copies repeated)."""

    action_faces: tuple[str, ...]
    bonus_faces: tuple[str, ...]
    event_faces: tuple[str, ...]
    characters: dict[str, Character]
    followers: dict[str, Follower]
    locations: dict[str, Location]
    loot: dict[str, Loot]
    events: dict[str, Event]
    fleeing: dict[str, Card]
    mutant: dict[str, MutantCard]
    decks: dict[str, list[str]] = field(default_factory=dict)
    effects: dict[str, tuple[EffectT, ...]] = field(default_factory=dict)
    """Card effects by ``"<deck>:<id>[:part]"`` key, pre-converted to tuples."""
    ids: dict[str, list[str]] = field(default_factory=dict)
    """Distinct card ids per deck kind; the state stores a card in a deck as its index here."""
    index: dict[str, dict[str, int]] = field(default_factory=dict)
    deck_indices: dict[str, list[int]] = field(default_factory=dict)
    """The full deck of each kind as card indices (copies repeated)."""
    summoners: frozenset[str] = frozenset()
    """Ids of cards that summon the Mutant (removed below solo TOO HARD)."""


def _effects(items: list[Effect] | None) -> tuple[EffectT, ...]:
    return tuple(e.as_tuple() for e in items or ())


def _by_id(entries: list, kind: str) -> dict:
    return {e.id: e for e in entries}


@lru_cache(maxsize=8)
def load_content(override: str | None = None) -> Content:
    """Load and cross-check all content files (packaged, or from ``override`` directory).

    Raises:
        ContentError: a file is invalid, or a deck's card count differs from the rulebook's.
    """
    def load(name: str, model: type) -> object:
        return load_toml(content_path(PACKAGE, name, Path(override) if override else None), model)

    dice = {d.id: d for d in load("dice.toml", DiceFile).dice}  # type: ignore[attr-defined]
    for needed in ("action", "bonus", "event"):
        if needed not in dice:
            raise ContentError(f"dice.toml: die {needed!r} is missing; need action, bonus, event")
    content = Content(
        action_faces=tuple(dice["action"].faces),
        bonus_faces=tuple(dice["bonus"].faces),
        event_faces=tuple(dice["event"].faces),
        characters=_by_id(load("characters.toml", CharactersFile).characters, "character"),  # type: ignore[attr-defined]
        followers=_by_id(load("followers.toml", FollowersFile).followers, "follower"),  # type: ignore[attr-defined]
        locations=_by_id(load("locations.toml", LocationsFile).locations, "location"),  # type: ignore[attr-defined]
        loot=_by_id(load("loot.toml", LootFile).loot, "loot"),  # type: ignore[attr-defined]
        events=_by_id(load("events.toml", EventsFile).events, "event"),  # type: ignore[attr-defined]
        fleeing=_by_id(load("fleeing.toml", FleeingFile).fleeing, "fleeing"),  # type: ignore[attr-defined]
        mutant=_by_id(load("mutant.toml", MutantFile).mutant, "mutant"),  # type: ignore[attr-defined]
    )
    tables = {
        "follower": content.followers, "location": content.locations, "loot": content.loot,
        "event": content.events, "fleeing": content.fleeing, "mutant": content.mutant,
    }
    summoners = set()
    for kind, table in tables.items():
        deck = [cid for cid, card in table.items() for _ in range(card.count)]
        if len(deck) != DECK_SIZES[kind]:
            raise ContentError(
                f"{kind} cards: {len(deck)} in the content, the rulebook has {DECK_SIZES[kind]}"
            )
        content.decks[kind] = deck
        content.ids[kind] = list(table)
        content.index[kind] = {cid: i for i, cid in enumerate(table)}
        content.deck_indices[kind] = [content.index[kind][cid] for cid in deck]
        for cid, card in table.items():
            content.effects[f"{kind}:{cid}"] = _effects(card.effects)
            parts = list(card.effects)
            for part in ("now", "next", "on_draw", "solo_effects"):
                extra = getattr(card, part, None)
                if extra is not None:
                    content.effects[f"{kind}:{cid}:{part}"] = _effects(extra)
                    parts.extend(extra)
            if any(e.name == "summon-mutant" for e in parts):
                summoners.add(cid)
    for cid, ch in content.characters.items():
        content.effects[f"combo:{cid}"] = _effects(ch.combo_effects)
    if len(content.characters) < 6:
        raise ContentError(f"characters.toml: {len(content.characters)} characters, the rulebook has 6")
    if "town-line" not in content.locations or "playground" not in content.locations:
        raise ContentError("locations.toml: the Town Line and the Playground are required")
    content.summoners = frozenset(summoners)
    return content
