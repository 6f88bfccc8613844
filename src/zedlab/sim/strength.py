"""The bots' strength table: ISMCTS against the heuristic bot against the random bot, per game.

Competitive games are played head to head, every pair of bots on the same seeds with the
seats swapped (half the pairings with the first bot in seat 0, half in seat 1; the other
seats, in a game of more than two, take the second bot); a cell reports the first bot's win
share (a win shared by ``k`` counts ``1/k``) with a 95% Wilson interval. In a co-operative
game every bot plays as a whole team on the same seeds; a cell reports the team's win rate
(Wilson) and mean score (normal interval), and the mean paired score difference from the
next team.

Games are played by :func:`zedlab.sim.run` in blocks (on its worker processes, or on Ray),
and every finished block is appended to a JSONL file at once: a stopped run, started again
with the same file, plays only the blocks still missing. A block's line names the game, its
rules version, config, line-up, base seed and block size; lines of other runs are ignored.
Game ``i`` of a cell is played with base seed ``seed_for(seed, game, block)``, the same for
every line-up of the game.
"""

from __future__ import annotations

import json
import math
import os
import resource
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bots import make as make_bot
from ..core import registry
from ..core.errors import ConfigError
from ..core.match import make_config
from ..core.rng import seed_for
from .stats import wilson

__all__ = [
    "DOCS_END",
    "DOCS_START",
    "TABLE_GAMES",
    "Cell",
    "cells_of",
    "markdown",
    "run_table",
    "summarise",
    "write_docs",
]

TABLE_GAMES = ("dont-look-back", "if-im-going-down", "run-fight-or-die", "survive-alive")
"""The games of the table when none is named (Here's Negan joins when asked for)."""
DOCS_START = "<!-- strength table: start (written by benchmarks/ismcts.py table) -->"
DOCS_END = "<!-- strength table: end -->"


@dataclass(frozen=True)
class Cell:
    """One line-up to play: ``bots[0]`` against ``bots[1]`` (competitive, ``seat`` is the
    first bot's seat) or ``bots[0]`` as the whole team (co-operative, ``seat`` -1)."""

    game: str
    bots: tuple[str, ...]
    seat: int

    def lineup(self, seats: int) -> list[str]:
        """The bot spec of every seat."""
        if self.seat < 0:
            return [self.bots[0]] * seats
        specs = [self.bots[1]] * seats
        specs[self.seat] = self.bots[0]
        return specs


def cells_of(game: str, ismcts: str, heuristic: str = "heuristic", random: str = "random") -> list[Cell]:
    """The cells of one game: every pair of its bots with the seats swapped, or every bot as
    a team. A game without a heuristic bot has only ISMCTS and random."""
    rules = registry.get(game)
    kinds = [ismcts, heuristic, random] if "heuristic" in rules.bot_kinds() else [ismcts, random]
    config = make_config(rules, None)
    if rules.cooperative(config):
        return [Cell(game, (k,), -1) for k in kinds]
    pairs = [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1:]]
    return [Cell(game, pair, seat) for pair in pairs for seat in (0, 1)]


def _key(
    cell: Cell, rules_version: int, config: dict[str, Any], seed: int, block: int, cut: str = "depth"
) -> str:
    """A block's key: what its games depend on. ``cut``: where the search's playouts stop
    for this game (``stage`` is named in the key, so blocks played by a search cut at a
    fixed depth, before games had stages, keep their keys and are never mixed with it)."""
    fields: dict[str, Any] = {
        "game": cell.game,
        "rules_version": rules_version,
        "config": config,
        "bots": list(cell.bots),
        "seat": cell.seat,
        "seed": seed,
        "block_size": block,
    }
    if cut != "depth":
        fields["cut"] = cut
    return json.dumps(fields, sort_keys=True)


def _cut(rules: Any, cell: Cell, ismcts: str) -> str:
    """Where the cell's search stops its playouts (``depth`` for a cell without one)."""
    if ismcts not in cell.bots:
        return "depth"
    bot = make_bot(rules, ismcts)
    where = getattr(bot, "playout_cut", None)
    return str(where(rules)) if where is not None else "depth"


def _read(path: Path, repair: bool = True) -> dict[tuple[str, int], dict[str, Any]]:
    """The blocks already in ``path``: ``(key, block number) -> line``. A torn last line,
    from a run killed while writing, is skipped (and cut off the file when ``repair``:
    only a run that will write to it does, never one that only reads); lines that are
    not blocks are skipped.

    Raises:
        ConfigError: ``path`` is not a readable text file (a folder, a binary file).
    """
    done: dict[tuple[str, int], dict[str, Any]] = {}
    if not path.exists():
        return done
    try:
        body = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not a JSONL file of played blocks (not UTF-8 text)") from None
    except OSError as exc:
        raise ConfigError(f"{path} cannot be read as the table's JSONL file: {exc.strerror}") from None
    if body and not body.endswith("\n"):
        body = body[: body.rfind("\n") + 1]
        if repair:  # so the next block starts on a line of its own
            path.write_text(body, encoding="utf-8")
    for text in body.splitlines():
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if (isinstance(line, dict) and isinstance(line.get("key"), str)
                and isinstance(line.get("block"), int)):
            done[(line["key"], line["block"])] = line
    return done


def _cpu() -> float:
    """CPU seconds of this process and of its finished child processes (pool workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def run_table(
    games: Iterable[str],
    n: int,
    path: str | Path,
    *,
    ismcts: str = "ismcts",
    seed: int = 1,
    block: int = 20,
    workers: int | None = None,
    ray: str | bool | None = None,
    progress: Callable[[str], None] | None = None,
    only: Iterable[str] | None = None,
    play: bool = True,
) -> list[dict[str, Any]]:
    """Play every cell of ``games`` to ``n`` games (``n`` a multiple of ``block`` is played
    exactly; otherwise rounded up to whole blocks) and return every block line of the run.

    ``only``: the bots to play, among ``ismcts``, ``heuristic`` and ``random``; a cell is
    played when all its bots are named (``["ismcts", "heuristic"]``: the search against the
    heuristic bot, or the two teams of a co-operative game). ``play=False`` plays nothing
    and returns every block of the file for those cells, however many (``n`` is then
    ignored): the table as played so far.

    Raises:
        ConfigError: an unknown game or bot spec, an unknown bot in ``only``, ``n`` or
            ``block`` below 1; a ``path`` that is not a readable text file, or (not
            ``play``) that does not exist.
    """
    from . import run

    if not isinstance(n, int) or n < 1 or not isinstance(block, int) or block < 1:
        raise ConfigError(f"games per cell and block size must be whole numbers >= 1, got {n}, {block}")
    out = Path(path)
    names = list(games)
    wanted = None if only is None else set(only)
    if wanted is not None and not wanted <= {"ismcts", "heuristic", "random"}:
        unknown = ", ".join(repr(b) for b in sorted(wanted - {"ismcts", "heuristic", "random"}))
        raise ConfigError(f"only: bots are ismcts, heuristic and random, got {unknown}")
    if not play and not out.is_file():
        what = "is not a file" if out.exists() else "does not exist: nothing was played into it"
        raise ConfigError(f"the file of played blocks {out} {what}")
    for name in names:
        rules = registry.get(name)  # ConfigError for an unknown game
        make_bot(rules, ismcts)  # and for a bad spec, before anything is played
    done = _read(out, repair=play)
    lines: list[dict[str, Any]] = []
    if play:
        out.parent.mkdir(parents=True, exist_ok=True)
    blocks = math.ceil(n / block)
    for name in names:
        rules = registry.get(name)
        config = make_config(rules, None)
        config_data = config.model_dump(mode="json")
        seats = rules.seats(config)
        for cell in cells_of(name, ismcts):
            kinds = {"ismcts" if bot == ismcts else bot for bot in cell.bots}
            if wanted is not None and not kinds <= wanted:
                continue
            key = _key(cell, rules.rules_version, config_data, seed, block, _cut(rules, cell, ismcts))
            if not play:
                lines.extend(line for (k, _), line in sorted(done.items(), key=lambda kv: kv[0][1]) if k == key)
                continue
            for b in range(blocks):
                have = done.get((key, b))
                if have is not None:
                    lines.append(have)
                    continue
                started, cpu = time.perf_counter(), _cpu()
                base = seed_for(seed, name, b)
                table = run(name, block, bots=cell.lineup(seats), workers=workers, seed=base, ray=ray)
                rows = [
                    {"scores": r["scores"], "winners": r["winners"], "error": r["error"]}
                    for r in table.to_pylist()
                ]
                line = {
                    "key": key,
                    "block": b,
                    "game": name,
                    "bots": list(cell.bots),
                    "seat": cell.seat,
                    "lineup": cell.lineup(seats),
                    "seed": base,
                    "rows": rows,
                    "wall_s": round(time.perf_counter() - started, 2),
                    # CPU of this process and its pool workers; Ray workers are not counted
                    "cpu_s": None if ray else round(_cpu() - cpu, 2),
                }
                with out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(line) + "\n")
                    f.flush()
                    os.fsync(f.fileno())
                lines.append(line)
                if progress is not None:
                    progress(f"{name} {' vs '.join(cell.bots)} seat {cell.seat} block {b + 1}/{blocks}")
    return lines


@dataclass
class _Tally:
    shares: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    faults: int = 0
    cpu: float = 0.0
    cpu_known: bool = True
    wall: float = 0.0


def _mean_interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def summarise(lines: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per cell (pairs of seats merged): games, win share or rate with its Wilson
    interval, mean score, faults, CPU seconds per game."""
    tallies: dict[tuple[str, tuple[str, ...]], _Tally] = {}
    paired: dict[tuple[str, str], dict[tuple[int, int], float]] = {}
    for line in lines:
        bots = tuple(line["bots"])
        t = tallies.setdefault((line["game"], bots), _Tally())
        t.wall += line["wall_s"]
        if line["cpu_s"] is None:
            t.cpu_known = False
        else:
            t.cpu += line["cpu_s"]
        seat = line["seat"]
        for i, row in enumerate(line["rows"]):
            if row["error"] is not None:
                t.faults += 1
                continue
            winners, scores = row["winners"], row["scores"]
            if seat < 0:
                t.shares.append(1.0 if winners else 0.0)
                t.scores.append(scores[0])
                paired.setdefault((line["game"], bots[0]), {})[(line["block"], i)] = scores[0]
            else:
                t.shares.append(1.0 / len(winners) if seat in winners else 0.0)
                t.scores.append(scores[seat] - scores[1 - seat] if len(scores) == 2 else scores[seat])
    rows = []
    for (game, bots), t in tallies.items():
        n = len(t.shares)
        k = sum(t.shares)
        low, high = wilson(round(k), n) if n else (0.0, 1.0)
        row: dict[str, Any] = {
            "game": game,
            "bots": list(bots),
            "mode": "team" if len(bots) == 1 else "head to head",
            "games": n,
            "rate": k / n if n else 0.0,
            "low": low,
            "high": high,
            "faults": t.faults,
            "cpu_s_per_game": (t.cpu / (n + t.faults)) if t.cpu_known and n + t.faults else None,
            "wall_s_per_game": t.wall / (n + t.faults) if n + t.faults else None,
        }
        if n:
            row["score"] = list(_mean_interval(t.scores))
        rows.append(row)
    # co-operative: each team's paired score difference from the next team on the same seeds
    teams = [r for r in rows if r["mode"] == "team"]
    for a, b in zip(teams, teams[1:], strict=False):
        if a["game"] != b["game"]:
            continue
        sa, sb = paired[(a["game"], a["bots"][0])], paired[(b["game"], b["bots"][0])]
        diffs = [sa[k] - sb[k] for k in sa if k in sb]
        if diffs:
            a["difference"] = {"against": b["bots"][0], "mean": list(_mean_interval(diffs))}
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def markdown(rows: list[dict[str, Any]], titles: dict[str, str] | None = None) -> str:
    """The strength table(s) as Markdown: head-to-head cells, then team cells."""
    titles = titles or {}
    out = []
    duel = [r for r in rows if r["mode"] == "head to head"]
    if duel:
        out += [
            "Head to head (competitive games, seats swapped on the same seeds): the first bot's "
            "win share (a shared win counts 1/k), 95% Wilson interval, and its mean score margin.",
            "",
            "| game | bot | against | games | win share | 95% interval | score margin | CPU s/game | faults |",
            "|---|---|---|---:|---:|---|---:|---:|---:|",
        ]
        for r in duel:
            margin = f"{r['score'][0]:+.1f}" if "score" in r else "—"
            cpu = f"{r['cpu_s_per_game']:.1f}" if r["cpu_s_per_game"] is not None else "—"
            out.append(
                f"| {titles.get(r['game'], r['game'])} | `{r['bots'][0]}` | `{r['bots'][1]}` | {r['games']} | "
                f"{_pct(r['rate'])} | {_pct(r['low'])}–{_pct(r['high'])} | {margin} | {cpu} | {r['faults']} |"
            )
        out.append("")
    teams = [r for r in rows if r["mode"] == "team"]
    if teams:
        out += [
            "Teams (co-operative games, every seat the same bot, the same seeds for every team): "
            "win rate (95% Wilson), mean score (± 1.96 standard errors), and the mean paired "
            "score difference from the next team of the table.",
            "",
            "| game | team | games | win rate | 95% interval | mean score | difference | CPU s/game | faults |",
            "|---|---|---:|---:|---|---|---|---:|---:|",
        ]
        for r in teams:
            score = f"{r['score'][0]:.1f} ({r['score'][1]:.1f} to {r['score'][2]:.1f})" if "score" in r else "—"
            diff = r.get("difference")
            shown = (
                f"{diff['mean'][0]:+.1f} ({diff['mean'][1]:+.1f} to {diff['mean'][2]:+.1f}) vs `{diff['against']}`"
                if diff else "—"
            )
            cpu = f"{r['cpu_s_per_game']:.1f}" if r["cpu_s_per_game"] is not None else "—"
            out.append(
                f"| {titles.get(r['game'], r['game'])} | `{r['bots'][0]}` | {r['games']} | {_pct(r['rate'])} | "
                f"{_pct(r['low'])}–{_pct(r['high'])} | {score} | {shown} | {cpu} | {r['faults']} |"
            )
        out.append("")
    return "\n".join(out)


def write_docs(path: str | Path, text: str) -> None:
    """Put ``text`` between the strength-table markers of ``path`` (a Markdown file).

    Raises:
        ConfigError: the file lacks the markers (nothing is written).
    """
    target = Path(path)
    body = target.read_text(encoding="utf-8")
    start, end = body.find(DOCS_START), body.find(DOCS_END)
    if start < 0 or end < start:
        raise ConfigError(
            f"{target}: no strength-table section; put the lines {DOCS_START!r} and "
            f"{DOCS_END!r} where the table goes"
        )
    body = body[: start + len(DOCS_START)] + "\n" + text.rstrip("\n") + "\n" + body[end:]
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(body, encoding="utf-8")
    tmp.replace(target)
