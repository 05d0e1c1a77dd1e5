"""Bootstrap distributions and their percentile and BCa intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from scipy import special

from ..._validate import check_choice, check_probability
from ...errors import InputError
from ...results import ConfidenceInterval, json_ready

__all__ = [
    "BOOTSTRAP_CI_METHODS",
    "BootstrapDistribution",
    "BootstrapInterval",
    "Method",
    "bca_levels",
    "quantiles",
]

Method = Literal["bca", "percentile"]
#: The bootstrap's interval methods: bias-corrected and accelerated (Efron 1987), percentile.
BOOTSTRAP_CI_METHODS: tuple[Method, ...] = ("bca", "percentile")


@dataclass(frozen=True)
class BootstrapInterval:
    """A bootstrap confidence interval of one metric for one system.

    ``low``/``high`` bound the interval at ``confidence_level``; ``statistic`` is the value
    on the full data, ``standard_error`` the standard deviation of the bootstrap
    distribution (ddof 1). ``n_undefined`` resamples where the metric was undefined (e.g.
    no low pair for F1_low) are left out of the interval; ``reason`` says why the
    interval is NaN when it is.

    Attributes
    ----------
    metric, system : str
    statistic : float
        The value on the full data.
    low, high, confidence_level : float
    method : str
        ``"bca"`` or ``"percentile"``.
    n_resamples, n_undefined : int
    standard_error : float
    seed : int or None
    acceleration : float
        BCa's â (NaN for percentile intervals).
    reason : str or None

    Examples
    --------
    >>> from simeval.stats.bootstrap import bootstrap_distribution
    >>> d = bootstrap_distribution([1, 2, 3, 4, 5, 6], {"a": [1, 3, 2, 4, 6, 5]}, ["spearman"],
    ...                            n_resamples=200, seed=0)
    >>> ci = d.interval("spearman", method="percentile")
    >>> ci.method, ci.n_resamples, round(ci.statistic, 6), ci.low <= ci.statistic <= ci.high
    ('percentile', 200, 0.885714, True)
    """

    metric: str
    system: str
    statistic: float
    low: float
    high: float
    confidence_level: float
    method: str
    n_resamples: int
    n_undefined: int
    standard_error: float
    seed: int | None
    acceleration: float = math.nan
    reason: str | None = None

    def confidence_interval(self) -> ConfidenceInterval:
        return ConfidenceInterval(self.low, self.high, self.confidence_level)

    def as_dict(self) -> dict[str, Any]:
        return json_ready(dict(self.__dict__))


@dataclass(frozen=True, eq=False)
class BootstrapDistribution:
    """Bootstrap and jackknife values of many metrics for many systems on shared resamples.

    ``observed[m, k]`` is metric m of system k on all pairs, ``resamples[m, k, b]`` on
    bootstrap resample b (the same resamples for every system and metric, so differences
    between systems are paired), ``jackknife[m, k, g]`` with jackknife group g deleted
    (``None`` when no jackknife was run).

    Attributes
    ----------
    metrics, systems : tuple of str
    observed : numpy.ndarray
        Shape (metrics, systems).
    resamples : numpy.ndarray
        Shape (metrics, systems, resamples).
    jackknife : numpy.ndarray or None
        Shape (metrics, systems, groups).
    n : int
        Pairs.
    seed : int or None

    Examples
    --------
    >>> from simeval.stats.bootstrap import bootstrap_distribution
    >>> d = bootstrap_distribution([1, 2, 3, 4, 5, 6], {"a": [1, 3, 2, 4, 6, 5]}, ["spearman"],
    ...                            n_resamples=200, seed=0)
    >>> d.resamples.shape, d.values("spearman").shape, d.jackknife.shape
    ((1, 1, 200), (200,), (1, 1, 6))
    """

    metrics: tuple[str, ...]
    systems: tuple[str, ...]
    observed: NDArray[np.float64]
    resamples: NDArray[np.float64]
    jackknife: NDArray[np.float64] | None
    n: int
    seed: int | None

    def _index(self, metric: str, system: str | None) -> tuple[int, int]:
        key = metric.replace(" ", "").lower() if isinstance(metric, str) else metric
        if key not in self.metrics:
            raise InputError(f"metric {metric!r} was not bootstrapped; have {self.metrics}")
        if system is None:
            if len(self.systems) != 1:
                raise InputError(f"name the system: one of {self.systems}")
            system = self.systems[0]
        if system not in self.systems:
            raise InputError(f"system {system!r} was not bootstrapped; have {self.systems}")
        return self.metrics.index(key), self.systems.index(system)

    def values(self, metric: str, system: str | None = None) -> NDArray[np.float64]:
        """The bootstrap distribution of ``metric`` for ``system`` (one value per resample)."""
        m, k = self._index(metric, system)
        return self.resamples[m, k]

    def interval(
        self,
        metric: str,
        system: str | None = None,
        *,
        method: Method = "bca",
        confidence_level: float = 0.95,
    ) -> BootstrapInterval:
        """Percentile or BCa interval of ``metric`` for ``system`` (see :func:`bootstrap_ci`)."""
        check_probability(confidence_level, "confidence_level")
        check_choice("method", method, BOOTSTRAP_CI_METHODS)
        m, k = self._index(metric, system)
        theta = float(self.observed[m, k])
        boot = self.resamples[m, k]
        defined = boot[~np.isnan(boot)]
        n_undefined = int(boot.size - defined.size)
        common: dict[str, Any] = dict(
            metric=self.metrics[m],
            system=self.systems[k],
            statistic=theta,
            confidence_level=confidence_level,
            method=method,
            n_resamples=int(boot.size),
            n_undefined=n_undefined,
            seed=self.seed,
        )
        if defined.size < 2 or math.isnan(theta):
            reason = (
                "the metric is undefined on the data"
                if math.isnan(theta)
                else ("fewer than 2 resamples where the metric is defined")
            )
            return BootstrapInterval(
                low=math.nan, high=math.nan, standard_error=math.nan, reason=reason, **common
            )
        # scaled so that values near ±1e308 (an MAE of huge scores) do not overflow
        top = float(np.abs(defined).max())
        unit = top if top > 1e150 else 1.0
        with np.errstate(invalid="ignore"):
            se = float(np.std(defined / unit, ddof=1)) * unit
        alpha = (1.0 - confidence_level) / 2.0
        if method == "percentile":
            lo, hi = quantiles(defined, alpha, 1.0 - alpha)
            return BootstrapInterval(low=lo, high=hi, standard_error=se, **common)
        if self.jackknife is None:
            raise InputError("BCa needs the jackknife; bootstrap with jackknife_groups > 1")
        a1, a2, accel, bca_reason = bca_levels(theta, defined, self.jackknife[m, k], alpha)
        if bca_reason is not None:
            return BootstrapInterval(
                low=math.nan, high=math.nan, standard_error=se, reason=bca_reason, **common
            )
        lo, hi = quantiles(defined, a1, a2)
        return BootstrapInterval(low=lo, high=hi, standard_error=se, acceleration=accel, **common)

    def intervals(
        self, *, method: Method = "bca", confidence_level: float = 0.95
    ) -> list[BootstrapInterval]:
        """Every (system, metric) interval, systems outer, metrics inner."""
        return [
            self.interval(m, s, method=method, confidence_level=confidence_level)
            for s in self.systems
            for m in self.metrics
        ]


def quantiles(values: NDArray[np.float64], q1: float, q2: float) -> tuple[float, float]:
    """The ``q1`` and ``q2`` quantiles of ``values`` (linear interpolation, as numpy).

    Parameters
    ----------
    values : numpy.ndarray
    q1, q2 : float
        Levels in [0, 1] (NaN gives NaN).

    Returns
    -------
    tuple of float

    Examples
    --------
    >>> quantiles(np.array([1.0, 2.0, 3.0, 4.0]), 0.25, 0.75)
    (1.75, 3.25)
    """
    with np.errstate(invalid="ignore"):
        lo, hi = np.quantile(values, [q1, q2])
    return float(lo), float(hi)


def bca_levels(
    theta: float, boot: NDArray[np.float64], jack: NDArray[np.float64], alpha: float
) -> tuple[float, float, float, str | None]:
    """BCa quantile levels (Efron & Tibshirani 1993, eq. 14.9–14.15), as scipy computes them.

    Parameters
    ----------
    theta : float
        The estimate on the full data.
    boot : numpy.ndarray
        The defined bootstrap values.
    jack : numpy.ndarray
        The jackknife values.
    alpha : float
        Half of 1 − confidence level.

    Returns
    -------
    tuple
        ``(level_low, level_high, acceleration, reason)``; NaN levels with a reason when
        BCa is undefined.

    References
    ----------
    Efron, B. & Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall.

    Examples
    --------
    >>> lo, hi, accel, reason = bca_levels(0.5, np.array([0.4, 0.5, 0.6, 0.7]),
    ...                                    np.array([0.45, 0.5, 0.55]), 0.05)
    >>> round(accel, 6), reason
    (0.0, None)
    """
    share = (np.count_nonzero(boot < theta) + np.count_nonzero(boot <= theta)) / (2 * boot.size)
    if share <= 0 or share >= 1:
        return (
            math.nan,
            math.nan,
            math.nan,
            ("BCa undefined: every resample lies on one side of the estimate"),
        )
    z0 = float(special.ndtri(share))
    jack = jack[~np.isnan(jack)]
    if jack.size and float(np.abs(jack).max()) > 1e150:  # the acceleration is scale-free
        jack = jack / float(np.abs(jack).max())
    d = jack.mean() - jack if jack.size else jack
    den = float((d**2).sum())
    if jack.size < 2 or den == 0 or not math.isfinite(den):
        return (
            math.nan,
            math.nan,
            math.nan,
            ("BCa undefined: the jackknife values do not vary; use percentile intervals"),
        )
    accel = float((d**3).sum()) / (6.0 * den**1.5)
    z_a = float(special.ndtri(alpha))
    levels = []
    for z in (z_a, -z_a):
        num = z0 + z
        levels.append(float(special.ndtr(z0 + num / (1.0 - accel * num))))
    return levels[0], levels[1], accel, None
