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

from numpy.typing import ArrayLike

from .._validate import NAN_POLICIES, NanPolicy, check_choice
from ..calibration import Calibration
from ..errors import InputError, param
from .assembly import assemble, check_scores, readings
from .calibration import CalibrateOn, calibration_for, calibration_splits, describe, split_sets
from .execution import merge_parts, run_task, run_tasks
from .models import check_options, executor_from, labelled_models
from .planning import plan_tasks
from .protocols import protocols_of
from .result import RunResult
from .tasks import Task, TaskScores, load_pairs, make_scorer

__all__ = ["Pairs", "run", "score_dataset"]

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Pairs:
    """Sentence pairs with gold scores: what :func:`run` needs of a data set (the data set
    registry's ``SentencePairs`` has these fields too).

    Attributes
    ----------
    name : str
        The data set's name.
    texts1, texts2 : sequence of str
        The two texts of each pair.
    gold : array_like
        The gold scores (NaN: an unscored pair).
    scale : (float, float), optional
        The gold scale.
    subsets : sequence of str, optional
        Each pair's subset (a SemEval year's data sets).
    ids : sequence of str, optional
        Each pair's id.
    provenance : mapping
        Where the pairs come from (files and their digests).

    Examples
    --------
    >>> pairs = Pairs("toy", ["a cat", "a dog"], ["a cat sat", "a cat"], [4.5, 2.0])
    >>> len(pairs.texts1), pairs.scale
    (2, None)
    """

    name: str
    texts1: Sequence[str]
    texts2: Sequence[str]
    gold: ArrayLike
    scale: tuple[float, float] | None = None
    subsets: Sequence[str] | None = None
    ids: Sequence[str] | None = None
    provenance: Mapping[str, Any] = field(default_factory=dict)


def run(
    models: Any,
    datasets: Sequence[Any] | str,
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
    datasets : sequence, str or Pairs
        Registry names of :func:`simeval.datasets.load`, or :class:`Pairs`; one of them
        alone stands for a list of one.
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

    Raises
    ------
    InputError
        No model or data set, an unknown protocol, scorer or option, bad resamples,
        shards or ``nan_policy``, or a pair without a score under ``nan_policy="raise"``.
    DataError
        A model that scores no pair of a data set, or a data set's files are missing.

    Examples
    --------
    Two lexical models on three toy pairs, under SentEval's and the ``simeval``
    protocol's records; Jaccard scores them 2/3, 1/3, 0, in the gold's order:

    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, 2.0, 0.0], scale=(0, 5))
    >>> res = run(["lexical:jaccard", "lexical:edit"], [pairs], protocol="senteval",
    ...           n_resamples=0)
    >>> res.models, res.value("lexical:jaccard", "toy", "spearman")
    (('lexical:jaccard', 'lexical:edit'), 1.0)
    """
    from ..stats.bootstrap.resampling import MIN_INTERVAL_RESAMPLES, check_resamples

    protos = protocols_of(protocol)
    if isinstance(datasets, str) or not isinstance(datasets, Sequence):
        datasets = [datasets]  # one data set: a name (not its characters) or a Pairs
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
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise InputError(
            f"the data set {', '.join(map(repr, twice))} is named twice; give each data set "
            "once (pairs of your own need names of their own)"
        )
    reading = readings(protos, labels, datasets)
    single = protos[0] if len(protos) == 1 else None  # reads its own split of each set
    registered = [
        (single.dataset_for(d) if single else d) if isinstance(d, str) else None for d in datasets
    ]
    calibration = Calibration.of(calibrate)
    splits = calibration_splits(labels, registered, calibration, calibrate_on)
    loaded = [load_pairs(r if r is not None else d, data_dir) for r, d in zip(registered, datasets)]
    reads = {**splits, **{f"{p}:{d}": r for (p, d), r in reading.items()}}
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
    return assemble(
        protos, labelled, scorers, sets, results, frozenset(found),
        n_resamples, seed, nan_policy, shards, calibrations, describe(calibration, splits),
        reading, held_out,
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
    fits it. A pair without a score is NaN; a model that scores none is an error.

    Parameters
    ----------
    model : str or object
        A scorer name or your own model (as :func:`run` takes them).
    dataset : str or Pairs
        A registry name or pairs.
    data_dir : str, optional
        Where registered data sets are read from.
    scorer_options : mapping, optional
        Options of a named scorer.
    shard, shards : int
        Which slice, of how many.
    progress : callable, optional
        ``progress(done, total)``.

    Returns
    -------
    TaskScores

    Raises
    ------
    InputError
        An unknown scorer or option, or a bad shard.
    DataError
        The model scores no pair.

    Examples
    --------
    >>> pairs = Pairs("toy", ["a cat", "a dog", "the sun"], ["a cat sat", "a cat", "rain"],
    ...               [4.5, float("nan"), 0.0])
    >>> result = score_dataset("lexical:jaccard", pairs, shard=2, shards=2)
    >>> result.ids, result.scores["jaccard"].round(4).tolist()  # the unscored pair too
    (('2', '3'), [0.3333, 0.0])
    """
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
