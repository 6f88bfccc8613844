"""The SVG board of Here's Negan (``svg.board``), drawn from seat views of real games: well
formed at the decisions of seeded games of every scenario at 2 and 5 Survivors and in
Survival Mode, options clickable where they lie on the board, no hidden information, hover
texts from the content pack."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from zedlab.core import RNG
from zedlab.core.match import Match, make_config
from zedlab.core.registry import board_svg
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import load_scenario
from zedlab.games.heres_negan.content import BINDER
from zedlab.games.heres_negan.svg import board
from zedlab.games.heres_negan.svg_common import Marks

from .helpers import new_game

SVG = "{http://www.w3.org/2000/svg}"
ON_THE_BOARD = frozenset({
    "deploy", "step", "jump", "negan-to", "open-door", "break", "target", "attack-target",
    "activate", "event-survivor", "supply-token", "extinguish", "barrel", "put-barrel",
    "entry-point", "starting-card", "keep-card", "equip",
})
"""Option kinds that always have a place on the board (a space, door, model or card)."""
ON_A_PIECE = frozenset({("action", "call-negan"), ("action", "secure")})
"""Actions taken on a piece: Call Negan on Negan, Secure on the room's Security token."""


def _check(view: dict[str, Any], seat: int | None) -> tuple[str, set[str]]:
    """Draw the board and check what every board must be; returns the SVG and the option ids
    it makes clickable."""
    svg = board(view, seat)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and "board" in root.get("class", "").split()
    assert root.get("viewBox", "").startswith("0 0 1000 ")
    for element in root.iter():
        assert element.tag != SVG + "script"
        assert not any(a.lower().startswith("on") or a.endswith("href") for a in element.attrib)
        size = element.get("font-size")
        if size is not None:
            assert float(size) >= 11, f"text of {size} units"
    options = (view.get("decision") or {}).get("options", [])
    ids = {str(o["id"]) for o in options}
    found = {e.get("data-option") for e in root.iter() if e.get("data-option") is not None}
    assert found <= ids, f"data-option {found - ids} is no option of {view['decision']}"
    for o in options:
        placed = o["kind"] in ON_THE_BOARD or (o["kind"], str(o["value"])) in ON_A_PIECE
        if placed:
            assert str(o["id"]) in found, f"option {o['label']!r} ({o['kind']}) has no place"
    return svg, found


def _play(config: dict[str, Any], seed: int, every: int) -> tuple[Match, set[str]]:
    """Play a seeded random game to the end, checking the deciding seat's board at every
    ``every``-th decision (and a spectator's now and then); returns the match and the decision
    kinds whose board had something to click."""
    match = Match.new(game, make_config(game, config), seed=seed)
    chooser = RNG.from_seed(seed + 1000)
    clickable: set[str] = set()
    k = 0
    while match.decision is not None:
        decision = match.decision
        if k % every == 0:
            _, found = _check(match.view(decision.player), decision.player)
            if found:
                clickable.add(decision.kind)
        if k % (every * 5) == 0:
            _check(match.view(None), None)
        match.play(decision.options[chooser.randbelow(len(decision.options))])
        k += 1
    return match, clickable


@pytest.mark.parametrize("scenario", range(1, 13))
@pytest.mark.parametrize("survivors", [2, 5])
def test_boards_of_a_random_game_are_well_formed_and_clickable(scenario: int,
                                                                survivors: int) -> None:
    """At the decisions of a random game every ``data-option`` names an option of the
    pending decision, every option with a place on the board has it, text is 11 units or
    more; the last board says how the game ended. Source: rulebook, "Winning", "Losing"."""
    match, clickable = _play({"scenario": scenario, "survivors": survivors, "players": 2},
                             seed=scenario * 7 + survivors, every=2)
    assert "deploy" in clickable and len(clickable) >= 2
    for seat in (0, 1, None):
        svg, _ = _check(match.view(seat), seat)
        assert re.search(r"The Survivors (win|lose)", svg)


def test_boards_of_a_survival_campaign_are_well_formed() -> None:
    """Survival Mode: the boards of every game of a campaign and of the decisions between
    games (Supply cards kept, the extra Entry Point). Source: rulebook, "Survival Mode"."""
    match, clickable = _play({"scenario": 1, "survivors": 3, "players": 1, "survival": True,
                              "last_scenario": 5}, seed=3, every=4)
    assert "move" in clickable
    svg, _ = _check(match.view(0), 0)
    assert "Survival Mode: game" in svg


def _to(kind: str, config: dict[str, Any], seeds: range = range(1, 30)) -> Match:
    """A random game played to its first decision of ``kind``."""
    for seed in seeds:
        match = Match.new(game, make_config(game, config), seed=seed)
        chooser = RNG.from_seed(seed)
        while match.decision is not None and match.decision.kind != kind:
            match.play(match.decision.options[chooser.randbelow(len(match.decision.options))])
        if match.decision is not None:
            return match
    raise AssertionError(f"no {kind} decision in seeds {seeds}")


def test_fight_marks_the_walkers_it_may_attack() -> None:
    """A Fight's targets are the Walkers themselves: each Walker model that an option
    targets carries that option. Source: rulebook, "Fight"."""
    match = _to("fight", {"scenario": 7, "survivors": 5})
    view = match.view(match.decision.player)
    root = ET.fromstring(board(view, match.decision.player))
    walkers = {e.get("data-option") for e in root.iter(SVG + "g")
               if e.get("class") == "walker" and e.get("data-option")}
    targets = {str(o["id"]) for o in view["decision"]["options"] if o["kind"] == "target"}
    assert targets and walkers == targets


def test_a_move_marks_the_spaces_it_reaches_with_their_labels() -> None:
    """Each step of a Move is a square on the map, its hover text the option's label with
    the (x,y) the axes show. Source: rulebook, "Move"."""
    match = _to("move", {"scenario": 4, "survivors": 3})
    view = match.view(match.decision.player)
    root = ET.fromstring(board(view, match.decision.player))
    picks = {e.get("data-option"): e.find(SVG + "title").text for e in root.iter(SVG + "rect")
             if e.get("class") == "pick"}
    steps = {str(o["id"]): o["label"] for o in view["decision"]["options"] if o["kind"] == "step"}
    assert steps and picks == steps


def test_a_card_offered_to_one_seat_is_not_on_the_other_seats_boards() -> None:
    """Armed and Dangerous (Scenario 6): the cards one player chooses between are on that
    seat's board (clickable) but on no other seat's and not on a spectator's.
    Source: rulebook, Scenario 6 "Armed and Dangerous"."""
    config = {"scenario": 6, "survivors": 3, "players": 2}
    match = Match.new(game, make_config(game, config), seed=1)
    for _ in range(10):
        if match.decision.kind == "starting-card" and match.decision.player == 1:
            break
        match.play(match.decision.options[0])
    assert match.decision.kind == "starting-card" and match.decision.player == 1
    offered = match.view(1)["decision"]["options"]
    other = json.dumps(match.view(0))
    secret = [o for o in offered if BINDER.load().supply[o["value"]].name not in other]
    assert secret, "every offered card is also public here; pick another seed"
    name = BINDER.load().supply[secret[0]["value"]].name
    mine, found = _check(match.view(1), 1)
    assert name in mine and str(secret[0]["id"]) in found
    assert name not in board(match.view(0), 0)
    assert name not in board(match.view(None), None)


def test_face_down_walker_tokens_show_where_not_what() -> None:
    """A face-down Walker token is drawn on its space as a token; its die stays hidden.
    Source: rulebook, "Walker Tokens"."""
    state = new_game(2, scenario=1, survivors=2)
    assert state.tokens
    view = {"public": game.view(state, 0)["public"], "seat": 0, "decision": None}
    svg = board(view, 0)
    b = load_scenario(1, 2)
    titles = [t.text for t in ET.fromstring(svg).iter(SVG + "title")]
    for space in state.tokens:
        hover = [t for t in titles if t.startswith(f"{b.label(space)} Walker token")]
        assert hover == [f"{b.label(space)} Walker token, face down"]


def test_cards_survivors_and_walkers_carry_their_content_text() -> None:
    """Hover texts: a weapon on a Survivor's card, the Survivor and a Walker show the text
    the content pack gives them."""
    match = _to("fight", {"scenario": 7, "survivors": 5})
    seat = match.decision.player
    view = match.view(seat)
    titles = [t.text for t in ET.fromstring(board(view, seat)).iter(SVG + "title")]
    pack = BINDER.load()
    dwight = pack.survivors["dwight"]
    crossbow = pack.weapons["crossbow"]
    assert f"{crossbow.name}: {crossbow.text}" in titles
    assert any(t.startswith("Dwight: ") and dwight.ability_text in t for t in titles)
    assert any(" Walker. " in t and pack.walker.text in t for t in titles)


def test_own_survivors_stand_apart_and_the_turn_is_shown() -> None:
    """A seat's own Survivors come first under their own heading; a spectator sees them all
    as "Survivors"; the deciding seat is told it is its turn."""
    match = Match.new(game, make_config(game, {"scenario": 2, "survivors": 4, "players": 2}),
                      seed=4)
    seat = match.decision.player
    mine = board(match.view(seat), seat)
    assert "Your Survivors" in mine and "Other Survivors" in mine and "Your turn" in mine
    watching = board(match.view(None), None)
    assert "Your Survivors" not in watching and "Your turn" not in watching
    assert "Round 0 of 30" in watching and "Threat 1 of 19" in watching


def test_a_dark_room_is_drawn_dark() -> None:
    """A room made dark by the Pitch Black Room card is in the view (``dark_rooms``) and
    drawn dark. Source: rulebook, Scenario 10, Pitch Black Room card."""
    state = new_game(5, scenario=10, survivors=2)
    room = next(a for a in load_scenario(10, 2).rooms() if not a.sealed)
    assert "dark_rooms" not in game.view(state, 0)["public"]
    state.dark.append(room.id)
    public = game.view(state, 0)["public"]
    assert public["dark_rooms"] == [room.id]
    svg = board({"public": public, "seat": 0, "decision": None}, 0)
    assert f"{room.name} (dark" in svg


def test_the_registry_finds_the_board() -> None:
    """The web client finds this module's board through the registry."""
    assert board_svg(game) is board


def test_a_card_choice_goes_on_the_survivor_the_prompt_names() -> None:
    """Between the games of a campaign nobody is acting: the Supply card to keep is marked on
    the card of the Survivor the question names, even when another holds the same card.
    Source: rulebook, "Survival Mode", "1. Game Result"."""
    state = new_game(1, scenario=1, survivors=3, survival=True)
    public = game.view(state, 0)["public"]
    public["active"] = -1
    for s in public["survivors"]:
        s["cards"] = ["first-aid-kit"]
    view = {"public": public, "seat": 0, "decision": {
        "kind": "keep-supply", "prompt": "Solid Victory: which Supply card does John keep?",
        "options": [{"id": 7, "kind": "keep-card", "value": "first-aid-kit", "label": "keep"}]}}
    root = ET.fromstring(_check(view, 0)[0])
    marked = [e for e in root.iter(SVG + "g") if e.get("data-option") == "7"]
    john = next(s["index"] for s in public["survivors"] if s["name"] == "John")
    assert len(marked) == 1
    assert Marks(view).get("card", john, "first-aid-kit") == 7
