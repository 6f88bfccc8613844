"""What a simulation worker does: play games ``start..stop`` of a job and return their rows.

This module is imported in worker processes (process pool or Ray), so it keeps its imports
light and never touches the terminal. Everything a worker needs travels in a :class:`Job`,
a small picklable value; the game is re-imported in the worker by its registry path.

Reproducibility: game ``i`` of a job with base seed ``S`` is set up with
``seed_for(S, i)``, and the bot in seat ``s`` draws from ``RNG.from_seed(seed_for(S, i,
"bot", s))``. A row depends only on ``(job, i)``, never on which worker played it.
"""

from __future__ import annotations

import importlib
import json
import pickle
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..bots import RandomBot, choose
from ..bots import make as make_bot
from ..core.engine import Action, Game
from ..core.errors import ConfigError, IllegalAction
from ..core.infoset import InfoSet
from ..core.match import Match, make_config
from ..core.records import Record, Step
from ..core.rng import RNG, seed_for
from .setups import draw_config, rule_of, seat_setup
from .stats import Comparison, Summary

__all__ = ["GameRef", "Job", "Packed", "Row", "fault_paths", "play_chunk", "play_game", "play_packed"]

Row = dict[str, Any]
"""One result row; the columns are listed in :data:`zedlab.sim.results.COLUMNS`."""

_NO_VIEW: dict[str, Any] = {}
_ROUND_FIELDS = ("round", "rounds", "round_number", "turn", "turns")


@dataclass(frozen=True, slots=True)
class GameRef:
    """How a worker finds the game: its ``module:attribute`` path, or the pickled object.

    Registered games travel by path (cheap, and the worker gets the very object the
    registry would give it); a game object registered only in the calling process travels
    pickled, so its class must be importable in the worker.
    """

    name: str
    path: str | None = None
    pickled: bytes | None = None

    @classmethod
    def of(cls, game: Game[Any]) -> GameRef:
        """A reference to ``game`` that a worker process can resolve."""
        from ..core import registry

        path = registry._paths().get(game.name)
        if path is not None and _registered_as(game, registry):
            return cls(game.name, path=path)
        return cls(game.name, pickled=pickle.dumps(game))

    def resolve(self) -> Game[Any]:
        """The game object.

        Raises:
            ConfigError: if the path does not import in this process.
        """
        if self.path is not None:
            module_name, _, attr = self.path.partition(":")
            try:
                return getattr(importlib.import_module(module_name), attr)  # type: ignore[no-any-return]
            except (ImportError, AttributeError) as exc:
                raise ConfigError(
                    f"game {self.name!r} ({self.path}) does not import in a worker: {exc}; "
                    "is the package installed (or on PYTHONPATH) there?"
                ) from exc
        assert self.pickled is not None
        return pickle.loads(self.pickled)  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Job:
    """A batch of games to play: the same config and seed stream, one or more bot line-ups.

    Attributes:
        game: where the game comes from.
        config: the validated config as JSON-safe data.
        seed: the base seed ``S``; game ``i`` uses ``seed_for(S, i)``.
        lineups: one or more line-ups, each a bot kind per seat. With two line-ups
            (``--compare``) every game index is played by both, on the same seeds.
        max_decisions: a game still running after this many decisions counts as a fault.
        fault_dir: where records of failing games are saved (``None``: not saved).
        fault_records: at most this many records are kept per run (see :func:`_save_fault`).
        started_ns: when the run started (``time.time_ns()``), to tell its fault records
            from older ones in the same folder.
        content: the content folder to play with (absolute), ``None`` for the packaged
            content; rows and records name its digest, never this path.
        content_digest: the digest of that content (``None`` for a game without content).
        max_seconds: a game still running after this many seconds of wall time (a rules
            or bot step that never returns) is stopped and counts as a fault; ``None``: no
            limit. Only where the game runs in a process's main thread (pool workers and
            in-process runs; elsewhere no limit applies). Not part of :meth:`key`: it only
            cuts games that would otherwise never end.
        setup: ``"random"`` draws each game's free set-up choices (Survivors, characters)
            from its seed; ``"table"`` leaves them to the game and its bots
            (:mod:`zedlab.sim.setups`).
        columns: :func:`play_packed` also returns the chunk's rows as an Arrow table
            (needs pyarrow in the worker).
        journal: :func:`play_packed` also returns the chunk's journal lines (JSON).
    """

    game: GameRef
    config: dict[str, Any]
    seed: int
    lineups: tuple[tuple[str, ...], ...]
    max_decisions: int = 20_000
    fault_dir: str | None = None
    config_json: str = field(default="", compare=False)
    fault_records: int = field(default=10, compare=False)
    started_ns: int = field(default=0, compare=False)
    content: str | None = field(default=None, compare=False)
    content_digest: str | None = None
    setup: str = "random"
    max_seconds: float | None = field(default=None, compare=False)
    columns: bool = field(default=False, compare=False)
    journal: bool = field(default=False, compare=False)

    def key(self) -> str:
        """A text that identifies the rows this job produces (for ``--resume`` checks)."""
        return json.dumps(
            {
                "game": self.game.name,
                "config": self.config,
                "seed": self.seed,
                "lineups": [list(lu) for lu in self.lineups],
                "max_decisions": self.max_decisions,
                "setup": self.setup,
                **({"content": self.content_digest} if self.content_digest not in (None, "packaged") else {}),
            },
            sort_keys=True,
        )


_cache: dict[tuple[GameRef, str, str | None], tuple[Game[Any], Any, Any]] = {}


def _setup(job: Job) -> tuple[Game[Any], Any, Any]:
    """The game, its Config and its content pack, cached per worker."""
    key = (job.game, job.config_json or json.dumps(job.config, sort_keys=True), job.content)
    hit = _cache.get(key)
    if hit is None:
        game = job.game.resolve()
        config = make_config(game, job.config)
        hit = (game, config, game.load_content(job.content))
        if len(_cache) > 16:
            _cache.clear()
        _cache[key] = hit
    return hit


def fault_paths(fault_dir: str | Path, index: int, lineup: int) -> tuple[Path, Path]:
    """``(record file, error file)`` of the failing game ``index`` played by ``lineup``."""
    stem = f"game-{index:07d}" + (f"-lineup{lineup}" if lineup else "")
    base = Path(fault_dir)
    return base / f"{stem}.json", base / f"{stem}.error.json"


class GameTimeout(Exception):
    """A game ran longer than its job's ``max_seconds``."""


class _Alarm:
    """Raise :class:`GameTimeout` in this thread after ``seconds`` of wall time (``SIGALRM``;
    POSIX main thread only, elsewhere it does nothing)."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.armed = False
        self.previous: Any = None

    def _ring(self, signum: int, frame: Any) -> None:
        raise GameTimeout(f"the game did not end within {self.seconds:g} s")

    def start(self) -> None:
        if not self.seconds or not hasattr(signal, "setitimer"):
            return
        if threading.current_thread() is not threading.main_thread():
            return
        self.previous = signal.signal(signal.SIGALRM, self._ring)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        self.armed = True

    def stop(self) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.armed = False


def _rounds(game: Game[Any], state: Any) -> int | None:
    """Rounds played: the game's ``rounds(state)`` if it has one, else a round counter field."""
    if state is None:
        return None
    counter = getattr(game, "rounds", None)
    if callable(counter):
        try:
            return int(counter(state))
        except Exception:  # a failed game's state may be inconsistent
            return None
    for name in _ROUND_FIELDS:
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def play_game(job: Job, index: int, lineup: int = 0) -> Row:
    """Play game ``index`` of ``job`` with line-up ``lineup`` and return its row.

    A game that raises (in set-up, the rules, or a bot), or that does not end within
    ``job.max_decisions``, gives a row with ``error`` set; its record (every step played
    before the failure) is saved under ``job.fault_dir`` with an ``.error.json`` beside it
    naming the failing seat, action and traceback.
    """
    game, config, pack = _setup(job)
    seed = seed_for(job.seed, index)
    rule = rule_of(game.name)
    drawn = draw_config(game.name, job.config, pack, job.seed, index, job.setup)
    if drawn is not None:
        config = make_config(game, drawn)
    had: Any = None
    kinds = job.lineups[lineup]
    started = time.perf_counter()
    steps: list[Step] = []
    state: Any = None
    seat: int | None = None
    action: Action | None = None
    where = "set-up"
    alarm = _Alarm(job.max_seconds)
    try:
        alarm.start()
        bots = [make_bot(game, kind) for kind in kinds]
        # The random bot never looks at its view: skip building it (pure speed, same rows).
        blind = [type(bot) is RandomBot for bot in bots]
        rngs = [RNG.from_seed(seed_for(job.seed, index, "bot", s)) for s in range(len(kinds))]
        state = game.new(config, seed) if pack is None else game.new(config, seed, pack)  # type: ignore[call-arg]
        events = getattr(state, "events", None)  # structured events nobody reads here
        decision_of, view_of, apply = game.decision, game.view, game.apply
        while True:
            where = "decision"
            decision = decision_of(state)
            if had is None and rule is not None and (
                decision is None or decision.kind not in rule.kinds
            ):
                had = seat_setup(game.name, state, pack, drawn or job.config) or ()
            if decision is None:
                break
            if len(steps) >= job.max_decisions:
                raise RuntimeError(f"the game did not end within {job.max_decisions} decisions")
            seat = decision.player
            where = "bot"
            action = None
            view = _NO_VIEW if blind[seat] else view_of(state, seat)
            info = InfoSet(game, seat, decision, view, partial(game.determinize, state, seat), config)
            action = choose(bots[seat], info, rngs[seat])
            if action not in decision.options:
                raise IllegalAction(f"bot {kinds[seat]!r} chose {action!r}, not an option")
            where = "apply"
            rng = state.rng
            before = rng.draws + rng.reveals
            apply(state, action, trusted=True)
            if events:
                events.clear()
            rng = state.rng
            steps.append(Step(seat, action, rng.draws + rng.reveals != before))
        where = "outcome"
        outcome = game.outcome(state)
        if outcome is None:
            raise RuntimeError("the game has no decision left but no outcome")
        alarm.stop()
    except Exception as exc:  # a faulty game must not stop the run: record it
        alarm.stop()
        error = f"{type(exc).__name__}: {exc}"
        record_path = _save_fault(
            job, game, config, seed, steps, index, lineup, where, seat, action, exc
        )
        return _row(
            job,
            index,
            lineup,
            seed,
            kinds,
            None,
            len(steps),
            _rounds(game, state),
            started,
            error,
            record_path,
            had,
        )
    return _row(
        job,
        index,
        lineup,
        seed,
        kinds,
        outcome,
        len(steps),
        _rounds(game, state),
        started,
        None,
        None,
        had,
    )


def _row(
    job: Job,
    index: int,
    lineup: int,
    seed: int,
    kinds: tuple[str, ...],
    outcome: Any,
    decisions: int,
    rounds: int | None,
    started: float,
    error: str | None,
    record_path: str | None,
    had: Any = None,
) -> Row:
    seats, first = had if had else (None, None)
    return {
        "index": index,
        "lineup": lineup,
        "seed": seed,
        "game": job.game.name,
        "config": job.config_json or json.dumps(job.config, sort_keys=True),
        "bots": list(kinds),
        "scores": [float(s) for s in outcome.scores] if outcome is not None else None,
        "winners": list(outcome.winners) if outcome is not None else None,
        "tier": outcome.tier if outcome is not None else None,
        "reason": outcome.reason if outcome is not None else "error",
        "decisions": decisions,
        "rounds": rounds,
        "wall_ms": (time.perf_counter() - started) * 1000.0,
        "error": error,
        "fault_record": record_path,
        "setup": seats,
        "first": first,
    }


def _save_fault(
    job: Job,
    game: Game[Any],
    config: Any,
    seed: int,
    steps: list[Step],
    index: int,
    lineup: int,
    where: str,
    seat: int | None,
    action: Action | None,
    exc: BaseException,
) -> str | None:
    """Save the failing game's record and an error note; returns the record's path, or
    ``None`` when none is kept (enough already, or the folder cannot be written: the fault
    row still carries the error)."""
    if job.fault_dir is None or _enough_faults(job, index):
        return None
    try:
        record_path, error_path = fault_paths(job.fault_dir, index, lineup)
        record_path.parent.mkdir(parents=True, exist_ok=True)
        digest = job.content_digest
        record = Record(
            game.name,
            game.rules_version,
            config.model_dump(mode="json"),
            seed,
            list(steps),
            content=None if digest in (None, "packaged") else digest,
        )
        try:
            # Replaying proves the saved record reproduces the game up to the failure.
            Match.replay(record, game, content=job.content).record.save(record_path)
            replays = True
        except Exception:
            record.save(record_path)
            replays = False
        note = {
            "index": index,
            "lineup": lineup,
            "bots": list(job.lineups[lineup]),
            "seed": seed,
            "base_seed": job.seed,
            "during": where,
            "seat": seat,
            "action": action.to_json() if isinstance(action, Action) else None,
            "error": f"{type(exc).__name__}: {exc}",
            "traceback": "".join(traceback.format_exception(exc)),
            "record_replays": replays,
        }
        tmp = error_path.with_name(error_path.name + ".tmp")
        tmp.write_text(json.dumps(note, indent=1), encoding="utf-8")
        tmp.replace(error_path)
        return str(record_path)
    except OSError:
        return None


def _enough_faults(job: Job, index: int) -> bool:
    """Whether this run already kept ``fault_records`` records of games before ``index``.

    Then this game's record would be dropped by the runner anyway (it keeps the first ones
    in game order), so it is not written at all.
    """
    folder = Path(job.fault_dir or "")
    if not folder.is_dir():
        return False
    earlier = 0
    for path in folder.glob("game-*.error.json"):
        try:
            number = int(path.name[5:12])
            fresh = path.stat().st_mtime_ns >= job.started_ns
        except (ValueError, OSError):
            continue
        if number < index and fresh:
            earlier += 1
            if earlier >= job.fault_records:
                return True
    return False


def play_chunk(job: Job, start: int, stop: int) -> list[Row]:
    """Rows of games ``start <= i < stop``, each played by every line-up, in index order."""
    return [
        play_game(job, i, lineup) for i in range(start, stop) for lineup in range(len(job.lineups))
    ]


@dataclass(slots=True)
class Packed:
    """A chunk's results as the worker hands them back: summarised and, where the run
    needs them, already in the form they are kept in, so the process running the run does
    almost nothing per game.

    Attributes:
        rows: how many rows the chunk has (games times line-ups).
        summaries: per line-up, the :class:`Summary` of the chunk's rows.
        comparison: paired differences of the chunk (two line-ups only).
        faults: ``(position in the chunk, row)`` of each failing row, in game order.
        table: the rows as an Arrow table with the results schema (``job.columns``).
        lines: the rows as journal lines, one JSON text per row (``job.journal``).
    """

    rows: int
    summaries: list[Summary]
    comparison: Comparison | None
    faults: list[tuple[int, Row]]
    table: Any = None
    lines: list[str] | None = None


def pack(job: Job, rows: list[Row]) -> Packed:
    """Summarise a chunk's rows (in index order, every line-up of a game together)."""
    summaries = [Summary() for _ in job.lineups]
    for row in rows:
        summaries[row["lineup"]].add(row)
    comparison = None
    if len(job.lineups) == 2:
        comparison = Comparison()
        for a, b in zip(rows[0::2], rows[1::2], strict=True):
            comparison.add(a, b)
    faults = [(i, row) for i, row in enumerate(rows) if row["error"] is not None]
    packed = Packed(len(rows), summaries, comparison, faults)
    if job.columns or job.journal:
        from .results import row_line, rows_to_table

        if job.columns:
            packed.table = rows_to_table(rows)
        if job.journal:
            packed.lines = [row_line(row) for row in rows]
    return packed


def play_packed(job: Job, start: int, stop: int) -> Packed:
    """Play games ``start <= i < stop`` (as :func:`play_chunk`) and :func:`pack` their rows."""
    return pack(job, play_chunk(job, start, stop))


def _registered_as(game: Game[Any], registry: Any) -> bool:
    """Whether the registry's game of that name is this very object (a worker can then
    import it by path instead of unpickling it)."""
    try:
        return registry.get(game.name) is game
    except ConfigError:
        return False
