"""The Fight and Shoot Actions: weapons, targets, two-weapon Fights and the attack roll.

Source: Here's Negan rulebook, "Fight", "Fighting with Two Weapons", "Shoot".
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .abilities import ability
from .actions import (
    STOP,
    adjacent_walkers,
    ask,
    decides,
    discard_card,
    held_with,
    here,
    printed,
    resolves,
    seat,
)
from .common import (
    _face,
    apply_effects,
    board,
    cx,
    emit,
    in_sight_range,
    name,
    noise,
    remove_walker,
    roll,
    weapon,
)
from .scenarios import rules
from .state import HNState
from .steps import ChooseTarget


# -- Fight and Shoot ---------------------------------------------------------------------------
def fight_weapons(state: HNState, i: int) -> list[str]:
    return [w for w in state.survivors[i].equipped if weapon(state, w).attack == "fight"]


def two_weapons(state: HNState, i: int) -> bool:
    """Fighting with Two Weapons: a Fight weapon in each space, none Bulky (HN-R163/164)."""
    eq = state.survivors[i].equipped
    return len(eq) == 2 and len(fight_weapons(state, i)) == 2 \
        and not any(weapon(state, w).bulky for w in eq)


def shoot_targets(state: HNState, i: int, w: str) -> list[int]:
    """Walkers (prone ones too) in range and line of sight of weapon ``w`` (HN-R166)."""
    if not state.walkers and not state.prone:
        return []
    wp = weapon(state, w)
    groups = in_sight_range(state, here(state, i), [*state.walkers, *state.prone],
                            wp.max_range, min_range=wp.min_range)
    return sorted(s for g in groups for s in g)


def shoot_weapons(state: HNState, i: int) -> list[str]:
    """Equipped Shoot weapons with a target now."""
    return [w for w in dict.fromkeys(state.survivors[i].equipped)
            if weapon(state, w).attack == "shoot" and shoot_targets(state, i, w)]


def legal_fight(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.standing and bool(adjacent_walkers(state, s.space))


def legal_shoot(state: HNState, i: int) -> bool:
    """An equipped Shoot weapon with a target; never for a Survivor whose special rule
    forbids shooting (Tara). Source: rulebook, "Shoot" (HN-R165)."""
    return (state.survivors[i].standing and ability(state, i).may_shoot(state, i)
            and bool(shoot_weapons(state, i)))


def start_fight(state: HNState, i: int) -> None:
    ask(state, ChooseTarget(survivor=i, kind="fight"))


def start_shoot(state: HNState, i: int) -> None:
    ask(state, ChooseTarget(survivor=i, kind="shoot"))


def target_options(state: HNState, step: ChooseTarget) -> list[Action]:
    i = step.survivor
    if not step.picked:
        usable = fight_weapons(state, i) if step.kind == "fight" else shoot_weapons(state, i)
        usable = list(dict.fromkeys(usable))
        if len(usable) > 1:
            return [Action("weapon", w, f"attack with {printed(state, w)}") for w in usable]
        step = ChooseTarget(survivor=i, kind=step.kind, weapon=usable[0] if usable else "",
                            second=step.second, picked=True)
    if step.kind == "fight":
        targets = adjacent_walkers(state, here(state, i))
    else:
        targets = shoot_targets(state, i, step.weapon)
    b = board(state)
    out = [Action("target", t, f"attack the Walker on {b.label(t)}") for t in targets]
    if step.kind == "shoot" or any(t not in state.prone for t in targets):
        out += [Action("discard-bonus", c, f"discard {printed(state, c)} for an extra "
                                           f"{_bonus_die(state, c)} die on this Attack roll")
                for c in held_with(state, i, "attack-die")]
    if step.second:
        out.append(STOP)
    return out


def _bonus_die(state: HNState, card: str) -> str:
    return next(e.die for e in cx(state).supply[card].effects if e.effect == "attack-die")


@decides(ChooseTarget)
def ask_target(state: HNState, step: ChooseTarget) -> Decision:
    return Decision(seat(state, step.survivor), step.kind, tuple(target_options(state, step)),
                    f"{name(state, step.survivor)}: {step.kind} which Walker?")


@resolves(ChooseTarget)
def target(state: HNState, step: ChooseTarget, action: Action) -> None:
    """Source: rulebook, "Fight", "Fighting with Two Weapons", "Shoot"."""
    i = step.survivor
    if not step.picked:
        usable = fight_weapons(state, i) if step.kind == "fight" else shoot_weapons(state, i)
        step.picked = True
        if action.kind == "weapon":
            step.weapon = action.value
            ask(state, step)
            return
        step.weapon = usable[0] if usable else ""
    if action.kind == "stop":
        state.bonus.clear()
        return
    if action.kind == "discard-bonus":
        c = cx(state)
        discard_card(state, i, action.value)
        apply_effects(state, c.supply[action.value].effects, who=i, source=here(state, i))
        ask(state, step)
        return
    attack(state, i, action.value, step.kind, step.weapon)
    if step.kind == "shoot" and not state.result:
        rules(state).after_shot(state, i, action.value)
    if state.result:
        return
    if step.kind == "fight" and not step.second and two_weapons(state, i) \
            and adjacent_walkers(state, here(state, i)):
        rest = list(state.survivors[i].equipped)
        rest.remove(step.weapon)
        ask(state, ChooseTarget(survivor=i, kind="fight", weapon=rest[0], second=True,
                                picked=True))
    elif step.kind == "shoot" and step.weapon and weapon(state, step.weapon).noise:
        noise(state, here(state, i), "shot")


def attack(state: HNState, i: int, target_space: int, kind: str, w: str) -> None:
    """One attack on the Walker on ``target_space``. Fight: a prone Walker is removed with
    no roll (HN-R157). Otherwise Attack (the Survivor's dice, the weapon's and any discarded
    bonus) against the Walker's Defense; higher knocks it prone, higher with a bang removes
    it; a Walker removed gives 1 Reputation. A shot prone Walker stays prone unless the
    Headshot removes it (ruling HN-A18).

    Source: rulebook, "Fight", "Shoot".
    """
    s = state.survivors[i]
    c = cx(state)
    emit(state, "attack", survivor=s.id, attack=kind, weapon=w, target=target_space)
    if kind == "fight" and target_space in state.prone:
        state.bonus.clear()
        remove_walker(state, target_space, by=i, why="prone Walker finished")
        return
    dice = list(getattr(c.survivors[s.id], kind))
    if w:
        dice += list(weapon(state, w).dice or [])
    dice += state.bonus
    state.bonus.clear()
    hits, bang = roll(state, dice, "attack")
    guard, _ = roll(state, c.walker.defense, "defense")
    if hits <= guard:
        emit(state, "attack-missed", survivor=s.id, target=target_space)
    elif bang:
        remove_walker(state, target_space, by=i, why="headshot")
    elif kind == "fight" and ability(state, i).fight_removes(state, i, hits, guard):
        remove_walker(state, target_space, by=i, why="Fight roll double the Defense")
    elif target_space in state.walkers:
        state.walkers.remove(target_space)
        state.prone.append(target_space)
        state.prone.sort()
        emit(state, "knocked-prone", space=target_space)
    else:
        emit(state, "attack-missed", survivor=s.id, target=target_space)


def strength(state: HNState, dice: list[str]) -> float:
    """The hits ``dice`` roll on average (how a careful player ranks weapons)."""
    c = cx(state)
    return sum(sum(_face(f)[0] for f in c.dice[d].faces) / len(c.dice[d].faces) for d in dice)


def counter_attack(state: HNState, i: int, attackers: list[int]) -> None:
    """A free Fight attack of Survivor ``i`` on one of the Walkers that attacked it (Tara's
    special rule): on the first of them still standing in board order, with the equipped
    Fight weapon adding the most (ruling in docs/rulings/heres-negan.md).

    Source: rulebook, "Fight" (HN-R158..162); survivors.toml (close-quarters).
    """
    targets = sorted(w for w in attackers if w in state.walkers)
    if not targets:
        return
    usable = fight_weapons(state, i)
    w = max(usable, key=lambda x: strength(state, list(weapon(state, x).dice or [])),
            default="")
    attack(state, i, targets[0], "fight", w)
