"""A heuristic bot for Don't Look Back that plays like a sensible person.

It reads only the seat's information set: its view (plus the public content of the pack in
play, found through the view's ``content`` digest: Weapon dice and effects, Survivor and Location abilities; never
a content id, so a pack's own ids and names play the same):

- **press your luck by the odds:** re-roll the misses only when the expected gain in kills
  (capped by the Walkers in the target, plus the escape when the Sector would be cleared)
  beats the hits at risk; more daring when behind;
- **escape when ahead:** once the Escape Route is out and escaping first would put it in
  front, head for that Sector and clear it;
- **stay safe:** score every Move/Pass/Combat by the Health it will cost at End of Turn,
  counting the Walkers that overloaded Sectors will spill into the Location.
"""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet

from .content import Content, view_content

EXPECTED_STRAIGHT = (0.0, 1.0, 1.28, 1.69, 2.11, 2.5, 2.91, 3.29, 3.65, 3.98, 4.27)
"""Mean length of the longest straight in n dice (n = 0..10), measured by simulation."""
CARD_PREFERENCE = {
    "escape-route": 5.0,
    "flashbang": 2.0,
    "looting": 2.5,
    "more-walkers": 0.0,
}
"""Worth of a non-Weapon Search card to Carl, by its effect."""
SURVIVOR_PREFERENCE = ("tracker", "michonne-free-reroll", "leader-keeps-two", "carl-draw-two")
"""Survivors by ability, the bot's favourite first."""


def _adjacent(space: int) -> tuple[int, ...]:
    if space == 0:
        return (1, 2, 3, 4, 5, 6)
    return (6 if space == 1 else space - 1, 1 if space == 6 else space + 1, 0)


def _reach(view: dict[str, Any], space: int, weapon: str) -> tuple[int, ...]:
    if weapon == "improvised" and view.get("improvised_reach", "own-space") == "own-space":
        return (space,)
    if space == 0:
        return (0, 1, 2, 3, 4, 5, 6)
    near = (space, *_adjacent(space)[:2])
    if weapon in view_content(view).into_location and not view["location"]["overrun"]:
        return (*near, 0)
    return near


def _dice(view: dict[str, Any], seat: int, weapon: str) -> int:
    C = view_content(view)
    if weapon == "improvised":
        return C.survivors[view["survivors"][seat]["id"]].improvised.dice
    return C.weapons[weapon].dice


def _ability(C: Content, survivor_id: str) -> str:
    return C.ability.get(survivor_id, "")


def _distance(a: int, b: int) -> int:
    """Steps from Sector a to Sector b through Sectors."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


class HeuristicBot:
    """Press-your-luck by the odds, escape when ahead, avoid ending beside an overload."""

    name = "heuristic"

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """One of ``info.decision``'s options, read from the public part of the seat's view."""
        view = info.view["public"]
        decision = info.decision
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if handler is None:
            return decision.options[0]
        choice = handler(view, decision)
        return choice if choice is not None else decision.options[0]

    # -- assessments --------------------------------------------------------------------------
    def _projected(self, view: dict[str, Any]) -> list[int]:
        """Walkers per space after this turn's Sector Overload."""
        walkers = list(view["walkers"])
        loc = view["location"]
        if not loc["overrun"]:
            for sp in range(1, 7):
                excess = walkers[sp] - loc["overload"]
                if excess > 0:
                    walkers[sp] -= excess
                    walkers[0] += excess
        return walkers

    def _danger(self, view: dict[str, Any], seat: int, space: int, killed: bool = False) -> float:
        """Cost (in points) of ending the turn in ``space``."""
        me = view["survivors"][seat]
        walkers = self._projected(view)[space]
        if walkers == 0:
            return 0.0
        C = view_content(view)
        if space == 0:
            location = C.locations.get(view["location"]["id"])
            cells = location is not None and location.ability == "prison-cell-blocks"
            loss = min(walkers, 3) if cells else walkers
        else:
            tracker = _ability(C, me["id"]) == "tracker"
            loss = 0 if (tracker and killed) else 1
        if loss >= me["health"]:
            return 50.0 + loss
        return float(loss * (0.6 + 3.0 / max(1, me["health"])))

    def _lead(self, view: dict[str, Any], seat: int) -> int:
        """My points minus the best other player's points."""
        mine = view["survivors"][seat]["points"]
        others = [s["points"] for s in view["survivors"] if s["seat"] != seat]
        return int(mine - max(others, default=0))

    def _wants_escape(self, view: dict[str, Any], seat: int) -> bool:
        """Escaping first would put (or keep) this seat in front."""
        if not view["escape_sector"]:
            return False
        if view["location"]["overrun"] or view["deck"] <= 2:
            return True  # no more draws: waiting only costs Health
        return bool(self._lead(view, seat) + view["players"] > 0)

    def _escape_value(self, view: dict[str, Any], seat: int) -> float:
        """Worth of escaping first now: the points, unless it locks in a final-board loss."""
        loc = view["location"]
        if loc["number"] >= loc["total"] and self._lead(view, seat) + view["players"] <= 0:
            return -5.0
        return float(view["players"]) + 1.0

    def _expected_kills(self, view: dict[str, Any], seat: int, weapon: str) -> float:
        space = view["survivors"][seat]["space"]
        dice = _dice(view, seat, weapon)
        walkers = view["walkers"]
        best = 0.0
        for sp in _reach(view, space, weapon):
            w = walkers[sp]
            if not w:
                continue
            hits = EXPECTED_STRAIGHT[min(dice, 10)] if sp == 0 else dice / 6 * 1.3
            value = min(w, hits)
            if sp == view["escape_sector"] and self._wants_escape(view, seat) and w <= hits + 0.5:
                value += view["players"] * 0.6
            best = max(best, value)
        return best

    # -- decisions --------------------------------------------------------------------------
    def _choose_action(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        me = view["survivors"][seat]
        here = me["space"]
        escape = view["escape_sector"]
        wants_escape = self._wants_escape(view, seat)
        urgency = 3.0 if view["location"]["overrun"] else 0.8
        walkers = view["walkers"]
        # ending an Action in the empty Escape Route Sector escapes (ruling 10)
        free_escape = bool(
            escape
            and walkers[escape] == 0
            and (view.get("escape_check") == "any-action" or not any(walkers))
        )
        escape_value = self._escape_value(view, seat) if free_escape else 0.0
        frozen = self._frozen_board(view, decision)
        if frozen is not None:
            return frozen
        best, best_score = None, -1e9
        for option in decision.options:
            if option.kind == "pass":
                score = -self._danger(view, seat, here) - (
                    1.0 if view["location"]["overrun"] else 0.0
                )
                if here == escape:
                    score += escape_value
            elif option.kind == "move":
                dest = option.value
                score = -self._danger(view, seat, dest) - 0.05
                if dest == escape:
                    score += escape_value
                if wants_escape and dest != 0:
                    score += (
                        urgency * (_distance(here, escape) - _distance(dest, escape))
                        if here
                        else 0.6
                    )
                    if dest == escape:
                        score += 0.5
                elif dest != 0 and here == 0 and view["walkers"][0] > 0:
                    score += 0.1
            else:
                weapon = option.value
                kills = self._expected_kills(view, seat, weapon)
                entry = view_content(view).weapons.get(weapon)
                spend = 0.0 if entry is None or entry.keep == "always" else entry.dice / 6
                if entry is not None and entry.keep_on_hits:
                    spend *= 0.6
                score = (
                    kills - spend * 0.5 - self._danger(view, seat, here, killed=kills >= 1) * 0.7
                )
            if score > best_score:
                best, best_score = option, score
        return best

    def _frozen_board(self, view: dict[str, Any], decision: Decision) -> Action | None:
        """The ending move on a board that can never change again, or None.

        After the overrun nothing is drawn and no Walker moves on its own. When no
        Survivor left on the board can fight (no Walker within reach of any Weapon they
        hold) or make a move that survives, everyone would Pass forever and the scores
        are final. Then go for the Escape Route (or any Sector) rather than stall: the
        game ends either way (the dead still score). Source: "Running Out of Search
        Cards" and "Your Health".
        """
        if not view["location"]["overrun"] or any(o.kind == "combat" for o in decision.options):
            return None
        walkers = view["walkers"]
        escape = view["escape_sector"]
        for s in view["survivors"]:
            if not s["alive"] or s["escaped"]:
                continue
            if s["health"] > 1:
                return None  # can walk through Walkers and so change the board
            # the empty Sectors this Survivor can walk through unharmed
            region, todo = {s["space"]}, [s["space"]]
            while todo:
                for sp in _adjacent(todo.pop()):
                    if sp and sp not in region and walkers[sp] == 0:
                        region.add(sp)
                        todo.append(sp)
            if escape in region:
                return None
            for space in region:
                for weapon in (*s["weapons"], "improvised"):
                    if any(walkers[sp] for sp in _reach(view, space, weapon)):
                        return None
        moves = [o for o in decision.options if o.kind == "move"]
        if not moves:
            return None
        return min(moves, key=lambda o: _distance(o.value, escape) if escape else 0)

    def _choose_target(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        c = view["combat"]
        roll = c["roll"]
        walkers = view["walkers"]
        me = view["survivors"][seat]
        best, best_score = None, -1e9
        for option in decision.options:
            t = option.value
            if t < 0:  # decline a lone Survivor target: the Knife is kept
                score = 0.0
            elif t >= 10:
                victim = view["survivors"][t - 10]
                hits = roll.count(victim["space"]) if victim["space"] else len(set(roll))
                score = 0.3 * hits + (
                    0.5 if self._lead(view, seat) < 0 and victim["points"] > me["points"] else -1
                )
            else:
                hits = roll.count(t) if t else self._straight_len(roll)
                score = min(hits, walkers[t]) + 0.1 * hits
                if t == view["escape_sector"] and self._wants_escape(view, seat):
                    score += 1.0 + (view["players"] if hits >= walkers[t] else 0)
                if c["melee"] and t != me["space"]:
                    score -= 0.3 * self._danger(view, seat, t)
            if score > best_score:
                best, best_score = option, score
        return best

    @staticmethod
    def _straight_len(roll: list[int]) -> int:
        faces = sorted(set(roll))
        best = run = 0
        prev = -5
        for f in faces:
            run = run + 1 if f == prev + 1 else 1
            prev = f
            best = max(best, run)
        return best

    def _combat_move(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        c = view["combat"]
        target = c["target_space"]
        me = view["survivors"][seat]
        if target == view["escape_sector"] and self._wants_escape(view, seat):
            return decision.options[0]
        left_after = max(0, view["walkers"][target] - len(c["saved"]))
        stay = self._danger(view, seat, me["space"])
        go = 0.0 if left_after == 0 and target != 0 else self._danger(view, seat, target)
        return decision.options[0] if go < stay else decision.options[1]

    def _hold_or_reroll(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        c = view["combat"]
        h = len(c["saved"])
        m = c["misses"]
        target = c["target_space"]
        if c["target"] >= 10:
            walkers_there = view["survivors"][c["target"] - 10]["health"]
        else:
            walkers_there = view["walkers"][target]
        if target == 0:
            lo, hi = c["saved"][0], c["saved"][-1]
            faces = (lo > 1) + (hi < 6)
        else:
            faces = 1
        if faces == 0:
            return decision.options[0]
        p = 1 - ((6 - faces) / 6) ** m
        gain = m * faces / 6 / max(p, 1e-9)  # expected new hits given success (approx.)
        me = view["survivors"][seat]
        escape_here = (
            c["target"] < 10
            and target == view["escape_sector"]
            and self._wants_escape(view, seat)
            and (me["space"] == target)
        )

        entry = view_content(view).weapons.get(c["weapon"])
        keep_on = entry.keep_on_hits if entry is not None else 0

        def value(hits: float) -> float:
            v = min(hits, walkers_there)
            if escape_here and hits >= walkers_there:
                v += view["players"]
            if keep_on and hits >= keep_on:
                v += 1.5
            return float(v)

        daring = 1.15 if self._lead(view, seat) < 0 else 1.0
        reroll_value = p * value(h + gain) * daring
        return decision.options[1] if reroll_value > value(h) + 0.05 else decision.options[0]

    def _michonne_reroll(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        c = view["combat"]
        reach = _reach(view, view["survivors"][seat]["space"], c["weapon"])
        walkers = view["walkers"]
        useful = {sp for sp in reach if sp and walkers[sp]}
        if not useful:
            return decision.options[0]
        best_face = max(useful, key=lambda sp: (c["roll"].count(sp), walkers[sp]))
        for option in decision.options[1:]:
            if option.value != best_face:
                return option
        return decision.options[0]

    def _flashbang_from(self, view: dict[str, Any], decision: Decision) -> Action | None:
        me = view["survivors"][decision.player]
        values = {o.value for o in decision.options}
        for sp in (me["space"], 0):
            if sp in values and sp >= 0:
                return Action("flash-from", sp)
        if view["escape_sector"] in values and self._wants_escape(view, decision.player):
            return Action("flash-from", view["escape_sector"])
        return decision.options[0]

    def _flashbang_to(self, view: dict[str, Any], decision: Decision) -> Action | None:
        me = view["survivors"][decision.player]
        walkers = view["walkers"]

        def badness(option: Action) -> float:
            sp: int = option.value
            return float(
                (sp == me["space"]) * 10
                + (sp == 0) * 5
                + (sp == view["escape_sector"]) * 2
                + walkers[sp] * 0.1
            )

        return min(decision.options, key=badness)

    def _carl_pick(self, view: dict[str, Any], decision: Decision) -> Action | None:
        C = view_content(view)

        def worth(option: Action) -> float:
            card = option.value
            if card in C.weapons:
                return C.weapons[card].dice / 2
            return CARD_PREFERENCE.get(C.cards[card].effect, 0.0)

        return max(decision.options, key=worth)

    def _looting(self, view: dict[str, Any], decision: Decision) -> Action | None:
        C = view_content(view)
        return max(
            decision.options,
            key=lambda o: (C.weapons[o.value[1]].dice, view["survivors"][o.value[0]]["points"]),
        )

    def _overrun_move(self, view: dict[str, Any], decision: Decision) -> Action | None:
        walkers = view["walkers"]
        escape = view["escape_sector"] or 1
        return min(decision.options, key=lambda o: (walkers[o.value], _distance(o.value, escape)))

    def _keep_weapon(self, view: dict[str, Any], decision: Decision) -> Action | None:
        C = view_content(view)
        return max(decision.options, key=lambda o: C.weapons[o.value].dice)

    def _first_player(self, view: dict[str, Any], decision: Decision) -> Action | None:
        seat = decision.player
        loc = view["location"]
        overloaded = any(view["walkers"][sp] > loc["overload"] for sp in range(1, 7))
        others = [o for o in decision.options if o.value != seat]
        if overloaded and others:
            return max(others, key=lambda o: view["survivors"][o.value]["points"])
        for o in decision.options:
            if o.value == seat:
                return o
        return None

    _choose_first_player = _first_player
    _next_first_player = _first_player

    def _choose_survivor(self, view: dict[str, Any], decision: Decision) -> Action | None:
        C = view_content(view)

        def rank(option: Action) -> int:
            ability = _ability(C, option.value)
            return SURVIVOR_PREFERENCE.index(ability) if ability in SURVIVOR_PREFERENCE else 9

        return min(decision.options, key=rank)
