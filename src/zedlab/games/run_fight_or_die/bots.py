"""A heuristic bot for Run, Fight, or Die!, using only its seat's information set (the
game's view for its seat, ``info.view["public"]``, and the decision).

Plan: reroll toward Bats while Zone 1 is crowded, Guns when the Mutant is out (its tokens are
VP), Runs and Guns for Zone 2, and Search symbols when the board is safe; flee only from 3+
Zombie symbols; take the best Follower; heal when hurt; declare the last round when ahead.
"""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet

SYMS = ("bat", "gun", "run", "search", "book", "zombie")


def _me(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return view["players"][seat]


def wanted_symbols(view: dict[str, Any], me: dict[str, Any]) -> dict[str, int]:
    """How many dice of each symbol are worth keeping on this board."""
    z1, z2, z3 = me["zones"]
    want = {s: 0 for s in SYMS}
    want["bat"] = (z1 + 1) // 2
    threat = z1 + z2
    if view["mutant"]["active"]:
        want["gun"] = 2
    want["gun"] += max(0, min(2, z2 - 2))
    want["run"] = 1 if z2 + z1 > 3 else 0
    safe = threat <= 4 and me["health"] - me["wounds"] > 2
    if safe:
        # Solo: 4 Search symbols give a Follower and a Location (the way to the Town Line).
        want["search"] = 4 if len(view["players"]) == 1 else 3
    want["book"] = 2 if me["wounds"] >= 2 else 0
    return want


class HeuristicBot:
    """Plays sensible, greedy survival; see the module docstring."""

    name = "heuristic"

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        decision = info.decision
        view = info.view["public"]
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if handler is not None:
            choice = handler(view, decision, _me(view, decision.player))
            if choice is not None and choice in decision.options:
                return choice
        return decision.options[0] if decision.kind != "roll-dice" else decision.options[-1]

    # -- rolling ------------------------------------------------------------------------------
    def _roll_dice(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action | None:
        opts = {(a.kind, a.value): a for a in d.options}
        for key in (("tinker", None),):
            if key in opts:
                return opts[key]
        for a in d.options:
            if a.kind == "loot" or a.kind == "hold":
                if "lucky" in a.label.lower() or "drink" in a.label.lower() or "wind" in a.label.lower():
                    if view["rerolls_left"] == 0 or "lucky" in a.label.lower():
                        return a
        dice = view["dice"]
        zombies = dice.count("zombie")
        if ("flee", None) in opts and zombies >= 3:
            return opts[("flee", None)]
        want = wanted_symbols(view, me)
        kept = {s: 0 for s in SYMS}
        plan = {}
        for i, sym in enumerate(dice):
            if sym == "zombie":
                continue
            plan[i] = kept[sym] >= want[sym]
            if not plan[i]:
                kept[sym] += 1
        if not any(plan.values()) and not view["flee_pending"] and ("stop", None) in opts:
            return opts[("stop", None)]
        for a in d.options:
            if a.kind in ("keep", "reroll-die"):
                return opts[("reroll-die" if plan.get(a.value) else "keep", a.value)]
        return opts.get(("stop", None))

    # -- resolving ----------------------------------------------------------------------------
    def _resolve_actions(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action | None:
        opts = {(a.kind, a.value): a for a in d.options}
        z1, z2, z3 = me["zones"]
        hurt = me["wounds"]
        order: list[tuple[str, Any]] = [("combo", None)]
        order += [(a.kind, a.value) for a in d.options if a.kind == "follower"]
        order += [("bat", None), ("gun", 1)]
        if view["mutant"]["active"]:
            order += [("throw", 0), ("gun", 0), ("book-mutant", None)]
        order += [("run", 1), ("gun", 2), ("throw", 2), ("run", 2), ("gun", 3), ("run", 3)]
        order += [("search", None), ("book", None)]
        for a in d.options:
            if a.kind == "loot" and ("heal" not in a.label.lower() or hurt >= 2):
                order.append((a.kind, a.value))
            if a.kind == "hold":
                order.append((a.kind, a.value))
        for key in order:
            if key in opts:
                if key[0] == "loot" and z1 + z2 == 0 and hurt < 2:
                    continue
                return opts[key]
        return opts.get(("done", None))

    def _declare_end(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        best = max(p["vp"] for p in view["players"] if not p["dead"] and p["seat"] != me["seat"])
        return Action("declare", me["vp"] >= best)

    # -- pending choices ------------------------------------------------------------------------
    def _amulet(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        if "zombie" in view["dice"]:
            return Action("amulet-zombies")
        want = wanted_symbols(view, me)
        target = max(("bat", "gun", "search"), key=lambda s: want[s] - view["dice"].count(s))
        for i, sym in enumerate(view["dice"]):
            flip = Action("flip", (i, SYMS.index(target)))
            if view["dice"].count(sym) > want[sym] and sym != target and flip in d.options:
                return flip
        return Action("decline")

    def _nurse(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return Action("nurse", "heal") if me["wounds"] else Action("nurse", "push-back")

    def _advance_any(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return max(d.options, key=lambda a: a.value)

    def _push_back_any(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return min(d.options, key=lambda a: a.value)

    def _kill_any(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return min(d.options, key=lambda a: a.value)

    def _clear_any(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        zones = me["zones"]
        return max(d.options, key=lambda a: zones[a.value - 1] * (4 - a.value))

    def _drop_loot_or_wound(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        if me["health"] - me["wounds"] >= 4:
            return Action("wound")
        return d.options[0]

    def _choose_follower(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return max(d.options, key=lambda a: _label_value(a.label))

    def _accept_follower(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return Action("accept", "penalty" not in d.prompt or "4 VP" in d.prompt)

    def _search_2(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        solo = len(view["players"]) == 1
        strong = sum(f["vp"] for f in me["followers"]) + me["health"] - me["wounds"] >= 10
        return Action("search-choice", "location" if solo and strong else "follower")

    def _search_5(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        return Action("search-choice", "keep-both")

    def _book(self, view: dict[str, Any], d: Decision, me: dict[str, Any]) -> Action:
        solo = len(view["players"]) == 1
        hurt = me["wounds"]
        z1 = me["zones"][0]

        def score(a: Action) -> float:
            code = a.value if a.kind == "book-choice" else a.kind
            if a.kind == "steal":
                return 6
            if a.kind == "swap":
                return 0
            s = 0.0
            if "heal-all" in code:
                s += 2 * hurt
            elif "heal-2" in code:
                s += 2 * min(2, hurt)
            elif "heal-1" in code:
                s += 2 * min(1, hurt)
            if "follower" in code:
                s += 5 if code == "two-followers" else 3.5
            if "clear-" in code:
                z = int(code[6])
                s += me["zones"][z - 1] * (1.5 if z == 1 else 0.8 if z == 2 else 0.4)
            if code == "location":
                s += 4 if solo else 1
            if code == "loot" or "loot" in code:
                s += 1.5
            if "event" in code:
                s += 0.3
            if z1 >= 3 and code.startswith("clear-1"):
                s += 3
            return s

        return max(d.options, key=score)


def _label_value(label: str) -> float:
    """'Keep Name (3 VP, penalty)' -> a value for the Follower."""
    try:
        inside = label[label.rindex("(") + 1 : label.rindex(")")]
        vp_text, kind = inside.split(",")
        vp = float(vp_text.split()[0])
    except ValueError:
        return 0.0
    kind = kind.strip()
    return vp + (1.0 if kind == "bonus" else -1.5 if kind == "penalty" else 0.0)
