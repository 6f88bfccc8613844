"""The Here's Negan rules object: config, set-up, views, outcome, hidden information.

Source: Here's Negan rulebook (all sections); see ``docs/rulings/heres-negan.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec
from pydantic import Field, model_validator

from zedlab.core import RNG, BaseConfig, BaseGame, ConfigError, Outcome
from zedlab.core.estimates import logistic

from . import campaign, fire, negan_phase, scenario_rules, setup, survivor_phase, walker_phase  # noqa: F401
from .board import load_scenario
from .common import band, board, cx, security_value
from .content import BINDER, Content
from .render import HELP, TEXT, HNEventText, option_paths
from .scenarios import SCENARIOS, rules, scenario_families
from .state import DECKS, HNState, clone_state
from .steps import FLOW, STEP_TYPES
from .warnings import option_warning as _option_warning

_ENCODER = msgspec.json.Encoder()
FLOW.__class__ = campaign.CampaignFlow  # the flow stops as soon as the game (or campaign) has ended
FLOW.check(STEP_TYPES)

SURVIVOR_ORDER = ("dwight", "laura", "john", "tara", "sherry")
PLAYABLE = tuple(sorted({1, 2, 3} | set(SCENARIOS)))
BANDS = ("Practically Dead", "Scraped Through", "Solid Victory", "Good Job!")
BAND_FLOORS = {2: (0, 5, 15, 30), 3: (0, 10, 25, 45), 4: (0, 15, 35, 60), 5: (0, 20, 45, 75)}
"""Lowest score of each band per starting Survivors. Source: rulebook, "Winning"."""


class HNConfig(BaseConfig):
    """Options of a game of Here's Negan.

    Attributes:
        players: 1-5 people; the Survivors are dealt to them in turn (Survivor ``k`` to seat
            ``k % players``), so each player has at least one.
        scenario: the scenario, 1-12 (Training Day ... Chairman of the Board); in Survival
            Mode the first one of the campaign.
        survivors: how many Survivors play (2-5); set-up and goals depend on it.
        characters: which Survivors (ids, in order); empty: the first ``survivors`` of Dwight,
            Laura, John, Tara, Sherry.
        first_player: the seat that starts with the Lucille token; ``None``: a blue-die
            roll-off.
        max_rounds: a mission not done by the end of this round is failed (designed bound).
        survival: Survival Mode: one game plays every playable scenario from ``scenario`` on,
            in order, as a campaign (see :mod:`.campaign`).
        sight_die: the table option of "Line of Sight": a line that only grazes a wall's end
            or a closed door's corner is settled by the Action die (star: seen), one roll per
            pair of spaces per round (ruling HN-A55); off: exact geometry always.
        last_scenario: the campaign's last scenario (12: the whole campaign; fewer for a
            shorter one).

    Source: Here's Negan rulebook, "Number of Players", "Setting Up a Game", "Scenarios",
    "Survival Mode".
    """

    players: int = Field(default=1, ge=1, le=5, description="People playing (1-5).")
    scenario: int = Field(default=1, ge=1, le=12, description=(
        "Scenario 1-12: 1 Training Day, 2 Anyone Home?, 3 Clearing House, 4 Seeking Sanctuary, "
        "5 Guns and Ammo, 6 Supply Run, 7 The Best Medicine, 8 Motherlode, 9 Watch It Burn, "
        "10 Spark of Life, 11 A Place to Call Home, 12 Chairman of the Board."))
    survivors: int = Field(default=2, ge=2, le=5, description="Survivors in the game (2-5).")
    characters: tuple[str, ...] = Field(default=(), description="Survivor ids; empty: the first N.")
    first_player: int | None = Field(default=None, ge=0, description="Seat with the Lucille token.")
    max_rounds: int = Field(default=30, ge=5, le=100, description="Rounds before the mission fails "
                            "(a house limit; the rulebook has none).")
    survival: bool = Field(default=False, description="Survival Mode: play the scenarios in "
                           "order from --scenario as one campaign.")
    last_scenario: int = Field(default=12, ge=1, le=12,
                               description="Survival Mode: the campaign's last scenario.")
    sight_die: bool = Field(default=False, description="Settle doubtful lines of sight (a line "
                            "grazing a wall's end) with the Action die, once per round.")

    @model_validator(mode="after")
    def _fits(self) -> HNConfig:
        if self.scenario not in PLAYABLE:
            raise ValueError(
                f"scenario {self.scenario} is not playable yet; choose one of {list(PLAYABLE)}"
            )
        if not self.survival and self.last_scenario != 12:
            raise ValueError("last_scenario is the end of a Survival Mode campaign: add survival")
        if self.survival and self.last_scenario < self.scenario:
            raise ValueError(
                f"last_scenario {self.last_scenario} comes before scenario {self.scenario}"
            )
        if self.players > self.survivors:
            raise ValueError(
                f"{self.players} players need at least {self.players} Survivors; got survivors={self.survivors}"
            )
        if self.characters:
            if len(self.characters) != self.survivors:
                raise ValueError(
                    f"characters names {len(self.characters)} Survivors but survivors={self.survivors}"
                )
            if len(set(self.characters)) != len(self.characters):
                raise ValueError("characters: a Survivor can be taken only once")
        if self.first_player is not None and self.first_player >= self.players:
            raise ValueError(f"first_player must be a seat 0-{self.players - 1}")
        return self


def card_text(c: Content, card_id: str) -> dict[str, str]:
    """The printed name and the short text of a card (weapon, Supply, Event, Room or Negan
    Action card) for people."""
    for table in (c.weapons, c.supply, c.events, c.rooms, c.negan):
        entry = table.get(card_id)
        if entry is not None:
            return {"name": str(entry.name), "text": str(entry.text)}
    return {"name": card_id, "text": ""}


class HeresNegan(BaseGame[HNState]):
    """The Walking Dead: Here's Negan - co-operative, 1-5 players, 2-5 Survivors."""

    name = "heres-negan"
    title = "The Walking Dead: Here's Negan"
    Config = HNConfig
    State = HNState
    rules_version = 5
    flow = FLOW
    content_binder = BINDER

    def card_texts(self, content: Content | None = None) -> dict[str, str]:
        """Name -> short text of every die, Survivor, weapon, card and reference card of
        ``content`` (``None``: the packaged pack)."""
        return (content if content is not None else BINDER.load()).card_texts()

    def new(self, config: Any, seed: int, content: Content | None = None) -> HNState:
        """Set up a game and run it to the first decision.

        Raises:
            ConfigError: if a named Survivor is not in the content pack.
        """
        pack = content if content is not None else BINDER.load()
        characters = config.characters or SURVIVOR_ORDER[: config.survivors]
        unknown = [c for c in characters if c not in pack.survivors]
        if unknown:
            raise ConfigError(
                f"unknown Survivor {unknown[0]!r}; choose from {', '.join(sorted(pack.survivors))}"
            )
        state = HNState(
            rng=RNG.from_seed(seed), scenario=config.scenario,
            start_survivors=config.survivors, players=config.players,
            content=pack.digest, max_rounds=config.max_rounds,
        )
        if config.survival:
            state.survival = True
            state.campaign = campaign_of(config)
            state.fixed_first = -1 if config.first_player is None else config.first_player
        if config.sight_die:
            state.sight_salt = 1 + state.rng.randbelow((1 << 63) - 1)
        setup.set_up(state, tuple(characters), config.first_player)
        FLOW.run(state)
        return state

    def encode(self, state: HNState) -> bytes:
        """JSON bytes of the state (fields in declaration order; the Walker tokens keyed by
        space in the order they were placed, the same for the same game)."""
        return _ENCODER.encode(state)

    def encoder(self, config: Any) -> Any:
        """The spatial observation the environments use (:mod:`.encoding`)."""
        from .encoding import Encoder

        return Encoder(config)

    def cooperative(self, config: Any) -> bool:
        """The Survivors win or lose together (Top Dog is an individual honour)."""
        return True

    # -- views --------------------------------------------------------------------------------
    def view(self, state: HNState, player: int | None) -> dict[str, Any]:
        """Everything on the table: models, tokens (face down: where, not what), doors, rooms,
        Threat, cards held (they lie face up beside the Character cards); deck orders and the
        Walker tokens' dice stay hidden (sizes only). ``last_cards`` names the last card drawn
        from each deck; ``barrels`` the gasoline barrels on the board and ``carried_barrels``
        the Survivors (indices) carrying one (Scenario 8); ``marks`` the scenario's counters
        (barrels deposited, first entries...); ``card_texts`` gives the name and text of every card in view (held,
        lasting, last drawn); ``dark_rooms``, only while a Pitch Black Room card has made a
        room dark, lists those rooms (ids)."""
        c = cx(state)
        b = board(state)
        top = band(state)
        survivors = []
        for i, s in enumerate(state.survivors):
            survivors.append({
                "index": i, "id": s.id, "name": c.survivors[s.id].name, "seat": s.seat,
                "space": s.space, "at": b.label(s.space) if s.space >= 0 else "",
                "stamina": s.stamina - s.damage, "max_stamina": s.stamina,
                "bitten": s.bitten, "incapacitated": s.incapacitated, "removed": s.removed,
                "rep": s.rep, "equipped": list(s.equipped), "cards": list(s.cards),
                "plus": s.plus, "minus": s.minus, "activated": s.activated,
                "taken": list(s.taken),
            })
        public = {
            "scenario": state.scenario, "survivor_count": state.start_survivors,
            "round": state.round, "max_rounds": state.max_rounds, "phase": state.phase,
            "first_player": state.first,
            "threat": state.threat, "band": top.name, "security": security_value(state),
            "threat_max": int(c.threat.max),
            "survivors": survivors, "active": state.active, "actions_left": state.actions,
            "negan": {"space": state.negan, "at": b.label(state.negan) if state.negan >= 0 else "",
                      "stamina": c.negan_ref.stamina - state.negan_damage,
                      "max_stamina": c.negan_ref.stamina},
            "walkers": list(state.walkers), "prone": list(state.prone),
            "walker_tokens": sorted(state.tokens), "supplies": list(state.supplies),
            "open_doors": list(state.open_doors), "opened_rooms": list(state.opened),
            "secured_rooms": list(state.secured), "fire": list(state.fire),
            "entry_points": [list(e) for e in state.entry_points],
            "decks": {d: len(state.decks[d]) for d in DECKS},
            "discards": {d: list(state.discards[d]) for d in DECKS},
            "lasting": list(state.lasting), "reached": list(state.reached),
            "walker_pile": len(state.token_pile), "walker_discard": list(state.token_discard),
            "result": state.result, "reason": state.reason, "top_dog": top_dog(state),
            "last_cards": {d: state.last_cards[d] for d in DECKS if d in state.last_cards},
            "negan_target": list(negan_phase.target(state)) if state.negan >= 0 else [],
            "wanted_rooms": rules(state).wanted_rooms(state),
            "barrels": list(state.barrels),
            "carried_barrels": list(state.carried),
            "marks": dict(state.marks),
        }
        shown = [*state.last_cards.values(), *state.lasting]
        for s in state.survivors:
            shown += [*s.equipped, *s.cards]
        public["card_texts"] = {cid: card_text(c, cid) for cid in dict.fromkeys(shown)}
        if state.dark:
            public["dark_rooms"] = list(state.dark)
        if state.survival:
            public["campaign"] = campaign.view(state)
        return {"public": public, "private": {} if player is None else {"seat": player}}

    def outcome(self, state: HNState) -> Outcome | None:
        """Scores are each seat's Reputation; on a win the Top Dog's seats win and the tier is
        the score band (none in Scenario 1); on a loss nobody wins.

        Source: Here's Negan rulebook, "Winning", "Top Dog", "Losing", Scenario 1.
        """
        if not state.result:
            return None
        if state.survival:
            return campaign.outcome(state)
        scores = [0.0] * state.players
        for s in state.survivors:
            scores[s.seat] += s.rep
        if state.result != "win":
            return Outcome(tuple(scores), (), "Loss",
                           f"{state.reason}: the Survivors lost together")
        alive = [s for s in state.survivors if not s.removed]
        top = max((s.rep for s in alive), default=0)
        winners = tuple(sorted({s.seat for s in alive if s.rep == top}))
        total = sum(s.rep for s in alive)
        tier = None if state.scenario == 1 else score_band(state.start_survivors, total)
        return Outcome(tuple(scores), winners, tier,
                       f"{state.reason}: the Survivors won together")

    # -- hidden information -------------------------------------------------------------------
    def clone(self, state: HNState) -> HNState:
        return clone_state(state)

    def goal(self, config: Any) -> str:
        """How the scenario is won, in one line (``help`` shows it): the Win Conditions of
        Scenarios 1-3 paraphrased, of Scenarios 4-12 from their rules objects, and that Negan
        enters play and moves on Clear the Way. Source: rulebook "Scenarios", "Winning"."""
        from .render import goal

        return (goal(config.scenario, config.survivors) + " Negan comes into play during the game; "
                "Clear the Way moves him 3 spaces towards his target (info clear the way).")

    def estimate(self, state: HNState) -> tuple[float, ...]:
        """The team's chance of winning a game not yet over, guessed for search bots that
        stop their playouts early (not a rule): the Stamina its Survivors have left (a
        fraction of what they started with; a removed one has none), the rooms secured, and
        the Threat Tracker against its Max. Every seat gets the same value.
        """
        if state.result:
            return (1.0 if state.result == "win" else 0.0,) * state.players
        total = sum(s.stamina for s in state.survivors) or 1
        left = sum(max(0, s.stamina - s.damage) for s in state.survivors if not s.removed)
        x = 3.0 * left / total + 0.5 * len(state.secured) - 6.0 * state.threat / 19 - 1.5
        return (logistic(x),) * state.players

    def determinize(self, state: HNState, player: int, rng: RNG) -> HNState:
        """Reshuffle every deck and the identities of the face-down Walker tokens (on the board
        and in the draw pile), re-draw the salt of doubtful lines of sight, and re-seed. Source: rulebook, "Walker Tokens", "Cards"."""
        copy = self.clone(state)
        copy.rng = rng.spawn()
        for d in DECKS:
            copy.rng.permute(copy.decks[d])
        hidden = list(copy.token_pile) + [copy.tokens[s] for s in sorted(copy.tokens)]
        copy.rng.permute(hidden)
        for s in sorted(copy.tokens):
            copy.tokens[s] = hidden.pop()
        copy.token_pile = hidden
        if copy.sight_salt:  # the Action die's answers to doubtful lines are not known ahead
            copy.sight_salt = 1 + copy.rng.randbelow((1 << 63) - 1)
        return copy

    def invariants(self, state: HNState) -> list[str]:
        """At most 12 Walkers; 26 Walker tokens conserved; one model per space; Reputation
        0-20; Threat within the tracker; Stamina within the tracks."""
        c = cx(state)
        problems = []
        walkers = len(state.walkers) + len(state.prone)
        if walkers > 12:
            problems.append(f"{walkers} Walkers on the board (12 models)")
        tokens = len(state.token_pile) + len(state.token_discard) + len(state.tokens)
        if tokens != len(c.walker_tokens):
            problems.append(f"{tokens} Walker tokens, not {len(c.walker_tokens)}")
        models = state.walkers + state.prone + [s.space for s in state.survivors if s.in_play]
        if state.negan >= 0:
            models.append(state.negan)
        if len(models) != len(set(models)):
            problems.append("two models share a space")
        for s in state.survivors:
            if not 0 <= s.rep <= 20:
                problems.append(f"{s.id} has Reputation {s.rep}")
            if not 0 <= s.damage <= s.stamina:
                problems.append(f"{s.id} has lost {s.damage} of {s.stamina} Stamina")
            if len(s.equipped) > 2:
                problems.append(f"{s.id} has {len(s.equipped)} weapons equipped")
        if not 1 <= state.threat <= int(c.threat.max):
            problems.append(f"Threat {state.threat} is off the tracker")
        if len(state.supplies) > 8:
            problems.append(f"{len(state.supplies)} Supply tokens (8 in the box)")
        return problems

    # -- catalogue and bounds -----------------------------------------------------------------
    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """Every action of any decision: spaces, doors and Survivors by their board index or
        id (stable across determinize)."""
        pack = content if content is not None else BINDER.load()
        numbers = campaign_of(config) if config.survival else [config.scenario]
        size = max(load_scenario(n, config.survivors).size for n in numbers)
        out: list[tuple[str, Any]] = [
            ("deploy", list(range(size))),
            ("activate", sorted(pack.survivors)),
        ]
        for module in (survivor_phase, walker_phase, negan_phase, campaign):
            out += module.families(size, pack)
        out += scenario_families(size, pack)
        seen: set[str] = set()
        merged = []
        for kind, values in out:
            if kind in seen:
                continue
            seen.add(kind)
            merged.append((kind, values))
        return merged

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """Deployment, then per round a generous bound per Survivor (activation, Actions, each
        space of a Move, doors, targets) and the Walker Phase's choices, times ``max_rounds``;
        in Survival Mode that per game of the campaign, plus the post-game decisions (each
        Survivor's Supply cards, one at a time, and an Entry Point)."""
        per_round = config.survivors * 120 + 40
        per_game = config.survivors + config.max_rounds * per_round
        if not config.survival:
            return per_game
        cards = len((content if content is not None else BINDER.load()).supply_deck)
        return len(campaign_of(config)) * (per_game + config.survivors * (cards + 1) + 1)

    # -- front ends and bots (render.py, bots.py) ---------------------------------------------
    event_texts = HNEventText({**TEXT.templates, **campaign.TEXTS})
    help = {**HELP, **campaign.HELP}

    def option_warning(self, state: HNState, decision: Any, action: Any) -> str | None:
        """An Action whose NOISE certainly loses the game (see :mod:`.warnings`), else ``None``."""
        return _option_warning(state, decision, action)

    def option_groups(self, state: HNState, decision: Any) -> tuple[tuple[str, ...], ...] | None:
        """A Move by steps (by direction when many), doors and jumps; Call Negan by direction;
        the Actions by kind (see ``render.option_paths``)."""
        return option_paths(decision, state)

    def option_subject(self, state: HNState, decision: Any) -> int | None:
        """The Survivor a decision is about (the one moving, attacking, keeping a card...;
        else the one acting), for front ends that keep an option's key while the same
        question repeats: another Survivor's Move is another question."""
        survivor = getattr(state.stack[-1], "survivor", -1) if state.stack else -1
        if not 0 <= survivor < len(state.survivors):
            survivor = state.active
        return survivor if 0 <= survivor < len(state.survivors) else None

    def rules_reference(self, kind: str) -> tuple[str, str]:
        """The rulebook section and a paraphrase of the rules of a decision kind, then the
        reference cards: every Survivor's dice, Stamina, starting weapons and special rule,
        the weapons' stats, Walkers, Negan and the Security values (and, for decisions about
        Supply cards, every Supply card's text)."""
        section, text = {**HELP, **campaign.HELP}.get(
            kind, ("Sequence of Play", f"The {kind.replace('-', ' ')} decision: pick one of the "
                   "options offered."))
        return section, text + "\n" + reference(BINDER.load(), kind in CARD_KINDS)

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        from .bots import HeuristicBot

        return {**super().bot_kinds(), "heuristic": HeuristicBot}


CARD_KINDS = frozenset({"search", "swap-items", "fight", "shoot", "defense-bonus", "keep-supply",
                        "discard-supply", "starting-card"})
"""Decisions about Supply cards: their help lists every Supply card."""


def _dice(dice: Any) -> str:
    return dice if isinstance(dice, str) else ("+".join(dice) or "none")


def reference(c: Content, supply: bool = False) -> str:
    """The reference cards for people: Survivors, weapons, Walkers, Negan, Security values
    (and the Supply cards)."""
    lines = ["Survivors (Fight / Shoot / Defense dice, Stamina, starting weapons, special rule):"]
    for s in c.survivors.values():
        weapons = ", ".join(c.weapons[w].name for w in s.weapons if w in c.weapons)
        lines.append(f"  {s.name}: Fight {_dice(s.fight)}, Shoot {_dice(s.shoot)}, Defense "
                     f"{_dice(s.defense)}, Stamina {s.stamina}; {weapons}. {s.ability_text}")
    lines.append("Starting weapons: " + "; ".join(f"{w.name} - {w.text.rstrip('.')}"
                                                  for w in c.weapons.values()) + ".")
    w = c.walker
    lines.append(f"Walkers: Fight {_dice(w.fight)}, Defense {_dice(w.defense)}, Attack "
                 f"{_dice(w.attack)} per attacking Walker (at most {w.max_attack_dice} dice). "
                 f"Negan: {c.negan_ref.stamina} Stamina.")
    security = list(c.threat.security)
    runs: list[str] = []
    start = 0
    for k in range(1, len(security) + 1):
        if k == len(security) or security[k] != security[start]:
            span = f"{start + 1}" if k - 1 == start else f"{start + 1}-{k}"
            runs.append(f"Threat {span}: {security[start]}")
            start = k
    lines.append("Security value: " + ", ".join(runs) + ".")
    if supply:
        lines.append("Supply cards: " + "; ".join(f"{card.name} - {card.text.rstrip('.')}"
                                                  for card in c.supply.values()) + ".")
    return "\n".join(lines)


def names(items: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def campaign_of(config: Any) -> list[int]:
    """The scenarios a Survival Mode campaign plays, in order: every playable one from
    ``config.scenario`` on. Source: rulebook, "Survival Mode" (HN-R357)."""
    return [n for n in PLAYABLE if config.scenario <= n <= config.last_scenario]


def top_dog(state: HNState) -> dict[str, Any] | None:
    """Once a game is over: the Top Dog(s) (names and seats), their Reputation, and the
    Survivors' score (their Reputation together; none in Scenario 1 or after a loss).

    Source: Here's Negan rulebook, "Top Dog", "Winning".
    """
    if not state.result:
        return None
    c = cx(state)
    alive = [s for s in state.survivors if not s.removed]
    top = max((s.rep for s in alive), default=0)
    won = state.result == "win" and state.scenario != 1
    return {
        "names": [c.survivors[s.id].name for s in alive if s.rep == top],
        "seats": sorted({s.seat for s in alive if s.rep == top}),
        "rep": top,
        "score": sum(s.rep for s in alive) if won else None,
    }


def score_band(survivors: int, score: int) -> str:
    """The score band of a won game. Source: rulebook, "Winning" (table T1)."""
    floors = BAND_FLOORS[survivors]
    k = max(i for i, f in enumerate(floors) if score >= f)
    return BANDS[k]


game = HeresNegan()
