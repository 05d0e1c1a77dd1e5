"""Bin measures of Reimers et al. (2016, §2): accuracy and F1 for low and high similarity,
and the two ways the paper combines measures, ``hmean`` and ``macro_avg``.

A pair is *low* when its score is below the low border and *high* when above the high
border; the paper's borders are 1.5 and 3.5 on the STS 0–5 scale. System scores must be
on the gold scale: pass ``system_scale`` and ``scale`` to map them linearly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import NanPolicy, paired_scores
from ..results import MetricResult, warn_if_undefined
from ._scales import map_linear

__all__ = [
    "DEFAULT_HIGH",
    "DEFAULT_LOW",
    "accuracy_high",
    "accuracy_low",
    "f1_high",
    "f1_low",
    "harmonic_mean",
    "hmean",
    "macro_avg",
]

DEFAULT_LOW = 1.5
DEFAULT_HIGH = 3.5


def _accuracy(truth: NDArray[np.bool_], pred: NDArray[np.bool_]) -> MetricResult:
    if truth.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult(float((truth == pred).mean()), truth.size)


def _f1(truth: NDArray[np.bool_], pred: NDArray[np.bool_], cls: str) -> MetricResult:
    tp = int(np.count_nonzero(truth & pred))
    denom = int(np.count_nonzero(truth)) + int(np.count_nonzero(pred))
    if denom == 0:
        return MetricResult(
            math.nan, truth.size, f"undefined: no pair is {cls} in gold or system (F1 = 0/0)"
        )
    return MetricResult(2.0 * tp / denom, truth.size)


def _pair(gold, system, nan_policy, scale, system_scale):
    g, s = paired_scores(gold, system, nan_policy=nan_policy)
    return g, map_linear(s, system_scale, scale)


def accuracy_low(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    border: float = DEFAULT_LOW,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    """Accuracy_low = mean([g < border] == [s < border]) (Reimers et al. 2016 §2).

    >>> accuracy_low([0, 1, 2, 4], [0, 2, 2, 4]).statistic
    0.75
    """
    g, s = _pair(gold, system, nan_policy, scale, system_scale)
    return _accuracy(g < border, s < border)


def accuracy_high(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    border: float = DEFAULT_HIGH,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    """Accuracy_high = mean([g > border] == [s > border]) (Reimers et al. 2016 §2).

    >>> accuracy_high([0, 1, 4, 5], [0, 4, 3, 5]).statistic
    0.5
    """
    g, s = _pair(gold, system, nan_policy, scale, system_scale)
    return _accuracy(g > border, s > border)


def f1_low(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    border: float = DEFAULT_LOW,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    r"""F1 of the class *low*: truth ``g < border``, prediction ``s < border`` (Reimers et al. 2016
    §2).

    :math:`F_1 = 2TP / (2TP + FP + FN)`; undefined (NaN) when no pair is low in gold or
    system, like scikit-learn's ``zero_division`` case.

    >>> round(f1_low([0, 1, 2, 4], [0, 2, 2, 4]).statistic, 6)  # TP 1, FN 1, FP 0
    0.666667
    """
    g, s = _pair(gold, system, nan_policy, scale, system_scale)
    return warn_if_undefined(_f1(g < border, s < border, "low"))


def f1_high(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    border: float = DEFAULT_HIGH,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    r"""F1 of the class *high*: truth ``g > border``, prediction ``s > border`` (Reimers et al.
    2016 §2).

    >>> round(f1_high([0, 1, 4, 5], [0, 4, 3, 5]).statistic, 6)  # TP 1, FP 1, FN 1
    0.5
    """
    g, s = _pair(gold, system, nan_policy, scale, system_scale)
    return warn_if_undefined(_f1(g > border, s > border, "high"))


def harmonic_mean(parts: ArrayLike) -> NDArray[np.float64]:
    """Harmonic mean over axis 0, ``m / Σ_i 1/x_i`` (``2ab/(a + b)`` for two parts), with
    simeval's rule (the paper does not say): 0 when any part is ≤ 0; NaN when any part is NaN. Vectorized over
    the
    remaining axes (one value per bootstrap resample, say); every ``hmean`` of simeval
    goes through it.

    >>> harmonic_mean([[0.5, 0.5, 0.2], [1.0, -0.1, float("nan")]]).tolist()
    [0.6666666666666666, 0.0, nan]
    """
    x = np.asarray(parts, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where((x > 0).all(axis=0), x.shape[0] / (1.0 / x).sum(axis=0), 0.0)
    return np.where(np.isnan(x).any(axis=0), np.nan, out)


def hmean(a: float, b: float) -> float:
    """Harmonic mean ``2ab/(a + b)`` of two measures (Reimers et al. 2016 §2); 0 when a ≤ 0 or b ≤
    0,
    NaN when either is NaN.

    >>> hmean(0.5, 1.0), hmean(-0.2, 0.9)
    (0.6666666666666666, 0.0)
    """
    return float(harmonic_mean([float(a), float(b)]))


def macro_avg(a: float, b: float) -> float:
    """Unweighted macro average ``(a + b)/2`` (Reimers et al. 2016 §2).

    >>> macro_avg(0.5, 1.0)
    0.75
    """
    return (float(a) + float(b)) / 2.0
