"""Content models and the compiled tables the rules read.

The TOML files in ``content/`` are validated by the pydantic models below, then compiled
into plain tuples (:class:`FateType`, :class:`ZombieType`, :class:`Layout`...) that the rules
index by integer for speed. Counts fixed by the rulebook are checked on load.

Source: If I'm Going Down... rulebook, "Game Contents" and "Separating the Cards Back Into
Two Sets After the Game".
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml

PACKAGE = "zedlab.games.if_im_going_down"

Category = Literal["melee", "ranged", "item", "other", "no-luck"]
Ability = Literal[
    "short-stuff", "instant-kill", "loved-one", "reach", "no-hold-back", "hated-one", "pop-up"
]
FateEffect = Literal[
    "none", "weapon", "reload", "no-move", "extra-action", "camera", "flare", "diary", "story"
]


class FateCard(ContentEntry):
    """A Fate deck card kind (resource or No Luck)."""

    category: Category
    effect: FateEffect
    text: str = ""
    uses: int = Field(default=1, ge=0, description="0 = infinite")
    apu: int = Field(default=0, ge=0)
    attack: int = 0
    hands: int = Field(default=1, ge=1, le=2)
    critical: int = Field(default=0, ge=0, description="copies with the blood splatter")
    max_range: int = Field(default=0, ge=0, description="0 = no limit")
    min_range: int = Field(default=0, ge=0)
    behind: int = Field(default=0, ge=0, description="Kill Points for the Zombie behind a kill")
    auto_kill: bool = False
    bonus: int = 0


class ZombieCard(ContentEntry):
    """A Zombie deck card kind: a Zombie or an Occurrence card."""

    kind: Literal["standard", "named", "occurrence"]
    z: int = Field(ge=0)
    stride: bool = False
    abilities: list[Ability] = []
    moan: int = Field(default=0, ge=0)
    acquire: str = ""
    shared_hunger_targets: list[str] = []
    shared_hunger_mod: int = 0
    number: int = 0
    biohazard: bool = False


class OccurrenceEffect(BaseModel):
    """One of the five occurrences printed on every Occurrence card."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    source: Literal["rulebook", "public", "designed"]
    icon: Category
    rip: bool
    text: str


class ZombieFile(ContentFile):
    zombies: list[ZombieCard]
    occurrences: list[OccurrenceEffect]


class FateFile(ContentFile):
    cards: list[FateCard]


class Modifier(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    weapon: str
    value: int


class CharacterCard(ContentEntry):
    z: int = Field(ge=0)
    ability: Literal["lucky-break", "pack-mule", "scavenger", "second-wind", "sharpshooter", "brawler"]
    ability_text: str
    modifiers: list[Modifier] = []


class CharacterFile(ContentFile):
    characters: list[CharacterCard]


class LayoutModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = Field(ge=1, le=4)
    card: int = Field(ge=1, le=3)
    side: Literal["A", "B"]
    starting_resources: int = Field(ge=0)
    ground_spaces: int = Field(ge=0)
    low: int
    high: int
    grid: list[str]


class ScenarioModel(ContentEntry):
    layouts: list[LayoutModel]


class ScenarioFile(ContentFile):
    scenarios: list[ScenarioModel]


# -- compiled tables --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FateType:
    """A Fate card kind, compiled. ``index`` is its position in :attr:`Content.fate`."""

    index: int
    id: str
    name: str
    category: str
    effect: str
    text: str
    uses: int
    apu: int
    attack: int
    hands: int
    max_range: int
    min_range: int
    behind: int
    auto_kill: bool
    bonus: int


@dataclass(frozen=True, slots=True)
class ZombieType:
    """A Zombie deck card kind (or a zombified character), compiled."""

    index: int
    id: str
    name: str
    kind: str  # standard | named | occurrence | character
    z: int
    stride: bool
    short_stuff: bool
    instant_kill: bool
    loved_one: bool
    reach: bool
    no_hold_back: bool
    hated_one: bool
    pop_up: bool
    moan: int
    acquire: str
    hunger_targets: tuple[str, ...]
    hunger_mod: int
    number: int
    biohazard: bool


@dataclass(frozen=True, slots=True)
class CharacterType:
    index: int
    id: str
    name: str
    z: int
    ability: str
    ability_text: str
    modifiers: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """One Scenario Layout, compiled to space indices.

    Attributes:
        spaces: ``(row, col)`` of every card space, in reading order (index = space id).
        initial: the Initial Spaces' ids; ``feeds[i]`` is the entry pile feeding ``initial[i]``.
        characters: Character Space ids, seat order (reading order).
        adjacent: for each space, the ids of spaces adjacent to it (diagonals included).
        dist: ``dist[a][b]`` = shortest number of steps between spaces (diagonals included);
            the rulebook's Range from a character at ``a`` to a space ``b``.
    """

    scenario: str
    name: str
    players: int
    card: int
    side: str
    rows: int
    cols: int
    spaces: tuple[tuple[int, int], ...]
    initial: tuple[int, ...]
    feeds: tuple[int, ...]
    entry_points: int
    characters: tuple[int, ...]
    adjacent: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    starting_resources: int
    ground_spaces: int
    low: int
    high: int


@dataclass(frozen=True, slots=True)
class Content:
    fate: tuple[FateType, ...]
    fate_counts: tuple[int, ...]
    fate_critical: tuple[int, ...]
    zombies: tuple[ZombieType, ...]
    zombie_counts: tuple[int, ...]
    occurrences: dict[str, OccurrenceEffect]
    characters: tuple[CharacterType, ...]
    layouts: dict[tuple[str, int], Layout]
    scenario_names: dict[str, str]

    def fate_index(self, card_id: str) -> int:
        for t in self.fate:
            if t.id == card_id:
                return t.index
        raise KeyError(card_id)

    def zombie_index(self, card_id: str) -> int:
        for t in self.zombies:
            if t.id == card_id:
                return t.index
        raise KeyError(card_id)


def compile_layout(scenario: str, name: str, model: LayoutModel, where: str) -> Layout:
    """Turn a grid of tokens into space ids, adjacency and distances.

    Raises:
        ContentError: on an unknown token or a character count that differs from ``players``.
    """
    rows = [row.split() for row in model.grid]
    cols = max(len(r) for r in rows)
    index: dict[tuple[int, int], int] = {}
    spaces: list[tuple[int, int]] = []
    initial: list[tuple[int, int]] = []
    chars: list[int] = []
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok == ".":
                continue
            if tok not in {"N", "C"} and not tok.isdigit():
                raise ContentError(f"{where}: grid token {tok!r} at row {r} col {c}; use . N C or 1-9")
            index[(r, c)] = len(spaces)
            spaces.append((r, c))
            if tok == "C":
                chars.append(index[(r, c)])
            elif tok.isdigit():
                initial.append((index[(r, c)], int(tok) - 1))
    if len(chars) != model.players:
        raise ContentError(f"{where}: {len(chars)} Character Spaces for {model.players} players")
    adjacent = []
    for r, c in spaces:
        adj = [
            index[(r + dr, c + dc)]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dr or dc) and (r + dr, c + dc) in index
        ]
        adjacent.append(tuple(adj))
    n = len(spaces)
    dist = []
    for a in range(n):
        d = [99] * n
        d[a] = 0
        queue = deque([a])
        while queue:
            x = queue.popleft()
            for y in adjacent[x]:
                if d[y] == 99:
                    d[y] = d[x] + 1
                    queue.append(y)
        dist.append(tuple(d))
    feeds_sorted = sorted(set(f for _, f in initial))
    if feeds_sorted != list(range(len(feeds_sorted))):
        raise ContentError(f"{where}: entry points must be numbered 1..n without gaps")
    return Layout(
        scenario=scenario,
        name=name,
        players=model.players,
        card=model.card,
        side=model.side,
        rows=len(rows),
        cols=cols,
        spaces=tuple(spaces),
        initial=tuple(s for s, _ in initial),
        feeds=tuple(f for _, f in initial),
        entry_points=len(feeds_sorted),
        characters=tuple(chars),
        adjacent=tuple(adjacent),
        dist=tuple(dist),
        starting_resources=model.starting_resources,
        ground_spaces=model.ground_spaces,
        low=model.low,
        high=model.high,
    )


def _check_counts(zf: ZombieFile, ff: FateFile, where: Path) -> None:
    """The counts the rulebook states (raises ContentError when a pack breaks them)."""
    total_z = sum(z.count for z in zf.zombies)
    occ = [z for z in zf.zombies if z.kind == "occurrence"]
    named = [z for z in zf.zombies if z.kind == "named"]
    std = [z for z in zf.zombies if z.kind == "standard"]
    problems = []
    if total_z != 55:
        problems.append(f"the Zombie deck has {total_z} cards; the rulebook says 55")
    if sorted(z.number for z in occ) != [1, 2, 3, 4, 5, 6] or any(z.count != 1 for z in occ):
        problems.append("Occurrence cards must be numbered 1-6, one copy each")
    if sorted(z.count for z in std) != [14, 14]:
        problems.append("there must be two standard Zombies (male, female) with 14 copies each")
    if any(z.count != 1 for z in named):
        problems.append("every named Zombie has a single copy")
    total_f = sum(c.count for c in ff.cards)
    if total_f != 41:
        problems.append(f"the Fate deck has {total_f} cards; the rulebook says 41")
    counts = {c.id: c.count for c in ff.cards}
    fixed = {"no-luck": 12, "ammo": 3, "dead-weight": 2, "hand-gun": 2, "assault-rifle": 2,
             "machete": 2, "rifle": 2, "shotgun": 2, "story-item": 1}
    for card_id, n in fixed.items():
        if counts.get(card_id) != n:
            problems.append(f"Fate card {card_id!r} needs {n} copies (rulebook)")
    for c in ff.cards:
        if c.id not in fixed and c.count != 1:
            problems.append(f"Fate card {c.id!r} must be single (rulebook)")
        if c.critical > c.count:
            problems.append(f"Fate card {c.id!r}: more critical copies than copies")
    if problems:
        raise ContentError(f"{where}: " + "; ".join(problems))


def load_content(directory: str | Path | None = None) -> Content:
    """Load, validate and compile the content pack (``directory`` overrides ours).

    Raises:
        ContentError: naming the file, entry and field, or a broken rulebook count.
    """
    zpath = content_path(PACKAGE, "zombies.toml", directory)
    fpath = content_path(PACKAGE, "fate.toml", directory)
    zf = load_toml(zpath, ZombieFile)
    ff = load_toml(fpath, FateFile)
    cf = load_toml(content_path(PACKAGE, "characters.toml", directory), CharacterFile)
    sf = load_toml(content_path(PACKAGE, "scenarios.toml", directory), ScenarioFile)
    _check_counts(zf, ff, zpath.parent)
    fate = tuple(
        FateType(i, c.id, c.name, c.category, c.effect, c.text, c.uses, c.apu, c.attack, c.hands,
                 c.max_range, c.min_range, c.behind, c.auto_kill, c.bonus)
        for i, c in enumerate(ff.cards)
    )
    fate_ids = {c.id for c in ff.cards}
    zombie_ids = {z.id for z in zf.zombies}
    zombies: list[ZombieType] = []
    for i, z in enumerate(zf.zombies):
        if z.acquire and z.acquire not in fate_ids:
            raise ContentError(f"{zpath}: entry {z.id!r} field 'acquire': no Fate card {z.acquire!r}")
        for t in z.shared_hunger_targets:
            if t not in zombie_ids:
                raise ContentError(f"{zpath}: entry {z.id!r} field 'shared_hunger_targets': no Zombie {t!r}")
        ab = set(z.abilities)
        zombies.append(ZombieType(
            i, z.id, z.name, z.kind, z.z, z.stride, "short-stuff" in ab, "instant-kill" in ab,
            "loved-one" in ab, "reach" in ab, "no-hold-back" in ab, "hated-one" in ab,
            "pop-up" in ab, z.moan, z.acquire, tuple(z.shared_hunger_targets),
            z.shared_hunger_mod, z.number, z.biohazard,
        ))
    chars = tuple(
        CharacterType(i, c.id, c.name, c.z, c.ability, c.ability_text,
                      tuple((m.weapon, m.value) for m in c.modifiers))
        for i, c in enumerate(cf.characters)
    )
    # The back of each Character card: its Zombie version (rulebook "Character Cards").
    base = len(zombies)
    for c in chars:
        zombies.append(ZombieType(
            base + c.index, f"zombie-{c.id}", f"Zombie {c.name}", "character", c.z, False,
            False, False, False, False, False, False, False, 0, "", (), 0, 0, False,
        ))
    occurrences: dict[str, OccurrenceEffect] = {o.icon: o for o in zf.occurrences}
    if sorted(occurrences) != sorted(["melee", "ranged", "item", "other", "no-luck"]):
        raise ContentError(f"{zpath}: [occurrences] needs one entry per Fate icon")
    layouts: dict[tuple[str, int], Layout] = {}
    names = {}
    for s in sf.scenarios:
        names[s.id] = s.name
        for lm in s.layouts:
            where = f"{content_path(PACKAGE, 'scenarios.toml', directory)}: entry {s.id!r} layout {lm.players}p"
            layouts[(s.id, lm.players)] = compile_layout(s.id, s.name, lm, where)
    return Content(
        fate=fate,
        fate_counts=tuple(c.count for c in ff.cards),
        fate_critical=tuple(c.critical for c in ff.cards),
        zombies=tuple(zombies),
        zombie_counts=tuple(z.count for z in zf.zombies),
        occurrences=occurrences,
        characters=chars,
        layouts=layouts,
        scenario_names=names,
    )


@lru_cache(maxsize=8)
def content(directory: str | None = None) -> Content:
    """The (cached) compiled content pack."""
    return load_content(directory)
