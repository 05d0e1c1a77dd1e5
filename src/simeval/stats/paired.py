"""Is system A better than system B under a metric? Paired bootstrap and approximate
randomization (permutation) tests, in the manner of sacreBLEU's ``significance.py``.

Both orient the difference so that positive means *A is better* (``θ_A − θ_B`` for a
metric where higher is better, ``θ_B − θ_A`` for an error), and both report Monte Carlo
p-values ``(count + 1)/(R + 1)`` (Davison & Hinkley 1997, eq. 4.11), never 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import rng_of
from ..errors import InputError
from ..metrics.registry import direction
from ..options import Options
from .bootstrap import CHUNK_ELEMENTS, BootstrapDistribution, Metric, bootstrap_distribution
from .bootstrap.api import on_gold_scale, point_estimates, systems_matrix
from .bootstrap.expressions import parse_metric
from .bootstrap.resampling import check_resamples
from .paired_results import Alternative, PairedTestResult, check_alternative, count_extreme

__all__ = [
    "PairedTestResult",
    "paired_bootstrap_from_distribution",
    "paired_bootstrap_test",
    "paired_permutation_test",
    "paired_permutation_tests",
    "pairwise_bootstrap_pvalues",
]


def paired_bootstrap_from_distribution(
    dist: BootstrapDistribution,
    metric: str,
    system_a: str,
    system_b: str,
    *,
    alternative: Alternative = "two-sided",
    higher_is_better: bool | None = None,
) -> PairedTestResult:
    r"""Paired bootstrap test on resamples already drawn by
    :func:`~simeval.stats.bootstrap.bootstrap_distribution` (shared by every pair of systems).

    With oriented resample differences :math:`d_b` and observed :math:`\delta`, the null
    distribution is :math:`d_b - \bar d` (the bootstrap distribution shifted to mean 0;
    Koehn 2004, sacreBLEU ``_paired_bs_test``), and
    :math:`p = (\#\{d_b - \bar d \ge \delta\} + 1)/(B + 1)` for ``"greater"``
    (``|·| ≥ |δ|`` for two-sided). Resamples where either value is undefined are dropped.

    Parameters
    ----------
    dist : BootstrapDistribution
        Resamples of every system under ``metric``.
    metric, system_a, system_b : str
        A metric and two systems of ``dist``.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
    higher_is_better : bool, optional
        Default: the metric's registered direction.

    Returns
    -------
    PairedTestResult

    References
    ----------
    Koehn, P. (2004). Statistical significance tests for machine translation evaluation.
    *Proceedings of EMNLP 2004*, 388–395.

    Examples
    --------
    >>> d = bootstrap_distribution([1, 2, 3, 4, 5, 6], {"a": [1, 2, 3, 4, 6, 5],
    ...     "b": [3, 1, 2, 6, 4, 5]}, ["pearson"], n_resamples=99, seed=0, jackknife_groups=0)
    >>> res = paired_bootstrap_from_distribution(d, "pearson", "a", "b", alternative="greater")
    >>> 1 / 100 <= res.pvalue <= 1
    True
    """
    check_alternative(alternative)
    m, a = dist._index(metric, system_a)
    _, b = dist._index(metric, system_b)
    label = dist.metrics[m]
    hib = direction(label, higher_is_better)
    sign = 1.0 if hib else -1.0
    theta_a, theta_b = float(dist.observed[m, a]), float(dist.observed[m, b])
    # the counts are scale-free: values near ±1e308 (an MAE of huge scores) are divided
    # by their largest magnitude first, so that differences cannot overflow
    with np.errstate(invalid="ignore"):
        top = float(np.nanmax(np.abs(dist.resamples[m][[a, b]]), initial=0.0))
    unit = top if top > 1e150 else 1.0
    delta = sign * (theta_a / unit - theta_b / unit)
    diffs = sign * (dist.resamples[m, a] / unit - dist.resamples[m, b] / unit)
    diffs = diffs[~np.isnan(diffs)]
    if math.isnan(delta) or diffs.size == 0:
        pvalue = math.nan
    else:
        hits, total = count_extreme(diffs - diffs.mean(), delta, alternative)
        pvalue = (hits + 1) / (total + 1)
    return PairedTestResult(
        metric=label,
        system_a=system_a,
        system_b=system_b,
        statistic_a=theta_a,
        statistic_b=theta_b,
        difference=theta_a - theta_b,
        pvalue=pvalue,
        alternative=alternative,
        method="paired_bootstrap",
        n_resamples=int(dist.resamples.shape[2]),
        n=dist.n,
        seed=dist.seed,
        higher_is_better=hib,
    )


def pairwise_bootstrap_pvalues(
    dist: BootstrapDistribution, metric: str, *, higher_is_better: bool | None = None
) -> NDArray[np.float64]:
    """One-sided p-values ``p[i, j]`` for "system i is better than system j" (NaN diagonal).

    Parameters
    ----------
    dist, metric, higher_is_better
        As :func:`paired_bootstrap_from_distribution`.

    Returns
    -------
    numpy.ndarray
        Shape (systems, systems), in ``dist.systems`` order.

    Examples
    --------
    >>> d = bootstrap_distribution([1, 2, 3, 4, 5, 6], [[1, 2, 3, 4, 6, 5], [3, 1, 2, 6, 4, 5]],
    ...                            ["pearson"], n_resamples=50, seed=0, jackknife_groups=0)
    >>> pairwise_bootstrap_pvalues(d, "pearson").shape
    (2, 2)
    """
    k = len(dist.systems)
    out = np.full((k, k), np.nan)
    for i, a in enumerate(dist.systems):
        for j, b in enumerate(dist.systems):
            if i != j:
                out[i, j] = paired_bootstrap_from_distribution(
                    dist, metric, a, b, alternative="greater", higher_is_better=higher_is_better
                ).pvalue
    return out


def paired_bootstrap_test(
    gold: ArrayLike,
    system_a: ArrayLike,
    system_b: ArrayLike,
    metric: Metric = "pearson",
    *,
    n_resamples: int = 1000,
    seed: int | np.random.Generator | None = None,
    alternative: Alternative = "two-sided",
    higher_is_better: bool | None = None,
    options: Options | None = None,
    **option_fields: Any,
) -> PairedTestResult:
    """Paired bootstrap test of A against B (see :func:`paired_bootstrap_from_distribution`).

    Both systems are scored on the same resamples of the pairs (the module's resampling
    scheme of :mod:`simeval.stats.bootstrap`), so the test is paired.

    Parameters
    ----------
    gold, system_a, system_b : array_like
        Gold scores and the two systems' scores of the same pairs.
    metric : str or callable, default "pearson"
    n_resamples : int
    seed : int or numpy.random.Generator, optional
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: A is better.
    higher_is_better : bool, optional
        Default: the metric's registered direction.
    options : Options, optional
    **option_fields
        Fields of :class:`~simeval.options.Options` that override ``options``.

    Returns
    -------
    PairedTestResult

    References
    ----------
    Koehn, P. (2004). Statistical significance tests for machine translation evaluation.
    *Proceedings of EMNLP 2004*, 388–395.

    Examples
    --------
    >>> res = paired_bootstrap_test([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5, 6, 8, 7],
    ...                             [8, 1, 5, 2, 7, 3, 6, 4], n_resamples=199, seed=0,
    ...                             alternative="greater")
    >>> res.pvalue < 0.05, res.difference > 0
    (True, True)
    """
    check_alternative(alternative)
    dist = bootstrap_distribution(
        gold,
        {"a": system_a, "b": system_b},
        [metric],
        n_resamples=n_resamples,
        seed=seed,
        jackknife_groups=0,
        options=options,
        **option_fields,
    )
    return paired_bootstrap_from_distribution(
        dist,
        dist.metrics[0],
        "a",
        "b",
        alternative=alternative,
        higher_is_better=direction(
            metric if callable(metric) else dist.metrics[0], higher_is_better
        ),
    )


def paired_permutation_test(
    gold: ArrayLike,
    system_a: ArrayLike,
    system_b: ArrayLike,
    metric: Metric = "pearson",
    *,
    n_resamples: int = 10000,
    seed: int | np.random.Generator | None = None,
    alternative: Alternative = "two-sided",
    higher_is_better: bool | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> PairedTestResult:
    r"""Paired approximate randomization test (Noreen 1989; Riezler & Maxwell 2005).

    Each trial swaps the two systems' scores of every pair with probability ½ — masks
    ``rng.integers(0, 2, size=(c, n)) == 1`` drawn chunk by chunk from
    ``numpy.random.default_rng(seed)`` — and scores the two shuffled systems. With
    oriented trial differences :math:`d_t` and observed :math:`\delta`:
    :math:`p = (\#\{|d_t| \ge |\delta|\} + 1)/(R + 1)` two-sided,
    :math:`\#\{d_t \ge \delta\}` for ``"greater"`` (A better). Unlike sacreBLEU (strict
    ``>``), ties count as extreme, so a system compared with itself gets p = 1.
    ``options`` (or their fields as keywords: ``scale=``, ``bins=`` …) as in
    :func:`~simeval.stats.bootstrap.bootstrap_distribution`.

    Parameters
    ----------
    gold, system_a, system_b, metric, seed, alternative, higher_is_better, options
        As :func:`paired_bootstrap_test`; ``**option_fields`` too.
    n_resamples : int, default 10000
    progress : callable, optional
        ``progress(done, total)`` after each chunk of trials.

    Returns
    -------
    PairedTestResult

    References
    ----------
    Noreen, E. W. (1989). *Computer-Intensive Methods for Testing Hypotheses*. Wiley.

    Riezler, S. & Maxwell, J. T. (2005). On some pitfalls in automatic evaluation and
    significance testing for MT. *ACL Workshop on Intrinsic and Extrinsic Evaluation
    Measures for MT and/or Summarization*, 57–64.

    Examples
    --------
    >>> res = paired_permutation_test([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6],
    ...                               [1, 2, 3, 4, 5, 6], n_resamples=99, seed=0)
    >>> res.pvalue
    1.0
    """
    return paired_permutation_tests(
        gold,
        system_a,
        system_b,
        [metric],
        n_resamples=n_resamples,
        seed=seed,
        alternative=alternative,
        higher_is_better=None if higher_is_better is None else [higher_is_better],
        options=options,
        progress=progress,
        **option_fields,
    )[0]


def paired_permutation_tests(
    gold: ArrayLike,
    system_a: ArrayLike,
    system_b: ArrayLike,
    metrics: Sequence[Metric],
    *,
    n_resamples: int = 10000,
    seed: int | np.random.Generator | None = None,
    alternative: Alternative = "two-sided",
    higher_is_better: Sequence[bool] | None = None,
    options: Options | None = None,
    progress: Callable[[int, int], None] | None = None,
    **option_fields: Any,
) -> list[PairedTestResult]:
    """:func:`paired_permutation_test` for several metrics on the same trials: each trial's
    shuffled systems are scored once for all metrics (the p-values equal separate calls
    with the same seed, at a fraction of the cost).

    Parameters
    ----------
    gold, system_a, system_b
        As :func:`paired_permutation_test`.
    metrics : sequence of str or callable
    higher_is_better : sequence of bool, optional
        One per metric.
    n_resamples, seed, alternative, options, progress, **option_fields
        As :func:`paired_permutation_test`.

    Returns
    -------
    list of PairedTestResult

    Examples
    --------
    >>> res = paired_permutation_tests([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 6, 5],
    ...                                [3, 1, 2, 6, 4, 5], ["pearson", "mae"],
    ...                                n_resamples=99, seed=0)
    >>> [r.metric for r in res]
    ['pearson', 'mae']
    """
    check_alternative(alternative)
    opts = Options.of(options, **option_fields)
    g, S, _, opts = systems_matrix(gold, {"a": system_a, "b": system_b}, opts)
    # scores are swapped between the systems: on the gold scale, and not mapped again
    S = on_gold_scale(S, ("a", "b"), opts, g)
    opts = opts.on_gold_scale()
    n = g.size
    R = check_resamples(n_resamples)
    exprs = [parse_metric(m) for m in metrics]
    given = list(higher_is_better) if higher_is_better is not None else [None] * len(exprs)
    if len(given) != len(exprs):
        raise InputError("`higher_is_better` needs one entry per metric")
    signs = np.array(
        [
            1.0 if direction(m if callable(m) else e.label, h) else -1.0
            for m, e, h in zip(metrics, exprs, given)
        ]
    )

    def score(systems: NDArray[np.float64]) -> NDArray[np.float64]:
        """metrics × systems on the given (possibly shuffled) system rows: each metric's
        kernel, as evaluate computes it."""
        names = [f"system{i}" for i in range(systems.shape[0])]
        return point_estimates(exprs, g, systems, names, opts)

    observed = score(S)  # (metrics, 2)
    delta = signs * (observed[:, 0] - observed[:, 1])
    rng = rng_of(seed)
    rows = max(1, CHUNK_ELEMENTS // (24 * max(n, 1)))
    null = np.empty((len(exprs), R))
    done = 0
    while done < R:
        c = min(rows, R - done)
        swap = rng.integers(0, 2, size=(c, n)) == 1
        shuffled_a = np.where(swap, S[1], S[0])
        shuffled_b = np.where(swap, S[0], S[1])
        vals = score(np.vstack([shuffled_a, shuffled_b]))
        null[:, done : done + c] = signs[:, None] * (vals[:, :c] - vals[:, c:])
        done += c
        if progress is not None:
            progress(done, R)
    out = []
    for i, e in enumerate(exprs):
        if math.isnan(delta[i]):
            pvalue = math.nan
        else:
            hits, total = count_extreme(null[i], float(delta[i]), alternative)
            pvalue = (hits + 1) / (total + 1)
        out.append(
            PairedTestResult(
                metric=e.label,
                system_a="a",
                system_b="b",
                statistic_a=float(observed[i, 0]),
                statistic_b=float(observed[i, 1]),
                difference=float(observed[i, 0] - observed[i, 1]),
                pvalue=pvalue,
                alternative=alternative,
                method="permutation",
                n_resamples=R,
                n=n,
                seed=seed if isinstance(seed, (int, np.integer)) else None,
                higher_is_better=bool(signs[i] > 0),
            )
        )
    return out
