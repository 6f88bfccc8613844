"""The Run, Fight, or Die! rules object: config, set-up, decisions, views and outcome."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field

from zedlab.core import RNG, Action, BaseConfig, BaseGame, Outcome
from zedlab.core.estimates import logistic, standing
from zedlab.core.sampling import permute_each

from . import effects, resolving, rolling  # noqa: F401  (they bind the flow's steps)
from .common import EVENT_FACE_NAMES, STEP_NAMES, cx, source_name
from .content import BINDER, DECK_SIZES, Content
from .render import TEXT
from .scoring import SOLO_THRESHOLDS, town_line_threshold_for, victory_points, winners
from .search import BOOK_LABELS
from .setup import set_up
from .state import (
    DECK_KINDS,
    MUTANT_WOUND_TOKENS,
    SYMBOLS,
    ZOMBIE,
    ZOMBIE_MINIATURES,
    RFDState,
    clone_state,
)
from .steps import (
    FLOW,
    PENDING_KINDS,
    STEP_TYPES,
    TURN_STEPS,
    AcceptFollower,
    ChooseFollower,
    PickZone,
)
from .turn import turn_bound
from .warnings import option_warning as _option_warning

FLOW.check(STEP_TYPES)


class RFDConfig(BaseConfig):
    """Options of a game of Run, Fight, or Die!.

    Attributes:
        players: 1 (solo rules) to 6 (4 in the box; 5-6 with the expansion's boards).
        characters: character ids per seat; empty = dealt at random.
        difficulty: solo level (ignored with 2+ players).
        follower_bonus: ``optional`` (rulebook: a player may decline a Bonus) or
            ``mandatory`` (publisher FAQ v1.1: a Bonus happens whenever possible).
        health_score: Health points scored: ``five-minus-wounds`` (Final Scoring: Wound
            tokens subtracted from 5, so the 6-Health Veteran scores like everyone else) or
            ``remaining-capped`` (Health left, at most 5: the Veteran's first Wound is free).
        first_player: the seat that starts.
        max_rounds: after this many rounds the game ends, scored as usual (designed, so that
            every game ends within a bound; see the rulings).

    A content pack other than the packaged one is given to the game, not the config
    (``--content DIR``, ``zedlab.make(name, content=DIR)``).
    """

    players: int = Field(
        default=2, ge=1, le=6, description="Players (1 uses the solo rules; 5-6 need the expansion's boards)."
    )
    characters: tuple[str, ...] = Field(
        default=(), description="Character ids in seat order; none: dealt at random."
    )
    difficulty: Literal["hard", "very-hard", "too-hard"] = Field(
        default="hard", description="Solo difficulty level (ignored with 2 or more players)."
    )
    follower_bonus: Literal["optional", "mandatory"] = Field(
        default="optional",
        description="Follower Bonus: optional (rulebook: may be declined) or mandatory (FAQ v1.1: whenever possible).",
    )
    health_score: Literal["five-minus-wounds", "remaining-capped"] = Field(
        default="five-minus-wounds",
        description="Health scored: 5 minus Wounds (Final Scoring) or Health left capped at 5 (solo wording read alone).",
    )
    first_player: int = Field(default=0, ge=0, le=5, description="The seat that takes the first turn.")
    max_rounds: int = Field(
        default=100, ge=1, le=1000,
        description="Rounds after which the game ends, scored as usual (a designed limit; real games end far sooner).",
    )


class RunFightOrDie(BaseGame[RFDState]):
    """Run, Fight, or Die! (Richard Launius, 2014): the original edition with solo levels."""

    name = "run-fight-or-die"
    title = "Run, Fight, or Die!"

    def goal(self, config: Any) -> str:
        """How the game is won, in one line (``help`` shows it). Source: rulebook "Check End
        of Game Conditions", "Final Scoring"."""
        if config.players == 1:
            return "Solo: reach your difficulty's Survival Points before the game ends (the table shows the target)."
        return ("The game ends when a character dies, a player with 5 Followers declares the end "
                "(one last turn each), the 20th Mutant wound token is taken, or the Town Line is "
                "drawn with enough Followers. Victory Points: Health left, Followers, Mutant tokens; "
                "the dead cannot win.")
    rules_version = 4
    Config = RFDConfig
    State = RFDState
    flow = FLOW
    content_binder = BINDER
    event_texts = TEXT
    help = {
        "roll-dice": ("Action Phase: Rerolls", "Up to 2 rerolls: keep or reroll each non-Zombie die once, then the marked dice reroll; a Fleeing Card once per turn rerolls the Zombies too."),
        "resolve-actions": ("Action Dice Icons", "Bat kills 2 in Zone 1; Gun 1 anywhere or the Mutant; Run moves 1 back; Search and Book use all their symbols on one table row."),
        "declare-end": ("Check End of Game Conditions", "With 5 Followers you may declare the last round: everyone, you included, gets one more turn."),
        "amulet": ("Event Die Actions: AMULET", "Turn one non-Zombie die to another of its faces (a Zombie too, for a Dice Combo), or reroll the Zombies without a Fleeing Card."),
        "nurse": ("Event Die Actions: NURSE", "Heal 1 Wound or move 2 Zombies back 1 Zone (may be declined)."),
        "advance-any": ("Event Die Actions: CHARGE", "Advance the chosen Zombies 1 Zone; from Zone 1 they wound you."),
        "push-back-any": ("Event Die Actions: NURSE", "Move a Zombie back 1 Zone (from Zone 3 it leaves the board)."),
        "kill-any": ("Follower Cards", "Kill Zombies in the chosen Zone."),
        "clear-any": ("Loot Cards", "Remove every Zombie from the chosen Zone."),
        "drop-loot-or-wound": ("Resolving a Fleeing Card", "Discard a Loot Card or take 1 Wound."),
        "choose-follower": ("SEARCH (3-4 symbols)", "Keep one of the 2 Followers drawn; the other is discarded."),
        "accept-follower": ("Solo Rules", "Solo only: a Follower may be refused (discarded) instead of joining."),
        "search-2": ("SEARCH (2 symbols)", "Take 1 Follower or 1 Location."),
        "search-5": ("SEARCH (5 symbols)", "Take 2 Followers and keep both, or steal one from another player."),
        "book": ("BOOK OF THE DEAD", "Choose one row of the table for the number of Book symbols."),
    }

    def card_texts(self, content: Content | None = None) -> dict[str, str]:
        """Name -> short text of every character, card and Event die result of ``content``
        (``None``: the packaged pack)."""
        return dict((content if content is not None else BINDER.load()).texts)

    def new(self, config: Any, seed: int, content: Content | None = None) -> RFDState:
        """Set up a game and run it to the first decision. Source: rulebook, "Setup".

        Args:
            content: the content pack (``load_content``); ``None``: the packaged one.
        Raises:
            ConfigError: unknown or repeated characters, or a bad first player.
        """
        return set_up(config, seed, content=content)

    def step(self, state: RFDState, action: Action) -> None:
        """Play a known-legal action; ``state.events`` then holds the events of this action
        only (a Match has taken the earlier ones), so states stay small to copy."""
        state.events.clear()
        FLOW.play(state, action)

    def option_warning(self, state: RFDState, decision: Any, action: Any) -> str | None:
        """A Wound that certainly kills the character (see :mod:`.warnings`), else ``None``."""
        return _option_warning(state, decision, action)

    def option_groups(self, state: RFDState, decision: Any) -> tuple[tuple[str, ...], ...] | None:
        """The Amulet's turns of a die grouped by die (:func:`.rolling.amulet_paths`);
        other decisions are short lists."""
        if decision.kind != "amulet":
            return None
        return rolling.amulet_paths(state, decision)

    # -- what a seat sees -----------------------------------------------------------------
    def view(self, state: RFDState, player: int | None) -> dict[str, Any]:
        """Everything on the table, all public (drawn cards are shown to the table); deck
        orders and the RNG stay hidden (sizes only). ``private`` holds only ``you``."""
        c = cx(state)
        fol = c.followers
        players = []
        for i, p in enumerate(state.players):
            ch = c.characters[p.character]
            players.append({
                "seat": i,
                "character": p.character,
                "character_name": ch.name,
                "ability": ch.ability_text,
                "combo": list(ch.combo),
                "combo_text": ch.combo_text,
                "health": p.health,
                "wounds": p.wounds,
                "dead": p.dead,
                "zones": list(p.zones),
                "followers": [
                    {"id": f, "name": fol[f].name, "vp": fol[f].vp, "symbol": fol[f].symbol, "text": fol[f].text}
                    for f in p.followers
                ],
                "loot": [
                    {"id": card, "name": c.loot[card].name, "uses": u, "text": c.loot[card].text}
                    for card, u in zip(p.loot, p.loot_uses, strict=True)
                ],
                "holds": [{"id": h, "name": c.events[h].name, "text": c.events[h].text} for h in p.holds],
                "location": p.location,
                "location_name": c.locations[p.location].name if p.location else "",
                "mutant_tokens": p.mutant_tokens,
                "vp": victory_points(state, i),
            })
        top = state.stack[-1] if state.stack else None
        kind = top.kind if isinstance(top, PickZone) else PENDING_KINDS.get(type(top))
        pending = None
        if kind is not None and top is not None:
            source = top.source
            pending = {
                "kind": kind, "seat": top.seat, "n": getattr(top, "n", 0), "cards": list(getattr(top, "cards", ())),
                "source": source, "name": STEP_NAMES.get(kind, kind), "source_name": source_name(state, source),
            }
        turn_step = next((TURN_STEPS[type(st)] for st in reversed(state.stack) if type(st) in TURN_STEPS), "over")
        public = {
            "content": state.content,
            "players": players,
            "current": state.current,
            "turn": state.turn,
            "turn_step": turn_step,
            "solo_level": state.solo_level,
            "dice": [SYMBOLS[d] for d in state.dice],
            "bonus_die": state.bonus_in_roll,
            "selected": list(state.selected),
            "decided": list(state.decided),
            "locked": [d == ZOMBIE for d in state.dice],
            "event_die": state.event_face,
            "rerolls_left": state.rerolls_left,
            "fled": state.fled,
            "flee_pending": state.flee_pending,
            "avail": dict(zip(SYMBOLS, state.avail, strict=True)),
            "rolled": dict(zip(SYMBOLS, state.rolled, strict=True)),
            "combo_used": state.combo_used,
            "all_quiet": state.all_quiet,
            "location_taken": state.location_taken,
            "current_event": state.current_event,
            "current_event_name": c.events[state.current_event].name if state.current_event else "",
            "mutant": {
                "active": state.mutant_active,
                "tokens": state.mutant_tokens,
                "supply": state.mutant_supply,
                "seat": state.mutant_seat,
            },
            "reserve": state.reserve,
            "decks": {k: len(state.decks[k]) for k in DECK_KINDS},
            "discards": {k: [c.ids[k][i] for i in state.discards[k]] for k in DECK_KINDS},
            "removed": len(state.removed),
            "declared_by": state.declared_by,
            "turns_left": state.turns_left,
            "town_line_found": state.town_line_found,
            "extra_turn": state.extra_turn,
            "town_line_needs": town_line_threshold_for(state),
            "pending": pending,
            "event_die_name": EVENT_FACE_NAMES.get(state.event_face, state.event_face),
            "end_reason": state.end_reason,
        }
        return {"public": public, "private": {} if player is None else {"you": player}}

    def outcome(self, state: RFDState) -> Outcome | None:
        if not state.finished:
            return None
        scores = tuple(float(victory_points(state, i)) for i in range(len(state.players)))
        won = winners(state)
        tier = None
        if len(state.players) == 1:
            need = SOLO_THRESHOLDS[state.solo_level]
            tier = f"{state.solo_level.upper()}: {'survived' if won else 'perished'} ({int(scores[0])}/{need} Survival Points)"
        return Outcome(scores, won, tier, state.end_reason)

    def estimate(self, state: RFDState) -> tuple[float, ...]:
        """Each seat's chance of winning a game not yet over, guessed for search bots that
        stop their playouts early (not a rule): Victory Points as they would be counted now
        (Health, Followers, Mutant tokens; a dead character scores nothing and cannot win,
        counted 10 below nothing), against the other seats' mean, 3 points to a unit. Solo:
        the Survival Points against the level's goal.
        """
        material = [
            float(victory_points(state, i)) if not p.dead else -10.0
            for i, p in enumerate(state.players)
        ]
        if len(material) == 1:
            goal = SOLO_THRESHOLDS[state.solo_level]
            return (0.0,) if state.players[0].dead else (logistic((material[0] - goal) / 3.0),)
        return standing(material, 3.0)

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """A bound on the decisions of any game of ``config``: ``max_rounds`` rounds of
        ``players`` turns (the round limit ends the game), times :func:`turn_bound` of the
        content pack (``None``: the packaged one)."""
        pack = content if content is not None else BINDER.load(None)
        return int(config.max_rounds * config.players * turn_bound(pack))

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """Every action of any decision, named by die index, Zone, table row, or the slot of
        a card in a player's public row (Loot, hold cards, Followers: never reshuffled).

        A player holds at most every card of a deck: 16 Loot, 16 Event, 25 Follower cards
        (the component list's deck sizes, which every content pack keeps).
        """
        seats = range(config.players)
        loot, holds, followers = (range(DECK_SIZES[k]) for k in ("loot", "event", "follower"))
        dice = range(6)
        return [
            ("keep", dice), ("reroll-die", dice), ("flee", (None,)), ("tinker", (None,)),
            ("loot", loot), ("hold", holds), ("stop", (None,)),
            ("bat", (None,)), ("throw", (0, 2)), ("gun", (0, 1, 2, 3)), ("run", (1, 2, 3)),
            ("search", (None,)), ("book", (None,)), ("book-mutant", (None,)), ("combo", (None,)),
            ("follower", followers), ("done", (None,)), ("declare", (True, False)),
            ("zone", (1, 2, 3)), ("flip", tuple((i, f) for i in dice for f in range(len(SYMBOLS)))),
            ("amulet-zombies", (None,)), ("decline", (None,)), ("nurse", ("heal", "push-back")),
            ("drop", loot), ("wound", (None,)), ("pick", (0, 1)), ("accept", (True, False)),
            ("search-choice", ("follower", "location", "keep-both")),
            ("steal", tuple((o, i) for o in seats for i in followers)),
            ("swap", tuple((m, o, i) for m in followers for o in seats for i in followers)),
            ("book-choice", tuple(BOOK_LABELS)),
        ]

    def determinize(self, state: RFDState, player: int, rng: RNG) -> RFDState:
        """Reshuffle every deck already drawn from (solo: the Town Line stays among the
        bottom 3) and re-seed. A deck not yet drawn from stays unshuffled: the sample's own
        generator shuffles it at its first draw, as uniformly as a reshuffle here would."""
        copy = clone_state(state, rng.spawn())
        decks = copy.decks
        mixed = []
        split = None
        for kind in DECK_KINDS:
            if kind in copy.unshuffled:
                continue
            deck = decks[kind]
            if kind == "location" and len(copy.players) == 1 and not copy.town_line_found and len(deck) > 3:
                split = deck[:-3], deck[-3:]
                mixed.extend(split)
            else:
                mixed.append(deck)
        permute_each(copy.rng, *mixed)
        if split is not None:
            decks["location"][:] = split[0] + split[1]
        return copy

    def clone(self, state: RFDState) -> RFDState:
        return clone_state(state)

    def invariants(self, state: RFDState) -> list[str]:
        """Zombies, Mutant tokens and cards conserved; counts and Wounds within bounds."""
        problems = []
        c = cx(state)
        on_boards = sum(sum(p.zones) for p in state.players)
        if on_boards + state.reserve != ZOMBIE_MINIATURES:
            problems.append(f"Zombies: {on_boards} on boards + {state.reserve} in reserve != {ZOMBIE_MINIATURES}")
        if state.reserve < 0 or any(z < 0 for p in state.players for z in p.zones):
            problems.append("a Zombie count is negative")
        tokens = state.mutant_supply + state.mutant_tokens + sum(p.mutant_tokens for p in state.players)
        if tokens != MUTANT_WOUND_TOKENS or state.mutant_supply < 0 or state.mutant_tokens < 0:
            problems.append(f"Mutant Wound tokens: {tokens} != {MUTANT_WOUND_TOKENS}")
        if state.mutant_active != (state.mutant_tokens > 0):
            problems.append("the Mutant is active without tokens (or the reverse)")
        for i, p in enumerate(state.players):
            if not 0 <= p.wounds <= p.health:
                problems.append(f"seat {i} has {p.wounds} Wounds of {p.health}")
            if p.dead != (p.wounds >= p.health):
                problems.append(f"seat {i}: dead={p.dead} with {p.wounds}/{p.health} Wounds")
            if any(u < 0 or u > 3 for u in p.loot_uses):
                problems.append(f"seat {i}: Loot uses out of 0-3")
        where: dict[str, list[str]] = {
            k: [c.ids[k][i] for i in state.decks[k] + state.discards[k]] for k in DECK_KINDS
        }
        for p in state.players:
            where["follower"] += p.followers
            where["loot"] += p.loot
            where["event"] += p.holds
            if p.location:
                where["location"].append(p.location)
        if state.current_event:
            where["event"].append(state.current_event)
        for step in state.stack:
            if isinstance(step, (ChooseFollower, AcceptFollower)):
                where["follower"] += step.cards
        for card in state.removed:
            for kind in DECK_KINDS:
                if card in c.decks[kind]:
                    where[kind].append(card)
                    break
        for kind in DECK_KINDS:
            if sorted(where[kind]) != sorted(c.decks[kind]):
                problems.append(f"{kind} cards not conserved ({len(where[kind])} of {len(c.decks[kind])})")
        return problems

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        from zedlab.bots import RandomBot

        from .bots import HeuristicBot

        return {"random": RandomBot, "heuristic": HeuristicBot}


game = RunFightOrDie()
