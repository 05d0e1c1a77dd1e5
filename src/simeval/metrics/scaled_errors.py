"""Scaled error measures of Atoum & Ayyagari (2019): MAE, MASE, MSSE, NMSSE and NMASE.

All take the system scores on the gold scale (use ``system_scale``/``scale`` to map them,
or ``normalize`` to bring both to [0, 1] as the paper's Tables 5–7 do).

**Known discrepancy.** The paper's Table 4 prints NMSSE 0.47 / 0.58 / 0.48 / 0.17 for its
α / β / Ω / δ demo methods, but eq. 4–5 on its Table 3 data give 0.50 / 0.76 / 0.52 / 0.05.
The printed values are *close to*, not equal to, ``1 − exp(−MASE)``: :func:`nmase` gives
0.47 / 0.57 / 0.45 / 0.17 on Table 3's two-decimal data, so it matches α and δ and misses
β by 0.01 and Ω by 0.03. simeval implements eq. 4–5 as :func:`nmsse` and offers
:func:`nmase` as the closest formula to the printed column.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ..results import MetricResult
from ._numeric import CHUNK
from ._table import JointTable
from .base import Metric, public_function
from .context import Context
from .weighted import Chunk, Resampled, Resamples, Sample
from .weighted.errors import all_errors, error_features

__all__ = [
    "ERROR_METRICS",
    "ErrorMoments",
    "mae",
    "mase",
    "msse",
    "nmase",
    "nmsse",
    "scaled_errors",
]

_TOO_LARGE = "the mean absolute error exceeds the largest float (scores near ±1.8e308)"
_CONSTANT = (
    "the system scores are constant, so the scaled error is +inf (Atoum & Ayyagari 2019, eq. 3)"
)


def scaled_errors(g: NDArray[np.float64], s: NDArray[np.float64]) -> NDArray[np.float64]:
    r"""Per-pair scaled errors (Atoum & Ayyagari 2019, eq. 2–3):

    .. math:: S_{E_j} = \frac{|s_j - g_j|}{\frac{1}{n}\sum_i |s_i - \bar s|}

    The denominator is the mean absolute deviation of the *system* scores. Constant system
    scores give +inf (NaN where the error itself is 0 is also reported as +inf).

    Parameters
    ----------
    g, s : numpy.ndarray
        Gold and system scores (the system on the gold scale).

    Returns
    -------
    numpy.ndarray
        One scaled error per pair.

    Examples
    --------
    >>> scaled_errors(np.array([0.0, 1, 2]), np.array([0.0, 2, 4])).tolist()  # MAD(s) = 4/3
    [0.0, 0.75, 1.5]
    """
    if s.size == 0:
        return np.empty(0)
    mad, fs = _mean_abs_deviation(s)
    f = _factor(g, s)
    ae = np.abs(s / f - g / f) if f != 1.0 else np.abs(s - g)
    if mad == 0:
        return np.full_like(ae, math.inf)
    with np.errstate(over="ignore"):  # beyond the float range is +inf, as it should be
        return ae / mad * (f / fs)


def _factor(*arrays: NDArray[np.float64]) -> float:
    """1, or the power of two (exact to divide by) that brings scores beyond ±1e150, or all
    within ±1e-150, to [1, 2), so that their differences and squares can neither overflow
    nor underflow."""
    return _factor_of(max(_magnitude(a) for a in arrays))


def _magnitude(a: NDArray[np.float64]) -> float:
    """``max |a|`` from the extremes (two reductions, no temporary array)."""
    return max(-float(a.min()), float(a.max()))


def _factor_of(big: float) -> float:
    extreme = big > 1e150 or 0.0 < big < 1e-150
    return math.ldexp(1.0, math.frexp(big)[1] - 1) if extreme else 1.0


def _mean_abs_deviation(
    s: NDArray[np.float64],
    extremes: tuple[float, float] | None = None,
    out: NDArray[np.float64] | None = None,
) -> tuple[float, float]:
    """``(mad, factor)``: the mean absolute deviation of ``s`` is ``mad · factor``
    (``extremes``: ``s.min(), s.max()`` when already known; ``out``: scratch space of
    the size of ``s``)."""
    lo, hi = extremes if extremes is not None else (float(s.min()), float(s.max()))
    if lo == hi:  # exactly constant: the mean of floats may not be exact
        return 0.0, 1.0
    f = _factor_of(max(-lo, hi))
    x = s / f if f != 1.0 else s
    dev = np.subtract(x, x.mean(), out=out)
    dev -= dev.mean()  # centred twice: the first mean's rounding removed (Chan et al. 1983)
    np.abs(dev, out=dev)
    return float(dev.mean()), f


@dataclass(frozen=True)
class ErrorMoments:
    """The three numbers every error measure of Atoum & Ayyagari (2019) is made of: the
    mean absolute error, the root mean squared error and the mean absolute deviation of
    the system scores (eq. 3's denominator).

    Each is kept as a value times a power-of-two factor (``mae · error_factor`` …), so that
    scores of any finite magnitude (±1e308, or all within ±1e-300) give exact ratios —
    MASE = MAE/MAD and MSSE = (RMSE/MAD)² — and +inf only where the true value exceeds the
    float range.

    Attributes
    ----------
    mae, rmse, mad : float
        The three numbers, each to be multiplied by its factor.
    n : int
        The pairs.
    error_factor, mad_factor : float
        The powers of two of ``mae`` and ``rmse``, and of ``mad``.

    Examples
    --------
    Gold 0, 1, 2 against system 0, 2, 4: MAE = 1, RMSE = √(5/3), MAD = 4/3, so
    MASE = 3/4 and MSSE = (5/3)/(16/9) = 15/16.

    >>> m = ErrorMoments.of(np.array([0.0, 1, 2]), np.array([0.0, 2, 4]))
    >>> m.mae, round(m.rmse**2, 12), m.mad
    (1.0, 1.666666666667, 1.3333333333333333)
    >>> m.mae / m.mad, round((m.rmse / m.mad) ** 2, 12)
    (0.75, 0.9375)
    """

    mae: float
    rmse: float
    mad: float
    n: int
    error_factor: float = 1.0
    mad_factor: float = 1.0

    @classmethod
    def of(
        cls,
        g: NDArray[np.float64],
        s: NDArray[np.float64],
        extremes: tuple[float, float] | None = None,
        gold_magnitude: float | None = None,
        centred: tuple[float, float] | None = None,
    ) -> ErrorMoments:
        """Two passes over the pairs and one scratch array (``extremes``: the smallest and
        largest system score, ``gold_magnitude``: the largest |gold score|, ``centred``:
        the system's :func:`~._numeric.centring`, when known; with it, one pass)."""
        if g.size == 0:
            return cls(math.nan, math.nan, math.nan, 0)
        if extremes is None:
            extremes = float(s.min()), float(s.max())
        big = _magnitude(g) if gold_magnitude is None else gold_magnitude
        f = _factor_of(max(big, -extremes[0], extremes[1]))
        if f == 1.0 and centred is not None:  # no rescaling: one pass a chunk at a time
            return cls._of_chunks(g, s, extremes[0] == extremes[1], *centred)
        d = (s / f - g / f) if f != 1.0 else s - g
        rmse = math.sqrt(float(np.einsum("i,i->", d, d)) / d.size)  # no BLAS threads
        np.abs(d, out=d)
        mae = float(d.mean())
        mad, fs = _mean_abs_deviation(s, extremes, out=d)
        return cls(mae, rmse, mad, int(g.size), f, fs)

    @classmethod
    def _of_chunks(
        cls, g: NDArray[np.float64], s: NDArray[np.float64], constant: bool, mean: float,
        shift: float,
    ) -> ErrorMoments:  # fmt: skip
        """The moments of scores below the rescaling threshold in one pass a chunk at a
        time: the errors ``s − g`` and the system's twice-centred deviations ``(s − mean)
        − shift``, summed per chunk, the chunks' sums added pairwise."""
        n = g.size
        scratch = np.empty(min(n, CHUNK))
        parts = np.empty((3, -(-n // CHUNK)))
        for i, a in enumerate(range(0, n, CHUNK)):
            d = np.subtract(s[a : a + CHUNK], g[a : a + CHUNK], out=scratch[: min(CHUNK, n - a)])
            parts[0, i] = np.einsum("i,i->", d, d)  # no BLAS threads
            parts[1, i] = np.abs(d, out=d).sum()
            np.subtract(s[a : a + CHUNK], mean, out=d)
            d -= shift
            parts[2, i] = np.abs(d, out=d).sum()
        squares, errors, deviations = (float(x) for x in parts.sum(axis=1))
        mad = 0.0 if constant else deviations / n  # exactly constant: no rounding left
        return cls(errors / n, math.sqrt(squares / n), mad, n)

    @classmethod
    def from_table(cls, table: JointTable) -> ErrorMoments:
        """The same moments from the contingency table of two grid vectors whose levels
        are moderate (:attr:`JointTable.moderate`: no rescaling needed)."""
        n = table.n
        if n == 0:
            return cls(math.nan, math.nan, math.nan, 0)
        abs_sum, square_sum, deviation_sum = table.error_sums()
        constant = int(np.count_nonzero(table.counts.sum(axis=0))) == 1
        mad = 0.0 if constant else deviation_sum / n
        return cls(abs_sum / n, math.sqrt(square_sum / n), mad, n)

    def result(self, measure: str) -> MetricResult:
        r"""``mae``, ``mase`` = MAE/MAD, ``msse`` = MSE/MAD² (= mean of :math:`S_{E_j}^2`),
        ``nmsse`` = 1 − exp(−MSSE) or ``nmase`` = 1 − exp(−MASE)."""
        if measure not in ("mae", "mase", "msse", "nmsse", "nmase"):
            raise InputError(f"unknown error measure {measure!r}")
        if self.n == 0:
            return MetricResult(math.nan, 0, "undefined for 0 pairs")
        if measure == "mae":
            value = self.mae * self.error_factor
            if math.isinf(value):
                return MetricResult(math.nan, self.n, _TOO_LARGE)
            return MetricResult(value, self.n)
        constant = self.mad == 0
        ratio = self.error_factor / self.mad_factor  # Python floats: inf, never an error
        if measure in ("mase", "nmase"):
            value = math.inf if constant else (self.mae / self.mad) * ratio
        else:
            value = (
                math.inf
                if constant
                else ((self.rmse / self.mad) * ratio) ** 2
                if ((self.rmse / self.mad) * ratio < 1e154)
                else math.inf
            )
        if measure.startswith("n"):
            return MetricResult(-math.expm1(-value), self.n)
        if constant:
            return MetricResult(value, self.n, _CONSTANT)
        beyond = f"{measure.upper()} exceeds the largest float" if math.isinf(value) else None
        return MetricResult(value, self.n, beyond)


def moments(c: Context) -> ErrorMoments:
    """The error moments of a context's pair (on the gold scale, normalized if asked);
    shared by the five error measures through :meth:`Context.shared`. Summed over the
    cells of the pairs' contingency table when both sides lie on a grid and are compared
    as they are (:attr:`Context.scores_as_given`: not mapped, calibrated or normalized)."""
    if c.scores_as_given:
        table = c.system.joint(c.gold)
        if table is not None and table.moderate:
            return ErrorMoments.from_table(table)
        if c.n:
            g, s = c.gold, c.system
            return ErrorMoments.of(g.values, s.values, s.extremes, g.magnitude, s.centring)
    return ErrorMoments.of(*c.on_gold_scale)


_SOURCE = "Atoum & Ayyagari 2019"
_READS = frozenset({"normalize", "system_scale"})


def _definition(name: str, bounds: tuple[float, float], where: str, what: str) -> Metric:
    def compute(c: Context) -> MetricResult:
        return c.shared(moments).result(name)

    def resampled(sample: Sample, chunk: Chunk) -> Resamples:
        return chunk.shared(all_errors, lambda: all_errors(sample, chunk))[name]

    return Metric(
        name=name,
        compute=compute,
        higher_is_better=False,
        bounds=bounds,
        source=f"{_SOURCE}, {where}",
        description=what,
        family="error",
        reads=_READS,
        gold_scale=True,
        resampled=Resampled(features=error_features, values=resampled),
    )


MAE = _definition("mae", (0, math.inf), "eq. 2", "mean absolute error")
MASE = _definition("mase", (0, math.inf), "eq. 3 and Table 4", "mean absolute scaled error")
MSSE = _definition("msse", (0, math.inf), "eq. 4", "mean scaled square error")
NMSSE = _definition("nmsse", (0, 1), "eq. 5", "1 − exp(−MSSE)")
NMASE = _definition(
    "nmase", (0, 1), "Table 4 (closest formula to the printed NMSSE column)", "1 − exp(−MASE)"
)
#: The definitions of this module, in registry order.
ERROR_METRICS = (MAE, MASE, MSSE, NMSSE, NMASE)


mae = public_function(
    MAE,
    r"""Mean absolute error :math:`\frac1n\sum_j |s_j - g_j|` (Atoum & Ayyagari 2019, eq. 2).
    Lower is better. Keywords override the matching fields of ``options``.

    >>> mae([0, 1, 2], [0, 2, 4]).statistic
    1.0
    """,
)
mase = public_function(
    MASE,
    r"""Mean absolute scaled error :math:`\frac1n\sum_j S_{E_j}` (Atoum & Ayyagari 2019,
    eq. 3 and Table 4). Lower is better; +inf for constant system scores.

    >>> round(mase([0, 1, 2], [0, 2, 4]).statistic, 6)  # AE 0,1,2; MAD(s) 4/3
    0.75
    """,
)
msse = public_function(
    MSSE,
    r"""Mean scaled square error :math:`\frac1n\sum_j S_{E_j}^2` (Atoum & Ayyagari 2019,
    eq. 4). Lower is better; +inf for constant system scores.

    >>> round(msse([0, 1, 2], [0, 2, 4]).statistic, 6)  # (0 + 0.75² + 1.5²)/3
    0.9375
    """,
)
nmsse = public_function(
    NMSSE,
    r"""Normalized mean scaled square error :math:`1 - e^{-\mathrm{MSSE}}` (Atoum & Ayyagari
    2019, eq. 5).

    0 is best, 1 worst; constant system scores give 1, as the paper says. See the module
    docstring for how the paper's printed Table 4 differs.

    >>> round(nmsse([0, 1, 2], [0, 2, 4]).statistic, 6)  # 1 − exp(−0.9375)
    0.608394
    """,
)
nmase = public_function(
    NMASE,
    r""":math:`1 - e^{-\mathrm{MASE}}`, the closest formula to the NMSSE column printed in
    Atoum & Ayyagari (2019), Table 4: 0.47 / 0.57 / 0.45 / 0.17 on Table 3's data against
    the printed 0.47 / 0.58 / 0.48 / 0.17. 0 is best.

    >>> round(nmase([0, 1, 2], [0, 2, 4]).statistic, 6)  # 1 − exp(−0.75)
    0.527633
    """,
)
