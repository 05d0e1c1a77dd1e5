"""Aggregates across data sets and splits (STS-B dev + test, STS-B + SICK …), as the papers
combine them:

- a correlation (Pearson, Spearman, Kendall, the scaled Pearson, and each bin's Pearson)
  by Fisher's z: ``tanh(mean(atanh r))`` (Atoum 2019, eq. 4–5), unweighted as the paper
  does, or weighted by ``n − 3``;
- any other measure by its mean, unweighted or weighted by the pairs of each set (the
  size-weighted dev/test averages of Atoum & Ayyagari 2019, Tables 5–7);
- the normalized averaged rank of each system (Atoum 2019, Fig. 10): its rank under each
  measure on each set (1 = best, ties share their mean rank), averaged, then mapped to
  [0, 1] by ``(rank − 1)/(k − 1)`` for k systems, so that 0 is always best.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..errors import InputError
from ..metrics.means import fisher_z_mean
from ..metrics.registry import direction, get_metric
from .evaluate import SPREAD_BIN, Evaluation

__all__ = ["aggregate", "normalized_ranks"]


def _is_correlation(metric: str, bin_label: str | None) -> bool:
    if bin_label is not None and metric == "pearson":
        return True
    try:
        return get_metric(metric).is_correlation
    except InputError:
        return False


def aggregate(
    evaluations: Mapping[str, Evaluation], *, weighted: bool = False
) -> list[dict[str, Any]]:
    """One record per system, metric and bin with the aggregate over the data sets
    (``dataset`` = ``"fisher_z_mean"`` for correlations, ``"mean"`` otherwise; with
    ``weighted=True`` the weights are ``n − 3`` and ``n``), ``n`` = the pairs in all.

    >>> import simeval as se
    >>> a = se.evaluate([1, 2, 3, 4], {"s": [1, 2, 4, 3]}, metrics=["pearson", "mae"])
    >>> b = se.evaluate([1, 2, 3, 4, 5], {"s": [1, 3, 2, 4, 5]}, metrics=["pearson", "mae"])
    >>> # r 0.8 and 0.9: tanh((atanh 0.8 + atanh 0.9)/2); MAE 0.5 and 0.4
    >>> [(r["metric"], r["dataset"], round(r["value"], 4)) for r in aggregate({"a": a, "b": b})]
    [('pearson', 'fisher_z_mean', 0.8579), ('mae', 'mean', 0.45)]
    """
    if not evaluations:
        raise InputError("aggregate needs at least one evaluation")
    groups: dict[tuple[str, str, str | None], list[tuple[float, int, str]]] = {}
    for name, ev in evaluations.items():
        for r in ev.records:
            if r.bin == SPREAD_BIN:
                continue
            key = (r.system, r.metric, r.bin)
            groups.setdefault(key, []).append((float(r.value), int(r.n), name))
    out = []
    for (system, metric, bin_label), rows in groups.items():
        values = np.array([v for v, _, _ in rows])
        ns = np.array([n for _, n, _ in rows], dtype=float)
        corr = _is_correlation(metric, bin_label)
        missing = [d for v, _, d in rows if math.isnan(v)]
        reason = None
        if missing:
            value = math.nan
            reason = f"undefined on {', '.join(missing)}"
        elif len(rows) < len(evaluations):
            value = math.nan
            reason = "not measured on every data set"
        elif corr:
            w = np.maximum(ns - 3, 0) if weighted else None
            value = fisher_z_mean(values, w)
        else:
            value = float(np.average(values, weights=ns if weighted else None))
        out.append(
            {
                "system": system,
                "metric": metric,
                "bin": bin_label,
                "dataset": "fisher_z_mean" if corr else "mean",
                "weighted": weighted,
                "value": None if math.isnan(value) else value,
                "n": int(ns.sum()),
                "reason": reason,
            }
        )
    return out


def normalized_ranks(evaluations: Mapping[str, Evaluation]) -> dict[str, float]:
    """Each system's normalized averaged rank over every measure and data set (Atoum 2019,
    Fig. 10): 0 = best everywhere, 1 = worst everywhere. A measure undefined for some
    system on a set is left out of that set's ranking.

    >>> import simeval as se
    >>> ev = se.evaluate([1, 2, 3, 4], {"a": [1, 2, 3, 4], "b": [4, 3, 2, 1]},
    ...                  metrics=["pearson", "mae"])
    >>> normalized_ranks({"x": ev})
    {'a': 0.0, 'b': 1.0}
    """
    from scipy.stats import rankdata

    systems: list[str] = []
    for ev in evaluations.values():
        systems += [s for s in ev.systems if s not in systems]
    if len(systems) < 2:
        raise InputError("ranking needs at least 2 systems")
    sums = dict.fromkeys(systems, 0.0)
    counts = dict.fromkeys(systems, 0)
    for ev in evaluations.values():
        for m in ev.metrics:
            values = np.array([ev.value(s, m.name) for s in ev.systems])
            if np.isnan(values).any() or len(ev.systems) < 2:
                continue
            ranks = rankdata(-values if direction(m.name, default=True) else values)
            scaled = (ranks - 1) / (len(ev.systems) - 1)
            for s, r in zip(ev.systems, scaled.tolist()):
                sums[s] += r
                counts[s] += 1
    return {s: (sums[s] / counts[s] if counts[s] else math.nan) for s in systems}
