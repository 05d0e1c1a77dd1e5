"""The definitions of the correlations and of the scaled Pearson: what ``evaluate``, the
bootstrap and the reports know of them. Their formulas are in :mod:`.correlation` and
:mod:`.scaled`; the public functions there compute the same kernels."""

from __future__ import annotations

from ..results import MetricResult
from .base import Context, Metric
from .correlation import correlation_centered, kendall_sorted, spearman_sorted
from .scaled import scaled_pearson_binned

__all__ = ["CORRELATION_METRICS", "KENDALL", "PEARSON", "SCALED_PEARSON", "SPEARMAN"]


def _pearson(c: Context) -> MetricResult:
    return correlation_centered(
        c.gold.values,
        c.gold.centered,
        c.system.values,
        "pearson",
        c.gold.is_constant,
        c.system.is_constant,
    )


def _spearman(c: Context) -> MetricResult:
    return spearman_sorted(c.gold, c.system)


def _kendall(c: Context) -> MetricResult:
    return kendall_sorted(c.gold, c.system)


def _scaled(c: Context) -> MetricResult:
    binning = c.binning
    if binning is None:  # the options' bins (default: thirds of the scale)
        binning = c.options.binning_rule.assign(c.gold.values, scale=c.options.scale)
    return scaled_pearson_binned(
        c.gold, c.system.values, binning, skip_undefined=c.options.skip_undefined_bins
    )


PEARSON = Metric(
    "pearson",
    _pearson,
    True,
    (-1, 1),
    "Pearson 1896; Atoum 2019, eq. 1",
    "Pearson's r",
    "correlation",
    batched=True,
    is_correlation=True,
)
SPEARMAN = Metric(
    "spearman",
    _spearman,
    True,
    (-1, 1),
    "Spearman 1904",
    "Spearman's rank correlation",
    "correlation",
    batched=True,
    is_correlation=True,
    ranks=True,
)
KENDALL = Metric(
    "kendall",
    _kendall,
    True,
    (-1, 1),
    "Kendall 1938 (τ-b)",
    "Kendall's τ-b",
    "correlation",
    is_correlation=True,
    ranks=True,
)
SCALED_PEARSON = Metric(
    "scaled_pearson",
    _scaled,
    True,
    (-1, 1),
    "Atoum 2019, eq. 2–3",
    "mean of per-bin Pearson r",
    "scaled",
    uses_bins=True,
    is_correlation=True,
    reads=frozenset({"bins", "skip_undefined_bins"}),
)
#: The definitions of this module, in registry order.
CORRELATION_METRICS = (PEARSON, SPEARMAN, KENDALL, SCALED_PEARSON)
