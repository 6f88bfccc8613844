"""Set-up and the turn of Run, Fight, or Die!, phase by phase in rulebook order.

A turn runs START (Location and Follower start effects) -> ROLL (5 Action dice and the Event
die; the Event resolves first) -> REROLL (decisions) -> ACTIONS (decisions) -> ADVANCE
(Zombie Advance, the Mutant's card) -> HUNT -> DECLARE (the 5-Follower declaration) -> END.
Pending steps on ``state.stack`` interrupt any phase and are resolved first.

Source: Run, Fight, or Die! rulebook, "Setup", "Turn Overview", "Action Phase",
"Zombie Advance and Hunt Phases (Detailed)", "Check End of Game Conditions", "Solo Rules".
"""

from __future__ import annotations

from zedlab.core import RNG, ConfigError

from .content import Content, load_content
from .effects import (
    EVENT_FACE_NAMES,
    add_zombies,
    content_of,
    discard,
    game_over,
    is_solo,
    note,
    push_effects,
    run_effect,
    wound,
    zones_text,
    zones_with_zombies,
)
from .state import (
    ACTIONS,
    ADVANCE,
    DECK_KINDS,
    DECLARE,
    END,
    HUNT,
    OVER,
    REROLL,
    ROLL,
    SCORING_HEALTH_CAP,
    START,
    SYMBOL_INDEX,
    SYMBOLS,
    ZOMBIE,
    ZOMBIE_MINIATURES,
    Player,
    RFDState,
    Step,
)

SOLO_THRESHOLDS = {"hard": 9, "very-hard": 11, "too-hard": 12}
"""Survival Points needed at the Town Line. Source: rulebook, "Solo Rules"."""
SOLO_TOP_CARDS = {"hard": 4, "very-hard": 5, "too-hard": 5}
"""Location cards placed over the bottom 3 (Town Line + 2). Source: "Solo Rules"."""
SOLO_REMOVED = ("shy-girl", "heroic-dog", "campfire-for-the-dead")
"""Cards not used solo: Shy Girl, Campfire for the Dead, Followers that pass to another
player (the Heroic Dog). Source: rulebook, "Solo Rules" (Setup and Follower notes)."""
START_ZONES = (2, 3, 4)
"""Zombies in Zones 1, 2, 3 at set-up. Source: rulebook, "Set Up the Zombies"."""
BASE_REROLLS = 2
HUNT_ZOMBIES = 3


_FACES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def face_table(c: Content) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Action die faces, Bonus die faces) as symbol indices."""
    faces = _FACES.get(id(c))
    if faces is None:
        faces = _FACES[id(c)] = (
            tuple(SYMBOL_INDEX[f] for f in c.action_faces),
            tuple(SYMBOL_INDEX[f] for f in c.bonus_faces),
        )
    return faces


# -- set-up -----------------------------------------------------------------------------------

def set_up(config: object, seed: int, rng: RNG | None = None) -> RFDState:
    """A new game laid out as the rulebook's "Setup" says (solo: "Solo Rules" set-up).

    Args:
        config: a validated :class:`~.game.RFDConfig`.
        seed: seeds the game's RNG.
        rng: an RNG to use instead (tests pass a ``ScriptedRNG`` to rig the dice).

    Raises:
        ConfigError: unknown or repeated characters, or a bad first player.
    """
    players: int = config.players  # type: ignore[attr-defined]
    c = load_content(config.content_dir)  # type: ignore[attr-defined]
    rng = rng if rng is not None else RNG.from_seed(seed)
    chosen = list(config.characters)  # type: ignore[attr-defined]
    known = sorted(c.characters)
    if chosen:
        if len(chosen) != players:
            raise ConfigError(f"characters: {len(chosen)} given for {players} players; give one per seat or none")
        for ch in chosen:
            if ch not in c.characters:
                raise ConfigError(f"characters: unknown character {ch!r}; choose from {', '.join(known)}")
        if len(set(chosen)) != len(chosen):
            raise ConfigError("characters: each Character Card can be taken only once")
    else:
        if players > len(known):
            raise ConfigError(f"{players} players but only {len(known)} characters")
        chosen = rng.sample(known, players)
    first = config.first_player  # type: ignore[attr-defined]
    if not 0 <= first < players:
        raise ConfigError(f"first_player {first} is not a seat; seats are 0-{players - 1}")
    solo = players == 1
    level = config.difficulty if solo else ""  # type: ignore[attr-defined]
    s = RFDState(
        rng=rng,
        players=[Player(ch, c.characters[ch].health, zones=list(START_ZONES)) for ch in chosen],
        solo_level=level,
        bonus_mandatory=config.follower_bonus == "mandatory",  # type: ignore[attr-defined]
        health_capped=config.health_score == "remaining-capped",  # type: ignore[attr-defined]
        content_dir=config.content_dir or "",  # type: ignore[attr-defined]
        current=first,
    )
    s.reserve = ZOMBIE_MINIATURES - sum(START_ZONES) * players
    removed: set[str] = set()
    if solo:
        removed.update(SOLO_REMOVED)
        if level != "too-hard":
            removed.update(c.summoners)  # the Playground and every card that summons the Mutant
    for kind in DECK_KINDS:
        index = c.index[kind]
        if removed:
            s.decks[kind] = [index[card] for card in c.decks[kind] if card not in removed]
            s.removed.extend(card for card in c.decks[kind] if card in removed)
        else:
            s.decks[kind] = list(c.deck_indices[kind])
        s.discards[kind] = []
    # Decks are shuffled lazily, when first drawn from: nobody sees them before.
    s.unshuffled = list(DECK_KINDS)
    if solo:
        build_solo_location_deck(s, level)
    names = content_of(s).characters
    note(s, "Set-up: " + ", ".join(f"seat {i} {names[p.character].name}" for i, p in enumerate(s.players)))
    drive(s)
    return s


def build_solo_location_deck(s: RFDState, level: str) -> None:
    """The Town Line shuffled with 2 Locations at the bottom, 4 (HARD) or 5 more on top.

    The remaining Locations are set aside (out of the game).
    Source: rulebook, "Solo Rules" (HARD / VERY HARD set-up).
    """
    town = content_of(s).index["location"]["town-line"]
    others = [card for card in s.decks["location"] if card != town]
    s.unshuffled.remove("location")
    s.rng.shuffle(others)
    bottom = [town, *others[:2]]
    s.rng.shuffle(bottom)
    top = others[2 : 2 + SOLO_TOP_CARDS[level]]
    s.decks["location"] = top + bottom
    ids = content_of(s).ids["location"]
    s.removed.extend(ids[i] for i in others[2 + SOLO_TOP_CARDS[level] :])


# -- the engine loop --------------------------------------------------------------------------

def drive(s: RFDState) -> None:
    """Run automatic steps and phases until a decision is needed or the game is over."""
    stack = s.stack
    while s.phase != OVER:
        if stack:
            top = stack[-1]
            if top.kind == "effects":
                if not top.effects:
                    stack.pop()
                    continue
                eff = top.effects.pop(0)
                run_effect(s, top.seat, eff, top.source)
                continue
            if auto_step(s, top):
                continue
            return
        phase = s.phase
        if phase == START:
            begin_turn(s)
        elif phase == ROLL:
            initial_roll(s)
        elif phase == REROLL:
            if _actions.reroll_ready(s):
                _actions.reroll_marked(s)
                continue
            if reroll_has_choice(s):
                return
            enter_actions(s)
        elif phase == ACTIONS:
            return
        elif phase == ADVANCE:
            zombie_advance(s)
        elif phase == HUNT:
            hunt(s)
        elif phase == DECLARE:
            if can_declare(s):
                return
            s.phase = END
        elif phase == END:
            end_turn(s)


def auto_step(s: RFDState, step: Step) -> bool:
    """Resolve a Zombie-moving step with only one possible Zone; True if it did."""
    kind = step.kind
    if kind not in ("advance-any", "push-back-any", "kill-any", "clear-any"):
        return False
    zones = zones_with_zombies(s, step.seat)
    if not zones:
        s.stack.pop()
        return True
    if len(zones) > 1:
        return False
    _actions.move_step(s, step, zones[0])
    return True


# -- the Action Phase -------------------------------------------------------------------------

def begin_turn(s: RFDState) -> None:
    """Start of a turn: reset the turn, resolve the Location in play (then discard it) and
    Followers' start-of-turn Penalties.

    Source: rulebook, "LOCATION CARDS" (active until the start of your next turn).
    """
    p = s.players[s.current]
    if p.dead:
        s.phase = END
        return
    s.fled = s.flee_pending = s.tinkered = s.combo_used = False
    s.all_quiet = s.no_hunt = s.location_taken = s.bonus_in_roll = False
    s.no_locations = s.extra_turn
    s.guns_fired = s.ignored_zombies = s.rerolls_left = 0
    s.used_followers = []
    s.phase = ROLL
    c = content_of(s)
    note(s, f"-- Turn {s.turn}: seat {s.current} ({c.characters[p.character].name}).")
    effects = []
    if p.location:
        effects.extend(c.effects.get(f"location:{p.location}:next", ()))
        discard(s, "location", p.location)
        p.location = ""
    for f in p.followers:
        if c.followers[f].timing == "start":
            effects.extend(c.effects[f"follower:{f}"])
    push_effects(s, s.current, effects, "start of turn")


def reroll_allowance(s: RFDState) -> int:
    """Rerolls this turn: 2, +1 for the Outdoorsman, -1 per Grumpy Old Man, current Event."""
    c = content_of(s)
    p = s.players[s.current]
    n = BASE_REROLLS + (1 if c.characters[p.character].ability == "tracker" else 0)
    n -= sum(1 for f in p.followers if c.followers[f].modifier == "reroll-minus-1")
    if s.current_event:
        n += c.events[s.current_event].reroll_delta
    return n


def initial_roll(s: RFDState) -> None:
    """Roll the 5 Action dice (+ the Bonus die if a card says so) and the Event die, then
    resolve the Event. Source: rulebook, "Initial Dice Roll" and "Resolve the Event"."""
    c = content_of(s)
    action, bonus = face_table(c)
    roll = s.rng.roll
    s.dice = [roll(action) for _ in range(5)]
    if s.bonus_in_roll:
        s.dice.append(roll(bonus))
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.event_face = roll(c.event_faces)
    s.rerolls_left = max(0, s.rerolls_left + reroll_allowance(s))
    s.phase = REROLL
    note(s, f"Seat {s.current} rolls {dice_text(s.dice)}; Event die: {EVENT_FACE_NAMES.get(s.event_face, s.event_face)}.")
    resolve_event(s)


def dice_text(dice: list[int]) -> str:
    """``"bat gun zombie ..."`` for the log."""
    return " ".join([SYMBOLS[d] for d in dice])


def resolve_event(s: RFDState) -> None:
    """Apply the Event die. Source: rulebook, "Event Die Actions"."""
    seat = s.current
    face = s.event_face
    if face == "all-quiet":
        s.all_quiet = True
    elif face == "ambush":
        wound(s, seat, 1, "Ambush")
    elif face == "amulet":
        s.stack.append(Step("amulet", seat, source="amulet"))
    elif face == "charge":
        s.stack.append(Step("advance-any", seat, n=3, source="charge"))
    elif face == "nurse":
        p = s.players[seat]
        if p.wounds or any(p.zones):
            s.stack.append(Step("nurse", seat, source="nurse"))
    elif face == "zombies-rise":
        k = add_zombies(s, seat, 2, 1) + add_zombies(s, seat, 3, 1)
        note(s, f"Zombies Rise: {k} Zombie(s) join Zones 2 and 3 ({zones_text(s, seat)}).")


def reroll_has_choice(s: RFDState) -> bool:
    """Whether the rolling player still has something to decide before actions."""
    if s.flee_pending:
        return True
    if s.rerolls_left > 0 and (_actions.next_die(s) >= 0 or (not s.fled and ZOMBIE in s.dice)):
        return True
    return bool(_actions.reroll_extras(s))


def enter_actions(s: RFDState) -> None:
    """Rolling is over: count the symbols to resolve. Source: "Resolving Actions"."""
    counts = [0] * 6
    for d in s.dice:
        counts[d] += 1
    s.rolled = counts
    s.avail = list(counts)
    s.combo_ok = _actions.combo_ready(s)
    s.selected = [False] * len(s.dice)
    s.decided = [False] * len(s.dice)
    s.phase = ACTIONS


# -- Zombie Advance, Hunt, end of turn --------------------------------------------------------

def zombie_advance(s: RFDState) -> None:
    """Every Zombie advances 1 Zone, Zone 1 first; those reaching the character wound it and
    go to the reserve. Then the Mutant, if active, attacks (a Mutant Card).

    Source: rulebook, "Zombie Advance Phase"; solo: "END OF THE GAME (SOLO RULES)".
    """
    seat = s.current
    p = s.players[seat]
    s.phase = HUNT
    z1, z2, z3 = p.zones
    p.zones[0], p.zones[1], p.zones[2] = z2, z3, 0
    s.reserve += z1
    note(
        s,
        f"Zombie Advance: {z1} reach the character, {z2} move to Zone 1, {z3} move to Zone 2 "
        f"({zones_text(s, seat)}).",
    )
    if z1:
        wound(s, seat, z1, "Zombies reached the character")
    if s.phase != HUNT:
        return
    if is_solo(s) and s.town_line_found and s.solo_level == "hard":
        game_over(s, "the Town Line reached (HARD)")
        return
    if s.mutant_active:
        c = content_of(s)
        card = _draw_mutant(s)
        if card:
            discard(s, "mutant", card)
            key = f"mutant:{card}:solo_effects" if is_solo(s) and f"mutant:{card}:solo_effects" in c.effects else f"mutant:{card}"
            note(s, f"The Mutant attacks: {c.mutant[card].name}.")
            push_effects(s, seat, c.effects[key], card)


def _draw_mutant(s: RFDState) -> str:
    from .effects import draw

    return draw(s, "mutant")


def hunt_size(s: RFDState) -> int:
    """Zombies the Hunt Phase adds to Zone 3: 3 (none after All Quiet or a shelter; a
    current Event may change it) + 1 per Zombie symbol not ignored by a Dice Combo.

    Source: rulebook, "Hunt Phase" and "ALL QUIET".
    """
    base = HUNT_ZOMBIES
    if s.all_quiet or s.no_hunt:
        base = 0
    elif s.current_event:
        base = max(0, base + content_of(s).events[s.current_event].hunt_delta)
    return base + max(0, s.rolled[ZOMBIE] - s.ignored_zombies)


def hunt(s: RFDState) -> None:
    """Add the Hunt Zombies to Zone 3, Followers' Hunt Penalties, and pass the Mutant on.

    Source: rulebook, "Hunt Phase".
    """
    seat = s.current
    s.phase = DECLARE
    n = hunt_size(s)
    placed = add_zombies(s, seat, 3, n)
    note(s, f"Hunt: {placed} Zombies join Zone 3" + (f" ({n - placed} short: the reserve is empty)" if placed < n else "") + ".")
    c = content_of(s)
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


def end_turn(s: RFDState) -> None:
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
            game_over(s, f"the last round declared by seat {s.declared_by} is over")
            return
    s.current = (s.current + 1) % len(s.players)
    s.turn += 1
    s.phase = START


# -- scoring ----------------------------------------------------------------------------------

def victory_points(s: RFDState, seat: int) -> int:
    """Health points + Follower values + Mutant tokens. Source: "Final Scoring".

    Health points are 5 minus the Wound tokens (every character scores as a 5-Health one),
    or with ``health_score = "remaining-capped"`` the Health left, at most 5. Solo Survival
    Points are counted the same way ("END OF THE GAME (SOLO RULES)").
    """
    p = s.players[seat]
    c = content_of(s)
    if p.dead:
        health = 0
    elif s.health_capped:
        health = min(SCORING_HEALTH_CAP, p.health - p.wounds)
    else:
        health = max(0, SCORING_HEALTH_CAP - p.wounds)
    return health + sum(c.followers[f].vp for f in p.followers) + p.mutant_tokens


def winners(s: RFDState) -> tuple[int, ...]:
    """Living players with the most VP; ties broken by most Followers, then shared.

    Solo: the player wins with the level's Survival Points after the Town Line.
    Source: rulebook, "Final Scoring" and "WINNER!" (solo).
    """
    if is_solo(s):
        p = s.players[0]
        ok = not p.dead and s.town_line_found and victory_points(s, 0) >= SOLO_THRESHOLDS[s.solo_level]
        return (0,) if ok else ()
    alive = [i for i, p in enumerate(s.players) if not p.dead]
    if not alive:
        return ()
    key = {i: (victory_points(s, i), len(s.players[i].followers)) for i in alive}
    best = max(key.values())
    return tuple(i for i in alive if key[i] == best)


def town_line_threshold_for(s: RFDState) -> int | None:
    """The Town Line's Follower requirement for this game (None in solo)."""
    from .effects import town_line_threshold

    return None if is_solo(s) else town_line_threshold(len(s.players))


# Imported last: the decision module builds on this one (a deliberate two-way dependency).
from . import actions as _actions  # noqa: E402
