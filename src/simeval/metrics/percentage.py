"""Percentage errors: MAPE and its symmetric form sMAPE (Atoum 2019 reports MAPE beside
Pearson's r). Both compare each system score with its gold score on the gold scale."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike

from ..options import NanPolicy, Options
from ..results import MetricResult
from .base import Context, Metric, score

__all__ = ["MAPE", "SMAPE", "mape", "smape"]

_READS = frozenset({"system_scale"})


def _mape(c: Context) -> MetricResult:
    g, s = c.gold.values, c.system_mapped
    if g.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    zero = int(np.count_nonzero(g == 0))
    if zero:
        return MetricResult(
            math.nan,
            g.size,
            f"undefined: {zero} gold score(s) are 0, and MAPE divides by the gold score "
            "(STS has many; use smape)",
        )
    with np.errstate(over="ignore"):
        value = float(100.0 * np.mean(np.abs(g - s) / np.abs(g)))
    return MetricResult(value, g.size)


def _smape(c: Context) -> MetricResult:
    g, s = c.gold.values, c.system_mapped
    if g.size == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    denom = np.abs(g) + np.abs(s)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        terms = np.where(denom > 0, 2.0 * np.abs(g - s) / denom, 0.0)  # 0/0: both are 0
    return MetricResult(float(100.0 * terms.mean()), g.size)


MAPE = Metric(
    "mape", _mape, False, (0, math.inf), "Atoum 2019, §2.2",
    "mean absolute percentage error, 100/n Σ|g − s|/|g|", "error", reads=_READS,
)  # fmt: skip
SMAPE = Metric(
    "smape", _smape, False, (0, 200), "Makridakis 1993; Atoum 2019, §2.2",
    "symmetric MAPE, 100/n Σ 2|g − s|/(|g| + |s|)", "error", reads=_READS,
)  # fmt: skip


def mape(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy | None = None,
    options: Options | None = None,
) -> MetricResult:
    r"""Mean absolute percentage error, :math:`\frac{100}{n}\sum_j |g_j - s_j|/|g_j|`.
    Lower is better. Undefined (NaN, with the reason) when a gold score is 0. The system
    is mapped onto the gold scale first when ``system_scale`` is given.

    >>> mape([1.0, 2.0, 4.0], [1.5, 2.0, 3.0]).statistic  # (50 + 0 + 25) / 3
    25.0
    """
    changes = dict(scale=scale, system_scale=system_scale, nan_policy=nan_policy)
    return score(MAPE, gold, system, Options.of(options, **changes))


def smape(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    scale: Sequence[float] | None = None,
    system_scale: Sequence[float] | None = None,
    nan_policy: NanPolicy | None = None,
    options: Options | None = None,
) -> MetricResult:
    r"""Symmetric MAPE, :math:`\frac{100}{n}\sum_j 2|g_j - s_j|/(|g_j| + |s_j|)`, in [0, 200];
    a pair where both scores are 0 adds 0. Lower is better.

    >>> round(smape([0.0, 2.0, 4.0], [0.0, 1.0, 4.0]).statistic, 6)  # (0 + 200/3 + 0) / 3
    22.222222
    """
    changes = dict(scale=scale, system_scale=system_scale, nan_policy=nan_policy)
    return score(SMAPE, gold, system, Options.of(options, **changes))
