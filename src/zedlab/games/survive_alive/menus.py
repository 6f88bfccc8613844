"""How front ends list a long Spend decision: by what is done, then by facility or weapon.

The Spend decision can offer some forty options at once (every empty slot of every facility
the player can pay for, every weapon for every character...). Front ends that list options
in steps (:meth:`~zedlab.core.engine.BaseGame.option_groups`) show it as:

- ``Build a facility`` > ``Barricade (2 wood)`` > the sides, ``Bed (1 wood, 1 cloth)`` > the
  places on the Base sheet...
- ``Forge a weapon`` > ``Axe +2 (2 wood, 1 metal)`` (its shields and cost) > the characters;
- ``Heal a wound`` > the wounded characters; ``Offer a 1:1 trade`` > the seats;
- trading, the Watch Tower's peek and Done at the top level.

The options and their order are the game's; only the listing is grouped. The numbers of
the lines are fixed (:func:`spend_slots`), so they never move from one round to the next:
at the top, 1 Build, 2 Forge, 3 Heal, 4 Trade, 5 Offer, 6 Watch Tower look, 7 Done, a number
left unused while its line is not on offer; in Build, the facilities in the Base sheet's
order and then their places; in Forge, the weapons in the rulebook's order and then the
characters by their place in the group; in Heal, the characters likewise.

The Discard decision is a flat list with fixed numbers too (:func:`discard_slots`): storing a
cube is 1-7 in the colours' order (wood, metal, brick, food, herb, cloth, wild), 8 sets food
aside, 9 trades and 10 is Done, a number unused while its line is not on offer. So are the
questions that offer only cubes (what to give, take, offer, ask for, lose or multiply): 1-7
by colour, whichever the player holds (:func:`cube_slots`); and Feed (:func:`feed_slots`):
feeding k characters is k, feeding nobody the number after the most characters a Base can
hold, trading the one after that.
"""

from __future__ import annotations

from zedlab.core import Action

from .content import CUBES, Content
from .rules import same_choice, slot_kind

BUILD = "Build a facility"
FORGE = "Forge a weapon"
HEAL = "Heal a wound"
OFFER = "Offer a 1:1 trade"


def _cost(label: str) -> str:
    """The cost in brackets that ends a build or forge label: ``"... (2 wood)"`` -> ``"2 wood"``."""
    head, sep, tail = label.rpartition(" (")
    return tail[:-1] if sep and tail.endswith(")") else ""


def _titled(name: str, label: str) -> str:
    cost = _cost(label)
    return f"{name} ({cost})" if cost else name


def spend_paths(options: tuple[Action, ...], content: Content) -> tuple[tuple[str, ...], ...]:
    """One menu path per Spend option (see the module text), in option order."""
    out: list[tuple[str, ...]] = []
    for a in options:
        if a.kind == "build":
            name = content.facilities[slot_kind(a.value)].name
            out.append((BUILD, _titled(name, a.label)))
        elif a.kind == "forge":
            weapon = content.weapons[a.value[1]]
            out.append((FORGE, _titled(f"{weapon.name} +{weapon.shields}", a.label)))
        elif a.kind == "heal":
            out.append((HEAL,))
        elif a.kind == "offer":
            out.append((OFFER,))
        else:
            out.append(())
    return tuple(out)


TOP_SLOTS = {"build": 1, "forge": 2, "heal": 3, "trade": 4, "offer": 5, "peek": 6, "done": 7}
"""The fixed number of each kind of Spend option at the top of the menu."""


def spend_slots(options: tuple[Action, ...], content: Content, base: str) -> tuple[tuple[int, ...], ...]:
    """Per Spend option, its fixed menu number at each level of :func:`spend_paths` (see the
    module text); ``base``: the spending player's Base sheet."""
    kinds: dict[str, tuple[int, dict[str, int]]] = {}
    for slot in content.slots.get(base, ()):
        number, choices = kinds.setdefault(slot.kind, (len(kinds) + 1, {}))
        choices.setdefault(same_choice(slot.id), len(choices) + 1)
    weapons = {w: n for n, w in enumerate(content.weapons, start=1)}
    out: list[tuple[int, ...]] = []
    for a in options:
        top = TOP_SLOTS.get(a.kind)
        if top is None:
            out.append(())
        elif a.kind == "build":
            number, choices = kinds.get(slot_kind(a.value), (0, {}))
            out.append((top, number, choices.get(same_choice(a.value), 0)) if number else (top,))
        elif a.kind == "forge":
            out.append((top, weapons[a.value[1]], a.value[0] + 1))
        elif a.kind == "heal":
            out.append((top, a.value + 1))
        else:
            out.append((top,))
    return tuple(out)


DISCARD_SLOTS = {"scavenge-food": 8, "trade": 9, "done": 10}
"""The fixed numbers of the Discard options other than storing a cube (1-7, by colour)."""


def discard_slots(options: tuple[Action, ...]) -> tuple[tuple[int, ...], ...]:
    """Per Discard option, its fixed menu number (see the module text)."""
    return tuple(
        (CUBES.index(a.value) + 1,) if a.kind == "keep" else (DISCARD_SLOTS[a.kind],) for a in options
    )


def cube_slots(options: tuple[Action, ...]) -> tuple[tuple[int, ...], ...] | None:
    """Per option, its colour's fixed number (1-7), when every option is a cube; else ``None``."""
    if not all(a.value in CUBES for a in options):  # only cube actions have a colour as value
        return None
    return tuple((CUBES.index(a.value) + 1,) for a in options)


def feed_slots(options: tuple[Action, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """Per Feed option, its fixed number: ``Feed k`` is k, ``Feed nobody`` is ``most + 1``
    (``most``: the most characters a Base holds), trading ``most + 2``."""
    return tuple(
        ((a.value or most + 1),) if a.kind == "feed" else (most + 2,) for a in options
    )
