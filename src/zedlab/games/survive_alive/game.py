"""Survive Alive: the game's registration, its Config, what each seat sees, and how a
game ends.

The rules are in the modules named after the rulebook's sections, each binding its steps
(:mod:`.steps`) to the game's :data:`~.steps.FLOW`: :mod:`.setup`, :mod:`.spend`,
:mod:`.discard`, :mod:`.scavenging`, :mod:`.event_cards`, :mod:`.round_end`,
:mod:`.multiplier`, :mod:`.objectives`.

Source: Survive Alive rulebook (all sections; see the modules).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from operator import add, sub
from typing import Any, Literal

from pydantic import Field, model_validator

from zedlab.core import RNG, BaseConfig, BaseGame, ConfigError, Decision, Outcome
from zedlab.core.estimates import standing
from zedlab.core.sampling import draw_counts, permute_each

from . import discard, event_cards, multiplier, round_end, scavenging, setup, spend  # noqa: F401  (bind the steps)
from .bots import HeuristicBot
from .content import BINDER, CUBES, SIDES, Content, load, pack
from .menus import cube_slots, discard_slots, feed_slots, spend_paths, spend_slots
from .objectives import final_scores, ranking, score_breakdown, winners
from .render import TEXT
from .rules import FOOD, public_base, slot_kind, storage_capacity, trade_ratio
from .spend import peek_cost
from .state import SAState, clone_state
from .steps import FLOW, KINDS, STEP_TYPES, Draft, OfferReply, TradeGive, section
from .warnings import option_warning as _option_warning

FLOW.check(STEP_TYPES)


class Config(BaseConfig):
    """Options of a game of Survive Alive.

    Attributes:
        players: 1-4 seats.
        scenario: 0 for the normal game, 1 or 2 for the solo scenarios (players must be 1).
        first_player: the seat that watched a post-apocalyptic movie most recently; ``None``
            picks one at random (set-up G).
        leader_rule: how an unheld Leader objective is taken at a round end: ``"printed"``
            (the rulebook: nobody takes it when two or more players meet its minimum) or
            ``"highest"`` (the sentence read as a tie rule: the single highest of those
            meeting it takes it). See docs/rulings/survive-alive.md.
    """

    players: int = Field(default=2, ge=1, le=4, description="Number of seats, 1-4.")
    scenario: Literal[0, 1, 2] = Field(
        default=0, description="0: the normal game; 1 or 2: a solo scenario (needs players=1).")
    first_player: int | None = Field(
        default=None, ge=0, le=3,
        description="Seat that starts as First Player; unset: chosen at random (set-up G).")
    leader_rule: Literal["printed", "highest"] = Field(
        default="printed",
        description="Leader objective: 'printed' (nobody takes it when two or more players meet "
                    "it) or 'highest' (the single highest of them takes it).")

    @model_validator(mode="after")
    def _solo_scenarios(self) -> Config:
        if self.scenario and self.players != 1:
            raise ValueError(f"solo scenario {self.scenario} is for 1 player, not {self.players}")
        if self.first_player is not None and self.first_player >= self.players:
            raise ValueError(f"first_player must be a seat 0-{self.players - 1}")
        return self


class SurviveAlive(BaseGame[SAState]):
    """Survive Alive for 1-4 players and the two solo scenarios."""

    name = "survive-alive"
    title = "Survive Alive"

    def goal(self, config: Any) -> str:
        """How the game is won, in one line (``help`` shows it). Source: rulebook "Victory",
        "Scoring", solo "Game Conditions"."""
        if config.scenario:
            return "Solo scenario: meet its target before the last round ends (help on the table's target line)."
        return ("After round 6 the most influence points wins: characters alive, the Base's "
                "trackers (defence, health, morale...), cubes left in storage and the objectives.")
    rules_version = 5
    Config = Config
    State = SAState
    flow = FLOW
    content_binder = BINDER
    event_texts = TEXT
    help = {
        "choose-base": ("Set-Up H", "Choose a Base sheet; players may pick the same one."),
        "draft": ("Set-Up J", "Pick a Character card and pass the rest to the left."),
        "scenario-food": ("Solo Scenario set-up E", "Put food on the scavengers' cards."),
        "spend": ("1. Spend Resource Cubes", "Build, forge, heal, trade or peek; done ends your turn."),
        "trade-give": ("1. Spend Resource Cubes", "Give cubes to the supply at your trade ratio."),
        "trade-take": ("1. Spend Resource Cubes", "Take the cube of your choice from the supply."),
        "offer-give": ("Facilities: Command Centre", "Offer one cube 1:1 to another player."),
        "offer-want": ("Facilities: Command Centre", "Name the cube you want back."),
        "offer-reply": ("Facilities: Command Centre", "Accept or refuse a 1:1 trade."),
        "discard": ("2. Discard Resource Cubes",
                    "Store cubes, set food aside to scavenge, trade; the rest is discarded."),
        "scavenge-party": ("3. Scavenging", "Choose up to two armed characters to go scavenging."),
        "scavenge-where": ("3. Scavenging", "Pick a location you can pay food for, or stop."),
        "find-weapon": ("Solo Scenario Game Conditions", "Give the weapon found to a scavenger."),
        "recruit-cube": ("Scavenge Win / Step 4",
                         "Take a cube shown on the card; you choose four of the cubes it shows."),
        "recruit-accept": ("Scavenge Win / Step 4", "Add the character to your group or leave it."),
        "multiplier": ("Card Anatomy: Resource Multiplier",
                       "The bag is short: a cube of your choice on a multiplier square counts as 5."),
        "place-defender": ("4. Draw Event Cards, Step 1",
                           "Place a character on the side of the Base it defends this round."),
        "breach-lose": ("Base Breach", "Cross out a facility, nearest the attacked side first."),
        "feed": ("5. Round End",
                 "Feed your characters (trading first if you like); everyone bathed, bedded and fed raises morale."),
        "lose-cube": ("5. Round End", "Lose a cube for characters missing their needs."),
    }

    # Every seat learns these choices (the log names them, or they are made with screens
    # down), so front ends name a bot's choice even while its cubes are screened.
    public_choices = frozenset({
        "choose-base", "draft", "scavenge-party", "scavenge-where", "find-weapon",
        "recruit-accept", "offer-reply", "place-defender", "breach-lose", "lose-cube",
    })

    # -- set-up ------------------------------------------------------------------------

    def __init__(self) -> None:
        # the flow's own methods, one call less on every decision and step (what BaseGame's
        # decision and step do for a game with a flow)
        self.decision = FLOW.decision  # type: ignore[method-assign]
        self.step = FLOW.play  # type: ignore[method-assign]

    def content(self, state: SAState | None = None) -> Content:
        return pack(state.content) if state is not None else load()

    def card_texts(self, content: Content | None = None) -> dict[str, str]:
        """Name -> short text of every card, facility, weapon and location of ``content``
        (``None``: the packaged pack)."""
        return (content if content is not None else load()).card_texts()

    def new(self, config: Any, seed: int, content: Content | None = None) -> SAState:
        if not isinstance(config, Config):
            raise ConfigError(f"expected a survive-alive Config, got {config!r}")
        pack_ = content if content is not None else load()
        st = setup.new_state(pack_, config.players, config.scenario, seed, config.first_player)
        st.leader_rule = config.leader_rule
        FLOW.run(st)
        return st

    def option_warning(self, state: SAState, decision: Decision, action: Any) -> str | None:
        """Cubes a Done would certainly send back to the bag (see :mod:`.warnings`)."""
        return _option_warning(state, decision, action)

    def option_groups(self, state: SAState, decision: Decision) -> tuple[tuple[str, ...], ...] | None:
        """The Spend decision listed by what is done, then by facility or weapon (see
        :mod:`.menus`); other decisions are short lists."""
        if decision.kind != "spend":
            return None
        return spend_paths(decision.options, pack(state.content))

    def backs_out(self, state: SAState, decision: Decision) -> bool:
        """Whether a front end may offer a way back (taking back the Trade choice) at this
        decision: a trade with the supply before its first cube is given."""
        if decision.kind != "trade-give" or not state.stack:
            return False
        step = state.stack[-1]
        p = state.players[decision.player]
        return isinstance(step, TradeGive) and step.left == trade_ratio(p, pack(state.content))

    def option_slots(self, state: SAState, decision: Decision) -> tuple[tuple[int, ...], ...] | None:
        """Fixed menu numbers for the Spend, Discard and Feed decisions and those that offer
        only cubes, the same every round (see :mod:`.menus`); other decisions are numbered as
        they come."""
        if decision.kind == "discard":
            return discard_slots(decision.options)
        if decision.kind == "feed":
            return feed_slots(decision.options, pack(state.content).design.max_characters)
        if decision.kind != "spend":
            return cube_slots(decision.options)
        return spend_slots(decision.options, pack(state.content), state.players[decision.player].base)

    # -- what a seat sees ----------------------------------------------------------------
    def view(self, state: SAState, player: int | None) -> dict[str, Any]:
        return make_view(state, player, pack(state.content))

    def determinize(self, state: SAState, player: int, rng: RNG) -> SAState:
        """Reshuffle what ``player`` cannot see: the decks (keeping the Event cards it has
        looked at), and, while screens are up, the colours of the others' cubes with the bag
        (each other player's real cubes drawn afresh from the bag with them in it, in one go:
        the same law as drawing them one at a time)."""
        copy = clone_state(state, rng.spawn())
        r = copy.rng
        seen = copy.players[player].peeked if copy.screens_up else 0
        rest = copy.event_deck[seen:]
        scav = copy.scav_decks
        decks = [rest, *(scav[key] for key in sorted(scav)), copy.char_deck, copy.hospital]
        if any(not p.base for p in copy.players):  # the Base choices: the hand is not dealt yet
            decks.append(copy.draft)
        permute_each(r, *decks)
        copy.event_deck[seen:] = rest
        if copy.screens_up and copy.players_n > 1:
            others = [p for p in copy.players if p.seat != player]
            for p in others:
                if p.shown != "{}":
                    _unscreen(p, _shown(p.shown))
            # a cube offered 1:1 to ``player`` (a pending reply) is known: kept as it is
            held = {p.seat: list(p.virt) for p in others}
            for step in copy.stack:
                if step.__class__ is OfferReply and step.by != player:
                    held[step.by][step.give] += 1
            pool = copy.bag
            for p in others:
                pool = list(map(add, pool, map(sub, p.cubes, held[p.seat])))
            # real cubes recoloured; multiplier squares kept (ruling)
            hands = draw_counts(r, pool, [sum(p.cubes) - sum(held[p.seat]) for p in others])
            for p, hand in zip(others, hands, strict=True):
                p.cubes = [k + h for k, h in zip(held[p.seat], hand, strict=True)]
            copy.bag = pool
        return copy

    def invariants(self, state: SAState) -> list[str]:
        return invariants(state, pack(state.content))

    def clone(self, state: SAState) -> SAState:
        return clone_state(state)

    def outcome(self, state: SAState) -> Outcome | None:
        if state.stack:
            return None
        content = pack(state.content)
        scores = final_scores(state, content)
        if state.scenario:
            won = state.ending == "1"
            text = {"1": "Ending 1", "2": "Ending 2", "dead": "a named character died"}[state.ending or "2"]
            reason = f"Solo Scenario {state.scenario}: {text}"
            if won:
                reason += f" in round {state.final_round}"
            return Outcome((float(scores[0]),), (0,) if won else (), ranking(scores[0]), reason)
        wins = winners(state, content)
        top = max(scores)
        return Outcome(tuple(float(s) for s in scores), tuple(wins), ranking(top),
                       "six rounds played")

    def estimate(self, state: SAState) -> tuple[float, ...]:
        """Each seat's chance of winning a game not yet over, guessed for search bots that
        stop their playouts early (not a rule): the points each Base would score if the game
        ended now, against the other seats' mean, 6 points to a unit. A Solo Scenario (won by
        its ending, not by points) is counted even.
        """
        if state.scenario:
            return (0.5,)
        return standing([float(s) for s in final_scores(state, pack(state.content))], 6.0)

    def stage(self, state: SAState) -> int:
        """The round being played (1-6; set-up counts as round 1): search bots may stop a
        playout where its round ends, once the attack, feeding and morale of the round
        have been counted (not a rule). Source: "Round No." on the Community Map."""
        return state.round

    def action_families(self, config: Any, content: Any = None) -> list[tuple[str, Any]]:
        """Every action of any decision, by stable id: Base sheets, Character cards, slots,
        locations and weapons by id, cubes by colour, sides by letter, characters of a group
        by their place in it (public, and never reordered by a sample), seats by number.
        Ids are those of ``content`` (``None``: the packaged pack)."""
        c = content if content is not None else load()
        chars = range(c.design.max_characters)
        weapons = sorted(c.weapons)
        slots = sorted({s.id for base in c.slots.values() for s in base})
        most_food = sum(e.count for e in c.components.cubes) + 4 * c.design.multiplier_squares
        cube = tuple(CUBES)
        return [
            ("base", sorted(c.bases)),
            ("character", sorted(c.characters)),
            ("food-on-cards", range(most_food + 1)),
            ("build", slots),
            ("forge", [(i, w) for i in chars for w in weapons]),
            ("heal", chars),
            ("trade", [None]),
            ("offer", range(4)),
            ("peek", [None]),
            ("done", [None]),
            *((kind, cube) for kind in ("give", "take", "keep", "want", "multiply")),
            ("lose", cube + tuple(slots)),
            ("scavenge-food", [None]),
            ("send", chars),
            ("go", [None]),
            ("stay", [None]),
            ("scavenge", sorted(c.locations)),
            ("stop", [None]),
            ("weapon-to", [(i, w) for i in chars for w in weapons]),
            ("accept", [None]),
            ("leave", [None]),
            ("refuse", [None]),
            ("make-room", chars),
            ("place", SIDES),
            ("feed", range(c.design.max_characters + 1)),
        ]

    def max_decisions(self, config: Any, content: Any = None) -> int:
        """A bound counted from the rules (see :func:`decision_bound`) for ``content``."""
        return decision_bound(content if content is not None else load(), config.players)

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        kinds = dict(super().bot_kinds())
        kinds["heuristic"] = HeuristicBot
        return kinds


@functools.lru_cache(maxsize=1024)
def _shown(text: str) -> dict[str, Any]:
    """``Player.shown`` parsed (read only: :func:`_unscreen` copies what it keeps)."""
    return json.loads(text)  # type: ignore[no-any-return]


def _unscreen(p: Any, shown: dict[str, Any]) -> None:
    """Undo what ``p`` did behind its screen since the screens went up, as far as others
    can tell: its base and weapons go back to what was shown then (``shown``), its look at
    the Event cards and the food it set aside are taken back (the food behind the screen
    again). The possible world in which it has built, forged and looked at nothing yet;
    what it paid stays paid (the cubes behind a screen are not counted by the others)."""
    p.built = {**{s: 1 for s in shown["built"]}, **{s: 2 for s in shown["lost"]}}
    standing: dict[str, int] = {}
    for s in shown["built"]:
        kind = slot_kind(s)
        standing[kind] = standing.get(kind, 0) + 1
    p.standing = standing
    p.workshop = shown["workshop"]
    weapons = shown["weapons"]
    made = 0
    for ch in p.chars:
        was = list(weapons.get(ch.id, []))
        made += max(0, len(ch.weapons) - len(was))
        ch.weapons = was
    p.weapons_made = max(0, p.weapons_made - made)
    p.peeked = 0
    p.free_peek = False
    p.cubes[FOOD] += p.scav_food
    p.scav_food = 0


def decision_bound(c: Content, seats: int) -> int:
    """An upper bound on the decisions of a game, under any choices.

    Set-up: a Base and two draft picks a seat, the scenario food. Then per round and seat:
    every decision that spends, stores, gives or loses a cube takes at least one cube from
    the seat's hand, and a trade (at most 5 decisions at 4:1) leaves at least one fewer; the
    cubes a seat can come by in a round are at most all 161 (held or drawn), as many again
    from the bag refilled by payments (income, step 2-3 draws, recruits: each bounded by
    the supply), and 4 per Resource Multiplier square, used at most twice a round (freed at
    the Discard). The others are bounded by the table: a done each for Spend and Discard, a
    look, the offers made and answered, free builds (slots), free forges (two weapons per
    character), free heals (Wound tokens), a party and each location, weapons found and
    recruits (one per location won, one at step 4), defenders placed, facilities lost (slots),
    feeding and Multiplier squares.
    """
    cubes = sum(e.count for e in c.components.cubes)
    squares = c.design.multiplier_squares
    gained = 2 * cubes + 8 * squares
    chars = c.design.max_characters
    slots = max(len(s) for s in c.slots.values())
    places = len(c.locations)
    offers = c.design.offers_per_round
    per_round = (
        6 * gained  # cube decisions, trades included
        + 2 + 1 + 3 * offers + seats * offers  # done twice, a look, offers made and answered
        + slots + 2 * chars + c.rules.wound_tokens  # free builds, forges, heals
        + (chars + 1) + (places + 1) + places * (1 + c.rules.recruit_cubes + 1)  # scavenging
        + (1 + c.rules.recruit_cubes + 1)  # a recruit at step 4
        + chars + slots + 1 + 2 * squares  # defenders, breaches, feeding, Multiplier squares
    )
    return 3 * seats + 1 + c.rules.rounds * seats * per_round


# -- views and invariants -------------------------------------------------------------------------
def _player(st: SAState, p: Any, c: Content, show: bool, own: bool) -> dict[str, Any]:
    if show or p.shown == "{}":
        base = public_base(p)
    else:  # as last shown (the cached parse is shared: its lists are copied)
        shown = _shown(p.shown)
        base = {"built": list(shown["built"]), "lost": list(shown["lost"]),
                "workshop": shown["workshop"], "weapons": shown["weapons"]}
    weapons = base["weapons"]
    return {
        "seat": p.seat,
        "base": p.base,
        "built": base["built"],
        "lost": base["lost"],
        "workshop": base["workshop"],
        "characters": [
            {"id": ch.id, "name": c.characters[ch.id].name, "wounds": ch.wounds,
             "weapons": list(ch.weapons) if show else list(weapons.get(ch.id, [])),
             "away": ch.away, "scavenging": ch.party, "tapped": ch.tapped,
             "side": ch.side}
            for ch in p.chars
        ],
        "dead": list(p.dead),
        "cubes": dict(zip(CUBES, p.cubes, strict=True)) if show else None,
        "stored": dict(zip(CUBES, p.kept, strict=True)) if show else None,
        "multiplied": dict(zip(CUBES, p.virt, strict=True)) if show else None,
        "scavenge_food": p.scav_food if show else None,
        "trackers": {"defence": p.defence, "health": p.health, "scavenge": p.scavenge,
                     "morale": p.morale, "breach": p.breach},
        "influence": p.ip,
        "objective_points": p.objective_points if show else None,
        "instants": list(p.instants),
        **({"storage": storage_capacity(p, c), "trade_ratio": trade_ratio(p, c),
            "peek_cost": peek_cost(st, p, c) if st.round <= 6 else 0,
            "peeked": p.peeked} if own else {}),
    }


def _pending(step: Any) -> dict[str, Any]:
    """The step on top as data: its decision kind and fields."""
    d = {f: getattr(step, f) for f in step.__struct_fields__}
    d["kind"] = KINDS[step.__class__]
    return d


def make_view(st: SAState, seat: int | None, c: Content) -> dict[str, Any]:
    """What ``seat`` sees. Public: the table as everyone sees it, the others' bases as last
    shown while their screens are up and cubes only when screens are down. Private: the
    seat's own base and cubes, the Event cards it has looked at, the draft hand it picks
    from, and the step it decides."""
    over = not st.stack
    # Choosing a Base is public and nothing is behind a screen yet: every seat sees the
    # same table then (so a Base choice is never taken for a secret one).
    setup_ = any(not p.base for p in st.players)
    show = not st.screens_up or over
    top = st.stack[-1] if st.stack else None
    public: dict[str, Any] = {
        "content": st.content,
        "round": st.round,
        "phase": section(st.stack),
        "first_player": st.first,
        "scenario": st.scenario,
        "screens_up": st.screens_up,
        "events_this_round": c.rules.events_per_round[min(st.round, 6) - 1],
        "drawn": list(st.drawn),
        "locations": dict(st.locations),
        "objectives": list(st.objectives),
        "leader": st.leader,
        "instant_by": st.instant_by,
        "wound_pool": st.wound_pool,
        "decks": {"events": len(st.event_deck), "characters": len(st.char_deck),
                  "hospital": len(st.hospital),
                  **{f"scavenge_{k}": len(v) for k, v in st.scav_decks.items()}},
        "draft_size": len(st.draft),
        "players": [_player(st, p, c, show, False) for p in st.players],
        "deciding": top.seat if top is not None else None,
    }
    if over:
        public["scores"] = [score_breakdown(st, p, c) for p in st.players]
        public["ending"] = st.ending
    if setup_ and top is not None:
        public["pending"] = _pending(top)
    if seat is None or setup_:
        return {"public": public, "private": {}}
    me = st.players[seat]
    private: dict[str, Any] = {
        "player": _player(st, me, c, True, True),
        "coming_events": list(st.event_deck[: me.peeked]) if me.peeked and st.screens_up else [],
    }
    if top is not None and top.seat == seat:
        private["pending"] = _pending(top)
        if top.__class__ is Draft:
            private["draft"] = sorted(st.draft)
    return {"public": public, "private": private}


def invariants(st: SAState, c: Content) -> list[str]:
    """161 cubes conserved colour by colour; 24 Wound tokens (pool + cards + Medical
    Rooms); at most 2 weapons a character; trackers within their boxes."""
    out = []
    totals = list(st.bag)
    for p in st.players:
        for i in range(7):
            totals[i] += p.cubes[i] - p.virt[i] + p.kept[i]
        totals[FOOD] += p.scav_food
    want = [e.count for e in c.components.cubes]
    if totals != want or any(x < 0 for x in st.bag):
        out.append(f"cubes not conserved: {totals} != {want}")
    for p in st.players:
        if any(x < 0 for x in p.cubes) or p.scav_food < 0:
            out.append(f"seat {p.seat} holds a negative cube count")
        if any(v < 0 or v > n for v, n in zip(p.virt, p.cubes, strict=True)):
            out.append(f"seat {p.seat}: multiplied cubes {p.virt} outside its cubes {p.cubes}")
    wounds = sum(ch.wounds for p in st.players for ch in p.chars)
    meds = sum(1 for p in st.players if p.med_used)
    if wounds + meds > c.rules.wound_tokens or wounds + meds + st.wound_pool != c.rules.wound_tokens:
        out.append(f"wound tokens: {wounds} on cards + {meds} on rooms + {st.wound_pool} pool != 24")
    for p in st.players:
        if any(len(ch.weapons) > c.rules.weapons_per_character for ch in p.chars):
            out.append(f"seat {p.seat}: a character holds more than two weapons")
        if not (0 <= p.defence <= 6 and 0 <= p.health <= 6 and 0 <= p.scavenge <= 6
                and 0 <= p.morale <= 5 and 0 <= p.breach <= 5):
            out.append(f"seat {p.seat}: a tracker is out of its boxes")
        if len(p.chars) > c.design.max_characters:
            out.append(f"seat {p.seat} has more than {c.design.max_characters} characters")
    return out



GAME = SurviveAlive()
