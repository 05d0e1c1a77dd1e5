"""What a paired significance test returns (:class:`PairedTestResult`) and the count of
extreme null differences behind the Monte Carlo p-value ``(count + 1)/(R + 1)`` that the
paired bootstrap and the permutation test of :mod:`simeval.stats.paired` share."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ..results import json_ready

__all__ = ["Alternative", "PairedTestResult", "check_alternative", "count_extreme"]

Alternative = Literal["two-sided", "greater", "less"]
_ALTERNATIVES = ("two-sided", "greater", "less")


@dataclass(frozen=True)
class PairedTestResult:
    """A paired significance test of system A against system B under one metric.

    ``difference`` is ``statistic_a − statistic_b``; ``alternative="greater"`` tests
    whether A is *better* (larger, or smaller for an error measure).

    Attributes
    ----------
    metric : str
    system_a, system_b : str
    statistic_a, statistic_b : float
        Each system's value of the metric on all pairs.
    difference : float
        ``statistic_a − statistic_b``.
    pvalue : float
    alternative : str
    method : str
        ``"paired_bootstrap"`` or ``"permutation"`` (approximate randomization).
    n_resamples : int
    n : int
        Pairs.
    seed : int or None
    higher_is_better : bool

    Examples
    --------
    >>> from simeval.stats import paired_permutation_test
    >>> res = paired_permutation_test([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 6, 5],
    ...                               [3, 1, 2, 6, 4, 5], n_resamples=99, seed=0)
    >>> res.metric, res.method, round(res.difference, 4)  # 1 − 12/210 − (1 − 72/210)
    ('pearson', 'permutation', 0.2857)
    """

    metric: str
    system_a: str
    system_b: str
    statistic_a: float
    statistic_b: float
    difference: float
    pvalue: float
    alternative: str
    method: str
    n_resamples: int
    n: int
    seed: int | None
    higher_is_better: bool

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))


def check_alternative(alternative: str) -> None:
    """Refuse an ``alternative`` other than ``"two-sided"``, ``"greater"`` or ``"less"``.

    Parameters
    ----------
    alternative : str

    Examples
    --------
    >>> check_alternative("greater")  # accepted: returns None
    >>> check_alternative("bigger")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: alternative must be one of (...); got 'bigger'
    """
    if alternative not in _ALTERNATIVES:
        raise InputError(f"alternative must be one of {_ALTERNATIVES}; got {alternative!r}")


def count_extreme(null: NDArray[np.float64], observed: float, alternative: str) -> tuple[int, int]:
    """How many null differences are at least as extreme as ``observed`` (with a 1e-12
    relative tolerance so that rounding does not split exact ties), and how many count.

    Parameters
    ----------
    null : numpy.ndarray
        Differences under the null hypothesis (NaN ones are left out).
    observed : float
        The observed, oriented difference.
    alternative : {"two-sided", "greater", "less"}

    Returns
    -------
    tuple of int
        ``(count, total)``; the p-value is ``(count + 1)/(total + 1)``.

    References
    ----------
    Davison, A. C. & Hinkley, D. V. (1997). *Bootstrap Methods and their Application*.
    Cambridge University Press, eq. 4.11.

    Examples
    --------
    >>> count_extreme(np.array([-0.2, 0.1, 0.3, np.nan]), 0.1, "greater")
    (2, 3)
    """
    null = null[~np.isnan(null)]
    tol = 1e-12 * max(1.0, abs(observed))
    if alternative == "greater":
        hits = np.count_nonzero(null >= observed - tol)
    elif alternative == "less":
        hits = np.count_nonzero(null <= observed + tol)
    else:
        hits = np.count_nonzero(np.abs(null) >= abs(observed) - tol)
    return int(hits), int(null.size)
