"""Set-up: characters, Zombies, decks (solo: the Location deck built around the Town Line).

Source: Run, Fight, or Die! rulebook, "Setup", "Set Up the Zombies" and "Solo Rules".
"""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, ConfigError
from zedlab.core.events import emit

from .content import BINDER, Content
from .state import DECK_KINDS, ZOMBIE_MINIATURES, Player, RFDState
from .steps import FLOW, BeginTurn

SOLO_TOP_CARDS = {"hard": 4, "very-hard": 5, "too-hard": 5}
"""Location cards placed over the bottom 3 (Town Line + 2). Source: "Solo Rules"."""
SOLO_REMOVED = ("shy-girl", "heroic-dog", "campfire-for-the-dead")
"""Cards not used solo: Shy Girl, Campfire for the Dead, Followers that pass to another
player (the Heroic Dog). Source: rulebook, "Solo Rules" (Setup and Follower notes)."""
START_ZONES = (2, 3, 4)
"""Zombies in Zones 1, 2, 3 at set-up. Source: rulebook, "Set Up the Zombies"."""


def set_up(config: Any, seed: int, rng: RNG | None = None, content: Content | None = None) -> RFDState:
    """A new game laid out as the rulebook's "Setup" says (solo: "Solo Rules" set-up), run
    to its first decision.

    Args:
        config: a validated :class:`~.game.RFDConfig`.
        seed: seeds the game's RNG.
        rng: an RNG to use instead (tests pass a ``ScriptedRNG`` to rig the dice).
        content: the content pack (``load_content``); ``None``: the packaged one.

    Raises:
        ConfigError: unknown or repeated characters, or a bad first player.
    """
    c = content if content is not None else BINDER.load(None)
    players: int = config.players
    rng = rng if rng is not None else RNG.from_seed(seed)
    chosen = list(config.characters)
    known = sorted(c.characters)
    if chosen:
        if len(chosen) != players:
            raise ConfigError(f"characters: {len(chosen)} given for {players} players; give one per seat or none")
        for ch in chosen:
            if ch not in c.characters:
                raise ConfigError(f"characters: unknown character {ch!r}; choose from {', '.join(known)}")
        if len(set(chosen)) != len(chosen):
            raise ConfigError("characters: each Character Card can be taken only once")
    else:
        if players > len(known):
            raise ConfigError(f"{players} players but only {len(known)} characters")
        chosen = rng.sample(known, players)
    first = config.first_player
    if not 0 <= first < players:
        raise ConfigError(f"first_player {first} is not a seat; seats are 0-{players - 1}")
    solo = players == 1
    level = config.difficulty if solo else ""
    s = RFDState(
        rng=rng,
        players=[Player(ch, c.characters[ch].health, zones=list(START_ZONES)) for ch in chosen],
        solo_level=level,
        bonus_mandatory=config.follower_bonus == "mandatory",
        health_capped=config.health_score == "remaining-capped",
        content=c.digest,
        current=first,
        turn_limit=config.max_rounds * players,
    )
    s.reserve = ZOMBIE_MINIATURES - sum(START_ZONES) * players
    removed: set[str] = set()
    if solo:
        removed.update(SOLO_REMOVED)
        if level != "too-hard":
            removed.update(c.summoners)  # the Playground and every card that summons the Mutant
    for kind in DECK_KINDS:
        index = c.index[kind]
        if removed:
            s.decks[kind] = [index[card] for card in c.decks[kind] if card not in removed]
            s.removed.extend(card for card in c.decks[kind] if card in removed)
        else:
            s.decks[kind] = list(c.deck_indices[kind])
        s.discards[kind] = []
    # Decks are shuffled lazily, when first drawn from: nobody sees them before.
    s.unshuffled = list(DECK_KINDS)
    if solo:
        build_solo_location_deck(s, c, level)
    emit(s, "set-up", names=[c.characters[p.character].name for p in s.players])
    s.stack.append(BeginTurn(seat=first))
    FLOW.run(s)
    return s


def build_solo_location_deck(s: RFDState, c: Content, level: str) -> None:
    """The Town Line shuffled with 2 Locations at the bottom, 4 (HARD) or 5 more on top.

    The remaining Locations are set aside (out of the game).
    Source: rulebook, "Solo Rules" (HARD / VERY HARD set-up).
    """
    town = c.index["location"]["town-line"]
    others = [card for card in s.decks["location"] if card != town]
    s.unshuffled.remove("location")
    s.rng.shuffle(others)
    bottom = [town, *others[:2]]
    s.rng.shuffle(bottom)
    top = others[2 : 2 + SOLO_TOP_CARDS[level]]
    s.decks["location"] = top + bottom
    ids = c.ids["location"]
    s.removed.extend(ids[i] for i in others[2 + SOLO_TOP_CARDS[level] :])
