r"""k models over N data sets: Friedman's test, the Iman–Davenport correction and the
Nemenyi post-hoc test with its critical difference diagram (Demšar 2006, JMLR 7, §3.2.2).

On each data set the models are ranked (1 = best, ties share the mean rank); with
:math:`R_j` the average rank of model j over the N data sets,

.. math::

    \chi^2_F = \frac{12N}{k(k+1)}\Big[\sum_j R_j^2 - \frac{k(k+1)^2}{4}\Big], \qquad
    F_F = \frac{(N-1)\chi^2_F}{N(k-1) - \chi^2_F},

:math:`\chi^2_F` on k − 1 degrees of freedom, :math:`F_F` (Iman & Davenport 1980) on
k − 1 and (k − 1)(N − 1). Two models differ (Nemenyi 1963) when their average ranks differ
by at least the critical difference :math:`CD = q_\alpha\sqrt{k(k+1)/(6N)}`, where
:math:`q_\alpha` is the studentized range statistic for k groups and infinite degrees of
freedom divided by √2 (Demšar 2006, Table 5a).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .._validate import check_int, check_probability
from ..errors import InputError, param
from ..results import json_ready
from .nemenyi import agreement_pvalue, cliques, nemenyi_q
from .ranks import rank_values

__all__ = [
    "FriedmanNemenyi",
    "agreement_pvalue",
    "friedman_from_ranks",
    "friedman_test",
    "nemenyi_q",
]


@dataclass(frozen=True)
class FriedmanNemenyi:
    """Friedman's test over N data sets and the Nemenyi critical difference.

    ``systems`` and ``average_ranks`` are best first. ``cliques`` are the maximal groups
    of models (best first, two or more) whose average ranks all lie within less than
    ``critical_difference`` of each other: the bars of the critical difference diagram.
    ``pvalues[i, j]`` is the Nemenyi p-value of models i and j (in ``systems`` order):
    ``studentized_range.sf(√2·|R_i − R_j| / sqrt(k(k+1)/(6N)), k, inf)``, as
    scikit-posthocs' ``posthoc_nemenyi_friedman``.

    When every data set ranks the models in the same order (no ties), Iman–Davenport's
    denominator ``N(k − 1) − χ²_F`` is 0 and ``f_statistic`` is infinite; ``f_pvalue`` is
    then the exact permutation p-value of that complete agreement, ``(k!)^−(N−1)`` (the
    chance that N − 1 random orders all equal the first), not the F distribution's 0.
    ``unanimous`` says this happened.

    Attributes
    ----------
    systems : tuple of str
        Best first.
    average_ranks : tuple of float
        Their average ranks over the data sets.
    n_datasets : int
        N.
    chi2, chi2_pvalue : float
        Friedman's statistic and its p-value on k − 1 degrees of freedom.
    f_statistic, f_pvalue : float
        Iman and Davenport's F and its p-value on ``df`` (infinite, and the exact p-value,
        where every data set ranks the models alike).
    df : (int, int)
        ``(k − 1, (k − 1)(N − 1))``.
    alpha, q_alpha, critical_difference : float
        The level, the Nemenyi critical value and the CD.
    cliques : tuple of tuple of str
        The bars of the critical difference diagram.
    pvalues : numpy.ndarray
        The Nemenyi p-values of every two models (NaN on the diagonal).

    References
    ----------
    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research* 7, 1–30, §3.2.2.

    Iman, R. L. & Davenport, J. M. (1980). Approximations of the critical region of the
    Friedman statistic. *Communications in Statistics A* 9(6), 571–595.

    Examples
    --------
    Demšar's (2006, §3.2.4) four variants of C4.5 on 14 data sets: C4.5 (3.143) is 1.18
    behind C4.5+m+cf (1.964), less than the CD of 1.25, so no pair differs:

    >>> res = friedman_from_ranks([3.143, 2.000, 2.893, 1.964], 14, ["C4.5", "C4.5+m",
    ...                           "C4.5+cf", "C4.5+m+cf"])
    >>> res.systems[0], res.different("C4.5", "C4.5+m+cf"), res.cliques
    ('C4.5+m+cf', False, (('C4.5+m+cf', 'C4.5+m', 'C4.5+cf', 'C4.5'),))
    """

    systems: tuple[str, ...]
    average_ranks: tuple[float, ...]
    n_datasets: int
    chi2: float
    chi2_pvalue: float
    f_statistic: float
    f_pvalue: float
    df: tuple[int, int]
    alpha: float
    q_alpha: float
    critical_difference: float
    cliques: tuple[tuple[str, ...], ...]
    pvalues: NDArray[np.float64]

    @property
    def unanimous(self) -> bool:
        """Whether every data set ranks the models in the same order (F_F is infinite)."""
        return math.isinf(self.f_statistic)

    @property
    def smallest_pvalue(self) -> float:
        """The smallest p-value the test can give here (:func:`agreement_pvalue`)."""
        k = len(self.systems)
        return agreement_pvalue(k, self.n_datasets)

    def different(self, a: str, b: str) -> bool:
        """Whether models ``a`` and ``b`` differ by the Nemenyi test (|R_a − R_b| ≥ CD)."""
        ranks = dict(zip(self.systems, self.average_ranks))
        for s in (a, b):
            if s not in ranks:
                raise InputError(f"unknown model {s!r}; have {self.systems}")
        return abs(ranks[a] - ranks[b]) >= self.critical_difference

    def summary(self) -> str:
        """One sentence: does the Friedman test reject equal models, and who is best.

        >>> res = friedman_from_ranks([3.143, 2.000, 2.893, 1.964], 14, ["C4.5", "C4.5+m",
        ...     "C4.5+cf", "C4.5+m+cf"])
        >>> print(res.summary())
        Friedman test over 14 data sets: F_F = 3.69 on (3, 39) df, p = 0.0198: the 4 models
        are not all equal; C4.5+m+cf has the best average rank (1.96), within the critical
        difference (CD = 1.25, Nemenyi, alpha = 0.05) of C4.5+m, C4.5+cf, C4.5.
        """
        best, r_best = self.systems[0], self.average_ranks[0]
        k = len(self.systems)
        head = (
            f"Friedman test over {self.n_datasets} data sets: every data set ranks the {k} "
            f"models in the same order (F_F infinite; exact p = {self.f_pvalue:.3g})"
            if self.unanimous
            else f"Friedman test over {self.n_datasets} data sets: F_F = {self.f_statistic:.3g} "
            f"on ({self.df[0]}, {self.df[1]}) df, p = {self.f_pvalue:.3g}"
        )
        if not self.f_pvalue < self.alpha:
            cannot = (
                f"; with {self.n_datasets} data sets it cannot reject: its smallest p-value, "
                f"when every data set ranks the models alike, is {self.smallest_pvalue:.3g}"
                if self.smallest_pvalue >= self.alpha
                else ""
            )
            return (
                f"{head}: no evidence that the {k} models differ (alpha = {self.alpha:g}){cannot}."
            )
        close = [s for s in self.systems[1:] if not self.different(best, s)]
        cd = f"CD = {self.critical_difference:.3g}, Nemenyi, alpha = {self.alpha:g}"
        if close:
            tail = f"within the critical difference ({cd}) of {', '.join(close)}."
        else:
            tail = f"significantly better than every other model ({cd})."
        return (
            f"{head}: the {k} models are not all equal; {best} has the best average rank "
            f"({r_best:.3g}), {tail}"
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the statistics, the models with their average ranks (best first),
        the cliques and the CD (what :func:`simeval.report.figures.critical_difference_diagram`
        draws)."""
        return json_ready(
            {
                "n_datasets": self.n_datasets,
                "chi2": self.chi2,
                "chi2_pvalue": self.chi2_pvalue,
                "f_statistic": self.f_statistic,
                "f_pvalue": self.f_pvalue,
                "df": list(self.df),
                "alpha": self.alpha,
                "q_alpha": self.q_alpha,
                "critical_difference": self.critical_difference,
                "systems": [
                    {"system": s, "average_rank": r}
                    for s, r in zip(self.systems, self.average_ranks)
                ],
                "cliques": [list(c) for c in self.cliques],
                "summary": self.summary(),
            }
        )

    def plot(self, *, ax: Any = None) -> Any:
        """The critical difference diagram
        (:func:`simeval.report.figures.critical_difference_diagram`)."""
        from ..report.figures import critical_difference_diagram

        return critical_difference_diagram(self.as_dict(), ax=ax)


def friedman_test(
    scores: Mapping[str, ArrayLike] | ArrayLike,
    systems: Sequence[str] | None = None,
    *,
    higher_is_better: bool = True,
    alpha: float = 0.05,
) -> FriedmanNemenyi:
    """Friedman's test and the Nemenyi critical difference for k models on N data sets.

    ``scores`` is a mapping model → its N per-data-set values (the same data sets in the
    same order for every model), or an N × k array with ``systems`` naming its columns.
    Missing values are an error: every model needs a value on every data set.

    Parameters
    ----------
    scores : mapping of str to array_like, or array_like
        Model → its N values, or an N × k array.
    systems : sequence of str, optional
        The columns' names for an array (default ``model1`` …).
    higher_is_better : bool, default True
        Whether a higher value ranks first.
    alpha : float, default 0.05
        The level of the tests.

    Returns
    -------
    FriedmanNemenyi

    Raises
    ------
    InputError
        Models of different lengths, a missing value, fewer than 2 data sets or models.

    References
    ----------
    Friedman, M. (1937). The use of ranks to avoid the assumption of normality implicit
    in the analysis of variance. *Journal of the American Statistical Association*
    32(200), 675–701.

    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research* 7, 1–30, §3.2.2.

    Examples
    --------
    Ranks per data set (a, b, c): (1, 2, 3), (2, 3, 1), (1, 2, 3), (1, 2, 3); averages
    1.25, 2.25 and 2.5:

    >>> res = friedman_test({"a": [0.9, 0.8, 0.7, 0.9], "b": [0.8, 0.7, 0.6, 0.7],
    ...                      "c": [0.7, 0.9, 0.5, 0.6]})
    >>> res.systems, res.average_ranks
    (('a', 'b', 'c'), (1.25, 2.25, 2.5))
    """
    check_probability(alpha, "alpha")
    if isinstance(scores, Mapping):
        names = [str(s) for s in scores]
        try:
            table = np.column_stack([np.asarray(scores[s], dtype=np.float64) for s in scores])
        except ValueError:
            lengths = {s: np.size(scores[s]) for s in scores}
            raise InputError(
                f"every model needs one value per data set; got lengths {lengths}"
            ) from None
    else:
        table = np.asarray(scores, dtype=np.float64)
        if table.ndim != 2:
            raise InputError(f"`scores` must be N data sets × k models; got shape {table.shape}")
        names = (
            [str(s) for s in systems]
            if systems is not None
            else [f"model{j + 1}" for j in range(table.shape[1])]
        )
    if table.ndim != 2 or table.shape[1] != len(names):
        raise InputError(f"{len(names)} model names for a table of shape {table.shape}")
    if np.isnan(table).any():
        d, j = np.argwhere(np.isnan(table))[0]
        raise InputError(
            f"model {names[j]!r} has no value on data set {d + 1}; drop the data set or the model"
        )
    if table.shape[0] < 2:
        raise InputError(f"the Friedman test needs at least 2 data sets; got {table.shape[0]}")
    average = rank_values(table, higher_is_better).mean(axis=0)
    return friedman_from_ranks(average, table.shape[0], names, alpha=alpha)


def friedman_from_ranks(
    average_ranks: ArrayLike,
    n_datasets: int,
    systems: Sequence[str],
    *,
    alpha: float = 0.05,
) -> FriedmanNemenyi:
    """Friedman's and Iman–Davenport's statistics and the Nemenyi critical difference from
    the models' average ranks over ``n_datasets`` data sets (the formulas of the module).

    Parameters
    ----------
    average_ranks : array_like
        One per model.
    n_datasets : int
        N, at least 2.
    systems : sequence of str
        The models' names, unique.
    alpha : float, default 0.05
        The level of the tests.

    Returns
    -------
    FriedmanNemenyi

    Raises
    ------
    InputError
        Fewer than 2 models or data sets, or names that repeat.

    References
    ----------
    Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets.
    *Journal of Machine Learning Research* 7, 1–30, §3.2.2 and §3.2.4.

    Examples
    --------
    Demšar's (2006, §3.2.4) example, four variants of C4.5 on 14 data sets:

    >>> res = friedman_from_ranks([3.143, 2.000, 2.893, 1.964], 14, ["C4.5", "C4.5+m",
    ...                           "C4.5+cf", "C4.5+m+cf"])
    >>> round(res.chi2, 2), round(res.f_statistic, 2), round(res.critical_difference, 2)
    (9.28, 3.69, 1.25)
    """
    from scipy.stats import chi2 as chi2_dist
    from scipy.stats import f as f_dist
    from scipy.stats import studentized_range

    check_probability(alpha, "alpha")
    R = np.asarray(average_ranks, dtype=np.float64)
    names = [str(s) for s in systems]
    N = check_int(n_datasets, "n_datasets", minimum=2)
    k = R.size
    if R.ndim != 1 or k != len(names) or k < 2:
        raise InputError(f"give one average rank per model, at least 2; got {R.size} for {names}")
    if len(set(names)) != k:
        raise InputError(f"model names must be unique; got {names}")
    # average ranks of k models lie in [1, k] and sum to k(k + 1)/2, up to their rounding
    # (a paper's one decimal: 0.05 each)
    total, expected = float(R.sum()), k * (k + 1) / 2.0
    if not (R.min() >= 1.0 and R.max() <= k and abs(total - expected) <= 0.05 * k + 1e-9):
        raise InputError(
            f"{param('average_ranks')} of {k} models must lie in [1, {k}] and sum to "
            f"{expected:g}; got {R.tolist()} (sum {total:g})"
        )
    chi2 = 12.0 * N / (k * (k + 1)) * (float(np.sum(R**2)) - k * (k + 1) ** 2 / 4.0)
    df1, df2 = k - 1, (k - 1) * (N - 1)
    denominator = N * (k - 1) - chi2
    f_stat = (N - 1) * chi2 / denominator if denominator > 0 else math.inf
    order = np.argsort(R, kind="stable")
    R, names = R[order], [names[i] for i in order]
    q = nemenyi_q(k, alpha)
    se = math.sqrt(k * (k + 1) / (6.0 * N))
    z = np.abs(R[:, None] - R[None, :]) / se
    pvalues = np.asarray(studentized_range.sf(z * math.sqrt(2.0), k, np.inf), dtype=np.float64)
    np.fill_diagonal(pvalues, np.nan)
    cd = q * se
    return FriedmanNemenyi(
        systems=tuple(names),
        average_ranks=tuple(float(r) for r in R),
        n_datasets=N,
        chi2=chi2,
        chi2_pvalue=float(chi2_dist.sf(chi2, df1)),
        f_statistic=f_stat,
        f_pvalue=(
            float(f_dist.sf(f_stat, df1, df2)) if math.isfinite(f_stat) else agreement_pvalue(k, N)
        ),
        df=(df1, df2),
        alpha=alpha,
        q_alpha=q,
        critical_difference=cd,
        cliques=cliques(R, names, cd),
        pvalues=pvalues,
    )
