"""Pearson, Spearman, Kendall τ-b, their confidence intervals and Fisher-z means.

Expected values come from scipy.stats (``pearsonr``, ``spearmanr``,
``kendalltau(method="asymptotic")``), from Anscombe (1973), from the interval formulas of
Fisher (R ``cor.test``), Bonett & Wright (2000) and Fieller, Hartley & Pearson (1957)
written out by hand, and from the worked example of Bonett's R package statpsych.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.datasets.demo import ANSCOMBE

# qnorm(0.975) in R; scipy.stats.norm.ppf(0.975).
Z975 = 1.959963984540054

METHODS = {
    "pearson": (se.pearson, stats.pearsonr),
    "spearman": (se.spearman, stats.spearmanr),
    "kendall": (se.kendall, lambda x, y: stats.kendalltau(x, y, method="asymptotic")),
}


def _scipy(method: str, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConstantInputWarning on constant input
        res = METHODS[method][1](x, y)
    return float(res.statistic), float(res.pvalue)


# -- Anscombe ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["I", "II", "III", "IV"])
def test_anscombe_quartet_pearson_is_0816(name: str) -> None:
    # Anscombe (1973), The American Statistician 27(1), p. 19: r = 0.816 for all four sets
    # (0.81642, 0.81624, 0.81629, 0.81652: 0.816 to three decimals, truncated).
    x, y = ANSCOMBE[name]
    assert se.pearson(x, y).statistic == pytest.approx(0.8165, abs=5e-4)
    assert math.floor(se.pearson(x, y).statistic * 1000) / 1000 == 0.816


# -- agreement with scipy on tied data --------------------------------------------------------
def _tied_sample(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Scores 0, 0.5, …, 5 (11 values): many ties at every n."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, 11, n) / 2.0, rng.integers(0, 11, n) / 2.0


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize("n", [3, 4, 10, 1000])
@pytest.mark.parametrize("seed", range(6))
def test_matches_scipy_on_tied_data(method: str, n: int, seed: int) -> None:
    x, y = _tied_sample(n, seed)
    if n > 3:  # add a correlated component so that not every r is near 0
        y = np.round(0.6 * x + 0.4 * y, 1)
    expected_r, expected_p = _scipy(method, x, y)
    res = METHODS[method][0](x, y)
    assert res.n == n
    if math.isnan(expected_r):  # a constant vector: scipy says NaN too
        assert math.isnan(res.statistic) and math.isnan(res.pvalue)
        assert res.reason
        return
    assert res.statistic == pytest.approx(expected_r, abs=1e-12)
    assert res.reason is None
    if method != "kendall" and abs(expected_r) > 1 - 1e-9:
        # At |r| → 1 the t-test p-value is ill-conditioned (n = 3: p ≈ (4/π)·sqrt((1−|r|)/2)):
        # one ulp in r moves it from 0 to 1e-8. Both must say "essentially 0".
        assert res.pvalue < 1e-6 and expected_p < 1e-6
    else:
        assert res.pvalue == pytest.approx(expected_p, rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_matches_scipy_with_heavy_ties_at_large_n(method: str) -> None:
    # Three distinct values on each side at n = 1000: tie corrections dominate.
    rng = np.random.default_rng(42)
    x = rng.integers(0, 3, 1000).astype(float)
    y = np.where(rng.random(1000) < 0.7, x, rng.integers(0, 3, 1000)).astype(float)
    expected_r, expected_p = _scipy(method, x, y)
    res = METHODS[method][0](x, y)
    assert res.statistic == pytest.approx(expected_r, abs=1e-12)
    assert res.pvalue == pytest.approx(expected_p, rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_perfect_agreement_is_one(method: str) -> None:
    # A positive linear relation has r = 1, and then every rank correlation is 1 too.
    x = np.array([0.0, 1.0, 2.5, 3.0, 4.5])
    res = METHODS[method][0](x, 2 * x + 1)
    assert res.statistic == pytest.approx(1.0, abs=1e-12)
    assert res.statistic <= 1.0


# -- Fisher-z confidence intervals ------------------------------------------------------------
def _r_cor_test_ci(r: float, n: int, z: float = Z975) -> tuple[float, float]:
    # R cor.test: tanh(atanh(r) ± qnorm(0.975)/sqrt(n − 3)), written out.
    half = z / math.sqrt(n - 3)
    return math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half)


@pytest.mark.parametrize("name", ["I", "II", "III", "IV"])
def test_pearson_ci_matches_r_cor_test_formula_and_scipy(name: str) -> None:
    x, y = ANSCOMBE[name]
    res = se.pearson(x, y)
    ci = res.confidence_interval()
    low, high = _r_cor_test_ci(res.statistic, 11)
    assert (ci.low, ci.high) == pytest.approx((low, high), abs=1e-12)
    assert ci.confidence_level == 0.95
    sci = stats.pearsonr(x, y).confidence_interval(confidence_level=0.95)
    assert (ci.low, ci.high) == pytest.approx((sci.low, sci.high), abs=1e-12)


def test_ci_other_level_matches_scipy() -> None:
    x, y = ANSCOMBE["I"]
    ci = se.pearson(x, y).confidence_interval(confidence_level=0.90)
    sci = stats.pearsonr(x, y).confidence_interval(confidence_level=0.90)
    # qnorm(0.95) = 1.6448536269514722
    low, high = _r_cor_test_ci(se.pearson(x, y).statistic, 11, z=1.6448536269514722)
    assert (ci.low, ci.high) == pytest.approx((low, high), abs=1e-12)
    assert (ci.low, ci.high) == pytest.approx((sci.low, sci.high), abs=1e-12)


def test_fisher_interval_hand_value() -> None:
    # r = 0.5, n = 30: tanh(0.5493061443340549 ± 1.959963984540054/sqrt(27))
    low, high = se.fisher_interval(0.5, 30)
    assert (low, high) == pytest.approx(_r_cor_test_ci(0.5, 30), abs=1e-12)
    # by hand: 1.959963984540054/sqrt(27) = 0.3771877; tanh(0.1721184) = 0.170431,
    # tanh(0.9264938) = 0.728959
    assert low == pytest.approx(0.170431, abs=1e-6) and high == pytest.approx(0.728959, abs=1e-6)


def _z_interval(r: float, se_z: float, level: float = 0.95) -> tuple[float, float]:
    # tanh(atanh(r) ± z_{1−α/2}·SE), z from scipy.stats.norm, written independently.
    half = stats.norm.ppf(0.5 + level / 2) * se_z
    return math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half)


@pytest.mark.parametrize("level", [0.90, 0.95, 0.99])
def test_spearman_ci_is_bonett_wright(level: float) -> None:
    # Bonett & Wright (2000): SE(atanh ρ) = sqrt((1 + ρ²/2)/(n − 3))
    x, y = ANSCOMBE["III"]
    res = se.spearman(x, y)
    ci = res.confidence_interval(level)
    r = res.statistic
    assert (ci.low, ci.high) == pytest.approx(
        _z_interval(r, math.sqrt((1 + r * r / 2) / (11 - 3)), level), abs=1e-12
    )
    assert ci.method == "bonett-wright" and ci.confidence_level == level


def test_spearman_ci_matches_statpsych_worked_example() -> None:
    # statpsych (Bonett's R package), ?ci.spear example: ci.spear(.05, y, x) gives
    # Estimate 0.8699639, SE 0.08241326, LL 0.5840951, UL 0.9638297.
    y = [21, 4, 9, 12, 35, 18, 10, 22, 24, 1, 6, 8, 13, 16, 19]
    x = [67, 28, 30, 28, 52, 40, 25, 37, 44, 10, 14, 20, 28, 40, 51]
    res = se.spearman(x, y)
    ci = res.confidence_interval()
    assert res.statistic == pytest.approx(0.8699639, abs=1e-7)
    assert (ci.low, ci.high) == pytest.approx((0.5840951, 0.9638297), abs=1e-7)


@pytest.mark.parametrize("level", [0.90, 0.95])
def test_kendall_ci_is_fieller_hartley_pearson(level: float) -> None:
    # Fieller, Hartley & Pearson (1957): SE(atanh τ) = sqrt(0.437/(n − 4))
    x, y = ANSCOMBE["III"]
    res = se.kendall(x, y)
    ci = res.confidence_interval(confidence_level=level)
    expected = _z_interval(res.statistic, math.sqrt(0.437 / (11 - 4)), level)
    assert (ci.low, ci.high) == pytest.approx(expected, abs=1e-12)
    assert ci.method == "fieller"


def test_correlation_interval_hand_values() -> None:
    # r = 0.5, n = 30, 95 %: atanh(0.5) = 0.5493061443340549, z = 1.959963984540054.
    # Fieller: SE = sqrt(0.437/26) = 0.1296445; half = 0.2540985;
    #   tanh(0.2952076) = 0.286921, tanh(0.8034047) = 0.665936.
    low, high = se.intervals.correlation_interval(0.5, 30, method="fieller")
    assert (low, high) == pytest.approx((0.286921, 0.665936), abs=1e-6)
    # Bonett–Wright: SE = sqrt(1.125/27) = 0.2041241; half = 0.4000760;
    #   tanh(0.1492302) = 0.148132, tanh(0.9493821) = 0.739503.
    low, high = se.intervals.correlation_interval(0.5, 30, method="bonett-wright")
    assert (low, high) == pytest.approx((0.148132, 0.739503), abs=1e-6)


def test_any_correlation_can_ask_for_another_interval() -> None:
    x, y = ANSCOMBE["III"]
    res = se.kendall(x, y)
    ci = res.confidence_interval(method="fisher")
    assert (ci.low, ci.high) == pytest.approx(_r_cor_test_ci(res.statistic, 11), abs=1e-12)
    assert ci.method == "fisher"
    assert se.pearson(x, y).confidence_interval().method == "fisher"
    with pytest.raises(se.InputError, match=r"^`method` must be one of 'fisher', 'bonett-wright'"):
        res.confidence_interval(method="wilson")


def test_interval_minimum_sizes() -> None:
    ci = se.intervals.correlation_interval
    assert all(math.isnan(v) for v in ci(0.5, 4, method="fieller"))  # needs n − 4 > 0
    assert all(not math.isnan(v) for v in ci(0.5, 5, method="fieller"))
    assert all(math.isnan(v) for v in ci(0.5, 3, method="bonett-wright"))
    assert ci(1.0, 10, method="bonett-wright") == (1.0, 1.0)
    with pytest.raises(se.InputError, match=r"`r` must be a correlation in \[-1, 1\]; got 1.5"):
        ci(1.5, 10)
    with pytest.raises(TypeError, match=r"`r` must be a real number, got str '0\.5'"):
        ci("0.5", 10)  # type: ignore[arg-type]


def test_fisher_interval_undefined_cases() -> None:
    # n − 3 ≤ 0: no interval; NaN r: no interval.
    assert all(math.isnan(v) for v in se.fisher_interval(0.5, 3))
    assert all(math.isnan(v) for v in se.fisher_interval(math.nan, 30))
    with pytest.raises(se.InputError):
        se.fisher_interval(0.5, 30, 1.5)


# -- undefined cases and NaN handling -----------------------------------------------------------
@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize(
    ("x", "y"),
    [
        ([1.0, 2.0], [2.0, 1.0]),  # n < 3
        ([], []),  # n = 0
        ([2.0, 2.0, 2.0, 2.0], [1.0, 2.0, 3.0, 4.0]),  # constant gold
        ([1.0, 2.0, 3.0, 4.0], [0.5, 0.5, 0.5, 0.5]),  # constant system
    ],
)
def test_undefined_gives_nan_with_reason(method: str, x: list, y: list) -> None:
    res = METHODS[method][0](x, y)
    assert math.isnan(res.statistic)
    assert math.isnan(res.pvalue)
    assert isinstance(res.reason, str) and res.reason
    ci = res.confidence_interval()
    assert math.isnan(ci.low) and math.isnan(ci.high)


@pytest.mark.parametrize("method", sorted(METHODS))
def test_nan_input_raises_by_default(method: str) -> None:
    with pytest.raises(se.InputError, match="NaN"):
        METHODS[method][0]([1.0, 2.0, math.nan, 4.0], [1.0, 3.0, 2.0, 4.0])


@pytest.mark.parametrize("method", sorted(METHODS))
def test_nan_policy_omit_drops_pairs(method: str) -> None:
    x = np.array([1.0, 2.0, math.nan, 4.0, 5.0, 6.0, 2.5])
    y = np.array([1.0, 3.0, 2.0, math.nan, 4.0, 6.5, 2.0])
    keep = ~(np.isnan(x) | np.isnan(y))
    res = METHODS[method][0](x, y, nan_policy="omit")
    expected_r, expected_p = _scipy(method, x[keep], y[keep])
    assert res.n == 5
    assert res.statistic == pytest.approx(expected_r, abs=1e-12)
    assert res.pvalue == pytest.approx(expected_p, rel=1e-9)


@pytest.mark.parametrize("method", sorted(METHODS))
@pytest.mark.parametrize(
    ("x", "y"),
    [
        ([1.0, 2.0, 3.0], [1.0, 2.0]),  # length mismatch
        ([1.0, math.inf, 3.0], [1.0, 2.0, 3.0]),  # infinite
        ([[1.0, 2.0], [3.0, 4.0]], [[1.0, 2.0], [3.0, 4.0]]),  # 2-D
        (["a", "b", "c"], [1.0, 2.0, 3.0]),  # not numbers
    ],
)
def test_bad_input_raises_input_error(method: str, x: list, y: list) -> None:
    with pytest.raises(se.InputError):
        METHODS[method][0](x, y)


def test_bad_nan_policy_raises() -> None:
    with pytest.raises(se.InputError, match="nan_policy"):
        se.pearson([1, 2, 3], [1, 2, 3], nan_policy="ignore")  # type: ignore[arg-type]


# -- Fisher-z mean ------------------------------------------------------------------------------
def test_fisher_z_mean_hand_value() -> None:
    # Atoum 2019 eq. 4–5: tanh((atanh 0.5 + atanh 0.7)/2)
    # atanh(0.5) = 0.5493061443340549, atanh(0.7) = 0.8673005276940531
    expected = math.tanh((0.5493061443340549 + 0.8673005276940531) / 2)
    assert se.fisher_z_mean([0.5, 0.7]) == pytest.approx(expected, abs=1e-14)
    assert expected == pytest.approx(0.609612, abs=1e-6)  # tanh(0.7083033) by hand


def test_fisher_z_mean_weights() -> None:
    # Weighted by n − 3, e.g. n = 13 and n = 33: tanh((10·atanh 0.2 + 30·atanh 0.6)/40)
    expected = math.tanh((10 * math.atanh(0.2) + 30 * math.atanh(0.6)) / 40)
    assert se.fisher_z_mean([0.2, 0.6], weights=[10, 30]) == pytest.approx(expected, abs=1e-14)
    # Equal weights are the unweighted mean.
    assert se.fisher_z_mean([0.2, 0.6], weights=[1, 1]) == pytest.approx(
        se.fisher_z_mean([0.2, 0.6]), abs=1e-15
    )


def test_fisher_z_mean_clips_perfect_correlations() -> None:
    # |r| clipped to 1 − 1e-15 before atanh, so r = ±1 gives a finite value.
    value = se.fisher_z_mean([1.0, 0.5])
    expected = math.tanh((math.atanh(1 - 1e-15) + math.atanh(0.5)) / 2)
    assert math.isfinite(value)
    assert value == pytest.approx(expected, abs=1e-12)
    assert se.fisher_z_mean([1.0, 1.0]) == pytest.approx(1.0, abs=1e-12)
    assert se.fisher_z_mean([-1.0, 1.0]) == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize(
    ("rs", "weights"),
    [
        ([], None),
        ([0.5, math.nan], None),
        ([0.5, 1.2], None),
        ([0.5, 0.6], [1.0]),
        ([0.5, 0.6], [-1.0, 2.0]),
        ([0.5, 0.6], [0.0, 0.0]),
    ],
)
def test_fisher_z_mean_rejects_bad_input(rs: list, weights: list | None) -> None:
    with pytest.raises(se.InputError):
        se.fisher_z_mean(rs, weights=weights)


def test_result_is_frozen_and_serializable() -> None:
    res = se.pearson([1, 2], [2, 1])
    d = res.as_dict()
    assert d["statistic"] is None and d["n"] == 2 and d["reason"]
    with pytest.raises(AttributeError):
        res.statistic = 0.0  # type: ignore[misc]


@pytest.mark.parametrize("scale", [1e-170, 1e160])
def test_pearson_extreme_magnitudes_match_scipy(scale: float) -> None:
    # scipy.stats.pearsonr scales the centred vectors by their max |value| before the dot
    # products, so squares neither underflow to 0 nor overflow; never a crash.
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0]) * scale
    y = np.array([2.0, 1.0, 4.0, 3.0, 5.0])
    expected = stats.pearsonr(x, y)
    res = se.pearson(x, y)
    assert res.statistic == pytest.approx(expected.statistic, abs=1e-12)
    assert res.pvalue == pytest.approx(expected.pvalue, rel=1e-9)


# -- exact collinearity and extreme magnitudes ------------------------------------------------
def _exact_pearson(x: list[float], y: list[float]) -> float:
    # Reference written independently of simeval: exact rational arithmetic on the given
    # doubles (fractions.Fraction), r² rounded once to a double and its square root taken.
    fx = [Fraction(float(v)) for v in x]
    fy = [Fraction(float(v)) for v in y]
    mx, my = sum(fx) / len(fx), sum(fy) / len(fy)
    sxy = sum((a - mx) * (b - my) for a, b in zip(fx, fy))
    sxx = sum((a - mx) ** 2 for a in fx)
    syy = sum((b - my) ** 2 for b in fy)
    return math.copysign(math.sqrt(float(sxy * sxy / (sxx * syy))), 1 if sxy > 0 else -1)


def test_three_collinear_points_give_r_one_and_p_zero_as_r() -> None:
    # R: cor.test(c(1, 2, 3), c(2, 4, 6)) reports cor 1 and p-value < 2.2e-16 (p = 0);
    # scipy.stats.pearsonr gives 0.9999999999999998 and p = 1.3e-8, a rounding artefact.
    res = se.pearson([1, 2, 3], [2, 4, 6])
    assert res.statistic == 1.0 and res.pvalue == 0.0
    res = se.pearson([1, 2, 3], [6, 4, 2])
    assert res.statistic == -1.0 and res.pvalue == 0.0
    ci = se.pearson([1, 2, 3, 4], [2, 4, 6, 8]).confidence_interval()
    assert (ci.low, ci.high) == (1.0, 1.0)


@pytest.mark.parametrize(
    ("x", "y"),
    [
        ([0.1, 0.2, 0.3], [0.3, 0.6, 0.9]),
        (list(range(10)), [3 * v + 7 for v in range(10)]),
        ([2.5, -1.0, 7.25, 3.0], [-0.5 * v + 0.25 for v in [2.5, -1.0, 7.25, 3.0]]),
        ([v / 1000 for v in range(1000)], [2 * v / 1000 - 5 for v in range(1000)]),
        ([1e-3, 2e-3, 4e-3], [1e6 + 1, 1e6 + 2, 1e6 + 4]),
    ],
)
def test_collinear_inputs_give_exactly_plus_or_minus_one(x: list, y: list) -> None:
    expected = _exact_pearson(x, y)
    assert abs(expected) == 1.0  # the exact r of these doubles rounds to ±1
    assert se.pearson(x, y).statistic == expected
    assert float(se.metrics.correlation.pearson_rows(x, y)) == expected


def test_monotone_data_give_rank_correlations_of_exactly_one() -> None:
    # perfect agreement of the orders: ρ = τ = 1 by definition (any n, no ties)
    x = [0.3, 1.7, 2.2, 9.0, 11.5, 12.0, 40.0]
    y = [v**3 for v in x]
    assert se.spearman(x, y).statistic == 1.0
    assert se.kendall(x, y).statistic == 1.0
    assert se.spearman(x, y[::-1]).statistic == -1.0


EXTREME = [
    ([1e308, -1e308, 1e308, -1e308, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0]),
    ([1e308, 1e308, 0.0], [1.0, 2.0, 3.0]),  # the mean of x overflows
    ([1e308, 1.7e308, -1.7e308, 5.0], [1.0, 2.0, 3.0, 4.0]),
    ([1e-320, 2e-320, 3e-320], [1.0, 2.0, 3.5]),  # subnormal: the squares underflow
    ([1e-320, 5e-321, 1e-310, 0.0], [1.0, 2.0, 3.0, 4.0]),
    ([1e300, 1e-300, -1e300, 3.0], [1e-300, 2e-300, 5e-301, 7e-300]),  # mixed magnitudes
    ([-5e210, 5e210, 3e200, -3e200], [1.0, 2.0, 3.0, 4.0]),
    ([1e-170, 3e-170, 2e-170, 5e-170], [1e170, 2e170, 4e170, 3e170]),
]


@pytest.mark.parametrize(("x", "y"), EXTREME)
def test_pearson_is_exact_for_finite_values_of_any_magnitude(x: list, y: list) -> None:
    expected = _exact_pearson(x, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning, no UndefinedMetricWarning
        res = se.pearson(x, y)
        rows = float(se.metrics.correlation.pearson_rows(x, y))
        swapped = se.pearson(y, x).statistic
    assert res.statistic == pytest.approx(expected, rel=1e-14)
    assert rows == pytest.approx(expected, rel=1e-14)
    assert swapped == pytest.approx(expected, rel=1e-14)
    # p from the t distribution with n − 2 df (scipy.stats.t), written independently
    n = len(x)
    t = expected * math.sqrt((n - 2) / (1 - expected**2))
    assert res.pvalue == pytest.approx(2 * stats.t.sf(abs(t), n - 2), rel=1e-9)


def test_pearson_agrees_with_scipy_where_scipy_scales() -> None:
    # scipy's own overflow example (a comment in scipy's pearsonr): x = [-5e210, 5e210, ...]
    x, y = EXTREME[6]
    assert se.pearson(x, y).statistic == pytest.approx(stats.pearsonr(x, y).statistic, 1e-14)


def test_pearson_rows_rescales_only_the_extreme_rows() -> None:
    x = np.array([[1.0, 2.0, 3.0, 5.0], [1e308, -1e308, 1e308, 0.0], [1e-320, 2e-320, 0, 5e-321]])
    y = np.array([1.0, 2.0, 3.0, 4.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = se.metrics.correlation.pearson_rows(x, y)
    expected = [_exact_pearson(list(row), list(y)) for row in x]
    assert got == pytest.approx(expected, rel=1e-14)


@pytest.mark.parametrize("method", ["spearman", "kendall"])
def test_rank_correlations_ignore_magnitude(method: str) -> None:
    # ranks only: scaling by 1e300 or 1e-320 leaves ρ and τ as on the small integers
    x, y = [3.0, 1.0, 4.0, 1.5, 5.0, 9.0], [2.0, 7.0, 1.0, 8.0, 2.5, 8.5]
    base = _scipy(method, np.array(x), np.array(y))
    for factor in (1e300, 1e-320):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = METHODS[method][0]([v * factor for v in x], y)
        assert (res.statistic, res.pvalue) == pytest.approx(base, abs=1e-12)
