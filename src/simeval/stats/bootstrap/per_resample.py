"""The bootstrap's metrics without a batched kernel, computed once per resample: callables
``f(gold, system)`` and the registry metrics neither :class:`~.engine.Engine` nor
:mod:`.rank_kernels` batches, with the evaluation's scale and bins."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...metrics._sorted import SortedScores
from ...metrics.base import Context
from ...metrics.base import Metric as RegistryMetric
from ...options import Options
from .expressions import MetricFunction, as_float

__all__ = ["callable_values", "registry_values", "resampled"]


def resampled(W: NDArray[Any]) -> Iterator[tuple[int, NDArray[np.intp]]]:
    """Each weight column of ``W`` as pair indices (multiplicities expanded)."""
    positions = np.arange(W.shape[0])
    for r in range(W.shape[1]):
        yield r, np.repeat(positions, W[:, r].astype(np.int64))


def callable_values(
    fn: MetricFunction, g: NDArray[np.float64], S: NDArray[np.float64], W: NDArray[Any]
) -> NDArray[np.float64]:
    """``fn(gold, system)`` of every system for every weight column, shape (columns, k)."""
    out = np.empty((W.shape[1], S.shape[0]))
    for r, idx in resampled(W):
        gold = g[idx]
        for j in range(S.shape[0]):
            out[r, j] = as_float(fn(gold, S[j][idx]))
    return out


def _binning(options: Options, full: Binning, idx: NDArray[np.intp], g: NDArray) -> Binning:
    """The bins of one resample: a pair keeps its bin (and its label travels with it)
    where the bin depends on the pair alone; segments and quantiles are recomputed on
    the resample, as evaluate would compute them on that data."""
    if options.binning_rule.kind.per_pair:
        return Binning(full.index[idx], full.specs)
    return options.binning_rule.assign(g, scale=options.scale)


def registry_values(
    metrics: Sequence[RegistryMetric],
    g: NDArray[np.float64],
    S: NDArray[np.float64],
    W: NDArray[Any],
    options: Options,
    binning: Binning | None,
) -> dict[str, NDArray[np.float64]]:
    """Registry metrics by their own kernels, once per resample and system; per resample
    one sort of the gold scores and one :class:`Context` per system are shared."""
    out = {m.name: np.empty((W.shape[1], S.shape[0])) for m in metrics}
    for r, idx in resampled(W):
        gold_r = g[idx]
        gold = SortedScores(gold_r)
        bins = _binning(options, binning, idx, gold_r) if binning is not None else None
        for j in range(S.shape[0]):
            ctx = Context(gold, SortedScores(S[j][idx]), options, bins)
            for m in metrics:
                out[m.name][r, j] = ctx.result(m).statistic
    return out
