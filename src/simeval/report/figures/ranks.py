"""Rankings of systems: a bump chart of the ranks under every measure, the rank agreement
between measures (Reimers et al. 2016, Table 1) as a heat map, and the predictiveness of
each intrinsic measure for an extrinsic task (Reimers et al. 2016, §3, Table 2) as bars."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ._base import (
    PALETTE,
    PANEL,
    SMALL,
    figure_or_axes,
    interval_error,
    is_missing,
    new_axes,
    note,
)

__all__ = ["agreement_heatmap", "bump_chart", "predictiveness_bars"]


def bump_chart(records: Sequence[Mapping[str, Any]], *, ax: Any = None) -> Any:
    """The rank of every system under every measure (1 = best; ties share their average
    rank; errors such as ``nmsse`` ranked low-is-best), one line per system.

    ``records`` are whole-dataset records ``{"system", "metric", "value"}`` (those with
    a ``bin`` are ignored), e.g. ``Evaluation.to_dict()["results"]``. A system with an
    undefined value under a measure is not ranked there: a gap in its line, with a note.
    Returns the new matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    records : sequence of mapping
        Whole-dataset records.
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
    >>> ev = se.evaluate(gold, systems, metrics=["pearson", "nmsse"])
    >>> with offscreen():
    ...     fig = bump_chart([r.as_dict() for r in ev.records])
    >>> [label.get_text() for label in fig.axes[0].get_xticklabels()]
    ['pearson', 'nmsse']
    """
    from ...metrics.registry import direction
    from ...stats.ranks import rank_systems

    rows = [r for r in records if r.get("bin") is None]
    metrics = list(dict.fromkeys(r["metric"] for r in rows))
    systems = list(dict.fromkeys(r["system"] for r in rows))
    rank = np.full((len(systems), len(metrics)), np.nan)
    gaps = []
    for j, m in enumerate(metrics):
        vals = {r["system"]: r["value"] for r in rows if r["metric"] == m}
        ok = {s: float(v) for s, v in vals.items() if not is_missing(v)}
        gaps += [f"{s} / {m}" for s in systems if s not in ok]
        if ok:
            for s, rk in rank_systems(ok, higher_is_better=direction(m, default=True)).items():
                rank[systems.index(s), j] = rk
    given = ax
    fig, ax = new_axes(ax, (min(9.0, max(PANEL[0], 1.1 * len(metrics) + 2.5)), PANEL[1]))
    x = np.arange(len(metrics))
    for i, s in enumerate(systems):
        colour = PALETTE[i % len(PALETTE)]
        ax.plot(x, rank[i], "-o", color=colour, linewidth=2, ms=6, label=s, gid="bump-line")
    ax.set_xticks(
        x,
        metrics,
        rotation=30 if len(metrics) > 4 else 0,
        ha="right" if len(metrics) > 4 else "center",
    )
    ax.set_yticks(range(1, len(systems) + 1))
    ax.set_ylim(len(systems) + 0.5, 0.5)
    ax.set_xlabel("measure")
    ax.set_ylabel("rank of the system (1 = best)")
    ax.set_title("Ranks of the systems under each measure", fontsize=10)
    ax.legend(fontsize=SMALL, loc="center left", bbox_to_anchor=(1.01, 0.5), title="system")
    note(fig, [f"gap: {g} undefined, not ranked" for g in gaps])
    return figure_or_axes(fig, ax, given)


def agreement_heatmap(records: Sequence[Mapping[str, Any]], *, ax: Any = None) -> Any:
    """Kendall's τ between the rankings of every pair of measures, with the mean
    absolute rank difference below it (Reimers et al. 2016, Table 1), as a heat map
    (τ = 1: same order, −1: reversed).

    ``records`` are ``RankAgreement.as_dict()`` rows (``metric_a``, ``metric_b``,
    ``kendall_tau``, ``mean_abs_diff``); an undefined τ is a blank cell with a note.
    Returns the new matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    records : sequence of mapping
        ``RankAgreement.as_dict()`` rows.
    ax : matplotlib.axes.Axes, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> row = {"metric_a": "pearson", "metric_b": "nmsse", "kendall_tau": 0.4, "mean_abs_diff": 1.2}
    >>> with offscreen():
    ...     fig = agreement_heatmap([row])
    >>> len(fig.axes)  # the map and its colour bar
    2
    """
    names = list(dict.fromkeys([r["metric_a"] for r in records] + [r["metric_b"] for r in records]))
    at = {m: i for i, m in enumerate(names)}
    tau = np.full((len(names), len(names)), np.nan)
    mad = np.full_like(tau, np.nan)
    np.fill_diagonal(tau, 1.0)
    np.fill_diagonal(mad, 0.0)
    gaps = []
    for r in records:
        i, j = at[r["metric_a"]], at[r["metric_b"]]
        t = r.get("kendall_tau")
        tau[i, j] = tau[j, i] = np.nan if is_missing(t) else float(t)  # type: ignore[arg-type]
        mad[i, j] = mad[j, i] = (
            r.get("mean_abs_diff") if not is_missing(r.get("mean_abs_diff")) else np.nan
        )
        if is_missing(t):
            gaps.append(
                f"gap: τ({r['metric_a']}, {r['metric_b']}): {r.get('reason') or 'undefined'}"
            )
    side = max(PANEL[1], 0.7 * len(names) + 2)
    given = ax
    fig, ax = new_axes(ax, (side + 1.5, side))
    img = ax.imshow(np.ma.masked_invalid(tau), cmap="RdBu", vmin=-1, vmax=1)
    for i in range(len(names)):
        for j in range(len(names)):
            if not np.isnan(tau[i, j]):
                text = f"{tau[i, j]:.2f}" + ("" if i == j else f"\n|Δ| {mad[i, j]:.2f}")
                ax.text(
                    j,
                    i,
                    text,
                    ha="center",
                    va="center",
                    fontsize=SMALL,
                    color="white" if abs(tau[i, j]) > 0.6 else "black",
                    gid="agreement",
                )
    fig.colorbar(img, ax=ax, label="Kendall τ between the rankings")
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("measure")
    ax.set_ylabel("measure")
    ax.set_title("Rank agreement between measures (τ; mean |Δrank| below)", fontsize=10)
    note(fig, gaps)
    return figure_or_axes(fig, ax, given)


def predictiveness_bars(records: Sequence[Mapping[str, Any]], *, ax: Any = None) -> Any:
    r"""The predictiveness :math:`\rho(IR, ER)` of each intrinsic measure for the
    extrinsic ranking (Reimers et al. 2016, §3, Table 2) as horizontal bars, best at the
    top, with the bootstrap interval over systems and MAD written beside each bar.

    ``records`` are ``Predictiveness.as_dict()`` rows (``measure``, ``rho``, ``ci_low``,
    ``ci_high``, ``mad``, ``confidence_level``); an undefined ρ is a gap with a note.
    Returns the new matplotlib ``Figure``, or the Axes when ``ax`` is given.

    Parameters
    ----------
    records : sequence of mapping
        ``Predictiveness.as_dict()`` rows.
    ax : matplotlib.axes.Axes, optional
        Where to draw.

    Returns
    -------
    matplotlib.figure.Figure or matplotlib.axes.Axes
        The new Figure, or ``ax`` when it is given.

    Examples
    --------
    >>> from simeval.report.figures import offscreen
    >>> row = {"measure": "pearson", "rho": 0.6, "ci_low": -1.0, "ci_high": 1.0, "mad": 1.2,
    ...        "confidence_level": 0.95}
    >>> with offscreen():
    ...     fig = predictiveness_bars([row])
    >>> fig.axes[0].get_xlabel()
    'ρ(IR, ER): rank correlation with the extrinsic ranking (higher is better)'
    """
    rows = list(records)
    given = ax
    fig, ax = new_axes(ax, (PANEL[0], max(2.5, 0.4 * len(rows) + 1.5)))
    y = np.arange(len(rows))[::-1]
    gaps = []
    for yi, r in zip(y, rows):
        rho = r.get("rho")
        if is_missing(rho):
            gaps.append(f"gap: {r['measure']}: {r.get('reason') or 'ρ undefined'}")
            continue
        lo, hi = r.get("ci_low"), r.get("ci_high")
        err = interval_error(rho, lo, hi)  # type: ignore[arg-type]
        ax.barh(
            yi,
            rho,
            color=PALETTE[0] if rho >= 0 else PALETTE[3],  # type: ignore[operator]
            xerr=err,
            capsize=3,
            height=0.6,
            gid="predictiveness-bar",
        )
        ax.text(
            1.02,
            yi,
            f"MAD {r['mad']:.2f}",
            transform=ax.get_yaxis_transform(),
            va="center",
            fontsize=SMALL,
        )
    ax.axvline(0, color="#777777", linewidth=0.8)
    ax.set_yticks(y, [r["measure"] for r in rows])
    ax.set_xlim(-1.05, 1.05)
    ax.set_xlabel("ρ(IR, ER): rank correlation with the extrinsic ranking (higher is better)")
    ax.set_ylabel("intrinsic measure")
    level = rows[0].get("confidence_level", 0.95) if rows else 0.95
    ax.set_title(
        f"Predictiveness of each measure, bootstrap {level * 100:g} % interval", fontsize=10
    )
    note(fig, gaps)
    return figure_or_axes(fig, ax, given)
