"""What the player is told when Wild cubes pay and before the last round's cubes are lost.

Source: Survive Alive rulebook, "Resource Cubes" (Wild), "2. Discard Resource Cubes",
"Victory and Scoring" (8. Resources cubes). Only what is shown changes; the rules do not."""

from __future__ import annotations

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.discard import discard_prompt
from zedlab.games.survive_alive.rules import paid_text
from zedlab.games.survive_alive.steps import PlaceDefender

from .helpers import CONTENT, build_free, give, log, play, solo_at_spend


def test_the_log_says_what_the_wild_cubes_stood_in_for():
    st = solo_at_spend(chars=("bruce", "olivia"))
    give(st, st.players[0], wood=1, wild=1)
    play(st, "build", "barricade-N-0")
    assert log(st)[-1] == "Seat 0 builds a Barricade on the North side for 1 wood, 1 wild (Wild for 1 wood)"


def test_without_wild_cubes_the_cost_reads_as_before():
    assert paid_text([2, 0, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0, 0]) == "2 wood"


def test_the_last_round_warns_before_unstored_cubes_are_discarded():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    give(st, p, wood=2, food=1)
    assert "Last round" not in game.decision(st).prompt
    st.round = st.final_round
    assert "Last round: cubes not stored next are lost" in game.decision(st).prompt
    assert "Last round: 3 cubes not stored or set aside now will be lost" in discard_prompt(st, p)
    st.round = st.final_round - 1
    assert "Last round" not in discard_prompt(st, p)


def test_a_failed_defence_and_a_breach_say_why_they_cost_what_they_cost():
    """Source: "Step 1" (defending: deficit 1-4 wounds, 5 or more kills) and "Base breach"
    (one facility lost per point of deficit when nobody defends)."""
    import random

    from zedlab.core import Match

    seen = set()
    for seed in range(3):
        m = Match.new(game, seed=seed, players=1)
        rng = random.Random(seed)
        while not m.over:
            m.play(m.decision.options[rng.randrange(len(m.decision.options))])
        for line in m.log(None):
            if " fails on the " in line:
                assert line.endswith(("every character in the Base dies)", "every character in the Base takes a wound)")), line
                seen.add("failed")
            if "is breached" in line:
                assert "deficit" in line, line
                seen.add("breached")
    assert seen == {"failed", "breached"}


def test_placing_a_lone_defender_against_an_attack_it_cannot_hold_is_warned():
    """"4. Draw Event Cards", Step 1 (attack = Zeds + round; fewer shields fail): Tom alone,
    with a Bat (+1), against a 5-Zed attack from the North in round 1 (attack 6). With
    nothing built every side he may take loses alike: no warning (nothing to choose
    between). With 3 North barricades and the North-East tower (5 shields) the North holds
    only with him: standing East is warned, North is not; with both towers nothing is."""
    st = solo_at_spend(chars=("tom",))
    p = st.players[0]
    p.chars[0].weapons = ["bat"]
    card = next(e for e in CONTENT.events.values() if e.zeds == 5 and e.side == "N")
    st.round = 1
    st.drawn = [card.id]
    st.stack.append(PlaceDefender(seat=0, char=0))
    d = game.decision(st)
    assert all(game.option_warning(st, d, a) is None for a in d.options)
    build_free(p, "barricade-N-0", "barricade-N-1", "barricade-N-2", "watch-tower-NE")
    d = game.decision(st)
    assert game.option_warning(st, d, next(a for a in d.options if a.value == "N")) is None
    east = next(a for a in d.options if a.value == "E")
    assert game.option_warning(st, d, east) == (
        f"The attack 6 (5 Zeds on {card.name} + round 1) on the North side certainly beats it:"
        " at most 5 shields there with Tom on the East side (deficit 1 or more).")
    build_free(p, "watch-tower-NW")
    d = game.decision(st)
    assert all(game.option_warning(st, d, a) is None for a in d.options)
