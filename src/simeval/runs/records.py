"""What a run reports besides the protocol's correlations: every measure of
:func:`~simeval.evaluate` on each data set, the models' comparison with intervals and
clusters, SimCSE's task average and the aggregates over data sets."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import NanPolicy
from ..evaluation.aggregate import set_aggregate

__all__ = ["across_datasets", "evaluate_set", "simeval_records", "task_average"]


def evaluate_set(
    gold: NDArray[np.float64],
    by_model: dict[str, NDArray[np.float64]],
    scale: tuple[float, float] | None,
    ranges: Mapping[str, tuple[float, float] | None],
    n_resamples: int,
    seed: int,
    nan_policy: NanPolicy,
    calibration: Any = None,
) -> tuple[Any, Any]:
    """Every measure of :func:`~simeval.evaluate` on one data set and, with two or more
    models, their comparison (bootstrap intervals, paired tests, clusters); each model's
    scores declared on its scorer's range (``ranges``, see :func:`~.run.score_range`), so
    that a measure of the gold value sees them calibrated onto the gold scale
    (``calibration``, a :class:`~simeval.Calibration`; None: ``auto``).

    Parameters
    ----------
    gold : numpy.ndarray
        The gold scores of the scored pairs.
    by_model : dict of str to numpy.ndarray
        Each model's scores under its own similarity function.
    scale : (float, float) or None
        The gold scale.
    ranges : mapping of str to (float, float) or None
        Each model's range of scores, when bounded.
    n_resamples : int
        Bootstrap resamples of the comparison (0: no comparison).
    seed : int
        Their seed.
    nan_policy : {"raise", "omit"}
        What a missing score does.
    calibration : Calibration, optional
        How off-scale scores are calibrated.

    Returns
    -------
    evaluation : Evaluation
    comparison : Comparison or None
        None for one model or no resamples.

    Examples
    --------
    ``a`` swaps the gold's 4 and 5: ``r = (17.5 − 1) / 17.5 ≈ 0.9429``:

    >>> gold = np.array([0.0, 1, 2, 3, 4, 5])
    >>> by_model = {"a": np.array([0.0, 1, 2, 3, 5, 4]), "b": np.array([5.0, 4, 3, 2, 1, 0])}
    >>> ev, cmp = evaluate_set(gold, by_model, (0, 5), {"a": None, "b": None}, 0, 0, "raise")
    >>> round(ev.value("a", "pearson"), 4), cmp
    (0.9429, None)
    """
    from ..evaluation.compare import compare
    from ..evaluation.evaluate import evaluate
    from ..options import Options

    system_scale = {m: r for m, r in ranges.items() if r is not None}
    opts = Options(
        scale=scale, system_scale=system_scale or None, nan_policy=nan_policy, calibrate=calibration
    )
    ev = evaluate(gold, by_model, options=opts)
    if len(by_model) < 2 or not n_resamples:
        return ev, None
    return ev, compare(gold, by_model, options=opts, n_resamples=n_resamples, seed=seed)


def simeval_records(label: str, ev: Any, cmp: Any) -> list[dict[str, Any]]:
    """The records of the ``simeval`` protocol: every measure of the evaluation, with the
    comparison's bootstrap interval and cluster where it has one; Pearson is the main.

    Parameters
    ----------
    label : str
        The data set's label.
    ev : Evaluation
        Its evaluation.
    cmp : Comparison or None
        Its comparison.

    Returns
    -------
    list of dict

    Examples
    --------
    >>> import simeval as se
    >>> ev = se.evaluate([1, 2, 3, 4], {"a": [1, 2, 4, 3]}, metrics=["pearson", "mae"])
    >>> [(r["metric"], r["value"], r["main"]) for r in simeval_records("toy", ev, None)]
    [('pearson', 0.8, True), ('mae', 0.5, False)]
    """
    out = [{**r.as_dict(), "dataset": label, "subset": None, "main": False} for r in ev.records]
    if cmp is not None:
        ci = {(r["system"], r["metric"]): r for r in cmp.records()}
        for r in out:
            c = ci.get((r["system"], r["metric"]))
            if r["bin"] is None and c is not None:
                r.update(ci_low=c["ci_low"], ci_high=c["ci_high"], ci_method=c["ci_method"])
                r["cluster"] = c["cluster"]
    for r in out:
        r["main"] = r["metric"] == "pearson" and r["bin"] is None
    return out


def task_average(
    records: list[dict[str, Any]], models: Sequence[str], datasets: Sequence[str]
) -> list[dict[str, Any]]:
    """SimCSE's ``avg``: the unweighted mean over the data sets of each model's reported
    Spearman (the pooled ``all`` of a SemEval year, the whole set otherwise).

    Parameters
    ----------
    records : list of dict
        The run's records.
    models, datasets : sequence of str
        The labels of the models and data sets.

    Returns
    -------
    list of dict
        One record per model (``dataset`` ``avg``).

    References
    ----------
    Gao, T., Yao, X. & Chen, D. (2021). SimCSE: simple contrastive learning of sentence
    embeddings. *EMNLP 2021*, 6894–6910.

    Examples
    --------
    The pooled 0.7 on STS12 and 0.8 on STS-B average to 0.75 (the subset's 0.5 is not
    read):

    >>> records = [
    ...     {"dataset": "sts12", "subset": "all", "value": 0.7},
    ...     {"dataset": "sts12", "subset": "MSRpar", "value": 0.5},
    ...     {"dataset": "stsb", "subset": None, "value": 0.8},
    ... ]
    >>> records = [{**r, "system": "m", "metric": "spearman"} for r in records]
    >>> round(task_average(records, ["m"], ["sts12", "stsb"])[0]["value"], 4)
    0.75
    """
    out = []
    for m in models:
        values = []
        for d in datasets:
            rows = [
                r for r in records
                if r["system"] == m and r["dataset"] == d and r["metric"] == "spearman"
                and r.get("subset") in (None, "all")
            ]  # fmt: skip
            values.append(rows[0]["value"] if rows and rows[0]["value"] is not None else None)
        mean, _ = set_aggregate([math.nan if v is None else v for v in values], "mean")
        value = None if math.isnan(mean) else mean
        out.append(
            {
                "dataset": "avg", "subset": None, "system": m, "metric": "spearman",
                "value": value, "bin": None, "n": len(datasets), "pvalue": None,
                "ci_low": None, "ci_high": None, "ci_method": None,
                "reason": None if value is not None else "a data set's Spearman is undefined",
                "main": True,
            }
        )  # fmt: skip
    return out


def across_datasets(evaluations: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The simeval protocol over several data sets: Fisher-z means of the correlations and
    means of the other measures (unweighted, as Atoum 2019), and each model's normalized
    averaged rank (Atoum 2019, Fig. 10).

    Parameters
    ----------
    evaluations : mapping of str to Evaluation
        Each data set's evaluation.

    Returns
    -------
    list of dict
        The records of :func:`simeval.evaluation.aggregate.aggregate` and one
        ``normalized_rank`` per model (``dataset`` ``all``).

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–40, eq. 4–5 and Fig. 10.

    Examples
    --------
    ``a``'s r is 0.8 and 0.9 on the two sets: ``tanh((atanh 0.8 + atanh 0.9) / 2) ≈
    0.8579``; ``b`` reverses both, so ``a`` ranks first everywhere:

    >>> import simeval as se
    >>> x = se.evaluate([1, 2, 3, 4], {"a": [1, 2, 4, 3], "b": [4, 3, 2, 1]}, metrics=["pearson"])
    >>> y = se.evaluate([1, 2, 3, 4, 5], {"a": [1, 3, 2, 4, 5], "b": [5, 4, 3, 2, 1]},
    ...                 metrics=["pearson"])
    >>> [(r["dataset"], r["system"], r["metric"], round(r["value"], 4))
    ...  for r in across_datasets({"x": x, "y": y})]  # doctest: +NORMALIZE_WHITESPACE
    [('fisher_z_mean', 'a', 'pearson', 0.8579), ('fisher_z_mean', 'b', 'pearson', -1.0),
     ('all', 'a', 'normalized_rank', 0.0), ('all', 'b', 'normalized_rank', 1.0)]
    """
    from ..evaluation.aggregate import aggregate, normalized_ranks

    empty = {"pvalue": None, "ci_low": None, "ci_high": None, "ci_method": None}
    out = [
        {**{k: v for k, v in r.items() if k != "weighted"}, **empty, "subset": None,
         "main": r["metric"] == "pearson" and r["bin"] is None}
        for r in aggregate(evaluations)
    ]  # fmt: skip
    systems = {s for ev in evaluations.values() for s in ev.systems}
    ranks = normalized_ranks(evaluations) if len(systems) > 1 else {}
    for system, rank in ranks.items():
        out.append(
            {"dataset": "all", "subset": None, "system": system, "metric": "normalized_rank",
             "value": None if math.isnan(rank) else rank, "bin": None,
             "n": len(evaluations), **empty, "reason": None, "main": False}
        )  # fmt: skip
    return out
