"""Scenarios 4-7: Win Conditions and Special Rules (Seeking Sanctuary, Guns and Ammo, Supply
Run, The Best Medicine), each on its own map.

Source: Here's Negan rulebook, Scenarios 4-7 ("Win Conditions", "Special Rules"); checklist
HN-R296..HN-R318, table T2, rulings HN-A12, HN-A36..HN-A39.
"""

from __future__ import annotations

import pytest

from zedlab.core.flow import push
from zedlab.games.heres_negan import game, win
from zedlab.games.heres_negan.actions import search
from zedlab.games.heres_negan.attacks import legal_shoot
from zedlab.games.heres_negan.common import board, enter_room, open_door
from zedlab.games.heres_negan.negan_phase import after_negan_move, target
from zedlab.games.heres_negan.scenarios import EXIT, rules
from zedlab.games.heres_negan.setup import start_round
from zedlab.games.heres_negan.steps import FLOW, NeganPhase, StartRound
from zedlab.games.heres_negan.survivor_phase import action_options

from .helpers import deploy_all, new_game, options, play


def ready(scenario: int, survivors: int, seed: int = 0):
    """A game of ``scenario`` past set-up (starting cards: the first offered), at the first
    Survivor's first Action."""
    state = new_game(seed, scenario=scenario, survivors=survivors)
    while (d := game.decision(state)) is not None and d.kind in ("starting-card", "search"):
        game.step(state, d.options[0])
    deploy_all(state)
    if game.decision(state).kind == "choose-survivor":
        game.step(state, game.decision(state).options[0])
    assert game.decision(state).kind == "choose-action"
    return state


def clear(state) -> None:
    """No Walkers, tokens or Supply tokens on the board (a quiet table to test on)."""
    state.token_discard += list(state.tokens.values())
    state.tokens.clear()
    state.walkers.clear()
    state.prone.clear()
    state.supplies.clear()


def free_space(state, room: int) -> int:
    """A space of ``room`` with no model on it."""
    taken = {s.space for s in state.survivors} | {state.negan}
    return next(s for s in board(state).areas[room].spaces if s not in taken)


def secure_here(state, i: int) -> None:
    """Survivor ``i`` (active) takes a Secure Action that succeeds."""
    state.rng.force(roll=["2"] * 6)
    play(state, "action", "secure")


# -- Scenario 4: Seeking Sanctuary ------------------------------------------------------------------
@pytest.mark.parametrize(("survivors", "needed"), [(2, 5), (3, 6), (4, 8), (5, 10)])
def test_s4_rooms_to_secure_follow_table_t2(survivors, needed):
    """T2 / HN-R297: 5/6/8/10 secured rooms for 2/3/4/5 Survivors, with the EXIT."""
    state = ready(4, survivors)
    rules_ = rules(state)
    assert rules_.conditions == (EXIT, "rooms")
    assert str(needed) in rules_.goal(survivors)
    state.secured = sorted(board(state).security)[: needed - 1]
    assert not rules_.met(state, "rooms")
    state.secured = sorted(board(state).security)[:needed]
    assert rules_.met(state, "rooms")


@pytest.mark.parametrize("survivors", [2, 5])
def test_s4_win_needs_exit_and_enough_rooms_secured_by_an_action(survivors):
    """HN-R297, HN-A36 (i)(a): Negan on the EXIT with one room short does not win; the
    Secure Action that makes the count wins at once (the EXIT stays met)."""
    state = ready(4, survivors)
    clear(state)
    b = board(state)
    needed = rules(state).needed(survivors)
    i = state.active
    room = sorted(b.security)[0]
    others = [r for r in sorted(b.security) if r != room]
    state.secured = others[: needed - 1]
    state.negan = b.exits[0]
    win.negan_on(state, state.negan)
    assert EXIT in state.reached and state.result == ""
    state.survivors[i].space = free_space(state, room)
    state.opened.append(room)
    secure_here(state, i)
    assert state.result == "win" and "rooms" in state.reason


@pytest.mark.parametrize("survivors", [2, 5])
def test_s4_inspection_stop_then_two_phases_towards_unsecured_rooms(survivors):
    """HN-R298..R300: reaching the EXIT with too few rooms he stops for that round (card
    movement ignored); from the next round two Here's Negan phases a round, his target every
    space of the unsecured rooms (HN-A36 (ii)); the EXIT stays met."""
    state = ready(4, survivors)
    clear(state)
    b = board(state)
    r = rules(state)
    state.round = 3
    ex = b.exits[0]
    state.negan = ex
    after_negan_move(state, (ex,))
    assert EXIT in state.reached and state.marks["inspection"] == 4
    assert r.negan_stays(state) and r.negan_phases(state) == 1
    assert target(state) == b.exits
    state.stack.clear()
    push(state, StartRound())
    start_round(state, state.stack.pop())
    assert state.round == 4
    assert sum(isinstance(s, NeganPhase) for s in state.stack) == 2
    assert not r.negan_stays(state)
    unsecured = {s for room in b.security for s in b.areas[room].spaces}
    assert set(target(state)) == unsecured
    state.secured = [sorted(b.security)[0]]
    assert not set(target(state)) & set(b.areas[state.secured[0]].spaces)
    # his card move now takes him off the EXIT towards a room; the EXIT stays met
    state.stack.clear()
    state.decks["negan"] = [c for c in state.decks["negan"] if game_card_moves(c)]
    push(state, NeganPhase())
    FLOW.run(state)
    assert state.negan != ex and EXIT in state.reached


def game_weapons(survivor: str) -> list[str]:
    from zedlab.games.heres_negan.content import BINDER

    return list(BINDER.load().survivors[survivor].weapons)


def game_card_moves(card: str) -> bool:
    from zedlab.games.heres_negan.content import BINDER

    return BINDER.load().negan[card].move > 0


def test_s4_no_inspection_when_enough_rooms_are_secured():
    """HN-R298: with the rooms already secured, reaching the EXIT wins (no Inspection)."""
    state = ready(4, 2)
    clear(state)
    b = board(state)
    state.secured = sorted(b.security)[:5]
    after_negan_move(state, (b.exits[0],))
    assert state.result == "win" and "inspection" not in state.marks


# -- Scenario 5: Guns and Ammo ---------------------------------------------------------------------
@pytest.mark.parametrize("survivors", [2, 5])
def test_s5_locker_room_gives_one_more_supply_token(survivors):
    """HN-R303, HN-A12: opening the Weapons Locker room places one Supply token more than
    its Room card gives; another room gives the card's number."""
    state = ready(5, survivors)
    clear(state)
    r = rules(state)
    locker = r.room(state)
    b = board(state)
    for room, extra in ((locker, 1), (next(x for x in sorted(b.security) if x != locker), 0)):
        card = state.decks["room"][-1]
        state.supplies.clear()
        state.rng.force(roll=["0"] * 8)  # no Walkers from the card
        enter_room(state, room, state.active)
        from zedlab.games.heres_negan.content import BINDER

        assert len(state.supplies) == BINDER.load().rooms[card].supplies + extra


@pytest.mark.parametrize("survivors", [2, 5])
def test_s5_first_into_the_locker_room_gains_a_blue_roll(survivors):
    """HN-R304: the first Survivor to step in gains Rep equal to a blue roll; the next one
    nothing."""
    state = ready(5, survivors)
    r = rules(state)
    room = r.room(state)
    a, b_ = 0, 1
    before = state.survivors[a].rep
    state.rng.force(roll=["3!"])
    r.survivor_entered(state, a, board(state).areas[room].spaces[0])
    assert state.survivors[a].rep == before + 3
    other = state.survivors[b_].rep
    r.survivor_entered(state, b_, board(state).areas[room].spaces[1])
    assert state.survivors[b_].rep == other
    # a space outside the room is not entering it
    fresh = ready(5, survivors)
    rules(fresh).survivor_entered(fresh, 0, fresh.survivors[0].space)
    assert "weapons-locker-entered" not in fresh.marks


def _shooting(survivors: int):
    """Dwight (crossbow) with a Walker in range, at his first Action."""
    state = ready(5, survivors)
    clear(state)
    i = next(k for k, s in enumerate(state.survivors) if s.id == "dwight")
    state.active = i
    state.actions = 2
    b = board(state)
    here = state.survivors[i].space
    taken = {s.space for s in state.survivors} | {state.negan}
    for space in b.spaces():
        if space in taken or b.room_of(space) is not None:
            continue
        state.walkers = [space]
        if legal_shoot(state, i) and abs(b.xy(space)[0] - b.xy(here)[0]) + abs(b.xy(space)[1] - b.xy(here)[1]) > 2:
            return state, i
    raise AssertionError("no Walker space in range")


@pytest.mark.parametrize("survivors", [2, 5])
def test_s5_shoot_twice_while_the_locker_room_is_secured(survivors):
    """HN-R305, HN-A38 (a): with the room secured Shoot may be both Actions of an
    activation (twice a round, no more); unsecured, Actions must differ as usual."""
    state, i = _shooting(survivors)
    s = state.survivors[i]
    s.taken = ["shoot"]
    names = [o.value for o in action_options(state, i) if o.kind == "action"]
    assert "shoot" not in names
    state.secured = [rules(state).room(state)]
    names = [o.value for o in action_options(state, i) if o.kind == "action"]
    assert "shoot" in names
    s.taken = ["shoot", "shoot"]
    names = [o.value for o in action_options(state, i) if o.kind == "action"]
    assert "shoot" not in names


@pytest.mark.parametrize("survivors", [2, 5])
def test_s5_win_needs_exit_and_locker_room_and_negan_stays(survivors):
    """HN-R302, HN-R306, HN-A37: the EXIT alone does not win; he stays there (card movement
    ignored, no Clear the Way!); securing the locker room then wins at once."""
    state = ready(5, survivors)
    clear(state)
    b = board(state)
    r = rules(state)
    after_negan_move(state, (b.exits[0],))
    assert EXIT in state.reached and not state.result
    assert r.negan_stays(state)
    assert ("action", "clear-the-way") not in options(state)
    i = state.active
    room = r.room(state)
    state.survivors[i].space = free_space(state, room)
    state.opened.append(room)
    secure_here(state, i)
    assert state.result == "win" and "Weapons Locker" in state.reason


# -- Scenario 6: Supply Run --------------------------------------------------------------------------
@pytest.mark.parametrize("survivors", [2, 5])
def test_s6_armed_and_dangerous_each_keeps_one_of_two_from_the_first_player(survivors):
    """HN-R309: before deployment, from the First Player, each Survivor draws two Supply
    cards, keeps one; the other goes back into the deck (24 cards conserved)."""
    state = new_game(3, scenario=6, survivors=survivors, first_player=0)
    kept = []
    order = []
    while (d := game.decision(state)).kind in ("starting-card", "search"):
        if d.kind == "starting-card":
            i = state.stack[-1].survivor
            order.append(i)
            assert d.player == state.survivors[i].seat
            assert len(d.options) == 2
            assert all(o.value not in ("its-a-trap",) for o in d.options)
            kept.append((i, d.options[1].value))
            game.step(state, d.options[1])
        else:
            game.step(state, d.options[-1])  # keep the weapon aside
    assert d.kind == "deploy"
    assert order == list(range(survivors))
    for i, card in kept:
        s = state.survivors[i]
        assert card in s.cards or card in s.equipped
    starting = {w for s in state.survivors for w in game_weapons(s.id)}
    held = [c for s in state.survivors for c in s.cards + s.equipped if c not in starting]
    assert len(held) == survivors
    assert len(state.decks["supply"]) == 24 - survivors


def test_s6_incidents_are_set_aside_when_drawing_starting_cards():
    """HN-R309 (ruling): an Incident cannot be kept; another card is drawn instead and the
    Incident goes back into the deck."""
    from zedlab.games.heres_negan.content import BINDER

    pack = BINDER.load()
    for seed in range(40):
        state = new_game(seed, scenario=6, survivors=2)
        d = game.decision(state)
        incident = any(e.kind == "starting-cards" and e.args["incidents"] for e in state.events)
        if d.kind == "starting-card":
            assert all(pack.supply[o.value].kind != "incident" for o in d.options)
        if incident:
            return
    raise AssertionError("no seed drew an Incident among 40")


@pytest.mark.parametrize("survivors", [2, 5])
def test_s6_vital_supplies_search_gains_one_rep(survivors):
    """HN-R310: each Search of a Supply token gains 1 Reputation (besides the card)."""
    state = ready(6, survivors)
    clear(state)
    i = state.active
    s = state.survivors[i]
    state.supplies = [s.space]
    before = s.rep
    search(state, i, s.space)
    assert s.rep >= before + 1
    assert any(e.kind == "rep" and e.args["why"] == "Vital Supplies" for e in state.events)


@pytest.mark.parametrize("survivors", [2, 5])
def test_s6_warehouse_adds_a_blue_roll_of_supply_tokens(survivors):
    """HN-R311, HN-A12: opening the Warehouse places a blue roll more Supply tokens than its
    Room card gives."""
    from zedlab.games.heres_negan.content import BINDER

    state = ready(6, survivors)
    clear(state)
    house = board(state).room_named("Warehouse").id
    card = state.decks["room"][-1]
    n = BINDER.load().rooms[card].supplies
    rules_ = rules(state)
    state.rng.force(roll=["2"])
    assert rules_.room_opened(state, house, 0) == 2
    other = next(r for r in sorted(board(state).security) if r != house)
    assert rules_.room_opened(state, other, 0) == 0
    state.supplies.clear()
    state.rng.force(roll=["3!"])
    before = len(state.supplies)
    card_walkers = BINDER.load().rooms[card].walkers
    if not card_walkers:
        enter_room(state, house, 0)
        assert len(state.supplies) - before == min(n + 3, 8)


@pytest.mark.parametrize("survivors", [2, 5])
def test_s6_negan_goes_to_the_loading_bay_first_then_the_exit(survivors):
    """HN-R308, HN-R312, HN-A39: the EXIT reached before the Loading Bay does not count; on
    the Loading Bay he stops for the round; from the next round his target is the EXIT;
    back on it he stays."""
    state = ready(6, survivors)
    clear(state)
    b = board(state)
    r = rules(state)
    bay = [s for o in b.objects if o.kind == "loading-bay" for s in o.spaces]
    assert set(target(state)) == set(bay)
    after_negan_move(state, (b.exits[0],))
    assert state.reached == [] and not r.negan_stays(state)
    state.round = 5
    after_negan_move(state, (bay[0],))
    assert state.reached == ["loading-bay"] and r.negan_stays(state)
    assert set(target(state)) == set(bay)
    state.round = 6
    assert not r.negan_stays(state) and target(state) == b.exits
    after_negan_move(state, (b.exits[0],))
    assert "exit-after-loading-bay" in state.reached and not state.result
    assert r.negan_stays(state)


@pytest.mark.parametrize("survivors", [2, 5])
def test_s6_win_needs_every_room_opened_and_every_supply_collected(survivors):
    """HN-R308, HN-A39: with Negan back on the EXIT, a room never opened or a Supply token
    left on the board keeps the game going; the last Search wins."""
    state = ready(6, survivors)
    clear(state)
    b = board(state)
    state.reached = ["loading-bay", "exit-after-loading-bay"]
    state.opened = sorted(b.security)[1:]
    i = state.active
    s = state.survivors[i]
    win.check(state)
    assert not state.result
    state.opened = sorted(b.security)
    state.supplies = [s.space]
    win.check(state)
    assert not state.result
    search(state, i, s.space)
    win.check(state)
    assert state.result == "win"


# -- Scenario 7: The Best Medicine -------------------------------------------------------------------
@pytest.mark.parametrize("survivors", [2, 5])
def test_s7_first_into_the_first_aid_station_gains_a_blue_roll(survivors):
    """HN-R316: the first Survivor to step into the room gains a blue roll of Rep, once."""
    state = ready(7, survivors)
    r = rules(state)
    room = r.room(state)
    spaces = board(state).areas[room].spaces
    state.rng.force(roll=["2"])
    r.survivor_entered(state, 1, spaces[0])
    assert state.survivors[1].rep == 2
    r.survivor_entered(state, 0, spaces[1])
    assert state.survivors[0].rep == 0


@pytest.mark.parametrize("survivors", [2, 5])
def test_s7_recover_stamina_in_the_station_rolls_blue(survivors):
    """HN-R317: Recover Stamina in the First Aid Station room rolls blue, elsewhere red."""
    state = ready(7, survivors)
    clear(state)
    i = state.active
    s = state.survivors[i]
    assert rules(state).recover_die(state, i) == "red"
    s.space = free_space(state, rules(state).room(state))
    state.opened.append(rules(state).room(state))
    state.secured.append(rules(state).room(state))  # Recover Stamina: in a secured room
    assert rules(state).recover_die(state, i) == "blue"
    s.damage = 3
    state.rng.force(roll=["3!"])
    play(state, "action", "recover-stamina")
    assert s.damage == 0


@pytest.mark.parametrize("survivors", [2, 5])
def test_s7_win_needs_exit_and_the_station_room(survivors):
    """HN-R315, HN-R318, HN-A37: the EXIT alone does not win and he stays on it; the room
    secured then wins."""
    state = ready(7, survivors)
    clear(state)
    b = board(state)
    r = rules(state)
    after_negan_move(state, (b.exits[0],))
    assert not state.result and r.negan_stays(state)
    i = state.active
    room = r.room(state)
    state.survivors[i].space = free_space(state, room)
    state.opened.append(room)
    secure_here(state, i)
    assert state.result == "win" and "First Aid Station" in state.reason


def test_scenarios_4_to_7_are_playable_and_opening_doors_counts_as_opened():
    """Config accepts Scenarios 4-7; HN-A12: opening a door into an unopened room opens it."""
    for n in (4, 5, 6, 7):
        assert game.Config(scenario=n, survivors=3).scenario == n
    state = ready(6, 2)
    clear(state)
    b = board(state)
    door = next(d for d in b.doors if d.state != "locked" and any(
        b.room_of(x) in b.security for x in (d.a, d.b)))
    open_door(state, door.id, state.active)
    assert any(b.room_of(x) in state.opened for x in (door.a, door.b))


def _bot_game(scenario: int, survivors: int, seed: int, kind: str) -> str:
    from zedlab.bots import choose
    from zedlab.core import RNG, Match

    bot = game.bot_kinds()[kind]()
    match = Match.new(game, {"scenario": scenario, "survivors": survivors}, seed=seed)
    rng = RNG.from_seed(seed)
    while match.decision is not None:
        match.play(choose(bot, match.infoset(), rng))
    assert not game.invariants(match.state)
    return match.state.result


@pytest.mark.parametrize("scenario", [4, 5, 6, 7])
def test_bot_games_of_scenarios_4_to_7_end(scenario):
    """Random and heuristic Survivors play each scenario to its end at 2 and 5 Survivors."""
    for seed, survivors in ((0, 2), (1, 5)):
        for kind in ("random", "heuristic"):
            assert _bot_game(scenario, survivors, seed, kind) in ("win", "loss")


def test_the_best_medicine_is_won_and_lost_by_the_heuristic_bot():
    """HN-R315: games end both ways; the bot heads for the First Aid Station room (the view's
    ``wanted_rooms``) and Negan's EXIT."""
    results = {_bot_game(7, 2 + seed % 4, seed, "heuristic") for seed in range(8)}
    assert results == {"win", "loss"}


def test_view_names_negans_target_and_the_rooms_wanted():
    """The view shows Negan's target point now and the rooms the Win Conditions want."""
    state = ready(5, 2)
    assert game.view(state, None)["public"]["negan_target"] == []  # not on the board yet
    state.negan = board(state).negan_start
    view = game.view(state, None)["public"]
    assert view["wanted_rooms"] == [rules(state).room(state)]
    assert view["negan_target"] == list(board(state).exits)
