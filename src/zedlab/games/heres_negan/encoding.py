"""A spatial observation of Here's Negan for learning agents: one plane of floats per kind of
piece over the board's spaces, then the Threat, the round and each Survivor's card.

The environments (:mod:`zedlab.envs`) use it instead of their generic view encoder (which
would spend its floats on card texts and lists of space numbers). It reads only a seat's
view, so an agent sees exactly what a player sees: face-down Walker tokens as tokens, never
their dice.

Layout (``size`` floats): ``PLANES`` planes of ``spaces`` floats each (the largest board of
the config; space ``i`` of the board at index ``plane * spaces + i``), then ``SCALARS``, then
``SURVIVOR_FIELDS`` for each of the five Survivor slots (in the game's Survivor order).

Source: Here's Negan rulebook, "Components", "Spaces" (the board is a grid of spaces).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import load_scenario

PLANES = (
    "survivor", "incapacitated", "negan", "walker", "prone", "walker-token", "supply-token",
    "fire", "barrel", "entry-low", "entry-medium", "entry-high", "exit", "negan-target",
    "secured-room", "unsecured-room", "opened-room", "acting-survivor", "own-survivor",
)
SCALARS = ("threat", "round", "actions-left", "first-player", "negan-in-play", "negan-stamina")
SURVIVOR_FIELDS = (
    "in-game", "own", "stamina", "reputation", "bitten", "incapacitated", "removed",
    "activated", "plus-token", "minus-token", "cards",
)
MAX_SURVIVORS = 5


@dataclass(slots=True)
class Slot:
    """One float of the observation: where it comes from and its range."""

    index: int
    path: str
    meaning: str
    low: float
    high: float


class Encoder:
    """Encodes a seat's view of a game of ``config`` as a float32 vector of ``size``.

    Args:
        config: the game's Config (its scenario, or every scenario of a campaign, sets the
            number of spaces per plane).
    """

    def __init__(self, config: Any) -> None:
        from .game import campaign_of

        numbers = campaign_of(config) if config.survival else [config.scenario]
        self.boards = {n: load_scenario(n, config.survivors) for n in numbers}
        self.spaces = max(b.size for b in self.boards.values())
        self.max_rounds = int(config.max_rounds)
        self.scalars = len(PLANES) * self.spaces
        self.people = self.scalars + len(SCALARS)
        self.size = self.people + MAX_SURVIVORS * len(SURVIVOR_FIELDS)

    def slots(self) -> list[Slot]:
        """Every slot in order (planes are described one slot per plane and space)."""
        out = []
        for p, plane in enumerate(PLANES):
            for i in range(self.spaces):
                out.append(Slot(p * self.spaces + i, f"planes.{plane}[{i}]",
                                f"1 if a {plane.replace('-', ' ')} is on space {i}", 0.0, 1.0))
        for k, name in enumerate(SCALARS):
            out.append(Slot(self.scalars + k, f"public.{name}", f"{name} (0-1)", 0.0, 1.0))
        for s in range(MAX_SURVIVORS):
            for k, name in enumerate(SURVIVOR_FIELDS):
                out.append(Slot(self.people + s * len(SURVIVOR_FIELDS) + k,
                                f"public.survivors[{s}].{name}", f"{name} (0-1)", 0.0, 1.0))
        return out

    def encode(self, view: dict[str, Any], out: Any = None) -> Any:
        """The vector of ``view`` (``{"public", "private"}``; written into ``out`` when given,
        which is zeroed first)."""
        import numpy as np

        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        pub = view.get("public", view)
        n = self.spaces
        board = self.boards.get(pub.get("scenario"))
        seat = (view.get("private") or {}).get("seat")

        def mark(plane: str, spaces: Any) -> None:
            base = PLANES.index(plane) * n
            for sp in spaces:
                if isinstance(sp, int) and 0 <= sp < n:
                    out[base + sp] = 1.0

        survivors = pub.get("survivors", [])
        mark("survivor", [s["space"] for s in survivors
                          if not s["incapacitated"] and not s["removed"]])
        mark("incapacitated", [s["space"] for s in survivors if s["incapacitated"]])
        negan = pub.get("negan", {})
        mark("negan", [negan.get("space", -1)])
        mark("walker", pub.get("walkers", []))
        mark("prone", pub.get("prone", []))
        mark("walker-token", pub.get("walker_tokens", []))
        mark("supply-token", pub.get("supplies", []))
        mark("fire", pub.get("fire", []))
        mark("barrel", pub.get("barrels", []))
        for space, level in pub.get("entry_points", []):
            mark(f"entry-{level}", [space])
        mark("negan-target", pub.get("negan_target", []))
        active = pub.get("active", -1)
        if 0 <= active < len(survivors):
            mark("acting-survivor", [survivors[active]["space"]])
        if board is not None:
            mark("exit", board.exits)
            secured = set(pub.get("secured_rooms", []))
            opened = set(pub.get("opened_rooms", []))
            for room in board.security:
                spaces = board.areas[room].spaces
                mark("secured-room" if room in secured else "unsecured-room", spaces)
            for room in opened:
                mark("opened-room", board.areas[room].spaces)
        if seat is not None:
            mark("own-survivor", [s["space"] for s in survivors if s["seat"] == seat])
        scalars = (
            pub.get("threat", 1) / max(1, pub.get("threat_max", 19)),
            min(1.0, pub.get("round", 0) / self.max_rounds),
            pub.get("actions_left", 0) / 3,
            1.0 if seat is not None and pub.get("first_player") == seat else 0.0,
            1.0 if negan.get("space", -1) >= 0 else 0.0,
            negan.get("stamina", 0) / max(1, negan.get("max_stamina", 1)),
        )
        out[self.scalars:self.people] = scalars
        width = len(SURVIVOR_FIELDS)
        for k, s in enumerate(survivors[:MAX_SURVIVORS]):
            at = self.people + k * width
            out[at:at + width] = (
                1.0, 1.0 if seat is not None and s["seat"] == seat else 0.0,
                s["stamina"] / max(1, s["max_stamina"]), s["rep"] / 20,
                float(s["bitten"]), float(s["incapacitated"]), float(s["removed"]),
                float(s["activated"]), min(1.0, s["plus"] / 3), min(1.0, s["minus"] / 3),
                min(1.0, (len(s["equipped"]) + len(s["cards"])) / 6),
            )
        return out
