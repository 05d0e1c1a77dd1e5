"""What a bootstrap can tell at all, given the pairs it resamples and the resamples drawn:
the cases where its intervals and tests cannot mean what they seem to."""

from __future__ import annotations

import math

__all__ = ["resolution_warning", "sample_warning"]


def sample_warning(n: int, resamples: int) -> str | None:
    r"""Why the bootstrap says little when the pairs are too few for it: ``n`` pairs allow
    only :math:`\binom{2n-1}{n}` distinct resamples (a resample is a multiset of n of the
    n pairs: 3 for 2 pairs, 126 for 5), and with fewer than the resamples drawn the
    intervals, the p-values and the clusters rest on a handful of values. None otherwise.

    Parameters
    ----------
    n : int
        The pairs resampled.
    resamples : int
        The resamples drawn.

    Returns
    -------
    str or None

    Examples
    --------
    >>> sample_warning(2, 1000)[:47]
    'the 2 pairs allow only 3 distinct bootstrap res'
    >>> sample_warning(7, 1000) is None  # C(13, 7) = 1716 distinct resamples
    True
    """
    distinct = math.comb(2 * n - 1, n) if n > 0 else 0
    if distinct >= resamples:
        return None
    return (
        f"the {n} pairs allow only {distinct} distinct bootstrap resamples, fewer than the "
        f"{resamples} drawn: the intervals, p-values and clusters rest on a handful of "
        "values; compare on more pairs"
    )


def resolution_warning(systems: int, resamples: int, alpha: float) -> str | None:
    """Why no pair of ``systems`` can be significant when the resamples are too few: a
    Monte Carlo p-value is at least 1/(B + 1), and Holm's correction over m pairs
    multiplies the smallest by m, so B must exceed m/α − 1. None otherwise.

    Parameters
    ----------
    systems : int
        The systems compared pairwise.
    resamples : int
        The resamples drawn (B).
    alpha : float
        The tests' level.

    Returns
    -------
    str or None

    Examples
    --------
    >>> resolution_warning(8, 1000, 0.05) is None  # 28 pairs: 28/1001 < 0.05
    True
    >>> resolution_warning(8, 100, 0.05)[-26:]  # 28/101 > 0.05; 28/0.05 = 560
    'use at least 560 resamples'
    """
    pairs = systems * (systems - 1) // 2
    if pairs == 0 or pairs / (resamples + 1) <= alpha:
        return None
    need = math.ceil(pairs / alpha)
    return (
        f"with {resamples} bootstrap resamples the smallest p-value is 1/{resamples + 1}, "
        f"and Holm's correction over {pairs} pairs cannot bring it below α = {alpha:g}: no "
        f"difference can be significant; use at least {need} resamples"
    )
