"""The Zombie Attack Phase: Hold Back, bites and scratches.

Source: If I'm Going Down... rulebook, "Zombie Attack Phase", "Zombie Attack Phase
(continued)", "Zombie Abilities", "Zombie Player Variant".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit
from zedlab.core.flow import push

from .board import (
    PACKS,
    character_dies,
    cname,
    draw_fate,
    layout,
    living,
    no_luck,
    space_action,
    zname,
)
from .state import IGDState
from .steps import (
    FLOW,
    AgreeBite,
    ApplyBites,
    AssignBite,
    AssignScratch,
    AttackPhase,
    Bites,
    HoldBack,
    Scratches,
)

NO_HOLD = Action("hold", -1, "Hold back no Zombie")
HOLD_LABEL = "Hold back {name} (space {space})"
BITE_FATE = Action("bite-fate", None, "We cannot agree: Fate checks decide")


def zombies_adjacent(s: IGDState, space: int) -> list[int]:
    """Spaces adjacent to ``space`` holding a Zombie (not an Occurrence card)."""
    spaces, zcards = s.spaces, s.zcards
    zombies = PACKS[s.content].zombies
    return [
        a for a in layout(s).adjacent[space]
        if (z := spaces[a]) >= 0 and zombies[zcards[z]].kind != "occurrence"
    ]


@FLOW.auto(AttackPhase)
def attack_phase(s: IGDState, step: AttackPhase) -> None:
    """Assess the Danger Zone; if any Zombie is in it, Hold Back, then bites and scratches."""
    alive = living(s)
    for c in s.chars:
        c.held = 0
        c.bitten_now = c.instant_now = c.scratched_now = False
    threatened = [c for c in alive if zombies_adjacent(s, c.space)]
    if not threatened:
        return
    push(s, *(HoldBack(seat=c.seat) for c in threatened), Bites())


def hold_candidates(s: IGDState, seat: int) -> list[int]:
    """Adjacent Zombies this character may hold back: not No Hold Back, not held back the
    previous turn, not already held this turn. Source: "Zombie Attack Phase", step 2."""
    out = []
    for sp in zombies_adjacent(s, s.chars[seat].space):
        z = s.spaces[sp]
        if PACKS[s.content].zombies[s.zcards[z]].no_hold_back:
            continue
        if s.held_turn[z] >= s.turn - 1:
            continue
        out.append(sp)
    return out


@FLOW.decide(HoldBack)
def ask_hold(s: IGDState, step: HoldBack) -> Decision:
    opts = [space_action(s, "hold", sp, HOLD_LABEL) for sp in hold_candidates(s, step.seat)]
    opts.append(NO_HOLD if opts else Action("hold", -1, _no_hold_label(s, step.seat)))
    return Decision(step.seat, "hold-back", tuple(opts), "Hold back one adjacent Zombie (it will not bite this turn)?")


def _no_hold_label(s: IGDState, seat: int) -> str:
    """Why no adjacent Zombie can be held back (the step stays: Hold Back is each player's
    own choice in "Zombie Attack Phase", step 2, even when only "none" is left)."""
    why = []
    for sp in zombies_adjacent(s, s.chars[seat].space):
        z = s.spaces[sp]
        if PACKS[s.content].zombies[s.zcards[z]].no_hold_back:
            why.append(f"{zname(s, z)} has No Hold Back")
        elif s.held_turn[z] == s.turn:
            why.append(f"{zname(s, z)} is already held back this turn")
        else:
            why.append(f"{zname(s, z)} was held back last turn")
    return "Hold back no Zombie - none can be held back: " + "; ".join(why)


@FLOW.resolve(HoldBack)
def hold_back(s: IGDState, step: HoldBack, action: Action) -> None:
    if action.value < 0:
        return
    c = s.chars[step.seat]
    z = s.spaces[action.value]
    s.held_turn[z] = s.turn
    s.loved_clear[z] |= 1 << c.seat
    c.held += 1
    emit(s, "holds-back", turn=s.turn, seat=c.seat, character=cname(s, c.seat), space=action.value, zombie=zname(s, z))
    limit = 2 if s.spinach_seat == c.seat else 1
    if c.held < limit and hold_candidates(s, c.seat):
        s.stack.append(HoldBack(seat=c.seat))


def _bite(s: IGDState, seat: int, z: int) -> None:
    c = s.chars[seat]
    c.bitten_now = True
    if PACKS[s.content].zombies[s.zcards[z]].instant_kill:
        c.instant_now = True
    s.loved_clear[z] |= 1 << seat


@FLOW.auto(Bites)
def bites(s: IGDState, step: Bites) -> None:
    """Every Zombie in the Danger Zone not held back bites; one in a common space bites
    only one of the characters next to it, chosen by them (or the Zombie Player)."""
    dist = layout(s).dist
    alive = living(s)
    push(s, Scratches(), ApplyBites())
    for sp, z in enumerate(s.spaces):
        if z < 0 or s.held_turn[z] == s.turn or PACKS[s.content].zombies[s.zcards[z]].kind == "occurrence":
            continue
        near = [c.seat for c in alive if dist[c.space][sp] == 1]
        if len(near) == 1:
            _bite(s, near[0], z)
        elif near:
            decider = s.zombie_seat if s.zombie_seat >= 0 else near[0]
            s.stack.append(AssignBite(seat=decider, space=sp, near=near))


@FLOW.decide(AssignBite)
def ask_bite(s: IGDState, step: AssignBite) -> Decision:
    opts = [Action("bite", q, f"{cname(s, q)} is bitten") for q in step.near]
    if s.zombie_seat < 0:
        opts.append(BITE_FATE)
    return Decision(step.seat, "assign-bite", tuple(opts), "A Zombie in a common space bites one of you: who?")


@FLOW.resolve(AssignBite)
def assign_bite(s: IGDState, step: AssignBite, action: Action) -> None:
    """The Zombie Player's choice is final; a survivor's proposal needs the others' consent.

    Source: rulebook, "Zombie Attack Phase", step 3; "Zombie Player Variant".
    """
    z = s.spaces[step.space]
    if action.kind != "bite":
        _fate_decides_bite(s, step.near, z)
        return
    others = [q for q in step.near if q != step.seat]
    if s.zombie_seat >= 0 or not others:
        _bite(s, action.value, z)
        return
    emit(s, "proposes-bite", turn=s.turn, seat=step.seat, character=cname(s, step.seat), bitten=action.value,
        bitten_character=cname(s, action.value))
    s.stack.append(AgreeBite(seat=others[0], space=step.space, bitten=action.value, rest=others[1:]))


@FLOW.decide(AgreeBite)
def ask_agree(s: IGDState, step: AgreeBite) -> Decision:
    options = (
        Action("agree", True, f"Agree: {cname(s, step.bitten)} is bitten"),
        Action("agree", False, "Refuse: Fate checks decide"),
    )
    prompt = f"A Zombie in a common space bites one of you: do you agree that {cname(s, step.bitten)} is bitten?"
    return Decision(step.seat, "agree-bite", options, prompt)


@FLOW.resolve(AgreeBite)
def agree_bite(s: IGDState, step: AgreeBite, action: Action) -> None:
    """``step.bitten``: the proposed character; ``step.rest``: the seats still to agree."""
    z = s.spaces[step.space]
    if not action.value:
        emit(s, "disagrees", turn=s.turn, seat=step.seat, character=cname(s, step.seat))
        dist = layout(s).dist
        _fate_decides_bite(s, [c.seat for c in living(s) if dist[c.space][step.space] == 1], z)
        return
    if step.rest:
        s.stack.append(AgreeBite(seat=step.rest[0], space=step.space, bitten=step.bitten, rest=step.rest[1:]))
        return
    _bite(s, step.bitten, z)


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
            emit(s, "fate-bites", turn=s.turn, seat=failed[0], character=cname(s, failed[0]))
            _bite(s, failed[0], z)
            return
    _bite(s, seats[0], z)


@FLOW.auto(Scratches)
def scratches(s: IGDState, step: Scratches) -> None:
    """A character who held back a Zombie and was not bitten is scratched by a Reach
    Zombie at range 2 (each Reach Zombie scratches one character). A Reach Zombie held back
    itself (by another character) makes no attack this turn."""
    dist = layout(s).dist
    eligible = [c.seat for c in living(s) if not c.bitten_now and c.held > 0]
    if not eligible:
        return
    for sp, z in enumerate(s.spaces):
        if z < 0 or not PACKS[s.content].zombies[s.zcards[z]].reach or s.held_turn[z] == s.turn:
            continue
        near = [q for q in eligible if dist[s.chars[q].space][sp] == 2]
        if len(near) == 1:
            s.chars[near[0]].scratched_now = True
        elif near:
            decider = s.zombie_seat if s.zombie_seat >= 0 else near[0]
            s.stack.append(AssignScratch(seat=decider, space=sp, near=near))


@FLOW.decide(AssignScratch)
def ask_scratch(s: IGDState, step: AssignScratch) -> Decision:
    options = tuple(Action("scratch", q, f"{cname(s, q)} is scratched") for q in step.near)
    return Decision(step.seat, "assign-scratch", options, "A Reach Zombie scratches one of you: who?")


@FLOW.resolve(AssignScratch)
def assign_scratch(s: IGDState, step: AssignScratch, action: Action) -> None:
    s.chars[action.value].scratched_now = True


@FLOW.auto(ApplyBites)
def apply_bites(s: IGDState, step: ApplyBites) -> None:
    """First bite or a scratch: Biohazard token. Second bite, an Instant Kill bite, or any
    bite in the one-bite game: killed. Further scratches do nothing."""
    for c in living(s):
        if c.bitten_now:
            if s.one_bite or c.instant_now or c.biohazard:
                emit(s, "bitten-dead", turn=s.turn, seat=c.seat, character=cname(s, c.seat), instant=c.instant_now)
                character_dies(s, c, turned=False)
                if s.over:
                    return
            else:
                c.biohazard = True
                emit(s, "bitten", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
        elif c.scratched_now and not c.biohazard:
            c.biohazard = True
            emit(s, "scratched", turn=s.turn, seat=c.seat, character=cname(s, c.seat))
