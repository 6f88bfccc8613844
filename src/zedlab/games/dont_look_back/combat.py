"""Combat: roll, choose a target, save hits, hold or re-roll the misses.

Spaces: 0 is the Location, 1-6 the Sectors. Targets: 0-6 a space's Walkers, ``10 + seat``
a fellow Survivor (Knife only).

Source: Don't Look Back rulebook, "Combat", "Choosing a Target", "Saving Dice",
"Re-Rolling Dice", "Melee Weapons", "Ranged Weapons", "Combat Movement" and "Specific Card
Clarifications".
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import CACHE_LIMIT, adjacent, cx, lose_health, name, plural, space_name
from .state import IMPROVISED, LOCATION, Combat, DLBState
from .steps import FLOW, AfterAction, ChooseTarget, CombatMove, HoldOrReroll, MichonneReroll

SURVIVOR_TARGET = 10
"""Targets ``10 + seat`` are fellow Survivors."""

_REACH_FROM_LOCATION = (0, 1, 2, 3, 4, 5, 6)
_REACH_FROM_SECTOR = {sp: (sp, *adjacent(sp)[:2]) for sp in range(1, 7)}

HOLD = Action("hold", None, "Hold: kill with the saved hits")
REROLL = {
    n: Action("reroll", None, f"Re-roll the {n} miss{'es' if n != 1 else ''} (no new hit loses the saved hits)")
    for n in range(1, 11)
}
"""Re-roll options; the label names the risk (rulebook "Re-Rolling Dice")."""
KEEP_ROLL = Action("reroll-die", 0, "Keep the roll")
REROLL_DIE = {f: Action("reroll-die", f, f"Re-roll a {f}") for f in range(1, 7)}
NO_TARGET = Action("target", -1, "Attack nobody: the attack fails")
STAY = Action("combat-move", False, "Stay where you are")
MOVE_INTO = {sp: Action("combat-move", True, f"Move into {space_name(sp)}") for sp in range(7)}
_HOLD_CACHE: dict[tuple[int, int, int], Decision] = {}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_target_actions: dict[tuple[int, str, str], Action] = {}


def reach(state: DLBState, space: int, weapon: str) -> tuple[int, ...]:
    """Spaces an attack from ``space`` can land in.

    From the Location: every space. From a Sector: that Sector and its two neighbours, and
    with the Rifle the Location too (while it is in play). The Improvised Weapon hits only
    the Survivor's own space (``improvised_reach == "own-space"``, the default).

    Source: Don't Look Back rulebook, "Your Survivor Card" (Improvised Weapon), "Combat"
    and "Specific Card Clarifications" (Rifle).
    """
    if weapon == IMPROVISED and state.improvised_reach == "own-space":
        return (space,)
    if space == LOCATION:
        return _REACH_FROM_LOCATION
    spaces = _REACH_FROM_SECTOR[space]
    if weapon in cx(state).into_location and not state.overrun:
        return (*spaces, LOCATION)
    return spaces


def can_fight(state: DLBState, seat: int, weapon: str) -> bool:
    """True if a Walker is within reach of ``weapon``.

    A fellow Survivor in reach is not enough, even with the Knife: without a Walker in a
    space you can hit there is no Combat; the Knife's dice may land on a Survivor only
    once the attack is rolled.

    Source: Don't Look Back rulebook, "Combat" (no Walkers in reach: no Combat) and
    "Specific Card Clarifications" (Knife: roll first).
    """
    walkers = state.walkers
    return any(walkers[sp] for sp in reach(state, state.survivors[seat].space, weapon))


def combat_weapons(state: DLBState, seat: int) -> list[str]:
    """Distinct Weapons the Survivor could attack with now (cards first, then Improvised).

    Source: Don't Look Back rulebook, "Combat" and "Your Survivor Card".
    """
    me = state.survivors[seat]
    walkers = state.walkers
    space = me.space
    if space == LOCATION:
        basic = any(walkers)
    else:
        _, a, b = _REACH_FROM_SECTOR[space]
        basic = bool(walkers[space] or walkers[a] or walkers[b])
    out: list[str] = []
    into_location = cx(state).into_location
    for w in me.weapons:
        if w not in out and (
            basic or (w in into_location and not state.overrun and walkers[LOCATION] > 0)
        ):
            out.append(w)
    if walkers[space] if state.improvised_reach == "own-space" else basic:
        out.append(IMPROVISED)
    return out


def best_straight(roll: list[int]) -> list[int]:
    """The longest run of consecutive faces (lowest run on a tie), one die per face.

    Any single die is a one-die straight.

    Source: Don't Look Back rulebook, "Example of Killing Walkers Inside the Location".

    >>> best_straight([2, 3, 5, 5, 2, 3])
    [2, 3]
    >>> best_straight([6, 4])
    [4]
    """
    faces = sorted(set(roll))
    best: list[int] = []
    run: list[int] = []
    for f in faces:
        run = [*run, f] if run and run[-1] == f - 1 else [f]
        if len(run) > len(best):
            best = run
    return best


def extend_straight(saved: list[int], roll: list[int]) -> list[int]:
    """Faces of ``roll`` that extend the saved straight at either end (chains allowed).

    >>> extend_straight([2, 3], [1, 4, 5, 5, 6])
    [1, 4, 5, 6]
    """
    lo, hi = saved[0], saved[-1]
    pool = list(roll)
    added: list[int] = []
    while lo - 1 in pool:
        lo -= 1
        pool.remove(lo)
        added.append(lo)
    while hi + 1 in pool:
        hi += 1
        pool.remove(hi)
        added.append(hi)
    return sorted(added)


def target_space(state: DLBState, target: int) -> int:
    if target >= SURVIVOR_TARGET:
        return state.survivors[target - SURVIVOR_TARGET].space
    return target


def legal_targets(state: DLBState) -> list[int]:
    """Targets the current roll allows: where dice land, within reach, with Walkers there.

    A Sector needs a die showing its number; the Location needs any die (a straight of
    one). With the Knife, a fellow Survivor in such a space is a target too.

    Source: Don't Look Back rulebook, "Choosing a Target" and "Specific Card
    Clarifications" (Knife).
    """
    c = state.combat
    assert c is not None
    seat = state.current
    spaces = reach(state, state.survivors[seat].space, c.weapon)
    roll = c.roll
    walkers = state.walkers
    out = [sp for sp in spaces if sp and walkers[sp] and sp in roll]
    out.sort()
    if LOCATION in spaces and walkers[LOCATION] and roll:
        out.append(LOCATION)
    if c.weapon in cx(state).vs_survivor:
        for other, s in enumerate(state.survivors):
            if (
                other != seat
                and s.alive
                and s.space in spaces
                and (s.space == LOCATION or s.space in roll)
            ):
                out.append(SURVIVOR_TARGET + other)
    return out


def start_combat(state: DLBState, weapon: str) -> None:
    """Choose a Weapon and roll its Combat Dice.

    Source: Don't Look Back rulebook, "Combat".
    """
    seat = state.current
    content = cx(state)
    sid = state.survivors[seat].id
    if weapon == IMPROVISED:
        imp = content.survivors[sid].improvised
        dice, melee, free, wname = imp.dice, imp.kind == "melee", False, imp.name
    else:
        dice, melee, free, wname = content.profile[weapon]
    c = Combat(weapon=weapon, dice=dice, melee=melee, free_reroll=free)
    state.combat = c
    state.stall_attacked = state.overrun  # an attack on the Walkers is progress (ruling 26)
    d6 = state.rng.d6
    c.roll = roll = [d6() for _ in range(dice)]
    emit(state, "attack", seat=seat, who=content.short[sid], weapon=weapon, name=wname, roll=roll[:])
    if melee and content.ability[sid] == "michonne-free-reroll":
        state.stack.append(MichonneReroll(seat=seat))
        return
    after_first_roll(state)


def roll_dice(state: DLBState, n: int) -> list[int]:
    d6 = state.rng.d6
    return [d6() for _ in range(n)]


_FACE = ("", "1", "2", "3", "4", "5", "6")


def fmt(roll: list[int]) -> str:
    """Dice faces for people: ``"6 6 2"``, ``"-"`` for none."""
    return " ".join([_FACE[f] for f in roll]) if roll else "-"


@FLOW.decide(MichonneReroll)
def ask_michonne(state: DLBState, step: MichonneReroll) -> Decision:
    c = state.combat
    assert c is not None
    faces = sorted(set(c.roll))
    return Decision(
        step.seat,
        "michonne-reroll",
        (KEEP_ROLL, *(REROLL_DIE[f] for f in faces)),
        "Re-roll one die?",
    )


@FLOW.resolve(MichonneReroll)
def michonne_reroll(state: DLBState, step: MichonneReroll, action: Action) -> None:
    """Michonne may re-roll one die of her first Melee roll before choosing a target.

    The action's value: the face of the die to re-roll, or 0 to keep the roll.

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Michonne).
    """
    c = state.combat
    assert c is not None
    face = action.value
    if face:
        i = c.roll.index(face)
        c.roll[i] = state.rng.d6()
        emit(state, "michonne-reroll", face=face, new=c.roll[i])
    after_first_roll(state)


def after_first_roll(state: DLBState) -> None:
    """Find legal targets; the Handgun re-rolls a hitless first roll once; none: failure.

    Source: Don't Look Back rulebook, "Choosing a Target" and "Specific Card
    Clarifications" (Handgun).
    """
    c = state.combat
    assert c is not None
    targets = legal_targets(state)
    if not targets and c.free_reroll:
        c.free_reroll = False
        c.roll = roll_dice(state, c.dice)
        emit(state, "handgun-reroll", dice=c.dice, roll=c.roll[:])
        targets = legal_targets(state)
    c.free_reroll = False
    if not targets:
        spaces = reach(state, state.survivors[state.current].space, c.weapon)
        prowled = [sp for sp in spaces if state.walkers[sp]]
        emit(state, "no-target", roll=c.roll[:], walkers=prowled)
        end_combat(state, False, 0)
    elif len(targets) == 1 and targets[0] < SURVIVOR_TARGET:
        choose_target(state, targets[0], only=True)  # a target you can choose, you must choose
    else:
        state.stack.append(ChooseTarget(seat=state.current))


def must_target(targets: list[int]) -> bool:
    """True if the roll hits a Walker target: then some target must be chosen.

    Only Walkers oblige: a fellow Survivor in the dice's way (Knife) is a target the
    attacker may decline, letting the attack fail with the Knife kept.

    Source: Don't Look Back rulebook, "Choosing a Target" ("you cannot choose to fail")
    and "Specific Card Clarifications" (Knife: "you may now choose").
    """
    return any(t < SURVIVOR_TARGET for t in targets)


def target_hits(roll: list[int], space: int) -> int:
    """Dice of ``roll`` that would be saved against a target in ``space``: those showing
    the Sector's number, or the longest straight in the Location. Source: "Saving Dice"."""
    return len(best_straight(roll)) if space == LOCATION else roll.count(space)


def _target_action(state: DLBState, target: int) -> Action:
    """The option for one target; its label says how many dice it saves and how many
    Walkers stand there, so the choice can be made without counting dice."""
    sid = state.survivors[target - SURVIVOR_TARGET].id if target >= SURVIVOR_TARGET else ""
    c = state.combat
    assert c is not None
    space = target_space(state, target)
    hits = target_hits(c.roll, space)
    walkers = state.walkers[space] if target < SURVIVOR_TARGET else 0
    key = (target, sid, state.content, hits, walkers)
    act = _target_actions.get(key)
    if act is None:
        saved = f"{hits} hit{'' if hits == 1 else 's'}"
        if target >= SURVIVOR_TARGET:
            label = f"Target {cx(state).survivors[sid].name} (Knife; {saved})"
        else:
            there = f"{walkers} Walker{'' if walkers == 1 else 's'} there"
            label = f"Target the Walkers in {space_name(target)} ({saved}; {there})"
        act = _target_actions[key] = Action("target", target, label)
    return act


@FLOW.decide(ChooseTarget)
def ask_target(state: DLBState, step: ChooseTarget) -> Decision:
    targets = legal_targets(state)
    knife = targets and targets[-1] >= SURVIVOR_TARGET
    key = (
        "target",
        step.seat,
        state.content,
        *targets,
        *((s.id for s in state.survivors) if knife else ()),
        *(_target_action(state, t).label for t in targets),
    )
    decision = _DECISIONS.get(key)
    if decision is None:
        options = tuple(_target_action(state, t) for t in targets)
        if not must_target(targets):
            options += (NO_TARGET,)
        if len(_DECISIONS) >= CACHE_LIMIT:
            _DECISIONS.clear()
        decision = _DECISIONS[key] = Decision(
            step.seat, "choose-target", options, "Which target do the dice hit?"
        )
    return decision


@FLOW.resolve(ChooseTarget)
def target(state: DLBState, step: ChooseTarget, action: Action) -> None:
    if action.value < 0:
        decline_target(state)
    else:
        choose_target(state, action.value)


def decline_target(state: DLBState) -> None:
    """Attack no fellow Survivor when the Knife's dice hit no Walker: the attack fails.

    No die was saved, so the Knife is kept.

    Source: Don't Look Back rulebook, "Specific Card Clarifications" (Knife).
    """
    emit(state, "spare", seat=state.current, who=name(state, state.current))
    end_combat(state, False, 0)


def choose_target(state: DLBState, target: int, only: bool = False) -> None:
    """Save the dice that hit ``target``; a Melee attack moves into its space.

    ``only``: the roll allowed no other target (the event says so).

    Source: Don't Look Back rulebook, "Choosing a Target", "Saving Dice" and "Melee
    Weapons".
    """
    c = state.combat
    assert c is not None
    seat = state.current
    space = target_space(state, target)
    c.target = target
    c.target_space = space
    c.saved = best_straight(c.roll) if space == LOCATION else [space] * c.roll.count(space)
    c.misses = c.dice - len(c.saved)
    rolled, c.roll = c.roll, []
    what = name(state, target - SURVIVOR_TARGET) if target >= SURVIVOR_TARGET else space_name(space)
    emit(
        state,
        "target",
        target=target,
        what=what,
        hits=len(c.saved),
        misses=c.misses,
        space=space,
        saved=c.saved[:],
        roll=rolled,
        only=only,
    )
    me = state.survivors[seat]
    if space != me.space:
        if c.melee:
            me.space = space
            emit(state, "melee-move", seat=seat, who=name(state, seat), space=space)
        else:
            state.stack.append(CombatMove(seat=seat))
            return
    continue_attack(state)


@FLOW.decide(CombatMove)
def ask_combat_move(state: DLBState, step: CombatMove) -> Decision:
    c = state.combat
    assert c is not None
    key = ("move", step.seat, c.target_space)
    decision = _DECISIONS.get(key)
    if decision is None:
        decision = _DECISIONS[key] = Decision(
            step.seat,
            "combat-move",
            (MOVE_INTO[c.target_space], STAY),
            "Move into the targeted space?",
        )
    return decision


@FLOW.resolve(CombatMove)
def combat_move(state: DLBState, step: CombatMove, action: Action) -> None:
    """A Ranged attack may move into the targeted space, only right after the first save.

    Source: Don't Look Back rulebook, "Ranged Weapons".
    """
    c = state.combat
    assert c is not None
    if action.value:
        state.survivors[step.seat].space = c.target_space
        emit(state, "combat-move", seat=step.seat, who=name(state, step.seat), space=c.target_space)
    continue_attack(state)


def continue_attack(state: DLBState) -> None:
    c = state.combat
    assert c is not None
    if c.misses == 0:
        hold(state)
    else:
        state.stack.append(HoldOrReroll(seat=state.current))


@FLOW.decide(HoldOrReroll)
def ask_hold_or_reroll(state: DLBState, step: HoldOrReroll) -> Decision:
    c = state.combat
    assert c is not None
    key = (step.seat, len(c.saved), c.misses)
    decision = _HOLD_CACHE.get(key)
    if decision is None:
        decision = _HOLD_CACHE[key] = Decision(
            step.seat,
            "hold-or-reroll",
            (HOLD, REROLL[c.misses]),
            f"{plural(key[1], 'hit')} saved: hold or re-roll?",
        )
    return decision


@FLOW.resolve(HoldOrReroll)
def hold_or_reroll(state: DLBState, step: HoldOrReroll, action: Action) -> None:
    if action.kind == "hold":
        hold(state)
    else:
        reroll(state)


def reroll(state: DLBState) -> None:
    """Re-roll every miss: new hits are saved; no new hit loses the whole attack.

    Source: Don't Look Back rulebook, "Re-Rolling Dice".
    """
    c = state.combat
    assert c is not None
    roll = roll_dice(state, c.misses)
    if c.target_space == LOCATION:
        new = extend_straight(c.saved, roll)
        c.saved = sorted(c.saved + new)
    else:
        new = [c.target_space] * roll.count(c.target_space)
        c.saved = c.saved + new
    if not new:
        emit(state, "reroll-failed", roll=roll, space=c.target_space, saved=c.saved[:])
        end_combat(state, False, 0)
        return
    c.misses -= len(new)
    emit(
        state,
        "reroll",
        roll=roll,
        new=len(new),
        total=len(c.saved),
        space=c.target_space,
        faces=new,
        saved=c.saved[:],
    )
    continue_attack(state)


def hold(state: DLBState) -> None:
    """End the attack: each hit kills a Walker there (1 point each) or costs Health.

    Source: Don't Look Back rulebook, "Saving Dice" and "Specific Card Clarifications"
    (Knife).
    """
    c = state.combat
    assert c is not None
    seat = state.current
    hits = len(c.saved)
    if c.target >= SURVIVOR_TARGET:
        lose_health(state, c.target - SURVIVOR_TARGET, hits, "knife", seat)
    else:
        there = state.walkers[c.target_space]
        kills = min(hits, there)
        state.walkers[c.target_space] -= kills
        me = state.survivors[seat]
        me.points += kills
        me.kills_this_turn += kills
        emit(
            state,
            "hold",
            seat=seat,
            who=name(state, seat),
            hits=hits,
            kills=kills,
            walkers=there,
            space=c.target_space,
        )
    end_combat(state, True, hits)


def end_combat(state: DLBState, success: bool, hits: int) -> None:
    """Discard or keep the Weapon, make the Shotgun's noise, then escape or End of Turn.

    Source: Don't Look Back rulebook, "Re-Rolling Dice" (a used Weapon is discarded) and
    "Specific Card Clarifications" (Katana, Knife, Shotgun).
    """
    c = state.combat
    assert c is not None
    seat = state.current
    me = state.survivors[seat]
    weapon = c.weapon
    if weapon != IMPROVISED:
        entry = cx(state).weapons[weapon]
        keep, why = entry.keep == "always", "one-use"
        if entry.keep_on_hits:
            keep = success and hits >= entry.keep_on_hits
            why = "few-hits" if success else "failed"
        if c.target >= SURVIVOR_TARGET:
            keep, why = False, "survivor"
        if not keep and me.alive and weapon in me.weapons:
            me.weapons.remove(weapon)
            state.discard.append(weapon)
            emit(
                state,
                "weapon-discarded",
                seat=seat,
                who=name(state, seat),
                card=weapon,
                name=entry.name,
                why=why,
                hits=hits,
                need=entry.keep_on_hits,
            )
        if "shotgun-adds-walker" in entry.effects and me.space >= 0:
            state.walkers[me.space] += 1
            emit(state, "shotgun-noise", space=me.space)
    state.combat = None
    state.stack.append(AfterAction(seat=seat, fought=success and c.target < SURVIVOR_TARGET))
