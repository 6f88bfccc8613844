"""The Survivors' special rules (abilities.py): one test per hook, rigged with forced dice
and stacked decks. The rules are the designed ones printed in content/survivors.toml
(docs/rulings/heres-negan.md, "Designed components" and "Cards and special rules").
"""

from __future__ import annotations

from zedlab.core.flow import push
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.abilities import ABILITIES, ability
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import cx
from zedlab.games.heres_negan.content import SURVIVOR_ABILITIES
from zedlab.games.heres_negan.steps import FLOW, WalkerAttacks
from zedlab.games.heres_negan.survivor_phase import activate

from .helpers import kinds, new_game, options, play, rig

HALL = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""

LOCKED = """
+-+-+-+-+-+-+-+
|. . . .|a a a|
+ + + + + + + +
|. . . .La a a|
+ + + + + + + +
|. . . .|a a a|
+-+-+-+-+-+-+-+
"""


def at(x: int, y: int) -> int:
    """Space (x, y) on the 7-wide fixtures."""
    return y * 7 + x


def table(*who: str, text: str = HALL, **pieces):
    """A game of the Survivors ``who`` rigged on ``text``; Survivor 0 at (1, 1), 1 at (6, 2)."""
    b = Board.from_text(text, room_names={"a": "Office"} if "a" in text else None,
                        security=[(5, 1)] if "a" in text else ())
    state = new_game(0, survivors=len(who), characters=who, first_player=0)
    rig(state, b, survivors=pieces.pop("survivors", {0: at(1, 1), 1: at(6, 2)}), **pieces)
    return state


def start(state, i: int = 0) -> None:
    for s in state.survivors:
        s.activated = False
    activate(state, i)
    FLOW.run(state)


def actions(state) -> set[str]:
    return {v for k, v in options(state) if k == "action"}


def test_every_printed_hook_has_its_rule() -> None:
    """Each Survivor card's ability names a registered special rule (survivors.toml)."""
    assert set(SURVIVOR_ABILITIES.values()) == set(ABILITIES)
    state = new_game(0, survivors=5)
    assert [ability(state, i).hook for i in range(5)] == [
        cx(state).survivors[s.id].ability for s in state.survivors]


def test_dwight_rerolls_the_run_noise_roll() -> None:
    """steady-runner (HN-R141, HN-R142): after his Run a star is re-rolled; a blank on the
    re-roll makes no NOISE, a second star does. Laura has no re-roll. Source: rulebook,
    "Running"; survivors.toml."""
    state = table("dwight", "laura")
    start(state)
    state.rng.force(roll=["1", "star", "blank"])  # blue run roll, NOISE star, re-roll blank
    play(state, "action", "run")
    play(state, "stop")
    assert "noise" not in kinds(state)
    state.survivors[0].plus = 1
    play(state, "plus-token")
    state.rng.force(roll=["1", "star", "star"])
    play(state, "action", "run")
    play(state, "stop")
    assert "noise" in kinds(state)
    state.events.clear()
    start(state, 1)
    state.rng.force(roll=["1", "star", "blank"])
    play(state, "action", "run")
    play(state, "stop")
    assert "noise" in kinds(state)  # Laura: the star stands


def test_laura_takes_the_same_action_twice() -> None:
    """double-action (HN-R122, HN-A03): Laura may Move twice in one activation without a
    +1 token; Dwight may not. Source: rulebook, "1. The Survivor Phase"; survivors.toml."""
    state = table("laura", "dwight")
    start(state)
    play(state, "action", "move")
    play(state, "step", at(2, 1))
    play(state, "stop")
    assert {"move", "run"} <= actions(state)
    play(state, "action", "move")
    play(state, "step", at(3, 1))
    play(state, "stop")
    assert game.decision(state) is None and state.survivors[0].space == at(3, 1)
    start(state, 1)
    play(state, "action", "move")
    play(state, "step", at(5, 2))
    play(state, "stop")
    assert "move" not in actions(state)


def test_john_removes_a_walker_with_double_the_defense() -> None:
    """bruiser (HN-R160, HN-R161): John's Fight roll 2 against Defense 1 removes the Walker
    with no bang (+1 Rep); 3 against 2 only knocks it prone; Dwight's 2 against 1 knocks it
    prone. Source: rulebook, "Fight"; survivors.toml."""
    state = table("john", "dwight", walkers=(at(2, 1),))
    john = state.survivors[0]
    start(state)
    state.rng.force(roll=["1", "1", "1"])  # white Fight + tyre iron white = 2; Defense 1
    play(state, "action", "fight")
    assert state.walkers == [] and state.prone == [] and john.rep == 1
    state.walkers = [at(2, 1)]
    start(state)
    state.rng.force(roll=["2", "1", "2"])  # 3 against 2: not double
    play(state, "action", "fight")
    assert state.prone == [at(2, 1)] and john.rep == 1
    state.prone, state.walkers = [], [at(5, 2)]
    start(state, 1)
    state.rng.force(roll=["1", "1", "1"])  # Dwight: white Fight + dagger red = 2; Defense 1
    play(state, "action", "fight")
    assert state.prone == [at(5, 2)]


def test_john_breaks_and_enters_without_a_roll() -> None:
    """bruiser (HN-R184, HN-R185): John's Break and Enter opens the locked door with no
    Action die; it still makes NOISE. Source: rulebook, "Break and Enter"; survivors.toml."""
    state = table("john", "dwight", text=LOCKED, survivors={0: at(3, 1), 1: at(0, 2)})
    start(state)
    play(state, "action", "break-and-enter")
    assert 0 in state.open_doors and "noise" in kinds(state)
    assert not [e for e in state.events if e.kind == "action-die"
                and "break" in e.args["why"]]


def test_tara_never_shoots_nor_equips_a_shoot_weapon() -> None:
    """close-quarters (HN-R078, HN-R165): Tara is offered no Shoot even with a gun in a
    weapon space and a Walker in range, and a found Handgun can only be kept aside; a found
    Machete may be equipped. Source: rulebook, "Shoot", "Search"; survivors.toml."""
    state = table("tara", "dwight", walkers=(at(4, 1),))
    tara = state.survivors[0]
    tara.equipped = ["handgun"]
    start(state)
    assert "shoot" not in actions(state)
    state.walkers = []
    state.supplies = [at(2, 1)]
    state.decks["supply"].append("handgun")
    start(state)
    play(state, "action", "search")
    assert tara.cards[-1] == "handgun" and tara.equipped == ["handgun"]
    assert game.decision(state).kind == "choose-action"  # only "keep": applied at once
    state.supplies = [at(2, 1)]
    state.decks["supply"].append("machete")
    state.survivors[0].plus = 1
    play(state, "plus-token")
    play(state, "action", "search")
    assert ("equip", 1) in options(state)


def test_tara_strikes_back_when_her_defense_doubles_the_attack() -> None:
    """close-quarters (HN-R219..R224, HN-R158): a Walker's Attack 1 against Tara's blue
    Defense 3 (more than double) gives her a free Fight attack on it: white + dagger red,
    2 with a bang against 0, so it is removed (+1 Rep). Defense 2 against 1 is not more
    than double: no attack back. Source: rulebook, "Walkers Attack", "Fight";
    survivors.toml."""
    state = table("tara", "dwight", walkers=(at(1, 0),))
    tara = state.survivors[0]
    state.rng.force(roll=["1", "3!", "2!", "0", "0"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    assert state.walkers == [] and tara.rep == 1 and tara.damage == 0
    state.walkers = [at(1, 0)]
    state.rng.force(roll=["1", "2"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    assert state.walkers == [at(1, 0)] and tara.rep == 1
    attacks = [e for e in state.events if e.kind == "attack"]
    assert len(attacks) == 1 and attacks[0].args["weapon"] == "dagger"


def test_sherry_draws_two_and_keeps_one() -> None:
    """scavenger (HN-R173..R177): Sherry's Search draws two Supply cards; she keeps the
    Machete (then may equip it) and the Booby Trap goes back into the deck unresolved.
    Source: rulebook, "Search"; survivors.toml."""
    state = table("sherry", "dwight")
    sherry = state.survivors[0]
    state.supplies = [at(2, 1)]
    deck = state.decks["supply"]
    deck.remove("booby-trap")
    deck.remove("machete")
    deck += ["booby-trap", "machete"]  # top last: the Machete, then the Booby Trap
    size = len(deck)
    start(state)
    play(state, "action", "search")
    d = game.decision(state)
    assert [(o.kind, o.value) for o in d.options] == [("keep-card", "machete"),
                                                      ("keep-card", "booby-trap")]
    assert d.options[0].label == "keep Machete, shuffle Booby Trap back"
    play(state, "keep-card", "machete")
    assert "booby-trap" in deck and len(deck) == size - 1
    assert sherry.damage == 0 and "noise" not in kinds(state)
    play(state, "equip", 1)
    assert sherry.equipped == ["pistol", "machete"]
