"""The Zombie Movement Phase: automatic movement, or the Zombie Player's moves.

Source: If I'm Going Down... rulebook, "Zombie Movement Phase" and its example, "Zombie
Abilities" (Stride), "Zombie Player Variant".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .board import PACKS, layout, nearness, score, zname
from .state import IGDState
from .steps import FLOW, BeginTurn, EndTurn, MovementPhase, ZpDest, ZpMove


@FLOW.auto(MovementPhase)
def movement_phase(s: IGDState, step: MovementPhase) -> None:
    """Zombies move toward the characters (Stride first, then closest first); the Zombie
    Player moves them instead in that variant. Then the turn ends."""
    s.stack.append(EndTurn())
    near = nearness(s)
    for sp, z in enumerate(s.spaces):
        if z >= 0:
            if s.no_move[z]:
                s.no_move[z] = False
                s.move_left[z] = 0
            elif near[sp] <= 1 and settled(s, sp):
                s.move_left[z] = 0  # in the Danger Zone at the edge or centre: stop (3.)
            else:
                s.move_left[z] = 2 if PACKS[s.content].zombies[s.zcards[z]].stride else 1
    if s.zombie_seat >= 0:
        if zp_move_options(s):
            s.stack.append(ZpMove(seat=s.zombie_seat))
        return
    move_all(s)


@FLOW.auto(EndTurn)
def end_turn(s: IGDState, step: EndTurn) -> None:
    """The next turn begins, unless this was the last one the config allows (a ruling: the
    rulebook plays until every character is dead; ``turn_limit`` bounds every game)."""
    for z in s.spaces:
        if z >= 0:
            s.move_left[z] = 0
    if s.turn >= s.turn_limit:
        s.over = True
        s.stack.clear()
        emit(s, "turn-limit", turn=s.turn, score=score(s))
        return
    s.turn += 1
    s.stack.append(BeginTurn())


def settled(s: IGDState, space: int) -> bool:
    """A Danger Zone space where a Zombie stops: on the edge of the play area (the first or
    last row or column of the layout) or at its centre, read as in line (same row or
    column) with a living character it is next to.

    Source: rulebook, "Zombie Movement Phase" (a Zombie will not move if ... 3.); the
    reading is in docs/rulings/if-im-going-down.md.
    """
    lay = layout(s)
    r, c = lay.spaces[space]
    if r in (0, lay.rows - 1) or c in (0, lay.cols - 1):
        return True
    for ch in s.chars:
        if ch.alive and lay.dist[ch.space][space] == 1:
            cr, cc = lay.spaces[ch.space]
            if cr == r or cc == c:
                return True
    return False


def lateral(s: IGDState, space: int, near: list[int]) -> list[int]:
    """Sideways steps of a Danger Zone Zombie not yet at the edge or centre: free adjacent
    spaces still in the Danger Zone where it would stop. Empty once it has stopped."""
    if near[space] != 1 or settled(s, space):
        return []
    spaces = s.spaces
    return [a for a in layout(s).adjacent[space] if near[a] == 1 and spaces[a] < 0 and settled(s, a)]


def forward(s: IGDState, space: int, near: list[int]) -> list[int]:
    """Free spaces adjacent to ``space`` that are closer to the characters, or (for a
    Danger Zone Zombie off the edge and centre) its sideways steps."""
    d = near[space]
    spaces = s.spaces
    return [a for a in layout(s).adjacent[space] if 0 < near[a] < d and spaces[a] < 0] or lateral(s, space, near)


def move_all(s: IGDState) -> None:
    """Automatic movement.

    Stride Zombies first (a blocked one first moves the Zombies in its way), then the rest
    closest first. A Zombie never moves away, stops in the Danger Zone once at its edge or
    centre (see :func:`settled`; until then it slides sideways), and prefers a
    space that does not leave another Zombie without a way forward, then the straightest
    step. Source: rulebook, "Zombie Movement Phase" and its example.
    """
    near = nearness(s)
    order = []
    for sp, z in enumerate(s.spaces):
        if z >= 0 and s.move_left[z] > 0:
            t = PACKS[s.content].zombies[s.zcards[z]]
            if t.kind != "occurrence":
                order.append((not t.stride, near[sp], sp))
    order.sort()
    for _, _, sp in order:
        z = s.spaces[sp]
        if z >= 0 and s.move_left[z] > 0:
            _move_zombie(s, z, sp, near, depth=0)


def _move_zombie(s: IGDState, z: int, space: int, near: list[int], depth: int) -> None:
    spaces = s.spaces
    move_left = s.move_left
    adj = layout(s).adjacent
    start = space
    while move_left[z] > 0:
        d = near[space]
        options = [a for a in adj[space] if 0 < near[a] < d and spaces[a] < 0]
        if not options and depth < 6:
            # Move the Zombies in the way first (rulebook: Stride example).
            ahead = [
                (near[a], a) for a in adj[space]
                if near[a] < d and spaces[a] >= 0 and move_left[spaces[a]] > 0
            ]
            ahead.sort()
            for _, a in ahead:
                y = spaces[a]
                if y >= 0 and move_left[y] > 0:
                    _move_zombie(s, y, a, near, depth + 1)
                    options = forward(s, space, near)
                    if options:
                        break
        if not options:
            options = lateral(s, space, near)
        if not options:
            s.move_left[z] = 0
            break
        dest = options[0] if len(options) == 1 else _best_step(s, z, space, options, near)
        s.spaces[space] = -1
        s.spaces[dest] = z
        s.move_left[z] -= 1
        space = dest
    if space != start:
        emit(s, "zombie-moves", turn=s.turn, card=z, zombie=zname(s, z), start=start, end=space)


_SQUARES: dict[tuple[str, str, int, int], list[int]] = {}


def _squares(s: IGDState) -> list[int]:
    """Per space, the squared grid distance to the nearest living character (cached)."""
    mask = sum(1 << c.seat for c in s.chars if c.alive)
    key = (s.content, s.scenario, s.players, mask)  # a content pack may change the layout
    sq = _SQUARES.get(key)
    if sq is None:
        lay = layout(s)
        targets = [lay.spaces[c.space] for c in s.chars if c.alive]
        sq = _SQUARES[key] = [
            min(((cr - r) ** 2 + (cc - c) ** 2 for cr, cc in targets), default=0)
            for r, c in lay.spaces
        ]
    return sq


def _best_step(s: IGDState, z: int, space: int, options: list[int], near: list[int]) -> int:
    """Avoid taking another waiting Zombie's only way forward; then the straightest step."""
    lay = layout(s)
    adj = lay.adjacent
    spaces, move_left = s.spaces, s.move_left
    sq = _squares(s)
    r0, c0 = lay.spaces[space]
    best, best_key = options[0], (99, 0, 0)
    for d in options:
        block = 0
        nd = near[d]
        for b in adj[d]:
            y = spaces[b]
            if y < 0 or y == z or move_left[y] <= 0 or near[b] <= nd:
                continue
            nb = near[b]
            for a in adj[b]:
                if a != d and 0 < near[a] < nb and spaces[a] < 0:
                    break
            else:
                block += 1
        r1, c1 = lay.spaces[d]
        key = (block, sq[d] + abs(r1 - r0) * abs(c1 - c0), d)
        if key < best_key:
            best, best_key = d, key
    return best


def zp_move_options(s: IGDState) -> list[Action]:
    """The Zombies with a move left and a step forward, by space."""
    near = nearness(s)
    opts = []
    for sp, z in enumerate(s.spaces):
        if z >= 0 and s.move_left[z] > 0 and PACKS[s.content].zombies[s.zcards[z]].kind != "occurrence":
            if forward(s, sp, near):
                opts.append(Action("zfrom", sp, f"Move {zname(s, z)} (space {sp})"))
    return opts


@FLOW.decide(ZpMove)
def ask_zp_move(s: IGDState, step: ZpMove) -> Decision:
    return Decision(step.seat, "zp-move", tuple(zp_move_options(s)), "Zombie Player: move a Zombie")


@FLOW.resolve(ZpMove)
def zp_move(s: IGDState, step: ZpMove, action: Action) -> None:
    s.stack.append(ZpDest(seat=step.seat, space=action.value))


@FLOW.decide(ZpDest)
def ask_zp_dest(s: IGDState, step: ZpDest) -> Decision:
    a = step.space
    name = zname(s, s.spaces[a])
    options = tuple(Action("zmove", d, f"{name}: {a} -> {d}") for d in forward(s, a, nearness(s)))
    return Decision(step.seat, "zp-dest", options, f"Zombie Player: where does {name} move from space {a}?")


@FLOW.resolve(ZpDest)
def zp_dest(s: IGDState, step: ZpDest, action: Action) -> None:
    a, b = step.space, action.value
    z = s.spaces[a]
    s.spaces[a] = -1
    s.spaces[b] = z
    s.move_left[z] -= 1
    emit(s, "zp-moves", turn=s.turn, card=z, zombie=zname(s, z), start=a, end=b)
    if zp_move_options(s):
        s.stack.append(ZpMove(seat=step.seat))

