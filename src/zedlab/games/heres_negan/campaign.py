"""Survival Mode: the scenarios played in order as one campaign, in one game record.

With ``survival`` on, the end of a scenario (won or lost) does not end the game. The game is
recorded (:class:`~.state.CampaignGame`: result, Game Result band, each Survivor's Reputation,
the Top Dogs), then the post-game sequence runs on the same state:

1. **Game Result** - a win's band (Scenario 1 always counts as Good Job!): Practically Dead
   (everyone loses 1 Stamina, all Supply cards discarded), Scraped Through (the lowest
   Reputation loses 1 Stamina, cards discarded, 1 starting Reputation to each who had any),
   Solid Victory (each Survivor keeps up to one card, +1 starting Reputation per card
   discarded), Good Job! (keep any, +2 per card discarded). A loss: everyone loses 1 Stamina,
   the cards are discarded (ruling), and the loss's knock-ons are noted for the next game
   (``state.knock_ons``; a lost Scenario 9 costs the lowest Reputation 1 more Stamina at once).
2. **Injuries** - a Survivor who lost Stamina heals a blue roll (Bitten: a white roll, still
   Bitten); one removed by a Bite comes back fresh with nothing; Negan heals a blue roll.
3. **Top Dog Bonus** - each Top Dog starts the next game with a +1 Action token.

Then the next scenario of ``state.campaign`` is laid out on the same state (:func:`start_next`:
a new board, decks and Walker tokens, Threat at its start, Negan off the board with his
injuries; Reputation 0 plus Negan's bonus; kept cards; Stamina and Bites carried, ruling
HN-A48 (a)), with the loss's knock-ons: a Walker token in every room with a Security token and
9 or more spaces, and those of :data:`KNOCK_ONS`. After the last scenario the game ends; its
outcome scores each seat with its Survivors' campaign Reputation (each game's Reputation plus
3 per Top Dog title), and the seats of the highest Survivor total win.

Source: Here's Negan rulebook, "Survival Mode", "Post-Game Sequence", "1. Game Result",
"2. Injuries", "3. Top Dog Bonus", "Determining the Winner"; rulings HN-A47..HN-A50.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from zedlab.core import Action, Decision, Outcome
from zedlab.core.flow import again, push

from .board.model import CORRIDOR, VOID
from .common import HNFlow, board, change_rep, cx, emit, end, name, place_token, roll
from .render import card_name
from .scenarios import rules
from .setup import lay_out
from .state import CampaignGame, HNState, Survivor
from .steps import (
    FLOW,
    Discarding,
    Injuries,
    KeepOne,
    KeepStartingCard,
    KnockOnEntry,
    NextScenario,
    PostGame,
)

GOOD_JOB = "Good Job!"
SOLID = "Solid Victory"
SCRAPED = "Scraped Through"
DEAD = "Practically Dead"
TOP_DOG_TALLY = 3
"""Campaign Reputation per Top Dog title. Source: rulebook, "Determining the Winner"."""
KNOCK_ONS = {4: 5, 5: 6, 6: 7, 10: 11, 11: 12}
"""Lost scenario -> the scenario its knock-on falls on (HN-R367..HN-R372; Scenario 9's is at
once). A knock-on applies only when that scenario is the next one played."""
CARRIED = frozenset({
    "rng", "scenario", "start_survivors", "players", "content", "max_rounds", "survivors",
    "negan_damage", "events", "seq", "survival", "campaign", "fixed_first", "games",
    "knock_ons", "carry_rep", "carry_plus",
})
"""State fields a new scenario of the campaign keeps; every other field starts afresh."""


class CampaignFlow(HNFlow):
    """The flow engine with Survival Mode: a scenario's end, while the campaign has more to
    play, runs the post-game sequence and the next scenario instead of ending the game."""

    __slots__ = ()

    def run(self, state: Any) -> None:
        HNFlow.run(self, state)
        while state.survival and state.result and len(state.games) <= position(state):
            scenario_over(state)
            HNFlow.run(self, state)


def position(state: HNState) -> int:
    """The index of the scenario being played in the campaign."""
    return state.campaign.index(state.scenario)


def finished(state: HNState) -> bool:
    """The campaign is over: its last scenario has ended."""
    return bool(state.result) and len(state.games) == len(state.campaign)


# -- the end of a scenario -------------------------------------------------------------------
def game_band(state: HNState) -> str:
    """The Game Result band of a won game: Scenario 1 always counts as Good Job!.

    Source: rulebook, "1. Game Result" (HN-R364), "Winning" (the score bands).
    """
    from .game import score_band

    if state.scenario == 1:
        return GOOD_JOB
    alive = [s.rep for s in state.survivors if not s.removed]
    return score_band(state.start_survivors, sum(alive))


def top_dogs(state: HNState) -> list[int]:
    """Indices of the living Survivors with the highest Reputation (named after every game,
    won or lost: ruling HN-A47 (a))."""
    alive = [i for i, s in enumerate(state.survivors) if not s.removed]
    best = max((state.survivors[i].rep for i in alive), default=0)
    return [i for i in alive if state.survivors[i].rep == best]


def scenario_over(state: HNState) -> None:
    """Record the game just ended; unless it was the campaign's last, clear its end and start
    the post-game sequence."""
    band = game_band(state) if state.result == "win" else ""
    top = top_dogs(state)
    state.games.append(CampaignGame(
        scenario=state.scenario, result=state.result, reason=state.reason, band=band,
        rep=[s.rep for s in state.survivors], top=top,
    ))
    emit(state, "scenario-over", scenario=state.scenario, result=state.result, band=band,
         top=[state.survivors[i].id for i in top])
    if len(state.games) >= len(state.campaign):
        totals = campaign_totals(state)
        emit(state, "campaign-over",
             totals={s.id: totals[i] for i, s in enumerate(state.survivors)})
        return
    state.result = ""
    state.reason = ""
    state.stack.clear()
    state.phase = "post-game"
    state.active = -1
    state.actions = 0
    push(state, PostGame())


# -- 1. Game Result --------------------------------------------------------------------------
def supply_cards(state: HNState, i: int) -> list[str]:
    """The Supply cards Survivor ``i`` holds, equipped or beside its card (its starting
    weapons are not Supply cards)."""
    s = state.survivors[i]
    c = cx(state)
    return [card for card in s.equipped + s.cards if card in c.supply]


def discard(state: HNState, i: int, card: str, why: str) -> None:
    """Survivor ``i`` discards Supply card ``card``."""
    s = state.survivors[i]
    if card in s.cards:
        s.cards.remove(card)
    else:
        s.equipped.remove(card)
    state.discards["supply"].append(card)
    emit(state, "supply-discarded", survivor=s.id, card=card, why=why)


def discard_all(state: HNState, i: int, why: str) -> int:
    """Survivor ``i`` discards every Supply card it holds; returns how many."""
    cards = supply_cards(state, i)
    for card in cards:
        discard(state, i, card, why)
    return len(cards)


def lose_stamina(state: HNState, i: int, n: int, why: str) -> None:
    """Survivor ``i`` loses ``n`` Stamina between games: at the skull a Bitten Survivor is
    removed (it comes back fresh at Injuries), any other is Incapacitated; an Incapacitated
    or removed Survivor loses nothing more.

    Source: rulebook, "1. Game Result" ("this may kill them if they were Bitten"),
    "Stamina", "Bitten!".
    """
    s = state.survivors[i]
    if n <= 0 or s.removed or s.damage >= s.stamina:
        return
    s.damage = min(s.stamina, s.damage + n)
    emit(state, "stamina", survivor=s.id, lost=n, left=s.stamina - s.damage, why=why)
    if s.damage >= s.stamina:
        if s.bitten:
            s.removed = True
            s.space = -1
            emit(state, "eliminated", survivor=s.id)
        else:
            emit(state, "incapacitated", survivor=s.id)


def lowest(state: HNState) -> list[int]:
    """The living Survivor(s) with the lowest Reputation (all of them on a tie, as the
    rulebook settles ties of the highest Reputation)."""
    alive = [i for i, s in enumerate(state.survivors) if not s.removed]
    low = min((state.survivors[i].rep for i in alive), default=0)
    return [i for i in alive if state.survivors[i].rep == low]


@FLOW.auto(PostGame)
def game_result(state: HNState, step: PostGame) -> None:
    """1. Game Result: the band's rewards, or a loss's Stamina and knock-ons; then Injuries,
    the Top Dog Bonus and the next scenario.

    Source: rulebook, "1. Game Result" (HN-R360..HN-R372, table T8); rulings HN-A49 (a),
    loss discards.
    """
    g = state.games[-1]
    n = len(state.survivors)
    state.carry_rep = [0] * n
    state.carry_plus = [0] * n
    state.knock_ons = []
    living = [i for i, s in enumerate(state.survivors) if not s.removed]
    emit(state, "game-result", scenario=g.scenario, result=g.result, band=g.band)
    asks: list[KeepOne | Discarding] = []
    if g.result != "win":
        for i in living:
            lose_stamina(state, i, 1, "the scenario was lost")
        for i in living:
            discard_all(state, i, "the scenario was lost")
        state.knock_ons.append(f"lost-{g.scenario}")
        emit(state, "knock-on", flag=f"lost-{g.scenario}")
        if g.scenario == 9:
            for i in lowest(state):
                lose_stamina(state, i, 1, "Scenario 9 was lost")
    elif g.band == DEAD:
        for i in living:
            lose_stamina(state, i, 1, DEAD)
        for i in living:
            discard_all(state, i, DEAD)
    elif g.band == SCRAPED:
        for i in lowest(state):
            lose_stamina(state, i, 1, SCRAPED)
        for i in living:
            if discard_all(state, i, SCRAPED):
                state.carry_rep[i] = 1
    else:
        step_type = KeepOne if g.band == SOLID else Discarding
        asks = [step_type(survivor=i) for i in living if supply_cards(state, i)]
    push(state, *asks, Injuries(), NextScenario())


def _card_name(state: HNState, card: str) -> str:
    return str(cx(state).supply[card].name)


@FLOW.decide(KeepOne)
def ask_keep(state: HNState, step: KeepOne) -> Decision:
    """Source: rulebook, "1. Game Result" (Solid Victory: keep up to one card, HN-R362)."""
    i = step.survivor
    cards = dict.fromkeys(supply_cards(state, i))
    options = [Action("keep-card", card, f"keep {_card_name(state, card)} "
                      f"({cx(state).supply[card].text})") for card in cards]
    options.append(Action("keep-none", None, "keep none"))
    return Decision(state.survivors[i].seat, "keep-supply", tuple(options),
                    f"Solid Victory: which Supply card does {name(state, i)} keep? (+1 "
                    "Reputation next game per card discarded)")


@FLOW.resolve(KeepOne)
def keep_one(state: HNState, step: KeepOne, action: Action) -> None:
    i = step.survivor
    cards = supply_cards(state, i)
    if action.kind == "keep-card":
        cards.remove(str(action.value))
        emit(state, "supply-kept", survivor=state.survivors[i].id, card=action.value)
    for card in cards:
        discard(state, i, card, SOLID)
    state.carry_rep[i] += len(cards)


@FLOW.decide(Discarding)
def ask_discard(state: HNState, step: Discarding) -> Decision:
    """Source: rulebook, "1. Game Result" (Good Job!: keep any, +2 per discard, HN-R363)."""
    i = step.survivor
    cards = dict.fromkeys(supply_cards(state, i))
    options = [Action("discard-card", card, f"discard {_card_name(state, card)} (+2 Reputation; "
                      f"the card: {cx(state).supply[card].text})")
               for card in cards]
    options.append(Action("keep-rest", None, "keep the rest"))
    return Decision(state.survivors[i].seat, "discard-supply", tuple(options),
                    f"Good Job!: which Supply cards does {name(state, i)} give up for 2 "
                    "Reputation each next game?")


@FLOW.resolve(Discarding)
def discard_one(state: HNState, step: Discarding, action: Action) -> None:
    if action.kind != "discard-card":
        return
    i = step.survivor
    discard(state, i, str(action.value), GOOD_JOB)
    state.carry_rep[i] += 2
    if supply_cards(state, i):
        again(state, step)


# -- 2. Injuries and 3. Top Dog Bonus --------------------------------------------------------
@FLOW.auto(Injuries)
def injuries(state: HNState, step: Injuries) -> None:
    """Survivors removed by a Bite come back fresh (no Reputation, Supplies or bonuses);
    the injured heal a blue roll (Bitten: white, still Bitten), up to their maximum; Negan
    heals a blue roll (never left at the skull: ruling); then each Top Dog still with us gets
    its +1 Action token.

    Source: rulebook, "2. Injuries" (HN-R373..HN-R376), "3. Top Dog Bonus" (HN-R377).
    """
    fresh = set()
    for i, s in enumerate(state.survivors):
        if s.removed:
            discard_all(state, i, "eliminated")
            s.removed = False
            s.damage = 0
            s.bitten = False
            s.space = -1
            state.carry_rep[i] = 0
            fresh.add(i)
            emit(state, "fresh-start", survivor=s.id)
        elif s.damage > 0:
            die = "white" if s.bitten else "blue"
            healed = min(s.damage, roll(state, (die,), f"{s.id} injuries")[0])
            s.damage -= healed
            emit(state, "recovered", survivor=s.id, gained=healed, left=s.stamina - s.damage)
    if state.negan_damage > 0:
        stamina = cx(state).negan_ref.stamina
        healed = roll(state, ("blue",), "Negan's injuries")[0]
        state.negan_damage = min(stamina - 1, max(0, state.negan_damage - healed))
        emit(state, "negan-recovered", left=stamina - state.negan_damage)
    for i in state.games[-1].top:
        if i not in fresh:
            state.carry_plus[i] += 1
            emit(state, "top-dog-bonus", survivor=state.survivors[i].id)


# -- the next scenario -------------------------------------------------------------------------
@FLOW.auto(NextScenario)
def next_scenario(state: HNState, step: NextScenario) -> None:
    """Set up the campaign's next scenario. Source: rulebook, "Survival Mode"."""
    start_next(state, state.campaign[position(state) + 1])


def start_next(state: HNState, number: int) -> None:
    """Lay out scenario ``number`` on the campaign's state: every field but :data:`CARRIED`
    starts afresh; each Survivor keeps its seat, Stamina lost and Bite, holds the Supply cards
    it kept, equips its starting weapons, starts on the Reputation Negan gave it and with its
    Top Dog token; then the knock-ons of a lost last game.

    Source: rulebook, "Survival Mode" (set up as normal, earned Reputation and cards),
    "Determining the Winner" (Reputation reset to 0, then the bonus; HN-R378), "1. Game
    Result" (Loss: HN-R366, HN-R367, HN-R369); rulings HN-A48 (a), HN-A50.
    """
    c = cx(state)
    survivors = []
    for i, s in enumerate(state.survivors):
        survivors.append(Survivor(
            id=s.id, seat=s.seat, stamina=s.stamina, damage=s.damage, bitten=s.bitten,
            equipped=list(c.survivors[s.id].weapons), cards=supply_cards(state, i),
        ))
    fresh = HNState(rng=state.rng, scenario=number, start_survivors=state.start_survivors,
                    players=state.players, content=state.content, max_rounds=state.max_rounds)
    for f in fields(HNState):
        if f.name not in CARRIED and f.name not in ("stack", "events"):
            setattr(state, f.name, getattr(fresh, f.name))
    state.stack.clear()  # the same list: the flow driving this step keeps reading it
    state.scenario = number
    state.survivors = survivors
    emit(state, "scenario-start", scenario=number, game=position(state) + 1,
         games=len(state.campaign))
    lost = state.games[-1].result != "win"
    if lost and KNOCK_ONS.get(state.games[-1].scenario) == number == 7:
        for i in range(len(survivors)):
            lose_stamina(state, i, 1, "Scenario 6 was lost")
    lay_out(state, state.fixed_first if state.fixed_first >= 0 else None)
    for i, s in enumerate(state.survivors):
        if state.carry_rep[i] and not s.removed:
            change_rep(state, i, state.carry_rep[i], "Negan's bonus")
        if state.carry_plus[i] and not s.removed:
            s.plus += state.carry_plus[i]
            emit(state, "action-token", survivor=s.id, delta=1, why="Top Dog")
    if lost:
        b = board(state)
        for room in sorted(b.security):
            if len(b.areas[room].spaces) >= 9:
                place_token(state, b.security[room])
        rules(state).campaign_set_up(state)
        if KNOCK_ONS.get(state.games[-1].scenario) == number == 5:
            edge = edge_corridors(state)
            if len(edge) == 1:
                add_entry_point(state, edge[0])
            elif edge:
                push(state, KnockOnEntry())
    if all(s.removed for s in state.survivors):
        end(state, "loss", "every Survivor was Bitten and removed from play")


def edge_corridors(state: HNState) -> list[int]:
    """Corridor spaces at the board's edge (beside the board's rim or a void), with no Entry
    Point, Survivor or Walker token on them: where a lost Scenario 4 puts a Medium Entry Point
    in Scenario 5 (board gap G12; ruling HN-A50 (ii)).

    Source: rulebook, "1. Game Result" (Loss, Scenario 4: HN-R367).
    """
    b = board(state)
    taken = {sp for sp, _ in state.entry_points} | set(state.tokens)
    out = []
    for v in b.spaces():
        if b.kind[v] != CORRIDOR or v in taken:
            continue
        x, y = b.xy(v)
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if not (0 <= nx < b.width and 0 <= ny < b.height) or b.kind[b.at(nx, ny)] == VOID:
                out.append(v)
                break
    return out


def add_entry_point(state: HNState, space: int) -> None:
    """A Medium Entry Point marker goes on ``space`` (lost Scenario 4, HN-R367)."""
    state.entry_points.append((space, "medium"))
    emit(state, "entry-point-added", space=space, level="medium", why="Scenario 4 was lost")


@FLOW.decide(KnockOnEntry)
def ask_entry(state: HNState, step: KnockOnEntry) -> Decision:
    """Source: rulebook, "1. Game Result" (Loss, Scenario 4: HN-R367); ruling HN-A50 (ii):
    the First Player picks the space."""
    b = board(state)
    options = tuple(Action("entry-point", v, f"Medium Entry Point at {b.label(v)}")
                    for v in edge_corridors(state))
    return Decision(state.first, "knock-on-entry", options,
                    "Scenario 4 was lost: where does the extra Medium Entry Point go?")


@FLOW.resolve(KnockOnEntry)
def place_entry(state: HNState, step: KnockOnEntry, action: Action) -> None:
    add_entry_point(state, int(action.value))  # type: ignore[arg-type]


# -- the campaign's result -----------------------------------------------------------------------
def campaign_totals(state: HNState) -> list[int]:
    """Each Survivor's campaign Reputation: its Reputation at the end of every game, plus 3
    per Top Dog title. Source: rulebook, "Determining the Winner" (HN-R379)."""
    totals = [0] * len(state.survivors)
    for g in state.games:
        for i, rep in enumerate(g.rep):
            totals[i] += rep
        for i in g.top:
            totals[i] += TOP_DOG_TALLY
    return totals


def outcome(state: HNState) -> Outcome:
    """Scores: each seat's Survivors' campaign totals; winners: the seats of the Survivor(s)
    with the highest total; tier: scenarios won of those played.

    Source: rulebook, "Determining the Winner" (HN-R380).
    """
    totals = campaign_totals(state)
    scores = [0.0] * state.players
    for i, s in enumerate(state.survivors):
        scores[s.seat] += totals[i]
    best = max(totals, default=0)
    winners = tuple(sorted({s.seat for i, s in enumerate(state.survivors) if totals[i] == best}))
    wins = sum(g.result == "win" for g in state.games)
    played = ", ".join(
        f"Scenario {g.scenario} {'won (' + g.band + ')' if g.result == 'win' else 'lost'}"
        for g in state.games
    )
    c = cx(state)
    top = [c.survivors[s.id].name + (f" (seat {s.seat})" if state.players > 1 else "")
           for i, s in enumerate(state.survivors) if totals[i] == best]
    dogs = top[0] if len(top) == 1 else ", ".join(top[:-1]) + " and " + top[-1]
    return Outcome(tuple(scores), winners, f"{wins}/{len(state.games)} won",
                   f"{played}. Campaign winner with {best} Reputation in all: {dogs}")


def view(state: HNState) -> dict[str, Any]:
    """The campaign for the view (all public)."""
    return {
        "scenarios": list(state.campaign),
        "game": position(state) + 1,
        "games": [{"scenario": g.scenario, "result": g.result, "band": g.band,
                   "rep": list(g.rep), "top": list(g.top)} for g in state.games],
        "totals": campaign_totals(state),
        "knock_ons": list(state.knock_ons),
        "carry_rep": list(state.carry_rep),
        "carry_plus": list(state.carry_plus),
    }


def families(board_size: int, content: Any) -> list[tuple[str, Any]]:
    """The campaign's decisions for the catalogue: Supply cards by id, spaces by index."""
    cards = sorted(content.supply)
    return [
        ("keep-card", cards), ("keep-none", [None]), ("discard-card", cards),
        ("keep-rest", [None]), ("entry-point", list(range(board_size))),
    ]


def boundary_problems(state: HNState) -> list[str]:
    """What is wrong with a campaign's state just after a new scenario was set up (the
    carried state checked at a game boundary): Threat at its start, nothing on the board
    but the set-up's pieces, Stamina, Bites and Reputation as carried, Supply cards
    conserved, tokens as earned."""
    c = cx(state)
    problems = []
    if state.round != 0:
        problems.append(f"round {state.round} at set-up")
    if state.negan != -1 or state.walkers or state.prone or state.secured or state.opened:
        problems.append("pieces left from the last game")
    if state.threat != int(c.threat.start):
        problems.append(f"Threat {state.threat} at set-up")
    deck = sorted(c.deck("supply"))
    held = [card for i in range(len(state.survivors)) for card in supply_cards(state, i)]
    held += [card for st in state.stack if isinstance(st, KeepStartingCard) for card in st.cards]
    have = sorted(state.decks["supply"] + state.discards["supply"] + held)
    if have != deck:
        problems.append("Supply cards are not conserved")
    for i, s in enumerate(state.survivors):
        want = min(20, state.carry_rep[i]) if not s.removed else 0
        if s.rep != want:
            problems.append(f"{s.id} starts on {s.rep} Reputation, not {want}")
        if s.plus != state.carry_plus[i] and not s.removed:
            problems.append(f"{s.id} has {s.plus} +1 tokens, not {state.carry_plus[i]}")
        if not 0 <= s.damage <= s.stamina:
            problems.append(f"{s.id} has lost {s.damage} of {s.stamina} Stamina")
        if sorted(s.equipped) != sorted(c.survivors[s.id].weapons):
            problems.append(f"{s.id} does not hold its starting weapons")
    if not 0 <= state.negan_damage < c.negan_ref.stamina:
        problems.append(f"Negan starts {state.negan_damage} Stamina down")
    return problems


def _who(a: Any) -> str:
    return str(a.get("survivor", "")).capitalize()


TEXTS: dict[str, Any] = {
    "scenario-over": lambda a, s: (
        f"Scenario {a.get('scenario')} is over: "
        + (f"won ({a.get('band')})" if a.get("result") == "win" else "lost")
        + (f"; Top Dog {', '.join(str(t).capitalize() for t in a.get('top', []))}"
           if a.get("top") else "") + "."),
    "campaign-over": lambda a, s: "The campaign is over. Totals: " + ", ".join(
        f"{str(k).capitalize()} {v}" for k, v in dict(a.get("totals", {})).items()) + ".",
    "game-result": lambda a, s: (
        f"Game Result: {a.get('band')}." if a.get("result") == "win" else "Game Result: a loss."),
    "knock-on": lambda a, s: (f"Scenario {str(a.get('flag', '')).removeprefix('lost-')} was "
                              "lost: its knock-ons weigh on the next game."),
    "knock-on-applied": "Knock-on: {what}.",
    "supply-discarded": lambda a, s: f"{_who(a)} discards {card_name(str(a.get('card')))}.",
    "supply-kept": lambda a, s: f"{_who(a)} keeps {card_name(str(a.get('card')))}.",
    "fresh-start": lambda a, s: f"{_who(a)} starts afresh next game.",
    "negan-recovered": "Negan heals: {left} Stamina now.",
    "top-dog-bonus": lambda a, s: f"{_who(a)} was Top Dog: a +1 Action token next game.",
    "scenario-start": "Survival Mode, game {game} of {games}: Scenario {scenario}.",
    "entry-point-added": lambda a, s: f"A Medium Entry Point is added at {a.get('at', '?')}.",
    "action-token": lambda a, s: f"{_who(a)} takes a +1 Action token ({a.get('why', '')}).",
}
"""Texts of the campaign's events (merged into the game's event texts)."""

HELP: dict[str, tuple[str, str]] = {
    "keep-supply": ("Survival Mode, 1. Game Result",
                    "Solid Victory: keep at most one of your Supply cards for the next game; "
                    "each one discarded is worth 1 starting Reputation."),
    "discard-supply": ("Survival Mode, 1. Game Result",
                       "Good Job!: keep any of your Supply cards; each one you discard is worth "
                       "2 starting Reputation next game."),
    "knock-on-entry": ("Survival Mode, 1. Game Result",
                       "Scenario 4 was lost: the First Player puts a Medium Entry Point on a "
                       "corridor space at the edge of the board."),
}
"""Help of the campaign's decisions (merged into the game's help)."""
