"""Survive Alive's Spend menu keeps its numbers from one round to the next (README: keys
stay put; :func:`zedlab.games.survive_alive.menus.spend_slots`)."""

from __future__ import annotations

import zedlab
from zedlab.cli.keys import KeyBook
from zedlab.cli.menus import Menu
from zedlab.core import Match

from .driver import option_paths, option_slots

TOP = {"build": "1", "forge": "2", "heal": "3", "trade": "4", "offer": "5", "peek": "6", "done": "7"}


def _top_keys(book: KeyBook) -> dict[str, str]:
    """Kind of the first option under each available top-level line -> its key."""
    out: dict[str, str] = {}
    for line in book.listing(()):
        item = line.item
        if item is None:
            continue
        kind = item.action.kind if item.action is not None else None
        if kind is None:
            kind = {"Build a facility": "build", "Forge a weapon": "forge", "Heal a wound": "heal",
                    "Offer a 1:1 trade": "offer"}[item.group[0]]
        out[kind] = line.key
    return out


def test_spend_keys_are_the_same_every_round() -> None:
    """A whole solo game, Done every Spend turn after one build: each top-level line of the
    Spend menu has its fixed number every round (Done is always 7), whatever else is on
    offer; other decisions in between do not renumber it."""
    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 1}, seed=5)
    book = KeyBook()
    seen: list[dict[str, str]] = []
    built = 0
    while not match.over and len(seen) < 12:
        decision = match.decision
        assert decision is not None
        book.see(decision, option_paths(game, match, decision), True, option_slots(game, match, decision))
        if decision.kind == "spend":
            keys = _top_keys(book)
            seen.append(keys)
            for kind, key in keys.items():
                assert TOP[kind] == key, (len(seen), keys)
            Menu(decision.options, option_paths(game, match, decision))  # the listing holds
            pick = next((a for a in decision.options if a.kind == "build" and built < len(seen)), None)
            if pick is not None:
                built += 1
            match.play(pick or decision.options[-1])
        else:
            match.play(decision.options[0])
    assert len(seen) >= 4 and {k for keys in seen for k in keys} >= {"build", "done"}


def test_a_line_keeps_its_fixed_number_when_absent_ones_leave_theirs_unused() -> None:
    """With only Build and Done on offer, the menu shows 1 and 7 and nothing between."""
    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 1}, seed=5)
    book = KeyBook()
    while match.decision is not None and match.decision.kind != "spend":
        book.see(match.decision, option_paths(game, match, match.decision), True,
                 option_slots(game, match, match.decision))
        match.play(match.decision.options[0])
    decision = match.decision
    assert decision is not None
    book.see(decision, option_paths(game, match, decision), True, option_slots(game, match, decision))
    keys = [line.key for line in book.listing(()) if line.available]
    assert keys[-1] == "7" and keys == sorted(keys, key=int)
    assert book.keys_to(decision.options, option_paths(game, match, decision), len(decision.options) - 1) == ["7"]


def test_discard_keys_are_the_same_every_round() -> None:
    """The Discard menu's numbers are fixed too (:func:`~zedlab.games.survive_alive.menus.
    discard_slots`): storing a cube is 1-7 by colour, 8 sets food aside, 9 trades, 10 is Done,
    whatever is on offer, over a whole game of two seats."""
    from zedlab.games.survive_alive.content import CUBES

    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 2}, seed=7)
    book = KeyBook()
    fixed = {"scavenge-food": "8", "trade": "9", "done": "10"}
    seen = 0
    kinds: set[str] = set()
    while not match.over:
        decision = match.decision
        assert decision is not None
        book.see(decision, option_paths(game, match, decision), True, option_slots(game, match, decision))
        if decision.kind == "discard":
            seen += 1
            for line in book.listing(()):
                action = line.item.action if line.item is not None else None
                if action is None or not line.available:
                    continue
                kinds.add(action.kind)
                want = str(CUBES.index(action.value) + 1) if action.kind == "keep" else fixed[action.kind]
                assert line.key == want, (seen, action, line.key)
            match.play(decision.options[0])
        else:
            match.play(decision.options[-1] if decision.kind == "spend" else decision.options[0])
    assert seen >= 6 and {"keep", "done"} <= kinds


def test_feed_and_cube_keys_are_the_same_every_round() -> None:
    """Feed k characters is key k every round, Feed nobody 6 and Trade 7 (five characters a
    Base at most); a question offering only cubes numbers them by colour (1-7), so giving
    and taking in one trade agree, whichever cubes are held. Two heuristic seats play."""
    from zedlab.core import RNG
    from zedlab.core.infoset import InfoSet
    from zedlab.games.survive_alive.bots import HeuristicBot
    from zedlab.games.survive_alive.content import CUBES

    game = zedlab.get("survive-alive")
    match = Match.new(game, {"players": 2}, seed=11)
    book, bot, rng = KeyBook(), HeuristicBot(), RNG.from_seed(3)
    checked: dict[str, int] = {}
    while not match.over:
        decision = match.decision
        assert decision is not None
        book.see(decision, option_paths(game, match, decision), True, option_slots(game, match, decision))
        cubes = all(a.value in CUBES for a in decision.options)
        if decision.kind == "feed" or cubes:
            for line in book.listing(()):
                action = line.item.action if line.item is not None else None
                if action is None or not line.available:
                    continue
                if action.kind == "feed":
                    want = str(action.value or 6)
                elif action.kind == "trade":
                    want = "7"
                else:
                    want = str(CUBES.index(action.value) + 1)
                assert line.key == want, (decision.kind, action, line.key)
            checked[decision.kind] = checked.get(decision.kind, 0) + 1
        match.play(bot.choose(InfoSet.of(game, match.state, config=match.config), rng))
    assert {"feed", "trade-give", "trade-take"} <= set(checked), checked


def _spend_book_after(moves: list[tuple[str, object]]) -> tuple[KeyBook, list[list[tuple[str, bool, str]]]]:
    """A solo Spend turn with a Watch Tower, 3 wood and 1 food (a look costs 1 food): the
    listings of the top of the Spend menu after each of ``moves`` (a kind and a value, or
    a kind alone for the first option of that kind)."""
    from tests.games.survive_alive.helpers import build_free, game, give, solo_at_spend
    from zedlab.cli.menus import paths_for

    st = solo_at_spend()
    build_free(st.players[0], "watch-tower-NW")
    give(st, st.players[0], food=1, wood=3)
    book = KeyBook()
    listings = []

    def see() -> None:
        d = game.decision(st)
        slots = game.option_slots(st, d)
        book.see(d, paths_for(d.options, game.option_groups(st, d), always=slots is not None), True, slots)
        if d.kind == "spend":
            listings.append([(ln.key, ln.available, ln.text) for ln in book.listing(())])

    see()
    for kind, value in moves:
        d = game.decision(st)
        game.apply(st, next(a for a in d.options if a.kind == kind and value in (None, a.value)))
        see()
    return book, listings


def test_the_watch_tower_look_stays_greyed_once_gone_like_the_other_lines() -> None:
    """1. Spend Resource Cubes (Watch Tower): the look, once taken, is listed greyed at 6
    through the rest of the Spend turn (after a build too), as the other lines that have
    gone are; after a trade (four gives and a take in between) the look that the food
    given away paid for is greyed, not dropped without a word."""
    _, listings = _spend_book_after([("peek", None), ("build", None)])
    for listing in listings[1:]:
        assert ("6", False) in [(k, a) for k, a, _ in listing], listing
    _, listings = _spend_book_after([("trade", None), ("give", "food"), ("give", "wood"),
                                     ("give", "wood"), ("give", "wood"), ("take", "metal")])
    assert ("6", True) in [(k, a) for k, a, _ in listings[0]]
    assert ("6", False) in [(k, a) for k, a, _ in listings[-1]], listings[-1]


def test_greyed_lines_wrap_rather_than_cut_the_last_away() -> None:
    """At 80 columns, two greyed lines whose words pass the edge are both named in full
    (the second wrapped under the first), the count of a greyed group left out."""
    from rich.console import Console

    from zedlab.cli.keys import KeyedLine
    from zedlab.cli.menus import MenuItem
    from zedlab.cli.screen import option_block
    from zedlab.core.engine import Action

    done = Action("done", None, "Done")
    lines = [KeyedLine("2", None, "Forge a weapon... (2 choices)"),
             KeyedLine("6", None, "Look at this round's Event cards (Watch Tower, free)"),
             KeyedLine("7", MenuItem("Done", done, ()), "Done")]
    console = Console(width=80, no_color=True, color_system=None, record=True)
    console.print(option_block(lines, 80, 1, False, False))
    text = console.export_text()
    assert "6) Look at this round's Event cards (Watch Tower, free)" in " ".join(text.split()), text
    assert "(2 choices)" not in text and "…" not in text, text
