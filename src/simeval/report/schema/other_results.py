"""The saved documents of word similarity, paraphrase patterns, the meta-evaluation of
measures and task accuracy (see :mod:`simeval.report.schema`)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..._version import __version__
from ...results import json_ready
from .envelope import head as _head

if TYPE_CHECKING:
    from ...meta.extrinsic import CrossValidationResult
    from ...meta.predictiveness import Predictiveness
    from ...meta.ranks import RankAgreement
    from ...results import MetricResult

__all__ = [
    "explanation_document",
    "extrinsic_document",
    "meta_document",
    "paraphrase_document",
    "recognition_entry",
    "wordsim_document",
    "wordsim_reason",
]


def wordsim_reason(res: Any) -> str | None:
    """Why a word-similarity row has an undefined value: the result's own reason, or why
    its interval of r is missing.

    Parameters
    ----------
    res : WordsimResult
        A data set's result.

    Returns
    -------
    str or None

    Examples
    --------
    cat–dog and dog–car are 45° apart, cat–car 90°; the gold 8, 5, 2 ranks the pairs as the
    angles do (tied), so ρ = 0.866:

    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> wordsim_reason(res)
    "no interval for r: Fisher's z needs at least 4 pairs"
    """
    if res.reason:
        return str(res.reason)
    if not math.isnan(res.r) and math.isnan(res.r_lower):
        return "no interval for r: Fisher's z needs at least 4 pairs"
    return None


def wordsim_document(
    results: Sequence[Any],
    signature: str,
    vectors: str,
    *,
    ceilings: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The document of word-similarity results of one set of ``vectors`` on one or more
    data sets (``kind: wordsim``): per data set n, missing pairs, |ρ| with its p-value,
    |r| with its 95 % interval and the reason of an undefined value, and, where the raters'
    ratings are known (``ceilings``: data set → :class:`~simeval.stats.ceiling.HumanCeiling`),
    its ``human_ceiling``; ``fisher_z_mean`` is the mean of ρ over the data sets (null for
    one; over the data sets where ρ is defined).

    Parameters
    ----------
    results : sequence of WordsimResult
        One per data set.
    signature : str
        The evaluation's signature.
    vectors : str
        The vectors' label.
    ceilings : mapping of str to HumanCeiling, optional
        The human ceiling of some data sets.

    Returns
    -------
    dict

    Examples
    --------
    cat–dog and dog–car are 45° apart, cat–car 90°; the gold 8, 5, 2 ranks the pairs as the
    angles do (tied), so ρ = 0.866:

    >>> from simeval.vectors.read import Vectors
    >>> from simeval.wordsim import evaluate
    >>> v = Vectors(["cat", "dog", "car"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> res = evaluate([("cat", "dog", 8.0), ("cat", "car", 2.0), ("dog", "car", 5.0)], v)
    >>> doc = wordsim_document([res], "sig", "v.txt")
    >>> doc["kind"], doc["records"][0]["dataset"], round(doc["records"][0]["rho"], 4)
    ('wordsim', 'pairs', 0.866)
    """
    from ...evaluation.aggregate import set_aggregate

    rhos = [r.rho for r in results if not math.isnan(r.rho)]
    records = []
    for r in results:
        row = {"dataset": r.name, **r.as_dict(), "reason": wordsim_reason(r)}
        if ceilings and r.name in ceilings:
            row["human_ceiling"] = ceilings[r.name].as_dict()
        records.append(row)
    mean = (
        set_aggregate(rhos, "fisher_z_mean", is_correlation=True)[0]
        if len(results) > 1 and rhos
        else None
    )
    return json_ready(
        _head(
            "wordsim",
            signature,
            vectors=vectors,
            fisher_z_mean=mean,
            calibration=None,
            records=records,
        )
    )


def meta_document(
    pred: Sequence[Predictiveness],
    agreement: Sequence[RankAgreement] = (),
    *,
    seed: int | None = None,
) -> dict[str, Any]:
    """The document of ``simeval meta`` (``kind: meta``): the predictiveness of each
    intrinsic measure (``records``, Reimers et al. 2016, Table 2) and the rank agreement
    between the measures (their Table 1).

    Parameters
    ----------
    pred : sequence of Predictiveness
        One per measure.
    agreement : sequence of RankAgreement
        Between the measures.
    seed : int, optional
        The bootstrap's seed, for the signature.

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.meta.predictiveness import predictiveness
    >>> table = {"pearson": {"A": 0.7, "B": 0.9, "C": 0.8, "D": 0.5, "E": 0.6}}
    >>> task = {"A": 0.9, "B": 0.8, "C": 0.7, "D": 0.6, "E": 0.5}
    >>> doc = meta_document(predictiveness(table, task, n_resamples=0))
    >>> doc["kind"], doc["n_systems"], round(doc["records"][0]["rho"], 4)  # 1 − 6·8/120
    ('meta', 5, 0.6)
    """
    first = pred[0] if pred else None
    boot = f"|bootstrap:{first.n_resamples}|ci:{first.confidence_level:g}" if first else ""
    signature = f"simeval:{__version__}|meta|rho:spearman{boot}|seed:{seed}"
    return json_ready(
        _head(
            "meta",
            signature,
            n_systems=first.n_systems if first else 0,
            calibration=None,
            records=[p.as_dict() for p in pred],
            rank_agreement=[a.as_dict() for a in agreement],
        )
    )


def explanation_document(
    rows: Sequence[Any], term: str, judgment: str, signature: str
) -> dict[str, Any]:
    """Algorithm 1 of Shima & Mitamura (2011) step by step for one source ``term``
    (``kind: explanation``): one record per paraphrase.

    Parameters
    ----------
    rows : sequence of PatternExplanation
        The steps.
    term : str
        The source term.
    judgment : str
        Whose Q.
    signature : str
        The signature.

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.paraphrase import explain
    >>> doc = explanation_document(explain({"killed": [("slain", 1)]}, "killed"), "killed",
    ...                            "strict", "sig")
    >>> doc["kind"], doc["records"][0]["d"]
    ('explanation', 3)
    """
    return json_ready(
        _head(
            "explanation",
            signature,
            term=term,
            judgment=judgment,
            calibration=None,
            records=[r.as_dict() for r in rows],
        )
    )


def paraphrase_document(
    scores: Any, meta: Any = None, recognitions: Sequence[Any] = (), measure: str | None = None
) -> dict[str, Any]:
    """The document of ``simeval paraphrase`` (``kind: paraphrase``): EP, EPR and DIMPLE
    per set and source term (``records``; a set's mean has ``source`` null), the
    meta-evaluation against task scores (``meta``, Shima & Mitamura 2011, Tables 2–3)
    and the recognition counts per corpus (``recognition``, their §3.4).

    Parameters
    ----------
    scores : PatternScores
        EP, EPR and DIMPLE of the patterns.
    meta : MetaEvaluation, optional
        Their meta-evaluation.
    recognitions : sequence of Recognition
        Recognition counts per corpus.
    measure : str, optional
        The recognition measure.

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.paraphrase import score_patterns
    >>> patterns = {"killed": [("shot and killed", 1.0), ("assassinated", 1.0)]}
    >>> scores = score_patterns(patterns, ks=[2], metrics=["epr"])
    >>> doc = paraphrase_document(scores)
    >>> doc["kind"], doc["records"][-1]
    ('paraphrase', {'set': 'set', 'source': None, 'metric': 'epr', 'k': 2, 'value': 0.5})
    """
    meta_doc = None
    if meta is not None:
        meta_doc = {
            "signature": meta.signature,
            "judgments": list(meta.judgments),
            "datasets": list(meta.datasets),
            "records": [c.as_dict() for c in meta.cells],
        }
    return json_ready(
        _head(
            "paraphrase",
            scores.signature,
            judgment=scores.judgment,
            metrics=list(scores.metrics),
            ks=list(scores.ks),
            sets=list(scores.sets),
            calibration=None,
            records=scores.records(),
            meta=meta_doc,
            recognition=[recognition_entry(r, measure) for r in recognitions],
        )
    )


def recognition_entry(r: Any, measure: str | None) -> dict[str, Any]:
    """The recognition counts of one corpus (Shima & Mitamura 2011, §3.4) in a paraphrase
    document: its signature, the measure, one record per term.

    Parameters
    ----------
    r : Recognition
        One corpus's counts.
    measure : str or None
        The recognition measure.

    Returns
    -------
    dict

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from simeval.paraphrase import recognize
    >>> corpus = SimpleNamespace(name="toy", texts1=("He was killed.", "He was killed."),
    ...                          texts2=("He was assassinated.", "He left."), gold=[1, 0])
    >>> rec = recognize({"killed": [("assassinated", 1)]}, corpus)
    >>> entry = recognition_entry(rec, "recall")
    >>> entry["corpus"], entry["records"][0]["tp"], entry["records"][0]["recall"]
    ('toy', 1, 1.0)
    """
    records = r.records()
    return {"signature": r.signature, "corpus": r.corpus, "measure": measure, "records": records}


def extrinsic_document(
    task: str,
    results: Mapping[str, CrossValidationResult] | Mapping[str, MetricResult],
    *,
    majority: float | None = None,
    queries: int | None = None,
) -> dict[str, Any]:
    """The document of ``simeval extrinsic`` (``kind: extrinsic``): each system's task
    accuracy — ``task="classification"`` (cross-validated, beside the ``majority``
    baseline) or ``"detection"`` (top-1 related-item accuracy over ``queries``).

    Parameters
    ----------
    task : {"classification", "detection"}
        The task.
    results : mapping of str to CrossValidationResult or MetricResult
        Each system's accuracy.
    majority : float, optional
        The majority baseline (classification).
    queries : int, optional
        The queries (detection).

    Returns
    -------
    dict

    Examples
    --------
    >>> from simeval.meta.extrinsic import CrossValidationResult
    >>> res = CrossValidationResult(0.75, (0.5, 1.0), 8, 2, "oner", 0)
    >>> doc = extrinsic_document("classification", {"mine": res}, majority=0.625)
    >>> doc["kind"], doc["records"][0]["accuracy"], doc["signature"].split("|")[1:]
    ('extrinsic', 0.75, ['extrinsic:classification', 'method:oner', 'folds:2', 'seed:0'])
    """
    if task == "classification":
        cv: Mapping[str, Any] = results
        first = next(iter(cv.values()), None)
        how = f"|method:{first.method}|folds:{first.folds}|seed:{first.seed}" if first else ""
        records = [
            {"system": s, "accuracy": r.accuracy, "majority_baseline": majority,
             "method": r.method, "folds": r.folds, "n": r.n, "reason": None}
            for s, r in cv.items()
        ]  # fmt: skip
    else:
        how = "|top1"
        found: Mapping[str, Any] = results
        records = [
            {"system": s, "top1_accuracy": r.statistic, "queries": queries, "reason": r.reason}
            for s, r in found.items()
        ]
    return json_ready(
        _head(
            "extrinsic",
            f"simeval:{__version__}|extrinsic:{task}{how}",
            task=task,
            majority_baseline=majority,
            queries=queries,
            calibration=None,
            records=records,
        )
    )
