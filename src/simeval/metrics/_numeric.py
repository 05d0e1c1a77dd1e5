"""Numerical kernels of the correlations: Pearson's r for finite scores of any magnitude,
the rounding rule at ±1, and the inversion count behind Kendall's τ."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike, NDArray

#: Sums of squares outside this range may have over- or underflowed (|values| beyond about
#: 1e±140): :func:`pearson_scaled` computes r again from exactly rescaled scores.
SAFE_SUMSQ = (1e-280, 1e280)

#: A coefficient within this distance of ±1 is reported as ±1: rounding alone moves an
#: exactly collinear r that far (r = 0.9999999999999998 for 1, 2, 3 against 2, 4, 6), and
#: at small n the p-value of such an r would claim a significance (p ≈ 1e-8 at n = 3)
#: that only the rounding error carries. R ``cor`` reports these as 1 too.
SNAP = 4 * float(np.finfo(np.float64).eps)


def snap(r: float) -> float:
    """Clip r to [−1, 1] and report values within :data:`SNAP` of ±1 as exactly ±1."""
    return math.copysign(1.0, r) if abs(r) >= 1.0 - SNAP else r


def _unit_deviations(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """``x − mean(x)`` scaled so that its largest absolute value lies in [0.5, 1), with no
    intermediate over- or underflow for finite input of any magnitude, subnormals included.

    Both scalings are by powers of two (``ldexp``), hence exact: x is first brought to
    [0.5, 1) by its largest |value| (the mean of such values cannot overflow), centred, and
    brought to [0.5, 1) again (the squares of the deviations cannot underflow). Pearson's r
    is unchanged by positive scalings."""
    u = np.ldexp(x, -math.frexp(float(np.abs(x).max()))[1])
    d = u - u.mean()
    d -= d.mean()
    return np.ldexp(d, -math.frexp(float(np.abs(d).max()))[1])


def vdot(a: NDArray[np.float64], b: NDArray[np.float64]) -> float:
    """``sum(a * b)`` of two vectors in one pass, single-threaded: ``np.einsum`` instead of
    ``np.dot``, whose BLAS call starts threads that, on a loaded machine, wait for a core
    and make a 0.3 ms reduction take 20 ms."""
    return float(np.einsum("i,i->", a, b))


def pearson_scaled(x: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """Pearson's r of two non-constant vectors of any finite magnitude."""
    dx, dy = _unit_deviations(x), _unit_deviations(y)
    return vdot(dx, dy) / (math.sqrt(vdot(dx, dx)) * math.sqrt(vdot(dy, dy)))


def centered_values(x: NDArray[np.float64]) -> tuple[NDArray[np.float64], float]:
    """``x − mean(x)`` and its sum of squares; inf or NaN (never a warning) when the
    magnitudes overflow, which Pearson's r detects and redoes from rescaled scores.

    The deviations are centred a second time, which removes the rounding error of the
    first mean (the corrected two-pass algorithm of Chan, Golub & LeVeque 1983): exactly
    collinear scores then give r = ±1 however large their common offset."""
    with np.errstate(all="ignore"):
        xm = x - x.mean() if x.size else x
        if xm.size:
            xm -= xm.mean()
        return xm, vdot(xm, xm)


#: Longer vectors are centred chunk by chunk (:func:`centered_sums`) instead of keeping a
#: centred copy: at n = 1e7 each n-long float array is 80 MB.
STREAM_MIN = 2_000_000
#: The chunk length of :func:`centered_sums`.
CHUNK = 1 << 16


def centered_sums(x: NDArray[np.float64], y: NDArray[np.float64]) -> tuple[float, float, float]:
    """``(Σ xm², Σ ym², Σ xm·ym)`` of the twice-centred vectors of :func:`centered_values`
    (the same per-element deviations), made chunk by chunk with no n-long temporary.
    Overflow gives inf or NaN, never a warning, as in :func:`centered_values`."""
    n = x.size
    chunks = range(0, n, CHUNK)
    with np.errstate(all="ignore"):
        mx, my = x.mean(), y.mean()
        cx = sum(float((x[a : a + CHUNK] - mx).sum()) for a in chunks) / n
        cy = sum(float((y[a : a + CHUNK] - my).sum()) for a in chunks) / n
        sxx = syy = sxy = 0.0
        for a in chunks:
            xm = x[a : a + CHUNK] - mx
            xm -= cx
            ym = y[a : a + CHUNK] - my
            ym -= cy
            sxx += vdot(xm, xm)
            syy += vdot(ym, ym)
            sxy += vdot(xm, ym)
    return sxx, syy, sxy


def centring(y: NDArray[np.float64]) -> tuple[float, float]:
    """``(mean, shift)``: the mean of ``y`` and the mean of ``y − mean``, the rounding of
    the first mean, which :func:`centered_values` removes by centring a second time: its
    deviations are ``(y − mean) − shift``. Chunk by chunk, with no n-long temporary; inf
    or NaN (never a warning) when the magnitudes overflow."""
    n = y.size
    if n == 0:
        return math.nan, math.nan
    with np.errstate(all="ignore"):
        mean = float(y.mean())
        scratch = np.empty(min(n, CHUNK))
        parts = np.empty(-(-n // CHUNK))
        for i, a in enumerate(range(0, n, CHUNK)):
            d = np.subtract(y[a : a + CHUNK], mean, out=scratch[: min(CHUNK, n - a)])
            parts[i] = d.sum()
        return mean, float(parts.sum()) / n


def centred_products(
    y: NDArray[np.float64], mean: float, shift: float, xm: NDArray[np.float64]
) -> tuple[float, float]:
    """``(Σ d², Σ xm·d)`` of the twice-centred deviations ``d = (y − mean) − shift`` of
    :func:`centring` and the centred gold scores ``xm``, chunk by chunk (the chunks' sums
    added pairwise), with no n-long temporary. Overflow gives inf or NaN."""
    n = y.size
    scratch = np.empty(min(n, CHUNK))
    parts = np.empty((2, -(-n // CHUNK)))
    with np.errstate(all="ignore"):
        for i, a in enumerate(range(0, n, CHUNK)):
            d = np.subtract(y[a : a + CHUNK], mean, out=scratch[: min(CHUNK, n - a)])
            d -= shift
            parts[0, i] = vdot(d, d)
            parts[1, i] = vdot(xm[a : a + CHUNK], d)
        syy, sxy = parts.sum(axis=1)
    return float(syy), float(sxy)


def pearson_streamed(x: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """Pearson's r of two non-constant vectors, centred chunk by chunk (:func:`centered_sums`);
    as ``simeval.metrics.correlation._pearson_centered``, rescaled for extreme magnitudes."""
    sxx, syy, sxy = centered_sums(x, y)
    lo, hi = SAFE_SUMSQ
    if lo < sxx < hi and lo < syy < hi:
        r = sxy / (math.sqrt(sxx) * math.sqrt(syy))
    else:
        r = pearson_scaled(x, y)
    return snap(r)


def count_inversions(a: NDArray[np.int64]) -> int:
    """Number of pairs i < j with a[i] > a[j], by a bottom-up merge sort done level by level.

    At width w the array is a sequence of sorted runs of length w; for each element of a
    right run, ``searchsorted`` counts the larger elements of its left neighbour. Runs are
    made comparable across blocks by the key ``block·M + a``.
    """
    n = a.size
    if n < 2:
        return 0
    big = int(a.max()) + 1
    idx = np.arange(n, dtype=np.int64)
    a = a.astype(np.int64, copy=True)
    total = 0
    w = 1
    while w < n:
        block = idx // (2 * w)
        right = ((idx // w) & 1).astype(bool)
        key = block * big + a
        left_keys = key[~right]
        right_keys = key[right]
        block_end = np.searchsorted(left_keys, (block[right] + 1) * big, side="left")
        not_greater = np.searchsorted(left_keys, right_keys, side="right")
        total += int((block_end - not_greater).sum())
        key.sort(kind="stable")
        a = key - block * big
        w *= 2
    return total


#: From this many pairs on, the discordant pairs are counted by scipy's compiled merge
#: count when it is available (its import costs more than the numpy count below this).
COMPILED_KENDALL_MIN = 20_000


@lru_cache(maxsize=1)
def compiled_discordant() -> Callable[[NDArray[np.intp], NDArray[np.intp]], int] | None:
    """scipy's compiled Fenwick-tree count of discordant pairs (``scipy.stats._stats.
    _kendall_dis``, the one ``scipy.stats.kendalltau`` uses; Knight 1966's O(n log n)
    algorithm; it runs without the GIL), or None when this scipy has no such function: it
    is private, so it is probed once and every caller keeps :func:`count_inversions` as
    the fallback."""
    try:
        from scipy.stats._stats import _kendall_dis

        _kendall_dis(np.array([0, 1], dtype=np.intp), np.array([2, 1], dtype=np.intp))
    except (ImportError, TypeError, ValueError):  # pragma: no cover - scipy version
        return None
    return lambda x, y: int(
        _kendall_dis(x.astype(np.intp, copy=False), y.astype(np.intp, copy=False))
    )


def count_discordant(gx: NDArray[np.intp], sy: NDArray[np.intp]) -> int:
    """Pairs ordered oppositely by gold and system, given both dense ranks in gold order
    (system ascending within gold ties; ``sy`` 1-based): the inversions of ``sy``.

    Large inputs use :func:`compiled_discordant`, 5-6x faster than the vectorised merge
    count :func:`count_inversions`, which serves the rest and any scipy without it.
    """
    compiled = compiled_discordant() if sy.size >= COMPILED_KENDALL_MIN else None
    return compiled(gx, sy) if compiled is not None else count_inversions(sy)


def int_dot_by_code(
    table: NDArray[np.int64],
    codes: NDArray[np.unsignedinteger],
    weights: int | NDArray[np.int64],
    n: int,
) -> int:
    """``Σ_i table[codes[i]] · w_i`` exactly, as a Python integer: ``w`` is ``weights`` (an
    array) or the odd numbers ``weights, weights + 2, …`` (an int). Every |table| and |w|
    is at most n, so chunks of 2**62 / n² terms cannot overflow int64."""
    step = max(1, min(1 << 16, 2**62 // max(n * n, 1)))
    total = 0
    for a in range(0, codes.size, step):
        b = min(a + step, codes.size)
        gathered = np.take(table, codes[a:b].astype(np.intp))
        if isinstance(weights, int):
            w = np.arange(weights + 2 * a, weights + 2 * b, 2, dtype=np.int64)
        else:
            w = weights[a:b]
        total += int(np.dot(gathered, w))
    return total


def is_constant(x: NDArray[np.float64]) -> bool:
    """Whether every value of ``x`` is the same — exactly, with no tolerance. This is the
    one definition of a constant vector in simeval: a correlation of a constant side is
    undefined, and the bootstrap's batched forms hand every resample they cannot tell
    from constant to the kernels, which use this test."""
    return bool(x.min() == x.max())


def undefined_reason(
    n: int,
    x: NDArray[np.float64] | None,
    y: NDArray[np.float64] | None,
    x_constant: bool | None = None,
    y_constant: bool | None = None,
) -> str | None:
    """Why a correlation of n pairs is undefined (fewer than 3 pairs, a constant side by
    :func:`is_constant`), or None; constancy known from a sort or a table may be given."""
    if n < 3:
        return f"undefined for fewer than 3 pairs (got {n})"
    if is_constant(x) if x_constant is None else x_constant:  # type: ignore[arg-type]
        return "undefined: the gold scores are constant"
    if is_constant(y) if y_constant is None else y_constant:  # type: ignore[arg-type]
        return "undefined: the system scores are constant"
    return None


def t_pvalue(r: float, n: int) -> float:
    """Two-sided p-value of r under H0: ρ = 0 with the t distribution on n − 2 df.

    Written as the equivalent Beta form ``2·I_{(1−|r|)/2}(n/2−1, n/2−1)``, which stays
    accurate when |r| is close to 1.
    """
    if n < 3 or math.isnan(r):
        return math.nan
    from scipy import special  # imported on first use: ``import simeval`` stays light

    ab = n / 2.0 - 1.0
    return float(min(1.0, 2.0 * special.betainc(ab, ab, 0.5 * (1.0 - abs(r)))))


def pearson_rows(x: ArrayLike, y: ArrayLike) -> NDArray[np.float64]:
    """Pearson's r along the last axis of ``x`` and ``y`` (broadcast against each other):
    many correlations at once, e.g. one per bootstrap resample. A row where either side
    is constant gives NaN, never 0. Rows of extreme magnitude are rescaled exactly as in
    :func:`~simeval.metrics.correlation.pearson`; values within 4 ulps of ±1 are reported as ±1.

    >>> pearson_rows([[1.0, 2, 3, 5], [1, 1, 1, 1]], [1.0, 2, 3, 4]).round(4)
    array([0.9827,    nan])
    """
    xa, ya = np.broadcast_arrays(np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64))
    constant = (xa.max(axis=-1) == xa.min(axis=-1)) | (ya.max(axis=-1) == ya.min(axis=-1))
    with np.errstate(all="ignore"):
        xc = xa - xa.mean(axis=-1, keepdims=True)
        yc = ya - ya.mean(axis=-1, keepdims=True)
        xc -= xc.mean(axis=-1, keepdims=True)  # second pass, as in pearson
        yc -= yc.mean(axis=-1, keepdims=True)
        num = (xc * yc).sum(axis=-1)
        sxx, syy = (xc * xc).sum(axis=-1), (yc * yc).sum(axis=-1)
        r = num / (np.sqrt(sxx) * np.sqrt(syy))
    lo, hi = SAFE_SUMSQ
    redo = ~constant & ~((sxx > lo) & (sxx < hi) & (syy > lo) & (syy < hi))
    if redo.any():  # rare: a few rows, recomputed one by one
        r = np.array(r, dtype=np.float64)
        for idx in np.argwhere(redo) if redo.ndim else [()]:
            i = tuple(idx)
            r[i] = pearson_scaled(xa[i], ya[i])
    r = np.clip(r, -1.0, 1.0)
    r = np.where(np.abs(r) >= 1.0 - SNAP, np.sign(r), r)
    return np.where(constant, np.nan, r)
