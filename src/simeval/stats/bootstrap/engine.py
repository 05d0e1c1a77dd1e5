"""The batched bootstrap engine: k systems' metrics on chunks of weighted resamples.

The engine knows no metric. Each requested registry metric brings its own form for many
resamples at once (:class:`~simeval.metrics.weighted.Resampled`): the engine sums every
metric's per-pair features under all weight columns in one product ``Wᵀ F``, hands the
sums (and ``W``) to the forms, and computes with the metric's kernel, on the expanded
resample, every entry a form leaves to it (:class:`~simeval.metrics.weighted.Resamples`)
and every metric without a form (once per resample, :mod:`.per_resample`). A chunk of
resamples is an integer matrix ``W`` (pairs × resamples): column r weights pair i by
``W[i, r]``, a bootstrap multiplicity or 0/1 for the jackknife.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...metrics.base import Metric
from ...metrics.weighted import Chunk, Resamples, Sample, Sums
from .expressions import Expr
from .per_resample import callable_values, recheck_values, registry_values

__all__ = ["Engine"]


class Engine:
    """Weighted statistics of k systems against one gold vector, for many weight columns.

    ``values(W)`` takes ``W`` of shape ``(n, c)`` (integers) and maps each requested leaf
    metric to a ``(c, k)`` array.

    Parameters
    ----------
    sample : Sample
        The full data (see :func:`sample_of`).
    leaves : sequence of Expr
        The plain metrics and callables asked for.

    Examples
    --------
    >>> from simeval.options import Options
    >>> from simeval.metrics.registry import get_metric
    >>> from simeval.stats.bootstrap.expressions import parse_metric
    >>> g, S = np.array([1.0, 2, 3, 4]), np.array([[1.0, 3, 2, 4]])
    >>> opts = Options().resolve(g)
    >>> sample = sample_of(g, S, S, opts, [get_metric("pearson")])
    >>> engine = Engine(sample, [parse_metric("pearson")])
    >>> W = np.array([[1], [1], [1], [1]])  # the full sample as one weight column
    >>> engine.values(W)["pearson"].round(6).tolist()
    [[0.8]]
    """

    def __init__(self, sample: Sample, leaves: Sequence[Expr]):
        """``sample``: the full data (systems on the gold scale in ``on_gold_scale``,
        options resolved, with ``system_scale`` None); ``leaves``: the plain metrics and
        callables asked for."""
        self.sample = sample
        self.callables = {leaf.label: leaf.func for leaf in leaves if leaf.func is not None}
        metrics = [leaf.metric for leaf in leaves if leaf.metric is not None]
        options = sample.options
        self.formed = [m for m in metrics if m.resampled is not None and m.resampled.holds(options)]
        self.per_resample = [m for m in metrics if m not in self.formed]
        self.F, self.columns = _feature_matrix(sample, self.formed)

    def values(self, W: NDArray[Any]) -> dict[str, NDArray[np.float64]]:
        out: dict[str, NDArray[np.float64]] = {}
        if self.formed:
            product = W.astype(np.float64, copy=False).T @ self.F
            chunk = Chunk(W, Sums(product, self.columns))
            for metric in self.formed:
                out[metric.name] = self._formed(metric, chunk)
        for name, fn in self.callables.items():
            out[name] = callable_values(fn, self.sample.gold, self.sample.on_gold_scale, W)
        if self.per_resample:
            out.update(registry_values(self.per_resample, self.sample, W))
        return out

    def _formed(self, metric: Metric, chunk: Chunk) -> NDArray[np.float64]:
        assert metric.resampled is not None
        got = metric.resampled.values(self.sample, chunk)
        result = got if isinstance(got, Resamples) else Resamples(np.asarray(got))
        values = np.array(result.values, dtype=np.float64)
        if result.recheck is not None and result.recheck.any():
            rows, cols = np.nonzero(result.recheck)
            values[rows, cols] = recheck_values(metric, self.sample, chunk.W, rows, cols)
        return values


def _feature_matrix(
    sample: Sample, metrics: Sequence[Metric]
) -> tuple[NDArray[np.float64], dict[str, slice]]:
    """Every named feature block of ``metrics`` side by side (each ``features`` function
    called once), and each block's columns."""
    blocks: dict[str, NDArray[np.float64]] = {}
    called: set[Callable[..., Any]] = set()
    for m in metrics:
        features = m.resampled.features if m.resampled is not None else None
        if features is None or features in called:
            continue
        called.add(features)
        for name, block in features(sample).items():
            if name in blocks:
                raise ValueError(f"feature block {name!r} is named twice")  # a programming error
            blocks[name] = np.asarray(block, dtype=np.float64).reshape(sample.n, -1)
    columns, start = {}, 0
    for name, block in blocks.items():
        columns[name] = slice(start, start + block.shape[1])
        start += block.shape[1]
    F = np.concatenate(list(blocks.values()), axis=1) if blocks else np.zeros((sample.n, 0))
    return F, columns


def full_binning(sample: Sample, metrics: Sequence[Metric]) -> Binning | None:
    """The bins of the full data, when a metric uses them (a resample keeps each pair's bin
    where the bin depends on the pair alone)."""
    if not any(m.uses_bins for m in metrics):
        return None
    o = sample.options
    return o.binning_rule.assign(sample.gold, scale=o.scale)


def sample_of(
    gold: NDArray[np.float64],
    raw: NDArray[np.float64],
    on_gold_scale: NDArray[np.float64],
    options: Any,
    metrics: Sequence[Metric],
) -> Sample:
    """The :class:`Sample` of a bootstrap: the full data, its bins, the metrics asked."""
    sample = Sample(gold, raw, on_gold_scale, options, None, tuple(metrics))
    sample.binning = full_binning(sample, metrics)
    return sample
