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
    its interval of r is missing."""
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
    one; over the data sets where ρ is defined)."""
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
    between the measures (their Table 1)."""
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
    (``kind: explanation``): one record per paraphrase."""
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
    and the recognition counts per corpus (``recognition``, their §3.4)."""
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
    document: its signature, the measure, one record per term."""
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
    baseline) or ``"detection"`` (top-1 related-item accuracy over ``queries``)."""
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
