"""Pearson's r, Spearman's ρ and Kendall's τ-b: kernels, records and public functions.

p-values and confidence intervals as scipy.stats and R ``cor.test`` (intervals on Fisher's
z scale: Fisher 1921 for r, Bonett & Wright 2000 for ρ, Fieller, Hartley & Pearson 1957 for
τ; :mod:`simeval.intervals`). Formulas agree with scipy.stats and R to 1e-12. Undefined
cases (fewer than 3 pairs, a constant side) give NaN plus a ``reason``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np
from numpy.typing import NDArray

from ..results import CorrelationResult, MetricResult
from ._numeric import (
    SAFE_SUMSQ,
    STREAM_MIN,
    centered_values,
    centred_products,
    centring,
    count_discordant,
    pearson_rows,
    pearson_scaled,
    pearson_streamed,
    snap,
    t_pvalue,
    undefined_reason,
    vdot,
)
from ._sorted import SortedScores
from ._table import JointTable, Moments
from .base import Metric, public_function
from .context import Context
from .weighted import Chunk, Resampled, Resamples, Sample
from .weighted.kendall import kendall_resampled
from .weighted.moments import moment_features, pearson_from_sums
from .weighted.spearman import spearman_resampled

__all__ = [
    "CORRELATION_METRICS",
    "KENDALL",
    "PEARSON",
    "SPEARMAN",
    "kendall",
    "pearson",
    "pearson_rows",
    "spearman",
]


def _pearson_r(x: NDArray[np.float64], y: NDArray[np.float64]) -> float:
    """Pearson's r of two non-constant vectors from centred dot products (two passes)."""
    if x.size >= STREAM_MIN:
        return pearson_streamed(x, y)
    return _pearson_centered(*centered_values(x), y, x)


#: Scores, or a function that makes them (a subset gathered when needed, or anew each time).
LazyScores = NDArray[np.float64] | Callable[[], NDArray[np.float64]]


def _pearson_centered(
    xm: NDArray[np.float64],
    sxx: float,
    y: NDArray[np.float64],
    x: LazyScores,
    centred: tuple[float, float] | None = None,
    again: Callable[[], NDArray[np.float64]] | None = None,
) -> float:
    """Pearson's r given the centred gold side ``xm`` and its sum of squares ``sxx`` (shared
    by every system), and the gold scores ``x`` for the rescaled computation when a sum of
    squares is out of safe range. The system's deviations are made a chunk at a time from
    its :func:`~._numeric.centring` (``centred`` when known), or in place when ``y`` is a
    fresh copy that ``again()`` makes anew (a bin's subset)."""
    with np.errstate(all="ignore"):
        if again is not None:  # a copy of our own: centred twice in place
            y -= y.mean()
            y -= y.mean()
            syy, sxy = vdot(y, y), vdot(xm, y)
        else:
            mean, shift = centring(y) if centred is None else centred
            syy, sxy = centred_products(y, mean, shift, xm)
        lo, hi = SAFE_SUMSQ
        if lo < sxx < hi and lo < syy < hi:
            r = sxy / (math.sqrt(sxx) * math.sqrt(syy))
        else:  # extreme magnitudes: rescaled exactly
            r = pearson_scaled(x() if callable(x) else x, y if again is None else again())
    return snap(r)


def correlation_centered(
    x: LazyScores,
    centered: tuple[NDArray[np.float64], float] | None,
    y: LazyScores,
    coefficient: str,
    x_constant: bool | None = None,
    y_constant: bool | None = None,
    y_centring: tuple[float, float] | None = None,
) -> CorrelationResult:
    """As :func:`_correlation_from_arrays` with the gold side's centring precomputed (None:
    long vectors, centred chunk by chunk); ``x`` may make the gold scores (then
    ``x_constant`` is needed), ``y`` a fresh copy of the system's (centred in place);
    ``y_centring``: the system's :func:`~._numeric.centring`, when known."""
    again = y if callable(y) else None
    y = y() if callable(y) else y
    n = y.size
    if callable(x) and x_constant is None:
        x = x()
    reason = undefined_reason(n, x, y, x_constant, y_constant)  # type: ignore[arg-type]
    if reason is not None:
        return CorrelationResult(math.nan, n, reason, math.nan, coefficient)
    if centered is None:
        r = pearson_streamed(x() if callable(x) else x, y)
    else:
        r = _pearson_centered(*centered, y, x, y_centring, again)
    return CorrelationResult(r, n, None, t_pvalue(r, n), coefficient)


def correlation_from_table(
    table: JointTable, rows: NDArray[np.bool_] | None = None
) -> CorrelationResult | None:
    """Pearson's r of the pairs of a contingency table whose gold level is in ``rows``: the
    centred sums over the cells, weighted by their counts. None when a sum of squares is
    out of safe range (the pairwise computation rescales the scores)."""
    if not table.moderate:
        return None
    return correlation_from_moments(table.moments(rows))


def correlation_from_moments(m: Moments) -> CorrelationResult | None:
    """Pearson's r from the centred sums of some pairs: ``r = Sxy / √(Sxx·Syy)``, or NaN
    with the reason it is undefined; None when a sum of squares is out of safe range (the
    caller computes r again from exactly rescaled scores)."""
    reason = undefined_reason(m.n, None, None, m.gold_constant, m.system_constant)
    if reason is not None:
        return CorrelationResult(math.nan, m.n, reason, math.nan, "pearson")
    lo, hi = SAFE_SUMSQ
    if not (lo < m.sxx < hi and lo < m.syy < hi):
        return None
    r = snap(m.sxy / (math.sqrt(m.sxx) * math.sqrt(m.syy)))
    return CorrelationResult(r, m.n, None, t_pvalue(r, m.n), "pearson")


def _correlation_from_arrays(
    x: NDArray[np.float64], y: NDArray[np.float64], coefficient: str
) -> CorrelationResult:
    n = x.size
    reason = undefined_reason(n, x, y)
    if reason is not None:
        return CorrelationResult(math.nan, n, reason, math.nan, coefficient)
    r = _pearson_r(x, y)
    return CorrelationResult(r, n, None, t_pvalue(r, n), coefficient)


def spearman_sorted(g: SortedScores, s: SortedScores) -> CorrelationResult:
    """Spearman's ρ from two prepared vectors: their sorts, tie groups and average ranks
    are shared with every other rank-based metric of the evaluation."""
    n = g.values.size
    reason = undefined_reason(n, g.values, s.values, g.is_constant, s.is_constant)
    if reason is not None:
        return CorrelationResult(math.nan, n, reason, math.nan, "spearman")
    # Both sums of squares follow from the ties alone (no centring pass), and the cross
    # product is counted per grid level when either side is on a grid.
    sxx, syy = g.rank_sum_of_squares, s.rank_sum_of_squares
    r = snap(g.centered_rank_cross(s) / math.sqrt(sxx * syy))
    return CorrelationResult(r, n, None, t_pvalue(r, n), "spearman")


def _tie_sums(sizes: NDArray[np.intp]) -> tuple[int, float, float]:
    """Tied pairs, Σ t(t−1)(t−2) and Σ t(t−1)(2t+5) over the sizes t of the groups of two
    or more equal values."""
    t = sizes.astype(np.float64)
    pairs = int((sizes * (sizes - 1) // 2).sum())
    return pairs, float((t * (t - 1) * (t - 2)).sum()), float((t * (t - 1) * (2 * t + 5)).sum())


def kendall_sorted(g: SortedScores, s: SortedScores) -> CorrelationResult:
    """Kendall's τ-b (and its p-value) from two prepared vectors, sharing their sorts."""
    n = g.values.size
    reason = undefined_reason(n, g.values, s.values, g.is_constant, s.is_constant)
    if reason is not None:
        return CorrelationResult(math.nan, n, reason, math.nan, "kendall")
    # Order by gold, ties in gold broken by system ascending: then every discordant pair is
    # an inversion of the system's dense ranks, and no pair tied in gold is counted. The
    # system's sort is reused: a stable sort of the gold ranks in system order (a linear
    # radix sort when gold has fewer than 65 536 distinct values) finishes the order.
    gd = g.dense[s.order]
    gd = gd.astype(np.uint16) if g.group_starts.size <= 1 << 16 else gd
    by_gold = np.argsort(gd, kind="stable")  # positions in the system's sorted order
    gx = g.dense_sorted  # gold's dense ranks in gold order, whichever order ties take
    sy = s.dense_sorted[by_gold]
    sy += 1  # 1-based, as the compiled count expects
    dis = count_discordant(gx, sy)
    joint_ties = 0  # pairs tied on both sides: none where one side has no ties
    if g.group_starts.size < n and s.group_starts.size < n:
        change = np.r_[True, (gx[1:] != gx[:-1]) | (sy[1:] != sy[:-1]), True]
        joint = np.diff(np.flatnonzero(change))
        joint_ties = int((joint * (joint - 1) // 2).sum())
    xtie, x0, x1 = _tie_sums(g.tie_sizes)
    ytie, y0, y1 = _tie_sums(s.tie_sizes)
    tot = n * (n - 1) // 2
    con_minus_dis = tot - xtie - ytie + joint_ties - 2 * dis
    tau = con_minus_dis / math.sqrt(tot - xtie) / math.sqrt(tot - ytie)
    tau = snap(tau)
    m = n * (n - 1.0)
    var = (m * (2 * n + 5) - x1 - y1) / 18 + (2.0 * xtie * ytie) / m + x0 * y0 / (9 * m * (n - 2))
    z = con_minus_dis / math.sqrt(var)
    pvalue = math.erfc(abs(z) / math.sqrt(2))
    return CorrelationResult(float(tau), n, None, pvalue, "kendall")


# -- Pearson's r on weighted resamples: its sufficient statistics ------------------------


def _pearson_features(sample: Sample) -> Mapping[str, NDArray[np.float64]]:
    gold, s, s2, sg, _ = moment_features(sample.gold, sample.systems)
    return {"pearson.gold": gold, "pearson.s": s, "pearson.s2": s2, "pearson.sg": sg}


def _pearson_resampled(sample: Sample, chunk: Chunk) -> Resamples:
    L = chunk.sums
    N = chunk.N[:, None]
    return pearson_from_sums(L["pearson.gold"], L["pearson.s"], L["pearson.s2"], L["pearson.sg"], N)


# -- the records --------------------------------------------------------------------------


def _pearson(c: Context) -> MetricResult:
    g, s = c.gold, c.system
    table = s.joint(g)  # both on a grid: the sums over the table's cells
    if table is not None and (res := correlation_from_table(table)) is not None:
        return res
    centred = s.centring if g.centered is not None else None
    return correlation_centered(g.values, g.centered, s.values, "pearson", g.is_constant,
                                s.is_constant, centred)  # fmt: skip


PEARSON = Metric(
    name="pearson",
    compute=_pearson,
    higher_is_better=True,
    bounds=(-1, 1),
    source="Pearson 1896; Atoum 2019, eq. 1",
    description="Pearson's r",
    family="correlation",
    is_correlation=True,
    resampled=Resampled(features=_pearson_features, values=_pearson_resampled),
)
SPEARMAN = Metric(
    name="spearman",
    compute=lambda c: spearman_sorted(c.gold, c.system),
    higher_is_better=True,
    bounds=(-1, 1),
    source="Spearman 1904",
    description="Spearman's rank correlation",
    family="correlation",
    is_correlation=True,
    ranks=True,
    resampled=spearman_resampled(),
)
KENDALL = Metric(
    name="kendall",
    compute=lambda c: kendall_sorted(c.gold, c.system),
    higher_is_better=True,
    bounds=(-1, 1),
    source="Kendall 1938 (τ-b)",
    description="Kendall's τ-b",
    family="correlation",
    is_correlation=True,
    ranks=True,
    resampled=kendall_resampled(),
)
#: The definitions of this module, in registry order.
CORRELATION_METRICS = (PEARSON, SPEARMAN, KENDALL)

# -- the public functions -------------------------------------------------------------------
pearson = public_function(
    PEARSON,
    r"""Pearson's product-moment correlation between gold and system scores.

    .. math:: r = \frac{\sum_i (g_i-\bar g)(s_i-\bar s)}
                       {\sqrt{\sum_i (g_i-\bar g)^2}\sqrt{\sum_i (s_i-\bar s)^2}}

    (Atoum 2019, eq. 1). The p-value is the two-sided t test with n − 2 degrees of freedom;
    ``result.confidence_interval()`` is the Fisher-z interval of R ``cor.test``.
    Undefined (NaN, with ``reason``) for n < 3 or constant input. Exact for finite scores
    of any magnitude (1e308 and subnormals are rescaled, never overflow); as R ``cor``,
    an r within 4 machine epsilons of ±1 — exactly collinear scores up to rounding — is
    reported as ±1, with p = 0.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options`; its fields may also be given as keywords
        (only ``nan_policy`` changes a correlation).

    Returns
    -------
    CorrelationResult
        ``statistic`` (r), ``pvalue``, ``n``, ``reason`` and ``confidence_interval()``.

    References
    ----------
    Pearson, K. (1896). Mathematical contributions to the theory of evolution III.
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures, eq. 1.

    Examples
    --------
    >>> res = pearson([1, 2, 3, 4], [1, 3, 2, 4])
    >>> round(res.statistic, 6), round(res.pvalue, 6)
    (0.8, 0.2)
    """,
)
spearman = public_function(
    SPEARMAN,
    r"""Spearman's ρ: Pearson's r of the average ranks (ties get the mean rank).

    The p-value is the t approximation ``t = ρ·sqrt((n−2)/(1−ρ²))`` on n − 2 df, as
    scipy ``spearmanr`` and R ``cor.test(method="spearman", exact=FALSE)``;
    ``result.confidence_interval()`` uses Bonett & Wright's (2000) standard error
    √((1 + ρ²/2)/(n − 3)) on Fisher's z scale.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options` (or its fields as keywords).

    Returns
    -------
    CorrelationResult
        ``statistic`` (ρ), ``pvalue``, ``n``, ``reason`` and ``confidence_interval()``.

    References
    ----------
    Spearman, C. (1904). The proof and measurement of association between two things.
    Bonett, D. G., & Wright, T. A. (2000). Sample size requirements for estimating
    Pearson, Kendall and Spearman correlations. Psychometrika 65(1).

    Examples
    --------
    >>> round(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]).statistic, 6)
    0.8
    """,
)
kendall = public_function(
    KENDALL,
    r"""Kendall's τ-b, corrected for ties, in O(n log n) (Knight 1966) without a loop over pairs.

    .. math:: \tau_b = \frac{n_c - n_d}{\sqrt{(n_0 - n_1)(n_0 - n_2)}}

    with :math:`n_0 = n(n-1)/2` and :math:`n_1, n_2` the tied pairs in gold and system.
    The p-value is the normal approximation with the tie-corrected variance (Kendall 1970;
    scipy ``kendalltau(method="asymptotic")``, R ``cor.test(method="kendall", exact=FALSE)``);
    ``result.confidence_interval()`` uses Fieller, Hartley & Pearson's (1957) standard
    error √(0.437/(n − 4)) on Fisher's z scale.

    Parameters
    ----------
    gold, system : array_like
        Gold and system scores, one per pair, the same length.
    options : Options, optional
        Settings of :class:`~simeval.Options` (or its fields as keywords).

    Returns
    -------
    CorrelationResult
        ``statistic`` (τ-b), ``pvalue``, ``n``, ``reason`` and ``confidence_interval()``.

    References
    ----------
    Kendall, M. G. (1938). A new measure of rank correlation. Biometrika 30.
    Knight, W. R. (1966). A computer method for calculating Kendall's tau with ungrouped
    data. JASA 61.

    Examples
    --------
    >>> round(kendall([1, 2, 3, 4], [1, 3, 2, 4]).statistic, 6)
    0.666667
    """,
)
