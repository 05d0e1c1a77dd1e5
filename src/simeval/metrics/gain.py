"""Ranking measures of Reimers et al. (2016, §2): nCG, nDCG and their AvgRank means.

Pairs are ordered by system score, highest first; the gain of position i is the gold
score ``m_i`` of the pair there. **Ties** in the system scores are resolved by the
expected value over all orders of the tied pairs: every position inside a tied group
gets the group's mean gold score (as scikit-learn's ``ndcg_score`` does by default).

The discount is Reimers et al. 2016's, ``DCG_k = m_1 + Σ_{i=2..k} m_i / log2(i)`` (Järvelin &
Kekäläinen 2002): positions 1 *and* 2 get weight 1. **This is not scikit-learn's**
``ndcg_score``, which divides by ``log2(i + 1)``; values differ from it.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

from .._validate import check_bool, check_int
from ..results import MetricResult
from ._sorted import SortedScores
from ._ties import group_sums, tied_chunks
from .base import Metric, public_function
from .context import Context
from .discounts import DISCOUNT_CHUNK, discount_sums, discounts, discounts_at, discounts_between
from .weighted.gain import gain_resampled

__all__ = [
    "AVG_RANK_KS",
    "avg_rank_metric",
    "ncg",
    "ncg_avg_rank",
    "ndcg",
    "ndcg_avg_rank",
    "ranking_metric",
]

#: The cut-offs averaged by nCGAvgRank and nDCGAvgRank (Reimers et al. 2016, §2).
AVG_RANK_KS = (3, 5, 10)
_SOURCE = "Järvelin & Kekäläinen 2002; Reimers, Beyer & Gurevych 2016, §2"


def cumulative_gain(gains: NDArray[np.float64], discounted: bool) -> float:
    """``Σ_i gains[i] · w_{i+1}``: the (D)CG of gains listed from position 1 on, summed
    pairwise (``np.sum``; error O(log n) ulps, where a running sum over 1e7 positive
    terms drifts by 1e-12)."""
    if not discounted:
        return float(gains.sum())
    if gains.size <= DISCOUNT_CHUNK:
        return float((gains * discounts(gains.size)).sum())
    total = 0.0
    for a in range(0, gains.size, DISCOUNT_CHUNK):
        b = min(a + DISCOUNT_CHUNK, gains.size)
        w = discounts_between(a, b)
        w *= gains[a:b]
        total += float(w.sum())
    return total


def run_gain(values: NDArray[np.float64], lengths: NDArray[np.intp], k: int, discounted: bool,
             n: int) -> float:  # fmt: skip
    """The (D)CG of the first k positions of a list of n gains made of runs: ``lengths[j]``
    positions of gain ``values[j]``, in order (the ideal order of grid gold scores, the
    order of a grid system with its ties averaged). A sum per run, not per position."""
    bounds = np.minimum(np.cumsum(lengths), k)
    bounds = np.concatenate([np.zeros(1, dtype=bounds.dtype), bounds])
    weights = discount_sums(bounds, n) if discounted else np.diff(bounds).astype(np.float64)
    return float(np.einsum("i,i->", values, weights))


def ranked_gains(
    g: SortedScores, s: SortedScores, *, top: float | None = None
) -> NDArray[np.float64]:
    """Gains in system order, highest system score first, every tied group of system
    scores given its mean gain (one sort of the system, or none for grid scores).

    With ``top`` (reversed measures), pairs are ordered lowest first and the gain is
    ``top − g``.
    """
    mean_gold = s.group_means(g)  # ascending system order, ties averaged
    return mean_gold[::-1] if top is None else np.subtract(top, mean_gold, out=mean_gold)


def ideal_gain(g: SortedScores, k: int, discounted: bool, top: float | None = None) -> float:
    """The (D)CG of the first k pairs in the ideal order (highest gold first; lowest first
    for ``top``). For grid scores the ideal gains are runs of equal values, summed run
    by run (:func:`run_gain`) rather than as one n-long array."""
    if g.grid is None:
        asc = g.sorted
        return cumulative_gain((asc[::-1] if top is None else top - asc)[:k], discounted)
    levels, counts = g.grid.levels, g.grid.counts
    if top is None:
        return run_gain(levels[::-1], counts[::-1], k, discounted, g.values.size)
    return run_gain(top - levels, counts, k, discounted, g.values.size)


def _system_gain(c: Context, k: int, discounted: bool, top: float | None) -> float:
    """The (D)CG of the first k pairs in system order (ties averaged): run by run when the
    system lies on a grid (each level's mean gain, from the contingency table or
    counted), position by position from the gold codes when the gold scores do
    (:func:`coded_gain`), else from the gains of every position."""
    s = c.system
    if s.grid is None:
        if c.gold.grid is not None:
            return coded_gain(c.gold, s, k, discounted, top)
        gains = c.shared(_gains_reversed if top is not None else _gains)
        return cumulative_gain(gains[:k], discounted)
    counts = s.grid.counts
    means = s.group_sums(c.gold) / counts  # ascending system levels
    if top is None:
        return run_gain(means[::-1], counts[::-1], k, discounted, c.n)
    return run_gain(top - means, counts, k, discounted, c.n)


#: :func:`coded_gain` looks the gains up this many positions at a time.
GAIN_CHUNK = 1 << 16


def coded_gain(
    g: SortedScores, s: SortedScores, k: int, discounted: bool, top: float | None = None
) -> float:
    """The (D)CG of the first k pairs in system order when the gold scores lie on a grid:
    each position's gain looked up from its gold code a chunk at a time (no n-long array
    of gains; only the first k positions are visited), then, for every tied group of
    system scores, its positions' gains moved to the group's mean. The chunks' sums
    are pairwise, and added pairwise."""
    assert g.grid is not None
    n = s.values.size
    codes = g.codes_in_order(s)  # ascending system order
    levels = g.grid.levels if top is None else top - g.grid.levels
    whole = discounts(n) if discounted and n <= DISCOUNT_CHUNK else None
    parts = []
    for a in range(0, k, GAIN_CHUNK):  # ranking position i is ascending n − 1 − i
        b = min(a + GAIN_CHUNK, k)
        chunk = codes[n - b : n - a][::-1] if top is None else codes[a:b]
        gains = np.take(levels, chunk.astype(np.intp))
        if discounted:
            gains *= whole[a:b] if whole is not None else discounts_between(a, b)
        parts.append(gains.sum())
    return float(np.sum(parts)) + _tie_change(s, levels, codes, k, discounted, top)


def _tie_change(
    s: SortedScores,
    levels: NDArray[np.float64],
    codes: NDArray[np.unsignedinteger],
    k: int,
    discounted: bool,
    top: float | None,
) -> float:
    """What :func:`coded_gain` adds when every tied group's positions get the group's
    mean gain: ``Σ (mean − gain) · weight`` over the tied positions among the first k,
    the tied positions visited a chunk at a time (:func:`~._ties.tied_chunks`)."""
    starts, sizes = s.tie_starts, s.tie_sizes
    if not sizes.size:
        return 0.0
    n = s.values.size
    sums = np.zeros(sizes.size)
    for groups, lengths, positions in tied_chunks(starts, sizes):
        own = levels[codes[positions]]
        sums[groups] += group_sums(own, np.cumsum(lengths) - lengths, lengths)
    means = sums / sizes
    parts = []
    for groups, lengths, positions in tied_chunks(starts, sizes):
        change = np.repeat(means[groups], lengths) - levels[codes[positions]]
        rank = n - 1 - positions if top is None else positions
        inside = rank < k
        if discounted:
            change *= discounts_at(rank)
        parts.append(change[inside].sum())
    return float(np.sum(parts))


def _gains(c: Context) -> NDArray[np.float64]:
    return ranked_gains(c.gold, c.system)


def _gains_reversed(c: Context) -> NDArray[np.float64]:
    return ranked_gains(c.gold, c.system, top=c.options.scale[1])  # type: ignore[index]


def normalized_gain(
    c: Context, k: int | None, discounted: bool, reverse: bool = False
) -> MetricResult:
    """CG_k / iCG_k (or the discounted pair) of a context; iCG_k / iDCG_k depend on the
    gold scores only and are cached with them for the next system (the ideal gains
    themselves are not kept)."""
    n = c.n
    if n == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    if not reverse and (lowest := c.gold.minimum) < 0:
        return MetricResult(
            math.nan,
            n,
            f"undefined: gains are the gold scores, and {lowest:g} is negative "
            "(nCG/nDCG need a scale that starts at 0 or above)",
        )
    kk = n if k is None else min(k, n)
    top = c.options.scale[1] if reverse else None  # type: ignore[index]
    with np.errstate(over="ignore", invalid="ignore"):  # sums beyond the float range
        got = _system_gain(c, kk, discounted, top)
        key = ("ideal", top, kk, discounted)
        best = c.gold.cache.get(key)
        if best is None:
            best = c.gold.cache[key] = ideal_gain(c.gold, kk, discounted, top)
    if not (math.isfinite(got) and math.isfinite(best)):  # type: ignore[arg-type]
        return MetricResult(
            math.nan, n, "undefined: the sum of the gains exceeds the largest float; scale "
            "the gold scores down"
        )  # fmt: skip
    if best <= 0:  # type: ignore[operator]
        return MetricResult(math.nan, n, f"undefined: the ideal gain of the top {kk} is {best:g}")
    # CG_k ≤ iCG_k exactly; summing tie-group means in another order than the ideal gains
    # can overshoot by an ulp, so the ratio is capped at 1.
    return MetricResult(min(got / best, 1.0), n)  # type: ignore[operator]


def ranking_metric(k: int | None, discounted: bool, reverse: bool = False) -> Metric:
    r"""The definition of nCG / nDCG at cut-off ``k`` (``None``: all pairs), reversed or
    not; named as the registry spells it (``ndcg@10``, ``ncg_rev``).

    :math:`\mathrm{nDCG}_k = \mathrm{DCG}_k / \mathrm{iDCG}_k` with
    :math:`\mathrm{DCG}_k = m_1 + \sum_{i=2}^{k} m_i / \log_2 i` over the pairs ordered by
    system score (Reimers, Beyer & Gurevych 2016, §2; Järvelin & Kekäläinen 2002); nCG
    drops the discount. Reversed: the least similar pairs first, with gain ``hi − g``.

    Parameters
    ----------
    k : int or None
        The cut-off (pairs from the top).
    discounted : bool
        nDCG (True) or nCG (False).
    reverse : bool, default False
        Whether the task is about dissimilar pairs.

    Returns
    -------
    Metric

    Examples
    --------
    System order of the gold scores 3, 0, 1, 2: nDCG@3 = (3 + 0 + 1/log2 3) / (3 + 2 +
    1/log2 3) = 0.644819, nCG@3 = (3 + 0 + 1)/(3 + 2 + 1) = 2/3.

    >>> from simeval import Options
    >>> from simeval.metrics.base import score
    >>> gold, system = [3, 2, 0, 1], [0.9, 0.1, 0.8, 0.5]
    >>> round(score(ranking_metric(3, True), gold, system, Options()).statistic, 6)
    0.644819
    >>> m = ranking_metric(3, False)
    >>> m.name, round(score(m, gold, system, Options()).statistic, 6)
    ('ncg@3', 0.666667)
    """
    chosen = check_bool("reverse", reverse)
    return _ranking_metric(None if k is None else check_int(k, "k"), discounted, chosen)


@lru_cache(maxsize=256)
def _ranking_metric(kk: int | None, discounted: bool, reverse: bool) -> Metric:
    base = "ndcg" if discounted else "ncg"
    name = base + ("_rev" if reverse else "") + (f"@{kk}" if kk is not None else "")
    label = ("nDCG" if discounted else "nCG") + (f"@{kk}" if kk else " over all pairs")

    def compute(c: Context) -> MetricResult:
        return normalized_gain(c, kk, discounted, reverse)

    return Metric(
        name=name,
        compute=compute,
        higher_is_better=True,
        bounds=(0, 1),
        source=_SOURCE,
        description=label + (" (reversed: least similar first)" if reverse else ""),
        family="ranking",
        ranks=True,
        reads=frozenset({"scale"}) if reverse else frozenset(),
        resampled=gain_resampled([(kk, discounted, reverse)]),
    )


@lru_cache(maxsize=8)
def avg_rank_metric(discounted: bool, reverse: bool = False) -> Metric:
    """The definition of nCGAvgRank / nDCGAvgRank: the mean at k = 3, 5 and 10."""
    base = "ndcg" if discounted else "ncg"
    chosen = check_bool("reverse", reverse)

    def compute(c: Context) -> MetricResult:
        parts = [normalized_gain(c, k, discounted, chosen) for k in AVG_RANK_KS]
        bad = [p.reason for p in parts if p.reason]
        if bad:
            return MetricResult(math.nan, c.n, bad[0])
        return MetricResult(float(np.mean([p.statistic for p in parts])), c.n)

    label = "nDCG" if discounted else "nCG"
    return Metric(
        name=f"{base}_avg_rank" + ("_rev" if chosen else ""),
        compute=compute,
        higher_is_better=True,
        bounds=(0, 1),
        source=_SOURCE,
        description=f"mean of {label}@3, {label}@5, {label}@10",
        family="ranking",
        ranks=True,
        reads=frozenset({"scale"}) if chosen else frozenset(),
        resampled=gain_resampled([(k, discounted, chosen) for k in AVG_RANK_KS]),
    )


ncg = public_function(
    lambda k=None, reverse=False: ranking_metric(k, False, reverse),
    r"""Normalized cumulative gain at k (Järvelin & Kekäläinen 2002; Reimers et al. 2016, §2).

    .. math:: \mathrm{nCG}_k = \frac{\sum_{i\le k} m_i}{\sum_{i \le k} m^{*}_i}

    with :math:`m` the gold scores in system order (ties averaged) and :math:`m^*` in
    ideal order. ``k=None`` uses all pairs (then nCG = 1 by construction); ``k`` beyond n
    is cut to n. ``reverse=True`` rewards finding the *least* similar pairs: lowest system
    scores first, gain ``hi − g`` with ``hi`` the top of ``scale`` (default: max gold).
    Undefined when the ideal gain is 0.

    >>> ncg([3, 2, 1, 0], [0.9, 0.8, 0.1, 0.2], k=2).statistic
    1.0
    """,
    name="ncg",
    parameters={"k": None, "reverse": False},
)
ndcg = public_function(
    lambda k=None, reverse=False: ranking_metric(k, True, reverse),
    r"""Normalized discounted cumulative gain at k, Reimers et al. (2016)'s discount.

    .. math:: \mathrm{DCG}_k = m_1 + \sum_{i=2}^{k} \frac{m_i}{\log_2 i}, \qquad
              \mathrm{nDCG}_k = \mathrm{DCG}_k / \mathrm{iDCG}_k

    Ties in system scores get the mean gain of their group. Not scikit-learn's
    ``ndcg_score`` (which discounts by ``log2(i + 1)``). Options as :func:`ncg`.

    >>> # system order puts gold 1, 2, 3 first: (1 + 2/1 + 3/log2 3) / (3 + 2/1 + 1/log2 3)
    >>> round(ndcg([3, 2, 1], [0.1, 0.5, 0.9]).statistic, 6)
    0.868913
    """,
    name="ndcg",
    parameters={"k": None, "reverse": False},
)
ncg_avg_rank = public_function(
    lambda reverse=False: avg_rank_metric(False, reverse),
    """nCGAvgRank = mean(nCG_3, nCG_5, nCG_10) (Reimers et al. 2016, §2): the top of the
    ranking only.

    >>> ncg_avg_rank([3, 2, 1, 0], [4, 3, 2, 1]).statistic
    1.0
    """,
    name="ncg_avg_rank",
    parameters={"reverse": False},
)
ndcg_avg_rank = public_function(
    lambda reverse=False: avg_rank_metric(True, reverse),
    """nDCGAvgRank = mean(nDCG_3, nDCG_5, nDCG_10) (Reimers et al. 2016, §2).

    >>> ndcg_avg_rank([3, 2, 1, 0], [4, 3, 2, 1]).statistic
    1.0
    """,
    name="ndcg_avg_rank",
    parameters={"reverse": False},
)
