"""System scores on the gold scale: the calibration the measures of a gold *value* need.

The error measures (MAE … NMSSE, MAPE), the low/high accuracy and F1, their combinations
and the three-class measures compare a system score with a gold value or with a border on
the gold scale (the records with ``gold_scale=True``). A system whose scores are on
another scale — cosines against STS's 0–5, a lexical overlap in [0, 1], anything declared
with ``system_scale``, anything whose observed range is off the gold scale or covers less
than a third of it — would be judged for its scale, not for what it ranks: MiniLM's
cosines mapped linearly from [−1, 1] onto 0–5 sit between 2 and 5, so no pair of it is
ever "low". These measures therefore read the system **calibrated** onto the gold scale,
by a map fitted on gold scores; correlations and rank measures keep the raw scores.

- ``linear``: least squares ``ĝ = a + b·s`` (``b`` kept ≥ 0); ``isotonic``: the
  increasing step function nearest to the gold in least squares (pool-adjacent-violators,
  Ayer et al. 1955; ties in ``s`` pooled first), held constant beyond the fitted scores as
  scikit-learn's ``IsotonicRegression(out_of_bounds="clip")``. A score between two fitted
  scores gets the mean of their fitted values — where scikit-learn interpolates linearly
  in the score — so that the map depends on the order of the scores alone: the
  calibrated measures are then the same for any increasing transform of the system.
  Both maps are increasing, so a system that ranks the pairs backwards is not rescued by
  its map, and every calibrated value is clipped to the gold scale.
- The map is fitted on a **calibration set** when one is given (held-out pairs scored by
  the system, e.g. STS-B dev for STS-B test), and otherwise by **k-fold cross-fitting** on
  the evaluated pairs: the pairs, sorted by score then gold (so that their order does not
  matter), are cut into k folds by ``default_rng(seed).permutation`` and each fold's pairs
  get the map fitted on the other folds, so no pair calibrates itself (a system of random
  noise gets the error of a constant predictor, not better).
- ``auto`` (the default) calibrates the systems that are off the gold scale,
  isotonically (see :data:`AUTO_KIND`), and leaves the others as they are; ``none``
  calibrates nothing (a declared ``system_scale`` is then mapped linearly, as before
  calibration existed, and reports say the measures are uncalibrated).

The papers are silent on this: Atoum & Ayyagari (2019, Tables 5–7) min–max normalise both
sides; Reimers, Beyer & Gurevych (2016) evaluate regressors already on 0–5.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..calibration import AUTO_KIND, CALIBRATIONS, Calibration
from ._scales import map_linear

__all__ = [
    "AUTO_KIND",
    "CALIBRATIONS",
    "Calibration",
    "CalibrationFit",
    "calibrate",
    "fit_isotonic",
    "fit_linear",
    "isotonic_predict",
    "off_scale_reason",
]

#: A system whose scores cover less than this share of the gold scale is off the scale: a
#: cosine or a lexical overlap in [0, 1] covers at most a fifth of STS's 0–5 and a quarter
#: of SICK's 1–5, while a regressor trained on the gold scale spreads far wider.
NARROW = 1 / 3


@dataclass(frozen=True)
class CalibrationFit:
    """What was done to one system's scores before the measures of a gold value.

    Attributes
    ----------
    kind : {"linear", "isotonic", "none", "minmax"}
        The map (``minmax``: the system's observed range onto the gold's, under
        ``normalize="minmax"``).
    source : str
        Where it was fitted: ``cv5,seed0`` (cross-fitted), ``on:LABEL`` (a calibration
        set), ``declared range`` (the linear map from ``system_scale``), ``observed
        ranges`` (``minmax``).
    reason : str or None
        Why the system was calibrated (:func:`off_scale_reason`).
    parameters : Mapping[str, Any]
        The linear fits' intercepts and slopes, or the isotonic fits' numbers of steps,
        one per fold.

    Examples
    --------
    >>> fit = CalibrationFit("linear", "cv2,seed0", "its scores are declared on -1–1",
    ...                      {"intercept": [2.5, 2.4], "slope": [2.5, 2.6]})
    >>> fit.as_dict()["parameters"]["slope"]
    [2.5, 2.6]
    """

    kind: str
    source: str
    reason: str | None
    parameters: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "source": self.source, "reason": self.reason,
                "parameters": dict(self.parameters)}  # fmt: skip


def off_scale_reason(
    scores: NDArray[np.float64],
    scale: tuple[float, float] | None,
    system_scale: tuple[float, float] | None = None,
    extremes: tuple[float, float] | None = None,
    *,
    declared: bool = True,
) -> str | None:
    """Why a system is off the gold scale, or None: a declared ``system_scale``, or scores
    (not all equal: a constant system stays as it is, and its scaled error is +inf as
    Atoum & Ayyagari 2019 say) outside a declared gold scale (``declared``: the scale was
    declared, not taken from the gold scores' observed range, which a system may well
    overstep) or within less than a third of it (cosines and overlaps in [0, 1] against
    STS's 0–5).
    Parameters
    ----------
    scores : numpy.ndarray
        The system's scores.
    scale : (float, float) or None
        The gold scale.
    system_scale : (float, float), optional
        The system's declared range.
    extremes : (float, float), optional
        The smallest and largest score, when known.
    declared : bool, default True
        Whether ``scale`` was declared.

    Returns
    -------
    str or None

    Examples
    --------
    >>> off_scale_reason(np.array([0.61, 0.64, 0.7]), (0.0, 5.0))
    'its scores (0.61–0.7) cover less than a third of the gold scale 0–5'
    """
    if system_scale is not None:
        return f"its scores are declared on {system_scale[0]:g}–{system_scale[1]:g}"
    if scale is None or scores.size < 2:
        return None
    lo, hi = scale
    s_lo, s_hi = extremes if extremes is not None else (float(scores.min()), float(scores.max()))
    if s_lo == s_hi:  # a constant system has no spread to calibrate: it stays as it is
        return None
    outside = declared and (s_lo < lo or s_hi > hi)
    narrow = (s_hi / 2 - s_lo / 2) < NARROW * (hi / 2 - lo / 2)  # halves: no overflow at ±1e308
    if not (outside or narrow):
        return None
    why = "lie outside" if outside else "cover less than a third of"
    return f"its scores ({s_lo:g}–{s_hi:g}) {why} the gold scale {lo:g}–{hi:g}"


def fit_linear(s: NDArray[np.float64], g: NDArray[np.float64]) -> tuple[float, float]:
    """Least squares ``g ≈ a + b·s`` with ``b ≥ 0`` (a constant or backward system gets
    ``b = 0``: every score maps to the mean gold):
    ``b = Σ(s − s̄)(g − ḡ) / Σ(s − s̄)²``, ``a = ḡ − b·s̄``.

    Parameters
    ----------
    s, g : numpy.ndarray
        The system and gold scores of the calibration pairs.

    Returns
    -------
    a, b : float
        The intercept and the slope.

    Examples
    --------
    >>> fit_linear(np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0, 5.0]))
    (1.0, 2.0)
    """
    sm, gm = float(s.mean()), float(g.mean())
    sc = s - sm
    sxx = float(np.dot(sc, sc))
    b = float(np.dot(sc, g - gm)) / sxx if sxx > 0 else 0.0
    b = max(b, 0.0)
    return gm - b * sm, b


def fit_isotonic(
    s: NDArray[np.float64], g: NDArray[np.float64]
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """The increasing least-squares fit of ``g`` on ``s`` (pool-adjacent-violators): the
    distinct scores ``x`` (ties pooled, weighted by their pairs) and the fitted value at
    each, as scikit-learn's ``IsotonicRegression`` fits them; :func:`isotonic_predict`
    applies them.

    Parameters
    ----------
    s, g : numpy.ndarray
        The system and gold scores of the calibration pairs.

    Returns
    -------
    x : numpy.ndarray
        The distinct scores, ascending.
    y : numpy.ndarray
        The fitted (non-decreasing) value at each.

    Examples
    --------
    The violation 3 > 2 is pooled into their mean 2.5 (scikit-learn's
    ``IsotonicRegression().fit_transform`` gives the same):

    >>> x, y = fit_isotonic(np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 3.0, 2.0, 4.0]))
    >>> x.tolist(), y.tolist()
    ([1.0, 2.0, 3.0, 4.0], [1.0, 2.5, 2.5, 4.0])
    """
    from scipy.optimize import isotonic_regression

    x, inverse, counts = np.unique(s, return_inverse=True, return_counts=True)
    means = np.bincount(inverse, weights=g) / counts
    fitted = isotonic_regression(means, weights=counts.astype(np.float64), increasing=True).x
    return x, np.asarray(fitted, dtype=np.float64)


Map = Callable[[NDArray[np.float64]], NDArray[np.float64]]


def isotonic_predict(
    scores: NDArray[np.float64], x: NDArray[np.float64], y: NDArray[np.float64]
) -> NDArray[np.float64]:
    """The isotonic map at ``scores``: the fitted value of a fitted score, the mean of the
    two neighbours' fitted values between two of them (an order-only rule: the result is
    the same for any increasing transform of the scores), the end values beyond them.

    Parameters
    ----------
    scores : numpy.ndarray
        The scores to map.
    x, y : numpy.ndarray
        The fit of :func:`fit_isotonic`.

    Returns
    -------
    numpy.ndarray

    Examples
    --------
    >>> isotonic_predict(np.array([0.0, 1.0, 1.5, 9.0]), np.array([1.0, 2.0]),
    ...                  np.array([10.0, 20.0])).tolist()
    [10.0, 10.0, 15.0, 20.0]
    """
    right = np.searchsorted(x, scores, side="left").clip(0, x.size - 1)
    left = np.searchsorted(x, scores, side="right").clip(1, x.size) - 1
    return np.asarray(y[left] / 2.0 + y[right] / 2.0, dtype=np.float64)  # no overflow at 1e308


def _fit(kind: str, s: NDArray[np.float64], g: NDArray[np.float64]) -> tuple[Map, dict[str, Any]]:
    """The map fitted on (s, g) and what describes it."""
    if kind == "linear":
        a, b = fit_linear(s, g)
        return (lambda v: a + b * v), {"intercept": a, "slope": b}
    x, y = fit_isotonic(s, g)
    steps = int(np.count_nonzero(np.diff(y)) + 1)
    return (lambda v: isotonic_predict(v, x, y)), {"steps": steps}


def calibrate(
    scores: ArrayLike,
    gold: ArrayLike,
    *,
    scale: tuple[float, float] | None,
    system_scale: tuple[float, float] | None = None,
    calibration: Calibration | str | None = None,
    extremes: tuple[float, float] | None = None,
    declared: bool = True,
) -> tuple[NDArray[np.float64], CalibrationFit | None]:
    """A system's scores as the measures of a gold value read them, and what was done:
    ``auto`` calibrates a system off the gold scale (isotonic) and leaves the others as
    they are; ``isotonic`` and ``linear``, asked for, calibrate every system (on a known
    gold scale); ``none`` maps a declared range linearly.

    Parameters
    ----------
    scores, gold : array_like
        The system's scores and the gold scores of the same pairs (no NaN).
    scale : (float, float) or None
        The gold scale (calibrated values are clipped to it).
    system_scale : (float, float), optional
        The system's declared range: the system is off the scale by declaration; without
        calibration (``"none"``) its scores are mapped linearly from it.
    calibration : Calibration or str, optional
        The kind and source of the map (default ``auto``).
    extremes : (float, float), optional
        The smallest and largest score, when known.
    declared : bool, default True
        Whether ``scale`` was declared (see :func:`off_scale_reason`).

    Returns
    -------
    (ndarray, CalibrationFit or None)
        The scores on the gold scale, and the fit (None when the system was left as it
        is: on the gold scale under ``auto``, or ``none`` without a declared range).

    References
    ----------
    Ayer, M. et al. (1955). An empirical distribution function for sampling with
    incomplete information. Annals of Mathematical Statistics 26(4).

    Examples
    --------
    >>> gold = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0])
    >>> cosine = np.array([0.60, 0.61, 0.62, 0.63, 0.64, 0.65])  # off the 0–5 scale
    >>> values, fit = calibrate(cosine, gold, scale=(0.0, 5.0), calibration="linear")
    >>> np.round(values, 6).tolist(), fit.kind, fit.source
    ([0.0, 1.0, 2.0, 3.0, 4.0, 5.0], 'linear', 'cv5,seed0')
    """
    s = np.asarray(scores, dtype=np.float64)
    g = np.asarray(gold, dtype=np.float64)
    cal = Calibration.of(calibration)
    reason = off_scale_reason(s, scale, system_scale, extremes, declared=declared)
    if reason is None:
        if cal.kind in ("auto", "none") or scale is None:
            return s, None
        reason = f"{cal.kind} calibration asked for every system"
    if cal.kind == "none":
        if system_scale is None or scale is None:
            return s, None
        return map_linear(s, system_scale, scale), CalibrationFit("none", "declared range", reason)
    kind = AUTO_KIND if cal.kind == "auto" else cal.kind
    out = np.empty_like(s)
    if cal.on:
        g_cal, s_cal = cal.on["*"]
        predict, params = _fit(kind, s_cal, g_cal)
        out[:] = predict(s)
        fit = CalibrationFit(kind, f"on:{cal.label or 'given set'}", reason, params)
    else:
        n = s.size
        k = min(cal.folds, n)
        if k < 2:  # one pair: nothing to fit on without it
            return s, CalibrationFit(kind, "none: fewer than 2 pairs", reason)
        # folds over the pairs in a canonical order (by score, then gold), so that the
        # calibrated values do not depend on the order in which the pairs are given
        canonical = np.lexsort((g, s))
        order = canonical[np.random.default_rng(cal.seed).permutation(n)]
        folds = np.array_split(order, k)
        per_fold: dict[str, list[Any]] = {}
        for fold in folds:
            train = np.ones(n, dtype=bool)
            train[fold] = False
            predict, params = _fit(kind, s[train], g[train])
            out[fold] = predict(s[fold])
            for key, value in params.items():
                per_fold.setdefault(key, []).append(value)
        fit = CalibrationFit(kind, f"cv{k},seed{cal.seed}", reason, per_fold)
    if scale is not None:
        np.clip(out, scale[0], scale[1], out=out)
    return out, fit
