"""Percentage errors: MAPE and its symmetric form sMAPE (Atoum 2019 reports MAPE beside
Pearson's r). Both compare each system score with its gold score on the gold scale, so
the system is mapped onto the gold scale first (``system_scale``).

Scores of any finite magnitude give the exact value: both sides are divided by the same
power of two (exact) before the differences and sums are formed, so ±1e308 never
overflows (``mape([1e308, 1], [-1e308, 1])`` is 100).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ..results import MetricResult
from .base import Metric, public_function
from .context import Context
from .weighted import Chunk, Resampled, Sample
from .weighted.moments import magnitude_factor

__all__ = ["MAPE", "SMAPE", "mape", "smape"]

_READS = frozenset({"system_scale"})


def _mape_terms(g: NDArray[np.float64], s: NDArray[np.float64]) -> NDArray[np.float64]:
    """``|g − s| / |g|`` per pair (0 where g = 0: those pairs make MAPE undefined)."""
    f = magnitude_factor(g, s) if g.size else 1.0
    gf, sf = g / f, s / f
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        return np.where(gf != 0, np.abs(gf - sf) / np.abs(gf), 0.0)


def _smape_terms(g: NDArray[np.float64], s: NDArray[np.float64]) -> NDArray[np.float64]:
    """``2|g − s| / (|g| + |s|)`` per pair; 0 where both are 0."""
    f = magnitude_factor(g, s) if g.size else 1.0
    gf, sf = g / f, s / f
    denom = np.abs(gf) + np.abs(sf)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        return np.where(denom > 0, 2.0 * np.abs(gf - sf) / denom, 0.0)


def _zero_reason(zero: int) -> str:
    return (
        f"undefined: {zero} gold score(s) are 0, and MAPE divides by the gold score "
        "(STS has many; use smape)"
    )


def _mape(c: Context) -> MetricResult:
    g, s = c.gold.values, c.system_mapped
    if g.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    zero = int(np.count_nonzero(g == 0))
    if zero:
        return MetricResult(math.nan, g.size, _zero_reason(zero))
    return MetricResult(float(100.0 * _mape_terms(g, s).mean()), g.size)


def _smape(c: Context) -> MetricResult:
    g, s = c.gold.values, c.system_mapped
    if g.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    return MetricResult(float(100.0 * _smape_terms(g, s).mean()), g.size)


def _features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    g, S = sample.gold, sample.on_gold_scale
    return {
        "percentage.zero_gold": (g == 0).astype(np.float64)[:, None],
        "percentage.mape": np.stack([_mape_terms(g, s) for s in S], axis=1),
        "percentage.smape": np.stack([_smape_terms(g, s) for s in S], axis=1),
    }


def _mape_resampled(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
    L = chunk.sums
    value = 100.0 * L["percentage.mape"] / chunk.N[:, None]
    return np.where(L["percentage.zero_gold"] > 0, np.nan, value)  # a drawn gold score is 0


def _smape_resampled(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
    return 100.0 * chunk.sums["percentage.smape"] / chunk.N[:, None]


MAPE = Metric(
    name="mape",
    compute=_mape,
    higher_is_better=False,
    bounds=(0, math.inf),
    source="Atoum 2019, §2.2",
    description="mean absolute percentage error, 100/n Σ|g − s|/|g|",
    family="error",
    reads=_READS,
    gold_scale=True,
    resampled=Resampled(features=_features, values=_mape_resampled),
)
SMAPE = Metric(
    name="smape",
    compute=_smape,
    higher_is_better=False,
    bounds=(0, 200),
    source="Makridakis 1993; Atoum 2019, §2.2",
    description="symmetric MAPE, 100/n Σ 2|g − s|/(|g| + |s|)",
    family="error",
    reads=_READS,
    gold_scale=True,
    resampled=Resampled(features=_features, values=_smape_resampled),
)

mape = public_function(
    MAPE,
    r"""Mean absolute percentage error, :math:`\frac{100}{n}\sum_j |g_j - s_j|/|g_j|`.

    Lower is better. Undefined (NaN, with the reason) when a gold score is 0. The system
    is mapped onto the gold scale first when ``system_scale`` is given.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options` (or its fields as keywords); this measure
        reads ``scale``, ``system_scale`` and ``nan_policy``.

    Returns
    -------
    MetricResult
        ``statistic`` in percent, ``n`` and ``reason``.

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures, §2.2.

    Examples
    --------
    >>> mape([1.0, 2.0, 4.0], [1.5, 2.0, 3.0]).statistic  # (50 + 0 + 25) / 3
    25.0
    """,
)
smape = public_function(
    SMAPE,
    r"""Symmetric MAPE, :math:`\frac{100}{n}\sum_j 2|g_j - s_j|/(|g_j| + |s_j|)`, in [0, 200].

    A pair where both scores are 0 adds 0. Lower is better.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options` (or its fields as keywords); this measure
        reads ``scale``, ``system_scale`` and ``nan_policy``.

    Returns
    -------
    MetricResult
        ``statistic`` in percent, ``n`` and ``reason``.

    References
    ----------
    Makridakis, S. (1993). Accuracy measures: theoretical and practical concerns.
    International Journal of Forecasting 9(4).

    Examples
    --------
    >>> round(smape([0.0, 2.0, 4.0], [0.0, 1.0, 4.0]).statistic, 6)  # (0 + 200/3 + 0) / 3
    22.222222
    """,
)
