"""Holte's (1993) OneR rule with optimized buckets on one numeric attribute: the
classifier Reimers et al. (2016, §3.1) train on one similarity score per item."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..._validate import as_float_array, check_int
from ...errors import InputError

__all__ = ["OneRModel", "oner_fit"]


@dataclass(frozen=True)
class OneRModel:
    """A OneR rule on one numeric attribute: ``classes[b]`` for scores in bucket b, where
    bucket b is ``thresholds[b-1] < x ≤ thresholds[b]`` (open at both ends).

    Attributes
    ----------
    thresholds : tuple of float
        The bucket boundaries, increasing.
    classes : tuple
        The class of each bucket (one more than the thresholds).

    References
    ----------
    Holte, R. C. (1993). Very simple classification rules perform well on most commonly
    used datasets. *Machine Learning* 11(1), 63–90.

    Examples
    --------
    >>> rule = OneRModel((0.5,), ("lo", "hi"))
    >>> rule.predict([0.2, 0.5, 0.7]).tolist()
    ['lo', 'lo', 'hi']
    """

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

    Parameters
    ----------
    scores : array_like
        One number per item.
    labels : sequence
        One class per item.
    min_bucket : int, default 6
        The least members of a bucket's majority class.

    Returns
    -------
    OneRModel

    References
    ----------
    Holte, R. C. (1993). Very simple classification rules perform well on most commonly
    used datasets. *Machine Learning* 11(1), 63–90.

    Examples
    --------
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
