"""Scaled errors per pair and their distribution per system (Atoum & Ayyagari 2019)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ...metrics.scaled_errors import scaled_errors
from ._base import PALETTE, PANEL, SMALL, label_rotation, new_grid, note

__all__ = ["scaled_error_figure"]

#: Beyond this many pairs per system the left panel draws a seeded sample of the pairs.
MAX_POINTS = 20_000


def scaled_error_figure(
    gold: ArrayLike | Mapping[str, ArrayLike],
    systems: Mapping[str, ArrayLike],
    *,
    max_points: int = MAX_POINTS,
    seed: int = 0,
    fig: Any = None,
) -> Any:
    r"""Two panels: the scaled error of every pair against its gold score, and the
    distribution of the scaled errors per system (box plot, mean marked), where
    (Atoum & Ayyagari 2019, eq. 2–3)

    .. math:: S_{E_j} = \frac{|s_j - g_j|}{\frac1n\sum_i |s_i - \bar s|}.

    The system scores must be on the gold scale (``Evaluation.on_gold_scale``); pairs
    with a missing score are left out. A constant system has infinite scaled errors: it
    is left as a gap with a note. Beyond ``max_points`` pairs a system's points are a
    random sample (``numpy.random.default_rng(seed)``), which the title states.
    Returns the Figure (the new one, or ``fig``).

    Parameters
    ----------
    gold : array_like or mapping of str to array_like
        The gold scores (or each system's own).
    systems : mapping of str to array_like
        Each system's scores.
    max_points : int
        Points drawn at most per system (a seeded sample beyond).
    seed : int, default 0
        Of the sample.
    fig : matplotlib.figure.Figure, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> with offscreen():
    ...     fig = scaled_error_figure(gold, systems)
    >>> len(fig.axes), fig.axes[0].get_xlabel()
    (2, 'gold score')
    """
    names = list(systems)
    fig, (left, right) = new_grid(2, fig, size=(PANEL[0] * 1.2, PANEL[1] * 1.45))
    rng = np.random.default_rng(seed)
    dists, shown, notes, sampled = [], [], [], False
    for k, name in enumerate(names):
        g = np.asarray(gold[name] if isinstance(gold, Mapping) else gold, dtype=np.float64)
        s = np.asarray(systems[name], dtype=np.float64)
        keep = ~(np.isnan(g) | np.isnan(s))
        g, s = g[keep], s[keep]
        se = scaled_errors(g, s)
        if se.size == 0 or not np.isfinite(se).all():
            why = "no pairs" if se.size == 0 else "constant scores, the scaled error is infinite"
            notes.append(f"gap: {name}: {why}")
            continue
        idx = np.arange(se.size)
        if se.size > max_points:
            idx = rng.choice(se.size, max_points, replace=False)
            sampled = True
        colour = PALETTE[k % len(PALETTE)]
        left.scatter(g[idx], se[idx], s=8, alpha=0.5, color=colour, edgecolors="none", label=name)
        dists.append(se)
        shown.append(name)
    left.axhline(1.0, color="#777777", linewidth=0.8, linestyle="--")
    left.set_xlabel("gold score")
    left.set_ylabel("scaled error |s − g| / MAD(s)")
    title = "Scaled error of each pair"
    left.set_title(
        title + (f" (≤ {max_points} sampled pairs per system)" if sampled else ""), fontsize=10
    )
    if shown:
        left.legend(fontsize=SMALL, markerscale=2)
        box = right.boxplot(
            dists,
            showmeans=True,
            patch_artist=True,
            widths=0.6,
            medianprops={"color": "black"},
        )
        for patch, k in zip(box["boxes"], [names.index(n) for n in shown]):
            patch.set_facecolor(PALETTE[k % len(PALETTE)])
            patch.set_alpha(0.6)
        right.set_xticks(
            range(1, len(shown) + 1), shown, **label_rotation(shown, fig.get_figwidth() / 2)
        )
    right.set_xlabel("system")
    right.set_ylabel("scaled error (lower is better)")
    right.set_title("Distribution of scaled errors (triangle: MASE)", fontsize=10)
    for i, d in enumerate(dists, start=1):  # each MASE written beside its triangle
        mase = float(np.mean(d))
        right.annotate(
            f"{mase:.2f}", (i, mase), xytext=(8, 0), textcoords="offset points",
            va="center", fontsize=SMALL, gid="mase",
        )  # fmt: skip
    note(fig, notes)
    return fig
