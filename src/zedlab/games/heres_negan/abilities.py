"""The Survivors' special rules, one object per hook name printed in
``content/survivors.toml`` (``ability``).

Each rule bends the normal rules at one point; the rules modules ask the acting Survivor's
:class:`Ability` (``ability(state, i)``) there and nowhere else:

- ``steady-runner`` (Dwight): re-roll the Action die that would make NOISE after a Run
  (:func:`.move.finish_move`);
- ``double-action`` (Laura): her Actions in an activation may repeat one another
  (:func:`.survivor_phase.repeatable`);
- ``bruiser`` (John): a Fight roll at least double the Walker's Defense roll removes it
  without a bang (:func:`.attacks.attack`); his Break and Enter always opens the door
  (:func:`.actions.aim`);
- ``close-quarters`` (Tara): no Shoot and no Shoot weapon in her weapon spaces
  (:func:`.attacks.legal_shoot`, :func:`.actions.slots`); a Defense roll more than double
  the Walkers' Attack roll gives her a free Fight attack on one of them
  (:func:`.walker_phase.survivor_attacked`);
- ``scavenger`` (Sherry): a Search draws two Supply cards, she keeps one and the other is
  shuffled back (:func:`.actions.search`).

The default :class:`Ability` is the normal rules; each special rule overrides what it bends.

Source: Here's Negan rulebook, "Survivors" (each Survivor card's special rule); the rules
themselves are designed (docs/rulings/heres-negan.md, "Designed components").
"""

from __future__ import annotations

from collections.abc import Callable

from .common import cx, weapon
from .state import HNState


class Ability:
    """No special rule: every answer is the normal rules'."""

    hook = ""

    def run_noise_rerolls(self, state: HNState, i: int) -> int:
        """Re-rolls of the Action die that decides a Run's NOISE (HN-R142)."""
        return 0

    def repeats_actions(self, state: HNState, i: int) -> bool:
        """True if the Survivor's Actions of one activation may be the same (HN-R122)."""
        return False

    def fight_removes(self, state: HNState, i: int, attack: int, defense: int) -> bool:
        """True if a winning Fight roll with no bang removes the Walker (HN-R160/161)."""
        return False

    def sure_break_and_enter(self, state: HNState, i: int) -> bool:
        """True if Break and Enter opens the door without the Action die (HN-R184)."""
        return False

    def may_shoot(self, state: HNState, i: int) -> bool:
        """False if the Survivor may never Shoot (HN-R165)."""
        return True

    def may_equip(self, state: HNState, i: int, card: str) -> bool:
        """False if weapon ``card`` may not go in the Survivor's weapon spaces (HN-R078)."""
        return True

    def counter_attacks(self, state: HNState, i: int, attack: int, defense: int) -> bool:
        """True if the Defense roll earns a free Fight attack on an attacker (HN-R219)."""
        return False

    def search_draws(self, state: HNState, i: int) -> int:
        """Supply cards a Search draws; past one, the Survivor keeps one (HN-R173)."""
        return 1


ABILITIES: dict[str, Ability] = {}


def special_rule(hook: str) -> Callable[[type[Ability]], type[Ability]]:
    """Register the special rule named ``hook`` (the ``ability`` of a Survivor card)."""

    def bind(cls: type[Ability]) -> type[Ability]:
        if hook in ABILITIES:
            raise ValueError(f"special rule {hook!r} is registered twice")
        inst = cls()
        inst.hook = hook
        ABILITIES[hook] = inst
        return cls

    return bind


@special_rule("steady-runner")
class SteadyRunner(Ability):
    """Dwight: a star after his Run may be re-rolled once (a blank needs no re-roll)."""

    def run_noise_rerolls(self, state: HNState, i: int) -> int:
        return 1


@special_rule("double-action")
class DoubleAction(Ability):
    """Laura: the same Action twice in one activation (two Shoots, two Moves)."""

    def repeats_actions(self, state: HNState, i: int) -> bool:
        return True


@special_rule("bruiser")
class Bruiser(Ability):
    """John: a winning Fight roll at least double the Defense roll removes the Walker;
    his Break and Enter always opens."""

    def fight_removes(self, state: HNState, i: int, attack: int, defense: int) -> bool:
        return attack > defense and attack >= 2 * defense

    def sure_break_and_enter(self, state: HNState, i: int) -> bool:
        return True


@special_rule("close-quarters")
class CloseQuarters(Ability):
    """Tara: never Shoots, never equips a Shoot weapon; a Defense roll more than double the
    Attack roll strikes back."""

    def may_shoot(self, state: HNState, i: int) -> bool:
        return False

    def may_equip(self, state: HNState, i: int, card: str) -> bool:
        return weapon(state, card).attack != "shoot"

    def counter_attacks(self, state: HNState, i: int, attack: int, defense: int) -> bool:
        return defense > 2 * attack


@special_rule("scavenger")
class Scavenger(Ability):
    """Sherry: a Search draws two Supply cards; she keeps one."""

    def search_draws(self, state: HNState, i: int) -> int:
        return 2


NONE = Ability()


def ability(state: HNState, i: int) -> Ability:
    """The special rule of Survivor ``i`` (the normal rules if its hook is not registered)."""
    hook = cx(state).survivors[state.survivors[i].id].ability
    return ABILITIES.get(hook, NONE)
