"""Range and sight questions the rules ask of the board: who is within N spaces (and in
sight), which Walker tokens a model sees, where a Survivor's move first reveals a token,
which Entry Point is nearest a noise, and where a called Negan may go.

Source: Here's Negan rulebook, "Routes and Ranges", "Revealing Walker Tokens", "Move",
"Entry Points", "Noise", "Call Negan", "Negan's Rage", "Fire".
"""

from __future__ import annotations

from collections.abc import Iterable

from .geometry import distance_field, line_of_sight
from .model import Board, Scene
from .movement import Reach, _doors_on, _reach, _rules_for

__all__ = [
    "entry_levels_for",
    "first_reveal",
    "in_range",
    "negan_call_moves",
    "nearest_entry_points",
    "tokens_seen",
]

LEVELS = {"low": 0, "medium": 1, "high": 2}


def in_range(
    board: Board,
    scene: Scene,
    origin: int,
    spaces: Iterable[int],
    max_range: int,
    *,
    need_sight: bool = False,
    min_range: int = 0,
) -> list[list[int]]:
    """Those of ``spaces`` within ``min_range``-``max_range`` spaces of ``origin`` by open
    route (and in line of sight if ``need_sight``), grouped by distance, nearest first.

    Used for Shoot ranges (``2-10``), "within 3 spaces and line of sight" (Negan's Rage,
    Call Negan, Swap Items) and fire damage. Groups with several spaces are ties.
    Source: Here's Negan rulebook, "Routes and Ranges", "Shoot".
    """
    field = distance_field(board, (origin,), scene.open_doors)
    groups: dict[int, list[int]] = {}
    for s in spaces:
        d = field[s]
        if d < 0 or d < min_range or d > max_range:
            continue
        if need_sight and not line_of_sight(board, origin, s, scene.open_doors):
            continue
        groups.setdefault(d, []).append(s)
    return [sorted(groups[d]) for d in sorted(groups)]


def tokens_seen(board: Board, scene: Scene, viewer: int) -> list[int]:
    """The Walker tokens in line of sight of a Survivor or Negan standing in ``viewer``:
    they are revealed at once.

    Source: Here's Negan rulebook, "Revealing Walker Tokens".
    """
    return sorted(t for t in scene.walker_tokens if line_of_sight(board, viewer, t, scene.open_doors))


def first_reveal(board: Board, scene: Scene, start: int, reach: Reach) -> tuple[int, list[int]]:
    """Where a Survivor's move is interrupted to reveal Walker tokens.

    Args:
        start: where the move begins; reach: the move (from :func:`survivor_moves`).
    Returns:
        ``(steps, tokens)``: the number of spaces moved when the first token comes into sight
        (0 if one is seen before moving) and the tokens seen there; ``(reach.cost, [])`` if
        none is seen. Doors the move opens count as open from the space where they are
        opened (the space next to them).
    Source: Here's Negan rulebook, "Move" (reveal, then resume the move), "Doors".
    """
    opened = set(scene.open_doors)
    # only the corners the move itself could use (never round a locked door)
    passable = frozenset(scene.open_doors) | frozenset(reach.doors)
    blocked = _rules_for(board, scene, "survivor")[0]
    steps = (start, *reach.path)
    for i, here in enumerate(steps):
        if i + 1 < len(steps):
            # a door is opened from the space where the Survivor stands before crossing it
            opened.update(_doors_on(board, (here, steps[i + 1]), frozenset(opened), passable, blocked))
        seen = sorted(
            t for t in scene.walker_tokens if line_of_sight(board, here, t, frozenset(opened))
        )
        if seen:
            return i, seen
    return reach.cost, []


def entry_levels_for(threat_band_entry: str) -> str | None:
    """The highest Entry Point level a NOISE may use in a Threat band, from the band's
    ``entry`` field in ``threat.toml``: ``"low"``, ``"medium"`` or ``"high"``, or ``None``
    for ``""`` (All Quiet: no Entry Point; pass it on as ``max_level``).

    Raises:
        ValueError: for anything else, naming the accepted values.
    Source: Here's Negan rulebook, "Noise" (up to the current Threat Level, if any),
    "Threat Tracker".
    """
    if threat_band_entry == "":
        return None
    if threat_band_entry not in LEVELS:
        raise ValueError(
            f"Threat band entry {threat_band_entry!r} is not one of '', 'low', 'medium', 'high'"
        )
    return threat_band_entry


def nearest_entry_points(
    board: Board,
    scene: Scene,
    source: int,
    max_level: str | None = "high",
) -> list[int]:
    """The Entry Points nearest to ``source`` (by open route) whose level is at most
    ``max_level`` and on which no Survivor stands (Incapacitated ones count, Negan does not);
    ties are all returned (First Player picks).

    The Entry Points in play are the scene's when it lists them (``Scene.entry_points``),
    else the board's. ``max_level=None`` means no level is allowed (All Quiet, see
    :func:`entry_levels_for`): the answer is ``[]``, so nothing is placed.

    Raises:
        ValueError: for a ``max_level`` that is not a level or ``None``.
    Source: Here's Negan rulebook, "Entry Points" (a blocked one passes to the next closest),
    "Noise" (nearest up to the current Threat Level).
    """
    if max_level is None:
        return []
    if max_level not in LEVELS:
        raise ValueError(
            f"max_level {max_level!r} is not one of 'low', 'medium', 'high' or None"
        )
    cap = LEVELS[max_level]
    # Negan is not a Survivor for this rule; an Incapacitated Survivor still stands there
    taken = set(scene.survivors) | set(scene.incapacitated)
    field = distance_field(board, (source,), scene.open_doors)
    cands = [
        e.space for e in scene.entry_points_on(board)
        if LEVELS[e.level] <= cap and e.space not in taken and field[e.space] >= 0
    ]
    if not cands:
        return []
    near = min(field[s] for s in cands)
    return sorted(set(s for s in cands if field[s] == near))


def negan_call_moves(
    board: Board, scene: Scene, steps: int = 3, *, into_unsecured: bool = False
) -> dict[int, Reach]:
    """Where a Survivor who makes a Call Negan Action may move Negan: up to ``steps`` spaces
    by the Survivors' movement rules, but (as whenever Negan moves) opening no door and
    jumping no barricade.

    Args:
        into_unsecured: False (the default): he enters no unsecured room, and never passes
            round a corner inside one. True (ruling HN-A26 reading (a)): the caller may put
            him into, or through, an unsecured room; he is then enraged at the start of the
            next Here's Negan phase and put out of it.
    Raises:
        ValueError: if Negan is not on the board.
    Source: Here's Negan rulebook, "Call Negan", "Moving Negan", "Secure" (Negan counts
    "if you've called him in"), "3. Here's Negan!".
    """
    if scene.negan is None:
        raise ValueError("Negan is not on the board yet")
    blocked, no_end = _rules_for(board, scene, "negan" if not into_unsecured else "survivor")
    return _reach(board, scene, scene.negan, steps, scene.open_doors, blocked, no_end, False)
