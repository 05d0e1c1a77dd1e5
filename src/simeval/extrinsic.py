"""Extrinsic tasks of Reimers et al. (2016, §3.1) built on one similarity score per item:
k-fold cross-validated classification (OneR with optimized buckets, or logistic
regression) and top-1 related-item detection; plus a loader for the Wikipedia Rewrite
Corpus (Clough & Stevenson 2011) that the paper used for its first task.
"""

from __future__ import annotations

import itertools
import math
import warnings
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_int
from .errors import DataError, InputError, UndefinedMetricWarning, require
from .results import MetricResult, json_ready

__all__ = [
    "CrossValidationResult",
    "OneRModel",
    "RewriteAnswer",
    "cross_validated_accuracy",
    "load_wikipedia_rewrite",
    "majority_baseline",
    "oner_fit",
    "query_groups",
    "stratified_folds",
    "top1_accuracy",
    "top1_detection",
]

Method = Literal["oner", "logistic"]


# ----------------------------------------------------------------------------- OneR


@dataclass(frozen=True)
class OneRModel:
    """A OneR rule on one numeric attribute: ``classes[b]`` for scores in bucket b, where
    bucket b is ``thresholds[b-1] < x ≤ thresholds[b]`` (open at both ends)."""

    thresholds: tuple[float, ...]
    classes: tuple[Any, ...]

    def predict(self, scores: ArrayLike) -> NDArray[Any]:
        x = as_float_array(scores, "scores")
        bucket = np.searchsorted(np.asarray(self.thresholds), x, side="left")
        return np.asarray(self.classes, dtype=object)[bucket]


def _majority(counts: NDArray[np.int64]) -> int:
    return int(np.argmax(counts))  # ties → the first class in sorted label order


def oner_fit(scores: ArrayLike, labels: Sequence[Any], *, min_bucket: int = 6) -> OneRModel:
    """Fit Holte's (1993) OneR rule with optimized buckets on one numeric attribute.

    Items are sorted by score. A bucket grows, never splitting equal scores, until its
    majority class has at least ``min_bucket`` members (Holte's SMALL, default 6, as Weka
    ``OneR -B 6``); it then also absorbs following items of that majority class. The
    boundary is the midpoint between the last score inside and the next one. Adjacent
    buckets with the same majority class are merged; ties between classes go to the first
    label in sorted order. The greedy scan is sequential by nature (one pass, O(n log n)).

    >>> m = oner_fit([0.1, 0.2, 0.3, 0.7, 0.8, 0.9], ["lo"] * 3 + ["hi"] * 3, min_bucket=2)
    >>> m.thresholds, m.classes
    ((0.5,), ('lo', 'hi'))
    """
    x = as_float_array(scores, "scores")
    y = np.asarray(labels, dtype=object)
    if y.shape != x.shape:
        raise InputError(f"`scores` and `labels` must have the same length; got {x.size}, {y.size}")
    if x.size == 0:
        raise InputError("OneR needs at least one item")
    if np.isnan(x).any():
        raise InputError(f"`scores` has NaN at index {int(np.argmax(np.isnan(x)))}")
    check_int(min_bucket, "min_bucket")
    classes, codes = np.unique(y.astype(str), return_inverse=True)
    order = np.argsort(x, kind="stable")
    xs, ys = x[order], codes[order]
    # runs of equal scores are indivisible
    starts = np.flatnonzero(np.r_[True, xs[1:] != xs[:-1]])
    ends = np.r_[starts[1:], xs.size]
    run_counts = np.zeros((starts.size, classes.size), dtype=np.int64)
    np.add.at(run_counts, (np.repeat(np.arange(starts.size), ends - starts), ys), 1)
    buckets: list[tuple[int, NDArray[np.int64]]] = []  # (last run index, class counts)
    run = 0
    while run < starts.size:
        counts = np.zeros(classes.size, dtype=np.int64)
        while run < starts.size:
            counts += run_counts[run]
            run += 1
            if counts.max() >= min_bucket:
                break
        best = _majority(counts)
        while (
            run < starts.size
            and run_counts[run].argmax() == best
            and (run_counts[run][best] == run_counts[run].sum())
        ):
            counts += run_counts[run]
            run += 1
        buckets.append((run - 1, counts))
    merged: list[tuple[int, int]] = []  # (last run index, majority class)
    for last, counts in buckets:
        best = _majority(counts)
        if merged and merged[-1][1] == best:
            merged[-1] = (last, best)
        else:
            merged.append((last, best))
    thresholds = tuple(float((xs[ends[last] - 1] + xs[ends[last]]) / 2) for last, _ in merged[:-1])
    return OneRModel(thresholds, tuple(classes[c].item() for _, c in merged))


# ------------------------------------------------------------------ cross-validation


def stratified_folds(
    labels: Sequence[Any] | NDArray[Any], folds: int, seed: int | None
) -> NDArray[np.int64]:
    """Fold number (0 … folds−1) of each item, stratified by label.

    Items are shuffled with ``numpy.random.default_rng(seed).permutation(n)``, stably
    grouped by label, and dealt to folds round-robin, so every fold gets each class in
    proportion (±1).

    >>> stratified_folds(["a", "a", "b", "b"], 2, seed=0).tolist()
    [0, 1, 0, 1]
    """
    y = np.asarray(labels, dtype=object).astype(str)
    check_int(folds, "folds", minimum=2)
    if folds > y.size:
        raise InputError(f"folds ({folds}) must not exceed the number of items ({y.size})")
    _, codes = np.unique(y, return_inverse=True)
    perm = np.random.default_rng(seed).permutation(y.size)
    dealt = perm[np.argsort(codes[perm], kind="stable")]
    out = np.empty(y.size, dtype=np.int64)
    out[dealt] = np.arange(y.size) % folds
    return out


@dataclass(frozen=True)
class CrossValidationResult:
    """k-fold cross-validated accuracy: ``accuracy`` pools every held-out prediction;
    ``fold_accuracies`` gives each fold's."""

    accuracy: float
    fold_accuracies: tuple[float, ...]
    n: int
    folds: int
    method: str
    seed: int | None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


def _logistic_predict(x_train, y_train, x_test):
    linear_model = require("sklearn.linear_model", "sklearn")
    if np.unique(y_train).size < 2:
        return np.full(x_test.size, y_train[0], dtype=object)
    model = linear_model.LogisticRegression(max_iter=1000)
    model.fit(x_train[:, None], y_train)
    return model.predict(x_test[:, None])


def cross_validated_accuracy(
    scores: ArrayLike,
    labels: Sequence[Any],
    *,
    method: Method = "oner",
    folds: int = 10,
    seed: int | None = None,
    min_bucket: int = 6,
) -> CrossValidationResult:
    """Accuracy of a classifier from one similarity score per item, k-fold cross-validated
    with :func:`stratified_folds` (Reimers et al. 2016 §3.1: OneR with optimized buckets or logistic
    regression, 10 folds).

    ``method="logistic"`` needs scikit-learn (``pip install 'simeval[sklearn]'``).

    >>> res = cross_validated_accuracy([0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1],
    ...                                ["lo"] * 4 + ["hi"] * 4, folds=2, seed=0, min_bucket=2)
    >>> res.accuracy
    1.0
    """
    x = as_float_array(scores, "scores")
    y = np.asarray(labels, dtype=object)
    if y.shape != x.shape:
        raise InputError(f"`scores` and `labels` must have the same length; got {x.size}, {y.size}")
    if method not in ("oner", "logistic"):
        raise InputError(f"method must be 'oner' or 'logistic'; got {method!r}")
    fold_of = stratified_folds(y, folds, seed)
    correct = np.zeros(x.size, dtype=bool)
    per_fold = []
    for f in range(int(folds)):
        test = fold_of == f
        train = ~test
        if method == "oner":
            pred = oner_fit(x[train], y[train], min_bucket=min_bucket).predict(x[test])
        else:
            pred = _logistic_predict(x[train], y[train].astype(str), x[test])
        hit = pred.astype(str) == y[test].astype(str)
        correct[test] = hit
        per_fold.append(float(hit.mean()) if hit.size else math.nan)
    return CrossValidationResult(
        float(correct.mean()), tuple(per_fold), int(x.size), int(folds), method, seed
    )


def majority_baseline(labels: Sequence[Any]) -> float:
    """The accuracy of always answering the most frequent label: what a classifier on a
    similarity score must beat.

    >>> majority_baseline(["yes", "no", "yes", "yes"])
    0.75
    """
    if len(labels) == 0:
        raise InputError("no labels: the majority baseline needs at least one")
    _, counts = np.unique(np.asarray([str(v) for v in labels]), return_counts=True)
    return float(counts.max() / counts.sum())


def query_groups(queries: Sequence[Any]) -> list[NDArray[np.intp]]:
    """The row indices of each query, queries in sorted order, rows in file order: the
    candidate sets of related-item detection.

    >>> [g.tolist() for g in query_groups(["q2", "q1", "q2", "q1"])]
    [[1, 3], [0, 2]]
    """
    _, group = np.unique(np.asarray([str(q) for q in queries]), return_inverse=True)
    order = np.argsort(group, kind="stable")
    bounds = np.flatnonzero(np.r_[True, np.diff(group[order]) != 0, True])
    return [order[a:b] for a, b in itertools.pairwise(bounds)]


def top1_detection(
    candidate_scores: Sequence[ArrayLike], relevant: Sequence[ArrayLike]
) -> MetricResult:
    r"""Related-item detection (Reimers et al. 2016 §3.1, task 3): for each query, is the
    candidate with the highest similarity one of the related items?

    .. math:: \mathrm{acc} = \frac1Q \sum_q \frac{|\{c \in \mathrm{top}_q : c
              \text{ related}\}|}{|\mathrm{top}_q|}

    ``candidate_scores[q]`` holds the scores of query q's candidates and ``relevant[q]`` a
    boolean mask (or 0/1) of the related ones; ``top_q`` are the candidates that share
    the highest score, so a tie counts the expected accuracy of a random tie break, never
    an arbitrary order. A query without any related candidate counts 0 (no system can
    solve it; in Reimers et al.'s task every target article has related ones). When no
    query has a related candidate the accuracy is undefined: NaN, with ``reason``.

    >>> top1_detection([[0.9, 0.1, 0.5], [0.2, 0.8, 0.8]], [[1, 0, 0], [1, 1, 0]])
    MetricResult(statistic=0.75, n=2, reason=None)
    """
    if len(candidate_scores) != len(relevant):
        raise InputError(
            f"`candidate_scores` and `relevant` must have one entry per query; "
            f"got {len(candidate_scores)} and {len(relevant)}"
        )
    if not candidate_scores:
        raise InputError("no queries given")
    hits = np.empty(len(candidate_scores))
    any_related = False
    for q, (s, r) in enumerate(zip(candidate_scores, relevant)):
        sc = as_float_array(s, f"candidate_scores[{q}]")
        if np.isnan(sc).any():
            raise InputError(f"query {q}: a candidate has no score (NaN); score or drop it")
        rel = np.asarray(r)
        if rel.dtype != bool and not np.isin(rel, (0, 1)).all():
            bad = rel.ravel()[~np.isin(rel.ravel(), (0, 1))][0]
            raise InputError(f"query {q}: relevance must be 0/1 or True/False; got {bad.item()!r}")
        rel = rel.astype(bool)
        if rel.shape != sc.shape or sc.size == 0:
            raise InputError(
                f"query {q}: scores and relevance mask must have the same, nonzero length"
            )
        any_related = any_related or bool(rel.any())
        hits[q] = rel[sc == sc.max()].mean()
    if not any_related:
        reason = f"none of the {hits.size} queries has a related candidate"
        return MetricResult(math.nan, hits.size, reason)
    return MetricResult(float(hits.mean()), hits.size)


def top1_accuracy(candidate_scores: Sequence[ArrayLike], relevant: Sequence[ArrayLike]) -> float:
    """The value of :func:`top1_detection` as a float (Reimers et al. 2016 §3.1, task 3);
    NaN with an :class:`~simeval.errors.UndefinedMetricWarning` that gives the reason when
    no query has a related candidate.

    >>> top1_accuracy([[0.9, 0.1, 0.5], [0.2, 0.8, 0.8]], [[1, 0, 0], [1, 1, 0]])
    0.75
    """
    res = top1_detection(candidate_scores, relevant)
    if res.reason is not None:
        warnings.warn(f"top-1 accuracy is undefined: {res.reason}", UndefinedMetricWarning, 2)
    return res.statistic


# --------------------------------------------------------------- Wikipedia Rewrite


@dataclass(frozen=True)
class RewriteAnswer:
    """One answer of the Wikipedia Rewrite Corpus with its source article."""

    file: str
    task: str
    category: str  # cut (near copy), light, heavy, non
    text: str
    source: str


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def load_wikipedia_rewrite(folder: str | Path) -> list[RewriteAnswer]:
    """Read the Wikipedia Rewrite Corpus (Clough & Stevenson 2011): the 95 answers with
    their rewrite level and the Wikipedia source of their task.

    ``folder`` holds ``file_information.csv`` (``File,Task,Category``; CRLF) and ``texts/``.
    Rows with category ``orig`` are the five sources; texts are decoded as UTF-8, else
    Windows-1252.
    """
    import csv

    base = Path(folder)
    table = base / "file_information.csv"
    if not table.is_file():
        raise DataError(f"{table}: not found; point to the wikipedia-rewrite folder")
    with table.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    for col in ("File", "Task", "Category"):
        if rows and col not in rows[0]:
            raise DataError(f"{table}: missing column {col!r}; expected File,Task,Category")
    sources = {}
    for row in rows:
        if row["Category"] == "orig":
            sources[row["Task"]] = _read_text(base / "texts" / row["File"])
    answers = []
    for line, row in enumerate(rows, start=2):
        if row["Category"] == "orig":
            continue
        path = base / "texts" / row["File"]
        if not path.is_file():
            raise DataError(f"{table}, row {line}: text file {path} not found")
        if row["Task"] not in sources:
            raise DataError(f"{table}, row {line}: no orig source for task {row['Task']!r}")
        answers.append(
            RewriteAnswer(
                row["File"], row["Task"], row["Category"], _read_text(path), sources[row["Task"]]
            )
        )
    return answers
