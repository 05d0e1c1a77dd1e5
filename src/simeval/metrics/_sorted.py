"""One sort per score vector, shared by every rank-based metric.

:class:`SortedScores` computes the stable ``argsort`` of a vector once and derives
from it, on demand, the tie groups and the average ranks. ``evaluate`` builds one per
system and one for the gold scores, so Spearman, Kendall and nCG/nDCG never sort again.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np
from numpy.typing import NDArray

__all__ = ["SortedScores"]


class SortedScores:
    """A score vector and the facts about its order that metrics share."""

    def __init__(self, values: NDArray[np.float64]):
        self.values = values
        #: Free-form cache for derived arrays that several metrics share (bin subsets …).
        self.cache: dict[object, object] = {}

    @cached_property
    def order(self) -> NDArray[np.intp]:
        """Indices that sort ``values`` ascending. The order among tied values is arbitrary:
        every consumer works on whole tie groups, so it never matters (and numpy's default
        sort is several times faster than a stable one)."""
        return np.argsort(self.values)

    @cached_property
    def sorted(self) -> NDArray[np.float64]:
        return self.values[self.order]

    @cached_property
    def group_starts(self) -> NDArray[np.intp]:
        """Start positions (in sorted order) of each run of equal values."""
        s = self.sorted
        if s.size == 0:
            return np.zeros(0, dtype=np.intp)
        return np.flatnonzero(np.r_[True, s[1:] != s[:-1]])

    @cached_property
    def group_sizes(self) -> NDArray[np.intp]:
        return np.diff(np.r_[self.group_starts, self.values.size])

    @cached_property
    def dense_sorted(self) -> NDArray[np.intp]:
        """Dense rank (0, 1, 2, …) of each element in sorted order."""
        if self.values.size == 0:
            return np.zeros(0, dtype=np.intp)
        return np.repeat(np.arange(self.group_starts.size), self.group_sizes)

    @cached_property
    def dense(self) -> NDArray[np.intp]:
        """Dense rank of each element in input order."""
        out = np.empty(self.values.size, dtype=np.intp)
        out[self.order] = self.dense_sorted
        return out

    @cached_property
    def ranks(self) -> NDArray[np.float64]:
        """Average ranks (1-based; tied values get the mean of their positions)."""
        starts = self.group_starts
        avg = starts + (self.group_sizes + 1) / 2.0
        out = np.empty(self.values.size, dtype=np.float64)
        out[self.order] = np.repeat(avg, self.group_sizes)
        return out

    @cached_property
    def is_constant(self) -> bool:
        return self.values.size > 0 and self.group_starts.size == 1

    @cached_property
    def centered(self) -> tuple[NDArray[np.float64], float]:
        """``values − mean`` and its sum of squares (Pearson's gold-side terms)."""
        return _centered(self.values)

    @cached_property
    def centered_ranks(self) -> tuple[NDArray[np.float64], float]:
        """Average ranks minus their mean, and its sum of squares (Spearman's terms)."""
        return _centered(self.ranks)


def _centered(x: NDArray[np.float64]) -> tuple[NDArray[np.float64], float]:
    xm = x - x.mean() if x.size else x
    with np.errstate(over="ignore", under="ignore"):
        return xm, float(np.dot(xm, xm))
