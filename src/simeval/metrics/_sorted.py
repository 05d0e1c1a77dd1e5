"""One sort per score vector, shared by every rank-based metric.

:class:`SortedScores` computes the stable ``argsort`` of a vector once and derives
from it, on demand, the tie groups and the average ranks. ``evaluate`` builds one per
system and one for the gold scores, so Spearman, Kendall and nCG/nDCG never sort again.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from ._numeric import centered_values

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
    def _new_value(self) -> NDArray[np.bool_]:
        """``True`` at each sorted position whose value differs from the previous one."""
        # A temporary gather unless the sorted values are kept anyway (the gold side's):
        # a system's sorted copy is needed for nothing else, so it is not cached.
        s = self.__dict__.get("sorted")
        if s is None:
            s = self.values[self.order]
        new = np.empty(s.size, dtype=bool)
        if s.size:
            new[0] = True
            np.not_equal(s[1:], s[:-1], out=new[1:])
        return new

    @cached_property
    def group_starts(self) -> NDArray[np.intp]:
        """Start positions (in sorted order) of each run of equal values."""
        return np.flatnonzero(self._new_value)

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
    def _tied(self) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """Starts and sizes of the groups of two or more equal values, found from the
        sparse run boundaries (continuous scores have few ties: no n-long group arrays)."""
        new = self._new_value
        if new.size < 2:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
        # a tied run starts where a new value is followed by a repeat, and ends at a
        # repeat followed by a new value (or the end)
        starts = np.flatnonzero(new[:-1] & ~new[1:])
        last = np.flatnonzero(~new[1:] & np.append(new[2:], True)) + 1
        return starts, last - starts + 1

    def tie_mean(
        self, x_sorted: NDArray[np.float64], *, inplace: bool = False
    ) -> NDArray[np.float64]:
        """``x`` (given in this vector's sorted order) with the entries of every tied group
        replaced by their mean; ``inplace=True`` may overwrite ``x_sorted``.

        With few ties only the tied groups are touched; when ties cover most pairs (gold
        ratings on a 0–5 scale) every group is averaged in one ``reduceat``, which needs
        no index arrays.
        """
        starts, sizes = self._tied
        if sizes.size == 0:
            return x_sorted
        covered = int(sizes.sum())
        if 2 * covered > x_sorted.size:  # heavy ties (gold ratings): average every group
            sums = np.add.reduceat(x_sorted, self.group_starts)
            return np.repeat(sums / self.group_sizes, self.group_sizes)
        first = np.cumsum(sizes) - sizes
        positions = np.repeat(starts - first, sizes) + np.arange(covered)
        out = x_sorted if inplace else x_sorted.copy()
        sums = np.add.reduceat(x_sorted[positions], first)
        out[positions] = np.repeat(sums / sizes, sizes)
        return out

    @cached_property
    def ranks(self) -> NDArray[np.float64]:
        """Average ranks (1-based; tied values get the mean of their positions)."""
        out = np.empty(self.values.size, dtype=np.float64)
        out[self.order] = self.tie_mean(np.arange(1.0, self.values.size + 1), inplace=True)
        return out

    @cached_property
    def rank_sum_of_squares(self) -> float:
        r""":math:`\sum_i (R_i - \bar R)^2` of the average ranks, from the tie sizes alone:
        :math:`(n^3 - n)/12 - \sum_t (t^3 - t)/12` (Kendall & Gibbons 1990, §3.8)."""
        n = float(self.values.size)
        t = self._tied[1].astype(np.float64)
        return float((n**3 - n) / 12.0 - (t**3 - t).sum() / 12.0)

    @cached_property
    def is_constant(self) -> bool:
        """All values equal (from the sort when it was done, else from min and max)."""
        if self.values.size == 0:
            return False
        if "_new_value" in self.__dict__:
            return int(np.count_nonzero(self._new_value)) == 1
        return bool(self.values.min() == self.values.max())

    @cached_property
    def centered(self) -> tuple[NDArray[np.float64], float]:
        """``values − mean`` and its sum of squares (Pearson's gold-side terms)."""
        return centered_values(self.values)

    @cached_property
    def centered_ranks(self) -> tuple[NDArray[np.float64], float]:
        """Average ranks minus their mean (n + 1)/2, and its sum of squares (Spearman's
        gold-side terms), built directly so the uncentred ranks need not be kept too."""
        if "ranks" in self.__dict__:
            return centered_values(self.ranks)
        n = self.values.size
        out = np.empty(n, dtype=np.float64)
        out[self.order] = self.tie_mean(np.arange(1.0, n + 1), inplace=True)
        out -= (n + 1) / 2.0
        return out, self.rank_sum_of_squares
