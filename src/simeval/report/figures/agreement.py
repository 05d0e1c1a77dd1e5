"""System against gold: the scatter with the bins of the scaled Pearson shaded and each
bin's r written in its band (as the figures of Atoum 2019), and the per-bin correlations
of every system with their intervals beside the scaled Pearson (Atoum 2019, eq. 3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ._base import (
    MAX_COLUMNS,
    PALETTE,
    PANEL,
    SMALL,
    figure_or_axes,
    interval_error,
    is_missing,
    label_rotation,
    new_axes,
    new_grid,
    note,
)

__all__ = ["bin_correlations", "scatter_bins", "scatter_grid"]

#: Beyond this many pairs the scatter becomes a hexbin (the count goes in the title).
MAX_POINTS = 20_000
_BAND_COLOURS = ("#F2F2F2", "#DCE6F0")


def _pairs(gold: ArrayLike, system: ArrayLike) -> tuple[np.ndarray, np.ndarray, int]:
    g = np.asarray(gold, dtype=np.float64)
    s = np.asarray(system, dtype=np.float64)
    keep = ~(np.isnan(g) | np.isnan(s))
    return g[keep], s[keep], int(keep.size - keep.sum())


def _fmt_r(value: Any) -> str:
    return "r undefined" if is_missing(value) else f"r = {value:.2f}"


def scatter_bins(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    bins: Sequence[Mapping[str, Any]] = (),
    name: str = "system",
    scale: Sequence[float] | None = None,
    scaled_pearson: float | None = None,
    max_points: int = MAX_POINTS,
    ax: Any = None,
) -> Any:
    """System score against gold score, one point per pair, the bins shaded as vertical
    bands along the gold axis with each bin's Pearson r written in its band; the scaled
    Pearson :math:`\\tfrac1K\\sum_k r_k` (Atoum 2019, eq. 3) in the title.

    ``bins`` are records ``{"label", "low", "high", "value"}`` (the bin's r; None or NaN
    when undefined, written as "r undefined"); bins without edges (given by labels) are
    not drawn as bands. Pairs with a missing score are left out. Beyond ``max_points``
    pairs the points become a hexbin and the title says how many pairs it holds.
    Returns the new matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    gold, system : array_like
        The scores of the pairs.
    bins : sequence of mapping, optional
        The bins' records (``label``, ``low``, ``high``, ``value``).
    name : str, default "system"
        The system's name.
    scale : (float, float), optional
        The gold scale.
    scaled_pearson : float, optional
        Shown in the title.
    max_points : int
        Points drawn at most (a seeded sample beyond).
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
    >>> with offscreen():
    ...     fig = scatter_bins(gold, systems["good"], name="good")
    >>> fig.axes[0].get_title()
    'good against gold (10 pairs)'
    """
    given = ax
    fig, ax = new_axes(ax)
    g, s, missing = _pairs(gold, system)
    if g.size > max_points:
        art = ax.hexbin(g, s, gridsize=60, mincnt=1, cmap="viridis", bins="log")
        fig.colorbar(art, ax=ax, label="pairs per cell (log)")
        how = f"{g.size:,} pairs drawn as a hexbin"
    else:
        ax.scatter(g, s, s=10, alpha=0.5, color=PALETTE[0], edgecolors="none", label="pair")
        how = f"{g.size} pairs"
    lo, hi = (float(scale[0]), float(scale[1])) if scale is not None else (None, None)
    if lo is not None and hi is not None and hi > lo:
        pad = 0.02 * (hi - lo)
        ax.set_xlim(lo - pad, hi + pad)
        ax.plot([lo, hi], [lo, hi], color="#777777", linewidth=0.8, linestyle="--")
    drawn = [b for b in bins if not is_missing(b.get("low")) and not is_missing(b.get("high"))]
    for k, b in enumerate(drawn):
        ax.axvspan(b["low"], b["high"], color=_BAND_COLOURS[k % 2], zorder=0, gid="bin-band", lw=0)
        ax.text(
            (b["low"] + b["high"]) / 2,
            0.98,
            f"{b.get('label', '')}\n{_fmt_r(b.get('value'))}",
            transform=ax.get_xaxis_transform(),
            ha="center",
            va="top",
            fontsize=SMALL,
            gid="bin-r",
            bbox={"facecolor": "white", "alpha": 0.7, "edgecolor": "none", "pad": 1},
        )
    ax.set_xlabel("gold score" + (f" (scale {lo:g}–{hi:g})" if lo is not None else ""))
    ax.set_ylabel(f"{name} score (on the gold scale)")
    title = f"{name} against gold ({how})"
    if scaled_pearson is not None:
        sp = "undefined" if is_missing(scaled_pearson) else f"{scaled_pearson:.3f}"
        title += f"\nscaled Pearson {sp} (higher is better)"
    ax.set_title(title, fontsize=10)
    notes = []
    if missing:
        notes.append(f"{name}: {missing} pair(s) with a missing score left out")
    if len(drawn) < len(bins):
        notes.append("bins given by label have no edges on the gold axis: not drawn as bands")
    undefined = [b.get("label", "?") for b in bins if is_missing(b.get("value"))]
    if undefined:
        notes.append(f"{name}: r undefined in bin(s) {', '.join(map(str, undefined))}")
    note(fig, notes)
    return figure_or_axes(fig, ax, given)


def scatter_grid(
    gold: ArrayLike | Mapping[str, ArrayLike],
    systems: Mapping[str, ArrayLike],
    *,
    bins: Mapping[str, Sequence[Mapping[str, Any]]] | None = None,
    scale: Sequence[float] | None = None,
    scaled_pearson: Mapping[str, float] | None = None,
    max_points: int = MAX_POINTS,
    fig: Any = None,
    columns: int = MAX_COLUMNS,
) -> Any:
    """:func:`scatter_bins` for every system, one panel each, up to ``columns`` per row.
    ``gold`` is one array for all systems or one per system; ``bins`` and
    ``scaled_pearson`` map each system to its bins and value. Returns the Figure (the
    new one, or ``fig``).

    Parameters
    ----------
    gold : array_like or mapping of str to array_like
        The gold scores (or each system's own).
    systems : mapping of str to array_like
        Each system's scores.
    bins, scale, scaled_pearson, max_points
        As :func:`scatter_bins` takes them, per system.
    fig : matplotlib.figure.Figure, optional
        Where to draw.
    columns : int
        Panels per row at most.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> with offscreen():
    ...     fig = scatter_grid(gold, systems)
    >>> [ax.get_title() for ax in fig.axes]
    ['good against gold (10 pairs)', 'noisy against gold (10 pairs)']
    """
    names = list(systems)
    fig, axes = new_grid(len(names), fig, columns=columns)
    for name, ax in zip(names, axes):
        g = gold[name] if isinstance(gold, Mapping) else gold
        scatter_bins(
            g,
            systems[name],
            bins=(bins or {}).get(name, ()),
            name=name,
            scale=scale,
            scaled_pearson=(scaled_pearson or {}).get(name),
            max_points=max_points,
            ax=ax,
        )
    return fig


def bin_correlations(
    records: Sequence[Mapping[str, Any]],
    *,
    scaled_pearson: Mapping[str, float] | None = None,
    ax: Any = None,
) -> Any:
    """Per-bin Pearson r of every system with its interval, one colour per bin, and the
    scaled Pearson (the mean of the bins' r, Atoum 2019, eq. 3) as a black bar.

    ``records`` are the per-bin records of an evaluation: ``{"system", "bin", "value",
    "ci_low", "ci_high"}`` (``bin`` not None). An undefined r is a gap, named in a note
    under the plot. Returns the new matplotlib ``Figure``, or the Axes when ``ax`` is
    given.

    Parameters
    ----------
    records : sequence of mapping
        Per-bin records.
    scaled_pearson : mapping of str to float, optional
        Each system's scaled Pearson.
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
    >>> import simeval as se
    >>> ev = se.evaluate(gold, systems, metrics=["scaled_pearson"], scale=(0, 5))
    >>> with offscreen():
    ...     fig = bin_correlations([r.as_dict() for r in ev.records if r.bin is not None])
    >>> fig.axes[0].get_ylabel()
    'Pearson r in the bin (higher is better)'
    """
    rows = [r for r in records if r.get("bin") is not None]
    systems = list(dict.fromkeys(r["system"] for r in rows))
    labels = list(dict.fromkeys(r["bin"] for r in rows))
    width = min(10.0, max(PANEL[0], 1.2 * len(systems) + 2))  # a page column is 11.5 in
    given = ax
    fig, ax = new_axes(ax, (width, PANEL[1]))
    step = 0.8 / max(len(labels), 1)
    gaps = []
    for k, label in enumerate(labels):
        colour = PALETTE[k % len(PALETTE)]
        for i, system in enumerate(systems):
            rec = next((r for r in rows if r["system"] == system and r["bin"] == label), None)
            x = i - 0.4 + step * (k + 0.5)
            if rec is None or is_missing(rec.get("value")):
                gaps.append(
                    f"{system} / {label}"
                    + (f": {rec['reason']}" if rec and rec.get("reason") else "")
                )
                continue
            v = float(rec["value"])
            lo, hi = rec.get("ci_low"), rec.get("ci_high")
            err = interval_error(v, lo, hi)
            ax.errorbar(
                [x],
                [v],
                yerr=err,
                fmt="o",
                color=colour,
                capsize=3,
                ms=5,
                label=label if i == 0 else None,
                gid="bin-point",
            )
    for i, system in enumerate(systems):
        sp = (scaled_pearson or {}).get(system)
        if sp is not None and not is_missing(sp):
            ax.hlines(
                sp,
                i - 0.42,
                i + 0.42,
                color="black",
                linewidth=2,
                label="scaled Pearson" if i == 0 else None,
                gid="scaled-pearson",
            )
    ax.axhline(0, color="#999999", linewidth=0.6)
    ax.set_xticks(range(len(systems)), systems, **label_rotation(systems, width))
    ax.set_xlim(-0.6, len(systems) - 0.4)
    ax.set_ylim(min(-0.05, ax.get_ylim()[0]), 1.02)
    ax.set_xlabel("system")
    ax.set_ylabel("Pearson r in the bin (higher is better)")
    ax.set_title("Per-bin Pearson r with 95 % interval, and the scaled Pearson", fontsize=10)
    if ax.get_legend_handles_labels()[0]:  # every bin undefined: nothing to name
        ax.legend(
            title="gold-score bin",
            fontsize=SMALL,
            title_fontsize=SMALL,
            loc="center left",
            bbox_to_anchor=(1.01, 0.5),
        )
    note(fig, [f"gap: r undefined for {g}" for g in gaps])
    return figure_or_axes(fig, ax, given)
