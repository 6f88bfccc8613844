"""Card effects: each effect name of the content files bound to the rule that plays it,
and the steps effects push (moving Zombies Zone by Zone, Dropped Gear, a solo Follower).

A card's TOML names its effects (``{name = "kill", n = 1, zone = 3}``); :data:`EFFECTS`
maps each name to ``fn(state, seat, n, zone, source)``. An :class:`~.steps.Effects` step
runs a card's effects in order; one that needs a choice pushes its step on top, so the
choice is made before the next effect runs.

Source: Run, Fight, or Die! rulebook, "Taking Cards" and the card texts (designed content).
"""

from __future__ import annotations

from collections.abc import Callable

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import (
    add_zombies,
    advance_one,
    can_take_location,
    cx,
    discard,
    discard_loot,
    draw_event,
    draw_followers,
    draw_loot,
    gain_follower,
    heal,
    join,
    kill,
    lose_follower,
    moved_back,
    push_back,
    reroll_zombies,
    source_name,
    summon_mutant,
    take_location,
    wound,
    zones,
    zones_with_zombies,
)
from .content import EffectT
from .state import SYMBOLS, ZOMBIE, RFDState
from .steps import FLOW, AcceptFollower, DropLootOrWound, Effects, MoveZombies, PickZone

EffectFn = Callable[[RFDState, int, int, int, str], None]
EFFECTS: dict[str, EffectFn] = {}
"""Effect name (``content.EffectName``) -> the rule playing it."""


def effect(name: str) -> Callable[[EffectFn], EffectFn]:
    def bind(fn: EffectFn) -> EffectFn:
        EFFECTS[name] = fn
        return fn

    return bind


@FLOW.auto(Effects)
def run_effects(s: RFDState, step: Effects) -> None:
    """Run the next effect; the rest wait beneath whatever it pushes."""
    name, n, zone = step.effects[0]
    if len(step.effects) > 1:
        s.stack.append(Effects(seat=step.seat, effects=step.effects[1:], source=step.source))
    EFFECTS[name](s, step.seat, n, zone, step.source)


def run_effect(s: RFDState, seat: int, eff: EffectT, source: str) -> None:
    """Run one ``(name, n, zone)`` effect now (choices push a step)."""
    name, n, zone = eff
    EFFECTS[name](s, seat, n, zone, source)


@effect("add-zombies")
def _add(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    k = add_zombies(s, seat, zone, n)
    emit(s, "zombies-join", by=source_name(s, source), seat=seat, zone=zone, n=k, zones=zones(s, seat))


@effect("kill")
def _kill(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    k = kill(s, seat, zone, n)
    emit(s, "zombies-killed", by=source_name(s, source), seat=seat, zone=zone, n=k, zones=zones(s, seat))


@effect("heal")
def _heal(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    heal(s, seat, n)


@effect("wound")
def _wound(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    wound(s, seat, n, source_name(s, source))


@effect("push-back")
def _push_back(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    moved_back(s, seat, zone, push_back(s, seat, zone, n), source_name(s, source))


@effect("draw-loot")
def _draw_loot(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    for _ in range(n):
        draw_loot(s, seat)


@effect("draw-event")
def _draw_event(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    for _ in range(n):
        draw_event(s, seat)


@effect("draw-follower")
def _draw_follower(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    for card in draw_followers(s, n):
        gain_follower(s, seat, card)


@effect("draw-location")
def _draw_location(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    take_location(s, seat)


@effect("summon-mutant")
def _summon(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    summon_mutant(s, seat)


@effect("extra-reroll")
def _extra_reroll(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    s.rerolls_left += n
    emit(s, "extra-reroll", by=source_name(s, source), n=n, left=s.rerolls_left)


@effect("bonus-die")
def _bonus_die(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    s.bonus_in_roll = True
    emit(s, "bonus-die", by=source_name(s, source))


@effect("no-hunt")
def _no_hunt(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    s.no_hunt = True
    emit(s, "no-hunt", by=source_name(s, source))


def _zone_choice(name: str) -> EffectFn:
    def run(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
        if zones_with_zombies(s, seat):
            s.stack.append(MoveZombies(kind=name, seat=seat, n=99 if name == "clear-any" else n, source=source))

    return run


for _name in ("kill-any", "clear-any", "advance-any", "push-back-any"):
    EFFECTS[_name] = _zone_choice(_name)


def _others(s: RFDState, seat: int, n: int, zone: int, source: str, include_self: bool) -> None:
    who = source_name(s, source)
    for other, q in enumerate(s.players):
        if (include_self or other != seat) and not q.dead:
            k = add_zombies(s, other, zone, n)
            emit(s, "zombies-join", by=who, seat=other, zone=zone, n=k, zones=zones(s, other))


@effect("others-add-zombies")
def _others_add(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    _others(s, seat, n, zone, source, False)


@effect("all-add-zombies")
def _all_add(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    _others(s, seat, n, zone, source, True)


@effect("lose-follower")
def _lose_follower(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    lose_follower(s, seat)


@effect("mutant-regen")
def _regen(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    if s.mutant_active:
        k = min(n, s.mutant_supply)
        s.mutant_supply -= k
        s.mutant_tokens += k
        emit(s, "mutant-regen", by=source_name(s, source), n=k, tokens=s.mutant_tokens)


@effect("drop-loot-or-wound")
def _drop(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    if s.players[seat].loot:
        s.stack.append(DropLootOrWound(seat=seat, source=source))
    else:
        wound(s, seat, 1, source_name(s, source))


@effect("bonus-die-wound")
def _bonus_wound(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    if s.rng.roll(cx(s).bonus_symbols) == ZOMBIE:
        wound(s, seat, n, "the Bonus die showed a Zombie")


@effect("reroll-zombies")
def _reroll_zombies(s: RFDState, seat: int, n: int, zone: int, source: str) -> None:
    reroll_zombies(s)
    emit(s, "zombies-rerolled", by=source_name(s, source), dice=[SYMBOLS[d] for d in s.dice])


def effect_possible(s: RFDState, seat: int, effects: tuple[EffectT, ...]) -> bool:
    """Whether using a card now would do anything (for options and mandatory bonuses)."""
    if not effects:
        return False
    name, _n, zone = effects[0]
    p = s.players[seat]
    if name == "heal":
        return p.wounds > 0
    if name in ("kill", "push-back"):
        return any(p.zones[z - 1] > 0 for z in ([zone] if len(effects) == 1 else (1, 2, 3)))
    if name in ("kill-any", "clear-any", "push-back-any"):
        return any(p.zones)
    if name == "draw-location":
        return can_take_location(s)
    if name == "reroll-zombies":
        return ZOMBIE in s.dice
    return True


# -- moving Zombies Zone by Zone --------------------------------------------------------------
ZONE_A = {z: Action("zone", z, f"Zone {z}") for z in (1, 2, 3)}


@FLOW.auto(MoveZombies)
def move_zombies(s: RFDState, step: MoveZombies) -> None:
    """Ask for the Zone only when more than one holds Zombies (none left: nothing to do)."""
    zs = zones_with_zombies(s, step.seat)
    if len(zs) > 1:
        s.stack.append(PickZone(kind=step.kind, seat=step.seat, n=step.n, source=step.source))
    elif zs:
        move_step(s, step, zs[0])


@FLOW.decide(PickZone)
def ask_zone(s: RFDState, step: PickZone) -> Decision:
    who = source_name(s, step.source)
    prompt = {
        "advance-any": f"{who}: advance a Zombie 1 Zone from which Zone? ({step.n} left)",
        "push-back-any": f"{who}: move a Zombie back 1 Zone from which Zone? ({step.n} left)",
        "kill-any": f"Kill {step.n} Zombie(s) in which Zone?",
        "clear-any": "Clear which Zone?",
    }[step.kind]
    options = tuple(ZONE_A[z] for z in zones_with_zombies(s, step.seat))
    return Decision(step.seat, step.kind, options, prompt)


@FLOW.resolve(PickZone)
def pick_zone(s: RFDState, step: PickZone, action: Action) -> None:
    move_step(s, step, action.value)


def move_step(s: RFDState, step: MoveZombies | PickZone, zone: int) -> None:
    """One move of a Zombie-moving step (the rest is pushed before Wounds can end the game)."""
    kind = step.kind
    seat = step.seat
    who = source_name(s, step.source)
    if kind in ("advance-any", "push-back-any"):
        if step.n > 1:
            s.stack.append(MoveZombies(kind=kind, seat=seat, n=step.n - 1, source=step.source))
        if kind == "advance-any":
            if s.players[seat].zones[zone - 1] > 0:
                emit(s, "zombie-advances", by=who, zone=zone)
            advance_one(s, seat, zone)
        else:
            moved_back(s, seat, zone, push_back(s, seat, zone, 1), who)
    else:
        k = kill(s, seat, zone, step.n)
        emit(s, "zombies-killed", by=who, seat=seat, zone=zone, n=k, zones=zones(s, seat))


# -- Dropped Gear (a Fleeing Card) ------------------------------------------------------------
WOUND_A = Action("wound", None, "Take 1 Wound")


@FLOW.decide(DropLootOrWound)
def ask_drop(s: RFDState, step: DropLootOrWound) -> Decision:
    c = cx(s)
    options = [Action("drop", i, f"Discard {c.loot[card].name}") for i, card in enumerate(s.players[step.seat].loot)]
    options.append(WOUND_A)
    return Decision(step.seat, "drop-loot-or-wound", tuple(options), "Dropped Gear: lose a Loot Card or take 1 Wound?")


@FLOW.resolve(DropLootOrWound)
def drop_or_wound(s: RFDState, step: DropLootOrWound, action: Action) -> None:
    if action.kind == "drop":
        discard_loot(s, step.seat, action.value)
    else:
        wound(s, step.seat, 1, source_name(s, step.source))


# -- a Follower that may be refused (solo) ----------------------------------------------------
ACCEPT = Action("accept", True, "Take this Follower")
REFUSE = Action("accept", False, "Refuse this Follower (solo)")


@FLOW.decide(AcceptFollower)
def ask_accept(s: RFDState, step: AcceptFollower) -> Decision:
    f = cx(s).followers[step.cards[0]]
    return Decision(step.seat, "accept-follower", (ACCEPT, REFUSE), f"{f.name} ({f.vp} VP, {f.symbol}: {f.text}) wants to join you.")


@FLOW.resolve(AcceptFollower)
def accept_follower(s: RFDState, step: AcceptFollower, action: Action) -> None:
    card = step.cards[0]
    if action.value:
        join(s, step.seat, card)
    else:
        discard(s, "follower", card)
        emit(s, "follower-refused", card=card, name=cx(s).followers[card].name)


__all__ = ["EFFECTS", "effect_possible", "move_step", "run_effect"]
