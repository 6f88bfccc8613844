"""The Zombie Attack Phase and the Zombie Movement Phase.

Source: If I'm Going Down... rulebook, "Zombie Attack Phase", "Zombie Attack Phase
(continued)", "Zombie Movement Phase", "Zombie Abilities", "Zombie Player Variant".
"""

from __future__ import annotations

from zedlab.core import Action

from .board import (
    PACKS,
    character_dies,
    cname,
    draw_fate,
    layout,
    living,
    nearness,
    no_luck,
    say,
    space_action,
    zname,
)
from .state import IGDState, Step
from .steps import auto, decision, handler, prompt

NO_HOLD = Action("hold", -1, "Hold back no Zombie")
HOLD_LABEL = "Hold back {name} (space {space})"
BITE_FATE = Action("bite-fate", None, "We cannot agree: Fate checks decide")


def zombies_adjacent(s: IGDState, space: int) -> list[int]:
    """Spaces adjacent to ``space`` holding a Zombie (not an Occurrence card)."""
    spaces, zcards = s.spaces, s.zcards
    zombies = PACKS[s.content_dir].zombies
    return [
        a for a in layout(s).adjacent[space]
        if (z := spaces[a]) >= 0 and zombies[zcards[z]].kind != "occurrence"
    ]


@auto("attack-phase")
def attack_phase(s: IGDState, step: Step) -> None:
    """Assess the Danger Zone; if any Zombie is in it, Hold Back, then bites and scratches."""
    s.phase = "zombie-attack"
    alive = living(s)
    for c in s.chars:
        c.held = 0
        c.bitten_now = c.instant_now = c.scratched_now = False
    threatened = [c for c in alive if zombies_adjacent(s, c.space)]
    if not threatened:
        return
    s.stack.append(Step("bites"))
    for c in reversed(threatened):
        s.stack.append(Step("hold-back", c.seat))


def hold_candidates(s: IGDState, seat: int) -> list[int]:
    """Adjacent Zombies this character may hold back: not No Hold Back, not held back the
    previous turn, not already held this turn. Source: "Zombie Attack Phase", step 2."""
    out = []
    for sp in zombies_adjacent(s, s.chars[seat].space):
        z = s.spaces[sp]
        if PACKS[s.content_dir].zombies[s.zcards[z]].no_hold_back:
            continue
        if s.held_turn[z] >= s.turn - 1:
            continue
        out.append(sp)
    return out


@decision("hold-back", "Hold back one adjacent Zombie (it will not bite this turn)?")
def hold_options(s: IGDState, step: Step) -> list[Action]:
    opts = [space_action(s, "hold", sp, HOLD_LABEL) for sp in hold_candidates(s, step.seat)]
    opts.append(NO_HOLD if opts else Action("hold", -1, _no_hold_label(s, step.seat)))
    return opts


def _no_hold_label(s: IGDState, seat: int) -> str:
    """Why no adjacent Zombie can be held back (the step stays: Hold Back is each player's
    own choice in "Zombie Attack Phase", step 2, even when only "none" is left)."""
    why = []
    for sp in zombies_adjacent(s, s.chars[seat].space):
        z = s.spaces[sp]
        if PACKS[s.content_dir].zombies[s.zcards[z]].no_hold_back:
            why.append(f"{zname(s, z)} has No Hold Back")
        elif s.held_turn[z] == s.turn:
            why.append(f"{zname(s, z)} is already held back this turn")
        else:
            why.append(f"{zname(s, z)} was held back last turn")
    return "Hold back no Zombie - none can be held back: " + "; ".join(why)


@handler("hold-back")
def hold_handle(s: IGDState, step: Step, action: Action) -> None:
    if action.value < 0:
        return
    c = s.chars[step.seat]
    z = s.spaces[action.value]
    s.held_turn[z] = s.turn
    s.loved_clear[z] |= 1 << c.seat
    c.held += 1
    say(s, f"{cname(s, c.seat)} holds back {zname(s, z)}")
    limit = 2 if s.spinach_seat == c.seat else 1
    if c.held < limit and hold_candidates(s, c.seat):
        s.stack.append(Step("hold-back", c.seat))


def _bite(s: IGDState, seat: int, z: int) -> None:
    c = s.chars[seat]
    c.bitten_now = True
    if PACKS[s.content_dir].zombies[s.zcards[z]].instant_kill:
        c.instant_now = True
    s.loved_clear[z] |= 1 << seat


@auto("bites")
def bites(s: IGDState, step: Step) -> None:
    """Every Zombie in the Danger Zone not held back bites; one in a common space bites
    only one of the characters next to it, chosen by them (or the Zombie Player)."""
    dist = layout(s).dist
    alive = living(s)
    s.stack.append(Step("apply-bites"))
    s.stack.append(Step("scratches"))
    for sp, z in enumerate(s.spaces):
        if z < 0 or s.held_turn[z] == s.turn or PACKS[s.content_dir].zombies[s.zcards[z]].kind == "occurrence":
            continue
        near = [c.seat for c in alive if dist[c.space][sp] == 1]
        if len(near) == 1:
            _bite(s, near[0], z)
        elif near:
            decider = s.zombie_seat if s.zombie_seat >= 0 else near[0]
            s.stack.append(Step("assign-bite", decider, sp, -1, near))


@decision("assign-bite", "A Zombie in a common space bites one of you: who?")
def assign_bite_options(s: IGDState, step: Step) -> list[Action]:
    opts = [Action("bite", q, f"{cname(s, q)} is bitten") for q in step.cards]
    if s.zombie_seat < 0:
        opts.append(BITE_FATE)
    return opts


@handler("assign-bite")
def assign_bite_handle(s: IGDState, step: Step, action: Action) -> None:
    """The Zombie Player's choice is final; a survivor's proposal needs the others' consent.

    Source: rulebook, "Zombie Attack Phase", step 3; "Zombie Player Variant".
    """
    z = s.spaces[step.a]
    if action.kind != "bite":
        _fate_decides_bite(s, step.cards, z)
        return
    others = [q for q in step.cards if q != step.seat]
    if s.zombie_seat >= 0 or not others:
        _bite(s, action.value, z)
        return
    say(s, f"{cname(s, step.seat)} proposes that {cname(s, action.value)} is bitten")
    s.stack.append(Step("agree-bite", others[0], step.a, action.value, others[1:]))


@prompt("agree-bite")
def agree_bite_prompt(s: IGDState, step: Step) -> str:
    return f"A Zombie in a common space bites one of you: do you agree that {cname(s, step.b)} is bitten?"


@decision("agree-bite", "Do you agree who is bitten?")
def agree_bite_options(s: IGDState, step: Step) -> list[Action]:
    return [
        Action("agree", True, f"Agree: {cname(s, step.b)} is bitten"),
        Action("agree", False, "Refuse: Fate checks decide"),
    ]


@handler("agree-bite")
def agree_bite_handle(s: IGDState, step: Step, action: Action) -> None:
    """``step.b``: the proposed character; ``step.cards``: the seats still to agree."""
    z = s.spaces[step.a]
    if not action.value:
        say(s, f"{cname(s, step.seat)} does not agree")
        dist = layout(s).dist
        _fate_decides_bite(s, [c.seat for c in living(s) if dist[c.space][step.a] == 1], z)
        return
    if step.cards:
        s.stack.append(Step("agree-bite", step.cards[0], step.a, step.b, step.cards[1:]))
        return
    _bite(s, step.b, z)


def _fate_decides_bite(s: IGDState, seats: list[int], z: int) -> None:
    """Each makes a Fate check, repeated until exactly one fails. Source: step 3."""
    for _ in range(50):
        failed = []
        for q in seats:
            f = draw_fate(s)
            if f >= 0:
                s.fdiscard.append(f)
            if no_luck(s, f):
                failed.append(q)
        if len(failed) == 1:
            say(s, f"Fate decides: {cname(s, failed[0])} is bitten")
            _bite(s, failed[0], z)
            return
    _bite(s, seats[0], z)


@auto("scratches")
def scratches(s: IGDState, step: Step) -> None:
    """A character who held back a Zombie and was not bitten is scratched by a Reach
    Zombie at range 2 (each Reach Zombie scratches one character). A Reach Zombie held back
    itself (by another character) makes no attack this turn."""
    dist = layout(s).dist
    eligible = [c.seat for c in living(s) if not c.bitten_now and c.held > 0]
    if not eligible:
        return
    for sp, z in enumerate(s.spaces):
        if z < 0 or not PACKS[s.content_dir].zombies[s.zcards[z]].reach or s.held_turn[z] == s.turn:
            continue
        near = [q for q in eligible if dist[s.chars[q].space][sp] == 2]
        if len(near) == 1:
            s.chars[near[0]].scratched_now = True
        elif near:
            decider = s.zombie_seat if s.zombie_seat >= 0 else near[0]
            s.stack.append(Step("assign-scratch", decider, sp, -1, near))


@decision("assign-scratch", "A Reach Zombie scratches one of you: who?")
def assign_scratch_options(s: IGDState, step: Step) -> list[Action]:
    return [Action("scratch", q, f"{cname(s, q)} is scratched") for q in step.cards]


@handler("assign-scratch")
def assign_scratch_handle(s: IGDState, step: Step, action: Action) -> None:
    s.chars[action.value].scratched_now = True


@auto("apply-bites")
def apply_bites(s: IGDState, step: Step) -> None:
    """First bite or a scratch: Biohazard token. Second bite, an Instant Kill bite, or any
    bite in the one-bite game: killed. Further scratches do nothing."""
    for c in living(s):
        if c.bitten_now:
            if s.one_bite or c.instant_now or c.biohazard:
                say(s, f"{cname(s, c.seat)} is bitten{' by an Instant Kill Zombie' if c.instant_now else ''}")
                character_dies(s, c, turned=False)
                if s.over:
                    return
            else:
                c.biohazard = True
                say(s, f"{cname(s, c.seat)} is bitten: the turning process begins")
        elif c.scratched_now and not c.biohazard:
            c.biohazard = True
            say(s, f"{cname(s, c.seat)} is scratched: the turning process begins")


# -- Zombie Movement Phase -----------------------------------------------------------------


@auto("movement-phase")
def movement_phase(s: IGDState, step: Step) -> None:
    """Zombies move toward the characters (Stride first, then closest first); the Zombie
    Player moves them instead in that variant. Then the turn ends."""
    s.phase = "zombie-movement"
    s.stack.append(Step("end-turn"))
    near = nearness(s)
    for sp, z in enumerate(s.spaces):
        if z >= 0:
            if s.no_move[z]:
                s.no_move[z] = False
                s.move_left[z] = 0
            elif near[sp] <= 1 and settled(s, sp):
                s.move_left[z] = 0  # in the Danger Zone at the edge or centre: stop (3.)
            else:
                s.move_left[z] = 2 if PACKS[s.content_dir].zombies[s.zcards[z]].stride else 1
    if s.zombie_seat >= 0:
        zp = Step("zp-move", s.zombie_seat)
        if zp_move_options(s, zp):
            s.stack.append(zp)
        return
    move_all(s)


@auto("end-turn")
def end_turn(s: IGDState, step: Step) -> None:
    for z in s.spaces:
        if z >= 0:
            s.move_left[z] = 0
    s.turn += 1
    s.stack.append(Step("begin-turn"))


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
            t = PACKS[s.content_dir].zombies[s.zcards[z]]
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
        say(s, f"{zname(s, z)} moves from space {start} to space {space}")


_SQUARES: dict[tuple[str, str, int, int], list[int]] = {}


def _squares(s: IGDState) -> list[int]:
    """Per space, the squared grid distance to the nearest living character (cached)."""
    mask = sum(1 << c.seat for c in s.chars if c.alive)
    key = (s.content_dir, s.scenario, s.players, mask)  # a content pack may change the layout
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


@decision("zp-move", "Zombie Player: move a Zombie")
def zp_move_options(s: IGDState, step: Step) -> list[Action]:
    near = nearness(s)
    opts = []
    for sp, z in enumerate(s.spaces):
        if z >= 0 and s.move_left[z] > 0 and PACKS[s.content_dir].zombies[s.zcards[z]].kind != "occurrence":
            for d in forward(s, sp, near):
                opts.append(Action("zmove", (sp, d), f"{zname(s, z)}: {sp} -> {d}"))
    return opts


@handler("zp-move")
def zp_move_handle(s: IGDState, step: Step, action: Action) -> None:
    a, b = action.value
    z = s.spaces[a]
    s.spaces[a] = -1
    s.spaces[b] = z
    s.move_left[z] -= 1
    say(s, f"the Zombie Player moves {zname(s, z)} from space {a} to space {b}")
    if zp_move_options(s, step):
        s.stack.append(Step("zp-move", step.seat))

