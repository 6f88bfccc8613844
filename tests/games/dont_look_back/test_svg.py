"""The SVG board of the browser: well-formed, options where they stand, nothing hidden shown.

Source: Don't Look Back rulebook, "The Game Board" (six Sectors round the Location),
"Your Survivor Card", "Combat", "Re-Rolling Dice" and "Components" (the face-down Search
deck and Location stack).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tests.core.regions import check_regions
from zedlab.core import RNG, Match, make_config
from zedlab.core.registry import board_svg
from zedlab.games.dont_look_back import game
from zedlab.games.dont_look_back.bots import HeuristicBot
from zedlab.games.dont_look_back.content import default_content
from zedlab.games.dont_look_back.svg import board

from .helpers import play, table

SVG = "{http://www.w3.org/2000/svg}"
# decisions whose options all have a natural place on the board (a space, a pawn, a card, a die)
NATURAL = {
    "choose-survivor", "choose-first-player", "next-first-player", "carl-pick", "looting",
    "flashbang-to", "michonne-reroll", "choose-target", "combat-move", "hold-or-reroll",
    "overrun-move", "keep-weapon", "choose-action",
}

CONFIGS = [
    {"players": 1, "locations": 1},
    {"players": 2, "locations": 2},
    {"players": 3, "locations": 3, "escape_check": "combat"},
    {"players": 4, "locations": 4, "improvised_reach": "reach"},
    {"players": 2, "locations": 2, "survivors": ["carl", "michonne"]},
]


def _clickable(root: ET.Element) -> list[ET.Element]:
    return [el for el in root.iter() if "data-option" in el.attrib]


def _check(view: dict, seat: int | None) -> ET.Element:
    """Parse the board and check its clickable elements against the seat's decision."""
    svg = board(view, seat)
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and "viewBox" in root.attrib and "board" in root.attrib["class"]
    for el in root.iter():
        assert el.tag not in (f"{SVG}script", f"{SVG}image", f"{SVG}foreignObject")
        assert not [a for a in el.attrib if a.startswith("on") or a.endswith("href")]
    decision = view["decision"]
    ids = {str(o["id"]) for o in decision["options"]} if decision else set()
    marked = _clickable(root)
    for el in marked:
        assert el.attrib["data-option"] in ids
        assert not [inner for inner in el.iter() if inner is not el and "data-option" in inner.attrib]
    for el in root.iter(f"{SVG}text"):
        assert float(el.attrib["font-size"]) >= 11
    if decision and decision["kind"] in NATURAL:
        assert marked, f"nothing to click for {decision['kind']}: {decision['prompt']}"
    return root


def _play_and_check(config: dict, seed: int, bot: bool) -> set[str]:
    match = Match.new(game, config, seed=seed)
    rng = RNG.from_seed(seed)
    heuristic = HeuristicBot()
    seen = set()
    steps = 0
    while match.decision is not None and steps < 1500:
        seat = match.decision.player
        if steps % 2 == 0 or match.decision.kind not in seen:
            view = match.view(seat)
            _check(view, seat)
            seen.add(match.decision.kind)
            other = (seat + 1) % config["players"]
            if other != seat:
                assert not _clickable(_check(match.view(other), other))
            if steps % 10 == 0:
                assert not _clickable(_check(match.view(None), None))
        action = heuristic.choose(match.infoset(), rng) if bot else rng.choice(match.decision.options)
        match.play(action)
        steps += 1
    assert match.decision is None
    for seat in (None, 0):
        root = _check(match.view(seat), seat)
        assert "wins" in ET.tostring(root, encoding="unicode") or "share the victory" in ET.tostring(
            root, encoding="unicode"
        )
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_every_board_of_seeded_games_is_well_formed_and_clickable(config):
    """Random and heuristic players to the end of the game, for each config family."""
    seen: set[str] = set()
    for seed in range(3):
        seen |= _play_and_check(config, seed, bot=False)
        seen |= _play_and_check(config, seed + 10, bot=True)
    assert {"choose-action", "hold-or-reroll"} <= seen


def test_the_game_finds_its_board():
    assert board_svg(game) is board


def _match(state, players=2):
    config = make_config(game, {"players": players, "survivors": [s.id for s in state.survivors]})
    return Match(game, config, 7, state)


def test_a_move_is_the_sector_to_click_and_a_pass_the_own_space():
    """Source: "Taking Your Turn" (Move to an adjacent space, or Pass): from the Location
    every Sector is a Move; the Location itself is the Pass."""
    state = table(["rick", "daryl"], walkers={3: 2}, spaces=[0, 3], weapons={0: ["handgun"]})
    view = _match(state).view(0)
    root = _check(view, 0)
    by_id = {str(o["id"]): o for o in view["decision"]["options"]}
    sectors = [el for el in _clickable(root) if "sector" in el.attrib.get("class", "")]
    assert len(sectors) == 6
    for el in sectors:
        option = by_id[el.attrib["data-option"]]
        assert option["kind"] == "move"
        assert f"Sector {option['value']}:" in el.find(f"{SVG}title").text
    location = [el for el in _clickable(root) if "location" in el.attrib.get("class", "")]
    assert [by_id[el.attrib["data-option"]]["kind"] for el in location] == ["pass"]
    cards = [by_id[el.attrib["data-option"]] for el in _clickable(root) if "card" in el.attrib.get("class", "")]
    assert cards and all(o["kind"] == "combat" for o in cards)


def test_saved_dice_hold_and_misses_reroll():
    """Source: "Re-Rolling Dice": after targeting, hold the saved hits or re-roll the misses."""
    state = table(["rick", "daryl"], walkers={3: 5}, spaces=[3, 0], weapons={0: ["handgun"]})
    state.rng.force(roll=[3, 1, 1, 5, 5, 6])
    play(state, "combat", "handgun")
    view = _match(state).view(0)
    assert view["decision"]["kind"] == "hold-or-reroll"
    root = _check(view, 0)
    by_id = {str(o["id"]): o for o in view["decision"]["options"]}
    groups = {el.attrib["class"]: by_id[el.attrib["data-option"]]["kind"] for el in _clickable(root)}
    assert groups == {"dice saved": "hold", "dice misses": "reroll"}


def test_a_weapon_on_the_table_shows_its_content_text_on_hover():
    """Hover: a Weapon card face up in front of a Survivor carries its name and text."""
    state = table(["rick", "daryl"], spaces=[0, 3], weapons={1: ["katana"]})
    katana = default_content().weapons["katana"]
    svg = board(_match(state).view(0), 0)
    titles = [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}title")]
    assert any(katana.name in t and katana.text in t for t in titles)
    farm = default_content().locations["the-farm"]
    assert any(farm.ability_text in t for t in titles)
    daryl = default_content().survivors["daryl"]
    assert any(daryl.ability_text in t for t in titles)


def test_the_face_down_deck_and_location_stack_stay_off_every_board():
    """Source: "Components": the Search deck and the Location stack are face down. No seat
    holds a card another cannot see (Weapon cards lie face up), so the hidden things are
    these: boards drawn from states that differ only in their order are identical, and a
    Location still in the stack is never named."""
    match = Match.new(game, {"players": 3, "locations": 3, "survivors": ["rick", "daryl", "carl"]}, seed=5)
    state = match.state
    hidden = [default_content().locations[loc].name for loc in state.location_stack]
    assert hidden
    other = game.determinize(state, 0, RNG.from_seed(99))
    other.location_stack.reverse()
    assert other.deck != state.deck
    twin = Match(game, match.config, 5, other)
    for seat in (0, 1, 2, None):
        svg = board(match.view(seat), seat)
        assert svg == board(twin.view(seat), seat)
        for name in hidden:
            assert name not in svg


def test_the_spectator_sees_no_seat_sheet_and_nothing_to_click():
    state = table(["rick", "daryl"], spaces=[0, 3], weapons={0: ["rifle"]})
    svg = board(_match(state).view(None), None)
    assert "Your Survivor" not in svg and "data-option" not in svg
    assert "Your Survivor: Rick Grimes" in board(_match(state).view(0), 0)


def test_text_from_the_content_is_escaped():
    """Names and texts go into the SVG as text, never as markup."""
    state = table(["rick", "daryl"], spaces=[0, 3])
    view = _match(state).view(0)
    view["public"]["survivors"][1]["name"] = "<b>&\"'"
    svg = board(view, 0)
    ET.fromstring(svg)
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg


@pytest.mark.parametrize("players", [2, 4])
def test_the_board_comes_in_regions_a_phone_shows_one_by_one(players: int) -> None:
    """Every word and option of the board is in a region (``<g data-region>``) a narrow page
    shows across its width: the header's halves, the Location's Sectors, the scorepad with
    the fight and the cards drawn, the own sheet's cards (a second row of Weapon cards, and
    the outcome, across the board)."""
    m = Match.new(game, {"players": players}, seed=3)
    bot, rng, step = HeuristicBot(), RNG(4), 0
    while True:
        seat = m.decision.player if m.decision is not None else 0
        if step % 10 == 0 or m.decision is None:
            check_regions(board(m.view(seat), seat), wide_ok=("wins with", "share the victory", "Weapon"))
        if m.decision is None:
            break
        m.play(bot.choose(m.infoset(), rng))
        step += 1
