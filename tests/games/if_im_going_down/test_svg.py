"""The SVG board of If I'm Going Down...: well-formed at every kind of decision, options
placed on their spaces, cards and trackers, the Zombie Player's hand kept from the
survivors, hover texts from the content."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from zedlab.bots import choose
from zedlab.core import RNG, Match
from zedlab.games.if_im_going_down import game
from zedlab.games.if_im_going_down.board import FATE
from zedlab.games.if_im_going_down.svg import board

from .helpers import fresh, player_phase, put_zombie, space, take_fate

NS = "{http://www.w3.org/2000/svg}"
PLACED = {
    "target", "no-move", "hold", "zplace", "zfrom", "zmove", "popup", "bite", "scratch", "spinach", "pass",
    "use", "pick", "swap", "make-room", "fumble", "fumble-trash", "discharge", "reload", "place", "move-to",
    "zcard", "search",
}
"""Option kinds that stand for a space, a character, a card, a tracker or the Fate deck on
the table ("hold" with a space; "trash" shares its card with "use" and may stay a button)."""


def placed(view: dict[str, Any]) -> set[str]:
    """The ids of the options of ``view``'s decision that have a place on the board."""
    return {str(o["id"]) for o in (view["decision"] or {}).get("options", [])
            if o["kind"] in PLACED and not (o["kind"] == "hold" and o["value"] < 0)}

FAMILIES = [
    {"players": 1},
    {"players": 2},
    {"players": 2, "scenario": "the-alley", "one_bite": True},
    {"players": 1, "scenario": "the-intersection", "zombie_player": True},
    {"players": 2, "zombie_player": True, "midpoint": True},
    {"players": 3, "scenario": "the-intersection", "easier": True},
    {"players": 4, "scenario": "the-intersection", "advanced": True, "miss_ends_use": True},
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


def check(view: dict[str, Any], seat: int | None) -> list[str]:
    """Draw ``view``; every data-option names an option of the seat's decision."""
    root = parse(board(view, seat))
    ids = {str(o["id"]) for o in (view["decision"] or {}).get("options", [])}
    found = clickable(root)
    assert set(found) <= ids, (set(found) - ids, view["decision"] and view["decision"]["kind"])
    return found


@pytest.mark.parametrize("config", FAMILIES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_board_at_every_kind_of_decision(config: dict[str, Any]) -> None:
    """Seeded games to the end: every board parses, offers only real options, and places
    every option that is about something on the table."""
    kinds_seen: set[str] = set()
    for seed in range(2):
        m = Match.new(game, {**config, "turn_limit": 12}, seed=seed)
        bots = [game.bot_kinds()["random" if seed else "heuristic"]() for _ in range(game.seats(m.config))]
        rng = RNG.from_seed(seed)
        n = 0
        while m.decision is not None:
            seat = m.decision.player
            kind = m.decision.kind
            if kind not in kinds_seen or n % 7 == 0:
                view = m.view(seat)
                found = check(view, seat)
                assert placed(view) <= set(found), (kind, placed(view) - set(found))
                kinds_seen.add(kind)
                assert not check(m.view(None), None)
            m.play(choose(bots[seat], m.infoset(), rng))
            n += 1
        for seat in [None, *range(game.seats(m.config))]:
            root = parse(board(m.view(seat), seat))
            assert "Game over" in "".join(root.itertext())
    assert {"player-action", "hold-back"} & kinds_seen


def test_zombie_hand_only_on_the_zombie_players_board() -> None:
    """The Zombie Player's hand is hidden from the survivors and spectators.
    Source: "Zombie Player Variant" (Before the Game Begins)."""
    for seed in range(20):
        m = Match.new(game, {"players": 1, "zombie_player": True}, seed=seed)
        hand = m.view(1)["private"]["zombie_hand"]
        public = m.view(1)["public"]
        table = {z["name"] for z in public["spaces"] if z} | set(public["zombie_discard"])
        secret = [z["name"] for z in hand if z["name"] not in table and z["kind"] == "named"]
        if secret:
            break
    else:
        pytest.fail("no seed gives the Zombie Player a named Zombie that is not on the table")
    zombie = board(m.view(1), 1)
    survivor = board(m.view(0), 0)
    spectator = board(m.view(None), None)
    assert secret[0] in zombie and "Your hand (Zombie Player)" in zombie
    for svg in (survivor, spectator):
        assert secret[0] not in svg and "Your hand" not in svg


def _view(s: Any, seat: int | None) -> dict[str, Any]:
    return Match(game, game.Config(players=len(s.chars)), 0, s).view(seat)


def test_attack_targets_are_the_zombies_spaces() -> None:
    """An attack's targets are clicked on the Zombies themselves; the weapon in use is the
    card the decision is about. Source: "Using a Weapon to Attack"."""
    s = fresh(characters=("jessie",))
    gun = take_fate(s, "hand-gun")
    s.chars[0].hands[0] = gun
    near, far = space(s, 2, 2), space(s, 0, 2)
    put_zombie(s, "zombie-male", near)
    put_zombie(s, "darren", far)
    player_phase(s)
    m = Match(game, game.Config(players=1), 0, s)
    use = next(a for a in m.options if a.kind == "use" and a.value == gun)
    view = m.view(0)
    use_id = next(o["id"] for o in view["decision"]["options"] if o["kind"] == "use")
    assert str(use_id) in clickable(parse(board(view, 0)))
    m.play(use)
    view = m.view(0)
    targets = {o["value"]: str(o["id"]) for o in view["decision"]["options"] if o["kind"] == "target"}
    root = parse(board(view, 0))
    for el in root.iter():
        option = el.get("data-option")
        if option in targets.values():
            title = el.find(f"{NS}title")
            assert title is not None and ("Darren" in title.text or "Zombie (male)" in title.text)
    assert set(targets.values()) <= set(clickable(root)) and len(targets) == 2


def test_loved_and_hated_ones_name_their_characters() -> None:
    """A Zombie shows whose Loved One or Hated One it is. Source: "Zombie Abilities"."""
    s = fresh(players=2, characters=("jessie", "marcus"))
    rose = put_zombie(s, "grandma-rose", space(s, 0, 0))
    ex = put_zombie(s, "the-ex", space(s, 0, 6))
    s.loved[rose] = 0b10
    s.hated[ex] = 0b01
    player_phase(s)
    root = parse(board(_view(s, 0), 0))
    text = " ".join(root.itertext())
    assert "♥Marcus" in text and "✖Jessie" in text
    tips = titles(root)
    assert any("Grandma Rose" in t and "Loved One of Marcus" in t for t in tips)
    assert any("The Ex" in t and "Hated One of Jessie" in t for t in tips)


def test_cards_on_the_trackers_have_their_content_text() -> None:
    """Hovering a resource shows its name, its numbers and its text from the content."""
    s = fresh(characters=("jessie",))
    rifle = take_fate(s, "assault-rifle")
    s.chars[0].hands[0] = rifle
    player_phase(s)
    tips = titles(parse(board(_view(s, 0), 0)))
    text = FATE[s.fcards[rifle]].text
    assert text and any(t.startswith("Assault Rifle") and text in t for t in tips)
    ability = next(c for c in _view(s, 0)["public"]["characters"] if c["seat"] == 0)["ability_text"]
    assert any(t.startswith("Jessie") and ability in t for t in tips)


def test_placing_a_resource_clicks_a_tracker() -> None:
    """A found resource goes on an open tracker: the trackers are the options.
    Source: "Resource Cards", "Tracker Cards"."""
    m = Match.new(game, {"players": 2, "characters": ("jessie", "marcus")}, seed=1)
    assert m.decision is not None and m.decision.kind == "place-start"
    view = m.view(m.decision.player)
    places = {str(o["id"]) for o in view["decision"]["options"] if o["kind"] == "place"}
    assert places and places <= set(clickable(parse(board(view, m.decision.player))))


def test_the_web_service_finds_the_board_and_names_are_escaped() -> None:
    """The registry hands the web page this board; a name with markup characters (a
    content pack may hold one) stays text."""
    from zedlab.core.registry import board_svg

    assert board_svg(game) is board
    m = Match.new(game, {"players": 1, "characters": ("jessie",)}, seed=2)
    view = m.view(0)
    view["public"]["characters"][0]["name"] = 'Jo <b>"&"</b>'
    view["public"]["scenario_name"] = "</svg><script>"
    root = parse(board(view, 0))
    assert any('Jo <b>"&"</b>' in t for t in titles(root))
    assert not root.findall(f".//{NS}script")
