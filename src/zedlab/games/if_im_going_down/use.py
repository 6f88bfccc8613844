"""Using weapons and the resources that ask a choice: attacks, Kill Points, kills, Ammo
and Dead Weight. (Which resource does what is in effects.py.)

Source: If I'm Going Down... rulebook, "Use a Resource", "Using a Weapon to Attack",
"Resolving an Attack", "Zombie Abilities", "Other Effects" (Acquire).
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .board import (
    PACKS,
    cname,
    draw_fate,
    effective_z,
    fname,
    layout,
    modifier,
    no_luck,
    own_cards,
    remove_zombie,
    space_action,
    trash,
    zname,
)
from .state import Character, IGDState
from .steps import FLOW, Attack, DeadWeight, Reload

STOP = Action("stop", None, "Stop attacking with this Use")


def shielded(s: IGDState, space: int, dist: tuple[int, ...]) -> bool:
    """A Zombie occupies a space adjacent to ``space`` in front of it (closer to you)."""
    r = dist[space]
    for a in layout(s).adjacent[space]:
        if dist[a] < r and s.spaces[a] >= 0:
            return True
    return False


def attack_targets(s: IGDState, c: Character, f: int) -> list[int]:
    """Spaces holding a Zombie this weapon may target now (:func:`screen_targets`).

    Source: rulebook, "Resolving an Attack", "Zombie Abilities".
    """
    return screen_targets(s, c, f)[0]


def screen_targets(s: IGDState, c: Character, f: int) -> tuple[list[int], list[tuple[int, str]]]:
    """The spaces holding a Zombie this weapon may target now, and the Zombies it may not,
    each as ``(space, why)`` with ``why`` a short reason (:data:`NOT_TARGETABLE`).

    Melee: range 1 only. A ranged weapon's printed range limits. Short Stuff: not by a
    ranged weapon while shielded (unless adjacent). Loved One: not until held back by, or
    having bitten, this character. Hated One: with a Ranged Weapon on your Hands or Body
    tracker only the Hated One (moving the gun off your hands is changing weapons to avoid
    it); with melee only, the Hated One once it is adjacent. Occurrence cards are no targets
    and are not listed. Source: rulebook, "Resolving an Attack", "Zombie Abilities".
    """
    t = PACKS[s.content].fate[s.fcards[f]]
    dist = layout(s).dist[c.space]
    bit = 1 << c.seat
    ranged = t.category == "ranged"
    out: list[int] = []
    left_out: list[tuple[int, str]] = []
    hated: list[int] = []
    for sp, z in enumerate(s.spaces):
        if z < 0:
            continue
        zt = PACKS[s.content].zombies[s.zcards[z]]
        if zt.kind == "occurrence":
            continue
        if s.hated[z] & bit:
            hated.append(sp)
        r = dist[sp]
        why = ""
        if not ranged and r != 1:
            why = "melee"
        elif t.max_range and r > t.max_range:
            why = "far"
        elif r < t.min_range:
            why = "near"
        elif s.loved[z] & bit and not s.loved_clear[z] & bit:
            why = "loved"
        elif ranged and r > 1 and zt.short_stuff and shielded(s, sp, dist):
            why = "shielded"
        if why:
            left_out.append((sp, why))
        else:
            out.append(sp)
    if hated:
        fate = PACKS[s.content].fate
        holds_ranged = any(fate[s.fcards[g]].category == "ranged" for g in own_cards(c))
        if holds_ranged or any(dist[h] == 1 for h in hated):
            left_out += [(sp, "hated") for sp in out if sp not in hated]
            left_out.sort()
            out = [sp for sp in out if sp in hated]
    return out, left_out


NOT_TARGETABLE = {
    "melee": "a melee weapon reaches range 1 only",
    "far": "beyond the {weapon}'s range {max}",
    "near": "closer than the {weapon}'s range {min}",
    "loved": "your Loved One, not yet held back by you nor biting you",
    "shielded": "Short Stuff, shielded by a Zombie in front",
    "hated": "your Hated One must be attacked first",
}
"""Why a Zombie in play is not a target of this attack, in a few words (``{weapon}``,
``{min}``, ``{max}``: the weapon's name and printed range limits)."""
_BY_RANGE = frozenset({"melee", "far", "near"})


def not_targetable(s: IGDState, c: Character, f: int) -> str:
    """The Zombies this weapon may not target now and why, grouped by reason, for the
    attack's question (``""`` when every Zombie is a target), e.g. ``"Zombie (male) in
    space 7 (range 3): a melee weapon reaches range 1 only"``."""
    t = PACKS[s.content].fate[s.fcards[f]]
    dist = layout(s).dist[c.space]
    groups: dict[str, list[str]] = {}
    for sp, why in screen_targets(s, c, f)[1]:
        name = f"{zname(s, s.spaces[sp])} in space {sp}"
        if why in _BY_RANGE:
            name += f" (range {dist[sp]})"
        reason = NOT_TARGETABLE[why].format(weapon=t.name, min=t.min_range, max=t.max_range)
        groups.setdefault(reason, []).append(name)
    return "; ".join(f"{', '.join(names)}: {reason}" for reason, names in groups.items())


def reload_targets(s: IGDState, c: Character) -> list[int]:
    return [
        g for g in own_cards(c)
        if PACKS[s.content].fate[s.fcards[g]].category == "ranged" and PACKS[s.content].fate[s.fcards[g]].effect == "weapon"
        and 0 <= s.uses[g] < PACKS[s.content].fate[s.fcards[g]].uses
    ]


def no_move_targets(s: IGDState, c: Character, f: int) -> list[int]:
    dist = layout(s).dist[c.space]
    reach = PACKS[s.content].fate[s.fcards[f]].max_range
    return [
        sp for sp, z in enumerate(s.spaces)
        if z >= 0 and dist[sp] <= reach and not s.no_move[z]
    ]


@FLOW.decide(Reload)
def ask_reload(s: IGDState, step: Reload) -> Decision:
    options = tuple(Action("reload", g, f"Reload {fname(s, g)}") for g in reload_targets(s, s.chars[step.seat]))
    return Decision(step.seat, "reload", options, "Which Ranged Weapon do you reload?")


@FLOW.resolve(Reload)
def reload(s: IGDState, step: Reload, action: Action) -> None:
    g = action.value
    s.uses[g] = PACKS[s.content].fate[s.fcards[g]].uses
    trash(s, step.card)
    emit(s, "reloads", turn=s.turn, seat=step.seat, character=cname(s, step.seat), card=g, name=fname(s, g))


@FLOW.decide(DeadWeight)
def ask_dead_weight(s: IGDState, step: DeadWeight) -> Decision:
    c = s.chars[step.seat]
    options = tuple(
        Action("no-move", sp, f"{zname(s, s.spaces[sp])} in space {sp}")
        for sp in no_move_targets(s, c, step.card)
    )
    return Decision(step.seat, "dead-weight", options, "Which Zombie gets the No Move token?")


@FLOW.resolve(DeadWeight)
def dead_weight(s: IGDState, step: DeadWeight, action: Action) -> None:
    s.no_move[s.spaces[action.value]] = True
    trash(s, step.card)
    emit(s, "pins", turn=s.turn, seat=step.seat, character=cname(s, step.seat), space=action.value,
        zombie=zname(s, s.spaces[action.value]), card=step.card, name=fname(s, step.card))


# -- attacking -----------------------------------------------------------------------------


@FLOW.decide(Attack)
def ask_attack(s: IGDState, step: Attack) -> Decision:
    c = s.chars[step.seat]
    opts = [space_action(s, "target", sp, "{name} in space {space}") for sp in attack_targets(s, c, step.card)]
    opts.append(STOP)
    left_out = not_targetable(s, c, step.card)
    prompt = "Choose a target (or stop)" + (f". Not targetable: {left_out}" if left_out else "")
    return Decision(step.seat, "attack", tuple(opts), prompt)


@FLOW.resolve(Attack)
def attack(s: IGDState, step: Attack, action: Action) -> None:
    if action.kind == "stop":
        return
    c = s.chars[step.seat]
    keep_going = resolve_attack(s, c, step.card, action.value)
    if keep_going and step.attacks > 1 and attack_targets(s, c, step.card):
        s.stack.append(Attack(seat=step.seat, card=step.card, attacks=step.attacks - 1))


def resolve_attack(s: IGDState, c: Character, f: int, space: int) -> bool:
    """One attack: a Fate check, then Kill Points (or a Critical Hit / automatic kill).

    Kill Points >= Z-Number + Range kills; at least 1 Kill Point must be applied.
    Returns False when the Use ends (a miss, with the ``miss_ends_use`` option).
    Source: rulebook, "Resolving an Attack", "Applying Kill Points", "Critical Hit".
    """
    t = PACKS[s.content].fate[s.fcards[f]]
    z = s.spaces[space]
    r = layout(s).dist[c.space][space]
    card = draw_fate(s)
    miss = no_luck(s, card)
    if miss and PACKS[s.content].characters[c.char].ability == "lucky-break" and not c.ability_used and card >= 0:
        c.ability_used = True
        s.fdiscard.append(card)
        emit(s, "lucky-break", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
        card = draw_fate(s)
        miss = no_luck(s, card)
    if card >= 0:
        s.fdiscard.append(card)
    who = {"seat": c.seat, "character": cname(s, c.seat), "space": space, "zombie": zname(s, z), "range": r,
           "card": f, "weapon": t.name, "fate": fname(s, card) if card >= 0 else None}
    if miss:
        emit(s, "attack", turn=s.turn, result="miss", **who)
        return not s.miss_ends_use
    if s.fcrit[card] or t.auto_kill:
        emit(s, "attack", turn=s.turn, result="critical" if s.fcrit[card] else "auto-kill", **who)
        kill(s, c, space, f, behind=True)
        if t.auto_kill:
            for a in layout(s).adjacent[space]:
                y = s.spaces[a]
                if y >= 0 and PACKS[s.content].zombies[s.zcards[y]].kind != "occurrence":
                    kill(s, c, a, f, behind=False)
        return True
    mod = modifier(s, c, f, r)
    points = t.attack + mod
    if points < 1:
        emit(s, "attack", turn=s.turn, result="no-points", power=t.attack, modifier=mod, **who)
        return True
    s.kp[z] += points
    need = effective_z(s, z, space) + r
    emit(s, "attack", turn=s.turn, result="hit", power=t.attack, modifier=mod, points=points, on=s.kp[z], need=need, **who)
    if s.kp[z] >= need:
        kill(s, c, space, f, behind=True)
    return True


def kill(s: IGDState, c: Character, space: int, f: int, behind: bool) -> None:
    """The Zombie on ``space`` dies: discard, score, Loved One grief, Acquire, Assault Rifle.

    Source: rulebook, "Resolving an Attack", "Zombie Abilities" (Loved One), "Other Effects"
    (Acquire); the Assault Rifle's text.
    """
    lay = layout(s)
    z = s.spaces[space]
    zt = PACKS[s.content].zombies[s.zcards[z]]
    r = lay.dist[c.space][space]
    grief = s.loved[z] & ~(1 << c.seat)
    remove_zombie(s, space)
    s.kills += 1
    c.kills += 1
    emit(s, "kills", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=z, zombie=zt.name, kills=s.kills)
    for q in s.chars:
        if grief & (1 << q.seat) and q.alive:
            q.skip_next = True
            emit(s, "loved-one-killed", turn=s.turn, seat=q.seat, character=cname(s, q.seat))
    if zt.acquire and r == 1:
        for g in s.fdiscard:
            if PACKS[s.content].fate[s.fcards[g]].id == zt.acquire:
                s.fdiscard.remove(g)
                s.acquired.extend((c.seat, g))
                emit(s, "acquires", turn=s.turn, seat=c.seat, character=cname(s, c.seat), card=g, name=fname(s, g))
                break
    t = PACKS[s.content].fate[s.fcards[f]]
    if behind and t.behind:
        cr, cc = lay.spaces[c.space]
        tr, tc = lay.spaces[space]
        dr = (tr > cr) - (tr < cr)
        dc = (tc > cc) - (tc < cc)
        target = (tr + dr, tc + dc)
        if target in lay.spaces:
            b = lay.spaces.index(target)
            y = s.spaces[b]
            if y >= 0 and PACKS[s.content].zombies[s.zcards[y]].kind != "occurrence":
                s.kp[y] += t.behind
                need = effective_z(s, y, b) + lay.dist[c.space][b]
                emit(s, "behind", turn=s.turn, weapon=t.name, points=t.behind, space=b, zombie=zname(s, y), on=s.kp[y], need=need)
                if s.kp[y] >= need:
                    kill(s, c, b, f, behind=False)

