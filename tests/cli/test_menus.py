"""Long decisions listed in groups at the terminal (:mod:`zedlab.cli.menus`)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from zedlab.cli.menus import GROUP_OVER, Menu, keys_for, menu_items, paths_for
from zedlab.core import Action

BUILD, FORGE = "Build a facility", "Forge a weapon"


def _spend() -> tuple[list[Action], list[tuple[str, ...]]]:
    options = [Action("build", f"barricade-{s}", f"Barricade {s}") for s in "NESW"]
    paths: list[tuple[str, ...]] = [(BUILD, "Barricade (2 wood)")] * 4
    options += [Action("build", "bed-0-0", "Bed 0"), Action("build", "bed-2-4", "Bed 1")]
    paths += [(BUILD, "Bed (1 wood, 1 cloth)")] * 2
    options.append(Action("build", "radio-1-2", "Radio"))
    paths.append((BUILD, "Radio (1 wood, 2 metal)"))
    options += [Action("forge", (i, "axe"), f"Axe for {i}") for i in range(5)]
    paths += [(FORGE, "Axe (2 wood, 1 metal)")] * 5
    options += [Action("trade", None, "Trade"), Action("done", None, "Done")]
    paths += [(), ()]
    return options, paths


def test_short_or_ungrouped_decisions_stay_flat() -> None:
    options, paths = _spend()
    assert len(options) > GROUP_OVER
    assert paths_for(options, None) is None
    assert paths_for(options, paths[:-1]) is None  # not one path per option: flat, not a crash
    assert paths_for(options, [()] * len(options)) is None
    assert paths_for(options[:GROUP_OVER], paths[:GROUP_OVER]) is None
    assert paths_for(options, paths) == paths


def test_levels_list_groups_where_their_first_option_is() -> None:
    options, paths = _spend()
    top = menu_items(options, paths, ())
    assert [i.text for i in top] == [
        "Build a facility... (7 choices)", "Forge a weapon... (5 choices)", "Trade", "Done",
    ]
    build = menu_items(options, paths, (BUILD,))
    # the Radio's group holds one option: it is listed as the option itself
    assert [i.text for i in build] == [
        "Barricade (2 wood)... (4 choices)", "Bed (1 wood, 1 cloth)... (2 choices)", "Radio",
    ]
    assert build[2].action == options[6]
    sides = menu_items(options, paths, (BUILD, "Barricade (2 wood)"))
    assert [i.action for i in sides] == options[:4]


def test_a_level_of_one_group_opens_it_and_back_skips_it() -> None:
    options = [Action("forge", (i, "axe"), f"Axe for {i}") for i in range(14)]
    paths = [(FORGE, "Axe")] * 14
    menu = Menu(options, paths)
    assert menu.at == (FORGE, "Axe") and not menu.can_back
    assert [i.action for i in menu.items] == options
    menu.back()
    assert menu.at == (FORGE, "Axe")


def test_back_goes_up_one_level() -> None:
    options, paths = _spend()
    menu = Menu(options, paths)
    menu.open((BUILD, "Bed (1 wood, 1 cloth)"))
    assert menu.can_back
    menu.back()
    assert menu.at == (BUILD,)
    menu.back()
    assert menu.at == () and not menu.can_back


@given(st.lists(st.tuples(st.sampled_from(["", "A", "B"]), st.sampled_from(["", "x", "y"])),
                min_size=GROUP_OVER + 1, max_size=30))
def test_every_option_is_reachable_by_its_keys(shape: list[tuple[str, str]]) -> None:
    """Property: following :func:`keys_for` through a :class:`Menu` plays that very option,
    and every option is listed exactly once across the levels."""
    options = [Action("o", i, f"option {i}") for i in range(len(shape))]
    raw = [tuple(t for t in (a, b if a else "") if t) for a, b in shape]
    paths = paths_for(options, raw)
    for index in range(len(options)):
        menu = Menu(options, paths)
        keys = keys_for(options, paths, index)
        for key in keys[:-1]:
            item = menu.items[int(key) - 1]
            assert item.action is None
            menu.open(item.group)
        assert menu.items[int(keys[-1]) - 1].action is options[index]
    if paths is not None:
        listed: list[int] = []
        todo: list[tuple[str, ...]] = [Menu(options, paths).at]
        while todo:
            for item in menu_items(options, paths, todo.pop()):
                if item.action is None:
                    todo.append(item.group)
                else:
                    listed.append(item.action.value)
        assert sorted(listed) == list(range(len(options)))
