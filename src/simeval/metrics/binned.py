"""Any metric per score range: ``bins(M)`` computes metric M inside each bin of the gold
scale, as Atoum & Ayyagari (2019) analyse NMSSE and Spearman per section of the scale and
Atoum (2019) Pearson's r (the scaled Pearson is ``bins(pearson)`` averaged).

The value of ``bins(M)`` is the mean of M over the bins (NaN, with the reason, when a bin
is undefined, unless the options skip undefined bins); the result keeps every bin's value,
n and coverage, and the spread of the bin values (their standard deviation, the
variability across sections).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import InputError, param
from ..results import BinResult, MetricResult
from ._sorted import SortedScores
from .base import Context, Metric

__all__ = ["BinnedResult", "binned_metric"]


@dataclass(frozen=True)
class BinnedResult(MetricResult):
    """A metric per bin: ``statistic`` is the mean over the bins, ``bins`` the per-bin
    values, ``variability`` their standard deviation (ddof 0) over the defined bins."""

    bins: tuple[BinResult, ...] = field(default_factory=tuple)
    skipped: tuple[str, ...] = ()
    variability: float = math.nan
    metric: str = ""


def binned_metric(inner: Metric) -> Metric:
    """The definition of ``bins(inner)``: ``inner`` computed in each bin of the options'
    bins (default: thirds of the gold scale), with the scale and borders of the whole data."""
    if inner.combine is not None or inner.uses_bins:
        raise InputError(
            f"bins() takes a plain metric, not {inner.name!r} (a combination or an already "
            "binned measure)"
        )

    def compute(c: Context) -> MetricResult:
        binning = c.binning
        if binning is None:
            binning = c.options.binning_rule.assign(c.gold.values, scale=c.options.scale)
        total = c.n
        bins: list[BinResult] = []
        for spec, members in zip(binning.specs, binning.members):
            sub = Context(
                SortedScores(c.gold.values[members]),
                SortedScores(c.system.values[members]),
                c.options,  # resolved on the whole data: one scale, one pair of borders
            )
            res = sub.result(inner)
            bins.append(
                BinResult(
                    spec.label,
                    spec.low,
                    spec.high,
                    int(members.size),
                    members.size / total if total else math.nan,
                    float(res.statistic),
                    math.nan,
                    math.nan,
                    math.nan,
                    res.reason or ("undefined: the bin is empty" if not members.size else None),
                )
            )
        values = np.array([b.statistic for b in bins])
        defined = ~np.isnan(values)
        skipped = tuple(b.label for b, ok in zip(bins, defined) if not ok)
        spread = float(values[defined].std()) if defined.any() else math.nan
        if not defined.any():
            reason: str | None = f"undefined: {inner.name} is undefined in every bin"
            value = math.nan
        elif skipped and not c.options.skip_undefined_bins:
            reason = (
                f"undefined: {inner.name} is undefined in bin(s) {', '.join(skipped)} "
                "(skip undefined bins to average the others: "
                f"{param('skip_undefined_bins', True)})"
            )
            value = math.nan
        else:
            reason, value = None, float(values[defined].mean())
        return BinnedResult(
            value, total, reason, tuple(bins), skipped if value == value else (), spread,
            inner.name,
        )  # fmt: skip

    return Metric(
        name=f"bins({inner.name})",
        compute=compute,
        higher_is_better=inner.higher_is_better,
        bounds=inner.bounds,
        source=f"{inner.source}; per section of the scale as Atoum & Ayyagari 2019 and Atoum 2019",
        description=f"mean over the bins of {inner.name}",
        family="binned",
        uses_bins=True,
        gold_scale=inner.gold_scale,
        reads=inner.reads_all | {"bins", "skip_undefined_bins"},
    )
