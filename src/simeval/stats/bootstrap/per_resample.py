"""The bootstrap's metrics without a form for many resamples at once, computed once per
resample by their own kernel: callables ``f(gold, system)``, registry metrics without a
:class:`~simeval.metrics.weighted.Resampled` form (or whose form does not hold under the
options), and the entries a form left to the kernel."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...metrics._sorted import SortedScores
from ...metrics.base import Metric as RegistryMetric
from ...metrics.context import Context
from ...metrics.weighted import Sample
from .expressions import MetricFunction, as_float

__all__ = ["callable_values", "recheck_values", "registry_values", "resampled"]


def resampled(W: NDArray[Any]) -> Iterator[tuple[int, NDArray[np.intp]]]:
    """Each weight column of ``W`` as pair indices (multiplicities expanded).

    Parameters
    ----------
    W : numpy.ndarray of int
        Shape (pairs, resamples).

    Yields
    ------
    tuple
        ``(r, indices)`` for each column r.

    Examples
    --------
    >>> W = np.array([[2, 0], [0, 1], [1, 2]])  # two resamples of three pairs
    >>> [(r, idx.tolist()) for r, idx in resampled(W)]
    [(0, [0, 0, 2]), (1, [1, 2, 2])]
    """
    for r in range(W.shape[1]):
        yield r, _drawn(W, r)


def _drawn(W: NDArray[Any], r: int) -> NDArray[np.intp]:
    return np.repeat(np.arange(W.shape[0]), W[:, r].astype(np.int64))


def callable_values(
    fn: MetricFunction, g: NDArray[np.float64], S: NDArray[np.float64], W: NDArray[Any]
) -> NDArray[np.float64]:
    """``fn(gold, system)`` of every system for every weight column, shape (columns, k).

    Parameters
    ----------
    fn : callable
        ``fn(gold, system)`` returning a float or a result with ``.statistic``.
    g : numpy.ndarray
        Gold scores.
    S : numpy.ndarray
        Systems' scores on the gold scale, shape (k, pairs).
    W : numpy.ndarray of int
        Weight columns, shape (pairs, columns).

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> W = np.array([[2, 0], [0, 1], [1, 2]])  # two resamples of three pairs
    >>> g, S = np.array([1.0, 2.0, 3.0]), np.array([[1.0, 2.0, 4.0]])
    >>> callable_values(lambda gold, s: float(np.mean(s - gold)), g, S, W).tolist()
    [[0.3333333333333333], [0.6666666666666666]]
    """
    out = np.empty((W.shape[1], S.shape[0]))
    for r, idx in resampled(W):
        gold = g[idx]
        for j in range(S.shape[0]):
            out[r, j] = as_float(fn(gold, S[j][idx]))
    return out


def _binning(sample: Sample, idx: NDArray[np.intp], g: NDArray[np.float64]) -> Binning | None:
    """The bins of one resample: a pair keeps its bin (and its label travels with it)
    where the bin depends on the pair alone; segments and quantiles are recomputed on
    the resample, as evaluate would compute them on that data."""
    full, o = sample.binning, sample.options
    if full is None:
        return None
    if o.binning_rule.kind.per_pair:
        return Binning(full.index[idx], full.specs)
    return o.binning_rule.assign(g, scale=o.scale)


def _context(sample: Sample, idx: NDArray[np.intp], j: int, gold: SortedScores,
             binning: Binning | None) -> Context:  # fmt: skip
    """System j on the drawn pairs ``idx``: its raw scores, and its views on the gold scale
    as the full data has them (a resample is neither mapped nor normalized again)."""
    eg, E = sample.error_pair
    views = {"system_mapped": sample.on_gold_scale[j][idx], "on_gold_scale": (eg[idx], E[j][idx])}
    return Context(gold, SortedScores(sample.systems[j][idx]), sample.options, binning, views)


def registry_values(
    metrics: Sequence[RegistryMetric], sample: Sample, W: NDArray[Any]
) -> dict[str, NDArray[np.float64]]:
    """Registry metrics by their own kernels, once per resample and system; per resample
    one sort of the gold scores and one :class:`Context` per system are shared.

    Parameters
    ----------
    metrics : sequence of Metric
        Registry records.
    sample : Sample
        The full data (:func:`~simeval.stats.bootstrap.engine.sample_of`).
    W : numpy.ndarray of int
        Weight columns, shape (pairs, columns).

    Returns
    -------
    dict of str to numpy.ndarray
        Metric name → values of shape (columns, k).

    Examples
    --------
    >>> from simeval.options import Options
    >>> from simeval.metrics.registry import get_metric
    >>> from simeval.stats.bootstrap.engine import sample_of
    >>> g, S = np.array([1.0, 2, 3, 4]), np.array([[1.0, 3, 2, 4]])
    >>> kendall = get_metric("kendall")
    >>> sample = sample_of(g, S, S, Options().resolve(g), [kendall])
    >>> registry_values([kendall], sample, np.ones((4, 1), dtype=int))["kendall"].round(6).tolist()
    [[0.666667]]
    """
    out = {m.name: np.empty((W.shape[1], sample.k)) for m in metrics}
    for r, idx in resampled(W):
        gold_r = sample.gold[idx]
        gold = SortedScores(gold_r)
        bins = _binning(sample, idx, gold_r)
        for j in range(sample.k):
            ctx = _context(sample, idx, j, gold, bins)
            for m in metrics:
                out[m.name][r, j] = ctx.result(m).statistic
    return out


def recheck_values(
    metric: RegistryMetric,
    sample: Sample,
    W: NDArray[Any],
    rows: NDArray[np.intp],
    cols: NDArray[np.intp],
) -> NDArray[np.float64]:
    """The kernel's value of ``metric`` for the entries (resample ``rows[i]``, system
    ``cols[i]``) a resampled form could not decide exactly.

    Parameters
    ----------
    metric : Metric
    sample : Sample
    W : numpy.ndarray of int
    rows, cols : numpy.ndarray of int
        The entries: resample and system.

    Returns
    -------
    numpy.ndarray
        One value per entry.

    Examples
    --------
    >>> from simeval.options import Options
    >>> from simeval.metrics.registry import get_metric
    >>> from simeval.stats.bootstrap.engine import sample_of
    >>> g, S = np.array([1.0, 2, 3, 4]), np.array([[1.0, 3, 2, 4]])
    >>> tau = get_metric("kendall")
    >>> sample = sample_of(g, S, S, Options().resolve(g), [tau])
    >>> W = np.ones((4, 1), dtype=int)
    >>> recheck_values(tau, sample, W, np.array([0]), np.array([0])).round(6).tolist()
    [0.666667]
    """
    out = np.empty(rows.size)
    for i, (r, j) in enumerate(zip(rows.tolist(), cols.tolist())):
        idx = _drawn(W, r)
        gold_r = sample.gold[idx]
        ctx = _context(sample, idx, j, SortedScores(gold_r), _binning(sample, idx, gold_r))
        out[i] = ctx.result(metric).statistic
    return out
