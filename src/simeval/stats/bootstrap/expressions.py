"""Metric expressions of the bootstrap: a registry metric (a plain measure or a
combination of measures) or a callable ``f(gold, system)``."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...errors import InputError, InputTypeError
from ...metrics.base import Metric as RegistryMetric
from ...metrics.registry import get_metric

__all__ = ["Expr", "Metric", "MetricFunction", "as_float", "combine", "parse_metric"]

MetricFunction = Callable[[NDArray[np.float64], NDArray[np.float64]], Any]
Metric = str | MetricFunction


@dataclass(frozen=True)
class Expr:
    """A parsed metric: a registry record (its parts, when it combines others), or a
    callable.

    Attributes
    ----------
    label : str
        The metric's name (a callable's ``__name__``).
    metric : Metric or None
        The registry record.
    args : tuple of Expr
        The parts of a combination.
    func : callable or None
        A callable metric.

    Examples
    --------
    >>> e = parse_metric("hmean(f1_low,f1_high)")
    >>> e.label, [leaf.label for leaf in e.leaves()]
    ('hmean(f1_low,f1_high)', ['f1_low', 'f1_high'])
    """

    label: str
    metric: RegistryMetric | None = None
    args: tuple[Expr, ...] = ()
    func: MetricFunction | None = None

    def leaves(self) -> Iterator[Expr]:
        if not self.args:
            yield self
        else:
            for a in self.args:
                yield from a.leaves()


def from_registry(metric: RegistryMetric) -> Expr:
    if metric.combine is None:
        return Expr(metric.name, metric)
    return Expr(metric.name, metric, tuple(from_registry(p) for p in metric.parts))


def parse_metric(metric: Metric) -> Expr:
    """A metric name or expression, parsed by the registry (one grammar for all of simeval),
    or a callable ``f(gold, system)``.

    Parameters
    ----------
    metric : str or callable

    Returns
    -------
    Expr

    Examples
    --------
    >>> parse_metric("ndcg@10").label, parse_metric(lambda g, s: 0.0).func is not None
    ('ndcg@10', True)
    """
    if callable(metric):
        return Expr(getattr(metric, "__name__", "metric"), func=metric)
    if not isinstance(metric, str):
        raise InputError(f"a metric must be a name or a callable; got {metric!r}")
    return from_registry(get_metric(metric))


def as_float(value: Any) -> float:
    """A callable metric's answer as a float: its ``.statistic`` if it has one.

    Parameters
    ----------
    value : float or result
        A number, or a result object with ``.statistic``.

    Returns
    -------
    float

    Examples
    --------
    >>> import simeval as se
    >>> as_float(0.5), as_float(se.mae([0, 1], [0, 2]))
    (0.5, 0.5)
    """
    stat = getattr(value, "statistic", value)
    scalar = isinstance(stat, np.ndarray) and stat.ndim == 0 and stat.dtype.kind in "fiu"
    number = isinstance(stat, (int, float, np.integer, np.floating)) and not isinstance(stat, bool)
    if not (number or scalar):
        raise InputTypeError(
            f"a metric callable must return a number or a result with .statistic; it "
            f"returned {type(value).__name__} {value!r}"
        )
    return float(stat)


def combine(expr: Expr, leaf_values: Mapping[str, NDArray[np.float64]]) -> NDArray[np.float64]:
    """The values of ``expr`` from its leaves' values, by the combination's own formula.

    Parameters
    ----------
    expr : Expr
    leaf_values : mapping of str to numpy.ndarray
        Each leaf's values, by label.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> e = parse_metric("macro_avg(f1_low,f1_high)")
    >>> combine(e, {"f1_low": np.array([0.5, 1.0]), "f1_high": np.array([1.0, 0.0])}).tolist()
    [0.75, 0.5]
    """
    if not expr.args:
        return leaf_values[expr.label]
    assert expr.metric is not None and expr.metric.combine is not None  # parsed combination
    return expr.metric.combine(np.stack([combine(x, leaf_values) for x in expr.args]))
