"""The Don't Look Back rules object: registration, Config, views and the outcome.

The rules themselves are steps on the game's flow (``steps.py``), bound in the modules named
after the rulebook's sections: ``setup.py``, ``turn.py``, ``search.py``, ``combat.py`` and
``leaving.py``. Events become text in ``render.py``.

Source: The Walking Dead: Don't Look Back Dice Game rulebook (Cryptozoic, 2014).
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from zedlab.core import RNG, BaseConfig, BaseGame, ConfigError, Outcome
from zedlab.core.estimates import logistic, standing
from zedlab.core.sampling import permute_each

from . import turn
from .combat import SURVIVOR_TARGET
from .common import cx, starting_health
from .content import BINDER, Content, default_content
from .render import TEXT
from .setup import setup
from .state import IMPROVISED, LOCATION, DLBState, clone_state
from .steps import FLOW, STEP_TYPES, ChooseSurvivor, FlashFrom, FlashTo
from .warnings import option_warning as _option_warning

FLOW.check(STEP_TYPES)

MAX_TURN_DECISIONS = 60
"""Decisions in one turn at most: Carl's pick or Looting (1), a Flashbang (2 per Walker
moved, at most 20, and a stop), the Action, Michonne's re-roll, the target, the Ranged move
and a hold-or-re-roll per die (at most 10)."""
MAX_MEASURE = 321
"""Walkers + Health + 2 per Weapon card at an overrun, at most: 36 starting Walkers, 23 More
Walkers cards of 6, 25 Shotgun noises, 18 for the overrun; 4 x 14 Health; 24 cards."""


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
            and no Weapon card is spent strand the Survivors still on the board and end the
            game (default 3, 1-20; ruling 26).

    The content pack (the printed values, for owners of the game) is not an option: it is
    given to the game (``--content DIR``, ``zedlab.make(name, content=DIR)``).
    """

    players: int = Field(default=2, ge=1, le=4, description="Number of players (1-4).")
    locations: int = Field(default=2, ge=1, le=4, description="How many Locations the game lasts (1-4).")
    survivors: tuple[str, ...] = Field(
        default=(), description="Survivor id per seat, or empty to choose."
    )
    escape_check: str = Field(
        default="any-action",
        description="When a Survivor may try to escape: 'any-action' (after any Action) "
        "or 'combat' (only after a successful Combat).",
        json_schema_extra={"enum": ["any-action", "combat"]},  # a choice in the lobby form
    )
    improvised_reach: str = Field(
        default="own-space",
        description="Where a Survivor's Improvised Weapon (Daryl's Crossbow too) hits: "
        "'own-space' (only Walkers in the Survivor's own space, as the Survivor card says) "
        "or 'reach' (as far as any Weapon of its kind).",
        json_schema_extra={"enum": ["own-space", "reach"]},
    )
    overrun_stall_rounds: int = Field(
        default=3,
        ge=1,
        le=20,
        description="Idle full rounds after the overrun that end the game (1-20).",
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
        if self.survivors and len(self.survivors) != self.players:
            raise ValueError(f"survivors lists {len(self.survivors)} ids for {self.players} players")
        if len(set(self.survivors)) != len(self.survivors):
            raise ValueError("each Survivor can be played by one player only")
        return self


class DontLookBack(BaseGame[DLBState]):
    """The Walking Dead: Don't Look Back Dice Game."""

    name = "dont-look-back"
    title = "The Walking Dead: Don't Look Back"

    def goal(self, config: Any) -> str:
        """How the game is won, in one line (``help`` shows it). Source: rulebook "End of the Game"."""
        solo = " Alone, your Survivor must also live to escape." if config.players == 1 else ""
        return ("The game ends when a Survivor escapes the last Location; the most points wins "
                "(ties share), even a Survivor who died." + solo)
    rules_version = 5
    Config = Config
    State = DLBState
    flow = FLOW
    content_binder = BINDER
    event_texts = TEXT
    help = {
        "choose-survivor": ("Game Set-Up", "Pick the Survivor you will play."),
        "choose-first-player": ("Game Set-Up", "The high roller picks who takes the first turn."),
        "choose-action": (
            "Taking Your Turn",
            "Pass, Move to an adjacent space, or fight with one Weapon.",
        ),
        "carl-pick": (
            "Your Survivor Card",
            "Carl uses one of two drawn cards; the other goes back.",
        ),
        "looting": ("Specific Card Clarifications", "Take a Weapon card from another Survivor."),
        "flashbang-from": (
            "Specific Card Clarifications",
            "Pick a space to move a Walker from, or stop.",
        ),
        "flashbang-to": (
            "Specific Card Clarifications",
            "Pick the adjacent space the Walker goes to.",
        ),
        "michonne-reroll": (
            "Specific Card Clarifications",
            "Michonne may re-roll one die before targeting.",
        ),
        "choose-target": (
            "Choosing a Target",
            "Pick one space the dice hit; Sectors count matching dice, the Location a straight.",
        ),
        "combat-move": (
            "Ranged Weapons",
            "You may move into the space you targeted, now or never.",
        ),
        "hold-or-reroll": (
            "Re-Rolling Dice",
            "Hold to kill, or re-roll all misses: no new hit loses everything.",
        ),
        "overrun-move": (
            "Running Out of Search Cards",
            "Leave the overrun Location for a Sector.",
        ),
        "keep-weapon": (
            "Proceeding to the Next Location",
            "Keep one Weapon card (Rick, the Leader, keeps two); the rest are shuffled back.",
        ),
        "next-first-player": (
            "Proceeding to the Next Location",
            "The trailing Survivor picks who goes first.",
        ),
    }

    def card_texts(self, content: Content | None = None) -> dict[str, str]:
        """Name -> short text of every Search card, Survivor, Improvised Weapon and Location
        of ``content`` (``None``: the packaged pack)."""
        return (content if content is not None else default_content()).card_texts()

    def new(self, config: Any, seed: int, content: Content | None = None) -> DLBState:
        """Set up a game. Source: Don't Look Back rulebook, "Game Set-Up".

        Args:
            content: the content pack (``load_content``); ``None``: the packaged one.
        Raises:
            ConfigError: if ``config`` is not this game's Config, or names a Survivor the
                pack does not have.
        """
        if not isinstance(config, Config):
            raise ConfigError(f"dont-look-back needs its Config, got {type(config).__name__}")
        pack = content if content is not None else BINDER.load(None)
        unknown = [s for s in config.survivors if s not in pack.survivors]
        if unknown:
            raise ConfigError(
                f"dont-look-back: invalid config: survivors: unknown survivors {unknown}; "
                f"choose from {list(pack.survivors)}"
            )
        state = DLBState(
            rng=RNG.from_seed(seed),
            players=config.players,
            locations_total=config.locations,
            escape_check=config.escape_check,
            improvised_reach=config.improvised_reach,
            content=pack.digest,
            stall_rounds=config.overrun_stall_rounds,
        )
        setup(state, list(config.survivors) or None)
        FLOW.run(state)
        return state

    decision = FLOW.decision  # type: ignore[assignment]
    """The pending decision (the step on top of the stack), ``None`` once the game is over."""

    def step(self, state: DLBState, action: Any) -> None:
        """Play a known-legal action (the trusted path).

        The state holds the events of this action only: a Match has already moved the
        earlier ones into its history, and a state played outside one stays small to copy.
        """
        state.events.clear()
        FLOW.play(state, action)

    def option_warning(self, state: DLBState, decision: Any, action: Any) -> str | None:
        """What ``action`` would certainly lose (see :mod:`.warnings`), else ``None``."""
        return _option_warning(state, decision, action)

    # -- views -----------------------------------------------------------------------------
    def view(self, state: DLBState, player: int | None) -> dict[str, Any]:
        """Everything on the table; the deck order and the Location stack stay hidden.

        Shape: ``{"public": {"location": {...}, "walkers": [7 ints, index 0 = Location],
        "survivors": [...], "combat": {...} | None, ...}, "private": {"you": seat}}``
        (``private`` is ``{}`` for a spectator). ``content`` is the digest of the content
        pack in play, so a renderer or bot reading the view looks names and dice up in the
        same pack. After the overrun the Location's ``id``, ``name`` and ``ability`` are
        ``""`` and its ``overload`` 0: the tile is out of play.
        """
        C = cx(state)
        # an overrun Location tile is out of play: no name, ability or Overload to show
        loc = C.locations[state.location] if state.location and not state.overrun else None
        c = state.combat
        top = state.stack[-1] if state.stack else None
        flash_left = top.left if isinstance(top, (FlashFrom, FlashTo)) else 0
        public = {
            "content": state.content,
            "players": state.players,
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
            "flash_left": flash_left,
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
            "reason": state.reason,
        }
        return {"public": public, "private": {} if player is None else {"you": player}}

    def outcome(self, state: DLBState) -> Outcome | None:
        """Most points wins; ties share the victory; the dead still score. A solo game
        whose Survivor died has no winner (ruling 27): there is nobody to outscore.

        Source: Don't Look Back rulebook, "Object of the Game", "Scoring and End of Game".
        """
        if state.stack:
            return None
        scores = tuple(float(s.points) for s in state.survivors)
        if len(state.survivors) == 1 and not state.survivors[0].alive:
            return Outcome(scores, (), None, state.reason)
        best = max(scores)
        winners = tuple(i for i, p in enumerate(scores) if p == best)
        return Outcome(scores, winners, None, state.reason)

    def estimate(self, state: DLBState) -> tuple[float, ...]:
        """Each seat's chance of winning a game not yet over, guessed for search bots that
        stop their playouts early (not a rule): points scored, plus half a point for each
        Health point and Weapon card of a living Survivor (what it can still score with),
        against the other seats' mean, 2 points to a unit. Alone at the table: 0 once dead,
        else by Health left.
        """
        material = []
        for s in state.survivors:
            alive = s.alive and s.health > 0
            material.append(s.points + (0.5 * (s.health + len(s.weapons)) if alive else 0.0))
        if len(material) == 1:
            s = state.survivors[0]
            return (logistic(s.health - 1.5) if s.alive and s.health > 0 else 0.0,)
        return standing(material, 2.0)

    def determinize(self, state: DLBState, player: int, rng: RNG) -> DLBState:
        """Reshuffle the face-down Search deck and Location stack; re-seed the dice."""
        copy = clone_state(state, rng.spawn())
        permute_each(copy.rng, copy.deck, copy.location_stack)
        return copy

    def clone(self, state: DLBState) -> DLBState:
        return clone_state(state)

    def invariants(self, state: DLBState) -> list[str]:
        """Walkers >= 0, Health within 0..start, all 24 Search cards accounted for."""
        problems = []
        if any(w < 0 for w in state.walkers):
            problems.append(f"negative Walkers {state.walkers}")
        if state.overrun and state.walkers[LOCATION]:
            problems.append("Walkers in an overrun Location")
        choosing = bool(state.stack) and isinstance(state.stack[-1], ChooseSurvivor)
        top = starting_health(state.locations_total)
        for seat, s in enumerate(state.survivors):
            if s.id and not 0 <= s.health <= top:
                problems.append(f"seat {seat} Health {s.health} outside 0..{top}")
            if s.alive != (s.health > 0) and s.id and not choosing:
                problems.append(f"seat {seat} alive={s.alive} with Health {s.health}")
        if not choosing:
            cards = list(state.deck) + list(state.discard) + list(state.drawn)
            for s in state.survivors:
                cards.extend(s.weapons)
            if sorted(cards) != sorted(cx(state).deck):
                problems.append(f"Search cards not conserved: {len(cards)} found, 24 expected")
        return problems

    # -- the action catalogue and the bound ------------------------------------------------
    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """Every action of ``config`` played with ``content`` (``None``: the packaged
        pack), naming Survivors, Weapons and cards by their content ids."""
        C = content if content is not None else BINDER.load(None)
        seats = range(config.players)
        cards = list(dict.fromkeys(C.deck))
        weapons = list(C.weapons)
        targets = [*range(-1, 7), *(SURVIVOR_TARGET + s for s in seats)]
        return [
            ("survivor", list(C.survivors)),
            ("first-player", list(seats)),
            ("pass", [None]),
            ("move", range(7)),
            ("combat", [*weapons, IMPROVISED]),
            ("pick-card", cards),
            ("loot", [(s, w) for s in seats for w in weapons]),
            ("flash-from", [None, *range(7)]),
            ("flash-to", range(7)),
            ("reroll-die", range(7)),
            ("target", targets),
            ("combat-move", [True, False]),
            ("hold", [None]),
            ("reroll", [None]),
            ("overrun-move", range(1, 7)),
            ("keep-weapon", weapons),
        ]

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """A bound on the decisions of any game, counted from the rules.

        Per Location: the set-up or keeping Weapons (4 seats x 2) and the first player,
        fleeing the overrun (4), and turns: at most 25 before the overrun (each draws a card
        of the 24) and, after it, at most ``(MAX_MEASURE + 1)`` new lows of the progress
        measure, between two of which ``IDLE_ATTACKS`` attacks and, around them, fewer
        than ``stall_rounds`` x 4 idle turns each (ruling 26).
        """
        rounds = config.overrun_stall_rounds * 4
        idle = turn.IDLE_ATTACKS
        after = (MAX_MEASURE + 1) * ((idle + 1) * rounds + idle + 1)
        per_location = 4 * 2 + 1 + 4 + (25 + after) * MAX_TURN_DECISIONS
        return int(config.locations * per_location)

    def bot_kinds(self) -> dict[str, Any]:
        from .bots import HeuristicBot

        return {**super().bot_kinds(), "heuristic": HeuristicBot}


game = DontLookBack()
__all__ = ["Config", "DontLookBack", "game"]
