"""Every card of the Event, Room and Negan Action decks, resolved for real: the card is put on
top of its deck, drawn by the rules on a rigged table with forced dice, and each of its
effects is checked (Threat icon, Walker tokens at the right Entry Points, the chosen
Survivor's Stamina/Reputation/Action tokens, NOISE banners, Room Walkers and Supply tokens,
lasting cards, Negan's move then his card's effects).

Every die a card rolls is forced to "2" (a face of the red, white and blue dice); each test
checks that exactly the card's dice were rolled. Walker tokens drawn are false alarms, so
a token placed in sight is revealed without a roll.

Source: Here's Negan rulebook, "Draw Event Card" (HN-R198-R202), "Entering a Room"
(HN-R075, HN-R076, HN-R146-R149), "3. Here's Negan!" (HN-R236, HN-R237, HN-R247-R250),
"Entry Points", "Noise", "Fire"; the cards in content/events.toml, rooms.toml, negan.toml.
"""

from __future__ import annotations

from typing import Any

import pytest

from zedlab.core import Action
from zedlab.games.heres_negan.board import ALL_DOORS, Board, adjacent, distance_field
from zedlab.games.heres_negan.common import LEVELS, band, cx, enter_room
from zedlab.games.heres_negan.content import BINDER
from zedlab.games.heres_negan.negan_phase import negan_phase
from zedlab.games.heres_negan.state import HNState
from zedlab.games.heres_negan.steps import EventSurvivor, NeganPhase, WalkerPhase
from zedlab.games.heres_negan.walker_phase import event_survivor, walker_phase

from .helpers import new_game, rig

# Row 0 and the hall (rows 0-3); below, behind a wall with doors: three Entry Point closets
# (Low, Medium, High; open for Event cards) and room "a" (Security token at (13, 4)).
TABLE = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . . . . .|
+ + + + + + + + + + + + + + + + +
|. . . . . . . . . . . . . . . .|
+ + + + + + + + + + + + + + + + +
|. . . . . . . . . . . . . . . .|
+ + + + + + + + + + + + + + + + +
|. . . . . . . . . . . . . . . .|
+-+D+-+-+-+D+-+-+-+D+-+-+-+D+-+-+
|. . .|. . .|. . .|. .|a a a a a|
+ + + + + + + + + + + +-+ + + + +
|. . .|. . .|. . .|. .|a a a a a|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
EPS = (((1, 5), "low"), ((5, 5), "medium"), ((9, 5), "high"))
SECURITY = (13, 4)
SURVIVORS = {0: (7, 2), 1: (14, 3), 2: (2, 2)}
REPS = (5, 7, 3)
PACK = BINDER.load()


def table(threat: int) -> tuple[HNState, Board, Any]:
    b = Board.from_text(TABLE, security=[SECURITY], entry_points=EPS, exits=[(15, 0)],
                        negan_start=(0, 0))
    state = new_game(0, survivors=3, characters=("dwight", "laura", "john"), first_player=0)

    def at(p: tuple[int, int]) -> int:
        return b.at(*p)

    rig(state, b, survivors={i: at(p) for i, p in SURVIVORS.items()})
    state.token_pile = [""] * len(state.token_pile)  # false alarms: reveals roll nothing
    state.threat = threat
    for s, rep in zip(state.survivors, REPS, strict=True):
        s.rep = rep
    return state, b, at


def dice_of(*specs: str) -> list[str]:
    """The forced faces for the dice among ``specs`` (numbers roll nothing)."""
    return ["2" for s in specs if s and not s.lstrip("+-").isdigit()]


def value(spec: str) -> int:
    """A card number: a die forced to 2 counts 2."""
    if not spec:
        return 0
    sign = -1 if spec.startswith("-") else 1
    body = spec.lstrip("+-")
    return sign * (int(body) if body.isdigit() else 2)


def events(state: HNState, kind: str) -> list[dict[str, Any]]:
    return [e.args for e in state.events if e.kind == kind]


def all_dice_rolled(state: HNState) -> bool:
    return not state.rng.forced.get("roll")


# -- Event cards ----------------------------------------------------------------------------------
EVENT_CHECKS = {"spawn", "spawn-nearest", "walker-token-here", "noise", "lose-stamina",
                "lose-rep", "gain-rep", "action-token", "fire"}


def test_every_event_effect_has_a_check() -> None:
    """A new effect on an Event card needs its check here."""
    used = {e.effect for card in PACK.events.values() for e in card.effects}
    assert used <= EVENT_CHECKS


@pytest.mark.parametrize("card_id", sorted(PACK.events))
def test_event_card(card_id: str) -> None:
    """HN-R198-R202: the Threat icon, then the text for the chosen Survivor (the First Player
    picks Laura, not the first offered), its NOISE banner once; then the card is discarded."""
    state, b, at = table(threat=10)
    room = b.room_of(at(SECURITY))
    state.open_doors = [d.id for d in b.doors if room not in (b.room_of(d.a), b.room_of(d.b))]
    card = cx(state).events[card_id]
    state.decks["event"].append(card_id)
    state.rng.force(roll=dice_of(card.threat, *(e.die or "" for e in card.effects)))
    walker_phase(state, WalkerPhase())
    chosen = -1
    if card.choose:
        step = state.stack.pop()
        assert isinstance(step, EventSurvivor) and step.card == card_id
        chosen = 1
        event_survivor(state, step, Action("event-survivor", "laura"))
    assert events(state, "event-card")[0]["card"] == card_id
    assert state.discards["event"][-1] == card_id and all_dice_rolled(state)

    threat = max(1, 10 + value(card.threat))
    noisy = card.noise or any(e.effect == "noise" for e in card.effects)
    assert state.threat == threat + (1 if noisy else 0)
    entry = band_entry(state, threat)
    expected: list[int] = []
    for eff in card.effects:
        expected += check_event_effect(state, b, at, eff, chosen, entry)
    noises = events(state, "noise")
    if noisy:
        assert [n["space"] for n in noises] == [at(SURVIVORS[1])]
        if band(state).entry:
            expected.append(-1)  # NOISE's token at the nearest Entry Point
    else:
        assert noises == []
    placed = [e["space"] for e in events(state, "token-placed")]
    assert len(placed) == len(expected)
    assert all(sp in placed for sp in expected if sp >= 0)
    others = [i for i in range(3) if i != chosen]
    for i in others:
        s = state.survivors[i]
        assert (s.damage, s.rep, s.plus, s.minus) == (0, REPS[i], 0, 0)


def band_entry(state: HNState, threat: int) -> str:
    for bd in cx(state).threat.bands:
        if bd.low <= threat <= bd.high:
            return str(bd.entry)
    return ""


def check_event_effect(state: HNState, b: Board, at: Any, eff: Any, chosen: int,
                       entry: str) -> list[int]:
    """Assert one effect happened; returns the spaces where it put Walker tokens (-1: a
    token whose exact space is not fixed)."""
    s = state.survivors[chosen] if chosen >= 0 else None
    name = eff.effect
    if name == "spawn":
        levels = LEVELS[: LEVELS.index(entry) + 1] if eff.level == "threat" and entry else (
            () if eff.level == "threat" else (eff.level,))
        return [at(p) for p, lvl in EPS if lvl in levels]
    if name == "spawn-nearest":
        levels = LEVELS[: LEVELS.index(entry) + 1] if eff.level == "threat" else (eff.level,)
        field = distance_field(b, (s.space,), ALL_DOORS)
        eps = [at(p) for p, lvl in EPS if lvl in levels]
        best = min(field[e] for e in eps)
        return [min(e for e in eps if field[e] == best)] * (eff.count or 1)
    if name == "walker-token-here":
        near = [e["space"] for e in events(state, "token-placed")
                if adjacent(b, e["space"], s.space, frozenset(state.open_doors))]
        assert near, "no Walker token next to the chosen Survivor"
        return near[:1] * (eff.count or 1)
    if name == "noise":
        return []  # checked with the banner
    if name == "lose-stamina":
        assert s.damage == eff.amount
    elif name == "lose-rep":
        assert s.rep == REPS[chosen] - value(eff.die or str(eff.amount))
    elif name == "gain-rep":
        assert s.rep == REPS[chosen] + value(eff.die or str(eff.amount))
    elif name == "action-token":
        assert (s.plus, s.minus) == ((1, 0) if eff.delta > 0 else (0, 1))
    elif name == "fire":
        assert state.fire == [s.space]
    else:
        raise AssertionError(f"no check for {name}")
    return []


# -- Room cards -----------------------------------------------------------------------------------
ROOM_CHECKS = {"walkers-in-room", "breach", "pitch-black", "fire"}


def test_every_room_effect_has_a_check() -> None:
    used = {e.effect for card in PACK.rooms.values() for e in card.effects}
    assert used <= ROOM_CHECKS


@pytest.mark.parametrize("card_id", sorted(PACK.rooms))
def test_room_card(card_id: str) -> None:
    """HN-R075, HN-R076, HN-R146-R149: opening the room draws the card: its Walkers from the
    Security token, its Supply tokens in the room, its effects; an infinity card stays in
    play, any other is discarded."""
    state, b, at = table(threat=5)
    card = cx(state).rooms[card_id]
    opener = 1
    state.survivors[opener].space = at((13, 3))
    room = b.room_of(at(SECURITY))
    state.decks["room"].append(card_id)
    state.rng.force(roll=dice_of(card.walkers, *(e.die or "" for e in card.effects)))
    enter_room(state, room, opener)
    assert all_dice_rolled(state)
    assert events(state, "room-card")[0]["card"] == card_id
    inside = set(b.areas[room].spaces)
    walkers = value(card.walkers)
    for eff in card.effects:
        if eff.effect == "walkers-in-room":
            walkers += value(eff.die or str(eff.amount))
        elif eff.effect == "breach":
            assert (at(SECURITY), "low") in state.entry_points
        elif eff.effect == "pitch-black":
            assert state.dark == [room]
        elif eff.effect == "fire":
            assert state.fire == [at((13, 3))]
        else:
            raise AssertionError(f"no check for {eff.effect}")
    assert set(state.walkers) <= inside
    assert len(state.walkers) == walkers
    if walkers:
        assert at(SECURITY) in state.walkers
    assert len([s for s in state.supplies if s in inside]) == card.supplies
    assert len(state.supplies) == card.supplies
    if not any(e.effect == "breach" for e in card.effects):
        assert len(state.entry_points) == len(EPS)
    if not any(e.effect == "pitch-black" for e in card.effects):
        assert state.dark == []
    if not any(e.effect == "fire" for e in card.effects):
        assert state.fire == []
    assert (card_id in state.lasting) == card.infinity
    assert (card_id in state.discards["room"]) != card.infinity


# -- Negan Action cards ---------------------------------------------------------------------------
NEGAN_CHECKS = {"kill-walkers", "rep-nearest", "rep-furthest", "rep-all", "rep-highest",
                "jab-nearest", "shout", "action-token-nearest"}


def test_every_negan_effect_has_a_check() -> None:
    used = {e.effect for card in PACK.negan.values() for e in card.effects}
    assert used <= NEGAN_CHECKS


@pytest.mark.parametrize("card_id", sorted(PACK.negan))
def test_negan_card(card_id: str) -> None:
    """HN-R236, HN-R237, HN-R247-R250: Negan moves the card's number of spaces towards the
    EXIT first, then the card's effects apply from where he ends (nearest/furthest measured
    from him), its NOISE banner once at his space; the card is discarded."""
    state, b, at = table(threat=2)
    state.negan = at((0, 0))
    card = cx(state).negan[card_id]
    kills = any(e.effect == "kill-walkers" for e in card.effects)
    if kills:
        state.walkers = sorted(at((x, 3)) for x in range(card.move - 1, card.move + 2))
    state.decks["negan"].append(card_id)
    state.rng.force(roll=dice_of(*(e.die or "" for e in card.effects)))
    negan_phase(state, NeganPhase())
    assert all_dice_rolled(state) and state.discards["negan"][-1] == card_id
    moves = events(state, "negan-moves")
    assert len(moves) == 1 and len(moves[0]["path"]) == card.move
    assert state.negan == moves[0]["path"][-1]
    field = distance_field(b, (state.negan,), frozenset(state.open_doors))
    dist = [field[s.space] for s in state.survivors]
    nearest = [i for i in range(3) if dist[i] == min(dist)]
    furthest = [i for i in range(3) if dist[i] == max(dist)]
    rep = list(REPS)
    damage = [0, 0, 0]
    tokens = [(0, 0)] * 3
    for eff in card.effects:
        n = eff.amount or 0
        if eff.effect == "kill-walkers":
            assert len(state.walkers) == 3 - value(eff.die)
        elif eff.effect == "rep-nearest":
            for i in nearest:
                rep[i] += n
        elif eff.effect == "rep-furthest":
            for i in furthest:
                rep[i] += n
        elif eff.effect == "rep-all":
            rep = [r + n for r in rep]
        elif eff.effect == "rep-highest":
            top = max(rep)
            rep = [r + n if r == top else r for r in rep]
        elif eff.effect == "jab-nearest":
            close = [i for i in nearest if dist[i] <= 3]
            assert close, "the card's jab needs a Survivor within 3 on this table"
            for i in close:
                damage[i] += n
        elif eff.effect == "action-token-nearest":
            for i in nearest:
                tokens[i] = (1, 0) if eff.delta > 0 else (0, 1)
        elif eff.effect != "shout":
            raise AssertionError(f"no check for {eff.effect}")
    assert [s.rep for s in state.survivors] == rep
    assert [s.damage for s in state.survivors] == damage
    assert [(s.plus, s.minus) for s in state.survivors] == tokens
    noisy = card.noise or any(e.effect == "shout" for e in card.effects)
    assert [n["space"] for n in events(state, "noise")] == ([state.negan] if noisy else [])
    assert state.threat == 2 + (1 if noisy else 0)
