"""How front ends list a long Spend decision: by what is done, then by facility or weapon.

The Spend decision can offer some forty options at once (every empty slot of every facility
the player can pay for, every weapon for every character...). Front ends that list options
in steps (:meth:`~zedlab.core.engine.BaseGame.option_groups`) show it as:

- ``Build a facility`` > ``Barricade (2 wood)`` > the sides, ``Bed (1 wood, 1 cloth)`` > the
  places on the Base sheet...
- ``Forge a weapon`` > ``Axe +2 (2 wood, 1 metal)`` (its shields and cost) > the characters;
- ``Heal a wound`` > the wounded characters; ``Offer a 1:1 trade`` > the seats;
- trading, the Watch Tower's peek and Done at the top level.

The options and their order are the game's; only the listing is grouped.
"""

from __future__ import annotations

from zedlab.core import Action

from .content import Content
from .rules import slot_kind

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
