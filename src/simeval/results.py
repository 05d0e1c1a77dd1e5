"""Frozen result objects returned by every metric.

Each has ``.statistic`` (a float, NaN when undefined), ``.n`` (the number of pairs used)
and ``.reason`` (why the statistic is NaN, else ``None``); ``float(result)`` is the
statistic and ``as_dict()`` gives a JSON-ready dict.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, TypeVar

from .intervals import DEFAULT_CI_METHOD, correlation_interval

__all__ = [
    "BinResult",
    "ConfidenceInterval",
    "CorrelationResult",
    "DependentCorrelationTest",
    "MetricResult",
    "ScaledPearsonResult",
    "json_ready",
    "warn_if_undefined",
]


def json_ready(value: Any) -> Any:
    """A value as strict JSON can hold it: NaN and ±inf → None (JSON has neither; the
    record's ``reason`` says why the value is missing), numpy scalars and arrays → Python
    numbers and lists; recurse into dicts, lists and tuples. Every ``as_dict()`` of
    simeval's result objects and every JSON document simeval writes goes through it.

    Parameters
    ----------
    value : object
        A float, dict, list or tuple (nested), a numpy scalar or array, or anything else
        (returned as it is).

    Returns
    -------
    object
        The same structure with every NaN or infinite float replaced by ``None`` (tuples
        and arrays become lists).

    Examples
    --------
    >>> json_ready({"r": float("nan"), "msse": float("inf"), "bins": (1.0, float("nan"))})
    {'r': None, 'msse': None, 'bins': [1.0, None]}
    """
    if isinstance(value, float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    if type(value).__module__ == "numpy":  # numpy scalars and arrays, without importing it
        return json_ready(value.tolist())
    return value


R = TypeVar("R", bound="MetricResult")


def warn_if_undefined(result: R, stacklevel: int = 3) -> R:
    """Emit :class:`~simeval.errors.UndefinedMetricWarning` with the reason when a public
    metric function returns NaN (as scipy's ``ConstantInputWarning``); return the result.

    ``evaluate`` does not warn: its reports carry the reasons instead.

    Parameters
    ----------
    result : MetricResult
        A metric's result.
    stacklevel : int, default 3
        Passed to :func:`warnings.warn`, so that the warning points at the user's call.

    Returns
    -------
    MetricResult
        ``result`` itself.

    Examples
    --------
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     res = warn_if_undefined(MetricResult(float("nan"), 2, "fewer than 3 pairs"))
    >>> str(caught[0].message), res.n
    ('fewer than 3 pairs', 2)
    """
    if result.reason is not None and math.isnan(result.statistic):
        import warnings

        from .errors import UndefinedMetricWarning

        warnings.warn(result.reason, UndefinedMetricWarning, stacklevel=stacklevel)
    return result


@dataclass(frozen=True)
class ConfidenceInterval:
    """A two-sided interval ``[low, high]`` at ``confidence_level``; ``method`` names how
    it was formed (``"fisher"``, ``"bonett-wright"``, ``"fieller"``, a bootstrap method)
    where the producer records it.

    Attributes
    ----------
    low, high : float
        The interval's ends (NaN when undefined).
    confidence_level : float
        Two-sided coverage.
    method : str or None
        How the interval was formed.

    Examples
    --------
    >>> import simeval as se
    >>> ci = se.pearson([1, 2, 3, 4, 5], [1, 3, 2, 5, 4]).confidence_interval()
    >>> round(ci.low, 4), round(ci.high, 4), ci.method
    (-0.2796, 0.9862, 'fisher')
    """

    low: float
    high: float
    confidence_level: float = 0.95
    method: str | None = None


@dataclass(frozen=True)
class MetricResult:
    """The value of one metric on one (gold, system) pair of score vectors.

    Attributes
    ----------
    statistic : float
        The metric's value; NaN when undefined.
    n : int
        The number of pairs used (after ``nan_policy="omit"`` dropped any).
    reason : str or None
        Why ``statistic`` is NaN (or infinite), else ``None``.

    Examples
    --------
    >>> import simeval as se
    >>> res = se.mae([0, 1, 2], [0, 1, 4])
    >>> res.statistic, res.n, float(res)
    (0.6666666666666666, 3, 0.6666666666666666)
    >>> res.as_dict()
    {'statistic': 0.6666666666666666, 'n': 3, 'reason': None}
    """

    statistic: float
    n: int
    reason: str | None = None

    def __float__(self) -> float:
        return float(self.statistic)

    def as_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (NaN → ``None``)."""
        return json_ready(asdict(self))


@dataclass(frozen=True)
class CorrelationResult(MetricResult):
    """A correlation coefficient with its two-sided p-value.

    ``confidence_interval()`` is ``tanh(atanh(r) ± z_{(1+c)/2}·SE)`` with the standard error
    the literature gives for each coefficient: SE = 1/√(n − 3) for Pearson's r (Fisher
    1921; R ``cor.test``), √((1 + ρ²/2)/(n − 3)) for Spearman's ρ (Bonett & Wright 2000)
    and √(0.437/(n − 4)) for Kendall's τ (Fieller, Hartley & Pearson 1957); see
    :func:`~simeval.intervals.correlation_interval`. ``coefficient`` names the coefficient
    (``"pearson"``, ``"spearman"``, ``"kendall"``); the interval's method is a separate
    choice (:meth:`confidence_interval`'s ``method``).

    Attributes
    ----------
    statistic, n, reason
        As :class:`MetricResult`.
    pvalue : float
        Two-sided p-value of the test of no correlation (scipy's and R ``cor.test``'s).
    coefficient : str
        ``"pearson"``, ``"spearman"`` or ``"kendall"``.

    Examples
    --------
    >>> import simeval as se
    >>> res = se.spearman([1, 2, 3, 4, 5], [1, 3, 2, 5, 4])
    >>> round(res.statistic, 2), round(res.pvalue, 4), res.coefficient
    (0.8, 0.1041, 'spearman')
    >>> res.confidence_interval().method
    'bonett-wright'
    """

    pvalue: float = math.nan
    coefficient: str = "pearson"

    def confidence_interval(
        self, confidence_level: float = 0.95, method: str | None = None
    ) -> ConfidenceInterval:
        """The interval at ``confidence_level``; ``method`` is ``"fisher"``,
        ``"bonett-wright"`` or ``"fieller"``, by default the one for this coefficient
        (recorded in the interval's ``method``).

        Parameters
        ----------
        confidence_level : float, default 0.95
            Two-sided coverage.
        method : str, optional
            See :func:`~simeval.intervals.correlation_interval`.

        Returns
        -------
        ConfidenceInterval

        Examples
        --------
        >>> import simeval as se
        >>> ci = se.pearson([1, 2, 3, 4, 5], [1, 3, 2, 5, 4]).confidence_interval(0.9)
        >>> round(ci.low, 4), round(ci.high, 4)
        (-0.0644, 0.9785)
        """
        chosen = DEFAULT_CI_METHOD.get(self.coefficient, "fisher") if method is None else method
        low, high = correlation_interval(self.statistic, self.n, confidence_level, chosen)
        return ConfidenceInterval(low, high, confidence_level, chosen)


@dataclass(frozen=True)
class BinResult:
    """Pearson's r inside one bin of a :class:`~simeval.binning.Bins` partition.

    Attributes
    ----------
    label : str
        The bin's label (``"[0, 1.667)"``, or the category for label bins).
    low, high : float or None
        The bin's edges on the gold scale (``None`` for label bins).
    n : int
        Pairs in the bin.
    coverage : float
        ``n`` over all pairs.
    statistic, pvalue : float
        Pearson's r in the bin and its two-sided p-value.
    ci_low, ci_high : float
        Its 95 % Fisher-z interval.
    reason : str or None
        Why r is NaN (fewer than 3 pairs, constant scores), else ``None``.

    Examples
    --------
    >>> import simeval as se
    >>> res = se.scaled_pearson([0.5, 1, 1.5, 2, 2.5, 3.5, 4, 4.5],
    ...                         [0.2, 1.1, 1.0, 2.5, 2.2, 3.0, 4.5, 4.4], scale=(0, 5))
    >>> [(b.label, b.n) for b in res.bins]
    [('[0, 1.667)', 3), ('[1.667, 3.333)', 2), ('[3.333, 5]', 3)]
    """

    label: str
    low: float | None
    high: float | None
    n: int
    coverage: float
    statistic: float
    pvalue: float
    ci_low: float
    ci_high: float
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (NaN → ``None``)."""
        return json_ready(asdict(self))


@dataclass(frozen=True)
class ScaledPearsonResult(MetricResult):
    """Scaled Pearson: the mean of the per-bin Pearson coefficients (Atoum 2019, eq. 3).

    ``bins`` holds every bin, ``skipped`` the labels of undefined bins left out of the mean
    (only with ``skip_undefined=True``), ``remainder`` the pairs left over by
    ``Bins.segments`` and ``average`` how the bin values were combined.

    Attributes
    ----------
    statistic, n, reason
        As :class:`MetricResult`.
    bins : tuple of BinResult
        Every bin, in order.
    skipped : tuple of str
        Labels of the undefined bins left out of the mean.
    remainder : int
        Pairs ``Bins.segments`` left over.
    average : str
        ``"arithmetic"`` (the paper's eq. 3) or ``"fisher_z"``.

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–38.

    Examples
    --------
    >>> import simeval as se
    >>> res = se.scaled_pearson([0, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5],
    ...                         [0.2, 1.1, 1.0, 2.5, 2.2, 2.8, 3.0, 4.5, 4.4],
    ...                         scale=(0, 5))
    >>> [b.n for b in res.bins], round(res.statistic, 4)
    ([3, 3, 3], 0.7075)
    """

    bins: tuple[BinResult, ...] = field(default_factory=tuple)
    skipped: tuple[str, ...] = ()
    remainder: int = 0
    average: str = "arithmetic"


@dataclass(frozen=True)
class DependentCorrelationTest:
    """The result of a test of ``r12 = r13`` (1 = gold, 2 = system a, 3 = system b).

    ``statistic`` is Williams' t (with ``df`` = n − 3) or Steiger's z (``df`` is None);
    ``pvalue`` follows ``alternative`` (``"greater"``: a correlates more with gold than b).

    Attributes
    ----------
    statistic, pvalue : float
        The test statistic and its p-value.
    df : int or None
        Degrees of freedom of Williams' t; ``None`` for Steiger's z.
    n : int
    r12, r13, r23 : float
        The three correlations.
    method : str
        ``"williams"`` or ``"steiger"``.
    alternative : str
    reason : str or None
        Why the statistic is undefined (NaN), else None.

    Examples
    --------
    >>> from simeval.stats.dependent import williams_test_from_r
    >>> res = williams_test_from_r(0.4, 0.5, 0.1, 103)
    >>> res.method, res.df, res.as_dict()["alternative"]
    ('williams', 100, 'two-sided')
    """

    statistic: float
    pvalue: float
    df: int | None
    n: int
    r12: float
    r13: float
    r23: float
    method: str
    alternative: str
    reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return json_ready(asdict(self))
