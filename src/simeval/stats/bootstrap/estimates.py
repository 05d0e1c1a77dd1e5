"""The bootstrap's values on all pairs: each system's scores on the gold scale (fixed for
every resample) and the point estimates (each metric's kernel, as ``evaluate`` computes
it)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...metrics._sorted import SortedScores
from ...metrics.context import Context, system_on_gold_scale
from ...options import Options
from .expressions import Expr, as_float

__all__ = ["on_gold_scale", "point_estimates"]


def on_gold_scale(
    S: NDArray[np.float64], names: Sequence[str], options: Options, gold: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Each system's scores on the gold scale, as the measures of a gold value read them
    (:func:`~simeval.metrics.context.system_on_gold_scale`: calibrated on ``gold`` when
    off the scale, or min–max mapped; a resample then keeps these values, it is not
    calibrated again).

    Parameters
    ----------
    S : ndarray
        The systems' scores, shape (systems, pairs).
    names : sequence of str
        The systems' names (their own ``system_scale`` and calibration set, if any).
    options : Options
        Resolved options (the gold scale, ``calibrate``).
    gold : ndarray
        The gold scores of the pairs.

    Returns
    -------
    ndarray
        The scores on the gold scale, shape (systems, pairs).

    Examples
    --------
    >>> from simeval import Options
    >>> S = np.array([[0.0, 0.5, 1.0]])
    >>> opts = Options(scale=(0, 5), system_scale=(0, 1), calibrate="none").resolve([0, 5])
    >>> on_gold_scale(S, ["a"], opts, np.array([0.0, 2.0, 5.0])).tolist()
    [[0.0, 2.5, 5.0]]
    """
    out = S.copy()
    for j, name in enumerate(names):
        out[j], _ = system_on_gold_scale(S[j], gold, options.for_system(name))
    return out


def point_estimates(
    exprs: Sequence[Expr],
    gold: NDArray[np.float64],
    S: NDArray[np.float64],
    names: Sequence[str],
    options: Options,
    binning: Binning | None = None,
) -> NDArray[np.float64]:
    """Every metric of every system on all pairs, shape (metrics, systems): the kernel's
    value (as :func:`~simeval.evaluate` computes it), or ``f(gold, system on the gold
    scale)`` for a callable.

    Parameters
    ----------
    exprs : sequence of Expr
        Parsed metrics (:func:`~simeval.stats.bootstrap.expressions.parse_metric`).
    gold, S : numpy.ndarray
        Gold scores, and the systems' scores as given, shape (systems, pairs).
    names : sequence of str
    options : Options
        Resolved options.
    binning : Binning, optional
        The bins of the scaled Pearson, when already assigned.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> from simeval.stats.bootstrap.expressions import parse_metric
    >>> opts = Options().resolve([1.0, 5.0])
    >>> point_estimates([parse_metric("pearson")], np.array([1.0, 2, 3, 4, 5]),
    ...                 np.array([[1.0, 3, 2, 5, 4]]), ["a"], opts).round(6).tolist()
    [[0.8]]
    """
    gold_sorted = SortedScores(gold)
    mapped = on_gold_scale(S, names, options, gold)
    out = np.empty((len(exprs), len(names)))
    for j, name in enumerate(names):
        ctx = Context(gold_sorted, SortedScores(S[j]), options.for_system(name), binning)
        for i, e in enumerate(exprs):
            if e.metric is not None:
                out[i, j] = ctx.result(e.metric).statistic
            else:
                assert e.func is not None
                out[i, j] = as_float(e.func(gold, mapped[j]))
    return out
