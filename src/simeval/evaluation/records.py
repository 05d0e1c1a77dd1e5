"""The tidy rows of an evaluation: one :class:`Record` per system, measure and bin."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from ..metrics.base import Metric
from ..metrics.binned import BinnedResult
from ..results import CorrelationResult, MetricResult, ScaledPearsonResult, json_ready

__all__ = ["SPREAD_BIN", "Record", "records_of"]

#: The ``bin`` of the record that holds a binned metric's spread: the standard deviation of
#: its values over the bins (the variability across sections of Atoum & Ayyagari 2019).
SPREAD_BIN = "sd over bins"


@dataclass(frozen=True)
class Record:
    """One number: a metric of a system, on the whole dataset (``bin`` None) or one bin.

    Attributes
    ----------
    system, metric : str
        Whose number, and of which measure.
    value : float
        The measure's value (NaN when undefined).
    bin : str or None
        The bin's label; None for the whole data set, :data:`SPREAD_BIN` for the standard
        deviation of a binned measure over its bins.
    n : int
        The pairs it was computed on.
    pvalue, ci_low, ci_high : float or None
        A correlation's p-value and confidence interval.
    reason : str or None
        Why the value is undefined.
    ci_method : str or None
        How the interval was computed.

    Examples
    --------
    >>> Record("mine", "mae", 0.25, n=4).as_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'system': 'mine', 'metric': 'mae', 'value': 0.25, 'bin': None, 'n': 4, 'pvalue': None,
     'ci_low': None, 'ci_high': None, 'reason': None, 'ci_method': None}
    """

    system: str
    metric: str
    value: float
    bin: str | None = None
    n: int = 0
    pvalue: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    reason: str | None = None
    #: How the interval was computed: ``fisher`` (Pearson), ``bonett-wright`` (Spearman),
    #: ``fieller`` (Kendall); see :meth:`simeval.CorrelationResult.confidence_interval`.
    ci_method: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields, JSON-ready (NaN and infinities as JSON can hold them)."""
        return json_ready(asdict(self))


def records_of(system: str, metric: Metric, res: MetricResult) -> Iterable[Record]:
    """The tidy rows of one result: its value; for a correlation its p-value and interval
    too; for a binned measure a row per bin and one for the spread over bins
    (:data:`SPREAD_BIN`); for the scaled Pearson a row of each bin's Pearson.

    Parameters
    ----------
    system : str
        The system's name.
    metric : Metric
        The measure.
    res : MetricResult
        Its result for the system.

    Yields
    ------
    Record

    Examples
    --------
    MAE of ``[0, 1, 3]`` against ``[0, 1, 2]``: ``(0 + 0 + 1) / 3``.

    >>> from simeval.metrics.registry import get_metric
    >>> from simeval import mae
    >>> [(r.metric, r.bin, round(r.value, 4), r.n)
    ...  for r in records_of("s", get_metric("mae"), mae([0, 1, 2], [0, 1, 3]))]
    [('mae', None, 0.3333, 3)]
    """
    if isinstance(res, CorrelationResult):
        ci = res.confidence_interval()
        yield Record(
            system,
            metric.name,
            res.statistic,
            None,
            res.n,
            res.pvalue,
            ci.low,
            ci.high,
            res.reason,
            ci.method if not math.isnan(ci.low) else None,
        )
        return
    yield Record(system, metric.name, res.statistic, None, res.n, reason=res.reason)
    if isinstance(res, BinnedResult):
        for b in res.bins:
            yield Record(system, res.metric, b.statistic, b.label, b.n, reason=b.reason)
        why = f"no bin of {res.metric} has a value" if math.isnan(res.variability) else None
        yield Record(system, metric.name, res.variability, SPREAD_BIN, res.n, reason=why)
    if isinstance(res, ScaledPearsonResult):
        for b in res.bins:
            yield Record(
                system,
                "pearson",
                b.statistic,
                b.label,
                b.n,
                b.pvalue,
                b.ci_low,
                b.ci_high,
                b.reason,
                "fisher" if b.ci_low is not None and not math.isnan(b.ci_low) else None,
            )
