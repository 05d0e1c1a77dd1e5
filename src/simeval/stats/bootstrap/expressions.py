"""Metric expressions of the bootstrap: registry names and combinations, or callables."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...errors import InputError
from ...metrics.base import Metric as RegistryMetric
from ...metrics.registry import get_metric
from ...metrics.threshold import harmonic_mean

__all__ = ["Expr", "Metric", "MetricFunction", "as_float", "combine", "parse_metric"]

MetricFunction = Callable[[NDArray[np.float64], NDArray[np.float64]], Any]
Metric = str | MetricFunction


@dataclass(frozen=True)
class Expr:
    """A parsed metric: a leaf name/callable, or ``hmean``/``macro_avg`` of two parts."""

    label: str
    op: str | None = None
    args: tuple[Expr, ...] = ()
    func: MetricFunction | None = None

    def leaves(self) -> Iterator[Expr]:
        if self.op is None:
            yield self
        else:
            for a in self.args:
                yield from a.leaves()


def from_registry(metric: RegistryMetric) -> Expr:
    if metric.op is None:
        return Expr(metric.name)
    return Expr(metric.name, op=metric.op, args=tuple(from_registry(p) for p in metric.parts))


def parse_metric(metric: Metric) -> Expr:
    """A metric name or expression, parsed by the registry (one grammar for all of simeval),
    or a callable ``f(gold, system)``."""
    if callable(metric):
        return Expr(getattr(metric, "__name__", "metric"), func=metric)
    if not isinstance(metric, str):
        raise InputError(f"a metric must be a name or a callable; got {metric!r}")
    return from_registry(get_metric(metric))


def as_float(value: Any) -> float:
    stat = getattr(value, "statistic", value)
    return float(stat)


def combine(expr: Expr, leaf_values: Mapping[str, NDArray[np.float64]]) -> NDArray[np.float64]:
    if expr.op is None:
        return leaf_values[expr.label]
    parts = np.stack([combine(x, leaf_values) for x in expr.args])
    if expr.op == "hmean":
        return harmonic_mean(parts)
    return parts.mean(axis=0)
