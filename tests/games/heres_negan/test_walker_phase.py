"""The Walker Phase: Event cards, Walker tokens and Walkers moving, Walkers attacking
(Outnumbered, Multiple Fights, Bites, Negan), the Event and Room card effects, Not Enough
Walkers and NOISE, on small drawn boards with forced dice.

Source: Here's Negan rulebook, "2. The Walker Phase", "Noise", "Entry Points", "Not Enough
Walkers?", "Fire"; checklist HN-R198..HN-R233, E6, E7.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import Board, adjacent
from zedlab.games.heres_negan.common import EFFECTS, apply_effects, cx, noise, reveal
from zedlab.games.heres_negan.content import Effect
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import FLOW, WalkerAttacks, WalkerMoves, WalkerPhase
from zedlab.games.heres_negan.walker_phase import (
    NEGAN,
    attack_targets,
    completable,
    defense_dice,
    families,
)

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

WALL = """
+-+-+-+-+-+-+-+
|. . .|. . . .|
+ + + + + + + +
|. . .|. . . .|
+ + + + + + + +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""

ROOM = """
+-+-+-+-+-+-+-+
|. . . . . . .|
+ + + + + + + +
|. . . . . . .|
+ + + +D+-+-+-+
|. . .|a a a a|
+-+-+-+-+-+-+-+
"""


def table(text: str = HALL, characters: tuple[str, ...] = ("dwight", "john"), **pieces: object
          ) -> tuple[HNState, Board, object]:
    """A rigged table: ``pieces`` as for ``rig`` but given as (x, y) positions."""
    b = Board.from_text(text, security=[(3, 2)] if "a" in text else (),
                        entry_points=pieces.pop("eps", ()))  # type: ignore[arg-type]
    state = new_game(0, survivors=len(characters), characters=characters, first_player=0)

    def at(p: tuple[int, int]) -> int:
        return b.at(*p)

    survivors = {i: at(p) for i, p in pieces.pop("survivors", {}).items()}  # type: ignore[attr-defined]
    negan = pieces.pop("negan", None)
    rig(state, b, survivors=survivors, negan=at(negan) if negan else -1,  # type: ignore[arg-type]
        walkers=tuple(at(p) for p in pieces.pop("walkers", ())),  # type: ignore[attr-defined]
        prone=tuple(at(p) for p in pieces.pop("prone", ())),  # type: ignore[attr-defined]
        tokens={at(p): d for p, d in pieces.pop("tokens", {}).items()})  # type: ignore[attr-defined]
    return state, b, at


def run(state: HNState, *steps: object) -> None:
    push(state, *steps)  # type: ignore[arg-type]
    FLOW.run(state)


def rolls(state: HNState, why: str) -> list[dict]:
    return [e.args for e in state.events if e.kind == "roll" and e.args.get("why") == why]


# -- Walkers Attack -------------------------------------------------------------------------
def test_e6_attack_two_against_defense_one_costs_one_stamina() -> None:
    """Walkers Attack, E6 (HN-R222..R224): Attack 2 against Defense 1 loses 2-1 = 1 Stamina,
    no Bite without a bang."""
    state, b, at = table(survivors={0: (3, 1)}, walkers=[(3, 0)])
    state.rng.force(roll=["2", "1"])
    run(state, WalkerAttacks())
    s = state.survivors[0]
    assert s.damage == 1 and not s.bitten
    assert rolls(state, "walkers attack dwight")[0]["dice"] == ["red"]


def test_e6_a_bang_with_stamina_lost_is_a_bite() -> None:
    """E6 (HN-R225, HN-A20): the Attack Roll 2 shows a bang and Stamina is lost: Bitten, and
    Reputation falls by a blue roll."""
    state, b, at = table(survivors={0: (3, 1)}, walkers=[(3, 0), (3, 2)])
    state.survivors[0].rep = 5
    state.rng.force(roll=["1!", "1", "1", "2"])  # two red dice 1!+1, defense 1, blue 2
    run(state, WalkerAttacks())
    s = state.survivors[0]
    assert s.damage == 1 and s.bitten and s.rep == 3


def test_e6_attack_one_against_defense_one_does_nothing() -> None:
    """E6: Attack 1 against Defense 1: nothing, even with a bang (no Stamina lost)."""
    state, b, at = table(survivors={0: (3, 1)}, walkers=[(3, 0)])
    state.rng.force(roll=["1!", "1"])
    run(state, WalkerAttacks())
    s = state.survivors[0]
    assert s.damage == 0 and not s.bitten and "bitten" not in kinds(state)


def test_outnumbered_one_combined_roll_capped() -> None:
    """Walkers Attack, Walker Reference (HN-R219, HN-A21): one Attack Roll for all the
    Walkers on a Survivor, a die each, at most max_attack_dice."""
    cap = int(cx(new_game(0)).walker.max_attack_dice)
    around = [(2, 0), (3, 0), (4, 0), (2, 1), (4, 1), (2, 2), (3, 2), (4, 2)]
    for n in (2, min(cap + 1, 8)):
        state, b, at = table(survivors={0: (3, 1)}, walkers=around[:n])
        run(state, WalkerAttacks())
        made = rolls(state, "walkers attack dwight")
        assert len(made) == 1 and len(made[0]["dice"]) == min(n, cap)


def test_defense_dice_add_held_items() -> None:
    """Walkers Attack (HN-R223): the Defense Roll adds the dice of items held."""
    state = new_game(0)
    c = cx(state)
    base = list(c.survivors["dwight"].defense)
    item = next(k for k, v in c.supply.items() if any(e.effect == "defense-die" for e in v.effects))
    die = next(e.die for e in c.supply[item].effects if e.effect == "defense-die")
    assert defense_dice(state, 0) == base
    state.survivors[0].cards.append(item)
    assert defense_dice(state, 0) == [*base, die]


def test_incapacitated_survivor_is_never_attacked() -> None:
    """Incapacitated Survivors (HN-R130): Walkers never attack one."""
    state, b, at = table(survivors={0: (3, 1)}, walkers=[(3, 0)])
    state.survivors[0].damage = state.survivors[0].stamina
    assert attack_targets(state) == {}
    run(state, WalkerAttacks())
    assert "walker-attack" not in kinds(state) and state.survivors[0].rep == 0


def test_bitten_at_the_skull_is_removed_and_becomes_a_prone_walker() -> None:
    """Bitten! (HN-R229, HN-A20): the bite comes first, so the blow that reaches the skull
    removes the Survivor and a prone Walker takes its space."""
    state, b, at = table(survivors={0: (3, 1)}, walkers=[(3, 0)])
    s = state.survivors[0]
    s.damage = s.stamina - 1
    state.rng.force(roll=["1!", "0", "1"])
    run(state, WalkerAttacks())
    assert s.removed and s.space == -1 and at((3, 1)) in state.prone


def test_e7_multiple_fights_exactly_the_legal_allocations() -> None:
    """Multiple Fights, E7 (HN-R226, HN-R227): John and Sherry against three Walkers; Walker 3
    touches only Sherry; of Walkers 1 and 2 at least one goes to John."""
    state, b, at = table(characters=("john", "sherry"), survivors={0: (2, 1), 1: (4, 1)},
                         walkers=[(3, 0), (3, 2), (5, 1)])
    w1, w2, w3 = at((3, 0)), at((3, 2)), at((5, 1))
    targets = attack_targets(state)
    assert targets == {w1: [0, 1], w2: [0, 1], w3: [1]}
    legal = {
        (a, c, d) for a, c, d in product([0, 1], [0, 1], [1])
        if completable(targets, {w1: a, w2: c, w3: d})
    }
    assert legal == {(0, 0, 1), (0, 1, 1), (1, 0, 1)}
    # the First Player is asked about Walker 1 (Walker 3 is forced)
    run(state, WalkerAttacks())
    assert options(state) == [("attack-target", "john"), ("attack-target", "sherry")]
    play(state, "attack-target", "sherry")  # Walker 2 must then go to John: not asked
    assert len(rolls(state, "walkers attack john")[0]["dice"]) == 1
    assert len(rolls(state, "walkers attack sherry")[0]["dice"]) == 2


def test_e7_after_walker_1_on_john_walker_2_is_free() -> None:
    """E7: with Walker 1 on John, Walker 2 may go to John or Sherry."""
    state, b, at = table(characters=("john", "sherry"), survivors={0: (2, 1), 1: (4, 1)},
                         walkers=[(3, 0), (3, 2), (5, 1)])
    run(state, WalkerAttacks())
    play(state, "attack-target", "john")
    assert options(state) == [("attack-target", "john"), ("attack-target", "sherry")]
    play(state, "attack-target", "john")
    assert len(rolls(state, "walkers attack john")[0]["dice"]) == 2


def test_negan_is_outside_the_spreading_duty() -> None:
    """Multiple Fights (HN-R228, HN-A22 (a)): a Walker touching Negan and a Survivor may go to
    either; a Walker touching only Negan attacks him."""
    state, b, at = table(survivors={0: (2, 1)}, negan=(4, 1), walkers=[(3, 0), (5, 1)])
    run(state, WalkerAttacks())
    assert options(state) == [("attack-target", "dwight"), ("attack-target", "negan")]
    state.rng.force(roll=["0", "0", "0", "0"])
    play(state, "attack-target", "negan")
    assert state.negan_damage == 2


def test_walkers_attacking_negan_stamina_and_rep_once() -> None:
    """Walkers Attacking Negan (HN-R230..R232, HN-A23): 1 Stamina per Walker, no dice; every
    Survivor in play loses its own white roll of Reputation, once."""
    state, b, at = table(survivors={0: (0, 1), 1: (6, 1)}, negan=(3, 1), walkers=[(3, 0), (3, 2)])
    for s in state.survivors:
        s.rep = 5
    state.rng.force(roll=["1", "2"])
    run(state, WalkerAttacks())
    assert state.negan_damage == 2
    assert [s.rep for s in state.survivors] == [4, 3]
    assert len(rolls(state, "dwight Negan hurt")) == 1 and not state.result


def test_negan_at_the_skull_loses_the_game() -> None:
    """Walkers Attacking Negan (HN-R233): Negan's Stamina at the skull loses at once."""
    state, b, at = table(survivors={0: (0, 1)}, negan=(3, 1), walkers=[(3, 0)])
    state.negan_damage = cx(state).negan_ref.stamina - 1
    run(state, WalkerAttacks())
    assert state.result == "loss" and state.reason == "Negan fell"


# -- Move Walker tokens, Move Walkers -----------------------------------------------------
def test_tokens_move_closest_first_and_are_revealed_in_sight() -> None:
    """Move Walker Tokens (HN-R204, HN-R205, HN-R209): the token nearer a Survivor moves first;
    one that comes into sight is revealed, one still hidden is not."""
    state, b, at = table(WALL, survivors={0: (0, 0), 1: (0, 2)}, tokens={(3, 1): "", (6, 0): ""})
    state.token_pile.sort()  # nothing is drawn; keep it tidy
    run(state, WalkerMoves())
    moved = [
        (e.kind, {k: v for k, v in e.args.items() if k in ("frm", "to", "space", "die", "walkers")})
        for e in state.events if e.kind in ("token-moved", "token-revealed")
    ]
    assert moved == [
        ("token-moved", {"frm": at((3, 1)), "to": at((2, 2))}),
        ("token-revealed", {"space": at((2, 2)), "die": "", "walkers": 0}),
        ("token-moved", {"frm": at((6, 0)), "to": at((5, 0))}),
    ]
    assert state.tokens == {at((5, 0)): ""}


def test_walkers_move_two_and_stop_adjacent() -> None:
    """Move Walkers (HN-R210, HN-R212, HN-R216): 2 spaces towards the Survivor, stopping on
    becoming adjacent; a Walker already adjacent stays; a prone one does not move."""
    state, b, at = table(survivors={0: (0, 1)}, walkers=[(4, 1), (1, 0)], prone=[(6, 2)])
    state.rng.force(roll=["0", "0"])  # the attack that follows
    run(state, WalkerMoves())
    assert state.walkers == sorted([at((1, 0)), at((2, 1))])
    assert state.prone == [at((6, 2))]
    state, b, at = table(survivors={0: (0, 1)}, walkers=[(2, 1)])
    state.rng.force(roll=["0", "0"])
    run(state, WalkerMoves())
    assert state.walkers == [at((1, 1))]  # one space, then adjacent: it stops


# -- Draw Event Card ------------------------------------------------------------------------
def _card(state: HNState, test) -> str:  # type: ignore[no-untyped-def]
    return next(k for k, v in sorted(cx(state).events.items()) if test(v))


def test_threat_icon_comes_before_the_text() -> None:
    """Draw Event Card (HN-R200): the Threat icon moves Threat first: +1 from 3 reaches the Low
    band, so the card's 'spawn up to the band' already uses the Low Entry Point."""
    state, b, at = table(survivors={0: (0, 1)}, eps=[((6, 2), "low")])
    card = _card(state, lambda v: v.threat == "+1" and not v.choose and not v.noise
                 and [e.effect for e in v.effects] == ["spawn"] and v.effects[0].level == "threat")
    state.threat = 3
    state.decks["event"].append(card)
    state.rng.force(roll=["0", "0"])
    run(state, WalkerPhase())
    assert state.threat == 4
    assert "token-placed" in kinds(state)
    assert state.discards["event"][-1] == card


def test_choose_a_survivor_asks_the_first_player_among_survivors_in_play() -> None:
    """Draw Event Card (HN-R201): the First Player picks among the Survivors in play (an
    Incapacitated one too, never Negan); with one only, no question."""
    state, b, at = table(survivors={0: (0, 1), 1: (6, 1)}, negan=(3, 0))
    card = _card(state, lambda v: v.choose and not v.noise
                 and any(e.effect == "lose-stamina" for e in v.effects))
    state.survivors[1].damage = state.survivors[1].stamina
    state.decks["event"].append(card)
    run(state, WalkerPhase())
    assert options(state) == [("event-survivor", "dwight"), ("event-survivor", "john")]
    play(state, "event-survivor", "dwight")
    assert state.survivors[0].damage == 1
    state, b, at = table(survivors={0: (0, 1)})
    state.decks["event"].append(card)
    run(state, WalkerPhase())
    assert state.survivors[0].damage == 1 and "event-survivor" not in kinds(state)


def test_noise_banner_makes_one_noise_from_the_chosen_survivor() -> None:
    """Draw Event Card, Noise: a NOISE banner makes NOISE once the card is resolved, from the
    chosen Survivor (the card's 'make NOISE' text is that same NOISE)."""
    state, b, at = table(survivors={0: (0, 1), 1: (6, 1)})
    card = _card(state, lambda v: v.noise and v.choose and v.threat == "+1")
    state.decks["event"].append(card)
    run(state, WalkerPhase())
    play(state, "event-survivor", "john")
    noises = [(e.args["space"], e.args["why"]) for e in state.events if e.kind == "noise"]
    assert noises == [(at((6, 1)), f"event {card}")]
    assert state.threat == 3


# -- the effects ---------------------------------------------------------------------------
def test_every_content_effect_of_event_and_room_cards_is_registered() -> None:
    """Cards: every effect an Event or Room card carries has a rule."""
    c = cx(new_game(0))
    used = {e.effect for deck in (c.events, c.rooms) for card in deck.values() for e in card.effects}
    assert used <= set(EFFECTS)


def placed(state: HNState) -> list[int]:
    return [e.args["space"] for e in state.events if e.kind == "token-placed"]


def blanks(state: HNState) -> None:
    """Only false-alarm tokens left to draw: reveals place nothing (the test looks at where
    tokens go, not at what they hide)."""
    state.token_pile = [""] * 5


def test_spawn_levels_and_a_blocked_entry_point() -> None:
    """Entry Points (HN-R070..R072, HN-A08, HN-A09): 'threat' uses every level up to the band
    (none in All Quiet); a blocked Entry Point sends its token to the next closest one."""
    eps = [((0, 0), "low"), ((6, 0), "low"), ((6, 2), "medium")]
    state, b, at = table(survivors={0: (3, 2)}, eps=eps)
    blanks(state)
    apply_effects(state, [Effect(effect="spawn", level="threat")])
    assert placed(state) == []
    state.threat = 9
    apply_effects(state, [Effect(effect="spawn", level="threat")])
    assert placed(state) == [at((0, 0)), at((6, 0)), at((6, 2))]
    state.events.clear()
    state.threat = 4
    apply_effects(state, [Effect(effect="spawn", level="threat")])
    assert placed(state) == [at((0, 0)), at((6, 0))]
    # Dwight stands on the Low Entry Point at (0, 0): its token goes to the other Low one
    state, b, at = table(survivors={0: (0, 0)}, eps=eps)
    blanks(state)
    apply_effects(state, [Effect(effect="spawn", level="low")])
    assert placed(state) == [at((6, 0)), at((6, 0))]


def test_spawn_nearest_and_token_here() -> None:
    """Event effects: a token on the open Entry Point nearest the chosen Survivor, and one
    placed next to the Survivor (in sight: revealed at once)."""
    eps = [((0, 0), "low"), ((6, 0), "low")]
    state, b, at = table(survivors={0: (5, 1)}, eps=eps)
    blanks(state)
    state.threat = 4
    apply_effects(state, [Effect(effect="spawn-nearest", level="threat")], who=0)
    assert placed(state) == [at((6, 0))]
    state.events.clear()
    apply_effects(state, [Effect(effect="walker-token-here")], who=0)
    assert len(placed(state)) == 1 and adjacent(b, placed(state)[0], at((5, 1)))
    assert "token-revealed" in kinds(state)


def test_stamina_rep_and_action_token_effects() -> None:
    """Event effects: lose Stamina; lose and gain Reputation (an amount or a roll); +1/-1
    Action tokens while one of the three is left."""
    state, b, at = table(survivors={0: (0, 1), 1: (6, 1)})
    s = state.survivors[0]
    apply_effects(state, [Effect(effect="lose-stamina", amount=1)], who=0)
    assert s.damage == 1
    apply_effects(state, [Effect(effect="gain-rep", amount=1)], who=0)
    state.rng.force(roll=["2"])
    apply_effects(state, [Effect(effect="gain-rep", die="white")], who=0)
    assert s.rep == 3
    state.rng.force(roll=["1"])
    apply_effects(state, [Effect(effect="lose-rep", die="white")], who=0)
    assert s.rep == 2
    apply_effects(state, [Effect(effect="action-token", delta=1)], who=0)
    apply_effects(state, [Effect(effect="action-token", delta=-1)], who=1)
    apply_effects(state, [Effect(effect="action-token", delta=-1)], who=0)
    assert (s.plus, s.minus, state.survivors[1].minus) == (1, 1, 1)
    apply_effects(state, [Effect(effect="action-token", delta=1)], who=1)
    assert state.survivors[1].plus == 0 and "no-action-token" in kinds(state)
    apply_effects(state, [Effect(effect="lose-stamina", amount=1)], who=-1)
    assert s.damage == 1  # no target: nothing (HN-R202)


def test_fire_effect_at_the_survivor_at_most_four() -> None:
    """Fire: a fire token at the Survivor concerned (next to it if one is there already); the
    box holds four."""
    state, b, at = table(survivors={0: (3, 1)})
    for _ in range(5):
        apply_effects(state, [Effect(effect="fire")], who=0)
    assert len(state.fire) == 4 and at((3, 1)) in state.fire
    assert kinds(state).count("fire-placed") == 4 and "no-fire-token" in kinds(state)


def test_room_effects_walkers_breach_pitch_black() -> None:
    """Room card effects: more Walkers from the Security token; Breach adds a Low Entry Point
    in the room while a Low marker is spare (three); Pitch Black is recorded."""
    state, b, at = table(ROOM, survivors={0: (0, 0)}, eps=[((0, 2), "low"), ((6, 0), "low")])
    room = b.room_of(at((3, 2)))
    apply_effects(state, [Effect(effect="walkers-in-room", amount=2)], room=room, source=at((3, 2)))
    assert state.walkers == [at((3, 2)), at((4, 2))]
    apply_effects(state, [Effect(effect="breach")], room=room, source=at((3, 2)))
    assert (at((3, 2)), "low") in state.entry_points
    apply_effects(state, [Effect(effect="breach")], room=room, source=at((3, 2)))
    assert len(state.entry_points) == 3 and "no-entry-marker" in kinds(state)
    apply_effects(state, [Effect(effect="pitch-black")], room=room)
    assert state.dark == [room]


# -- Not Enough Walkers --------------------------------------------------------------------
def test_not_enough_walkers_costs_one_threat_per_piece() -> None:
    """Not Enough Walkers? (HN-R069, HN-A06 (a)): a blue token rolling 3 with one model left
    places one and costs +2 Threat; a token with none to draw (HN-A07 (b)) costs +1."""
    state, b, at = table(survivors={0: (0, 1)}, tokens={(6, 2): "blue"})
    state.walkers = sorted(at((x, 0)) for x in range(6)) + sorted(at((x, 2)) for x in range(5))
    state.walkers.sort()
    state.threat = 5
    state.rng.force(roll=["3!"])
    reveal(state, at((6, 2)))
    assert len(state.walkers) == 12 and state.threat == 7
    state, b, at = table(survivors={0: (0, 1)}, eps=[((6, 2), "low")])
    state.token_discard += state.token_pile
    state.token_pile = []
    state.tokens[at((6, 0))] = state.token_discard.pop()  # one on the board: no reshuffle
    state.threat = 5
    apply_effects(state, [Effect(effect="spawn", level="low")])
    assert state.threat == 6 and "not-enough-walkers" in kinds(state)


# -- NOISE (common.noise) ---------------------------------------------------------------------
def test_noise_step_1_threat_and_step_4_entry_point() -> None:
    """Noise (HN-R115, HN-R118, HN-A08): Threat +1; a token on the nearest Entry Point up to
    the band; none during All Quiet."""
    eps = [((0, 0), "low"), ((6, 0), "low"), ((6, 2), "high")]
    state, b, at = table(survivors={0: (5, 1), 1: (0, 2)}, eps=eps)
    noise(state, at((5, 1)), "test")
    assert state.threat == 2 and "token-placed" not in kinds(state)
    state.threat = 14
    state.events.clear()
    noise(state, at((5, 1)), "test")
    placed = [e.args["space"] for e in state.events if e.kind == "token-placed"]
    assert state.threat == 15 and len(placed) == 1 and placed[0] in (at((6, 0)), at((6, 2)))


def test_noise_step_2_tokens_move_one_and_reveal() -> None:
    """Noise (HN-R116, HN-R119): every Walker token moves 1 space towards the source and is
    revealed if it comes into sight."""
    state, b, at = table(WALL, survivors={0: (0, 0)}, tokens={(4, 0): "", (6, 0): ""})
    noise(state, at((3, 0)), "test")
    moved = [(e.args["frm"], e.args["to"]) for e in state.events if e.kind == "token-moved"]
    assert moved == [(at((4, 0)), at((3, 0))), (at((6, 0)), at((5, 0)))]
    assert "token-revealed" not in kinds(state)
    state, b, at = table(WALL, survivors={0: (0, 2)}, tokens={(4, 1): ""})
    noise(state, at((1, 2)), "test")
    assert [e.args["space"] for e in state.events if e.kind == "token-revealed"] == [at((3, 2))]


def test_noise_step_3_standing_walkers_not_adjacent_move_two() -> None:
    """Noise (HN-R117, HN-A52): standing Walkers not adjacent to a Survivor move 2 towards the
    source (stopping next to a Survivor); adjacent and prone ones stay."""
    state, b, at = table(survivors={0: (0, 2)}, walkers=[(6, 0), (1, 1)], prone=[(6, 2)])
    noise(state, at((3, 0)), "test")
    assert state.walkers == sorted([at((1, 1)), at((4, 0))])
    assert state.prone == [at((6, 2))]


# -- catalogue and whole games -----------------------------------------------------------
def test_families_cover_the_walker_phase_decisions() -> None:
    """The catalogue: every Survivor id for event-survivor, and Negan for attack-target."""
    c = cx(new_game(0))
    fam = dict(families(10, c))
    assert fam["event-survivor"] == sorted(c.survivors)
    assert fam["attack-target"] == [*sorted(c.survivors), "negan"]
    assert NEGAN == -1


@pytest.mark.parametrize("seed", range(6))
def test_random_whole_games_run_to_an_end(seed: int) -> None:
    """Whole games with random choices end without error and keep the invariants."""
    pick = random.Random(seed)
    state = new_game(seed, survivors=2 + seed % 4, scenario=1 + seed % 3, max_rounds=12)
    while not state.result:
        d = game.decision(state)
        assert d is not None
        game.step(state, pick.choice(d.options))
        assert game.invariants(state) == []
    assert state.result in ("win", "loss")
