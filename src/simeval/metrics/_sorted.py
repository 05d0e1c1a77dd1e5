"""One sort per score vector, shared by every rank-based metric.

:class:`SortedScores` finds the ascending order of a vector once and derives from it, on
demand, the tie groups and the average ranks. ``evaluate`` builds one per system and one
for the gold scores, so Spearman, Kendall and nCG/nDCG never sort again.

Scores on a grid — gold ratings in steps of 0.2, a judge's integers 0–5 — have few
distinct values: :func:`~._grid.grid_levels` recognises them in a few linear passes
(checked exactly on every value), and their tie groups and ranks are then *counted*
(``np.bincount``) instead of sorted, in linear time.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._cached import cached
from ._grid import GridLevels, counted, grid_levels, looked_up
from ._narrow import narrowed
from ._numeric import STREAM_MIN, centered_values, centring, int_dot_by_code, vdot
from ._table import JointTable
from ._ties import TIE_CHUNK, group_sums, tied_chunks

__all__ = ["SortedScores"]

#: Up to this many pairs, centred ranks (half-integers) are summed exactly in float64.
EXACT_RANK_SUMS = 1 << 26


class SortedScores:
    """A score vector and the facts about its order that metrics share, each computed
    when first asked for and kept: the order, the tie groups, the average ranks (ties get
    the mean of their positions), the extremes.

    Parameters
    ----------
    values : numpy.ndarray
        The scores (float64, finite).
    extremes : (float, float), optional
        Their smallest and largest value, when the caller knows them.

    Examples
    --------
    >>> x = SortedScores(np.array([3.0, 1.0, 3.0, 2.0]))
    >>> x.ranks.tolist(), x.tie_sizes.tolist()
    ([3.5, 1.0, 3.5, 2.0], [2])
    >>> x.rank_sum_of_squares  # (4³ − 4)/12 − (2³ − 2)/12
    4.5
    >>> y = SortedScores(np.array([0.9, 0.1, 0.5, 0.4]))  # Spearman's ρ (scipy: 0.948683)
    >>> rho = x.centered_rank_cross(y) / (x.rank_sum_of_squares * y.rank_sum_of_squares) ** 0.5
    >>> round(rho, 6)
    0.948683
    """

    def __init__(self, values: NDArray[np.float64], extremes: tuple[float, float] | None = None):
        self.values = values
        #: Free-form cache for derived arrays that several metrics share (bin subsets …).
        self.cache: dict[object, object] = {}
        if extremes is not None and values.size:  # known to the caller: not found again
            self.__dict__["extremes"] = (float(extremes[0]), float(extremes[1]))

    @cached
    def grid(self) -> GridLevels | None:
        """The counted form of the scores when they lie on a grid (:func:`grid_levels`)."""
        return grid_levels(self.values)

    def prepare(self) -> None:
        """Recognise a grid, or sort, now: ``evaluate`` calls this in a worker thread
        (numpy releases the GIL while sorting)."""
        if self.grid is None:
            self.order  # noqa: B018 - computed for its cache

    @cached
    def order(self) -> NDArray[np.signedinteger]:
        """Indices that sort ``values`` ascending. The order among tied values is arbitrary:
        every consumer works on whole tie groups, so it never matters (and numpy's default
        sort is several times faster than a stable one). Grid scores are ordered by a
        linear radix sort of their codes. From a million values on, int32
        (:func:`~._narrow.narrowed`: half the memory)."""
        if self.grid is not None:
            return narrowed(np.argsort(self.grid.codes, kind="stable"))
        return narrowed(np.argsort(self.values))

    @cached
    def sorted(self) -> NDArray[np.float64]:
        if self.grid is not None:
            return np.repeat(self.grid.levels, self.grid.counts)
        return self.values[self.order]

    @cached
    def _repeats(self) -> NDArray[np.intp]:
        """The sorted positions (from 1) whose value equals the one before: few for
        continuous scores. Found from the kept sorted values (the gold side's), else by
        gathering and comparing the sorted values a chunk at a time: a system's sorted
        copy is needed for nothing else, so it is never made whole."""
        s = self.__dict__.get("sorted")
        if s is not None:
            return np.flatnonzero(s[1:] == s[:-1]) + 1
        found = [np.zeros(0, dtype=np.intp)]
        for a in range(0, self.values.size - 1, TIE_CHUNK):
            chunk = self.values[self.order[a : a + TIE_CHUNK + 1]]
            found.append(np.flatnonzero(chunk[1:] == chunk[:-1]) + (a + 1))
        return np.concatenate(found)

    @cached
    def _new_value(self) -> NDArray[np.bool_]:
        """``True`` at each sorted position whose value differs from the previous one."""
        new = np.zeros(self.values.size, dtype=bool)
        if self.grid is not None:
            new[self.group_starts] = True
            return new
        new[:] = True
        new[self._repeats] = False
        return new

    @cached
    def group_starts(self) -> NDArray[np.intp]:
        """Start positions (in sorted order) of each run of equal values."""
        if self.grid is not None:
            return np.cumsum(self.grid.counts) - self.grid.counts
        return np.flatnonzero(self._new_value)

    @cached
    def group_sizes(self) -> NDArray[np.intp]:
        if self.grid is not None:
            return self.grid.counts
        return np.diff(np.r_[self.group_starts, self.values.size])

    @cached
    def dense_sorted(self) -> NDArray[np.intp]:
        """Dense rank (0, 1, 2, …) of each element in sorted order."""
        if self.values.size == 0:
            return np.zeros(0, dtype=np.intp)
        return np.repeat(np.arange(self.group_starts.size), self.group_sizes)

    @cached
    def dense(self) -> NDArray[np.intp]:
        """Dense rank of each element in input order."""
        if self.grid is not None:
            return self.grid.codes.astype(np.intp)
        out = np.empty(self.values.size, dtype=np.intp)
        out[self.order] = self.dense_sorted
        return out

    @cached
    def _tied(self) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        """Starts and sizes of the groups of two or more equal values, found from the
        sparse repeats (continuous scores have few ties: no n-long group arrays)."""
        if self.grid is not None:
            big = self.grid.counts > 1
            return self.group_starts[big], self.grid.counts[big]
        repeats = self._repeats
        if repeats.size == 0:
            return repeats, repeats
        # a tied group is a run of consecutive repeats, preceded by its first value
        ends = np.flatnonzero(np.diff(repeats) != 1)  # the last repeat of each group but one
        first = np.concatenate([repeats[:1], repeats[ends + 1]])
        last = np.concatenate([repeats[ends], repeats[-1:]])
        return first - 1, last - first + 2

    @property
    def tie_starts(self) -> NDArray[np.intp]:
        """The sorted positions where the groups of two or more equal values begin."""
        return self._tied[0]

    @property
    def tie_sizes(self) -> NDArray[np.intp]:
        """Sizes of the groups of two or more equal values (no n-long array for
        continuous scores)."""
        return self._tied[1]

    def tie_mean(
        self, x_sorted: NDArray[np.float64], *, inplace: bool = False
    ) -> NDArray[np.float64]:
        """``x`` (given in this vector's sorted order) with the entries of every tied group
        replaced by their mean; ``inplace=True`` may overwrite ``x_sorted``.

        With few ties only the tied groups are touched; when ties cover most pairs (gold
        ratings on a 0–5 scale) every group is averaged in one ``reduceat``, which needs
        no index arrays.
        """
        sizes = self._tied[1]
        if sizes.size == 0:
            return x_sorted
        if 2 * int(sizes.sum()) > x_sorted.size:  # heavy ties: average every group
            sums = group_sums(x_sorted, self.group_starts, self.group_sizes)
            return np.repeat(sums / self.group_sizes, self.group_sizes)
        positions = self.tied_positions
        out = x_sorted if inplace else x_sorted.copy()
        out[positions] = self.tied_means(x_sorted[positions])
        return out

    @property
    def tied_positions(self) -> NDArray[np.intp]:
        """The sorted positions of the groups of two or more equal values, group after
        group (:meth:`tied_means` averages values given there)."""
        starts, sizes = self._tied
        first = np.cumsum(sizes) - sizes
        return np.repeat(starts - first, sizes) + np.arange(int(sizes.sum()))

    def tied_means(self, x_tied: NDArray[np.float64]) -> NDArray[np.float64]:
        """Values given at :attr:`tied_positions`, each replaced by its group's mean."""
        sizes = self._tied[1]
        sums = group_sums(x_tied, np.cumsum(sizes) - sizes, sizes)
        return np.repeat(sums / sizes, sizes)

    def in_order(self, other: SortedScores) -> NDArray[np.float64]:
        """``other``'s values in this vector's sorted order (a fresh array): for grid
        scores gathered through their one-byte codes, which stay in cache."""
        if other.grid is not None:
            return looked_up(other.grid.levels, other.codes_in_order(self))
        return other.values[self.order]

    def codes_in_order(self, by: SortedScores) -> NDArray[np.unsignedinteger]:
        """This grid vector's codes in ``by``'s sorted order, kept in ``by.cache``."""
        assert self.grid is not None
        key = ("codes in order", id(self))
        hit = by.cache.get(key)
        if hit is None or hit[0] is not self:  # type: ignore[index]
            hit = by.cache[key] = (self, self.grid.codes[by.order])
        return hit[1]  # type: ignore[index]

    def joint(self, gold: SortedScores) -> JointTable | None:
        """The contingency table of ``gold``'s levels (rows) against this vector's
        (columns) when both lie on a grid, counted once and kept in this vector's
        cache; None when either does not."""
        if self.grid is None or gold.grid is None:
            return None
        key = ("joint", id(gold))
        hit = self.cache.get(key)
        if hit is None or hit[0] is not gold:  # type: ignore[index]
            a, b = gold.grid, self.grid
            k = b.counts.size
            counts = counted(a.codes, a.counts.size * k, None, b.codes, k)
            table = JointTable(a.levels, b.levels, counts.reshape(a.counts.size, k))
            hit = self.cache[key] = (gold, table)
        return hit[1]  # type: ignore[index]

    def group_sums(self, other: SortedScores) -> NDArray[np.float64]:
        """Per level of this grid vector, the sum of ``other``'s values over its pairs:
        from the contingency table when both lie on a grid, else counted."""
        assert self.grid is not None
        table = self.joint(other)
        if table is not None:
            return table.gold_sums()
        return counted(self.grid.codes, self.grid.counts.size, other.values)

    def group_means(self, other: SortedScores) -> NDArray[np.float64]:
        """``other``'s values in this vector's sorted order, every tied group of this
        vector replaced by its mean: counted when this vector is on a grid (no sort),
        else gathered by :attr:`order` and averaged by :meth:`tie_mean`."""
        if self.grid is not None:
            counts = self.grid.counts
            return np.repeat(self.group_sums(other) / counts, counts)
        return self.tie_mean(self.in_order(other), inplace=True)

    def centered_rank_cross(self, other: SortedScores) -> float:
        r""":math:`\sum_i (R_i - \bar R)(Q_i - \bar Q)` of this vector's average ranks R and
        ``other``'s Q (Spearman's numerator). On grids the ranks are never spread over
        the pairs: with both on a grid it is a product of the (exact, integer)
        contingency table of their codes, with one on a grid a sum of the other's ranks
        per code (one ``bincount`` in the other's sorted order, no scatter)."""
        a, b = self.grid, other.grid
        if a is None and b is None:
            return vdot(self.centered_ranks[0], other.ranks)
        if a is None:
            return other.centered_rank_cross(self)
        mine = self._rank_table((self.values.size + 1) / 2.0)
        if b is not None:
            table = other.joint(self)
            assert table is not None
            theirs = other._rank_table((other.values.size + 1) / 2.0)
            return float(np.einsum("i,ij,j->", mine, table.counts, theirs))
        n = other.values.size
        codes = self.codes_in_order(other)
        if n > EXACT_RANK_SUMS:
            shift = (n + 1) / 2.0  # centred ranks: half-integers, exact
            ranks = other.tie_mean(np.arange(1.0 - shift, n + 1.0 - shift), inplace=True)
            return vdot(mine, counted(codes, mine.size, ranks))
        # In integers, exactly: twice a centred rank is 2p + 1 − n at sorted position p,
        # and 2·start + size − n over a tied group; twice the gold side's is twice[code].
        twice = (2.0 * mine).astype(np.int64)
        total = int_dot_by_code(twice, codes, 1 - n, n)
        starts, sizes = other._tied
        # tied positions: the group's mean rank in place of their own
        for groups, lengths, positions in tied_chunks(starts, sizes):
            change = np.repeat(2 * starts[groups] + sizes[groups] - n, lengths)
            change -= 2 * positions + 1 - n
            total += int_dot_by_code(twice, codes[positions], change, n)
        return total / 4

    def _rank_table(self, shift: float) -> NDArray[np.float64]:
        """Per grid level: the average rank of its values minus ``shift``."""
        assert self.grid is not None  # group g covers positions start+1 … start+size
        table = self.group_starts + (self.grid.counts + 1) / 2.0 - shift
        return np.asarray(table, dtype=np.float64)

    def _mean_ranks(self, shift: float) -> NDArray[np.float64]:
        """Average ranks minus ``shift``, in input order."""
        if self.grid is not None:
            return looked_up(self._rank_table(shift), self.grid.codes)
        n = self.values.size
        out = np.empty(n, dtype=np.float64)
        out[self.order] = self.tie_mean(np.arange(1.0 - shift, n + 1 - shift), inplace=True)
        return out

    @cached
    def ranks(self) -> NDArray[np.float64]:
        """Average ranks (1-based; tied values get the mean of their positions)."""
        return self._mean_ranks(0.0)

    @cached
    def rank_sum_of_squares(self) -> float:
        r""":math:`\sum_i (R_i - \bar R)^2` of the average ranks, from the tie sizes alone:
        :math:`(n^3 - n)/12 - \sum_t (t^3 - t)/12` (Kendall & Gibbons 1990, §3.8)."""
        n = float(self.values.size)
        t = self._tied[1].astype(np.float64)
        return float((n**3 - n) / 12.0 - (t**3 - t).sum() / 12.0)

    @cached
    def is_constant(self) -> bool:
        """All values equal (from the grid or the sort when known, else from the extremes)."""
        if self.values.size == 0:
            return False
        if self.__dict__.get("grid") is not None:
            return bool(self.__dict__["grid"].counts.size == 1)
        if "_new_value" in self.__dict__:
            return int(np.count_nonzero(self._new_value)) == 1
        lo, hi = self.extremes
        return lo == hi

    @cached
    def extremes(self) -> tuple[float, float]:
        """The smallest and the largest value (of a non-empty vector): given by the caller,
        or from the grid or the sort when known."""
        grid = self.__dict__.get("grid")
        if grid is not None:
            return float(grid.levels[0]), float(grid.levels[-1])
        s = self.__dict__.get("sorted")
        if s is not None:
            return float(s[0]), float(s[-1])
        return float(self.values.min()), float(self.values.max())

    @property
    def minimum(self) -> float:
        """The smallest value (of a non-empty vector)."""
        return self.extremes[0]

    @property
    def magnitude(self) -> float:
        """The largest absolute value (of a non-empty vector)."""
        lo, hi = self.extremes
        return max(-lo, hi)

    @property
    def centered(self) -> tuple[NDArray[np.float64], float] | None:
        """``values − mean`` and its sum of squares (Pearson's gold-side terms), kept for
        the next system; None from :data:`~._numeric.STREAM_MIN` values on, where
        Pearson's r centres chunk by chunk instead of holding another n-long array."""
        if self.values.size >= STREAM_MIN:
            return None
        if "centered" not in self.cache:
            self.cache["centered"] = centered_values(self.values)
        return self.cache["centered"]  # type: ignore[return-value]

    @cached
    def centring(self) -> tuple[float, float]:
        """``(mean, shift)`` of :func:`~._numeric.centring`: the mean and its rounding,
        shared by Pearson's r and the mean absolute deviation."""
        return centring(self.values)

    @cached
    def centered_ranks(self) -> tuple[NDArray[np.float64], float]:
        """Average ranks minus their mean (n + 1)/2, and its sum of squares (Spearman's
        gold-side terms), built directly so the uncentred ranks need not be kept too."""
        if "ranks" in self.__dict__:
            return centered_values(self.ranks)
        return self._mean_ranks((self.values.size + 1) / 2.0), self.rank_sum_of_squares
