"""The Action Phase up to resolving: the roll, the Event die and the rerolls.

Source: Run, Fight, or Die! rulebook, "Initial Dice Roll", "Resolve the Event", "Event Die
Actions", "Rerolls" and "Zombie and Fleeing Symbols".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import (
    EVENT_FACE_NAMES,
    add_zombies,
    cx,
    discard,
    draw,
    heal,
    play_hold,
    push_effects,
    reroll_zombies,
    use_loot,
    wound,
    zones,
)
from .effects import effect_possible
from .resolving import card_action, enter_actions
from .state import SYMBOLS, ZOMBIE, RFDState
from .steps import FLOW, Amulet, InitialRoll, MoveZombies, Nurse, RollDice, Rolling

BASE_REROLLS = 2

STOP = Action("stop", None, "Stop rolling and resolve the dice")
FLEE = Action("flee", None, "Draw a Fleeing Card to reroll all Zombie symbols")
TINKER = Action("tinker", None, "Tinker: reroll all Zombie symbols for free")
DECLINE = Action("decline", None, "Decline")
AMULET_ZOMBIES = Action("amulet-zombies", None, "Amulet: reroll all Zombie symbols")
NURSE_HEAL = Action("nurse", "heal", "Nurse: heal 1 Wound")
NURSE_PUSH = Action("nurse", "push-back", "Nurse: move 2 Zombies back 1 Zone")

_DIE_CHOICES = [
    [
        (
            Action("keep", i, f"Keep die {i + 1} ({SYMBOLS[sym]})"),
            Action("reroll-die", i, f"Reroll die {i + 1} ({SYMBOLS[sym]})"),
        )
        for sym in range(6)
    ]
    for i in range(6)
]
"""``_DIE_CHOICES[die][symbol]``: every keep/reroll pair, built once."""

def dice_text(dice: list[int]) -> list[str]:
    """The symbols shown, by name, for an event."""
    return [SYMBOLS[d] for d in dice]


# -- the roll ---------------------------------------------------------------------------------

def reroll_allowance(s: RFDState) -> int:
    """Rerolls this turn: 2, +1 for the Outdoorsman, -1 per Grumpy Old Man, current Event."""
    c = cx(s)
    p = s.players[s.current]
    n = BASE_REROLLS + (1 if c.characters[p.character].ability == "tracker" else 0)
    n -= sum(1 for f in p.followers if c.followers[f].modifier == "reroll-minus-1")
    if s.current_event:
        n += c.events[s.current_event].reroll_delta
    return n


@FLOW.auto(InitialRoll)
def initial_roll(s: RFDState, step: InitialRoll) -> None:
    """Roll the 5 Action dice (+ the Bonus die if a card says so) and the Event die, then
    resolve the Event. Source: rulebook, "Initial Dice Roll" and "Resolve the Event"."""
    c = cx(s)
    roll = s.rng.roll
    action = c.action_symbols
    s.dice = [roll(action) for _ in range(5)]
    if s.bonus_in_roll:
        s.dice.append(roll(c.bonus_symbols))
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.event_face = roll(c.event_faces)
    s.rerolls_left = max(0, s.rerolls_left + reroll_allowance(s))
    s.stack.append(Rolling(seat=step.seat))
    emit(s, "roll", seat=s.current, dice=dice_text(s.dice), event=EVENT_FACE_NAMES.get(s.event_face, s.event_face))
    resolve_event(s)


def resolve_event(s: RFDState) -> None:
    """Apply the Event die. Source: rulebook, "Event Die Actions"."""
    seat = s.current
    face = s.event_face
    if face == "all-quiet":
        s.all_quiet = True
    elif face == "ambush":
        wound(s, seat, 1, "Ambush")
    elif face == "amulet":
        s.stack.append(Amulet(seat=seat))
    elif face == "charge":
        s.stack.append(MoveZombies(kind="advance-any", seat=seat, n=3, source="charge"))
    elif face == "nurse":
        p = s.players[seat]
        if p.wounds or any(p.zones):
            s.stack.append(Nurse(seat=seat))
    elif face == "zombies-rise":
        k = add_zombies(s, seat, 2, 1) + add_zombies(s, seat, 3, 1)
        emit(s, "zombies-rise", n=k, zones=zones(s, seat))


# -- rerolls ----------------------------------------------------------------------------------

def next_die(s: RFDState) -> int:
    """The first non-Zombie die whose keep-or-reroll choice for this roll is still open (-1: none)."""
    decided = s.decided
    for i, sym in enumerate(s.dice):
        if sym != ZOMBIE and not decided[i]:
            return i
    return -1


def reroll_extras(s: RFDState) -> list[Action]:
    """Free Zombie rerolls and reroll cards usable while rolling (not after a Fleeing Card)."""
    if s.flee_pending:
        return []
    c = cx(s)
    p = s.players[s.current]
    out = []
    if ZOMBIE in s.dice and not s.tinkered and c.characters[p.character].ability == "tinker":
        out.append(TINKER)
    for i, card in enumerate(p.loot):
        if c.loot[card].timing == "reroll" and effect_possible(s, s.current, c.effects[f"loot:{card}"]):
            out.append(card_action(s, "loot", i, card, f"Use {c.loot[card].name}"))
    for i, card in enumerate(p.holds):
        ev = c.events[card]
        if ev.timing == "reroll" and p.hold_turns[i] < s.turn:
            out.append(card_action(s, "hold", i, card, f"Play {ev.name}"))
    return out


def reroll_options(s: RFDState) -> tuple[Action, ...]:
    """Rerolls: keep or reroll the next undecided die, flee, free Zombie rerolls, or stop.

    Each non-Zombie die is decided once per roll; when the last one is decided the marked
    dice reroll (the :class:`~.steps.Rolling` step), so no choice can undo another.

    Source: rulebook, "Rerolls" and "Zombie and Fleeing Symbols".
    """
    out: list[Action] = []
    dice = s.dice
    if s.rerolls_left > 0:
        i = next_die(s)
        if i >= 0:
            out.extend(_DIE_CHOICES[i][dice[i]])
        if not s.fled and ZOMBIE in dice:
            out.append(FLEE)
    p = s.players[s.current]
    if p.loot or p.holds or (not s.tinkered and ZOMBIE in dice):
        out.extend(reroll_extras(s))
    if not s.flee_pending:
        out.append(STOP)
    return tuple(out)


def reroll_ready(s: RFDState, die: int) -> bool:
    """Every die is decided (``die``, the next undecided one, is -1) and there is something
    to reroll: the reroll happens now."""
    return s.rerolls_left > 0 and die < 0 and (s.flee_pending or True in s.selected)


def reroll_has_choice(s: RFDState, die: int) -> bool:
    """Whether the rolling player still has something to decide before actions."""
    if s.flee_pending:
        return True
    if s.rerolls_left > 0 and (die >= 0 or (not s.fled and ZOMBIE in s.dice)):
        return True
    return bool(reroll_extras(s))


def reroll_marked(s: RFDState) -> None:
    """Reroll the marked dice (and every Zombie after a Fleeing Card), spending one reroll."""
    c = cx(s)
    action_faces, bonus_faces = c.action_symbols, c.bonus_symbols
    roll = s.rng.roll
    for i, sym in enumerate(s.dice):
        if s.selected[i] or (s.flee_pending and sym == ZOMBIE):
            s.dice[i] = roll(bonus_faces if i == 5 else action_faces)
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.rerolls_left -= 1
    s.flee_pending = False
    emit(s, "reroll", dice=dice_text(s.dice), left=s.rerolls_left)


@FLOW.auto(Rolling)
def rolling(s: RFDState, step: Rolling) -> None:
    """Reroll when every die is decided, else ask, else rolling is over."""
    die = next_die(s)
    if reroll_ready(s, die):
        reroll_marked(s)
        s.stack.append(step)
    elif reroll_has_choice(s, die):
        s.stack.append(RollDice(seat=step.seat))
    else:
        enter_actions(s)


@FLOW.decide(RollDice)
def ask_roll(s: RFDState, step: RollDice) -> Decision:
    i = next_die(s)
    prompt = (
        f"Die {i + 1} shows {SYMBOLS[s.dice[i]]}: keep it or reroll it? (each die is decided once; then the marked dice reroll)"
        if i >= 0 and s.rerolls_left > 0
        else "Stop rolling, or play a card first?"
    )
    return Decision(step.seat, "roll-dice", reroll_options(s), prompt)


def _keep(s: RFDState, seat: int, action: Action) -> None:
    s.decided[action.value] = True
    s.selected[action.value] = action.kind == "reroll-die"


def _flee(s: RFDState, seat: int, action: Action) -> None:
    s.fled = True
    s.flee_pending = True
    card = draw(s, "fleeing")
    if card:
        discard(s, "fleeing", card)
        c = cx(s)
        emit(s, "flee", seat=seat, card=card, name=c.fleeing[card].name)
        push_effects(s, seat, c.effects[f"fleeing:{card}"], card)


def _tinker(s: RFDState, seat: int, action: Action) -> None:
    s.tinkered = True
    reroll_zombies(s)
    emit(s, "tinker", dice=dice_text(s.dice))


_ROLL_PLAYS = {
    "keep": _keep,
    "reroll-die": _keep,
    "flee": _flee,
    "tinker": _tinker,
    "loot": lambda s, seat, a: use_loot(s, seat, a.value),
    "hold": lambda s, seat, a: play_hold(s, seat, a.value),
}


@FLOW.resolve(RollDice)
def play_roll(s: RFDState, step: RollDice, action: Action) -> None:
    """Source: rulebook, "Rerolls", "Zombie and Fleeing Symbols", "AMULET"."""
    if action.kind == "stop":
        enter_actions(s)
        return
    s.stack.append(Rolling(seat=step.seat))
    _ROLL_PLAYS[action.kind](s, step.seat, action)


# -- Event die choices ------------------------------------------------------------------------
@FLOW.decide(Amulet)
def ask_amulet(s: RFDState, step: Amulet) -> Decision:
    c = cx(s)
    options: list[Action] = []
    for i, sym in enumerate(s.dice):
        if sym == ZOMBIE:
            continue
        faces = set(c.bonus_symbols if i == 5 else c.action_symbols)
        for f in range(6):
            if f != sym and f in faces:
                options.append(Action("flip", (i, f), f"Amulet: turn die {i + 1} from {SYMBOLS[sym]} to {SYMBOLS[f]}"))
    if ZOMBIE in s.dice:
        options.append(AMULET_ZOMBIES)
    options.append(DECLINE)
    prompt = ("Amulet: flip a die, reroll the Zombies, or decline?" if ZOMBIE in s.dice
              else "Amulet: flip a die, or decline? (no Zombie to reroll)")
    return Decision(step.seat, "amulet", tuple(options), prompt)


def amulet_paths(s: RFDState, decision: Decision) -> tuple[tuple[str, ...], ...]:
    """Menu paths for the Amulet's question (``Game.option_groups``): each die's turns
    under one group named by the die and its face now, the Zombies' reroll and Decline at
    the top. Source: Run, Fight, or Die! rulebook, "Event Die Actions" (Amulet)."""
    return tuple(
        (f"Turn die {a.value[0] + 1} (now {SYMBOLS[s.dice[a.value[0]]]})",) if a.kind == "flip" else ()
        for a in decision.options
    )


@FLOW.resolve(Amulet)
def play_amulet(s: RFDState, step: Amulet, action: Action) -> None:
    """Source: rulebook, "AMULET"."""
    if action.kind == "flip":
        i, sym = action.value
        s.dice[i] = sym
        emit(s, "amulet-flip", die=i + 1, face=SYMBOLS[sym])
    elif action.kind == "amulet-zombies":
        reroll_zombies(s)
        emit(s, "amulet-reroll", dice=dice_text(s.dice))


@FLOW.decide(Nurse)
def ask_nurse(s: RFDState, step: Nurse) -> Decision:
    p = s.players[step.seat]
    options = []
    if p.wounds:
        options.append(NURSE_HEAL)
    if any(p.zones):
        options.append(NURSE_PUSH)
    options.append(DECLINE)
    return Decision(step.seat, "nurse", tuple(options), "Nurse: heal 1 Wound or move 2 Zombies back?")


@FLOW.resolve(Nurse)
def play_nurse(s: RFDState, step: Nurse, action: Action) -> None:
    """Source: rulebook, "NURSE" (may be declined)."""
    if action.kind != "nurse":
        return
    if action.value == "heal":
        heal(s, step.seat, 1)
    else:
        s.stack.append(MoveZombies(kind="push-back-any", seat=step.seat, n=2, source="nurse"))
