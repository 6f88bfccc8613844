"""Resolving the dice: the Action dice icons, the Dice Combo, Follower Bonus abilities and
cards played while resolving.

Source: Run, Fight, or Die! rulebook, "Resolving Actions", "Action Dice Icons", "Character
Dice Combos", "FOLLOWER CARDS", "LOOT CARDS" and "EVENT CARDS".
"""

from __future__ import annotations

from collections.abc import Callable

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import (
    can_take_location,
    cx,
    hit_mutant,
    kill,
    moved_back,
    play_hold,
    push_back,
    push_effects,
    use_loot,
    zones,
)
from .effects import effect_possible
from .search import resolve_book, resolve_search
from .state import BAT, BOOK, GUN, RUN, SEARCH, SYMBOLS, RFDState
from .steps import FLOW, ResolveActions, ZombieAdvance

BAT_A = Action("bat", None, "Bat: kill 2 Zombies in Zone 1")
BAT_WEAK = Action("bat", None, "Bat: kill 1 Zombie in Zone 1")
SEARCH_A = Action("search", None, "Resolve all Search symbols")
BOOK_A = Action("book", None, "Resolve all Book of the Dead symbols")
BOOK_MUTANT = Action("book-mutant", None, "Book of the Dead: 1 Wound to the Mutant")
COMBO = Action("combo", None, "Use your Dice Combo")
DONE = Action("done", None, "Finish resolving actions")
GUN_A = {
    0: Action("gun", 0, "Gun: 1 Wound to the Mutant"),
    1: Action("gun", 1, "Gun: shoot a Zombie in Zone 1"),
    2: Action("gun", 2, "Gun: shoot a Zombie in Zone 2"),
    3: Action("gun", 3, "Gun: shoot a Zombie in Zone 3"),
}
RUN_A = {z: Action("run", z, f"Run: move a Zombie from Zone {z} back") for z in (1, 2, 3)}
THROW_A = {
    0: Action("throw", 0, "Throw the Bat at the Mutant"),
    2: Action("throw", 2, "Throw the Bat at a Zombie in Zone 2"),
}

# Card actions built once per (kind, slot, card, content pack): labels come from the card.
_CARD_ACTIONS: dict[tuple[str, int, str, str], Action] = {}


def card_action(s: RFDState, kind: str, i: int, card: str, label: str) -> Action:
    """``Action(kind, i, label)`` for the card in slot ``i``, built once per pack."""
    key = (kind, i, card, s.content)
    a = _CARD_ACTIONS.get(key)
    if a is None:
        a = _CARD_ACTIONS[key] = Action(kind, i, label)
    return a


def enter_actions(s: RFDState) -> None:
    """Rolling is over: count the symbols to resolve. Source: "Resolving Actions"."""
    counts = [0] * 6
    for d in s.dice:
        counts[d] += 1
    s.rolled = counts
    s.avail = list(counts)
    s.combo_ok = combo_ready(s)
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.stack.append(ResolveActions(seat=s.current))


def combo_ready(s: RFDState) -> bool:
    """Whether the final dice show the current Character's Dice Combo."""
    need = cx(s).combo_need[s.players[s.current].character]
    rolled = s.rolled
    return all(rolled[i] >= need[i] for i in range(6))


def bonus_followers(s: RFDState) -> list[Action]:
    """Follower Bonus abilities usable now (once per turn each, when the dice allow)."""
    c = cx(s)
    p = s.players[s.current]
    out = []
    for i, f in enumerate(p.followers):
        card = c.followers[f]
        if card.timing != "action" or f in s.used_followers:
            continue
        if card.needs and s.rolled[SYMBOLS.index(card.needs)] < card.needs_count:
            continue
        if effect_possible(s, s.current, c.effects[f"follower:{f}"]):
            out.append(card_action(s, "follower", i, f, f"{card.name}: {card.text}"))
    return out


_SYMBOL_NAMES = ("Bat", "Gun", "Run", "Search", "Book", "Zombie")
_COUNTED: dict[tuple[str, object, str, int], Action] = {}


def _counted(a: Action, sym: int, left: int) -> Action:
    """``a`` with a label naming the die it spends and how many such dice are left."""
    key = (a.kind, a.value, a.label, left)
    out = _COUNTED.get(key)
    if out is None:
        dice = "die" if left == 1 else "dice"
        out = _COUNTED[key] = Action(a.kind, a.value, f"{a.label}  [uses 1 of {left} {_SYMBOL_NAMES[sym]} {dice}]")
    return out


def _all_of(a: Action, sym: int, left: int) -> Action:
    key = (a.kind, a.value, a.label, -left)
    out = _COUNTED.get(key)
    if out is None:
        name = _SYMBOL_NAMES[sym]
        label = f"{name}: resolve 1 {name} symbol" if left == 1 else f"{name}: resolve all {left} {name} symbols together"
        out = _COUNTED[key] = Action(a.kind, a.value, label)
    return out


def action_options(s: RFDState) -> list[Action]:
    """Every action the rolled symbols, Character, Followers and cards allow now.

    Source: rulebook, "Action Dice Icons", "Character Dice Combos", "Taking Cards".
    """
    c = cx(s)
    seat = s.current
    p = s.players[seat]
    ability = c.characters[p.character].ability
    av = s.avail
    zs = p.zones
    out: list[Action] = []
    if av[BAT]:
        if zs[0]:
            weak = any(c.followers[f].modifier == "weak-bat" for f in p.followers)
            out.append(_counted(BAT_WEAK if weak else BAT_A, BAT, av[BAT]))
        if ability == "throw-bat":
            if s.mutant_active:
                out.append(_counted(THROW_A[0], BAT, av[BAT]))
            if zs[1]:
                out.append(_counted(THROW_A[2], BAT, av[BAT]))
    if av[GUN]:
        if s.mutant_active:
            out.append(_counted(GUN_A[0], GUN, av[GUN]))
        for z in (1, 2, 3):
            if zs[z - 1]:
                out.append(_counted(GUN_A[z], GUN, av[GUN]))
    if av[RUN]:
        for z in (1, 2, 3):
            if zs[z - 1]:
                out.append(_counted(RUN_A[z], RUN, av[RUN]))
    if av[SEARCH]:
        out.append(_all_of(SEARCH_A, SEARCH, av[SEARCH]))
    if av[BOOK]:
        out.append(_all_of(BOOK_A, BOOK, av[BOOK]))
        if s.mutant_active and "book-of-the-dead" in p.loot:
            out.append(_counted(BOOK_MUTANT, BOOK, av[BOOK]))
    if s.combo_ok and not s.combo_used:
        out.append(COMBO)
    bonuses = bonus_followers(s)
    out.extend(bonuses)
    for i, card in enumerate(p.loot):
        lo = c.loot[card]
        if lo.timing == "action" and effect_possible(s, seat, c.effects[f"loot:{card}"]):
            out.append(Action("loot", i, f"Use {lo.name}"))
    for i, card in enumerate(p.holds):
        ev = c.events[card]
        if ev.timing == "action" and p.hold_turns[i] < s.turn and hold_condition(s, seat, ev.condition):
            out.append(card_action(s, "hold", i, card, f"Play {ev.name}"))
    if not (s.bonus_mandatory and bonuses):
        out.append(DONE)
    return out


def hold_condition(s: RFDState, seat: int, condition: str) -> bool:
    """Whether a hold card's condition is met (it is also only played on a later turn than
    the one it was drawn: rulebook, "EVENT CARDS")."""
    p = s.players[seat]
    if condition == "no-location":
        return not p.location and can_take_location(s)
    if condition == "wounded":
        return p.wounds > 0
    if condition == "zone1":
        return p.zones[0] > 0
    return True


@FLOW.decide(ResolveActions)
def ask_action(s: RFDState, step: ResolveActions) -> Decision:
    return Decision(
        step.seat, "resolve-actions", tuple(action_options(s)),
        "Which action next? (each option names the die it spends; used dice drop out of the list)",
    )


# -- the icons --------------------------------------------------------------------------------

def _bat(s: RFDState, seat: int, action: Action) -> None:
    s.avail[BAT] -= 1
    c = cx(s)
    weak = any(c.followers[f].modifier == "weak-bat" for f in s.players[seat].followers)
    k = kill(s, seat, 1, 1 if weak else 2)
    emit(s, "bat", n=k, zones=zones(s, seat))


def _throw(s: RFDState, seat: int, action: Action) -> None:
    s.avail[BAT] -= 1
    if action.value == 0:
        hit_mutant(s, seat, 1)
    else:
        k = kill(s, seat, 2, 1)
        emit(s, "bat-thrown", n=k, zones=zones(s, seat))


def _gun(s: RFDState, seat: int, action: Action) -> None:
    s.avail[GUN] -= 1
    if action.value == 0:
        hit_mutant(s, seat, 1)
        return
    c = cx(s)
    sure = c.characters[s.players[seat].character].ability == "sure-shot" and s.guns_fired == 0
    s.guns_fired += 1
    k = kill(s, seat, action.value, 2 if sure else 1)
    emit(s, "gun", n=k, zone=action.value, zones=zones(s, seat))


def _run(s: RFDState, seat: int, action: Action) -> None:
    s.avail[RUN] -= 1
    moved_back(s, seat, action.value, push_back(s, seat, action.value, 1), "Run")


def _book_mutant(s: RFDState, seat: int, action: Action) -> None:
    s.avail[BOOK] -= 1
    hit_mutant(s, seat, 1)


def _combo(s: RFDState, seat: int, action: Action) -> None:
    s.combo_used = True
    c = cx(s)
    character = s.players[seat].character
    ch = c.characters[character]
    s.ignored_zombies += ch.combo.count("zombie")
    emit(s, "combo", text=ch.combo_text)
    push_effects(s, seat, c.effects[f"combo:{character}"], "combo")


def _follower(s: RFDState, seat: int, action: Action) -> None:
    f = s.players[seat].followers[action.value]
    s.used_followers.append(f)
    push_effects(s, seat, cx(s).effects[f"follower:{f}"], f)


_PLAYS: dict[str, Callable[[RFDState, int, Action], None]] = {
    "bat": _bat,
    "throw": _throw,
    "gun": _gun,
    "run": _run,
    "search": lambda s, seat, a: resolve_search(s, seat),
    "book": lambda s, seat, a: resolve_book(s, seat),
    "book-mutant": _book_mutant,
    "combo": _combo,
    "follower": _follower,
    "loot": lambda s, seat, a: use_loot(s, seat, a.value),
    "hold": lambda s, seat, a: play_hold(s, seat, a.value),
}


@FLOW.resolve(ResolveActions)
def play_action(s: RFDState, step: ResolveActions, action: Action) -> None:
    """Resolve one action, then ask again; ``done`` ends the Action Phase.
    Source: rulebook, "Action Dice Icons"."""
    if action.kind == "done":
        s.stack.append(ZombieAdvance(seat=step.seat))
        return
    s.stack.append(step)
    _PLAYS[action.kind](s, step.seat, action)
