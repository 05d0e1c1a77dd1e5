"""Bin measures of Reimers et al. (2016, §2): accuracy and F1 for low and high similarity,
and the two ways the paper combines measures, ``hmean`` and ``macro_avg``.

A pair is *low* when its score is below the low border and *high* when above the high
border; the paper's borders are 1.5 and 3.5 on the STS 0–5 scale, which simeval carries to
any scale as 30 % and 70 % of it (:class:`~simeval.Options`). System scores must be on the
gold scale: pass ``system_scale`` and ``scale`` to map them linearly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import InputTypeError, param
from ..results import MetricResult
from .base import Metric, public_function
from .context import Context
from .weighted import Chunk, Resampled, Sample

__all__ = [
    "THRESHOLD_METRICS",
    "accuracy_high",
    "accuracy_low",
    "f1_high",
    "f1_low",
    "harmonic_mean",
    "hmean",
    "macro_avg",
]


def in_class(x: NDArray[np.float64], borders: tuple[float, float], high: bool) -> NDArray[np.bool_]:
    """The border rule of Reimers, Beyer & Gurevych (2016, §2), the one every low/high and
    three-class measure applies to gold and system alike: a score is *low* when below the
    low border and *high* when above the high border (a score on a border is *mid*).

    Examples
    --------
    >>> in_class(np.array([1.0, 1.5, 2.0, 3.5, 4.0]), (1.5, 3.5), high=False).tolist()
    [True, False, False, False, False]
    >>> in_class(np.array([1.0, 1.5, 2.0, 3.5, 4.0]), (1.5, 3.5), high=True).tolist()
    [False, False, False, False, True]
    """
    low, high_border = borders
    return x > high_border if high else x < low


def class_codes(x: NDArray[np.float64], borders: tuple[float, float]) -> NDArray[np.int8]:
    """Class codes 0 low, 1 mid, 2 high of the scores (:func:`in_class`), any shape.

    Examples
    --------
    >>> class_codes(np.array([1.0, 1.5, 2.0, 3.5, 4.0]), (1.5, 3.5)).tolist()
    [0, 1, 1, 1, 2]
    """
    codes = np.ones(x.shape, dtype=np.int8)
    codes[in_class(x, borders, high=False)] = 0
    codes[in_class(x, borders, high=True)] = 2
    return codes


def _f1(truth: int, pred: int, both: int, n: int, cls: str) -> MetricResult:
    """F1 from the counts: ``2 · both / (truth + pred)``."""
    if truth + pred == 0:
        why = f"undefined: no pair is {cls} in gold or system (F1 = 0/0)"
        return MetricResult(math.nan, n, why)
    return MetricResult(2.0 * both / (truth + pred), n)


def _accuracy(truth: int, pred: int, both: int, n: int) -> MetricResult:
    """Accuracy from the counts: the pairs where the decisions agree, ``n − truth − pred
    + 2 · both``, over n."""
    if n == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult((n - truth - pred + 2 * both) / n, n)


#: :func:`decision_counts` decides this many pairs at a time.
DECISION_CHUNK = 1 << 20


def decisions(c: Context, high: bool) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """(truth, prediction) of the low or high class (:func:`in_class`), the system mapped
    onto the gold scale."""
    borders = c.options.borders
    return in_class(c.gold.values, borders, high), in_class(c.system_mapped, borders, high)


def decision_counts(c: Context, high: bool) -> tuple[int, int, int, int]:
    """``(pairs, true in gold, predicted, both)`` of the low or high class (as
    :func:`decisions`): from the pairs' contingency table when both sides lie on a grid,
    else with the gold decisions read from the gold codes when the gold scores lie on a
    grid (one byte per pair) and the number of true ones counted once per gold vector."""
    borders = c.options.borders
    table = c.system.joint(c.gold) if c.system_mapped is c.system.values else None
    if table is not None:
        truth = in_class(table.gold, borders, high)
        return (table.n, *table.decisions(truth, in_class(table.system, borders, high)))
    s = c.system_mapped
    grid = c.gold.grid
    n_truth = n_pred = both = 0
    if grid is not None:  # the levels ascend: the true ones are the codes from or below one
        true_levels = in_class(grid.levels, borders, high)  # a suffix (high) or a prefix
        n_true = int(np.count_nonzero(true_levels))
        cut = true_levels.size - n_true if high else n_true
        n_truth = int(grid.counts[true_levels].sum())
    for a in range(0, s.size, DECISION_CHUNK):  # no n-long masks
        b = a + DECISION_CHUNK
        p = in_class(s[a:b], borders, high)
        n_pred += int(np.count_nonzero(p))
        if grid is not None:
            p &= grid.codes[a:b] >= cut if high else grid.codes[a:b] < cut
        else:
            truth = in_class(c.gold.values[a:b], borders, high)
            p &= truth
            n_truth += int(np.count_nonzero(truth))
        both += int(np.count_nonzero(p))
    return s.size, n_truth, n_pred, both


_SOURCE = "Reimers, Beyer & Gurevych 2016, §2"
_READS = frozenset({"low_border", "high_border", "system_scale"})


def _threshold_features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    """Per pair: the gold's low and high decisions (n, 2), and for every system its own
    decisions and the agreements with gold (n, k each)."""
    g, S = sample.gold, sample.on_gold_scale
    borders = sample.options.borders
    truths = [in_class(g, borders, high) for high in (False, True)]
    out = {"threshold.gold": np.stack(truths, axis=1).astype(np.float64)}
    for cls, truth in zip(("low", "high"), truths):
        pred = in_class(S, borders, high=cls == "high")
        out[f"threshold.{cls}.system"] = pred.T.astype(np.float64)
        out[f"threshold.{cls}.both"] = (pred & truth).T.astype(np.float64)
    return out


def _from_sums(high: bool, is_f1: bool) -> Callable[[Sample, Chunk], NDArray[np.float64]]:
    """Accuracy or F1 of one class from the summed decisions: with t the drawn pairs true
    in gold, p those predicted and tp both, accuracy = 1 − (t + p − 2tp)/N and F1 =
    2tp/(t + p) (NaN when t + p = 0)."""
    cls = "high" if high else "low"

    def values(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
        L = chunk.sums
        truth = L["threshold.gold"][:, 1 if high else 0][:, None]
        pred, both = L[f"threshold.{cls}.system"], L[f"threshold.{cls}.both"]
        if not is_f1:
            return 1.0 - (truth + pred - 2.0 * both) / chunk.N[:, None]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(truth + pred > 0, 2.0 * both / (truth + pred), np.nan)

    return values


def _definition(high: bool, is_f1: bool) -> Metric:
    cls = "high" if high else "low"

    def compute(c: Context) -> MetricResult:
        n, truth, pred, both = decision_counts(c, high)
        return _f1(truth, pred, both, n, cls) if is_f1 else _accuracy(truth, pred, both, n)

    what = (
        f"F1 of the {cls}-similarity class"
        if is_f1
        else f"accuracy of the {cls}-similarity decision"
    )
    return Metric(
        name=("f1_" if is_f1 else "accuracy_") + cls,
        compute=compute,
        higher_is_better=True,
        bounds=(0, 1),
        source=_SOURCE,
        description=what,
        family="threshold",
        reads=_READS,
        gold_scale=True,
        resampled=Resampled(features=_threshold_features, values=_from_sums(high, is_f1)),
    )


ACCURACY_LOW = _definition(high=False, is_f1=False)
ACCURACY_HIGH = _definition(high=True, is_f1=False)
F1_LOW = _definition(high=False, is_f1=True)
F1_HIGH = _definition(high=True, is_f1=True)
#: The definitions of this module, in registry order.
THRESHOLD_METRICS = (ACCURACY_LOW, ACCURACY_HIGH, F1_LOW, F1_HIGH)


accuracy_low = public_function(
    ACCURACY_LOW,
    """Accuracy_low = mean([g < border] == [s < border]) (Reimers et al. 2016, §2).

    ``border`` defaults to 30 % of the gold scale (1.5 on 0–5): the declared ``scale``, else
    the observed range of the gold scores. Keywords override the fields of ``options``.

    >>> accuracy_low([0, 1, 2, 4], [0, 2, 2, 4], scale=(0, 5)).statistic
    0.75
    """,
    aliases={"border": "low_border"},
)
accuracy_high = public_function(
    ACCURACY_HIGH,
    """Accuracy_high = mean([g > border] == [s > border]) (Reimers et al. 2016, §2).

    ``border`` defaults to 70 % of the gold scale (3.5 on 0–5).

    >>> accuracy_high([0, 1, 4, 5], [0, 4, 3, 5], scale=(0, 5)).statistic
    0.5
    """,
    aliases={"border": "high_border"},
)
f1_low = public_function(
    F1_LOW,
    r"""F1 of the class *low*: truth ``g < border``, prediction ``s < border`` (Reimers et al.
    2016, §2).

    :math:`F_1 = 2TP / (2TP + FP + FN)`; undefined (NaN) when no pair is low in gold or
    system, like scikit-learn's ``zero_division`` case. ``border`` defaults to 30 % of the
    gold scale (1.5 on 0–5).

    >>> round(f1_low([0, 1, 2, 4], [0, 2, 2, 4], scale=(0, 5)).statistic, 6)  # TP 1, FN 1
    0.666667
    """,
    aliases={"border": "low_border"},
)
f1_high = public_function(
    F1_HIGH,
    r"""F1 of the class *high*: truth ``g > border``, prediction ``s > border`` (Reimers et
    al. 2016, §2). ``border`` defaults to 70 % of the gold scale (3.5 on 0–5).

    >>> round(f1_high([0, 1, 4, 5], [0, 4, 3, 5], scale=(0, 5)).statistic, 6)  # TP 1, FP 1, FN 1
    0.5
    """,
    aliases={"border": "high_border"},
)


def harmonic_mean(parts: ArrayLike) -> NDArray[np.float64]:
    """Harmonic mean over axis 0, ``m / Σ_i 1/x_i`` (``2ab/(a + b)`` for two parts).

    Reimers et al. (2016) define hmean for positive measures only; what happens at or below
    0 is simeval's choice, not the paper's: the result is 0 when any part is ≤ 0 (a
    correlation of −0.2 combined with F1 0.9 is as bad as it gets), and NaN when any part
    is NaN. Vectorized over the remaining axes (one value per bootstrap resample, say);
    every ``hmean`` of simeval goes through it.

    Parameters
    ----------
    parts : array_like
        The measures along axis 0.

    Returns
    -------
    numpy.ndarray
        ``parts`` without axis 0.

    Examples
    --------
    >>> harmonic_mean([[0.5, 0.5, 0.2], [1.0, -0.1, float("nan")]]).tolist()
    [0.6666666666666666, 0.0, nan]
    """
    x = np.asarray(parts, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where((x > 0).all(axis=0), x.shape[0] / (1.0 / x).sum(axis=0), 0.0)
    return np.where(np.isnan(x).any(axis=0), np.nan, out)


def hmean(a: float, b: float) -> float:
    """Harmonic mean ``2ab/(a + b)`` of two measures (Reimers, Beyer & Gurevych 2016, §2);
    0 when a ≤ 0 or b ≤ 0 (simeval's rule), NaN when either is NaN.

    Parameters
    ----------
    a, b : float
        The two measures.

    Returns
    -------
    float

    Examples
    --------
    >>> hmean(0.5, 1.0), hmean(-0.2, 0.9)
    (0.6666666666666666, 0.0)
    """
    return float(harmonic_mean([_measure(a, "a"), _measure(b, "b")]))


def macro_avg(a: float, b: float) -> float:
    """Unweighted macro average ``(a + b)/2`` (Reimers, Beyer & Gurevych 2016, §2).

    Parameters
    ----------
    a, b : float
        The two measures.

    Returns
    -------
    float

    Examples
    --------
    >>> macro_avg(0.5, 1.0)
    0.75
    """
    return (_measure(a, "a") + _measure(b, "b")) / 2.0


def _measure(value: object, name: str) -> float:
    """A measure's value as a float (NaN, an undefined one, goes through); text, None or
    a bool is an :class:`~simeval.errors.InputTypeError`."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InputTypeError(f"{param(name)} must be a measure's value (a number); got {value!r}")
    return float(value)
