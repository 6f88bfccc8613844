"""Card effects, registered by the effect id their content entry names.

A Fate card's ``effect`` (``fate.toml``) names what using it does; an Occurrence's ``id``
(``zombies.toml`` ``[occurrences]``) names what happens when a Fate icon picks it. The
rules look effects up here by id: :data:`RESOURCES` (when a resource may be used, and
using it) and :data:`OCCURRENCES` (what a resolved Occurrence does at once).

Source: If I'm Going Down... rulebook, "Use a Resource", "Other Resources", "Weapon Cards",
"Resolve Occurrence Cards".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from zedlab.core import Action
from zedlab.core.events import emit

from .board import (
    PACKS,
    card_action,
    cname,
    first_player,
    fname,
    layout,
    living,
    own_cards,
    remove_from_tracker,
    trash,
    weapon_ready,
)
from .state import Character, IGDState
from .steps import Attack, DeadWeight, Discharge, Fumble, Reload, Spinach
from .use import attack_targets, no_move_targets, reload_targets


class Resource(NamedTuple):
    """A resource effect: ``option(s, c, f)`` is the "use" option when the card may be used
    now (else ``None``); ``use(s, c, f)`` plays it. ``free``: it costs no action."""

    option: Callable[[IGDState, Character, int], Action | None]
    use: Callable[[IGDState, Character, int], None]
    free: bool = False


RESOURCES: dict[str, Resource] = {}
"""Resource effects by id (Fate cards whose effect is not here are never used)."""


def resource(effect: str, free: bool = False) -> Callable[[Callable[[IGDState, Character, int], None]], Resource]:
    """Decorator: register ``use`` for ``effect``; its ``option`` is given with ``.option``."""

    def bind(use: Callable[[IGDState, Character, int], None]) -> Resource:
        entry = RESOURCES[effect] = Resource(lambda s, c, f: None, use, free)
        return entry

    return bind


def _option(effect: str) -> Callable[[Callable[[IGDState, Character, int], Action | None]], None]:
    def bind(fn: Callable[[IGDState, Character, int], Action | None]) -> None:
        RESOURCES[effect] = RESOURCES[effect]._replace(option=fn)

    return bind


def use_options(s: IGDState, c: Character) -> list[Action]:
    """The resources this character may use now (weapons need a target)."""
    fate, fcards = PACKS[s.content].fate, s.fcards
    opts = []
    for f in own_cards(c):
        entry = RESOURCES.get(fate[fcards[f]].effect)
        if entry is not None:
            a = entry.option(s, c, f)
            if a is not None:
                opts.append(a)
    return opts


def use_resource(s: IGDState, c: Character, f: int) -> None:
    """Use a weapon or item (one action unless the card says otherwise)."""
    entry = RESOURCES[PACKS[s.content].fate[s.fcards[f]].effect]
    if not entry.free:
        c.actions -= 1
    entry.use(s, c, f)


# -- resources ---------------------------------------------------------------------------


@resource("weapon")
def _weapon(s: IGDState, c: Character, f: int) -> None:
    """A Use: one Use moved down, then the weapon's attacks (Brawler: one more with melee)."""
    t = PACKS[s.content].fate[s.fcards[f]]
    if s.uses[f] > 0:
        s.uses[f] -= 1
    apu = t.apu + (1 if t.category == "melee" and PACKS[s.content].characters[c.char].ability == "brawler" else 0)
    emit(s, "uses-weapon", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=t.name, attacks=apu)
    s.stack.append(Attack(seat=c.seat, card=f, attacks=apu))


@_option("weapon")
def _weapon_option(s: IGDState, c: Character, f: int) -> Action | None:
    if f in c.hands and weapon_ready(s, c, f) and attack_targets(s, c, f):
        return card_action(s, "use", f, "Attack with the {name}")
    return None


@resource("camera")
def _camera(s: IGDState, c: Character, f: int) -> None:
    """A snapshot; the last one sends the camera to the bonus pile."""
    t = PACKS[s.content].fate[s.fcards[f]]
    c.camera_used = True
    s.uses[f] -= 1
    emit(s, "snapshot", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f)
    if s.uses[f] <= 0:
        remove_from_tracker(s, f)
        s.fbonus.append(f)
        s.bonus += t.bonus
        emit(s, "bonus-pile", turn=s.turn, card=f, name=t.name, bonus=t.bonus)


@_option("camera")
def _camera_option(s: IGDState, c: Character, f: int) -> Action | None:
    """Once a turn, with no Zombie next to the character."""
    if not c.camera_used and not any(s.spaces[a] >= 0 for a in layout(s).adjacent[c.space]):
        return card_action(s, "use", f, "Take a snapshot with the {name}")
    return None


@resource("extra-action", free=True)
def _drink(s: IGDState, c: Character, f: int) -> None:
    """One more action; the card is trashed."""
    c.actions += 1
    trash(s, f)
    emit(s, "drinks", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=fname(s, f))


@_option("extra-action")
def _drink_option(s: IGDState, c: Character, f: int) -> Action | None:
    return card_action(s, "use", f, "Drink the {name} (free, +1 action)")


@resource("flare")
def _flare(s: IGDState, c: Character, f: int) -> None:
    """The Zombies on Initial Spaces get No Move tokens; the card is trashed."""
    for sp in layout(s).initial:
        z = s.spaces[sp]
        if z >= 0:
            s.no_move[z] = True
    trash(s, f)
    emit(s, "flare", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=f, name=fname(s, f))


@_option("flare")
def _flare_option(s: IGDState, c: Character, f: int) -> Action | None:
    if any(s.spaces[sp] >= 0 for sp in layout(s).initial):
        return card_action(s, "use", f, "Light the {name}")
    return None


@resource("reload")
def _ammo(s: IGDState, c: Character, f: int) -> None:
    """Which Ranged Weapon is reloaded is asked (use.py)."""
    s.stack.append(Reload(seat=c.seat, card=f))


@_option("reload")
def _ammo_option(s: IGDState, c: Character, f: int) -> Action | None:
    if reload_targets(s, c):
        return card_action(s, "use", f, "Reload with the {name}")
    return None


@resource("no-move")
def _dead_weight(s: IGDState, c: Character, f: int) -> None:
    """Which Zombie gets the No Move token is asked (use.py)."""
    s.stack.append(DeadWeight(seat=c.seat, card=f))


@_option("no-move")
def _dead_weight_option(s: IGDState, c: Character, f: int) -> Action | None:
    if no_move_targets(s, c, f):
        return card_action(s, "use", f, "Throw the {name}")
    return None


# -- Occurrences -------------------------------------------------------------------------

OCCURRENCES: dict[str, Callable[[IGDState], None]] = {}
"""What a resolved Occurrence does at once, by its id. Persistent Search and Not Much Left
act later, while they remain in play (player.py reads ``rip_effect``)."""


def occurrence(occ_id: str) -> Callable[[Callable[[IGDState], None]], Callable[[IGDState], None]]:
    def bind(fn: Callable[[IGDState], None]) -> Callable[[IGDState], None]:
        OCCURRENCES[occ_id] = fn
        return fn

    return bind


@occurrence("eat-your-spinach")
def _spinach(s: IGDState) -> None:
    """One character may hold back 2 Zombies per turn: the survivors say who."""
    alive = living(s)
    if len(alive) == 1:
        s.spinach_seat = alive[0].seat
    else:
        s.stack.append(Spinach(seat=first_player(s)))


@occurrence("fumble")
def _fumble(s: IGDState) -> None:
    """A resource in hand falls to the Ground: the survivors say which."""
    if any(f >= 0 for c in living(s) for f in c.hands):
        s.stack.append(Fumble(seat=first_player(s)))


@occurrence("accidental-discharge")
def _discharge(s: IGDState) -> None:
    """A Ranged Weapon in hand loses a Use: the survivors say which."""
    if discharge_options(s):
        s.stack.append(Discharge(seat=first_player(s)))


def discharge_options(s: IGDState) -> list[Action]:
    """The Ranged Weapons in living characters' hands with a Use left."""
    return [
        Action("discharge", f, f"{cname(s, c.seat)}'s {fname(s, f)}")
        for c in living(s) for f in c.hands
        if f >= 0 and PACKS[s.content].fate[s.fcards[f]].category == "ranged" and s.uses[f] > 0
    ]
