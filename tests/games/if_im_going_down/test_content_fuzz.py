"""Mutated content packs: refused at load with a ContentError naming the file, or playable.

A pack that passes validation must never crash the game: every bot kind plays a few short
games with it without any exception. Hypothesis mutates the packaged pack (drops or renames
entries, changes numbers and strings, removes fields) and checks exactly that.
"""

from __future__ import annotations

import io
import json
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from zedlab.bots import choose
from zedlab.core import RNG, ContentError
from zedlab.core.content import content_path
from zedlab.core.infoset import InfoSet
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.content import PACKAGE, load_content
from zedlab.games.if_im_going_down.render import render

FILES = ("zombies.toml", "fate.toml", "characters.toml", "scenarios.toml")
ORIGINAL = {name: tomllib.loads(content_path(PACKAGE, name).read_text()) for name in FILES}
IDS = sorted({e["id"] for d in ORIGINAL.values() for v in d.values() for e in v if "id" in e})
HUGE = [9223372036854775807, -9223372036854775808, 2**31, 10**6, 1000]
MAX_DECISIONS = 250


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return "{" + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + "}"


def to_toml(data: dict[str, Any]) -> str:
    """Arrays of tables with inline values: enough for the pack's shape."""
    tables = {k: v for k, v in data.items() if isinstance(v, list) and all(isinstance(e, dict) for e in v)}
    out = [f"{k} = {_toml_value(v)}" for k, v in data.items() if k not in tables]
    for key, entries in tables.items():
        for entry in entries:
            out.append(f"[[{key}]]")
            out.extend(f"{k} = {_toml_value(v)}" for k, v in entry.items())
            out.append("")
    return "\n".join(out)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path below the file's top level (entries, fields, list items)."""
    out = [path] if len(path) >= 2 else []
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(_paths(v, (*path, i)))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        node = node[k]
    return node


@st.composite
def mutation(draw: st.DrawFn, data: dict[str, dict[str, Any]]) -> None:
    """Change the pack in place: drop, rename, renumber, reword or remove one thing."""
    name = draw(st.sampled_from(FILES))
    path = draw(st.sampled_from(_paths(data[name])))
    parent, key = _get(data[name], path[:-1]), path[-1]
    value = parent[key]
    op = draw(st.sampled_from(["drop", "replace", "replace"]))
    if op == "drop":
        del parent[key]
        return
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = draw(st.one_of(st.integers(-3, 60), st.sampled_from(HUGE)))
    elif isinstance(value, str):
        parent[key] = draw(st.one_of(st.sampled_from(IDS), st.text(max_size=8),
                                     st.sampled_from(["", "N", "C", "1", ".", "1 N 2", "[/]", "[bold", value + "-x"])))
    elif isinstance(value, list):
        if value:
            parent[key] = value + [draw(st.sampled_from(value))]  # a duplicate entry or item
        else:
            parent[key] = [draw(st.sampled_from(IDS))]
    else:
        parent[key] = draw(st.sampled_from([0, "x", [], True]))


def _play(config: dict[str, Any], kinds: list[str], seed: int, folder: str) -> None:
    cfg = game.Config(**config)
    s = game.new(cfg, seed, game.load_content(folder))
    bots = [game.bot_kinds()[k]() for k in kinds]
    rng = RNG.from_seed(seed)
    for _ in range(MAX_DECISIONS):
        d = game.decision(s)
        if d is None:
            break
        game.apply(s, choose(bots[d.player], InfoSet.of(game, s), rng))
    assert game.invariants(s) == []
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    for seat in range(s.seats):
        console.print(render(game.view(s, seat), seat))  # names and texts shown as written
    assert game.encode(game.decode(game.encode(s))) == game.encode(s)  # records and saves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_pack_is_refused_or_plays(data: st.DataObject) -> None:
    """Validation is the only gate: what it lets through, the rules and bots can play."""
    pack = json.loads(json.dumps(ORIGINAL))
    for _ in range(data.draw(st.integers(1, 3))):
        data.draw(mutation(pack))
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            (Path(tmp) / name).write_text(to_toml(pack[name]), encoding="utf-8")
        try:
            load_content(tmp)
        except ContentError as exc:
            assert any(name in str(exc) for name in FILES), str(exc)
            return
        players = data.draw(st.integers(1, 2))
        scenario = data.draw(st.sampled_from(["the-shack", "the-intersection", "the-alley"]))
        seed = data.draw(st.integers(0, 10))
        for kind in game.bot_kinds():
            zp = kind == "zombie" or data.draw(st.booleans())
            seats = players + (1 if zp else 0)
            kinds = [kind if kind != "zombie" else "heuristic"] * players + (["zombie"] if zp else [])
            _play({"players": players, "scenario": scenario, "zombie_player": zp}, kinds[:seats], seed, tmp)


def test_oversized_layout_is_refused_before_its_distances_are_built() -> None:
    """A grid row of thousands of spaces is refused by its size, not after an all-pairs
    distance table is computed. Source: rulebook, "Scenario Layout"."""
    pack = json.loads(json.dumps(ORIGINAL))
    pack["scenarios.toml"]["scenarios"][0]["layouts"][0]["grid"][1] = " ".join(["N"] * 5000)
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            (Path(tmp) / name).write_text(to_toml(pack[name]), encoding="utf-8")
        with pytest.raises(ContentError, match=r"scenarios.toml.*'the-shack'.*grid.*wide"):
            load_content(tmp)


@pytest.mark.parametrize("field", ["count", "uses", "apu", "attack", "behind", "critical"])
def test_huge_number_is_refused_before_anything_is_built(field: str) -> None:
    """count = 2**63 - 1 and the like: one ContentError naming file, entry and field, not a
    deck of that many cards being built. Source: rulebook, "Game Contents" (deck sizes)."""
    pack = json.loads(json.dumps(ORIGINAL))
    gun = next(c for c in pack["fate.toml"]["cards"] if c["id"] == "hand-gun")
    gun[field] = 9223372036854775807
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            (Path(tmp) / name).write_text(to_toml(pack[name]), encoding="utf-8")
        with pytest.raises(ContentError, match=rf"fate.toml.*'hand-gun'.*{field}"):
            load_content(tmp)


def test_names_that_look_like_markup_are_shown_as_written() -> None:
    """A pack may name a card or scenario with square brackets; the table shows the text
    as written instead of failing on it as terminal markup."""
    pack = json.loads(json.dumps(ORIGINAL))
    pack["scenarios.toml"]["scenarios"][0]["name"] = "[/] The Shack [bold"
    for card in pack["fate.toml"]["cards"]:
        card["name"] = f"[/]{card['name']}"
    for z in pack["zombies.toml"]["zombies"]:
        z["name"] = f"[/]{z['name']}"
    for c in pack["characters.toml"]["characters"]:
        c["name"] = f"[/]{c['name']}"
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            (Path(tmp) / name).write_text(to_toml(pack[name]), encoding="utf-8")
        s = game.new(game.Config(players=1, characters=("jessie",)), 1, game.load_content(tmp))
        while (d := game.decision(s)) is not None and s.turn < 3:
            game.apply(s, d.options[0])
        console = Console(width=160, record=True, color_system=None, file=io.StringIO())
        console.print(render(game.view(s, 0), 0))
        text = console.export_text()
        assert "[/] The Shack [bold" in text and "[/]Jessie" in text
