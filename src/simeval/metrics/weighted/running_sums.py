"""Running sums of many weight columns at once, on a grid (the bootstrap's Spearman)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["SCAN_MIN_ROW", "SCAN_ROWS", "RunningSums"]

#: Rows of the grid on which running sums are taken (see :class:`RunningSums`), and the
#: fewest weights in one grid row for which they are added row by row.
SCAN_ROWS = 64
SCAN_MIN_ROW = 1024


class RunningSums:
    """Running sums along n ordered positions, for many weight columns at once.

    ``np.add.accumulate`` along n positions is a scalar loop (about 2 ns an element, and
    slower still down the rows of a pairs × resamples matrix). Here position q of the
    order is stored in row ``(q mod m)·b + q // m`` of an ``(m·b) × c`` matrix: seen as an
    ``m × b × c`` grid, grid column t holds positions ``t·m … t·m + m − 1`` down its m
    rows. m − 1 vectorized additions of whole ``b × c`` rows give the running sums inside
    every grid column at once; adding to each column the total of the columns before it
    (a running sum over only b values) completes them; when a grid row holds fewer than
    ``SCAN_MIN_ROW`` weights (one weight column, say), a single ``np.add.accumulate`` down
    the grid's m rows replaces the row loop. The ``m·b − n`` cells past the last position
    lie at the bottom of the last grid column and hold weight 0.

    Parameters
    ----------
    n : int
        The positions.
    rows : int, default :data:`SCAN_ROWS`
        The grid's rows m.

    Examples
    --------
    >>> sums = RunningSums(5, rows=2)
    >>> W = np.arange(1, 6)[:, None]  # one weight column: 1, 2, 3, 4, 5
    >>> w = sums.gather(W, sums.arrange(np.arange(5)), np.empty((sums.size, 1), np.int64))
    >>> acc = sums.accumulate(w, np.empty_like(w))
    >>> acc[sums.cells(np.arange(5))].ravel().tolist()
    [1, 3, 6, 10, 15]
    """

    def __init__(self, n: int, rows: int = SCAN_ROWS):
        self.n = n
        self.m = max(1, min(rows, n))
        self.b = -(-n // self.m)
        self.size = self.m * self.b
        self.pad_from = n - (self.b - 1) * self.m  # first padding row of the last column
        self._all_cells = self.cells(np.arange(n))

    def cells(self, positions: NDArray[np.intp]) -> NDArray[np.intp]:
        """Matrix rows of the given positions."""
        return (positions % self.m) * self.b + positions // self.m

    def arrange(self, values: NDArray[np.intp]) -> NDArray[np.intp]:
        """``values`` (one per position) moved to their cells; 0 in the padding cells."""
        out = np.zeros(self.size, dtype=np.intp)  # as np.take uses them (an order may be int32)
        out[self._all_cells] = values
        return out

    def gather(
        self, W: NDArray[np.integer], rows: NDArray[np.intp], out: NDArray[np.integer]
    ) -> NDArray[np.integer]:
        """``W``'s rows in the order given by ``arrange(order)``, into ``out``."""
        # mode="clip" lets numpy write into ``out`` directly (with the default "raise" it
        # buffers a copy); every index is valid anyway
        np.take(W, rows, axis=0, out=out, mode="clip")
        if self.pad_from < self.m:  # padding cells: no pair, weight 0
            out.reshape(self.m, self.b, out.shape[1])[self.pad_from :, -1] = 0
        return out

    def accumulate(self, w: NDArray[np.integer], out: NDArray[np.integer]) -> NDArray[np.integer]:
        """Running sums of the weights ``w`` (laid out as by :meth:`gather`), into ``out``."""
        shape = (self.m, self.b, w.shape[1])
        grid, acc = w.reshape(shape), out.reshape(shape)
        if grid[0].size >= SCAN_MIN_ROW:  # m − 1 vectorized additions of grid rows
            acc[0] = grid[0]
            for i in range(1, self.m):
                np.add(acc[i - 1], grid[i], out=acc[i])
        else:  # rows too short for a Python-level loop to pay (few weight columns)
            np.add.accumulate(grid, axis=0, dtype=acc.dtype, out=acc)
        totals = acc[-1].copy()  # the weight in each grid column
        offsets = np.add.accumulate(totals, axis=0, dtype=totals.dtype)
        offsets -= totals
        acc += offsets
        return out
