"""Survive Alive: the Forge takes one cube off a weapon, even its last.

Source: Survive Alive rulebook, "Facilities" (Forge: the cost of forging falls by any one
resource), "Character Abilities" (Tom, designed: once a round a weapon costs one wood less).
"""

from zedlab.games.survive_alive import game
from zedlab.games.survive_alive import rules as ru

from .helpers import CONTENT, build_free, give, solo_at_spend


def test_forge_takes_one_cube_off_a_two_cube_weapon():
    """Facilities (Forge): a Wrench (2 metal) costs 1 metal with a Forge."""
    st = solo_at_spend(chars=("bruce", "buzz"))
    p = st.players[0]
    build_free(p, "forge-1-3")
    assert ru.weapon_cost(p, "wrench", CONTENT)[0] == ru.counts(["metal"])


def test_forge_can_make_a_weapon_free():
    """Facilities (Forge): "by any one resource" sets no floor, so with Tom's wood off a Bat
    (2 wood -> 1 wood) the Forge takes the last wood: the Bat is free (ruling)."""
    st = solo_at_spend(chars=("tom", "buzz"))
    p = st.players[0]
    build_free(p, "forge-1-3")
    cost, taps = ru.weapon_cost(p, "bat", CONTENT)
    assert sum(cost) == 0 and taps == [0]
    give(st, p, herb=1)  # a hand with no wood or metal at all
    forges = [a for a in game.decision(st).options if a.kind == "forge" and a.value[1] == "bat"]
    assert forges and forges[0].label.endswith("(free; Tom's and the Forge's discounts)")
    game.apply(st, forges[0])
    assert "bat" in p.chars[forges[0].value[0]].weapons
    assert p.cubes == ru.counts(["herb"])
    assert game.invariants(st) == []
