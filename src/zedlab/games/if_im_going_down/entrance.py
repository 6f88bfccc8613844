"""The Zombie Entrance Phase: Initial Spaces, Pop-Ups, Occurrence cards, the Zombie Player.

Source: If I'm Going Down... rulebook, "Zombie Entrance Phase", "Resolve Occurrence Cards",
"Pop-Up! Zombies", "Zombie Player Variant".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

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
    shared_cards,
    tracker,
    trash,
    zname,
)
from .effects import OCCURRENCES, discharge_options
from .state import IGDState
from .steps import (
    FLOW,
    AttackPhase,
    BeginTurn,
    Discharge,
    Fill,
    Fumble,
    FumbleTrash,
    MovementPhase,
    Occurrences,
    PlacePopup,
    PlayerBegin,
    ResolveOccurrence,
    Spinach,
    ZpDraw,
    ZpPlace,
    ZpSpace,
)

ZDONE = Action("zdone", None, "Done placing Zombie cards from hand")


@FLOW.auto(BeginTurn)
def begin_turn(s: IGDState, step: BeginTurn) -> None:
    """Start a turn: lay its four phases in order ("The Phases of a Turn")."""
    s.entered = []
    s.zp_placed = s.zp_loved = s.zp_popup = s.zp_popups = 0
    emit(s, "turn", turn=s.turn, number=s.turn)
    if s.zombie_seat >= 0:
        push(s, ZpPlace(seat=s.zombie_seat), Fill(), Occurrences(), ZpDraw(), PlayerBegin(), AttackPhase(),
             MovementPhase())
    else:
        push(s, Fill(), Occurrences(), PlayerBegin(), AttackPhase(), MovementPhase())


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
    emit(s, "zombie-reshuffle", turn=s.turn, cards=len(cards), kills=s.kills)


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
    t = PACKS[s.content].zombies[s.zcards[z]]
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


@FLOW.auto(Fill)
def fill_initial_spaces(s: IGDState, step: Fill) -> None:
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
        if PACKS[s.content].zombies[s.zcards[z]].pop_up:
            spaces = popup_spaces(s, space)
            if len(spaces) == 1:
                enters(s, z, spaces[0], space)
                emit(s, "popup", turn=s.turn, card=z, zombie=zname(s, z), space=spaces[0])
                continue
            if spaces:
                s.stack.append(PlacePopup(seat=decider, z=z, origin=space, spaces=spaces))
                continue
        enters(s, z, space, space)
        zt = PACKS[s.content].zombies[s.zcards[z]]
        if zt.kind == "occurrence":
            emit(s, "occurrence-enters", turn=s.turn, card=z, zombie=zt.name, space=space)
        else:
            emit(s, "enters", turn=s.turn, card=z, zombie=zt.name, z=zt.z, space=space)


@FLOW.decide(PlacePopup)
def ask_popup(s: IGDState, step: PlacePopup) -> Decision:
    options = [Action("popup", sp, f"Space {sp}") for sp in step.spaces if is_free(s, sp)] or [
        Action("popup", step.origin, f"Initial space {step.origin}")
    ]
    return Decision(step.seat, "place-popup", tuple(options), "Where does the Pop-Up Zombie appear?")


@FLOW.resolve(PlacePopup)
def place_popup(s: IGDState, step: PlacePopup, action: Action) -> None:
    enters(s, step.z, action.value, step.origin)
    emit(s, "popup", turn=s.turn, card=step.z, zombie=zname(s, step.z), space=action.value)


# -- Occurrence cards ----------------------------------------------------------------------


@FLOW.auto(Occurrences)
def queue_occurrences(s: IGDState, step: Occurrences) -> None:
    """Resolve the Occurrence cards placed this phase, one at a time, in space order."""
    occ = [
        (sp, z) for sp, z in enumerate(s.spaces)
        if z >= 0 and z in s.entered and PACKS[s.content].zombies[s.zcards[z]].kind == "occurrence"
    ]
    push(s, *(ResolveOccurrence(z=z, space=sp, count=len(occ)) for sp, z in occ))


@FLOW.auto(ResolveOccurrence)
def resolve_occurrence(s: IGDState, step: ResolveOccurrence) -> None:
    """Biohazard first, then a Fate card picks the occurrence by its icon.

    Only the last RIP Occurrence resolved stays in play; expired ones are discarded.
    Ruling: a resolved Occurrence leaves its Initial Space (a RIP one is kept beside the
    layout), so the space is empty until the next Entrance Phase.
    """
    z, space = step.z, step.space
    t = PACKS[s.content].zombies[s.zcards[z]]
    s.spaces[space] = -1
    biohazard = t.biohazard and (s.zombie_seat < 0 or step.count >= 2)
    if biohazard:
        for c in living(s):
            if c.biohazard:
                character_dies(s, c, turned=True)
        if s.over:
            s.zdiscard.append(z)
            return
    f = draw_fate(s)
    icon = PACKS[s.content].fate[s.fcards[f]].category if f >= 0 else "no-luck"
    if f >= 0:
        s.fdiscard.append(f)
    occ = PACKS[s.content].occurrences[icon]
    emit(s, "occurrence", turn=s.turn, card=z, zombie=t.name, fate=fname(s, f) if f >= 0 else "(none)", effect=occ.id,
        occurrence=occ.name)
    if occ.rip:
        if s.rip >= 0:
            s.zdiscard.append(s.rip)
        s.rip = z
        s.rip_effect = occ.id
        s.spinach_seat = -1
    else:
        s.zdiscard.append(z)
    effect = OCCURRENCES.get(occ.id)
    if effect is not None:
        effect(s)


@FLOW.decide(Spinach)
def ask_spinach(s: IGDState, step: Spinach) -> Decision:
    options = tuple(Action("spinach", c.seat, cname(s, c.seat)) for c in living(s))
    return Decision(step.seat, "spinach", options, "Eat Your Spinach: which character may hold back 2 Zombies per turn?")


@FLOW.resolve(Spinach)
def spinach(s: IGDState, step: Spinach, action: Action) -> None:
    s.spinach_seat = action.value
    emit(s, "spinach", turn=s.turn, seat=action.value, character=cname(s, action.value))


@FLOW.decide(Fumble)
def ask_fumble(s: IGDState, step: Fumble) -> Decision:
    options = tuple(
        Action("fumble", f, f"{cname(s, c.seat)}'s {fname(s, f)}")
        for c in living(s) for f in c.hands if f >= 0
    )
    return Decision(step.seat, "fumble", options, "Fumble: which resource falls from a Hand tracker to the Ground?")


def _fumble(s: IGDState, seat: int, f: int) -> None:
    where, whose, slot = free_ground(s)
    if where < 0:
        s.stack.append(FumbleTrash(seat=seat, card=f))
        return
    remove_from_tracker(s, f)
    tracker(s, where, whose)[slot] = f
    emit(s, "fumble", turn=s.turn, card=f, name=fname(s, f))


@FLOW.resolve(Fumble)
def fumble(s: IGDState, step: Fumble, action: Action) -> None:
    _fumble(s, step.seat, action.value)


@FLOW.decide(FumbleTrash)
def ask_fumble_trash(s: IGDState, step: FumbleTrash) -> Decision:
    cards = [step.card] + [f for f in shared_cards(s) if f != step.card]
    options = tuple(Action("fumble-trash", f, f"Trash {fname(s, f)}") for f in cards)
    return Decision(step.seat, "fumble-trash", options, "The Ground is full: which resource is trashed?")


@FLOW.resolve(FumbleTrash)
def fumble_trash(s: IGDState, step: FumbleTrash, action: Action) -> None:
    trash(s, action.value)
    emit(s, "fumble-trashed", turn=s.turn, card=action.value, name=fname(s, action.value))
    if action.value != step.card:
        _fumble(s, step.seat, step.card)


@FLOW.decide(Discharge)
def ask_discharge(s: IGDState, step: Discharge) -> Decision:
    return Decision(step.seat, "discharge", tuple(discharge_options(s)),
                    "Accidental Discharge: which Ranged Weapon loses a Use?")


@FLOW.resolve(Discharge)
def discharge(s: IGDState, step: Discharge, action: Action) -> None:
    s.uses[action.value] -= 1
    emit(s, "discharge", turn=s.turn, card=action.value, name=fname(s, action.value), uses=s.uses[action.value])


# -- the Zombie Player ---------------------------------------------------------------------


def zp_spaces(s: IGDState, z: int) -> list[int]:
    """Where the Zombie Player may place card ``z`` from hand (see "Zombie Player Variant")."""
    lay = layout(s)
    t = PACKS[s.content].zombies[s.zcards[z]]
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


@FLOW.decide(ZpPlace)
def ask_zp_place(s: IGDState, step: ZpPlace) -> Decision:
    """The cards of the hand that have somewhere to go; done once 3 are placed (while at
    most one Occurrence card is left in hand), or when none can be placed."""
    options = [Action("zcard", z, f"Place {zname(s, z)}") for z in s.zhand if zp_spaces(s, z)]
    occ_in_hand = sum(PACKS[s.content].zombies[s.zcards[z]].kind == "occurrence" for z in s.zhand)
    if not options or (s.zp_placed >= 3 and occ_in_hand <= 1):
        options.append(ZDONE)
    return Decision(step.seat, "zp-place", tuple(options), "Zombie Player: place a card from your hand (3 or more)")


@FLOW.resolve(ZpPlace)
def zp_place(s: IGDState, step: ZpPlace, action: Action) -> None:
    if action.kind == "zcard":
        s.stack.append(ZpSpace(seat=step.seat, z=action.value))


@FLOW.decide(ZpSpace)
def ask_zp_space(s: IGDState, step: ZpSpace) -> Decision:
    z = step.z
    options = tuple(Action("zplace", sp, f"{zname(s, z)} to space {sp}") for sp in zp_spaces(s, z))
    return Decision(step.seat, "zp-space", options, f"Zombie Player: where does {zname(s, z)} go?")


@FLOW.resolve(ZpSpace)
def zp_space(s: IGDState, step: ZpSpace, action: Action) -> None:
    z, space = step.z, action.value
    s.zhand.remove(z)
    s.zp_placed += 1
    t = PACKS[s.content].zombies[s.zcards[z]]
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
    emit(s, "zp-places", turn=s.turn, card=z, zombie=t.name, space=space)
    s.stack.append(ZpPlace(seat=step.seat))


@FLOW.auto(ZpDraw)
def zp_draw(s: IGDState, step: ZpDraw) -> None:
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

