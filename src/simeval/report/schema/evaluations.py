"""The saved documents of the results of scoring against gold: an evaluation, a comparison,
a run of models on data sets, a SemEval folder's sets, the aggregates over data sets (see
:mod:`simeval.report.schema`). Each puts ``kind``, ``schema``, ``signature``, what the kind
adds, ``calibration`` and ``records`` first, and the bulky parts (per-pair scores, nested
documents) last, so that the head of a file says what it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..._version import __version__
from ...errors import InputTypeError
from ...results import json_ready
from .envelope import head as _head
from .envelope import keep_scores as _keep_scores
from .envelope import left_out as _left_out

if TYPE_CHECKING:
    from ...evaluation.compare import Comparison
    from ...evaluation.evaluate import Evaluation
    from ...runs.result import RunResult
    from ...runs.semeval import SemevalEvaluation

__all__ = [
    "aggregate_document",
    "comparison_document",
    "document",
    "evaluation_document",
    "run_document",
    "semeval_document",
]


def _score_values(ev: Evaluation) -> int:
    return ev.n * (len(ev.systems) + 1)


def evaluation_document(
    ev: Evaluation, *, dataset: str | None = None, scores: bool | None = None
) -> dict[str, Any]:
    """The document of :func:`simeval.evaluate`'s result (``kind: evaluation``).

    ``dataset`` names the data (a registry name or the gold file). ``scores``: keep the
    per-pair scores (``gold`` and each system on the gold scale, missing as null) —
    None keeps them up to :data:`SCORES_MAX_VALUES` numbers. ``off_scale`` holds the
    systems whose scores look like another scale than the gold's, with the reason.

    >>> import simeval as se
    >>> doc = evaluation_document(se.evaluate([0, 1, 2, 3], {"a": [0, 1, 3, 2]},
    ...                                       metrics=["pearson"]), dataset="toy")
    >>> doc["kind"], doc["schema"], doc["dataset"], doc["records"][0]["value"]
    ('evaluation', 1, 'toy', 0.8)
    >>> doc["scores"]["systems"]["a"]
    [0.0, 1.0, 3.0, 2.0]
    """
    values = _score_values(ev)
    keep = _keep_scores(scores, values) and ev.gold is not None
    first_bins = ev.bin_records(ev.systems[0]) if ev.systems else []
    doc = _head(
        "evaluation",
        ev.signature,
        dataset=dataset,
        systems=list(ev.systems),
        metrics=[m.name for m in ev.metrics],
        n=ev.n,
        scale=list(ev.options.scale) if ev.options.scale else None,
        scale_source=ev.options.scale_source,
        borders=list(ev.options.borders),
        bins=[{k: b[k] for k in ("label", "low", "high")} for b in first_bins],
        dropped=dict(ev.dropped),
        remainder=ev.remainders(),
        off_scale=dict(ev.warnings),
        calibration=_calibration(ev),
        records=[r.as_dict() for r in ev.records],
        scores=None,
    )
    if keep:
        doc["scores"] = {
            "gold": ev.gold.tolist(),  # type: ignore[union-attr]
            "systems": {s: ev.on_gold_scale(s).tolist() for s in ev.systems},
        }
    elif scores is None and ev.gold is not None:
        doc["scores_left_out"] = _left_out(values)
    return json_ready(doc)


def _calibration(ev: Evaluation) -> dict[str, Any] | None:
    """How the systems off the gold scale were calibrated: the option as the signature
    names it, and per calibrated system its map, source, reason and fitted parameters
    (None when no system needed it)."""
    fits = {s: fit.as_dict() for s, fit in ev.calibration.items() if fit is not None}
    if not fits:
        return None
    return {"option": ev.options.calibrate.describe(), "systems": fits}  # type: ignore[union-attr]


def comparison_document(
    cmp: Comparison,
    *,
    dataset: str | None = None,
    scores: bool | None = None,
    evaluation: bool = True,
) -> dict[str, Any]:
    """The document of :func:`simeval.compare.compare`'s result (``kind: comparison``):
    every value with its bootstrap interval and cluster (``records``), the clusters of
    each metric, every tested pair (``pairwise``), the rank agreement between metrics, the
    rank intervals of each metric (``ranks``: :meth:`RankIntervals.as_dict
    <simeval.stats.rank_intervals.RankIntervals.as_dict>`) and, with ``evaluation=True``,
    the evaluation it bootstrapped (with ``scores`` as :func:`evaluation_document`), which
    the report's figures of the pairs need."""
    doc = _head(
        "comparison",
        cmp.signature,
        dataset=dataset,
        systems=list(cmp.systems),
        metrics=list(cmp.metrics),
        n=cmp.evaluation.n - cmp.dropped,
        dropped=cmp.dropped,
        n_resamples=int(cmp.distribution.resamples.shape[2]),
        seed=cmp.distribution.seed,
        ci_method=cmp.ci_method,
        confidence_level=cmp.confidence_level,
        alpha=cmp.alpha,
        permutations=cmp.permutations,
        warning=cmp.resolution_warning,
        calibration=None,
        records=cmp.records(),
        clusters=[cmp.clusters[m].as_dict() for m in cmp.metrics],
        pairwise=[p.as_dict() for p in cmp.pairwise],
        rank_agreement=[a.as_dict() for a in cmp.agreement],
        ranks=[cmp.ranks[m].as_dict() for m in cmp.metrics if m in cmp.ranks],
        evaluation=None,
    )
    if evaluation:
        doc["evaluation"] = evaluation_document(cmp.evaluation, dataset=dataset, scores=scores)
    return json_ready(doc)


def _headline(main_metric: str) -> str:
    """The measure of :func:`simeval.evaluate` behind a protocol's main score: ``st``'s
    ``spearman_cosine`` is the Spearman of the model's own similarity function, which is
    what the run evaluated."""
    return main_metric.split("_")[0]


def _collection(res: RunResult, metric: str, keep: bool) -> dict[str, Any] | None:
    """The collection section of a run: with two or more models on two or more data sets,
    :func:`~simeval.evaluation.collection.compare_collection` of the headline measure —
    its bootstrap on the run's resamples and seed, when the run was bootstrapped and the
    document keeps the per-pair scores it resamples."""
    from ...evaluation.collection import compare_collection

    if len(res.models) < 2 or len(res.evaluations) < 2:
        return None
    first = next(iter(res.comparisons.values()), None)
    n_resamples = int(first.distribution.resamples.shape[2]) if first and keep else 0
    verdict = compare_collection(
        res.evaluations,
        metric,
        n_resamples=n_resamples,
        seed=first.distribution.seed if first else None,
        confidence_level=first.confidence_level if first else 0.95,
        alpha=first.alpha if first else 0.05,
    )
    doc = verdict.as_dict()
    if verdict.bootstrap is None and verdict.friedman is not None:
        doc["reasons"]["bootstrap"] = (
            "the run has no bootstrap resamples" if first is None
            else "per-pair scores left out of the document"
        )  # fmt: skip
    return doc


def run_document(res: RunResult, *, scores: bool | None = None) -> dict[str, Any]:
    """The document of :func:`simeval.run` (``kind: run``): the protocol's ``records``,
    the aggregates over the data sets, per data set (``sets``) its evaluation and, with
    two or more models, its comparison; ``headline`` names the measure of the protocol's
    main score. With two or more models on two or more data sets, ``collection`` holds
    who is best over them (:meth:`CollectionVerdict.as_dict
    <simeval.evaluation.collection.CollectionVerdict.as_dict>` of the headline measure:
    Friedman–Nemenyi, and the stratified bootstrap when the document keeps its per-pair
    scores, on the resamples and seed of the run's comparisons)."""
    from ...runs.protocols import get_protocol

    values = sum(_score_values(ev) for ev in res.evaluations.values())
    keep = _keep_scores(scores, values)
    headline = _headline(get_protocol(res.protocol).main_metric)
    sets = [
        {
            "dataset": label,
            "evaluation": evaluation_document(ev, dataset=label, scores=keep),
            "comparison": comparison_document(
                res.comparisons[label], dataset=label, evaluation=False
            )
            if label in res.comparisons
            else None,
        }
        for label, ev in res.evaluations.items()
    ]
    doc = _head(
        "run",
        res.signature,
        protocol=res.protocol,
        headline=headline,
        models=list(res.models),
        datasets=list(res.datasets),
        provenance={k: dict(v) for k, v in res.provenance.items()},
        calibration=dict(res.calibration) or None,
        records=[dict(r) for r in res.records],
        aggregates=[dict(r) for r in res.aggregates],
        collection=_collection(res, headline, keep),
        sets=sets,
    )
    if not keep and scores is None:
        doc["scores_left_out"] = _left_out(values)
    return json_ready(doc)


def semeval_document(ev: SemevalEvaluation) -> dict[str, Any]:
    """The document of a SemEval folder's evaluation (``kind: semeval``): records per set
    and aggregate (their ``dataset``), and the unscored pairs skipped per set."""
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


def document(result: Any, *, dataset: str | None = None, scores: bool | None = None) -> Any:
    """The saved document of an :class:`~simeval.evaluation.evaluate.Evaluation`, a
    :class:`~simeval.evaluation.compare.Comparison`, a :class:`~simeval.runs.result.RunResult`
    or a :class:`~simeval.runs.semeval.SemevalEvaluation` (``dataset`` and ``scores`` as
    :func:`evaluation_document`); the other results have their own builder here."""
    from ...evaluation.compare import Comparison
    from ...evaluation.evaluate import Evaluation
    from ...runs.result import RunResult
    from ...runs.semeval import SemevalEvaluation

    if isinstance(result, Evaluation):
        return evaluation_document(result, dataset=dataset, scores=scores)
    if isinstance(result, Comparison):
        return comparison_document(result, dataset=dataset, scores=scores)
    if isinstance(result, RunResult):
        return run_document(result, scores=scores)
    if isinstance(result, SemevalEvaluation):
        return semeval_document(result)
    raise InputTypeError(
        f"no saved document for a {type(result).__name__}: give an Evaluation, Comparison, "
        "RunResult or SemevalEvaluation (the others have their own *_document function)"
    )
