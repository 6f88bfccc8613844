"""The text and SVG pictures of a board with pieces on it, and ``zedlab map``."""

from __future__ import annotations

import xml.dom.minidom

import pytest
from rich.console import Console
from typer.testing import CliRunner

from zedlab.cli import app
from zedlab.games.heres_negan.board import Scene, load_scenario
from zedlab.games.heres_negan.board.render import board_text, render_board, render_svg


def test_pieces_are_drawn_in_their_spaces() -> None:
    board = load_scenario(1, 5)
    a, b, c, d, e = (board.deployment[0], board.at(7, 4), board.at(8, 4), board.at(9, 3),
                     board.at(11, 4))
    scene = Scene.initial(
        board, negan=board.negan_start, walkers=(b,), prone=(c,), walker_tokens=(d,),
        supplies=(e,), open_doors=(0,),
    )
    lines = board_text(board, scene, {"Tara": a}).splitlines()

    def glyph(space: int) -> str:
        x, y = board.xy(space)
        return lines[2 * y + 1][2 * x + 1]

    assert glyph(a) == "T" and glyph(b) == "W" and glyph(c) == "w" and glyph(d) == "?"
    assert glyph(e) == "*" and glyph(board.negan_start) == "N"
    assert glyph(board.exits[0]) == "X"
    door = board.doors[0]
    (ax, ay), (bx, by) = board.xy(door.a), board.xy(door.b)
    assert lines[ay + by + 1][ax + bx + 1] == "O"  # the open door
    console = Console(width=120, record=True, color_system=None)
    console.print(render_board(board, scene, {"Tara": a}))
    out = console.export_text()
    assert "T Tara" in out and "W Walker" in out and "? Walker token" in out
    svg = render_svg(board, scene, {"Tara": a})
    assert xml.dom.minidom.parseString(svg).documentElement.tagName == "svg"
    assert ">T</text>" in svg


def test_zedlab_map_prints_any_scenario_for_any_survivor_count() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["map", "heres-negan", "4", "--survivors", "3", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Scenario 4: Seeking Sanctuary" in result.output
    assert result.output.count("X") >= 1
    two = runner.invoke(app, ["map", "heres-negan", "4", "--survivors", "2", "--plain"])
    assert two.output.count("$") < result.output.count("$")


def test_zedlab_map_svg_and_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runner = CliRunner()
    out = tmp_path / "map.svg"
    result = runner.invoke(app, ["map", "heres-negan", "training-day", "--svg", str(out)])
    assert result.exit_code == 0 and out.read_text().startswith("<svg")
    bad = runner.invoke(app, ["map", "heres-negan", "13"])
    assert bad.exit_code != 0 and "1-12" in str(bad.exception)
    other = runner.invoke(app, ["map", "pig", "1"])
    assert other.exit_code != 0 and "heres-negan" in str(other.exception)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["4", "--svg", "/proc/nope/x.svg"], "--svg /proc/nope/x.svg: the folder /proc/nope"),
        (["4", "--svg", "{tmp}"], "is a folder; give a file name"),
        (["9" * 5000], "does not exist; scenarios are 1-12"),
        (["\u0664"], "does not exist; scenarios are 1-12"),
    ],
)
def test_zedlab_map_bad_input_is_one_line_exit_2(  # type: ignore[no-untyped-def]
    args, expected, tmp_path, capsys, monkeypatch
) -> None:
    """Bad scenario numbers and unwritable --svg targets: one clear line, exit 2."""
    import sys

    from zedlab.cli import main

    args = [a.format(tmp=tmp_path) for a in args]
    monkeypatch.setattr(sys, "argv", ["zedlab", "map", "heres-negan", *args])
    with pytest.raises(SystemExit) as exc:
        main()
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert expected in err and err.count("\n") == 1, err
