"""The :class:`Context` a metric's kernel reads: one (gold, system) pair of score vectors
prepared once, with the views every measure shares (the sorted scores, the options
resolved for the gold scores, the system on the gold scale) computed when first needed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ..binning import Binning
from ..options import Options
from ..results import MetricResult
from ._scales import minmax_onto_gold, normalize_pair
from ._sorted import SortedScores
from .gold_scale import CalibrationFit, calibrate, off_scale_reason

if TYPE_CHECKING:
    from .base import Metric

__all__ = ["Context", "system_on_gold_scale"]

T = TypeVar("T")


def system_on_gold_scale(
    scores: NDArray[np.float64],
    gold: NDArray[np.float64],
    options: Options,
    extremes: tuple[float, float] | None = None,
) -> tuple[NDArray[np.float64], CalibrationFit | None]:
    """One system's scores as every measure of a gold value reads them (options resolved
    for the gold and this system), for :func:`~simeval.evaluate`, the bootstrap and the
    saved scores: under ``normalize="minmax"`` the system's observed range onto the gold's
    (:func:`~simeval.metrics._scales.minmax_onto_gold`; constant gold has no range, and
    the scores stay as they are), otherwise :func:`~.gold_scale.calibrate`.

    Parameters
    ----------
    scores, gold : numpy.ndarray
        The system's scores and the gold scores of the same pairs (no NaN).
    options : Options
        Resolved options of this system.
    extremes : (float, float), optional
        The scores' smallest and largest value, when known.

    Returns
    -------
    (ndarray, CalibrationFit or None)
        As :func:`~.gold_scale.calibrate`; under ``minmax``, a fit of kind ``"minmax"``
        for a system off the gold scale (the others are mapped too).

    Examples
    --------
    >>> gold = np.array([1.0, 2.0, 5.0])
    >>> opts = Options(scale=(0, 5), normalize="minmax").resolve(gold)
    >>> values, fit = system_on_gold_scale(np.array([0.2, 0.4, 0.6]), gold, opts)
    >>> values.tolist(), fit.kind, fit.source
    ([1.0, 3.0, 5.0], 'minmax', 'observed ranges')
    """
    declared = options.scale_source != "observed"
    mapped = minmax_onto_gold(scores, gold) if options.normalize == "minmax" else scores
    if mapped is not scores:  # the gold has a range to map onto
        reason = off_scale_reason(scores, options.scale, options.system_scale,  # type: ignore[arg-type]
                                  extremes, declared=declared)  # fmt: skip
        fit = None if reason is None else CalibrationFit("minmax", "observed ranges", reason)
        return mapped, fit
    return calibrate(
        scores, gold, scale=options.scale, system_scale=options.system_scale,  # type: ignore[arg-type]
        calibration=options.calibrate, extremes=extremes, declared=declared,
    )  # fmt: skip


class Context:
    """One (gold, system) pair prepared once; every metric reads its cached pieces.

    ``gold`` and ``system`` are :class:`SortedScores`, so the gold scores are sorted once
    per evaluation and each system once, whatever the number of rank-based metrics.
    ``given`` are the options as passed; :attr:`options` resolves them for the gold scores
    (:meth:`Options.resolve`) when a kernel first needs the scale or the borders, so the
    metrics that need neither work on gold scores whose scale cannot be inferred.
    ``views`` seeds the views of the scores that are already known — ``system_mapped``
    (the system on the gold scale) and ``on_gold_scale`` (the pair as the error measures
    read it) — as the bootstrap does with a resample of the full data's views, so that a
    resample is neither mapped nor normalized again.

    Parameters
    ----------
    gold, system : SortedScores
        The paired scores (validated, equal lengths).
    options : Options
        The options as given (``given``).
    binning : Binning, optional
        Bins already assigned to the gold scores (the bootstrap's), for the binned
        measures.
    views : mapping, optional
        ``system_mapped`` and/or ``on_gold_scale``, already known.

    Examples
    --------
    A system declared on [−1, 1], mapped linearly onto the gold scale [0, 5] (no
    calibration): ``s' = (s + 1)·5/2``, and MAE = (0 + 0 + 0.5 + 0.25 + 0)/5 = 0.15.

    >>> from simeval.metrics.registry import get_metric
    >>> gold = SortedScores(np.array([0.0, 1.0, 2.0, 4.0, 5.0]))
    >>> system = SortedScores(np.array([-1.0, -0.6, 0.0, 0.5, 1.0]))
    >>> c = Context(gold, system, Options(scale=(0, 5), system_scale=(-1, 1), calibrate="none"))
    >>> c.system_mapped.tolist()
    [0.0, 1.0, 2.5, 3.75, 5.0]
    >>> round(c.result(get_metric("mae")).statistic, 12)
    0.15
    """

    def __init__(
        self,
        gold: SortedScores,
        system: SortedScores,
        options: Options,
        binning: Binning | None = None,
        views: Mapping[str, Any] | None = None,
    ):
        self.gold = gold
        self.system = system
        self.given = options
        self.binning = binning
        for view, value in (views or {}).items():
            if view not in ("system_mapped", "on_gold_scale"):
                raise ValueError(f"unknown view {view!r}")  # a programming error
            self.__dict__[view] = value
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
        """The system scores on the gold scale, as the measures of a gold value read them
        (:func:`system_on_gold_scale`: calibrated when the system is off the
        gold scale, or min–max mapped; :attr:`calibration` says how), else as they are.
        Without a declared scale and with constant gold scores there is no scale to be
        off: the scores stay as they are."""
        given = self.given
        g = self.gold.values
        if (
            given.scale is None
            and given.system_scale is None
            and (g.size == 0 or self.gold.is_constant)
        ):
            self.calibration = None
            return self.system.values
        values, self.calibration = system_on_gold_scale(self.system.values, g, self.options)
        return values

    @property
    def scores_as_given(self) -> bool:
        """Whether the measures of a gold value read the system's scores as they are: on
        the gold scale already (not mapped, not calibrated) and not normalized — so that
        they may take the fast paths that share the system's sort and grid."""
        return self.given.normalize is None and self.system_mapped is self.system.values

    @cached_property
    def calibration(self) -> CalibrationFit | None:
        """How the system was put on the gold scale (None: it was on it already)."""
        _ = self.system_mapped  # a view given by the caller has no fit of its own
        return self.__dict__.get("calibration")

    @cached_property
    def on_gold_scale(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """(gold, system) with the system on the gold scale, normalized to [0, 1] if asked
        (``"scale"`` divides both by the gold scale, the system being on it now)."""
        if self.given.normalize is None:
            return self.gold.values, self.system_mapped
        o = self.options
        return normalize_pair(self.gold.values, self.system_mapped, o.normalize, o.scale)
