"""Content packs the game plays with: every bot and the screen read the pack in play, and a
pack the rules cannot play is refused at load (one ContentError naming file, entry and
field), never a fault in the middle of a game.

Source: Don't Look Back rulebook, "Components" and "Specific Card Clarifications" (what the
content files describe); docs/rulings/dont-look-back.md, ruling 25 and "What a content pack
may say".
"""

from __future__ import annotations

import io
import json
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from rich.console import Console

from zedlab.bots import choose
from zedlab.core import RNG, ContentError, make_config
from zedlab.core.content import content_path
from zedlab.core.infoset import InfoSet
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.content import PACKAGE
from zedlab.games.dont_look_back.render import render

from .helpers import CONTENT_FILES, content_pack, edit_entry

MAX_DECISIONS = 1500
"""Decisions played per game in these checks (a 1-Location game takes about 60-150)."""


def _config(pack: Path, players: int = 2, locations: int = 1) -> tuple[Any, Any]:
    """The config and the loaded content pack of a game with ``pack``."""
    content = game.load_content(pack)
    return make_config(game, {"players": players, "locations": locations}), content


def _play(config: tuple[Any, Any], seed: int, bot_kind: str, draw_every: int = 0) -> None:
    """Play one game with ``bot_kind`` in every seat (optionally drawing the screen)."""
    config, content = config
    state = game.new(config, seed, content)
    bots = [game.bot_kinds()[bot_kind]() for _ in range(config.players)]
    rng = RNG.from_seed(seed)
    for step in range(MAX_DECISIONS):
        decision = game.decision(state)
        if decision is None:
            break
        view = game.view(state, decision.player)
        if draw_every and step % draw_every == 0:
            Console(file=io.StringIO(), width=100, color_system=None).print(
                render(view, decision.player)
            )
        action = choose(bots[decision.player], InfoSet.of(game, state), rng)
        assert action in decision.options
        game.apply(state, action)
    assert game.invariants(state) == []


def _renamed_pack(folder: Path) -> Path:
    """The packaged content with the Katana's id and Carl's id changed."""
    pack = content_pack(folder)
    edit_entry(pack / "weapons.toml", "katana", 'id = "katana"', 'id = "machete"')
    edit_entry(pack / "survivors.toml", "carl", 'id = "carl"', 'id = "carl-grimes"')
    return pack


@pytest.mark.parametrize("bot_kind", sorted(game.bot_kinds()))
def test_every_bot_plays_a_pack_with_renamed_ids(tmp_path, bot_kind):
    """Ruling 25: with a pack renaming ``katana`` and ``carl``, games of 4 players
    (Carl's new id always seated) with each bot kind end without a fault."""
    config = _config(_renamed_pack(tmp_path / "pack"), players=4, locations=2)
    for seed in range(4):
        _play(config, seed, bot_kind, draw_every=25)


def test_heuristic_bot_uses_the_pack_s_rules_not_its_ids(tmp_path):
    """Source: "Specific Card Clarifications" (Katana: kept on 4+ hits). Behind on points
    with 3 hits saved and 4 misses, the heuristic bot re-rolls for the fourth hit that
    keeps the Katana, and does the same with the Katana under another id."""
    from zedlab.games.dont_look_back.bots import HeuristicBot
    from zedlab.games.dont_look_back.combat import REROLL

    from .helpers import play, table

    for pack, weapon in ((None, "katana"), (_renamed_pack(tmp_path / "pack"), "machete")):
        state = table(
            ["rick", "daryl"],
            walkers={3: 9},
            spaces=[3, 0],
            weapons={0: [weapon]},
            content_dir=pack,
        )
        state.survivors[1].points = 5
        state.rng.force(roll=[3, 3, 3, 1, 1, 5, 6])
        play(state, "combat", weapon)
        choice = HeuristicBot().choose(InfoSet.of(game, state), RNG.from_seed(1))
        assert choice == REROLL[4], weapon


def test_play_with_a_content_folder_and_bots_ends_the_game(tmp_path):
    """``zedlab play --content DIR`` with bots in every seat and a pack renaming ids plays
    to the end screen (it ended in "Internal error")."""
    from tests.cli.driver import assert_clean, run_here

    pack = _renamed_pack(tmp_path / "pack")
    args = ["play", "dont-look-back", "--content", str(pack), "--players", "2", "--locations", "1"]
    args += ["--seed", "5", "--bot", "0=heuristic", "--bot", "1=heuristic"]
    proc = run_here(args, tmp_path / "data")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert_clean(proc)
    assert "Internal error" not in proc.stdout
    assert "Game over" in proc.stdout


@pytest.mark.parametrize(
    ("filename", "entry", "old", "new", "match"),
    [
        # a name is what the screen and the log show: it needs a visible character
        (
            "survivors.toml",
            "rick",
            'name = "Rick Grimes"',
            'name = ""',
            r"survivors.toml.*'rick'.*name",
        ),
        (
            "survivors.toml",
            "rick",
            'name = "Rick Grimes"',
            'name = "   "',
            r"survivors.toml.*'rick'.*name",
        ),
        (
            "survivors.toml",
            "daryl",
            'name = "Crossbow"',
            'name = ""',
            r"survivors.toml.*'daryl'.*improvised.*name",
        ),
        ("weapons.toml", "knife", 'name = "Knife"', 'name = ""', r"weapons.toml.*'knife'.*name"),
        (
            "locations.toml",
            "the-camp",
            'name = "The Camp"',
            'name = "\\t"',
            r"locations.toml.*'the-camp'.*name",
        ),
        # counts: refused by the entry's own bound, before any deck is built
        (
            "weapons.toml",
            "handgun",
            "count = 4",
            "count = 9223372036854775807",
            r"weapons.toml.*'handgun'.*count",
        ),
        (
            "search_cards.toml",
            "more-walkers",
            "count = 8",
            "count = 9223372036854775807",
            r"search_cards.toml.*'more-walkers'.*count",
        ),
        (
            "weapons.toml",
            "handgun",
            "count = 4",
            "count = 99999999999999999999999",
            r"weapons.toml.*'handgun'.*count",
        ),
        # one card per Survivor and per Location tile
        (
            "survivors.toml",
            "carl",
            'ability = "carl-draw-two"',
            'ability = "carl-draw-two"\ncount = 9223372036854775807',
            r"survivors.toml.*'carl'.*count",
        ),
        (
            "locations.toml",
            "the-store",
            "overload = 3",
            "overload = 3\ncount = 2",
            r"locations.toml.*'the-store'.*count",
        ),
        # "improvised" names a Survivor's Improvised Weapon in Combat: no card may take it
        (
            "weapons.toml",
            "rifle",
            'id = "rifle"',
            'id = "improvised"',
            r"weapons.toml.*'improvised'.*id",
        ),
    ],
)
def test_pack_the_game_cannot_play_is_refused_at_load(tmp_path, filename, entry, old, new, match):
    """One ContentError at load naming file, entry and field (ruling 25)."""
    pack = content_pack(tmp_path / "pack")
    edit_entry(pack / filename, entry, old, new)
    with pytest.raises(ContentError, match=match):
        _config(pack)


# -- property: any mutation of the packaged pack is refused at load or plays ---------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string (no surrogates are generated)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def _dump(data: dict[str, list[dict[str, Any]]]) -> str:
    lines = []
    for key, entries in data.items():
        for entry in entries:
            lines.append(f"[[{key}]]")
            lines.extend(f"{k} = {_toml_value(v)}" for k, v in entry.items())
            lines.append("")
    return "\n".join(lines)


def _packaged() -> dict[str, dict[str, list[dict[str, Any]]]]:
    return {
        name: tomllib.loads(content_path(PACKAGE, name).read_text(encoding="utf-8"))
        for name in CONTENT_FILES
    }


PACKAGED = _packaged()
IDS = sorted(
    {e["id"] for data in PACKAGED.values() for entries in data.values() for e in entries}
    | {"improvised", "x", "new-one"}
)
WORDS = sorted(
    {
        v
        for data in PACKAGED.values()
        for entries in data.values()
        for e in entries
        for v in e.values()
        if isinstance(v, str) and len(v) < 30
    }
    | {"", " ", "[bold]", "[/]", "a b", "é"}
)
NUMBERS = st.one_of(
    st.integers(0, 10),
    st.integers(-2, 12),
    st.sampled_from([20, 21, 24, 25, 2**31, 2**63 - 1, 2**63, 10**30]),
)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@st.composite
def mutation(draw: st.DrawFn) -> tuple[str, str, int, str, Any]:
    """``(file, kind, entry index, field, new value)``.

    Kinds: ``drop`` an entry (its Search deck copies go to the next entry, so the deck
    keeps 24 cards), ``copy`` one under a new id (no copies in the deck), ``rename`` its
    id, or ``set`` one field to another value (often a plausible one, sometimes not).
    """
    filename = draw(st.sampled_from(CONTENT_FILES))
    key = next(iter(PACKAGED[filename]))
    index = draw(st.integers(0, len(PACKAGED[filename][key]) - 1))
    kind = draw(st.sampled_from(["drop", "copy", "rename", "set", "set", "set"]))
    entry = PACKAGED[filename][key][index]
    if kind in ("copy", "rename"):
        return filename, kind, index, "id", draw(st.one_of(st.sampled_from(IDS), TEXT))
    fields = sorted({*entry, "count", "keep_weapons", "keep_on_hits", "walkers", "effects"})
    field = draw(st.sampled_from(fields))
    old = entry.get(field)
    if field == "id":
        value: Any = draw(st.one_of(st.sampled_from(IDS), TEXT))
    elif field == "effects":
        value = draw(st.lists(st.sampled_from(sorted(_all_effects())), max_size=3))
    elif field == "improvised":
        value = {
            "name": draw(st.one_of(st.sampled_from(WORDS), TEXT)),
            "dice": draw(NUMBERS),
            "kind": draw(st.sampled_from(["melee", "ranged", "ranged", "thrown"])),
        }
    elif isinstance(old, str):
        value = draw(st.one_of(st.sampled_from(WORDS), TEXT))
    else:
        value = draw(NUMBERS)
    return filename, kind, index, field, value


def _all_effects() -> set[str]:
    from zedlab.games.dont_look_back import content

    return content.WEAPON_EFFECTS | content.CARD_EFFECTS | {"no-such-rule"}


def _apply(data: dict[str, Any], change: tuple[str, str, int, str, Any]) -> None:
    filename, kind, index, field, value = change
    entries = next(iter(data[filename].values()))
    if not entries:
        return
    index %= len(entries)
    deck = filename in ("weapons.toml", "search_cards.toml")
    if kind == "drop":
        gone = entries.pop(index)
        if deck and entries:
            heir = entries[index % len(entries)]
            heir["count"] = heir.get("count", 1) + gone.get("count", 1)
    elif kind == "copy":
        entries.append({**entries[index], "id": value, **({"count": 0} if deck else {})})
    else:
        entries[index][field] = value


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(mutation(), min_size=1, max_size=2),
    st.integers(1, 4),
    st.integers(0, 2**16),
)
def test_mutated_pack_is_refused_at_load_or_plays(changes, players, seed):
    """Drop, copy, rename or change entries of the packaged pack: either one ContentError
    at load, or short games with every bot kind (and the screen) run without any other
    exception."""
    check_mutated_pack(changes, players, seed)


def check_mutated_pack(
    changes: list[tuple[str, str, int, str, Any]], players: int, seed: int
) -> None:
    """The property, for :func:`test_mutated_pack_is_refused_at_load_or_plays` (and a
    longer run with more examples)."""
    data = json.loads(json.dumps(PACKAGED))
    for change in changes:
        _apply(data, change)
    with tempfile.TemporaryDirectory() as folder:
        pack = Path(folder)
        for filename, content in data.items():
            (pack / filename).write_text(_dump(content), encoding="utf-8")
        try:
            config = _config(pack, players=players)
        except ContentError as exc:
            assert str(pack) in str(exc)
            event("refused at load")
            return
        event("played")
        for kind in sorted(game.bot_kinds()):
            _play(config, seed, kind, draw_every=40)
