"""From models and data set names to a verdict: score every model on every data set, report
the numbers a protocol reports (see :mod:`simeval.runs.protocols`), and evaluate every
data set with every measure and compare the models with intervals, paired tests and
clusters (what the ``simeval`` protocol reports, and what the HTML page shows under any).

Each model on each data set is one task (:mod:`simeval.runs.tasks`), or ``shards`` tasks
each scoring a contiguous slice of its pairs; tasks run here one after the other, or on
any executor (a Dask cluster, a process pool), and give the same scores either way.

>>> import simeval as se
>>> pairs = se.runs.run.Pairs("toy", ["a cat", "a dog", "the sun"],
...                             ["a cat sat", "a cat", "rain"], [4.5, 2.0, 0.0], scale=(0, 5))
>>> res = se.run(["lexical:jaccard"], [pairs], protocol="mteb")  # Jaccard 2/3, 1/3, 0
>>> [(r["metric"], round(r["value"], 3)) for r in res.records]
[('pearson', 0.998), ('spearman', 1.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import NAN_POLICIES, NanPolicy, check_choice
from .._version import __version__
from ..calibration import Calibration
from ..errors import DataError, InputError, param
from .calibration import CalibrateOn, calibration_for, calibration_splits, describe, split_sets
from .models import check_options, executor_from, labelled_models
from .planning import plan_tasks
from .protocols import Protocol, correlation_records, protocols_of
from .records import across_datasets, evaluate_set, simeval_records, task_average
from .result import RunResult
from .tasks import Task, TaskScores, load_pairs, make_scorer, merge_parts, run_task, run_tasks

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


def run(
    models: Any,
    datasets: Sequence[Any],
    *,
    protocol: str | Sequence[str] = "mteb",
    data_dir: str | None = None,
    n_resamples: int = 1000,
    seed: int = 0,
    nan_policy: NanPolicy = "raise",
    progress: Progress | None = None,
    scorer_options: Mapping[str, Any] | None = None,
    executor: Any = None,
    shards: int = 1,
    resume: str | Path | None = None,
    calibrate: Calibration | str | None = None,
    calibrate_on: CalibrateOn = "split",
) -> RunResult:
    """Score every model on every data set, then report as ``protocol`` does (see
    :mod:`simeval.runs.protocols`), or as several do, side by side; whatever the
    protocol, also evaluate each data set with every measure and, with two or more
    models, compare them (``n_resamples`` bootstrap resamples, ``seed``).

    Parameters
    ----------
    models : sequence or mapping
        Scorer names of :func:`simeval.scorers.get` (``"minilm"``, ``"st:ORG/NAME"``),
        your own models (an object with ``encode``, a function ``texts -> vectors`` or
        ``(texts1, texts2) -> scores``, a :class:`~simeval.scorers.Scorer`; see
        :func:`simeval.scorers.from_object`), or a mapping ``{label: model}`` naming them.
    datasets : sequence
        Registry names of :func:`simeval.datasets.load`, or :class:`Pairs`.
    protocol : str or sequence of str
        ``mteb``, ``senteval``, ``simcse``, ``st`` or ``simeval``; several of the first
        four (a sequence, or the names comma-separated), or ``all`` for the four, report
        each model's numbers under each convention side by side
        (:meth:`RunResult.side_by_side`). With several, every measure and comparison reads
        each data set as named, and a protocol that reads another split of it (SimCSE's
        SICK-R test split) scores that split for its own records.
    data_dir : str, optional
        Where the registered data sets are read from.
    n_resamples, seed : int
        Bootstrap resamples of the comparison (0: none, else at least
        :data:`~simeval.stats.bootstrap.resampling.MIN_INTERVAL_RESAMPLES`) and their seed.
    nan_policy : {"raise", "omit"}
        A pair a model leaves without a score (a static-vector model that knows no word
        of one of its texts) is an error, or is left out of that model's measures
        (``unscored`` counts them); a model that scores no pair is always an error.
    progress : callable, optional
        ``progress(done, total)`` counts the texts embedded (each data set's distinct
        texts, per model); an object that also has ``set_description`` (a tqdm bar) is
        told which model and data set run.
    scorer_options : mapping, optional
        Options of the named scorers (``device``, ``batch_size``, ``prompt``,
        ``prompt_name``, ``similarity``, ``cache``), each given to the models that take
        it; an option no model takes is an error.
    executor : optional
        Where the tasks (model × data set × shard) run: here (None, ``"local"``), a Dask
        cluster started on this machine (``"dask"``), the Dask scheduler at
        ``"dask://HOST:PORT"``, or any object with ``submit`` (a Dask ``Client``, a
        ``concurrent.futures`` pool). Named models are made where their task runs;
        objects and data sets are sent to it.
    shards : int
        Score each data set in this many contiguous slices, one task each.
    resume : path, optional
        A folder in MTEB's results layout: a model's scores on a data set kept there by an
        earlier run with an equal signature are read back instead of scored again.
    calibrate : Calibration or str, optional
        How the measures of the gold value (NMSSE, F1 …) see models whose scores are off
        the gold scale (every cosine and lexical score): ``"auto"`` (default: isotonic),
        ``"isotonic"``, ``"linear"``, ``"none"`` (their possible range mapped linearly),
        or a :class:`~simeval.Calibration`. Correlations read the raw scores.
    calibrate_on : {"split", "cv"}
        ``split``: fit the calibration on the data set's registered held-out split (each
        model scores ``stsb:dev`` for ``stsb:test``, ``sick:trial`` for ``sick:test``),
        and cross-fit on the evaluated pairs where there is none; ``cv``: always
        cross-fit.

    Returns
    -------
    RunResult
    """
    from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

    protos = protocols_of(protocol)
    if (isinstance(models, (Sequence, Mapping)) and not models) or not datasets:
        raise InputError("give at least one model and one data set")
    check_choice("nan_policy", nan_policy, NAN_POLICIES)
    if n_resamples != 0:  # checked before the models run; 0: no bootstrap
        check_resamples(n_resamples, minimum=MIN_INTERVAL_RESAMPLES)
    if not isinstance(shards, int) or isinstance(shards, bool) or shards < 1:
        raise InputError(f"{param('shards')} must be a positive integer; got {shards!r}")
    labelled = labelled_models(models)
    options = dict(scorer_options or {})
    check_options(labelled, options)
    scorers = {label: make_scorer(spec, options) for label, spec in labelled}  # a bad name first
    labels = [d if isinstance(d, str) else str(getattr(d, "name", d)) for d in datasets]
    readings = _readings(protos, labels, datasets)
    single = protos[0] if len(protos) == 1 else None  # reads its own split of each set
    registered = [
        (single.dataset_for(d) if single else d) if isinstance(d, str) else None for d in datasets
    ]
    calibration = Calibration.of(calibrate)
    splits = calibration_splits(labels, registered, calibration, calibrate_on)
    loaded = [load_pairs(r if r is not None else d, data_dir) for r, d in zip(registered, datasets)]
    reads = {**splits, **{f"{p}:{d}": r for (p, d), r in readings.items()}}
    extra = split_sets(reads, labels, lambda name: load_pairs(name, data_dir))
    pool, closers = executor_from(executor)
    try:
        tasks, sizes, found = plan_tasks(
            labelled, scorers, list(zip(labels, loaded)) + extra, protos, shards,
            pool is not None, resume, options,
        )  # fmt: skip
        parts: dict[tuple[str, str], list[TaskScores]] = {}
        for part in run_tasks(tasks, pool, progress, sizes):
            parts.setdefault((part.task.dataset_label, part.task.label), []).append(part)
    finally:
        for closer in reversed(closers or ()):
            closer.close()
    results = {**found, **{key: merge_parts(p) for key, p in parts.items()}}
    sets = list(zip(labels, loaded))
    held_out = {label: pairs for label, pairs in sets + extra}
    calibrations = {
        label: calibration_for(calibration, splits.get(label), held_out, results, scorers)
        for label in labels
    }
    return _report(
        protos, labelled, scorers, sets, results, frozenset(found),
        n_resamples, seed, nan_policy, shards, calibrations, describe(calibration, splits),
        readings, held_out,
    )  # fmt: skip


def _readings(
    protos: Sequence[Protocol], labels: Sequence[str], datasets: Sequence[Any]
) -> dict[tuple[str, str], str]:
    """(protocol, data set label) → the label of the pairs the protocol's records read:
    the data set itself, or, among several protocols, the other split one reads of it
    (SimCSE's ``sick:test`` for ``sickr``)."""
    return {
        (p.name, label): p.dataset_for(d) if isinstance(d, str) and len(protos) > 1 else label
        for p in protos
        for label, d in zip(labels, datasets)
    }


def _report(
    protos: Sequence[Protocol],
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
    readings: Mapping[tuple[str, str], str],
    held_out: Mapping[str, Any],
) -> RunResult:
    """The run's records, evaluations and comparisons from every task's scores (each
    data set's measures of the gold value through ``calibrations``; each protocol's
    records from the pairs it ``readings`` of the data set, among ``held_out``)."""
    names = [label for label, _ in models]
    reported = [p for p in protos if p.name != "simeval"]
    simeval = not reported
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
            for proto in reported:
                reads = readings[(proto.name, label)]
                if reads != label:  # another split of the data set (SimCSE's SICK-R)
                    gold_read, subsets_read = _scored(held_out[reads])
                    per_fn_read = dict(results[(reads, m)].scores)
                    for values in per_fn_read.values():
                        check_scores(m, reads, values, scorers[m], nan_policy)
                else:
                    gold_read, subsets_read, per_fn_read = gold, subsets, per_fn
                records += correlation_records(
                    proto, label, gold_read, per_fn_read, subsets_read, similarity=own,
                    system=m, nan_policy=nan_policy,
                )  # fmt: skip
        ranges = {m: score_range(scorers[m]) for m in names}
        ev, cmp = evaluate_set(
            gold, by_model, getattr(pairs, "scale", None), ranges, n_resamples, seed, nan_policy,
            calibrations[label],
        )  # fmt: skip
        evaluations[label] = ev
        if cmp is not None:
            comparisons[label] = cmp
        if simeval:
            records += [{"protocol": "simeval", **r} for r in simeval_records(label, ev, cmp)]
    labels = [label for label, _ in sets]
    if any(p.name == "simcse" for p in protos):
        simcse = [r for r in records if r["protocol"] == "simcse"]
        records += [{"protocol": "simcse", **r} for r in task_average(simcse, names, labels)]
    aggregates = across_datasets(evaluations) if len(evaluations) > 1 else []
    if simeval:
        records += [{"protocol": "simeval", **r} for r in aggregates]
    sigs = ";".join(f"{m}={scorers[m].signature}" for m in names)
    provenance = {label: dict(getattr(p, "provenance", {}) or {}) for label, p in sets}
    data = ";".join(f"{lab}={str(provenance[lab].get('sha256', 'given'))[:12]}" for lab in labels)
    shard_part = f"|shards:{shards}" if shards > 1 else ""
    protocol = ",".join(p.name for p in protos)
    signature = (
        f"simeval:{__version__}|run|protocol:{protocol}|models:{sigs}|datasets:{data}"
        f"|fit:every text of each data set{shard_part}|calibrate:{calibrated}"
    )
    notes = dict.fromkeys(n for p in protos for n in p.notes_for(labels))
    return RunResult(
        protocol, tuple(names), tuple(labels), tuple(records), signature, scores,
        unscored, evaluations, comparisons, provenance, tuple(aggregates),
        {k: v for k, v in results.items() if k[0] in labels},
        resumed, tuple(notes), dict(scorers),
        {label: c.describe() for label, c in calibrations.items()},
        tuple(p.name for p in protos),
    )  # fmt: skip


def score_dataset(
    model: Any,
    dataset: Any,
    *,
    data_dir: str | None = None,
    scorer_options: Mapping[str, Any] | None = None,
    shard: int = 1,
    shards: int = 1,
    progress: Progress | None = None,
) -> TaskScores:
    """One model's scores on every pair of one data set (scored or not), or on shard
    ``shard`` of ``shards`` of them (contiguous slices), with the pairs' ids (``1``, ``2``
    … when the data set has none) and the signature: one job of a cluster run. The
    scorer is fitted on every text of the data set whatever the shard, as :func:`run`
    fits it. A pair without a score is NaN; a model that scores none is an error."""
    options = dict(scorer_options or {})
    ((label, spec),) = labelled_models([model])
    check_options([(label, spec)], options)
    scorer = make_scorer(spec, options)  # a bad name before any download
    pairs = load_pairs(dataset, data_dir)
    name = dataset if isinstance(dataset, str) else str(getattr(pairs, "name", "the data set"))
    task = Task(label, scorer, name, pairs, scored_only=False, shard=shard, shards=shards)
    result = run_task(task, progress)
    check_scores(label, name, result.scores[scorer.similarity], scorer, None)
    return result
