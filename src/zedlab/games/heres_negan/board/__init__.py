"""The Here's Negan board: tiles, scenario maps, geometry and renderers.

* :mod:`.grid` - the text-grid format of tiles and fixture boards;
* :mod:`.content` - pydantic models of ``content/tiles.toml`` and ``content/scenarios/*.toml``;
* :mod:`.maps` - loading and laying out a scenario for 2-5 Survivors;
* :mod:`.model` - :class:`Board` (static) and :class:`Scene` (what changes in play);
* :mod:`.geometry` - adjacency, distances and routes, line of sight;
* :mod:`.movement` - Survivor moves, Walkers and tokens moving towards, Negan's route;
* :mod:`.placement` - placing Walkers, Walker tokens and Supply tokens;
* :mod:`.queries` - ranges, sight, token reveals, Entry Points, Call Negan;
* :mod:`.render` - a Rich text picture and an SVG picture of a board and its pieces.

Source: Here's Negan rulebook, "Tiles", "Spaces", "Routes and Ranges", "Line of Sight",
"Move", "Doors", "Barricades", "Move Walker Tokens", "Move Walkers", "Moving Negan",
"Placing Walkers and Walker Tokens", "Setting Up a Game", "Number of Survivors".
"""

from .geometry import (
    ALL_DOORS,
    adjacent,
    connected_parts,
    distance,
    distance_field,
    graph,
    line_of_sight,
    line_of_sight_unclear,
    neighbours,
    precompute_line_of_sight,
    precompute_routes,
    route,
    route_table,
    sight_check,
    visible_from,
)
from .maps import load_scenario, load_scenario_map, load_tiles, scenario_ids
from .model import Area, Board, BoardObject, Door, EntryPoint, Scene
from .movement import (
    NeganMove,
    NeganPlan,
    Reach,
    activation_order,
    barricade_jumps,
    initial_target,
    move_towards_noise,
    negan_enraged_at_start,
    negan_move,
    negan_plan,
    negan_rage_exit,
    noise_order,
    obstacles,
    openable_doors,
    survivor_may_end,
    survivor_moves,
    survivor_steps,
    unsecured_room_spaces,
    walker_move_options,
    walker_token_move_options,
)
from .placement import furthest_supply, placement_options, room_fill_options, supply_options
from .queries import (
    entry_levels_for,
    first_reveal,
    in_range,
    nearest_entry_points,
    negan_call_moves,
    tokens_seen,
)

__all__ = [
    "ALL_DOORS",
    "Area",
    "Board",
    "BoardObject",
    "Door",
    "EntryPoint",
    "NeganMove",
    "NeganPlan",
    "Reach",
    "Scene",
    "activation_order",
    "adjacent",
    "barricade_jumps",
    "connected_parts",
    "distance",
    "distance_field",
    "entry_levels_for",
    "first_reveal",
    "furthest_supply",
    "graph",
    "in_range",
    "initial_target",
    "line_of_sight",
    "line_of_sight_unclear",
    "load_scenario",
    "load_scenario_map",
    "load_tiles",
    "move_towards_noise",
    "nearest_entry_points",
    "negan_call_moves",
    "negan_enraged_at_start",
    "negan_move",
    "negan_plan",
    "negan_rage_exit",
    "neighbours",
    "noise_order",
    "obstacles",
    "openable_doors",
    "placement_options",
    "precompute_line_of_sight",
    "precompute_routes",
    "room_fill_options",
    "route",
    "route_table",
    "scenario_ids",
    "sight_check",
    "supply_options",
    "survivor_may_end",
    "survivor_moves",
    "survivor_steps",
    "tokens_seen",
    "unsecured_room_spaces",
    "visible_from",
    "walker_move_options",
    "walker_token_move_options",
]
