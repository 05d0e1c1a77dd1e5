"""Ranking systems by a metric: 1 is the best, tied values share their average rank.
Every ranking of systems in simeval — rank agreement, predictiveness, the normalized
averaged rank, the figures — is made here."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError

__all__ = ["rank_systems", "rank_values", "system_values"]


def system_values(
    scores: Mapping[str, float], systems: list[str], what: str
) -> NDArray[np.float64]:
    """The value of each of ``systems`` in ``scores``, in that order.

    Parameters
    ----------
    scores : mapping of str to float
        System → value.
    systems : list of str
        The systems wanted, in order.
    what : str
        How an error names ``scores`` (``"metric 'pearson'"``).

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> system_values({"a": 0.5, "b": 0.9}, ["b", "a"], "scores").tolist()
    [0.9, 0.5]
    """
    missing = [s for s in systems if s not in scores]
    if missing:
        raise InputError(f"{what} has no value for system {missing[0]!r}; give every system")
    vals = np.array([float(scores[s]) for s in systems])
    if np.isnan(vals).any():
        bad = systems[int(np.argmax(np.isnan(vals)))]
        raise InputError(f"{what} is NaN for system {bad!r}; drop the system or fix the value")
    return vals


def rank_values(values: NDArray[np.float64], higher: bool) -> NDArray[np.float64]:
    """Average ranks along the last axis, 1 = best (scipy's ``rankdata``, imported here so
    that importing this module stays quick).

    Parameters
    ----------
    values : numpy.ndarray
        Values; ranked along the last axis.
    higher : bool
        Whether a higher value is better.

    Returns
    -------
    numpy.ndarray
        Ranks, same shape.

    Examples
    --------
    >>> rank_values(np.array([0.5, 0.9, 0.5]), higher=True).tolist()
    [2.5, 1.0, 2.5]
    """
    from scipy.stats import rankdata

    return rankdata(-values if higher else values, method="average", axis=-1)


def rank_systems(scores: Mapping[str, float], *, higher_is_better: bool = True) -> dict[str, float]:
    """Rank systems by one metric: 1 = best, tied values share their average rank.

    Parameters
    ----------
    scores : mapping of str to float
        System → value of the metric.
    higher_is_better : bool, default True

    Returns
    -------
    dict of str to float
        System → rank.

    Examples
    --------
    >>> rank_systems({"a": 0.5, "b": 0.9, "c": 0.5})
    {'a': 2.5, 'b': 1.0, 'c': 2.5}
    """
    systems = list(scores)
    return dict(
        zip(
            systems,
            rank_values(system_values(scores, systems, "scores"), higher_is_better).tolist(),
        )
    )


def share_above(ranks: NDArray[np.float64], chunk: int = 4096) -> NDArray[np.float64]:
    """``share[i, j]``: the share of resamples where rank i < rank j, ties counting half."""
    k, n = ranks.shape
    total = np.zeros((k, k))
    for start in range(0, n, chunk):
        r = ranks[:, start : start + chunk]
        above = (r[:, None, :] < r[None, :, :]).sum(axis=2)
        tied = (r[:, None, :] == r[None, :, :]).sum(axis=2)
        total += above + 0.5 * tied
    share = total / n
    np.fill_diagonal(share, np.nan)
    return share


def reversal_pvalues(
    share: NDArray[np.float64], n: int, observed_ranks: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Two-sided p-values of the percentile test, for every pair ranked apart on the full
    data (upper triangle, systems best first); NaN elsewhere."""
    k = share.shape[0]
    p = np.full((k, k), np.nan)
    if n == 0:
        return p
    for i in range(k):
        for j in range(i + 1, k):
            if observed_ranks[i] == observed_ranks[j]:
                continue  # tied on the full data: no order to separate
            reversed_count = (1.0 - share[i, j]) * n
            p[i, j] = min(1.0, 2.0 * (reversed_count + 1.0) / (n + 1.0))
    return p


def resamples_to_separate(
    pvalues: NDArray[np.float64], n: int, alpha: float, correction: str
) -> int | None:
    """The resamples under which no order of the reversal test can be separable, or None
    when ``n`` is enough.

    The test's smallest two-sided p-value on ``n`` resamples is ``2/(n + 1)``; Holm's
    correction over the m pairs tested (the finite ``pvalues``) multiplies the smallest
    p-value by m, so no pair is separable at ``alpha`` unless ``2m/(n + 1) < alpha``,
    that is unless ``n ≥ ⌊2m/alpha⌋``.

    Parameters
    ----------
    pvalues : numpy.ndarray
        The reversal p-values (NaN for pairs not tested).
    n : int
        The resamples.
    alpha : float
        The level.
    correction : {"holm", "none"}
        The correction for the pairs tested.

    Returns
    -------
    int or None
        ``⌊2m/alpha⌋`` when ``n`` is fewer, else None.

    Examples
    --------
    Ten systems (45 pairs) on 1 000 resamples: the smallest p-value, 2/1001, times 45 is
    0.09 > 0.05; 1 800 resamples would do:

    >>> p = np.full((10, 10), np.nan)
    >>> p[np.triu_indices(10, 1)] = 2 / 1001
    >>> resamples_to_separate(p, 1000, 0.05, "holm"), resamples_to_separate(p, 1000, 0.05, "none")
    (1800, None)
    """
    tested = int(np.count_nonzero(~np.isnan(pvalues)))
    factor = tested if correction == "holm" else min(tested, 1)
    if factor == 0 or 2.0 * factor / (n + 1.0) < alpha:
        return None
    return int(np.floor(2.0 * factor / alpha))
