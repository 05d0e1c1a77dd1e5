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
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import NanPolicy, check_int, check_scale, paired_scores
from ..errors import InputError
from ..results import MetricResult, warn_if_undefined
from ._sorted import SortedScores

__all__ = ["AVG_RANK_KS", "ncg", "ncg_avg_rank", "ndcg", "ndcg_avg_rank"]

#: The cut-offs averaged by nCGAvgRank and nDCGAvgRank (Reimers et al. 2016, §2).
AVG_RANK_KS = (3, 5, 10)


@lru_cache(maxsize=4)
def discounts(k: int) -> NDArray[np.float64]:
    """Seed 002's DCG weights for positions 1..k: ``1, 1, 1/log2(3), …, 1/log2(k)``.

    Cached (read-only): an evaluation reuses the same weights for every system."""
    d = np.ones(k)
    if k > 1:
        d[1:] = 1.0 / np.log2(np.arange(2, k + 1))
    d.flags.writeable = False
    return d


def ranked_gains(
    g: SortedScores, s: SortedScores, *, reverse: bool = False, top: float | None = None
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Gains in system order (tie-averaged) and in ideal order, from one sort of each side.

    ``reverse`` orders lowest first and uses ``top − g`` as the gain.
    """
    # ascending system order, ties averaged (the gathered copy is fresh: average in place)
    mean_gold = s.tie_mean(g.values[s.order], inplace=True)
    if not reverse:
        key: tuple[str, float | None] = ("ideal gains", None)
        if key not in g.cache:  # the ideal order depends on the gold scores only: build once
            g.cache[key] = g.sorted[::-1]
        return mean_gold[::-1], g.cache[key]  # type: ignore[return-value]
    if top is None:
        raise InputError("reversed nCG/nDCG need the top of the gold scale")
    key = ("ideal gains", top)
    if key not in g.cache:
        g.cache[key] = top - g.sorted
    return top - mean_gold, g.cache[key]  # type: ignore[return-value]


def _normalized(
    gains: NDArray[np.float64],
    ideal: NDArray[np.float64],
    k: int | None,
    discounted: bool,
    ideal_cache: dict[object, object] | None = None,
) -> MetricResult:
    """CG_k / iCG_k (or the discounted pair). ``ideal_cache`` (a gold vector's cache) keeps
    iCG_k / iDCG_k, which depend on the gold scores only, for the next system."""
    n = gains.size
    if n == 0:
        return MetricResult(math.nan, 0, "undefined for 0 pairs")
    kk = n if k is None else min(k, n)
    w = discounts(kk) if discounted else None
    got = float(np.dot(gains[:kk], w)) if w is not None else float(gains[:kk].sum())
    key = ("ideal", id(ideal), kk, discounted)
    if ideal_cache is not None and key in ideal_cache:
        best = float(ideal_cache[key][1])  # type: ignore[index]
    else:
        best = float(np.dot(ideal[:kk], w)) if w is not None else float(ideal[:kk].sum())
        if ideal_cache is not None:
            ideal_cache[key] = (ideal, best)  # keep ``ideal`` alive so its id stays unique
    if best <= 0:
        return MetricResult(math.nan, n, f"undefined: the ideal gain of the top {kk} is {best:g}")
    # CG_k ≤ iCG_k exactly; summing tie-group means in another order than the ideal gains
    # can overshoot by an ulp, so the ratio is capped at 1.
    return MetricResult(min(got / best, 1.0), n)


def _check_k(k: int | None) -> int | None:
    """A cut-off ≥ 1, or None for all pairs."""
    return None if k is None else check_int(k, "k")


def _prepare(gold, system, nan_policy, reverse, scale):
    g, s = paired_scores(gold, system, nan_policy=nan_policy)
    sc = check_scale(scale)
    top = sc[1] if sc else (float(g.max()) if g.size else None)
    return SortedScores(g), SortedScores(s), top


def ncg(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    k: int | None = None,
    reverse: bool = False,
    scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    r"""Normalized cumulative gain at k (Järvelin & Kekäläinen 2000; Reimers et al. 2016 §2).

    .. math:: \mathrm{nCG}_k = \frac{\sum_{i\le k} m_i}{\sum_{i \le k} m^{*}_i}

    with :math:`m` the gold scores in system order (ties averaged) and :math:`m^*` in
    ideal order. ``k=None`` uses all pairs (then nCG = 1 by construction); ``k`` beyond n
    is cut to n. ``reverse=True`` rewards finding the *least* similar pairs: lowest system
    scores first, gain ``hi − g`` with ``hi`` the top of ``scale`` (default: max gold).
    Undefined when the ideal gain is 0.

    >>> ncg([3, 2, 1, 0], [0.9, 0.8, 0.1, 0.2], k=2).statistic
    1.0
    """
    g, s, top = _prepare(gold, system, nan_policy, reverse, scale)
    return warn_if_undefined(
        _normalized(*ranked_gains(g, s, reverse=reverse, top=top), _check_k(k), False)
    )


def ndcg(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    k: int | None = None,
    reverse: bool = False,
    scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    r"""Normalized discounted cumulative gain at k, Reimers et al. 2016's discount.

    .. math:: \mathrm{DCG}_k = m_1 + \sum_{i=2}^{k} \frac{m_i}{\log_2 i}, \qquad
              \mathrm{nDCG}_k = \mathrm{DCG}_k / \mathrm{iDCG}_k

    Ties in system scores get the mean gain of their group. Not scikit-learn's
    ``ndcg_score`` (which discounts by ``log2(i + 1)``). Options as :func:`ncg`.

    >>> # system order puts gold 1, 2, 3 first: (1 + 2/1 + 3/log2 3) / (3 + 2/1 + 1/log2 3)
    >>> round(ndcg([3, 2, 1], [0.1, 0.5, 0.9]).statistic, 6)
    0.868913
    """
    g, s, top = _prepare(gold, system, nan_policy, reverse, scale)
    return warn_if_undefined(
        _normalized(*ranked_gains(g, s, reverse=reverse, top=top), _check_k(k), True)
    )


def _avg_rank(gains, ideal, discounted: bool) -> MetricResult:
    parts = [_normalized(gains, ideal, k, discounted) for k in AVG_RANK_KS]
    bad = [p.reason for p in parts if p.reason]
    if bad:
        return MetricResult(math.nan, gains.size, bad[0])
    return MetricResult(float(np.mean([p.statistic for p in parts])), gains.size)


def ncg_avg_rank(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    reverse: bool = False,
    scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    """nCGAvgRank = mean(nCG_3, nCG_5, nCG_10) (Reimers et al. 2016 §2): the top of the ranking
    only.

    >>> ncg_avg_rank([3, 2, 1, 0], [4, 3, 2, 1]).statistic
    1.0
    """
    g, s, top = _prepare(gold, system, nan_policy, reverse, scale)
    return warn_if_undefined(_avg_rank(*ranked_gains(g, s, reverse=reverse, top=top), False))


def ndcg_avg_rank(
    gold: ArrayLike,
    system: ArrayLike,
    *,
    reverse: bool = False,
    scale: Sequence[float] | None = None,
    nan_policy: NanPolicy = "raise",
) -> MetricResult:
    """nDCGAvgRank = mean(nDCG_3, nDCG_5, nDCG_10) (Reimers et al. 2016 §2).

    >>> ndcg_avg_rank([3, 2, 1, 0], [4, 3, 2, 1]).statistic
    1.0
    """
    g, s, top = _prepare(gold, system, nan_policy, reverse, scale)
    return warn_if_undefined(_avg_rank(*ranked_gains(g, s, reverse=reverse, top=top), True))
