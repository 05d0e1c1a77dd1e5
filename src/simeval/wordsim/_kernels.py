"""The distance kernels of :mod:`simeval.wordsim.distances` (wordspace 0.2-8's
``CPP_col_dist_dense`` formulas), safe from overflow and underflow: a norm or a distance
whose squares or p-th powers leave the floating-point range is computed again from the
vectors divided by their largest coordinate, ``m·‖x/m‖`` (as LAPACK's ``dnrm2`` and
``numpy.hypot`` do), so that vectors scaled by 1e200 or 1e-200, or a minkowski p of 1000,
give the distances of the unscaled ones."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["COSINE_TOL"]  # the kernels are private to simeval.wordsim.distances

#: wordspace snaps cosines within this distance of ±1 to ±1 before ``acos``.
COSINE_TOL = 1e-12
#: Beyond this minkowski p, |x − y|^p under- or overflows for ordinary coordinates: each
#: pair is then measured over its largest coordinate difference.
_CDIST_MAX_P = 64.0


def _scaled_norm(diff: NDArray[np.float64], p: float) -> NDArray[np.float64]:
    """``m·(Σ (|d|/m)^p)^(1/p)`` along the last axis, ``m = max |d|``: no power leaves the
    floating-point range (the largest term is 1)."""
    m = np.max(diff, axis=-1)
    safe = np.where(m > 0, m, 1.0)
    return m * np.sum((diff / safe[..., None]) ** p, axis=-1) ** (1.0 / p)


#: Far enough from the ends of the float range that sums of squares cannot leave it.
_SAFE = (1e-100, 1e100)


def _rescued(
    values: NDArray[np.float64], diff: NDArray[np.float64], p: float
) -> NDArray[np.float64]:
    """``values`` (p-norms of the rows of ``diff``), with the ones whose sum of powers
    overflowed or fell below the normal floats (subnormal or 0, though a coordinate is not
    0) computed again by :func:`_scaled_norm`."""
    small = float(np.finfo(np.float64).tiny) ** (1.0 / p)
    bad = ~np.isfinite(values) | ((values < small) & (np.max(diff, axis=-1) > 0))
    if bad.any():
        values = values.copy()
        values[bad] = _scaled_norm(diff[bad], p)
    return values


def normalize_rows(matrix: NDArray[np.float64]) -> NDArray[np.float64]:
    """Rows scaled to unit Euclidean length (``x · (1/|x|)``, as wordspace's
    ``normalize.rows``); a zero row becomes NaN, never a silent 0."""
    with np.errstate(over="ignore", under="ignore", divide="ignore"):
        norms = _rescued(np.sqrt(np.einsum("ij,ij->i", matrix, matrix)), np.abs(matrix), 2.0)
        inv = np.divide(1.0, norms, out=np.full_like(norms, np.nan), where=norms > 0)
        out = matrix * inv[:, None]
        tiny = (norms > 0) & ~np.isfinite(inv)  # 1/|x| overflows for |x| below 1e-308
        if tiny.any():
            out[tiny] = matrix[tiny] / norms[tiny, None]
    return out


def clamp_cosine(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """``CPP_similarity_to_distance`` before ``acos``: snap |c| > 1 − 1e-12 to ±1 (in place)."""
    c[c > 1.0 - COSINE_TOL] = 1.0
    c[c < -(1.0 - COSINE_TOL)] = -1.0
    return c


def angle(c: NDArray[np.float64]) -> NDArray[np.float64]:
    """``acos(x) * 180 / M_PI`` of clamped cosines, evaluated in the C order."""
    return np.arccos(c) * 180.0 / np.pi


def pointwise(
    a: NDArray[np.float64], b: NDArray[np.float64], method: str, p: float
) -> NDArray[np.float64]:
    """Distances between rows ``a[i]`` and ``b[i]`` (``CPP_col_dist_dense`` formulas)."""
    with np.errstate(over="ignore", under="ignore"):
        diff = np.abs(a - b)
        if method == "euclidean":
            return _rescued(np.sqrt(np.sum(diff * diff, axis=-1)), diff, 2.0)
        if method == "manhattan":
            return np.sum(diff, axis=-1)
        if method == "maximum":
            return np.max(diff, axis=-1)
        if p == 0.0:  # wordspace: the Hamming length, the number of coordinates that differ
            return np.count_nonzero(diff, axis=-1).astype(np.float64)
        acc = np.sum(diff**p, axis=-1)
        if p <= 1.0:
            return acc  # wordspace: no root for p <= 1
        return _rescued(acc ** (1.0 / p), diff, p)


def cross(
    a: NDArray[np.float64], b: NDArray[np.float64], method: str, p: float
) -> NDArray[np.float64]:
    """Distance matrix between the rows of ``a`` and of ``b`` (not cosine)."""
    from scipy.spatial.distance import cdist

    with np.errstate(over="ignore", under="ignore"):
        if method == "manhattan" or (method == "minkowski" and p == 1.0):
            return cdist(a, b, "cityblock")
        if method == "maximum":
            return cdist(a, b, "chebyshev")
        if p == 0.0 and method == "minkowski":  # the Hamming length (scipy: its share)
            return cdist(a, b, "hamming") * a.shape[1]
        q = 2.0 if method == "euclidean" else p
        if q > 1.0 and q <= _CDIST_MAX_P:
            # powers of coordinates beyond 1e±100 leave the float range: those matrices are
            # measured divided by their largest coordinate (distances scale with it)
            top = max(float(np.abs(a).max(initial=0.0)), float(np.abs(b).max(initial=0.0)))
            c = top if top > 0 and not _SAFE[0] <= top <= _SAFE[1] else 1.0
            a_c, b_c = (a, b) if c == 1.0 else (a / c, b / c)
            kind = {"metric": "euclidean"} if q == 2.0 else {"metric": "minkowski", "p": q}
            return cdist(a_c, b_c, **kind) * c
        if q > 1.0:  # a large p: every pair over its own largest coordinate difference
            out = np.empty((a.shape[0], b.shape[0]))
            step = max(1, 2_000_000 // max(1, b.size))
            for s in range(0, a.shape[0], step):
                out[s : s + step] = _scaled_norm(np.abs(a[s : s + step, None, :] - b[None]), q)
            return out
        out = np.empty((a.shape[0], b.shape[0]))
        step = max(1, 2_000_000 // max(1, b.size))
        for s in range(0, a.shape[0], step):  # p < 1: sum |x−y|^p, no root
            out[s : s + step] = np.sum(np.abs(a[s : s + step, None, :] - b[None]) ** p, axis=-1)
        return out
