"""Stable keys while a decision repeats (:mod:`zedlab.cli.keys`)."""

from __future__ import annotations

from zedlab.cli.keys import KeyBook, die_key, normal_key, split_keys
from zedlab.core import Action
from zedlab.core.engine import Decision


def _decision(values: list[int], player: int = 0, kind: str = "pick") -> Decision:
    return Decision(player, kind, tuple(Action("take", v, f"Take {v}") for v in values))


def _keys(book: KeyBook) -> dict[str, str]:
    return {ln.key: ln.text + ("" if ln.available else " (greyed)") for ln in book.listing(())}


def test_an_option_keeps_its_key_while_the_question_repeats() -> None:
    """Taking option 2 of 1-4: the others keep 1, 3, 4; 2 is greyed, not given away."""
    book = KeyBook()
    book.see(_decision([10, 20, 30, 40]))
    assert _keys(book) == {"1": "Take 10", "2": "Take 20", "3": "Take 30", "4": "Take 40"}
    book.see(_decision([10, 30, 40, 50]))
    assert _keys(book) == {
        "1": "Take 10", "2": "Take 20 (greyed)", "3": "Take 30", "4": "Take 40", "5": "Take 50",
    }
    # one decision later the freed key may serve a new option
    book.see(_decision([10, 30, 40, 50, 60]))
    assert _keys(book) == {
        "1": "Take 10", "2": "Take 60", "3": "Take 30", "4": "Take 40", "5": "Take 50",
    }


def test_another_question_or_seat_numbers_afresh() -> None:
    book = KeyBook()
    book.see(_decision([10, 20, 30]))
    book.see(_decision([20, 30]))
    assert _keys(book)["2"] == "Take 20"
    book.see(_decision([20, 30], player=1), shown=False)  # a bot's turn ends the run
    book.see(_decision([20, 30]))
    assert _keys(book) == {"1": "Take 20", "2": "Take 30"}
    book.see(_decision([30], kind="other"))
    assert _keys(book) == {"1": "Take 30"}


def test_options_naming_one_die_are_keyed_by_die_number() -> None:
    """Run, Fight, or Die! style: Keep/Reroll die N are k N / r N; the rest are numbered."""
    options = (
        Action("keep", 3, "Keep die 4 (book)"),
        Action("reroll-die", 3, "Reroll die 4 (book)"),
        Action("flee", None, "Draw a Fleeing Card"),
        Action("stop", None, "Stop rolling"),
    )
    book = KeyBook()
    book.see(Decision(0, "roll-dice", options))
    assert [ln.key for ln in book.listing(())] == ["k4", "r4", "1", "2"]
    assert book.keys_to(options, None, 1) == ["r4"]


def test_die_keys_and_typed_lines() -> None:
    assert die_key("Keep die 1 (book)") == "k1"
    assert die_key("Amulet: turn die 2 from gun to bat") == "a2"
    assert die_key("Re-roll a 2") is None and die_key("die 1 and die 2") is None
    assert normal_key(" R 4 ") == "r4" and normal_key("007") == "7"
    assert split_keys("r 1 4 5") == ["r1", "r4", "r5"]
    assert split_keys("3 5") == ["3", "5"]
    assert split_keys("r1 k2 6") == ["r1", "k2", "k6"]
    assert split_keys("log 5") is None and split_keys("") is None


def test_a_vanished_option_keeps_its_key_across_a_question_in_between() -> None:
    """Don't Look Back, Flashbang Grenade: "move a Walker from" alternates with "put it
    where". Moving the last Walker from the Location must not hand its key to another
    space at the next "from" question (typing 2 2 2 moved a Walker from Sector 3)."""
    import random

    import zedlab
    from zedlab.core import Match

    game = zedlab.get("dont-look-back")
    match = Match.new(game, seed=5)
    rng = random.Random(5)
    book = KeyBook()
    for _ in range(28):
        decision = match.decision
        assert decision is not None
        book.see(decision)
        match.play(rng.choice(decision.options))
    decision = match.decision
    assert decision is not None and decision.kind == "flashbang-from"
    assert match.state.walkers[0] == 1
    book.see(decision)
    key = next(ln.key for ln in book.listing(()) if ln.text == "Move a Walker from the Location")
    match.play(next(a for a in decision.options if a.value == 0))
    decision = match.decision
    assert decision is not None and decision.kind == "flashbang-to"
    book.see(decision)
    match.play(decision.options[0])
    decision = match.decision
    assert decision is not None and decision.kind == "flashbang-from"
    book.see(decision)
    lines = {ln.key: ln for ln in book.listing(())}
    assert key in lines and not lines[key].available
    assert lines[key].text == "Move a Walker from the Location"


def test_another_seat_in_between_numbers_afresh() -> None:
    """Hot seat: the same question for another person starts from 1, and so does the first
    seat's next one."""
    book = KeyBook()
    book.see(_decision([10, 20, 30]))
    book.see(_decision([20, 30], player=1))
    assert _keys(book) == {"1": "Take 20", "2": "Take 30"}
    book.see(_decision([20, 30]))
    assert _keys(book) == {"1": "Take 20", "2": "Take 30"}


def test_a_greyed_die_option_shows_no_stale_face() -> None:
    """Run, Fight, or Die!: after die 5 is rerolled to RUN, "Keep die 5 (book)" is greyed
    as k5 with a neutral text, or the die's face now when an option names it."""
    def roll(*options: tuple[str, int, str]) -> Decision:
        return Decision(0, "roll-dice", tuple(Action(k, v, label) for k, v, label in options))

    book = KeyBook()
    book.see(roll(("keep", 4, "Keep die 5 (book)"), ("keep", 1, "Keep die 2 (gun)"),
                  ("stop", None, "Stop rolling")))
    book.see(roll(("keep", 1, "Keep die 2 (gun)"), ("stop", None, "Stop rolling")))
    assert _keys(book) == {"k2": "Keep die 2 (gun)", "1": "Stop rolling", "k5": "— (greyed)"}
    book.see(roll(("reroll-die", 1, "Reroll die 2 (gun)"), ("amulet", 4, "Amulet: turn die 5 (run)"),
                  ("stop", None, "Stop rolling")))
    keys = _keys(book)
    assert keys["k2"] == "— (die 2 is gun now) (greyed)"
    assert "book" not in " ".join(keys.values())


def test_another_survivors_move_numbers_afresh() -> None:
    """Here's Negan, one player moving two Survivors in turn (1. The Survivor Phase): a
    Survivor's Move never lists the other Survivor's steps greyed, nor hands one of their
    numbers to its own step or door (the game names whom a question is about:
    ``option_subject``); within one Survivor's Move a step just taken is still greyed."""
    import zedlab
    from zedlab.core import RNG, Match

    from .driver import option_paths, option_subject

    game = zedlab.get("heres-negan")
    switches = greyed_within = 0
    for seed in range(3):
        match = Match.new(game, {"scenario": 1}, seed=seed)
        rng = RNG.from_seed(seed)
        book = KeyBook()
        last: dict[str, object] = {}
        while not match.over and len(match.steps) < 300:
            decision = match.decision
            assert decision is not None
            subject = option_subject(game, match, decision)
            book.see(decision, option_paths(game, match, decision), True, None, subject)
            greyed = [ln for ln in book.listing(()) if not ln.available]
            if decision.kind == "move":
                if decision.kind in last and last[decision.kind] != subject:
                    switches += 1
                    assert not greyed, (decision.prompt, greyed)
                elif greyed:
                    greyed_within += 1
                last[decision.kind] = subject
            match.play(decision.options[rng.randbelow(len(decision.options))])
    assert switches and greyed_within
