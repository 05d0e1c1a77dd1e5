"""How stable is a leaderboard: each system's bootstrap rank interval with its probability
of being first, and the critical difference diagram of k models over N data sets (Demšar
2006, Fig. 1 style)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ._base import PALETTE, PANEL, SMALL, interval_error, new_axes

__all__ = ["critical_difference_diagram", "rank_interval_figure"]


def rank_interval_figure(record: Mapping[str, Any], *, ax: Any = None) -> Any:
    """Each system's rank over the bootstrap resamples, best at the top: a point at its
    observed rank, a bar over its rank interval, and P(best) — the share of resamples
    where it ranks first — written on the right.

    ``record`` is :meth:`simeval.stats.rank_intervals.RankIntervals.as_dict` (``systems``
    rows ``{"system", "rank", "rank_low", "rank_high", "p_best"}`` best first, with
    ``metric``, ``confidence_level``, ``n_resamples`` and ``n_undefined``). Returns the
    matplotlib ``Figure``.

    Parameters
    ----------
    record : mapping
        :meth:`RankIntervals.as_dict <simeval.stats.rank_intervals.RankIntervals.as_dict>`.
    ax : matplotlib.axes.Axes, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> from simeval.evaluation.compare import compare
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> with offscreen():
    ...     fig = rank_interval_figure(cmp.ranks["pearson"].as_dict())
    >>> [label.get_text() for label in fig.axes[0].get_yticklabels()]
    ['good', 'noisy']
    """
    rows = list(record["systems"])
    k = len(rows)
    fig, ax = new_axes(ax, (PANEL[0], max(2.5, 0.45 * k + 1.5)))
    names = [r["system"] for r in rows]
    y = np.arange(k)[::-1]
    for yi, r in zip(y, rows):
        x = float(r["rank"])
        ax.errorbar(
            [x],
            [yi],
            xerr=interval_error(x, r["rank_low"], r["rank_high"]),
            fmt="o",
            color=PALETTE[0],
            ecolor=PALETTE[0],
            elinewidth=3,
            capsize=5,
            ms=6,
            gid="rank-interval",
        )
        ax.text(
            1.01,
            yi,
            f"P(best) {r['p_best']:.2f}",
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=SMALL,
            gid="p-best",
        )
    ax.set_yticks(y, names)
    ax.set_ylim(-0.5, k - 0.5)
    ax.set_xticks(range(1, k + 1))
    ax.set_xlim(0.5, k + 0.5)
    metric = str(record.get("metric", ""))
    ax.set_xlabel(f"rank by {metric} (1 = best)" if metric else "rank (1 = best)")
    ax.set_ylabel("system (best first)")
    level = float(record.get("confidence_level", 0.95)) * 100
    n = record.get("n_resamples", 0) - (record.get("n_undefined") or 0)
    ax.set_title(
        f"Rank of each system: observed (dot) and {level:g} % interval over {n} resamples",
        fontsize=10,
    )
    ax.grid(axis="x", color="#DDDDDD", linewidth=0.6)
    return fig


def critical_difference_diagram(record: Mapping[str, Any], *, ax: Any = None) -> Any:
    """The critical difference diagram of Demšar (2006, Fig. 1): an axis of average ranks
    (1, the best, on the left), each model joined to its rank, thick bars joining the
    models whose average ranks differ by less than the critical difference (the Nemenyi
    test finds no difference between them), and the CD drawn above the axis.

    ``record`` is :meth:`simeval.stats.friedman.FriedmanNemenyi.as_dict` (``systems`` rows
    ``{"system", "average_rank"}`` best first, ``cliques``, ``critical_difference``,
    ``alpha``, ``n_datasets``). Returns the matplotlib ``Figure``.

    Parameters
    ----------
    record : mapping
        :meth:`FriedmanNemenyi.as_dict <simeval.stats.friedman.FriedmanNemenyi.as_dict>`.
    ax : matplotlib.axes.Axes, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    References
    ----------
    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research* 7, 1–30, Fig. 1.

    Examples
    --------
    Demšar's (2006, §3.2.4) four variants of C4.5 on 14 data sets:

    >>> from simeval.report.figures import offscreen
    >>> from simeval.stats.friedman import friedman_from_ranks
    >>> res = friedman_from_ranks([3.143, 2.000, 2.893, 1.964], 14,
    ...                           ["C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf"])
    >>> with offscreen():
    ...     fig = critical_difference_diagram(res.as_dict())
    >>> type(fig).__name__
    'Figure'
    """
    rows = list(record["systems"])
    k = len(rows)
    cd = float(record["critical_difference"])
    cliques = [list(c) for c in record.get("cliques", [])]
    left = math.ceil(k / 2)
    height = 1.6 + 0.32 * max(left, k - left) + 0.16 * len(cliques)
    fig, ax = new_axes(ax, (PANEL[0], height))
    ax.hlines(0, 1, k, color="black", linewidth=1, gid="cd-axis")
    for t in range(1, k + 1):
        ax.vlines(t, 0, 0.12, color="black", linewidth=1)
        ax.text(t, 0.18, str(t), ha="center", va="bottom", fontsize=SMALL)
    top = 0.75
    ax.hlines(top, 1, 1 + cd, color=PALETTE[3], linewidth=2, gid="cd-marker")
    ax.vlines([1, 1 + cd], top - 0.07, top + 0.07, color=PALETTE[3], linewidth=2)
    ax.text(
        1 + cd / 2,
        top + 0.1,
        f"CD = {cd:.3g}",
        ha="center",
        va="bottom",
        fontsize=SMALL,
        gid="cd-text",
    )
    rank = {r["system"]: float(r["average_rank"]) for r in rows}
    margin = max(1.0, 0.3 * k)
    for i, r in enumerate(rows):
        x = float(r["average_rank"])
        on_left = i < left
        level = -(0.45 + 0.3 * (i if on_left else k - 1 - i)) - 0.16 * len(cliques)
        end = 1 - 0.15 * margin if on_left else k + 0.15 * margin
        ax.plot([x, x, end], [0, level, level], color="#333333", linewidth=0.8)
        ax.text(
            end - 0.05 if on_left else end + 0.05,
            level,
            f"{r['system']} ({x:.2f})",
            ha="right" if on_left else "left",
            va="center",
            fontsize=SMALL,
            gid="cd-label",
        )
    for j, clique in enumerate(cliques):
        ranks = [rank[s] for s in clique]
        ax.hlines(
            -0.18 - 0.16 * j,
            min(ranks) - 0.04,
            max(ranks) + 0.04,
            color=PALETTE[0],
            linewidth=4,
            gid="cd-bar",
        )
    bottom = -(0.6 + 0.3 * max(left, k - left)) - 0.16 * len(cliques)
    ax.set_xlim(1 - margin, k + margin)
    ax.set_ylim(bottom, top + 0.45)
    ax.axis("off")
    alpha = float(record.get("alpha", 0.05))
    ax.set_title(
        f"Average ranks over {record.get('n_datasets')} data sets\n(bars: no difference "
        f"by the Nemenyi test, alpha = {alpha:g})",
        fontsize=SMALL,
    )
    return fig
