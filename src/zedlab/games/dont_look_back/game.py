"""The Don't Look Back rules object: Config, decisions, views, outcome.

Source: The Walking Dead: Don't Look Back Dice Game rulebook (Cryptozoic, 2014).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import Field, field_validator, model_validator

from zedlab.core import RNG, Action, BaseConfig, BaseGame, ConfigError, Decision, Outcome

from . import combat, common, leaving, rules, search
from .combat import SURVIVOR_TARGET, can_fight, combat_weapons, legal_targets
from .common import cx, space_name
from .content import pack
from .state import (
    ACTION,
    CARL_PICK,
    COMBAT_MOVE,
    FLASH_FROM,
    FLASH_TO,
    HOLD_OR_REROLL,
    IMPROVISED,
    KEEP_WEAPON,
    LOCATION,
    LOOTING,
    MICHONNE,
    NEXT_FIRST,
    OVER,
    OVERRUN_MOVE,
    SETUP_FIRST,
    SETUP_SURVIVOR,
    TARGET,
    DLBState,
)

EVENTS_IN_VIEW = 6


class Config(BaseConfig):
    """Options of a game of Don't Look Back.

    Attributes:
        players: 1-4 Survivors.
        locations: Locations to play through (1-4); sets starting Health (6 / 10 / 14).
        survivors: a Survivor id per seat (``rick``, ``daryl``, ``michonne``, ``carl``);
            empty: each player chooses at the table, in seat order.
        escape_check: when a Survivor standing in the empty Escape Route Sector escapes:
            ``"any-action"`` at the end of any Action (default), or ``"combat"`` only after
            a successful Combat (see docs/rulings/dont-look-back.md, ruling 10).
        improvised_reach: where an Improvised Weapon hits: ``"own-space"`` (default: only
            Walkers in the Survivor's own space, as "Your Survivor Card" says) or
            ``"reach"`` (like any Weapon of its Melee/Ranged kind; ruling 22).
        overrun_stall_rounds: after the overrun ("Running Out of Search Cards"), this many
            full rounds in which no Survivor attacks, no Walker is killed, no Health is lost
            and no Weapon card is spent strand the Survivors still on the board and end the game (default 3;
            0 = the rules as written, where a board can stall forever; ruling 26).
        content_dir: a folder holding ``weapons.toml``, ``search_cards.toml``,
            ``survivors.toml`` and ``locations.toml`` to play with instead of the packaged
            files (the printed values, for owners of the game); validated on load. Part of
            the config, so a record replays with the same pack.

    Raises:
        ContentError: ``content_dir`` holds a missing or invalid file (the message names
            the file, the entry and the field).
    """

    players: int = Field(default=2, ge=1, le=4, description="Number of players (1-4).")
    locations: int = Field(default=2, ge=1, le=4, description="Locations to play (1-4).")
    survivors: tuple[str, ...] = Field(
        default=(), description="Survivor id per seat, or empty to choose."
    )
    escape_check: str = Field(default="any-action", description="'any-action' or 'combat'.")
    improvised_reach: str = Field(
        default="own-space", description="Improvised Weapon hits 'own-space' or 'reach'."
    )
    overrun_stall_rounds: int = Field(
        default=3,
        ge=0,
        le=20,
        description="Idle full rounds after the overrun that end the game (0: never).",
    )
    content_dir: str | None = Field(
        default=None, description="Folder of content TOML files overriding the packaged ones."
    )

    @field_validator("improvised_reach")
    @classmethod
    def _improvised_reach(cls, v: str) -> str:
        if v not in ("own-space", "reach"):
            raise ValueError(f"improvised_reach {v!r} is unknown; use 'own-space' or 'reach'")
        return v

    @field_validator("escape_check")
    @classmethod
    def _escape_check(cls, v: str) -> str:
        if v not in ("combat", "any-action"):
            raise ValueError(f"escape_check {v!r} is unknown; use 'combat' or 'any-action'")
        return v

    @model_validator(mode="after")
    def _survivors(self) -> Config:
        content = pack(self.content_dir)  # ContentError for a bad pack, naming the field
        if self.survivors:
            if len(self.survivors) != self.players:
                raise ValueError(
                    f"survivors lists {len(self.survivors)} ids for {self.players} players"
                )
            unknown = [s for s in self.survivors if s not in content.survivors]
            if unknown:
                raise ValueError(
                    f"unknown survivors {unknown}; choose from {list(content.survivors)}"
                )
            if len(set(self.survivors)) != len(self.survivors):
                raise ValueError("each Survivor can be played by one player only")
        return self


# -- prebuilt actions ------------------------------------------------------------------------
PASS = Action("pass", None, "Pass")
MOVE = {sp: Action("move", sp, f"Move to {space_name(sp)}") for sp in range(7)}
HOLD = Action("hold", None, "Hold: kill with the saved hits")
REROLL = {
    n: Action("reroll", None, f"Re-roll the {n} miss{'es' if n != 1 else ''}") for n in range(1, 11)
}
KEEP_ROLL = Action("reroll-die", 0, "Keep the roll")
REROLL_DIE = {f: Action("reroll-die", f, f"Re-roll a {f}") for f in range(1, 7)}
FLASH_DONE = Action("flash-from", None, "Stop moving Walkers")
FLASH_FROM_A = {
    sp: Action("flash-from", sp, f"Move a Walker from {space_name(sp)}") for sp in range(7)
}
FLASH_TO_A = {sp: Action("flash-to", sp, f"Put it in {space_name(sp)}") for sp in range(7)}
OVERRUN_A = {sp: Action("overrun-move", sp, f"Flee to Sector {sp}") for sp in range(1, 7)}
NO_TARGET = Action("target", -1, "Attack nobody: the attack fails")
STAY = Action("combat-move", False, "Stay where you are")
_MOVE_OPTS = {
    (sp, overrun): (
        PASS,
        *(MOVE[d] for d in common.adjacent(sp) if not (overrun and d == LOCATION)),
    )
    for sp in range(7)
    for overrun in (False, True)
}
_combat_actions: dict[tuple[str, str, str], Action] = {}
# Decisions are immutable values: the frequent ones are built once per distinct situation.
_ACTION_CACHE: dict[tuple[Any, ...], Decision] = {}
_HOLD_CACHE: dict[tuple[int, int, int], Decision] = {}
_DECISIONS: dict[tuple[Any, ...], Decision] = {}
_NEIGHBOURS = {sp: common.adjacent(sp)[:2] for sp in range(1, 7)}
"""Other frequent decisions, keyed by everything their options and prompt depend on."""
_target_actions: dict[tuple[int, str, str], Action] = {}
_first_actions: dict[tuple[int, str, str], Action] = {}
_move_into: dict[int, Action] = {
    sp: Action("combat-move", True, f"Move into {space_name(sp)}") for sp in range(7)
}


def _combat_action(state: DLBState, weapon: str) -> Action:
    sid = state.survivors[state.current].id
    key = (weapon, sid if weapon == IMPROVISED else "", state.content_dir)
    act = _combat_actions.get(key)
    if act is None:
        C = cx(state)
        if weapon == IMPROVISED:
            imp = C.survivors[sid].improvised
            label = f"Combat with {imp.name} (improvised, {imp.dice} dice)"
        else:
            w = C.weapons[weapon]
            label = f"Combat with {w.name} ({w.dice} dice)"
        act = _combat_actions[key] = Action("combat", weapon, label)
    return act


def _survivor_label(entry: Any) -> str:
    """``Play Daryl Dixon - Tracker: ... | Improvised: Crossbow (3 dice, Ranged)``."""
    imp = entry.improvised
    return (
        f"Play {entry.name} - {entry.ability_text.rstrip('.')}"
        f" | Improvised: {imp.name} ({imp.dice} dice, {imp.kind.capitalize()})"
    )


def _target_action(state: DLBState, target: int) -> Action:
    sid = state.survivors[target - SURVIVOR_TARGET].id if target >= SURVIVOR_TARGET else ""
    key = (target, sid, state.content_dir)
    act = _target_actions.get(key)
    if act is None:
        if target >= SURVIVOR_TARGET:
            label = f"Target {cx(state).survivors[sid].name} (Knife)"
        else:
            label = f"Target the Walkers in {space_name(target)}"
        act = _target_actions[key] = Action("target", target, label)
    return act


def _seat_action(state: DLBState, seat: int) -> Action:
    sid = state.survivors[seat].id
    key = (seat, sid, state.content_dir)
    act = _first_actions.get(key)
    if act is None:
        act = _first_actions[key] = Action(
            "first-player", seat, f"{cx(state).survivors[sid].name} goes first"
        )
    return act


_STEPS: dict[str, Callable[[DLBState, Any], None]] = {
    "hold": lambda state, _: combat.hold(state),
    "reroll": lambda state, _: combat.reroll(state),
    "target": lambda state, t: (
        combat.decline_target(state) if t < 0 else combat.choose_target(state, t)
    ),
    "combat": combat.start_combat,
    "move": rules.do_move,
    "pass": lambda state, _: rules.do_pass(state),
    "combat-move": combat.combat_move,
    "reroll-die": combat.michonne_reroll,
    "flash-from": search.flash_from,
    "flash-to": search.flash_to,
    "pick-card": search.carl_pick,
    "loot": lambda state, value: search.loot(state, value[0], value[1]),
    "overrun-move": leaving.overrun_move,
    "keep-weapon": leaving.keep_weapon,
    "first-player": rules.choose_first_player,
    "survivor": rules.choose_survivor,
}
"""Action kind -> rule step (the trusted path: apply() has validated the action)."""


class DontLookBack(BaseGame[DLBState]):
    """The Walking Dead: Don't Look Back Dice Game."""

    name = "dont-look-back"
    title = "The Walking Dead: Don't Look Back"
    rules_version = 3
    Config = Config
    State = DLBState
    help = {
        SETUP_SURVIVOR: ("Game Set-Up", "Pick the Survivor you will play."),
        SETUP_FIRST: ("Game Set-Up", "The high roller picks who takes the first turn."),
        ACTION: ("Taking Your Turn", "Pass, Move to an adjacent space, or fight with one Weapon."),
        CARL_PICK: ("Your Survivor Card", "Carl uses one of two drawn cards; the other goes back."),
        LOOTING: ("Specific Card Clarifications", "Take a Weapon card from another Survivor."),
        FLASH_FROM: (
            "Specific Card Clarifications",
            "Pick a space to move a Walker from, or stop.",
        ),
        FLASH_TO: ("Specific Card Clarifications", "Pick the adjacent space the Walker goes to."),
        MICHONNE: (
            "Specific Card Clarifications",
            "Michonne may re-roll one die before targeting.",
        ),
        TARGET: (
            "Choosing a Target",
            "Pick one space the dice hit; Sectors count matching dice, the Location a straight.",
        ),
        COMBAT_MOVE: ("Ranged Weapons", "You may move into the space you targeted, now or never."),
        HOLD_OR_REROLL: (
            "Re-Rolling Dice",
            "Hold to kill, or re-roll all misses: no new hit loses everything.",
        ),
        OVERRUN_MOVE: ("Running Out of Search Cards", "Leave the overrun Location for a Sector."),
        KEEP_WEAPON: (
            "Proceeding to the Next Location",
            "Keep one Weapon card (Rick, the Leader, keeps two); the rest are shuffled back.",
        ),
        NEXT_FIRST: (
            "Proceeding to the Next Location",
            "The trailing Survivor picks who goes first.",
        ),
    }

    def new(self, config: Any, seed: int) -> DLBState:
        """Set up a game. Source: Don't Look Back rulebook, "Game Set-Up".

        Raises:
            ConfigError: if ``config`` is not this game's Config.
        """
        if not isinstance(config, Config):
            raise ConfigError(f"dont-look-back needs its Config, got {type(config).__name__}")
        state = DLBState(
            rng=RNG.from_seed(seed),
            players=config.players,
            locations_total=config.locations,
            escape_check=config.escape_check,
            improvised_reach=config.improvised_reach,
            content_dir=config.content_dir or "",
            stall_rounds=config.overrun_stall_rounds,
        )
        rules.setup(state, list(config.survivors) or None)
        return state

    # -- decisions -------------------------------------------------------------------------
    def decision(self, state: DLBState) -> Decision | None:
        phase = state.phase
        seat = state.current
        if phase == ACTION:
            me = state.survivors[seat]
            space = me.space
            walkers = state.walkers
            if space == LOCATION:
                basic = any(walkers)
            else:
                a, b = _NEIGHBOURS[space]
                basic = bool(walkers[space] or walkers[a] or walkers[b])
            # everything combat_weapons() reads, so equal keys give equal options
            key = (
                seat,
                me.id,
                space,
                state.overrun,
                state.content_dir,
                state.improvised_reach,
                basic,
                walkers[space] > 0,
                walkers[LOCATION] > 0,
                *(dict.fromkeys(me.weapons) if len(me.weapons) > 1 else me.weapons),
            )
            decision = _ACTION_CACHE.get(key)
            if decision is None:
                weapons = combat_weapons(state, seat)
                moves = _MOVE_OPTS[(me.space, state.overrun)]
                moves += tuple(_combat_action(state, w) for w in weapons)
                decision = _ACTION_CACHE[key] = Decision(
                    seat, ACTION, moves, "Pass, Move or Combat?"
                )
            return decision
        if phase == HOLD_OR_REROLL:
            c = state.combat
            assert c is not None
            hkey = (seat, len(c.saved), c.misses)
            decision = _HOLD_CACHE.get(hkey)
            if decision is None:
                decision = _HOLD_CACHE[hkey] = Decision(
                    seat,
                    phase,
                    (HOLD, REROLL[c.misses]),
                    f"{common.plural(hkey[1], 'hit')} saved: hold or re-roll?",
                )
            return decision
        if phase == TARGET:
            targets = legal_targets(state)
            knife = targets and targets[-1] >= SURVIVOR_TARGET
            tkey = (
                TARGET,
                seat,
                state.content_dir,
                *targets,
                *((s.id for s in state.survivors) if knife else ()),
            )
            decision = _DECISIONS.get(tkey)
            if decision is None:
                opts_t = tuple(_target_action(state, t) for t in targets)
                if not combat.must_target(targets):
                    opts_t += (NO_TARGET,)
                decision = _DECISIONS[tkey] = Decision(
                    seat, phase, opts_t, "Which target do the dice hit?"
                )
            return decision
        if phase == COMBAT_MOVE:
            c = state.combat
            assert c is not None
            mkey = (COMBAT_MOVE, seat, c.target_space)
            decision = _DECISIONS.get(mkey)
            if decision is None:
                decision = _DECISIONS[mkey] = Decision(
                    seat, phase, (_move_into[c.target_space], STAY), "Move into the targeted space?"
                )
            return decision
        if phase == MICHONNE:
            c = state.combat
            assert c is not None
            faces = sorted(set(c.roll))
            return Decision(
                seat, phase, (KEEP_ROLL, *(REROLL_DIE[f] for f in faces)), "Re-roll one die?"
            )
        if phase == FLASH_FROM:
            walkers = state.walkers
            sources = [sp for sp in range(7) if walkers[sp]]
            fkey = (FLASH_FROM, seat, state.flash_left, *sources)
            decision = _DECISIONS.get(fkey)
            if decision is None:
                opts_f = (FLASH_DONE, *(FLASH_FROM_A[sp] for sp in sources))
                decision = _DECISIONS[fkey] = Decision(
                    seat, phase, opts_f, f"Flashbang: move a Walker ({state.flash_left} left)?"
                )
            return decision
        if phase == FLASH_TO:
            dkey = (FLASH_TO, seat, state.flash_from, state.overrun)
            decision = _DECISIONS.get(dkey)
            if decision is None:
                opts_d = tuple(
                    FLASH_TO_A[sp] for sp in search.flash_destinations(state, state.flash_from)
                )
                decision = _DECISIONS[dkey] = Decision(
                    seat, phase, opts_d, "Move the Walker where?"
                )
            return decision
        if phase == CARL_PICK:
            C = cx(state)
            opts_c = tuple(
                dict.fromkeys(Action("pick-card", c, f"Use {C.card_name(c)}") for c in state.drawn)
            )
            return Decision(seat, phase, opts_c, "Which card does Carl use?")
        if phase == LOOTING:
            C = cx(state)
            opts_l = tuple(
                Action(
                    "loot",
                    (victim, w),
                    f"Take {C.weapons[w].name} from {C.survivors[state.survivors[victim].id].name}",
                )
                for victim, w in search.loot_options(state)
            )
            return Decision(seat, phase, opts_l, "Loot which Weapon?")
        if phase == OVERRUN_MOVE:
            return Decision(
                state.queue[0], phase, tuple(OVERRUN_A.values()), "Flee to which Sector?"
            )
        if phase == KEEP_WEAPON:
            who = state.queue[0]
            rest = dict.fromkeys(state.survivors[who].weapons[state.kept :])
            entries = cx(state).weapons
            opts_k = tuple(Action("keep-weapon", w, f"Keep the {entries[w].name}") for w in rest)
            limit = leaving.keep_limit(state, state.survivors[who])
            prompt = "Keep which Weapon?"
            if limit > 1:
                prompt = f"Keep which Weapon? (pick {state.kept + 1} of {limit})"
            return Decision(who, phase, opts_k, prompt)
        if phase in (SETUP_FIRST, NEXT_FIRST):
            living = [s for s in range(state.players) if state.survivors[s].alive]
            return Decision(
                state.chooser,
                phase,
                tuple(_seat_action(state, s) for s in living),
                "Who goes first?",
            )
        if phase == SETUP_SURVIVOR:
            free = rules.free_survivors(state)
            skey = (SETUP_SURVIVOR, state.queue[0], state.content_dir, *free)
            decision = _DECISIONS.get(skey)
            if decision is None:
                survivors = cx(state).survivors
                decision = _DECISIONS[skey] = Decision(
                    state.queue[0],
                    phase,
                    tuple(Action("survivor", s, _survivor_label(survivors[s])) for s in free),
                    "Choose your Survivor",
                )
            return decision
        return None

    def step(self, state: DLBState, action: Action) -> None:
        _STEPS[action.kind](state, action.value)

    # -- views -----------------------------------------------------------------------------
    def view(self, state: DLBState, player: int | None) -> dict[str, Any]:
        """Everything on the table; the deck order and the Location stack stay hidden.

        Shape: ``{"location": {...}, "walkers": [7 ints, index 0 = Location], "survivors":
        [...], "combat": {...} | None, "events": [last lines], ...}``. ``content_dir`` is
        the content folder in play (``""``: the packaged files), so a renderer or bot
        reading the view looks names and dice up in the same pack. After the overrun the
        Location's ``id``, ``name`` and ``ability`` are ``""`` and its ``overload`` 0: the
        tile is out of play.
        """
        C = cx(state)
        # an overrun Location tile is out of play: no name, ability or Overload to show
        loc = C.locations[state.location] if state.location and not state.overrun else None
        c = state.combat
        return {
            "you": player,
            "content_dir": state.content_dir,
            "players": state.players,
            "phase": state.phase,
            "current": state.current,
            "location": {
                "id": loc.id if loc else "",
                "name": loc.name if loc else "",
                "overload": loc.overload if loc else 0,
                "ability": loc.ability_text if loc else "",
                "overrun": state.overrun,
                "number": min(state.locations_done + 1, state.locations_total),
                "total": state.locations_total,
            },
            "walkers": list(state.walkers),
            "escape_sector": state.escape_sector,
            "escape_check": state.escape_check,
            "improvised_reach": state.improvised_reach,
            "deck": len(state.deck),
            "discard": list(state.discard),
            "drawn": list(state.drawn),
            "flash_left": state.flash_left,
            "survivors": [
                {
                    "seat": seat,
                    "id": s.id,
                    "name": C.survivors[s.id].name if s.id else "",
                    "health": s.health,
                    "points": s.points,
                    "space": s.space,
                    "weapons": list(s.weapons),
                    "alive": s.alive,
                    "escaped": s.escaped,
                    "ability_used": s.ability_used,
                    "kills_this_turn": s.kills_this_turn,
                }
                for seat, s in enumerate(state.survivors)
            ],
            "combat": None
            if c is None
            else {
                "weapon": c.weapon,
                "dice": c.dice,
                "melee": c.melee,
                "roll": list(c.roll),
                "target": c.target,
                "target_space": c.target_space,
                "saved": list(c.saved),
                "misses": c.misses,
            },
            "events": state.log[-EVENTS_IN_VIEW:],
            "reason": state.reason,
        }

    def events(self, state: DLBState, player: int | None) -> list[str]:
        """The recent event lines (all public), oldest first."""
        return list(state.log)

    def outcome(self, state: DLBState) -> Outcome | None:
        """Most points wins; ties share the victory; the dead still score.

        Source: Don't Look Back rulebook, "Scoring and End of Game".
        """
        if state.phase != OVER:
            return None
        scores = tuple(float(s.points) for s in state.survivors)
        best = max(scores)
        winners = tuple(i for i, p in enumerate(scores) if p == best)
        return Outcome(scores, winners, None, state.reason)

    def determinize(self, state: DLBState, player: int, rng: RNG) -> DLBState:
        """Reshuffle the face-down Search deck and Location stack; re-seed the dice."""
        copy = self.clone(state)
        copy.rng = rng.spawn()
        copy.rng.shuffle(copy.deck)
        copy.rng.shuffle(copy.location_stack)
        return copy

    def invariants(self, state: DLBState) -> list[str]:
        """Walkers >= 0, Health within 0..start, all 24 Search cards accounted for."""
        problems = []
        if any(w < 0 for w in state.walkers):
            problems.append(f"negative Walkers {state.walkers}")
        if state.overrun and state.walkers[LOCATION]:
            problems.append("Walkers in an overrun Location")
        top = common.starting_health(state.locations_total)
        for seat, s in enumerate(state.survivors):
            if s.id and not 0 <= s.health <= top:
                problems.append(f"seat {seat} Health {s.health} outside 0..{top}")
            if s.alive != (s.health > 0) and s.id and state.phase not in (SETUP_SURVIVOR,):
                problems.append(f"seat {seat} alive={s.alive} with Health {s.health}")
        if state.phase != SETUP_SURVIVOR:
            cards = list(state.deck) + list(state.discard) + list(state.drawn)
            for s in state.survivors:
                cards.extend(s.weapons)
            if sorted(cards) != sorted(cx(state).deck):
                problems.append(f"Search cards not conserved: {len(cards)} found, 24 expected")
        return problems

    def bot_kinds(self) -> dict[str, Any]:
        from .bots import HeuristicBot

        return {**super().bot_kinds(), "heuristic": HeuristicBot}


game = DontLookBack()
__all__ = ["Config", "DontLookBack", "can_fight", "game"]
