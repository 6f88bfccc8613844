"""A heuristic bot for Survive Alive that plays from its seat's view only.

At set-up it takes the Base sheet worth most to it, preferring one nobody has taken among
sheets alike, so a table of bots spreads over the Bases.

It arms its characters first (weapons count on every side), builds toward what it has seen
coming from a Watch Tower, keeps everyone bathed, bedded and fed (beds and bathrooms come
before extra defence from the second round; in the last round only defence is built),
heals the most wounded first, and places its defenders by playing the round's Event cards
in order (every failed card wounds everyone at the Base, the third wound kills).

Normal game scavenging: it plans a party of the fewest strong characters that surely win
at an open location (against the deck's strongest card), sets food aside for it (trading
cubes for that food when short, in the Spend phase and with cubes the Discard phase would
throw away), and sends the party only if the characters left at the Base would fail this
round's attack at most ``RISK`` more often. In the solo scenarios the expedition rules
apply: it scavenges only where its party's strength beats the strongest card of that deck.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

from zedlab.core import RNG, Action
from zedlab.core.infoset import InfoSet

from .content import CUBES, pack
from .render import flat

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
    """Shields of the standing barricades and towers on each side (a new dict)."""
    return dict(_shields_of(tuple(built)))


@functools.lru_cache(maxsize=4096)
def _shields_of(built: tuple[str, ...]) -> dict[str, int]:
    out = {"N": 0, "E": 0, "S": 0, "W": 0}
    for sid in built:
        parts = sid.split("-")
        if parts[0] == "barricade":
            out[parts[1]] += 1
        elif parts[0] == "watch":
            for side in parts[2]:
                out[side] += 2
    return out


@functools.lru_cache(maxsize=16)
def _worst(digest: str) -> dict[int, int]:
    """The strongest Zeds a Scavenge deck can show, per food cost (card Zeds plus the
    deck's threat), of the content pack ``digest`` names (cached: callers only read it)."""
    c = pack(digest)
    out: dict[int, int] = {}
    for card in c.scavenge.values():
        out[card.food] = max(out.get(card.food, 0), card.zeds + c.design.zed_threat[str(card.food)])
    return out


RISK = 0.35
"""How much more often the Base may fail this round with the scavenging party away."""


@functools.lru_cache(maxsize=4096)
def _chance_of_failing(key: tuple[Any, ...]) -> float:
    """See :meth:`HeuristicBot._fail_chance` (cached on what it depends on)."""
    content, rnd, k, seen, shields_items, powers = key
    c = pack(content)
    shields = dict(shields_items)
    draws = [seen] if len(seen) >= k else list(itertools.combinations(sorted(c.events), k))
    fails = 0
    for draw in draws:
        need: dict[str, int] = {}
        for e in draw:
            ev = c.events[e]
            need[ev.side] = max(need.get(ev.side, 0), ev.zeds + rnd - shields[ev.side])
        short = [side for side in sorted(need) if need[side] > 0]
        if not short:
            continue
        held = False
        for assign in itertools.product(short, repeat=len(powers)):
            got = dict.fromkeys(short, 0)
            for power, side in zip(powers, assign, strict=True):
                got[side] += power
            if all(got[side] >= need[side] for side in short):
                held = True
                break
        fails += not held
    return fails / len(draws)


CLOSE = BUILD_VALUE["barricade"]
"""Base sheets worth at most this much less than the best count as alike (one barricade
space): the bot then prefers one nobody has taken."""


def base_worth(base: Any) -> int:
    """What a Base sheet is worth to the bot: its barricade spaces and Watch Tower corners
    (defence, at the barricade's value) and the value of every facility space on its grid
    (beds and bathrooms as much as a barricade).

    Source: Survive Alive rulebook, "Player set-up" (H: the Base sheets)."""
    defence = BUILD_VALUE["barricade"] * (sum(base.barricades.values()) + 4)
    grid = sum(BUILD_VALUE.get(kind, BUILD_VALUE["barricade"]) for row in base.grid for kind in row)
    return defence + grid


@functools.lru_cache(maxsize=1024)
def _kind(slot_id: str) -> str:
    parts = slot_id.split("-")
    return "-".join(parts[:-2] if parts[-1].isdigit() else parts[:-1])


class HeuristicBot:
    """Builds defence toward the coming attack, keeps characters fed, bathed and bedded,
    and scavenges when it can win."""

    name = "heuristic"

    def __init__(self) -> None:
        self._planned: tuple[Any, Any, tuple[list[int], list[int]]] | None = None

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        decision = info.decision
        method = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        options = decision.options
        if method is None:
            return options[0]
        view = flat(info.view)
        me = view["players"][decision.player]
        if decision.kind == "choose-base":
            return self._choose_base(view, me, options, rng)
        try:
            choice = method(view, me, options)
        finally:
            self._planned = None  # the plan was this view's
        return choice if choice is not None else options[0]

    # -- set-up ---------------------------------------------------------------------------
    def _choose_base(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...],
                     rng: RNG | None = None) -> Action:
        """The Base sheet worth most to it (:func:`base_worth`); among those within
        ``CLOSE`` of the best, one no other player has taken yet if there is one (two
        players may share a Base, "Player set-up" H, but a table reads better spread out),
        the rest of the tie drawn with ``rng``."""
        c = pack(view["content"])
        worth = {a.value: base_worth(c.bases[a.value]) for a in options}
        best = max(worth.values())
        near = [a for a in options if worth[a.value] >= best - CLOSE]
        taken = {p["base"] for p in view["players"] if p["base"]}
        free = [a for a in near if a.value not in taken] or near
        top = max(worth[a.value] for a in free)
        tied = [a for a in free if worth[a.value] == top]
        return tied[rng.randbelow(len(tied))] if rng is not None and len(tied) > 1 else tied[0]

    def _draft(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return min(options, key=lambda a: DRAFT_ORDER.index(a.value) if a.value in DRAFT_ORDER else 99)

    def _scenario_food(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return max(options, key=lambda a: a.value)

    # -- 1. spend -------------------------------------------------------------------------
    def _spend(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        chars = me["characters"]
        home = [ch for ch in chars if not ch["away"]]
        built = [_kind(s) for s in me["built"]]
        coming = [pack(view["content"]).events[e] for e in view.get("coming_events", [])]
        sides = {e.side for e in coming}
        shields = _side_shields(me["built"])
        weakest = min(shields.values())
        c = pack(view["content"])
        fighters = [ch for ch in home if not (view["scenario"] == 2 and ch["id"] == "florence" and ch["wounds"])]
        carried = sum(c.weapons[w].shields for ch in fighters for w in ch["weapons"])
        exposed = weakest + carried < view["round"] + 3  # the likely attack this round
        boost = 20 if exposed else 0
        short = {e.side for e in coming if shields[e.side] + carried < e.zeds + view["round"]}
        flo_hurt = view["scenario"] == 2 and any(ch["id"] == "florence" and ch["wounds"] for ch in chars)
        best, best_value = options[-1], 0.0
        for a in options:
            v = 0.0
            if a.kind == "heal":
                v = 100 + chars[a.value]["wounds"]  # the nearest to a third wound first
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
                if kind == "medical-room" and flo_hurt:
                    v = 95
                elif view["round"] >= 6 and kind not in ("barricade", "watch-tower"):
                    v = 0  # no Round End follows: only defence still scores
                elif kind in ("bed", "bathroom"):
                    # a morale mark each round once everyone has both: after the first
                    # round's weapons, ahead of extra defence
                    v = (60 if view["round"] == 1 else 75) if built.count(kind) < len(home) else 2
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
                else:
                    v = BUILD_VALUE.get(kind, 5) / (1 + built.count(kind))
            elif a.kind == "trade":
                v = 25 if self._trade_helps(me, view) else 0
                if self._scavenge_food_short(view, me):
                    v = 45  # a sure scavenge: a box and its reward for one trade
                if flo_hurt and any(ch["id"] == "rick" and not ch["away"] for ch in chars):
                    ready = any(o.kind == "heal" or (o.kind == "build" and _kind(o.value) == "medical-room")
                                for o in options)
                    v = 0 if ready else 92  # the mission: cubes for the Medical Room and herbs: Medical Room and herbs to heal Florence
            if v > best_value:
                best, best_value = a, v
        return best

    def _target(self, me: dict[str, Any], view: dict[str, Any]) -> list[str]:
        """The next thing the bot wants to pay for, as a cube list."""
        c = pack(view["content"])
        chars = [ch for ch in me["characters"] if not ch["away"]]
        built = [_kind(s) for s in me["built"]]
        if self._scavenge_food_short(view, me):
            return ["food"]
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
        want = ["food"] if view["phase"] in ("roundend", "discard") else self._target(me, view)
        # the colour held most beyond what the target needs (never one it is short of,
        # unless nothing else is left to give)
        return max(options, key=lambda a: (cubes[a.value] - want.count(a.value), a.value != "wild",
                                           KEEP_ORDER.index(a.value)))

    def _trade_helps(self, me: dict[str, Any], view: dict[str, Any]) -> bool:
        """Whether a trade with the supply gets a colour the target lacks, paid with cubes
        the target does not need."""
        cubes = me["cubes"]
        want = self._target(me, view)
        short = any(want.count(c) > cubes.get(c, 0) for c in dict.fromkeys(want))
        spare = sum(max(0, n - want.count(c)) for c, n in cubes.items())
        return short and spare >= me.get("trade_ratio", 4)

    def _trade_take(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        cubes = me["cubes"]
        want = ["food"] if view["phase"] in ("roundend", "discard") else self._target(me, view)
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
        """Set food aside for the scavenges its party surely wins; cubes that would be
        discarded anyway (more than the free storage) are first traded for that food."""
        need = sum(self._sure_scavenges(view, me)[:2])
        have = me["scavenge_food"]
        scav = next((a for a in options if a.kind == "scavenge-food"), None)
        if scav is not None and have < need:
            return scav
        trade = next((a for a in options if a.kind == "trade"), None)
        room = me.get("storage", 0) - sum((me.get("stored") or {}).values())
        surplus = sum(me["cubes"].values()) - max(0, room)
        if trade is not None and have + me["cubes"]["food"] < need and surplus >= me.get("trade_ratio", 4):
            return trade
        armed = any(ch["weapons"] and not ch["away"] for ch in me["characters"])
        if scav is not None and armed and have < 3 and view["scenario"]:
            return scav  # the expedition lives on the food it carries
        keeps = [a for a in options if a.kind == "keep"]
        if keeps:
            return min(keeps, key=lambda a: KEEP_ORDER.index(a.value))
        return options[-1]

    def _scavenge_food_short(self, view: dict[str, Any], me: dict[str, Any]) -> bool:
        """Normal game, spend phase: a location its party surely wins is open, but the food
        in hand does not pay for it."""
        if view["scenario"] or view["phase"] != "spend":
            return False
        sure = self._sure_scavenges(view, me)
        return bool(sure) and me["cubes"]["food"] + me["scavenge_food"] < sure[0]

    def _sure_scavenges(self, view: dict[str, Any], me: dict[str, Any]) -> list[int]:
        """Food costs, cheapest first, of the open locations its planned party surely wins."""
        return self._plan(view, me)[1]

    def _plan(self, view: dict[str, Any], me: dict[str, Any]) -> tuple[list[int], list[int]]:
        """The scavenging party (character indices) and the food costs, cheapest first, of
        the open locations it beats even against the deck's strongest card.

        The party is the fewest of the strongest armed characters (none with two wounds,
        at most two, someone left at the Base in the normal game) that surely wins
        somewhere. In the normal game it goes only if the characters left at the Base
        hold this round's attack about as often as the whole group would.

        Worked out once per ``(view, me)`` pair: a choice asks it up to three times."""
        memo = self._planned
        if memo is not None and memo[0] is view and memo[1] is me:
            return memo[2]
        plan = self._make_plan(view, me)
        self._planned = (view, me, plan)
        return plan

    def _make_plan(self, view: dict[str, Any], me: dict[str, Any]) -> tuple[list[int], list[int]]:
        c = pack(view["content"])
        chars = me["characters"]
        home = [i for i, ch in enumerate(chars) if not ch["away"] or ch["scavenging"]]
        fit = sorted((i for i in home if chars[i]["weapons"] and chars[i]["wounds"] < 2),
                     key=lambda i: (-self._power([chars[i]], view), i))
        size = min(2, len(home) if view["scenario"] else len(home) - 1)
        worst = _worst(view["content"])
        costs: list[int] = sorted(c.locations[loc].food for loc, crossed in sorted(view["locations"].items())
                       if not crossed and loc in c.locations)
        for n in range(1, size + 1):
            party = fit[:n]
            power = self._power([chars[i] for i in party], view)
            sure = [f for f in costs if power >= worst[f]]
            if sure:
                break
        else:
            return [], []
        if not view["scenario"]:
            stay = [i for i in home if i not in party]
            if self._fail_chance(view, me, stay) - self._fail_chance(view, me, home) > RISK:
                return [], []
        return party, sure

    def _fail_chance(self, view: dict[str, Any], me: dict[str, Any], defenders: list[int]) -> float:
        """The share of this round's possible Event card draws (the seen cards if it has
        looked) against which these characters, best placed, fail at least one card."""
        c = pack(view["content"])
        chars = me["characters"]
        powers = tuple(sorted(sum(c.weapons[w].shields for w in chars[i]["weapons"]) for i in defenders))
        shields = _side_shields(me["built"])
        k = view["events_this_round"]
        seen = tuple(view.get("coming_events") or ())
        key = (view["content"], view["round"], k, seen, tuple(sorted(shields.items())), powers)
        return _chance_of_failing(key)

    # -- 3. scavenging ---------------------------------------------------------------------
    def _power(self, chars: list[dict[str, Any]], view: dict[str, Any]) -> int:
        c = pack(view["content"])
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
        if not view["scenario"]:  # the planned party, if its food is set aside
            plan, sure = self._plan(view, me)
            if plan and me["scavenge_food"] >= sure[0]:
                send = next((a for a in sends if a.value in plan), None)
                if send is not None:
                    return send
                go = next((a for a in options if a.kind == "go"), None)
                if go is not None and all(chars[i]["scavenging"] for i in plan):
                    return go
            return next((a for a in options if a.kind in ("stay", "go")), options[-1])
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
        c = pack(view["content"])
        party = [ch for ch in me["characters"] if ch["scavenging"]]
        power = self._power(party, view)
        worst = _worst(view["content"])
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
        accept = next((a for a in options if a.kind == "accept"), None)
        if accept is not None:
            return accept
        chars = me["characters"]
        room = [a for a in options if a.kind == "make-room"]
        if room:  # let the least armed, most wounded character go
            return min(room, key=lambda a: (len(chars[a.value]["weapons"]), -chars[a.value]["wounds"]))
        return options[0]

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
        """Try every placement of the characters still to place (at most 4^5), play this
        round's Event cards against it in order and keep the one with the fewest deaths,
        then breaches, failed cards and total deficit; this character takes its side in
        that placement.

        Every failed card wounds everyone at the Base (a deficit of 5+ kills them all), so
        the wounds a placement deals add up from card to card: the third wound kills, and
        a dead character's weapons no longer defend the later cards."""
        c = pack(view["content"])
        base = _side_shields(me["built"])
        cards = [(c.events[e].side, c.events[e].zeds + view["round"]) for e in view["drawn"]]
        chars = me["characters"]
        me_idx = view["pending"]["char"] if view.get("pending") else 0
        death, lethal = c.rules.death_deficit, c.rules.wounds_to_die
        fixed = dict(base)
        home: list[tuple[int, int, str]] = []  # (wounds, power, side) of everyone at the Base
        todo: list[int] = []  # positions in ``home`` still to place, this character first
        for i, ch in enumerate(chars):
            if ch["away"]:
                continue
            power = sum(c.weapons[w].shields for w in ch["weapons"])
            card = c.characters[ch["id"]]
            if ch["id"] == "florence" and ch["wounds"] and view["scenario"] == 2:
                home.append((ch["wounds"], 0, ""))  # at the Base, wounded with it, no defence
            elif card.effect == "lookout" and ch["wounds"] < 2:
                home.append((ch["wounds"], power + card.amount, "*"))
            elif i == me_idx:
                todo.insert(0, len(home))
                home.append((ch["wounds"], power, ""))
            elif ch["side"]:
                home.append((ch["wounds"], power, ch["side"]))
            elif i > me_idx:
                todo.append(len(home))
                home.append((ch["wounds"], power, ""))
            else:
                home.append((ch["wounds"], 0, ""))
        sides = [a.value for a in options]

        def score(assign: tuple[str, ...]) -> tuple[int, int, int, int]:
            where = [h[2] for h in home]
            for pos, side in zip(todo, assign, strict=True):
                where[pos] = side
            wounds = [h[0] for h in home]
            alive = [True] * len(home)
            deaths = breaches = failed = total = 0
            for side, zeds in cards:
                shields = fixed[side] + sum(home[k][1] for k in range(len(home))
                                            if alive[k] and where[k] in (side, "*"))
                deficit = zeds - shields
                if deficit <= 0:
                    continue
                failed += 1
                total += deficit
                if not any(alive):
                    breaches += 1
                    continue
                for k in range(len(home)):
                    if alive[k]:
                        wounds[k] += 1
                        if deficit >= death or wounds[k] >= lethal:
                            alive[k] = False
                            deaths += 1
            return (-deaths, -breaches, -failed, -total)

        best = max(itertools.product(sides, repeat=len(todo)), key=score)
        return next(a for a in options if a.value == best[0])

    def _lose_cube(self, view: dict[str, Any], me: dict[str, Any], options: tuple[Action, ...]) -> Action:
        return max(options, key=lambda a: KEEP_ORDER.index(a.value))


assert set(KEEP_ORDER) == set(CUBES)
