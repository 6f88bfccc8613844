"""The heuristic bot plays every configuration from its view and outscores random play."""

import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zedlab.bots import RandomBot, choose
from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet
from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive.render import flat
from zedlab.games.survive_alive.rules import affordable, pay
from zedlab.games.survive_alive.state import Player

from .helpers import CONTENT, solo_at_spend


def _play(config: Config, bots, seed: int) -> tuple[float, ...]:
    state = game.new(config, seed)
    rng = RNG.from_seed(seed + 7)
    while (d := game.decision(state)) is not None:
        action = choose(bots[d.player], InfoSet.of(game, state), rng)
        assert action in d.options
        game.apply(state, action)
    return game.outcome(state).scores


def test_bot_kinds_include_heuristic():
    assert set(game.bot_kinds()) >= {"random", "heuristic"}


@pytest.mark.parametrize("config", [Config(players=4), Config(players=1, scenario=1), Config(players=1, scenario=2)])
def test_heuristic_plays_to_the_end(config):
    bot = game.bot_kinds()["heuristic"]()
    for seed in range(2):
        _play(config, [bot] * config.players, seed)


def test_heuristic_outscores_random_solo():
    """The heuristic bot (placement search, defence toward the coming attack) clearly beats
    random play in a solo game."""
    heuristic = game.bot_kinds()["heuristic"]()
    cfg = Config(players=1)
    h = [_play(cfg, [heuristic], s)[0] for s in range(20)]
    r = [_play(cfg, [RandomBot()], s)[0] for s in range(20)]
    assert statistics.mean(h) > statistics.mean(r) + 20


colour_counts = st.lists(st.integers(0, 4), min_size=7, max_size=7)


@given(have=colour_counts, cost=colour_counts)
def test_paying_conserves_cubes_and_wild_covers_shortfalls(have, cost):
    """A cost is payable when Wild cubes cover what is missing; paying moves exactly the
    cost's number of cubes into the bag and never leaves a negative count."""
    state = solo_at_spend()
    p = Player(seat=0, cubes=list(have))
    bag = list(state.bag)
    if affordable(have, cost):
        pay(state, p, cost)
        assert all(x >= 0 for x in p.cubes)
        assert sum(state.bag) - sum(bag) == sum(cost)
        assert sum(have) - sum(p.cubes) == sum(cost)
    else:
        missing = sum(max(0, c - h) for c, h in zip(cost[:6], have[:6], strict=True))
        assert missing + cost[6] > have[6]


@given(marks=st.tuples(st.integers(0, 5), st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 5)))
def test_score_is_the_sum_of_tracker_values(marks):
    """Victory and Scoring: each tracker is worth its left-most unshaded value."""
    from zedlab.games.survive_alive.objectives import score_breakdown

    state = solo_at_spend(chars=("dario", "david"))
    p = state.players[0]
    p.breach, p.defence, p.health, p.scavenge, p.morale = marks
    state.objectives = ["c-barricades"]
    lines = score_breakdown(state, p, CONTENT)
    assert lines["breaches"] == CONTENT.tracker("breach")[marks[0]]
    assert lines["defence"] == CONTENT.tracker("defence")[marks[1]]
    assert lines["morale"] == CONTENT.tracker("morale")[marks[4]]
    assert lines["characters"] == 6


@given(
    have=colour_counts,
    team=st.lists(st.sampled_from(sorted(CONTENT.characters)), min_size=1, max_size=4, unique=True),
    shop=st.sampled_from(["", "wood", "metal", "brick"]),
    tapped=st.booleans(),
)
def test_fast_affordability_matches_the_costs(have, team, shop, tapped):
    """The fast affordability check agrees with each facility's discounted cost."""
    from zedlab.games.survive_alive.rules import affordable_kinds, facility_cost
    from zedlab.games.survive_alive.state import Character

    p = Player(seat=0, cubes=list(have), workshop=shop,
               chars=[Character(id=cid, tapped=tapped) for cid in team])
    fast = affordable_kinds(p, CONTENT)
    slow = {k for k in CONTENT.facilities if affordable(have, facility_cost(p, k, CONTENT)[0])}
    assert fast == slow


def test_solo_scenario_2_can_be_won_by_the_heuristic_bot():
    """Solo Scenario 2 (Game End, Ending 1): find Rick at the Hospital, build a Medical Room
    and heal Florence; with the tuned content the heuristic bot manages it (seed 2)."""
    heuristic = game.bot_kinds()["heuristic"]()
    state = game.new(Config(players=1, scenario=2), 2)
    rng = RNG.from_seed(9)
    while game.decision(state) is not None:
        game.apply(state, heuristic.choose(InfoSet.of(game, state), rng))
    outcome = game.outcome(state)
    assert outcome.winners == (0,) and "Ending 1" in outcome.reason


def test_heuristic_bots_play_the_same_game_under_any_string_hash_seed():
    """The bots never depend on the order of a set of strings (it changes per process)."""
    import os
    import subprocess
    import sys

    code = (
        "from zedlab.core import Match\n"
        "from zedlab.games.survive_alive import game\n"
        "from zedlab.games.survive_alive.bots import HeuristicBot\n"
        "from zedlab.core import RNG\nfrom zedlab.bots import choose\n"
        "m = Match.new(game, {'players': 2}, seed=7)\n"
        "bots = [HeuristicBot(), HeuristicBot()]\n"
        "r = RNG.from_seed(1)\n"
        "while m.decision is not None:\n"
        "    d = m.decision\n"
        "    m.play(choose(bots[d.player], m.infoset(), r))\n"
        "print([(a.kind, repr(a.value)) for a in (s.action for s in m.steps)])\n"
    )
    outs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.add(proc.stdout)
    assert len(outs) == 1


def _actions(config: Config, kinds: str, seed: int) -> tuple[list[Action], tuple[float, ...]]:
    """Play a whole game with one bot per seat (``H`` heuristic, ``R`` random); the bots
    see only their seat's view, and every choice must be one of the offered options."""
    factory = game.bot_kinds()
    bots = [factory["heuristic" if k == "H" else "random"]() for k in kinds]
    state = game.new(config, seed)
    rng = RNG.from_seed(seed + 3)
    played = []
    while (d := game.decision(state)) is not None:
        action = choose(bots[d.player], InfoSet.of(game, state), rng)
        assert action in d.options, (d.kind, action)
        played.append(action)
        game.apply(state, action)
    return played, game.outcome(state).scores


@pytest.mark.parametrize(("players", "kinds"), [(1, "H"), (2, "HR"), (3, "RHR"), (4, "HRHR")])
def test_heuristic_plays_whole_games_beside_random_seats(players, kinds):
    for seed in range(2):
        _, scores = _actions(Config(players=players), kinds, seed)
        assert len(scores) == players


@pytest.mark.parametrize("config", [Config(players=1), Config(players=3), Config(players=1, scenario=2)])
def test_heuristic_replays_the_same_game_from_a_seed(config):
    kinds = "H" * config.players
    first = _actions(config, kinds, 5)
    second = _actions(config, kinds, 5)
    assert first == second


def _ask(bot, view: dict, decision: Decision) -> Action:
    """The bot's choice at a table set up by hand (``view`` flat, see ``render.flat``)."""
    return bot.choose(InfoSet(game, decision.player, decision, view, lambda rng: None), RNG.from_seed(1))


def _table(round_: int, drawn: list[str], built: list[str], chars: list[dict]) -> tuple[dict, dict]:
    """A solo view at Round ``round_`` with the given Event cards drawn, facilities and
    characters (``id``, ``wounds``, ``weapons`` given; the rest filled in)."""
    view = flat(game.view(solo_at_spend(), 0))
    view["round"] = round_
    view["events_this_round"] = len(drawn) or view["events_this_round"]
    view["drawn"] = list(drawn)
    me = view["players"][0]
    me["built"] = list(built)
    me["characters"] = [{"name": ch["id"].title(), "away": False, "scavenging": False, "tapped": False,
                         "side": "", **ch} for ch in chars]
    return view, me


def test_placement_holds_both_cards_when_the_characters_can_split():
    """Two attacks of 4 (East, West) and two characters of 4 shields each: one goes to
    each side, so neither card fails."""
    from zedlab.games.survive_alive.event_cards import SIDE_ACTIONS

    view, me = _table(3, ["a1", "b1"], [], [
        {"id": "bruce", "wounds": 2, "weapons": ["axe", "axe"]},
        {"id": "tom", "wounds": 0, "weapons": ["axe", "knife"]},
    ])
    bot = game.bot_kinds()["heuristic"]()
    sides = []
    for n in range(2):
        view["pending"] = {"kind": "place-defender", "seat": 0, "char": n}
        action = _ask(bot, view, Decision(0, "place-defender", SIDE_ACTIONS, ""))
        assert action in SIDE_ACTIONS
        me["characters"][n]["side"] = action.value
        sides.append(action.value)
    assert sorted(sides) == ["E", "W"]


def test_placement_meets_a_single_attack():
    """One attack from the South in Round 1: the only armed character defends the South."""
    from zedlab.games.survive_alive.bots import HeuristicBot

    view, me = _table(1, ["b3"], [], [{"id": "tom", "wounds": 0, "weapons": ["axe", "axe"]}])
    view["pending"] = {"kind": "place-defender", "seat": 0, "char": 0}
    options = tuple(Action("place", side, side) for side in "NESW")
    assert _ask(HeuristicBot(), view, Decision(0, "place-defender", options, "")).value == "S"


def test_fail_chance_is_certain_without_defence_and_nil_behind_high_walls():
    from zedlab.games.survive_alive.bots import HeuristicBot

    bot = HeuristicBot()
    view, me = _table(2, [], [], [{"id": "bruce", "wounds": 0, "weapons": []}])
    assert bot._fail_chance(view, me, [0]) == 1.0
    walls = [f"barricade-{s}-{i}" for s in "NESW" for i in range(3)] + [
        f"watch-tower-{c}" for c in ("NE", "SE", "SW", "NW")]
    view, me = _table(2, [], walls, [{"id": "bruce", "wounds": 0, "weapons": ["axe"]}])
    assert bot._fail_chance(view, me, []) == 0.0


def test_food_is_set_aside_for_a_sure_scavenge_only_when_the_base_holds_without_the_party():
    """Two characters at home, one with 4 shields: a 1-food location is a sure win for
    it. Behind strong walls the other can hold the Base alone, so a food is set aside;
    with no walls the Base would fall without it, so the food is stored instead."""
    from zedlab.games.survive_alive.discard import SET_ASIDE

    bot = game.bot_kinds()["heuristic"]()
    walls = [f"barricade-{s}-{i}" for s in "NESW" for i in range(3)] + [
        f"watch-tower-{c}" for c in ("NE", "SE", "SW", "NW")]
    keep_food = Action("keep", "food", "Store a food cube")
    options = (keep_food, SET_ASIDE, Action("done", None, "Done"))
    for built, expected in ((walls, SET_ASIDE), ([], keep_food)):
        view, me = _table(2, [], built, [
            {"id": "tom", "wounds": 0, "weapons": ["axe", "knife"]},
            {"id": "bob", "wounds": 0, "weapons": []},
        ])
        view["phase"] = "discard"
        me["cubes"] = {**me["cubes"], "food": 1}
        assert _ask(bot, view, Decision(0, "discard", options, "")) == expected


def _bases_chosen(players: int, seed: int, taken: tuple[str, ...] = ()) -> list[str]:
    """The Base sheets heuristic bots take at set-up H (after ``taken`` were chosen)."""
    state = game.new(Config(players=players), seed)
    bot = game.bot_kinds()["heuristic"]()
    rng = RNG.from_seed(seed)
    out = []
    for base in taken:
        game.apply(state, next(a for a in game.decision(state).options if a.value == base))
    while game.decision(state).kind == "choose-base":
        action = choose(bot, InfoSet.of(game, state), rng)
        out.append(action.value)
        game.apply(state, action)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_heuristic_bots_spread_over_the_base_sheets(seed):
    """"Player set-up" H lets players share a Base sheet; bots still take one nobody has
    while one alike is free: the first three of four bots take three different Bases."""
    chosen = _bases_chosen(4, seed)
    assert len(set(chosen[:3])) == 3, chosen


def test_heuristic_bot_shares_a_base_rather_than_take_a_weaker_one():
    """With the three Bases of twelve barricade spaces taken, the bot shares one of them
    rather than take the River Base (ten spaces, "Player set-up" H's Base for the most
    experienced player)."""
    chosen = _bases_chosen(4, 1, taken=("mountain", "quarry", "forest"))
    assert chosen[0] in {"mountain", "quarry", "forest"}
