"""The conventions of the tools users compare against, side by side, so that a number can
be reproduced and compared with the one a paper or a leaderboard printed.

- ``mteb`` (MTEB's STS tasks, its ``STSEvaluator``): over all scored pairs of the task's
  test set (STS12–16 pooled per year, SICK-R all 9 927 pairs, STS-B the test split),
  Pearson's r and Spearman's ρ of the model's own similarity (``pearson``, ``spearman``)
  and, for a model that gives vectors, of cosine similarity, −L1 and −L2
  (``cosine_pearson``, ``cosine_spearman``, ``manhattan_*``, ``euclidean_*``); the main
  score is ``cosine_spearman`` (``spearman`` for a scorer without vectors).
- ``senteval`` (SentEval's STS12–16): Pearson and Spearman per subset of a year, then their
  plain ``mean`` and their ``wmean`` weighted by the subsets' pairs; no pooled value. On
  STS-B and SICK-R SentEval trains a regressor on the sentence embeddings (Conneau &
  Kiela 2018); simeval reports the cosine there, as SimCSE's fork of SentEval does.
- ``simcse`` (SimCSE's evaluation, Gao et al. 2021): SentEval's subsets plus the pooled
  ``all``, which it reports for STS12–16 (Spearman); STS-B and SICK-R as one set each —
  SICK-R is its 4 927-pair test split (``sick:test``), as SimCSE's evaluation uses; ``avg``
  over the tasks.
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

__all__ = [
    "MTEB_SIMILARITIES",
    "PROTOCOLS",
    "ST_SIMILARITIES",
    "Protocol",
    "correlation_records",
    "get_protocol",
    "main_metric",
]

#: The similarity functions of sentence-transformers' evaluator, in its order.
ST_SIMILARITIES = ("cosine", "manhattan", "euclidean", "dot")
#: The similarity functions MTEB's STS evaluator reports besides the model's own.
MTEB_SIMILARITIES = ("cosine", "manhattan", "euclidean")
#: The correlations every protocol reports.
_CORRELATIONS = (("pearson", pearson), ("spearman", spearman))


@dataclass(frozen=True)
class Protocol:
    """A convention: how a data set is cut (subsets, pooled), which measures are reported
    and which one is the main score.

    Attributes
    ----------
    name, description : str
        The protocol's name and what it reports.
    main_metric : str
        The main score's record name (:func:`main_metric` refines it per model).
    per_subset, pooled : bool
        Whether the correlations are reported per subset of a data set, and over its
        pooled pairs.
    averages : tuple of str
        SentEval's averages of the subsets (``mean``, ``wmean``).
    similarities : tuple of str
        The similarity functions reported besides the model's own.
    substitutes : tuple of (str, str)
        Registered data sets the protocol reads another split of.
    notes : tuple
        What the output says of data sets the protocol treats otherwise than its toolkit.

    References
    ----------
    Conneau, A. & Kiela, D. (2018). SentEval: an evaluation toolkit for universal sentence
    representations. *LREC 2018*.

    Gao, T., Yao, X. & Chen, D. (2021). SimCSE: simple contrastive learning of sentence
    embeddings. *EMNLP 2021*, 6894–6910.

    Muennighoff, N., Tazi, N., Magne, L. & Reimers, N. (2023). MTEB: massive text embedding
    benchmark. *EACL 2023*, 2014–2037.

    Examples
    --------
    >>> simcse = get_protocol("simcse")
    >>> simcse.per_subset, simcse.pooled, simcse.dataset_for("sickr"), simcse.dataset_for("sts12")
    (True, True, 'sick:test', 'sts12')
    >>> simcse.notes_for(["sickr", "stsb"])
    ["sickr: SimCSE's evaluation reads SICK-R's test split (sick:test, 4927 pairs)"]
    """

    name: str
    description: str
    main_metric: str
    per_subset: bool
    pooled: bool
    averages: tuple[str, ...] = ()
    #: The similarity functions reported besides the model's own (for models with vectors).
    similarities: tuple[str, ...] = ()
    #: Registered data sets the protocol reads another split of: name → the split read.
    substitutes: tuple[tuple[str, str], ...] = ()
    #: What the output says of data sets it treats otherwise than their toolkit:
    #: (data set names, the note).
    notes: tuple[tuple[tuple[str, ...], str], ...] = ()

    def dataset_for(self, name: str) -> str:
        """The registered data set the protocol reads for ``name``."""
        return dict(self.substitutes).get(name, name)

    def notes_for(self, names: Sequence[str]) -> list[str]:
        """The protocol's notes on the data sets ``names`` (those it treats otherwise)."""
        out = []
        for sets, note in self.notes:
            hit = [n for n in names if n in sets or n.split(":")[0] in sets]
            if hit:
                out.append(f"{', '.join(hit)}: {note}")
        return out


PROTOCOLS: dict[str, Protocol] = {
    p.name: p
    for p in (
        Protocol(
            "mteb",
            "MTEB: Spearman of cosine similarity over the pooled test set (main), Pearson, "
            "and both for the model's own similarity, -L1 and -L2",
            "spearman",
            per_subset=False,
            pooled=True,
            similarities=MTEB_SIMILARITIES,
        ),
        Protocol(
            "senteval",
            "SentEval: Pearson and Spearman per subset, their mean and weighted mean; on "
            "STS-B and SICK-R SentEval trains a regressor, simeval reports the cosine (as "
            "SimCSE's fork)",
            "spearman",
            per_subset=True,
            pooled=False,
            averages=("mean", "wmean"),
            notes=(
                (
                    ("stsb", "sick", "sickr"),
                    "SentEval trains a regressor on the embeddings for STS-B and SICK-R; "
                    "simeval reports the cosine's correlations instead, as SimCSE's fork of "
                    "SentEval does",
                ),
            ),
        ),
        Protocol(
            "simcse",
            "SimCSE: SentEval's subsets plus the pooled 'all' (reported), 'avg' over tasks; "
            "SICK-R is its 4927-pair test split",
            "spearman",
            per_subset=True,
            pooled=True,
            substitutes=(("sickr", "sick:test"),),
            notes=(
                (
                    ("sickr",),
                    "SimCSE's evaluation reads SICK-R's test split (sick:test, 4927 pairs)",
                ),
            ),
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
    """The protocol called ``name``; an unknown one lists the known ones.

    Parameters
    ----------
    name : str
        One of :data:`PROTOCOLS`.

    Returns
    -------
    Protocol

    Raises
    ------
    InputError
        An unknown name.

    Examples
    --------
    >>> get_protocol("senteval").averages
    ('mean', 'wmean')
    >>> get_protocol("glue")
    Traceback (most recent call last):
    simeval.errors.InputError: unknown protocol 'glue'; known: mteb, senteval, simcse, st, simeval
    """
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
    on one data set under ``protocol``; ``similarity`` is the system's own function.
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
    return out


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
