"""Heuristic bots for If I'm Going Down..., choosing from the seat's view only.

``HeuristicBot`` plays a survivor: it searches early, keeps a usable weapon in hand, shoots
what it can kill (Moan Zombies first once the end is near, the Danger Zone before the
rest), and holds back the most dangerous adjacent Zombie. ``ZombieBot`` plays the Zombie
Player seat (and falls back to the survivor heuristic for anything else).
"""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet

DANGER = {"instant-kill": 50, "no-hold-back": 0, "reach": 5, "loved-one": 8, "hated-one": 4}


def _reach(view: dict[str, Any], a: int, b: int) -> int:
    """Range between two spaces on the layout grid (diagonals count)."""
    sp = view["layout"]["spaces"]
    return int(max(abs(sp[a][0] - sp[b][0]), abs(sp[a][1] - sp[b][1])))


def _weapon_power(card: dict[str, Any] | None) -> int:
    if not card or card["apu"] == 0 or card["uses"] == 0:
        return 0
    return int(card["apu"] * max(card["attack"], 4))


def _me(view: dict[str, Any], seat: int) -> dict[str, Any]:
    me: dict[str, Any] = view["characters"][seat]
    return me


class HeuristicBot:
    """A survivor who plays the percentages."""

    name = "heuristic"

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """One of ``info.decision``'s options, from the seat's view (public and private)."""
        view = {**info.view["public"], **info.view["private"]}
        decision = info.decision
        method = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        if method is not None:
            choice: Action | None = method(view, decision, rng)
            if choice is not None and choice in decision.options:
                return choice
        return decision.options[0] if decision.kind != "player-action" else self._end(decision)

    # -- helpers --------------------------------------------------------------------------
    @staticmethod
    def _first(decision: Decision, kind: str) -> Action | None:
        return next((a for a in decision.options if a.kind == kind), None)

    def _end(self, decision: Decision) -> Action:
        return self._first(decision, "end") or decision.options[-1]

    def _threat(self, view: dict[str, Any], seat: int, space: int) -> float:
        z = view["spaces"][space]
        me = _me(view, seat)
        r = _reach(view, me["space"], space)
        score = 10.0 / r + z["z_now"]
        for ab in z["abilities"]:
            score += DANGER.get(ab, 0) / r
        if me["biohazard"]:
            score += 6 * z["moan"]
        return float(score)

    # -- decisions ------------------------------------------------------------------------
    def _place_start(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        card = (view.get("pending") or {}).get("card")
        return self._placement(view, decision, card, decision.player, start=True)

    def _place_resource(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        card = (view.get("pending") or {}).get("card")
        return self._placement(view, decision, card, decision.player, start=False)

    def _placement(self, view: dict[str, Any], decision: Decision, card: Any, seat: int, start: bool) -> Action | None:
        places = [a for a in decision.options if a.kind == "place"]
        if card is None:
            return places[0] if places else None
        weapon = card["apu"] > 0
        def value(a: Action) -> float:
            where, who = a.value
            if who >= 0:
                me = _me(view, who)
                hands_full = sum(1 for h in me["hands"] if h) > 0
                if where == 0:  # hands
                    if not weapon:
                        return -5
                    return 10 if not hands_full and card["hands"] == 2 else (8 if card["hands"] == 1 else 2)
                if where == 1:
                    return 5
            return 1 if not weapon else 3
        if places:
            best = max(places, key=lambda a: (value(a), -a.value[1] if start else 0))
            # Spread starting weapons across players' hands.
            if start:
                empty = [a for a in places if a.value[0] == 0 and not any(_me(view, a.value[1])["hands"])]
                if weapon and empty:
                    return empty[0]
            return best
        rooms = [a for a in decision.options if a.kind == "make-room"]
        if weapon and card["uses"] != 0 and rooms:
            return rooms[0]
        return self._first(decision, "trash-new")

    def _player_action(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        seat = decision.player
        me = _me(view, seat)
        opts = decision.options
        uses = [a for a in opts if a.kind == "use"]
        cards = {c["card"]: c for c in me["hands"] + me["body"] if c}
        free = [a for a in uses if cards.get(a.value, {}).get("id") == "energy-drink"]
        if free:
            return free[0]
        # An empty weapon with no Ammo in reach only blocks a hand: trash it (free).
        ammo = any(c["id"] == "ammo" for c in cards.values()) or any(
            c and c["id"] == "ammo" for c in view["ground"])
        if not ammo:
            for c in me["hands"]:
                if c and c["apu"] and c["uses"] == 0:
                    trash = Action("trash", c["card"])
                    if trash in opts:
                        return trash
        weapons = [a for a in uses if cards.get(a.value, {}).get("apu", 0) > 0]
        danger = [sp for sp, z in enumerate(view["spaces"]) if z and z["kind"] != "occurrence"
                  and _reach(view, me["space"], sp) == 1]
        if weapons:
            # Melee (infinite) first when something is adjacent; otherwise the strongest.
            def wscore(a: Action) -> float:
                c = cards[a.value]
                melee = c["category"] == "melee"
                return _weapon_power(c) + (20 if melee and danger else 0) - (3 if c["uses"] == 1 else 0)
            return max(weapons, key=wscore)
        for a in uses:
            cid = cards.get(a.value, {}).get("id")
            if cid == "reload" or cid == "ammo":
                return a
            if cid == "camera":
                return a
            if cid == "flare" and sum(1 for z in view["spaces"] if z) >= 3:
                return a
            if cid == "dead-weight" and danger:
                return a
        hands = [c for c in me["hands"] if c]
        ready = [c for c in hands if c["apu"] and c["uses"] != 0 and (c["hands"] == 1 or len(hands) == 1)]
        manage = self._first(decision, "manage")
        if not ready and manage is not None and self._weapon_elsewhere(view, seat):
            return manage
        search = self._first(decision, "search")
        if search is not None:
            return search
        return self._end(decision)

    def _weapon_elsewhere(self, view: dict[str, Any], seat: int) -> bool:
        me = _me(view, seat)
        pool = [c for c in me["body"] if c] + [c for c in view["ground"] if c]
        for ch in view["characters"]:
            if not ch["alive"]:
                pool += [c for c in ch["hands"] + ch["body"] if c]
        return any(c["apu"] > 0 and c["uses"] != 0 for c in pool)

    def _manage_pick(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        seat = decision.player
        me = _me(view, seat)
        hands = [c for c in me["hands"] if c]
        ready = [c for c in hands if c["apu"] and c["uses"] != 0 and (c["hands"] == 1 or len(hands) == 1)]
        if ready:
            return self._first(decision, "manage-done")
        known = {}
        for ch in view["characters"]:
            for c in ch["hands"] + ch["body"]:
                if c:
                    known[c["card"]] = (c, ch["seat"], c in ch["hands"])
        for c in view["ground"]:
            if c:
                known[c["card"]] = (c, -1, False)
        # A usable weapon not in my hands: bring it; else clear my hands of non-weapons.
        best = None
        for a in decision.options:
            if a.kind != "pick":
                continue
            c, owner, in_hand = known.get(a.value, (None, -2, False))
            if c and c["apu"] > 0 and c["uses"] != 0 and not (owner == seat and in_hand):
                if best is None or _weapon_power(c) > _weapon_power(known[best.value][0]):
                    best = a
        if best is not None:
            return best
        for a in decision.options:
            c, owner, in_hand = known.get(a.value, (None, -2, False))
            if a.kind == "pick" and c and owner == seat and in_hand and not (c["apu"] and c["uses"] != 0):
                return a
        return self._first(decision, "manage-done") or decision.options[0]

    def _manage_dest(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        seat = decision.player
        card = (view.get("pending") or {}).get("card") or {}
        if card.get("apu"):
            for a in decision.options:
                if a.kind == "move-to" and tuple(a.value) == (0, seat):
                    return a
            me = _me(view, seat)
            hand_ids = [c["card"] for c in me["hands"] if c]
            for a in decision.options:
                if a.kind == "swap" and a.value in hand_ids:
                    return a
        for a in decision.options:
            if a.kind == "move-to" and tuple(a.value) == (1, seat):
                return a
        return decision.options[0]

    def _trade_accept(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        return Action("trade", True)

    def _attack(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        seat = decision.player
        me = _me(view, seat)
        weapon = (view.get("pending") or {}).get("card") or {}
        power = weapon.get("attack", 0) + sum(v for w, v in me["modifiers"] if w in (weapon.get("id"), weapon.get("category")))
        end_near = me["biohazard"]
        best, best_score = None, -1e9
        for a in decision.options:
            if a.kind != "target":
                continue
            z = view["spaces"][a.value]
            r = _reach(view, me["space"], a.value)
            need = z["z_now"] + r - z["kill_points"]
            killable = power >= need
            score = (40 if killable else -need) + self._threat(view, seat, a.value)
            if end_near:
                score += 15 * z["moan"]
            if weapon.get("auto"):
                score += 0
            if score > best_score:
                best, best_score = a, score
        return best

    def _hold_back(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        holds = [a for a in decision.options if a.kind == "hold" and a.value >= 0]
        if not holds:
            return None
        return max(holds, key=lambda a: self._threat(view, decision.player, a.value))

    def _assign_bite(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        bites = [a for a in decision.options if a.kind == "bite"]
        clean = [a for a in bites if not view["characters"][a.value]["biohazard"]]
        return (clean or bites)[0]

    def _spinach(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        return decision.options[0]

    def _fumble(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        cards = {c["card"]: c for ch in view["characters"] for c in ch["hands"] if c}
        return min(decision.options, key=lambda a: _weapon_power(cards.get(a.value)))

    def _discharge(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        cards = {c["card"]: c for ch in view["characters"] for c in ch["hands"] if c}
        return max(decision.options, key=lambda a: cards.get(a.value, {}).get("uses", 0))

    def _dead_weight(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        return max(decision.options, key=lambda a: self._threat(view, decision.player, a.value))


class ZombieBot(HeuristicBot):
    """The Zombie Player: strongest Zombies first, moves that reach the Danger Zone."""

    name = "zombie"

    def _zp_place(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        hand = {z["card"]: z for z in view["zombie_hand"]} if isinstance(view["zombie_hand"], list) else {}
        places = [a for a in decision.options if a.kind == "zcard"]
        done = self._first(decision, "zdone")
        if done is not None and (not places or rng.randbelow(3) == 0):
            return done
        def value(a: Action) -> float:
            z = hand.get(a.value, {})
            v = z.get("z", 0) + 3 * z.get("moan", 0) + sum(DANGER.get(x, 2) for x in z.get("abilities", []))
            if z.get("kind") == "occurrence":
                v = 1
            return float(v)
        return max(places, key=value) if places else done

    def _zp_move(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        return rng.choice(decision.options)

    def _zp_dest(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        chars = [c["space"] for c in view["characters"] if c["alive"]]
        def value(a: Action) -> float:
            dest = a.value
            adj = sum(1 for c in chars if _reach(view, c, dest) == 1)
            return adj * 10 + rng.randbelow(5)
        return max(decision.options, key=value)

    def _assign_bite(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        bites = [a for a in decision.options if a.kind == "bite"]
        hurt = [a for a in bites if view["characters"][a.value]["biohazard"]]
        return (hurt or bites)[0]

    def _assign_scratch(self, view: dict[str, Any], decision: Decision, rng: RNG) -> Action | None:
        return decision.options[0]
