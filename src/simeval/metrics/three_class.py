"""The unqualified "Accuracy" and "F1" of Reimers, Beyer & Gurevych (2016), Table 1.

The paper's §2 defines accuracy and F1 on bins of the STS scale with borders at 1.5 and
3.5 ("check whether the human judgments and the computed STS scores fall in the same
bin"), and names the low and high sides Accuracy_low, Accuracy_high, F1_low and F1_high.
Table 1 ranks the SemEval-2012 runs by an "Accuracy" and an "F1" without a side. simeval
reads them as the three-class measures over the same bins, which is what "fall in the same
bin" says:

- every pair is *low* (score below the low border), *high* (above the high border) or
  *mid* (in between, borders included), for gold and system alike, the very decisions of
  :func:`simeval.accuracy_low` and :func:`simeval.accuracy_high`;
- ``accuracy3`` = the share of pairs whose gold and system bins agree;
- ``f1_macro3`` = the unweighted mean of the three classes' F1 (scikit-learn's
  ``f1_score(average="macro")``), over the classes present in gold or system.

This is simeval's reading; the paper gives no formula for the unqualified forms. Borders
and scales are those of :class:`~simeval.Options` (30 % / 70 % of the gold scale, 1.5 /
3.5 on 0–5); system scores are mapped onto the gold scale with ``system_scale``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import paired_scores
from ..errors import InputError
from ..options import Options
from ..results import MetricResult
from ._sorted import SortedScores
from .base import Metric, public_function
from .context import Context
from .threshold import class_codes
from .weighted import Chunk, Resampled, Sample

__all__ = [
    "ACCURACY3",
    "BIN_CLASSES",
    "F1_MACRO3",
    "accuracy3",
    "bin_classes",
    "f1_macro3",
    "macro_f1",
]

#: The three classes, in order of the scale.
BIN_CLASSES = ("low", "mid", "high")
_SOURCE = "Reimers, Beyer & Gurevych 2016, §2 and Table 1 (three-class reading: simeval)"
_READS = frozenset({"low_border", "high_border", "system_scale"})


def macro_f1(truth: Sequence[Any] | NDArray[Any], predicted: Sequence[Any] | NDArray[Any]) -> float:
    r"""Macro-averaged F1 over the classes that occur in ``truth`` or ``predicted``:

    .. math:: F_1^{macro} = \frac{1}{|C|} \sum_{c \in C} \frac{2\,TP_c}{|\{t = c\}| +
              |\{p = c\}|}

    (scikit-learn's ``f1_score(average="macro")``; a class predicted but never true
    scores 0). Labels are compared as text.

    Parameters
    ----------
    truth, predicted : sequence
        One label per item, the same length.

    Returns
    -------
    float

    Examples
    --------
    >>> macro_f1(["a", "a", "b", "c"], ["a", "b", "b", "b"])  # F1: a 2/3, b 2/4, c 0
    0.38888888888888884
    """
    t = np.asarray(truth, dtype=object).astype(str)
    p = np.asarray(predicted, dtype=object).astype(str)
    if t.shape != p.shape or t.size == 0:
        raise InputError(
            f"`truth` and `predicted` must have the same, nonzero length; got {t.size}, {p.size}"
        )
    classes = np.union1d(t, p)
    is_t = t[None, :] == classes[:, None]
    is_p = p[None, :] == classes[:, None]
    tp = (is_t & is_p).sum(axis=1)
    return float(np.mean(2.0 * tp / (is_t.sum(axis=1) + is_p.sum(axis=1))))


def _codes(c: Context) -> tuple[NDArray[np.int8], NDArray[np.int8]]:
    """Class codes 0 low, 1 mid, 2 high of (gold, system on the gold scale)."""
    borders = c.options.borders
    return class_codes(c.gold.values, borders), class_codes(c.system_mapped, borders)


def _accuracy(c: Context) -> MetricResult:
    truth, pred = c.shared(_codes)
    if truth.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult(float((truth == pred).mean()), truth.size)


def _f1_macro(c: Context) -> MetricResult:
    truth, pred = c.shared(_codes)
    if truth.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult(macro_f1(truth, pred), truth.size)


def _class_features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    """Per pair and class (low, mid, high): the gold's class (n, 3), and every system's
    class and its agreement with gold (n, k per class)."""
    borders = sample.options.borders
    truth = class_codes(sample.gold, borders)
    pred = class_codes(sample.on_gold_scale, borders).T
    out = {"classes.gold": (truth[:, None] == np.arange(3)).astype(np.float64)}
    for c in range(3):
        out[f"classes.{c}.system"] = (pred == c).astype(np.float64)
        out[f"classes.{c}.both"] = ((pred == c) & (truth[:, None] == c)).astype(np.float64)
    return out


def _accuracy_resampled(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
    both = sum(chunk.sums[f"classes.{c}.both"] for c in range(3))
    return both / chunk.N[:, None]


def _f1_resampled(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
    """The mean over the classes drawn in gold or system of 2·tp / (t + p)."""
    L = chunk.sums
    f1s, present = [], []
    for c in range(3):
        t, p = L["classes.gold"][:, c : c + 1], L[f"classes.{c}.system"]
        with np.errstate(invalid="ignore", divide="ignore"):
            f1s.append(np.where(t + p > 0, 2.0 * L[f"classes.{c}.both"] / (t + p), 0.0))
        present.append(t + p > 0)
    return np.sum(f1s, axis=0) / np.sum(present, axis=0)


ACCURACY3 = Metric(
    name="accuracy3",
    compute=_accuracy,
    higher_is_better=True,
    bounds=(0, 1),
    source=_SOURCE,
    description="share of pairs whose gold and system fall in the same bin (low / mid / high)",
    family="threshold",
    reads=_READS,
    gold_scale=True,
    resampled=Resampled(features=_class_features, values=_accuracy_resampled),
)
F1_MACRO3 = Metric(
    name="f1_macro3",
    compute=_f1_macro,
    higher_is_better=True,
    bounds=(0, 1),
    source=_SOURCE,
    description="macro-averaged F1 of the three bins (low / mid / high)",
    family="threshold",
    reads=_READS,
    gold_scale=True,
    resampled=Resampled(features=_class_features, values=_f1_resampled),
)


def bin_classes(
    gold: ArrayLike, system: ArrayLike, *, options: Options | None = None, **option_fields: Any
) -> tuple[list[str], list[str]]:
    """The bin (``low``, ``mid``, ``high``) of every pair, for gold and for system; the
    options (or their fields as keywords) as for :func:`accuracy3`.

    Parameters
    ----------
    gold, system : array_like
        The scores.
    options : Options, optional
        The borders and scales; ``option_fields`` override them.
    **option_fields
        Fields of :class:`~simeval.Options`.

    Returns
    -------
    gold_bins, system_bins : list of str
        ``low``, ``mid`` or ``high`` for each pair.

    Examples
    --------
    The borders are 1.5 and 3.5 on 0–5 (low below 1.5, high above 3.5):

    >>> bin_classes([0, 2, 4, 5], [1, 4, 3.5, 5], scale=(0, 5))
    (['low', 'mid', 'high', 'high'], ['low', 'high', 'mid', 'high'])
    """
    opts = Options.of(options, **option_fields)
    g, s = paired_scores(gold, system, nan_policy=opts.nan_policy)
    truth, pred = _codes(Context(SortedScores(g), SortedScores(s), opts))
    return [BIN_CLASSES[i] for i in truth], [BIN_CLASSES[i] for i in pred]


accuracy3 = public_function(
    ACCURACY3,
    r"""Three-class bin accuracy, :math:`\frac1n\sum_i [\mathrm{bin}(g_i) = \mathrm{bin}(s_i)]`
    (the unqualified "Accuracy" of Reimers et al. 2016, Table 1, as simeval reads it).

    >>> accuracy3([0, 2, 4, 5], [1, 4, 3.5, 5], scale=(0, 5)).statistic
    0.5
    """,
)
f1_macro3 = public_function(
    F1_MACRO3,
    r"""Macro-F1 over the three bins, :math:`\frac{1}{|C|}\sum_c 2TP_c/(|g{=}c| + |s{=}c|)`
    (the unqualified "F1" of Reimers et al. 2016, Table 1, as simeval reads it).

    >>> round(f1_macro3([0, 2, 4, 5], [1, 4, 3.5, 5], scale=(0, 5)).statistic, 4)
    0.5
    """,
)
