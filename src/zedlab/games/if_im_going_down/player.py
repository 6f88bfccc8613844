"""The Player Phase: searching, managing and using resources, and attacking.

Co-operating players act in any order. The engine models this with the initiative: the
seat holding it chooses its next action, or hands the initiative to another seat that still
has actions ("pass"), or ends its actions. Any interleaving of the players' actions can be
played this way (see docs/rulings/if-im-going-down.md).

Source: If I'm Going Down... rulebook, "Player Phase", "Search for a Resource", "Manage
Resources", "Use a Resource", "Using a Weapon to Attack", "Resolving an Attack".
"""

from __future__ import annotations

from zedlab.core import Action

from .board import (
    BODY,
    CHARS,
    FATE,
    GROUND,
    HAND,
    WHERE_NAMES,
    ZOMBIES,
    card_action,
    cname,
    draw_fate,
    effective_z,
    fname,
    free_ground,
    layout,
    locate,
    modifier,
    no_luck,
    own_cards,
    remove_from_tracker,
    remove_zombie,
    say,
    shared_cards,
    space_action,
    tracker,
    trash,
    weapon_ready,
    zname,
)
from .state import Character, IGDState, Step
from .steps import SETTLE, auto, decision, handler

SEARCH = Action("search", None, "Search for a resource (1 action)")
MANAGE = Action("manage", None, "Manage resources: move up to 2, or swap/trade (1 action)")
END = Action("end", None, "End your actions this turn")
ABILITY = Action("ability", None, "Second Wind: gain one extra action (once per game)")
STOP = Action("stop", None, "Stop attacking with this Use")
MANAGE_DONE = Action("manage-done", None, "Done managing")
TRASH_NEW = Action("trash-new", None, "Trash the new resource")
ACCEPT = Action("trade", True, "Agree to the trade")
DECLINE = Action("trade", False, "Refuse the trade")


@auto("player-begin")
def player_begin(s: IGDState, step: Step) -> None:
    """Each living player gets 2 actions (none after another player killed their Loved One)."""
    s.phase = "player"
    for c in s.chars:
        c.scavenged = c.persistent_used = c.camera_used = False
        c.actions = 0
        if c.alive:
            if c.skip_next:
                say(s, f"{cname(s, c.seat)} grieves and takes no actions this turn")
            else:
                c.actions = 2
        c.skip_next = False
    s.actor = next((c.seat for c in s.chars if c.actions > 0), 0)
    s.acted = False
    s.free_pass = True
    s.stack.append(Step("player-end"))
    s.stack.append(Step("player-action", s.actor))


def settle_actor(s: IGDState, step: Step) -> bool:
    """Keep the initiative with a seat that has actions; False when all are spent."""
    c = s.chars[s.actor]
    if not (c.alive and c.actions > 0):
        n = s.players
        for k in range(1, n + 1):
            q = (s.actor + k) % n
            if s.chars[q].alive and s.chars[q].actions > 0:
                s.actor = q
                s.acted = False
                break
        else:
            return False
    step.seat = s.actor
    return True


SETTLE["player-action"] = settle_actor


@decision("player-action", "Choose an action")
def action_options(s: IGDState, step: Step) -> list[Action]:
    p = s.actor
    c = s.chars[p]
    opts = [SEARCH]
    if can_manage(s, p):
        opts.append(MANAGE)
    opts.extend(use_options(s, c))
    if CHARS[c.char].ability == "second-wind" and not c.ability_used:
        opts.append(ABILITY)
    for f in own_cards(c) + shared_cards(s):
        opts.append(card_action(s, "trash", f, "Trash {name} (free)"))
    if s.acted or s.free_pass:
        for q in s.chars:
            if q.seat != p and q.alive and q.actions > 0:
                opts.append(Action("pass", q.seat, f"Let {cname(s, q.seat)} act next"))
    opts.append(END)
    return opts


@handler("player-action")
def action_handle(s: IGDState, step: Step, action: Action) -> None:
    p = s.actor
    c = s.chars[p]
    s.stack.append(Step("player-action", p))
    kind = action.kind
    if kind == "search":
        c.actions -= 1
        s.acted = True
        search(s, c)
    elif kind == "manage":
        c.actions -= 1
        s.acted = True
        s.stack.append(Step("manage-pick", p, 0))
    elif kind == "use":
        s.acted = True
        use_resource(s, c, action.value)
    elif kind == "trash":
        say(s, f"{cname(s, p)} trashes {fname(s, action.value)}")
        trash(s, action.value)
    elif kind == "ability":
        c.ability_used = True
        c.actions += 1
        say(s, f"{cname(s, p)} uses Second Wind")
    elif kind == "pass":
        s.actor = action.value
        s.acted = False
        s.free_pass = False
    else:  # end
        c.actions = 0


@auto("player-end")
def player_end(s: IGDState, step: Step) -> None:
    """Kill Point tokens are removed; Acquired resources are placed now."""
    for z in s.spaces:
        if z >= 0:
            s.kp[z] = 0
    pairs = s.acquired
    s.acquired = []
    for i in range(len(pairs) - 2, -1, -2):
        s.stack.append(Step("place-resource", pairs[i], pairs[i + 1]))


# -- searching and placing resources -------------------------------------------------------


def search(s: IGDState, c: Character) -> None:
    """A Fate check; a resource found must go on a tracker or be trashed.

    RIP effects: Persistent Search lets each player ignore one No Luck per turn; Not Much
    Left discards the first resource drawn. Rosa's ability redraws one failed search a turn.
    Source: rulebook, "Search for a Resource", "Resolve Occurrence Cards".
    """
    discard_first = s.rip_effect == "not-much-left"
    while True:
        f = draw_fate(s)
        if f < 0:
            return
        if no_luck(s, f):
            s.fdiscard.append(f)
            if s.rip_effect == "persistent-search" and not c.persistent_used:
                c.persistent_used = True
                say(s, f"{cname(s, c.seat)} ignores a No Luck card (Persistent Search)")
                continue
            if CHARS[c.char].ability == "scavenger" and not c.scavenged:
                c.scavenged = True
                say(s, f"{cname(s, c.seat)} searches again (Scavenger)")
                continue
            say(s, f"{cname(s, c.seat)} searches: No Luck")
            return
        if discard_first:
            discard_first = False
            s.fdiscard.append(f)
            say(s, f"{cname(s, c.seat)} must discard {fname(s, f)} (Not Much Left)")
            continue
        say(s, f"{cname(s, c.seat)} finds {fname(s, f)}")
        s.stack.append(Step("place-resource", c.seat, f))
        return


@decision("place-resource", "Where does the new resource go?")
def place_options(s: IGDState, step: Step) -> list[Action]:
    c = s.chars[step.seat]
    opts = []
    if -1 in c.hands:
        opts.append(Action("place", (HAND, step.seat), "Hands tracker"))
    if -1 in c.body:
        opts.append(Action("place", (BODY, step.seat), "Body tracker"))
    if free_ground(s)[0] >= 0:
        opts.append(Action("place", (GROUND, -1), "Ground tracker"))
    if not opts:
        for f in own_cards(c) + shared_cards(s):
            opts.append(Action("make-room", f, f"Trash {fname(s, f)} to make room"))
    opts.append(TRASH_NEW)
    return opts


def put(s: IGDState, f: int, where: int, seat: int) -> None:
    """Put a card on the first empty slot of a tracker (Ground: any shared slot)."""
    if where == GROUND:
        where, seat, slot = free_ground(s)
    else:
        slot = tracker(s, where, seat).index(-1)
    tracker(s, where, seat)[slot] = f


@handler("place-resource")
def place_handle(s: IGDState, step: Step, action: Action) -> None:
    f = step.a
    if action.kind == "place":
        where, seat = action.value
        put(s, f, where, seat)
    elif action.kind == "make-room":
        say(s, f"{fname(s, action.value)} is trashed to make room")
        trash(s, action.value)
        s.stack.append(step)
    else:
        s.ftrash.append(f)
        say(s, f"{fname(s, f)} is trashed")


@decision("place-start", "Place a starting resource on a tracker")
def place_start_options(s: IGDState, step: Step) -> list[Action]:
    opts = []
    for c in s.chars:
        who = f"{cname(s, c.seat)}'s " if s.players > 1 else ""
        if -1 in c.hands:
            opts.append(Action("place", (HAND, c.seat), f"{who}Hands tracker"))
        if -1 in c.body:
            opts.append(Action("place", (BODY, c.seat), f"{who}Body tracker"))
    if -1 in s.ground:
        opts.append(Action("place", (GROUND, -1), "Ground tracker"))
    return opts or [TRASH_NEW]


@handler("place-start")
def place_start_handle(s: IGDState, step: Step, action: Action) -> None:
    place_handle(s, step, action)


# -- managing resources --------------------------------------------------------------------


def owner(s: IGDState, where: int, seat: int) -> int:
    """Seat controlling a tracker; -1 for shared (Ground, dead characters' trackers)."""
    if where == GROUND or not s.chars[seat].alive:
        return -1
    return seat


def trade_ok(s: IGDState, p: int, q: int) -> bool:
    """No Zombie in a common space between the two characters. Source: "Trade Resources"."""
    lay = layout(s)
    a, b = s.chars[p].space, s.chars[q].space
    for sp in lay.adjacent[a]:
        if s.spaces[sp] >= 0 and sp in lay.adjacent[b]:
            return False
    return True


def reachable(s: IGDState, p: int) -> list[tuple[int, int]]:
    """Trackers ``p`` may move cards to or from: own, shared, tradable partners'."""
    out = [(HAND, p), (BODY, p), (GROUND, -1)]
    for c in s.chars:
        if c.seat == p:
            continue
        if not c.alive:
            out.append((HAND, c.seat))
            out.append((BODY, c.seat))
        elif trade_ok(s, p, c.seat):
            out.append((HAND, c.seat))
            out.append((BODY, c.seat))
    return out


def _group(s: IGDState, where: int, seat: int) -> tuple[int, int]:
    return (GROUND, -1) if owner(s, where, seat) < 0 else (where, seat)


def manage_dests(s: IGDState, p: int, f: int, moves_done: int) -> list[Action]:
    """Moves to an empty space of another tracker, and (as a whole action) swaps.

    Every move or swap involves a tracker of the acting player; one of another living
    player's trackers makes it a Trade. Source: rulebook, "Manage Resources".
    """
    w0, s0, _ = locate(s, f)
    o0 = owner(s, w0, s0)
    src = _group(s, w0, s0)
    opts = []
    trackers = [
        (where, seat) for where, seat in reachable(s, p)
        if (o0 == p or owner(s, where, seat) == p) and _group(s, where, seat) != src
    ]
    seen_ground = False
    for where, seat in trackers:
        if owner(s, where, seat) < 0:
            if seen_ground:
                continue
            seen_ground = True
            if free_ground(s)[0] >= 0:
                opts.append(Action("move-to", (GROUND, -1), "Move to the Ground"))
        elif -1 in tracker(s, where, seat):
            opts.append(Action("move-to", (where, seat), f"Move to {cname(s, seat)}'s {WHERE_NAMES[where]}"))
    if moves_done == 0:
        seen_ground = False
        for where, seat in trackers:
            if owner(s, where, seat) < 0:
                if seen_ground:
                    continue
                seen_ground = True
                cards = shared_cards(s)
            else:
                cards = [g for g in tracker(s, where, seat) if g >= 0]
            opts.extend(card_action(s, "swap", g, "Swap with the {name}") for g in cards)
    return opts


def can_manage(s: IGDState, p: int) -> bool:
    """Some move or swap exists: a card of your own always has one (the other tracker of
    yours either has room or a card to swap with); a shared or tradable card can come to
    your empty trackers."""
    c = s.chars[p]
    for f in c.hands:
        if f >= 0:
            return True
    for f in c.body:
        if f >= 0:
            return True
    if shared_cards(s):
        return True
    return any(
        q.alive and q.seat != p and own_cards(q) and trade_ok(s, p, q.seat) for q in s.chars
    )


def manage_picks(s: IGDState, p: int, moves_done: int) -> list[int]:
    """Cards with at least one move or swap for ``p`` (see :func:`can_manage`)."""
    if moves_done == 0:
        own = own_cards(s.chars[p])
        others = shared_cards(s)
        for c in s.chars:
            if c.alive and c.seat != p and trade_ok(s, p, c.seat):
                others.extend(own_cards(c))
        me = s.chars[p]
        room = bool(own) or -1 in me.hands or -1 in me.body
        return own + others if room else own
    cards = own_cards(s.chars[p]) + shared_cards(s)
    for c in s.chars:
        if c.alive and c.seat != p and trade_ok(s, p, c.seat):
            cards.extend(own_cards(c))
    return [f for f in cards if manage_dests(s, p, f, moves_done)]


@decision("manage-pick", "Manage: which resource do you move?")
def manage_pick_options(s: IGDState, step: Step) -> list[Action]:
    opts = [card_action(s, "pick", f, "Move the {name}") for f in manage_picks(s, step.seat, step.a)]
    if step.a > 0 or not opts:
        opts.append(MANAGE_DONE)
    return opts


@handler("manage-pick")
def manage_pick_handle(s: IGDState, step: Step, action: Action) -> None:
    if action.kind == "pick":
        s.stack.append(Step("manage-dest", step.seat, action.value, step.a))


@decision("manage-dest", "Manage: where does it go?")
def manage_dest_options(s: IGDState, step: Step) -> list[Action]:
    return manage_dests(s, step.seat, step.a, step.b)


def _partner(s: IGDState, p: int, f: int, action: Action) -> int:
    w0, s0, _ = locate(s, f)
    owners = [owner(s, w0, s0)]
    if action.kind == "move-to":
        owners.append(owner(s, *action.value))
    else:
        w1, s1, _ = locate(s, action.value)
        owners.append(owner(s, w1, s1))
    for o in owners:
        if o >= 0 and o != p:
            return o
    return -1


def do_manage(s: IGDState, p: int, f: int, kind: str, value: object) -> None:
    """Carry out a move or swap (Uses stay aligned: they belong to the card)."""
    if kind == "move-to":
        where, seat = value  # type: ignore[misc]
        remove_from_tracker(s, f)
        put(s, f, where, seat)
        say(s, f"{cname(s, p)} moves {fname(s, f)}")
    else:
        g = int(value)  # type: ignore[call-overload]
        w0, s0, i0 = locate(s, f)
        w1, s1, i1 = locate(s, g)
        tracker(s, w0, s0)[i0] = g
        tracker(s, w1, s1)[i1] = f
        say(s, f"{cname(s, p)} swaps {fname(s, f)} and {fname(s, g)}")


@handler("manage-dest")
def manage_dest_handle(s: IGDState, step: Step, action: Action) -> None:
    p, f, moves = step.seat, step.a, step.b
    partner = _partner(s, p, f, action)
    if action.kind == "move-to" and moves + 1 < 2:
        s.stack.append(Step("manage-pick", p, moves + 1))
    if partner >= 0:
        kind = 0 if action.kind == "move-to" else 1
        value = list(action.value) if kind == 0 else [action.value, 0]
        s.stack.append(Step("trade-accept", partner, f, p, [kind, *value, moves]))
        return
    do_manage(s, p, f, action.kind, action.value)


@decision("trade-accept", "A trade is proposed: do you agree?")
def trade_options(s: IGDState, step: Step) -> list[Action]:
    return [ACCEPT, DECLINE]


@handler("trade-accept")
def trade_handle(s: IGDState, step: Step, action: Action) -> None:
    f, p = step.a, step.b
    kind, v1, v2, moves = step.cards
    if action.value:
        if kind == 0:
            do_manage(s, p, f, "move-to", (v1, v2))
        else:
            do_manage(s, p, f, "swap", v1)
        return
    say(s, f"{cname(s, step.seat)} refuses the trade")
    if moves == 0:
        # Nothing was managed: the action is given back.
        s.chars[p].actions += 1
        if s.stack and s.stack[-1].kind == "manage-pick" and s.stack[-1].seat == p:
            s.stack.pop()


# -- using resources -----------------------------------------------------------------------


def shielded(s: IGDState, space: int, dist: tuple[int, ...]) -> bool:
    """A Zombie occupies a space adjacent to ``space`` in front of it (closer to you)."""
    r = dist[space]
    for a in layout(s).adjacent[space]:
        if dist[a] < r and s.spaces[a] >= 0:
            return True
    return False


def attack_targets(s: IGDState, c: Character, f: int) -> list[int]:
    """Spaces holding a Zombie this weapon may target now.

    Melee: range 1 only. Short Stuff: not by a ranged weapon while shielded (unless
    adjacent). Loved One: not until held back by, or having bitten, this character.
    Hated One: with a Ranged Weapon in hand only the Hated One; with melee only, the Hated
    One once it is adjacent. Source: rulebook, "Resolving an Attack", "Zombie Abilities".
    """
    t = FATE[s.fcards[f]]
    dist = layout(s).dist[c.space]
    bit = 1 << c.seat
    ranged = t.category == "ranged"
    out: list[int] = []
    hated: list[int] = []
    for sp, z in enumerate(s.spaces):
        if z < 0:
            continue
        zt = ZOMBIES[s.zcards[z]]
        if zt.kind == "occurrence":
            continue
        if s.hated[z] & bit:
            hated.append(sp)
        r = dist[sp]
        if not ranged and r != 1:
            continue
        if t.max_range and r > t.max_range:
            continue
        if r < t.min_range:
            continue
        if s.loved[z] & bit and not s.loved_clear[z] & bit:
            continue
        if ranged and r > 1 and zt.short_stuff and shielded(s, sp, dist):
            continue
        out.append(sp)
    if hated:
        holds_ranged = any(g >= 0 and FATE[s.fcards[g]].category == "ranged" for g in c.hands)
        if holds_ranged or any(dist[h] == 1 for h in hated):
            out = [sp for sp in out if sp in hated]
    return out


def use_options(s: IGDState, c: Character) -> list[Action]:
    """The resources this character may use now (weapons need a target)."""
    opts = []
    lay = layout(s)
    for f in own_cards(c):
        t = FATE[s.fcards[f]]
        e = t.effect
        if e == "weapon":
            if f in c.hands and weapon_ready(s, c, f) and attack_targets(s, c, f):
                opts.append(card_action(s, "use", f, "Attack with the {name}"))
        elif e == "camera":
            if not c.camera_used and not any(s.spaces[a] >= 0 for a in lay.adjacent[c.space]):
                opts.append(card_action(s, "use", f, "Take a snapshot with the {name}"))
        elif e == "extra-action":
            opts.append(card_action(s, "use", f, "Drink the {name} (free, +1 action)"))
        elif e == "flare":
            if any(s.spaces[sp] >= 0 for sp in lay.initial):
                opts.append(card_action(s, "use", f, "Light the {name}"))
        elif e == "reload":
            if reload_targets(s, c):
                opts.append(card_action(s, "use", f, "Reload with the {name}"))
        elif e == "no-move":
            if no_move_targets(s, c, f):
                opts.append(card_action(s, "use", f, "Throw the {name}"))
    return opts


def reload_targets(s: IGDState, c: Character) -> list[int]:
    return [
        g for g in own_cards(c)
        if FATE[s.fcards[g]].category == "ranged" and FATE[s.fcards[g]].effect == "weapon"
        and 0 <= s.uses[g] < FATE[s.fcards[g]].uses
    ]


def no_move_targets(s: IGDState, c: Character, f: int) -> list[int]:
    dist = layout(s).dist[c.space]
    reach = FATE[s.fcards[f]].max_range
    return [
        sp for sp, z in enumerate(s.spaces)
        if z >= 0 and dist[sp] <= reach and not s.no_move[z]
    ]


def use_resource(s: IGDState, c: Character, f: int) -> None:
    """Use a weapon or item (one action unless the card says otherwise)."""
    t = FATE[s.fcards[f]]
    e = t.effect
    name = cname(s, c.seat)
    if e == "extra-action":
        c.actions += 1
        trash(s, f)
        say(s, f"{name} drinks the {t.name}: +1 action")
        return
    c.actions -= 1
    if e == "weapon":
        if s.uses[f] > 0:
            s.uses[f] -= 1
        apu = t.apu + (1 if t.category == "melee" and CHARS[c.char].ability == "brawler" else 0)
        say(s, f"{name} uses the {t.name} ({apu} attacks)")
        s.stack.append(Step("attack", c.seat, f, apu))
    elif e == "camera":
        c.camera_used = True
        s.uses[f] -= 1
        say(s, f"{name} takes a snapshot")
        if s.uses[f] <= 0:
            remove_from_tracker(s, f)
            s.fbonus.append(f)
            s.bonus += t.bonus
            say(s, f"the {t.name} goes to the bonus pile (+{t.bonus})")
    elif e == "flare":
        for sp in layout(s).initial:
            z = s.spaces[sp]
            if z >= 0:
                s.no_move[z] = True
        trash(s, f)
        say(s, f"{name} lights the {t.name}: Zombies on Initial Spaces will not move")
    elif e == "reload":
        s.stack.append(Step("reload", c.seat, f))
    elif e == "no-move":
        s.stack.append(Step("dead-weight", c.seat, f))


@decision("reload", "Which Ranged Weapon do you reload?")
def reload_options(s: IGDState, step: Step) -> list[Action]:
    return [Action("reload", g, f"Reload {fname(s, g)}") for g in reload_targets(s, s.chars[step.seat])]


@handler("reload")
def reload_handle(s: IGDState, step: Step, action: Action) -> None:
    g = action.value
    s.uses[g] = FATE[s.fcards[g]].uses
    trash(s, step.a)
    say(s, f"{cname(s, step.seat)} reloads the {fname(s, g)}")


@decision("dead-weight", "Which Zombie gets the No Move token?")
def dead_weight_options(s: IGDState, step: Step) -> list[Action]:
    c = s.chars[step.seat]
    return [
        Action("no-move", sp, f"{zname(s, s.spaces[sp])} in space {sp}")
        for sp in no_move_targets(s, c, step.a)
    ]


@handler("dead-weight")
def dead_weight_handle(s: IGDState, step: Step, action: Action) -> None:
    s.no_move[s.spaces[action.value]] = True
    trash(s, step.a)
    say(s, f"{cname(s, step.seat)} pins {zname(s, s.spaces[action.value])} with the {fname(s, step.a)}")


# -- attacking -----------------------------------------------------------------------------


@decision("attack", "Choose a target (or stop)")
def attack_options(s: IGDState, step: Step) -> list[Action]:
    c = s.chars[step.seat]
    opts = [space_action(s, "target", sp, "{name} in space {space}") for sp in attack_targets(s, c, step.a)]
    opts.append(STOP)
    return opts


@handler("attack")
def attack_handle(s: IGDState, step: Step, action: Action) -> None:
    if action.kind == "stop":
        return
    c = s.chars[step.seat]
    keep_going = resolve_attack(s, c, step.a, action.value)
    if keep_going and step.b > 1 and attack_targets(s, c, step.a):
        s.stack.append(Step("attack", step.seat, step.a, step.b - 1))


def resolve_attack(s: IGDState, c: Character, f: int, space: int) -> bool:
    """One attack: a Fate check, then Kill Points (or a Critical Hit / automatic kill).

    Kill Points >= Z-Number + Range kills; at least 1 Kill Point must be applied.
    Returns False when the Use ends (a miss, with the ``miss_ends_use`` option).
    Source: rulebook, "Resolving an Attack", "Applying Kill Points", "Critical Hit".
    """
    t = FATE[s.fcards[f]]
    z = s.spaces[space]
    r = layout(s).dist[c.space][space]
    card = draw_fate(s)
    miss = no_luck(s, card)
    if miss and CHARS[c.char].ability == "lucky-break" and not c.ability_used and card >= 0:
        c.ability_used = True
        s.fdiscard.append(card)
        say(s, f"{cname(s, c.seat)}'s Lucky Break: the failed check is drawn again")
        card = draw_fate(s)
        miss = no_luck(s, card)
    if card >= 0:
        s.fdiscard.append(card)
    who = f"{cname(s, c.seat)} -> {zname(s, z)} (range {r})"
    if miss:
        say(s, f"{who}: miss")
        return not s.miss_ends_use
    if s.fcrit[card] or t.auto_kill:
        say(s, f"{who}: {'Critical Hit' if s.fcrit[card] else 'automatic kill'}")
        kill(s, c, space, f, behind=True)
        if t.auto_kill:
            for a in layout(s).adjacent[space]:
                y = s.spaces[a]
                if y >= 0 and ZOMBIES[s.zcards[y]].kind != "occurrence":
                    kill(s, c, a, f, behind=False)
        return True
    points = t.attack + modifier(s, c, f, r)
    if points < 1:
        say(s, f"{who}: hit, but no Kill Points")
        return True
    s.kp[z] += points
    need = effective_z(s, z, space) + r
    say(s, f"{who}: hit for {points} ({s.kp[z]}/{need})")
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
    zt = ZOMBIES[s.zcards[z]]
    r = lay.dist[c.space][space]
    grief = s.loved[z] & ~(1 << c.seat)
    remove_zombie(s, space)
    s.kills += 1
    c.kills += 1
    say(s, f"{cname(s, c.seat)} kills {zt.name} (kills {s.kills})")
    for q in s.chars:
        if grief & (1 << q.seat) and q.alive:
            q.skip_next = True
            say(s, f"{cname(s, q.seat)}'s Loved One was killed by another: no actions next turn")
    if zt.acquire and r == 1:
        for g in s.fdiscard:
            if FATE[s.fcards[g]].id == zt.acquire:
                s.fdiscard.remove(g)
                s.acquired.extend((c.seat, g))
                say(s, f"{cname(s, c.seat)} acquires {fname(s, g)}")
                break
    t = FATE[s.fcards[f]]
    if behind and t.behind:
        cr, cc = lay.spaces[c.space]
        tr, tc = lay.spaces[space]
        dr = (tr > cr) - (tr < cr)
        dc = (tc > cc) - (tc < cc)
        target = (tr + dr, tc + dc)
        if target in lay.spaces:
            b = lay.spaces.index(target)
            y = s.spaces[b]
            if y >= 0 and ZOMBIES[s.zcards[y]].kind != "occurrence":
                s.kp[y] += t.behind
                need = effective_z(s, y, b) + lay.dist[c.space][b]
                say(s, f"{t.name}: {t.behind} Kill Points to {zname(s, y)} behind ({s.kp[y]}/{need})")
                if s.kp[y] >= need:
                    kill(s, c, b, f, behind=False)

