"""The Survivors' Actions other than Move and the attacks, with the small decisions inside
them (targets of Search, Break and Enter and Extinguish, a found weapon, where a called Negan
goes, swaps), and what every Action shares: asking a decision (:func:`ask`) and questions
about the board round a Survivor. Move and Run are in :mod:`.move`, Fight and Shoot in
:mod:`.attacks`; :mod:`.survivor_phase` lists them all.

Every Action is a pair: ``legal_<name>(state, i)`` says whether Survivor ``i`` may take it
now, ``start_<name>(state, i)`` carries it out, asking the Action's own decisions on top of
the stack (the activation's next choice waits below them). A decision with a single option
is applied at once (:func:`ask`).

Source: Here's Negan rulebook, "Actions", "Hold Your Nerve", "Search", "Secure",
"Other Actions" (Break and Enter, Call Negan, Clear the Way!, Extinguish, Make NOISE,
Recover Stamina, Swap Items), "Special Item Cards".
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import islice
from typing import Any

from zedlab.core import Action, Decision
from zedlab.core.flow import Step, push

from . import negan_phase
from .abilities import ability
from .board import (
    Scene,
    graph,
    negan_call_moves,
)
from .common import (
    action_die,
    add_threat,
    amount,
    apply_effects,
    board,
    change_rep,
    cx,
    door_label,
    draw,
    effect,
    emit,
    in_sight_range,
    name,
    noise,
    open_door,
    roll,
    scene,
    scene_without,
    security_value,
    still,
)
from .scenarios import rules
from .state import HNState
from .steps import FLOW, ActionTarget, CallNeganMove, ChooseFind, FoundWeapon, Swapping

STOP = Action("stop", None, "stop")

# -- asking: a decision with one option is applied by the rules ---------------------------------
_ASK: dict[type, Callable[[HNState, Any], Decision]] = {}
_PLAY: dict[type, Callable[[HNState, Any, Action], None]] = {}


def decides(step_type: type) -> Callable[[Any], Any]:
    """Bind a decision of the Survivor Phase (and remember it for :func:`ask`)."""

    def bind(fn: Any) -> Any:
        fn = still(fn)
        _ASK[step_type] = fn
        FLOW.decide(step_type)(fn)
        return fn

    return bind


_FEW: dict[type, Callable[[HNState, Any], list[Action]]] = {}


def offers(step_type: type) -> Callable[[Any], Any]:
    """Bind a generator of a decision's options (each once; in any order, but a lone option
    is the decision's only one): then :func:`ask` works out only the first two to see
    whether there is a choice to put."""

    def bind(fn: Any) -> Any:
        @still
        def few(state: HNState, step: Any) -> list[Action]:
            return list(islice(fn(state, step), 2))

        _FEW[step_type] = few
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
    few = _FEW.get(type(step))
    options = few(state, step) if few is not None else _ASK[type(step)](state, step).options
    if len(options) == 1:
        _PLAY[type(step)](state, step, options[0])
    else:
        push(state, step)


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
    if not state.walkers and not state.prone:
        return []
    around = graph(board(state), doors(state))[space]  # what ``adjacent`` looks up
    return sorted(w for w in (*state.walkers, *state.prone) if w in around)


def near(state: HNState, a: int, spaces: list[int]) -> list[int]:
    """Those of ``spaces`` that are ``a`` itself or adjacent to it."""
    if not spaces:
        return []
    around = graph(board(state), doors(state))[a]
    return sorted(s for s in spaces if s == a or s in around)


def models_at(state: HNState, space: int, but: int = -1) -> bool:
    """True if a model other than Survivor ``but`` stands on ``space``."""
    if space in state.walkers or space in state.prone or space == state.negan:
        return True
    return any(k != but and s.in_play and s.space == space for k, s in enumerate(state.survivors))


def printed(state: HNState, card: str) -> str:
    """The printed name of a Supply card or starting weapon id (labels name cards by it)."""
    c = cx(state)
    entry = c.supply.get(card) or c.weapons.get(card)
    return str(entry.name) if entry is not None else card


def card_text(state: HNState, card: str) -> str:
    """The short text of a Supply card or starting weapon id (decisions about a card show
    it)."""
    c = cx(state)
    entry = c.supply.get(card) or c.weapons.get(card)
    return str(entry.text) if entry is not None else ""


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


# -- Hold Your Nerve, Make NOISE, Recover Stamina ---------------------------------------------
def legal_hold_your_nerve(state: HNState, i: int) -> bool:
    s = state.survivors[i]
    return s.standing and state.threat >= 2 and not adjacent_walkers(state, s.space)


def start_hold_your_nerve(state: HNState, i: int) -> None:
    """Action die: a star lowers the Threat by 1 and gives 1 Reputation (HN-R170/171)."""
    star = action_die(state, "hold your nerve")
    for _ in range(rules(state).hold_your_nerve_rerolls(state, i)):
        if star:
            break
        star = action_die(state, "hold your nerve re-roll")
    if star:
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
    n = min(s.damage, amount(state, rules(state).recover_die(state, i), "recover stamina"))
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
    """Remove the token, draw a Supply card (two for a Survivor whose special rule says so,
    who keeps one and shuffles the rest back: Sherry) and take what was found
    (:func:`take_find`). Source: rulebook, "Search" (HN-R173); survivors.toml."""
    s = state.survivors[i]
    state.supplies.remove(token)
    cards: list[str] = []
    for _ in range(ability(state, i).search_draws(state, i)):
        card = draw(state, "supply")
        if card is None:
            break
        cards.append(card)
    emit(state, "searched", survivor=s.id, space=token, card=cards[0] if cards else None,
         cards=cards)
    rules(state).searched(state, i)
    if len(cards) > 1:
        ask(state, ChooseFind(survivor=i, cards=tuple(cards)))
    elif cards:
        take_find(state, i, cards[0])


def take_find(state: HNState, i: int, card: str) -> None:
    """A Supply card found: a weapon may be equipped at once, an item is kept, an incident is
    resolved and discarded (HN-R174..177)."""
    s = state.survivors[i]
    info = cx(state).supply[card]
    if info.kind == "weapon":
        s.cards.append(card)
        ask(state, FoundWeapon(survivor=i, card=card))
    elif info.kind == "item":
        s.cards.append(card)
    else:
        apply_effects(state, info.effects, who=i, source=s.space)
        state.discards["supply"].append(card)


@decides(ChooseFind)
def ask_find(state: HNState, step: ChooseFind) -> Decision:
    names = {c: printed(state, c) for c in step.cards}
    options = []
    for card in dict.fromkeys(step.cards):
        rest = list(step.cards)
        rest.remove(card)
        back = ", ".join(names[c] for c in rest)
        options.append(Action("keep-card", card, f"keep {names[card]}, shuffle {back} back"))
    return Decision(seat(state, step.survivor), "search", tuple(options),
                    f"{name(state, step.survivor)} found "
                    + " and ".join(f"{names[c]} ({card_text(state, c)})"
                                   for c in dict.fromkeys(step.cards)))


@resolves(ChooseFind)
def keep_find(state: HNState, step: ChooseFind, action: Action) -> None:
    """The card kept is taken as a normal find (an Incident kept resolves); the others are
    shuffled back into the Supply deck (ruling in docs/rulings/heres-negan.md)."""
    rest = list(step.cards)
    rest.remove(action.value)
    deck = state.decks["supply"]
    deck.extend(rest)
    state.rng.shuffle(deck)
    emit(state, "deck-reshuffled", deck="supply")
    take_find(state, step.survivor, action.value)


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


def slots(state: HNState, i: int, card: str) -> list[int]:
    """The weapon spaces weapon ``card`` may go in (a filled one is covered: HN-R078); none
    for a weapon the Survivor's special rule forbids (Tara: no Shoot weapon)."""
    if not ability(state, i).may_equip(state, i, card):
        return []
    return list(range(min(len(state.survivors[i].equipped) + 1, 2)))


def _space_label(state: HNState, i: int, card: str, k: int) -> str:
    eq = state.survivors[i].equipped
    over = f" (over {printed(state, eq[k])})" if k < len(eq) else ""
    return f"equip {printed(state, card)} in weapon space {k + 1}{over}"


@decides(FoundWeapon)
def ask_found(state: HNState, step: FoundWeapon) -> Decision:
    options = [Action("equip", k, _space_label(state, step.survivor, step.card, k))
               for k in slots(state, step.survivor, step.card)]
    options.append(Action("keep", None, f"keep {printed(state, step.card)} aside"))
    return Decision(seat(state, step.survivor), "search", tuple(options),
                    f"{name(state, step.survivor)} found {printed(state, step.card)} "
                    f"({card_text(state, step.card)})")


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
        options = [Action("break", d, f"break {door_label(b, d, state.survivors[i].space)}")
                   for d in locked_doors(state, i)]
    elif step.action == "extinguish":
        options = [Action("extinguish", f, f"put out the fire on {b.label(f)}")
                   for f in fires(state, i)]
    else:
        options = [Action("supply-token", t, f"search the Supply token on {b.label(t)}")
                   for t in search_tokens(state, i)]
    return Decision(seat(state, i), step.action, tuple(options),
                    f"{name(state, i)}: {_AIMED.get(step.action, step.action)} where?")


_AIMED = {"break-and-enter": "Break and Enter", "extinguish": "Extinguish", "search": "Search"}


@resolves(ActionTarget)
def aim(state: HNState, step: ActionTarget, action: Action) -> None:
    """Source: rulebook, "Break and Enter" (HN-R184/185), "Extinguish" (HN-R192),
    "Search"."""
    i = step.survivor
    if action.kind == "break":
        break_and_enter(state, i, action.value)
    elif action.kind == "extinguish":
        if action_die(state, "extinguish"):
            state.fire.remove(action.value)
            emit(state, "fire-out", space=action.value)
    else:
        search(state, i, action.value)


def break_and_enter(state: HNState, i: int, door: int) -> None:
    """The Action die: a star opens the locked door as a normal door; NOISE either way.
    John's special rule opens it with no roll; a Toolkit re-rolls a blank once; a Wrench
    makes it silent.

    Source: rulebook, "Break and Enter" (HN-R184, HN-R185), "Special Item Cards" (HN-R080);
    survivors.toml, supply.toml.
    """
    s = state.survivors[i]
    opened = ability(state, i).sure_break_and_enter(state, i)
    if not opened:
        opened = action_die(state, "break and enter")
        tools = held_with(state, i, "toolkit")
        if not opened and tools:
            emit(state, "card-used", survivor=s.id, card=tools[0])
            opened = action_die(state, "break and enter re-roll")
    if opened:
        open_door(state, door, i)
    else:
        emit(state, "door-holds", door=door)
    if state.result:
        return
    quiet = held_with(state, i, "wrench")
    if quiet:
        emit(state, "card-used", survivor=s.id, card=quiet[0])
    else:
        noise(state, here(state, i), "break and enter")


# -- Call Negan, Clear the Way! -----------------------------------------------------------------
def legal_call_negan(state: HNState, i: int) -> bool:
    """Negan in play (HN-R187)."""
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
    """Where the caller may put Negan (up to 3 spaces; or nowhere, where the scenario keeps
    him on the EXIT) and the path to each."""
    out: dict[int, tuple[int, ...]] = {state.negan: ()}
    if not rules(state).called_negan_moves(state):
        return out
    reach = negan_call_moves(board(state), scene(state), 3, into_unsecured=True)
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
    groups = in_sight_range(state, state.negan, [*state.walkers, *state.prone], 3)
    if groups:
        negan_phase.negan_kills(state, amount(state, "blue", "negan kills"))


def legal_clear_the_way(state: HNState, i: int) -> bool:
    """Negan in play and not staying on his target (ruling HN-A37)."""
    return (state.survivors[i].standing and state.negan >= 0
            and not rules(state).negan_stays(state))


def start_clear_the_way(state: HNState, i: int) -> None:
    """Source: rulebook, "Clear the Way!" (HN-R191, ruling HN-A28)."""
    negan_phase.clear_the_way(state, i)


# -- Swap Items ---------------------------------------------------------------------------------
def partners(state: HNState, i: int) -> list[int]:
    """Other Survivors in play within 3 spaces and line of sight (HN-R196/197)."""
    others = {s.space: k for k, s in enumerate(state.survivors) if k != i and s.in_play}
    groups = in_sight_range(state, here(state, i), list(others), 3)
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
        for slot in slots(state, i, card):
            out.append(Action("swap-equip", (card, slot), _space_label(state, i, card, slot)))
    who = [ids[step.partner]] if step.partner else partners(state, i)
    for k in who:
        other = state.survivors[k].id
        them = name(state, k)
        for card in tradeable(state, i):
            if card not in step.moved:
                out.append(Action("swap-give", (other, card),
                                  f"give {printed(state, card)} to {them}"))
        for card in tradeable(state, k):
            if card not in step.moved:
                out.append(Action("swap-take", (other, card),
                                  f"take {printed(state, card)} from {them}"))
    return out


def weapon_or_none(state: HNState, card: str) -> Any:
    c = cx(state)
    if card in c.weapons:
        return c.weapons[card]
    if card in c.supply and c.supply[card].kind == "weapon":
        return c.supply[card]
    return None


def legal_swap_items(state: HNState, i: int) -> bool:
    """Whether :func:`swap_options` of a new Swap Items offers anything: a held weapon to
    equip, or a partner in reach when either side has a card to hand over."""
    s = state.survivors[i]
    if not s.standing:
        return False
    for card in dict.fromkeys(s.cards):
        if weapon_or_none(state, card) is not None and slots(state, i, card):
            return True
    mine = bool(tradeable(state, i))
    if not mine and not any(
        tradeable(state, k) for k, x in enumerate(state.survivors) if k != i and x.in_play
    ):
        return False
    return any(mine or tradeable(state, k) for k in partners(state, i))


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
    """A card that works while it is held (a Defense die, a tool) or is discarded at one
    moment only (a Defense bonus, asked by the Walker attack): resolving it as an effect only
    announces it; the rule reads the held card where it applies."""
    emit(state, "item-held", effect=eff.effect,
         survivor=state.survivors[who].id if who >= 0 else "")


for _name in ("defense-die", "toolkit", "wrench", "defense-bonus"):
    effect(_name)(_held_rule)
