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
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from zedlab.core import ContentEntry, ContentError, ContentFile, content_path, load_toml
from zedlab.core.content import CardText, ContentBinder

PACKAGE = "zedlab.games.if_im_going_down"

Category = Literal["melee", "ranged", "item", "other", "no-luck"]
Ability = Literal[
    "short-stuff", "instant-kill", "loved-one", "reach", "no-hold-back", "hated-one", "pop-up"
]
FateEffect = Literal[
    "none", "weapon", "reload", "no-move", "extra-action", "camera", "flare", "diary", "story"
]
SCENARIO_PLAYERS = {
    "the-shack": (1, 2),
    "the-intersection": (1, 2, 3, 4),
    "the-alley": (1, 2),
}
"""The layouts a pack must give: scenario id -> player counts (the Intersection alone has the
3- and 4-player side). Source: rulebook, "Expanding for 3 to 4 Player Games"."""
OCCURRENCE_RIP = {
    "eat-your-spinach": True, "persistent-search": True, "not-much-left": True,
    "fumble": False, "accidental-discharge": False,
}
"""The five occurrences the rules play, by id, and whether each stays in the R.I.P. space.
Source: rulebook, "Resolve Occurrence Cards"."""
ONE_USE = frozenset({"reload", "no-move", "extra-action", "flare"})
"""Resource effects that trash the card after one use."""
NO_USE = frozenset({"none", "diary", "story"})
"""Resources that are never used (``uses`` 0)."""


class FateCard(ContentEntry):
    """A Fate deck card kind (resource or No Luck)."""

    category: Category
    effect: FateEffect
    text: CardText
    count: int = Field(default=1, ge=0, le=41, description="copies; the whole Fate deck is 41")
    uses: int = Field(default=1, ge=0, le=20, description="0 = infinite")
    apu: int = Field(default=0, ge=0, le=10)
    attack: int = Field(default=0, ge=-20, le=20)
    hands: int = Field(default=1, ge=1, le=2)
    critical: int = Field(default=0, ge=0, le=41, description="copies with the blood splatter")
    max_range: int = Field(default=0, ge=0, le=20, description="0 = no limit")
    min_range: int = Field(default=0, ge=0, le=20)
    behind: int = Field(default=0, ge=0, le=20, description="Kill Points for the Zombie behind a kill")
    auto_kill: bool = False
    bonus: int = Field(default=0, ge=0, le=20)

    @model_validator(mode="after")
    def _fields_fit_effect(self) -> FateCard:
        e = self.effect
        weapon = e == "weapon"
        if weapon != (self.category in ("melee", "ranged")):
            raise ValueError(f"category: a {self.category!r} card cannot have effect {e!r}; weapons are melee or ranged")
        if (self.category == "no-luck") != (e == "none"):
            raise ValueError(f"effect: a {self.category!r} card cannot have effect {e!r}; No Luck cards have 'none'")
        if weapon:
            if self.apu < 1:
                raise ValueError("apu: a weapon makes 1 or more attacks per Use")
            if self.min_range and self.max_range and self.min_range > self.max_range:
                raise ValueError(f"min_range: {self.min_range} is beyond max_range {self.max_range}")
            if self.category == "melee" and (self.min_range or self.max_range):
                raise ValueError("max_range, min_range: a melee weapon attacks at Range 1 only")
        else:
            for name in ("apu", "attack", "behind", "min_range"):
                if getattr(self, name):
                    raise ValueError(f"{name}: only a weapon has it; this card's effect is {e!r}")
            if self.auto_kill:
                raise ValueError(f"auto_kill: only a weapon has it; this card's effect is {e!r}")
            if self.hands != 1:
                raise ValueError(f"hands: only a weapon needs 2 hands; this card's effect is {e!r}")
            if (self.max_range > 0) != (e == "no-move"):
                raise ValueError(f"max_range: the {e!r} effect " + ("needs a reach of 1 or more" if e == "no-move" else "has no range"))
        if self.bonus and e not in ("camera", "diary"):
            raise ValueError(f"bonus: only a camera or diary scores bonus points; this card's effect is {e!r}")
        if e in ONE_USE and self.uses != 1:
            raise ValueError(f"uses: the {e!r} effect trashes the card after 1 use; uses must be 1")
        if e in NO_USE and self.uses != 0 and "uses" in self.model_fields_set:
            raise ValueError(f"uses: a card with effect {e!r} is never used; uses must be 0")
        if e == "camera" and self.uses < 1:
            raise ValueError("uses: the camera needs 1 or more snapshots")
        return self


class ZombieCard(ContentEntry):
    """A Zombie deck card kind: a Zombie or an Occurrence card."""

    kind: Literal["standard", "named", "occurrence"]
    text: CardText
    count: int = Field(default=1, ge=0, le=55, description="copies; the whole Zombie deck is 55")
    z: int = Field(ge=0, le=20)
    stride: bool = False
    abilities: list[Ability] = []
    moan: int = Field(default=0, ge=0, le=10)
    acquire: str = ""
    shared_hunger_targets: list[str] = []
    shared_hunger_mod: int = Field(default=0, ge=-10, le=10)
    number: int = Field(default=0, ge=0, le=6)
    biohazard: bool = False

    @model_validator(mode="after")
    def _fields_fit_kind(self) -> ZombieCard:
        if self.kind == "occurrence":
            zombie_only = {
                "z": self.z, "stride": self.stride, "abilities": self.abilities, "moan": self.moan,
                "acquire": self.acquire, "shared_hunger_targets": self.shared_hunger_targets,
                "shared_hunger_mod": self.shared_hunger_mod,
            }
            for name, value in zombie_only.items():
                if value:
                    raise ValueError(f"{name}: an Occurrence card is not a Zombie; leave {name} out")
        else:
            if self.z < 1:
                raise ValueError("z: a Zombie's Z-Number is 1 or more")
            if self.number or self.biohazard:
                raise ValueError("number, biohazard: only Occurrence cards have them")
            if bool(self.shared_hunger_targets) != bool(self.shared_hunger_mod):
                raise ValueError("shared_hunger_targets, shared_hunger_mod: give both or neither")
        return self


class OccurrenceEffect(BaseModel):
    """One of the five occurrences printed on every Occurrence card."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    name: str
    source: Literal["rulebook", "public", "designed"]
    icon: Category
    rip: bool
    text: CardText


ABILITY_IDS = (
    "short-stuff", "instant-kill", "loved-one", "reach", "no-hold-back", "hated-one", "pop-up",
    "stride", "moan", "acquire", "shared-hunger",
)
"""The Zombie abilities and icons a pack explains (``[[abilities]]`` of zombies.toml).
Source: rulebook, "Zombie Abilities", "Other Effects", "Pop-Up! Zombies"."""


class ZombieAbility(BaseModel):
    """A Zombie ability or icon, named as the rulebook names it, with its short text."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: Literal[
        "short-stuff", "instant-kill", "loved-one", "reach", "no-hold-back", "hated-one", "pop-up",
        "stride", "moan", "acquire", "shared-hunger",
    ]
    name: str = Field(min_length=1)
    source: Literal["rulebook", "public", "designed"]
    text: CardText


class ZombieFile(ContentFile):
    zombies: list[ZombieCard]
    occurrences: list[OccurrenceEffect]
    abilities: list[ZombieAbility]


class FateFile(ContentFile):
    cards: list[FateCard]


class Modifier(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    weapon: str = Field(description="a weapon's Fate card id, or 'melee' / 'ranged'")
    value: int = Field(ge=-10, le=10)


class CharacterCard(ContentEntry):
    z: int = Field(ge=1, le=20)
    ability: Literal["lucky-break", "pack-mule", "scavenger", "second-wind", "sharpshooter", "brawler"]
    ability_text: CardText
    modifiers: list[Modifier] = []

    @model_validator(mode="after")
    def _one_card(self) -> CharacterCard:
        if self.count != 1:
            raise ValueError(f"count: each Character card exists once, not {self.count}")
        return self


class CharacterFile(ContentFile):
    characters: list[CharacterCard]


MAX_SIDE = 30
"""Rows and columns a layout grid may have (the printed cards have fewer than 10)."""


class LayoutModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = Field(ge=1, le=4)
    card: int = Field(ge=1, le=3)
    side: Literal["A", "B"]
    starting_resources: int = Field(ge=0, le=26)
    ground_spaces: int = Field(ge=1, le=10)
    low: int = Field(ge=0, le=1000)
    high: int = Field(ge=0, le=1000)
    grid: list[str] = Field(min_length=1, max_length=MAX_SIDE)

    @model_validator(mode="after")
    def _numbers_fit(self) -> LayoutModel:
        if self.low > self.high:
            raise ValueError(f"low: the Kill-O-Meter's Low {self.low} is above its High {self.high}")
        room = 4 * self.players + self.ground_spaces
        if self.starting_resources > room:
            raise ValueError(
                f"starting_resources: {self.starting_resources} cannot all be placed; "
                f"{self.players} player(s) and {self.ground_spaces} Ground spaces hold at most {room}"
            )
        return self


class ScenarioModel(ContentEntry):
    text: CardText
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
    texts: dict[str, str]
    """Every card, ability and scenario name -> its short text (``Game.card_texts``)."""
    digest: str = "packaged"
    """The pack's digest (set by :data:`BINDER` when it loads the pack); states carry it."""

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
    cols = max((len(r) for r in rows), default=0)
    if cols > MAX_SIDE:
        raise ContentError(f"{where}: a row of {cols} spaces; a layout is at most {MAX_SIDE} spaces wide")
    index: dict[tuple[int, int], int] = {}
    spaces: list[tuple[int, int]] = []
    initial: list[tuple[int, int]] = []
    chars: list[int] = []
    for r, row in enumerate(rows):
        for c, tok in enumerate(row):
            if tok == ".":
                continue
            if tok not in {"N", "C"} and not (tok.isdigit() and 1 <= int(tok) <= 9):
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
    if not feeds_sorted:
        raise ContentError(f"{where}: no Initial Space (1-9); Zombies need somewhere to enter")
    for a in chars:
        cut = [spaces[b] for b in range(n) if dist[a][b] == 99]
        if cut:
            r, c = cut[0]
            raise ContentError(f"{where}: the space at row {r} col {c} cannot be reached from every Character Space")
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


def _check_counts(zf: ZombieFile, ff: FateFile, cf: CharacterFile, paths: tuple[Path, Path, Path]) -> None:
    """The counts the rulebook states (raises ContentError naming file, entry and field).

    Every field is already bounded by the models, so the sums here stay small.
    Source: rulebook, "Game Contents", "Separating the Cards Back Into Two Sets".
    """
    zpath, fpath, cpath = paths
    occ = [z for z in zf.zombies if z.kind == "occurrence"]
    named = [z for z in zf.zombies if z.kind == "named"]
    std = [z for z in zf.zombies if z.kind == "standard"]
    problems: list[str] = []
    total_z = sum(z.count for z in zf.zombies)
    if total_z != 55:
        problems.append(f"{zpath}: [zombies] field 'count': the Zombie deck has {total_z} cards; the rulebook says 55")
    if sorted(z.number for z in occ) != [1, 2, 3, 4, 5, 6] or any(z.count != 1 for z in occ):
        problems.append(f"{zpath}: [zombies] field 'number': Occurrence cards must be numbered 1-6, one copy each")
    if sorted(z.count for z in std) != [14, 14]:
        problems.append(
            f"{zpath}: [zombies] field 'count': there must be two standard Zombies (male, female) with 14 copies each"
        )
    problems.extend(
        f"{zpath}: entry {z.id!r} field 'count': every named Zombie has a single copy" for z in named if z.count != 1
    )
    total_f = sum(c.count for c in ff.cards)
    if total_f != 41:
        problems.append(f"{fpath}: [cards] field 'count': the Fate deck has {total_f} cards; the rulebook says 41")
    counts = {c.id: c.count for c in ff.cards}
    fixed = {"no-luck": 12, "ammo": 3, "dead-weight": 2, "hand-gun": 2, "assault-rifle": 2,
             "machete": 2, "rifle": 2, "shotgun": 2, "story-item": 1}
    for card_id, n in fixed.items():
        if counts.get(card_id) != n:
            problems.append(f"{fpath}: entry {card_id!r} field 'count': needs {n} copies (rulebook)")
    for c in ff.cards:
        if c.id not in fixed and c.count != 1:
            problems.append(f"{fpath}: entry {c.id!r} field 'count': must be single (rulebook)")
        if c.critical > c.count:
            problems.append(f"{fpath}: entry {c.id!r} field 'critical': more critical copies than copies")
    if len(cf.characters) != 6:
        problems.append(f"{cpath}: [characters]: the game has 6 Character cards, not {len(cf.characters)}")
    if problems:
        raise ContentError("; ".join(problems[:6]))


def load_content(directory: str | Path | None = None) -> Content:
    """Load, validate and compile the content pack (``directory`` overrides ours).

    Raises:
        ContentError: naming the file, entry and field, or a broken rulebook count.
    """
    zpath = content_path(PACKAGE, "zombies.toml", directory)
    fpath = content_path(PACKAGE, "fate.toml", directory)
    zf = load_toml(zpath, ZombieFile)
    ff = load_toml(fpath, FateFile)
    cpath = content_path(PACKAGE, "characters.toml", directory)
    cf = load_toml(cpath, CharacterFile)
    sf = load_toml(content_path(PACKAGE, "scenarios.toml", directory), ScenarioFile)
    _check_counts(zf, ff, cf, (zpath, fpath, cpath))
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
    if len(zf.occurrences) != 5 or sorted(occurrences) != sorted(["melee", "ranged", "item", "other", "no-luck"]):
        raise ContentError(f"{zpath}: [occurrences] needs one entry per Fate icon")
    for o in zf.occurrences:
        if o.id not in OCCURRENCE_RIP:
            raise ContentError(
                f"{zpath}: [occurrences] entry {o.id!r} field 'id': the rules play only "
                + ", ".join(OCCURRENCE_RIP)
            )
        if o.rip != OCCURRENCE_RIP[o.id]:
            raise ContentError(
                f"{zpath}: [occurrences] entry {o.id!r} field 'rip': must be "
                f"{str(OCCURRENCE_RIP[o.id]).lower()} (the rules decide where it stays)"
            )
    targets = {"melee", "ranged"} | {c.id for c in ff.cards if c.effect == "weapon"}
    for ch in cf.characters:
        for m in ch.modifiers:
            if m.weapon not in targets:
                raise ContentError(
                    f"{cpath}: entry {ch.id!r} field 'modifiers': no weapon {m.weapon!r}; "
                    "use a weapon's Fate card id, 'melee' or 'ranged'"
                )
    spath = content_path(PACKAGE, "scenarios.toml", directory)
    layouts: dict[tuple[str, int], Layout] = {}
    names = {}
    for s in sf.scenarios:
        names[s.id] = s.name
        if s.id not in SCENARIO_PLAYERS:
            raise ContentError(
                f"{spath}: entry {s.id!r} field 'id': no such scenario; use " + ", ".join(SCENARIO_PLAYERS)
            )
        for lm in s.layouts:
            where = f"{spath}: entry {s.id!r} field 'layouts' ({lm.players} player(s))"
            if lm.players not in SCENARIO_PLAYERS[s.id]:
                raise ContentError(
                    f"{where} field 'players': {s.id} is played by "
                    + ", ".join(map(str, SCENARIO_PLAYERS[s.id])) + " player(s)"
                )
            if (s.id, lm.players) in layouts:
                raise ContentError(f"{where} field 'players': a second layout for {lm.players} player(s)")
            layouts[(s.id, lm.players)] = compile_layout(s.id, s.name, lm, f"{where} field 'grid'")
    for sid, counts in SCENARIO_PLAYERS.items():
        missing = [n for n in counts if (sid, n) not in layouts]
        if missing:
            raise ContentError(
                f"{spath}: entry {sid!r} field 'layouts': no layout for "
                + ", ".join(map(str, missing)) + " player(s)"
            )
    missing = [a for a in ABILITY_IDS if a not in {ab.id for ab in zf.abilities}]
    if missing:
        raise ContentError(f"{zpath}: [abilities]: no entry for {', '.join(missing)}; every ability needs a text")
    texts = _card_texts(zf, ff, cf, sf)
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
        texts=texts,
    )


def _card_texts(zf: ZombieFile, ff: FateFile, cf: CharacterFile, sf: ScenarioFile) -> dict[str, str]:
    """Name -> short text of every Fate card, Zombie card (and zombified character),
    occurrence, Zombie ability, character and scenario."""
    texts: dict[str, str] = {}
    for group in (ff.cards, zf.zombies, zf.occurrences, zf.abilities, sf.scenarios):
        for e in group:
            texts[e.name] = e.text
    weapon_names = {c.id: c.name for c in ff.cards} | {"melee": "Melee weapons", "ranged": "Ranged weapons"}
    for c in cf.characters:
        mods = "".join(f"{weapon_names[m.weapon]} {m.value:+d}. " for m in c.modifiers)
        texts[c.name] = f"{mods}{c.ability_text} As a Zombie: Z-Number {c.z}."
        texts[f"Zombie {c.name}"] = (
            f"{c.name} turned: a Zombie of Z-Number {c.z} that moves and bites like the others."
        )
    return texts


FILES = ["zombies.toml", "fate.toml", "characters.toml", "scenarios.toml"]
BINDER = ContentBinder("if-im-going-down", PACKAGE, FILES, load_content)
"""The game's content packs by digest: ``BINDER(state.content)`` is a state's pack."""
