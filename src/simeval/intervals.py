"""Confidence intervals of correlation coefficients on Fisher's z scale: Fisher (1921)
for Pearson's r, Bonett & Wright (2000) for Spearman's ρ, Fieller, Hartley & Pearson
(1957) for Kendall's τ. The result objects of :mod:`simeval.results` compute their
intervals here, on demand."""

from __future__ import annotations

import math
from statistics import NormalDist

from ._validate import check_choice, check_int, check_probability, check_real
from .errors import InputError, param

__all__ = ["CI_METHODS", "DEFAULT_CI_METHOD", "correlation_interval", "fisher_interval"]

#: Interval methods of :func:`correlation_interval`; the default for each correlation.
CI_METHODS = ("fisher", "bonett-wright", "fieller")
DEFAULT_CI_METHOD = {"pearson": "fisher", "spearman": "bonett-wright", "kendall": "fieller"}


def correlation_interval(
    r: float, n: int, confidence_level: float = 0.95, method: str = "fisher"
) -> tuple[float, float]:
    r"""Confidence interval of a correlation on Fisher's z scale.

    .. math:: \tanh\big(\operatorname{atanh}(r) \pm z_{1-\alpha/2}\,\mathrm{SE}\big)

    with ``z`` the standard normal quantile at ``(1 + confidence_level)/2`` and

    - ``"fisher"`` (Pearson's r; Fisher 1921, R ``cor.test``): SE = 1/√(n − 3), n ≥ 4;
    - ``"bonett-wright"`` (Spearman's ρ; Bonett & Wright 2000):
      SE = √((1 + r²/2)/(n − 3)), n ≥ 4;
    - ``"fieller"`` (Kendall's τ; Fieller, Hartley & Pearson 1957): SE = √(0.437/(n − 4)),
      n ≥ 5.

    NaN when r is NaN or n is below the method's minimum; ``(r, r)`` when |r| = 1.
    For ρ and τ these are large-sample approximations, least trustworthy for small n and
    |r| near 1; the bootstrap interval of :mod:`simeval.stats` needs no such assumption.

    Parameters
    ----------
    r : float
        The correlation, in [−1, 1] (NaN gives a NaN interval).
    n : int
        The number of pairs it was computed on.
    confidence_level : float, default 0.95
        Two-sided coverage, in (0, 1).
    method : {"fisher", "bonett-wright", "fieller"}, default "fisher"
        The standard error on the z scale (see above).

    Returns
    -------
    tuple of float
        ``(low, high)``.

    References
    ----------
    Fisher, R. A. (1921). On the "probable error" of a coefficient of correlation deduced
    from a small sample. *Metron* 1, 3–32.

    Bonett, D. G. & Wright, T. A. (2000). Sample size requirements for estimating Pearson,
    Kendall and Spearman correlations. *Psychometrika* 65(1), 23–28.

    Fieller, E. C., Hartley, H. O. & Pearson, E. S. (1957). Tests for rank correlation
    coefficients. I. *Biometrika* 44(3/4), 470–481.

    Examples
    --------
    >>> [round(v, 6) for v in correlation_interval(0.5, 30, method="fieller")]
    [0.286921, 0.665936]
    """
    check_choice("method", method, CI_METHODS)
    check_probability(confidence_level, "confidence_level")
    if not (isinstance(r, float) and math.isnan(r)):
        r = check_real("r", r, finite=False)
    n = check_int(n, "n", minimum=0)
    if not math.isnan(r) and abs(r) > 1.0:
        raise InputError(f"{param('r')} must be a correlation in [-1, 1]; got {r!r}")
    minimum = 5 if method == "fieller" else 4
    if math.isnan(r) or n < minimum:
        return math.nan, math.nan
    if abs(r) == 1.0:
        return r, r
    if method == "fisher":
        se = 1.0 / math.sqrt(n - 3)
    elif method == "bonett-wright":
        se = math.sqrt((1.0 + r * r / 2.0) / (n - 3))
    else:
        se = math.sqrt(0.437 / (n - 4))
    z = math.atanh(r)
    half = NormalDist().inv_cdf(0.5 + confidence_level / 2) * se
    return math.tanh(z - half), math.tanh(z + half)


def fisher_interval(r: float, n: int, confidence_level: float = 0.95) -> tuple[float, float]:
    r"""Fisher-z confidence interval of Pearson's r: ``tanh(atanh(r) ± z/sqrt(n−3))``
    (R ``cor.test``); :func:`correlation_interval` with ``method="fisher"``.

    Parameters
    ----------
    r : float
        Pearson's r, in [−1, 1].
    n : int
        The number of pairs; below 4 the interval is NaN.
    confidence_level : float, default 0.95
        Two-sided coverage, in (0, 1).

    Returns
    -------
    tuple of float
        ``(low, high)``, as R's ``cor.test(x, y)$conf.int``.

    References
    ----------
    Fisher, R. A. (1921). On the "probable error" of a coefficient of correlation deduced
    from a small sample. *Metron* 1, 3–32.

    Examples
    --------
    >>> [round(v, 6) for v in fisher_interval(0.5, 30)]
    [0.170431, 0.728959]
    """
    return correlation_interval(r, n, confidence_level, "fisher")
