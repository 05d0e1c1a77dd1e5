"""Pearson's terms in every bin of two long score vectors, chunk by chunk.

The pairs of each chunk are grouped by bin (a stable sort of the chunk's small bin codes,
numpy's linear radix sort) and each group's sums are added to its bin's: no bin's scores
are ever gathered whole. At n = 1e7 the bins' member indices and gold subsets kept for
every system took 120 MB, and each system's gathered bin up to 53 MB more; here the
working memory is a few chunks.

Each bin's sums are those of the corrected two-pass algorithm (Chan, Golub & LeVeque 1983)
that :func:`~._numeric.centered_values` uses: with ``dx = x − x̄`` (x̄ the bin's mean from
the first pass), ``Sxx = Σ dx² − (Σ dx)²/n`` and ``Sxy = Σ dx·dy − (Σ dx)(Σ dy)/n``,
which is what centring the deviations a second time gives.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from ._numeric import CHUNK
from ._table import Moments

__all__ = ["bin_moments"]


def _grouped_chunks(
    index: NDArray[np.signedinteger],
) -> Iterator[tuple[slice, NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]]:
    """Per chunk of pairs: its slice, the order that groups its pairs by bin, the start of
    each group in that order and each group's slot (bin + 1; slot 0 holds the pairs in no
    bin, index −1)."""
    for a in range(0, index.size, CHUNK):
        codes = index[a : a + CHUNK]
        order = np.argsort(codes, kind="stable")
        grouped = codes[order]
        starts = np.flatnonzero(np.concatenate(([True], grouped[1:] != grouped[:-1])))
        yield slice(a, a + CHUNK), order, starts, grouped[starts].astype(np.intp) + 1


def bin_moments(
    x: NDArray[np.float64], y: NDArray[np.float64], index: NDArray[np.signedinteger], k: int
) -> list[Moments]:
    """The :class:`~._table.Moments` of the pairs of each of the ``k`` bins (``index[i]``:
    the bin of pair i, −1 for none), in two passes over chunks of :data:`~._numeric.CHUNK`
    pairs: the counts, sums and extremes, then the centred sums.

    A side is constant in a bin when its smallest and largest value there are equal — the
    test of :func:`~._numeric.is_constant`, exact. Magnitudes whose squares overflow give
    inf or NaN sums (never a warning), which the caller recognises as out of safe range.

    Parameters
    ----------
    x, y : numpy.ndarray
        The gold and the system scores (float64, finite, the same length).
    index : numpy.ndarray of int
        Each pair's bin, 0 … k − 1, or −1 for a pair in no bin.
    k : int
        The number of bins.

    Returns
    -------
    list of Moments
        One per bin, in order: pairs, ``sxx``, ``syy``, ``sxy`` and whether either side
        is constant there.

    Examples
    --------
    Bin 0 holds the pairs (1, 2), (2, 4), (3, 5): Sxx = 2, Syy = 14/3 and Sxy = 3; bin 1
    holds (4, 1) and (4, 3), its gold side constant (hand calculation).

    >>> x, y = np.array([1.0, 4, 2, 4, 3]), np.array([2.0, 1, 4, 3, 5])
    >>> m0, m1 = bin_moments(x, y, np.array([0, 1, 0, 1, 0]), 2)
    >>> m0.n, m0.sxx, round(3 * m0.syy, 12), m0.sxy, m1.n, m1.gold_constant
    (3, 2.0, 14.0, 3.0, 2, True)
    """
    slots = k + 1
    n = np.zeros(slots, dtype=np.int64)
    sum_x, sum_y = np.zeros(slots), np.zeros(slots)
    lo_x, lo_y = np.full(slots, np.inf), np.full(slots, np.inf)
    hi_x, hi_y = np.full(slots, -np.inf), np.full(slots, -np.inf)
    with np.errstate(all="ignore"):
        for part, order, starts, at in _grouped_chunks(index):
            xs, ys = x[part][order], y[part][order]
            n[at] += np.diff(np.append(starts, xs.size))
            sum_x[at] += np.add.reduceat(xs, starts)
            sum_y[at] += np.add.reduceat(ys, starts)
            lo_x[at] = np.minimum(lo_x[at], np.minimum.reduceat(xs, starts))
            hi_x[at] = np.maximum(hi_x[at], np.maximum.reduceat(xs, starts))
            lo_y[at] = np.minimum(lo_y[at], np.minimum.reduceat(ys, starts))
            hi_y[at] = np.maximum(hi_y[at], np.maximum.reduceat(ys, starts))
        size = np.maximum(n, 1)
        mean_x, mean_y = sum_x / size, sum_y / size
        sums = np.zeros((5, slots))  # Σdx, Σdy, Σdx², Σdy², Σdx·dy
        for part, order, starts, at in _grouped_chunks(index):
            slot = np.repeat(at, np.diff(np.append(starts, order.size)))
            dx = x[part][order] - mean_x[slot]
            dy = y[part][order] - mean_y[slot]
            for row, terms in enumerate((dx, dy, dx * dx, dy * dy, dx * dy)):
                sums[row, at] += np.add.reduceat(terms, starts)
        sxx = sums[2] - sums[0] * sums[0] / size
        syy = sums[3] - sums[1] * sums[1] / size
        sxy = sums[4] - sums[0] * sums[1] / size
    x_constant, y_constant = lo_x == hi_x, lo_y == hi_y
    per_bin = zip(n.tolist(), sxx.tolist(), syy.tolist(), sxy.tolist(), x_constant.tolist(),
                  y_constant.tolist())  # fmt: skip
    return [Moments(*terms) for terms in list(per_bin)[1:]]
