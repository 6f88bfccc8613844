"""The heuristic Survivor bot picks a legal option at every decision, from the view only."""

from __future__ import annotations

import pytest

from zedlab.core import RNG, Action, Decision
from zedlab.core.infoset import InfoSet
from zedlab.games.heres_negan import game
from zedlab.games.heres_negan.board import neighbours
from zedlab.games.heres_negan.bots import HeuristicBot
from zedlab.games.heres_negan.render import view_board

from .helpers import deploy_all, new_game

ACTIONS = ("move", "run", "fight", "shoot", "hold-your-nerve", "search", "secure",
           "break-and-enter", "call-negan", "clear-the-way", "extinguish", "make-noise",
           "recover-stamina", "swap-items")


def _info(state, decision: Decision | None = None) -> InfoSet:
    decision = decision or game.decision(state)
    view = game.view(state, decision.player)
    return InfoSet(game, decision.player, decision, view, lambda rng: game.determinize(
        state, decision.player, rng))


@pytest.mark.parametrize("scenario,survivors", [(1, 2), (2, 4), (3, 5)])
def test_bot_plays_whole_games_legally(scenario: int, survivors: int) -> None:
    state = new_game(scenario, scenario=scenario, survivors=survivors, players=2)
    bot, rng = HeuristicBot(), RNG.from_seed(scenario)
    while (d := game.decision(state)) is not None:
        choice = bot.choose(_info(state), rng)
        assert choice in d.options
        game.apply(state, choice)
    assert state.result


def test_registered_as_a_bot_kind() -> None:
    assert game.bot_kinds()["heuristic"] is HeuristicBot
    assert "random" in game.bot_kinds()


def _with(state, kind: str, options: tuple[Action, ...]) -> Decision:
    return Decision(0, kind, options, kind)


def test_bot_is_legal_on_every_decision_kind_of_the_engine() -> None:
    """Decisions of every kind fixed for the engine (deploy, activate, Actions, Move steps,
    doors and jumps, weapons and targets, Search, Break and Enter, Extinguish, Call Negan,
    Event and attack choices), built on a real table, are answered with one of their options."""
    state = deploy_all(new_game(4, scenario=2, survivors=3))
    state.active = 0
    board = view_board(game.view(state, 0)["public"])
    here = state.survivors[0].space
    near = neighbours(board, here)
    door = board.doors[0].id
    decisions = [
        _with(state, "choose-action", tuple(Action("action", a) for a in ACTIONS)
              + (Action("plus-token", None), Action("end", None))),
        _with(state, "move", tuple(Action("step", s) for s in near)
              + (Action("open-door", door), Action("jump", near[0]), Action("stop", None))),
        _with(state, "fight", (Action("weapon", "knife"), Action("weapon", "crossbow"))),
        _with(state, "shoot", tuple(Action("target", s) for s in near)),
        _with(state, "fight", (Action("target", near[0]), Action("stop", None))),
        _with(state, "search", (Action("equip", 0), Action("equip", 1), Action("keep", None))),
        _with(state, "break-and-enter", (Action("break", door), Action("break", door + 1))),
        _with(state, "extinguish", (Action("extinguish", near[0]), Action("extinguish", here))),
        _with(state, "call-negan", tuple(Action("negan-to", s) for s in near)),
        _with(state, "event-survivor", tuple(Action("event-survivor", s.id)
                                             for s in state.survivors)),
        _with(state, "allocate-attack", (Action("attack-target", "negan"),
                                         *(Action("attack-target", s.id)
                                           for s in state.survivors))),
        _with(state, "choose-survivor", tuple(Action("activate", s.id) for s in state.survivors)),
        _with(state, "swap-items", (Action("swap-give", "knife"), Action("swap-done", None))),
        _with(state, "something-new", (Action("a", 1), Action("b", 2))),
        _with(state, "choose-action", (Action("use-card", "first-aid"), Action("end", None))),
        _with(state, "search", tuple(Action("supply-token", s) for s in near)),
        _with(state, "shoot", (Action("target", near[0]), Action("discard-bonus", "scope"))),
    ]
    bot = HeuristicBot()
    for k, d in enumerate(decisions):
        choice = bot.choose(_info(state, d), RNG.from_seed(k))
        assert choice in d.options, (d.kind, choice)
    allocate = decisions[10]
    assert bot.choose(_info(state, allocate), RNG.from_seed(0)).value != "negan"


def test_bot_secures_a_room_it_stands_in_and_fights_an_adjacent_walker() -> None:
    """Secure (rulebook "Secure") an unsecured room it is in; Fight ("Fight") a Walker
    next to it first."""
    state = deploy_all(new_game(5, scenario=1, survivors=2))
    board = view_board(game.view(state, 0)["public"])
    room, token = next(iter(board.security.items()))
    inside = next(s for s in board.areas[room].spaces if s != token)
    state.survivors[0].space = inside
    state.active = 0
    options = (Action("action", "move"), Action("action", "secure"),
               Action("action", "search"), Action("end", None))
    d = _with(state, "choose-action", options)
    bot = HeuristicBot()
    assert bot.choose(_info(state, d), RNG.from_seed(1)).value == "secure"
    state.walkers = [token]
    d = _with(state, "choose-action", options + (Action("action", "fight"),))
    assert bot.choose(_info(state, d), RNG.from_seed(1)).value == "fight"


# -- the bot's use of cards ---------------------------------------------------------------------
def _table(*who: str):
    state = deploy_all(new_game(7, scenario=1, survivors=len(who), characters=who))
    state.walkers, state.prone, state.tokens = [], [], {}
    state.active = 0
    return state


def _pick(state, kind: str, *options: Action, seed: int = 0) -> Action:
    return HeuristicBot().choose(_info(state, _with(state, kind, options)), RNG.from_seed(seed))


def test_bot_heals_when_low_and_not_when_fit() -> None:
    """A heal card is discarded when Stamina is at half or less (rulebook "Special Item
    Cards"), the energy drink kept for later."""
    state = _table("dwight", "laura")
    heal, drink = Action("use-card", "first-aid-kit"), Action("use-card", "energy-drink")
    move, end = Action("action", "move"), Action("end", None)
    state.survivors[0].damage = 3
    assert _pick(state, "choose-action", drink, heal, move, end) == heal
    state.survivors[0].damage = 1
    assert _pick(state, "choose-action", drink, heal, move, end) != heal


def test_bot_searches_for_gear_only_with_no_walker_near() -> None:
    """Tara (a red dagger, no cards) Searches before moving on; with a Walker two squares
    away she does not (rulebook "Search")."""
    state = _table("tara", "dwight")
    options = (Action("action", "hold-your-nerve"), Action("action", "move"),
               Action("action", "search"), Action("end", None))
    state.threat = 12
    assert _pick(state, "choose-action", *options).value == "search"
    board = view_board(game.view(state, 0)["public"])
    x, y = board.xy(state.survivors[0].space)
    near = next(s for s in range(board.size)
                if max(abs(board.xy(s)[0] - x), abs(board.xy(s)[1] - y)) == 2)
    state.tokens = {near: "red"}
    assert _pick(state, "choose-action", *options).value != "search"


def test_bot_equips_a_better_weapon_over_the_weakest_of_its_kind() -> None:
    """HN-R078, HN-R177: a found Fire Axe (blue) goes over the dagger (red), a found Crowbar
    (red) is kept aside; an empty weapon space takes any weapon."""
    state = _table("tara", "dwight")
    tara = state.survivors[0]
    equip = (Action("equip", 0), Action("equip", 1), Action("keep", None))
    tara.equipped, tara.cards = ["machete", "dagger"], ["fire-axe"]
    assert _pick(state, "search", *equip) == Action("equip", 1)
    tara.cards = ["crowbar"]
    assert _pick(state, "search", *equip) == Action("keep", None)
    tara.equipped = ["dagger"]
    assert _pick(state, "search", *equip) == Action("equip", 1)


def test_bot_discards_an_attack_die_on_a_walker_it_must_kill() -> None:
    """An attack-die card is discarded before the roll (rulebook "Fight") when the attacker
    is hurt; a fit attacker saves it."""
    state = _table("dwight", "laura")
    here = state.survivors[0].space
    board = view_board(game.view(state, 0)["public"])
    w = neighbours(board, here)[0]
    state.walkers = [w]
    options = (Action("target", w), Action("discard-bonus", "box-of-shells"))
    assert _pick(state, "fight", *options).kind == "target"
    state.survivors[0].damage = 3
    assert _pick(state, "fight", *options).kind == "discard-bonus"


def test_sherry_keeps_the_better_find() -> None:
    """Sherry's special rule: of two finds she keeps the one worth more (a Machete over a
    Booby Trap, a Fire Axe over a Crowbar, Rep over a Walker token)."""
    state = _table("sherry", "dwight")
    pairs = [("booby-trap", "machete"), ("crowbar", "fire-axe"),
             ("its-a-trap", "negans-stash")]
    for seed in range(6):
        for worse, better in pairs:
            for order in ((worse, better), (better, worse)):
                pick = _pick(state, "search", *(Action("keep-card", c) for c in order),
                             seed=seed)
                assert pick.value == better, (order, seed)


def test_tara_is_never_offered_shoot_in_a_bot_game() -> None:
    """Tara's special rule: a whole bot game never offers her Shoot, even holding guns."""
    state = new_game(3, scenario=1, survivors=3, characters=("tara", "sherry", "john"))
    bot, rng = HeuristicBot(), RNG.from_seed(3)
    while (d := game.decision(state)) is not None:
        if d.kind == "choose-action" and state.survivors[state.active].id == "tara":
            assert Action("action", "shoot") not in d.options
            assert not any(o.kind == "action" and o.value == "shoot" for o in d.options)
        game.apply(state, bot.choose(_info(state, d), rng))
    assert state.result


def test_bot_keeps_negans_start_point_clear_before_he_enters() -> None:
    """Negan enters on his start point or next to it (rulebook "3. Here's Negan!"): the bot
    never ends a step there while he is out of play, and moves off it if it stands there."""
    state = _table("dwight", "laura")
    state.negan = -1
    board = view_board(game.view(state, 0)["public"])
    start = board.negan_start
    near = neighbours(board, start)
    state.survivors[0].space = near[0]
    steps = (Action("step", start), *(Action("step", s) for s in near[1:]), Action("stop", None))
    assert _pick(state, "move", *steps).value != start
    state.survivors[0].space = start
    options = (Action("action", "hold-your-nerve"), Action("action", "move"),
               Action("end", None))
    state.threat = 12
    assert _pick(state, "choose-action", *options).value == "move"


def test_bot_discards_a_defense_card_when_low() -> None:
    """A Defense card is discarded before the Defense roll (rulebook "Walkers Attack") by a
    hurt defender, kept by a fit one."""
    state = _table("dwight", "laura")
    state.active = -1
    state.survivors[0].cards = ["car-door"]
    options = (Action("discard-bonus", "car-door"), Action("defend", None))
    for seed in range(4):
        state.survivors[0].damage = 0
        assert _pick(state, "defense-bonus", *options, seed=seed).kind == "defend"
        state.survivors[0].damage = 3
        assert _pick(state, "defense-bonus", *options, seed=seed).kind == "discard-bonus"


SCENARIO_ACTIONS = ("secure", "pick-up-barrel", "put-down-barrel", "repair-generator",
                    "seal-entry-point")


def _bot_game(scenario: int, survivors: int, seed: int):
    """A whole game of the heuristic bot; every choice is one of the decision's options.
    Returns the state and how often it took each Action."""
    state = game.new(game.Config(scenario=scenario, survivors=survivors), seed)
    bot, rng = HeuristicBot(), RNG.from_seed(seed)
    taken: dict[str, int] = {}
    while (d := game.decision(state)) is not None:
        choice = bot.choose(_info(state, d), rng)
        assert choice in d.options
        if choice.kind == "action":
            taken[str(choice.value)] = taken.get(str(choice.value), 0) + 1
        game.apply(state, choice)
    return state, taken


@pytest.mark.parametrize("scenario", range(4, 13))
def test_bot_plays_every_scenario_legally(scenario: int) -> None:
    """Scenarios 4-12 ("Scenarios", each one's Special Rules): whole games end, every choice
    legal, scenario Actions included."""
    state, _ = _bot_game(scenario, 2, 1)
    assert state.result


@pytest.mark.parametrize("scenario,survivors,seed,action", [
    (7, 2, 2, "secure"), (9, 2, 1, None), (12, 2, 4, "secure"),
    (10, 2, 9, "repair-generator"),
])
def test_bot_wins_by_the_scenario_win_conditions(scenario: int, survivors: int, seed: int,
                                                  action: str | None) -> None:
    """Scenarios 7, 9, 10, 12 ("Win Conditions"): the bot wins these seeded games, securing
    the objective room (First Aid Station, Board Room) or repairing the Generator on the
    way."""
    state, taken = _bot_game(scenario, survivors, seed)
    assert state.result == "win", state.reason
    if action is not None:
        assert taken.get(action, 0) >= 1


def test_bot_heads_for_the_objective_room_once_negan_stays_on_the_exit() -> None:
    """Scenario 5 ("Win Conditions", "Moving Negan", ruling HN-A37): with Negan on the EXIT
    the route needs nobody; every Survivor's goal is the Weapons Locker's room, and Clear the
    Way! is no longer wanted."""
    from zedlab.games.heres_negan.bots import _Table
    from zedlab.games.heres_negan.scenarios import rules

    state = deploy_all(new_game(0, scenario=5, survivors=2))
    board = view_board(game.view(state, 0)["public"])
    state.negan = board.exits[0]
    state.reached.append("exit")
    state.active = 0
    table = _Table(game.view(state, 0)["public"])
    room = rules(state).room(state)
    assert table.negan_done and not table.open
    assert table.goal == set(board.areas[room].spaces)


def test_bot_carries_a_barrel_to_the_loading_bay() -> None:
    """Scenario 8 ("Gasoline Barrels"): next to a barrel it picks it up; carrying one it
    heads for the Loading Bay and puts it down there, not elsewhere."""
    from zedlab.games.heres_negan.bots import _Table

    state = deploy_all(new_game(0, scenario=8, survivors=2))
    board = view_board(game.view(state, 0)["public"])
    bay = sorted(s for o in board.objects if o.kind == "loading-bay" for s in o.spaces)
    state.active = 0
    state.carried.append(0)
    table = _Table(game.view(state, 0)["public"])
    assert table.goal == set(bay)
    options = (Action("put-barrel", bay[0] - 1), Action("put-barrel", bay[0]))
    bot = HeuristicBot()
    assert bot._put_down_barrel(table, 0, options) == options[1]
    assert bot._put_down_barrel(table, 0, options[:1]) is None


def _scenario_table(scenario: int):
    state = deploy_all(new_game(0, scenario=scenario, survivors=2))
    state.walkers, state.prone, state.tokens = [], [], {}
    state.active = 0
    return state


@pytest.mark.parametrize("scenario", [7, 9, 10, 12])
def test_bot_heads_for_its_goal_before_holding_its_nerve(scenario: int) -> None:
    """Hold Your Nerve (rulebook "Hold Your Nerve") only once the goal is reached: at Threat
    9, short of its goal, the Survivor Moves; on its goal it Holds Its Nerve."""
    from zedlab.games.heres_negan.bots import _Table

    state = _scenario_table(scenario)
    state.threat = 9
    table = _Table(game.view(state, 0)["public"])
    taken = {p.space for p in state.survivors}
    state.survivors[0].space = min(s for s in range(len(table.to_goal))
                                   if table.to_goal[s] == 3 and s not in taken)
    table = _Table(game.view(state, 0)["public"])
    assert table.goal and table.dist_goal(state.survivors[0].space) > 0
    options = (Action("action", "hold-your-nerve"), Action("action", "move"),
               Action("end", None))
    assert _pick(state, "choose-action", *options).value == "move"
    state.survivors[0].space = min(table.goal)
    assert _pick(state, "choose-action", *options).value == "hold-your-nerve"


@pytest.mark.parametrize("scenario", [7, 10])
def test_bot_fights_an_adjacent_walker_however_far_its_goal(scenario: int) -> None:
    """Fight (rulebook "Fight"): next to a Walker, far from its goal, the Survivor fights it
    rather than walking on (walking on cost Scenarios 7 and 10 wins)."""
    from zedlab.games.heres_negan.bots import _Table

    state = _scenario_table(scenario)
    here = state.survivors[0].space
    board = view_board(game.view(state, 0)["public"])
    state.walkers = [next(s for s in neighbours(board, here)
                          if all(p.space != s for p in state.survivors))]
    assert _Table(game.view(state, 0)["public"]).dist_goal(here) > 2
    options = (Action("action", "move"), Action("action", "fight"), Action("end", None))
    assert _pick(state, "choose-action", *options).value == "fight"


def _room_with_space(board, state) -> tuple[int, list[int]]:
    """An unsecured room with a Security token and at least two free spaces, and those."""
    for room in sorted(board.security):
        spaces = [s for s in board.areas[room].spaces if s != board.security[room]
                  and s not in {o for obj in board.objects for o in obj.spaces}]
        if len(spaces) >= 2 and room not in state.secured:
            return room, spaces
    raise AssertionError("no room fits")


def test_team_heads_for_one_room_to_secure_while_too_few_are_secured() -> None:
    """"4. The End Phase" (Threat +1 while fewer rooms are secured than the starting Survivors
    plus one), Scenario 4 ("Win Conditions", T2): the whole team is sent to the same unsecured
    room; once enough rooms are secured for the Threat and the scenario, the plan lets go."""
    from zedlab.games.heres_negan.bots import _Table

    state = deploy_all(new_game(0, scenario=4, survivors=2))
    state.active = 0
    table = _Table(game.view(state, 0)["public"])
    target = table.plan.secure_target
    board = table.board
    assert target in board.security and target not in state.secured
    for who in game.view(state, 0)["public"]["survivors"]:
        assert table.plan.goal_for(who, set(), board) == set(board.areas[target].spaces)
    state.secured = sorted(board.security)[:5]  # T2 at 2 Survivors: 5 rooms
    assert _Table(game.view(state, 0)["public"]).plan.secure_target is None


def test_lone_secure_waits_for_dice_that_can_win() -> None:
    """"Secure" (a white die per Survivor in the room, at least the Security value): at a
    Security value of 3 one white die (at most 2) cannot win, so a lone Survivor does not roll;
    with a team-mate in the room it does. At a value of 2 it waits for a team-mate still to act
    this round within a few steps, and rolls alone once that one has acted or when nobody is
    near."""
    from zedlab.games.heres_negan.board import ALL_DOORS, distance_field
    from zedlab.games.heres_negan.bots import JOIN_REACH, _Table

    state = deploy_all(new_game(0, scenario=4, survivors=2))
    state.walkers, state.prone, state.tokens, state.negan = [], [], {}, -1
    board = view_board(game.view(state, 0)["public"])
    room, spaces = _room_with_space(board, state)
    state.survivors[0].space = spaces[0]
    state.active = 0
    to_room = distance_field(board, board.areas[room].spaces, ALL_DOORS)
    outside = [v for v in board.spaces() if board.room_of(v) != room and to_room[v] >= 0]
    near = next(v for v in outside if 1 <= to_room[v] <= JOIN_REACH)
    far = max(outside, key=lambda v: to_room[v])
    assert to_room[far] > JOIN_REACH

    def secure_now() -> bool:
        view = game.view(state, 0)["public"]
        return HeuristicBot._secure_now(_Table(view), view["survivors"][0], room)

    state.threat = 6  # Security value 3
    state.survivors[1].space = far
    assert not secure_now()
    state.survivors[1].space = spaces[1]
    assert secure_now()
    state.threat = 3  # Security value 2
    state.survivors[1].space = near
    state.survivors[1].activated = False
    assert not secure_now()
    state.survivors[1].activated = True
    assert secure_now()
    state.survivors[1].activated = False
    state.survivors[1].space = far
    assert secure_now()


def test_bot_breaks_a_locked_door_between_it_and_its_goal() -> None:
    """"Break and Enter" (only it opens a locked door): a Survivor beside a locked door whose
    far side is nearer its goal picks that door; on the goal's side it has none to break."""
    from zedlab.games.heres_negan.board import ALL_DOORS, distance_field
    from zedlab.games.heres_negan.bots import _Table

    state = deploy_all(new_game(0, scenario=11, survivors=5))
    state.active = 0
    table = _Table(game.view(state, 0)["public"])
    board = table.board
    door = next(d for d in board.doors if d.state == "locked")
    outside, inside = ((door.a, door.b) if board.room_of(door.b) is not None
                       else (door.b, door.a))
    table.goal = set(board.areas[board.room_of(inside)].spaces)
    table.to_goal = distance_field(board, sorted(table.goal), ALL_DOORS)
    assert HeuristicBot._door_to_goal(table, outside) == door.id
    assert HeuristicBot._door_to_goal(table, inside) is None
    options = (Action("door", door.id), Action("door", -1))
    state.survivors[0].space = outside
    view = game.view(state, 0)["public"]
    table.view = view
    assert HeuristicBot()._break_and_enter(table, 0, options) == options[0]
