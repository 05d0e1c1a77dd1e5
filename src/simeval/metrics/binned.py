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

from ..errors import InputError, listing
from ..results import BinResult, MetricResult
from ._sorted import SortedScores
from .base import Metric
from .context import Context

__all__ = ["BinnedResult", "binned_metric"]


@dataclass(frozen=True)
class BinnedResult(MetricResult):
    r"""A metric per bin, :math:`\bar M = \frac1K \sum_k M_k` (as Atoum 2019, eq. 3,
    averages Pearson's r over the bins).

    Attributes
    ----------
    statistic : float
        The mean of the bin values (NaN, with ``reason``, when a bin is undefined and
        undefined bins are not skipped).
    n : int
        The pairs.
    reason : str or None
        Why the value is undefined.
    bins : tuple of BinResult
        Each bin's label, edges, n, coverage and value.
    skipped : tuple of str
        The labels of the undefined bins left out of the mean.
    variability : float
        The standard deviation (ddof 0) of the defined bins' values.
    metric : str
        The metric computed in each bin.

    Examples
    --------
    Spearman's ρ in each third of the 0–5 scale: 1, −1 and 1, whose mean is 1/3 and
    standard deviation √(8/9) = 0.942809.

    >>> from simeval import Options
    >>> from simeval.metrics.base import score
    >>> from simeval.metrics.registry import get_metric
    >>> gold, system = [0.5, 1, 1.5, 2, 2.5, 3, 4, 4.5, 5], [1, 2, 3, 6, 5, 4, 7, 8, 9]
    >>> res = score(binned_metric(get_metric("spearman")), gold, system, Options(scale=(0, 5)))
    >>> [b.statistic for b in res.bins], round(res.statistic, 6), round(res.variability, 6)
    ([1.0, -1.0, 1.0], 0.333333, 0.942809)
    """

    bins: tuple[BinResult, ...] = field(default_factory=tuple)
    skipped: tuple[str, ...] = ()
    variability: float = math.nan
    metric: str = ""


def binned_metric(inner: Metric) -> Metric:
    """The definition of ``bins(inner)``: ``inner`` computed in each bin of the options'
    bins (default: thirds of the gold scale), with the scale and borders of the whole data.

    Parameters
    ----------
    inner : Metric
        A plain metric (not a combination, not binned already).

    Returns
    -------
    Metric
        Named ``bins(<inner>)``; its kernel returns a :class:`BinnedResult`.

    Examples
    --------
    >>> from simeval.metrics.registry import get_metric
    >>> m = binned_metric(get_metric("nmsse"))
    >>> m.name, m.higher_is_better, m.uses_bins
    ('bins(nmsse)', False, True)
    """
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
        # the system on the gold scale as mapped on the whole data: a bin is chosen by its
        # gold scores, and a map fitted on one bin's pairs would be fitted to them
        mapped = c.system_mapped if inner.gold_scale_any else None
        if mapped is c.system.values:  # not mapped: each bin's scores as they are
            mapped = None
        for spec, members in zip(binning.specs, binning.members):
            sub = Context(
                SortedScores(c.gold.values[members]),
                SortedScores(c.system.values[members]),
                c.options,  # resolved on the whole data: one scale, one pair of borders
                views=None if mapped is None else {"system_mapped": mapped[members]},
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
                f"undefined: {inner.name} is undefined in bin(s) {listing(skipped)} "
                "(to average the other bins, skip the undefined ones: skip_undefined_bins)"
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
