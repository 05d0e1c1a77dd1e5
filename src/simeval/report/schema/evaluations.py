"""The saved documents of the results of scoring against gold: an evaluation, a comparison,
a run of models on data sets, a SemEval folder's sets, the aggregates over data sets (see
:mod:`simeval.report.schema`). Each puts ``kind``, ``schema``, ``signature``, what the kind
adds, ``calibration`` and ``records`` first, and the bulky parts (per-pair scores, nested
documents) last, so that the head of a file says what it holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import InputTypeError
from ...results import json_ready
from .aggregates import semeval_document
from .envelope import head as _head
from .envelope import keep_scores as _keep_scores
from .envelope import left_out as _left_out

if TYPE_CHECKING:
    from ...evaluation.compare import Comparison
    from ...evaluation.evaluate import Evaluation
    from ...runs.result import RunResult

__all__ = ["comparison_document", "document", "evaluation_document", "run_document"]


def _score_values(ev: Evaluation) -> int:
    return ev.n * (len(ev.systems) + 1)


def evaluation_document(
    ev: Evaluation, *, dataset: str | None = None, scores: bool | None = None
) -> dict[str, Any]:
    """The document of :func:`simeval.evaluate`'s result (``kind: evaluation``).

    ``dataset`` names the data (a registry name or the gold file). ``scores``: keep the
    per-pair scores (``gold`` and each system on the gold scale, missing as null) —
    None keeps them up to :data:`SCORES_MAX_VALUES` numbers. A system off the gold scale
    is saved calibrated, as ``calibration`` says: what the page draws and the measures of
    the gold value read; the correlations in ``records`` read the raw scores, and an
    isotonic map (not strictly increasing) ties some of them, so a Spearman recomputed
    from the saved scores can differ slightly. ``off_scale`` holds the
    systems whose scores look like another scale than the gold's, with the reason.

    Parameters
    ----------
    ev : Evaluation
        The evaluation.
    dataset : str, optional
        The data's name.
    scores : bool or None
        Keep the per-pair scores (None: by size).

    Returns
    -------
    dict

    Examples
    --------
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
    the report's figures of the pairs need.

    Parameters
    ----------
    cmp : Comparison
        The comparison.
    dataset : str, optional
        The data's name.
    scores : bool or None
        Keep the per-pair scores (None: by size).
    evaluation : bool, default True
        Include the evaluation.

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> doc = comparison_document(cmp, dataset="toy")
    >>> doc["kind"], [(r["system"], r["cluster"]) for r in doc["records"]]
    ('comparison', [('good', 1), ('noisy', 2)])
    """
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
        warning="; ".join(cmp.warnings) or None,
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


def _collection(res: RunResult, metric: str, aggregate: str | None) -> dict[str, Any] | None:
    """The collection section of a run: with two or more models on two or more data sets,
    :meth:`RunResult.collection <simeval.runs.result.RunResult.collection>` of the headline
    measure, aggregated over the data sets as the protocol's tool does (``aggregate``;
    None: the Fisher-z mean of a correlation) — its bootstrap on the run's resamples and
    seed when the run was bootstrapped, whether or not the document keeps the per-pair
    scores (the section is saved as computed, so a page rebuilt from the document says
    what the run said)."""
    verdict = res.collection(metric, aggregate)
    if verdict is None:
        return None
    doc = verdict.as_dict()
    if verdict.bootstrap is None and verdict.friedman is not None and not res.comparisons:
        doc["reasons"]["bootstrap"] = "the run has no bootstrap resamples"
    return doc


def run_document(res: RunResult, *, scores: bool | None = None) -> dict[str, Any]:
    """The document of :func:`simeval.run` (``kind: run``): the protocol's ``records``,
    the aggregates over the data sets, per data set (``sets``) its evaluation and, with
    two or more models, its comparison; ``headline`` names the measure of the protocol's
    main score (of the first protocol, when the run reports several). With several
    protocols, ``protocol_table`` holds each model's main score on each data set under
    each (:meth:`RunResult.side_by_side <simeval.runs.result.RunResult.side_by_side>`),
    else it is null. With two or more models on two or more data sets, ``collection`` holds
    who is best over them (:meth:`CollectionVerdict.as_dict
    <simeval.evaluation.collection.CollectionVerdict.as_dict>` of the headline measure:
    Friedman–Nemenyi, and the stratified bootstrap on the resamples and seed of the run's
    comparisons).

    Parameters
    ----------
    res : RunResult
        The run.
    scores : bool or None
        Keep the per-pair scores (None: by size).

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> doc = run_document(run(["lexical:jaccard"], [pairs], protocol="mteb"))
    >>> doc["kind"], doc["headline"], [s["dataset"] for s in doc["sets"]]
    ('run', 'spearman', ['toy'])
    """
    from ...runs.protocols import get_protocol

    values = sum(_score_values(ev) for ev in res.evaluations.values())
    keep = _keep_scores(scores, values)
    protocols = list(res.protocols or (res.protocol,))
    headline = _headline(get_protocol(protocols[0]).main_metric)
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
        protocols=protocols,
        headline=headline,
        models=list(res.models),
        datasets=list(res.datasets),
        provenance={k: dict(v) for k, v in res.provenance.items()},
        calibration=dict(res.calibration) or None,
        records=[dict(r) for r in res.records],
        aggregates=[dict(r) for r in res.aggregates],
        protocol_table=res.side_by_side() if len(protocols) > 1 else None,
        collection=_collection(res, headline, get_protocol(protocols[0]).across_datasets),
        sets=sets,
    )
    if not keep and scores is None:
        doc["scores_left_out"] = _left_out(values)
    return json_ready(doc)


def document(result: Any, *, dataset: str | None = None, scores: bool | None = None) -> Any:
    """The saved document of an :class:`~simeval.evaluation.evaluate.Evaluation`, a
    :class:`~simeval.evaluation.compare.Comparison`, a :class:`~simeval.runs.result.RunResult`
    or a :class:`~simeval.runs.semeval.SemevalEvaluation` (``dataset`` and ``scores`` as
    :func:`evaluation_document`); the other results have their own builder here.

    Parameters
    ----------
    result : Evaluation, Comparison, RunResult or SemevalEvaluation
        The result.
    dataset : str, optional
        The data's name.
    scores : bool or None
        Keep the per-pair scores (None: by size).

    Returns
    -------
    dict

    Raises
    ------
    InputTypeError
        Another kind of result.

    Examples
    --------
    >>> from simeval.evaluation.compare import compare
    >>> gold = [0, 1, 2, 3, 4, 5, 1, 2, 3, 4]
    >>> systems = {"good": [0, 1, 2, 3, 5, 4, 1, 2, 3, 4], "noisy": [3, 0, 4, 1, 2, 5, 4, 0, 2, 1]}
    >>> cmp = compare(gold, systems, metrics=["pearson"], n_resamples=200, seed=0)
    >>> document(cmp)["kind"], document(cmp.evaluation)["kind"]
    ('comparison', 'evaluation')
    """
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
