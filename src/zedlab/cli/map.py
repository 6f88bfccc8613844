"""``zedlab map GAME SCENARIO``: print a scenario's map."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..core.errors import ConfigError
from . import app
from .files import check_replaceable, check_writable, is_svg_file

MAP_GAMES = ("heres-negan",)


@app.command("map")
def map_command(
    game: Annotated[str, typer.Argument(help="Game with scenario maps: heres-negan.")],
    scenario: Annotated[
        str, typer.Argument(help="Scenario number (1-12) or id (training-day).")
    ],
    survivors: Annotated[
        int, typer.Option("--survivors", "-s", help="Starting Survivors, 2-5.")
    ] = 5,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also write the map as SVG here.")
    ] = None,
    plain: Annotated[bool, typer.Option("--plain", help="No colours and no key.")] = False,
    route: Annotated[
        bool, typer.Option("--route/--no-route", help="Mark Negan's shortest route (~).")
    ] = True,
) -> None:
    """Print a scenario's map as set up for a number of Survivors."""
    if game not in MAP_GAMES:
        raise ConfigError(f"no maps for {game!r}; games with maps: {', '.join(MAP_GAMES)}")
    if scenario.isdigit() and not (scenario.isascii() and len(scenario) <= 3):
        shown = scenario if len(scenario) <= 12 else scenario[:12] + "…"
        raise ConfigError(f"scenario {shown!r} does not exist; scenarios are 1-12")
    if svg is not None:
        check_writable(svg, "--svg")
        check_replaceable(svg, "--svg", "an SVG image", is_svg_file)
    from ..games.heres_negan.board import Scene, initial_target, load_scenario, negan_plan
    from ..games.heres_negan.board.render import board_text, render_board, render_svg

    board = load_scenario(scenario, survivors)
    marks: tuple[int, ...] = ()
    if route:
        plan = negan_plan(board, Scene.initial(board, negan=board.negan_start), initial_target(board))
        marks = plan.route if plan.open else (plan.attempted or ())
    console = Console()
    if plain:
        console.print(board.name, markup=False, highlight=False)
        console.print(board_text(board, route=marks), markup=False, highlight=False)
    else:
        console.print(render_board(board, route=marks))
    if svg is not None:
        try:
            svg.write_text(render_svg(board), encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"--svg {svg}: cannot write: {exc.strerror or exc}") from None
        console.print(f"SVG written to {svg}", markup=False, highlight=False)
