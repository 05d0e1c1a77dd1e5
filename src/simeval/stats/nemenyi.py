"""The Nemenyi post-hoc test after Friedman's (Demšar 2006, §3.2.2): its critical value
:math:`q_\\alpha` and the groups of models within the critical difference of each other."""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .._validate import check_int, check_probability

__all__ = [
    "NEMENYI_Q",
    "agreement_pvalue",
    "cliques",
    "nemenyi_q",
]

#: Demšar (2006), Table 5(a): q_α of the two-tailed Nemenyi test for k = 2 … 10 models.
NEMENYI_Q = {
    0.05: (1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164),
    0.10: (1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920),
}


def nemenyi_q(k: int, alpha: float = 0.05) -> float:
    """The critical value q_α of the Nemenyi test for ``k`` models: Demšar's (2006) Table
    5(a) for α = 0.05 and 0.10 and k ≤ 10, otherwise the studentized range quantile
    ``scipy.stats.studentized_range.ppf(1 − α, k, inf) / √2``.

    Parameters
    ----------
    k : int
        The models, at least 2.
    alpha : float, default 0.05
        The level of the test.

    Returns
    -------
    float

    References
    ----------
    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research* 7, 1–30, Table 5(a).

    Examples
    --------
    >>> nemenyi_q(4), round(nemenyi_q(12), 3)
    (2.569, 3.268)
    """
    k = check_int(k, "k", minimum=2)
    check_probability(alpha, "alpha")
    table = NEMENYI_Q.get(alpha)
    if table is not None and k <= 1 + len(table):
        return table[k - 2]
    from scipy.stats import studentized_range

    return float(studentized_range.ppf(1.0 - alpha, k, np.inf)) / math.sqrt(2.0)


def cliques(ranks: NDArray[np.float64], names: list[str], cd: float) -> tuple[tuple[str, ...], ...]:
    """Maximal runs of models (sorted by average rank) whose ranks span less than ``cd``:
    the bars of the critical difference diagram (Demšar 2006, Fig. 1).

    Parameters
    ----------
    ranks : numpy.ndarray
        The average ranks, ascending.
    names : list of str
        The models in that order.
    cd : float
        The critical difference.

    Returns
    -------
    tuple of tuple of str
        Each run of two or more models not contained in an earlier one.

    Examples
    --------
    With CD = 1: a and b lie within 1 of each other, as do b and c, but a and c do not:

    >>> cliques(np.array([1.0, 1.6, 2.4, 4.0]), ["a", "b", "c", "d"], 1.0)
    (('a', 'b'), ('b', 'c'))
    """
    out: list[tuple[str, ...]] = []
    last_end = -1
    for i in range(len(names)):
        end = i
        while end + 1 < len(names) and ranks[end + 1] - ranks[i] < cd:
            end += 1
        if end > i and end > last_end:
            out.append(tuple(names[i : end + 1]))
            last_end = end
    return tuple(out)


def agreement_pvalue(k: int, n_datasets: int) -> float:
    """The exact p-value of complete agreement, ``(k!)^−(N−1)``: the chance that N − 1
    random orders of k models all equal the first, the smallest p-value Friedman's test
    can give over N data sets.

    Parameters
    ----------
    k : int
        The models.
    n_datasets : int
        N.

    Returns
    -------
    float

    Examples
    --------
    >>> round(agreement_pvalue(3, 2), 4), round(agreement_pvalue(2, 2), 4)
    (0.1667, 0.5)
    """
    return math.exp(-(n_datasets - 1) * math.lgamma(k + 1))
