"""The public entry to Here's Negan's scenario maps, for front ends (``zedlab map``).

Front ends reach it as ``zedlab.maps("heres-negan")`` and never import the board module.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ScenarioMaps", "maps"]


class ScenarioMaps:
    """Scenario maps as set up for a number of Survivors, drawn for people."""

    def draw(
        self, scenario: str, survivors: int, *, route: bool = True, plain: bool = False
    ) -> tuple[str, Any]:
        """``(title, drawing)``: the scenario's name and its map.

        Args:
            scenario: a number (``"1"``-``"12"``) or an id (``"training-day"``).
            survivors: starting Survivors, 2-5.
            route: mark Negan's shortest route (``~``).
            plain: plain text with no colours and no key, instead of a Rich renderable.
        Raises:
            ConfigError: for a scenario or Survivor count that does not exist.
        Source: Here's Negan rulebook, "Scenarios".
        """
        from .board import Scene, initial_target, load_scenario, negan_plan
        from .board.render import board_text, render_board

        board = load_scenario(scenario, survivors)
        marks: tuple[int, ...] = ()
        if route:
            plan = negan_plan(board, Scene.initial(board, negan=board.negan_start), initial_target(board))
            marks = plan.route if plan.open else (plan.attempted or ())
        if plain:
            return board.name, board_text(board, route=marks)
        return board.name, render_board(board, route=marks)

    def svg(self, scenario: str, survivors: int) -> str:
        """The scenario's map as an SVG document.

        Raises:
            ConfigError: for a scenario or Survivor count that does not exist.
        """
        from .board import load_scenario
        from .board.render import render_svg

        return str(render_svg(load_scenario(scenario, survivors)))


maps = ScenarioMaps()
