"""Shared check of a game's ``clone`` and ``determinize``: the copy encodes as the original
does, and neither shares a mutable object (a list, a dict, a dataclass, a Struct that is not
frozen) with the state it was made from."""

from __future__ import annotations

from typing import Any

from zedlab.core import RNG, Match


def _mutable(obj: Any) -> bool:
    if isinstance(obj, (list, dict, set, bytearray)):
        return True
    if hasattr(obj, "__struct_fields__"):  # steps and state Structs; events are frozen
        return not getattr(obj.__struct_config__, "frozen", False)
    return hasattr(obj, "__dataclass_fields__")


def containers(obj: Any, path: str, out: dict[int, str]) -> dict[int, str]:
    """id -> path of every mutable object reachable from ``obj``."""
    if _mutable(obj):
        out[id(obj)] = path
    if isinstance(obj, (list, tuple, set)):
        for i, x in enumerate(obj):
            containers(x, f"{path}[{i}]", out)
    elif isinstance(obj, dict):
        for k, x in obj.items():
            containers(x, f"{path}[{k}]", out)
    else:
        for name in getattr(obj, "__struct_fields__", None) or getattr(obj, "__dataclass_fields__", ()):
            containers(getattr(obj, name), f"{path}.{name}", out)
    return out


def shared(a: Any, b: Any) -> list[str]:
    """Paths (in ``a``) of the mutable objects ``a`` and ``b`` both hold."""
    mine = containers(a, "state", {})
    return sorted(mine[i] for i in set(mine) & set(containers(b, "copy", {})))


def check_clones(game: Any, runs: list[tuple[dict[str, Any], int]], every: int = 7) -> int:
    """Play seeded random games and, every ``every`` decisions, check that ``game.clone``
    encodes as the original and shares nothing with it, and that a sample for the deciding
    seat (``determinize``) shares nothing with it either and leaves it unchanged.

    Returns:
        the number of states checked.
    """
    checked = 0
    for options, seed in runs:
        m = Match.new(game, seed=seed, **options)
        chooser = RNG.from_seed(seed)
        step = 0
        while (d := m.decision) is not None:
            if step % every == 0:
                before = game.encode(m.state)
                copy = game.clone(m.state)
                assert game.encode(copy) == before
                assert not shared(m.state, copy), shared(m.state, copy)[:5]
                sample = game.determinize(m.state, d.player, RNG.from_seed(step))
                assert game.encode(m.state) == before
                assert not shared(m.state, sample), shared(m.state, sample)[:5]
                checked += 1
            m.play(chooser.choice(d.options))
            step += 1
    return checked
