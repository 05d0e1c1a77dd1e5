r"""How stable is a leaderboard? The distribution of every system's *rank* over bootstrap
resamples shared by all systems: a rank interval, the probability of being first, and
which pairs of systems are in a separable order.

On each resample b the systems are ranked by the metric (1 = best, tied values share
their mean rank, :func:`~simeval.stats.ranks.rank_values`); a system's rank interval is the
percentile interval of its ranks (Goldstein & Spiegelhalter 1996; Hall & Miller 2009), and
P(best) is the share of resamples where it ranks first, a tie for first splitting the share.
A resample where some system's value is undefined (NaN) is left out, so that every rank is
a rank among all k systems; the result counts those resamples in ``n_undefined``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_choice, check_probability
from ..errors import InputError
from ..metrics.registry import direction
from ..results import json_ready
from .bootstrap import BootstrapDistribution
from .clusters import holm
from .ranks import rank_values, resamples_to_separate, reversal_pvalues, share_above

__all__ = ["RankIntervals", "rank_intervals", "rank_intervals_from_values"]

Correction = Literal["holm", "none"]


@dataclass(frozen=True, eq=False)
class RankIntervals:
    r"""Every system's rank over the bootstrap resamples, best first.

    The order of i above j (i observed better) is *separable* at level ``alpha`` when the
    percentile-interval test rejects "j is at least as good": with :math:`c` the resamples
    that reverse the order (ties counting one half), :math:`p = \min(1, 2(c + 1)/(B + 1))`
    — the two-sided test that inverts the percentile interval of the paired difference
    (Efron & Tibshirani 1993), with the Monte Carlo +1 of Davison & Hinkley (1997, eq.
    4.11) — after Holm's (1979) correction over the k(k − 1)/2 pairs
    (``correction="holm"``, the default) or without it (``"none"``).

    Attributes
    ----------
    metric, higher_is_better, confidence_level, alpha, correction
        The settings.
    systems : tuple of str
        Best first; the arrays below are in this order.
    values, ranks : numpy.ndarray
        The values on the full data and their ranks (1 = best, ties share the mean rank).
    low, high : numpy.ndarray
        The ``confidence_level`` percentile interval of the resample ranks (numpy's
        ``"inverted_cdf"`` quantiles: both bounds are ranks that occur).
    mean_rank, p_best : numpy.ndarray
        The mean resample rank and the share of resamples ranked first.
    resample_ranks : numpy.ndarray
        ``[i, b]``: system i's rank on the b-th defined resample.
    share_above : numpy.ndarray
        ``[i, j]``: the share of resamples where i ranks above j (a tie counts one half).
    pvalues, adjusted : numpy.ndarray
        The reversal p-values and their correction (NaN on the diagonal and for pairs tied
        on the full data).
    separable : numpy.ndarray of bool
        ``[i, j]`` True for i above j when ``adjusted[i, j] < alpha``.
    n_resamples, n_undefined : int
        The resamples, and those left out because some system was undefined.
    seed : int or None
        The resamples' seed.

    References
    ----------
    Goldstein, H. & Spiegelhalter, D. J. (1996). League tables and their limitations.
    *Journal of the Royal Statistical Society A* 159(3), 385–443.

    Hall, P. & Miller, H. (2009). Using the bootstrap to quantify the authority of an
    empirical ranking. *The Annals of Statistics* 37(6B), 3929–3959.

    Examples
    --------
    ``a`` ranks first on two of three resamples; on the third ``c`` is first and ``a`` ties
    ``b`` for second (rank 2.5 each):

    >>> res = rank_intervals_from_values([3.0, 1.0, 2.0], [[3, 3, 1], [1, 1, 1], [2, 2, 2]],
    ...                                  ["a", "b", "c"])
    >>> res.systems, res.low.tolist(), res.high.tolist(), float(res.share_above[0, 1])
    (('a', 'c', 'b'), [1.0, 1.0, 2.5], [2.5, 2.0, 3.0], 0.6666666666666666)
    """

    metric: str
    higher_is_better: bool
    confidence_level: float
    alpha: float
    correction: str
    systems: tuple[str, ...]
    values: NDArray[np.float64]
    ranks: NDArray[np.float64]
    low: NDArray[np.float64]
    high: NDArray[np.float64]
    mean_rank: NDArray[np.float64]
    p_best: NDArray[np.float64]
    resample_ranks: NDArray[np.float64]
    share_above: NDArray[np.float64]
    pvalues: NDArray[np.float64]
    adjusted: NDArray[np.float64]
    separable: NDArray[np.bool_]
    n_resamples: int
    n_undefined: int
    seed: int | None = None

    def separable_pairs(self) -> list[tuple[str, str]]:
        """The pairs ``(better, worse)`` whose order is separable, best first."""
        k = len(self.systems)
        return [
            (self.systems[i], self.systems[j])
            for i in range(k)
            for j in range(i + 1, k)
            if self.separable[i, j]
        ]

    def adjacent_separable(self) -> list[bool]:
        """For each pair of neighbours in the observed ranking (1st–2nd, 2nd–3rd …),
        whether their order is separable."""
        return [bool(self.separable[i, i + 1]) for i in range(len(self.systems) - 1)]

    def resamples_needed(self) -> int | None:
        """The resamples it takes for any order to be separable, when the run has fewer
        (:func:`~simeval.stats.ranks.resamples_to_separate`); None when it has enough."""
        defined = self.n_resamples - self.n_undefined
        return resamples_to_separate(self.pvalues, defined, self.alpha, self.correction)

    def summary(self) -> str:
        """One sentence: who is first and how often, and how many neighbours in the
        ranking are separable (and, where no order can be, how many resamples it takes).

        >>> rng = np.random.default_rng(0)
        >>> res = rank_intervals_from_values([0.9, 0.5], rng.normal([[0.9], [0.5]], 0.01,
        ...     (2, 200)), ["a", "b"], metric="spearman")
        >>> print(res.summary())
        a ranks first in 100% of 200 resamples (95% rank interval 1–1); 1 of 1 neighbouring
        pairs in the ranking are separable (Holm, alpha = 0.05).
        """
        level = f"{self.confidence_level * 100:g}%"
        best = self.systems[0]
        neighbours = self.adjacent_separable()
        how = "Holm" if self.correction == "holm" else "no correction"
        defined = self.n_resamples - self.n_undefined
        needed = self.resamples_needed()
        unreachable = (
            f"; with {defined} resamples no order can be (give {needed} or more)"
            if needed is not None
            else ""
        )
        return (
            f"{best} ranks first in {self.p_best[0] * 100:.0f}% of {defined} resamples "
            f"({level} rank interval {self.low[0]:g}–{self.high[0]:g}); "
            f"{sum(neighbours)} of {len(neighbours)} neighbouring pairs in the ranking are "
            f"separable ({how}, alpha = {self.alpha:g}){unreachable}."
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the settings, one row per system (best first) and the separable
        pairs, with the pairwise shares and adjusted p-values as nested lists."""
        rows = [
            {
                "system": s,
                "value": float(self.values[i]),
                "rank": float(self.ranks[i]),
                "rank_low": float(self.low[i]),
                "rank_high": float(self.high[i]),
                "mean_rank": float(self.mean_rank[i]),
                "p_best": float(self.p_best[i]),
            }
            for i, s in enumerate(self.systems)
        ]
        return json_ready(
            {
                "metric": self.metric,
                "higher_is_better": self.higher_is_better,
                "confidence_level": self.confidence_level,
                "alpha": self.alpha,
                "correction": self.correction,
                "n_resamples": self.n_resamples,
                "n_undefined": self.n_undefined,
                "seed": self.seed,
                "systems": rows,
                "separable_pairs": [list(p) for p in self.separable_pairs()],
                "resamples_needed": self.resamples_needed(),
                "share_above": self.share_above.tolist(),
                "adjusted_pvalues": self.adjusted.tolist(),
            }
        )

    def plot(self, *, ax: Any = None) -> Any:
        """The rank intervals, best first (:func:`simeval.report.figures.rank_interval_figure`)."""
        from ..report.figures import rank_interval_figure

        return rank_interval_figure(self.as_dict(), ax=ax)


def rank_intervals(
    dist: BootstrapDistribution,
    metric: str | None = None,
    *,
    confidence_level: float = 0.95,
    alpha: float = 0.05,
    correction: Correction = "holm",
    higher_is_better: bool | None = None,
) -> RankIntervals:
    """Rank intervals of the systems of a bootstrap distribution under one ``metric``
    (the only one when it has one); see :func:`rank_intervals_from_values`.

    Every system was scored on the same resamples of the pairs (the contract of
    :func:`~simeval.stats.bootstrap.bootstrap_distribution`), so ranks are taken within
    each resample.

    Parameters
    ----------
    dist : BootstrapDistribution
        The systems' values on shared resamples.
    metric : str, optional
        Which of its metrics (needed when it has several).
    confidence_level, alpha : float
        Of the rank intervals, and of the separable orders.
    correction : {"holm", "none"}
        Of the reversal p-values.
    higher_is_better : bool, optional
        Default: the metric's own direction.

    Returns
    -------
    RankIntervals

    Raises
    ------
    InputError
        A metric that was not bootstrapped, or none named among several.

    Examples
    --------
    >>> from simeval.stats import bootstrap_distribution
    >>> gold = np.arange(30.0)
    >>> rng = np.random.default_rng(1)
    >>> d = bootstrap_distribution(gold, {"near": gold + rng.normal(0, 1, 30),
    ...     "far": gold + rng.normal(0, 30, 30)}, ["pearson"], n_resamples=200, seed=0,
    ...     jackknife_groups=0)
    >>> res = rank_intervals(d)
    >>> res.systems, res.low.tolist(), res.high.tolist()
    (('near', 'far'), [1.0, 2.0], [1.0, 2.0])
    """
    if metric is None:
        if len(dist.metrics) != 1:
            raise InputError(f"name the metric: one of {dist.metrics}")
        metric = dist.metrics[0]
    key = metric.replace(" ", "").lower()
    if key not in dist.metrics:
        raise InputError(f"metric {metric!r} was not bootstrapped; have {dist.metrics}")
    m = dist.metrics.index(key)
    return rank_intervals_from_values(
        dist.observed[m],
        dist.resamples[m],
        dist.systems,
        metric=key,
        higher_is_better=direction(key, higher_is_better),
        confidence_level=confidence_level,
        alpha=alpha,
        correction=correction,
        seed=dist.seed,
    )


def rank_intervals_from_values(
    observed: ArrayLike,
    resamples: ArrayLike,
    systems: Sequence[str],
    *,
    metric: str = "",
    higher_is_better: bool = True,
    confidence_level: float = 0.95,
    alpha: float = 0.05,
    correction: Correction = "holm",
    seed: int | None = None,
) -> RankIntervals:
    """Rank intervals from each system's value on the full data (``observed``, k values)
    and on B shared resamples (``resamples``, k × B).

    See :class:`RankIntervals` for what is computed. A system undefined on the full data
    is an error (drop it); resamples where any system is undefined are left out.

    Parameters
    ----------
    observed : array_like
        k values.
    resamples : array_like
        k × B values.
    systems : sequence of str
        The systems' names.
    metric : str
        The metric's name, for the result.
    higher_is_better : bool, default True
        Whether a higher value ranks first.
    confidence_level, alpha : float
        Of the rank intervals, and of the separable orders.
    correction : {"holm", "none"}
        Of the reversal p-values.
    seed : int, optional
        The resamples' seed, for the result.

    Returns
    -------
    RankIntervals

    Raises
    ------
    InputError
        Shapes that do not match, fewer than 2 systems, or a system undefined on the full
        data.

    Examples
    --------
    >>> res = rank_intervals_from_values([3.0, 1.0, 2.0], [[3, 3, 1], [1, 1, 1], [2, 2, 2]],
    ...                                  ["a", "b", "c"], metric="accuracy")
    >>> res.systems, res.p_best.tolist()
    (('a', 'c', 'b'), [0.6666666666666666, 0.3333333333333333, 0.0])
    """
    check_probability(confidence_level, "confidence_level")
    check_probability(alpha, "alpha")
    check_choice("correction", correction, ("holm", "none"))
    names = tuple(str(s) for s in systems)
    theta = np.asarray(observed, dtype=np.float64)
    boot = np.asarray(resamples, dtype=np.float64)
    k = len(names)
    if theta.shape != (k,) or boot.ndim != 2 or boot.shape[0] != k:
        raise InputError(
            f"`observed` needs one value per system and `resamples` one row per system "
            f"({k} systems); got shapes {theta.shape} and {boot.shape}"
        )
    if k < 2:
        raise InputError(f"ranks need at least 2 systems; got {k}")
    if np.isnan(theta).any():
        bad = names[int(np.argmax(np.isnan(theta)))]
        raise InputError(f"system {bad!r} is undefined on the full data; drop it before ranking")
    order = np.argsort(rank_values(theta, higher_is_better), kind="stable")
    theta, boot, names = theta[order], boot[order], tuple(names[i] for i in order)
    defined = ~np.isnan(boot).any(axis=0)
    ranks = rank_values(boot[:, defined].T, higher_is_better).T  # (k, B defined)
    n_boot = int(boot.shape[1])
    n_def = int(ranks.shape[1])
    if n_def == 0:
        nan = np.full(k, np.nan)
        low = high = mean_rank = p_best = nan
        share = np.full((k, k), np.nan)
    else:
        a = (1.0 - confidence_level) / 2.0
        low, high = np.quantile(ranks, [a, 1.0 - a], axis=1, method="inverted_cdf")
        mean_rank = ranks.mean(axis=1)
        first = ranks == ranks.min(axis=0, keepdims=True)
        p_best = (first / first.sum(axis=0, keepdims=True)).mean(axis=1)
        share = share_above(ranks)
    pvalues = reversal_pvalues(share, n_def, rank_values(theta, higher_is_better))
    adjusted = holm(pvalues) if correction == "holm" else pvalues.copy()
    upper = np.triu(np.ones((k, k), dtype=bool), k=1)
    separable = upper & (np.nan_to_num(adjusted, nan=1.0) < alpha)
    return RankIntervals(
        metric=metric,
        higher_is_better=bool(higher_is_better),
        confidence_level=confidence_level,
        alpha=alpha,
        correction=correction,
        systems=names,
        values=theta,
        ranks=rank_values(theta, higher_is_better),
        low=np.asarray(low, dtype=np.float64),
        high=np.asarray(high, dtype=np.float64),
        mean_rank=np.asarray(mean_rank, dtype=np.float64),
        p_best=np.asarray(p_best, dtype=np.float64),
        resample_ranks=ranks,
        share_above=share,
        pvalues=pvalues,
        adjusted=adjusted,
        separable=separable,
        n_resamples=n_boot,
        n_undefined=n_boot - n_def,
        seed=seed,
    )
