"""Property tests over dice and boards: the Hunt count, scoring and Zombie conservation.

Source: Run, Fight, or Die! rulebook, "Hunt Phase", "Action Dice Icons", "Final Scoring".
"""

from hypothesis import given
from hypothesis import strategies as st

from zedlab.games.run_fight_or_die import game
from zedlab.games.run_fight_or_die.scoring import victory_points
from zedlab.games.run_fight_or_die.turn import hunt_size

from .helpers import B, G, R, S, at_actions, new, turn_step

DICE = st.lists(st.integers(0, 5), min_size=5, max_size=5)
ZONES = st.lists(st.integers(0, 8), min_size=3, max_size=3)


@given(dice=DICE, all_quiet=st.booleans(), event=st.sampled_from(["", "full-moon", "thick-fog", "calm-night"]))
def test_hunt_is_base_plus_unignored_zombie_symbols(dice, all_quiet, event):
    s = at_actions(new(rolls=[B, B, G, R, S, "amulet"]), dice)
    s.all_quiet = all_quiet
    s.current_event = event
    base = 0 if all_quiet else max(0, 3 + {"": 0, "full-moon": 1, "thick-fog": -1, "calm-night": -3}[event])
    assert hunt_size(s) == base + dice.count(5)


@given(wounds=st.integers(0, 5), followers=st.lists(st.sampled_from(["the-mayor", "farmer", "klutz", "gun-nut"]), unique=True), tokens=st.integers(0, 5))
def test_victory_points_are_health_plus_followers_plus_tokens(wounds, followers, tokens):
    s = new(rolls=[B, B, G, R, S, "all-quiet"], characters=("veteran", "athlete"))
    p = s.players[0]
    p.wounds = wounds
    p.followers = list(followers)
    p.mutant_tokens = tokens
    vp = {"the-mayor": 4, "farmer": 2, "klutz": 2, "gun-nut": 2}
    assert victory_points(s, 0) == 5 - wounds + sum(vp[f] for f in followers) + tokens


@given(dice=DICE, zones=ZONES, picks=st.lists(st.integers(0, 30), max_size=12))
def test_actions_keep_zombies_conserved_and_non_negative(dice, zones, picks):
    s = at_actions(new(rolls=[B, B, G, R, S, "all-quiet"]), dice)
    moved = sum(zones) - sum(s.players[0].zones)
    s.players[0].zones = list(zones)
    s.reserve -= moved
    for pick in picks:
        d = game.decision(s)
        if d is None or turn_step(s) not in ("actions", "advance") or d.player != 0:
            break
        game.apply(s, d.options[pick % len(d.options)])
        assert all(z >= 0 for z in s.players[0].zones) and s.reserve >= 0
        assert game.invariants(s) == []
