"""A heuristic bot for Survive Alive that plays from its seat's view only.

It arms its characters first (weapons count on every side), builds toward what it has seen
coming from a Watch Tower, keeps everyone bathed, bedded and fed, heals wounds, and scavenges
only where its party's strength beats the strongest card of that deck.
"""

from __future__ import annotations

import itertools
from typing import Any

from zedlab.core import RNG, Action, Decision

from .content import CUBES, load

KEEP_ORDER = ("wild", "metal", "wood", "brick", "cloth", "herb", "food")
"""Cubes the bot values most, first."""
DRAFT_ORDER = ("bruce", "jojo", "alan", "florence", "tom", "joseph", "dario", "delia", "buzz",
               "percy", "maya", "olivia", "david", "hank", "jimmy", "grace", "agatha", "bob",
               "alexander", "rick", "nina")
BUILD_VALUE = {
    "food-garden": 34, "herb-garden": 18, "radio": 32, "command-centre": 26, "workshop": 22,
    "forge": 20, "medical-room": 12, "storage": 8, "barricade": 14, "watch-tower": 24,
}
LOSS_ORDER = ("storage", "barricade", "herb-garden", "medical-room", "workshop", "forge",
              "watch-tower", "food-garden", "command-centre", "radio", "bathroom", "bed")


def _side_shields(built: list[str]) -> dict[str, int]:
    """Shields of the standing barricades and towers on each side."""
    out = {"N": 0, "E": 0, "S": 0, "W": 0}
    for sid in built:
        parts = sid.split("-")
        if parts[0] == "barricade":
            out[parts[1]] += 1
        elif parts[0] == "watch":
            for side in parts[2]:
                out[side] += 2
    return out


def _kind(slot_id: str) -> str:
    parts = slot_id.split("-")
    return "-".join(parts[:-2] if parts[-1].isdigit() else parts[:-1])


class HeuristicBot:
    """Builds defence toward the coming attack, keeps characters fed, bathed and bedded,
    and scavenges when it can win."""

    name = "heuristic"

    def choose(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action:
        method = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        options = decision.options
        if method is None:
            return options[0]
        me = view["players"][decision.player]
        choice = method(view, me, options)
        return choice if choice is not None else options[0]

    # -- set-up ---------------------------------------------------------------------------
    def _choose_base(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return next((a for a in options if a.value == "mountain"), options[0])

    def _draft(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return min(options, key=lambda a: DRAFT_ORDER.index(a.value) if a.value in DRAFT_ORDER else 99)

    def _scenario_food(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return max(options, key=lambda a: a.value)

    # -- 1. spend -------------------------------------------------------------------------
    def _spend(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        chars = me["characters"]
        home = [ch for ch in chars if not ch["away"]]
        built = [_kind(s) for s in me["built"]]
        coming = [load(view.get("content_dir") or None).events[e] for e in view.get("coming_events", [])]
        sides = {e.side for e in coming}
        shields = _side_shields(me["built"])
        weakest = min(shields.values())
        c = load(view.get("content_dir") or None)
        fighters = [ch for ch in home if not (ch["id"] == "florence" and ch["wounds"])]
        carried = sum(c.weapons[w].shields for ch in fighters for w in ch["weapons"])
        exposed = weakest + carried < view["round"] + 3  # the likely attack this round
        boost = 20 if exposed else 0
        short = {e.side for e in coming if shields[e.side] + carried < e.zeds + view["round"]}
        flo_hurt = view["scenario"] == 2 and any(ch["id"] == "florence" and ch["wounds"] for ch in chars)
        best, best_value = options[-1], 0.0
        for a in options:
            v = 0.0
            if a.kind == "heal":
                v = 100
            elif a.kind == "peek":
                v = 90 if me.get("peek_cost", 9) == 0 else (58 if me.get("peek_cost", 9) <= 1 else 15)
            elif a.kind == "forge":
                idx, w = a.value
                two = w in ("axe", "knife")
                v = (70 if two else 38) - (15 if chars[idx]["weapons"] else 0)
                if chars[idx]["id"] == "florence" and chars[idx]["wounds"] and view["scenario"] == 2:
                    v = 0  # she cannot defend until healed
            elif a.kind == "build":
                kind = _kind(a.value)
                if kind in ("bed", "bathroom"):
                    v = 60 if built.count(kind) < len(home) else 2
                elif kind == "barricade":
                    side = a.value.split("-")[1]
                    v = 55 if side in sides else (35 if shields[side] == weakest else 22) + boost
                    if side in short:
                        v = 85
                elif kind == "watch-tower":
                    corner = a.value.split("-")[2]
                    v = 62 if sides & set(corner) else 48 + boost
                    if short & set(corner):
                        v = 88
                elif kind == "medical-room" and flo_hurt:
                    v = 95
                else:
                    v = BUILD_VALUE.get(kind, 5) / (1 + built.count(kind))
            elif a.kind == "trade":
                v = 25 if sum(me["cubes"].values()) >= me.get("trade_ratio", 4) + 1 else 0
                if flo_hurt and any(ch["id"] == "rick" and not ch["away"] for ch in chars):
                    ready = any(o.kind == "heal" or (o.kind == "build" and _kind(o.value) == "medical-room")
                                for o in options)
                    v = 0 if ready else 92  # the mission: cubes for the Medical Room and herbs: Medical Room and herbs to heal Florence
            if v > best_value:
                best, best_value = a, v
        return best

    def _target(self, me: dict[str, Any], view: dict[str, Any]) -> list[str]:
        """The next thing the bot wants to pay for, as a cube list."""
        c = load(view.get("content_dir") or None)
        chars = [ch for ch in me["characters"] if not ch["away"]]
        built = [_kind(s) for s in me["built"]]
        if any(ch["wounds"] for ch in chars):
            if "medical-room" not in built and any(ch["id"] == "florence" for ch in chars):
                return c.facilities["medical-room"].cost
            return ["herb"] * 3
        if any(len(ch["weapons"]) < 2 for ch in chars):
            return c.weapons["axe"].cost
        for kind in ("bed", "bathroom"):
            if built.count(kind) < len(chars):
                return c.facilities[kind].cost
        return c.facilities["watch-tower"].cost

    def _trade_give(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        cubes = me["cubes"]
        want = ["food"] if view["phase"] == "roundend" else self._target(me, view)
        return max(options, key=lambda a: (a.value not in want and a.value != "wild",
                                           cubes[a.value], KEEP_ORDER.index(a.value)))

    def _trade_take(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        cubes = me["cubes"]
        want = ["food"] if view["phase"] == "roundend" else self._target(me, view)
        # first-seen order, ties by KEEP_ORDER: never the (per-process) order of a set
        missing = {c: want.count(c) - cubes.get(c, 0) for c in dict.fromkeys(want)}
        offered = {a.value: a for a in options}
        for colour, _ in sorted(missing.items(), key=lambda kv: (-kv[1], KEEP_ORDER.index(kv[0]))):
            if colour in offered:
                return offered[colour]
        return offered.get("wild", options[0])

    def _offer_reply(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return next(a for a in options if a.kind == "refuse")

    # -- 2. discard -------------------------------------------------------------------------
    def _discard(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        armed = any(ch["weapons"] and not ch["away"] for ch in me["characters"])
        scav = next((a for a in options if a.kind == "scavenge-food"), None)
        if scav is not None and armed and me["scavenge_food"] < 3:
            return scav
        keeps = [a for a in options if a.kind == "keep"]
        if keeps:
            return min(keeps, key=lambda a: KEEP_ORDER.index(a.value))
        return options[-1]

    # -- 3. scavenging ---------------------------------------------------------------------
    def _power(self, chars: list[dict[str, Any]], view: dict[str, Any]) -> int:
        c = load(view.get("content_dir") or None)
        total = 0
        for ch in chars:
            total += sum(c.weapons[w].shields for w in ch["weapons"])
            card = c.characters[ch["id"]]
            if card.effect == "scavenge-strength" and ch["wounds"] < 2:
                total += card.amount
        return total

    def _scavenge_party(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        chars = me["characters"]
        sends = [a for a in options if a.kind == "send"]
        party = [ch for ch in chars if ch["scavenging"]]
        home_left = [ch for ch in chars if not ch["away"]]
        if sends and (len(home_left) > 1 or view["scenario"]):
            best = max(sends, key=lambda a: self._power([chars[a.value]], view))
            if self._power([chars[best.value]], view) >= 2 or party:
                if not party or self._power(party, view) < 5:
                    return best
        go = next((a for a in options if a.kind == "go"), None)
        if go is not None and self._power(party, view) >= 3:
            return go
        return next((a for a in options if a.kind in ("stay", "go")), options[-1])

    def _scavenge_where(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        c = load(view.get("content_dir") or None)
        party = [ch for ch in me["characters"] if ch["scavenging"]]
        power = self._power(party, view)
        worst = {1: 3, 2: 5, 3: 7}
        if any(ch["wounds"] >= 2 for ch in party):
            return options[-1]
        hospital = next((a for a in options if a.value == "hospital"), None)
        if view["scenario"] == 2 and hospital is not None and power >= 3:
            return hospital  # the medic is the mission
        good = [a for a in options if a.kind == "scavenge" and power >= worst[c.locations[a.value].food]]
        if good:
            return max(good, key=lambda a: c.locations[a.value].food)
        risky = [a for a in options if a.kind == "scavenge" and power >= worst[c.locations[a.value].food] - 1]
        if risky and not any(ch["wounds"] for ch in party):
            return min(risky, key=lambda a: c.locations[a.value].food)
        return options[-1]

    def _find_weapon(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        chars = me["characters"]
        return min(options, key=lambda a: (len(chars[a.value[0]]["weapons"]), a.value[1] in ("bat",)))

    def _recruit_cube(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return min(options, key=lambda a: KEEP_ORDER.index(a.value))

    def _recruit_accept(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return next((a for a in options if a.kind == "accept"), options[0])

    # -- 4. events and 5. round end -------------------------------------------------------------
    def _breach_lose(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        def rank(a: Action) -> int:
            k = _kind(a.value)
            return LOSS_ORDER.index(k) if k in LOSS_ORDER else 0

        return min(options, key=rank)

    def _feed(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        """Feed everyone it can; trade for food only when that completes a morale mark
        (every character at home also has a bed and a bathroom)."""
        feeds = [a for a in options if a.kind == "feed"]
        best = max(feeds, key=lambda a: a.value)
        home = [ch for ch in me["characters"] if not ch["away"]]
        built = [_kind(s) for s in me["built"]]
        roofed = built.count("bed") >= len(home) and built.count("bathroom") >= len(home)
        trade = next((a for a in options if a.kind == "trade"), None)
        if trade is not None and roofed and len(home) == best.value + 1:
            return trade
        return best

    def _place_defender(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        """Try every placement of the characters still to place (at most 4^5) and keep the
        one that first avoids deaths (a deficit of 5+), then failed cards, then the total
        deficit; this character takes its side in that placement."""
        c = load(view.get("content_dir") or None)
        base = _side_shields(me["built"])
        cards = [(c.events[e].side, c.events[e].zeds + view["round"]) for e in view["drawn"]]
        chars = me["characters"]
        me_idx = view["pending"]["n"] if view.get("pending") else 0
        fixed = dict(base)
        todo = []
        for i, ch in enumerate(chars):
            power = sum(c.weapons[w].shields for w in ch["weapons"])
            card = c.characters[ch["id"]]
            if ch["away"] or (ch["id"] == "florence" and ch["wounds"] and view["scenario"] == 2):
                continue
            if card.effect == "lookout" and ch["wounds"] < 2:
                for side in fixed:
                    fixed[side] += power + card.amount
            elif i == me_idx:
                todo.insert(0, power)
            elif ch["side"]:
                fixed[ch["side"]] += power
            elif i > me_idx:
                todo.append(power)
        sides = [a.value for a in options]
        death = c.rules.death_deficit

        def score(assign: tuple[str, ...]) -> tuple[int, int, int]:
            shields = dict(fixed)
            for power, side in zip(todo, assign, strict=True):
                shields[side] += power
            deficits = [max(0, zeds - shields[side]) for side, zeds in cards]
            return (-sum(d >= death for d in deficits), -sum(d > 0 for d in deficits), -sum(deficits))

        best = max(itertools.product(sides, repeat=len(todo)), key=score)
        return next(a for a in options if a.value == best[0])

    def _lose_cube(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return max(options, key=lambda a: KEEP_ORDER.index(a.value))


assert set(KEEP_ORDER) == set(CUBES)
