"""The scaled errors of Atoum & Ayyagari (2019) on weighted resamples: sums of the
absolute and squared errors, and the mean absolute deviation of the system scores (eq.
3's denominator) by a windowed correction of a weighted sum."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .._sorted import SortedScores
from . import Chunk, Resamples, Sample
from .moments import magnitude_factor

__all__ = ["all_errors", "error_features"]

#: A mean absolute deviation below this fraction of the scores' size may be zero (a
#: constant resample): the kernel decides those entries.
NEAR_ZERO = 1e-12


@dataclass(eq=False)
class _ErrorLayout:
    """The error pair of the full data scaled below 2 when huge (``factor``), each system's
    mean ``ē`` and its sort (for the MAD's correction window)."""

    factor: float
    mean: NDArray[np.float64]
    sorted: list[SortedScores]


def _layout(sample: Sample) -> _ErrorLayout:
    g, E = sample.error_pair
    f = magnitude_factor(g, E)
    return _ErrorLayout(f, (E / f).mean(axis=1), [SortedScores(e / f) for e in E])


def error_features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    """The per-pair features of the error measures, each of shape (n, k): the absolute and
    squared errors ``|s − g|`` and ``(s − g)²``, and the system's deviations from its full
    data mean ``ē`` (signed, absolute, and whether below it) from which the mean absolute
    deviation of a resample follows (:func:`all_errors`).

    Parameters
    ----------
    sample : Sample
        The full data.

    Returns
    -------
    Mapping[str, numpy.ndarray]
        ``error.abs``, ``error.sq``, ``error.centred``, ``error.absdev``, ``error.below``.

    Examples
    --------
    >>> from simeval import Options
    >>> S = np.array([[0.0, 2, 4]])
    >>> blocks = error_features(Sample(np.array([0.0, 1, 2]), S, S, Options()))
    >>> blocks["error.abs"].ravel().tolist(), blocks["error.centred"].ravel().tolist()
    ([0.0, 1.0, 2.0], [-2.0, 0.0, 2.0])
    """
    g, E = sample.error_pair
    lay = sample.shared(_layout)
    g, E = g / lay.factor, E / lay.factor
    d = (E - g).T
    centred = (E - lay.mean[:, None]).T
    return {
        "error.abs": np.abs(d),
        "error.sq": d * d,
        "error.centred": centred,
        "error.absdev": np.abs(centred),
        "error.below": (centred < 0).astype(np.float64),
    }


def _mean_abs_dev(lay: _ErrorLayout, chunk: Chunk) -> tuple[NDArray[np.float64], ...]:
    """``Σ_i w_i |s_i − m| / N`` with m the resample's mean (Atoum & Ayyagari 2019, eq. 3's
    denominator), and that mean. Written as ``Σ w|s − ē|`` (a weighted sum of a feature)
    plus a correction: a pair below both ē and m changes by ``m − ē``, one above both by
    ``ē − m``, so only the pairs between ē and the resample means (a narrow window of the
    sorted scores) are visited per resample."""
    W, N, L = chunk.W, chunk.N, chunk.sums
    absdev, below = L["error.absdev"], L["error.below"]
    means = L["error.centred"] / N[:, None] + lay.mean[None, :]
    dev = np.empty_like(means)
    Wf = W.astype(np.float64, copy=False)
    for j, ss in enumerate(lay.sorted):
        sbar, m = lay.mean[j], means[:, j]
        lo, hi = min(sbar, float(m.min())), max(sbar, float(m.max()))
        a = int(np.searchsorted(ss.sorted, lo, side="left"))
        b = int(np.searchsorted(ss.sorted, hi, side="right"))
        p = int(np.searchsorted(ss.sorted, sbar, side="left"))
        window = np.take(Wf, ss.order[a:b], axis=0)
        sw = ss.sorted[a:b, None]
        corr = np.einsum("ij,ij->j", window, np.abs(sw - m[None, :]) - np.abs(sw - sbar))
        n_below = below[:, j] - window[: p - a].sum(axis=0)
        n_above = N - below[:, j] - window[p - a :].sum(axis=0)
        dev[:, j] = absdev[:, j] + (m - sbar) * (n_below - n_above) + corr
    return np.maximum(dev, 0.0) / N[:, None], means


def all_errors(sample: Sample, chunk: Chunk) -> dict[str, Resamples]:
    """The five error measures of a chunk, computed together (they share every sum):
    MAE, MASE = MAE/MAD, MSSE = MSE/MAD², NMASE = 1 − e^(−MASE) and
    NMSSE = 1 − e^(−MSSE) (Atoum & Ayyagari 2019, eq. 2–5), MAD being the mean absolute
    deviation of the resample's system scores about their own mean.

    Parameters
    ----------
    sample : Sample
        The full data.
    chunk : Chunk
        The resamples, with the sums of :func:`error_features`.

    Returns
    -------
    dict of str to Resamples
        By measure name; entries whose MAD may be zero are left to the kernel.

    Examples
    --------
    Gold 0, 1, 2 and system 0, 2, 4, every pair drawn once: MAE = 1, MAD = 4/3,
    MASE = 3/4, MSSE = (5/3)/(16/9) = 15/16.

    >>> from simeval import Options
    >>> from simeval.metrics.weighted import Sums
    >>> S = np.array([[0.0, 2, 4]])
    >>> sample = Sample(np.array([0.0, 1, 2]), S, S, Options())
    >>> blocks = error_features(sample)
    >>> columns = {name: slice(j, j + 1) for j, name in enumerate(blocks)}
    >>> W = np.ones((3, 1), dtype=np.int64)
    >>> chunk = Chunk(W, Sums(W.T @ np.hstack(list(blocks.values())), columns))
    >>> res = all_errors(sample, chunk)
    >>> [round(float(res[name].values[0, 0]), 12) for name in ("mae", "mase", "msse")]
    [1.0, 0.75, 0.9375]
    """
    lay = sample.shared(_layout)
    N = chunk.N[:, None]
    mae = chunk.sums["error.abs"] / N
    mse = chunk.sums["error.sq"] / N
    dev, means = _mean_abs_dev(lay, chunk)
    size = np.abs(means) + chunk.sums["error.absdev"] / N
    unsure = dev <= NEAR_ZERO * size
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        mase = np.where(unsure, np.nan, mae / dev)
        msse = np.where(unsure, np.nan, mse / dev**2)
    with np.errstate(over="ignore"):
        mae_value = mae * lay.factor
    too_large = ~np.isfinite(mae_value)  # beyond the float range: the kernel says why
    return {
        "mae": Resamples(np.where(too_large, np.nan, mae_value), too_large),
        "mase": Resamples(mase, unsure),
        "msse": Resamples(msse, unsure),
        "nmase": Resamples(-np.expm1(-mase), unsure),
        "nmsse": Resamples(-np.expm1(-msse), unsure),
    }
