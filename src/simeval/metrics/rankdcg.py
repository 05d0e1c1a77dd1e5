"""RankDCG (Katerenchuk & Rosenberg 2018), the rank-ordering measure Atoum (2019, §2.2)
uses beside nDCG.

Gold values get *relative ranks*: the D distinct values, highest first, are D, D − 1, …, 1,
tied values sharing one. Position i of an ordering gets the discount ``1 + (number of
changes of gold value before i)`` in the ideal (descending) order. The score sums
relative rank / discount in the system's order (highest system score first; tied system
scores put the lowest gold first, as the authors' ``find_rankdcg`` does), and is min-max
normalised between the reversed and the ideal order, so it lies in [0, 1].
"""

from __future__ import annotations

import math

import numpy as np

from ..results import MetricResult
from .base import Metric, public_function
from .context import Context

__all__ = ["RANKDCG", "rankdcg"]


def _rankdcg(c: Context) -> MetricResult:
    n = c.n
    if n == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    dense = c.gold.dense  # 0 for the lowest distinct gold value … D − 1 (the shared sort)
    d = int(dense.max()) + 1
    if d == 1:
        return MetricResult(math.nan, n, "undefined: every gold score is the same")
    rel = dense.astype(np.float64) + 1.0  # relative ranks 1 … D
    rel_desc = c.gold.dense_sorted[::-1].astype(np.float64) + 1.0
    discount = d + 1.0 - rel_desc  # 1 at the top, +1 at each change of gold value
    best = float(np.sum(rel_desc / discount))
    worst = float(np.sum(rel_desc[::-1] / discount))
    # system order, highest first; tied system scores: the lowest gold first (pessimistic):
    # one sort of the integer key (system rank from the top, gold rank), from the shared
    # dense ranks of both sides
    top = c.system.dense.max() - c.system.dense
    order = np.argsort(top.astype(np.int64) * d + dense, kind="stable")
    got = float(np.sum(rel[order] / discount))
    return MetricResult(min(max((got - worst) / (best - worst), 0.0), 1.0), n)


RANKDCG = Metric(
    name="rankdcg",
    compute=_rankdcg,
    higher_is_better=True,
    bounds=(0, 1),
    source="Katerenchuk & Rosenberg 2018; Atoum 2019, §2.2",
    description="rank-ordering DCG of relative ranks, min-max normalised",
    family="ranking",
    ranks=True,
)

rankdcg = public_function(
    RANKDCG,
    r"""RankDCG of Katerenchuk & Rosenberg (2018):

    .. math:: \mathrm{RankDCG} = \frac{\sum_i \mathrm{rel}(\pi_i)/d_i - \min}{\max - \min}

    with :math:`\pi` the pairs in system order (highest first, ties lowest gold first),
    :math:`\mathrm{rel}` the relative rank of a gold value (D for the highest of the D
    distinct values … 1) and :math:`d_i` the discount of position i in the ideal order
    (1, rising by one at each change of gold value); max and min are the ideal and the
    reversed order. Undefined when every gold score is the same.

    >>> rankdcg([3, 2, 1], [0.9, 0.5, 0.1]).statistic, rankdcg([3, 2, 1], [0.1, 0.5, 0.9]).statistic
    (1.0, 0.0)
    """,
)
