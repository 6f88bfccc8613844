"""Text reports of a simulation: the summary table and the line-up comparison (Rich)."""

from __future__ import annotations

import math

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from .runner import SimResult
from .stats import Comparison, Summary

__all__ = ["ItemList", "all_failed", "rate", "render_result", "title_of"]


def _pct(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:.1f}%"


def _ci(low: float, high: float) -> str:
    return f"{100 * low:.1f}–{100 * high:.1f}"


def _length(decisions: float) -> str:
    return "— (no game finished)" if math.isnan(decisions) else f"{decisions:.1f} decisions"


def _pp(x: float) -> str:
    return "—" if math.isnan(x) else f"{100 * x:+.1f}"


def _num(x: float) -> str:
    if math.isnan(x):
        return "—"
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.2f}"


def title_of(result: SimResult, lineup: int = 0) -> str:
    """``game · options · bots · N games · seed S`` for headings and plot titles."""
    job = result.job
    options = ", ".join(f"{k}={v}" for k, v in job.config.items())
    bots = ", ".join(f"{s}={k}" for s, k in enumerate(job.lineups[lineup]))
    done = result.summaries[lineup].games
    return f"{job.game.name} · {options} · bots {bots} · {done} games · seed {job.seed}"


def _summary_table(summary: Summary, title: str) -> Table:
    table = Table(title=title, title_justify="left", show_header=True)
    table.add_column("")
    table.add_column("win rate", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("score mean ± sd", justify="right")
    table.add_column("min · p5 · median · p95 · max", justify="right")
    for seat in range(summary.seats):
        rate, low, high = summary.win_rate(seat)
        stats = summary.score_stats(seat)
        table.add_row(
            f"seat {seat}",
            _pct(rate),
            _ci(low, high),
            f"{_num(stats['mean'])} ± {_num(stats['sd'])}",
            " · ".join(_num(stats[k]) for k in ("min", "p5", "median", "p95", "max")),
        )
    rate, low, high = summary.win_rate(None)
    table.add_row("any seat", _pct(rate), _ci(low, high), "", "")
    table.caption = "win rate over finished games; 95% CI: Wilson score interval"
    table.caption_justify = "left"
    return table


class ItemList:
    """``label`` and its ``items`` on as many lines as the width needs, broken only between
    items (each item kept whole on one line; one wider than the line is wrapped on its own).
    Continuation lines are indented under the first item.

    >>> from rich.console import Console
    >>> console = Console(width=34)
    >>> with console.capture() as out:
    ...     console.print(ItemList("ended:", ["a won 50.0%", "b won 30.0%", "c won 20.0%"]))
    >>> print(out.get().rstrip())
    ended: a won 50.0%   b won 30.0%
           c won 20.0%
    """

    GAP = "   "

    def __init__(self, label: str, items: list[str]) -> None:
        self.label = label
        self.items = items

    def lines(self, width: int) -> list[str]:
        """The lines for ``width`` columns (before an over-long item is wrapped)."""
        indent = " " * (len(self.label) + 1)
        lines: list[str] = []
        line = self.label
        first = True  # nothing on the current line after its label or indent yet
        for item in self.items:
            joined = f"{line} {item}" if first else f"{line}{self.GAP}{item}"
            if first or len(joined) <= width:
                line, first = joined, False
                continue
            lines.append(line)
            line = indent + item
        lines.append(line)
        return lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield Text(line)


def _details(summary: Summary) -> Group:
    lines: list[RenderableType] = [
        Text(f"games {summary.games}   finished {summary.finished}   faults {summary.faults}"),
        Text(
            f"mean length {_length(summary.mean_decisions)}"
            + (f", {summary.mean_rounds:.2f} rounds" if summary.mean_rounds is not None else "")
        ),
    ]
    tiers = [(k, v) for k, v in summary.tiers_in_order() if k is not None]
    if tiers:
        total = sum(summary.tiers.values())
        lines.append(ItemList("tiers:", [f"{k} {v / total:.1%}" for k, v in tiers]))
    reasons = sorted(summary.reasons.items(), key=lambda kv: -kv[1])[:6]
    if reasons:
        lines.append(
            ItemList("ended:", [f"{k} {v / summary.finished:.1%}" for k, v in reasons])
        )
    for example in summary.fault_examples:
        lines.append(Text(f"fault: {example}"))
    return Group(*lines)


def _comparison_table(comparison: Comparison, result: SimResult) -> Table:
    a, b = (" ".join(lu) for lu in result.job.lineups)
    table = Table(
        title=f"Line-up 0 ({a}) minus line-up 1 ({b}), paired over {comparison.pairs} seeds",
        title_justify="left",
    )
    table.add_column("")
    table.add_column("win rate diff", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("score diff", justify="right")
    table.add_column("95% interval", justify="right")
    for seat in range(comparison.seats):
        w, wl, wh = comparison.win_diff(seat)
        s, sl, sh = comparison.score_diff(seat)
        table.add_row(
            f"seat {seat}",
            f"{_pp(w)} pp",
            f"{_pp(wl)} to {_pp(wh)}",
            f"{s:+.2f}",
            f"{sl:+.2f} to {sh:+.2f}",
        )
    w, wl, wh = comparison.win_diff(None)
    table.add_row("any seat", f"{_pp(w)} pp", f"{_pp(wl)} to {_pp(wh)}", "", "")
    table.caption = (
        "95% intervals: win rate, Newcombe's score interval for paired proportions; "
        "score, normal approximation of the mean paired difference"
    )
    table.caption_justify = "left"
    return table


TIE_NOTE = (
    "Win rates can sum above 100%: a shared win (a tie) counts as a win for every tied seat."
)


def _fault_line(result: SimResult) -> str:
    kept, dropped = result.fault_records_kept, result.fault_records_dropped
    line = f"failed games' records: {result.fault_dir} ({kept} kept"
    if result.fault_records_unwritten:
        line += (
            f"; {result.fault_records_unwritten} could not be written there (the folder "
            "cannot be made or written), kept only as error rows"
        )
    if dropped:
        line += (
            f"; {dropped} more not written: only the first {kept} of a run are kept in full, "
            "the others only as error rows"
        )
    return line + ")"


def all_failed(result: SimResult) -> list[str]:
    """One line per line-up of which every game failed (none when any game finished).

    Such a run measures nothing, so the command says so apart from the table and ends
    with a non-zero exit status.
    """
    lines = []
    for lineup, summary in enumerate(result.summaries):
        if summary.games == 0 or summary.finished > 0:
            continue
        games = f"all {summary.games} games"
        if len(result.summaries) > 1:
            games += f" of line-up {lineup} ({' '.join(result.job.lineups[lineup])})"
        if summary.one_error:
            line = f"{games} failed with the same error: {summary.first_error}"
        else:
            line = f"{games} failed; the first with {summary.first_error}"
        if result.fault_records_kept:
            line += f" (records in {result.fault_dir})"
        elif result.fault_records_unwritten:
            line += f" (no record could be written in {result.fault_dir})"
        lines.append(line)
    return lines


def rate(per_second: float) -> str:
    """A speed of play for people, in the unit that keeps its figures meaningful:
    ``"1,234 games/s"``, ``"2.5 games/s"``, ``"24 games/min"``, ``"3.2 min a game"``;
    ``""`` when there is none (nothing played, no time measured)."""
    if not math.isfinite(per_second) or per_second <= 0:
        return ""
    if per_second >= 10:
        return f"{per_second:,.0f} games/s"
    if per_second >= 1:
        return f"{per_second:.1f} games/s"
    per_minute = per_second * 60
    if per_minute >= 10:
        return f"{per_minute:.0f} games/min"
    if per_minute >= 1:
        return f"{per_minute:.1f} games/min"
    return f"{1 / per_minute:.1f} min a game"


def render_result(result: SimResult) -> RenderableType:
    """The end-of-run report: speed, one summary per line-up, and the comparison."""
    parts: list[RenderableType] = []
    state = "interrupted after" if result.interrupted else "played"
    parts.append(
        Text(
            f"{state} {result.played} games in {result.seconds:.1f} s ("
            + ", ".join(filter(None, [rate(result.games_per_second), result.backend,
                                      f"{result.workers} worker{'s' if result.workers != 1 else ''}"]))
            + ")"
        )
    )
    for lineup, summary in enumerate(result.summaries):
        parts.append(_summary_table(summary, title_of(result, lineup)))
        parts.append(_details(summary))
    if len(result.job.lineups[0]) > 1:
        parts.append(Text(TIE_NOTE))
    if result.comparison is not None:
        parts.append(_comparison_table(result.comparison, result))
    if result.out is not None:
        parts.append(Text(f"results: {result.out}"))
    if any(s.faults for s in result.summaries):
        parts.append(Text(_fault_line(result)))
    if result.interrupted and result.out is not None:
        parts.append(Text("interrupted: run again with --resume to finish"))
    return Group(*parts)
