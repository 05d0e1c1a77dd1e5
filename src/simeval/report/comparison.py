"""How a :class:`~simeval.evaluation.compare.Comparison` is shown: tables, CSV and JSON."""

from __future__ import annotations

import math
from typing import Any

from ..evaluation.compare import Comparison
from .agreement import agreement_table
from .notes import CI_NAMES
from .schema import comparison_document
from .tables import format_number, render_table, to_json

#: The tidy CSV's columns: one row per value (``table`` = value), pair of systems (``pair``),
#: pair of metrics (``agreement``), system's rank (``rank``) and order of two (``order``).
CSV_COLUMNS = [
    "table", "system", "metric", "system_b", "metric_b", "value", "ci_low", "ci_high",
    "ci_method", "cluster", "pvalue", "p_holm", "permutation_p", "williams_t", "williams_p",
    "steiger_z", "steiger_p", "zou_low", "zou_high", "mean_abs_rank_diff",
    "max_abs_rank_diff", "p_best", "separable", "n", "reason",
]  # fmt: skip

__all__ = [
    "CSV_COLUMNS",
    "cluster_table",
    "comparison_csv",
    "format_comparison",
    "pairwise_table",
    "rank_summaries",
    "rank_table",
    "summary_table",
]


def _cell(value: float, low: float, high: float, digits: int) -> str:
    return (
        f"{format_number(value, digits)} "
        f"[{format_number(low, digits)}, {format_number(high, digits)}]"
    )


def summary_table(cmp: Comparison, digits: int) -> tuple[list[str], list[list[Any]]]:
    """Systems in rows (ranked by the first metric), ``value [low, high]`` per metric;
    † marks the system significantly better than every other under that metric.

    Parameters
    ----------
    cmp : Comparison
        The comparison.
    digits : int
        Decimals shown.

    Returns
    -------
    header : list of str
    rows : list of list

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> summary_table(cmp, 2)
    (['system', 'pearson'], [['good', '0.96 [0.84, 0.99] †'], ['noisy', '0.12 [-0.71, 0.70]  ']])
    """
    order = cmp.ranked(cmp.metrics[0])
    header = ["system", *cmp.metrics]
    rows = []
    for s in order:
        row: list[Any] = [s]
        for m in cmp.metrics:
            iv = cmp.intervals[(s, m)]
            mark = " †" if cmp.significantly_best(m) == s else "  "  # keeps columns aligned
            row.append(_cell(cmp.evaluation.value(s, m), iv.low, iv.high, digits) + mark)
        rows.append(row)
    return header, rows


def cluster_table(cmp: Comparison) -> tuple[list[str], list[list[Any]]]:
    """Systems in rows (ranked by the first metric), their significance cluster per metric
    (1 = not significantly worse than the best; empty when the value is undefined).

    Parameters
    ----------
    cmp : Comparison
        The comparison.

    Returns
    -------
    header : list of str
    rows : list of list

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> cluster_table(cmp)
    (['system', 'pearson'], [['good', 1], ['noisy', 2]])
    """
    order = cmp.ranked(cmp.metrics[0])
    return ["system", *cmp.metrics], [
        [s, *(cmp.cluster_of(s, m) for m in cmp.metrics)] for s in order
    ]


def _rank_cell(cmp: Comparison, system: str, metric: str) -> str | None:
    """``rank [low–high] P(best)%`` of ``system`` under ``metric`` (None: not ranked)."""
    res = cmp.ranks.get(metric)
    if res is None or system not in res.systems:
        return None
    i = res.systems.index(system)
    if math.isnan(res.p_best[i]):
        return f"{res.ranks[i]:g} [—]"
    return f"{res.ranks[i]:g} [{res.low[i]:g}–{res.high[i]:g}] {res.p_best[i] * 100:.0f}%"


def rank_table(cmp: Comparison) -> tuple[list[str], list[list[Any]]]:
    """Systems in rows (ranked by the first metric); per metric the observed rank, its
    bootstrap rank interval and P(best), the share of resamples where it ranks first.

    Parameters
    ----------
    cmp : Comparison
        The comparison.

    Returns
    -------
    header : list of str
    rows : list of list

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> rank_table(cmp)[1]  # good first on every resample
    [['good', '1 [1–1] 100%'], ['noisy', '2 [2–2] 0%']]
    """
    order = cmp.ranked(cmp.metrics[0])
    return ["system", *cmp.metrics], [
        [s, *(_rank_cell(cmp, s, m) for m in cmp.metrics)] for s in order
    ]


def rank_summaries(cmp: Comparison) -> list[str]:
    """One sentence per metric: who ranks first and how often, and how many neighbours in
    the ranking are in a separable order
    (:meth:`~simeval.stats.rank_intervals.RankIntervals.summary`).

    Parameters
    ----------
    cmp : Comparison
        The comparison.

    Returns
    -------
    list of str

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> rank_summaries(cmp)  # doctest: +ELLIPSIS
    ['pearson: good ranks first in 100% of 200 resamples (95% rank interval 1–1); ...']
    """
    return [f"{m}: {cmp.ranks[m].summary()}" for m in cmp.metrics if m in cmp.ranks]


def pairwise_table(cmp: Comparison) -> tuple[list[str], list[list[Any]]]:
    """Every pair of systems (a ranked above b) under every metric: the difference, the
    one-sided paired bootstrap p-value and its Holm adjustment, and where they were
    computed the tests of dependent correlations and the permutation p-value.

    Parameters
    ----------
    cmp : Comparison
        The comparison.

    Returns
    -------
    header : list of str
    rows : list of list

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> header, rows = pairwise_table(cmp)
    >>> header[:6], rows[0][:3]
    (['metric', 'a', 'b', 'a − b', 'p boot', 'p Holm'], ['pearson', 'good', 'noisy'])
    """
    header = ["metric", "a", "b", "a − b", "p boot", "p Holm"]
    with_corr = any(p.williams_t is not None for p in cmp.pairwise)
    with_perm = any(p.permutation_p is not None for p in cmp.pairwise)
    if with_corr:
        header += ["Williams t", "Williams p", "Steiger p", "Zou low", "Zou high"]
    if with_perm:
        header += ["p perm"]
    rows = []
    for p in cmp.pairwise:
        row: list[Any] = [
            p.metric,
            p.system_a,
            p.system_b,
            p.difference,
            p.bootstrap_p,
            p.bootstrap_p_holm,
        ]
        if with_corr:
            row += [p.williams_t, p.williams_p, p.steiger_p, p.zou_low, p.zou_high]
        if with_perm:
            row += [p.permutation_p]
        rows.append(row)
    return header, rows


def format_comparison(cmp: Comparison, fmt: str, digits: int = 4) -> str:
    """The comparison as ``simeval compare`` writes it: the values with their intervals,
    the clusters, the rank intervals, the pairs, the reasons of undefined values and the
    rank agreement, one table each (and the signature under ``table``); CSV is
    :func:`comparison_csv`, JSON the saved document.

    Parameters
    ----------
    cmp : Comparison
        The comparison.
    fmt : {"table", "markdown", "latex", "csv", "json"}
        The format.
    digits : int, default 4
        Decimals shown.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> format_comparison(cmp, "table").splitlines()[0][:36]
    'value [95% BCa bootstrap interval]; '
    """
    if fmt == "json":
        return to_json(comparison_document(cmp))
    if fmt == "csv":
        return comparison_csv(cmp)
    level = f"{cmp.confidence_level:.0%}"
    blocks = [
        render_table(
            *summary_table(cmp, digits),
            fmt,
            title=f"value [{level} {CI_NAMES[cmp.ci_method]} interval]; † significantly "
            f"better than every other system (paired bootstrap, Holm, α = {cmp.alpha:g})",
        ),
        render_table(
            *cluster_table(cmp),
            fmt,
            title="significance clusters (1 = not significantly worse than the best)",
        ),
    ]
    if cmp.ranks:
        level = f"{cmp.confidence_level:.0%}"
        resamples = cmp.distribution.resamples.shape[2]
        blocks.append(
            render_table(
                *rank_table(cmp),
                fmt,
                title=f"rank [{level} bootstrap rank interval] and P(best), the share of the "
                f"{resamples} resamples where the system ranks first (1 = best)",
            )
        )
        said = rank_summaries(cmp)
        blocks.append("".join(f"% {s}\n" if fmt == "latex" else f"{s}\n" for s in said))
    blocks.append(
        render_table(
            *pairwise_table(cmp),
            fmt,
            digits=digits,
            title="pairs (a ranked above b); p boot: one-sided paired bootstrap",
        )
    )
    reasons = [
        f"— {r['system']} / {r['metric']}: {r['reason']}" for r in cmp.records() if r["reason"]
    ] + [f"— {p.system_a} vs {p.system_b} / {p.metric}: {p.dependent_reason}"
         for p in cmp.pairwise if p.dependent_reason]  # fmt: skip
    if reasons:
        blocks.append("\n".join(reasons) + "\n")
    if cmp.dropped:
        blocks.append(f"{cmp.dropped} pair(s) without a score for every system were left out\n")
    if cmp.agreement:
        blocks.append(
            render_table(
                *agreement_table(cmp.agreement),
                fmt,
                digits=digits,
                title="rank agreement between metrics (Reimers et al. 2016, Table 1)",
            )
        )
    if fmt == "table":
        blocks.append(f"signature: {cmp.signature}\n")
    return "\n".join(blocks)


def comparison_csv(cmp: Comparison) -> str:
    """Everything a comparison holds as one tidy CSV: the values with their intervals and
    clusters (``table`` = value), every tested pair of systems with its p-values
    (``pair``; ``value`` is the difference a − b, ``pvalue`` the paired bootstrap's), the
    rank intervals (``rank`` and ``order``, see :func:`_rank_rows`) and the rank agreement
    of every pair of metrics (``agreement``; ``value`` is Kendall's τ).

    Parameters
    ----------
    cmp : Comparison
        The comparison.

    Returns
    -------
    str

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> lines = comparison_csv(cmp).splitlines()
    >>> lines[0] == ",".join(CSV_COLUMNS), sorted({line.split(",")[0] for line in lines[1:]})
    (True, ['order', 'pair', 'rank', 'value'])
    """
    rows: list[dict[str, object]] = []
    for r in cmp.records():
        rows.append({"table": "value", **r})
    for p in cmp.pairwise:
        d = p.as_dict()
        rows.append(
            {
                "table": "pair",
                "system": d["system_a"],
                "system_b": d["system_b"],
                "metric": d["metric"],
                "value": d["difference"],
                "pvalue": d["bootstrap_p"],
                "p_holm": d["bootstrap_p_holm"],
                **{k: d.get(k) for k in CSV_COLUMNS if k.startswith(("permutation", "williams",
                                                                     "steiger", "zou"))},
                "n": cmp.evaluation.n - cmp.dropped, "reason": d["dependent_reason"],
            }
        )  # fmt: skip
    rows += _rank_rows(cmp)
    for a in cmp.agreement:
        d = a.as_dict()
        rows.append(
            {
                "table": "agreement",
                "metric": d["metric_a"],
                "metric_b": d["metric_b"],
                "value": d["kendall_tau"],
                "mean_abs_rank_diff": d["mean_abs_diff"],
                "max_abs_rank_diff": d["max_abs_diff"],
                "n": d["n_systems"],
                "reason": d.get("reason"),
            }
        )
    return render_table(CSV_COLUMNS, [[r.get(c) for c in CSV_COLUMNS] for r in rows], "csv")


def _rank_rows(cmp: Comparison) -> list[dict[str, object]]:
    """The CSV rows of the rank intervals: per system its observed rank with the interval
    and P(best) (``rank``), per pair a above b the share of resamples where a ranks above
    b, the Holm-adjusted p-value of their order and whether it is separable (``order``)."""
    rows: list[dict[str, object]] = []
    for m in cmp.metrics:
        res = cmp.ranks.get(m)
        if res is None:
            continue
        n = res.n_resamples - res.n_undefined
        for i, s in enumerate(res.systems):
            rows.append(
                {"table": "rank", "system": s, "metric": m, "value": float(res.ranks[i]),
                 "ci_low": float(res.low[i]), "ci_high": float(res.high[i]),
                 "ci_method": "percentile", "p_best": float(res.p_best[i]), "n": n}
            )  # fmt: skip
        for i, a in enumerate(res.systems):
            for j in range(i + 1, len(res.systems)):
                rows.append(
                    {"table": "order", "system": a, "system_b": res.systems[j], "metric": m,
                     "value": float(res.share_above[i, j]), "p_holm": float(res.adjusted[i, j]),
                     "separable": bool(res.separable[i, j]), "n": n}
                )  # fmt: skip
    return rows
