"""How :func:`~simeval.evaluation.evaluate.evaluate` pairs each system with the gold
scores: validated once, binned once, and a system whose scores are all finite paired as
it is, with no copy and no second check."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .._validate import paired_scores
from ..binning import BinKind, Binning
from ..options import NanPolicy, Options

__all__ = ["bin_all", "finite_extremes", "paired_with_gold"]


def finite_extremes(scores: NDArray[np.float64]) -> tuple[float, float] | None:
    """``(min, max)`` of a non-empty vector when both are finite, which means that every
    score is (NaN propagates through both, an infinity is one of them); else None.

    Parameters
    ----------
    scores : numpy.ndarray
        A vector of scores.

    Returns
    -------
    (float, float) or None

    Examples
    --------
    >>> finite_extremes(np.array([0.5, 2.0, 1.0])), finite_extremes(np.array([0.5, np.nan]))
    ((0.5, 2.0), None)
    """
    if scores.size == 0:
        return None
    lo, hi = float(scores.min()), float(scores.max())
    return (lo, hi) if math.isfinite(lo) and math.isfinite(hi) else None


def paired_with_gold(
    gold: NDArray[np.float64],
    scores: NDArray[np.float64],
    name: str,
    nan_policy: NanPolicy,
    gold_finite: bool,
) -> tuple[NDArray[np.float64], NDArray[np.float64], tuple[float, float] | None]:
    """``(gold, system, extremes)``: the pairs a system is scored on and, when all its
    scores are finite, their smallest and largest value. Finite scores of the gold's
    length beside finite gold scores (``gold_finite``) are the pairs as they are; anything
    else goes through :func:`~simeval._validate.paired_scores`, which names a missing or
    infinite score or drops the pairs under ``nan_policy="omit"``.

    Parameters
    ----------
    gold : numpy.ndarray
        The gold scores.
    scores : numpy.ndarray
        The system's scores.
    name : str
        The system's name, for a message.
    nan_policy : {"raise", "omit"}
        What a missing score does.
    gold_finite : bool
        Whether every gold score is finite.

    Returns
    -------
    gold, system : numpy.ndarray
        The pairs scored.
    extremes : (float, float) or None
        The smallest and largest score, when all were finite.

    Raises
    ------
    InputError
        A missing or infinite score under ``nan_policy="raise"``, or lengths that differ.

    Examples
    --------
    >>> gold = np.array([1.0, 2.0, 3.0])
    >>> paired_with_gold(gold, np.array([0.2, 0.1, 0.3]), "s", "raise", True)[2]
    (0.1, 0.3)
    >>> g, s, extremes = paired_with_gold(gold, np.array([0.2, np.nan, 0.3]), "s", "omit", True)
    >>> g.tolist(), s.tolist(), extremes
    ([1.0, 3.0], [0.2, 0.3], None)
    """
    extremes = finite_extremes(scores) if gold_finite and scores.shape == gold.shape else None
    if extremes is not None:
        return gold, np.ascontiguousarray(scores), extremes
    g, s = paired_scores(gold, scores, nan_policy=nan_policy, names=("gold", name))
    return g, s, None


def bin_all(
    opts: Options, gold: NDArray[np.float64], gold_nan: NDArray[np.bool_] | None
) -> Binning:
    """Bin every pair once; pairs without a gold score get bin −1.

    Parameters
    ----------
    opts : Options
        The binning rule (:attr:`~simeval.options.Options.binning_rule`) and gold scale.
    gold : numpy.ndarray
        The gold scores.
    gold_nan : numpy.ndarray of bool or None
        Which gold scores are missing (None: none is).

    Returns
    -------
    Binning

    Examples
    --------
    >>> gold = np.array([0.5, np.nan, 4.5])
    >>> bin_all(Options(scale=(0, 5)), gold, np.isnan(gold)).index.tolist()
    [0, -1, 2]
    """
    bins = opts.binning_rule
    if bins.kind is BinKind.LABELS or gold_nan is None or not gold_nan.any():
        return bins.assign(gold, scale=opts.scale)
    part = bins.assign(gold[~gold_nan], scale=opts.scale)
    index = np.full(gold.size, -1, dtype=part.index.dtype)
    index[~gold_nan] = part.index
    return Binning(index, part.specs, part.remainder)
