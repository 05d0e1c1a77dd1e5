"""The conventions of the tools users compare against, side by side, so that a number can
be reproduced and compared with the one a paper or a leaderboard printed.

- ``mteb`` (MTEB's STS tasks): the main score is Spearman's ρ of gold against the model's
  cosine similarity over all scored pairs of the task's test set (STS12–16 pooled per
  year, SICK-R all 9 927 pairs, STS-B the test split); Pearson's r is reported beside it.
- ``senteval`` (SentEval's STS12–16): Pearson and Spearman per subset of a year, then their
  plain ``mean`` and their ``wmean`` weighted by the subsets' pairs; no pooled value.
- ``simcse`` (SimCSE's evaluation): SentEval's subsets plus the pooled ``all``, which it
  reports for STS12–16 (Spearman); STS-B and SICK-R as one set; ``avg`` over the tasks.
- ``st`` (sentence-transformers' ``EmbeddingSimilarityEvaluator``): Pearson and Spearman
  for each similarity function (cosine, manhattan = −L1, euclidean = −L2, dot); the main
  score is Spearman of the model's own function.
- ``simeval``: every measure of :func:`simeval.evaluate` with its interval, on each data
  set as one set.

Every record says its protocol in the run's signature, and names its ``subset`` (a
SemEval subset, ``all`` for a pooled year, ``mean``/``wmean`` for SentEval's averages).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import NanPolicy
from ..errors import InputError
from ..evaluation.aggregate import set_aggregate
from ..metrics.correlation import pearson, spearman

__all__ = ["PROTOCOLS", "ST_SIMILARITIES", "Protocol", "correlation_records", "get_protocol"]

#: The similarity functions of sentence-transformers' evaluator, in its order.
ST_SIMILARITIES = ("cosine", "manhattan", "euclidean", "dot")


@dataclass(frozen=True)
class Protocol:
    """A convention: how a data set is cut (subsets, pooled), which measures are reported
    and which one is the main score."""

    name: str
    description: str
    main_metric: str
    per_subset: bool
    pooled: bool
    averages: tuple[str, ...] = ()
    similarities: tuple[str, ...] = ("cosine",)


PROTOCOLS: dict[str, Protocol] = {
    p.name: p
    for p in (
        Protocol(
            "mteb",
            "MTEB: Spearman of cosine similarity over the pooled test set (main), Pearson",
            "spearman",
            per_subset=False,
            pooled=True,
        ),
        Protocol(
            "senteval",
            "SentEval: Pearson and Spearman per subset, their mean and weighted mean",
            "spearman",
            per_subset=True,
            pooled=False,
            averages=("mean", "wmean"),
        ),
        Protocol(
            "simcse",
            "SimCSE: SentEval's subsets plus the pooled 'all' (reported), 'avg' over tasks",
            "spearman",
            per_subset=True,
            pooled=True,
        ),
        Protocol(
            "st",
            "sentence-transformers' evaluator: Pearson and Spearman per similarity function",
            "spearman_cosine",
            per_subset=False,
            pooled=True,
            similarities=ST_SIMILARITIES,
        ),
        Protocol(
            "simeval",
            "simeval: every measure of evaluate, with intervals, on each data set",
            "pearson",
            per_subset=False,
            pooled=True,
        ),
    )
}


def get_protocol(name: str) -> Protocol:
    """The protocol called ``name``; an unknown one lists the known ones."""
    if name not in PROTOCOLS:
        raise InputError(f"unknown protocol {name!r}; known: {', '.join(PROTOCOLS)}")
    return PROTOCOLS[name]


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
    on one data set under ``protocol``; ``similarity`` is the system's own function (the
    main score of ``st``). ``subsets`` names each pair's subset (None: one set).
    ``nan_policy="omit"`` leaves out the pairs without a score (each record's ``n``
    counts those kept)."""
    out: list[dict[str, Any]] = []
    suffix = protocol.name == "st"
    for fn, s in scores.items():
        for metric, f in (("pearson", pearson), ("spearman", spearman)):
            name = f"{metric}_{fn}" if suffix else metric
            main = name == (f"spearman_{similarity}" if suffix else protocol.main_metric)
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
                    out.append(
                        {
                            "dataset": dataset,
                            "subset": avg,
                            "system": system,
                            "metric": name,
                            "value": None if math.isnan(value) else value,
                            "bin": None,
                            "n": int(weights.sum()),
                            "pvalue": None,
                            "ci_low": None,
                            "ci_high": None,
                            "ci_method": None,
                            "reason": None
                            if not math.isnan(value)
                            else "a subset's correlation is undefined",
                            "main": avg == "mean" and metric == protocol.main_metric,
                        }
                    )
            elif protocol.per_subset and not protocol.pooled:
                res = f(gold, s, nan_policy=nan_policy)
                out.append(_record(dataset, None, system, name, res, main))
    return out
