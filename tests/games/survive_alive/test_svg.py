"""The SVG board of Survive Alive: well-formed at every kind of decision, options placed
on the Base sheet, the map, the characters and the cubes, what is behind a screen kept
from the others, hover texts from the content."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.core.regions import check_regions
from zedlab.bots import choose
from zedlab.core import RNG, Match
from zedlab.core.infoset import RandomBot
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.content import load
from zedlab.games.survive_alive.svg import board

from .helpers import build_free, give

NS = "{http://www.w3.org/2000/svg}"
PLACED = {"build", "lose", "give", "take", "keep", "want", "multiply", "heal", "send", "make-room", "forge",
          "weapon-to", "place", "scavenge", "character", "base"}
"""Option kinds that stand for a slot, a cube colour, a character, a weapon, a side of the
Base, a location or a card offered: each is drawn where it belongs and can be clicked."""

FAMILIES = [
    {"players": 1},
    {"players": 2},
    {"players": 3, "leader_rule": "highest"},
    {"players": 4},
    {"players": 1, "scenario": 1},
    {"players": 1, "scenario": 2},
]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and "board" in root.get("class", "") and root.get("viewBox")
    for el in root.iter():
        assert el.tag not in (f"{NS}script", f"{NS}foreignObject", f"{NS}image", f"{NS}a")
        assert not any(k.startswith("on") or k.endswith("href") for k in el.attrib), el.attrib
    return root


def clickable(root: ET.Element) -> list[str]:
    return [el.get("data-option", "") for el in root.iter() if el.get("data-option") is not None]


def titles(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}title")]


def placed(view: dict[str, Any]) -> set[str]:
    return {str(o["id"]) for o in (view["decision"] or {}).get("options", []) if o["kind"] in PLACED}


def check(view: dict[str, Any], seat: int | None) -> list[str]:
    """Draw ``view``; every data-option names an option of the seat's decision and every
    option with a place on the board is there."""
    root = parse(board(view, seat))
    ids = {str(o["id"]) for o in (view["decision"] or {}).get("options", [])}
    found = clickable(root)
    assert set(found) <= ids
    assert placed(view) <= set(found), (view["decision"]["kind"], placed(view) - set(found))
    return found


@pytest.mark.parametrize("config", FAMILIES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_board_at_every_kind_of_decision(config: dict[str, Any]) -> None:
    """Seeded games to the end: every board parses, offers only real options and places
    every option that is about something on the table; the final board shows the scores."""
    kinds: set[str] = set()
    for seed in range(2):
        m = Match.new(game, config, seed=seed)
        bots = [game.bot_kinds()["heuristic" if seed else "random"]() for _ in range(game.seats(m.config))]
        rng = RNG.from_seed(seed)
        n = 0
        while m.decision is not None:
            seat, kind = m.decision.player, m.decision.kind
            if kind not in kinds or n % 9 == 0:
                check(m.view(seat), seat)
                assert not clickable(parse(board(m.view(None), None)))
                kinds.add(kind)
            m.play(choose(bots[seat], m.infoset(), rng))
            n += 1
        for seat in [None, *range(game.seats(m.config))]:
            text = " ".join(parse(board(m.view(seat), seat)).itertext())
            assert "Game over" in text
            assert "Final scores" in text
    assert {"spend", "scavenge-where", "place-defender"} <= kinds or config.get("scenario")


def _words(svg: str) -> str:
    return " ".join(parse(svg).itertext()) + " " + " ".join(titles(parse(svg)))


def test_draft_hand_only_on_the_drafting_seats_board() -> None:
    """The Character cards a player picks from are that player's alone.
    Source: "Player set-up" J."""
    m = Match.new(game, {"players": 2}, seed=3)
    while m.decision.kind != "draft":
        m.play(m.options[0])
    seat = m.decision.player
    other = 1 - seat
    hand = m.view(seat)["private"]["draft"]
    names = [load().characters[c].name for c in hand]
    mine = _words(board(m.view(seat), seat))
    assert all(re.search(rf"\b{re.escape(n)}\b", mine) for n in names)
    for view_seat in (other, None):
        theirs = _words(board(m.view(view_seat), view_seat))
        assert not any(re.search(rf"\b{re.escape(n)}\b", theirs) for n in names), view_seat
    draft_ids = {str(o["id"]) for o in m.view(seat)["decision"]["options"] if o["kind"] == "character"}
    assert draft_ids <= set(clickable(parse(board(m.view(seat), seat))))


def _spend(players: int = 2, seed: int = 1) -> Match:
    m = Match.new(game, {"players": players, "first_player": 0}, seed=seed)
    while m.decision.kind != "spend":
        m.play(m.options[0])
    return m


def test_watch_tower_look_and_cubes_stay_behind_the_screen() -> None:
    """Event cards a player looked at from a Watch Tower, and the cubes behind a Player
    screen, show on that player's board only. Source: "Facilities" (Watch Tower),
    "Draw Event Cards" (screens come off when the Event cards are drawn)."""
    m = _spend()
    st = m.state
    seat = m.decision.player
    p = st.players[seat]
    build_free(p, "watch-tower-NE")
    give(st, p, food=3)
    m = Match(game, m.config, m.seed, st)
    m.play(next(a for a in m.options if a.kind == "peek"))
    seen = m.view(seat)["private"]["coming_events"]
    assert seen and not m.view(seat)["public"]["drawn"]
    names = [load().events[e].name for e in seen]
    mine = _words(board(m.view(seat), seat))
    assert all(n in mine for n in names) and "you looked" in mine
    for other in (1 - seat, None):
        svg = board(m.view(other), other)
        assert not any(n in _words(svg) for n in names)
        assert "cubes screened" in _words(svg)
    assert "Cubes behind your screen" in mine


def test_build_options_sit_on_their_slots() -> None:
    """Each facility the seat can build is clicked on its own space of the Base sheet,
    whose hover text names the facility and its cost. Source: "Spend Resource Cubes"."""
    m = _spend()
    seat = m.decision.player
    give(m.state, m.state.players[seat], wood=4, metal=2, brick=2, cloth=1)
    m = Match(game, m.config, m.seed, m.state)
    view = m.view(seat)
    builds = {str(o["id"]): o for o in view["decision"]["options"] if o["kind"] == "build"}
    assert builds
    root = parse(board(view, seat))
    content = load()
    for el in root.iter():
        option = el.get("data-option")
        if option in builds:
            slot = builds[option]["value"]
            facility = content.facilities[slot.rsplit("-", 2)[0] if slot[-1].isdigit() else "watch-tower"]
            tip = el.find(f"{NS}title").text
            assert tip.startswith(facility.name) and "costs" in tip
    assert set(builds) <= set(clickable(root))


def test_hover_texts_name_abilities_events_and_objectives() -> None:
    """Characters show their ability, Event cards their attack, Objective cards their
    criterion, facilities their cost. Source: "Card Anatomy", "Character Abilities"."""
    m = _spend(players=1)
    view = m.view(0)
    tips = titles(parse(board(view, 0)))
    content = load()
    for ch in view["private"]["player"]["characters"]:
        ability = content.characters[ch["id"]].ability
        assert any(t.startswith(ch["name"]) and ability in t for t in tips)
    for oid in view["public"]["objectives"]:
        card = content.objectives[oid]
        assert any(t.startswith(card.name) and f"at least {card.minimum}" in t for t in tips)
    assert any(t.startswith("Watch Tower") and "costs" in t for t in tips)
    while m.decision is not None and not m.view(0)["public"]["drawn"]:
        m.play(m.options[0])
    drawn = m.view(0)["public"]["drawn"]
    tips = titles(parse(board(m.view(0), 0)))
    assert any(t.startswith(content.events[drawn[0]].name) and re.search(r"\d+ Zeds? from the", t) for t in tips)


def test_the_web_service_finds_the_board_and_names_are_escaped() -> None:
    """The registry hands the web page this board; a name with markup characters stays
    text."""
    from zedlab.core.registry import board_svg

    assert board_svg(game) is board
    m = _spend(players=1)
    view = m.view(0)
    view["private"]["player"]["characters"][0]["name"] = 'Jo <b>"&"</b>'
    root = parse(board(view, 0))
    assert any(t.startswith('Jo <b>"&"</b>') for t in titles(root))


def test_cube_boxes_are_labelled_by_colour_name_and_count() -> None:
    """Each cube box says its colour in words beside the count (not by its colour alone),
    and is an image whose accessible name gives the colour's name and the count."""
    m = _spend(players=1)
    view = m.view(0)
    cubes = view["private"]["player"]["cubes"]
    root = parse(board(view, 0))
    content = load()
    names = {e.id: e.name for e in content.components.cubes}
    labelled = {el.get("aria-label", "") for el in root.iter(f"{NS}g") if el.get("role") == "img"}
    for colour, name in names.items():
        n = cubes.get(colour, 0)
        assert any(lab.startswith(f"{name}: {n} in hand") for lab in labelled), (colour, labelled)
        box = next(el for el in root.iter(f"{NS}g") if el.get("aria-label", "").startswith(f"{name}:"))
        assert [t.text for t in box.iter(f"{NS}text")][:2] == [str(n), colour]
    # the board's text is read out, not hidden behind one image
    assert root.get("role") == "group"


def test_forge_chips_say_what_a_click_does() -> None:
    """A character's weapon chips (+Axe...) are captioned "forge:" and each one's hover
    text starts with the option it plays: the weapon, the character and the cost.
    Source: "Spend Resource Cubes" (Forge)."""
    m = _spend(players=1)
    give(m.state, m.state.players[0], wood=4, metal=4)
    m = Match(game, m.config, m.seed, m.state)
    view = m.view(0)
    forges = {str(o["id"]): o["label"] for o in view["decision"]["options"] if o["kind"] == "forge"}
    assert forges
    root = parse(board(view, 0))
    seen = 0
    for el in root.iter(f"{NS}g"):
        if el.get("data-option") in forges:
            assert el.find(f"{NS}title").text.startswith(forges[el.get("data-option")] + ". ")
            seen += 1
    assert seen == len(forges)
    captions = [t.text for t in root.iter(f"{NS}text") if t.text == "forge:"]
    assert len(captions) == len(view["private"]["player"]["characters"])


@pytest.mark.parametrize("config", FAMILIES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_the_board_comes_in_regions_a_phone_shows_one_by_one(config: dict[str, Any]) -> None:
    """Every option on the board, and every word, is in a region (``<g data-region>``) no
    wider than a Base sheet beside its margin (620 units; the final scores' table excepted),
    so a narrow page can show the regions one under another, each across its width."""
    m = Match.new(game, config, seed=2)
    rng = RNG(5)
    step = 0
    while True:
        seat = m.decision.player if m.decision is not None else 0
        if step % 15 == 0 or m.decision is None:
            check_regions(board(m.view(seat), seat), wide_ok=("Final scores",))
        if m.decision is None:
            break
        m.play(choose(RandomBot(), m.infoset(), rng))
        step += 1
    assert "Final scores" in board(m.view(0), 0)
