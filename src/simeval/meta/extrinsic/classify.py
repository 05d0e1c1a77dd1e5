"""Classification from one similarity score per item (Reimers et al. 2016, §3.1, tasks 1
and 2): OneR with optimized buckets (Holte 1993) or logistic regression, k-fold
cross-validated, and the paper's choice of the better of the two.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..._validate import as_float_array, check_int
from ...errors import InputError, require
from ...metrics.three_class import macro_f1
from ...results import json_ready
from .oner import OneRModel, oner_fit

__all__ = [
    "ClassifierChoice",
    "CrossValidationResult",
    "OneRModel",
    "cross_validated_accuracy",
    "macro_f1",
    "majority_baseline",
    "oner_fit",
    "select_classifier",
    "stratified_folds",
]

#: ``best``: the better of OneR and logistic regression by cross-validated accuracy.
Method = Literal["oner", "logistic", "best"]


# ------------------------------------------------------------------ cross-validation


def stratified_folds(
    labels: Sequence[Any] | NDArray[Any], folds: int, seed: int | None
) -> NDArray[np.int64]:
    """Fold number (0 … folds−1) of each item, stratified by label.

    Items are shuffled with ``numpy.random.default_rng(seed).permutation(n)``, stably
    grouped by label, and dealt to folds round-robin, so every fold gets each class in
    proportion (±1).

    Parameters
    ----------
    labels : sequence
        One class per item.
    folds : int
        At least 2, at most the number of items.
    seed : int, optional
        Seed of the shuffle (``None``: fresh entropy).

    Returns
    -------
    numpy.ndarray of int

    Examples
    --------
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
    ``fold_accuracies`` gives each fold's, ``predictions`` each item's held-out class (as
    text) and ``f1_macro`` their :func:`macro_f1`.

    Attributes
    ----------
    accuracy : float
    fold_accuracies : tuple of float
    n, folds : int
        Items and folds.
    method : str
        ``"oner"`` or ``"logistic"``.
    seed : int or None
    predictions : tuple of str
    f1_macro : float

    Examples
    --------
    >>> x = [0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1]
    >>> y = ["lo"] * 4 + ["hi"] * 4
    >>> res = cross_validated_accuracy(x, y, folds=2, seed=0, min_bucket=2)
    >>> res.method, res.fold_accuracies, res.predictions[:2]
    ('oner', (1.0, 1.0), ('lo', 'lo'))
    """

    accuracy: float
    fold_accuracies: tuple[float, ...]
    n: int
    folds: int
    method: str
    seed: int | None
    predictions: tuple[str, ...] = ()
    f1_macro: float = math.nan

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


def _logistic_predict(
    x_train: NDArray[np.float64], y_train: NDArray[Any], x_test: NDArray[np.float64]
) -> NDArray[Any]:
    """Multinomial logistic regression on the score standardized with the training fold's
    mean and standard deviation (so that the L2 penalty, scikit-learn's default C = 1, acts
    alike on a cosine in [−1, 1] and a Jaccard in [0, 1])."""
    linear_model = require("sklearn.linear_model", "sklearn")
    if np.unique(y_train).size < 2:
        return np.full(x_test.size, y_train[0], dtype=object)
    mu, sd = float(x_train.mean()), float(x_train.std())
    sd = sd if sd > 0 else 1.0
    model = linear_model.LogisticRegression(max_iter=1000)
    model.fit(((x_train - mu) / sd)[:, None], y_train)
    return np.asarray(model.predict(((x_test - mu) / sd)[:, None]), dtype=object)


def _cross_validate(
    x: NDArray[np.float64],
    y: NDArray[Any],
    fold_of: NDArray[np.int64],
    folds: int,
    method: str,
    seed: int | None,
    min_bucket: int,
) -> CrossValidationResult:
    pred = np.empty(x.size, dtype=object)
    per_fold = []
    ys = y.astype(str)
    for f in range(folds):
        test = fold_of == f
        train = ~test
        if method == "oner":
            pred[test] = oner_fit(x[train], ys[train], min_bucket=min_bucket).predict(x[test])
        else:
            pred[test] = _logistic_predict(x[train], ys[train], x[test])
        hit = pred[test].astype(str) == ys[test]
        per_fold.append(float(hit.mean()) if hit.size else math.nan)
    predictions = tuple(str(v) for v in pred)
    correct = np.asarray(predictions) == ys
    return CrossValidationResult(
        float(correct.mean()),
        tuple(per_fold),
        int(x.size),
        folds,
        method,
        seed,
        predictions,
        macro_f1(ys, predictions),
    )


@dataclass(frozen=True)
class ClassifierChoice:
    """The better of OneR and logistic regression by cross-validated accuracy (Reimers et
    al. 2016 §3.1, task 1): ``chosen`` is one of ``candidates``, which share their folds.

    Attributes
    ----------
    chosen : CrossValidationResult
    candidates : tuple of CrossValidationResult
        OneR's and logistic regression's.

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> x = [0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1]
    >>> y = ["lo"] * 4 + ["hi"] * 4
    >>> choice = select_classifier(x, y, folds=2, min_bucket=2)
    >>> sorted(choice.as_dict())
    ['accuracy', 'accuracy_logistic', 'accuracy_oner', 'f1_macro', 'method']
    """

    chosen: CrossValidationResult
    candidates: tuple[CrossValidationResult, ...]

    @property
    def method(self) -> str:
        return self.chosen.method

    @property
    def accuracy(self) -> float:
        return self.chosen.accuracy

    def as_dict(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "accuracy": self.accuracy,
            "f1_macro": self.chosen.f1_macro,
            **{f"accuracy_{c.method}": c.accuracy for c in self.candidates},
        }


def _checked(
    scores: ArrayLike, labels: Sequence[Any] | NDArray[Any]
) -> tuple[NDArray[np.float64], NDArray[Any]]:
    x = as_float_array(scores, "scores")
    y = np.asarray(labels, dtype=object)
    if y.shape != x.shape:
        raise InputError(f"`scores` and `labels` must have the same length; got {x.size}, {y.size}")
    return x, y


def select_classifier(
    scores: ArrayLike,
    labels: Sequence[Any] | NDArray[Any],
    *,
    folds: int = 10,
    seed: int | None = 0,
    min_bucket: int = 6,
) -> ClassifierChoice:
    """Cross-validate OneR and logistic regression on the same :func:`stratified_folds`
    and keep the one with the higher pooled accuracy; a tie keeps OneR (Reimers et al.
    2016 §3.1: "Both have been evaluated using 10-fold cross-validation and the classifier
    with the better result was chosen").

    The choice is not nested: the accuracy reported is the maximum of the two
    cross-validated accuracies, so it is optimistic by the choice, as the paper's is.
    Needs scikit-learn (``pip install 'simeval[sklearn]'``).

    Parameters
    ----------
    scores : array_like
        One similarity score per item.
    labels : sequence
        One class per item.
    folds : int, default 10
    seed : int, optional, default 0
    min_bucket : int, default 6
        As :func:`~simeval.meta.extrinsic.oner.oner_fit`.

    Returns
    -------
    ClassifierChoice

    References
    ----------
    Reimers, N., Beyer, P. & Gurevych, I. (2016). Task-oriented intrinsic evaluation of
    semantic textual similarity. *Proceedings of COLING 2016*, 87–96.

    Examples
    --------
    >>> x = [0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1]
    >>> select_classifier(x, ["lo"] * 4 + ["hi"] * 4, folds=2, min_bucket=2).method
    'oner'
    """
    x, y = _checked(scores, labels)
    fold_of = stratified_folds(y, folds, seed)
    results = tuple(
        _cross_validate(x, y, fold_of, int(folds), m, seed, min_bucket)
        for m in ("oner", "logistic")
    )
    best = max(results, key=lambda r: r.accuracy)  # max keeps the first on a tie: OneR
    return ClassifierChoice(best, results)


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
    with :func:`stratified_folds` (Reimers et al. 2016 §3.1: OneR with optimized buckets or
    logistic regression, 10 folds; ``method="best"`` the better of the two, as
    :func:`select_classifier`).

    ``method="logistic"`` and ``"best"`` need scikit-learn (``pip install 'simeval[sklearn]'``).

    Parameters
    ----------
    scores, labels, folds, seed, min_bucket
        As :func:`select_classifier` (``seed`` defaults to None here).
    method : {"oner", "logistic", "best"}, default "oner"

    Returns
    -------
    CrossValidationResult

    Examples
    --------
    >>> res = cross_validated_accuracy([0.1, 0.2, 0.3, 0.4, 0.8, 0.9, 1.0, 1.1],
    ...                                ["lo"] * 4 + ["hi"] * 4, folds=2, seed=0, min_bucket=2)
    >>> res.accuracy
    1.0
    """
    x, y = _checked(scores, labels)
    if method not in ("oner", "logistic", "best"):
        raise InputError(f"method must be 'oner', 'logistic' or 'best'; got {method!r}")
    if method == "best":
        return select_classifier(x, y, folds=folds, seed=seed, min_bucket=min_bucket).chosen
    fold_of = stratified_folds(y, folds, seed)
    return _cross_validate(x, y, fold_of, int(folds), method, seed, min_bucket)


def majority_baseline(labels: Sequence[Any]) -> float:
    """The accuracy of always answering the most frequent label: what a classifier on a
    similarity score must beat.

    Parameters
    ----------
    labels : sequence

    Returns
    -------
    float

    Examples
    --------
    >>> majority_baseline(["yes", "no", "yes", "yes"])
    0.75
    """
    if len(labels) == 0:
        raise InputError("no labels: the majority baseline needs at least one")
    _, counts = np.unique(np.asarray([str(v) for v in labels]), return_counts=True)
    return float(counts.max() / counts.sum())
