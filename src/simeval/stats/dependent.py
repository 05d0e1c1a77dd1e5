"""Tests for two dependent correlations that share the gold scores.

Variable 1 is the gold standard, 2 and 3 are two systems: ``r12 = r(gold, a)``,
``r13 = r(gold, b)``, ``r23 = r(a, b)``. Williams' t (as R ``psych::r.test`` computes it),
Steiger's (1980) z, and Zou's (2007) confidence interval for ``r12 − r13``.
"""

from __future__ import annotations

import math
from typing import Literal

from numpy.typing import ArrayLike
from scipy import special

from .._validate import check_choice, check_int, check_probability, check_real, paired_scores
from ..errors import InputError, param
from ..intervals import fisher_interval
from ..results import ConfidenceInterval, DependentCorrelationTest

__all__ = [
    "DependentCorrelationTest",
    "steiger_z",
    "steiger_z_from_r",
    "williams_test",
    "williams_test_from_r",
    "zou_ci",
    "zou_ci_from_r",
]

Alternative = Literal["two-sided", "greater", "less"]
Correlation = Literal["pearson", "spearman"]


def _check_r(
    r12: float, r13: float, r23: float, n: int, minimum: int = 4
) -> tuple[float, float, float, int]:
    """The three correlations as floats in [−1, 1] and n as an int ≥ ``minimum``, or a
    TypeError/ValueError naming the argument."""
    rs = []
    for name, r in (("r12", r12), ("r13", r13), ("r23", r23)):
        v = check_real(name, r)
        if not -1.0 <= v <= 1.0:
            raise InputError(f"{param(name)} must be a correlation in [-1, 1]; got {r!r}")
        rs.append(v)
    a, b, c = rs
    det = 1.0 - a * a - b * b - c * c + 2.0 * a * b * c  # of the 3 × 3 correlation matrix
    if det < -1e-12:
        raise InputError(
            f"{param('r12')}, {param('r13')}, {param('r23')} = {a:g}, {b:g}, {c:g} cannot be "
            f"the correlations of three variables (their matrix has determinant {det:.3g} "
            "< 0); check them"
        )
    return a, b, c, check_int(n, "n", minimum)


def _check_alternative(alternative: str) -> None:
    check_choice("alternative", alternative, ("two-sided", "greater", "less"))


def _pvalue(sf_abs: float, sf_signed: float, cdf_signed: float, alternative: str) -> float:
    if alternative == "two-sided":
        return min(1.0, 2.0 * sf_abs)
    return sf_signed if alternative == "greater" else cdf_signed


def williams_test_from_r(
    r12: float, r13: float, r23: float, n: int, *, alternative: Alternative = "two-sided"
) -> DependentCorrelationTest:
    r"""Williams' (1959) t for ``ρ12 = ρ13``, exactly as R ``psych::r.test(n, r12, r13, r23)``.

    .. math::
        t = (r_{12} - r_{13}) \sqrt{\frac{(n-1)(1+r_{23})}
            {2\frac{n-1}{n-3}|R| + \bar r^2 (1-r_{23})^3}},\quad
        |R| = 1 - r_{12}^2 - r_{13}^2 - r_{23}^2 + 2 r_{12} r_{13} r_{23},\quad
        \bar r = \tfrac{r_{12}+r_{13}}{2}

    on n − 3 degrees of freedom (Steiger 1980, eq. 7; "standard Williams' t" of Hittner et
    al. 2003; psych computes its p-value with ``pt(|t|, n − 3)``, two-tailed by default).
    The t is undefined (NaN) when the denominator is 0 (a singular correlation matrix
    with r23 = 1).

    Parameters
    ----------
    r12, r13 : float
        The correlations of the gold scores with system a and with system b.
    r23 : float
        The correlation of the two systems.
    n : int
        Pairs (at least 4).
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: a correlates more with the gold scores than b.

    Returns
    -------
    DependentCorrelationTest

    References
    ----------
    Williams, E. J. (1959). The comparison of regression variables. *Journal of the Royal
    Statistical Society B* 21(2), 396–399.

    Steiger, J. H. (1980). Tests for comparing elements of a correlation matrix.
    *Psychological Bulletin* 87(2), 245–251.

    Examples
    --------
    >>> res = williams_test_from_r(0.4, 0.5, 0.1, 103)  # psych::r.test(103, .4, .5, .1)
    >>> round(res.statistic, 4), round(res.pvalue, 4)
    (-0.8913, 0.3749)
    """
    r12, r13, r23, n = _check_r(r12, r13, r23, n)
    _check_alternative(alternative)
    det = 1.0 - r12**2 - r13**2 - r23**2 + 2.0 * r12 * r13 * r23
    mean = (r12 + r13) / 2.0
    denom = 2.0 * (n - 1.0) / (n - 3.0) * det + mean**2 * (1.0 - r23) ** 3
    df = int(n) - 3
    if denom <= 0 or abs(r23) == 1.0:
        # |r23| = 1: the systems are linear in each other, |R| = 0 and t is 0/0 (rounding
        # could leave a tiny positive denominator and report t = 0 instead).
        t = p = math.nan
        reason = "undefined: the two systems are linear in each other (|r23| = 1)"
    else:
        t = (r12 - r13) * math.sqrt((n - 1.0) * (1.0 + r23) / denom)
        p = _pvalue(
            float(special.stdtr(df, -abs(t))),  # t.sf(|t|, df)
            float(special.stdtr(df, -t)),  # t.sf(t, df)
            float(special.stdtr(df, t)),  # t.cdf(t, df)
            alternative,
        )
        reason = None
    return DependentCorrelationTest(
        t, p, df, int(n), r12, r13, r23, "williams", alternative, reason
    )


def steiger_z_from_r(
    r12: float, r13: float, r23: float, n: int, *, alternative: Alternative = "two-sided"
) -> DependentCorrelationTest:
    r"""Steiger's (1980) z for ``ρ12 = ρ13`` with the pooled correlation (eq. 10 and 14).

    .. math::
        z = \frac{(Z_{12} - Z_{13})\sqrt{n-3}}{\sqrt{2 - 2c}},\quad
        c = \frac{r_{23}(1 - 2\bar r^2) - \tfrac12 \bar r^2 (1 - 2\bar r^2 - r_{23}^2)}
                 {(1 - \bar r^2)^2},\quad \bar r = \tfrac{r_{12} + r_{13}}{2}

    with ``Z = atanh(r)``, as R ``cocor`` (method ``steiger1980``). Undefined (NaN) when
    |r12| or |r13| is 1.

    Parameters
    ----------
    r12, r13 : float
        The correlations of the gold scores with system a and with system b.
    r23 : float
        The correlation of the two systems.
    n : int
        Pairs (at least 4).
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: a correlates more with the gold scores than b.

    Returns
    -------
    DependentCorrelationTest

    References
    ----------
    Steiger, J. H. (1980). Tests for comparing elements of a correlation matrix.
    *Psychological Bulletin* 87(2), 245–251.

    Examples
    --------
    >>> round(steiger_z_from_r(0.4, 0.5, 0.1, 103).statistic, 4)
    -0.8887
    """
    r12, r13, r23, n = _check_r(r12, r13, r23, n)
    _check_alternative(alternative)
    rbar2 = ((r12 + r13) / 2.0) ** 2
    c = (
        (r23 * (1 - 2 * rbar2) - 0.5 * rbar2 * (1 - 2 * rbar2 - r23**2)) / (1 - rbar2) ** 2
        if rbar2 < 1
        else 1.0
    )
    if abs(r12) >= 1 or abs(r13) >= 1 or r23 == 1.0 or 2.0 - 2.0 * c <= 0:
        # |r| = 1, or the two systems are linear in each other (r23 = 1 → c = 1 exactly,
        # though rounding may leave it a hair below): z is 0/0.
        z = p = math.nan
        reason = (
            "undefined: a system correlates perfectly with the gold (|r| = 1)"
            if abs(r12) >= 1 or abs(r13) >= 1
            else "undefined: the two systems are linear in each other (r23 = 1)"
        )
    else:
        z = (math.atanh(r12) - math.atanh(r13)) * math.sqrt(n - 3.0) / math.sqrt(2.0 - 2.0 * c)
        p = _pvalue(
            0.5 * float(special.erfc(abs(z) / math.sqrt(2))),
            float(special.ndtr(-z)),
            float(special.ndtr(z)),
            alternative,
        )
        reason = None
    return DependentCorrelationTest(
        z, p, None, int(n), r12, r13, r23, "steiger", alternative, reason
    )


def zou_ci_from_r(
    r12: float, r13: float, r23: float, n: int, *, confidence_level: float = 0.95
) -> ConfidenceInterval:
    r"""Zou's (2007) confidence interval for ``ρ12 − ρ13`` (overlapping, dependent).

    With Fisher intervals ``(l_j, u_j)`` of each correlation and their correlation

    .. math:: c = \frac{(r_{23} - \tfrac12 r_{12} r_{13})(1 - r_{12}^2 - r_{13}^2 - r_{23}^2)
                 + r_{23}^3}{(1 - r_{12}^2)(1 - r_{13}^2)}

    the bounds are (Zou 2007, p. 409)
    ``L = r12 − r13 − sqrt((r12 − l1)² + (u2 − r13)² − 2c(r12 − l1)(u2 − r13))`` and
    ``U = r12 − r13 + sqrt((u1 − r12)² + (r13 − l2)² − 2c(u1 − r12)(r13 − l2))``,
    as R ``cocor`` (method ``zou2007``). NaN when |r12| or |r13| is 1.

    Parameters
    ----------
    r12, r13 : float
        The correlations of the gold scores with system a and with system b.
    r23 : float
        The correlation of the two systems.
    n : int
        Pairs (at least 4).
    confidence_level : float, default 0.95

    Returns
    -------
    ConfidenceInterval
        Method ``"zou"``.

    References
    ----------
    Zou, G. Y. (2007). Toward using confidence intervals to compare correlations.
    *Psychological Methods* 12(4), 399–413.

    Examples
    --------
    >>> ci = zou_ci_from_r(0.4, 0.5, 0.1, 103)
    >>> round(ci.low, 4), round(ci.high, 4)
    (-0.3202, 0.1203)
    """
    r12, r13, r23, n = _check_r(r12, r13, r23, n)
    check_probability(confidence_level, "confidence_level")
    if abs(r12) >= 1 or abs(r13) >= 1:
        return ConfidenceInterval(math.nan, math.nan, confidence_level, "zou")
    l1, u1 = fisher_interval(r12, n, confidence_level)
    l2, u2 = fisher_interval(r13, n, confidence_level)
    c = ((r23 - 0.5 * r12 * r13) * (1 - r12**2 - r13**2 - r23**2) + r23**3) / (
        (1 - r12**2) * (1 - r13**2)
    )
    d = r12 - r13
    low = d - math.sqrt(max((r12 - l1) ** 2 + (u2 - r13) ** 2 - 2 * c * (r12 - l1) * (u2 - r13), 0))
    high = d + math.sqrt(
        max((u1 - r12) ** 2 + (r13 - l2) ** 2 - 2 * c * (u1 - r12) * (r13 - l2), 0)
    )
    return ConfidenceInterval(low, high, confidence_level, "zou")


def _three(
    gold: ArrayLike, a: ArrayLike, b: ArrayLike, correlation: str
) -> tuple[float, float, float, int]:
    from ..metrics.correlation import pearson, spearman

    check_choice("correlation", correlation, ("pearson", "spearman"))
    fn = pearson if correlation == "pearson" else spearman
    g, sa = paired_scores(gold, a, names=("gold", "a"))
    _, sb = paired_scores(g, b, names=("gold", "b"))
    rs = [fn(x, y) for x, y in ((g, sa), (g, sb), (sa, sb))]
    for res, label in zip(rs, ("r(gold, a)", "r(gold, b)", "r(a, b)")):
        if math.isnan(res.statistic):
            raise InputError(f"{label} is undefined: {res.reason}")
    return rs[0].statistic, rs[1].statistic, rs[2].statistic, g.size


def williams_test(
    gold: ArrayLike,
    a: ArrayLike,
    b: ArrayLike,
    *,
    correlation: Correlation = "pearson",
    alternative: Alternative = "two-sided",
) -> DependentCorrelationTest:
    """Williams' t comparing ``r(gold, a)`` with ``r(gold, b)`` on the same pairs.

    Computes the three correlations (``correlation="spearman"`` uses ranks, a common
    approximation) and calls :func:`williams_test_from_r`.

    Parameters
    ----------
    gold, a, b : array_like
        The gold scores and two systems' scores of the same pairs.
    correlation : {"pearson", "spearman"}, default "pearson"
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: a correlates more with the gold scores than b.

    Returns
    -------
    DependentCorrelationTest

    Examples
    --------
    >>> res = williams_test([1, 2, 3, 4, 5, 6], [1, 2, 3, 5, 4, 6], [2, 1, 4, 3, 6, 5])
    >>> round(res.r12, 4), round(res.r13, 4), res.df
    (0.9429, 0.8286, 3)
    """
    r12, r13, r23, n = _three(gold, a, b, correlation)
    return williams_test_from_r(r12, r13, r23, n, alternative=alternative)


def steiger_z(
    gold: ArrayLike,
    a: ArrayLike,
    b: ArrayLike,
    *,
    correlation: Correlation = "pearson",
    alternative: Alternative = "two-sided",
) -> DependentCorrelationTest:
    """Steiger's z comparing ``r(gold, a)`` with ``r(gold, b)``; see :func:`steiger_z_from_r`.

    Parameters
    ----------
    gold, a, b : array_like
        The gold scores and two systems' scores of the same pairs.
    correlation : {"pearson", "spearman"}, default "pearson"
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: a correlates more with the gold scores than b.

    Returns
    -------
    DependentCorrelationTest

    Examples
    --------
    >>> round(steiger_z([1, 2, 3, 4, 5, 6], [1, 2, 3, 5, 4, 6], [2, 1, 4, 3, 6, 5]).pvalue, 4)
    0.3587
    """
    r12, r13, r23, n = _three(gold, a, b, correlation)
    return steiger_z_from_r(r12, r13, r23, n, alternative=alternative)


def zou_ci(
    gold: ArrayLike,
    a: ArrayLike,
    b: ArrayLike,
    *,
    correlation: Correlation = "pearson",
    confidence_level: float = 0.95,
) -> ConfidenceInterval:
    """Zou's interval for ``r(gold, a) − r(gold, b)``; see :func:`zou_ci_from_r`.

    Parameters
    ----------
    gold, a, b : array_like
        The gold scores and two systems' scores of the same pairs.
    correlation : {"pearson", "spearman"}, default "pearson"
    confidence_level : float, default 0.95

    Returns
    -------
    ConfidenceInterval

    Examples
    --------
    >>> ci = zou_ci([1, 2, 3, 4, 5, 6], [1, 2, 3, 5, 4, 6], [2, 1, 4, 3, 6, 5])
    >>> ci.low < 0 < ci.high
    True
    """
    r12, r13, r23, n = _three(gold, a, b, correlation)
    return zou_ci_from_r(r12, r13, r23, n, confidence_level=confidence_level)
