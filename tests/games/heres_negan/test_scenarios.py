"""The twelve scenario maps: they load for 2-5 Survivors, follow "Number of Survivors",
match each scenario's description, are connected, and render.

Source: Here's Negan rulebook, "Tiles", "Setting Up a Game", "Number of Survivors" and every
scenario's map description.
"""

from __future__ import annotations

import xml.dom.minidom
from pathlib import Path

import pytest
from rich.console import Console

from zedlab.core.errors import ConfigError, ContentError
from zedlab.games.heres_negan.board import (
    Scene,
    connected_parts,
    load_scenario,
    load_scenario_map,
    load_tiles,
    negan_plan,
    scenario_ids,
    survivor_steps,
)
from zedlab.games.heres_negan.board.content import min_survivors
from zedlab.games.heres_negan.board.render import board_text, render_board, render_svg

SURVIVORS = (2, 3, 4, 5)
ALL = [(n, s) for n in range(1, 13) for s in SURVIVORS]

# tiles per scenario as described (the 15/16 pair counts as two tiles)
TILE_COUNTS = {1: 4, 2: 8, 3: 9, 4: 11, 5: 11, 6: 11, 7: 10, 8: 10, 9: 10, 10: 11, 11: 9, 12: 11}


@pytest.mark.parametrize(("number", "survivors"), ALL)
def test_every_scenario_loads_and_renders(number: int, survivors: int) -> None:
    """Every scenario map loads for 2-5 Survivors and renders as text, Rich and SVG."""
    board = load_scenario(number, survivors)
    assert board.survivors == survivors
    text = board_text(board)
    assert text.count("\n") == 2 * board.height
    assert text.count("n") >= 1  # Negan's start point
    console = Console(width=200, record=True, color_system=None)
    console.print(render_board(board))
    out = console.export_text()
    assert board.name in out and "Negan's start point" in out
    svg = xml.dom.minidom.parseString(render_svg(board))
    assert svg.documentElement.tagName == "svg"


@pytest.mark.parametrize(("number", "survivors"), ALL)
def test_every_scenario_is_connected_sealed_rooms_excepted(number: int, survivors: int) -> None:
    """All spaces outside sealed rooms join up once doors are opened (one part), and
    Negan's start, the EXIT and the deployment area are never in sealed rooms.
    Source: rulebook, "Tiles" (sealed rooms play no part)."""
    board = load_scenario(number, survivors)
    parts = connected_parts(board)
    assert len(parts) == 1
    for s in (board.negan_start, *board.exits, *board.deployment):
        assert s is not None and not board.in_sealed_room(s)
        assert board.kind[s] != 3, "start, EXIT and deployment are corridor spaces"


@pytest.mark.parametrize("number", range(1, 13))
def test_number_of_survivors_leaves_off_coloured_pieces(number: int) -> None:
    """5 Survivors: every piece; 4: no red; 3: no red or orange; 2: no red, orange, yellow.
    Rooms left with no door are sealed and keep no Security token.
    Source: rulebook, "Number of Survivors"."""
    _path, spec = load_scenario_map(number)
    for survivors in SURVIVORS:
        board = load_scenario(number, survivors)
        want_doors = sum(min_survivors(d.colour) <= survivors for d in spec.doors)
        want_tokens = sum(min_survivors(t.colour) <= survivors for t in spec.security)
        assert len(board.doors) == want_doors
        assert len(board.security) == want_tokens
        for room in board.rooms():
            assert room.sealed == (room.id not in board.security), room.name
    counts = [len(load_scenario(number, s).doors) for s in SURVIVORS]
    assert counts == sorted(counts) and counts[0] < counts[-1]
    assert len(load_scenario(number, 5).doors) == len(spec.doors)


@pytest.mark.parametrize("number", range(1, 13))
def test_scenario_layout_matches_its_description(number: int) -> None:
    """Tile count per the map description; each physical tile shows one face."""
    _path, spec = load_scenario_map(number)
    tiles = load_tiles()
    numbers = [n for p in spec.tiles for n in tiles[p.face].tiles]
    assert len(numbers) == TILE_COUNTS[number]
    assert len(set(numbers)) == len(numbers)
    assert spec.source == "designed" and spec.note


def test_scenario_features_named_in_the_rulebook() -> None:
    """Special rooms, objects and regions the scenarios' rules refer to exist and are
    reachable with any number of Survivors. Source: rulebook, Scenarios 5-12."""
    for survivors in SURVIVORS:
        assert "Weapons Locker" in [o.name for o in load_scenario(5, survivors).objects]
        s6 = load_scenario(6, survivors)
        assert {"Loading Bay", "Weapons Locker"} <= {o.name for o in s6.objects}
        assert s6.room_named("Warehouse").tiles == ("15-16a",)
        assert len(s6.room_named("Warehouse").spaces) == 40
        assert "First Aid Station" in [o.name for o in load_scenario(7, survivors).objects]
        s8 = load_scenario(8, survivors)
        assert "Loading Bay" in [o.name for o in s8.objects] and len(s8.barrels) >= 3
        s9 = load_scenario(9, survivors)
        assert [o.name for o in s9.objects].count("Furnace") == 2
        floor = set(s9.regions["factory-floor"])
        assert any(s in floor for o in s9.objects for s in o.spaces)
        assert {t.face for t in s9.tiles} >= {"1b", "2b"}
        s10 = load_scenario(10, survivors)
        assert "Generator" in [o.name for o in s10.objects]
        assert s10.room_named("Warehouse").spaces
        s11 = load_scenario(11, survivors)
        assert {e.level for e in s11.entry_points} == {"low", "medium", "high"}
        s12 = load_scenario(12, survivors)
        assert not s12.room_named("board-room").sealed
        for board in (s6, s8, s9, s10, s11, s12, load_scenario(5, survivors)):
            for obj in board.objects:
                room = board.room_of(obj.spaces[0])
                assert obj.kind == "loading-bay" or (room is not None and not board.areas[room].sealed)


def test_barrels_follow_the_survivor_count() -> None:
    """Scenario 8 needs 3/4/5/7 barrels for 2/3/4/5 Survivors; the map places at least the
    required number up to the 5 barrels in the box. Source: rulebook, "Scenario 8"."""
    need = {2: 3, 3: 4, 4: 5, 5: 7}
    for survivors in SURVIVORS:
        placed = len(load_scenario(8, survivors).barrels)
        assert placed >= min(need[survivors], 5)
        assert placed <= 5


@pytest.mark.parametrize("number", [n for n in range(1, 13) if n != 11])
def test_negan_has_a_way_to_the_exit(number: int) -> None:
    """With every room secured and every door open, Negan has an open route to the EXIT.
    Source: rulebook, "Moving Negan"."""
    board = load_scenario(number, 5)
    scene = Scene.initial(
        board,
        negan=board.negan_start,
        open_doors=[d.id for d in board.doors],
        secured=list(board.security),
    )
    plan = negan_plan(board, scene, board.exits)
    assert plan.open and plan.route[-1] in board.exits


def test_scenario_ids_and_errors() -> None:
    assert scenario_ids() == list(range(1, 13))
    assert load_scenario("training-day", 2) is load_scenario(1, 2)
    with pytest.raises(ConfigError, match="scenarios are 1-12"):
        load_scenario(13)
    with pytest.raises(ConfigError, match="2-5 Survivors"):
        load_scenario(1, 6)
    with pytest.raises(ConfigError, match="training-day"):
        load_scenario("no-such-scenario")
    assert load_scenario("07", 2) is load_scenario(7, 2)
    for odd in ("\u00b2", "\u0661", "9" * 5000):  # superscript two, Arabic-Indic one, huge
        with pytest.raises(ConfigError, match="scenarios are 1-12"):
            load_scenario(odd)


def test_tiles_are_sixteen_double_sided() -> None:
    """16 double-sided tiles; 15/16 is one 10x5 face per side. Source: rulebook, "Tiles"."""
    tiles = load_tiles()
    sides = {(n, t.side) for t in tiles.values() for n in t.tiles}
    assert sides == {(n, side) for n in range(1, 17) for side in "AB"}
    assert all(t.source == "designed" and t.note for t in tiles.values())
    courtyards = [tiles["1a"], tiles["2a"], tiles["1b"], tiles["2b"]]
    for face in courtyards:  # mostly corridor
        assert face.grid.count(".") >= 18


def _copy_content(tmp_path: Path) -> Path:
    src = Path(load_scenario_map(1)[0]).parent.parent
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "tiles.toml").write_text((src / "tiles.toml").read_text())
    for f in (src / "scenarios").iterdir():
        (tmp_path / "scenarios" / f.name).write_text(f.read_text())
    return tmp_path


def test_bad_tile_names_file_entry_field_and_position(tmp_path: Path) -> None:
    content = _copy_content(tmp_path)
    tiles = (content / "tiles.toml").read_text()
    bad = tiles.replace(" . .|a a|. ", " . .|a a|? ", 1)
    assert bad != tiles
    (content / "tiles.toml").write_text(bad)
    with pytest.raises(ContentError) as err:
        load_tiles(content)
    msg = str(err.value)
    assert "tiles.toml" in msg and "entry '1a'" in msg and "field 'grid'" in msg
    assert "line 6" in msg and "'?'" in msg


def test_bad_scenario_door_names_file_entry_field(tmp_path: Path) -> None:
    content = _copy_content(tmp_path)
    path = content / "scenarios" / "01-training-day.toml"
    text = path.read_text()
    bad = text.replace('side = "E", colour = "any" }', 'side = "Q", colour = "any" }', 1)
    assert bad != text
    path.write_text(bad)
    with pytest.raises(ContentError) as err:
        load_scenario(1, 5, content)
    msg = str(err.value)
    assert "01-training-day.toml" in msg and "field 'doors'" in msg and "field 'side'" in msg


def test_door_not_on_a_wall_is_refused(tmp_path: Path) -> None:
    content = _copy_content(tmp_path)
    path = content / "scenarios" / "01-training-day.toml"
    text = path.read_text()
    bad = text.replace("doors = [\n", 'doors = [\n  { at = [0, 0], side = "E" },\n', 1)
    path.write_text(bad)
    with pytest.raises(ContentError, match=r"field 'doors' entry #1: .* not on a wall"):
        load_scenario(1, 5, content)


def test_piece_on_blocking_scenery_is_refused(tmp_path: Path) -> None:
    """A Security token must be a space Walkers can be placed on, not the Generator's."""
    content = _copy_content(tmp_path)
    path = content / "scenarios" / "10-spark-of-life.toml"
    text = path.read_text()
    bad = text.replace('  { at = [5, 1], colour = "any" },', '  { at = [5, 0], colour = "any" },', 1)
    assert bad != text
    path.write_text(bad)
    with pytest.raises(ContentError, match=r"field 'security': .*scenery"):
        load_scenario(10, 5, content)


def test_negan_starting_targets() -> None:
    """Scenario 6 starts towards the Loading Bay, Scenario 11 towards the highest Entry
    Point, the rest towards the EXIT. Source: rulebook, Scenarios 6 and 11, "Moving Negan"."""
    from zedlab.games.heres_negan.board import initial_target

    s6 = load_scenario(6, 3)
    bay = [o for o in s6.objects if o.kind == "loading-bay"][0]
    assert initial_target(s6) == bay.spaces
    s11 = load_scenario(11, 2)
    top = initial_target(s11)
    assert top and all(e.level == "high" for e in s11.entry_points if e.space in top)
    plan = negan_plan(s11, Scene.initial(s11, negan=s11.negan_start), top)
    assert plan.attempted is not None and plan.attempted[-1] in top
    s1 = load_scenario(1, 4)
    assert initial_target(s1) == s1.exits


@pytest.mark.parametrize("number", range(1, 13))
def test_picture_in_the_scenario_file_matches_its_data(number: int) -> None:
    """Each scenario file opens with a drawing of its map; it must show what the data says."""
    path, _spec = load_scenario_map(number)
    lines = Path(path).read_text().splitlines()
    start = lines.index("#") + 1
    end = lines.index("", start)
    drawn = [line[2:] for line in lines[start:end]]
    assert drawn == board_text(load_scenario(number, 5)).splitlines()


@pytest.mark.parametrize(("number", "survivors"), ALL)
def test_deployment_area_holds_five_survivors(number: int, survivors: int) -> None:
    """HN-R264, HN-R269: every Survivor starts in the Deployment Area, one model a space, so
    it needs room for the largest party (five) whatever the count. Source: rulebook,
    "Setting Up a Game", "Number of Survivors"."""
    board = load_scenario(number, survivors)
    taken = {board.negan_start, *board.exits, *board.barricades, *board.barrels,
             *board.walker_tokens, *board.air_ducts, *board.security.values(),
             *(e.space for e in board.entry_points), *board.object_spaces()}
    free = set(board.deployment) - taken
    assert len(set(board.deployment)) == len(board.deployment)
    assert len(free) >= 5
    for s in free:
        assert board.is_space(s) and not board.in_sealed_room(s) and board.kind[s] != 3


@pytest.mark.parametrize(("number", "survivors"), ALL)
def test_every_room_in_play_can_be_entered_past_the_scenery(number: int, survivors: int) -> None:
    """A Survivor can walk from the deployment area into every room in play with every door
    open, scenery that blocks movement (Weapons Locker, Generator, Furnaces...) in the way:
    a room no one can enter could never be Secured (Scenario 5's Weapons Locker room once
    could not be). Source: rulebook, "Tiles", "Secure"; Scenario 5 "Objective"."""
    board = load_scenario(number, survivors)
    scene = Scene(open_doors=frozenset(d.id for d in board.doors))
    seen = set(board.deployment)
    frontier = list(seen)
    while frontier:
        for t in survivor_steps(board, scene, frontier.pop(), jumped_already=False):
            if t not in seen:
                seen.add(t)
                frontier.append(t)
    for room in board.rooms():
        if room.sealed:
            continue
        assert seen.intersection(room.spaces), (
            f"scenario {number} ({survivors} Survivors): no way into {room.name} "
            f"({board.label(room.spaces[0])})"
        )
