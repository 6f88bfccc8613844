"""Game set-up: the decks, the entry piles, starting resources and characters.

Source: If I'm Going Down... rulebook, "Game Setup", "Expanding for 3 to 4 Player Games",
"Zombie Player Variant" ("Before the Game Begins").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from zedlab.core import RNG, Action, ConfigError, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .board import PACKS
from .content import SCENARIO_PLAYERS, Content
from .state import Character, IGDState
from .steps import FLOW, BeginTurn, ChooseCharacter, PlaceStart


@lru_cache(maxsize=16)
def _decks(
    players: int, extra: str, pack: str = "packaged"
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[bool, ...], tuple[int, ...]]:
    """Zombie kinds, Fate kinds, Critical flags and initial Uses for a player count (cached)."""
    zkinds = build_zombie_deck(players, extra, pack)
    fkinds, fcrit = build_fate_deck(players, pack)
    FATE = PACKS[pack].fate
    uses = [-1 if FATE[k].uses == 0 else FATE[k].uses for k in fkinds]
    return tuple(zkinds), tuple(fkinds), tuple(fcrit), tuple(uses)


@lru_cache(maxsize=16)
def _set_aside(players: int, easier: bool, pack: str = "packaged") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fate cards set aside (Story Item; 2 No Luck for the easier game) and the rest."""
    _, fkinds, _, _ = _decks(players, "all", pack)
    FATE = PACKS[pack].fate
    aside: list[int] = []
    kept: list[int] = []
    removed = 0
    for f, k in enumerate(fkinds):
        no_luck_card = FATE[k].category == "no-luck"
        if FATE[k].effect == "story" or (easier and no_luck_card and removed < 2):
            removed += no_luck_card
            aside.append(f)
        else:
            kept.append(f)
    return tuple(aside), tuple(kept)


def build_zombie_deck(players: int, extra: str, pack: str = "packaged") -> list[int]:
    """Zombie card kinds, one entry per card (a second copy's cards added for 3-4 players).

    Source: rulebook, "Expanding for 3 to 4 Player Games": add Zombies (standard only, or
    the unique ones too) and one Occurrence card per 10 Zombies added.
    """
    CT = PACKS[pack]
    ZOMBIES = CT.zombies
    deck: list[int] = []
    for t, n in zip(ZOMBIES, CT.zombie_counts, strict=False):
        deck.extend([t.index] * n)
    if players >= 3:
        added = 0
        for t, n in zip(ZOMBIES, CT.zombie_counts, strict=False):
            if t.kind == "standard" or (t.kind == "named" and extra == "all"):
                deck.extend([t.index] * n)
                added += n
        occurrences = sorted((t for t in ZOMBIES if t.kind == "occurrence"), key=lambda t: t.number)
        for t in occurrences[: added // 10]:
            deck.append(t.index)
    return deck


def build_fate_deck(players: int, pack: str = "packaged") -> tuple[list[int], list[bool]]:
    """Fate card kinds and Critical Hit flags, one entry per card.

    3-4 players add the second copy's 40 cards (its Story Item stays in the box).
    """
    CT = PACKS[pack]
    FATE = CT.fate
    kinds: list[int] = []
    crit: list[bool] = []
    copies = 2 if players >= 3 else 1
    for copy in range(copies):
        for t, n, c in zip(FATE, CT.fate_counts, CT.fate_critical, strict=False):
            if copy and t.effect == "story":
                continue
            for i in range(n):
                kinds.append(t.index)
                crit.append(i < c)
    return kinds, crit


def check_config(config: Any, pack: Content) -> None:
    """Raises ConfigError when the scenario has no layout for the player count, or the
    characters are not the content pack's."""
    CHARS = pack.characters
    counts = SCENARIO_PLAYERS[config.scenario]
    if config.players not in counts:
        raise ConfigError(
            f"{config.scenario} has layouts for {', '.join(map(str, counts))} players, "
            f"not {config.players}; The Intersection has the 3- and 4-player layouts"
        )
    chars = config.characters or tuple(c.id for c in CHARS[: config.players])
    if not config.characters and len(CHARS) < config.players:
        raise ConfigError(f"{config.players} players need {config.players} characters; the content has {len(CHARS)}")
    known = [c.id for c in CHARS]
    if len(chars) != config.players or len(set(chars)) != len(chars):
        raise ConfigError(f"characters needs {config.players} different character ids from {known}")
    for cid in chars:
        if cid not in known:
            raise ConfigError(f"unknown character {cid!r}; choose from {known}")


def new_state(config: Any, seed: int, content: Content) -> IGDState:
    """Set up the table as "Game Setup" says, up to the placing of starting resources."""
    check_config(config, content)
    rng = RNG.from_seed(seed)
    pack = content.digest
    PACKS[pack] = content
    CT = content
    CHARS, ZOMBIES = CT.characters, CT.zombies
    layout = CT.layouts[(config.scenario, config.players)]
    zk, fk, fc, fu = _decks(config.players, config.extra_zombies, pack)
    zkinds = list(zk)
    deck_size = len(zkinds)
    char_ids = config.characters or tuple(c.id for c in CHARS[: config.players])
    char_index = {c.id: c.index for c in CHARS}
    zcards = zkinds + [len(ZOMBIES) - len(CHARS) + char_index[cid] for cid in char_ids]
    fkinds, fcrit = list(fk), list(fc)
    nz = len(zcards)
    low = layout.low + (5 * config.players if config.advanced else 0)
    high = layout.high + (5 * config.players if config.advanced else 0)
    line = (low + high) // 2 if config.midpoint else high
    chars = []
    for seat, cid in enumerate(char_ids):
        ct = CHARS[char_index[cid]]
        body = 3 if ct.ability == "pack-mule" else 2
        # Without the ``characters`` option these are placeholders until each player chooses.
        chars.append(Character(seat, ct.index, layout.characters[seat], [-1, -1], [-1] * body,
                               chosen=bool(config.characters)))
    s = IGDState(
        rng=rng, scenario=config.scenario, players=config.players,
        seats=config.players + (1 if config.zombie_player else 0),
        zombie_seat=config.players if config.zombie_player else -1,
        one_bite=config.one_bite, miss_ends_use=config.miss_ends_use, turn_limit=config.turn_limit,
        low=low, high=high, line=line,
        zcards=zcards, fcards=fkinds, fcrit=fcrit, deck_size=deck_size,
        spaces=[-1] * len(layout.spaces), piles=[[] for _ in range(layout.entry_points)],
        zdiscard=[], zhand=[], zout=[],
        kp=[0] * nz, held_turn=[-9] * nz, no_move=[False] * nz, loved=[0] * nz,
        loved_clear=[0] * nz, hated=[0] * nz, move_left=[0] * nz,
        fdeck=[], fdiscard=[], ftrash=[], faside=[], fbonus=[],
        uses=list(fu),
        ground=[-1] * layout.ground_spaces, chars=chars, content=pack,
    )
    # 2. Shuffle the Zombie deck into relatively equal piles at the entry points.
    zdeck = list(range(deck_size))
    rng.shuffle(zdeck)
    n = layout.entry_points
    s.piles = [zdeck[k::n] for k in range(n)]
    # 3. Story Item aside (and 2 No Luck for the easier game); draw starting resources.
    aside, kept = _set_aside(config.players, config.easier, pack)
    s.faside = list(aside)
    fdeck = list(kept)
    start = draw_starting_resources(s, fdeck, layout.starting_resources, config.redraw_without_weapon)
    if config.zombie_player:
        for _ in range(6):
            pile = max(range(len(s.piles)), key=lambda i: len(s.piles[i]))
            if s.piles[pile]:
                s.zhand.append(s.piles[pile].pop(0))
        s.zhand.sort()
    emit(s, "set-up", turn=s.turn, layout=layout.name, players=config.players, resources=len(start))
    s.stack.append(BeginTurn())
    push(s, *(PlaceStart(card=f) for f in start))
    if not config.characters:
        push(s, *(ChooseCharacter(seat=seat) for seat in range(config.players)))
    return s


@FLOW.decide(ChooseCharacter)
def ask_character(s: IGDState, step: ChooseCharacter) -> Decision:
    """The characters no other player has chosen.

    Source: If I'm Going Down... rulebook, "Game Setup" (1. each player chooses a character
    card) and "Character Cards".
    """
    taken = {c.char for c in s.chars if c.chosen}
    options = tuple(_CHOICE[(s.content, t.index)] for t in PACKS[s.content].characters if t.index not in taken)
    return Decision(step.seat, "choose-character", options, "Choose your character")


class _Choices(dict[tuple[str, int], Action]):
    def __missing__(self, key: tuple[str, int]) -> Action:
        t = PACKS[key[0]].characters[key[1]]
        a = self[key] = Action("character", t.index, f"{t.name}: {t.ability_text}")
        return a


_CHOICE: dict[tuple[str, int], Action] = _Choices()


@FLOW.resolve(ChooseCharacter)
def choose_character(s: IGDState, step: ChooseCharacter, action: Action) -> None:
    """The chosen card goes on the player's Character Space; its Zombie side is the card's
    back (a Pack Mule gets its third Body space)."""
    CT = PACKS[s.content]
    t = CT.characters[action.value]
    c = s.chars[step.seat]
    c.char = t.index
    c.chosen = True
    c.body = [-1] * (3 if t.ability == "pack-mule" else 2)
    s.zcards[s.deck_size + step.seat] = len(CT.zombies) - len(CT.characters) + t.index
    emit(s, "character-chosen", turn=s.turn, seat=step.seat, character=t.name)


def draw_starting_resources(s: IGDState, fdeck: list[int], count: int, redraw: bool) -> list[int]:
    """Shuffle and draw resources, ignoring No Luck (they start the discard pile).

    With ``redraw`` (the rulebook's tip), a draw without a weapon is put back and redrawn
    (at most 10 times).
    """
    fate, fcards = PACKS[s.content].fate, s.fcards
    shuffle = s.rng.shuffle
    for _ in range(10):
        deck = list(fdeck)
        shuffle(deck)
        start: list[int] = []
        discard: list[int] = []
        taken = 0
        for f in deck:
            if len(start) >= count:
                break
            taken += 1
            (discard if fate[fcards[f]].category == "no-luck" else start).append(f)
        del deck[:taken]
        if not redraw or any(fate[fcards[f]].effect == "weapon" for f in start):
            break
    s.fdeck = deck
    s.fdiscard = discard
    return start
