"""What a run gives back (:class:`RunResult`) and how it is put together from the tasks'
scores: the protocol's records, each data set's evaluation and comparison, the aggregates
over data sets and the run's signature; with the checks of a model's scores."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._validate import NanPolicy
from .._version import __version__
from ..calibration import Calibration
from ..errors import DataError, InputError, param
from .protocols import Protocol, correlation_records
from .records import across_datasets, evaluate_set, simeval_records, task_average
from .tasks import TaskScores

__all__ = ["RunResult", "check_scores", "score_range", "unscored_reason"]


def score_range(scorer: Any) -> tuple[float, float] | None:
    """The range of a scorer's scores when it is bounded: cosine similarity in [−1, 1],
    the lexical scores in [0, 1]; None for unbounded ones (dot, −L1, −L2).

    Parameters
    ----------
    scorer : Scorer
        The scorer.

    Returns
    -------
    (float, float) or None

    Examples
    --------
    >>> from types import SimpleNamespace as NS
    >>> score_range(NS(name="lexical:edit")), score_range(NS(name="st:m", similarity="cosine"))
    ((0.0, 1.0), (-1.0, 1.0))
    >>> score_range(NS(name="st:m", similarity="dot")) is None
    True
    """
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
    more data sets, the ``aggregates`` of the data sets. ``tasks`` holds each model's
    scores on each data set under every similarity function scored, with their ids, the
    seconds they took and their signature; ``resumed`` the (data set, model) read back
    from earlier results; ``notes`` what the protocol says of the data sets; ``calibration``
    how each data set's measures of the gold value saw the models' scores. The saved
    document is :func:`simeval.report.schema.run_document`.

    Attributes
    ----------
    protocol : str
        The protocol's name.
    models, datasets : tuple of str
        The labels of the models and data sets.
    records : tuple of dict
        The protocol's records.
    signature : str
        Everything that determines the numbers.
    scores : mapping of (str, str) to numpy.ndarray
        (data set, model) → the model's scores under its own similarity function.
    unscored : mapping of (str, str) to int
        (data set, model) → pairs left without a score.
    evaluations, comparisons : mapping of str to Evaluation, Comparison
        Per data set.
    provenance : mapping of str to mapping
        Each data set's files and their digests.
    aggregates : tuple of dict
        Over two or more data sets.
    tasks : mapping of (str, str) to TaskScores
        Each model's scores on each data set, under every function scored.
    resumed : frozenset of (str, str)
        The (data set, model) read back from earlier results.
    notes : tuple of str
        What the protocol says of the data sets.
    scorers : mapping of str to Scorer
        Each model's scorer.
    calibration : mapping of str to str
        How each data set's measures of the gold value saw the scores.

    Examples
    --------
    Made by :func:`~simeval.runs.run.run`. Jaccard scores the toy pairs 2/3, 1/3 and 0, in
    the gold's order (Spearman 1, MTEB's main score for a model without vectors):

    >>> from simeval.runs.run import Pairs, run
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard"], [pairs], protocol="mteb")
    >>> res.value("lexical:jaccard", "toy"), res.scores[("toy", "lexical:jaccard")].round(4)
    (1.0, array([0.6667, 0.3333, 0.    ]))
    """

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
    tasks: Mapping[tuple[str, str], TaskScores] = field(default_factory=dict, repr=False)
    resumed: frozenset[tuple[str, str]] = field(default=frozenset(), repr=False)
    notes: tuple[str, ...] = ()
    scorers: Mapping[str, Any] = field(default_factory=dict, repr=False)
    #: data set → how its models' scores were calibrated for the measures of the gold
    #: value (``isotonic(on:stsb:dev)``, ``auto(isotonic,cv5,seed0)``, ``none``).
    calibration: Mapping[str, str] = field(default_factory=dict)

    def value(
        self, model: str, dataset: str, metric: str | None = None, subset: Any = None
    ) -> float:
        """The value of ``metric`` (default: the model's main score under the protocol)
        for ``model`` on ``dataset`` (``subset`` as the records name it)."""
        for r in self.records:
            if (r["system"], r["dataset"], r.get("subset")) != (model, dataset, subset):
                continue
            if r["metric"] == metric or (metric is None and r["main"]):
                return math.nan if r["value"] is None else float(r["value"])
        what = metric or "main score"
        raise InputError(f"no {what} of {model!r} on {dataset!r} (subset {subset!r})")


def _scored(pairs: Any) -> tuple[NDArray[np.float64], list[str] | None]:
    """The gold scores and subsets of the pairs that have a gold score (blank SemEval gold
    lines are unscored pairs)."""
    gold = np.asarray(pairs.gold, dtype=np.float64)
    keep = ~np.isnan(gold)
    subsets = getattr(pairs, "subsets", None)
    sub = [s for s, k in zip(subsets, keep) if k] if subsets is not None else None
    return gold[keep], sub


def unscored_reason(scorer: Any) -> str:
    """Why the scorer leaves a pair without a score (its ``unscored_reason``, e.g. a text
    with no word in the vectors' vocabulary), or a generic reason.

    Parameters
    ----------
    scorer : Scorer
        The scorer.

    Returns
    -------
    str

    Examples
    --------
    >>> unscored_reason(object())
    'the model gave NaN'
    """
    return str(getattr(scorer, "unscored_reason", "") or "the model gave NaN")


def check_scores(
    model: str, dataset: str, scores: NDArray[np.float64], scorer: Any, nan_policy: str | None
) -> int:
    """The number of pairs ``model`` left without a score (NaN) on ``dataset``.

    Every pair without a score is an error naming the model, the data set and the reason;
    some pairs without a score are one too under ``nan_policy="raise"`` (``None``: they
    are counted only, as for a score file, where they are written as ``nan``).

    Parameters
    ----------
    model, dataset : str
        The labels, for messages.
    scores : numpy.ndarray
        The model's scores.
    scorer : Scorer
        Its scorer (:func:`unscored_reason`).
    nan_policy : {"raise", "omit"} or None
        What a missing score does (None: count only).

    Returns
    -------
    int

    Raises
    ------
    DataError
        No pair has a score.
    InputError
        Some pair has none, under ``nan_policy="raise"``.

    Examples
    --------
    >>> check_scores("m", "toy", np.array([0.5, np.nan]), object(), "omit")
    1
    >>> check_scores("m", "toy", np.array([0.5, np.nan]), object(), "raise")
    Traceback (most recent call last):
    simeval.errors.InputError: m has no score for 1 of the 2 pairs of toy (first: pair 2; the \
model gave NaN); pass nan_policy='omit' to leave them out of its measures
    """
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


def assemble(
    proto: Protocol,
    models: Sequence[tuple[str, Any]],
    scorers: Mapping[str, Any],
    sets: Sequence[tuple[str, Any]],
    results: Mapping[tuple[str, str], TaskScores],
    resumed: frozenset[tuple[str, str]],
    n_resamples: int,
    seed: int,
    nan_policy: NanPolicy,
    shards: int,
    calibrations: Mapping[str, Calibration],
    calibrated: str,
) -> RunResult:
    """The run's records, evaluations and comparisons from every task's scores (each
    data set's measures of the gold value through ``calibrations``)."""
    names = [label for label, _ in models]
    records: list[dict[str, Any]] = []
    scores: dict[tuple[str, str], NDArray[np.float64]] = {}
    unscored: dict[tuple[str, str], int] = {}
    evaluations: dict[str, Any] = {}
    comparisons: dict[str, Any] = {}
    for label, pairs in sets:
        gold, subsets = _scored(pairs)
        by_model: dict[str, NDArray[np.float64]] = {}
        for m in names:
            per_fn = dict(results[(label, m)].scores)
            own = scorers[m].similarity
            for values in per_fn.values():
                missing = check_scores(m, label, values, scorers[m], nan_policy)
                unscored[(label, m)] = max(unscored.get((label, m), 0), missing)
            by_model[m] = scores[(label, m)] = per_fn[own]
            if proto.name != "simeval":
                records += correlation_records(
                    proto, label, gold, per_fn, subsets, similarity=own, system=m,
                    nan_policy=nan_policy,
                )  # fmt: skip
        ranges = {m: score_range(scorers[m]) for m in names}
        ev, cmp = evaluate_set(
            gold, by_model, getattr(pairs, "scale", None), ranges, n_resamples, seed, nan_policy,
            calibrations[label],
        )  # fmt: skip
        evaluations[label] = ev
        if cmp is not None:
            comparisons[label] = cmp
        if proto.name == "simeval":
            records += simeval_records(label, ev, cmp)
    labels = [label for label, _ in sets]
    if proto.name == "simcse":
        records += task_average(records, names, labels)
    aggregates = across_datasets(evaluations) if len(evaluations) > 1 else []
    if proto.name == "simeval":
        records += aggregates
    sigs = ";".join(f"{m}={scorers[m].signature}" for m in names)
    provenance = {label: dict(getattr(p, "provenance", {}) or {}) for label, p in sets}
    data = ";".join(f"{lab}={str(provenance[lab].get('sha256', 'given'))[:12]}" for lab in labels)
    shard_part = f"|shards:{shards}" if shards > 1 else ""
    signature = (
        f"simeval:{__version__}|run|protocol:{proto.name}|models:{sigs}|datasets:{data}"
        f"|fit:every text of each data set{shard_part}|calibrate:{calibrated}"
    )
    return RunResult(
        proto.name, tuple(names), tuple(labels), tuple(records), signature, scores,
        unscored, evaluations, comparisons, provenance, tuple(aggregates),
        {k: v for k, v in results.items() if k[0] in labels},
        resumed, tuple(proto.notes_for(labels)), dict(scorers),
        {label: c.describe() for label, c in calibrations.items()},
    )  # fmt: skip
