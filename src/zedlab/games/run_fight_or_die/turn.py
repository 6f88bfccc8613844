"""The turn: its start, the Zombie Advance and Hunt Phases, the 5-Follower declaration and
passing the dice on (with the end of the game).

A turn is ``BeginTurn`` -> ``InitialRoll`` (``rolling``) -> ``Rolling`` ... ->
``ResolveActions`` (``resolving``) -> ``ZombieAdvance`` -> ``Hunt`` -> ``CheckDeclare`` ->
``EndTurn``; each step pushes the next before anything that interrupts it.

Source: Run, Fight, or Die! rulebook, "Turn Overview", "LOCATION CARDS", "Zombie Advance
and Hunt Phases (Detailed)", "Check End of Game Conditions", "Solo Rules".
"""

from __future__ import annotations

from zedlab.core import Action, Decision
from zedlab.core.events import emit

from .common import add_zombies, cx, discard, draw, game_over, is_solo, push_effects, wound, zones
from .content import Content
from .state import ZOMBIE, RFDState
from .steps import (
    FLOW,
    BeginTurn,
    CheckDeclare,
    DeclareEnd,
    EndTurn,
    Hunt,
    InitialRoll,
    ZombieAdvance,
)

HUNT_ZOMBIES = 3
DECLARE_YES = Action("declare", True, "Declare the last round")
DECLARE_NO = Action("declare", False, "Play on")


@FLOW.auto(BeginTurn)
def begin_turn(s: RFDState, step: BeginTurn) -> None:
    """Start of a turn: reset the turn, resolve the Location in play (then discard it) and
    Followers' start-of-turn Penalties.

    Source: rulebook, "LOCATION CARDS" (active until the start of your next turn).
    """
    seat = step.seat
    p = s.players[seat]
    if p.dead:
        s.stack.append(EndTurn(seat=seat))
        return
    s.fled = s.flee_pending = s.tinkered = s.combo_used = False
    s.all_quiet = s.no_hunt = s.location_taken = s.bonus_in_roll = False
    s.no_locations = s.extra_turn
    s.guns_fired = s.ignored_zombies = s.rerolls_left = 0
    s.used_followers = []
    s.stack.append(InitialRoll(seat=seat))
    c = cx(s)
    emit(s, "turn", turn=s.turn, seat=seat, name=c.characters[p.character].name)
    effects = []
    if p.location:
        effects.extend(c.effects.get(f"location:{p.location}:next", ()))
        discard(s, "location", p.location)
        p.location = ""
    for f in p.followers:
        if c.followers[f].timing == "start":
            effects.extend(c.effects[f"follower:{f}"])
    push_effects(s, seat, effects, "start of turn")


@FLOW.auto(ZombieAdvance)
def zombie_advance(s: RFDState, step: ZombieAdvance) -> None:
    """Every Zombie advances 1 Zone, Zone 1 first; those reaching the character wound it and
    go to the reserve. Then the Mutant, if active, attacks (a Mutant Card).

    Source: rulebook, "Zombie Advance Phase"; solo: "END OF THE GAME (SOLO RULES)".
    """
    seat = step.seat
    p = s.players[seat]
    s.stack.append(Hunt(seat=seat))
    z1, z2, z3 = p.zones
    p.zones[0], p.zones[1], p.zones[2] = z2, z3, 0
    s.reserve += z1
    emit(s, "advance", hit=z1, to1=z2, to2=z3, zones=zones(s, seat))
    if z1:
        wound(s, seat, z1, "Zombies reached the character")
        if p.dead:
            return  # the game is over, or (last round) this turn ends
    if is_solo(s) and s.town_line_found and s.solo_level == "hard":
        game_over(s, "the Town Line reached (HARD)")
        return
    if s.mutant_active:
        c = cx(s)
        card = draw(s, "mutant")
        if card:
            discard(s, "mutant", card)
            solo_key = f"mutant:{card}:solo_effects"
            key = solo_key if is_solo(s) and solo_key in c.effects else f"mutant:{card}"
            emit(s, "mutant-attacks", card=card, name=c.mutant[card].name)
            push_effects(s, seat, c.effects[key], card)


def hunt_size(s: RFDState) -> int:
    """Zombies the Hunt Phase adds to Zone 3: 3 (none after All Quiet or a shelter; a
    current Event may change it) + 1 per Zombie symbol not ignored by a Dice Combo.

    Source: rulebook, "Hunt Phase" and "ALL QUIET".
    """
    base = HUNT_ZOMBIES
    if s.all_quiet or s.no_hunt:
        base = 0
    elif s.current_event:
        base = max(0, base + cx(s).events[s.current_event].hunt_delta)
    return base + max(0, s.rolled[ZOMBIE] - s.ignored_zombies)


def hunt_reason(s: RFDState) -> str:
    """Why the Hunt adds what :func:`hunt_size` says, in words for the log: the usual 3 (or
    what cancelled or changed them) and the Zombie symbols counted."""
    if s.all_quiet:
        base = "none usual (All Quiet)"
    elif s.no_hunt:
        base = "none usual (sheltered by a Location)"
    elif s.current_event and cx(s).events[s.current_event].hunt_delta:
        ev = cx(s).events[s.current_event]
        base = f"{max(0, HUNT_ZOMBIES + ev.hunt_delta)} usual ({ev.name})"
    else:
        base = f"{HUNT_ZOMBIES} usual"
    rolled = s.rolled[ZOMBIE]
    out = f"{base} + {rolled} Zombie symbol{'' if rolled == 1 else 's'}"
    if s.ignored_zombies and rolled:
        out += f", {min(rolled, s.ignored_zombies)} ignored by the Dice Combo"
    return out


@FLOW.auto(Hunt)
def hunt(s: RFDState, step: Hunt) -> None:
    """Add the Hunt Zombies to Zone 3, Followers' Hunt Penalties, and pass the Mutant on.

    Source: rulebook, "Hunt Phase".
    """
    seat = step.seat
    s.stack.append(CheckDeclare(seat=seat))
    n = hunt_size(s)
    placed = add_zombies(s, seat, 3, n)
    emit(s, "hunt", n=placed, short=n - placed, why=hunt_reason(s))
    c = cx(s)
    effects = []
    for f in s.players[seat].followers:
        if c.followers[f].timing == "hunt":
            effects.extend(c.effects[f"follower:{f}"])
    if s.mutant_active:
        s.mutant_seat = (seat + 1) % len(s.players)
    push_effects(s, seat, effects, "hunt")


def can_declare(s: RFDState) -> bool:
    """A player with 5 Followers may declare the last round (once per game, not solo).

    Source: rulebook, "A PLAYER DECLARES THE END OF THE GAME".
    """
    return (
        not is_solo(s)
        and s.declared_by < 0
        and len(s.players[s.current].followers) >= 5
        and not s.players[s.current].dead
    )


@FLOW.auto(CheckDeclare)
def check_declare(s: RFDState, step: CheckDeclare) -> None:
    s.stack.append(DeclareEnd(seat=step.seat) if can_declare(s) else EndTurn(seat=step.seat))


@FLOW.decide(DeclareEnd)
def ask_declare(s: RFDState, step: DeclareEnd) -> Decision:
    return Decision(step.seat, "declare-end", (DECLARE_YES, DECLARE_NO), "You have 5 Followers: declare the last round?")


@FLOW.resolve(DeclareEnd)
def declare(s: RFDState, step: DeclareEnd, action: Action) -> None:
    if action.value:
        s.declared_by = step.seat
        s.turns_left = len(s.players) + 1
        emit(s, "declared", seat=step.seat)
    s.stack.append(EndTurn(seat=step.seat))


@FLOW.auto(EndTurn)
def end_turn(s: RFDState, step: EndTurn) -> None:
    """Pass the dice left; count down the last round; solo: the extra turn and the end."""
    if is_solo(s):
        if s.extra_turn:
            game_over(s, "survived one more full turn beyond the Town Line")
            return
        if s.town_line_found:
            s.extra_turn = True
    if s.declared_by >= 0:
        s.turns_left -= 1
        if s.turns_left <= 0:
            who = cx(s).characters[s.players[s.declared_by].character].name
            game_over(s, f"the last round declared by {who} (seat {s.declared_by}) is over")
            return
    if s.turn >= s.turn_limit:
        game_over(s, f"{s.turn_limit // len(s.players)} rounds played: the round limit")
        return
    s.current = (s.current + 1) % len(s.players)
    s.turn += 1
    s.stack.append(BeginTurn(seat=s.current))


# -- the bound on decisions ------------------------------------------------------------------

def _asks(c: Content, listed: tuple[tuple[str, int, int], ...], depth: int = 0) -> int:
    """Decisions one list of card effects can ask for, with the cards it draws (their own
    effects counted to a depth of 3: an immediate Event cannot draw an Event)."""
    total = 0
    for name, n, _zone in listed:
        if name in ("advance-any", "push-back-any", "draw-follower"):
            total += n  # a Zone per move; solo: take or refuse each Follower
        elif name in ("kill-any", "clear-any", "drop-loot-or-wound"):
            total += 1
        elif depth < 3 and name in ("draw-event", "draw-loot", "draw-location"):
            part = {"draw-event": "event", "draw-loot": "loot", "draw-location": "location"}[name]
            keys = [k for k in c.effects if k.startswith(part + ":")]
            total += n * max((_asks(c, c.effects[k], depth + 1) for k in keys), default=0)
    return total


def turn_bound(c: Content) -> int:
    """Decisions one turn can ask for with the content pack ``c``, under any policy.

    ``P`` card plays at most (every Loot use of the pack and every hold card: a used-up card
    is discarded), ``F`` Follower Bonuses (each once per turn), ``R`` rerolls (2, +1 for the
    Outdoorsman, +3 from a current Event, + what card plays add). Rolling asks once per die
    per roll (6 dice, ``R + 1`` rolls), flees and tinkers once, plays each card, stops once;
    resolving spends each of 6 dice, the combo, each Bonus and card once, then is done. Every
    list of effects (Event die, Fleeing Card, start of turn, cards, Bonuses, combo, Mutant,
    Hunt penalties) asks at most ``A`` times, and each die's Search or Book row at most 4
    (the table's choice, the Follower kept, 2 solo acceptances) plus what its cards ask.
    """
    loot = sum(card.uses * card.count for card in c.loot.values())
    holds = sum(e.count for e in c.events.values() if e.kind == "hold")
    plays = loot + holds
    followers = sum(f.count for f in c.followers.values())
    extra = max((n for eff in c.effects.values() for name, n, _ in eff if name == "extra-reroll"), default=0)
    rerolls = 3 + 3 + plays * extra
    asks = max(_asks(c, eff) for eff in c.effects.values())
    roll = 6 * (rerolls + 1) + 2 + plays + 1
    resolve = 6 + 1 + followers + plays + 1
    lists = 1 + 1 + (1 + followers) + plays + followers + 1 + 1 + followers
    rows = 6 * (4 + asks)
    return roll + resolve + lists * asks + rows
