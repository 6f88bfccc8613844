"""One option per choice, and the Spend decision listed in groups for people.

Source: Survive Alive rulebook, "1. Spend Resource Cubes" (building a Barricade on a side) and
"Base Breach" (losing defences of the attacked side first). A side's Barricade spaces are alike
(docs/rulings/survive-alive.md, "Barricade spaces"), so a player chooses a side, not a space.
"""

from __future__ import annotations

from zedlab.cli.menus import Menu, keys_for, menu_items, paths_for
from zedlab.games.survive_alive import game
from zedlab.games.survive_alive.menus import BUILD, FORGE, spend_paths

from .helpers import CONTENT, build_free, give, play, solo_at_spend


def _builds(st) -> list[str]:
    return [a.value for a in game.decision(st).options if a.kind == "build"]


def test_one_barricade_option_per_side_the_first_free_space():
    st = solo_at_spend(chars=("bruce", "olivia"))
    p = st.players[0]
    give(st, p, wood=6)
    walls = [v for v in _builds(st) if v.startswith("barricade-")]
    assert walls == ["barricade-N-0", "barricade-E-0", "barricade-S-0", "barricade-W-0"]
    play(st, "build", "barricade-N-0")
    walls = [v for v in _builds(st) if v.startswith("barricade-")]
    assert walls == ["barricade-N-1", "barricade-E-0", "barricade-S-0", "barricade-W-0"]
    build_free(p, "barricade-N-1", "barricade-N-2")
    assert not any(v.startswith("barricade-N") for v in _builds(st))  # the North side is full


def test_a_breach_offers_one_barricade_per_side():
    """Round 1, nobody home, 6 Zeds from the North against one tower and three barricades:
    the player loses "a Barricade on the North side" or the tower, two choices, not four."""
    from .test_examples import _to_events

    st = solo_at_spend(chars=("dario", "david"))
    p = st.players[0]
    build_free(p, "watch-tower-NE", "barricade-N-0", "barricade-N-1", "barricade-N-2")
    for ch in p.chars:
        ch.away = True
    card = next(e.id for e in CONTENT.events.values() if e.zeds == 5 and e.side == "N")
    _to_events(st, [card])
    d = game.decision(st)
    assert d.kind == "breach-lose"
    assert [a.value for a in d.options] == ["barricade-N-0", "watch-tower-NE"]
    assert [a.label for a in d.options] == [
        "Lose a Barricade on the North side", "Lose a Watch Tower on the North-East corner"]


def test_the_spend_decision_is_listed_by_what_is_done_then_by_facility_or_weapon():
    st = solo_at_spend(chars=("bruce", "olivia", "hank"))
    p = st.players[0]
    build_free(p, next(s.id for s in CONTENT.slots[p.base] if s.kind == "forge"))
    give(st, p, wood=4, metal=3, cloth=2, brick=1)
    d = game.decision(st)
    paths = game.option_groups(st, d)
    assert paths == spend_paths(d.options, CONTENT) and len(paths) == len(d.options)
    assert paths_for(d.options, paths) is not None  # long enough to be grouped
    top = [item.text for item in menu_items(d.options, paths, ())]
    assert top[0].startswith(f"{BUILD}... (") and top[1].startswith(f"{FORGE}... (")
    assert top[-1] == "Done"
    walls = menu_items(d.options, paths, (BUILD, "Barricade (2 wood)"))
    assert [i.action.value for i in walls] == [f"barricade-{s}-0" for s in "NESW"]
    axes = menu_items(d.options, paths, (FORGE, "Axe +2 (1 wood, 1 metal; the Forge's discount)"))
    assert [i.action.label for i in axes] == [
        f"Forge an Axe (+2) for {n} (1 wood, 1 metal; the Forge's discount)" for n in ("Bruce", "Olivia", "Hank")]
    for index in range(len(d.options)):  # every option is reachable through the groups
        menu = Menu(d.options, paths)
        keys = keys_for(d.options, paths, index)
        for key in keys[:-1]:
            menu.open(menu.items[int(key) - 1].group)
        assert menu.items[int(keys[-1]) - 1].action is d.options[index]
    assert game.option_groups(st, d._replace(kind="discard")) is None
