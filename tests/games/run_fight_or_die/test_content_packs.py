"""Mutated content packs: refused at load with a ContentError naming the file (and the entry
and field), or played by every bot kind without any other exception.

Source: Run, Fight, or Die! rulebook, "Components" (what a pack may say is what the rules
play); rulings "Content packs".
"""

from __future__ import annotations

import json
import tempfile
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zedlab.bots import choose
from zedlab.core import RNG, ContentError
from zedlab.core.infoset import InfoSet
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.content import EffectName, load_content

FILES = ("dice.toml", "characters.toml", "followers.toml", "locations.toml", "loot.toml",
         "events.toml", "fleeing.toml", "mutant.toml")
PACKAGED = {
    name: tomllib.loads((resources.files("zedlab.games.run_fight_or_die") / "content" / name).read_text("utf-8"))
    for name in FILES
}
BIG = 9223372036854775807
NUMBERS = st.sampled_from([-1, 0, 1, 2, 3, 4, 5, 6, 7, 10, 24, 25, 99, 100, 2**31, BIG, -BIG])
LITERALS = [
    "", "x", "é", "A B", "bat", "gun", "run", "search", "book", "zombie",
    "all-quiet", "ambush", "amulet", "charge", "nurse", "zombies-rise",
    "immediate", "hold", "current", "action", "reroll", "passive", "start", "hunt", "none",
    "bonus", "penalty", "special", "new-event", "new-current", "no-location", "wounded", "zone1",
    "weak-bat", "shy", "dog", "reroll-minus-1", "search-minus-1", "town-line", "playground",
    "throw-bat", "sure-shot", "popular", "tracker", "tinker", "scholar",
    "klutz", "shy-girl", "heroic-dog", "book-of-the-dead", "campfire-for-the-dead",
]
STRINGS = st.sampled_from(LITERALS + list(get_args(EffectName)))


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def to_toml(data: dict[str, Any]) -> str:
    """The content files' shape only: top-level lists of tables of plain values."""
    out = []
    for key, entries in data.items():
        for entry in entries:
            out.append(f"[[{key}]]")
            out.extend(f"{k} = {_value(v)}" for k, v in entry.items())
            out.append("")
    return "\n".join(out)


def _change(draw: st.DrawFn, name: str, data: dict[str, Any]) -> str:
    """One change to one entry of ``data`` (a content file); returns what changed."""
    key = next(iter(data))
    entries = data[key]
    if not entries:
        return f"{name}: nothing left to change"
    i = draw(st.integers(0, len(entries) - 1))
    entry = entries[i]
    how = draw(st.sampled_from(["drop", "rename", "number", "string", "delete-field", "effect", "duplicate", "item"]))
    if how == "item":
        lists = [k for k, v in entry.items() if isinstance(v, list) and v and isinstance(v[0], str)]
        if lists:
            field = draw(st.sampled_from(lists))
            items = entry[field]
            j = draw(st.integers(0, len(items) - 1))
            items[j] = draw(STRINGS)
            how += f" {field}[{j}]={items[j]!r}"
    elif how == "drop":
        del entries[i]
    elif how == "duplicate":
        entries.append(dict(entry, id=f"{entry.get('id', 'no-id')}-copy"))
    elif how == "rename":
        entry["id"] = draw(st.sampled_from(["renamed", str(entries[0].get("id")), "town-line", "Bad Id"]))
    elif how == "delete-field":
        field = draw(st.sampled_from(sorted(entry)))
        del entry[field]
        how += f" {field}"
    elif how == "effect":
        lists = [k for k, v in entry.items() if isinstance(v, list) and v and isinstance(v[0], dict)]
        if lists:
            eff = draw(st.sampled_from(entry[draw(st.sampled_from(lists))]))
            part = draw(st.sampled_from(["name", "n", "zone"]))
            eff[part] = draw(STRINGS) if part == "name" else draw(NUMBERS)
            how += f" {part}={eff[part]!r}"
    else:
        fields = [k for k, v in entry.items() if isinstance(v, int if how == "number" else str) and not isinstance(v, bool)]
        if how == "number":
            fields.append("count")
        field = draw(st.sampled_from(fields))
        entry[field] = draw(NUMBERS if how == "number" else STRINGS)
        how += f" {field}={entry[field]!r}"
    return f"{name} [{key}] #{i} {how}"


@st.composite
def mutation(draw: st.DrawFn) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """The packaged pack with 1-3 changes: (changed files by name, what changed)."""
    files: dict[str, dict[str, Any]] = {}
    what = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(FILES))
        data = files.setdefault(name, json.loads(json.dumps(PACKAGED[name])))
        what.append(_change(draw, name, data))
    return files, what


_TMP = tempfile.TemporaryDirectory(prefix="rfd-packs-")
"""One folder for every pack of a test run, removed when the run ends."""


def _folder() -> Path:
    return Path(tempfile.mkdtemp(dir=_TMP.name))


def _play(content_dir: str, players: int, bot_kind: str, seed: int, limit: int = 3000) -> None:
    s = game.new(game.Config(players=players), seed, load_content(content_dir))
    bot = game.bot_kinds()[bot_kind]()
    rng = RNG(seed)
    for _ in range(limit):
        d = game.decision(s)
        if d is None:
            return
        game.apply(s, choose(bot, InfoSet.of(game, s), rng))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(change=mutation(), seed=st.integers(0, 3))
def test_mutated_pack_is_refused_at_load_or_plays(change, seed):
    """A pack either fails to load with a ContentError naming the file and the entry or
    field, or every bot kind plays short games with it without another exception."""
    files, what = change
    folder = _folder()
    for name in FILES:
        (folder / name).write_text(to_toml(files.get(name, PACKAGED[name])), encoding="utf-8")
    try:
        load_content(str(folder))
    except ContentError as exc:
        msg = str(exc)
        assert any(name in msg for name in files), (what, msg)
        assert "entry" in msg or "field" in msg, (what, msg)
        return
    for bot_kind in game.bot_kinds():
        for players in (1, 2, 4):
            _play(str(folder), players, bot_kind, seed)


def test_round_trip_of_the_packaged_pack_loads_unchanged():
    """The writer used above reproduces the packaged content exactly."""
    folder = _folder()
    for name in FILES:
        (folder / name).write_text(to_toml(PACKAGED[name]), encoding="utf-8")
    assert load_content(str(folder)).decks == load_content().decks


@pytest.mark.parametrize("count", [BIG, 2**31, 10**6])
def test_huge_count_is_refused_before_cards_are_built(count):
    """Source: "Components": no deck holds more cards than the component list's 25."""
    data = json.loads(json.dumps(PACKAGED["followers.toml"]))
    data["followers"][0]["count"] = count
    folder = _folder()
    for name in FILES:
        (folder / name).write_text(to_toml(data if name == "followers.toml" else PACKAGED[name]), encoding="utf-8")
    with pytest.raises(ContentError, match=r"followers\.toml.*gun-nut.*count"):
        load_content(str(folder))


def test_immediate_event_drawing_an_event_is_refused():
    """Source: "EVENT CARDS" (an immediate Event resolves at once): one that draws another
    Event could chain draws for ever, so a pack may not say it."""
    data = json.loads(json.dumps(PACKAGED["events.toml"]))
    entry = next(e for e in data["events"] if e["kind"] == "immediate")
    entry["effects"] = [{"name": "draw-event", "n": 2}]
    folder = _folder()
    for name in FILES:
        (folder / name).write_text(to_toml(data if name == "events.toml" else PACKAGED[name]), encoding="utf-8")
    with pytest.raises(ContentError, match=rf"events\.toml.*{entry['id']}.*effects"):
        load_content(str(folder))
