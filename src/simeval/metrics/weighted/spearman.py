"""Spearman's ρ on weighted resamples, from running weights in sorted order, in exact
integer arithmetic.

With doubled average ranks ``R = 2r`` of the drawn pairs (ties get their group's mean
rank, copies of one pair are tied), ``ρ = (Σ w R_g R_s − N(N+1)²) / sqrt((Σ w R_g² −
N(N+1)²)(Σ w R_s² − N(N+1)²))``. Every score is sorted once on the full data; the rank of
a pair in a resample is the weight drawn below it plus (its group's weight + 1)/2, so a
running sum of the weights in sorted order (:class:`~.running_sums.RunningSums`) gives
every resample's ranks at once. A system without ties needs one running sum per resample
(``R_s = 2C − w + 1``, and ``Σ w R_s²`` follows from the multiplicities alone); pairs
inside tie groups are then corrected to their group's rank ``c_before + c_end + 1``,
visiting only those pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._numeric import SNAP
from .._sorted import SortedScores
from . import Chunk, Resampled, Resamples, Sample
from .running_sums import RunningSums

__all__ = ["spearman_resampled"]

#: A variance of the doubled ranks below this fraction of its sum of squares may be zero
#: (a constant resample) or carry rounding: the kernel decides those entries.
NEAR_ZERO = 1e-9

Cells = tuple[NDArray[np.intp], ...]


@dataclass(eq=False)
class _Layout:
    """The sorts of gold and systems laid out on the running-sum grid, made once."""

    scan: RunningSums
    gold_rows: NDArray[np.intp]
    gold_ends: NDArray[np.intp]
    system_rows: list[NDArray[np.intp]]
    gold_group_by_system: list[NDArray[np.intp]]
    tied_by_system: list[Cells | None]


def _tied(scan: RunningSums, ss: SortedScores) -> Cells | None:
    """Cells of the sorted positions inside tie groups, of their group's first and last
    position, and of each group's first and last."""
    big = ss.group_sizes > 1
    if not big.any():
        return None
    starts, sizes = ss.group_starts[big], ss.group_sizes[big]
    first = np.repeat(starts, sizes)
    pos = first + np.arange(first.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    last = starts + sizes - 1
    cells = scan.cells
    return cells(pos), cells(first), cells(np.repeat(last, sizes)), cells(starts), cells(last)


def _layout(sample: Sample) -> _Layout:
    scan = RunningSums(sample.n)
    gs = SortedScores(sample.gold)
    systems = [SortedScores(s) for s in sample.systems]
    return _Layout(
        scan=scan,
        gold_rows=scan.arrange(gs.order),
        gold_ends=scan.cells(gs.group_starts + gs.group_sizes - 1),
        system_rows=[scan.arrange(ss.order) for ss in systems],
        gold_group_by_system=[scan.arrange(gs.dense[ss.order]) for ss in systems],
        tied_by_system=[_tied(scan, ss) for ss in systems],
    )


def _gold_sums(
    lay: _Layout, Wi: NDArray[np.integer], N: NDArray[np.float64], bufs: list[NDArray[Any]]
) -> tuple[NDArray[np.integer], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """What Spearman needs from the gold side and the multiplicities alone, for every
    weight column: twice the average rank ``2r_g`` of each gold tie group,
    ``Σ w (2r_g)²``, ``Σ w³ − N`` and ``Σ w² · 2r_g``. A group's rank among the resampled
    pairs is the weight below it plus (group weight + 1)/2, so ``2r = c_before + c_end +
    1`` from running weights in gold order, read at the groups' last positions; running
    sums of ``w²`` read there give each group's ``Σ w²``."""
    w, C, x = bufs
    scan = lay.scan
    scan.gather(Wi, lay.gold_rows, out=w)
    scan.accumulate(w, out=C)
    c_end = np.take(C, lay.gold_ends, axis=0)
    grouped = np.diff(c_end, axis=0, prepend=np.zeros((1, C.shape[1]), dtype=C.dtype))
    two_r = 2 * c_end - grouped + 1
    sg = np.einsum("ij,ij,ij->j", grouped, two_r, two_r, dtype=np.float64)
    squares = np.square(w, out=x)
    w3 = np.einsum("ij,ij->j", squares, w, dtype=np.float64) - N
    scan.accumulate(squares, out=C)
    sq_end = np.take(C, lay.gold_ends, axis=0)
    sq_grouped = np.diff(sq_end, axis=0, prepend=np.zeros((1, C.shape[1]), dtype=C.dtype))
    xw = np.einsum("ij,ij->j", sq_grouped, two_r, dtype=np.float64)
    return two_r, sg, w3, xw


def _tie_corrections(
    tied: Cells, w: NDArray[np.integer], C: NDArray[np.integer], x: NDArray[np.integer]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Changes to ``Σ w R_g R_s`` and ``Σ w R_s²`` when the pairs inside a system's tie
    groups take their group's doubled rank ``c_before + c_end + 1`` instead of the
    distinct-score ``2C − w + 1``. ``w``, ``C`` and ``x`` hold the system's weights,
    running weights and ``w · 2r_g`` in sorted order."""
    pos, first, last, g_first, g_last = tied

    def at(a: NDArray[np.integer], cells: NDArray[np.intp]) -> NDArray[np.float64]:
        return np.take(a, cells, axis=0).astype(np.float64)

    def before(cells: NDArray[np.intp]) -> NDArray[np.float64]:
        return at(C, cells) - at(w, cells)  # the running weight before the position

    w_pos, c_pos = at(w, pos), at(C, pos)
    two_rs = at(C, last) + before(first) + 1.0
    distinct = 2.0 * c_pos - w_pos + 1.0
    d_cross = np.einsum("ij,ij->j", np.take(x, pos, axis=0), two_rs - distinct)
    t_group = at(C, g_last) - before(g_first)
    d_s2 = ((w_pos**3 - w_pos).sum(axis=0) - (t_group**3 - t_group).sum(axis=0)) / 3.0
    return d_cross, d_s2


def _values(sample: Sample, chunk: Chunk) -> Resamples:
    lay = sample.shared(_layout)
    W, N = chunk.W, chunk.N
    wmax = int(W.max()) if W.size else 0
    dtype = np.int32 if (2 * sample.n + 2) * max(wmax, 1) < 2**31 else np.int64
    Wi: NDArray[np.integer] = W.astype(dtype, copy=False)
    bufs = [np.empty((lay.scan.size, W.shape[1]), dtype=dtype) for _ in range(3)]
    w, C, x = bufs
    two_rg, sg, w3, xw = _gold_sums(lay, Wi, N, bufs)
    centre = N * (N + 1.0) ** 2
    var_g = sg - centre
    s2_distinct = 4.0 * (N * (N + 1.0) * (2.0 * N + 1.0) / 6.0 - w3 / 12.0)
    out = np.empty((W.shape[1], sample.k))
    recheck = np.zeros_like(out, dtype=bool)
    for j in range(sample.k):
        lay.scan.gather(Wi, lay.system_rows[j], out=w)  # weights in sorted order
        np.take(two_rg, lay.gold_group_by_system[j], axis=0, out=x, mode="clip")
        x *= w  # x = w · 2r_g
        lay.scan.accumulate(w, out=C)  # running weight in sorted order
        # as if every score were distinct: 2r_s = 2C − w + 1
        cross = 2.0 * np.einsum("ij,ij->j", x, C, dtype=np.float64) - xw + N * (N + 1.0)
        s2 = s2_distinct
        tied = lay.tied_by_system[j]
        if tied is not None:  # correct the pairs inside tie groups
            d_cross, d_s2 = _tie_corrections(tied, w, C, x)
            cross, s2 = cross + d_cross, s2 + d_s2
        var_s = s2 - centre
        with np.errstate(invalid="ignore", divide="ignore"):
            rho = np.clip((cross - centre) / np.sqrt(var_g * var_s), -1.0, 1.0)
        rho = np.where(np.abs(rho) >= 1.0 - SNAP, np.sign(rho), rho)  # as the kernel rounds
        too_few = N < 3
        unsure = ((var_g <= NEAR_ZERO * sg) | (var_s <= NEAR_ZERO * s2)) & ~too_few
        out[:, j] = np.where(too_few | unsure, np.nan, rho)
        recheck[:, j] = unsure
    return Resamples(out, recheck)


def spearman_resampled() -> Resampled:
    """Spearman's weighted form (see the module docstring).

    Returns
    -------
    Resampled
        Its values are ρ, shape (columns, systems), with entries to recheck.

    Examples
    --------
    ρ of the data (scipy's ``spearmanr``: 0.8) and of a resample drawing the first pair
    twice and the second not at all (``spearmanr`` of the expanded resample: 0.894737):

    >>> from simeval import Options
    >>> from simeval.metrics.weighted import Chunk, Sums
    >>> gold, systems = np.array([1.0, 2, 3, 4, 5]), np.array([[1.0, 3, 2, 5, 4]])
    >>> W = np.array([[1, 2], [1, 0], [1, 1], [1, 1], [1, 1]])
    >>> chunk = Chunk(W, Sums(np.zeros((2, 0)), {}))
    >>> res = spearman_resampled().values(Sample(gold, systems, systems, Options()), chunk)
    >>> res.values.round(6).tolist()
    [[0.8], [0.894737]]
    """
    return Resampled(values=_values)
