"""A heuristic Survivor bot for Here's Negan that plays like a careful team.

It reads only the seat's information set (the view and the decision), rebuilding the board
and its :class:`~.board.Scene` from the view:

- **clear Negan's way:** the rooms and doors on the route Negan would take ignoring doors and
  unsecured rooms are where the Survivors go: open those doors, Secure those rooms, and use
  Clear the Way! whenever his route is open;
- **keep the Walkers off:** Fight an adjacent Walker, Shoot the Walkers nearest Negan, never
  end a move next to two or more Walkers if it can be helped;
- **keep the Threat down:** Hold Your Nerve at high Threat, Recover Stamina when hurt in a
  secured room (or when Incapacitated); in the scenarios of :data:`SECURE_FIRST`, while too
  few rooms are secured the whole team heads for one room and secures it together (a lone
  Survivor does not roll a Secure one die cannot win, nor one a team-mate yet to act can
  still join), and puts out fires first;
- **find a way in:** routes go round Negan's space, and a locked door between a Survivor and
  its goal gets a Break and Enter;
- **use the cards:** Search when it lacks a good weapon or items and no Walker is near,
  equip a found weapon that beats the one it would cover, keep the better of two finds
  (Sherry), heal when low, discard an attack-die card on a Walker it must kill (and a
  Defense card when low or swarmed), and use a
  +1 Action (token or card) to Fight when its Actions are spent next to a Walker;
- the First Player's choices spare the weakest: Events fall on the Survivor with the most
  Stamina, Walker attacks go to Survivors (never Negan when a Survivor can take them).

Any decision it has no rule for gets a random option, so it is legal everywhere.
"""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Action
from zedlab.core.infoset import InfoSet

from .board import ALL_DOORS, distance_field, initial_target, negan_plan, neighbours
from .render import card_name, view_board, view_scene

FAR = 10**6


class _Table:
    """What the bot works out once per decision from the view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board = b = view_board(view)
        self.scene = sc = view_scene(view)
        self.doors = frozenset(view["open_doors"])
        self.walkers = set(view["walkers"])
        self.prone = set(view["prone"])
        self.secured = set(view["secured_rooms"])
        start = sc.negan if sc.negan is not None else b.negan_start
        self.negan = -1 if start is None else start
        # Negan's start point while he is not in play: never stand on it (he could not enter)
        self.keep_clear = b.negan_start if sc.negan is None and b.negan_start is not None else -1
        # Negan's space: no Survivor passes it, so routes to the goal go round him
        self.blocked = frozenset({sc.negan}) if sc.negan is not None else frozenset()
        self.route: tuple[int, ...] = ()
        self.open = False
        if self.negan >= 0:
            target = tuple(view.get("negan_target") or ()) or initial_target(b, sc)
            if target:
                plan = negan_plan(b, sc.replace(negan=self.negan), target)
                self.open = plan.open and bool(plan.route) and sc.negan is not None
                self.route = plan.attempted or plan.route
        on_route = set(self.route)
        # Negan is done moving when he stands on his target (he stays there until the other
        # Win Conditions are met): his route no longer needs the Survivors
        target_now = set(view.get("negan_target") or ())
        self.negan_done = sc.negan is not None and self.negan in target_now
        if self.negan_done:
            on_route = set()
            self.open = False
        self.route_rooms = sorted({r for s in on_route if (r := b.room_of(s)) is not None
                                   and r in b.security and r not in self.secured})
        self.route_doors = sorted({d.id for d in b.doors if d.id not in self.doors
                                   and d.a in on_route and d.b in on_route})
        route_goal: set[int] = set()
        for r in self.route_rooms:
            route_goal.update(b.areas[r].spaces)
        for d in self.route_doors:
            route_goal.update((b.doors[d].a, b.doors[d].b))
        self.plan = _Plan(self)
        me = _me(view, -1)
        goal = self.plan.goal_for(me, route_goal, b)
        if not goal and self.negan >= 0 and not self.negan_done:
            goal = set(neighbours(b, self.negan, ALL_DOORS)) or {self.negan}
        self.goal = goal
        self.to_goal = (distance_field(b, sorted(goal), ALL_DOORS, self.blocked) if goal
                        else (-1,) * b.size)

    def dist_goal(self, space: int) -> int:
        d = self.to_goal[space] if 0 <= space < len(self.to_goal) else -1
        return FAR if d < 0 else d

    def adjacent_walkers(self, space: int, standing_only: bool = True) -> int:
        near = set(neighbours(self.board, space, self.doors))
        pool = self.walkers if standing_only else (self.walkers | self.prone)
        return len(near & pool)

    def walker_near(self, space: int, reach: int) -> bool:
        """A Walker (standing, prone or a face-down token) within ``reach`` squares."""
        x, y = self.board.xy(space)
        for w in (*self.walkers, *self.prone, *self.view.get("walker_tokens", ())):
            wx, wy = self.board.xy(w)
            if max(abs(wx - x), abs(wy - y)) <= reach:
                return True
        return False

    def near_negan(self, space: int) -> int:
        if self.negan < 0:
            return FAR
        nx, ny = self.board.xy(self.negan)
        x, y = self.board.xy(space)
        return max(abs(nx - x), abs(ny - y))


def _object_spaces(board: Any, kind: str) -> set[int]:
    return {s for o in board.objects if o.kind == kind for s in o.spaces}


class _Plan:
    """The scenario's own Win Conditions as a goal: rooms to reach (to Secure or open them),
    other spaces to reach, the scenario Actions to take there, and whether every Survivor
    should go (else the team splits between Negan's route and this goal).

    Source: rulebook, each scenario's "Win Conditions" and "Special Rules".
    """

    def __init__(self, t: _Table) -> None:
        v, b = t.view, t.board
        self.number = n = v["scenario"]
        reached = set(v.get("reached", ()))
        exit_done = "exit" in reached
        self.rooms: set[int] = set(v.get("wanted_rooms", ()))
        self.spaces: set[int] = set()
        self.carrier_spaces: set[int] = set()
        self.gather = False
        self.collect = False
        self.style = STYLES.get((n, v["survivor_count"])) or STYLES.get(n) or Style()
        self.bay = _object_spaces(b, "loading-bay")
        self.carriers = set(v.get("carried_barrels", ()))
        unsecured = [r for r in b.security if r not in t.secured]
        if n == 6:
            self.spaces = set(v["supplies"])
            self.collect = True
        elif n == 8:
            self.spaces = set(v.get("barrels", ()))
            self.carrier_spaces = self.bay
        elif n == 9 and exit_done:
            self.spaces = set(b.regions.get("factory-floor", ()))
            self.gather = True
        elif n == 10:
            gen = _object_spaces(b, "generator")
            room = next((r for g in sorted(gen) if (r := b.room_of(g)) is not None), None)
            if room is not None and room in unsecured:
                self.rooms.add(room)
            if "generator-repaired" not in reached:
                self.spaces = gen
        elif n == 11:
            eps = {int(e[0]) for e in v["entry_points"]}
            self.spaces = eps
            self.rooms = {r for r in b.security if r not in set(v["opened_rooms"])}
            if not eps and not self.rooms:
                self.spaces = set(t.walkers) | t.prone | set(v.get("walker_tokens", ()))
                self.gather = True
        elif n == 12:
            room = b.special_rooms.get("board-room")
            if room is not None:
                self.rooms.add(room)
                self.gather = exit_done
        if n in (4, 5, 7, 10, 12) and exit_done:
            self.gather = True
        # too few rooms secured: the Threat rises every End Phase, so the whole team first
        # secures the room it reaches soonest (together: each Survivor in it adds a die)
        self.secure_target: int | None = None
        short = len(t.secured) < v["survivor_count"] + 1
        if n == 4 and v.get("wanted_rooms"):
            short = True  # Scenario 4 is won by secured rooms: keep on securing (T2)
        if self.gather and self.rooms and n != 4:
            short = False  # Negan waits on the EXIT: the objective room comes first
        if self.style.secure_first and short:
            self.secure_target = _secure_target(t, self.rooms)

    def goal_for(self, me: dict[str, Any] | None, route: set[int], board: Any) -> set[int]:
        """The spaces Survivor ``me`` heads for (``None``: the whole team's)."""
        own = set(self.spaces)
        if me is not None and self.number == 8 and me["index"] in self.carriers:
            return set(self.carrier_spaces)  # a carrier only has the Loading Bay to go to
        if self.secure_target is not None:
            return set(board.areas[self.secure_target].spaces)
        for r in self.rooms:
            own.update(board.areas[r].spaces)
        if not route:
            return own
        if not own or me is None:
            return route | own
        if self.gather:
            return own
        return route if me["index"] % 2 == 0 else own


def _people(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The Survivors on the board."""
    return [s for s in view["survivors"] if s["space"] >= 0 and not s["removed"]]


def _secure_target(t: _Table, wanted: set[int]) -> int | None:
    """The unsecured room the team reaches soonest: the sum of the Survivors' routes (doors
    ignored, round Negan), less :data:`ROUTE_BONUS` for a room on Negan's route (else
    :data:`WANTED_BONUS` for one the Win Conditions want) and :data:`OPENED_BONUS` for an
    opened one, plus :data:`WALKER_COST` per Walker in it; a room on fire cannot be secured,
    one no Survivor can reach is skipped."""
    b = t.board
    people = _people(t.view)
    if not people:
        return None
    fields = [distance_field(b, [s["space"]], ALL_DOORS, t.blocked) for s in people]
    fire = set(t.view.get("fire", ()))
    pieces = t.walkers | t.prone
    opened = set(t.view["opened_rooms"])
    best, best_cost = None, FAR
    for r in sorted(b.security):
        if r in t.secured:
            continue
        spaces = b.areas[r].spaces
        if fire.intersection(spaces):
            continue
        cost = 0
        for f in fields:
            cost += min((f[x] for x in spaces if f[x] >= 0), default=FAR)
        if cost >= FAR:
            continue  # no way in (Negan stands in it)
        cost += WALKER_COST * len(pieces.intersection(spaces))
        if r in t.route_rooms:
            cost -= ROUTE_BONUS
        elif r in wanted:
            cost -= WANTED_BONUS
        if r in opened:
            cost -= OPENED_BONUS
        if cost < best_cost:
            best, best_cost = r, cost
    return best


def _chebyshev(board: Any, a: int, b: int) -> int:
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    return max(abs(ax - bx), abs(ay - by))


def _me(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    active = view.get("active", -1)
    if active is not None and active >= 0:
        return view["survivors"][active]
    return None


def _dice(weapon_id: str) -> int:
    from .render import _pack

    pack = _pack()
    if pack is None:
        return 0
    entry = pack.weapons.get(weapon_id) or pack.supply.get(weapon_id)
    return len(getattr(entry, "dice", []) or [])


def _entry(card_id: Any) -> Any:
    """The content entry of a weapon or Supply card id (None if unknown)."""
    from .render import _pack

    pack = _pack()
    if pack is None or not isinstance(card_id, str):
        return None
    return pack.weapons.get(card_id) or pack.supply.get(card_id)


def _strength(dice: list[str]) -> float:
    """Average hits of ``dice``."""
    from .render import _pack

    pack = _pack()
    if pack is None:
        return float(len(dice))
    total = 0.0
    for d in dice:
        faces = pack.dice[d].faces if d in pack.dice else ()
        total += sum(int(f.rstrip("!")) for f in faces if f.rstrip("!").isdigit()) / max(len(faces), 1)
    return total


SECURE_FIRST = frozenset({4, 5, 6, 8, 11})
"""Scenarios where the team secures rooms first while fewer than the starting Survivors plus
one are secured (each End Phase short of that raises the Threat). Measured over 20-40 seeded
games: more rooms secured and longer games in 4, 5, 6, 8 and 11 (at 4 Survivors Scenario 4:
3.65 -> 5.75 rooms, Scenario 5: 0 -> 4.3, Scenario 11: 1.15 -> 3.5); in Scenario 10 at 2
Survivors it cost wins (6 -> 3 of 40), so it stays off there."""
WALKER_COST = 1
"""Steps a Walker in a room adds to the cost of securing it (it must be fought first)."""
OPENED_BONUS = 2
"""Steps an opened room saves (its Walkers are out, no Room card is left to draw)."""
ROUTE_BONUS = 3
"""Steps a room on Negan's route saves (securing it lets him through)."""
WANTED_BONUS = 3
"""Steps a room the Win Conditions want saves."""
JOIN_REACH = 4
"""A Survivor yet to act this round this near the room (steps) is waited for before a lone
Secure roll that one die cannot be expected to win."""


class Style:
    """Which careful-team rules the bot plays by in a scenario (each measured per scenario:
    a rule that costs wins where the Threat matters less is switched off there)."""

    def __init__(self, calm: int = 0, quiet: bool = False, press: bool = False,
                 hurry: bool = False, secure_first: bool = False) -> None:
        self.calm = calm  # Hold Your Nerve from this Threat (0: from half the Max, at least 6)
        self.quiet = quiet  # no Shoot with a NOISE weapon (each NOISE may raise the Threat)
        self.press = press  # walk on to a far goal rather than Fight an adjacent Walker
        self.hurry = hurry  # reach the goal before Holding Your Nerve at high Threat
        self.secure_first = secure_first  # the team secures rooms while too few are secured


STYLES: dict[int | tuple[int, int], Style] = {
    n: Style(quiet=n in (9, 10, 12), hurry=n != 11, secure_first=n in SECURE_FIRST)
    for n in range(4, 13)}
STYLES.update({(10, k): Style(quiet=True) for k in (3, 4, 5)})
"""The rules each scenario is played by (a scenario not named: :class:`Style` defaults).
Measured over 100 seeded games at 2 and 4 Survivors: Hold Your Nerve from Threat 4 cost
Scenarios 7 and 9 (7: 28% -> 14% at 2 Survivors; 9: 73% -> 25%), walking past an adjacent
Walker to a far goal cost 7 and 10 (7: 92% -> 81% at 4; 10: 84% -> 56% at 4); keeping noisy
guns quiet changed little and is kept where it was not worse; heading for the goal before
Holding Your Nerve at high Threat won more (at 2 Survivors 7: 28% -> 50%, 9: 74% -> 96%,
10: 2% -> 10%, 12: 27% -> 40%) but cost Scenario 10 at 4 Survivors (86% -> 67%): there
(and at 3 and 5, not measured) it is off, as in Scenario 11 (no win either way, and 100 games at 4 Survivors ran far slower).
A key (scenario, starting Survivors) overrides the
scenario's."""


GOOD_WEAPON = 0.8
"""A weapon adding at least this many hits on average (a white die) is good enough."""


def _weapon_value(card_id: Any) -> float:
    """How much a weapon adds: its dice's average hits, a little more for a silent gun."""
    w = _entry(card_id)
    if w is None or getattr(w, "attack", "") not in ("fight", "shoot"):
        return 0.0
    value = _strength(list(w.dice or []))
    if w.attack == "shoot" and not w.noise:
        value += 0.2
    return value


def _effects(card_id: Any) -> set[str]:
    e = _entry(card_id)
    return {x.effect for x in getattr(e, "effects", ()) or ()}


def _quiet_gun(me: dict[str, Any]) -> bool:
    """A Shoot weapon without NOISE is equipped."""
    return any(getattr(e, "attack", "") == "shoot" and not e.noise
               for w in me["equipped"] if (e := _entry(w)) is not None)


def _needs_gear(me: dict[str, Any]) -> bool:
    """No good weapon equipped, or fewer than two cards beside the character card."""
    best = max((_weapon_value(w) for w in me["equipped"]), default=0.0)
    return best < GOOD_WEAPON or len(me["cards"]) < 2


def _upgrade(me: dict[str, Any], card: Any) -> tuple[float, int]:
    """What equipping weapon ``card`` gains and the weapon space it should go in (the
    weakest of the same kind, else the weakest; an empty space gains it all)."""
    held = me["equipped"]
    value = _weapon_value(card)
    if len(held) < 2:
        return value, len(held)
    kind = getattr(_entry(card), "attack", "")
    same = [k for k, w in enumerate(held) if getattr(_entry(w), "attack", "") == kind]
    pool = same or list(range(len(held)))
    slot = min(pool, key=lambda k: _weapon_value(held[k]))
    return value - _weapon_value(held[slot]), slot


def _card_value(me: dict[str, Any], card: Any) -> float:
    """How good a found Supply card is for this Survivor (Sherry keeps the better one)."""
    e = _entry(card)
    if e is None:
        return 0.0
    kind = getattr(e, "kind", "")
    if kind == "weapon":
        gain, _ = _upgrade(me, card)
        return max(gain, 0.0) + 0.3
    effects = _effects(card)
    if kind == "incident":
        return 0.5 if effects <= {"gain-rep"} else -1.0
    hurt = me["stamina"] * 2 <= me["max_stamina"]
    worth = {"heal": 1.5 if hurt else 1.0, "defense-die": 1.2, "attack-die": 0.8,
             "extra-action": 0.7, "toolkit": 0.4, "wrench": 0.4}
    return max((worth.get(x, 0.2) for x in effects), default=0.2)


class HeuristicBot:
    """Secure Negan's route, keep him moving, fight off Walkers, keep the Threat down."""

    name = "heuristic"

    def choose(self, info: InfoSet, rng: RNG) -> Action:
        """One of ``info.decision``'s options, chosen from the seat's view only."""
        decision = info.decision
        options = decision.options
        if len(options) == 1:
            return options[0]
        handler = getattr(self, "_" + decision.kind.replace("-", "_"), None)
        choice = None
        if handler is not None:
            view = info.view["public"]
            choice = handler(_Table(view), info.seat, options)
        if choice is None or choice not in options:
            return rng.choice(options)
        return choice

    # -- set-up and activations -----------------------------------------------------------------
    def _deploy(self, t: _Table, seat: int, options: Any) -> Action:
        return min(options, key=lambda o: (int(o.value) == t.keep_clear,
                                           t.dist_goal(int(o.value)), int(o.value)))

    def _choose_survivor(self, t: _Table, seat: int, options: Any) -> Action:
        people = {s["id"]: s for s in t.view["survivors"]}

        def score(o: Action) -> tuple[int, int]:
            s = people.get(o.value)
            if s is None or s["space"] < 0:
                return (FAR, 0)
            busy = 0 if t.adjacent_walkers(s["space"], False) else 1
            return (busy, t.dist_goal(s["space"]))

        return min(options, key=score)

    def _choose_action(self, t: _Table, seat: int, options: Any) -> Action | None:
        me = _me(t.view, seat)
        offered = {str(o.value): o for o in options if o.kind == "action"}
        end = next((o for o in options if o.kind == "end"), None)
        plus = next((o for o in options if o.kind == "plus-token"), None)
        if me is None or me["space"] < 0:
            return end
        here = me["space"]
        b = t.board
        room = b.room_of(here)
        hurt = me["stamina"] * 2 <= me["max_stamina"]
        threat = t.view["threat"]
        adj = t.adjacent_walkers(here, standing_only=False)
        heals = [o for o in options if o.kind == "use-card" and "heal" in _effects(o.value)]
        drinks = [o for o in options if o.kind == "use-card"
                  and "extra-action" in _effects(o.value)]
        if heals and (hurt or me["incapacitated"]):
            return heals[0]
        if not offered and adj and not me["incapacitated"]:
            if plus is not None:
                return plus
            if drinks:
                return drinks[0]
        gear = _needs_gear(me) and not t.walker_near(here, 2)
        wanted = []
        if me["incapacitated"]:
            wanted = ["recover-stamina"]
        else:
            wanted += self._scenario_actions(t, me, offered)
            style = t.plan.style
            if adj and style.press and t.dist_goal(here) > 2 and not hurt:
                wanted.append("move")  # the goal first: the Walkers follow, fight them there
            if adj:
                wanted.append("fight")
            if style.secure_first:
                wanted.append("extinguish")  # each fire token costs a Threat every End Phase
            if here == t.keep_clear:
                wanted.append("move")
            if (room is not None and room in b.security and room not in t.secured
                    and self._secure_now(t, me, room)):
                wanted.append("secure")
            if hurt and room is not None and room in t.secured:
                wanted.append("recover-stamina")
            if gear or t.plan.collect:
                wanted.append("search")
            if self._door_to_goal(t, here) is not None:
                wanted.append("break-and-enter")  # a locked door stands between it and the goal
            if style.hurry and 0 < t.dist_goal(here) < FAR:
                wanted.append("move")
            calm = style.calm or max(6, t.view["threat_max"] // 2)
            if threat >= calm:
                wanted.append("hold-your-nerve")
            if t.open:
                wanted.append("clear-the-way")
            wanted.append("extinguish")
            if any(t.near_negan(w) <= 4 for w in t.walkers):
                wanted.append("shoot")
            if adj == 0:
                wanted.append("search")
            if t.dist_goal(here) > 0 or not t.goal or here == t.keep_clear:
                wanted.append("move")
            wanted += ["shoot", "break-and-enter", "hold-your-nerve"]
        if t.plan.style.quiet and not _quiet_gun(me):
            wanted = [w for w in wanted if w != "shoot"]  # every NOISE raises the Threat
        for name in wanted:
            if name in offered:
                return offered[name]
        return end

    @staticmethod
    def _secure_now(t: _Table, me: dict[str, Any], room: int) -> bool:
        """Secure now only if the white dice of those in the room (Negan too) can reach the
        Security value, and, when one die is unlikely to, no other Survivor yet to act this
        round is near enough to join first (each adds a die)."""
        if not t.plan.style.secure_first:
            return True
        inside = set(t.board.areas[room].spaces)
        others = [s for s in _people(t.view) if s["index"] != me["index"]]
        dice = 1 + sum(1 for s in others if s["space"] in inside) + (t.negan in inside)
        value = int(t.view.get("security", 1))
        if 2 * dice < value:
            return False
        if dice > 1 or value <= 1:
            return True
        field = distance_field(t.board, sorted(inside), ALL_DOORS, t.blocked)
        return not any(not s["activated"] and not s["incapacitated"]
                       and 0 <= field[s["space"]] <= JOIN_REACH for s in others)

    @staticmethod
    def _scenario_actions(t: _Table, me: dict[str, Any], offered: dict[str, Action]) -> list[str]:
        """The scenario Actions worth taking now: repair the Generator, seal an Entry Point,
        pick up a gasoline barrel, put one down on the Loading Bay."""
        out = ["repair-generator", "seal-entry-point", "pick-up-barrel"]
        if "put-down-barrel" in offered:
            near = set(neighbours(t.board, me["space"], t.doors))
            taken = t.walkers | t.prone | set(t.view["supplies"]) | set(t.view.get("barrels", ()))
            taken |= {s["space"] for s in t.view["survivors"] if s["space"] >= 0}
            if t.negan >= 0:
                taken.add(t.negan)
            if (near & t.plan.bay) - taken:
                out.insert(0, "put-down-barrel")
        return out

    def _put_down_barrel(self, t: _Table, seat: int, options: Any) -> Action | None:
        on_bay = [o for o in options if o.value in t.plan.bay]
        return on_bay[0] if on_bay else None

    def _pick_up_barrel(self, t: _Table, seat: int, options: Any) -> Action | None:
        return min(options, key=lambda o: (FAR if not t.plan.bay else min(
            _chebyshev(t.board, int(o.value), x) for x in t.plan.bay), int(o.value)))

    def _seal_entry_point(self, t: _Table, seat: int, options: Any) -> Action | None:
        levels = {int(e[0]): str(e[1]) for e in t.view["entry_points"]}
        rank = {"high": 0, "medium": 1, "low": 2}
        return min(options, key=lambda o: (rank.get(levels.get(int(o.value), ""), 3),
                                           int(o.value)))

    # -- a Move ------------------------------------------------------------------------------------
    def _move(self, t: _Table, seat: int, options: Any) -> Action | None:
        me = _me(t.view, seat)
        here = me["space"] if me else -1
        now = t.dist_goal(here) if here >= 0 else FAR
        stop = next((o for o in options if o.kind == "stop"), None)
        for o in options:
            if o.kind == "open-door" and (o.value in t.route_doors):
                return o
        now = FAR if here == t.keep_clear else now
        best, best_score = None, (now, t.adjacent_walkers(here) if here >= 0 else 0, 1)
        for o in options:
            if o.kind in ("step", "jump"):
                space = int(o.value)
                if space == t.keep_clear:
                    continue
                danger = t.adjacent_walkers(space)
                score = (t.dist_goal(space) + (3 if danger >= 2 else 0), danger, 0)
                if score < best_score:
                    best, best_score = o, score
            elif o.kind == "open-door":
                d = t.board.doors[int(o.value)]
                other = min(t.dist_goal(d.a), t.dist_goal(d.b))
                if other < now and (best is None or other < best_score[0]):
                    best, best_score = o, (other, 0, 0)
        if best is not None:
            return best
        return stop

    # -- attacks ---------------------------------------------------------------------------------
    def _attack(self, t: _Table, seat: int, options: Any) -> Action | None:
        weapons = [o for o in options if o.kind == "weapon"]
        if weapons:
            return max(weapons, key=lambda o: (_weapon_value(o.value), _dice(str(o.value)),
                                               card_name(str(o.value))))
        targets = [o for o in options if o.kind == "target"]
        bonus = [o for o in options if o.kind == "discard-bonus"]
        if targets and bonus and self._must_kill(t, seat, targets):
            return bonus[0]
        if targets:
            def score(o: Action) -> tuple[int, int, int]:
                space = int(o.value)
                return (0 if space in t.prone else 1, t.near_negan(space), space)
            return min(targets, key=score)
        return next((o for o in options if o.kind == "stop"), None)

    @staticmethod
    def _must_kill(t: _Table, seat: int, targets: list[Action]) -> bool:
        """A standing Walker is a target and the attacker is hurt or swarmed, or the Walker
        stands next to Negan."""
        standing = [int(o.value) for o in targets if int(o.value) in t.walkers]
        if not standing:
            return False
        me = _me(t.view, seat)
        if me is not None and me["space"] >= 0:
            if me["stamina"] * 2 <= me["max_stamina"] or t.adjacent_walkers(me["space"]) >= 2:
                return True
        return any(t.near_negan(w) <= 1 for w in standing)

    _fight = _attack
    _shoot = _attack

    def _search(self, t: _Table, seat: int, options: Any) -> Action | None:
        me = _me(t.view, seat)
        equips = [o for o in options if o.kind == "equip"]
        keep = next((o for o in options if o.kind == "keep"), None)
        tokens = [o for o in options if o.kind == "supply-token"]
        finds = [o for o in options if o.kind == "keep-card"]
        if tokens:
            return min(tokens, key=lambda o: (t.adjacent_walkers(int(o.value)), int(o.value)))
        if finds and me is not None:
            return max(finds, key=lambda o: _card_value(me, o.value))
        if not equips or me is None:
            return keep
        found = me["cards"][-1] if me["cards"] else ""
        gain, slot = _upgrade(me, found)
        choice = next((o for o in equips if o.value == slot), None)
        if choice is not None and gain > 0:
            return choice
        return keep or equips[0]

    def _defense_bonus(self, t: _Table, seat: int, options: Any) -> Action | None:
        """Discard a Defense card when the defender is low on Stamina or swarmed."""
        bonus = [o for o in options if o.kind == "discard-bonus"]
        defend = next((o for o in options if o.kind == "defend"), None)
        holder = next((s for s in t.view["survivors"] if bonus and s["seat"] == seat
                       and bonus[0].value in s["cards"] and s["space"] >= 0), None)
        if holder is None:
            return defend
        low = holder["stamina"] <= 2 or holder["stamina"] * 2 <= holder["max_stamina"]
        return bonus[0] if low or t.adjacent_walkers(holder["space"]) >= 2 else defend

    def _break_and_enter(self, t: _Table, seat: int, options: Any) -> Action | None:
        for o in options:
            if o.value in t.route_doors:
                return o
        me = _me(t.view, seat)
        door = self._door_to_goal(t, me["space"]) if me is not None else None
        return next((o for o in options if o.value == door), None)

    @staticmethod
    def _door_to_goal(t: _Table, here: int) -> int | None:
        """A locked door beside ``here`` whose far side is nearer the goal (only a Break and
        Enter opens it)."""
        if here < 0 or not t.goal:
            return None
        now = t.dist_goal(here)
        for d in t.board.doors:
            if d.state != "locked" or d.id in t.doors or here not in (d.a, d.b):
                continue
            other = d.b if here == d.a else d.a
            if t.dist_goal(other) < now:
                return d.id
        return None

    def _call_negan(self, t: _Table, seat: int, options: Any) -> Action | None:
        target = initial_target(t.board, t.scene)
        if not target:
            return None
        field = distance_field(t.board, target, ALL_DOORS)

        def score(o: Action) -> int:
            try:
                d = field[int(o.value)]
            except (TypeError, ValueError):
                return FAR
            return FAR if d < 0 else d

        return min(options, key=score)

    # -- the First Player's choices ---------------------------------------------------------------
    def _event_survivor(self, t: _Table, seat: int, options: Any) -> Action | None:
        people = {s["id"]: s for s in t.view["survivors"]}

        def score(o: Action) -> tuple[int, int, int]:
            s = people.get(o.value)
            if s is None:
                return (0, 0, 0)
            return (-int(s["incapacitated"]), s["stamina"] - 2 * int(s["bitten"]),
                    -t.adjacent_walkers(s["space"]) if s["space"] >= 0 else 0)

        return max(options, key=score)

    def _allocate_attack(self, t: _Table, seat: int, options: Any) -> Action | None:
        people = {s["id"]: s for s in t.view["survivors"]}

        def score(o: Action) -> tuple[int, int]:
            if o.value == "negan" or o.value not in people:
                return (-FAR, 0)
            s = people[o.value]
            return (s["stamina"] - (3 if s["bitten"] else 0), -s["rep"])

        return max(options, key=score)
