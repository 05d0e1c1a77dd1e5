"""From models and data set names to a verdict: score every model on every data set, report
the numbers a protocol reports (see :mod:`simeval.runs.protocols`), and evaluate every
data set with every measure and compare the models with intervals, paired tests and
clusters (what the ``simeval`` protocol reports, and what the HTML page shows under any).

>>> import simeval as se
>>> pairs = se.runs.run.Pairs("toy", ["a cat", "a dog", "the sun"],
...                             ["a cat sat", "a cat", "rain"], [4.5, 2.0, 0.0], scale=(0, 5))
>>> res = se.run(["lexical:jaccard"], [pairs], protocol="mteb")  # Jaccard 2/3, 1/3, 0
>>> [(r["metric"], round(r["value"], 3)) for r in res.records]
[('pearson', 0.998), ('spearman', 1.0)]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import NAN_POLICIES, NanPolicy, check_choice
from .._version import __version__
from ..errors import DataError, InputError, param
from ..evaluation.aggregate import set_aggregate
from .protocols import Protocol, correlation_records, get_protocol

__all__ = [
    "Pairs",
    "RunResult",
    "check_scores",
    "run",
    "score_dataset",
    "score_range",
    "unscored_reason",
]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Pairs:
    """Sentence pairs with gold scores: what :func:`run` needs of a data set (the data set
    registry's ``SentencePairs`` has these fields too). ``subsets`` names each pair's
    subset (a SemEval year's data sets), ``ids`` each pair's id."""

    name: str
    texts1: Sequence[str]
    texts2: Sequence[str]
    gold: ArrayLike
    scale: tuple[float, float] | None = None
    subsets: Sequence[str] | None = None
    ids: Sequence[str] | None = None
    provenance: Mapping[str, Any] = field(default_factory=dict)


def score_range(scorer: Any) -> tuple[float, float] | None:
    """The range of a scorer's scores when it is bounded: cosine similarity in [−1, 1],
    the lexical scores in [0, 1]; None for unbounded ones (dot, −L1, −L2)."""
    if str(getattr(scorer, "name", "")).startswith("lexical:"):
        return (0.0, 1.0)
    if getattr(scorer, "similarity", None) == "cosine":
        return (-1.0, 1.0)
    return None


@dataclass(frozen=True)
class RunResult:
    """Every model on every data set: tidy ``records`` (``dataset``, ``subset``,
    ``system``, ``metric``, ``value``, ``n``, interval, ``reason``, ``main``) as the
    protocol reports them, the scores, and — whatever the protocol — each data set's
    :func:`~simeval.evaluate` (``evaluations``), its comparison with bootstrap intervals
    and paired tests when there are two or more models (``comparisons``) and, over two or
    more data sets, the ``aggregates`` of :func:`_across_datasets`. The saved document is
    :func:`simeval.report.schema.run_document`."""

    protocol: str
    models: tuple[str, ...]
    datasets: tuple[str, ...]
    records: tuple[dict[str, Any], ...]
    signature: str
    scores: Mapping[tuple[str, str], NDArray[np.float64]] = field(repr=False)
    #: (dataset, model) → pairs the model left without a score (NaN), left out of its
    #: measures under ``nan_policy="omit"``; every pair is counted, also 0.
    unscored: Mapping[tuple[str, str], int] = field(default_factory=dict, repr=False)
    evaluations: Mapping[str, Any] = field(default_factory=dict, repr=False)
    comparisons: Mapping[str, Any] = field(default_factory=dict, repr=False)
    provenance: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    aggregates: tuple[dict[str, Any], ...] = field(default=(), repr=False)

    def value(
        self, model: str, dataset: str, metric: str | None = None, subset: Any = None
    ) -> float:
        """The value of ``metric`` (default: the protocol's main score) for ``model`` on
        ``dataset`` (``subset`` as the records name it)."""
        metric = metric or get_protocol(self.protocol).main_metric
        for r in self.records:
            if (r["system"], r["dataset"], r["metric"], r.get("subset")) == (
                model,
                dataset,
                metric,
                subset,
            ):
                return math.nan if r["value"] is None else float(r["value"])
        raise InputError(f"no {metric} of {model!r} on {dataset!r} (subset {subset!r})")


def _load(dataset: Any, data_dir: str | None) -> Any:
    if not isinstance(dataset, str):
        return dataset
    from ..datasets import load

    return load(dataset, data_dir=data_dir)


def _scored(pairs: Any) -> tuple[list[str], list[str], NDArray[np.float64], list[str] | None]:
    """The pairs that have a gold score (blank SemEval gold lines are unscored pairs)."""
    gold = np.asarray(pairs.gold, dtype=np.float64)
    keep = ~np.isnan(gold)
    t1 = [t for t, k in zip(pairs.texts1, keep) if k]
    t2 = [t for t, k in zip(pairs.texts2, keep) if k]
    subsets = getattr(pairs, "subsets", None)
    sub = [s for s, k in zip(subsets, keep) if k] if subsets is not None else None
    return t1, t2, gold[keep], sub


def unscored_reason(scorer: Any) -> str:
    """Why the scorer leaves a pair without a score (its ``unscored_reason``, e.g. a text
    with no word in the vectors' vocabulary), or a generic reason."""
    return str(getattr(scorer, "unscored_reason", "") or "the model gave NaN")


def check_scores(
    model: str, dataset: str, scores: NDArray[np.float64], scorer: Any, nan_policy: str | None
) -> int:
    """The number of pairs ``model`` left without a score (NaN) on ``dataset``.

    Every pair without a score is an error naming the model, the data set and the reason;
    some pairs without a score are one too under ``nan_policy="raise"`` (``None``: they
    are counted only, as for a score file, where they are written as ``nan``)."""
    missing = np.isnan(scores)
    n, k = int(scores.size), int(missing.sum())
    if n and k == n:
        raise DataError(
            f"{model} scores none of the {n} pairs of {dataset} (every score is NaN: "
            f"{unscored_reason(scorer)}); check that the model suits the data set: its "
            "language, and words as the data set writes them (case, lemmas, POS tags)"
        )
    if k and nan_policy == "raise":
        first = int(np.argmax(missing))
        raise InputError(
            f"{model} has no score for {k} of the {n} pairs of {dataset} (first: pair "
            f"{first + 1}; {unscored_reason(scorer)}); pass {param('nan_policy', 'omit')} "
            "to leave them out of its measures"
        )
    return k


def _scorers(model: str, protocol: Protocol) -> dict[str, Any]:
    """similarity function → scorer; for ``st`` every function the model offers."""
    from .. import scorers

    first = scorers.get(model)
    out = {first.similarity: first}
    if len(protocol.similarities) > 1 and not model.startswith("lexical:"):
        for fn in protocol.similarities:
            if fn not in out:
                out[fn] = scorers.get(model, similarity=fn)
    return out


def run(
    models: Sequence[str],
    datasets: Sequence[Any],
    *,
    protocol: str = "mteb",
    data_dir: str | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
    nan_policy: NanPolicy = "raise",
    progress: Progress | None = None,
) -> RunResult:
    """Score every model (a scorer name of :func:`simeval.scorers.get`) on every data set
    (a registry name of :func:`simeval.datasets.load`, or a :class:`Pairs`), then report
    as ``protocol`` does (see :mod:`simeval.runs.protocols`); whatever the protocol, also
    evaluate each data set with every measure and, with two or more models, compare them
    (``n_resamples`` bootstrap resamples, ``seed``). ``progress(done, total)`` is called
    after each (model, data set).

    A pair a model leaves without a score (NaN: a static-vector model that knows no word
    of one of its texts) is an error under ``nan_policy="raise"``; ``"omit"`` leaves it out
    of that model's measures, and ``unscored`` counts such pairs. A model that scores no
    pair of a data set is always an error. ``n_resamples`` bootstrap resamples give the
    ``simeval`` protocol's intervals and clusters: 0 for none, else at least
    :data:`~simeval.stats.bootstrap.resampling.MIN_INTERVAL_RESAMPLES` (100)."""
    from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

    proto = get_protocol(protocol)
    if not models or not datasets:
        raise InputError("give at least one model and one data set")
    check_choice("nan_policy", nan_policy, NAN_POLICIES)
    if n_resamples != 0:  # checked before the models run; 0: no bootstrap
        check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    names = [m if isinstance(m, str) else str(m) for m in models]
    if len(set(names)) != len(names):
        raise InputError(f"a model is named twice: {names}")
    scorer_sets = {m: _scorers(m, proto) for m in names}  # a bad name before any download
    loaded = [_load(d, data_dir) for d in datasets]
    labels = [d if isinstance(d, str) else str(getattr(d, "name", d)) for d in datasets]
    records: list[dict[str, Any]] = []
    scores: dict[tuple[str, str], NDArray[np.float64]] = {}
    unscored: dict[tuple[str, str], int] = {}
    evaluations: dict[str, Any] = {}
    comparisons: dict[str, Any] = {}
    total, done = len(names) * len(loaded), 0
    for label, pairs in zip(labels, loaded):
        t1, t2, gold, subsets = _scored(pairs)
        by_model: dict[str, NDArray[np.float64]] = {}
        for m in names:
            own = next(iter(scorer_sets[m]))
            per_fn = {fn: sc.score((t1, t2)) for fn, sc in scorer_sets[m].items()}
            for fn, values in per_fn.items():
                missing = check_scores(m, label, values, scorer_sets[m][fn], nan_policy)
                unscored[(label, m)] = max(unscored.get((label, m), 0), missing)
            by_model[m] = per_fn[own]
            scores[(label, m)] = per_fn[own]
            if proto.name != "simeval":
                records += correlation_records(
                    proto, label, gold, per_fn, subsets, similarity=own, system=m,
                    nan_policy=nan_policy,
                )  # fmt: skip
            done += 1
            if progress is not None:
                progress(done, total)
        ev, cmp = _evaluate_set(
            gold, by_model, getattr(pairs, "scale", None), scorer_sets, n_resamples, seed,
            nan_policy,
        )  # fmt: skip
        evaluations[label] = ev
        if cmp is not None:
            comparisons[label] = cmp
        if proto.name == "simeval":
            records += _simeval_records(label, ev, cmp)
    if proto.name == "simcse":
        records += _task_average(records, names, labels)
    aggregates = _across_datasets(evaluations) if len(evaluations) > 1 else []
    if proto.name == "simeval":
        records += aggregates
    sigs = ";".join(f"{m}={next(iter(scorer_sets[m].values())).signature}" for m in names)
    provenance = {lab: dict(getattr(p, "provenance", {}) or {}) for lab, p in zip(labels, loaded)}
    sets = ";".join(f"{lab}={str(provenance[lab].get('sha256', 'given'))[:12]}" for lab in labels)
    signature = f"simeval:{__version__}|run|protocol:{proto.name}|models:{sigs}|datasets:{sets}"
    return RunResult(
        proto.name, tuple(names), tuple(labels), tuple(records), signature, scores,
        unscored, evaluations, comparisons, provenance, tuple(aggregates),
    )  # fmt: skip


def _evaluate_set(
    gold: NDArray[np.float64],
    by_model: dict[str, NDArray[np.float64]],
    scale: tuple[float, float] | None,
    scorer_sets: Mapping[str, Mapping[str, Any]],
    n_resamples: int,
    seed: int,
    nan_policy: NanPolicy,
) -> tuple[Any, Any]:
    """Every measure of :func:`~simeval.evaluate` on one data set and, with two or more
    models, their comparison (bootstrap intervals, paired tests, clusters); each model's
    scores declared on its scorer's range, so that a measure of the gold value sees them
    on the gold scale. ``n_resamples`` 0: no comparison."""
    from ..evaluation.compare import compare
    from ..evaluation.evaluate import evaluate
    from ..options import Options

    ranges = {m: score_range(next(iter(s.values()))) for m, s in scorer_sets.items()}
    system_scale = {m: r for m, r in ranges.items() if r is not None}
    opts = Options(scale=scale, system_scale=system_scale or None, nan_policy=nan_policy)
    ev = evaluate(gold, by_model, options=opts)
    if len(by_model) < 2 or not n_resamples:
        return ev, None
    return ev, compare(gold, by_model, options=opts, n_resamples=n_resamples, seed=seed)


def _simeval_records(label: str, ev: Any, cmp: Any) -> list[dict[str, Any]]:
    """The records of the ``simeval`` protocol: every measure of the evaluation, with the
    comparison's bootstrap interval and cluster where it has one; Pearson is the main."""
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


def _task_average(
    records: list[dict[str, Any]], models: Sequence[str], datasets: Sequence[str]
) -> list[dict[str, Any]]:
    """SimCSE's ``avg``: the unweighted mean over the data sets of each model's reported
    Spearman (the pooled ``all`` of a SemEval year, the whole set otherwise)."""
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


def score_dataset(
    model: str, dataset: Any, *, data_dir: str | None = None
) -> tuple[list[str], NDArray[np.float64]]:
    """One model's scores on every pair of one data set (scored or not), with the pairs'
    ids (``1``, ``2`` … when the data set has none): one job of a cluster run."""
    from .. import scorers

    scorer = scorers.get(model)  # a bad name before any download
    pairs = _load(dataset, data_dir)
    ids = getattr(pairs, "ids", None)
    n = len(pairs.texts1)
    labels = [str(i) for i in ids] if ids is not None else [str(i + 1) for i in range(n)]
    scores = scorer.score((list(pairs.texts1), list(pairs.texts2)))
    name = dataset if isinstance(dataset, str) else str(getattr(pairs, "name", "the data set"))
    check_scores(model, name, scores, scorer, None)
    return labels, scores


def _across_datasets(evaluations: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The simeval protocol over several data sets: Fisher-z means of the correlations and
    means of the other measures (unweighted, as Atoum 2019), and each model's normalized
    averaged rank (Atoum 2019, Fig. 10)."""
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
