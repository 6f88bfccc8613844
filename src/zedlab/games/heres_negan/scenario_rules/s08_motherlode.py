"""Scenario 8: Motherlode - gasoline barrels carried to the Loading Bay; Negan goes to the
EXIT, then back to the Loading Bay.

Gasoline barrels block movement, never sight (board). A Survivor next to a barrel may pick
it up (an Action; one at a time) and then cannot Run, Fight or Shoot until it puts it down
(an Action, on an empty adjacent space). Put down on the Loading Bay, the barrel is loaded
onto the truck: it leaves the board, counts as deposited and its Survivor gains 3
Reputation. A Shoot attack at a Walker within 2 spaces of a barrel (or of a carrier) may
blow it up: the Action die after the attack, for each such barrel; a star explodes it, and
each model within 3 spaces takes a white roll (Stamina; a Walker is knocked prone, removed
on a bang); every other barrel in the blast rolls in turn (chain). A carrier removed from
play drops its barrel where it stood.

Source: Here's Negan rulebook, Scenario 8 "Win Conditions", "Gasoline Barrels", "Moving
Negan"; checklist HN-R319..HN-R328, T3; rulings HN-A40, HN-A41.
"""

from __future__ import annotations

from zedlab.core import Action

from ..actions import here
from ..board import adjacent, in_range, neighbours
from ..board.placement import is_empty, placement_options
from ..common import (
    action_die,
    board,
    change_rep,
    emit,
    in_play,
    remove_walker,
    roll,
    scene,
    tie,
    wound,
    wound_negan,
)
from ..scenarios import EXIT, Scenario, scenario
from ..state import HNState
from ..win import check, latch
from .aim import aim

LOADING_BAY = "loading-bay"
BARRELS = "barrels"
NEEDED = {2: 3, 3: 4, 4: 5, 5: 7}
"""Barrels to deposit by starting Survivors (table T3)."""
DEPOSIT_REP = 3
FUSE_RANGE = 2
BLAST_RANGE = 3
PICK_UP, PUT_DOWN = "pick-up-barrel", "put-down-barrel"


def bay(state: HNState) -> tuple[int, ...]:
    """The spaces of the Loading Bay."""
    return tuple(s for o in board(state).objects if o.kind == "loading-bay" for s in o.spaces)


def deposited(state: HNState) -> int:
    """Barrels loaded onto the truck so far."""
    return state.marks.get("deposited", 0)


def needed(state: HNState) -> int:
    """Barrels the Survivors must deposit: table T3, capped at the barrels that still exist
    (deposited, on the board or carried), and never fewer than one (ruling HN-A40)."""
    exist = deposited(state) + len(state.barrels) + len(state.carried)
    return max(1, min(NEEDED[state.start_survivors], exist))


def pickable(state: HNState, i: int) -> list[int]:
    """Barrels adjacent to Survivor ``i``."""
    b = board(state)
    doors = frozenset(state.open_doors)
    sp = here(state, i)
    return [x for x in state.barrels if adjacent(b, sp, x, doors)]


def drop_spaces(state: HNState, i: int) -> list[int]:
    """Empty spaces adjacent to Survivor ``i`` where it may put its barrel down (no model,
    Walker token, barrel, blocking scenery, Supply token or fire)."""
    b, sc = board(state), scene(state)
    taken = {*state.supplies, *state.fire}
    return sorted(x for x in neighbours(b, here(state, i), frozenset(state.open_doors))
                  if is_empty(b, sc, x) and x not in taken)


@scenario(8)
class Motherlode(Scenario):
    """Scenario 8's Special Rules (module docstring)."""

    actions = (PICK_UP, PUT_DOWN)
    kinds = ("barrel", "put-barrel")
    conditions = (EXIT, LOADING_BAY, BARRELS)
    reasons = {
        EXIT: "Negan reached the EXIT",
        LOADING_BAY: "then went back to the Loading Bay",
        BARRELS: "the gasoline was loaded",
    }

    def set_up(self, state: HNState) -> None:
        state.barrels = sorted(board(state).barrels)

    # -- Negan: the EXIT, then the Loading Bay (HN-R328) --------------------------------------
    def target(self, state: HNState) -> tuple[int, ...] | None:
        reached = state.marks.get("exit-round")
        if reached is not None and state.round > reached:
            return bay(state)
        return None

    def negan_stays(self, state: HNState) -> bool:
        return LOADING_BAY in state.reached

    def negan_on(self, state: HNState, space: int) -> None:
        if EXIT not in state.reached:
            return
        state.marks.setdefault("exit-round", state.round)
        if space in bay(state) and LOADING_BAY not in state.reached:
            latch(state, LOADING_BAY)

    # -- barrels (HN-R322..HN-R327) -------------------------------------------------------------
    def forbidden(self, state: HNState, i: int) -> frozenset[str]:
        """A carrier cannot Run and uses no weapon: no Fight, no Shoot (HN-A41 (i) (a))."""
        return frozenset({"run", "fight", "shoot"}) if i in state.carried else frozenset()

    def extra_actions(self, state: HNState, i: int) -> list[Action]:
        if not state.survivors[i].standing:
            return []
        if i in state.carried:
            if drop_spaces(state, i):
                return [Action("action", PUT_DOWN, "put down the gasoline barrel")]
            return []
        if pickable(state, i):
            return [Action("action", PICK_UP, "pick up a gasoline barrel")]
        return []

    def take_action(self, state: HNState, i: int, name: str) -> None:
        if name not in self.actions:
            super().take_action(state, i, name)
        aim(state, i, name)

    def targets(self, state: HNState, i: int, action: str) -> list[Action]:
        b = board(state)
        if action == PICK_UP:
            return [Action("barrel", x, f"pick up the barrel on {b.label(x)}")
                    for x in pickable(state, i)]
        on_bay = set(bay(state))
        return [Action("put-barrel", x, f"put the barrel down on {b.label(x)}"
                       + (" (Loading Bay)" if x in on_bay else ""))
                for x in drop_spaces(state, i)]

    def aimed(self, state: HNState, i: int, action: str, choice: Action) -> None:
        s = state.survivors[i]
        x = int(choice.value)  # type: ignore[arg-type]
        if action == PICK_UP:
            state.barrels.remove(x)
            state.carried.append(i)
            emit(state, "barrel-picked-up", survivor=s.id, space=x)
            return
        state.carried.remove(i)
        if x in bay(state):
            state.marks["deposited"] = deposited(state) + 1
            emit(state, "barrel-deposited", survivor=s.id, space=x,
                 deposited=deposited(state), needed=needed(state))
            change_rep(state, i, DEPOSIT_REP, "barrel loaded")
            check(state)
            return
        state.barrels.append(x)
        state.barrels.sort()
        emit(state, "barrel-put-down", survivor=s.id, space=x)

    def survivor_removed(self, state: HNState, i: int, space: int) -> None:
        """A carrier removed from play drops its barrel where it stood; the prone Walker
        that replaces it is there already, so the barrel goes on the nearest empty space
        (ruling HN-A41)."""
        if i not in state.carried:
            return
        state.carried.remove(i)
        options = placement_options(board(state), scene(state), space)
        if not options:
            emit(state, "barrel-lost", survivor=state.survivors[i].id, space=space)
            return
        at = tie(state, options)
        state.barrels.append(at)
        state.barrels.sort()
        emit(state, "barrel-dropped", survivor=state.survivors[i].id, space=at)

    def after_shot(self, state: HNState, i: int, target: int) -> None:
        """Each barrel within 2 spaces of the target (carried ones too) rolls the Action
        die; a star blows it up (HN-R325)."""
        near = fuses(state, target, FUSE_RANGE)
        lit = [x for x in near if action_die(state, "gasoline barrel")]
        explode(state, lit)

    # -- winning --------------------------------------------------------------------------------
    def met(self, state: HNState, condition: str) -> bool:
        if condition == BARRELS:
            return deposited(state) >= needed(state)
        return condition in state.reached

    def goal(self, survivors: int) -> str:
        return (f"Get Negan onto the EXIT and then back to the Loading Bay; load "
                f"{NEEDED[survivors]} gasoline barrels (fewer if fewer remain).")

    def describe(self) -> dict[str, object]:
        return {**super().describe(), "barrels_needed": dict(NEEDED)}


def fuses(state: HNState, origin: int, reach: int) -> list[tuple[str, int]]:
    """Barrels within ``reach`` spaces of ``origin``: ``("board", space)`` and
    ``("carried", survivor index)``, nearest first."""
    carriers = {state.survivors[k].space: k for k in state.carried
                if state.survivors[k].in_play}
    groups = in_range(board(state), scene(state), origin, [*state.barrels, *carriers], reach)
    out: list[tuple[str, int]] = []
    for g in groups:
        for x in sorted(g):
            if x in carriers:
                out.append(("carried", carriers[x]))
            if x in state.barrels:
                out.append(("board", x))
    return out


def explode(state: HNState, lit: list[tuple[str, int]]) -> None:
    """Blow up the barrels in ``lit``, then those their blasts set off (HN-R326, HN-R327).

    The blast: a white roll of Stamina for each Survivor in play and for Negan within 3
    spaces; each Walker within 3 rolls white, removed on a bang (nobody gains Reputation),
    otherwise knocked prone (ruling HN-A41 (iii)-(v)).
    """
    queue = list(lit)
    while queue and not state.result:
        kind, x = queue.pop(0)
        if kind == "board":
            if x not in state.barrels:
                continue
            state.barrels.remove(x)
            space = x
        else:
            if x not in state.carried:
                continue
            state.carried.remove(x)
            space = state.survivors[x].space
        emit(state, "barrel-explodes", space=space)
        blast(state, space)
        if state.result:
            return
        pending = set(queue)
        for other in fuses(state, space, BLAST_RANGE):
            if other not in pending and action_die(state, "gasoline barrel in the blast"):
                queue.append(other)


def blast(state: HNState, space: int) -> None:
    b, sc = board(state), scene(state)
    within = {s for g in in_range(b, sc, space, range(b.size), BLAST_RANGE) for s in g}
    for k in in_play(state):
        if state.survivors[k].space in within:
            wound(state, k, roll(state, ("white",), "blast")[0], "a gasoline blast")
            if state.result:
                return
    if state.negan in within:
        wound_negan(state, roll(state, ("white",), "blast")[0], "a gasoline blast")
        if state.result:
            return
    for w in sorted({*state.walkers, *state.prone} & within):
        _hits, bang = roll(state, ("white",), "blast")
        if bang:
            remove_walker(state, w, why="gasoline blast")
        elif w in state.walkers:
            state.walkers.remove(w)
            state.prone.append(w)
            state.prone.sort()
            emit(state, "knocked-prone", space=w)


__all__ = ["Motherlode", "bay", "deposited", "explode", "needed"]
