"""Survive Alive: Objective cards.

Source: Survive Alive rulebook, "Objective Cards", "Defence and Health Tracks",
"Victory and Scoring".
"""

from zedlab.games.survive_alive import Config, game, objectives
from zedlab.games.survive_alive.state import Character

from .helpers import CONTENT, build_free, play


def _two_players_at_spend(seed: int = 0):
    st = game.new(Config(players=2, first_player=0), seed)
    while game.decision(st).kind == "choose-base":
        play(st, "base", "mountain")
    while game.decision(st).kind == "draft":
        d = game.decision(st)
        play(st, d.options[0].kind, d.options[0].value)
    assert game.decision(st).kind == "spend"
    return st


def _play_out(st) -> None:
    """Finish the game with the plainest choices (Done, stay home, the first option)."""
    while st.stack:
        d = game.decision(st)
        kinds = {a.kind: a for a in d.options}
        a = kinds.get("done") or kinds.get("stay") or kinds.get("stop") or d.options[0]
        game.apply(st, a)


def test_instant_objective_reached_by_the_last_defence_mark_is_taken():
    """Objective Cards (Instant): the first player to meet the card takes its points, also
    when the defence mark of round 6 (after the game's last decision) meets it."""
    st = _two_players_at_spend()
    st.round = 6
    st.objectives[1] = "b-defence"  # two defence marks
    a = st.players[0]
    st.char_deck.extend(ch.id for ch in a.chars if ch.id != "percy")
    a.chars = [Character(id="percy", weapons=["knife", "knife"])]  # defends every side
    if "percy" in st.char_deck:
        st.char_deck.remove("percy")
    build_free(a, *[s.id for s in CONTENT.slots["mountain"] if s.kind in ("barricade", "watch-tower")])
    a.defence = 1
    _play_out(st)
    assert a.defence == 2
    assert st.instant_by == 0 and a.instants == ["b-defence"]
    assert objectives.score_breakdown(st, a, CONTENT)["objectives"] >= 3


def _barricades(p, n: int) -> None:
    slots = [s.id for s in CONTENT.slots["mountain"] if s.kind == "barricade"]
    build_free(p, *[s for s in slots if s not in p.built][: n - p.standing.get("barricade", 0)])


def test_leader_objective_goes_to_nobody_when_two_players_meet_it():
    """Objective Cards (Leader): when two or more players meet the minimum at the end of the
    round, nobody takes the card, even if one of them is higher (the printed reading, the
    default)."""
    st = _two_players_at_spend()
    assert st.leader_rule == "printed"
    st.objectives[0] = "a-barricades"  # minimum 4
    a, b = st.players
    _barricades(a, 5)
    _barricades(b, 4)
    objectives.check_leader(st, CONTENT)
    assert st.leader == -1
    st.leader_rule = "highest"
    objectives.check_leader(st, CONTENT)
    assert st.leader == 0


def test_leader_objective_held_passes_to_a_player_who_surpasses():
    """Objective Cards (Leader): taken by the only player meeting it; a later player who
    surpasses the holder takes it; matching the holder is not enough."""
    st = _two_players_at_spend()
    st.objectives[0] = "a-barricades"
    a, b = st.players
    _barricades(a, 4)
    objectives.check_leader(st, CONTENT)
    assert st.leader == 0
    _barricades(b, 4)
    objectives.check_leader(st, CONTENT)
    assert st.leader == 0
    _barricades(b, 5)
    objectives.check_leader(st, CONTENT)
    assert st.leader == 1


def test_leader_rule_is_a_config_option():
    """Objective Cards (Leader): the reading is chosen in the Config and kept in the state."""
    st = game.new(Config(players=2, leader_rule="highest"), 0)
    assert st.leader_rule == "highest"
