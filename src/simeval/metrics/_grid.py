"""Scores on a grid (gold ratings in steps of 0.2, a judge's integers 0–5): recognised in a
few linear passes, every value checked exactly, and coded as small integers so that their
ranks and tie groups are counted (``np.bincount``) instead of sorted."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["GridLevels", "counted", "grid_levels", "looked_up"]

#: Vectors shorter than this are always sorted: the check would cost more than it saves.
GRID_MIN_SIZE = 4096
#: At most this many distinct values in the sample of :func:`grid_levels` (else: sort).
GRID_MAX_SAMPLE_LEVELS = 256
#: Values checked and coded this many at a time.
GRID_CHUNK = 1 << 16
#: Codes counted this many at a time (:func:`counted`) when weighted by floats: short
#: chunks keep the rounding of ``np.bincount``'s running sums small.
COUNT_CHUNK = 4096
#: Codes counted this many at a time when the sums are exact (no weights, or weights
#: whose running sums are exact: see :func:`counted`).
EXACT_COUNT_CHUNK = 1 << 16
#: At most this many grid steps between the smallest and the largest value.
GRID_MAX_STEPS = 1 << 16


@dataclass(frozen=True)
class GridLevels:
    """A vector whose values all lie on a grid, coded by :func:`grid_levels`.

    Attributes
    ----------
    codes : numpy.ndarray
        uint8 or uint16: ``codes[i]`` is the dense rank (0, 1, …) of value ``i``.
    levels : numpy.ndarray
        The distinct values, ascending.
    counts : numpy.ndarray
        Each level's multiplicity.

    Examples
    --------
    >>> grid = GridLevels(np.array([1, 0, 1], np.uint8), np.array([0.2, 0.4]), np.array([1, 2]))
    >>> grid.levels[grid.codes].tolist()
    [0.4, 0.2, 0.4]
    """

    codes: NDArray[np.unsignedinteger]
    levels: NDArray[np.float64]
    counts: NDArray[np.intp]


def _grid_step(u: NDArray[np.float64]) -> tuple[bool, float] | None:
    """``(True, m)`` when the sorted distinct values ``u`` look like integers over m (a
    step 1/m: 0.2 → 5, also when the sample's smallest gap is 0.4), ``(False, m)`` for
    integer multiples of m (0, 10, 20 …); a guess, which :func:`grid_levels` checks."""
    h = float(np.diff(u).min()) if u.size > 1 else 1.0
    if not 0 < h < math.inf:
        return None
    for j in range(1, 17):
        m = float(np.rint(j / h))
        if 1 <= m <= GRID_MAX_STEPS and abs(j / h - m) <= 1e-9 * m:
            k = u * m
            if np.all(np.abs(k - np.rint(k)) <= 1e-9 * np.maximum(1.0, np.abs(k))):
                return True, m
    if h >= 1 and h == np.rint(h) and np.all(np.rint(u / h) * h == u):
        return False, h
    return None


def grid_levels(x: NDArray[np.float64]) -> GridLevels | None:
    """The distinct values of ``x`` and each value's code, when every value is exactly
    ``k / m`` (or ``k · m``) for integers k within :data:`GRID_MAX_STEPS` of each other,
    with the step taken from a sample of 1024 values; None otherwise (continuous scores
    are rejected by the sample alone). Exact: a value is accepted only if rebuilding it
    from its integer gives the same float, so no two distinct values share a code.

    Parameters
    ----------
    x : numpy.ndarray
        Scores (float64); fewer than :data:`GRID_MIN_SIZE` are never coded.

    Returns
    -------
    GridLevels or None

    Examples
    --------
    >>> x = np.resize([0.0, 0.2, 0.4, 5.0, 2.6], 5000)  # ratings in steps of 0.2
    >>> grid = grid_levels(x)
    >>> grid.levels.tolist(), grid.counts.tolist(), grid.codes[:5].tolist()
    ([0.0, 0.2, 0.4, 2.6, 5.0], [1000, 1000, 1000, 1000, 1000], [0, 1, 2, 4, 3])
    >>> grid_levels(np.random.default_rng(0).random(5000)) is None  # continuous scores
    True
    """
    n = x.size
    if n < GRID_MIN_SIZE:
        return None
    u = np.unique(x[:: n // 1024])
    if u.size > GRID_MAX_SAMPLE_LEVELS or not np.isfinite(u).all():
        return None
    step = _grid_step(u)
    if step is None:
        return None
    inverse, m = step
    # k = rint(x·m) (or rint(x/m)) never decreases as x grows: its range is that of the
    # smallest and the largest value, known before the one chunked pass that checks
    # every value and codes it.
    with np.errstate(all="ignore"):
        ends = np.array([x.min(), x.max()])
        k_ends = np.rint(ends * m if inverse else ends / m)
    if not np.isfinite(k_ends).all() or k_ends[1] - k_ends[0] >= GRID_MAX_STEPS:
        return None
    lo, size = float(k_ends[0]), int(k_ends[1] - k_ends[0]) + 1
    codes = np.empty(n, dtype=np.uint8 if size <= 256 else np.uint16)
    counts = np.zeros(size, dtype=np.intp)
    k, back = np.empty(min(n, GRID_CHUNK)), np.empty(min(n, GRID_CHUNK))
    off = np.empty(min(n, GRID_CHUNK), dtype=bool)
    for a in range(0, n, GRID_CHUNK):
        chunk = x[a : a + GRID_CHUNK]
        c = chunk.size
        if m == 1.0:  # integers: each value must be its own rounding
            np.rint(chunk, out=k[:c])
            rebuilt = k[:c]
        else:
            to_steps, from_steps = (np.multiply, np.divide) if inverse else (np.divide, np.multiply)
            to_steps(chunk, m, out=k[:c])
            np.rint(k[:c], out=k[:c])
            rebuilt = from_steps(k[:c], m, out=back[:c])
        if np.not_equal(rebuilt, chunk, out=off[:c]).any():  # a value off the grid
            return None
        k[:c] -= lo
        codes[a : a + c] = k[:c]
        counts += np.bincount(codes[a : a + c], minlength=size)
    present = counts > 0
    ints = np.flatnonzero(present) + lo
    levels = np.asarray(ints / m if inverse else ints * m, dtype=np.float64)
    if not present.all():  # values missing from the grid: renumber densely
        codes = (np.cumsum(present) - 1).astype(codes.dtype)[codes]
        counts = counts[present]
    return GridLevels(codes, levels, counts)


def counted(
    codes: NDArray[np.unsignedinteger],
    size: int,
    weights: NDArray[np.float64] | None = None,
    minor: NDArray[np.integer] | None = None,
    minor_size: int = 0,
    *,
    exact: bool = False,
) -> NDArray[np.float64]:
    """``np.bincount`` of small codes (of ``codes · minor_size + minor`` when ``minor`` is
    given: a contingency table), weighted or not, as floats. Chunk by chunk, since
    ``bincount`` casts its input to 8-byte integers, an n-long copy of one-byte codes.
    Weighted sums are counted in short chunks, which keep the rounding of its running
    sums small (a weighted sum over 1e7 pairs would otherwise drift by 1e-12), and the
    chunks' sums added pairwise; ``exact=True`` says that every running sum is exact
    (integer or half-integer weights whose sums stay below 2**52, such as ranks), so
    that long chunks give the same sums.

    Parameters
    ----------
    codes : numpy.ndarray
        Small unsigned integer codes.
    size : int
        The number of bins (``minlength``).
    weights : numpy.ndarray, optional
        A weight per code.
    minor : numpy.ndarray, optional
        A second code per value, below ``minor_size``.
    minor_size : int, default 0
        The number of minor codes.
    exact : bool, default False
        Whether every running sum of the weights is exact.

    Returns
    -------
    numpy.ndarray
        float64, ``size`` counts (or sums of weights).

    Examples
    --------
    >>> codes = np.array([0, 2, 2, 1], dtype=np.uint8)
    >>> counted(codes, 3).tolist(), counted(codes, 3, np.array([0.5, 1, 2, 4])).tolist()
    ([1.0, 1.0, 2.0], [0.5, 4.0, 3.0])
    >>> counted(codes[:3], 6, minor=np.array([1, 0, 1]), minor_size=2).tolist()  # 3 × 2 table
    [0.0, 1.0, 0.0, 0.0, 1.0, 1.0]
    """
    step = COUNT_CHUNK if weights is not None and not exact else EXACT_COUNT_CHUNK
    parts = []
    for a in range(0, codes.size, step):
        key = codes[a : a + step].astype(np.intp)
        if minor is not None:
            key *= minor_size
            key += minor[a : a + step]
        w = None if weights is None else weights[a : a + step]
        parts.append(np.bincount(key, weights=w, minlength=size).astype(np.float64))
    if not parts:
        return np.zeros(size, dtype=np.float64)
    # bincount adds one value after the other; the chunks' sums are added pairwise
    return np.stack(parts, axis=1).sum(axis=1)


def looked_up(
    table: NDArray[np.float64], codes: NDArray[np.unsignedinteger]
) -> NDArray[np.float64]:
    """``table[codes]`` (a fresh array): the codes widened to indices a chunk at a time,
    since numpy gathers by one-byte indices several times slower than by ``intp``.

    Parameters
    ----------
    table : numpy.ndarray
        A value per code.
    codes : numpy.ndarray
        Small unsigned integer codes.

    Returns
    -------
    numpy.ndarray
        float64, one value per code.

    Examples
    --------
    >>> looked_up(np.array([0.0, 0.2, 5.0]), np.array([2, 0, 1], dtype=np.uint8)).tolist()
    [5.0, 0.0, 0.2]
    """
    out = np.empty(codes.size, dtype=np.float64)
    for a in range(0, codes.size, EXACT_COUNT_CHUNK):
        idx = codes[a : a + EXACT_COUNT_CHUNK].astype(np.intp)
        np.take(table, idx, out=out[a : a + EXACT_COUNT_CHUNK])
    return out
