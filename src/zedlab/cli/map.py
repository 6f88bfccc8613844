"""``zedlab map GAME SCENARIO``: print a scenario's map."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import map_games, maps
from ..core.errors import ConfigError
from . import app
from .files import check_replaceable, check_writable, is_svg_file


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
    if game not in map_games():
        raise ConfigError(f"no maps for {game!r}; games with maps: {', '.join(map_games())}")
    if scenario.isdigit() and not (scenario.isascii() and len(scenario) <= 3):
        shown = scenario if len(scenario) <= 12 else scenario[:12] + "…"
        raise ConfigError(f"scenario {shown!r} does not exist; scenarios are 1-12")
    if svg is not None:
        check_writable(svg, "--svg")
        check_replaceable(svg, "--svg", "an SVG image", is_svg_file)
    title, drawing = maps(game).draw(scenario, survivors, route=route, plain=plain)
    console = Console()
    if plain:
        console.print(title, markup=False, highlight=False)
        console.print(drawing, markup=False, highlight=False)
    else:
        console.print(drawing)
    if svg is not None:
        try:
            svg.write_text(maps(game).svg(scenario, survivors), encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"--svg {svg}: cannot write: {exc.strerror or exc}") from None
        # the path whole on its line (never broken, so that it copies)
        console.print(f"SVG written to {svg}", markup=False, highlight=False, soft_wrap=True)
