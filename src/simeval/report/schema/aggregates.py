"""The documents whose records are aggregates over data sets: a SemEval folder's sets and
their aggregates (``kind: semeval``), and the aggregates of several evaluations
(``kind: aggregate``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..._version import __version__
from ...results import json_ready
from .envelope import head as _head

if TYPE_CHECKING:
    from ...evaluation.evaluate import Evaluation
    from ...runs.semeval import SemevalEvaluation

__all__ = ["aggregate_document", "semeval_document"]


def semeval_document(ev: SemevalEvaluation) -> dict[str, Any]:
    """The document of a SemEval folder's evaluation (``kind: semeval``): records per set
    and aggregate (their ``dataset``), and the unscored pairs skipped per set.

    Parameters
    ----------
    ev : SemevalEvaluation
        The SemEval folder's evaluation.

    Returns
    -------
    dict

    Examples
    --------
    >>> import numpy as np
    >>> from simeval.runs.semeval import evaluate_semeval
    >>> gold = {"forum": np.array([1.0, 2, 3, 4]), "news": np.array([1.0, 2, np.nan, 3])}
    >>> runs = {"r1": {"forum": np.array([1.0, 2, 4, 3]), "news": np.array([1.0, 3, 0, 2])}}
    >>> doc = semeval_document(evaluate_semeval(gold, runs))
    >>> doc["kind"], doc["sets"], doc["skipped"]
    ('semeval', ['forum', 'news'], {'forum': 0, 'news': 1})
    """
    sets = list(ev.sets)
    aggregates = [d for d in dict.fromkeys(r["dataset"] for r in ev.records) if d not in sets]
    return json_ready(
        _head(
            "semeval",
            ev.signature,
            sets=sets,
            aggregates=aggregates,
            systems=list(ev.systems),
            metrics=list(ev.metrics),
            skipped=dict(ev.skipped),
            calibration=None,
            records=list(ev.records),
        )
    )


def aggregate_document(
    evaluations: Mapping[str, Evaluation], *, weighted: bool = False
) -> dict[str, Any]:
    """The aggregates of several evaluations (``kind: aggregate``): the records of
    :func:`simeval.evaluation.aggregate.aggregate` and each system's normalized averaged
    rank (``metric: normalized_rank``, Atoum 2019, Fig. 10); the signature joins each
    data set's.

    Parameters
    ----------
    evaluations : mapping of str to Evaluation
        One per data set.
    weighted : bool, default False
        Weight each data set by its pairs.

    Returns
    -------
    dict

    Examples
    --------
    >>> import simeval as se
    >>> # Pearson r of s 0.8, of t 0.6 (by hand: 3 / √(5·5)); s ranks first on both sets
    >>> a = se.evaluate([1, 2, 3, 4], {"s": [1, 2, 4, 3], "t": [2, 1, 4, 3]}, metrics=["pearson"])
    >>> doc = aggregate_document({"a": a, "b": a})
    >>> [(r["system"], r["metric"], r["dataset"], round(r["value"], 4)) for r in doc["records"]]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('s', 'pearson', 'fisher_z_mean', 0.8), ('t', 'pearson', 'fisher_z_mean', 0.6),
     ('s', 'normalized_rank', 'all', 0.0), ('t', 'normalized_rank', 'all', 1.0)]
    """
    from ...evaluation.aggregate import aggregate, normalized_ranks

    records = aggregate(evaluations, weighted=weighted)
    systems = {s for ev in evaluations.values() for s in ev.systems}
    ranks = normalized_ranks(evaluations) if len(systems) > 1 else {}
    for system, rank in ranks.items():
        records.append(
            {"system": system, "metric": "normalized_rank", "dataset": "all", "bin": None,
             "value": rank, "n": len(evaluations), "reason": None}
        )  # fmt: skip
    sets = ";".join(f"{name}={ev.signature}" for name, ev in evaluations.items())
    weights = "n" if weighted else "none"
    signature = f"simeval:{__version__}|aggregate|weights:{weights}|datasets:{sets}"
    return json_ready(
        _head(
            "aggregate",
            signature,
            datasets=list(evaluations),
            weighted=weighted,
            calibration=None,
            records=records,
        )
    )
