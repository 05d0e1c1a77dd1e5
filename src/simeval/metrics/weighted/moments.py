"""Pearson's r from weighted sums: the sufficient statistics Pearson's r and the scaled
Pearson (per bin) share on weighted resamples."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .._numeric import SNAP
from . import Resamples

__all__ = ["ILL_CONDITIONED", "magnitude_factor", "moment_features", "pearson_from_sums"]

#: A variance computed from sums that is below this fraction of the mean square has lost
#: at least 8 of its 16 digits to cancellation (or the side may be constant): the
#: bootstrap computes such entries with the kernel instead (see :class:`Resamples`).
ILL_CONDITIONED = 1e-8


def magnitude_factor(*arrays: NDArray[np.float64]) -> float:
    """1, or the power of two (exact to divide by) that brings scores beyond ±1e150 below
    2, so that their squares and cross products cannot overflow.

    Parameters
    ----------
    *arrays : numpy.ndarray
        Scores (finite).

    Returns
    -------
    float

    Examples
    --------
    >>> magnitude_factor(np.array([5.0])), magnitude_factor(np.array([1e200, 3.0])) == 2.0**664
    (1.0, True)
    """
    big = max(float(np.abs(a).max()) for a in arrays)
    return math.ldexp(1.0, math.frexp(big)[1] - 1) if big > 1e150 else 1.0


def moment_features(
    gold: NDArray[np.float64], systems: NDArray[np.float64], mask: NDArray[np.bool_] | None = None
) -> tuple[NDArray[np.float64], ...]:
    """Pearson's per-pair statistics of the pairs in ``mask`` (all pairs: None), centred on
    their own means: ``(gold: [g, g²], systems s, s², s·g, count)``, shapes (n, 2), (n, k)
    ×3 and (n, 1), zero outside the mask. Weighted sums of these give every resample's
    moments (:func:`pearson_from_sums`).

    Parameters
    ----------
    gold : numpy.ndarray
        Shape (n,).
    systems : numpy.ndarray
        Shape (k, n).
    mask : numpy.ndarray of bool, optional
        The pairs of a bin.

    Returns
    -------
    tuple of numpy.ndarray
        ``(gold, s, s2, sg, count)``.

    Examples
    --------
    >>> gold, s, s2, sg, count = moment_features(np.array([1.0, 2, 3]), np.array([[2.0, 4, 9]]))
    >>> gold.tolist(), s.ravel().tolist()  # centred on the means 2 and 5
    ([[-1.0, 1.0], [0.0, 0.0], [1.0, 1.0]], [-3.0, -1.0, 4.0])
    """
    f = magnitude_factor(gold, systems)
    g, S = gold / f, systems / f
    m = np.ones(g.size, dtype=bool) if mask is None else mask
    gc = np.where(m, g - (g[m].mean() if m.any() else 0.0), 0.0)
    Sc = np.where(m, S - (S[:, m].mean(axis=1, keepdims=True) if m.any() else 0.0), 0.0).T
    return (np.stack([gc, gc * gc], axis=1), Sc, Sc * Sc, Sc * gc[:, None],
            m.astype(np.float64)[:, None])  # fmt: skip


def pearson_from_sums(
    gold: NDArray[np.float64],
    s: NDArray[np.float64],
    s2: NDArray[np.float64],
    sg: NDArray[np.float64],
    N: NDArray[np.float64],
) -> Resamples:
    """Pearson's r of every weight column and system from the weighted sums of
    :func:`moment_features` (``gold`` (c, 2), the others (c, k), ``N`` (c, 1)):
    ``r = cov / sqrt(var_g · var_s)`` with the moments about the resample's means. NaN
    where fewer than 3 pairs are drawn; entries whose variances lost their precision (or
    may be zero: a constant side) are left to the kernel (``recheck``).

    Parameters
    ----------
    gold : numpy.ndarray
        Shape (c, 2): the weighted sums of the gold features.
    s, s2, sg : numpy.ndarray
        Shape (c, k): the weighted sums of the system features.
    N : numpy.ndarray
        Shape (c, 1): the pairs drawn in each column.

    Returns
    -------
    Resamples
        r of shape (c, k).

    Examples
    --------
    Every pair drawn once gives the data's r (scipy's ``pearsonr``: 0.970725):

    >>> features = moment_features(np.array([1.0, 2, 3]), np.array([[2.0, 4, 9]]))
    >>> sums = [f.sum(axis=0, keepdims=True) for f in features]
    >>> pearson_from_sums(*sums).values.round(6).tolist()
    [[0.970725]]
    """
    with np.errstate(invalid="ignore", divide="ignore"):
        mg, g2 = gold[:, :1] / N, gold[:, 1:2] / N
        ms, ms2 = s / N, s2 / N
        vg, vs = g2 - mg**2, ms2 - ms**2
        r = np.clip((sg / N - mg * ms) / np.sqrt(vg * vs), -1.0, 1.0)
    r = np.where(np.abs(r) >= 1.0 - SNAP, np.sign(r), r)
    too_few = N < 3
    unsure = ((vg <= ILL_CONDITIONED * g2) | (vs <= ILL_CONDITIONED * ms2)) & ~too_few
    return Resamples(np.where(too_few | unsure, np.nan, r), unsure)
