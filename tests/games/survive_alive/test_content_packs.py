"""Survive Alive content packs: a pack the game cannot play is refused at load with a
ContentError naming the file, entry and field; every pack it accepts plays.

Source: Survive Alive rulebook, "Components" (what a pack describes), "Facilities" (the
printed facilities and weapons), "Set-Up" (Base sheets, the draft), "Round number and number
of Event cards", the solo scenarios' "Set-Up"; docs/rulings "Content directory".
"""

from __future__ import annotations

import json
import tempfile
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zedlab.bots import RandomBot, choose
from zedlab.core import RNG, ContentError
from zedlab.core.infoset import InfoSet
from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive.bots import HeuristicBot

PACKAGED = Path(str(resources.files("zedlab.games.survive_alive") / "content"))
FILES = sorted(p.name for p in PACKAGED.glob("*.toml"))
ORIGINAL = {name: tomllib.loads((PACKAGED / name).read_text(encoding="utf-8")) for name in FILES}


# -- a small TOML writer for the packaged files' shapes ------------------------------------------
def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(v)  # pragma: no cover


def _toml(data: dict[str, Any]) -> str:
    head, tail = [], []
    for key, v in data.items():
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for entry in v:
                tail.append(f"[[{key}]]")
                tail += [f"{k} = {_value(x)}" for k, x in entry.items()]
                tail.append("")
        elif isinstance(v, dict):
            tail.append(f"[{key}]")
            tail += [f"{k} = {_value(x)}" for k, x in v.items()]
            tail.append("")
        else:
            head.append(f"{key} = {_value(v)}")
    return "\n".join(head + [""] + tail)


def _write(folder: Path, pack: dict[str, dict[str, Any]]) -> str:
    for name, data in pack.items():
        (folder / name).write_text(_toml(data), encoding="utf-8")
    return str(folder)


def _pack() -> dict[str, dict[str, Any]]:
    return json.loads(json.dumps(ORIGINAL))


def _entry(pack, name: str, key: str, ident: str) -> dict[str, Any]:
    return next(e for e in pack[name][key] if e.get("id") == ident)


def _refused(pack, *words: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        d = _write(Path(tmp), pack)
        with pytest.raises(ContentError) as err:
            game.new(Config(players=2), 0, game.load_content(d))
    msg = str(err.value)
    for w in words:
        assert w in msg, msg
    return msg


def test_the_rewritten_packaged_pack_plays():
    """The writer round-trips: the packaged pack, rewritten, loads and plays."""
    with tempfile.TemporaryDirectory() as tmp:
        d = _write(Path(tmp), _pack())
        _play_all(d)


def test_no_base_sheet_is_refused():
    """Set-Up H: players choose a Base sheet; a pack with none is refused (it gave a first
    decision with no options)."""
    pack = _pack()
    pack["bases.toml"]["bases"] = []
    _refused(pack, "bases.toml", "bases")


def test_renamed_weapon_is_refused():
    """Facilities (Forge): the four printed weapons; the solo scenarios hand out a wrench."""
    pack = _pack()
    _entry(pack, "facilities.toml", "weapons", "wrench")["id"] = "spanner"
    _refused(pack, "facilities.toml", "weapons", "'id'", "wrench")


def test_character_cube_not_a_colour_is_refused():
    """Components: a discount names one of the seven cube colours."""
    pack = _pack()
    card = next(e for e in pack["characters.toml"]["characters"] if e["effect"] == "build-discount")
    card["cube"] = "plastic"
    _refused(pack, "characters.toml", repr(card["id"]), "cube")


def test_empty_tracker_is_refused():
    """Victory and Scoring: a tracker is worth the value of its left-most unshaded box."""
    pack = _pack()
    _entry(pack, "components.toml", "trackers", "defence")["values"] = []
    _refused(pack, "components.toml", "'defence'", "values")


def test_short_events_per_round_is_refused():
    """Round number and number of Event cards: a number for each of the six rounds."""
    pack = _pack()
    pack["components.toml"]["rules"]["events_per_round"] = [1, 1, 2]
    _refused(pack, "components.toml", "events_per_round")


@pytest.mark.parametrize(("name", "key", "ident", "field", "value"), [
    ("components.toml", "cubes", "wood", "count", 9223372036854775807),
    ("facilities.toml", "weapons", "axe", "count", 2**63 - 1),
    ("bases.toml", "bases", "mountain", "barricades", {"N": 10**9, "E": 3, "S": 3, "W": 3}),
    ("events.toml", "events", "a1", "cubes", 10**12),
])
def test_huge_numbers_are_refused_before_anything_is_built(name, key, ident, field, value):
    """Components: counts are bounded and checked before any object is built from them (a
    billion barricade spaces used to be laid out before the check)."""
    pack = _pack()
    _entry(pack, name, key, ident)[field] = value
    _refused(pack, name, repr(ident), field)


# -- the property: refused at load, or playable --------------------------------------------------
def _play_all(directory: str) -> None:
    """A few short games with every bot kind: solo, two players, both solo scenarios."""
    configs = [Config(players=1), Config(players=2), Config(players=1, scenario=1),
               Config(players=1, scenario=2)]
    pack = game.load_content(directory)
    assert set(game.bot_kinds()) == {"random", "heuristic"}
    for i, config in enumerate(configs):
        for bot in (RandomBot(), HeuristicBot()):
            state = game.new(config, i, pack)
            rng = RNG.from_seed(i)
            steps = 0
            while (d := game.decision(state)) is not None and steps < 3000:
                assert d.options, f"{d.kind} has no option"
                action = choose(bot, InfoSet.of(game, state), rng)
                game.apply(state, action)
                steps += 1
            assert game.invariants(state) == []


IDENT = st.from_regex(r"\A[a-z][a-z0-9-]{0,8}\Z")
NUMBERS = st.one_of(st.integers(-3, 12), st.sampled_from([0, 1, 100, 161, 10**9, 2**63 - 1, -(2**63)]))
STRINGS = st.one_of(IDENT, st.sampled_from(["", "plastic", "wood", "random", "N", "A", "points", "bed"]))


@st.composite
def mutations(draw) -> list[tuple[Any, ...]]:
    out = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(FILES))
        lists = [k for k, v in ORIGINAL[name].items() if isinstance(v, list) and v and isinstance(v[0], dict)]
        tables = [k for k, v in ORIGINAL[name].items() if isinstance(v, dict)]
        key = draw(st.sampled_from(lists + tables))
        if key in tables:
            index = -1
            fields = sorted(ORIGINAL[name][key])
        else:
            index = draw(st.integers(0, len(ORIGINAL[name][key]) - 1))
            fields = sorted(ORIGINAL[name][key][index])
        how = draw(st.sampled_from(["drop", "rename", "number", "string", "empty", "shorten"]))
        field = draw(st.sampled_from(fields))
        value = draw(NUMBERS if how == "number" else STRINGS)
        out.append((name, key, index, how, field, value))
    return out


def _mutate(pack, name, key, index, how, field, value) -> None:
    node = pack[name][key]
    if index >= 0:
        if not node:
            return
        index %= len(node)  # an earlier mutation may have dropped entries
    if how == "drop" and index >= 0:
        del node[index]
        return
    entry = node if index < 0 else node[index]
    if how == "rename" and "id" in entry:
        entry["id"] = value if isinstance(value, str) and value else "renamed"
    elif how == "number":
        old = entry[field]
        if isinstance(old, bool):
            entry[field] = bool(value)
        elif isinstance(old, int):
            entry[field] = value
        elif isinstance(old, list) and old and isinstance(old[0], int):
            entry[field] = [value, *old[1:]]
        elif isinstance(old, dict) and old:
            entry[field] = {**old, next(iter(old)): value}
    elif how == "string":
        old = entry[field]
        if isinstance(old, str):
            entry[field] = value
        elif isinstance(old, list) and old and isinstance(old[0], str):
            entry[field] = [value, *old[1:]]
    elif how == "empty" and isinstance(entry.get(field), list | dict | str):
        entry[field] = type(entry[field])()
    elif how == "shorten" and isinstance(entry.get(field), list) and entry[field]:
        entry[field] = entry[field][:-1]


@settings(max_examples=int(__import__("os").environ.get("SA_PACK_EXAMPLES", "40")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutations())
def test_a_mutated_pack_is_refused_at_load_or_plays(muts):
    """Components: a mutated packaged pack either fails to load with a ContentError naming
    the file, or plays short games with every bot kind without any other exception."""
    pack = _pack()
    for m in muts:
        _mutate(pack, *m)
    with tempfile.TemporaryDirectory() as tmp:
        d = _write(Path(tmp), pack)
        try:
            game.new(Config(players=1), 0, game.load_content(d))
        except ContentError as err:
            assert ".toml" in str(err)
            return
        _play_all(d)


def test_a_pack_of_one_weapon_a_character_offers_no_find_nobody_can_take():
    """Components: with `weapons_per_character = 1` a weapon found in a Solo Scenario
    ("Solo Scenario Game Conditions") is offered only while a scavenger has a free hand: a
    find never asks a question with no answer (found by the mutated-pack test)."""
    pack = _pack()
    pack["components.toml"]["rules"]["weapons_per_character"] = 1
    with tempfile.TemporaryDirectory() as tmp:
        _play_all(_write(Path(tmp), pack))
