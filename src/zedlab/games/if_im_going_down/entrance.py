"""The Zombie Entrance Phase: Initial Spaces, Pop-Ups, Occurrence cards, the Zombie Player.

Source: If I'm Going Down... rulebook, "Zombie Entrance Phase", "Resolve Occurrence Cards",
"Pop-Up! Zombies", "Zombie Player Variant".
"""

from __future__ import annotations

from zedlab.core import Action

from .board import (
    PACKS,
    character_dies,
    closest_mask,
    cname,
    draw_fate,
    first_player,
    fname,
    free_ground,
    is_free,
    layout,
    living,
    remove_from_tracker,
    say,
    shared_cards,
    tracker,
    trash,
    zname,
)
from .state import IGDState, Step
from .steps import auto, decision, handler

ZDONE = Action("zdone", None, "Done placing Zombie cards from hand")


@auto("begin-turn")
def begin_turn(s: IGDState, step: Step) -> None:
    """Start a turn: push its four phases in order."""
    s.phase = "zombie-entrance"
    s.entered = []
    s.zp_placed = s.zp_loved = s.zp_popup = s.zp_popups = 0
    say(s, f"turn {s.turn} begins")
    push = s.stack.append
    push(Step("movement-phase"))
    push(Step("attack-phase"))
    push(Step("player-begin"))
    if s.zombie_seat >= 0:
        push(Step("zp-draw"))
    push(Step("occurrences"))
    push(Step("fill"))
    if s.zombie_seat >= 0:
        push(Step("zp-place", s.zombie_seat))


# -- entry piles ---------------------------------------------------------------------------


def refill_piles(s: IGDState) -> None:
    """Shuffle the Zombie discard pile and deal it to the bottom of the entry piles.

    Kills are tallied as they happen, so the count the rulebook asks for before this
    shuffle is already recorded in ``s.kills``.
    """
    if not s.zdiscard:
        return
    cards = s.zdiscard
    s.zdiscard = []
    s.rng.shuffle(cards)
    for i, z in enumerate(cards):
        s.piles[i % len(s.piles)].append(z)
    say(s, f"the Zombie discard pile ({len(cards)} cards) is shuffled into the entry piles (kills so far {s.kills})")


def draw_zombie(s: IGDState, pile: int) -> int:
    """Top card of an entry pile, refilling the piles if it is empty; -1 if none at all.

    Ruling: when one pile is empty the discard pile is dealt to all piles; if it is still
    empty, the largest pile feeds the space.
    """
    if not s.piles[pile]:
        refill_piles(s)
    if not s.piles[pile]:
        pile = max(range(len(s.piles)), key=lambda i: len(s.piles[i]))
        if not s.piles[pile]:
            return -1
    return s.piles[pile].pop(0)


def enters(s: IGDState, z: int, space: int, origin: int) -> None:
    """A card enters play on ``space``; Loved/Hated Ones pick the closest characters."""
    s.spaces[space] = z
    s.entered.append(z)
    t = PACKS[s.content_dir].zombies[s.zcards[z]]
    if t.loved_one or t.hated_one:
        mask = closest_mask(s, origin)
        if t.loved_one:
            s.loved[z] = mask
        if t.hated_one:
            s.hated[z] = mask


def popup_spaces(s: IGDState, origin: int, exclude_mask: int = 0) -> list[int]:
    """Where a Pop-Up may appear: free spaces adjacent to the closest character, then the
    next closest, and so on. Empty on the first turn or with no free Danger Zone space.

    Source: rulebook, "Pop-Up! Zombies".
    """
    if s.turn == 1:
        return []
    lay = layout(s)
    by_dist: dict[int, list[int]] = {}
    for c in living(s):
        if not exclude_mask & (1 << c.seat):
            by_dist.setdefault(lay.dist[origin][c.space], []).append(c.space)
    for d in sorted(by_dist):
        spaces = sorted({a for cs in by_dist[d] for a in lay.adjacent[cs] if is_free(s, a)})
        if spaces:
            return spaces
    return []


@auto("fill")
def fill_initial_spaces(s: IGDState, step: Step) -> None:
    """Place one card from the entry piles on each empty Initial Space.

    A Pop-Up drawn after the first turn is placed by the survivors (the Zombie Player in
    that variant) next to the closest character; its Initial Space stays empty this turn.
    """
    lay = layout(s)
    decider = s.zombie_seat if s.zombie_seat >= 0 else first_player(s)
    on_table = s.spaces
    for idx, space in enumerate(lay.initial):
        if on_table[space] >= 0:  # Initial Spaces never hold a character
            continue
        z = draw_zombie(s, lay.feeds[idx])
        if z < 0:
            continue
        s.rng.note_reveal()
        if PACKS[s.content_dir].zombies[s.zcards[z]].pop_up:
            spaces = popup_spaces(s, space)
            if len(spaces) == 1:
                enters(s, z, spaces[0], space)
                say(s, f"Pop-Up! {zname(s, z)} appears in space {spaces[0]}")
                continue
            if spaces:
                s.stack.append(Step("place-popup", decider, z, space, spaces))
                continue
        enters(s, z, space, space)
        zt = PACKS[s.content_dir].zombies[s.zcards[z]]
        if zt.kind == "occurrence":
            say(s, f"{zt.name} (an Occurrence card: a Fate card's icon picks the event) enters at space {space}")
        else:
            say(s, f"{zt.name} (Z-Number {zt.z}) enters at space {space}")


@decision("place-popup", "Where does the Pop-Up Zombie appear?")
def popup_options(s: IGDState, step: Step) -> list[Action]:
    return [Action("popup", sp, f"Space {sp}") for sp in step.cards if is_free(s, sp)] or [
        Action("popup", step.b, f"Initial space {step.b}")
    ]


@handler("place-popup")
def popup_handle(s: IGDState, step: Step, action: Action) -> None:
    enters(s, step.a, action.value, step.b)
    say(s, f"Pop-Up! {zname(s, step.a)} appears in space {action.value}")


# -- Occurrence cards ----------------------------------------------------------------------


@auto("occurrences")
def queue_occurrences(s: IGDState, step: Step) -> None:
    """Resolve the Occurrence cards placed this phase, one at a time, in space order."""
    occ = [
        (sp, z) for sp, z in enumerate(s.spaces)
        if z >= 0 and z in s.entered and PACKS[s.content_dir].zombies[s.zcards[z]].kind == "occurrence"
    ]
    for sp, z in reversed(occ):
        s.stack.append(Step("resolve-occurrence", -1, z, sp, [len(occ)]))


@auto("resolve-occurrence")
def resolve_occurrence(s: IGDState, step: Step) -> None:
    """Biohazard first, then a Fate card picks the occurrence by its icon.

    Only the last RIP Occurrence resolved stays in play; expired ones are discarded.
    Ruling: a resolved Occurrence leaves its Initial Space (a RIP one is kept beside the
    layout), so the space is empty until the next Entrance Phase.
    """
    z, space = step.a, step.b
    t = PACKS[s.content_dir].zombies[s.zcards[z]]
    s.spaces[space] = -1
    biohazard = t.biohazard and (s.zombie_seat < 0 or step.cards[0] >= 2)
    if biohazard:
        for c in living(s):
            if c.biohazard:
                character_dies(s, c, turned=True)
        if s.over:
            s.zdiscard.append(z)
            return
    f = draw_fate(s)
    icon = PACKS[s.content_dir].fate[s.fcards[f]].category if f >= 0 else "no-luck"
    if f >= 0:
        s.fdiscard.append(f)
    occ = PACKS[s.content_dir].occurrences[icon]
    say(s, f"{t.name}: Fate card {fname(s, f) if f >= 0 else '(none)'} -> {occ.name}")
    if occ.rip:
        if s.rip >= 0:
            s.zdiscard.append(s.rip)
        s.rip = z
        s.rip_effect = occ.id
        s.spinach_seat = -1
        if occ.id == "eat-your-spinach":
            alive = living(s)
            if len(alive) == 1:
                s.spinach_seat = alive[0].seat
            else:
                s.stack.append(Step("spinach", first_player(s)))
        return
    s.zdiscard.append(z)
    if occ.id == "fumble":
        if any(f2 >= 0 for c in living(s) for f2 in c.hands):
            s.stack.append(Step("fumble", first_player(s)))
    elif occ.id == "accidental-discharge":
        if discharge_options(s, step):
            s.stack.append(Step("discharge", first_player(s)))


@decision("spinach", "Eat Your Spinach: which character may hold back 2 Zombies per turn?")
def spinach_options(s: IGDState, step: Step) -> list[Action]:
    return [Action("spinach", c.seat, cname(s, c.seat)) for c in living(s)]


@handler("spinach")
def spinach_handle(s: IGDState, step: Step, action: Action) -> None:
    s.spinach_seat = action.value
    say(s, f"{cname(s, action.value)} may hold back 2 Zombies per turn")


@decision("fumble", "Fumble: which resource falls from a Hand tracker to the Ground?")
def fumble_options(s: IGDState, step: Step) -> list[Action]:
    return [
        Action("fumble", f, f"{cname(s, c.seat)}'s {fname(s, f)}")
        for c in living(s) for f in c.hands if f >= 0
    ]


@handler("fumble")
def fumble_handle(s: IGDState, step: Step, action: Action) -> None:
    f = action.value
    where, seat, slot = free_ground(s)
    if where < 0:
        s.stack.append(Step("fumble-trash", step.seat, f))
        return
    remove_from_tracker(s, f)
    tracker(s, where, seat)[slot] = f
    say(s, f"Fumble: {fname(s, f)} drops to the Ground")


@decision("fumble-trash", "The Ground is full: which resource is trashed?")
def fumble_trash_options(s: IGDState, step: Step) -> list[Action]:
    cards = [step.a] + [f for f in shared_cards(s) if f != step.a]
    return [Action("fumble-trash", f, f"Trash {fname(s, f)}") for f in cards]


@handler("fumble-trash")
def fumble_trash_handle(s: IGDState, step: Step, action: Action) -> None:
    trash(s, action.value)
    say(s, f"Fumble: {fname(s, action.value)} is trashed")
    if action.value != step.a:
        fumble_handle(s, step, Action("fumble", step.a))


@decision("discharge", "Accidental Discharge: which Ranged Weapon loses a Use?")
def discharge_options(s: IGDState, step: Step) -> list[Action]:
    return [
        Action("discharge", f, f"{cname(s, c.seat)}'s {fname(s, f)}")
        for c in living(s) for f in c.hands
        if f >= 0 and PACKS[s.content_dir].fate[s.fcards[f]].category == "ranged" and s.uses[f] > 0
    ]


@handler("discharge")
def discharge_handle(s: IGDState, step: Step, action: Action) -> None:
    s.uses[action.value] -= 1
    say(s, f"Accidental Discharge: {fname(s, action.value)} has {s.uses[action.value]} Uses left")


# -- the Zombie Player ---------------------------------------------------------------------


def zp_spaces(s: IGDState, z: int) -> list[int]:
    """Where the Zombie Player may place card ``z`` from hand (see "Zombie Player Variant")."""
    lay = layout(s)
    t = PACKS[s.content_dir].zombies[s.zcards[z]]
    initial = [sp for sp in lay.initial if is_free(s, sp)]
    if t.pop_up:
        if s.zp_popups >= s.players:  # one per player, wherever it went (turn 1 included)
            return []
        spaces: list[int] = []
        for c in living(s):
            if not s.zp_popup & (1 << c.seat) and s.turn > 1:
                spaces.extend(a for a in lay.adjacent[c.space] if is_free(s, a))
        return sorted(set(spaces)) or initial
    if t.loved_one:
        return [sp for sp in initial if not closest_mask(s, sp) & s.zp_loved]
    return initial


@decision("zp-place", "Zombie Player: place a card from your hand (3 or more)")
def zp_place_options(s: IGDState, step: Step) -> list[Action]:
    options = [
        Action("zplace", (z, sp), f"{zname(s, z)} to space {sp}")
        for z in s.zhand for sp in zp_spaces(s, z)
    ]
    occ_in_hand = sum(PACKS[s.content_dir].zombies[s.zcards[z]].kind == "occurrence" for z in s.zhand)
    if not options or (s.zp_placed >= 3 and occ_in_hand <= 1):
        options.append(ZDONE)
    return options


@handler("zp-place")
def zp_place_handle(s: IGDState, step: Step, action: Action) -> None:
    if action.kind == "zdone":
        return
    z, space = action.value
    s.zhand.remove(z)
    s.zp_placed += 1
    t = PACKS[s.content_dir].zombies[s.zcards[z]]
    s.rng.note_reveal()
    if t.pop_up:
        s.zp_popups += 1
    if t.pop_up and space not in layout(s).initial:
        for c in living(s):
            if space in layout(s).adjacent[c.space] and not s.zp_popup & (1 << c.seat):
                s.zp_popup |= 1 << c.seat
                break
    enters(s, z, space, space)
    if t.loved_one:
        s.zp_loved |= s.loved[z]
    say(s, f"the Zombie Player places {t.name} on space {space}")
    s.stack.append(Step("zp-place", step.seat))


@auto("zp-draw")
def zp_draw(s: IGDState, step: Step) -> None:
    """The Zombie Player draws back up to 6 cards from the entry piles."""
    while len(s.zhand) < 6:
        pile = max(range(len(s.piles)), key=lambda i: len(s.piles[i]))
        if not s.piles[pile]:
            refill_piles(s)
            pile = max(range(len(s.piles)), key=lambda i: len(s.piles[i]))
            if not s.piles[pile]:
                break
        s.zhand.append(s.piles[pile].pop(0))
    s.zhand.sort()

