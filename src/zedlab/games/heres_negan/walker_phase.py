"""The Walker Phase: the Event card, Walker tokens move, Walkers move, Walkers attack; and
the rules of the card effects that Event and Room cards share (spawning Walker tokens at
Entry Points, NOISE, Stamina, Reputation, Action tokens, fire, Breach, Pitch Black).

Steps: ``WalkerPhase`` draws and resolves the Event card (asking ``EventSurvivor`` when the
card chooses a Survivor among several); ``WalkerMoves`` moves the tokens then the Walkers;
``WalkerAttacks`` allocates the attacks (asking ``AllocateAttack`` where the First Player has
a real choice) and rolls them.

Source: Here's Negan rulebook, "2. The Walker Phase" (Draw Event Card, Move Walker Tokens,
Move Walkers, Walkers Attack, Multiple Fights, Bitten!, Walkers Attacking Negan), "Entry
Points", "Noise", "Fire", "+1/-1 Action Tokens"; rulings in docs/rulings/heres-negan.md
("Walker Phase").
"""

from __future__ import annotations

from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.flow import push

from .abilities import ability
from .actions import discard_card, held_with
from .attacks import counter_attack
from .board import ALL_DOORS, Scene, activation_order, adjacent, distance_field
from .board.movement import walker_goal, walker_move_options, walker_token_move_options
from .common import (
    LEVELS,
    add_threat,
    add_walker,
    amount,
    apply_effects,
    band,
    bite,
    board,
    change_rep,
    cx,
    draw,
    effect,
    emit,
    fill_room,
    in_play,
    moved,
    name,
    noise,
    place_token,
    place_walker,
    reveal,
    roll,
    scene,
    seen,
    standing_survivors,
    survivor_at,
    tie,
    wound,
    wound_negan,
)
from .state import HNState
from .steps import (
    FLOW,
    AllocateAttack,
    DefenseBonus,
    EventSurvivor,
    NeganAttacked,
    SurvivorAttacked,
    WalkerAttacks,
    WalkerMoves,
    WalkerPhase,
)

NEGAN = -1
"""The target value of a Walker attacking Negan in ``state.fights``."""
ACTION_TOKENS = 3
"""+1/-1 Action tokens in the box (rulebook "Components")."""
ENTRY_MARKERS = 3
"""Entry Point markers of each level in the box (rulebook "Components")."""


# -- Draw Event Card --------------------------------------------------------------------------
@FLOW.auto(WalkerPhase)
def walker_phase(state: HNState, step: WalkerPhase) -> None:
    """The First Player draws an Event card: its Threat icon first, then its text (asking who
    a 'Choose a Survivor' card picks), its NOISE banner last; then the Walkers act.

    Source: Here's Negan rulebook, "2. The Walker Phase", "Draw Event Card" (HN-R198-R202).
    """
    state.phase = "walker"
    emit(state, "phase", phase="walker")
    push(state, WalkerMoves())
    card_id = draw(state, "event")
    if card_id is None:
        return
    card = cx(state).events[card_id]
    emit(state, "event-card", card=card_id, name=card.name)
    threat_icon(state, card_id)
    if state.result:
        state.discards["event"].append(card_id)
        return
    who = -1
    if card.choose:
        options = in_play(state)
        if len(options) > 1:
            push(state, EventSurvivor(card=card_id))
            return
        who = options[0] if options else -1
    resolve_event(state, card_id, who)


def threat_icon(state: HNState, card_id: str) -> None:
    """The Event card's Threat icon: a number or a die roll, added or taken off before the
    card's text (ruling HN-A51: a Max reached here loses before the text).

    Source: Here's Negan rulebook, "Draw Event Card" (HN-R200).
    """
    spec = cx(state).events[card_id].threat or ""
    if not spec:
        return
    sign = -1 if spec.startswith("-") else 1
    n = amount(state, spec.lstrip("+-"), "threat icon")
    add_threat(state, sign * n, f"event {card_id}")


@FLOW.decide(EventSurvivor)
def ask_event_survivor(state: HNState, step: EventSurvivor) -> Decision:
    card = cx(state).events[step.card]
    options = tuple(
        Action("event-survivor", state.survivors[i].id, f"choose {name(state, i)}")
        for i in in_play(state)
    )
    return Decision(state.first, "event-survivor", options,
                    f"{card.name} ({card.text}): which Survivor does the card choose?")


@FLOW.resolve(EventSurvivor)
def event_survivor(state: HNState, step: EventSurvivor, action: Action) -> None:
    who = next(i for i, s in enumerate(state.survivors) if s.id == action.value)
    emit(state, "event-survivor", card=step.card, survivor=action.value)
    resolve_event(state, step.card, who)


def resolve_event(state: HNState, card_id: str, who: int) -> None:
    """Resolve the Event card's effects in order for Survivor ``who`` (-1: none chosen), as far
    as they have targets; a NOISE banner makes NOISE once the card is resolved (a ``noise``
    effect on a bannered card is that same NOISE, not a second one); discard it.

    Source: Here's Negan rulebook, "Draw Event Card" (HN-R201, HN-R202), "Noise".
    """
    card = cx(state).events[card_id]
    source = state.survivors[who].space if who >= 0 else -1
    effects = [e for e in card.effects if not (card.noise and e.effect == "noise")]
    apply_effects(state, effects, who=who, source=source)
    if card.noise and not state.result:
        at = source if source >= 0 else noise_source(state)
        if at >= 0:
            noise(state, at, f"event {card_id}")
    state.discards["event"].append(card_id)


def noise_source(state: HNState) -> int:
    """Where a NOISE with no chosen Survivor comes from (ruling): the First Player's Survivor
    in play nearest an Entry Point (any Survivor in play if the First Player has none; Negan
    if no Survivor is in play; -1: nowhere).

    Source: Here's Negan rulebook, "Noise" (NOISE comes from the Survivor who caused it).
    """
    players = in_play(state)
    mine = [i for i in players if state.survivors[i].seat == state.first] or players
    if not mine:
        return state.negan
    b = board(state)
    eps = [sp for sp, _lvl in state.entry_points]
    if not eps:
        return state.survivors[mine[0]].space
    near = distance_field(b, eps, frozenset(state.open_doors))
    far = distance_field(b, eps, ALL_DOORS)

    def key(i: int) -> tuple[int, int, int]:
        sp = state.survivors[i].space
        return (near[sp] if near[sp] >= 0 else 10**6, far[sp] if far[sp] >= 0 else 10**6, i)

    return state.survivors[min(mine, key=key)].space


# -- Move Walker tokens, Move Walkers -----------------------------------------------------------
@FLOW.auto(WalkerMoves)
def walker_moves(state: HNState, step: WalkerMoves) -> None:
    """Walker tokens move 1 space, closest to a Survivor first, revealed when seen; then every
    standing Walker moves 2 spaces, closest first; then the attacks.

    Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers" (HN-R203-R216).
    """
    move_tokens(state)
    if state.result:
        return
    move_walkers(state)
    state.fights = {}
    push(state, WalkerAttacks())


def _order(state: HNState, spaces: list[int], sc: Scene | None = None) -> list[int]:
    groups = activation_order(board(state), scene(state) if sc is None else sc, spaces)
    return [s for group in groups for s in group]


def move_tokens(state: HNState) -> None:
    """Each Walker token, closest to a Survivor (Negan included) first, moves 1 space towards
    the nearest; one that comes into the sight of a Survivor or Negan is revealed.

    Source: Here's Negan rulebook, "Move Walker Tokens" (HN-R204-R209).
    """
    b = board(state)
    sc = scene(state)
    for space in _order(state, list(state.tokens), sc):
        if state.result:
            return
        if space not in state.tokens:
            continue
        to = tie(state, walker_token_move_options(b, sc, space))
        if to != space:
            goal = _goal_args(state, b, sc, space, token=True)
            state.tokens[to] = state.tokens.pop(space)
            emit(state, "token-moved", frm=space, to=to, **goal)
            sc = moved(sc, state, tokens=True)
        if seen(state, to):
            reveal(state, to)
            sc = scene(state)


def move_walkers(state: HNState) -> None:
    """Each standing Walker (just revealed ones too, prone ones not), closest to a Survivor
    first, moves 2 spaces towards the nearest Survivor it sees (else the nearest in play),
    stopping as soon as it is adjacent to one.

    Source: Here's Negan rulebook, "Move Walkers" (HN-R210-R216).
    """
    b = board(state)
    sc = scene(state)
    for space in _order(state, list(state.walkers), sc):
        if space not in state.walkers:
            continue
        to = tie(state, walker_move_options(b, sc, space))
        if to != space:
            goal = _goal_args(state, b, sc, space, token=False)
            state.walkers.remove(space)
            add_walker(state, to)
            emit(state, "walker-moved", frm=space, to=to, **goal)
            sc = moved(sc, state, walkers=True)


def _goal_args(state: HNState, b: Any, sc: Scene, space: int, *, token: bool) -> dict[str, Any]:
    """Whom the Walker (or token) on ``space`` goes for, as event arguments: ``toward`` (the
    nearest Survivors' names, Negan included), ``route`` (spaces), ``open`` (no closed door
    on that route) and ``sight`` (picked among those it sees).

    Source: Here's Negan rulebook, "Move Walker Tokens", "Move Walkers" (HN-R205, HN-R212)."""
    goal = walker_goal(b, sc, space, token=token)

    def who(t: int) -> str:
        i = survivor_at(state, t)
        return name(state, i) if i >= 0 else "Negan"

    return {
        "toward": [who(t) for t in goal.nearest],
        "route": goal.route,
        "open": goal.open,
        "sight": goal.sight,
    }


# -- Walkers Attack ----------------------------------------------------------------------------
def attack_targets(state: HNState) -> dict[int, list[int]]:
    """Each standing Walker that attacks: its space -> the targets adjacent to it (Survivor
    indices, standing ones only, then ``NEGAN``).

    Source: Here's Negan rulebook, "Walkers Attack" (HN-R217), "Incapacitated Survivors"
    (HN-R130: never attacked), "Walkers Attacking Negan".
    """
    b = board(state)
    doors = frozenset(state.open_doors)
    standing = standing_survivors(state)
    out: dict[int, list[int]] = {}
    for w in state.walkers:
        targets = [i for i in standing if adjacent(b, w, state.survivors[i].space, doors)]
        if state.negan >= 0 and adjacent(b, w, state.negan, doors):
            targets.append(NEGAN)
        if targets:
            out[w] = targets
    return out


def _matching(walkers: list[int], targets: dict[int, list[int]], allowed: set[int]) -> int:
    """Most Walkers of ``walkers`` that can each be given a different Survivor of ``allowed``."""
    owner: dict[int, int] = {}

    def augment(w: int, tried: set[int]) -> bool:
        for t in targets[w]:
            if t not in allowed or t in tried:
                continue
            tried.add(t)
            if t not in owner or augment(owner[t], tried):
                owner[t] = w
                return True
        return False

    return sum(1 for w in walkers if augment(w, set()))


def completable(targets: dict[int, list[int]], fixed: dict[int, int]) -> bool:
    """True if the allocation ``fixed`` (Walker -> target) can be completed legally: every
    Walker on an adjacent target, and no Survivor given a second Walker unless every adjacent
    Survivor that can be attacked is (as many different Survivors as the Walkers can reach).
    Negan is outside this duty (ruling HN-A22 (a)).

    Source: Here's Negan rulebook, "Multiple Fights" (HN-R226-R228); worked example E7.
    """
    attackers = sorted(targets)
    survivors = {t for w in attackers for t in targets[w] if t != NEGAN}
    most = _matching(attackers, targets, survivors)
    rest = [w for w in attackers if w not in fixed]
    counts: dict[int, int] = {}
    for t in fixed.values():
        if t != NEGAN:
            counts[t] = counts.get(t, 0) + 1
    covered = set(counts)
    free = survivors - covered
    # (a) nobody doubled: those not next to Negan each need a Survivor of their own
    if all(n < 2 for n in counts.values()):
        needers = [w for w in rest if NEGAN not in targets[w]]
        if _matching(needers, targets, free) == len(needers):
            return True
    # (b) as many different Survivors attacked as possible: doubling is then allowed
    return len(covered) + _matching(rest, targets, free) == most


def allowed_targets(state: HNState, walker: int,
                    targets: dict[int, list[int]] | None = None) -> list[int]:
    """The targets the First Player may give ``walker`` now, given ``state.fights``: those
    from which a legal complete allocation remains."""
    targets = attack_targets(state) if targets is None else targets
    out = []
    for t in targets[walker]:
        trial = dict(state.fights)
        trial[walker] = t
        if completable(targets, trial):
            out.append(t)
    return out


def _target_value(state: HNState, t: int) -> str:
    return "negan" if t == NEGAN else state.survivors[t].id


def _target_name(state: HNState, t: int) -> str:
    return "Negan" if t == NEGAN else name(state, t)


@FLOW.auto(WalkerAttacks)
def walker_attacks(state: HNState, step: WalkerAttacks) -> None:
    """Allocate every attacking Walker (forced ones at once, the First Player choosing the
    rest), then roll the attacks.

    Source: Here's Negan rulebook, "Walkers Attack", "Multiple Fights" (HN-R217-R228).
    """
    targets = attack_targets(state)
    state.fights = {w: t for w, t in state.fights.items() if w in targets}
    changed = True
    while changed:
        changed = False
        for w in sorted(targets):
            if w in state.fights:
                continue
            allowed = allowed_targets(state, w, targets) or targets[w][:1]
            if len(allowed) == 1:
                state.fights[w] = t = allowed[0]
                changed = True
                why = "only" if len(targets[w]) == 1 else "spread"
                emit(state, "attack-allocated", space=w, target=_target_value(state, t), why=why,
                     near=[_target_name(state, x) for x in targets[w]])
    for w in sorted(targets):
        if w not in state.fights:
            push(state, AllocateAttack(walker=w), WalkerAttacks())
            return
    resolve_attacks(state)


@FLOW.decide(AllocateAttack)
def ask_allocate(state: HNState, step: AllocateAttack) -> Decision:
    b = board(state)
    options = tuple(
        Action("attack-target", _target_value(state, t),
               f"the Walker at {b.label(step.walker)} attacks {_target_name(state, t)}")
        for t in allowed_targets(state, step.walker)
    )
    return Decision(state.first, "allocate-attack", options,
                    f"Who does the Walker at {b.label(step.walker)} attack?")


@FLOW.resolve(AllocateAttack)
def allocate(state: HNState, step: AllocateAttack, action: Action) -> None:
    t = NEGAN if action.value == "negan" else next(
        i for i, s in enumerate(state.survivors) if s.id == action.value)
    state.fights[step.walker] = t
    emit(state, "attack-allocated", space=step.walker, target=action.value, why="chosen",
         near=[_target_name(state, x) for x in attack_targets(state)[step.walker]])


def resolve_attacks(state: HNState) -> None:
    """Each attacked Survivor faces one Attack Roll (a die per Walker, up to the Outnumbered
    cap) against its Defense Roll and loses the difference; a bang with Stamina lost is a Bite
    (Bite first: ruling HN-A20). Negan loses 1 Stamina per Walker on him; if he was hurt every
    Survivor in play loses a white roll of Reputation, once (ruling HN-A23). The Survivors
    are attacked in turn order of index, Negan last (a Survivor may stop to discard a card
    before its Defense roll).

    Source: Here's Negan rulebook, "Walkers Attack" (HN-R219-R225), Walker Reference
    (Outnumbered, HN-A21), "Bitten!" (HN-R229), "Walkers Attacking Negan" (HN-R230-R233);
    worked example E6.
    """
    fights = state.fights
    state.fights = {}
    on: dict[int, int] = {}
    for t in fights.values():
        on[t] = on.get(t, 0) + 1
    steps: list[Any] = [
        SurvivorAttacked(survivor=i, attackers=tuple(sorted(w for w, t in fights.items() if t == i)))
        for i in sorted(t for t in on if t != NEGAN)
    ]
    if on.get(NEGAN):
        steps.append(NeganAttacked(walkers=on[NEGAN]))
    push(state, *steps)


@FLOW.auto(SurvivorAttacked)
def survivor_attacked(state: HNState, step: SurvivorAttacked) -> None:
    """The Walkers on ``step.attackers`` attack Survivor ``step.survivor`` together
    (Outnumbered: one combined roll); one holding a card to discard for Defense is asked
    before its Defense roll."""
    c = cx(state)
    i = step.survivor
    s = state.survivors[i]
    walkers = len(step.attackers)
    dice = [c.walker.attack] * min(walkers, int(c.walker.max_attack_dice))
    attack, bang = roll(state, dice, f"walkers attack {s.id}")
    if held_with(state, i, "defense-bonus"):
        push(state, DefenseBonus(survivor=i, attackers=step.attackers, attack=attack, bang=bang))
        return
    defend(state, i, step.attackers, attack, bang, ())


@FLOW.decide(DefenseBonus)
def ask_defense_bonus(state: HNState, step: DefenseBonus) -> Decision:
    i = step.survivor
    c = cx(state)
    options = [Action("discard-bonus", card,
                      f"discard {c.supply[card].name} for a {_bonus(state, card)} Defense die")
               for card in held_with(state, i, "defense-bonus")]
    options.append(Action("defend", None, "roll Defense"))
    return Decision(state.survivors[i].seat, "defense-bonus", tuple(options),
                    f"{name(state, i)} faces an Attack roll of {step.attack}"
                    f"{' with a bang' if step.bang else ''}: discard a card first?")


def _bonus(state: HNState, card: str) -> str:
    return next(e.die for e in cx(state).supply[card].effects if e.effect == "defense-bonus")


@FLOW.resolve(DefenseBonus)
def defense_bonus(state: HNState, step: DefenseBonus, action: Action) -> None:
    """A card discarded adds its die to this Defense roll (more may follow); then the roll.

    Source: rulebook, "Discarding Supply Cards" (HN-R081), "Walkers Attack" (HN-R219)."""
    i = step.survivor
    if action.kind == "discard-bonus":
        die = _bonus(state, action.value)
        discard_card(state, i, action.value)
        step.dice = (*step.dice, die)
        if held_with(state, i, "defense-bonus"):
            push(state, step)
            return
    defend(state, i, step.attackers, step.attack, step.bang, step.dice)


def defend(state: HNState, i: int, attackers: tuple[int, ...], attack: int, bang: bool,
           extra: tuple[str, ...]) -> None:
    """Survivor ``i``'s Defense roll (its dice, held items' and ``extra``) against the Attack
    roll: the difference in Stamina, a Bite on a bang. A Survivor whose special rule strikes
    back (Tara) makes a free Fight attack on one of the attackers when its Defense roll is
    high enough."""
    s = state.survivors[i]
    defense = roll(state, [*defense_dice(state, i), *extra], f"{s.id} defends")[0]
    lost = max(0, attack - defense)
    emit(state, "walker-attack", survivor=s.id, walkers=len(attackers), attack=attack,
         defense=defense, lost=lost, bite=bool(bang and lost))
    if ability(state, i).counter_attacks(state, i, attack, defense):
        counter_attack(state, i, list(attackers))
    if not lost:
        return
    if bang:
        bite(state, i)
    wound(state, i, lost, "walker attack")


@FLOW.auto(NeganAttacked)
def negan_attacked_step(state: HNState, step: NeganAttacked) -> None:
    negan_attacked(state, step.walkers)


def negan_attacked(state: HNState, walkers: int) -> None:
    """Negan loses 1 Stamina per Walker on him (no dice, no Bite); if he was hurt, every
    Survivor in play loses Reputation equal to its own white roll."""
    emit(state, "negan-attacked", walkers=walkers)
    before = state.negan_damage
    wound_negan(state, walkers, "walker attack")
    if state.result or state.negan_damage == before:
        return
    for i in in_play(state):
        change_rep(state, i, -roll(state, ("white",), f"{state.survivors[i].id} Negan hurt")[0],
                   "Negan was hurt")


def defense_dice(state: HNState, i: int) -> list[str]:
    """Survivor ``i``'s Defense dice: its card's, plus a die for every card it holds that always
    adds one ("defense-die").

    Source: Here's Negan rulebook, "Walkers Attack" (Defense Roll with weapon and item cards).
    """
    c = cx(state)
    s = state.survivors[i]
    dice = list(c.survivors[s.id].defense)
    for card_id in (*s.equipped, *s.cards):
        card = c.supply.get(card_id)
        if card is None:
            continue
        for eff in card.effects:
            if eff.effect == "defense-die" and eff.die:
                dice.append(eff.die)
    return dice


# -- card effects --------------------------------------------------------------------------------
def _value(state: HNState, eff: Any, why: str) -> int:
    """An effect's ``amount``, or a roll of its ``die``."""
    if getattr(eff, "die", None):
        return amount(state, eff.die, why)
    return int(getattr(eff, "amount", 0) or 0)


def _count(eff: Any) -> int:
    return int(getattr(eff, "count", 1) or 1)


def _levels(state: HNState, level: str) -> tuple[str, ...]:
    """Entry Point levels an effect uses: ``"threat"`` is every level up to the current Threat
    band's (none in All Quiet: HN-A08 (a)); else just that level."""
    if level == "threat":
        top = band(state).entry
        return LEVELS[: LEVELS.index(top) + 1] if top else ()
    return (level,)


def _blocked(state: HNState) -> set[int]:
    """Spaces of Survivors in play (Incapacitated ones too, Negan not): ruling HN-A09 (a)."""
    return {s.space for s in state.survivors if s.in_play}


def nearest_entry(state: HNState, origin: int, spaces: list[int]) -> list[int]:
    """The spaces of ``spaces`` nearest ``origin`` by open route (by the route ignoring doors
    when none is reachable); ties all returned."""
    if not spaces or origin < 0:
        return []
    b = board(state)
    for doors in (frozenset(state.open_doors), ALL_DOORS):
        field = distance_field(b, (origin,), doors)
        reach = [s for s in spaces if field[s] >= 0]
        if reach:
            best = min(field[s] for s in reach)
            return sorted(s for s in reach if field[s] == best)
    return []


def _concerned(state: HNState, who: int, source: int) -> int:
    """The space an effect happens at: the concerned Survivor's, else ``source``."""
    if who >= 0 and state.survivors[who].in_play:
        return state.survivors[who].space
    return source


@effect("spawn")
def spawn(state: HNState, eff: Any, *, who: int = -1, source: int = -1, room: int = -1) -> None:
    """A Walker token on every Entry Point of the level (``threat``: every level up to the
    current band); a blocked one passes its token to the next closest eligible Entry Point
    (measured from the blocked one: ruling HN-A09).

    Source: Here's Negan rulebook, "Entry Points" (HN-R070-R072), "Walker Tokens".
    """
    levels = _levels(state, eff.level)
    eps = sorted(sp for sp, lvl in state.entry_points if lvl in levels)
    blocked = _blocked(state)
    open_eps = [sp for sp in eps if sp not in blocked]
    for ep in eps:
        if state.result:
            return
        at = ep
        if ep in blocked:
            alt = nearest_entry(state, ep, open_eps)
            if not alt:
                emit(state, "entry-point-blocked", space=ep)
                continue
            at = tie(state, alt)
        place_token(state, at)


@effect("spawn-nearest")
def spawn_nearest(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                  room: int = -1) -> None:
    """Walker token(s) on the open Entry Point of the level nearest the Survivor concerned (no
    Survivor chosen: the First Player's, as for NOISE).

    Source: Here's Negan rulebook, "Entry Points".
    """
    at = _concerned(state, who, source)
    if at < 0:
        at = noise_source(state)
    levels = _levels(state, eff.level)
    blocked = _blocked(state)
    eps = [sp for sp, lvl in state.entry_points if lvl in levels and sp not in blocked]
    near = nearest_entry(state, at, eps)
    if not near:
        return
    ep = tie(state, near)
    for _ in range(_count(eff)):
        if state.result:
            return
        place_token(state, ep)


@effect("noise")
def make_noise(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
               room: int = -1) -> None:
    """NOISE from the Survivor concerned (else the card's space).

    Source: Here's Negan rulebook, "Noise"."""
    at = _concerned(state, who, source)
    if at >= 0:
        noise(state, at, "card")


@effect("lose-stamina")
def lose_stamina(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                 room: int = -1) -> None:
    """The Survivor concerned loses Stamina. Source: rulebook, "Stamina"."""
    if who >= 0:
        wound(state, who, _value(state, eff, "stamina lost"), "card")


@effect("lose-rep")
def lose_rep(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
             room: int = -1) -> None:
    """The Survivor concerned loses Reputation (an amount or a roll). Source: "Reputation"."""
    if who >= 0:
        change_rep(state, who, -_value(state, eff, "rep lost"), "card")


@effect("gain-rep")
def gain_rep(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
             room: int = -1) -> None:
    """The Survivor concerned gains Reputation (an amount or a roll). Source: "Reputation"."""
    if who >= 0:
        change_rep(state, who, _value(state, eff, "rep gained"), "card")


@effect("action-token")
def action_token(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                 room: int = -1) -> None:
    """The Survivor concerned takes a +1 or -1 Action token, if one is left in the box (three
    double-sided tokens in all).

    Source: Here's Negan rulebook, "Components", "+1/-1 Action Tokens".
    """
    if who < 0:
        return
    held = sum(s.plus + s.minus for s in state.survivors)
    s = state.survivors[who]
    if held >= ACTION_TOKENS:
        emit(state, "no-action-token", survivor=s.id)
        return
    delta = 1 if (getattr(eff, "delta", 0) or 0) > 0 else -1
    if delta > 0:
        s.plus += 1
    else:
        s.minus += 1
    emit(state, "action-token", survivor=s.id, delta=delta)


@effect("walker-token-here")
def walker_token_here(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                      room: int = -1) -> None:
    """Walker token(s) next to the Survivor concerned (revealed at once if seen).

    Source: Here's Negan rulebook, "Placing Walkers and Walker Tokens"."""
    at = _concerned(state, who, source)
    if at < 0:
        return
    for _ in range(_count(eff)):
        if state.result:
            return
        place_token(state, at)


@effect("walkers-in-room")
def walkers_in_room(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                    room: int = -1) -> None:
    """More Walkers in the room, from its Security token (else from ``source``).

    Source: Here's Negan rulebook, "Entering a Room", "Placing Walkers"."""
    n = _value(state, eff, "room walkers")
    if room >= 0 and room in board(state).security:
        fill_room(state, room, n)
        return
    if source < 0:
        return
    for _ in range(n):
        if state.result:
            return
        place_walker(state, source)


@effect("breach")
def breach(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
           room: int = -1) -> None:
    """A Low Entry Point added in the room, on its Security token (else the nearest space of
    the room without one), if a Low marker is spare (three in the box).

    Source: Here's Negan rulebook, Room card Breach, Scenario 11 (no spare marker: none)."""
    if room < 0:
        return
    lows = sum(1 for _sp, lvl in state.entry_points if lvl == "low")
    if lows >= ENTRY_MARKERS:
        emit(state, "no-entry-marker", level="low")
        return
    b = board(state)
    taken = {sp for sp, _lvl in state.entry_points}
    spaces = [s for s in b.areas[room].spaces if s not in taken]
    if not spaces:
        return
    origin = b.security.get(room, source if source >= 0 else spaces[0])
    field = distance_field(b, (origin,), ALL_DOORS)
    at = min(spaces, key=lambda s: (field[s] if field[s] >= 0 else 10**6, s))
    state.entry_points.append((at, "low"))
    state.entry_points.sort()
    emit(state, "entry-point-added", space=at, level="low", room=room)


@effect("pitch-black")
def pitch_black(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                room: int = -1) -> None:
    """The room is dark while the card stays in play (recorded; its rule comes with Scenario
    10). Source: Here's Negan rulebook, Room card Pitch Black, Scenarios 10-11."""
    if room >= 0 and room not in state.dark:
        state.dark.append(room)
        state.dark.sort()
    emit(state, "pitch-black", room=room)


# -- catalogue -----------------------------------------------------------------------------------
def families(board_size: int, content: Any) -> list[tuple[str, object]]:
    """The Walker Phase's actions for the catalogue: the Survivor an Event card chooses, the
    target of an allocated Walker attack, rolling Defense after discarding cards or not (the
    ``discard-bonus`` kind, cards by id, is the Survivor Phase's)."""
    ids = sorted(content.survivors)
    return [("event-survivor", ids), ("attack-target", [*ids, "negan"]), ("defend", [None])]


__all__ = [
    "attack_targets",
    "completable",
    "defense_dice",
    "families",
    "noise_source",
    "resolve_event",
]
