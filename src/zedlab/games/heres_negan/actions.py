"""The Survivors' Actions: when each is legal and what it does, with the small decisions
inside them (a Move one space at a time, targets, weapons, doors, a found weapon, swaps).

Every Action is a pair: ``LEGAL[name](state, i)`` says whether Survivor ``i`` may take it
now, ``START[name](state, i)`` carries it out, asking the Action's own decisions on top of
the stack (the activation's next choice waits below them). A decision with a single option
is applied at once (:func:`ask`).

Source: Here's Negan rulebook, "Actions", "Move", "Running", "Doors", "Barricades",
"Fight", "Fighting with Two Weapons", "Shoot", "Hold Your Nerve", "Search", "Secure",
"Other Actions" (Break and Enter, Call Negan, Clear the Way!, Extinguish, Make NOISE,
Recover Stamina, Swap Items).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.flow import Step, push

from . import negan_phase
from .board import (
    Scene,
    adjacent,
    barricade_jumps,
    in_range,
    negan_call_moves,
    openable_doors,
    survivor_may_end,
    survivor_steps,
)
from .common import (
    action_die,
    add_threat,
    amount,
    apply_effects,
    board,
    change_rep,
    cx,
    draw,
    effect,
    emit,
    memo,
    name,
    noise,
    open_door,
    remove_walker,
    reveal_seen,
    roll,
    scene,
    scene_without,
    security_value,
    snapshot,
    still,
    weapon,
)
from .state import HNState
from .steps import FLOW, ActionTarget, CallNeganMove, ChooseTarget, FoundWeapon, Moving, Swapping

STOP = Action("stop", None, "stop")

# -- asking: a decision with one option is applied by the rules ---------------------------------
_ASK: dict[type, Callable[[HNState, Any], Decision]] = {}
_PLAY: dict[type, Callable[[HNState, Any, Action], None]] = {}


class _Asked:
    """The decision :func:`ask` last put to a seat: its state and step, a snapshot of both,
    and the decision, handed to the flow when it asks the same question of the same state."""

    __slots__ = ("state", "step", "snapshot", "decision")

    def __init__(self) -> None:
        self.state: Any = None
        self.step: Any = None
        self.snapshot = b""
        self.decision: Decision | None = None


_ASKED = _Asked()


def decides(step_type: type) -> Callable[[Any], Any]:
    """Bind a decision of the Survivor Phase (and remember it for :func:`ask`)."""

    def bind(fn: Any) -> Any:
        fn = still(fn)
        _ASK[step_type] = fn

        def decide(state: HNState, step: Any) -> Decision:
            asked = _ASKED
            if asked.step is step and asked.state is state:
                d = asked.decision
                same = snapshot(state, step) == asked.snapshot
                asked.state = asked.step = asked.decision = None
                if same and d is not None:
                    return d
            return fn(state, step)  # type: ignore[no-any-return]

        FLOW.decide(step_type)(decide)
        return fn

    return bind


def resolves(step_type: type) -> Callable[[Any], Any]:
    """Bind the resolver of a decision of the Survivor Phase."""

    def bind(fn: Any) -> Any:
        _PLAY[step_type] = fn
        return FLOW.resolve(step_type)(fn)

    return bind


def ask(state: HNState, step: Step) -> None:
    """Put decision ``step`` to its seat, or apply its only option at once."""
    if state.result:
        return
    d = _ASK[type(step)](state, step)
    if len(d.options) == 1:
        _PLAY[type(step)](state, step, d.options[0])
    else:
        push(state, step)
        _ASKED.state, _ASKED.step, _ASKED.decision = state, step, d
        _ASKED.snapshot = snapshot(state, step)


def seat(state: HNState, i: int) -> int:
    return state.survivors[i].seat


# -- shared questions --------------------------------------------------------------------------
def here(state: HNState, i: int) -> int:
    return state.survivors[i].space


def without(state: HNState, i: int) -> Scene:
    """The scene without Survivor ``i`` (a mover does not block itself)."""
    return scene_without(state, i)


def doors(state: HNState) -> frozenset[int]:
    return frozenset(state.open_doors)


def adjacent_walkers(state: HNState, space: int) -> list[int]:
    """Walkers (standing or prone) adjacent to ``space``, ascending."""
    b = board(state)
    od = doors(state)
    return sorted(w for w in (*state.walkers, *state.prone) if adjacent(b, space, w, od))


def near(state: HNState, a: int, spaces: list[int]) -> list[int]:
    """Those of ``spaces`` that are ``a`` itself or adjacent to it."""
    b = board(state)
    od = doors(state)
    return sorted(s for s in spaces if s == a or adjacent(b, a, s, od))


def models_at(state: HNState, space: int, but: int = -1) -> bool:
    """True if a model other than Survivor ``but`` stands on ``space``."""
    if space in state.walkers or space in state.prone or space == state.negan:
        return True
    return any(k != but and s.in_play and s.space == space for k, s in enumerate(state.survivors))


def held_with(state: HNState, i: int, effect_name: str) -> list[str]:
    """Cards Survivor ``i`` holds whose effects include ``effect_name``."""
    c = cx(state)
    return [card for card in dict.fromkeys(state.survivors[i].cards)
            if card in c.supply and any(e.effect == effect_name for e in c.supply[card].effects)]


def discard_card(state: HNState, i: int, card: str) -> None:
    """Survivor ``i`` discards a held Supply card."""
    state.survivors[i].cards.remove(card)
    state.discards["supply"].append(card)
    emit(state, "card-discarded", survivor=state.survivors[i].id, card=card)


# -- Move -------------------------------------------------------------------------------------
def _may_end(state: HNState, sc: Scene, space: int) -> bool:
    return survivor_may_end(board(state), sc, space)


def _ways(state: HNState, sc: Scene, start: int, left: int) -> dict[int, tuple[int, ...]]:
    """Single steps, or runs of steps through spaces the Survivor may pass but not stop on
    (other Survivors, Negan, prone Walkers), to each space it may stop on within ``left``
    spaces: ``{end: spaces entered in order}`` (shortest, first found)."""
    b = board(state)
    out: dict[int, tuple[int, ...]] = {}
    seen = {start}
    frontier = deque([(start, ())])
    while frontier:
        x, path = frontier.popleft()
        if len(path) >= left:
            continue
        for y in survivor_steps(b, sc, x, jumped_already=True):
            if y in seen:
                continue
            seen.add(y)
            if _may_end(state, sc, y):
                out[y] = (*path, y)
            else:
                frontier.append((y, (*path, y)))
    return out


def _nearest_end(state: HNState, sc: Scene, start: int) -> int:
    """The nearest space the Survivor may end on, however far (a move cut off by Walkers
    placed mid-move; see the rulings)."""
    b = board(state)
    seen = {start}
    frontier = deque([start])
    while frontier:
        x = frontier.popleft()
        if _may_end(state, sc, x):
            return x
        for y in survivor_steps(b, sc, x, jumped_already=True):
            if y not in seen:
                seen.add(y)
                frontier.append(y)
    return start


def move_options(state: HNState, step: Moving) -> list[Action]:
    """Doors to open, steps, barricade jumps and stopping, as the rules allow now. A step
    goes to the next space the Survivor may stop on: passing other models takes several
    spaces at once, so a move never pauses on another model's space (see the rulings).

    Source: rulebook, "Move", "Doors", "Barricades"; rulings HN-A15, HN-A16.
    """
    i = step.survivor
    s = state.survivors[i]
    b = board(state)
    sc = without(state, i)
    at = s.space
    out = [Action("open-door", d, f"open door {d}") for d in openable_doors(b, sc, at)]
    if step.left > 0:
        for y, path in sorted(_ways(state, sc, at, step.left).items()):
            via = f" (passing {len(path) - 1})" if len(path) > 1 else ""
            out.append(Action("step", y, f"step to {b.label(y)}{via}"))
        if not step.jumped and not s.jump_failed:
            for _bar, q in barricade_jumps(b, sc, at):
                if _may_end(state, sc, q):
                    out.append(Action("jump", q, f"jump the barricade to {b.label(q)}"))
    out.append(STOP)
    return out


def legal_move(state: HNState, i: int) -> bool:
    """A Move (or Run) may be taken when it offers more than stopping: a door to open, a
    step or a barricade jump (see :func:`move_options`)."""
    s = state.survivors[i]
    if not s.standing:
        return False
    return memo(state, ("legal-move", i), lambda: _may_move(state, i))  # type: ignore[no-any-return]


def _may_move(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    moving = Moving(survivor=i, left=cx(state).survivors[s.id].move)
    return any(o.kind != "stop" for o in move_options(state, moving))


def start_move(state: HNState, i: int, run: bool = False) -> None:
    """Move up to the Survivor's move (3); a Run first adds a blue roll.

    Source: rulebook, "Move", "Running" (HN-R141).
    """
    left = cx(state).survivors[state.survivors[i].id].move
    if run:
        extra = amount(state, "blue", "run")
        left += extra
        emit(state, "run", survivor=state.survivors[i].id, extra=extra)
    ask(state, Moving(survivor=i, left=left, run=run))


@decides(Moving)
def ask_move(state: HNState, step: Moving) -> Decision:
    return Decision(seat(state, step.survivor), "move", tuple(move_options(state, step)),
                    f"{name(state, step.survivor)} moves ({step.left} left)")


@resolves(Moving)
def move(state: HNState, step: Moving, action: Action) -> None:
    """One space, a door or a jump at a time; Walker tokens that come into sight are revealed
    before the move goes on (HN-R140); a failed jump leaves the move free to go another way
    but allows no second try this activation (HN-R155, ruling HN-A16).

    Source: rulebook, "Move", "Doors", "Barricades", "Running".
    """
    i = step.survivor
    s = state.survivors[i]
    if action.kind == "open-door":
        open_door(state, action.value, i)
    elif action.kind == "step":
        path = _ways(state, without(state, i), s.space, step.left)[action.value]
        b = board(state)
        for y in path:
            if y not in survivor_steps(b, without(state, i), s.space, jumped_already=True):
                break  # Walkers placed by a reveal closed the way
            s.space = y
            step.left -= 1
            emit(state, "step", survivor=s.id, to=y)
            reveal_seen(state)
            if state.result:
                return
        settle(state, i)
    elif action.kind == "jump":
        step.jumped = True
        if action_die(state, "barricade jump"):
            s.space = action.value
            step.left -= 1
            emit(state, "jumped", survivor=s.id, to=s.space)
            reveal_seen(state)
        else:
            s.jump_failed = True
            emit(state, "jump-failed", survivor=s.id)
    else:
        finish_move(state, step)
        return
    ask(state, step)


def settle(state: HNState, i: int) -> None:
    """A Survivor whose way on was closed by Walkers placed mid-step, on a space it may not
    stop on, goes to the nearest space it may stop on (see the rulings)."""
    s = state.survivors[i]
    sc = without(state, i)
    if not _may_end(state, sc, s.space):
        s.space = _nearest_end(state, sc, s.space)
        emit(state, "step", survivor=s.id, to=s.space)


def finish_move(state: HNState, step: Moving) -> None:
    """The move ends where the Survivor stands; after a Run the Action die may make NOISE
    (HN-R142)."""
    s = state.survivors[step.survivor]
    emit(state, "moved", survivor=s.id, space=s.space)
    if step.run and action_die(state, "run"):
        noise(state, s.space, "run")


# -- Fight and Shoot ---------------------------------------------------------------------------
def fight_weapons(state: HNState, i: int) -> list[str]:
    return [w for w in state.survivors[i].equipped if weapon(state, w).attack == "fight"]


def two_weapons(state: HNState, i: int) -> bool:
    """Fighting with Two Weapons: a Fight weapon in each space, none Bulky (HN-R163/164)."""
    eq = state.survivors[i].equipped
    return len(eq) == 2 and len(fight_weapons(state, i)) == 2 \
        and not any(weapon(state, w).bulky for w in eq)


def shoot_targets(state: HNState, i: int, w: str) -> list[int]:
    """Walkers (prone ones too) in range and line of sight of weapon ``w`` (HN-R166)."""
    wp = weapon(state, w)
    groups = in_range(board(state), scene(state), here(state, i), [*state.walkers, *state.prone],
                      wp.max_range, need_sight=True, min_range=wp.min_range)
    return sorted(s for g in groups for s in g)


def shoot_weapons(state: HNState, i: int) -> list[str]:
    """Equipped Shoot weapons with a target now."""
    return [w for w in dict.fromkeys(state.survivors[i].equipped)
            if weapon(state, w).attack == "shoot" and shoot_targets(state, i, w)]


def legal_fight(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.standing and bool(adjacent_walkers(state, s.space))


def legal_shoot(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and bool(shoot_weapons(state, i))


def start_fight(state: HNState, i: int) -> None:
    ask(state, ChooseTarget(survivor=i, kind="fight"))


def start_shoot(state: HNState, i: int) -> None:
    ask(state, ChooseTarget(survivor=i, kind="shoot"))


def target_options(state: HNState, step: ChooseTarget) -> list[Action]:
    i = step.survivor
    if not step.picked:
        usable = fight_weapons(state, i) if step.kind == "fight" else shoot_weapons(state, i)
        usable = list(dict.fromkeys(usable))
        if len(usable) > 1:
            return [Action("weapon", w, f"attack with {w}") for w in usable]
        step = ChooseTarget(survivor=i, kind=step.kind, weapon=usable[0] if usable else "",
                            second=step.second, picked=True)
    if step.kind == "fight":
        targets = adjacent_walkers(state, here(state, i))
    else:
        targets = shoot_targets(state, i, step.weapon)
    b = board(state)
    out = [Action("target", t, f"attack the Walker on {b.label(t)}") for t in targets]
    if out:
        out += [Action("discard-bonus", c, f"discard {c} for an extra die")
                for c in held_with(state, i, "attack-die")]
    if step.second:
        out.append(STOP)
    return out


@decides(ChooseTarget)
def ask_target(state: HNState, step: ChooseTarget) -> Decision:
    return Decision(seat(state, step.survivor), step.kind, tuple(target_options(state, step)),
                    f"{name(state, step.survivor)}: {step.kind} which Walker?")


@resolves(ChooseTarget)
def target(state: HNState, step: ChooseTarget, action: Action) -> None:
    """Source: rulebook, "Fight", "Fighting with Two Weapons", "Shoot"."""
    i = step.survivor
    if not step.picked:
        usable = fight_weapons(state, i) if step.kind == "fight" else shoot_weapons(state, i)
        step.picked = True
        if action.kind == "weapon":
            step.weapon = action.value
            ask(state, step)
            return
        step.weapon = usable[0] if usable else ""
    if action.kind == "stop":
        state.bonus.clear()
        return
    if action.kind == "discard-bonus":
        c = cx(state)
        discard_card(state, i, action.value)
        apply_effects(state, c.supply[action.value].effects, who=i, source=here(state, i))
        ask(state, step)
        return
    attack(state, i, action.value, step.kind, step.weapon)
    if state.result:
        return
    if step.kind == "fight" and not step.second and two_weapons(state, i) \
            and adjacent_walkers(state, here(state, i)):
        rest = list(state.survivors[i].equipped)
        rest.remove(step.weapon)
        ask(state, ChooseTarget(survivor=i, kind="fight", weapon=rest[0], second=True,
                                picked=True))
    elif step.kind == "shoot" and step.weapon and weapon(state, step.weapon).noise:
        noise(state, here(state, i), "shot")


def attack(state: HNState, i: int, target_space: int, kind: str, w: str) -> None:
    """One attack on the Walker on ``target_space``. Fight: a prone Walker is removed with
    no roll (HN-R157). Otherwise Attack (the Survivor's dice, the weapon's and any discarded
    bonus) against the Walker's Defense; higher knocks it prone, higher with a bang removes
    it; a Walker removed gives 1 Reputation. A shot prone Walker stays prone unless the
    Headshot removes it (ruling HN-A18).

    Source: rulebook, "Fight", "Shoot".
    """
    s = state.survivors[i]
    c = cx(state)
    emit(state, "attack", survivor=s.id, attack=kind, weapon=w, target=target_space)
    if kind == "fight" and target_space in state.prone:
        state.bonus.clear()
        remove_walker(state, target_space, by=i, why="prone Walker finished")
        return
    dice = list(getattr(c.survivors[s.id], kind))
    if w:
        dice += list(weapon(state, w).dice or [])
    dice += state.bonus
    state.bonus.clear()
    hits, bang = roll(state, dice, "attack")
    guard, _ = roll(state, c.walker.defense, "defense")
    if hits <= guard:
        emit(state, "attack-missed", survivor=s.id, target=target_space)
    elif bang:
        remove_walker(state, target_space, by=i, why="headshot")
    elif target_space in state.walkers:
        state.walkers.remove(target_space)
        state.prone.append(target_space)
        state.prone.sort()
        emit(state, "knocked-prone", space=target_space)
    else:
        emit(state, "attack-missed", survivor=s.id, target=target_space)


# -- Hold Your Nerve, Make NOISE, Recover Stamina ---------------------------------------------
def legal_hold_your_nerve(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.standing and state.threat >= 2 and not adjacent_walkers(state, s.space)


def start_hold_your_nerve(state: HNState, i: int) -> None:
    """Action die: a star lowers the Threat by 1 and gives 1 Reputation (HN-R170/171)."""
    if action_die(state, "hold your nerve"):
        add_threat(state, -1, "held their nerve")
        change_rep(state, i, 1, "held their nerve")


def legal_make_noise(state: HNState, i: int) -> bool:
    return state.survivors[i].standing


def start_make_noise(state: HNState, i: int) -> None:
    """Source: rulebook, "Make NOISE" (HN-R193)."""
    noise(state, here(state, i), "make noise")


def legal_recover_stamina(state: HNState, i: int) -> bool:
    """In a secured room, or Incapacitated anywhere; never next to a Walker (HN-R194/195).
    Nothing to recover, nothing to do (see the rulings)."""
    s = state.survivors[i]
    if not s.in_play or s.damage <= 0 or adjacent_walkers(state, s.space):
        return False
    if s.incapacitated:
        return True
    room = board(state).room_of(s.space)
    return room is not None and room in state.secured


def start_recover_stamina(state: HNState, i: int) -> None:
    """Restore a red roll of Stamina; an Incapacitated Survivor who recovers any stands up
    and may take a second Action (HN-R195)."""
    s = state.survivors[i]
    down = s.incapacitated
    n = min(s.damage, amount(state, "red", "recover stamina"))
    if n <= 0:
        return
    s.damage -= n
    emit(state, "recovered", survivor=s.id, gained=n, left=s.stamina - s.damage)
    if down:
        emit(state, "stands-up", survivor=s.id)


# -- Secure -------------------------------------------------------------------------------------
def unsecured_room(state: HNState, i: int) -> int | None:
    b = board(state)
    room = b.room_of(here(state, i))
    if room is None or room not in b.security or room in state.secured:
        return None
    return room


def legal_secure(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    room = unsecured_room(state, i) if s.standing else None
    if room is None:
        return False
    inside = set(board(state).areas[room].spaces)
    if inside & {*state.walkers, *state.prone, *state.fire}:
        return False
    return not adjacent_walkers(state, s.space)


def start_secure(state: HNState, i: int) -> None:
    """A white die, and one more per other Survivor in the room (Negan too); at least the
    Security value secures it: the actor gains that value in Reputation, every other
    Survivor in the room 1, and the Threat drops by 1 (HN-R179..183, ruling HN-A25).
    """
    room = unsecured_room(state, i)
    assert room is not None
    inside = set(board(state).areas[room].spaces)
    others = [k for k, s in enumerate(state.survivors)
              if k != i and s.in_play and s.space in inside]
    dice = ["white"] * (1 + len(others) + (state.negan in inside))
    value = security_value(state)
    hits, _ = roll(state, dice, "secure")
    if hits < value:
        emit(state, "secure-failed", survivor=state.survivors[i].id, room=room)
        return
    state.secured.append(room)
    state.secured.sort()
    emit(state, "room-secured", survivor=state.survivors[i].id, room=room)
    change_rep(state, i, value, "secured a room")
    for k in others:
        change_rep(state, k, 1, "room secured")
    add_threat(state, -1, "room secured")


# -- Search -------------------------------------------------------------------------------------
def search_tokens(state: HNState, i: int) -> list[int]:
    """Supply tokens on or next to the Survivor with no other model on them (HN-R172)."""
    return [t for t in near(state, here(state, i), list(state.supplies))
            if not models_at(state, t, but=i)]


def legal_search(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.standing and not adjacent_walkers(state, s.space) and bool(search_tokens(state, i))


def start_search(state: HNState, i: int) -> None:
    ask(state, ActionTarget(survivor=i, action="search"))


def search(state: HNState, i: int, token: int) -> None:
    """Remove the token, draw a Supply card: a weapon may be equipped at once, an item is
    kept, an incident is resolved and discarded (HN-R173..177)."""
    s = state.survivors[i]
    state.supplies.remove(token)
    card = draw(state, "supply")
    emit(state, "searched", survivor=s.id, space=token, card=card)
    if card is None:
        return
    info = cx(state).supply[card]
    if info.kind == "weapon":
        s.cards.append(card)
        ask(state, FoundWeapon(survivor=i, card=card))
    elif info.kind == "item":
        s.cards.append(card)
    else:
        apply_effects(state, info.effects, who=i, source=s.space)
        state.discards["supply"].append(card)


def equip(state: HNState, i: int, card: str, slot: int) -> None:
    """Put a held weapon card in weapon space ``slot``; what was there is put aside."""
    s = state.survivors[i]
    s.cards.remove(card)
    if slot < len(s.equipped):
        s.cards.append(s.equipped[slot])
        s.equipped[slot] = card
    else:
        s.equipped.append(card)
    emit(state, "equipped", survivor=s.id, card=card, slot=slot)


def slots(state: HNState, i: int) -> list[int]:
    return list(range(min(len(state.survivors[i].equipped) + 1, 2)))


@decides(FoundWeapon)
def ask_found(state: HNState, step: FoundWeapon) -> Decision:
    options = [Action("equip", k, f"equip {step.card} in space {k + 1}")
               for k in slots(state, step.survivor)]
    options.append(Action("keep", None, f"keep {step.card} aside"))
    return Decision(seat(state, step.survivor), "search", tuple(options),
                    f"{name(state, step.survivor)} found {step.card}")


@resolves(FoundWeapon)
def found(state: HNState, step: FoundWeapon, action: Action) -> None:
    if action.kind == "equip":
        equip(state, step.survivor, step.card, action.value)


# -- Break and Enter, Extinguish (and the Search token) ------------------------------------------
def locked_doors(state: HNState, i: int) -> list[int]:
    b = board(state)
    return [d for d in b.doors_at(here(state, i))
            if b.doors[d].state == "locked" and d not in state.open_doors]


def legal_break_and_enter(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and bool(locked_doors(state, i))


def start_break_and_enter(state: HNState, i: int) -> None:
    ask(state, ActionTarget(survivor=i, action="break-and-enter"))


def fires(state: HNState, i: int) -> list[int]:
    return near(state, here(state, i), list(state.fire))


def legal_extinguish(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and bool(fires(state, i))


def start_extinguish(state: HNState, i: int) -> None:
    ask(state, ActionTarget(survivor=i, action="extinguish"))


@decides(ActionTarget)
def ask_aim(state: HNState, step: ActionTarget) -> Decision:
    i = step.survivor
    b = board(state)
    if step.action == "break-and-enter":
        options = [Action("break", d, f"break door {d}") for d in locked_doors(state, i)]
    elif step.action == "extinguish":
        options = [Action("extinguish", f, f"put out the fire on {b.label(f)}")
                   for f in fires(state, i)]
    else:
        options = [Action("supply-token", t, f"search the Supply token on {b.label(t)}")
                   for t in search_tokens(state, i)]
    return Decision(seat(state, i), step.action, tuple(options),
                    f"{name(state, i)}: {step.action} where?")


@resolves(ActionTarget)
def aim(state: HNState, step: ActionTarget, action: Action) -> None:
    """Source: rulebook, "Break and Enter" (HN-R184/185), "Extinguish" (HN-R192),
    "Search"."""
    i = step.survivor
    if action.kind == "break":
        if action_die(state, "break and enter"):
            open_door(state, action.value, i)
        else:
            emit(state, "door-holds", door=action.value)
        if not state.result:
            noise(state, here(state, i), "break and enter")
    elif action.kind == "extinguish":
        if action_die(state, "extinguish"):
            state.fire.remove(action.value)
            emit(state, "fire-out", space=action.value)
    else:
        search(state, i, action.value)


# -- Call Negan, Clear the Way! -----------------------------------------------------------------
def legal_call_negan(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and state.negan >= 0


def start_call_negan(state: HNState, i: int) -> None:
    """Lose a blue roll of Reputation; short of it, lose it all and the call fails; else the
    caller moves Negan (HN-R188/189, rulings HN-A26, HN-A27)."""
    s = state.survivors[i]
    n = amount(state, "blue", "call negan")
    if s.rep < n:
        change_rep(state, i, -s.rep, "called Negan")
        emit(state, "call-failed", survivor=s.id)
        return
    change_rep(state, i, -n, "called Negan")
    ask(state, CallNeganMove(survivor=i))


def call_moves(state: HNState) -> dict[int, tuple[int, ...]]:
    reach = negan_call_moves(board(state), scene(state), 3, into_unsecured=True)
    out = {state.negan: ()}
    out.update({sp: r.path for sp, r in reach.items()})
    return out


@decides(CallNeganMove)
def ask_call(state: HNState, step: CallNeganMove) -> Decision:
    b = board(state)
    options = tuple(Action("negan-to", sp, f"Negan to {b.label(sp)}")
                    for sp in sorted(call_moves(state)))
    return Decision(seat(state, step.survivor), "call-negan", options,
                    f"{name(state, step.survivor)}: where does Negan go?")


@resolves(CallNeganMove)
def call(state: HNState, step: CallNeganMove, action: Action) -> None:
    """Negan goes where the caller chose; if Walkers are then within 3 spaces and sight of
    him, a blue roll says how many he removes (HN-R190, ruling HN-A27)."""
    path = call_moves(state)[action.value]
    state.negan = action.value
    emit(state, "negan-called", space=action.value)
    negan_phase.after_negan_move(state, path)
    if state.result:
        return
    groups = in_range(board(state), scene(state), state.negan, [*state.walkers, *state.prone],
                      3, need_sight=True)
    if groups:
        negan_phase.negan_kills(state, amount(state, "blue", "negan kills"))


def legal_clear_the_way(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and state.negan >= 0


def start_clear_the_way(state: HNState, i: int) -> None:
    """Source: rulebook, "Clear the Way!" (HN-R191, ruling HN-A28)."""
    negan_phase.clear_the_way(state, i)


# -- Swap Items ---------------------------------------------------------------------------------
def partners(state: HNState, i: int) -> list[int]:
    """Other Survivors in play within 3 spaces and line of sight (HN-R196/197)."""
    others = {s.space: k for k, s in enumerate(state.survivors) if k != i and s.in_play}
    groups = in_range(board(state), scene(state), here(state, i), list(others), 3,
                      need_sight=True)
    return sorted(others[sp] for g in groups for sp in g)


def tradeable(state: HNState, k: int) -> list[str]:
    """Supply cards Survivor ``k`` may hand over: held or equipped (starting weapons stay
    with their Survivor: see the rulings)."""
    s = state.survivors[k]
    supply = cx(state).supply
    return [c for c in dict.fromkeys([*s.cards, *s.equipped]) if c in supply]


def swap_options(state: HNState, step: Swapping) -> list[Action]:
    i = step.survivor
    s = state.survivors[i]
    ids = {x.id: k for k, x in enumerate(state.survivors)}
    out: list[Action] = []
    for card in dict.fromkeys(s.cards):
        if "=" + card in step.moved or weapon_or_none(state, card) is None:
            continue
        for slot in slots(state, i):
            out.append(Action("swap-equip", (card, slot), f"equip {card} in space {slot + 1}"))
    who = [ids[step.partner]] if step.partner else partners(state, i)
    for k in who:
        other = state.survivors[k].id
        for card in tradeable(state, i):
            if card not in step.moved:
                out.append(Action("swap-give", (other, card), f"give {card} to {other}"))
        for card in tradeable(state, k):
            if card not in step.moved:
                out.append(Action("swap-take", (other, card), f"take {card} from {other}"))
    return out


def weapon_or_none(state: HNState, card: str) -> Any:
    c = cx(state)
    if card in c.weapons:
        return c.weapons[card]
    if card in c.supply and c.supply[card].kind == "weapon":
        return c.supply[card]
    return None


def legal_swap_items(state: HNState, i: int) -> bool:
    return state.survivors[i].standing and bool(swap_options(state, Swapping(survivor=i)))


def start_swap_items(state: HNState, i: int) -> None:
    push(state, Swapping(survivor=i))


@decides(Swapping)
def ask_swap(state: HNState, step: Swapping) -> Decision:
    options = (*swap_options(state, step), Action("swap-done", None, "done swapping"))
    return Decision(seat(state, step.survivor), "swap-items", options,
                    f"{name(state, step.survivor)} swaps items")


def _hand_over(state: HNState, frm: int, to: int, card: str) -> None:
    giver = state.survivors[frm]
    if card in giver.cards:
        giver.cards.remove(card)
    else:
        giver.equipped.remove(card)
    state.survivors[to].cards.append(card)
    emit(state, "card-given", frm=giver.id, to=state.survivors[to].id, card=card)


@resolves(Swapping)
def swap(state: HNState, step: Swapping, action: Action) -> None:
    """Equip held weapons and pass cards to or from one Survivor within 3 spaces and sight,
    a card at a time, each card once; a partner of another seat agrees (ruling HN-A54).

    Source: rulebook, "Swap Items" (HN-R196/197).
    """
    i = step.survivor
    if action.kind == "swap-done":
        return
    if action.kind == "swap-equip":
        card, slot = action.value
        equip(state, i, card, slot)
        card = "=" + card
    else:
        other, card = action.value
        k = next(n for n, x in enumerate(state.survivors) if x.id == other)
        step.partner = other
        if action.kind == "swap-give":
            _hand_over(state, i, k, card)
        else:
            _hand_over(state, k, i, card)
    step.moved = (*step.moved, card)
    push(state, step)


# -- the Actions --------------------------------------------------------------------------------
ACTIONS = (
    "move", "run", "fight", "shoot", "hold-your-nerve", "search", "secure", "break-and-enter",
    "call-negan", "clear-the-way", "extinguish", "make-noise", "recover-stamina", "swap-items",
)
"""The Actions in the order they are offered; ``run`` is a Move (ruling HN-A03)."""

LEGAL: dict[str, Callable[[HNState, int], bool]] = {
    "move": legal_move, "run": legal_move, "fight": legal_fight, "shoot": legal_shoot,
    "hold-your-nerve": legal_hold_your_nerve, "search": legal_search, "secure": legal_secure,
    "break-and-enter": legal_break_and_enter, "call-negan": legal_call_negan,
    "clear-the-way": legal_clear_the_way, "extinguish": legal_extinguish,
    "make-noise": legal_make_noise, "recover-stamina": legal_recover_stamina,
    "swap-items": legal_swap_items,
}
START: dict[str, Callable[[HNState, int], None]] = {
    "move": start_move, "run": lambda st, i: start_move(st, i, run=True),
    "fight": start_fight, "shoot": start_shoot, "hold-your-nerve": start_hold_your_nerve,
    "search": start_search, "secure": start_secure, "break-and-enter": start_break_and_enter,
    "call-negan": start_call_negan, "clear-the-way": start_clear_the_way,
    "extinguish": start_extinguish, "make-noise": start_make_noise,
    "recover-stamina": start_recover_stamina, "swap-items": start_swap_items,
}


def kind_of(action_name: str) -> str:
    """The kind an Action counts as for the different-Actions rule: Run is a Move."""
    return "move" if action_name == "run" else action_name


# -- Supply items (their effects by name) -------------------------------------------------------
@effect("heal")
def heal(state: HNState, eff: Any, *, who: int = -1, source: int = -1, room: int = -1) -> None:
    """Discarded: the holder restores Stamina equal to a roll of the card's die; one who
    lay Incapacitated and restores any stands up. Source: rulebook, "Special Item Cards"."""
    if who < 0:
        return
    s = state.survivors[who]
    down = s.incapacitated
    n = min(s.damage, amount(state, eff.die, "heal"))
    if n > 0:
        s.damage -= n
        emit(state, "recovered", survivor=s.id, gained=n, left=s.stamina - s.damage)
        if down:
            emit(state, "stands-up", survivor=s.id)


@effect("extra-action")
def extra_action(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
                 room: int = -1) -> None:
    """Discarded: the holder takes a +1 Action token. Source: rulebook, "+1/-1 Action
    Tokens", "Special Item Cards"."""
    if who >= 0:
        state.survivors[who].plus += 1
        emit(state, "action-token", survivor=state.survivors[who].id, delta=1)


@effect("attack-die")
def attack_die(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
               room: int = -1) -> None:
    """Discarded before an Attack roll: the card's die joins that roll. Source: rulebook,
    "Fight" (dice granted by item cards)."""
    state.bonus.append(eff.die)
    emit(state, "bonus-die", die=eff.die)


def _held_rule(state: HNState, eff: Any, *, who: int = -1, source: int = -1,
               room: int = -1) -> None:
    """A card that works while it is held (a Defense die, a tool): resolving it as an effect
    only announces it; the rule reads the held card where it applies."""
    emit(state, "item-held", effect=eff.effect,
         survivor=state.survivors[who].id if who >= 0 else "")


for _name in ("defense-die", "toolkit", "wrench"):
    effect(_name)(_held_rule)
