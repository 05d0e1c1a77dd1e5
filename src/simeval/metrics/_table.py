"""Two score vectors that both lie on a grid (gold ratings in steps of 0.2 against a
judge's integers 0–5), as the contingency table of their levels.

Every pair with gold level i and system level j contributes the same terms to a
moment-based measure, so the n pairs reduce to at most a few thousand cells: Pearson's r
(whole or per bin of gold levels), the error moments, the low/high decisions and each
system level's mean gold score are sums over the cells, weighted by their exact integer
counts. :meth:`~._sorted.SortedScores.joint` counts the table in one pass and keeps it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from ._numeric import vdot

__all__ = ["JointTable", "Moments", "level_deviations"]

#: Levels beyond this magnitude are left to the pairwise computations, which rescale the
#: scores exactly where their squares or differences could overflow.
TABLE_MAX_MAGNITUDE = 1e100


def level_deviations(
    levels: NDArray[np.float64], counts: NDArray[np.float64]
) -> tuple[NDArray[np.float64], float]:
    """Each level minus the count-weighted mean of the levels, centred a second time to
    remove the rounding of the first mean (Chan, Golub & LeVeque 1983), and the sum of
    squares ``Σ counts · d²``: the deviations of every pair, one per level.

    Parameters
    ----------
    levels : numpy.ndarray
        The distinct values.
    counts : numpy.ndarray
        How many pairs hold each.

    Returns
    -------
    deviations : numpy.ndarray
        One per level.
    sum_of_squares : float

    Examples
    --------
    >>> d, ss = level_deviations(np.array([1.0, 2.0, 4.0]), np.array([1.0, 2.0, 1.0]))
    >>> d.tolist(), ss  # mean (1 + 2·2 + 4)/4 = 2.25
    ([-1.25, -0.25, 1.75], 4.75)
    """
    n = float(counts.sum())
    d = levels - vdot(counts, levels) / n
    d -= vdot(counts, d) / n
    return d, vdot(counts, d * d)


@dataclass(frozen=True)
class Moments:
    """What Pearson's r needs of the pairs of some gold levels:
    ``r = sxy / sqrt(sxx · syy)``.

    Attributes
    ----------
    n : int
        The pairs.
    sxx, syy, sxy : float
        The centred sums of squares (gold, system) and of cross products.
    gold_constant, system_constant : bool
        Whether either side is constant over these pairs (r undefined).

    Examples
    --------
    >>> m = Moments(6, 1.5, 4.0, 2.0, False, False)
    >>> round(m.sxy / (m.sxx * m.syy) ** 0.5, 6)
    0.816497
    """

    n: int
    sxx: float
    syy: float
    sxy: float
    gold_constant: bool
    system_constant: bool


@dataclass(frozen=True, eq=False)
class JointTable:
    """The contingency table of two vectors of levels.

    Attributes
    ----------
    gold, system : numpy.ndarray
        The levels of each side, ascending.
    counts : numpy.ndarray
        ``counts[i, j]``: the pairs with gold level ``gold[i]`` and system level
        ``system[j]`` (exact integers as floats).

    Examples
    --------
    The pairs (0, 0), (0, 0), (0, 1), (1, 1), (1, 2), (1, 2), whose Pearson r is
    2/√6 = 0.816497 (scipy.stats.pearsonr gives the same):

    >>> table = JointTable(np.array([0.0, 1.0]), np.array([0.0, 1.0, 2.0]),
    ...                    np.array([[2.0, 1.0, 0.0], [0.0, 1.0, 2.0]]))
    >>> m = table.moments()
    >>> m.n, m.sxx, m.syy, m.sxy
    (6, 1.5, 4.0, 2.0)
    >>> table.error_sums()  # Σ|s − g|, Σ(s − g)², Σ|s − s̄|
    (3.0, 3.0, 4.0)
    """

    gold: NDArray[np.float64]
    system: NDArray[np.float64]
    counts: NDArray[np.float64]

    @cached_property
    def moderate(self) -> bool:
        """Whether every level is within :data:`TABLE_MAX_MAGNITUDE`, so that no sum over
        the cells can overflow."""
        big = max(np.abs(self.gold).max(), np.abs(self.system).max())
        return bool(big <= TABLE_MAX_MAGNITUDE)

    @property
    def n(self) -> int:
        return int(self.counts.sum())

    def moments(self, rows: NDArray[np.bool_] | None = None) -> Moments:
        """Pearson's terms over the pairs whose gold level is in ``rows`` (all: None)."""
        counts = self.counts if rows is None else self.counts[rows]
        gold = self.gold if rows is None else self.gold[rows]
        n_gold, n_system = counts.sum(axis=1), counts.sum(axis=0)
        n = int(n_gold.sum())
        if n == 0:
            return Moments(0, 0.0, 0.0, 0.0, False, False)
        dx, sxx = level_deviations(gold, n_gold)
        dy, syy = level_deviations(self.system, n_system)
        sxy = float(np.einsum("i,ij,j->", dx, counts, dy))
        return Moments(
            n,
            sxx,
            syy,
            sxy,
            int(np.count_nonzero(n_gold)) == 1,
            int(np.count_nonzero(n_system)) == 1,
        )

    def error_sums(self) -> tuple[float, float, float]:
        """``(Σ |s − g|, Σ (s − g)², Σ |s − s̄|)`` over the pairs: the differences are the
        same floats for every pair of a cell; the deviations from the mean are centred
        twice (:func:`level_deviations`)."""
        diff = self.system[None, :] - self.gold[:, None]
        n_system = self.counts.sum(axis=0)
        deviations, _ = level_deviations(self.system, n_system)
        return (
            float(np.einsum("ij,ij->", self.counts, np.abs(diff))),
            float(np.einsum("ij,ij,ij->", self.counts, diff, diff)),
            vdot(n_system, np.abs(deviations)),
        )

    def decisions(self, truth: NDArray[np.bool_], pred: NDArray[np.bool_]) -> tuple[int, int, int]:
        """``(pairs true in gold, pairs predicted, pairs both)`` for a decision made on the
        gold levels (``truth``, per row) and on the system levels (``pred``, per column):
        exact counts."""
        both = self.counts[truth][:, pred].sum()
        return int(self.counts[truth].sum()), int(self.counts[:, pred].sum()), int(both)

    def gold_sums(self) -> NDArray[np.float64]:
        """Per system level, the sum of the gold scores of its pairs."""
        return np.einsum("i,ij->j", self.gold, self.counts)
