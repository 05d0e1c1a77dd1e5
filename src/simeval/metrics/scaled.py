"""Scaled Pearson: Pearson's r inside bins of the gold scale, averaged (Atoum 2019)."""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from functools import partial

import numpy as np
from numpy.typing import NDArray

from .._validate import check_choice
from ..binning import Binning
from ..errors import InputError, listing
from ..intervals import fisher_interval
from ..options import BIN_AVERAGES, BinAverage
from ..results import BinResult, MetricResult, ScaledPearsonResult
from ._bin_moments import bin_moments
from ._grid import counted
from ._numeric import STREAM_MIN, centered_values, is_constant
from ._sorted import SortedScores
from ._table import JointTable, Moments
from .base import Metric, public_function
from .context import Context
from .correlation import correlation_centered, correlation_from_moments, correlation_from_table
from .means import fisher_z, fisher_z_mean
from .weighted import Chunk, Resampled, Resamples, Sample
from .weighted.moments import moment_features, pearson_from_sums

__all__ = ["SCALED_PEARSON", "scaled_pearson", "scaled_pearson_binned"]


def _gold_parts(gold: SortedScores, binning: Binning) -> list[tuple]:
    """Per bin, for vectors shorter than :data:`~._numeric.STREAM_MIN`: its members
    (indices, by which a gather is 5× faster than by a boolean mask), their number, the
    gold subset (made again when needed: only for the rare rescaled r), its centred copy
    and whether it is constant — computed once per gold vector and shared by every
    system. Longer vectors are summed bin by bin chunk by chunk instead
    (:func:`~._bin_moments.bin_moments`), with no per-bin copy."""
    key = ("bins", binning)  # a Binning hashes by identity and stays alive as the key
    if key not in gold.cache:
        parts: list[tuple] = []
        for j in range(binning.k):
            members = np.flatnonzero(binning.index == j)
            sub = gold.values[members]
            constant = bool(sub.size) and is_constant(sub)
            parts.append((members, sub.size, partial(_subset, gold.values, members),
                          centered_values(sub), constant))  # fmt: skip
        gold.cache[key] = parts
    return gold.cache[key]  # type: ignore[return-value]


def _subset(values: NDArray[np.float64], members: NDArray[np.integer]) -> NDArray[np.float64]:
    return values[members]


def _binned_pairs(gold: SortedScores, binning: Binning) -> int:
    """The pairs in some bin, counted once per gold vector."""
    key = ("binned pairs", binning)
    if key not in gold.cache:
        gold.cache[key] = binning.index.size - int(np.count_nonzero(binning.index < 0))
    return gold.cache[key]  # type: ignore[return-value]


def _level_rows(gold: SortedScores, binning: Binning) -> list[NDArray[np.bool_]] | None:
    """Per bin, the gold grid levels whose pairs make the bin — when the gold scores lie
    on a grid and every level's pairs fall in one bin (or none), as with bins by gold
    score; else None. Counted once per gold vector."""
    key = ("level rows", binning)
    if key not in gold.cache:
        grid, rows = gold.grid, None
        if grid is not None:
            k, levels = binning.k + 1, grid.counts.size  # column 0: in no bin
            table = counted(grid.codes, levels * k, None, binning.index + 1, k)
            table = table.reshape(levels, k)
            if (np.count_nonzero(table, axis=1) == 1).all():
                rows = [table[:, j + 1] > 0 for j in range(binning.k)]
        gold.cache[key] = rows
    return gold.cache[key]  # type: ignore[return-value]


def scaled_pearson_binned(
    gold: SortedScores,
    s: NDArray[np.float64],
    binning: Binning,
    *,
    skip_undefined: bool = False,
    average: BinAverage = "arithmetic",
    table: JointTable | None = None,
) -> ScaledPearsonResult:
    r"""Scaled Pearson on a prepared gold vector, validated system scores and a
    precomputed :class:`Binning` (bin members and gold subsets shared by every system).
    ``table``: the pairs' contingency table when both sides lie on a grid, from which
    each bin's r is computed when its pairs are those of some gold levels.

    .. math:: \bar r = \frac1K \sum_{k=1}^{K} r_k

    (Atoum 2019, eq. 3), or :math:`\tanh` of the mean :math:`\operatorname{atanh} r_k`
    with ``average="fisher_z"`` (eq. 4–5).

    Parameters
    ----------
    gold : SortedScores
        The gold scores.
    s : numpy.ndarray
        The system scores (validated).
    binning : Binning
        Every pair's bin.
    skip_undefined : bool, default False
        Whether bins without a defined r are left out of the mean (else it is NaN).
    average : {"arithmetic", "fisher_z"}, default "arithmetic"
        How the bins' r are averaged.
    table : JointTable, optional
        The pairs' contingency table, when both sides lie on a grid.

    Returns
    -------
    ScaledPearsonResult
        The mean and every bin's r, p-value and Fisher-z interval.

    Examples
    --------
    Pearson's r in each third of the 0–5 scale is 1, −1 and 1: the scaled Pearson is 1/3.

    >>> from simeval import Bins
    >>> gold = np.array([0.5, 1, 1.5, 2, 2.5, 3, 4, 4.5, 5])
    >>> binning = Bins.equal_width(3).assign(gold, scale=(0, 5))
    >>> res = scaled_pearson_binned(SortedScores(gold), np.array([1.0, 2, 3, 6, 5, 4, 7, 8, 9]),
    ...                             binning)
    >>> [round(b.statistic, 6) for b in res.bins], round(res.statistic, 6)
    ([1.0, -1.0, 1.0], 0.333333)
    """
    check_choice("bin_average", average, BIN_AVERAGES)
    if binning.index.size != s.size:
        raise InputError(f"binning has {binning.index.size} pairs, scores have {s.size}")
    n_total = s.size
    results = []
    long = n_total >= STREAM_MIN  # each bin's sums chunk by chunk, no per-bin copy
    parts = None if long else _gold_parts(gold, binning)
    level_rows = _level_rows(gold, binning) if table is not None else None
    moments: list[Moments] | None = None
    for j, spec in enumerate(binning.specs):
        res = None
        if table is not None and level_rows is not None:
            res = correlation_from_table(table, level_rows[j])
        if res is None and parts is not None:  # the bin's system scores gathered
            members, _, g_sub, centered, constant = parts[j]
            res = correlation_centered(g_sub, centered, partial(_subset, s, members),
                                       "pearson", constant)  # fmt: skip
        elif res is None:
            if moments is None:
                moments = bin_moments(gold.values, s, binning.index, binning.k)
            res = correlation_from_moments(moments[j])
            if res is None:  # magnitudes out of safe range: r from rescaled scores
                members = np.flatnonzero(binning.index == j)
                res = correlation_centered(gold.values[members], None, s[members], "pearson")
        size = res.n
        low, high = fisher_interval(res.statistic, res.n)
        reason = res.reason
        if size == 0:
            reason = "undefined: the bin is empty"
        results.append(
            BinResult(
                label=spec.label,
                low=spec.low,
                high=spec.high,
                n=int(size),
                coverage=size / n_total if n_total else math.nan,
                statistic=res.statistic,
                pvalue=res.pvalue,
                ci_low=low,
                ci_high=high,
                reason=reason,
            )
        )
    defined = [b for b in results if not math.isnan(b.statistic)]
    skipped = tuple(b.label for b in results if math.isnan(b.statistic))
    reason = None
    if not defined:
        value, reason = math.nan, "undefined: no bin has a defined Pearson r"
    elif skipped and not skip_undefined:
        value = math.nan
        reason = (
            f"undefined: bin(s) {listing(skipped)} have no defined r "
            "(to average the other bins, skip the undefined ones: skip_undefined_bins)"
        )
    else:
        rs = np.array([b.statistic for b in defined])
        value = float(rs.mean()) if average == "arithmetic" else fisher_z_mean(rs)
    return ScaledPearsonResult(
        statistic=value,
        n=_binned_pairs(gold, binning),
        reason=reason,
        bins=tuple(results),
        skipped=skipped if skip_undefined else (),
        remainder=binning.remainder,
        average=average,
    )


def _scaled(c: Context) -> MetricResult:
    binning = c.binning
    if binning is None:  # the options' bins (default: thirds of the scale)
        binning = c.options.binning_rule.assign(c.gold.values, scale=c.options.scale)
    o = c.options
    return scaled_pearson_binned(
        c.gold, c.system.values, binning, skip_undefined=o.skip_undefined_bins,
        average=o.bin_average, table=c.system.joint(c.gold),
    )  # fmt: skip


# -- on weighted resamples: each bin's moments, when a pair's bin depends on the pair alone


def _scaled_features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    assert sample.binning is not None  # the bootstrap bins the full data for uses_bins
    out = {}
    for j in range(sample.binning.k):
        blocks = moment_features(sample.gold, sample.systems, sample.binning.index == j)
        for part, block in zip(("gold", "s", "s2", "sg", "n"), blocks):
            out[f"scaled_pearson.{j}.{part}"] = block
    return out


def _scaled_resampled(sample: Sample, chunk: Chunk) -> Resamples:
    assert sample.binning is not None
    L, o = chunk.sums, sample.options
    per_bin = [
        pearson_from_sums(*(L[f"scaled_pearson.{j}.{p}"] for p in ("gold", "s", "s2", "sg", "n")))
        for j in range(sample.binning.k)
    ]
    r = np.stack([b.values for b in per_bin])  # (bins, columns, systems)
    recheck = np.any([b.recheck for b in per_bin if b.recheck is not None], axis=0)
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # every bin undefined: NaN
        z = fisher_z(r) if o.bin_average == "fisher_z" else r
        mean = np.nanmean(z, axis=0) if o.skip_undefined_bins else z.mean(axis=0)
    value = np.tanh(mean) if o.bin_average == "fisher_z" else mean
    return Resamples(np.where(recheck, np.nan, value), recheck)


SCALED_PEARSON = Metric(
    name="scaled_pearson",
    compute=_scaled,
    higher_is_better=True,
    bounds=(-1, 1),
    source="Atoum 2019, eq. 2–3",
    description="mean of per-bin Pearson r",
    family="scaled",
    uses_bins=True,
    is_correlation=True,
    reads=frozenset({"bins", "skip_undefined_bins", "bin_average"}),
    resampled=Resampled(
        features=_scaled_features,
        values=_scaled_resampled,
        applies=lambda o: o.binning_rule.kind.per_pair,
    ),
)

scaled_pearson = public_function(
    SCALED_PEARSON,
    r"""Scaled Pearson correlation (Atoum 2019, eq. 2–3; Nikolić et al. 2012).

    .. math:: \bar r = \frac{1}{K}\sum_{k=1}^{K} r_k

    where :math:`r_k` is Pearson's r of the pairs in bin k. ``bins`` defaults to
    ``Bins.equal_width(3)`` over ``scale`` (the observed gold range when ``scale`` is None):
    low, middle and high similarity, as Atoum 2019 splits STS. ``bin_average="fisher_z"``
    averages through Fisher's z instead (eq. 4–5), |r| clipped to ``1 − 1e-15``.

    A bin with fewer than 3 pairs or constant scores has an undefined r (NaN, with the
    reason in ``bins[k].reason``); the scaled value is then NaN, unless
    ``skip_undefined_bins=True``, which averages the defined bins and lists the rest in
    ``skipped``.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options`; its fields may be given as keywords. This
        measure reads ``bins``, ``scale`` (for equal-width bins), ``skip_undefined_bins``,
        ``bin_average`` and ``nan_policy``.

    Returns
    -------
    ScaledPearsonResult
        ``statistic`` (the average), ``bins`` (per bin: label, edges, n, coverage, r, its
        p-value and Fisher interval, reason), ``skipped`` and ``remainder``.

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures, eq. 2–5. Nikolić, D. et al. (2012). Scaled correlation analysis.

    Examples
    --------
    >>> from simeval import Bins
    >>> gold = [0.01, 0.12, 0.23, 0.34, 0.45, 0.57, 0.68, 0.79, 0.90]
    >>> alpha = [0.01, 0.12, 0.22, 0.73, 0.27, 0.76, 0.79, 0.40, 0.67]
    >>> res = scaled_pearson(gold, alpha, bins=Bins.segments(3))
    >>> [round(b.statistic, 3) for b in res.bins], round(res.statistic, 3)
    ([1.0, 0.08, -0.3], 0.26)
    """,
)
