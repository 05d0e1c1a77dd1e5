"""How a :class:`~simeval.evaluation.compare.Comparison` is shown: tables, CSV and JSON."""

from __future__ import annotations

import math
from typing import Any

from ..evaluation.compare import Comparison
from .agreement import agreement_table
from .schema import comparison_document
from .tables import format_number, render_table, to_json

#: The columns of the tidy CSV of a comparison: one row per value (``table`` = value), per
#: pair of systems (``pair``), per pair of metrics (``agreement``), per system's rank
#: (``rank``) and per order of two systems over the resamples (``order``).
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
    † marks the system significantly better than every other under that metric."""
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
    bootstrap rank interval and P(best), the share of resamples where it ranks first."""
    order = cmp.ranked(cmp.metrics[0])
    return ["system", *cmp.metrics], [
        [s, *(_rank_cell(cmp, s, m) for m in cmp.metrics)] for s in order
    ]


def rank_summaries(cmp: Comparison) -> list[str]:
    """One sentence per metric: who ranks first and how often, and how many neighbours in
    the ranking are in a separable order
    (:meth:`~simeval.stats.rank_intervals.RankIntervals.summary`)."""
    return [f"{m}: {cmp.ranks[m].summary()}" for m in cmp.metrics if m in cmp.ranks]


def pairwise_table(cmp: Comparison) -> tuple[list[str], list[list[Any]]]:
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
    if fmt == "json":
        return to_json(comparison_document(cmp))
    if fmt == "csv":
        return comparison_csv(cmp)
    level = f"{cmp.confidence_level:.0%}"
    method = "BCa" if cmp.ci_method == "bca" else "percentile"
    blocks = [
        render_table(
            *summary_table(cmp, digits),
            fmt,
            title=f"value [{level} {method} bootstrap interval]; † significantly "
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
    ]
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
    of every pair of metrics (``agreement``; ``value`` is Kendall's τ)."""
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
                "n": cmp.evaluation.n - cmp.dropped,
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
