"""What a metric *is*: one :class:`Metric` definition per measure, and the
:class:`Context` its kernel reads.

A definition holds the formula (its ``compute`` kernel), the direction, the bounds, the
paper, and whether the bootstrap computes it in batch. Every entry point derives from it:
the public function (``simeval.f1_low``) calls :func:`score`, :func:`~simeval.evaluate`
builds one :class:`Context` per system and calls the same kernel, and the bootstrap either
evaluates the kernel per resample or, for ``batched`` metrics, an equivalent weighted form
that a registry-wide test holds equal to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import paired_scores
from ..binning import Binning
from ..options import Options
from ..results import MetricResult, warn_if_undefined
from ._scales import map_linear, normalize_pair
from ._sorted import SortedScores

__all__ = ["Context", "Metric", "options_without_effect", "score"]

#: Options whose effect depends on the metric (the scale and the NaN policy act on all).
_METRIC_OPTIONS = ("system_scale", "bins", "low_border", "high_border", "normalize",
                   "skip_undefined_bins")  # fmt: skip

T = TypeVar("T")


class Context:
    """One (gold, system) pair prepared once; every metric reads its cached pieces.

    ``gold`` and ``system`` are :class:`SortedScores`, so the gold scores are sorted once
    per evaluation and each system once, whatever the number of rank-based metrics.
    ``given`` are the options as passed; :attr:`options` resolves them for the gold scores
    (:meth:`Options.resolve`) when a kernel first needs the scale or the borders, so the
    metrics that need neither work on gold scores whose scale cannot be inferred.
    """

    def __init__(
        self,
        gold: SortedScores,
        system: SortedScores,
        options: Options,
        binning: Binning | None = None,
    ):
        self.gold = gold
        self.system = system
        self.given = options
        self.binning = binning
        self._results: dict[str, MetricResult] = {}
        self._shared: dict[Callable[[Context], Any], Any] = {}

    @property
    def n(self) -> int:
        return self.gold.values.size

    @cached_property
    def options(self) -> Options:
        """The options resolved for these gold scores: scale and borders known."""
        return self.given.resolve(self.gold.values)

    def result(self, metric: Metric) -> MetricResult:
        """The metric's result on this pair, computed at most once."""
        if metric.name not in self._results:
            self._results[metric.name] = metric.compute(self)
        return self._results[metric.name]

    def shared(self, factory: Callable[[Context], T]) -> T:
        """``factory(self)``, computed once per context and shared by every metric that
        asks for the same factory (the error moments, the ranked gains …)."""
        if factory not in self._shared:
            self._shared[factory] = factory(self)
        return self._shared[factory]

    @cached_property
    def system_mapped(self) -> NDArray[np.float64]:
        """The system scores mapped linearly from ``system_scale`` onto the gold scale."""
        if self.given.system_scale is None:
            return self.system.values
        o = self.options
        return map_linear(self.system.values, o.system_scale, o.scale)  # type: ignore[arg-type]

    @cached_property
    def on_gold_scale(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """(gold, system) with the system on the gold scale, normalized to [0, 1] if asked."""
        if self.given.normalize is None:
            return self.gold.values, self.system_mapped
        o = self.options
        return normalize_pair(
            self.gold.values,
            self.system.values,
            o.normalize,
            o.scale,
            o.system_scale,  # type: ignore[arg-type]
        )


@dataclass(frozen=True)
class Metric:
    """A named measure: ``compute(context) → MetricResult`` plus what reports need to know.

    ``batched`` marks the metrics the bootstrap computes from weighted sums of per-pair
    features instead of calling ``compute`` once per resample.
    """

    name: str
    compute: Callable[[Context], MetricResult] = field(repr=False, compare=False)
    higher_is_better: bool
    bounds: tuple[float, float]
    source: str
    description: str = ""
    family: str = "other"
    #: For combinations: ``"hmean"`` or ``"macro_avg"`` and the combined metrics, so that
    #: other engines (the bootstrap) can evaluate the parts their own way.
    op: str | None = None
    parts: tuple[Metric, ...] = ()
    batched: bool = False
    #: Whether the value uses the bins of :attr:`Options.bins`.
    uses_bins: bool = False
    #: Whether the value is a correlation coefficient (Fisher-z averaging applies).
    is_correlation: bool = False
    #: The fields of :class:`~simeval.Options` that change this metric's value.
    reads: frozenset[str] = frozenset()
    #: Whether the value needs the order of the system scores (ranks, tie groups), so
    #: that :func:`~simeval.evaluate` sorts each system ahead, in a worker thread.
    ranks: bool = False

    @property
    def reads_all(self) -> frozenset[str]:
        """The options this metric or any of its parts reads."""
        return self.reads.union(*(p.reads_all for p in self.parts))

    @property
    def ranks_any(self) -> bool:
        """Whether this metric or any of its parts needs the system's order."""
        return self.ranks or any(p.ranks_any for p in self.parts)

    def leaves(self) -> tuple[Metric, ...]:
        """The plain metrics a combination is made of (itself for a plain metric)."""
        if self.op is None:
            return (self,)
        return tuple(leaf for p in self.parts for leaf in p.leaves())


def score(
    metric: Metric,
    gold: ArrayLike,
    system: ArrayLike,
    options: Options,
    binning: Binning | None = None,
) -> MetricResult:
    """The one path of every public metric function: validate and pair the scores (with
    ``options.nan_policy``), resolve the options for the gold scores, run the kernel, and
    warn (:class:`~simeval.errors.UndefinedMetricWarning`) when the result is undefined."""
    g, s = paired_scores(gold, system, nan_policy=options.nan_policy)
    ctx = Context(SortedScores(g), SortedScores(s), options, binning)
    return warn_if_undefined(ctx.result(metric), stacklevel=4)


def options_without_effect(options: Options, metrics: tuple[Metric, ...]) -> list[str]:
    """The options set (not at their default) that no metric of ``metrics`` reads, e.g.
    ``bins`` when no scaled Pearson is asked for: callers tell the user, never silently
    ignore them."""
    read = frozenset().union(*(m.reads_all for m in metrics))
    return [
        name
        for name in _METRIC_OPTIONS
        if getattr(options, name) not in (None, False) and name not in read
    ]
