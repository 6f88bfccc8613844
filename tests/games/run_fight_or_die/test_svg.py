"""The SVG board of the browser: well-formed, options where they stand, nothing hidden shown.

Source: Run, Fight, or Die! rulebook, "Action Board" (three Zones towards the character),
"Action Dice Icons", "Action Phase: Rerolls", "Event Die Actions", "Taking Cards" (decks
face down) and "Final Scoring".
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from zedlab.core import RNG, Match, make_config
from zedlab.core.registry import board_svg
from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.bots import HeuristicBot
from zedlab.games.run_fight_or_die.common import content_of
from zedlab.games.run_fight_or_die.svg import board

from .helpers import new

SVG = "{http://www.w3.org/2000/svg}"
# option kinds with a natural place on the board: every one of them must be clickable
PLACED = {
    "keep", "reroll-die", "flip", "gun", "run", "bat", "throw", "zone", "follower", "loot",
    "drop", "hold", "steal", "pick", "flee", "tinker", "combo", "book-mutant", "wound",
}

CONFIGS = [
    {"players": 1, "difficulty": "hard"},
    {"players": 1, "difficulty": "too-hard", "health_score": "remaining-capped"},
    {"players": 2},
    {"players": 3, "follower_bonus": "mandatory"},
    {"players": 4},
    {"players": 6, "max_rounds": 6},
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
    for el in root.iter(f"{SVG}text"):
        assert float(el.attrib["font-size"]) >= 11
    decision = view["decision"]
    ids = {str(o["id"]) for o in decision["options"]} if decision else set()
    marked = _clickable(root)
    for el in marked:
        assert el.attrib["data-option"] in ids
        assert not [inner for inner in el.iter() if inner is not el and "data-option" in inner.attrib]
    if decision:
        shown = {el.attrib["data-option"] for el in marked}
        for o in decision["options"]:
            if o["kind"] in PLACED:
                assert str(o["id"]) in shown, f"{o['label']} has no place on the board"
    return root


def _play_and_check(config: dict, seed: int, bot: bool) -> set[str]:
    match = Match.new(game, config, seed=seed)
    rng = RNG.from_seed(seed)
    heuristic = HeuristicBot()
    seen: set[str] = set()
    steps = 0
    while match.decision is not None and steps < 3000:
        seat = match.decision.player
        if steps % 3 == 0 or match.decision.kind not in seen:
            _check(match.view(seat), seat)
            seen.add(match.decision.kind)
            if config["players"] > 1:
                other = (seat + 1) % config["players"]
                assert not _clickable(_check(match.view(other), other))
            if steps % 15 == 0:
                assert not _clickable(_check(match.view(None), None))
        action = heuristic.choose(match.infoset(), rng) if bot else rng.choice(match.decision.options)
        match.play(action)
        steps += 1
    assert match.decision is None
    for seat in (None, 0):
        text = ET.tostring(_check(match.view(seat), seat), encoding="unicode")
        assert "Game over" in text
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_every_board_of_seeded_games_is_well_formed_and_clickable(config):
    """Random and heuristic players to the end of the game, for each config family."""
    seen: set[str] = set()
    for seed in range(2):
        seen |= _play_and_check(config, seed, bot=False)
        seen |= _play_and_check(config, seed + 10, bot=True)
    assert {"roll-dice", "resolve-actions"} <= seen


def test_the_game_finds_its_board():
    assert board_svg(game) is board


def _match(state) -> Match:
    config = make_config(game, {"players": len(state.players), "characters": [p.character for p in state.players]})
    return Match(game, config, 0, state)


def _by_id(view: dict) -> dict[str, dict]:
    return {str(o["id"]): o for o in view["decision"]["options"]}


def test_each_die_has_its_keep_and_reroll_chips():
    """Source: "Action Phase: Rerolls": each non-Zombie die is kept or rerolled; the chips
    under the die asked about play exactly that."""
    state = new(2, rolls=[0, 1, 2, 3, 5, "all-quiet"])
    view = _match(state).view(0)
    assert view["decision"]["kind"] == "roll-dice"
    root = _check(view, 0)
    by_id = _by_id(view)
    chips = [by_id[el.attrib["data-option"]] for el in _clickable(root) if el.attrib["class"] == "chip"]
    asked = {(o["kind"], o["value"]) for o in view["decision"]["options"] if o["kind"] in ("keep", "reroll-die")}
    assert asked and {(o["kind"], o["value"]) for o in chips} >= asked
    assert "Health 5/5" in ET.tostring(root, encoding="unicode")


def test_zone_actions_are_chips_in_the_zones_of_the_own_board():
    """Source: "Action Dice Icons": a Gun kills a Zombie in any Zone, a Run moves one back."""
    from .helpers import G, R, at_actions

    state = at_actions(new(2), [G, R, G, R, R])
    view = _match(state).view(0)
    root = _check(view, 0)
    by_id = _by_id(view)
    zone_chips = [by_id[el.attrib["data-option"]] for el in _clickable(root) if el.attrib["class"] == "chip"]
    assert {(o["kind"], o["value"]) for o in zone_chips} >= {("gun", 1), ("run", 3)}


def test_cards_on_the_table_show_their_content_text_on_hover():
    """Hover: a Follower beside a board, the Location taken and the current Event carry
    their name and text from the content."""
    state = new(2)
    c = content_of(state)
    follower = next(iter(c.followers.values()))
    state.players[1].followers.append(follower.id)
    state.decks["follower"].remove(c.index["follower"][follower.id])
    location = c.locations["dark-woods"]
    state.players[0].location = location.id
    state.decks["location"].remove(c.index["location"][location.id])
    event = c.events["full-moon"]
    state.current_event = event.id
    state.decks["event"].remove(c.index["event"][event.id])
    titles = [el.text or "" for el in ET.fromstring(board(_match(state).view(0), 0)).iter(f"{SVG}title")]
    for card in (follower, location, event):
        assert any(card.name in t and card.text in t for t in titles), card.name
    athlete = c.characters["athlete"]
    assert any(athlete.ability_text in t for t in titles)


def test_face_down_decks_stay_off_every_board():
    """Source: "Taking Cards": the decks are face down. Every card a player holds lies face
    up (no seat sees a card another cannot), so what is hidden is the decks: boards from
    states that differ only in deck order are identical, and before any card is drawn no
    Follower's name shows."""
    match = Match.new(game, {"players": 3}, seed=4)
    state = match.state
    other = game.clone(state)  # every deck in another order
    for deck in other.decks.values():
        deck.reverse()
    assert other.decks != state.decks
    twin = Match(game, match.config, 4, other)
    names = [f.name for f in content_of(state).followers.values()]
    for seat in (0, 1, 2, None):
        svg = board(match.view(seat), seat)
        assert svg == board(twin.view(seat), seat)
        assert not [n for n in names if n in svg]


def test_the_spectator_sees_every_board_and_nothing_to_click():
    state = new(3)
    svg = board(_match(state).view(None), None)
    assert "Your board" not in svg and "data-option" not in svg
    assert all(f"Seat {i}:" in svg for i in range(3))
    assert "Your board" in board(_match(state).view(1), 1)


def test_text_from_the_view_is_escaped():
    """Names and texts go into the SVG as text, never as markup."""
    view = _match(new(2)).view(0)
    view["public"]["players"][1]["character_name"] = "<b>&\"'"
    svg = board(view, 0)
    ET.fromstring(svg)
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg


def test_the_outcome_names_the_winner():
    """Source: "Final Scoring": the most Victory Points wins."""
    match = Match.new(game, {"players": 2}, seed=3)
    rng = RNG.from_seed(3)
    while match.decision is not None:
        match.play(rng.choice(match.decision.options))
    outcome = match.outcome
    svg = board(match.view(None), None)
    names = [match.view(None)["public"]["players"][w]["character_name"] for w in outcome.winners]
    assert names and all(n in svg for n in names)
    assert ("wins with" if len(names) == 1 else "share the victory") in svg
