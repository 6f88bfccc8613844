"""Survive Alive: Solo Scenario 2's conditions hold in that scenario only.

Source: Survive Alive rulebook, "Solo Scenario 2: Game Conditions" (a wounded Florence does not
help defend; Agatha takes no weapon until Florence is healed), "Step 1", "Facilities" (Forge).
"""

from zedlab.games.survive_alive import Config, event_cards, game, spend

from .helpers import CONTENT, give, solo_at_spend


def _wounded_florence_and_agatha(scenario: int):
    st = solo_at_spend(chars=("florence", "agatha"))
    st.scenario = scenario
    p = st.players[0]
    p.chars[0].wounds = 1
    p.chars[0].weapons = ["axe"]
    st.wound_pool -= 1
    return st, p


def test_wounded_florence_defends_outside_scenario_2():
    """Step 1: every character at the Base may defend; the Solo Scenario 2 condition that a
    wounded Florence cannot is that scenario's only ("Solo Scenario 2: Game Conditions")."""
    st, p = _wounded_florence_and_agatha(0)
    assert event_cards.needs_placing(p, CONTENT, st.scenario) == [0, 1]
    p.chars[0].side = "N"
    assert event_cards.defence_value(p, "N", CONTENT, st.scenario) == 2
    st.scenario = 2
    assert event_cards.needs_placing(p, CONTENT, st.scenario) == [1]
    assert event_cards.defence_value(p, "N", CONTENT, st.scenario) == 0


def test_agatha_takes_weapons_outside_scenario_2():
    """Facilities (Forge): any character may take a forged weapon; "Agatha can't be equipped
    with weapons until Flo is fully healed" belongs to Solo Scenario 2 only."""
    st, p = _wounded_florence_and_agatha(0)
    give(st, p, wood=4, metal=2)
    assert 1 in spend.forge_takers(p, CONTENT, st.scenario)
    assert any(a.kind == "forge" and a.value[0] == 1 for a in game.decision(st).options)
    st.scenario = 2
    assert 1 not in spend.forge_takers(p, CONTENT, st.scenario)
    assert not any(a.kind == "forge" and a.value[0] == 1 for a in game.decision(st).options)


def test_scenario_2_still_keeps_florence_home_from_the_walls():
    """Solo Scenario 2: Game Conditions: at set-up Florence (2 wounds) is not placed."""
    st = game.new(Config(players=1, scenario=2), 3)
    p = st.players[0]
    assert p.chars[0].id == "florence" and p.chars[0].wounds == 2
    assert 0 not in event_cards.needs_placing(p, CONTENT, st.scenario)
