"""Decisions of Run, Fight, or Die!: what a player may choose now, and playing a choice.

Rolling (``roll-dice``), resolving the dice (``resolve-actions``), the 5-Follower declaration
(``declare-end``) and every interrupting choice on the pending-step stack (the Amulet, the
Nurse, moving Zombies, choosing Followers, the Search and Book tables...).

Source: Run, Fight, or Die! rulebook, "Action Phase", "Action Dice Icons", "Taking Cards".
"""

from __future__ import annotations

from zedlab.core import Action, Decision

from .effects import (
    advance_one,
    can_take_location,
    content_of,
    discard,
    discard_loot,
    draw,
    draw_event,
    draw_followers,
    draw_loot,
    effect_possible,
    gain_follower,
    heal,
    hit_mutant,
    join,
    kill,
    moved_back,
    note,
    push_back,
    push_effects,
    reroll_zombies,
    source_name,
    take_location,
    use_loot,
    wound,
    zones_text,
    zones_with_zombies,
)
from .rules import ACTIONS, ADVANCE, DECLARE, END, REROLL, enter_actions, face_table
from .state import BAT, BOOK, GUN, RUN, SEARCH, SYMBOLS, ZOMBIE, RFDState, Step

# -- prebuilt actions -------------------------------------------------------------------------
STOP = Action("stop", None, "Stop rolling and resolve the dice")
FLEE = Action("flee", None, "Draw a Fleeing Card to reroll all Zombie symbols")
TINKER = Action("tinker", None, "Tinker: reroll all Zombie symbols for free")
BAT_A = Action("bat", None, "Bat: kill 2 Zombies in Zone 1")
BAT_WEAK = Action("bat", None, "Bat: kill 1 Zombie in Zone 1")
SEARCH_A = Action("search", None, "Resolve all Search symbols")
BOOK_A = Action("book", None, "Resolve all Book of the Dead symbols")
BOOK_MUTANT = Action("book-mutant", None, "Book of the Dead: 1 Wound to the Mutant")
COMBO = Action("combo", None, "Use your Dice Combo")
DONE = Action("done", None, "Finish resolving actions")
GUN_A = {
    0: Action("gun", 0, "Gun: 1 Wound to the Mutant"),
    1: Action("gun", 1, "Gun: shoot a Zombie in Zone 1"),
    2: Action("gun", 2, "Gun: shoot a Zombie in Zone 2"),
    3: Action("gun", 3, "Gun: shoot a Zombie in Zone 3"),
}
RUN_A = {z: Action("run", z, f"Run: move a Zombie from Zone {z} back") for z in (1, 2, 3)}
THROW_A = {
    0: Action("throw", 0, "Throw the Bat at the Mutant"),
    2: Action("throw", 2, "Throw the Bat at a Zombie in Zone 2"),
}
ZONE_A = {z: Action("zone", z, f"Zone {z}") for z in (1, 2, 3)}
DECLINE = Action("decline", None, "Decline")
AMULET_ZOMBIES = Action("amulet-zombies", None, "Amulet: reroll all Zombie symbols")
NURSE_HEAL = Action("nurse", "heal", "Nurse: heal 1 Wound")
NURSE_PUSH = Action("nurse", "push-back", "Nurse: move 2 Zombies back 1 Zone")
DECLARE_YES = Action("declare", True, "Declare the last round")
DECLARE_NO = Action("declare", False, "Play on")
ACCEPT = Action("accept", True, "Take this Follower")
REFUSE = Action("accept", False, "Refuse this Follower (solo)")
WOUND_A = Action("wound", None, "Take 1 Wound")
PICK = {i: Action("pick", i, f"Keep Follower {i + 1}") for i in range(2)}
S2_FOLLOWER = Action("search-choice", "follower", "Take 1 Follower Card")
S2_LOCATION = Action("search-choice", "location", "Take 1 Location Card")
S5_BOTH = Action("search-choice", "keep-both", "Take 2 Follower Cards and keep both")

BOOK_LABELS = {
    "event": "Take 1 Event Card",
    "location": "Take 1 Location Card",
    "loot": "Take 1 Loot Card",
    "heal-1": "Heal 1 Wound",
    "follower": "Take 1 Follower Card",
    "heal-2": "Heal 2 Wounds",
    "heal-all": "Heal ALL Wounds",
    "two-followers": "Take 2 Follower Cards and keep both",
    "heal-all+loot": "Heal ALL Wounds and take 1 Loot Card",
    "none": "Nothing useful: let the symbols go",
}
for _z in (1, 2, 3):
    BOOK_LABELS[f"clear-{_z}+event"] = f"Clear Zone {_z} and take 1 Event Card"
    BOOK_LABELS[f"clear-{_z}"] = f"Clear Zone {_z}"
    BOOK_LABELS[f"clear-{_z}+follower"] = f"Clear Zone {_z} and take 1 Follower Card"
BOOK_A_CHOICES = {code: Action("book-choice", code, label) for code, label in BOOK_LABELS.items()}


def die_actions(i: int, sym: int) -> tuple[Action, Action]:
    """The prebuilt pair (keep, reroll) deciding die ``i`` showing ``sym``."""
    return _DIE_CHOICES[i][sym]


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


def next_die(s: RFDState) -> int:
    """The first non-Zombie die whose keep-or-reroll choice for this roll is still open (-1: none)."""
    decided = s.decided
    for i, sym in enumerate(s.dice):
        if sym != ZOMBIE and not decided[i]:
            return i
    return -1


# -- the decision -----------------------------------------------------------------------------

def decision(s: RFDState) -> Decision | None:
    """The pending decision (``None`` when the game is over)."""
    if s.stack:
        return step_decision(s, s.stack[-1])
    phase = s.phase
    seat = s.current
    if phase == REROLL:
        i = next_die(s)
        prompt = (
            f"Die {i + 1} shows {SYMBOLS[s.dice[i]]}: keep it or reroll it? (each die is decided once; then the marked dice reroll)"
            if i >= 0 and s.rerolls_left > 0
            else "Stop rolling, or play a card first?"
        )
        return Decision(seat, "roll-dice", reroll_options(s), prompt)
    if phase == ACTIONS:
        return Decision(seat, "resolve-actions", tuple(action_options(s)), "Which action next? (each option names the die it spends; used dice drop out of the list)")
    if phase == DECLARE:
        return Decision(seat, "declare-end", (DECLARE_YES, DECLARE_NO), "You have 5 Followers: declare the last round?")
    return None


# Card actions built once per (kind, slot, card, content pack): labels come from the card.
_CARD_ACTIONS: dict[tuple[str, int, str, str], Action] = {}


def reroll_extras(s: RFDState) -> list[Action]:
    """Free Zombie rerolls and reroll cards usable while rolling (not after a Fleeing Card)."""
    if s.flee_pending:
        return []
    c = content_of(s)
    p = s.players[s.current]
    out = []
    zombies = ZOMBIE in s.dice
    if zombies and not s.tinkered and c.characters[p.character].ability == "tinker":
        out.append(TINKER)
    for i, card in enumerate(p.loot):
        if c.loot[card].timing == "reroll" and effect_possible(s, s.current, c.effects[f"loot:{card}"]):
            key = ("loot", i, card, s.content_dir)
            a = _CARD_ACTIONS.get(key)
            if a is None:
                a = _CARD_ACTIONS[key] = Action("loot", i, f"Use {c.loot[card].name}")
            out.append(a)
    for i, card in enumerate(p.holds):
        ev = c.events[card]
        if ev.timing == "reroll" and p.hold_turns[i] < s.turn:
            key = ("hold", i, card, s.content_dir)
            a = _CARD_ACTIONS.get(key)
            if a is None:
                a = _CARD_ACTIONS[key] = Action("hold", i, f"Play {ev.name}")
            out.append(a)
    return out


def reroll_options(s: RFDState) -> tuple[Action, ...]:
    """Rerolls: keep or reroll the next undecided die, flee, free Zombie rerolls, or stop.

    Each non-Zombie die is decided once per roll; when the last one is decided the marked
    dice reroll (see ``rules.drive``), so no choice can undo another.

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


def reroll_ready(s: RFDState) -> bool:
    """Every die is decided and there is something to reroll: the reroll happens now."""
    return s.rerolls_left > 0 and (s.flee_pending or True in s.selected) and next_die(s) < 0


def reroll_marked(s: RFDState) -> None:
    """Reroll the marked dice (and every Zombie after a Fleeing Card), spending one reroll."""
    c = content_of(s)
    action_faces, bonus_faces = face_table(c)
    roll = s.rng.roll
    for i, sym in enumerate(s.dice):
        if s.selected[i] or (s.flee_pending and sym == ZOMBIE):
            s.dice[i] = roll(bonus_faces if i == 5 else action_faces)
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.rerolls_left -= 1
    s.flee_pending = False
    note(s, f"Reroll: {' '.join(SYMBOLS[d] for d in s.dice)} ({s.rerolls_left} left).")


_COMBO_NEED: dict[tuple[str, str], tuple[int, ...]] = {}


def combo_ready(s: RFDState) -> bool:
    """Whether the final dice show the current Character's Dice Combo."""
    ch = s.players[s.current].character
    key = (ch, s.content_dir)  # a content pack may give the character another combo
    need = _COMBO_NEED.get(key)
    if need is None:
        combo = content_of(s).characters[ch].combo
        need = _COMBO_NEED[key] = tuple(combo.count(sym) for sym in SYMBOLS)
    rolled = s.rolled
    return all(rolled[i] >= need[i] for i in range(6))


def bonus_followers(s: RFDState) -> list[Action]:
    """Follower Bonus abilities usable now (once per turn each, when the dice allow)."""
    c = content_of(s)
    p = s.players[s.current]
    out = []
    for i, f in enumerate(p.followers):
        card = c.followers[f]
        if card.timing != "action" or f in s.used_followers:
            continue
        if card.needs and s.rolled[SYMBOLS.index(card.needs)] < card.needs_count:
            continue
        if effect_possible(s, s.current, c.effects[f"follower:{f}"]):
            key = ("follower", i, f, s.content_dir)
            a = _CARD_ACTIONS.get(key)
            if a is None:
                a = _CARD_ACTIONS[key] = Action("follower", i, f"{card.name}: {card.text}")
            out.append(a)
    return out


_SYMBOL_NAMES = ("Bat", "Gun", "Run", "Search", "Book", "Zombie")
_COUNTED: dict[tuple[str, object, str, int], Action] = {}


def _counted(a: Action, sym: int, left: int) -> Action:
    """``a`` with a label naming the die it spends and how many such dice are left."""
    key = (a.kind, a.value, a.label, left)
    out = _COUNTED.get(key)
    if out is None:
        dice = "die" if left == 1 else "dice"
        out = _COUNTED[key] = Action(a.kind, a.value, f"{a.label}  [uses 1 of {left} {_SYMBOL_NAMES[sym]} {dice}]")
    return out


def _all_of(a: Action, sym: int, left: int) -> Action:
    key = (a.kind, a.value, a.label, -left)
    out = _COUNTED.get(key)
    if out is None:
        name = _SYMBOL_NAMES[sym]
        label = f"{name}: resolve 1 {name} symbol" if left == 1 else f"{name}: resolve all {left} {name} symbols together"
        out = _COUNTED[key] = Action(a.kind, a.value, label)
    return out


def action_options(s: RFDState) -> list[Action]:
    """Every action the rolled symbols, Character, Followers and cards allow now.

    Source: rulebook, "Action Dice Icons", "Character Dice Combos", "Taking Cards".
    """
    c = content_of(s)
    seat = s.current
    p = s.players[seat]
    ability = c.characters[p.character].ability
    av = s.avail
    zones = p.zones
    out: list[Action] = []
    if av[BAT]:
        if zones[0]:
            weak = any(c.followers[f].modifier == "weak-bat" for f in p.followers)
            out.append(_counted(BAT_WEAK if weak else BAT_A, BAT, av[BAT]))
        if ability == "throw-bat":
            if s.mutant_active:
                out.append(_counted(THROW_A[0], BAT, av[BAT]))
            if zones[1]:
                out.append(_counted(THROW_A[2], BAT, av[BAT]))
    if av[GUN]:
        if s.mutant_active:
            out.append(_counted(GUN_A[0], GUN, av[GUN]))
        for z in (1, 2, 3):
            if zones[z - 1]:
                out.append(_counted(GUN_A[z], GUN, av[GUN]))
    if av[RUN]:
        for z in (1, 2, 3):
            if zones[z - 1]:
                out.append(_counted(RUN_A[z], RUN, av[RUN]))
    if av[SEARCH]:
        out.append(_all_of(SEARCH_A, SEARCH, av[SEARCH]))
    if av[BOOK]:
        out.append(_all_of(BOOK_A, BOOK, av[BOOK]))
        if s.mutant_active and "book-of-the-dead" in p.loot:
            out.append(_counted(BOOK_MUTANT, BOOK, av[BOOK]))
    if s.combo_ok and not s.combo_used:
        out.append(COMBO)
    bonuses = bonus_followers(s)
    out.extend(bonuses)
    for i, card in enumerate(p.loot):
        lo = c.loot[card]
        if lo.timing == "action" and effect_possible(s, seat, c.effects[f"loot:{card}"]):
            out.append(Action("loot", i, f"Use {lo.name}"))
    for i, card in enumerate(p.holds):
        ev = c.events[card]
        if ev.timing == "action" and p.hold_turns[i] < s.turn and hold_condition(s, seat, ev.condition):
            key = ("hold", i, card, s.content_dir)
            a = _CARD_ACTIONS.get(key)
            if a is None:
                a = _CARD_ACTIONS[key] = Action("hold", i, f"Play {ev.name}")
            out.append(a)
    if not (s.bonus_mandatory and bonuses):
        out.append(DONE)
    return out


def hold_condition(s: RFDState, seat: int, condition: str) -> bool:
    """Whether a hold card's condition is met (it is also only played on a later turn than
    the one it was drawn: rulebook, "EVENT CARDS")."""
    p = s.players[seat]
    if condition == "no-location":
        return not p.location and can_take_location(s)
    if condition == "wounded":
        return p.wounds > 0
    if condition == "zone1":
        return p.zones[0] > 0
    return True


def _other_followers(s: RFDState, seat: int) -> list[tuple[int, int, str]]:
    return [
        (o, i, f)
        for o, q in enumerate(s.players)
        if o != seat and not q.dead
        for i, f in enumerate(q.followers)
    ]


def steal_options(s: RFDState, seat: int) -> list[Action]:
    names = content_of(s).followers
    return [
        Action("steal", (o, i), f"Steal {names[f].name} from seat {o}")
        for o, i, f in _other_followers(s, seat)
    ]


def step_decision(s: RFDState, step: Step) -> Decision:
    """The decision a pending step asks for."""
    kind = step.kind
    seat = step.seat
    c = content_of(s)
    p = s.players[seat]
    if kind in ("advance-any", "push-back-any", "kill-any", "clear-any"):
        verbs = {
            "advance-any": f"{source_name(s, step.source)}: advance a Zombie 1 Zone from which Zone? ({step.n} left)",
            "push-back-any": f"{source_name(s, step.source)}: move a Zombie back 1 Zone from which Zone? ({step.n} left)",
            "kill-any": f"Kill {step.n} Zombie(s) in which Zone?",
            "clear-any": "Clear which Zone?",
        }
        options = tuple(ZONE_A[z] for z in zones_with_zombies(s, seat))
        return Decision(seat, kind, options, verbs[kind])
    if kind == "amulet":
        options: list[Action] = []
        action_faces, bonus_faces = face_table(c)
        for i, sym in enumerate(s.dice):
            if sym == ZOMBIE:
                continue
            faces = set(bonus_faces if i == 5 else action_faces)
            for f in range(6):
                if f != sym and f in faces:
                    options.append(Action("flip", (i, f), f"Amulet: turn die {i + 1} from {SYMBOLS[sym]} to {SYMBOLS[f]}"))
        if ZOMBIE in s.dice:
            options.append(AMULET_ZOMBIES)
        options.append(DECLINE)
        return Decision(seat, kind, tuple(options), "Amulet: flip a die, reroll the Zombies, or decline?")
    if kind == "nurse":
        options = []
        if p.wounds:
            options.append(NURSE_HEAL)
        if any(p.zones):
            options.append(NURSE_PUSH)
        options.append(DECLINE)
        return Decision(seat, kind, tuple(options), "Nurse: heal 1 Wound or move 2 Zombies back?")
    if kind == "drop-loot-or-wound":
        options = [Action("drop", i, f"Discard {c.loot[card].name}") for i, card in enumerate(p.loot)]
        options.append(WOUND_A)
        return Decision(seat, kind, tuple(options), "Dropped Gear: lose a Loot Card or take 1 Wound?")
    if kind == "choose-follower":
        options = [Action("pick", i, f"Keep {c.followers[f].name} ({c.followers[f].vp} VP, {c.followers[f].symbol})") for i, f in enumerate(step.cards)]
        return Decision(seat, kind, tuple(options), "Keep which Follower? The other is discarded.")
    if kind == "accept-follower":
        f = c.followers[step.cards[0]]
        return Decision(seat, kind, (ACCEPT, REFUSE), f"{f.name} ({f.vp} VP, {f.symbol}: {f.text}) wants to join you.")
    if kind == "search-2":
        return Decision(seat, kind, (S2_FOLLOWER, S2_LOCATION), "2 Search symbols: a Follower or a Location?")
    if kind == "search-5":
        return Decision(seat, kind, (S5_BOTH, *steal_options(s, seat)), "5 Search symbols: 2 Followers, or steal one?")
    if kind == "book":
        return Decision(seat, kind, tuple(book_options(s, seat, step.n)), f"Book of the Dead ({step.n} symbols): choose one")
    raise AssertionError(f"unknown step {kind!r}")  # pragma: no cover


def book_options(s: RFDState, seat: int, n: int) -> list[Action]:
    """The Book of the Dead table rows for ``n`` symbols that can do something now.

    Source: rulebook, "Action Dice Icons" (BOOK OF THE DEAD).
    """
    p = s.players[seat]
    zones = zones_with_zombies(s, seat)
    codes: list[str] = []
    extra: list[Action] = []
    if n == 2:
        if can_take_location(s):
            codes.append("location")
        codes.append("loot")
        if p.wounds:
            codes.append("heal-1")
    elif n == 3:
        codes.extend(f"clear-{z}+event" for z in zones)
        if not zones:
            codes.append("event")
        codes.append("follower")
        if p.wounds:
            codes.append("heal-2")
    elif n == 4:
        if p.followers:
            names = content_of(s).followers
            extra = [
                Action("swap", (mine, o, i), f"Swap your {names[p.followers[mine]].name} for {names[f].name} (seat {o})")
                for mine in range(len(p.followers))
                for o, i, f in _other_followers(s, seat)
            ]
        codes.extend(f"clear-{z}" for z in zones)
        if p.wounds:
            codes.append("heal-all")
    else:
        extra = steal_options(s, seat)
        codes.extend(f"clear-{z}+follower" for z in zones)
        if not zones:
            codes.append("follower")
        codes.append("two-followers")
        codes.append("heal-all+loot")
    out = extra + [BOOK_A_CHOICES[code] for code in codes]
    return out or [BOOK_A_CHOICES["none"]]


# -- playing an action ------------------------------------------------------------------------

def play(s: RFDState, action: Action) -> None:
    """Apply a legal ``action`` (no validation here)."""
    if s.stack:
        play_step(s, s.stack[-1], action)
        return
    kind = action.kind
    if s.phase == REROLL:
        play_reroll(s, action)
    elif s.phase == ACTIONS:
        play_action(s, action)
    elif kind == "declare":
        if action.value:
            s.declared_by = s.current
            s.turns_left = len(s.players) + 1
            note(s, f"Seat {s.current} reaches the edge of town with 5 Followers: the last round begins!")
        s.phase = END


def play_reroll(s: RFDState, action: Action) -> None:
    """Source: rulebook, "Rerolls", "Zombie and Fleeing Symbols", "AMULET"."""
    kind = action.kind
    seat = s.current
    if kind == "keep" or kind == "reroll-die":
        s.decided[action.value] = True
        s.selected[action.value] = kind == "reroll-die"
    elif kind == "flee":
        s.fled = True
        s.flee_pending = True
        card = draw(s, "fleeing")
        if card:
            discard(s, "fleeing", card)
            c = content_of(s)
            note(s, f"Seat {seat} flees: {c.fleeing[card].name}.")
            push_effects(s, seat, c.effects[f"fleeing:{card}"], card)
    elif kind == "tinker":
        s.tinkered = True
        reroll_zombies(s)
        note(s, f"Tinker: {' '.join(SYMBOLS[d] for d in s.dice)}.")
    elif kind == "loot":
        use_loot(s, seat, action.value)
    elif kind == "hold":
        play_hold(s, seat, action.value)
    elif kind == "stop":
        enter_actions(s)


def play_hold(s: RFDState, seat: int, index: int) -> None:
    card = s.players[seat].holds.pop(index)
    s.players[seat].hold_turns.pop(index)
    discard(s, "event", card)
    c = content_of(s)
    note(s, f"Seat {seat} plays {c.events[card].name}.")
    push_effects(s, seat, c.effects[f"event:{card}"], card)


def play_action(s: RFDState, action: Action) -> None:
    """Resolve one action. Source: rulebook, "Action Dice Icons"."""
    kind = action.kind
    seat = s.current
    p = s.players[seat]
    c = content_of(s)
    if kind == "bat":
        s.avail[BAT] -= 1
        weak = any(c.followers[f].modifier == "weak-bat" for f in p.followers)
        k = kill(s, seat, 1, 1 if weak else 2)
        note(s, f"Bat: {k} Zombie(s) down in Zone 1 ({zones_text(s, seat)}).")
    elif kind == "throw":
        s.avail[BAT] -= 1
        if action.value == 0:
            hit_mutant(s, seat, 1)
        else:
            k = kill(s, seat, 2, 1)
            note(s, f"Thrown Bat: {k} Zombie down in Zone 2 ({zones_text(s, seat)}).")
    elif kind == "gun":
        s.avail[GUN] -= 1
        if action.value == 0:
            hit_mutant(s, seat, 1)
        else:
            sure = c.characters[p.character].ability == "sure-shot" and s.guns_fired == 0
            s.guns_fired += 1
            k = kill(s, seat, action.value, 2 if sure else 1)
            note(s, f"Gun: {k} Zombie(s) shot in Zone {action.value} ({zones_text(s, seat)}).")
    elif kind == "run":
        s.avail[RUN] -= 1
        moved_back(s, seat, action.value, push_back(s, seat, action.value, 1), "Run")
    elif kind == "search":
        resolve_search(s, seat)
    elif kind == "book":
        resolve_book(s, seat)
    elif kind == "book-mutant":
        s.avail[BOOK] -= 1
        hit_mutant(s, seat, 1)
    elif kind == "combo":
        s.combo_used = True
        ch = c.characters[p.character]
        s.ignored_zombies += ch.combo.count("zombie")
        note(s, f"Dice Combo: {ch.combo_text}")
        push_effects(s, seat, c.effects[f"combo:{p.character}"], "combo")
    elif kind == "follower":
        f = p.followers[action.value]
        s.used_followers.append(f)
        push_effects(s, seat, c.effects[f"follower:{f}"], f)
    elif kind == "loot":
        use_loot(s, seat, action.value)
    elif kind == "hold":
        play_hold(s, seat, action.value)
    elif kind == "done":
        s.phase = ADVANCE


def search_count(s: RFDState, seat: int) -> int:
    """Search symbols to read on the table (Prom Queen +1, Hoarder -1), capped at 5."""
    c = content_of(s)
    p = s.players[seat]
    n = s.avail[SEARCH]
    if c.characters[p.character].ability == "popular":
        n += 1
    n -= sum(1 for f in p.followers if c.followers[f].modifier == "search-minus-1")
    return max(0, min(5, n))


def resolve_search(s: RFDState, seat: int) -> None:
    """All Search symbols together on one row of the table (symbols are not split).

    Source: rulebook, "SEARCH (for Survivors)".
    """
    n = search_count(s, seat)
    s.avail[SEARCH] = 0
    note(s, f"Search with {n} symbol(s).")
    if n == 1:
        take_location(s, seat)
    elif n == 2:
        if can_take_location(s):
            s.stack.append(Step("search-2", seat, n=2, source="search"))
        else:
            _gain_drawn(s, seat, 1)
    elif n in (3, 4):
        if n == 4:
            s.stack.append(Step("effects", seat, effects=[("draw-location", 1, 0)], source="search"))
        _choose_one_of_two(s, seat)
    elif n == 5:
        if _other_followers(s, seat):
            s.stack.append(Step("search-5", seat, n=5, source="search"))
        else:
            _gain_drawn(s, seat, 2)


def _gain_drawn(s: RFDState, seat: int, n: int) -> None:
    for card in reversed(draw_followers(s, n)):
        gain_follower(s, seat, card)


def _choose_one_of_two(s: RFDState, seat: int) -> None:
    cards = draw_followers(s, 2)
    if len(cards) == 2:
        s.stack.append(Step("choose-follower", seat, cards=cards, source="search"))
    elif cards:
        gain_follower(s, seat, cards[0])


def book_count(s: RFDState, seat: int) -> int:
    c = content_of(s)
    n = s.avail[BOOK]
    if c.characters[s.players[seat].character].ability == "scholar":
        n += 1
    return max(0, min(5, n))


def resolve_book(s: RFDState, seat: int) -> None:
    """All Book of the Dead symbols together on one row. Source: "BOOK OF THE DEAD"."""
    n = book_count(s, seat)
    s.avail[BOOK] = 0
    note(s, f"Book of the Dead with {n} symbol(s).")
    if n == 1:
        draw_event(s, seat)
    elif n >= 2:
        s.stack.append(Step("book", seat, n=n, source="book"))


def play_book(s: RFDState, seat: int, code: str) -> None:
    """Resolve the chosen Book of the Dead row."""
    first, _, second = code.partition("+")
    if first.startswith("clear-"):
        kill(s, seat, int(first[-1]), 99)
        note(s, f"Zone {first[-1]} is cleared.")
    elif first == "location":
        take_location(s, seat)
    elif first == "loot":
        draw_loot(s, seat)
    elif first == "event":
        draw_event(s, seat)
    elif first == "follower":
        _gain_drawn(s, seat, 1)
    elif first == "two-followers":
        _gain_drawn(s, seat, 2)
    elif first.startswith("heal-"):
        amount = first[5:]
        heal(s, seat, 99 if amount == "all" else int(amount))
    if second == "event":
        draw_event(s, seat)
    elif second == "follower":
        _gain_drawn(s, seat, 1)
    elif second == "loot":
        draw_loot(s, seat)


def move_step(s: RFDState, step: Step, zone: int) -> None:
    """One choice of a Zombie-moving step (the step is popped before Wounds can end the game)."""
    kind = step.kind
    seat = step.seat
    if kind in ("advance-any", "push-back-any"):
        step.n -= 1
        if step.n <= 0:
            s.stack.pop()
        who = source_name(s, step.source)
        if kind == "advance-any":
            if s.players[seat].zones[zone - 1] > 0:
                to = "reaches the character" if zone == 1 else f"advances to Zone {zone - 1}"
                note(s, f"{who}: a Zombie in Zone {zone} {to}.")
            advance_one(s, seat, zone)
        else:
            moved_back(s, seat, zone, push_back(s, seat, zone, 1), who)
    else:
        s.stack.pop()
        k = kill(s, seat, zone, step.n)
        note(s, f"{source_name(s, step.source)}: {k} Zombie(s) killed in Zone {zone} ({zones_text(s, seat)}).")


def play_step(s: RFDState, step: Step, action: Action) -> None:
    """Resolve the choice a pending step asked for."""
    kind = action.kind
    seat = step.seat
    p = s.players[seat]
    if kind == "zone":
        move_step(s, step, action.value)
        return
    s.stack.pop()
    if kind == "flip":
        i, sym = action.value
        s.dice[i] = sym
        note(s, f"Amulet: die {i + 1} turned to {SYMBOLS[sym]}.")
    elif kind == "amulet-zombies":
        reroll_zombies(s)
        note(s, f"Amulet: the Zombies reroll: {' '.join(SYMBOLS[d] for d in s.dice)}.")
    elif kind == "nurse":
        if action.value == "heal":
            heal(s, seat, 1)
        else:
            s.stack.append(Step("push-back-any", seat, n=2, source="nurse"))
    elif kind == "drop":
        discard_loot(s, seat, action.value)
    elif kind == "wound":
        wound(s, seat, 1, source_name(s, step.source))
    elif kind == "pick":
        keep = step.cards[action.value]
        other = step.cards[1 - action.value]
        discard(s, "follower", other)
        gain_follower(s, seat, keep)
    elif kind == "accept":
        card = step.cards[0]
        if action.value:
            join(s, seat, card)
        else:
            discard(s, "follower", card)
            note(s, f"{content_of(s).followers[card].name} is turned away.")
    elif kind == "search-choice":
        if action.value == "location":
            take_location(s, seat)
        elif action.value == "follower":
            _gain_drawn(s, seat, 1)
        else:
            _gain_drawn(s, seat, 2)
    elif kind == "steal":
        o, i = action.value
        card = s.players[o].followers.pop(i)
        note(s, f"Seat {seat} steals a Follower from seat {o}.")
        join(s, seat, card)
    elif kind == "swap":
        mine, o, i = action.value
        theirs = s.players[o].followers[i]
        ours = p.followers[mine]
        s.players[o].followers[i] = ours
        p.followers[mine] = theirs
        note(s, f"Seat {seat} swaps Followers with seat {o}.")
    elif kind == "book-choice":
        play_book(s, seat, action.value)
    # "decline": nothing


__all__ = ["decision", "move_step", "next_die", "play", "reroll_extras", "reroll_marked", "reroll_ready"]
