"""Frozen result objects returned by every metric.

Each has ``.statistic`` (a float, NaN when undefined), ``.n`` (the number of pairs used)
and ``.reason`` (why the statistic is NaN, else ``None``); ``float(result)`` is the
statistic and ``as_dict()`` gives a JSON-ready dict.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from .intervals import DEFAULT_CI_METHOD, correlation_interval

__all__ = [
    "BinResult",
    "ConfidenceInterval",
    "CorrelationResult",
    "MetricResult",
    "ScaledPearsonResult",
    "json_ready",
    "warn_if_undefined",
]


def json_ready(value: Any) -> Any:
    """A value as strict JSON can hold it: NaN and ±inf → None (JSON has neither; the
    record's ``reason`` says why the value is missing), numpy scalars and arrays → Python
    numbers and lists; recurse into dicts, lists and tuples. Every ``as_dict()`` of
    simeval's result objects and every JSON document simeval writes goes through it.

    >>> json_ready({"r": float("nan"), "msse": float("inf"), "bins": (1.0, float("nan"))})
    {'r': None, 'msse': None, 'bins': [1.0, None]}
    """
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    if type(value).__module__ == "numpy":  # numpy scalars and arrays, without importing it
        return json_ready(value.tolist())
    return value


R = TypeVar("R", bound="MetricResult")


def warn_if_undefined(result: R, stacklevel: int = 3) -> R:
    """Emit :class:`~simeval.errors.UndefinedMetricWarning` with the reason when a public
    metric function returns NaN (as scipy's ``ConstantInputWarning``); return the result.

    ``evaluate`` does not warn: its reports carry the reasons instead."""
    if result.reason is not None and math.isnan(result.statistic):
        import warnings

        from .errors import UndefinedMetricWarning

        warnings.warn(result.reason, UndefinedMetricWarning, stacklevel=stacklevel)
    return result


@dataclass(frozen=True)
class ConfidenceInterval:
    """A two-sided interval ``[low, high]`` at ``confidence_level``; ``method`` names how
    it was formed (``"fisher"``, ``"bonett-wright"``, ``"fieller"``, a bootstrap method)
    where the producer records it."""

    low: float
    high: float
    confidence_level: float = 0.95
    method: str | None = None


@dataclass(frozen=True)
class MetricResult:
    """The value of one metric on one (gold, system) pair of score vectors."""

    statistic: float
    n: int
    reason: str | None = None

    def __float__(self) -> float:
        return float(self.statistic)

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


@dataclass(frozen=True)
class CorrelationResult(MetricResult):
    """A correlation coefficient with its two-sided p-value.

    ``confidence_interval()`` is ``tanh(atanh(r) ± z_{(1+c)/2}·SE)`` with the standard error
    the literature gives for each coefficient: SE = 1/√(n − 3) for Pearson's r (Fisher
    1921; R ``cor.test``), √((1 + ρ²/2)/(n − 3)) for Spearman's ρ (Bonett & Wright 2000)
    and √(0.437/(n − 4)) for Kendall's τ (Fieller, Hartley & Pearson 1957); see
    :func:`~simeval.intervals.correlation_interval`. ``coefficient`` names the coefficient
    (``"pearson"``, ``"spearman"``, ``"kendall"``); the interval's method is a separate
    choice (:meth:`confidence_interval`'s ``method``).
    """

    pvalue: float = math.nan
    coefficient: str = "pearson"

    def confidence_interval(
        self, confidence_level: float = 0.95, method: str | None = None
    ) -> ConfidenceInterval:
        """The interval at ``confidence_level``; ``method`` is ``"fisher"``,
        ``"bonett-wright"`` or ``"fieller"``, by default the one for this coefficient
        (recorded in the interval's ``method``)."""
        chosen = DEFAULT_CI_METHOD.get(self.coefficient, "fisher") if method is None else method
        low, high = correlation_interval(self.statistic, self.n, confidence_level, chosen)
        return ConfidenceInterval(low, high, confidence_level, chosen)


@dataclass(frozen=True)
class BinResult:
    """Pearson's r inside one bin of a :class:`~simeval.binning.Bins` partition."""

    label: str
    low: float | None
    high: float | None
    n: int
    coverage: float
    statistic: float
    pvalue: float
    ci_low: float
    ci_high: float
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


@dataclass(frozen=True)
class ScaledPearsonResult(MetricResult):
    """Scaled Pearson: the mean of the per-bin Pearson coefficients (Atoum 2019, eq. 3).

    ``bins`` holds every bin, ``skipped`` the labels of undefined bins left out of the mean
    (only with ``skip_undefined=True``), ``remainder`` the pairs left over by
    ``Bins.segments`` and ``average`` how the bin values were combined.
    """

    bins: tuple[BinResult, ...] = field(default_factory=tuple)
    skipped: tuple[str, ...] = ()
    remainder: int = 0
    average: str = "arithmetic"
