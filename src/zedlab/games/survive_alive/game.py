"""The Survive Alive rules object: decisions, the step driver, views and outcomes.

Every decision is a :class:`~zedlab.core.Decision` built from the :class:`Pending` step on
top of ``state.pending``; :func:`advance` runs the automatic parts of the phases (in
``rules`` and ``phases``) until the next decision.

Source: Survive Alive rulebook (all sections; see the functions called).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, Literal

from pydantic import Field, model_validator

from zedlab.core import RNG, Action, BaseConfig, BaseGame, ConfigError, Decision, Outcome

from . import phases as ph
from . import rules as ru
from .content import CUBES, SIDES, Content, load
from .menus import spend_paths
from .state import Character, Pending, Player, SAState, clone_state

DONE = Action("done", None, "Done")


class Config(BaseConfig):
    """Options of a game of Survive Alive.

    Attributes:
        players: 1-4 seats.
        scenario: 0 for the normal game, 1 or 2 for the solo scenarios (players must be 1).
        first_player: the seat that watched a post-apocalyptic movie most recently; ``None``
            picks one at random (set-up G).
        content_dir: a directory holding replacement content files with the packaged
            names (``components.toml``, ``facilities.toml``, ``bases.toml``,
            ``characters.toml``, ``events.toml``, ``objectives.toml``, ``scavenge.toml``,
            ``map.toml``), all validated; ``None``: the packaged content. The terminal front
            end maps it to ``--content``.
        content: older name of ``content_dir`` (used when ``content_dir`` is not set).
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
    content_dir: str | None = Field(
        default=None,
        description="Directory of replacement content files (components.toml, bases.toml, "
                    "...); unset: the packaged content.")
    content: str | None = Field(
        default=None, description="Older name of content_dir, used when content_dir is unset.")
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


_ACTIONS: dict[tuple[str, Any, str], Action] = {}


def act(kind: str, value: Any = None, label: str = "") -> Action:
    """A cached Action (one per kind, value and label: labels may come from content)."""
    key = (kind, value, label)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, value, label)
    return a


CUBE_ACTIONS = {
    kind: tuple(act(kind, c, f"{verb} a {c} cube") for c in CUBES)
    for kind, verb in (("give", "Give"), ("take", "Take"), ("keep", "Store"), ("lose", "Lose"),
                       ("want", "Ask for"), ("multiply", "Multiply"))
}
SET_ASIDE = act("scavenge-food", None, "Set a food aside for scavenging")
GO = act("go", None, "Go scavenging with the chosen characters")
STAY = act("stay", None, "Do not scavenge this round")
STOP = act("stop", None, "Stop scavenging")
ACCEPT = act("accept", None, "Accept")
LEAVE = act("leave", None, "Leave")
REFUSE = act("refuse", None, "Refuse")
TRADE = act("trade", None, "Trade cubes with the supply")
PEEKS = {cost: act("peek", None, f"Look at this round's Event cards (Watch Tower, "
                                  f"{'free' if cost == 0 else f'{cost} food'})")
         for cost in range(5)}


class SurviveAlive(BaseGame[SAState]):
    """Survive Alive for 1-4 players and the two solo scenarios."""

    name = "survive-alive"
    title = "Survive Alive"
    rules_version = 5
    Config = Config
    State = SAState
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
    def content(self, state: SAState | None = None) -> Content:
        return load(state.content_dir or None if state is not None else None)

    def new(self, config: Any, seed: int) -> SAState:
        if not isinstance(config, Config):
            raise ConfigError(f"expected a survive-alive Config, got {config!r}")
        directory = config.content_dir or config.content
        content = load(directory)  # ContentError names the file, entry and field
        st = ru.new_state(content, config.players, config.scenario, seed, config.first_player)
        st.content_dir = str(directory) if directory else ""
        st.leader_rule = config.leader_rule
        advance(st, content)
        return st

    # -- decisions -----------------------------------------------------------------------
    def decision(self, state: SAState) -> Decision | None:
        if state.phase == "over" or not state.pending:
            return None
        pend = state.pending[-1]
        options = OPTIONS[pend.kind](state, pend, load(state.content_dir or None))
        prompt = PROMPTS[pend.kind]
        if pend.kind == "lose-cube":
            prompt = LOSE_PROMPTS.get(pend.n) or prompt.format(n=pend.n)
        elif pend.kind == "trade-give":
            prompt = GIVE_PROMPTS.get(pend.n) or prompt.format(n=pend.n)
        elif pend.kind == "place-defender":
            prompt = _placement_prompt(state, pend, load(state.content_dir or None))
        elif pend.kind == "offer-reply":
            give, want = pend.picks
            prompt = (f"Seat {pend.other} offers you a {CUBES[give]} cube for a {CUBES[want]} "
                      "cube (a 1:1 trade): accept?")
        return Decision(pend.player, pend.kind, tuple(options), prompt)

    def step(self, state: SAState, action: Action) -> None:
        content = load(state.content_dir or None)
        pend = state.pending[-1]
        STEPS[pend.kind](state, pend, action, content)
        if state.phase != "over":
            ph.check_instant(state, content)
        advance(state, content)

    def option_groups(self, state: SAState, decision: Decision) -> tuple[tuple[str, ...], ...] | None:
        """The Spend decision listed by what is done, then by facility or weapon (see
        :mod:`.menus`); other decisions are short lists."""
        if decision.kind != "spend":
            return None
        return spend_paths(decision.options, load(state.content_dir or None))

    # -- what a seat sees ----------------------------------------------------------------
    def view(self, state: SAState, player: int | None) -> dict[str, Any]:
        return make_view(state, player, load(state.content_dir or None))

    def events(self, state: SAState, player: int | None) -> list[str]:
        out = []
        for line in state.log:
            if line.startswith("@"):
                seat, _, text = line[1:].partition(" ")
                if player is not None and int(seat) == player:
                    out.append(text)
            else:
                out.append(line)
        return out

    def determinize(self, state: SAState, player: int, rng: RNG) -> SAState:
        """Reshuffle what ``player`` cannot see: the decks (keeping the Event cards it has
        looked at), and, while screens are up, the colours of the others' cubes with the bag."""
        copy = self.clone(state)
        copy.rng = rng.spawn()
        r = copy.rng
        seen = copy.players[player].peeked if copy.screens_up else 0
        rest = copy.event_deck[seen:]
        r.shuffle(rest)
        copy.event_deck[seen:] = rest
        for key in sorted(copy.scav_decks):
            r.shuffle(copy.scav_decks[key])
        r.shuffle(copy.char_deck)
        r.shuffle(copy.hospital)
        r.shuffle(copy.draft) if copy.phase == "bases" else None
        if copy.screens_up and copy.players_n > 1:
            others = [p for p in copy.players if p.seat != player]
            pool = list(copy.bag)
            for p in others:
                for i in range(7):
                    pool[i] += p.cubes[i] - p.virt[i]
            bag = {c: pool[i] for i, c in enumerate(CUBES)}
            for p in others:  # real cubes recoloured; multiplier squares kept (ruling)
                n = sum(p.cubes) - sum(p.virt)
                p.cubes = list(p.virt)
                for _ in range(n):
                    p.cubes[ru.CUBE_INDEX[r.draw_from_bag(bag)]] += 1
            copy.bag = [bag[c] for c in CUBES]
        return copy

    def invariants(self, state: SAState) -> list[str]:
        return invariants(state, load(state.content_dir or None))

    def clone(self, state: SAState) -> SAState:
        return clone_state(state)

    def outcome(self, state: SAState) -> Outcome | None:
        if state.phase != "over":
            return None
        content = load(state.content_dir or None)
        scores = ph.final_scores(state, content)
        if state.scenario:
            won = state.ending == "1"
            text = {"1": "Ending 1", "2": "Ending 2", "dead": "a named character died"}[state.ending or "2"]
            reason = f"Solo Scenario {state.scenario}: {text}"
            if won:
                reason += f" in round {state.final_round}"
            return Outcome((float(scores[0]),), (0,) if won else (), ph.ranking(scores[0]), reason)
        wins = ph.winners(state, content)
        top = max(scores)
        return Outcome(tuple(float(s) for s in scores), tuple(wins), ph.ranking(top),
                       "six rounds played")

    def bot_kinds(self) -> Mapping[str, Callable[[], Any]]:
        from .bots import HeuristicBot

        kinds = dict(super().bot_kinds())
        kinds["heuristic"] = HeuristicBot
        return kinds


# -- the driver -----------------------------------------------------------------------------
def advance(st: SAState, content: Content) -> None:
    """Run automatic rules until a decision with options is pending or the game is over."""
    while st.phase != "over":
        if st.pending:
            top = st.pending[-1]
            if top.kind in NEVER_EMPTY or OPTIONS[top.kind](st, top, content):
                return
            st.pending.pop()  # nothing left to choose (no cube, no facility...): skip
            continue
        PHASES[st.phase](st, content)
        ph.check_instant(st, content)  # trackers also move between decisions (marks, income)


def phase_bases(st: SAState, content: Content) -> None:
    """Set-up H: in reverse turn order each player chooses a Base sheet."""
    n = st.players_n
    if st.turn < n:
        seat = ru.order(st)[n - 1 - st.turn]
        st.turn += 1
        st.pending.append(Pending("choose-base", seat))
        return
    ru.deal_draft(st, content)


def phase_draft(st: SAState, content: Content) -> None:
    """Set-up J: pick and pass until everyone has two (solo: pick, a random card to the
    bottom, then pick from the last three)."""
    n = st.players_n
    if n == 1:
        if st.turn == 0:
            st.turn = 1
            st.pending.append(Pending("draft", 0))
        elif st.turn == 1:
            i = st.rng.randbelow(len(st.draft))
            st.bottom = st.draft.pop(i)
            st.turn = 2
            st.pending.append(Pending("draft", 0))
        else:
            bottom, st.bottom = st.bottom, ""
            ru.finish_draft(st, content, bottom)
        return
    if st.turn < 2 * n:
        seat = ru.order(st)[st.turn % n]
        st.turn += 1
        st.pending.append(Pending("draft", seat))
        return
    ru.finish_draft(st, content)


def phase_spend(st: SAState, content: Content) -> None:
    """1. Spend Resource Cubes, each player in turn order behind the screen."""
    if st.turn < st.players_n:
        seat = ru.order(st)[st.turn]
        st.turn += 1
        st.pending.append(Pending("spend", seat))
        return
    st.phase, st.turn = "discard", 0


def phase_discard(st: SAState, content: Content) -> None:
    """2. Discard Resource Cubes."""
    if st.turn < st.players_n:
        p = st.players[ru.order(st)[st.turn]]
        st.turn += 1
        # always asked: whether a seat decides must not tell the others what it holds
        st.pending.append(Pending("discard", p.seat))
        return
    st.phase, st.turn = "scavenge", 0


def phase_scavenge(st: SAState, content: Content) -> None:
    """3. Scavenging, in turn order."""
    if st.turn < st.players_n:
        p = st.players[ru.order(st)[st.turn]]
        st.turn += 1
        if ph.scavengers(p):
            if ph.open_locations(st, p, content):
                st.pending.append(Pending("scavenge-where", p.seat))
            else:
                ph.end_scavenging(st, p, content)
        elif p.scav_food and ph.eligible_scavengers(p) and ph.open_locations(st, p, content):
            st.pending.append(Pending("scavenge-party", p.seat))
        else:
            ph.end_scavenging(st, p, content)
        return
    st.phase, st.sub, st.turn = "events", "draw", 0


def phase_events(st: SAState, content: Content) -> None:
    """4. Draw Event Cards: step 1 card by card for every player, the marks, then steps 2-4
    (not in the final round)."""
    n = st.players_n
    if st.sub == "draw":
        ph.draw_events(st, content)
        st.sub, st.event_idx, st.turn = "place", 0, 0
    elif st.sub == "place":
        if st.turn < n:
            p = st.players[ru.order(st)[st.turn]]
            st.turn += 1
            for i in reversed(ph.needs_placing(p, content, st.scenario)):
                st.pending.append(Pending("place-defender", p.seat, n=i))
            return
        st.sub, st.turn = "attack", 0
    elif st.sub == "attack":
        if st.event_idx < len(st.drawn):
            p = st.players[ru.order(st)[st.turn]]
            ph.resolve_attack(st, p, st.drawn[st.event_idx], content)
            st.turn += 1
            if st.turn == n:
                st.turn, st.event_idx = 0, st.event_idx + 1
            return
        ph.round_marks(st, content)
        if st.round >= st.final_round or st.round >= content.rules.rounds:
            finish(st, content)
            return
        st.sub = "cubes"
    elif st.sub == "cubes":
        ph.step2_cubes(st, content)
        st.sub, st.turn = "recruit", 0
    elif st.sub == "recruit":
        if st.turn < n:
            p = st.players[ru.order(st)[st.turn]]
            st.turn += 1
            card = content.events[st.drawn[-1]]
            if card.recruit and ru.has_built(p, "command-centre", content) and st.char_deck:
                cid = st.char_deck.pop(0)
                st.rng.note_reveal()
                ru.say(st, f"Seat {p.seat}'s Command Centre finds {content.characters[cid].name}")
                if st.scenario and cid == ph.TARGETS[st.scenario] and not st.found:
                    ph.target_found(st, p, cid, content, away=False)
                else:
                    ph.push_recruit(st, p, cid, content, away=False)
            return
        if st.scenario == 1 and st.ending == "1":
            finish(st, content)  # JoJo came at step 4: the rest of the round is skipped
            return
        st.sub = "refill"
    else:
        ph.refill_characters(st, content)
        ph.return_home(st, content)
        st.phase, st.sub, st.turn = "roundend", "", 0


def finish(st: SAState, content: Content) -> None:
    """The game ends: an Instant objective reached by the last marks is taken, the Leader
    objective settled, bases shown, scores logged. Source: "Objective Cards"."""
    ph.check_instant(st, content)
    ph.check_leader(st, content)
    if st.scenario and not st.ending:
        st.ending = "2"
    for p in st.players:
        p.shown = json.dumps(ru.public_base(p), sort_keys=True)
    st.phase = "over"
    say_end(st, content)


def say_end(st: SAState, content: Content) -> None:
    # rulebook, Event cards note: in round 6 (and a solo scenario's last round) scoring
    # follows the attacks: no steps 2-4, no round end
    ru.say(st, f"Round {st.round} ends after the attacks: final scoring")
    scores = ph.final_scores(st, content)
    ru.say(st, "final scores: " + ", ".join(f"Seat {i} {s}" for i, s in enumerate(scores)))


def phase_roundend(st: SAState, content: Content) -> None:
    """5. Round End, First player first; then clean-up and the next round."""
    if st.turn < st.players_n:
        p = st.players[ru.order(st)[st.turn]]
        st.turn += 1
        at = len(st.pending)
        ph.round_income(st, p, content)
        if ph.upkeep(p) and (ph.feed_limit(p, content) > 0 or ru.can_trade(st, p, content)
                             or len(st.pending) > at):
            st.pending.insert(at, Pending("feed", p.seat))  # after any multiplier decision
        else:
            _after_feed(st, p, 0, content)
        return
    ph.check_leader(st, content)
    ph.round_cleanup(st, content)
    ru.start_round(st, content)


def _after_feed(st: SAState, p: Player, k: int, content: Content) -> None:
    loss = ph.feed(st, p, k, content)
    if loss and sum(p.cubes):
        st.pending.append(Pending("lose-cube", p.seat, n=loss))


PHASES: dict[str, Callable[[SAState, Content], None]] = {
    "bases": phase_bases,
    "draft": phase_draft,
    "spend": phase_spend,
    "discard": phase_discard,
    "scavenge": phase_scavenge,
    "events": phase_events,
    "roundend": phase_roundend,
}


# -- options and steps per decision kind -------------------------------------------------------
Opt = Callable[[SAState, Pending, Content], list[Action]]
Step = Callable[[SAState, Pending, Action, Content], None]


def o_choose_base(st: SAState, pend: Pending, c: Content) -> list[Action]:
    return [act("base", b, c.bases[b].name) for b in c.bases]


def s_choose_base(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    st.players[pend.player].base = a.value
    for sid in c.bases[a.value].prebuilt:
        ru.mark_built(st.players[pend.player], sid)
    st.pending.pop()
    ru.say(st, f"Seat {pend.player} takes the {c.bases[a.value].name}")


def o_draft(st: SAState, pend: Pending, c: Content) -> list[Action]:
    """The cards in hand: name, ability and the cubes it brings at set-up (step M)."""
    out = []
    for cid in sorted(st.draft):
        card = c.characters[cid]
        cubes = ru.cube_text([card.cubes.count(col) for col in CUBES])
        out.append(act("character", cid, f"{card.name}: {card.ability} (brings {cubes})"))
    return out


def s_draft(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    st.draft.remove(a.value)
    st.players[pend.player].chars.append(Character(id=a.value))
    st.pending.pop()
    ru.say(st, f"Seat {pend.player} drafts {c.characters[a.value].name}")


def o_scenario_food(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    return [act("food-on-cards", k, f"Put {k} food on the scavengers' cards") for k in range(p.cubes[ru.FOOD] + 1)]


def s_scenario_food(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    p.cubes[ru.FOOD] -= a.value
    p.scav_food += a.value
    st.pending.pop()


def o_spend(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    out: list[Action] = []
    total = sum(p.cubes)
    if total:
        _add_builds(out, p, c)
    takers = ru.forge_takers(p, c, st.scenario)
    if takers:
        ready = tuple((w, ru.cube_text(cost)) for w, cost in ru.ready_weapons(p, c))
        if ready:
            out += _forge_actions(tuple((idx, p.chars[idx].id) for idx in takers), ready, c)
    heal = ru.heal_options(st, p, c)
    if heal:
        herbs = ru.heal_cost(p, c)[0]
        for idx in heal:
            out.append(_heal_action(idx, ru.char_name(p.chars[idx].id, c), herbs))
    if ru.can_trade(st, p, c):
        out.append(TRADE)
    if (st.players_n > 1 and p.offers < c.design.offers_per_round and total
            and ru.has_built(p, "command-centre", c)
            and any(ru.physical(p, i) for i in range(7))):  # a multiplied cube is not handed over
        out.extend(OFFERS[other] for other in range(st.players_n) if other != p.seat)
    if ru.can_peek(st, p, c):
        cost = ru.peek_cost(st, p, c)
        out.append(PEEKS.get(cost) or act("peek", None, f"Look at this round's Event cards ({cost} food)"))
    out.append(DONE)
    return out


OFFERS = tuple(act("offer", other, f"Offer a 1:1 trade to Seat {other}") for other in range(4))


def s_spend(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    k = a.kind
    if k == "done":
        st.pending.pop()
    elif k == "build":
        ru.build(st, p, a.value, c)
    elif k == "forge":
        ru.forge(st, p, a.value[0], a.value[1], c)
    elif k == "heal":
        ru.heal(st, p, a.value, c)
    elif k == "trade":
        st.pending.append(Pending("trade-give", p.seat, n=ru.trade_ratio(p, c)))
    elif k == "offer":
        p.offers += 1
        st.pending.append(Pending("offer-give", p.seat, other=a.value))
    elif k == "peek":
        ru.peek(st, p, c)


def _add_builds(out: list[Action], p: Player, c: Content) -> None:
    """Append the build Actions ``p`` can pay for now: empty slots of affordable kinds, in
    the base's slot order."""
    cubes = p.cubes
    wild = cubes[ru.WILD]
    for need, actions in _empty_slots(p, c):
        missing = 0
        for i, n in need:
            if n > cubes[i]:
                missing += n - cubes[i]
        if missing <= wild:
            out += actions


_EMPTY: dict[tuple[object, ...], list[tuple[ru.Need, tuple[Action, ...]]]] = {}


def _empty_slots(p: Player, c: Content) -> list[tuple[ru.Need, tuple[Action, ...]]]:
    """(discounted cost, build Actions) per facility kind with an empty slot on ``p``'s base,
    one Action per choice (a side's first free barricade space); cached per discount set and
    shaded slots (a hand builds rarely)."""
    disc = ru.build_discounters(p, c)
    key = (id(c), p.base, p.workshop, disc, tuple(p.built))
    got = _EMPTY.get(key)
    if got is None:
        if len(_EMPTY) > 100_000:
            _EMPTY.clear()
        built = p.built
        got = []
        for need, choices in _build_table(p, disc, c):
            actions = []
            for spaces in choices:
                for sid, a in spaces:
                    if sid not in built:
                        actions.append(a)
                        break
            if actions:
                got.append((need, tuple(actions)))
        _EMPTY[key] = got
    return got


Choices = tuple[tuple[tuple[str, Action], ...], ...]
"""A facility kind's build choices, each its alike slots in order as (slot id, Action)."""
_BUILD_TABLES: dict[tuple[object, ...], list[tuple[ru.Need, Choices]]] = {}


def _build_table(p: Player, disc: tuple[str, ...], c: Content) -> list[tuple[ru.Need, Choices]]:
    """(discounted cost as (colour, count) pairs, build choices) per facility kind on ``p``'s
    base, cached per base, Workshop cube and active discounting characters ``disc`` (all
    that the costs depend on)."""
    key = (id(c), p.base, p.workshop, disc)
    got = _BUILD_TABLES.get(key)
    if got is None:
        needs = dict(ru.facility_needs(p.workshop, disc, c))
        got = _BUILD_TABLES[key] = [
            (needs[kind], _kind_actions(p.base, kind, slot_ids, ru.facility_cost_text(p, kind, c), c))
            for kind, slot_ids in SLOTS_BY_KIND(c, p.base)]
    return got


_KIND_ACTIONS: dict[tuple[object, ...], Choices] = {}


def _kind_actions(base: str, kind: str, slot_ids: list[str], cost: str, c: Content) -> Choices:
    """The build choices of one kind on ``base`` at one cost in words: slots grouped by
    :func:`~.rules.same_choice`, in slot order (cached per content, base, kind and cost)."""
    key = (id(c), base, kind, cost)
    got = _KIND_ACTIONS.get(key)
    if got is None:
        groups: dict[str, list[tuple[str, Action]]] = {}
        for sid in slot_ids:
            groups.setdefault(ru.same_choice(sid), []).append((sid, _build_action(sid, cost, c)))
        got = _KIND_ACTIONS[key] = tuple(tuple(g) for g in groups.values())
    return got


def _build_action(sid: str, cost: str, c: Content) -> Action:
    """A prebuilt build Action: ``"Build a Barricade on the North side (2 wood)"``."""
    key = ("build", sid, id(c), cost)
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = Action("build", sid, f"Build {ru.slot_words(sid, c)} ({cost})")
    return a


_LABELLED: dict[tuple[object, ...], Action] = {}


_FORGES: dict[tuple[object, ...], tuple[Action, ...]] = {}


def _forge_actions(takers: tuple[tuple[int, str], ...], ready: tuple[tuple[str, str], ...],
                   c: Content) -> tuple[Action, ...]:
    """Forge Actions for each (index, character id) taker and each (weapon, cost in words)
    ready, takers first: ``"Forge an Axe for Maya (1 metal, 1 wood)"`` (cached)."""
    key = (id(c), takers, ready)
    got = _FORGES.get(key)
    if got is None:
        if len(_FORGES) > 100_000:
            _FORGES.clear()
        got = _FORGES[key] = tuple(
            Action("forge", (idx, w), f"Forge {ru.a_or_an(c.weapons[w].name)} (+{c.weapons[w].shields}) "
                                      f"for {ru.char_name(cid, c)} ({cost})")
            for idx, cid in takers for w, cost in ready)
    return got


def _heal_action(idx: int, name: str, herbs: int) -> Action:
    """A prebuilt heal Action: ``"Heal a wound of Maya (1 herb)"``, ``"... (2 herbs)"``."""
    key = ("heal", idx, name, herbs)
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = Action("heal", idx, f"Heal a wound of {name} ({herbs} herb{'' if herbs == 1 else 's'})")
    return a


_BY_KIND: dict[tuple[int, str], list[tuple[str, list[str]]]] = {}


def SLOTS_BY_KIND(c: Content, base: str) -> list[tuple[str, list[str]]]:  # noqa: N802
    """A base's slot ids grouped by facility kind (cached per content)."""
    got = _BY_KIND.get((id(c), base))
    if got is None:
        groups: dict[str, list[str]] = {}
        for slot in c.slots[base]:
            groups.setdefault(slot.kind, []).append(slot.id)
        got = _BY_KIND[(id(c), base)] = list(groups.items())
    return got


def o_trade_give(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    return [a for a, n in zip(CUBE_ACTIONS["give"], p.cubes, strict=True) if n]


def s_trade_give(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    i = ru.CUBE_INDEX[a.value]
    ru.to_bag(st, p, i)
    pend.n -= 1
    if pend.n == 0:
        st.pending[-1] = Pending("trade-take", p.seat)


def o_trade_take(st: SAState, pend: Pending, c: Content) -> list[Action]:
    """Every colour: the bag is hidden, so the options do not depend on what it holds."""
    return list(CUBE_ACTIONS["take"])


def s_trade_take(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    """Take the cube asked for; if the bag has none of that colour the player gains nothing
    but may use a Resource Multiplier square, as for any gain the bag cannot give."""
    p = st.players[pend.player]
    st.pending.pop()
    if ru.take_cube(st, p, ru.CUBE_INDEX[a.value]):
        ru.say(st, f"traded for a {a.value} cube", p.seat)
    else:
        ru.say(st, f"traded for a {a.value} cube, but the bag has none left", p.seat)


def o_offer_give(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    return [CUBE_ACTIONS["give"][i] for i in range(7) if ru.physical(p, i)]


def s_offer_give(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    st.pending[-1] = Pending("offer-want", pend.player, other=pend.other, picks=[ru.CUBE_INDEX[a.value]])


def o_offer_want(st: SAState, pend: Pending, c: Content) -> list[Action]:
    return [CUBE_ACTIONS["want"][i] for i in range(7) if i != pend.picks[0]]


def s_offer_want(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    st.pending[-1] = Pending("offer-reply", pend.other, other=pend.player,
                             picks=[pend.picks[0], ru.CUBE_INDEX[a.value]])


def o_offer_reply(st: SAState, pend: Pending, c: Content) -> list[Action]:
    me = st.players[pend.player]
    return [ACCEPT, REFUSE] if ru.physical(me, pend.picks[1]) else [REFUSE]


def s_offer_reply(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    me, them = st.players[pend.player], st.players[pend.other]
    give, want = pend.picks
    if a.kind == "accept":
        them.cubes[give] -= 1
        me.cubes[give] += 1
        me.cubes[want] -= 1
        them.cubes[want] += 1
        # which cubes changed hands stays behind the two screens
        ru.say(st, f"Seat {them.seat} and Seat {me.seat} make a 1:1 trade")
        ru.say(st, f"gave a {CUBES[give]} cube to Seat {me.seat} for a {CUBES[want]} cube", them.seat)
        ru.say(st, f"took a {CUBES[give]} cube from Seat {them.seat} for a {CUBES[want]} cube", me.seat)
    else:
        ru.say(st, f"Seat {me.seat} refuses Seat {them.seat}'s offer")
    st.pending.pop()


def o_discard(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    out = []
    if sum(p.kept) < ru.storage_capacity(p, c):
        keep, cubes = CUBE_ACTIONS["keep"], p.cubes
        out = [keep[i] for i in range(7) if cubes[i] > 0]
    if p.cubes[ru.FOOD] > 0:
        out.append(SET_ASIDE)
    if ru.can_trade(st, p, c):
        out.append(TRADE)
    out.append(DONE)
    return out


def _vanish(st: SAState, p: Player, i: int) -> None:
    """A multiplied cube that cannot be swapped for a real one (the bag has none of its
    colour) cannot be stored or set aside: it is discarded now, as it would be anyway."""
    p.virt[i] -= 1
    p.cubes[i] -= 1
    ru.say(st, f"no real {CUBES[i]} cube to swap for a multiplied one: it is discarded", p.seat)


def s_discard(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    """The options depend only on the player's own cubes (the bag is hidden): a multiplied
    cube the bag cannot swap for a real one is discarded instead of stored."""
    p = st.players[pend.player]
    if a.kind == "keep":
        i = ru.CUBE_INDEX[a.value]
        if ru.from_hand(st, p, i):
            p.kept[i] += 1
        else:
            _vanish(st, p, i)
    elif a.kind == "scavenge-food":
        if ru.from_hand(st, p, ru.FOOD):
            p.scav_food += 1
        else:
            _vanish(st, p, ru.FOOD)
    elif a.kind == "trade":
        st.pending.append(Pending("trade-give", p.seat, n=ru.trade_ratio(p, c)))
    else:
        ph.discard_done(st, p)
        st.pending.pop()


def o_scavenge_party(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    chosen = [ch for ch in p.chars if ch.party]
    out = []
    if len(chosen) < c.rules.scavenge_party:
        out = [Action("send", i, f"Send {c.characters[p.chars[i].id].name} scavenging") for i in ph.eligible_scavengers(p)]
    if chosen:
        out.append(GO)
    else:
        out.append(STAY)
    return out


def s_scavenge_party(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    if a.kind == "send":
        ch = p.chars[a.value]
        ch.party = True
        ch.away = True
    elif a.kind == "go":
        st.pending[-1] = Pending("scavenge-where", p.seat, ref="sent")
        if st.scenario:
            for ch in ph.scavengers(p):
                ch.expedition = True
        ru.say(st, f"Seat {p.seat} sends " + " and ".join(c.characters[ch.id].name for ch in ph.scavengers(p))
               + " scavenging")
    else:
        st.pending.pop()
        ph.end_scavenging(st, p, c)


_ZED_RANGES: dict[tuple[int, int], str] = {}


def _zed_range(c: Content, food: int) -> str:
    """The Zed strengths a location of this food cost can show: its deck's cards plus the
    deck's threat, ``"3-5"`` (cached)."""
    got = _ZED_RANGES.get((id(c), food))
    if got is None:
        threat = c.design.zed_threat[str(food)]
        zeds = sorted({card.zeds + threat for card in c.scavenge.values() if card.food == food})
        got = f"{zeds[0]}-{zeds[-1]}" if zeds and zeds[0] != zeds[-1] else (str(zeds[0]) if zeds else "?")
        _ZED_RANGES[(id(c), food)] = got
    return got


def o_scavenge_where(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    out = [act("scavenge", loc, f"Scavenge the {c.locations[loc].name} ({c.locations[loc].food} food; "
                                f"Zed strength {_zed_range(c, c.locations[loc].food)})")
           for loc in ph.open_locations(st, p, c)]
    out.append(STOP)
    return out


def s_scavenge_where(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    at = len(st.pending) - 1
    st.pending.pop()
    if a.kind == "stop":
        if pend.ref == "sent" and not pend.n:
            ph.call_back(st, p, c)  # sent this round but never scavenged: still at the Base
        ph.end_scavenging(st, p, c)
        return
    ph.scavenge(st, p, a.value, c)
    if st.phase == "over":
        return
    if ph.scavengers(p) and ph.open_locations(st, p, c):
        pend.n = 1  # the party has scavenged: it stays away until the Event cards
        st.pending.insert(at, pend)
    else:
        ph.end_scavenging(st, p, c)


def o_find_weapon(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    out = []
    for w in pend.ref.split("/"):
        for i, ch in enumerate(p.chars):
            if ch.party and len(ch.weapons) < c.rules.weapons_per_character:
                out.append(Action("weapon-to", (i, w), f"Give the {c.weapons[w].name} to {c.characters[ch.id].name}"))
    return out


def s_find_weapon(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    i, w = a.value
    p.chars[i].weapons.append(w)
    st.pending.pop()
    ru.say(st, f"found {ru.a_or_an(c.weapons[w].name)} for {c.characters[p.chars[i].id].name}")


def o_recruit_cube(st: SAState, pend: Pending, c: Content) -> list[Action]:
    if pend.n <= 0:
        return []
    return [CUBE_ACTIONS["take"][i] for i in ph.recruit_cube_options(st, pend, c)]


def s_recruit_cube(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    i = ru.CUBE_INDEX[a.value]
    pend.picks.append(i)
    pend.n -= 1
    if pend.n == 0 or not ph.recruit_cube_options(st, pend, c):
        st.pending.pop()
    if not ru.take_cube(st, p, i):  # after the pop: a Multiplier decision may go on top
        ru.say(st, f"the bag has no {CUBES[i]} cube left", p.seat)


def o_recruit_accept(st: SAState, pend: Pending, c: Content) -> list[Action]:
    """Accept or leave a recruit (leave only, with a full group). A solo scenario's target
    (``n`` 2: found scavenging, 3: at the Base) always joins; with a full group another
    character, not one the scenario names, goes to make room (ruling)."""
    p = st.players[pend.player]
    room = len(p.chars) < c.design.max_characters
    if pend.n >= 2:
        if room:
            return [ACCEPT]
        target = c.characters[pend.ref].name
        return [act("make-room", i, f"Let {c.characters[ch.id].name} go to make room for {target}")
                for i, ch in enumerate(p.chars) if ch.id not in ph.NAMED.get(st.scenario, ())]
    return [ACCEPT, LEAVE] if room else [LEAVE]


def s_recruit_accept(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    st.pending.pop()
    if a.kind == "make-room":
        gone = p.chars.pop(a.value)
        st.wound_pool += gone.wounds  # its tokens go back; its weapons go with it
        st.char_deck.append(gone.id)
        ru.say(st, f"Seat {p.seat} lets {c.characters[gone.id].name} go to make room")
    if a.kind in ("accept", "make-room"):
        ch = Character(id=pend.ref, away=pend.n in (1, 2), expedition=pend.n == 2)
        p.chars.append(ch)
        ru.say(st, f"Seat {p.seat} adds {c.characters[pend.ref].name} to the group")
    else:
        st.char_deck.append(pend.ref)
        ru.say(st, f"Seat {p.seat} leaves {c.characters[pend.ref].name}")


def o_multiplier(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    return [CUBE_ACTIONS["multiply"][i] for i in range(7) if ru.physical(p, i)]


def s_multiplier(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    """Put a cube on a Resource Multiplier square: it now counts as 5 of its colour.
    Source: "Card Anatomy", Resource Multiplier."""
    p = st.players[pend.player]
    ru.multiply(st, p, ru.CUBE_INDEX[a.value])
    st.pending.pop()
    ru.say(st, f"put a {a.value} cube on a Resource Multiplier square (5 {a.value})", p.seat)


SIDE_ACTIONS = tuple(act("place", side, f"Defend the {ru.SIDE_WORDS[side]} side") for side in SIDES)


def o_place_defender(st: SAState, pend: Pending, c: Content) -> list[Action]:
    """The four sides, each labelled with its shields so far and this round's attacks on it."""
    p = st.players[pend.player]
    out = []
    for side, plain in zip(SIDES, SIDE_ACTIONS, strict=True):
        attacks = [ph.attack_strength(st, e, c) for e in st.drawn if c.events[e].side == side]
        said = f"; attack {' and '.join(map(str, attacks))}" if attacks else "; no attack"
        out.append(act("place", side, f"{plain.label} ({ph.defence_value(p, side, c, st.scenario)} shields so far{said})"))
    return out


def _placement_prompt(st: SAState, pend: Pending, c: Content) -> str:
    """``"Where does Jimmy (3 shields) defend this round's attacks?"``"""
    p = st.players[pend.player]
    ch = p.chars[pend.n]
    power = ph.strength(p, [ch], c, scavenging=False)
    return (f"On which side does {c.characters[ch.id].name} ({power} shield{'' if power == 1 else 's'}) "
            "defend this round? (one side for all of this round's attacks)")


def s_place_defender(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    """Place one character on a side for this round's attacks. Source: "Step 1"."""
    p = st.players[pend.player]
    ch = p.chars[pend.n]
    ch.side = a.value
    st.pending.pop()
    ru.say(st, f"Seat {p.seat} places {c.characters[ch.id].name} on the {ru.SIDE_WORDS[a.value]} side")


def o_breach(st: SAState, pend: Pending, c: Content) -> list[Action]:
    if pend.n <= 0:
        return []
    p = st.players[pend.player]
    return [_lose_action(sid, c) for sid in ph.breach_candidates(p, pend.ref, c)]


def _lose_action(sid: str, c: Content) -> Action:
    """A prebuilt breach Action: ``"Lose a Bed (row 1, column 2)"``."""
    key = ("lose", sid, id(c))
    a = _LABELLED.get(key)
    if a is None:
        a = _LABELLED[key] = act("lose", sid, f"Lose {ru.slot_words(sid, c)}")
    return a


def s_breach(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    ph.lose_facility(st, p, a.value)
    pend.n -= 1
    if pend.n == 0 or not p.standing or not any(p.standing.values()):
        st.pending.pop()


_FEEDS: list[Action] = []
"""Feed Actions by count (grown as needed)."""


def o_feed(st: SAState, pend: Pending, c: Content) -> list[Action]:
    p = st.players[pend.player]
    limit = ph.feed_limit(p, c)
    while len(_FEEDS) <= limit:
        _FEEDS.append(act("feed", len(_FEEDS), f"Feed {len(_FEEDS)} character(s)"))
    out = _FEEDS[: limit + 1]
    if ru.can_trade(st, p, c):
        out.append(TRADE)
    return out


def s_feed(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    if a.kind == "trade":  # trading is allowed on the player's turn (e.g. for food)
        st.pending.append(Pending("trade-give", p.seat, n=ru.trade_ratio(p, c)))
        return
    st.pending.pop()
    _after_feed(st, p, a.value, c)


def o_lose(st: SAState, pend: Pending, c: Content) -> list[Action]:
    if pend.n <= 0:
        return []
    p = st.players[pend.player]
    return [a for a, n in zip(CUBE_ACTIONS["lose"], p.cubes, strict=True) if n]


def s_lose(st: SAState, pend: Pending, a: Action, c: Content) -> None:
    p = st.players[pend.player]
    i = ru.CUBE_INDEX[a.value]
    ru.to_bag(st, p, i)
    ru.say(st, f"Seat {p.seat} loses a {a.value} cube (unmet needs)")
    pend.n -= 1
    if pend.n == 0 or not sum(p.cubes):
        st.pending.pop()


OPTIONS: dict[str, Opt] = {
    "choose-base": o_choose_base, "draft": o_draft, "scenario-food": o_scenario_food,
    "spend": o_spend, "trade-give": o_trade_give, "trade-take": o_trade_take,
    "offer-give": o_offer_give, "offer-want": o_offer_want, "offer-reply": o_offer_reply,
    "discard": o_discard, "scavenge-party": o_scavenge_party, "scavenge-where": o_scavenge_where,
    "find-weapon": o_find_weapon, "recruit-cube": o_recruit_cube, "recruit-accept": o_recruit_accept,
    "multiplier": o_multiplier, "place-defender": o_place_defender, "breach-lose": o_breach, "feed": o_feed, "lose-cube": o_lose,
}
STEPS: dict[str, Step] = {
    "choose-base": s_choose_base, "draft": s_draft, "scenario-food": s_scenario_food,
    "spend": s_spend, "trade-give": s_trade_give, "trade-take": s_trade_take,
    "offer-give": s_offer_give, "offer-want": s_offer_want, "offer-reply": s_offer_reply,
    "discard": s_discard, "scavenge-party": s_scavenge_party, "scavenge-where": s_scavenge_where,
    "find-weapon": s_find_weapon, "recruit-cube": s_recruit_cube, "recruit-accept": s_recruit_accept,
    "multiplier": s_multiplier, "place-defender": s_place_defender, "breach-lose": s_breach, "feed": s_feed, "lose-cube": s_lose,
}
NEVER_EMPTY = frozenset({
    "choose-base", "draft", "scenario-food", "spend", "offer-want", "offer-reply", "discard",
    "scavenge-party", "scavenge-where", "feed", "trade-give", "trade-take", "offer-give",
    "recruit-accept", "find-weapon", "breach-lose", "place-defender", "lose-cube", "recruit-cube",
})
"""Decision kinds that always have an option: "done"/"stop"/"refuse", or steps that are
only pushed, and only stay on the stack, while they have one."""
PROMPTS = {
    "choose-base": "Which Base sheet do you take?",
    "draft": "Which Character card do you keep?",
    "scenario-food": "How much food goes on the scavengers' cards?",
    "spend": "Spend your cubes: build, forge, heal, trade, or done?",
    "trade-give": "Which cube do you give to the supply? ({n} still to give for the cube you want)",
    "trade-take": "Which cube do you take from the supply?",
    "offer-give": "Which cube do you offer?",
    "offer-want": "Which cube do you ask for?",
    "offer-reply": "Accept the 1:1 trade?",
    "discard": "Store a cube, set food aside for scavenging, or discard the rest?",
    "scavenge-party": "Who goes scavenging?",
    "scavenge-where": "Where do you scavenge?",
    "find-weapon": "Who takes the weapon found?",
    "recruit-cube": "Which cube shown on the card do you take?",
    "recruit-accept": "Add this character to your group?",
    "place-defender": "On which side does this character defend?",
    "multiplier": "The bag is short: which cube goes on a Resource Multiplier square (counts as 5)?",
    "breach-lose": "Which facility is lost?",
    "feed": "How many characters do you feed (1 food each)?",
    "lose-cube": ("Your characters went without a bath, bed or food this round: which cube do "
                  "you lose? ({n} still to lose)"),
}
LOSE_PROMPTS = {n: PROMPTS["lose-cube"].format(n=n) for n in range(1, 20)}
GIVE_PROMPTS = {n: PROMPTS["trade-give"].format(n=n) for n in range(1, 20)}


# -- views and invariants -------------------------------------------------------------------------
def make_view(st: SAState, seat: int | None, c: Content) -> dict[str, Any]:
    """What ``seat`` sees: own screen in full; the others' bases as last shown while
    their screens are up, and their cubes only when screens are down."""
    players = []
    # Choosing a Base is public and nothing is behind a screen yet: every seat sees the
    # same table then (so a Base choice is never taken for a secret one).
    setup = st.phase == "bases"
    for p in st.players:
        own = seat == p.seat and not setup
        show = own or not st.screens_up or st.phase == "over"
        base = ru.public_base(p) if show or p.shown == "{}" else json.loads(p.shown)
        weapons = base["weapons"]
        players.append({
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
            **({"storage": ru.storage_capacity(p, c), "trade_ratio": ru.trade_ratio(p, c),
                "peek_cost": ru.peek_cost(st, p, c) if st.round <= 6 else 0,
                "peeked": p.peeked} if own else {}),
        })
    me = st.players[seat] if seat is not None else None
    coming = st.event_deck[: me.peeked] if me is not None and me.peeked and st.screens_up else []
    top = st.pending[-1] if st.pending and st.phase != "over" else None
    view: dict[str, Any] = {
        "round": st.round,
        "phase": st.phase,
        "first_player": st.first,
        "scenario": st.scenario,
        "content_dir": st.content_dir,
        "screens_up": st.screens_up,
        "events_this_round": c.rules.events_per_round[min(st.round, 6) - 1],
        "drawn": list(st.drawn),
        "coming_events": list(coming),
        "locations": dict(st.locations),
        "objectives": list(st.objectives),
        "leader": st.leader,
        "instant_by": st.instant_by,
        "wound_pool": st.wound_pool,
        "decks": {"events": len(st.event_deck), "characters": len(st.char_deck),
                  "hospital": len(st.hospital),
                  **{f"scavenge_{k}": len(v) for k, v in st.scav_decks.items()}},
        "draft": sorted(st.draft) if top is not None and top.kind == "draft" and top.player == seat else None,
        "draft_size": len(st.draft),
        "players": players,
        "deciding": top.player if top else None,
        "pending": ({"kind": top.kind, "n": top.n, "ref": top.ref}
                    if top and (top.player == seat or setup) else None),
        "log": GAME.events(st, seat)[-10:],
    }
    if st.phase == "over":
        view["scores"] = [ph.score_breakdown(st, p, c) for p in st.players]
        view["ending"] = st.ending
    return view


def invariants(st: SAState, c: Content) -> list[str]:
    """161 cubes conserved colour by colour; 24 Wound tokens (pool + cards + Medical
    Rooms); at most 2 weapons a character; trackers within their boxes."""
    out = []
    totals = list(st.bag)
    for p in st.players:
        for i in range(7):
            totals[i] += p.cubes[i] - p.virt[i] + p.kept[i]
        totals[ru.FOOD] += p.scav_food
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
