"""Survive Alive: Objective cards.

Source: Survive Alive rulebook, "Objective Cards", "Defence and Health Tracks",
"Victory and Scoring".
"""

from zedlab.games.survive_alive import Config, game
from zedlab.games.survive_alive import phases as ph
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
    while st.phase != "over":
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
    assert ph.score_breakdown(st, a, CONTENT)["objectives"] >= 3
