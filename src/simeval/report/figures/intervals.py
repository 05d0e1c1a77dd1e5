"""Intervals and tests of a comparison: the forest plot of every system's bootstrap
interval with its significance cluster, and the matrix of the paired tests' p-values."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ._base import (
    PALETTE,
    PANEL,
    SMALL,
    direction_label,
    figure_or_axes,
    interval_error,
    is_missing,
    new_axes,
    note,
)

__all__ = ["by_dataset", "forest", "pvalue_matrix"]


def forest(
    records: Sequence[Mapping[str, Any]],
    *,
    metric: str,
    confidence_level: float = 0.95,
    ax: Any = None,
) -> Any:
    """Each system's value of ``metric`` with its bootstrap interval, best at the top,
    the significance clusters (systems not significantly worse than the best of their
    cluster: Holm-corrected paired bootstrap, as the WMT metrics tasks) shaded in
    alternating bands and numbered on the right ("cluster 1" is the top).

    ``records`` are those of ``Comparison.to_dict()["results"]``: ``{"system",
    "metric", "value", "ci_low", "ci_high", "cluster"}``. Systems with an undefined
    value are a gap at the bottom with a note. Returns the new matplotlib ``Figure``, or
    the Axes when ``ax`` is given.

    Parameters
    ----------
    records : sequence of mapping
        :meth:`Comparison.records <simeval.evaluation.compare.Comparison.records>` rows.
    metric : str
        The measure shown.
    confidence_level : float, default 0.95
        Of the intervals, for the label.
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
    ...     fig = forest(cmp.records(), metric="pearson")
    >>> [label.get_text() for label in fig.axes[0].get_yticklabels()]  # best at the top
    ['good', 'noisy']
    """
    rows = [r for r in records if r.get("metric") == metric and r.get("bin") is None]
    defined = [r for r in rows if not is_missing(r.get("value"))]
    higher = direction_label(metric) != "(lower is better)"
    defined.sort(key=lambda r: (r.get("cluster") or 0, -r["value"] if higher else r["value"]))
    undefined = [r for r in rows if is_missing(r.get("value"))]
    ordered = defined + undefined
    given = ax
    fig, ax = new_axes(ax, (PANEL[0], max(2.5, 0.45 * len(ordered) + 1.5)))
    n = len(ordered)
    y = {r["system"]: n - 1 - i for i, r in enumerate(ordered)}
    clusters = list(dict.fromkeys(r.get("cluster") for r in defined))
    for k, c in enumerate(clusters):
        members = [y[r["system"]] for r in defined if r.get("cluster") == c]
        ax.axhspan(
            min(members) - 0.5,
            max(members) + 0.5,
            color=("#EEF3F8", "#FFFFFF")[k % 2],
            zorder=0,
            gid="cluster-band",
        )
        ax.text(
            1.01,
            (max(members) + min(members)) / 2,
            f"cluster {c}",
            transform=ax.get_yaxis_transform(),
            va="center",
            ha="left",
            fontsize=SMALL,
            gid="cluster-mark",
        )
    for r in defined:
        v = float(r["value"])
        lo, hi = r.get("ci_low"), r.get("ci_high")
        err = interval_error(v, lo, hi)
        top = r.get("cluster") == 1
        ax.errorbar(
            [v],
            [y[r["system"]]],
            xerr=err,
            fmt="D" if top else "o",
            color=PALETTE[0] if top else PALETTE[7],
            capsize=3,
            ms=6,
            gid="forest-point",
        )
    ax.set_yticks([y[r["system"]] for r in ordered], [r["system"] for r in ordered])
    ax.set_ylim(-0.5, n - 0.5)
    ax.set_ylabel("system (best first)")
    ax.set_xlabel(f"{metric} {direction_label(metric)}".strip())
    level = f"{confidence_level * 100:g} %"
    ax.set_title(f"{metric}: bootstrap {level} intervals and significance clusters", fontsize=10)
    note(fig, [f"gap: {r['system']}: {r.get('reason') or 'undefined'}" for r in undefined])
    return figure_or_axes(fig, ax, given)


def pvalue_matrix(
    pairwise: Sequence[Mapping[str, Any]],
    *,
    metric: str,
    systems: Sequence[str] | None = None,
    alpha: float = 0.05,
    key: str = "bootstrap_p_holm",
    ax: Any = None,
) -> Any:
    """The p-values of the paired tests under ``metric``: row A, column B holds the
    p-value for "A is better than B" (``key``, by default the paired bootstrap p-value
    after Holm's 1979 correction); cells below ``alpha`` are starred. Pairs that were not
    tested (B ranked above A, a system with an undefined value) stay blank.

    ``pairwise`` are the records of ``Comparison.to_dict()["pairwise"]``; ``systems``
    orders the rows and columns (default: as they appear, best first). Returns the new
    matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    pairwise : sequence of mapping
        :class:`~simeval.evaluation.pairwise.PairwiseComparison` rows (``as_dict``).
    metric : str
        The measure shown.
    systems : sequence of str, optional
        The order of the rows and columns.
    alpha : float, default 0.05
        The level marked.
    key : str, default "bootstrap_p_holm"
        Which p-value.
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
    ...     fig = pvalue_matrix([p.as_dict() for p in cmp.pairwise], metric="pearson")
    >>> [label.get_text() for label in fig.axes[0].get_yticklabels()]
    ['good', 'noisy']
    """
    rows = [p for p in pairwise if p.get("metric") == metric]
    if systems is None:
        systems = list(dict.fromkeys([p["system_a"] for p in rows] + [p["system_b"] for p in rows]))
    names = list(systems)
    at = {s: i for i, s in enumerate(names)}
    m = np.full((len(names), len(names)), np.nan)
    for p in rows:
        if p["system_a"] in at and p["system_b"] in at and not is_missing(p.get(key)):
            m[at[p["system_a"]], at[p["system_b"]]] = float(p[key])
    side = max(PANEL[1], 0.55 * len(names) + 2)
    given = ax
    fig, ax = new_axes(ax, (side + 1.5, side))
    img = ax.imshow(np.ma.masked_invalid(m), cmap="viridis_r", vmin=0, vmax=1)
    for i in range(len(names)):
        for j in range(len(names)):
            if not np.isnan(m[i, j]):
                star = "*" if m[i, j] < alpha else ""
                ax.text(
                    j,
                    i,
                    f"{m[i, j]:.3f}{star}",
                    ha="center",
                    va="center",
                    fontsize=SMALL,
                    color="black" if m[i, j] < 0.5 else "white",
                    gid="pvalue",
                )
    fig.colorbar(img, ax=ax, label="p-value (Holm-adjusted)" if key.endswith("holm") else "p-value")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("system B")
    ax.set_ylabel("system A (better by the metric)")
    ax.set_title(f'{metric}: p-value of "A is better than B" (* < {alpha:g})', fontsize=10)
    tested = int((~np.isnan(m)).sum())
    note(fig, [] if tested else ["no pair was tested (fewer than 2 systems with a value)"])
    return figure_or_axes(fig, ax, given)


def by_dataset(
    records: Sequence[Mapping[str, Any]],
    *,
    metric: str,
    label: str | None = None,
    legend: str = "system",
    ax: Any = None,
) -> Any:
    """Each system's value of ``metric`` with its interval on each data set: one row of
    points per data set (top to bottom in the order given), one colour per system, so
    that who leads where, and by how much against the intervals, reads at a glance.

    ``records`` are ``{"dataset", "system", "value", "ci_low", "ci_high"}``; a record
    without an interval (an aggregate over the data sets) is a diamond without bars, an
    undefined value a gap named in a note. ``label`` names the measure on the axis
    (default ``metric`` with its direction), ``legend`` what the colours are. Returns the
    new matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    records : sequence of mapping
        Rows with ``dataset``, ``system``, ``metric``, ``value``, ``ci_low``, ``ci_high``.
    metric : str
        The measure shown.
    label : str, optional
        The axis label (default: the measure and its direction).
    legend : str, default "system"
        The legend's title.
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
    >>> records = [dict(r, dataset=d) for d in ("sts12", "sts13") for r in cmp.records()]
    >>> with offscreen():
    ...     fig = by_dataset(records, metric="pearson")
    >>> [label.get_text() for label in fig.axes[0].get_yticklabels()]
    ['sts12', 'sts13']
    """
    sets = list(dict.fromkeys(r["dataset"] for r in records))
    systems = list(dict.fromkeys(r["system"] for r in records))
    given = ax
    height = max(2.5, 0.22 * len(sets) * len(systems) + 0.35 * len(sets) + 1.6)
    fig, ax = new_axes(ax, (PANEL[0] * 1.25, height))
    step = 0.8 / max(len(systems), 1)
    gaps = []
    for k, system in enumerate(systems):
        colour = PALETTE[k % len(PALETTE)]
        for i, dataset in enumerate(sets):
            rec = next(
                (r for r in records if r["system"] == system and r["dataset"] == dataset), None
            )
            if rec is None or is_missing(rec.get("value")):
                if rec is not None:
                    gaps.append(f"gap: {system} on {dataset}: {rec.get('reason') or 'undefined'}")
                continue
            v = float(rec["value"])
            lo, hi = rec.get("ci_low"), rec.get("ci_high")
            err = interval_error(v, lo, hi)
            y = -i - 0.4 + step * (len(systems) - 1 - k + 0.5)
            fmt = "o" if err is not None else "D"
            ax.errorbar([v], [y], xerr=err, fmt=fmt, color=colour, capsize=3, ms=5,
                        label=system, gid="dataset-point")  # fmt: skip
    ax.set_yticks([-i for i in range(len(sets))], sets)
    ax.set_ylim(-len(sets) + 0.5, 0.5)
    for i in range(1, len(sets)):
        ax.axhline(-i + 0.5, color="#DDDDDD", linewidth=0.8)
    ax.grid(axis="x", color="#EEEEEE")
    ax.set_xlabel(label or f"{metric} {direction_label(metric)}".strip())
    ax.set_title(f"{metric} on each data set", fontsize=10)
    handles, names = ax.get_legend_handles_labels()
    if handles:
        unique: dict[str, Any] = {}
        for n, h in zip(names, handles):
            unique.setdefault(n, h)  # a point with its interval, not an aggregate's diamond
        ax.legend(
            unique.values(),
            unique.keys(),
            fontsize=SMALL,
            loc="center left",
            bbox_to_anchor=(1.01, 0.5),
            title=legend,
            title_fontsize=SMALL,
        )
    note(fig, gaps)
    return figure_or_axes(fig, ax, given)
