"""Plots of a simulation summary: score histogram and rating-tier bars, as a PNG.

Uses matplotlib's Agg backend (no display needed). Each plot carries :data:`CREATOR` in its
metadata, so a later run can tell its own plots (which it may replace) from other files.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from .stats import Summary

__all__ = ["CREATOR", "is_zedlab_plot", "plot_summary"]

CREATOR = "ZedLab simulate"
"""The ``Creator`` metadata of every plot drawn here (PNG text chunk, SVG and PDF info)."""
_PEEK = 65536


def is_zedlab_plot(path: str | Path) -> bool:
    """Whether ``path`` is a plot drawn by :func:`plot_summary` (it names :data:`CREATOR`).

    Only the first and last 64 KiB are read: the mark sits near the start of a PNG or SVG
    and near the end of a PDF.
    """
    mark = CREATOR.encode()
    try:
        with open(path, "rb") as handle:
            head = handle.read(_PEEK)
            size = handle.seek(0, 2)
            handle.seek(max(len(head) - len(mark), size - _PEEK))
            tail = handle.read(_PEEK)
    except OSError:
        return False
    return mark in head or mark in tail


def plot_summary(
    summary: Summary, path: str | Path, *, title: str, seat_names: list[str] | None = None
) -> Path:
    """Write a PNG with the score histogram (one series per seat) and the tier bars.

    Games without a rating tier show how they ended (the outcome reason) instead.

    Args:
        summary: the summary of one line-up.
        path: the PNG file to write (folders are created).
        title: the figure title (game, config, bots, number of games).
        seat_names: legend labels per seat (default ``seat 0``...).
    Returns:
        the path written.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax_scores, ax_tiers) = plt.subplots(1, 2, figsize=(12, 5), layout="constrained")
    fig.suptitle(textwrap.fill(title, 150), fontsize=10)
    _score_histogram(ax_scores, summary, seat_names)
    _tier_bars(ax_tiers, summary)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(target, dpi=110, metadata={"Creator": CREATOR})
    plt.close(fig)
    return target


def _score_histogram(ax: Any, summary: Summary, seat_names: list[str] | None) -> None:
    values = sorted({v for counts in summary.scores for v in counts})
    ax.set_title(f"Score distribution ({summary.finished} finished games)")
    ax.set_xlabel("score")
    ax.set_ylabel("games")
    if not values:
        ax.text(0.5, 0.5, "no finished games", ha="center", va="center", transform=ax.transAxes)
        return
    integral = all(float(v).is_integer() for v in values)
    lo, hi = values[0], values[-1]
    if integral and hi - lo <= 60:
        bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
    else:
        bins = 30
    seats = len(summary.scores)
    # Co-operative games give every seat the same score: draw it once.
    same = all(summary.scores[s] == summary.scores[0] for s in range(seats))
    shown = range(1) if same else range(seats)
    for seat in shown:
        counts = summary.scores[seat]
        label = "all seats" if same else (seat_names[seat] if seat_names else f"seat {seat}")
        ax.hist(
            list(counts),
            bins=bins,
            weights=list(counts.values()),
            alpha=0.55 if not same else 0.9,
            label=label,
            edgecolor="black",
            linewidth=0.4,
        )
        stats = summary.score_stats(seat)
        ax.axvline(
            stats["mean"],
            linestyle="--",
            linewidth=1,
            color=ax.patches[-1].get_facecolor() if ax.patches else None,
        )
    ax.legend(fontsize=8)


def _tier_bars(ax: Any, summary: Summary) -> None:
    tiers = [(k, v) for k, v in summary.tiers_in_order() if k is not None]
    if tiers:
        ax.set_title("Rating tier (ordered by mean score)")
        items: list[tuple[Any, int]] = list(tiers)
    else:
        ax.set_title("How games ended (no rating tier)")
        items = sorted(summary.reasons.items(), key=lambda kv: -kv[1])[:12]
    if summary.faults:
        items.append(("(error)", summary.faults))
    if not items:
        ax.text(0.5, 0.5, "no games", ha="center", va="center", transform=ax.transAxes)
        return
    labels = [str(k) for k, _ in items]
    counts = [v for _, v in items]
    total = sum(counts)
    bars = ax.barh(range(len(items)), counts, color="tab:purple", height=0.6)
    ax.set_ylim(max(len(items), 3) - 0.5, -0.5)  # a lone bar stays bar-shaped
    ax.set_yticks(range(len(items)), labels=labels, fontsize=8)
    ax.set_xlabel("games")
    for bar, count in zip(bars, counts, strict=True):
        share = count / total
        text = (
            f" {count:,} ({share:.1%})"
            if share >= 0.001 or count == 0
            else f" {count:,} ({share:.2%})"
        )
        ax.text(bar.get_width(), bar.get_y() + bar.get_height() / 2, text, va="center", fontsize=8)
    ax.margins(x=0.25)
