"""Batch simulation: play many seeded games with bots and summarise the results.

>>> import zedlab.sim
>>> table = zedlab.sim.run("dont-look-back", 1000, workers=2)  # doctest: +SKIP
>>> table.column("scores")  # doctest: +SKIP

Game ``i`` of a run with base seed ``S`` is set up with ``zedlab.core.seed_for(S, i)``, so
the same call gives the same rows whatever the number of workers, and on Ray. Needs the
``sim`` extra (``pip install 'zedlab[sim]'``; Ray: ``'zedlab[ray]'``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["run", "simulate"]


def run(
    game: Any,
    n: int,
    *,
    config: Any = None,
    bots: Any = None,
    workers: int | None = None,
    seed: int = 1,
    ray: str | bool | None = None,
    out: str | Path | None = None,
    resume: bool = False,
    overwrite: bool = False,
    fault_dir: str | Path | None = None,
    max_decisions: int = 20_000,
    content: str | Path | None = None,
    setup: str = "random",
) -> Any:
    """Play ``n`` games and return their rows as a ``pyarrow.Table`` (one row per game).

    Args:
        game: a registered game name or a rules object.
        n: number of games; game ``i`` uses seed ``seed_for(seed, i)``.
        config: the game's Config, or a dict of options (defaults for the rest).
        bots: one bot kind for every seat (``"random"``), a kind per seat, or
            ``{seat: kind}``; seats not named play ``"random"``. Kinds come from
            ``game.bot_kinds()`` and :data:`zedlab.bots.GENERIC_BOTS`, with parameters
            where the kind takes them (``"ismcts:iters=200"``).
        workers: processes (default: one per CPU); 1 plays in this process. Never more
            than there is work for, nor (without a Ray cluster) more than 4 per CPU.
        seed: the base seed ``S``.
        ray: ``True`` (or ``"local"``) for a local Ray instance, or a cluster address.
        out: also stream the rows to this Parquet file.
        resume: continue the run saved in ``out`` (play only the missing games).
        overwrite: replace the results of an earlier run in ``out``. An existing ``out``
            is refused without ``resume`` or ``overwrite``, and a file that is not a
            results file is never replaced.
        fault_dir: where failing games' records go (default: beside ``out``, else
            ``./zedlab-faults``).
        max_decisions: a game longer than this counts as a fault.
        content: a folder of content TOML files to play with instead of the packaged ones.
        setup: ``"random"``: Survivors or characters the config leaves open are drawn per
            game from its seed (the row's ``setup`` column names them); ``"table"``: the
            bots choose them at set-up (see :mod:`zedlab.sim.setups`).
    Returns:
        the rows, sorted by game index; columns as in :mod:`zedlab.sim.results`.
    Raises:
        ConfigError: unknown game, bad config or bots, an ``out`` it may not write, or a config the game cannot be
            set up with (game 0 is set up before any other work; a ``ContentError`` from a
            content folder that does not load is raised as a ``ConfigError``).
        KeyboardInterrupt: when interrupted (``out`` is left readable for ``resume``).
    """
    from ..core.registry import get
    from .runner import simulate as _simulate

    rules = get(game) if isinstance(game, str) else game
    result = _simulate(
        rules,
        n,
        config=config,
        bots=bots,
        seed=seed,
        workers=workers,
        ray=ray,
        out=out,
        resume=resume,
        overwrite=overwrite,
        fault_dir=fault_dir,
        keep_rows=True,
        max_decisions=max_decisions,
        content=content,
        setup=setup,
    )
    if result.interrupted:
        raise KeyboardInterrupt
    return result.table


def simulate(*args: Any, **kwargs: Any) -> Any:
    """The full runner (summaries, comparison, progress): see :func:`zedlab.sim.runner.simulate`."""
    from .runner import simulate as _simulate

    return _simulate(*args, **kwargs)
