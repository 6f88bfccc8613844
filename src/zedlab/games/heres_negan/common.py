"""What every rules module of Here's Negan shares: the board and scene of a state, dice,
Reputation, Stamina and Threat, Walker tokens and their reveals, placing Walkers, NOISE,
doors and Entering a Room, card effects by name, and the end of the game.

These functions act at once (no decision): where the rulebook lets the First Player settle a
tie (which of two equally near spaces a Walker takes, where a placed Walker goes), the rules
take the first option in board order (see the rulings). Every function that can end the game calls
:func:`end`; the game's flow stops running steps as soon as ``state.result`` is set.

Source: Here's Negan rulebook, "The Basics", "Key Concepts", "Revealing Walker Tokens",
"Placing Walkers and Walker Tokens", "Not Enough Walkers?", "Entry Points", "Noise", "Doors",
"Entering a Room", "Placing Tokens", "Winning", "Losing".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from functools import lru_cache, wraps
from typing import Any

from zedlab.core.events import Event
from zedlab.core.events import emit as core_emit
from zedlab.core.flow import Flow

from .board import Board, Scene, adjacent, in_range, line_of_sight, load_scenario
from .board.geometry import line_of_sight_unclear
from .board.movement import move_towards_noise, noise_order
from .board.placement import furthest_supply, placement_options, room_fill_options, supply_options
from .board.queries import nearest_entry_points
from .content import BINDER, Content
from .state import HNState, Survivor

REP_MAX = 20
WALKER_MODELS = 12
SUPPLY_TOKENS = 8
LEVELS = ("low", "medium", "high")


class HNFlow(Flow):
    """The flow engine, stopping as soon as the game has ended (``state.result`` set):
    whatever steps were still pending are dropped."""

    __slots__ = ()

    def run(self, state: Any) -> None:
        stack = state.stack
        auto = self._auto
        while stack:
            if state.result:
                stack.clear()
                return
            fn = auto.get(stack[-1].__class__)
            if fn is None:
                return
            fn(state, stack.pop())
        # a decision resolved into the end of the game leaves nothing pending
        if state.result:
            stack.clear()

    def decision(self, state: Any) -> Any:
        """The decision on top, worked out with the state held still (see :func:`still`)."""
        return _decision(state, self)


_SPACE_ARGS = ("space", "frm", "to", "target", "walker")
_SPACE_SET = frozenset(_SPACE_ARGS)
_SPACE_AT = tuple((key, "at" if key == "space" else f"{key}_at") for key in _SPACE_ARGS)
"""Each space argument and the argument its board label goes in."""


def emit(state: HNState, kind: str, visible_to: Iterable[int] | None = None, **args: Any) -> Event:
    """Record an event (:func:`zedlab.core.events.emit`), with the board label of every space
    it names (``space`` -> ``at``, ``frm`` -> ``frm_at``...) so texts can show it."""
    if state.scenario != 0 and not _SPACE_SET.isdisjoint(args):
        b = board(state)
        names = labels(b)
        n = len(names)
        for key, at in _SPACE_AT:
            if key in args:
                v = args[key]
                if v.__class__ is int and 0 <= v < n:
                    args[at] = names[v]
        if "door" in args:
            door = args["door"]
            if door.__class__ is int and 0 <= door < len(b.doors):
                args["door_at"] = door_label(b, door)
    return core_emit(state, kind, visible_to, **args)


_COMPASS = {(1, 0): "east", (-1, 0): "west", (0, 1): "south", (0, -1): "north"}


def door_label(b: Board, door: int, side: int | None = None) -> str:
    """A door for people, by the spaces it joins: ``"the door east of (2,0) (to (3,0))"``
    seen from ``side`` (one of its two spaces), else ``"the door between (2,0) and (3,0)"``."""
    d = b.doors[door]
    if side not in (d.a, d.b):
        return f"the door between {b.label(d.a)} and {b.label(d.b)}"
    other = d.b if side == d.a else d.a
    (x0, y0), (x1, y1) = b.xy(side), b.xy(other)
    way = _COMPASS.get((x1 - x0, y1 - y0), "next to")
    return f"the door {way} of {b.label(side)} (to {b.label(other)})"


def labels(b: Board) -> tuple[str, ...]:
    """Every space's :meth:`Board.label`, by index (worked out once per board)."""
    names = b.cache.get("labels")
    if names is None:
        names = b.cache["labels"] = tuple(b.label(v) for v in range(b.size))
    return names  # type: ignore[return-value]


_LAST_PACK: tuple[Any, Any] = (None, None)
"""The digest and pack :func:`cx` found last (games in a process nearly always share one)."""


def cx(state: HNState) -> Content:
    """The content pack the game was set up with."""
    global _LAST_PACK
    last = _LAST_PACK
    digest = state.content
    if last[0] == digest:
        return last[1]  # type: ignore[no-any-return]
    pack = BINDER(digest)
    _LAST_PACK = (digest, pack)
    return pack  # type: ignore[no-any-return]


BOARDS: dict[int, Board] = {}
"""Boards rigged by tests under a scenario number below 1 (see ``tests/.../helpers.py``)."""


_LOADED: dict[tuple[int, int], Board] = {}
_LAST_BOARD: tuple[int, int, Any] = (0, 0, None)
"""The scenario, starting Survivors and board :func:`board` gave last."""


def board(state: HNState) -> Board:
    """The scenario's board for the starting number of Survivors (cached)."""
    n = state.scenario
    if n < 1:
        return BOARDS[n]
    global _LAST_BOARD
    last = _LAST_BOARD
    if last[0] == n and last[1] == state.start_survivors:
        return last[2]  # type: ignore[no-any-return]
    key = (n, state.start_survivors)
    b = _LOADED.get(key)
    if b is None:
        b = _LOADED[key] = load_scenario(state.scenario, state.start_survivors)
    _LAST_BOARD = (n, state.start_survivors, b)
    return b


class _Still(threading.local):
    """The state whose decision is being worked out (nothing changes it meanwhile), and
    what has been derived from it so far (its Scene...): one per thread, so games played at
    once in different threads (the web server's) never see each other's."""

    def __init__(self) -> None:
        self.state: HNState | None = None
        self.memo: dict[object, Any] = {}


_STILL = _Still()


def still(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a function that works out a decision of ``state`` (its first argument)
    without changing it: while it runs, what :func:`scene` and :func:`memo` derive from the
    state is worked out once and reused."""

    @wraps(fn)
    def run(state: HNState, *args: Any) -> Any:
        if _STILL.state is state:
            return fn(state, *args)
        outer = _STILL.state, _STILL.memo
        _STILL.state, _STILL.memo = state, {}
        try:
            return fn(state, *args)
        finally:
            _STILL.state, _STILL.memo = outer

    return run


@still
def _decision(state: HNState, flow: Flow) -> Any:
    return Flow.decision(flow, state)


def memo(state: HNState, key: object, make: Callable[[], Any]) -> Any:
    """``make()``, worked out once per decision while a :func:`still` function runs on
    ``state`` (every time otherwise)."""
    if _STILL.state is not state:
        return make()
    cache = _STILL.memo
    if key in cache:
        return cache[key]
    value = cache[key] = make()
    return value


def scene(state: HNState) -> Scene:
    """The board's :class:`Scene` for the state (canonical: sorted tuples).

    Source: Here's Negan rulebook, "Spaces", "Move" (what blocks what).
    """
    if _STILL.state is state:
        sc = _STILL.memo.get("scene")
        if sc is None:
            sc = _STILL.memo["scene"] = _scene(state)
        return sc  # type: ignore[no-any-return]
    return _scene(state)


def _scene(state: HNState, but: int = -1) -> Scene:
    standing: list[int] = []
    down: list[int] = []
    for s in state.survivors:
        sp = s.space
        if sp < 0 or s.removed:
            continue
        if s.damage >= s.stamina:
            down.append(sp)
        else:
            standing.append(sp)
    standing.sort()
    down.sort()
    if but >= 0:
        sp = state.survivors[but].space
        if sp in standing:
            standing.remove(sp)
        elif sp in down:
            down.remove(sp)
    negan = state.negan
    doors, secured, tokens = state.open_doors, state.secured, state.tokens
    barrels, supplies = state.barrels, state.supplies
    return Scene.of(
        frozenset(doors) if doors else _NONE,
        frozenset(secured) if secured else _NONE,
        tuple(standing),
        tuple(down),
        negan if negan >= 0 else None,
        tuple(state.walkers),
        tuple(state.prone),
        tuple(sorted(tokens)) if tokens else (),
        tuple(sorted(barrels)) if barrels else (),
        tuple(sorted(supplies)) if supplies else (),
        tuple(sorted(map(tuple, state.entry_points))),  # type: ignore[arg-type]
    )


_NONE: frozenset[int] = frozenset()
"""The empty set of door or room ids every scene without any shares."""


def moved(sc: Scene, state: HNState, walkers: bool = False, tokens: bool = False) -> Scene:
    """``sc``, the scene of ``state`` before only its standing Walkers (``walkers``) or Walker
    tokens (``tokens``) moved, brought up to date (as :func:`scene` would give it)."""
    return Scene.of(
        open_doors=sc.open_doors,
        secured=sc.secured,
        survivors=sc.survivors,
        incapacitated=sc.incapacitated,
        negan=sc.negan,
        walkers=tuple(state.walkers) if walkers else sc.walkers,
        prone=sc.prone,
        walker_tokens=tuple(sorted(state.tokens)) if tokens else sc.walker_tokens,
        barrels=sc.barrels,
        supplies=sc.supplies,
        entry_points=sc.entry_points,
    )


def scene_without(state: HNState, i: int) -> Scene:
    """The scene without Survivor ``i`` (a mover does not block itself)."""
    if _STILL.state is state:
        cache = _STILL.memo
        key = ("without", i)
        sc = cache.get(key)
        if sc is None:
            sc = cache[key] = _less(scene(state), state, i)
        return sc  # type: ignore[no-any-return]
    return _scene(state, i)


def _less(sc: Scene, state: HNState, i: int) -> Scene:
    """``sc`` (the scene of ``state``) without Survivor ``i``'s space, as ``_scene(state, i)``
    gives it: one Survivor on that space taken off (standing first)."""
    sp = state.survivors[i].space
    standing, down = sc.survivors, sc.incapacitated
    if sp in standing:
        k = standing.index(sp)
        standing = standing[:k] + standing[k + 1:]
    elif sp in down:
        k = down.index(sp)
        down = down[:k] + down[k + 1:]
    else:
        return sc
    return Scene.of(
        open_doors=sc.open_doors,
        secured=sc.secured,
        survivors=standing,
        incapacitated=down,
        negan=sc.negan,
        walkers=sc.walkers,
        prone=sc.prone,
        walker_tokens=sc.walker_tokens,
        barrels=sc.barrels,
        supplies=sc.supplies,
        entry_points=sc.entry_points,
    )


def tie(state: HNState, options: list[int]) -> int:
    """The option the rules take where the First Player would settle a tie: the first."""
    return options[0]


# -- dice --------------------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _face(face: str) -> tuple[int, bool]:
    bang = face.endswith("!")
    return int(face.rstrip("!") or 0), bang


def roll(state: HNState, dice: Iterable[str], why: str = "") -> tuple[int, bool]:
    """Roll coloured dice together: ``(hits, bang)``, the total of hit symbols and whether
    any die shows a bang. Emits a ``roll`` event (public) when ``why`` is given.

    Source: Here's Negan rulebook, "Dice".
    """
    c = cx(state)
    hits = 0
    bang = False
    faces = []
    for colour in dice:
        face = state.rng.roll(c.dice[colour].faces)
        faces.append(face)
        h, b = _face(face)
        hits += h
        bang = bang or b
    if why:
        emit(state, "roll", why=why, dice=list(dice), faces=faces, hits=hits, bang=bang)
    return hits, bang


def action_die(state: HNState, why: str) -> bool:
    """Roll the black Action die: True on a star. Source: rulebook, "Dice"."""
    face = state.rng.roll(cx(state).dice["action"].faces)
    star = face == "star"
    emit(state, "action-die", why=why, star=star)
    return star


def amount(state: HNState, spec: str, why: str = "") -> int:
    """A number written as ``"2"`` or as a die colour (``"blue"``: its roll's hits); ``""``
    is 0. Source: rulebook, "Dice" (dice generate numbers)."""
    if not spec:
        return 0
    if spec.lstrip("+-").isdigit():
        return int(spec)
    return roll(state, (spec,), why)[0]


def weapon(state: HNState, weapon_id: str) -> Any:
    """The stats of a weapon (a starting weapon or a Supply card): ``attack``
    (``"fight"``/``"shoot"``), ``dice``, ``min_range``, ``max_range``, ``bulky``, ``noise``."""
    c = cx(state)
    return c.weapons[weapon_id] if weapon_id in c.weapons else c.supply[weapon_id]


# -- Survivors -----------------------------------------------------------------------------------
def name(state: HNState, i: int) -> str:
    """The printed name of Survivor ``i``."""
    return cx(state).survivors[state.survivors[i].id].name


def survivor_at(state: HNState, space: int) -> int:
    """Index of the Survivor in play on ``space``, or -1."""
    for i, s in enumerate(state.survivors):
        if s.space == space and not s.removed:
            return i
    return -1


def change_rep(state: HNState, i: int, delta: int, why: str) -> int:
    """Add ``delta`` Reputation to Survivor ``i``, kept within 0-20; returns the change made.

    Source: Here's Negan rulebook, "Reputation" (changes past 0 or 20 are ignored).
    """
    s = state.survivors[i]
    new = min(REP_MAX, max(0, s.rep + delta))
    made = new - s.rep
    s.rep = new
    if delta:
        emit(state, "rep", survivor=s.id, change=made, rep=new, why=why)
    return made


def wound(state: HNState, i: int, n: int, why: str) -> None:
    """Survivor ``i`` loses ``n`` Stamina. At the skull a Bitten Survivor is removed from play
    and replaced by a prone Walker; any other is Incapacitated. An Incapacitated Survivor
    loses nothing more.

    Source: Here's Negan rulebook, "Stamina", "Incapacitated Survivors", "Bitten!".
    """
    s = state.survivors[i]
    if n <= 0 or not s.in_play or s.incapacitated:
        return
    s.damage = min(s.stamina, s.damage + n)
    emit(state, "stamina", survivor=s.id, lost=n, left=s.stamina - s.damage, why=why)
    if s.damage >= s.stamina:
        if s.bitten:
            eliminate(state, i)
        else:
            emit(state, "incapacitated", survivor=s.id)


def eliminate(state: HNState, i: int) -> None:
    """A Bitten Survivor at the skull leaves play; a prone Walker takes its space.

    Source: Here's Negan rulebook, "Bitten!"; "Losing" (all Survivors Bitten and removed).
    """
    s = state.survivors[i]
    space = s.space
    s.removed = True
    s.space = -1
    emit(state, "eliminated", survivor=s.id)
    if walkers_left(state) > 0:
        add_walker(state, space, prone=True)
    else:
        not_enough(state)
    from .scenarios import rules

    rules(state).survivor_removed(state, i, space)
    if all(x.removed for x in state.survivors):
        end(state, "loss", "every Survivor was Bitten and removed from play")


def bite(state: HNState, i: int) -> None:
    """Survivor ``i`` is Bitten: loses Reputation equal to a blue roll; its counter shows the
    Bite (again if already Bitten: ruling HN-A20).

    Source: Here's Negan rulebook, "Walkers Attack", "Bitten!".
    """
    s = state.survivors[i]
    s.bitten = True
    emit(state, "bitten", survivor=s.id)
    change_rep(state, i, -amount(state, "blue", "bite"), "bitten")
    if s.damage >= s.stamina and not s.removed:
        eliminate(state, i)


def wound_negan(state: HNState, n: int, why: str) -> None:
    """Negan loses ``n`` Stamina; at the skull the game is lost.

    Source: Here's Negan rulebook, "Walkers Attacking Negan", "Losing".
    """
    if n <= 0 or state.negan < 0:
        return
    stamina = cx(state).negan_ref.stamina
    state.negan_damage = min(stamina, state.negan_damage + n)
    emit(state, "negan-stamina", lost=n, left=stamina - state.negan_damage, why=why)
    if state.negan_damage >= stamina:
        end(state, "loss", "Negan fell")


# -- Threat --------------------------------------------------------------------------------------
def threat_max(state: HNState) -> int:
    """The Max position of the Threat Tracker (reaching it loses the game)."""
    return int(cx(state).threat.max)


def add_threat(state: HNState, n: int, why: str) -> None:
    """Move the Threat Tracker by ``n`` (never below 1: ruling HN-A11); reaching Max loses.

    Source: Here's Negan rulebook, "Threat", "Losing".
    """
    if n == 0:
        return
    top = threat_max(state)
    new = max(1, min(top, state.threat + n))
    if new == state.threat:
        return
    state.threat = new
    emit(state, "threat", change=n, threat=new, why=why)
    if new >= top:
        end(state, "loss", "the Threat reached Max")


def band(state: HNState) -> Any:
    """The Threat band of the current Threat (name and the Entry Point level it reaches)."""
    for b in cx(state).threat.bands:
        if b.low <= state.threat <= b.high:
            return b
    return cx(state).threat.bands[-1]


def security_value(state: HNState) -> int:
    """The Security value printed for the current Threat. Source: rulebook, "Threat"."""
    values = cx(state).threat.security
    return int(values[min(state.threat, len(values)) - 1])


# -- Walkers and Walker tokens --------------------------------------------------------------------
def walkers_left(state: HNState) -> int:
    """Walker models not on the board (12 in the box)."""
    return WALKER_MODELS - len(state.walkers) - len(state.prone)


def not_enough(state: HNState) -> None:
    """Not Enough Walkers?: a Walker or token that cannot be placed for want of pieces
    advances the Threat by 1 (per piece: ruling HN-A06). Source: rulebook, same section."""
    emit(state, "not-enough-walkers")
    add_threat(state, 1, "not enough Walkers")


def add_walker(state: HNState, space: int, prone: bool = False) -> None:
    """Put a Walker model (standing or prone) on ``space`` (which must be free)."""
    target = state.prone if prone else state.walkers
    target.append(space)
    target.sort()


def remove_walker(state: HNState, space: int, by: int = -1, why: str = "") -> None:
    """Remove the Walker (standing or prone) on ``space``; Survivor ``by`` (if any) gains 1
    Reputation. Source: rulebook, "Fight" (+1 Reputation per Walker removed)."""
    if space in state.walkers:
        state.walkers.remove(space)
    else:
        state.prone.remove(space)
    emit(state, "walker-removed", space=space, why=why)
    if by >= 0:
        change_rep(state, by, 1, "walker removed")


def place_walker(state: HNState, space: int) -> bool:
    """Place one Walker as near ``space`` as the placing rules allow (on it if empty, else an
    adjacent empty space; none: nothing). With no model left, Not Enough Walkers.
    Returns True if a Walker was placed.

    Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens", "Not Enough Walkers?".
    """
    if walkers_left(state) <= 0:
        not_enough(state)
        return False
    options = placement_options(board(state), scene(state), space)
    if not options:
        return False
    at = tie(state, options)
    add_walker(state, at)
    emit(state, "walker-placed", space=at)
    return True


def fill_room(state: HNState, room: int, n: int) -> int:
    """Place ``n`` Walkers in a room: the first on its Security token, the rest as close to
    it as possible inside the room. Returns how many were placed.

    Source: Here's Negan rulebook, "Placing Walkers"; ruling HN-A13.
    """
    placed = 0
    b = board(state)
    for _ in range(n):
        if walkers_left(state) <= 0:
            not_enough(state)
            continue
        options = room_fill_options(b, scene(state), room)
        if not options:
            break
        at = tie(state, options)
        add_walker(state, at)
        emit(state, "walker-placed", space=at)
        placed += 1
    return placed


def draw_token(state: HNState) -> str | None:
    """Draw a Walker token at random from the pile; when every token is in the discard pile
    it is shuffled into a new pile. ``None``: none to draw.

    Source: Here's Negan rulebook, "Walker Tokens"; ruling HN-A07.
    """
    if not state.token_pile and state.token_discard and not state.tokens:
        state.token_pile = state.token_discard
        state.token_discard = []
        state.rng.shuffle(state.token_pile)
        emit(state, "tokens-reshuffled")
    if not state.token_pile:
        return None
    i = state.rng.randbelow(len(state.token_pile))
    return state.token_pile.pop(i)


def place_token(state: HNState, space: int) -> bool:
    """Place a Walker token as near ``space`` as the placing rules allow; revealed at once if
    a Survivor or Negan sees it. Returns True if a token was placed.

    Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens", "Revealing Walker
    Tokens" (a token placed in sight is revealed), "Not Enough Walkers?".
    """
    options = placement_options(board(state), scene(state), space)
    if not options:
        return False
    die = draw_token(state)
    if die is None:
        not_enough(state)
        return False
    at = tie(state, options)
    state.tokens[at] = die
    emit(state, "token-placed", space=at)
    if seen(state, at):
        reveal(state, at)
    return True


def viewers(state: HNState) -> list[int]:
    """Spaces of the models whose sight reveals Walker tokens: every Survivor in play
    (Incapacitated too: ruling HN-A05) and Negan."""
    out = [s.space for s in state.survivors if s.in_play]
    if state.negan >= 0:
        out.append(state.negan)
    return out


_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def doubtful_star(state: HNState, a: int, b: int) -> bool:
    """The Action die settling the doubtful line of sight between ``a`` and ``b`` this round:
    True (a star) if it is seen. One roll per pair of spaces per round, the same whichever
    end looks and however often it is asked (ruling HN-A55), drawn from ``state.sight_salt``.

    Source: Here's Negan rulebook, "Line of Sight" (roll the Action die when unsure).
    """
    lo, hi = (a, b) if a <= b else (b, a)
    h = _mix(state.sight_salt ^ _mix((state.round << 40) ^ (lo << 20) ^ hi))
    faces = cx(state).dice["action"].faces
    return faces[h % len(faces)] == "star"


def sight(state: HNState, a: int, b: int, doors: frozenset[int] | None = None) -> bool:
    """Line of sight between spaces ``a`` and ``b`` as the rules use it: the exact line
    (:func:`.board.line_of_sight`), cut short by darkness (:func:`dark_blocks`), and, with the
    Action-die table option (``HNConfig.sight_die``), a line that only grazes a wall's end or
    a closed door's corner settled by :func:`doubtful_star`.

    Source: Here's Negan rulebook, "Line of Sight"; rulings HN-A55, "Fire and Pitch Black".
    """
    bd = board(state)
    if doors is None:
        doors = frozenset(state.open_doors)
    if not line_of_sight(bd, a, b, doors):
        return False
    if state.dark and dark_blocks(state, a, b):
        return False
    if state.sight_salt and a != b and line_of_sight_unclear(bd, a, b, doors):
        return doubtful_star(state, a, b)
    return True


def seen(state: HNState, space: int, extra: Iterable[int] = ()) -> bool:
    """True if a Survivor, Negan or one of ``extra`` spaces has line of sight to ``space``
    (:func:`sight`: darkness and doubtful lines included)."""
    doors = frozenset(state.open_doors)
    return any(sight(state, v, space, doors) for v in (*viewers(state), *extra))


def dark_blocks(state: HNState, a: int, b: int) -> bool:
    """True if darkness blocks sight between ``a`` and ``b``: one of them lies in a room made
    dark by the Pitch Black Room card and they are neither the same space nor adjacent.

    Source: Room card Pitch Black (designed rule: see the rulings, "Fire and Pitch Black").
    """
    if not state.dark or a == b:
        return False
    bd = board(state)
    if bd.room_of(a) not in state.dark and bd.room_of(b) not in state.dark:
        return False
    return not adjacent(bd, a, b, frozenset(state.open_doors))


def in_sight_range(state: HNState, origin: int, spaces: Iterable[int], max_range: int,
                   min_range: int = 0) -> list[list[int]]:
    """Those of ``spaces`` within range (open route) and line of sight of ``origin``, grouped
    by distance, nearest first (:func:`.board.in_range`), darkness and doubtful lines included
    (:func:`sight`). Source: rulebook, "Routes and Ranges", "Line of Sight"."""
    groups = in_range(board(state), scene(state), origin, spaces, max_range, need_sight=True,
                      min_range=min_range)
    if not state.dark and not state.sight_salt:
        return groups
    doors = frozenset(state.open_doors)
    kept = [[s for s in g if sight(state, origin, s, doors)] for g in groups]
    return [g for g in kept if g]


def reveal(state: HNState, space: int) -> None:
    """Flip the Walker token on ``space``: roll its die and place that many Walkers (from the
    room's Security token when the token lies in a room with one: ruling HN-A13), discard the
    token. A blank token is a false alarm.

    Source: Here's Negan rulebook, "Revealing Walker Tokens", "Placing Walkers".
    """
    die = state.tokens.pop(space)
    state.token_discard.append(die)
    state.rng.note_reveal()
    n = roll(state, (die,), "walker token")[0] if die else 0
    emit(state, "token-revealed", space=space, die=die, walkers=n)
    if not n:
        return
    b = board(state)
    room = b.room_of(space)
    if room is not None and room in b.security:
        fill_room(state, room, n)
        return
    for _ in range(n):
        if not place_walker(state, space) and walkers_left(state) > 0:
            break


def reveal_seen(state: HNState, extra: Iterable[int] = ()) -> None:
    """Reveal every Walker token a Survivor or Negan (or a space in ``extra``) now sees.

    Source: Here's Negan rulebook, "Revealing Walker Tokens".
    """
    if not state.tokens:
        return
    extra = tuple(extra)
    b = board(state)
    looking: tuple[frozenset[int], tuple[int, ...]] | None = None
    plain = not state.dark and not state.sight_salt
    for space in sorted(state.tokens):
        if state.result:
            return
        if space not in state.tokens:
            continue
        if looking is None:  # (again after a reveal, which may change the board)
            looking = frozenset(state.open_doors), (*viewers(state), *extra)
        doors, eyes = looking
        if plain:
            if any(line_of_sight(b, v, space, doors) for v in eyes):
                reveal(state, space)
                looking = None
            continue
        for v in eyes:
            if not sight(state, v, space, doors):
                continue
            if state.sight_salt and v != space and line_of_sight_unclear(b, v, space, doors):
                emit(state, "doubtful-sight", frm=v, to=space, seen=True)
            reveal(state, space)
            looking = None
            break


# -- NOISE -----------------------------------------------------------------------------------------
def _by_distance(state: HNState, spaces: Iterable[int], source: int,
                 sc: Scene | None = None) -> list[int]:
    """Closest to the NOISE first (ties in board order); ``sc``: the state's scene if known.
    Source: rulebook, "Noise"."""
    groups = noise_order(board(state), scene(state) if sc is None else sc, spaces, source)
    return [s for group in groups for s in group]


def noise(state: HNState, source: int, why: str) -> None:
    """NOISE from ``source``, in strict sequence: Threat +1; every Walker token moves 1 space
    towards it (revealed if it comes into sight); every standing Walker not adjacent to a
    Survivor moves 2 spaces towards it; a Walker token goes on the nearest Entry Point up to
    the current Threat band (none in All Quiet).

    Source: Here's Negan rulebook, "Noise"; Quick Reference (the reveal step).
    """
    emit(state, "noise", space=source, why=why)
    add_threat(state, 1, "NOISE")
    if state.result:
        return
    b = board(state)
    sc = scene(state)
    for space in _by_distance(state, list(state.tokens), source, sc):
        if space not in state.tokens:
            continue
        to = tie(state, move_towards_noise(b, sc, space, source, "token"))
        if to != space:
            state.tokens[to] = state.tokens.pop(space)
            emit(state, "token-moved", frm=space, to=to, why="drawn by the NOISE")
            sc = moved(sc, state, tokens=True)
        if seen(state, to):
            reveal(state, to)
            sc = scene(state)
        if state.result:
            return
    for space in _by_distance(state, list(state.walkers), source, sc):
        if space not in state.walkers:
            continue
        to = tie(state, move_towards_noise(b, sc, space, source, "walker"))
        if to != space:
            state.walkers.remove(space)
            add_walker(state, to)
            emit(state, "walker-moved", frm=space, to=to, why="drawn by the NOISE")
            sc = moved(sc, state, walkers=True)
    level = band(state).entry
    if level:
        eps = entry_points_up_to(state, source, level)
        if eps:
            place_token(state, tie(state, eps))


def entry_points_up_to(state: HNState, source: int, level: str) -> list[int]:
    """The unblocked Entry Points nearest ``source`` whose level is at most ``level``.

    Source: Here's Negan rulebook, "Entry Points", "Noise"; ruling HN-A09.
    """
    return nearest_entry_points(board(state), scene(state), source, level)


# -- doors and rooms -------------------------------------------------------------------------------
def open_door(state: HNState, door: int, who: int) -> None:
    """Open ``door`` (Survivor ``who`` opened it). A never-opened unsecured room behind it is
    entered (Room card); Walker tokens that come into sight are revealed.

    Source: Here's Negan rulebook, "Doors", "Entering a Room".
    """
    if door in state.open_doors:
        return
    state.open_doors.append(door)
    state.open_doors.sort()
    emit(state, "door-opened", door=door)
    b = board(state)
    d = b.doors[door]
    for side in (d.a, d.b):
        room = b.room_of(side)
        if room is not None and room in b.security and room not in state.opened \
                and room not in state.secured:
            enter_room(state, room, who)
            if state.result:
                return
    reveal_seen(state)


def enter_room(state: HNState, room: int, who: int) -> None:
    """Entering a Room: reveal the tokens in it, then draw and resolve a Room card (Walkers
    from the Security token, Supply tokens, its effects); infinity cards stay in play.

    Source: Here's Negan rulebook, "Entering a Room", "Placing Tokens", "Placing Walkers".
    """
    state.opened.append(room)
    b = board(state)
    area = b.areas[room]
    emit(state, "room-entered", room=room, name=area.name)
    inside = set(area.spaces)
    for space in sorted(state.tokens):
        if space in inside and space in state.tokens:
            reveal(state, space)
    if state.result:
        return
    from .scenarios import rules

    card_id = rules(state).room_card(state, room) or draw(state, "room")
    if card_id is None:
        return
    card = cx(state).rooms[card_id]
    emit(state, "room-card", card=card_id, name=card.name, room=room)
    n = amount(state, card.walkers, "room walkers")
    if n and room in b.security:
        fill_room(state, room, n)
    for _ in range(card.supplies + rules(state).room_opened(state, room, who)):
        place_supply(state, room)
    apply_effects(state, card.effects, who=who, source=b.security.get(room, area.spaces[0]),
                  room=room)
    if card.infinity:
        state.lasting.append(card_id)
    else:
        state.discards["room"].append(card_id)


def place_supply(state: HNState, room: int) -> None:
    """Put a Supply token in ``room``; with none left, the one furthest from the space being
    filled is moved (ruling HN-A14).

    Source: Here's Negan rulebook, "Placing Tokens".
    """
    b = board(state)
    options = supply_options(b, scene(state), room)
    if not options:
        return
    at = tie(state, options)
    if len(state.supplies) >= SUPPLY_TOKENS:
        far = furthest_supply(b, scene(state), (at,))
        if not far:
            return
        state.supplies.remove(tie(state, far))
    state.supplies.append(at)
    state.supplies.sort()
    emit(state, "supply-placed", space=at)


# -- decks ---------------------------------------------------------------------------------------
def draw(state: HNState, deck: str) -> str | None:
    """Draw the top card of ``deck``; an empty deck is rebuilt from its shuffled discard
    pile. ``None`` if both are empty. Source: rulebook, "Discarding Cards"."""
    pile = state.decks[deck]
    if not pile:
        pile.extend(state.discards[deck])
        state.discards[deck].clear()
        state.rng.shuffle(pile)
        if not pile:
            return None
        emit(state, "deck-reshuffled", deck=deck)
    state.rng.note_reveal()  # a face-down card is turned up
    card_id = pile.pop()
    state.last_cards[deck] = card_id
    return card_id


# -- card effects -------------------------------------------------------------------------------
EffectFn = Callable[..., None]
EFFECTS: dict[str, EffectFn] = {}


def effect(effect_name: str) -> Callable[[EffectFn], EffectFn]:
    """Register the rule of a card effect named in the content (``effect = "noise"``).

    The function is called as ``fn(state, eff, who=..., source=..., room=...)``: ``eff`` the
    content's Effect (its numbers), ``who`` the Survivor concerned (-1 none), ``source`` the
    space it happens at, ``room`` the room concerned (-1 none).
    """

    def bind(fn: EffectFn) -> EffectFn:
        if effect_name in EFFECTS:
            raise ValueError(f"effect {effect_name!r} is registered twice")
        EFFECTS[effect_name] = fn
        return fn

    return bind


def apply_effects(state: HNState, effects: Iterable[Any], *, who: int = -1, source: int = -1,
                  room: int = -1) -> None:
    """Resolve a card's effects in printed order, as far as they have targets.

    Source: Here's Negan rulebook, "Draw Event Card" and "Taking Action" (resolve what you can).
    """
    for eff in effects:
        if state.result:
            return
        EFFECTS[eff.effect](state, eff, who=who, source=source, room=room)


# -- the end -------------------------------------------------------------------------------------
def end(state: HNState, result: str, reason: str) -> None:
    """End the game (the first ending stands): ``"win"`` or ``"loss"``.

    Source: Here's Negan rulebook, "Winning", "Losing".
    """
    if state.result:
        return
    state.result = result
    state.reason = reason
    emit(state, "game-over", result=result, reason=reason)


def standing_survivors(state: HNState) -> list[int]:
    """Indices of Survivors in play and not Incapacitated."""
    return [i for i, s in enumerate(state.survivors) if s.standing]


def in_play(state: HNState) -> list[int]:
    """Indices of Survivors in play (Incapacitated included)."""
    return [i for i, s in enumerate(state.survivors) if s.in_play]


def survivor(state: HNState, i: int) -> Survivor:
    """Survivor ``i``."""
    return state.survivors[i]
