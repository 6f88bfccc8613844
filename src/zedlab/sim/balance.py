"""The balance report: sweep each game's scenarios and player counts with the bots, and
write Markdown, HTML and PNG plots (``zedlab report GAME|all``).

A *cell* is one config (scenario or difficulty, player count, and for Here's Negan the
number of Survivors) played by one bot kind in every seat. Each cell is an ordinary
simulation (:func:`zedlab.sim.runner.simulate`) whose rows go to
``DIR/runs/GAME/CELL.parquet``; a re-run reuses a cell that already holds enough games,
continues one that holds fewer (or was stopped: its journal ``CELL.parquet.partial`` keeps
every game played), and plays only what is missing.

Each game's section is kept as ``DIR/GAME.json`` (tables and plot names); the report
``DIR.md`` and ``DIR.html`` beside the folder are assembled from every section present, so
one game can be re-run on its own (``zedlab report heres-negan --games 1000``) without
losing the others'.
"""

from __future__ import annotations

import html
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import ConfigError
from .stats import Summary, wilson

__all__ = ["BOTS", "Cell", "GameSweep", "assemble", "cells_of", "run_game", "sweep_games"]

BOTS = ("random", "heuristic")
"""Bot kinds swept: every seat plays the same kind."""
REPORT_GAMES = (
    "dont-look-back",
    "if-im-going-down",
    "run-fight-or-die",
    "survive-alive",
    "heres-negan",
)
"""The games of ``zedlab report all``, in the report's order."""
SEED = 1
GAME_SECONDS = 60
"""A game of the sweep still running after this long is stopped and counted as a fault
(every game of the report ends in well under a second when nothing is wrong)."""
SECTION_VERSION = 1


@dataclass(frozen=True)
class Cell:
    """One config and one bot kind.

    Attributes:
        game: the registry name.
        label: the config for people (``"2 players, 3 Locations"``).
        config: the options set (the rest are the game's defaults).
        bot: the bot kind of every seat.
    """

    game: str
    label: str
    config: dict[str, Any]
    bot: str

    @property
    def key(self) -> str:
        """A file-name-safe id: options and bot (``players-2_locations-3_heuristic``)."""
        parts = [f"{k}-{v}" for k, v in sorted(self.config.items())] + [self.bot]
        return re.sub(r"[^A-Za-z0-9_.-]", "", "_".join(parts))


def _configs(game: str) -> list[tuple[str, dict[str, Any]]]:
    """The configs swept for a game, with a label for each."""
    if game == "dont-look-back":
        return [
            (f"{p} player{'s' * (p > 1)}, {loc} Location{'s' * (loc > 1)}",
             {"players": p, "locations": loc})
            for p in range(1, 5)
            for loc in range(1, 5)
        ]
    if game == "if-im-going-down":
        names = {"the-shack": "The Shack", "the-intersection": "The Intersection",
                 "the-alley": "The Alley"}
        return [
            (f"{names[s]}, {p} player{'s' * (p > 1)}", {"scenario": s, "players": p})
            for s in names
            for p in range(1, 5)
        ]
    if game == "run-fight-or-die":
        solo = [(f"solo, {d}", {"players": 1, "difficulty": d})
                for d in ("hard", "very-hard", "too-hard")]
        return solo + [(f"{p} players", {"players": p}) for p in range(2, 7)]
    if game == "survive-alive":
        normal = [(f"normal game, {p} player{'s' * (p > 1)}", {"players": p, "scenario": 0})
                  for p in range(1, 5)]
        return normal + [(f"Solo Scenario {s}", {"players": 1, "scenario": s}) for s in (1, 2)]
    if game == "heres-negan":
        # Players only share out the Survivors; set-up and goals depend on the Survivors
        # (Here's Negan rulebook, "Number of Players"), so one player runs them all.
        return [
            (f"Scenario {s}, {n} Survivors", {"scenario": s, "survivors": n, "players": 1})
            for s in range(1, 13)
            for n in range(2, 6)
        ]
    raise ConfigError(
        f"no balance sweep is defined for {game!r}; choose one of {', '.join(REPORT_GAMES)}"
    )


def cells_of(game: str, bots: Iterable[str] = BOTS) -> list[Cell]:
    """Every cell of a game's sweep, config by config, each with every bot kind.

    Configs the game cannot be set up with (a scenario without a layout for that many
    players) are left out.
    """
    from ..core.match import make_config
    from ..core.registry import get
    from .runner import check_setup

    rules = get(game)
    cells = []
    for label, config in _configs(game):
        try:
            check_setup(rules, make_config(rules, config), SEED, rules.load_content(None))
        except ConfigError:
            continue
        cells.extend(Cell(game, label, config, bot) for bot in bots)
    return cells


# -- running -----------------------------------------------------------------------------


def cell_path(out: Path, cell: Cell) -> Path:
    """Where a cell's rows are kept: ``OUT/runs/GAME/CELL.parquet``."""
    return out / "runs" / cell.game / f"{cell.key}.parquet"


def _held(path: Path) -> int:
    """Games a cell's results file holds (0: none, or not a results file)."""
    from .results import is_results_file

    if not path.exists() or not is_results_file(path):
        return 0
    import pyarrow.parquet as pq

    return int(pq.ParquetFile(path).metadata.num_rows)


def run_cell(
    cell: Cell,
    games: int,
    out: Path,
    *,
    workers: int | None,
    ray: str | None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """Play (or reuse) a cell's games; its rows for games ``0..games-1``, and how many were
    played by this call."""
    import pyarrow.parquet as pq

    from ..core.registry import get
    from .results import journal_path
    from .runner import simulate

    path = cell_path(out, cell)
    path.parent.mkdir(parents=True, exist_ok=True)
    played = 0
    journal = journal_path(path)
    if _held(path) < games or journal.exists():
        resume = path.exists() or journal.exists()
        kept = 0
        if journal.exists():  # a stopped run's games (one line each, after a header)
            with open(journal, "rb") as lines:
                kept = max(0, sum(1 for _ in lines) - 1)
        target = max(games, _held(path) + kept)
        result = simulate(
            get(cell.game),
            target,
            config=cell.config,
            bots=cell.bot,
            seed=SEED,
            workers=workers,
            ray=ray,
            out=path,
            resume=resume,
            progress=progress,
            fault_dir=path.with_name(path.stem + ".faults"),
            max_seconds=GAME_SECONDS,
        )
        played = result.played
        if result.interrupted:
            raise KeyboardInterrupt
    elif progress is not None:
        progress(games, games)
    rows = pq.read_table(path).to_pylist()
    rows = [r for r in rows if r["index"] < games and r["lineup"] == 0]
    rows.sort(key=lambda r: r["index"])
    return rows, played


# -- summarising -------------------------------------------------------------------------


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f}%"


def _ci(k: int, n: int) -> str:
    if n == 0:
        return "—"
    low, high = wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * low:.0f}–{100 * high:.0f})"


def _num(x: float | None) -> str:
    if x is None or math.isnan(x):
        return "—"
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


@dataclass
class CellStats:
    """What the report shows of one cell."""

    cell: Cell
    summary: Summary
    first_wins: int = 0
    first_games: int = 0
    players: int = 0


def _band(tier: str | None) -> str | None:
    """A rating without the score it quotes (``"HARD: survived (9/9 Survival Points)"`` ->
    ``"HARD: survived"``), so games group by the rulebook's bands."""
    return None if tier is None else re.sub(r"\s*\([^)]*\)\s*$", "", tier)


def _stats(cell: Cell, rows: list[dict[str, Any]]) -> CellStats:
    summary = Summary()
    summary.update({**row, "tier": _band(row["tier"])} for row in rows)
    stats = CellStats(cell, summary)
    for row in rows:
        if row["error"] is not None:
            continue
        stats.players = len(row["scores"])
        if row["first"] is not None and len(row["scores"]) > 1:
            stats.first_games += 1
            stats.first_wins += row["first"] in row["winners"]
    return stats


def _cooperative(game: str) -> bool:
    return game in ("if-im-going-down", "heres-negan")


@dataclass
class GameSweep:
    """A game's finished sweep: every cell's rows, summarised into report blocks."""

    game: str
    games: int
    cells: list[Cell]
    rows: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


Block = dict[str, Any]
"""A report block: ``{"h": text}``, ``{"p": text}``, ``{"table": [header, *rows]}`` or
``{"img": file, "alt": text}``."""


def section(sweep: GameSweep, out: Path, command: str) -> dict[str, Any]:
    """A game's report section (blocks), with its plots drawn into ``out``."""
    from ..core.registry import get

    rules = get(sweep.game)
    stats = [_stats(c, sweep.rows[c.key]) for c in sweep.cells]
    coop = _cooperative(sweep.game)
    blocks: list[Block] = [{"h": rules.title}]
    blocks.append({"p": (
        f"Rules version {rules.rules_version}; {sweep.games:,} games a cell (seeds "
        f"`seed_for({SEED}, i)`), every seat played by the same bot. "
        + ("Co-operative: a win is the players' win. " if coop else
           "Competitive: a win is a seat's win (ties are shared). ")
        + "Survivors and characters are drawn per game (zedlab.sim.setups). "
        f"Section made by `{command}`."
    )})
    # Win rate per cell and game length.
    blocks.append({"h3": "Win rate and game length"})
    won = "players won (95% CI)" if coop else "someone won (95% CI)"
    header = ["config", "bot", "games", won, "score median (p5–p95)", "decisions", "rounds",
              "faults"]
    table = [header]
    for st in stats:
        s = st.summary
        sc = s.score_stats(0) if s.seats else {"median": math.nan, "p5": math.nan, "p95": math.nan}
        table.append([
            st.cell.label, st.cell.bot, str(s.games), _ci(s.any_win, s.finished),
            f"{_num(sc['median'])} ({_num(sc['p5'])}–{_num(sc['p95'])})" if s.seats else "—",
            _num(s.mean_decisions), _num(s.mean_rounds), str(s.faults),
        ])
    blocks.append({"table": table})
    blocks.append({"p": (
        "Score is seat 0's (in co-operative games every seat's). Intervals: Wilson 95%. "
        "Length: mean decisions and rounds per finished game."
    )})
    # Rating tiers.
    if any(k is not None for st in stats for k in st.summary.tiers):
        blocks.append({"h3": "Scores against the rulebook's rating table"})
        table = [["config", "bot", "rating (share of games, lowest first)"]]
        for st in stats:
            tiers = [(k, v) for k, v in st.summary.tiers_in_order() if k is not None]
            if not tiers:
                continue  # no rating in this config (Run, Fight, or Die! rates solo games)
            total = sum(st.summary.tiers.values())
            table.append([
                st.cell.label, st.cell.bot,
                " · ".join(f"{k} {v / total:.0%}" for k, v in tiers),
            ])
        blocks.append({"table": table})
    else:
        blocks.append({"h3": "How games ended"})
        table = [["config", "bot", "how it ended (share of games)"]]
        for st in stats:
            reasons = sorted(st.summary.reasons.items(), key=lambda kv: -kv[1])[:4]
            fin = max(1, st.summary.finished)
            table.append([st.cell.label, st.cell.bot,
                          " · ".join(f"{k} {v / fin:.0%}" for k, v in reasons) or "—"])
        blocks.append({"table": table})
    # Seat and first-player advantage.
    multi = [st for st in stats if st.players > 1 and not coop]
    if multi:
        blocks.append({"h3": "Seat and first-player advantage"})
        table = [["config", "bot", "fair share", "seat 0", "last seat", "first player (95% CI)"]]
        for st in multi:
            s = st.summary
            k = st.players
            table.append([
                st.cell.label, st.cell.bot, f"{100 / k:.1f}%",
                _ci(s.wins[0], s.finished), _ci(s.wins[k - 1], s.finished),
                _ci(st.first_wins, st.first_games) if st.first_games else "— (not recorded)",
            ])
        blocks.append({"table": table})
        blocks.append({"p": (
            "A seat's win rate against the fair share 1/players; a shared win counts for "
            "every tied seat, so rates can sum above 100%. First player: the seat that took "
            "the first turn (drawn or decided at set-up where the rules say so)."
        )})
    # Characters.
    by_item = _items(sweep, coop)
    if by_item:
        label = {"dont-look-back": "Survivor", "heres-negan": "Survivor",
                 "survive-alive": "Character / Base"}.get(sweep.game, "Character")
        blocks.append({"h3": f"{label} win rates"})
        table = [[label.lower(), *[f"{bot}: won (95% CI)" for bot in BOTS], "games (all bots)"]]
        for item in sorted(by_item):
            cells = []
            total = 0
            for bot in BOTS:
                k, n = by_item[item].get(bot, (0, 0))
                cells.append(_ci(k, n))
                total += n
            table.append([item, *cells, str(total)])
        blocks.append({"table": table})
        blocks.append({"p": (
            "Pooled over every cell of the sweep. "
            + ("A game counts for each one in the team: the players' win rate with it."
               if coop else "Games with two or more players only: a seat's win rate when "
               "it had this one (the fair share depends on the player count, so compare "
               "them with each other).")
        )})
    blocks.extend(_plots(sweep, stats, out))
    return {"version": SECTION_VERSION, "game": sweep.game, "title": rules.title,
            "games": sweep.games, "command": command, "blocks": blocks}


def _items(sweep: GameSweep, coop: bool) -> dict[str, dict[str, tuple[int, int]]]:
    """Per Survivor / character / Base and bot: (wins, games)."""
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for cell in sweep.cells:
        for row in sweep.rows[cell.key]:
            if row["error"] is not None or not row["setup"]:
                continue
            if not coop and len(row["scores"]) < 2:
                continue  # competitive games: only games with rivals
            for seat, had in enumerate(row["setup"]):
                won = bool(row["winners"]) if coop else seat in row["winners"]
                for item in set(had):
                    if item == "zombie-player":
                        continue
                    entry = counts[item][cell.bot]
                    entry[0] += won
                    entry[1] += 1
    return {k: {b: (v[0], v[1]) for b, v in d.items()} for k, d in counts.items()}


def _plots(sweep: GameSweep, stats: list[CellStats], out: Path) -> list[Block]:
    """Win rate per cell (with intervals), and rating shares per cell; small PNGs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .plots import CREATOR

    blocks: list[Block] = []
    labels = list(dict.fromkeys(st.cell.label for st in stats))
    height = max(2.5, 0.22 * len(labels) + 1.2)
    fig, ax = plt.subplots(figsize=(7, height), layout="constrained")
    coop = _cooperative(sweep.game)
    for offset, bot, colour in ((-0.2, "random", "tab:gray"), (0.2, "heuristic", "tab:red")):
        ys, xs, lo, hi, fair = [], [], [], [], []
        for st in stats:
            if st.cell.bot != bot or st.summary.finished == 0:
                continue
            if coop or st.players < 2:
                rate, low, high = st.summary.win_rate(None)
            elif st.first_games:
                rate = st.first_wins / st.first_games
                low, high = wilson(st.first_wins, st.first_games)
                fair.append((100 / st.players, labels.index(st.cell.label) + offset))
            else:
                continue
            ys.append(labels.index(st.cell.label) + offset)
            xs.append(100 * rate)
            lo.append(100 * (rate - low))
            hi.append(100 * (high - rate))
        ax.errorbar(xs, ys, xerr=[lo, hi], fmt="o", ms=3, color=colour, label=bot, capsize=2)
        if fair:
            ax.plot([f for f, _ in fair], [y for _, y in fair], "|", color="black", ms=6,
                    label="fair share" if bot == "heuristic" else None)
    ax.set_yticks(range(len(labels)), labels=labels, fontsize=7)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.set_xlim(-2, 102)
    ax.set_xlabel(
        "players won, % of games (95% interval)" if coop else
        "won, % of games (95% interval): solo cells the player, others the first player",
        fontsize=8,
    )
    ax.tick_params(axis="x", labelsize=7)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title(f"{sweep.game}: win rate per cell"
                 + ("" if coop else " (| : the fair share 1/players)"), fontsize=9)
    name = f"{sweep.game}-win-rate.png"
    _save(fig, out / name, CREATOR)
    plt.close(fig)
    blocks.append({"img": name, "alt": f"{sweep.game} win rate per cell"})
    # Rating shares (stacked), or the score spread where there is no rating.
    tiered = any(k is not None for st in stats for k in st.summary.tiers)
    heur = [st for st in stats if st.cell.bot == "heuristic"] or stats
    if tiered:  # only the cells that have a rating (Run, Fight, or Die!: solo only)
        heur = [st for st in heur if any(k is not None for k in st.summary.tiers)]
    fig, ax = plt.subplots(figsize=(7, max(2.5, 0.22 * len(heur) + 1.4)), layout="constrained")
    if tiered:
        order: list[str] = []
        for st in heur:
            for k, _ in st.summary.tiers_in_order():
                if k is not None and k not in order:
                    order.append(k)
        order = _tier_order(order, heur)
        left = [0.0] * len(heur)
        cmap = plt.get_cmap("RdYlGn")
        for i, tier in enumerate(order[:12]):
            shares = [
                100 * st.summary.tiers.get(tier, 0) / max(1, sum(st.summary.tiers.values()))
                for st in heur
            ]
            ax.barh(range(len(heur)), shares, left=left,
                    color=cmap(i / max(1, min(len(order), 12) - 1)), label=tier[:40])
            left = [a + b for a, b in zip(left, shares, strict=True)]
        ax.set_xlabel("% of games", fontsize=8)
        ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1, 1))
        ax.set_title(f"{sweep.game}: rating (heuristic bots)", fontsize=9)
    else:
        data = [_expand(st.summary) for st in heur]
        horizontal: dict[str, Any] = (
            {"orientation": "horizontal"}
            if tuple(int(x) for x in matplotlib.__version__.split(".")[:2]) >= (3, 10)
            else {"vert": False}
        )
        ax.boxplot(data, showfliers=False, **horizontal)
        ax.set_yticks(range(1, len(heur) + 1), labels=[st.cell.label for st in heur], fontsize=7)
        ax.set_xlabel("seat 0 score", fontsize=8)
        ax.set_title(f"{sweep.game}: score spread (heuristic bots)", fontsize=9)
    if tiered:
        ax.set_yticks(range(len(heur)), labels=[st.cell.label for st in heur], fontsize=7)
    ax.invert_yaxis()
    ax.tick_params(axis="x", labelsize=7)
    name = f"{sweep.game}-scores.png"
    _save(fig, out / name, CREATOR)
    plt.close(fig)
    blocks.append({"img": name, "alt": f"{sweep.game} rating or score per cell"})
    return blocks


def _tier_order(order: list[str], stats: list[CellStats]) -> list[str]:
    """Tiers from lowest to highest mean score over all cells."""
    total: Counter[str] = Counter()
    score: dict[str, float] = defaultdict(float)
    for st in stats:
        for k, v in st.summary.tiers.items():
            if k is not None:
                total[k] += v
                score[k] += st.summary.tier_score.get(k, 0.0)
    return sorted(order, key=lambda k: score[k] / max(1, total[k]))


def _expand(summary: Summary) -> list[float]:
    if not summary.scores:
        return [0.0]
    values: list[float] = []
    for v, c in summary.scores[0].items():
        values.extend([v] * c)
    return values or [0.0]


def _save(fig: Any, path: Path, creator: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=80, metadata={"Creator": creator})


# -- assembling --------------------------------------------------------------------------


def section_path(out: Path, game: str) -> Path:
    return out / f"{game}.json"


def write_section(out: Path, data: dict[str, Any]) -> Path:
    path = section_path(out, data["game"])
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def read_sections(out: Path) -> list[dict[str, Any]]:
    """The sections kept in ``out``, in the report's game order."""
    sections = []
    for game in REPORT_GAMES:
        path = section_path(out, game)
        if path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                continue
            if isinstance(data, dict) and data.get("version") == SECTION_VERSION:
                sections.append(data)
    return sections


def report_paths(out: Path) -> tuple[Path, Path]:
    """The report files beside the folder: ``OUT.md`` and ``OUT.html``."""
    return out.with_name(out.name + ".md"), out.with_name(out.name + ".html")


INTRO = (
    "How hard each scenario is and whether a seat, the first player or a Survivor is "
    "favoured, measured by bots: `random` (uniform over the legal options) and `heuristic` "
    "(each game's rule-of-thumb bot, see docs/bots.md). Bots are not people: a low win rate "
    "with the heuristic bot says the scenario is hard for simple play, not that it is "
    "unwinnable."
)


def assemble(out: Path) -> tuple[Path, Path]:
    """Write ``OUT.md`` and ``OUT.html`` from every section in ``out``."""
    sections = read_sections(out)
    commands = list(dict.fromkeys(s["command"] for s in sections))
    md_path, html_path = report_paths(out)
    rel = out.name
    md = ["# Balance report", ""]
    md.append("Generated by " + ", then ".join(f"`{c}`" for c in commands) + ".")
    md += ["", INTRO, ""]
    for s in sections:
        md.append(f"- [{s['title']}](#{_anchor(s['title'])}): {s['games']:,} games a cell")
    md.append("")
    for s in sections:
        md.extend(_markdown(s["blocks"], rel))
    md_path.write_text("\n".join(md).rstrip() + "\n", encoding="utf-8")
    body = ["<h1>Balance report</h1><p>Generated by "
            + ", then ".join(f"<code>{html.escape(c)}</code>" for c in commands)
            + f".</p><p>{_inline(INTRO)}</p>"]
    for s in sections:
        body.append(_html(s["blocks"], rel))
    html_path.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><title>ZedLab balance report"
        "</title><style>body{font-family:sans-serif;max-width:70em;margin:auto}"
        "table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #ccc;"
        "padding:2px 6px}td{text-align:right}td:first-child{text-align:left}</style>"
        "</head><body>" + "\n".join(body) + "</body></html>\n",
        encoding="utf-8",
    )
    return md_path, html_path


def _anchor(title: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", title.lower()).replace(" ", "-")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(blocks: list[Block], rel: str) -> list[str]:
    lines: list[str] = []
    for b in blocks:
        if "h" in b:
            lines += [f"## {b['h']}", ""]
        elif "h3" in b:
            lines += [f"### {b['h3']}", ""]
        elif "p" in b:
            lines += [b["p"], ""]
        elif "table" in b:
            head, *rows = b["table"]
            lines.append("| " + " | ".join(_cell(c) for c in head) + " |")
            lines.append("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
            lines += ["| " + " | ".join(_cell(c) for c in r) + " |" for r in rows]
            lines.append("")
        elif "img" in b:
            lines += [f"![{b['alt']}]({rel}/{b['img']})", ""]
    return lines


def _inline(text: str) -> str:
    return re.sub(r"`([^`]*)`", r"<code>\1</code>", html.escape(text))


def _html(blocks: list[Block], rel: str) -> str:
    parts: list[str] = []
    for b in blocks:
        if "h" in b:
            parts.append(f"<h2 id='{_anchor(b['h'])}'>{html.escape(b['h'])}</h2>")
        elif "h3" in b:
            parts.append(f"<h3>{html.escape(b['h3'])}</h3>")
        elif "p" in b:
            parts.append(f"<p>{_inline(b['p'])}</p>")
        elif "table" in b:
            head, *rows = b["table"]
            parts.append(
                "<table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in head) + "</tr>"
                + "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
                          for r in rows)
                + "</table>"
            )
        elif "img" in b:
            parts.append(f"<p><img src='{rel}/{b['img']}' alt='{html.escape(b['alt'])}'></p>")
    return "\n".join(parts)


# -- the whole sweep ---------------------------------------------------------------------


def run_game(
    game: str,
    games: int,
    out: Path,
    *,
    workers: int | None = None,
    ray: str | None = None,
    bots: Iterable[str] = BOTS,
    configs: Callable[[list[Cell]], list[Cell]] | None = None,
    on_cell: Callable[[Cell, int, int], Callable[[int, int], None] | None] | None = None,
) -> GameSweep:
    """Play (or reuse) every cell of a game's sweep.

    Args:
        configs: picks the cells to play (tests use it to keep sweeps small).
        on_cell: called as ``on_cell(cell, number, count)`` before each cell; may return a
            progress callback for that cell's games.
    """
    cells = cells_of(game, bots)
    if configs is not None:
        cells = configs(cells)
    sweep = GameSweep(game, games, cells)
    for number, cell in enumerate(cells):
        progress = on_cell(cell, number, len(cells)) if on_cell is not None else None
        sweep.rows[cell.key], _ = run_cell(cell, games, out, workers=workers, ray=ray,
                                       progress=progress)
    return sweep


def sweep_games(
    games_for: dict[str, int],
    out: Path,
    command: str,
    *,
    workers: int | None = None,
    ray: str | None = None,
    bots: Iterable[str] = BOTS,
    configs: Callable[[list[Cell]], list[Cell]] | None = None,
    on_cell: Callable[[Cell, int, int], Callable[[int, int], None] | None] | None = None,
) -> tuple[Path, Path]:
    """Run each game's sweep, write its section and plots, and assemble the report."""
    out.mkdir(parents=True, exist_ok=True)
    for game, games in games_for.items():
        sweep = run_game(game, games, out, workers=workers, ray=ray, bots=bots,
                         configs=configs, on_cell=on_cell)
        write_section(out, section(sweep, out, command))
    return assemble(out)
