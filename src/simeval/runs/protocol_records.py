"""The records of a protocol (:mod:`simeval.runs.protocols`): Pearson's r and Spearman's ρ
of one system on one data set as the protocol's tool reports them — pooled, per subset with
SentEval's ``mean`` and ``wmean``, under each similarity function — and which of them is the
main score."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import NanPolicy
from ..evaluation.aggregate import set_aggregate
from ..metrics.correlation import pearson, spearman
from .protocols import Protocol

__all__ = ["correlation_records", "main_metric"]

#: The correlations every protocol reports.
_CORRELATIONS = (("pearson", pearson), ("spearman", spearman))


def _record(
    dataset: str, subset: str | None, system: str, metric: str, res: Any, main: bool
) -> dict[str, Any]:
    ci = res.confidence_interval()
    value = float(res.statistic)
    defined = not math.isnan(value)
    return {
        "dataset": dataset,
        "subset": subset,
        "system": system,
        "metric": metric,
        "value": value if defined else None,
        "bin": None,
        "n": int(res.n),
        "pvalue": float(res.pvalue) if defined else None,
        "ci_low": ci.low if defined and not math.isnan(ci.low) else None,
        "ci_high": ci.high if defined and not math.isnan(ci.high) else None,
        "ci_method": ci.method if defined and not math.isnan(ci.low) else None,
        "reason": res.reason,
        "main": main,
    }


def main_metric(protocol: Protocol, functions: Sequence[str], own: str) -> str:
    """The name of the main score of a system scored under ``functions`` (its own
    function ``own`` first) in ``protocol``: MTEB's ``cosine_spearman`` for a model with
    vectors (scored under every function MTEB reports), ``spearman_OWN`` in the ``st``
    protocol, else the protocol's main metric.

    Parameters
    ----------
    protocol : Protocol
        The protocol.
    functions : sequence of str
        The similarity functions the system was scored under.
    own : str
        Its own function.

    Returns
    -------
    str
        The main score's record name.

    Examples
    --------
    >>> from simeval.runs.protocols import get_protocol
    >>> mteb = get_protocol("mteb")
    >>> main_metric(mteb, ["cosine", "manhattan", "euclidean"], "cosine")
    'cosine_spearman'
    >>> main_metric(mteb, ["jaccard"], "jaccard")
    'spearman'
    """
    if protocol.name == "st":
        return f"spearman_{own}"
    if protocol.name == "mteb" and set(protocol.similarities) <= set(functions):
        return "cosine_spearman"
    return protocol.main_metric


def _named(protocol: Protocol, functions: Sequence[str], own: str) -> list[tuple[str, str, str]]:
    """(record name, correlation, similarity function) of every correlation reported."""
    if protocol.name == "st":
        return [(f"{c}_{fn}", c, fn) for fn in functions for c, _ in _CORRELATIONS]
    out = [(c, c, own) for c, _ in _CORRELATIONS]
    if protocol.name == "mteb" and set(protocol.similarities) <= set(functions):
        out += [(f"{fn}_{c}", c, fn) for fn in protocol.similarities for c, _ in _CORRELATIONS]
    return out


def correlation_records(
    protocol: Protocol,
    dataset: str,
    gold: NDArray[np.float64],
    scores: Mapping[str, NDArray[np.float64]],
    subsets: Sequence[str] | None = None,
    similarity: str = "cosine",
    system: str = "",
    nan_policy: NanPolicy = "raise",
) -> list[dict[str, Any]]:
    """The correlation records of one system's ``scores`` (similarity function → scores)
    on one data set under ``protocol`` (each naming it); ``similarity`` is the system's
    own function.
    ``subsets`` names each pair's subset (None: one set). ``nan_policy="omit"`` leaves
    out the pairs without a score (each record's ``n`` counts those kept).

    Parameters
    ----------
    protocol : Protocol
        The protocol.
    dataset : str
        The data set's label.
    gold : numpy.ndarray
        The gold scores of the scored pairs.
    scores : mapping of str to numpy.ndarray
        Similarity function → the system's scores.
    subsets : sequence of str, optional
        Each pair's subset.
    similarity : str, default "cosine"
        The system's own function.
    system : str
        The system's label.
    nan_policy : {"raise", "omit"}
        What a missing score does.

    Returns
    -------
    list of dict
        ``dataset``, ``subset``, ``system``, ``metric``, ``value``, ``bin``, ``n``,
        ``pvalue``, the interval, ``reason`` and ``main`` (whether it is the main score).

    Examples
    --------
    SentEval's Spearman per subset and their mean: on subset ``a`` the system swaps the
    gold's 3rd and 4th pair (``ρ = 1 − 6·2/(4·15) = 0.8``), on ``b`` it reverses the
    gold's order but for one swap (``ρ = 1 − 6·18/60 = −0.8``); their mean is 0:

    >>> from simeval.runs.protocols import get_protocol
    >>> gold = np.array([1.0, 2, 3, 4, 5, 6, 7, 8])
    >>> scores = {"cosine": np.array([1.0, 2, 4, 3, 8, 7, 5, 6])}
    >>> records = correlation_records(get_protocol("senteval"), "sts12", gold, scores,
    ...                               subsets=["a"] * 4 + ["b"] * 4)
    >>> [(r["subset"], round(r["value"], 4), r["main"]) for r in records
    ...  if r["metric"] == "spearman"]
    [('a', 0.8, False), ('b', -0.8, False), ('mean', 0.0, True), ('wmean', 0.0, False)]
    """
    out: list[dict[str, Any]] = []
    main_name = main_metric(protocol, list(scores), similarity)
    correlations = dict(_CORRELATIONS)
    for name, metric, fn in _named(protocol, list(scores), similarity):
        f, s = correlations[metric], scores[fn]
        main = name == main_name
        if protocol.pooled:
            subset = "all" if protocol.per_subset and subsets is not None else None
            res = f(gold, s, nan_policy=nan_policy)
            out.append(_record(dataset, subset, system, name, res, main))
        if protocol.per_subset and subsets is not None:
            labels = np.asarray(subsets)
            per = []
            for sub in dict.fromkeys(subsets):
                keep = labels == sub
                res = f(gold[keep], s[keep], nan_policy=nan_policy)
                per.append((res, int(res.n)))
                out.append(_record(dataset, str(sub), system, name, res, False))
            values = np.array([float(r.statistic) for r, _ in per])
            weights = np.array([n for _, n in per], dtype=float)
            for avg in protocol.averages:  # SentEval's mean and wmean of the subsets
                how = "mean" if avg == "mean" else "weighted_mean"
                value, _ = set_aggregate(values, how, sizes=weights)
                out.append(_average(dataset, avg, system, name, value, int(weights.sum()),
                                    avg == "mean" and metric == protocol.main_metric))  # fmt: skip
        elif protocol.per_subset and not protocol.pooled:
            res = f(gold, s, nan_policy=nan_policy)
            out.append(_record(dataset, None, system, name, res, main))
    return [{"protocol": protocol.name, **r} for r in out]


def _average(
    dataset: str, avg: str, system: str, metric: str, value: float, n: int, main: bool
) -> dict[str, Any]:
    """The record of SentEval's ``mean`` or ``wmean`` of the subsets' correlations."""
    defined = not math.isnan(value)
    return {
        "dataset": dataset, "subset": avg, "system": system, "metric": metric,
        "value": value if defined else None, "bin": None, "n": n, "pvalue": None,
        "ci_low": None, "ci_high": None, "ci_method": None,
        "reason": None if defined else "a subset's correlation is undefined", "main": main,
    }  # fmt: skip
