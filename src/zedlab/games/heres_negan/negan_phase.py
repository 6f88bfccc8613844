"""Here's Negan!: Negan enters in round 1; from round 2 he rages or follows a Negan Action
card. Also his moves for Clear the Way! and Call Negan (reveals, the win), his kills, the
Negan Action cards' effects, and Negan's Rage.

Every choice the rules leave to the First Player here (which of equal spaces Negan enters,
which of equally close Walkers he removes, where he leaves an unsecured room) goes through
:func:`.common.tie`; Survivors tied for "nearest", "furthest" or "highest Reputation" are
all concerned (see the rulings).

Source: Here's Negan rulebook, "3. Here's Negan!", "Moving Negan", "Taking Action",
"Negan's Rage", "Call Negan", "Clear the Way!", "Winning".
"""

from __future__ import annotations

from typing import Any

from . import win
from .board import (
    ALL_DOORS,
    adjacent,
    distance_field,
    initial_target,
    negan_enraged_at_start,
    negan_move,
    negan_rage_exit,
    placement_options,
    unsecured_room_spaces,
)
from .common import (
    amount,
    apply_effects,
    board,
    change_rep,
    cx,
    draw,
    effect,
    emit,
    in_play,
    in_sight_range,
    noise,
    remove_walker,
    reveal_seen,
    scene,
    standing_survivors,
    survivor_at,
    tie,
    wound,
)
from .scenarios import rules
from .state import HNState
from .steps import FLOW, NeganPhase

RAGE_RANGE = 3
"""Negan's jab and his kills reach Survivors and Walkers within 3 spaces and sight."""
CLEAR_THE_WAY = 3
"""Spaces Negan moves for a Clear the Way! Action."""
ACTION_TOKENS = 3
"""+1/-1 Action tokens in the box (rulebook, "Components")."""


# -- where he is heading --------------------------------------------------------------------
def target(state: HNState) -> tuple[int, ...]:
    """The spaces of Negan's target point (he heads for the nearest; any one counts).

    Source: rulebook, "Moving Negan"; Scenario 2's two EXITs: ruling HN-A46 (a).
    """
    special = rules(state).target(state)
    if special:
        return special
    if state.negan_target:
        return tuple(state.negan_target)
    return initial_target(board(state), scene(state))


def adjacent_walkers(state: HNState) -> list[int]:
    """Spaces of the Walkers (standing or prone) adjacent to Negan."""
    if state.negan < 0:
        return []
    b = board(state)
    doors = frozenset(state.open_doors)
    return [w for w in sorted(state.walkers + state.prone)
            if adjacent(b, state.negan, w, doors)]


# -- the phase ------------------------------------------------------------------------------
@FLOW.auto(NeganPhase)
def negan_phase(state: HNState, step: NeganPhase) -> None:
    """Round 1: Negan enters. Later rounds: enraged at the start (next to a Walker, or in an
    unsecured room) he rages and draws no card; otherwise the First Player draws a Negan
    Action card: he moves, and if the move enraged him the card is discarded unresolved and
    he rages; else its effects are resolved in order.

    Source: rulebook, "3. Here's Negan!", "Moving Negan", "Taking Action", "Negan's Rage";
    rules HN-R234-HN-R254.
    """
    state.phase = "negan"
    if state.negan < 0:
        enter(state)
        return
    rules(state).start_of_negan_phase(state)
    if state.result:
        return
    reasons = negan_enraged_at_start(board(state), scene(state)) \
        + rules(state).negan_enraged(state)
    if reasons:
        emit(state, "negan-enraged", reasons=list(reasons), when="start")
        rage(state)
        return
    card_id = draw(state, "negan")
    if card_id is None:
        return
    card = cx(state).negan[card_id]
    emit(state, "negan-card", card=card_id, name=card.name, move=card.move)
    state.discards["negan"].append(card_id)
    if rules(state).negan_stays(state):
        emit(state, "negan-stays", space=state.negan)
        reasons: tuple[str, ...] = ()
    else:
        reasons = move(state, int(card.move))
    if state.result:
        return
    if reasons:
        emit(state, "negan-enraged", reasons=list(reasons), when="move")
        emit(state, "negan-card-unresolved", card=card_id)
        rage(state)
        return
    resolve_card(state, card)


def enter(state: HNState) -> None:
    """Negan enters play on his start point, or (taken) an adjacent empty space the First
    Player picks: one outside unsecured rooms and away from Walkers if there is one (ruling
    HN-A35; a careful First Player does not enrage him on arrival); the Walker tokens he
    sees are revealed.

    Source: rulebook, "3. Here's Negan!"; rule HN-R234, ruling HN-A35.
    """
    b = board(state)
    start = b.negan_start
    if start is None:
        return
    sc = scene(state)
    options = placement_options(b, sc, start)
    if not options:
        emit(state, "negan-cannot-enter", space=start)
        return
    if options != [start]:
        # the First Player's sensible pick: a space that does not enrage him at once (a
        # corridor or secured room before an unsecured room, away from Walkers)
        unsecured = unsecured_room_spaces(b, sc)
        walkers = sc.walkers + sc.prone

        def trouble(space: int) -> tuple[bool, bool]:
            return (space in unsecured,
                    any(adjacent(b, space, w, sc.open_doors) for w in walkers))

        options = sorted(options, key=trouble)
    state.negan = tie(state, options)
    emit(state, "negan-enters", space=state.negan)
    reveal_seen(state)
    win.negan_on(state, state.negan)


def resolve_card(state: HNState, card: Any) -> None:
    """The card's effects in printed order, as far as they have targets; a NOISE banner is
    one NOISE at Negan (the card's ``shout`` is that same NOISE), made once the rest of the
    card is resolved.

    Source: rulebook, "Taking Action", "Noise" (HN-R114); rules HN-R248-HN-R250.
    """
    effects = [e for e in card.effects if not (card.noise and e.effect == "shout")]
    apply_effects(state, effects, source=state.negan)
    if state.result:
        return
    if card.noise:
        noise(state, state.negan, "Negan shouts")


# -- moving -----------------------------------------------------------------------------------
def move(state: HNState, steps: int) -> tuple[str, ...]:
    """Move Negan ``steps`` spaces towards his target point (the First Player picks between
    equal end spaces), revealing what he sees on the way and checking the win. Returns why
    the move enraged him (empty: it did not).

    A Walker revealed next to where he ends enrages him as one he walked up to does.

    Source: rulebook, "Moving Negan"; rules HN-R237-HN-R246.
    """
    if state.negan < 0:
        return ()
    mv = negan_move(board(state), scene(state), steps, target(state))
    end = tie(state, list(mv.options))
    after_negan_move(state, mv.paths.get(end, ()))
    if state.result:
        return ()
    reasons = [r for r in mv.enraged if r != "adjacent-to-walker"]
    if adjacent_walkers(state):
        reasons.append("adjacent-to-walker")
    return tuple(reasons) + rules(state).negan_enraged(state)


def after_negan_move(state: HNState, path: tuple[int, ...]) -> None:
    """Negan moves along ``path`` (the spaces he enters in order; he ends on the last, which
    is set here whether or not the caller has moved him already): at each space the Walker
    tokens he sees are revealed, and reaching an EXIT wins at once (ruling HN-A51). A Walker
    a reveal puts on his way stops him short of it.

    Source: rulebook, "Revealing Walker Tokens", "Moving Negan", "Winning"; rule HN-R061.
    """
    if not path:
        win.check(state)
        return
    emit(state, "negan-moves", frm=state.negan, to=path[-1], path=list(path))
    for space in path:
        if space in state.walkers or space in state.prone:
            emit(state, "negan-stopped", space=state.negan, by=space)
            break
        if survivor_at(state, space) >= 0:
            # he passes a Survivor: he sees from there but does not stand there
            reveal_seen(state, extra=(space,))
        else:
            state.negan = space
            reveal_seen(state)
            win.negan_on(state, space)
        if state.result:
            break


def clear_the_way(state: HNState, who: int) -> None:
    """Clear the Way!: Negan moves 3 spaces towards his target point exactly as in his
    phase; a move that enrages him brings his Rage at once.

    Source: rulebook, "Clear the Way!"; rule HN-R191, ruling HN-A28 (a).
    """
    if state.negan < 0:
        return
    emit(state, "clear-the-way", survivor=state.survivors[who].id if who >= 0 else "")
    reasons = move(state, CLEAR_THE_WAY)
    if state.result or not reasons:
        return
    emit(state, "negan-enraged", reasons=list(reasons), when="clear-the-way")
    rage(state)


# -- killing Walkers ----------------------------------------------------------------------------
def negan_kills(state: HNState, limit: int, reach: int = RAGE_RANGE) -> int:
    """Remove up to ``limit`` Walkers (prone ones too) within ``reach`` spaces and line of
    sight of Negan, closest first (the First Player settles ties); nobody gains Reputation.
    Returns how many were removed.

    Source: rulebook, "Call Negan", "Negan's Rage"; rulings HN-A27, HN-A34.
    """
    if state.negan < 0 or limit <= 0:
        return 0
    groups = in_sight_range(state, state.negan, state.walkers + state.prone, reach)
    killed = 0
    for group in groups:
        left = list(group)
        while left and killed < limit:
            space = tie(state, left)
            left.remove(space)
            remove_walker(state, space, why="Negan")
            killed += 1
    emit(state, "negan-kills", limit=limit, removed=killed)
    return killed


# -- Negan's Rage --------------------------------------------------------------------------------
def rage(state: HNState) -> None:
    """Negan's Rage: the highest-Reputation Survivor(s) lose one blue roll of Reputation;
    every standing Survivor within 3 spaces and sight loses 1 Stamina, and with none hit he
    shouts (NOISE). In addition, next to Walkers the First Player rolls blue and he removes up
    to that many within 3 and sight, closest first; then, in an unsecured room, he is put on
    the closest space outside it (leaving by the door further from his target).

    Source: rulebook, "Negan's Rage"; rules HN-R251-HN-R256, rulings HN-A32, HN-A33, HN-A34.
    """
    if state.negan < 0:
        return
    emit(state, "negan-rage", space=state.negan)
    players = in_play(state)
    top = max((state.survivors[i].rep for i in players), default=0)
    if top > 0:
        lost = amount(state, "blue", "Negan's Rage")
        for i in players:
            if state.survivors[i].rep == top:
                change_rep(state, i, -lost, "Negan's Rage")
    b = board(state)
    spaces = {state.survivors[i].space: i for i in standing_survivors(state)}
    groups = in_sight_range(state, state.negan, spaces, RAGE_RANGE)
    hit = sorted(spaces[s] for g in groups for s in g)
    for i in hit:
        wound(state, i, 1, "a jab from Lucille")
        if state.result:
            return
    if not hit:
        noise(state, state.negan, "Negan shouts")
        if state.result:
            return
    if adjacent_walkers(state):
        negan_kills(state, amount(state, "blue", "Negan's Rage kills"))
    if state.negan in unsecured_room_spaces(b, scene(state)):
        options = negan_rage_exit(b, scene(state), target(state))
        if options:
            frm = state.negan
            state.negan = tie(state, options)
            emit(state, "negan-ejected", frm=frm, to=state.negan)
            reveal_seen(state)
            win.negan_on(state, state.negan)


# -- the Negan Action cards' effects ------------------------------------------------------------
def _by_distance(state: HNState, survivors: list[int]) -> list[list[int]]:
    """``survivors`` grouped by distance from Negan, nearest first: by open route, then those
    with none by the route through closed doors (HN-R249)."""
    if state.negan < 0 or not survivors:
        return []
    b = board(state)
    opened = distance_field(b, (state.negan,), frozenset(state.open_doors))
    through = distance_field(b, (state.negan,), ALL_DOORS)
    keyed: dict[tuple[int, int], list[int]] = {}
    for i in survivors:
        s = state.survivors[i].space
        key = (0, opened[s]) if opened[s] >= 0 else (1, through[s] if through[s] >= 0 else 10**6)
        keyed.setdefault(key, []).append(i)
    return [sorted(keyed[k]) for k in sorted(keyed)]


def nearest(state: HNState, survivors: list[int]) -> list[int]:
    """The Survivor(s) nearest Negan among ``survivors`` (all who tie)."""
    groups = _by_distance(state, survivors)
    return groups[0] if groups else []


def furthest(state: HNState, survivors: list[int]) -> list[int]:
    """The Survivor(s) furthest from Negan among ``survivors`` (all who tie)."""
    groups = _by_distance(state, survivors)
    return groups[-1] if groups else []


def _amount(eff: Any) -> int:
    return int(eff.amount or 0)


@effect("kill-walkers")
def _kill_walkers(state: HNState, eff: Any, **_: Any) -> None:
    """Negan removes up to a roll of the die of Walkers within range and sight, closest
    first, no Reputation. Source: Negan Action cards; rulebook "Taking Action"."""
    negan_kills(state, amount(state, eff.die or "blue", "Negan's kills"), int(eff.range or RAGE_RANGE))


@effect("rep-nearest")
def _rep_nearest(state: HNState, eff: Any, **_: Any) -> None:
    """The Survivor(s) nearest Negan gain (or lose) Reputation (HN-R249)."""
    for i in nearest(state, in_play(state)):
        change_rep(state, i, _amount(eff), "Negan Action card")


@effect("rep-furthest")
def _rep_furthest(state: HNState, eff: Any, **_: Any) -> None:
    """The Survivor(s) furthest from Negan gain (or lose) Reputation (HN-R249)."""
    for i in furthest(state, in_play(state)):
        change_rep(state, i, _amount(eff), "Negan Action card")


@effect("rep-all")
def _rep_all(state: HNState, eff: Any, **_: Any) -> None:
    """Every Survivor in play gains (or loses) Reputation."""
    for i in in_play(state):
        change_rep(state, i, _amount(eff), "Negan Action card")


@effect("rep-highest")
def _rep_highest(state: HNState, eff: Any, **_: Any) -> None:
    """The Survivor(s) with the highest Reputation gain (or lose) Reputation."""
    players = in_play(state)
    top = max((state.survivors[i].rep for i in players), default=0)
    for i in players:
        if state.survivors[i].rep == top:
            change_rep(state, i, _amount(eff), "Negan Action card")


@effect("jab-nearest")
def _jab_nearest(state: HNState, eff: Any, **_: Any) -> None:
    """The standing Survivor(s) nearest Negan within 3 spaces and sight lose Stamina; an
    Incapacitated Survivor is never jabbed (HN-R131)."""
    if state.negan < 0:
        return
    spaces = {state.survivors[i].space: i for i in standing_survivors(state)}
    groups = in_sight_range(state, state.negan, spaces, RAGE_RANGE)
    if not groups:
        return
    for space in groups[0]:
        wound(state, spaces[space], _amount(eff), "a jab from Lucille")
        if state.result:
            return


@effect("shout")
def _shout(state: HNState, eff: Any, **_: Any) -> None:
    """Negan shouts: NOISE from his space."""
    if state.negan >= 0:
        noise(state, state.negan, "Negan shouts")


@effect("action-token-nearest")
def _action_token_nearest(state: HNState, eff: Any, **_: Any) -> None:
    """The Survivor(s) nearest Negan take a +1 or -1 Action token, while the box has one."""
    delta = int(eff.delta or 0)
    for i in nearest(state, in_play(state)):
        held = sum(s.plus + s.minus for s in state.survivors)
        if held >= ACTION_TOKENS or not delta:
            emit(state, "no-action-token", survivor=state.survivors[i].id)
            continue
        s = state.survivors[i]
        if delta > 0:
            s.plus += 1
        else:
            s.minus += 1
        emit(state, "action-token", survivor=s.id, delta=delta)


def families(board_size: int, content: object) -> list[tuple[str, object]]:
    """Here's Negan's actions for the catalogue: none (the First Player's choices in this
    phase are ties, settled by :func:`.common.tie`)."""
    return []
