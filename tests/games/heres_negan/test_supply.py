"""The Supply deck card by card (content/supply.toml): every Weapon found, equipped over a
starting weapon and used by its stats; every Special Item's rule; every Incident resolved on
the draw. Cards are stacked on top of ``state.decks["supply"]`` (top last) and found by a
real Search; chance is forced with the scripted dice.

Source: Here's Negan rulebook, "Cards - Supply Cards" (HN-R077..R081), "Search"
(HN-R172..R177), "Fight", "Fighting with Two Weapons", "Shoot" (HN-R158..R169), "Break and
Enter" (HN-R184, HN-R185), "Walkers Attack" (HN-R219).
"""

from __future__ import annotations

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.attacks import two_weapons
from zedlab.games.heres_negan.board import Board
from zedlab.games.heres_negan.common import cx
from zedlab.games.heres_negan.steps import FLOW, WalkerAttacks
from zedlab.games.heres_negan.survivor_phase import activate

from .helpers import kinds, new_game, options, play, rig

WIDE = 13
_ROW = "|" + " ".join(["."] * WIDE) + "|"
_EDGE = "+" + "-+" * WIDE
_MID = "+" + " +" * WIDE
LONG = "\n".join([_EDGE, _ROW, _MID, _ROW, _MID, _ROW, _EDGE]) + "\n"

LOCKED = """
+-+-+-+-+-+-+-+
|. . . .|a a a|
+ + + + + + + +
|. . . .La a a|
+ + + + + + + +
|. . . .|a a a|
+-+-+-+-+-+-+-+
"""

PACK = cx(new_game(0))
WEAPONS = sorted(k for k, v in PACK.supply.items() if v.kind == "weapon")


def at(x: int, y: int, wide: int = WIDE) -> int:
    return y * wide + x


def table(*who: str, text: str = LONG, **pieces):
    """Survivor 0 (Dwight unless told) at (1, 1); Survivor 1 at the far end."""
    b = Board.from_text(text, room_names={"a": "Office"} if "a" in text else None,
                        security=[(5, 1)] if "a" in text else ())
    who = who or ("dwight", "laura")
    state = new_game(0, survivors=len(who), characters=who, first_player=0)
    wide = b.width
    rig(state, b, survivors=pieces.pop("survivors", {0: at(1, 1, wide), 1: at(wide - 1, 2, wide)}),
        **pieces)
    return state


def start(state, i: int = 0) -> None:
    for s in state.survivors:
        s.activated = False
    activate(state, i)
    FLOW.run(state)


def stack(state, *cards: str) -> None:
    """Put ``cards`` on top of the Supply deck, the first drawn first."""
    deck = state.decks["supply"]
    for card in cards:
        deck.remove(card)
    deck.extend(reversed(cards))


def find(state, card: str, i: int = 0) -> None:
    """Survivor ``i`` Searches a Supply token on its left and draws ``card``."""
    s = state.survivors[i]
    state.supplies = [s.space - 1]
    stack(state, card)
    start(state, i)
    play(state, "action", "search")


def low(dice: list[str]) -> list[str]:
    """The lowest face of each die (a roll that misses)."""
    return [PACK.dice[d].faces[0] for d in dice]


def attack_rolls(state) -> list[dict]:
    return [e.args for e in state.events if e.kind == "roll" and e.args.get("why") == "attack"]


def test_the_deck_is_the_rulebooks_24_cards() -> None:
    """HN-R007: 24 Supply cards, of the three kinds."""
    assert sum(c.count for c in PACK.supply.values()) == 24
    assert {c.kind for c in PACK.supply.values()} == {"weapon", "item", "incident"}


# -- Weapons ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", WEAPONS)
def test_weapon_is_found_equipped_over_a_starting_weapon_and_used(card: str) -> None:
    """HN-R078, HN-R174, HN-R177, HN-R158, HN-R166, HN-R169: a found Weapon goes in a weapon
    space over Dwight's starting weapon of the same kind, which then adds nothing; the
    attack rolls his dice plus the card's; a Shoot weapon reaches exactly its range (minimum
    included) and makes NOISE only if the card says so."""
    w = PACK.supply[card]
    state = table()
    dwight = state.survivors[0]
    slot = 0 if w.attack == "shoot" else 1  # crossbow (shoot) in 0, dagger (fight) in 1
    covered = dwight.equipped[slot]
    find(state, card)
    assert ("equip", slot) in options(state)
    play(state, "equip", slot)
    assert dwight.equipped[slot] == card and covered in dwight.cards
    base = list(getattr(PACK.survivors["dwight"], w.attack))
    if w.attack == "fight":
        state.walkers = [at(2, 1)]
        start(state)
        state.rng.force(roll=low(base + list(w.dice)) + ["2"])
        play(state, "action", "fight")
        assert attack_rolls(state)[-1]["dice"] == base + list(w.dice)
        return
    x = 1
    state.walkers = [at(x + w.max_range + 1, 1)]
    start(state)
    assert ("action", "shoot") not in options(state)  # beyond the maximum range
    if w.min_range > 1:
        state.walkers = [at(x + w.min_range - 1, 1)]
        start(state)
        assert ("action", "shoot") not in options(state)  # inside the minimum range
    state.walkers = [at(x + w.max_range, 1)]
    start(state)
    state.events.clear()
    state.rng.force(roll=low(base + list(w.dice)) + ["2"])
    play(state, "action", "shoot")
    assert attack_rolls(state)[-1]["dice"] == base + list(w.dice)
    assert ("noise" in kinds(state)) == bool(w.noise)


@pytest.mark.parametrize("card", [c for c in WEAPONS if PACK.supply[c].attack == "fight"])
def test_fight_weapon_two_weapon_fighting_unless_bulky(card: str) -> None:
    """HN-R163, HN-R164: a Fight weapon beside another non-Bulky Fight weapon gives two
    attacks; a Bulky one never does."""
    state = table("john", "laura")
    john = state.survivors[0]
    find(state, card)
    play(state, "equip", 1)
    assert john.equipped == ["tyre-iron", card]
    assert two_weapons(state, 0) == (not PACK.supply[card].bulky)


def test_a_bulky_shoot_weapon_bars_two_weapon_fighting() -> None:
    """HN-R164: a Bulky gun in one space means no second Fight attack."""
    state = table("john", "laura")
    state.survivors[0].equipped = ["tyre-iron", "machete"]
    assert two_weapons(state, 0)
    state.survivors[0].equipped = ["tyre-iron", "shotgun"]
    assert not two_weapons(state, 0)


# -- Special Items ---------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["riot-vest", "leather-jacket"])
def test_defense_item_adds_its_die_to_every_defense_roll(card: str) -> None:
    """HN-R080, HN-R219: a Defense item, held (never equipped), adds its die to the Defense
    roll: Attack 2 against Defense 1 + 1 costs nothing."""
    state = table()
    find(state, card)
    dwight = state.survivors[0]
    assert card in dwight.cards
    die = PACK.supply[card].effects[0].die
    state.walkers = [at(1, 0)]
    state.rng.force(roll=["2", "1", "1"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    defence = [e.args for e in state.events if e.kind == "roll"
               and e.args.get("why") == "dwight defends"][-1]
    assert defence["dice"] == ["red", die] and dwight.damage == 0


@pytest.mark.parametrize("card", ["first-aid-kit", "medical-supplies"])
def test_heal_item_discarded_restores_a_roll_of_stamina(card: str) -> None:
    """HN-R081: discarded (not an Action) it restores Stamina equal to its die; an
    Incapacitated holder may use it and stands up (see the rulings)."""
    state = table()
    find(state, card)
    dwight = state.survivors[0]
    dwight.damage = dwight.stamina  # Incapacitated
    start(state)
    state.rng.force(roll=["2"])
    label = next(o.label for o in game.decision(state).options if o.value == card)
    assert label == f"discard {PACK.supply[card].name} to restore Stamina"
    play(state, "use-card", card)
    assert dwight.damage == dwight.stamina - 2 and dwight.standing
    assert state.discards["supply"][-1] == card
    roll = [e.args for e in state.events if e.kind == "roll"][-1]
    assert roll["dice"] == [PACK.supply[card].effects[0].die]


def test_box_of_shells_is_discarded_before_a_shoot_roll() -> None:
    """HN-R081, HN-R167: the attack-die card is discarded before the Attack roll and its die
    joins that roll only; not offered when the only Fight target is prone (no roll)."""
    state = table()
    find(state, "box-of-shells")
    dwight = state.survivors[0]
    state.walkers = [at(5, 1)]
    start(state)
    play(state, "action", "shoot")
    assert ("discard-bonus", "box-of-shells") in options(state)
    state.rng.force(roll=["0", "0", "0", "1"])
    play(state, "discard-bonus", "box-of-shells")
    assert attack_rolls(state)[-1]["dice"] == ["white", "white", "white"]
    assert "box-of-shells" not in dwight.cards and state.bonus == []
    dwight.cards = ["box-of-shells"]
    state.walkers, state.prone = [], [at(2, 1)]
    start(state)
    play(state, "action", "fight")  # one prone target, no bonus offered: removed at once
    assert state.prone == [] and dwight.cards == ["box-of-shells"]


def test_energy_drink_gives_a_plus_one_action_token() -> None:
    """HN-R081, HN-R132: discarded, the holder takes a +1 Action token."""
    state = table()
    find(state, "energy-drink")
    dwight = state.survivors[0]
    play(state, "use-card", "energy-drink")
    assert dwight.plus == 1 and "energy-drink" not in dwight.cards


def test_toolkit_rerolls_a_failed_break_and_enter() -> None:
    """HN-R184, HN-R080: with a Toolkit held a blank is re-rolled once: blank, star opens;
    blank, blank holds. It stays held."""
    b = LOCKED
    state = table(text=b, survivors={0: at(3, 1, 7), 1: at(0, 2, 7)})
    find(state, "toolkit")
    dwight = state.survivors[0]
    state.supplies = []
    state.rng.force(roll=["blank", "blank"])
    play(state, "action", "break-and-enter")
    assert 0 not in state.open_doors
    start(state)
    state.rng.force(roll=["blank", "star"])
    play(state, "action", "break-and-enter")
    assert 0 in state.open_doors and "toolkit" in dwight.cards


def test_wrench_makes_break_and_enter_silent() -> None:
    """HN-R185, HN-R080: the Wrench's holder breaks a door without NOISE."""
    state = table(text=LOCKED, survivors={0: at(3, 1, 7), 1: at(0, 2, 7)})
    find(state, "wrench")
    state.events.clear()
    state.rng.force(roll=["blank"])
    play(state, "action", "break-and-enter")
    assert "noise" not in kinds(state) and 0 not in state.open_doors


# -- Incidents -------------------------------------------------------------------------------------
def test_booby_trap_costs_stamina_and_makes_noise_once() -> None:
    """HN-R176: resolved when drawn, then discarded: 1 Stamina and one NOISE."""
    state = table()
    find(state, "booby-trap")
    dwight = state.survivors[0]
    assert dwight.damage == 1 and kinds(state).count("noise") == 1
    assert "booby-trap" not in dwight.cards and state.discards["supply"][-1] == "booby-trap"


def test_its_a_trap_puts_a_walker_token_next_to_the_finder() -> None:
    """HN-R176: a Walker token next to the Survivor who found it (revealed, being seen)."""
    state = table()
    find(state, "its-a-trap")
    placed = [e.args["space"] for e in state.events if e.kind == "token-placed"]
    x, y = 1, 1  # Dwight's space
    assert len(placed) == 1
    assert max(abs(placed[0] % WIDE - x), abs(placed[0] // WIDE - y)) == 1
    assert "its-a-trap" in state.discards["supply"]


def test_gas_leak_starts_a_fire_where_the_finder_stands() -> None:
    """HN-R176, HN-R096: a fire token at the finder's space."""
    state = table()
    find(state, "gas-leak")
    assert state.survivors[0].space in state.fire


def test_negans_stash_gives_a_red_roll_of_rep() -> None:
    """HN-R176: Reputation equal to a red roll."""
    state = table()
    state.rng.force(roll=["2"])
    find(state, "negans-stash")
    assert state.survivors[0].rep == 2


def test_car_door_is_discarded_before_the_defense_roll() -> None:
    """HN-R081, HN-R219: facing the Walkers' Attack roll, the holder's seat may discard the
    Car Door before its Defense roll: its blue die joins that roll (Attack 2 against red 0 +
    blue 2: nothing lost). Declining keeps the card and rolls the card's red die only."""
    state = table()
    find(state, "car-door")
    dwight = state.survivors[0]
    state.walkers = [at(1, 0)]
    state.rng.force(roll=["2"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    d = game.decision(state)
    assert d.kind == "defense-bonus" and d.player == dwight.seat
    assert [(o.kind, o.value) for o in d.options] == [("discard-bonus", "car-door"),
                                                      ("defend", None)]
    assert d.options[0].label == "discard Car Door for a blue Defense die"
    state.rng.force(roll=["0", "2"])
    play(state, "discard-bonus", "car-door")
    defence = [e.args for e in state.events if e.kind == "roll"
               and e.args.get("why") == "dwight defends"][-1]
    assert defence["dice"] == ["red", "blue"] and dwight.damage == 0
    assert "car-door" not in dwight.cards and state.discards["supply"][-1] == "car-door"
    dwight.cards = ["car-door"]
    state.rng.force(roll=["2", "0"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    play(state, "defend")
    assert dwight.damage == 2 and dwight.cards == ["car-door"]


def test_no_defense_question_without_a_card_to_discard() -> None:
    """HN-R219: a Survivor holding no such card is attacked with no question asked."""
    state = table()
    state.walkers = [at(1, 0)]
    state.rng.force(roll=["1", "0"])
    push(state, WalkerAttacks())
    FLOW.run(state)
    assert game.decision(state) is None and state.survivors[0].damage == 1


def test_options_name_cards_by_their_printed_names() -> None:
    """Every option naming a card shows its printed name, never its id (values stay ids)."""
    state = table()
    dwight = state.survivors[0]
    find(state, "hunting-rifle")
    labels = {o.value: o.label for o in game.decision(state).options}
    assert labels == {0: "equip Hunting Rifle in weapon space 1 (over Crossbow)",
                      1: "equip Hunting Rifle in weapon space 2 (over Dagger)",
                      None: "keep Hunting Rifle aside"}
    play(state, "keep")
    dwight.equipped = ["dagger", "machete"]
    dwight.cards = ["box-of-shells", "hunting-rifle"]
    state.walkers = [at(2, 1)]
    state.survivors[1].space = at(3, 2)
    start(state)
    labels = {o.value: o.label for o in game.decision(state).options}
    assert "use" not in labels  # nothing to discard outside an attack
    play(state, "action", "fight")
    labels = {o.value: o.label for o in game.decision(state).options}
    assert labels == {"dagger": "attack with Dagger", "machete": "attack with Machete"}
    play(state, "weapon", "machete")
    labels = {o.value: o.label for o in game.decision(state).options}
    assert labels["box-of-shells"] == \
        "discard Box of Shells for an extra white die on this Attack roll"
    state.rng.force(roll=["0", "0", "1", "0", "0", "1"])
    play(state, "target", at(2, 1))
    play(state, "stop")
    play(state, "action", "swap-items")
    labels = {o.value: o.label for o in game.decision(state).options}
    assert labels[("hunting-rifle", 0)] == "equip Hunting Rifle in weapon space 1 (over Dagger)"
    assert labels[("laura", "box-of-shells")] == "give Box of Shells to Laura"
