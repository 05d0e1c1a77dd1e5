"""Williams' t, Steiger's z and Zou's interval for dependent overlapping correlations.

R is not available here, so the psych::r.test and cocor values are computed by hand from
the formulas those packages implement (written out below, independently of simeval).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from simeval.errors import InputError
from simeval.stats.dependent import (
    steiger_z,
    steiger_z_from_r,
    williams_test,
    williams_test_from_r,
    zou_ci,
    zou_ci_from_r,
)


def test_williams_matches_psych_r_test_steiger_case_a():
    # psych::r.test(n = 103, r12 = .4, r13 = .5, r23 = .1) — the "Steiger Case A" example of
    # the psych documentation. By hand, psych's formula:
    #   det   = 1 - .4² - .5² - .1² + 2(.4)(.5)(.1) = 0.58 + 0.04 = 0.62
    #   rbar  = (.4 + .5)/2 = .45 ; (1 - r23)³ = .9³ = .729
    #   denom = 2(102/100)(0.62) + .45²(.729) = 1.2648 + 0.1476225 = 1.4124225
    #   t     = (.4 - .5) sqrt(102·1.1 / 1.4124225) = -0.1·sqrt(79.43797…) = -0.891279…
    #   p     = 2·pt(-|t|, df = 100)
    t = -0.1 * math.sqrt(102 * 1.1 / 1.4124225)
    res = williams_test_from_r(0.4, 0.5, 0.1, 103)
    assert res.statistic == pytest.approx(t, abs=1e-12)
    assert res.statistic == pytest.approx(-0.891279, abs=1e-6)
    assert res.df == 100
    assert res.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 100), rel=1e-12)
    assert res.pvalue == pytest.approx(0.3749, abs=1e-4)


def test_williams_matches_psych_on_sts_like_correlations():
    # psych::r.test(n = 250, r12 = .80, r13 = .75, r23 = .85), by hand:
    #   det = 1 - .64 - .5625 - .7225 + 2(.8)(.75)(.85) = -0.925 + 1.02 = 0.095
    #   denom = 2(249/247)(0.095) + .775²(.15³) = 0.191538… + 0.600625·0.003375
    n, r12, r13, r23 = 250, 0.80, 0.75, 0.85
    det = 1 - 0.64 - 0.5625 - 0.7225 + 2 * 0.8 * 0.75 * 0.85
    denom = 2 * (249 / 247) * det + 0.775**2 * 0.15**3
    t = 0.05 * math.sqrt(249 * 1.85 / denom)
    res = williams_test_from_r(r12, r13, r23, n)
    assert det == pytest.approx(0.095)
    assert res.statistic == pytest.approx(t, rel=1e-12)
    one_sided = williams_test_from_r(r12, r13, r23, n, alternative="greater")
    assert one_sided.pvalue == pytest.approx(res.pvalue / 2, rel=1e-12)


def test_steiger_z_by_hand():
    # Steiger (1980) eq. 14 with the pooled r (cocor "steiger1980"), n = 103, .4, .5, .1:
    #   rbar² = .2025 ; c = (.1(1 - .405) - .5(.2025)(1 - .405 - .01)) / (1 - .2025)²
    #     = (.0595 - .0592313) / .63600625 = 0.000422515…
    #   z = (atanh .4 - atanh .5)·sqrt(100) / sqrt(2 - 2c)
    c = (0.1 * (1 - 0.405) - 0.5 * 0.2025 * (1 - 0.405 - 0.01)) / (1 - 0.2025) ** 2
    z = (math.atanh(0.4) - math.atanh(0.5)) * 10 / math.sqrt(2 - 2 * c)
    res = steiger_z_from_r(0.4, 0.5, 0.1, 103)
    assert res.statistic == pytest.approx(z, rel=1e-12)
    assert res.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-12)


def test_zou_interval_by_hand():
    # Zou (2007, p. 409) as cocor "zou2007", n = 103, r12 = .4, r13 = .5, r23 = .1:
    #   Fisher 95% limits: tanh(atanh(r) ± 1.959964/sqrt(100))
    #   c = ((.1 - .5·.4·.5)(1 - .16 - .25 - .01) + .1³) / ((1 - .16)(1 - .25))
    #     = (0·0.58 + 0.001) / 0.63 = 0.0015873…
    h = stats.norm.ppf(0.975) / 10
    l1, u1 = math.tanh(math.atanh(0.4) - h), math.tanh(math.atanh(0.4) + h)
    l2, u2 = math.tanh(math.atanh(0.5) - h), math.tanh(math.atanh(0.5) + h)
    c = 0.001 / 0.63
    low = -0.1 - math.sqrt((0.4 - l1) ** 2 + (u2 - 0.5) ** 2 - 2 * c * (0.4 - l1) * (u2 - 0.5))
    high = -0.1 + math.sqrt((u1 - 0.4) ** 2 + (0.5 - l2) ** 2 - 2 * c * (u1 - 0.4) * (0.5 - l2))
    ci = zou_ci_from_r(0.4, 0.5, 0.1, 103)
    assert (ci.low, ci.high) == pytest.approx((low, high), abs=1e-12)
    assert ci.low < 0 < ci.high  # agrees with Williams' non-significant p = 0.37


def test_data_versions_use_the_three_correlations():
    rng = np.random.default_rng(0)
    gold = rng.normal(size=80)
    a = gold + rng.normal(scale=0.5, size=80)
    b = gold + rng.normal(scale=1.0, size=80)
    r12, r13, r23 = (stats.pearsonr(x, y)[0] for x, y in ((gold, a), (gold, b), (a, b)))
    assert williams_test(gold, a, b).statistic == pytest.approx(
        williams_test_from_r(r12, r13, r23, 80).statistic, rel=1e-12
    )
    assert steiger_z(gold, a, b).statistic == pytest.approx(
        steiger_z_from_r(r12, r13, r23, 80).statistic, rel=1e-12
    )
    assert zou_ci(gold, a, b).low == pytest.approx(zou_ci_from_r(r12, r13, r23, 80).low, rel=1e-12)
    rho = [stats.spearmanr(x, y)[0] for x, y in ((gold, a), (gold, b), (a, b))]
    assert williams_test(gold, a, b, correlation="spearman").r12 == pytest.approx(rho[0])


def test_validation():
    with pytest.raises(InputError, match="r12"):
        williams_test_from_r(1.2, 0.5, 0.1, 50)
    with pytest.raises(InputError, match="`n`"):
        williams_test_from_r(0.2, 0.5, 0.1, 3)
    with pytest.raises(InputError, match="alternative"):
        steiger_z_from_r(0.2, 0.5, 0.1, 30, alternative="bigger")
    with pytest.raises(InputError, match="undefined"):
        williams_test([1, 2, 3, 4], [1, 1, 1, 1], [1, 2, 4, 3])


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ((0.4, "0.5", 0.1, 103), TypeError, r"^`r13` must be a real number, got str '0\.5'$"),
        ((0.4, 0.5, math.nan, 103), ValueError, r"^`r23` must be a finite number, got nan$"),
        ((0.4, 1.5, 0.1, 103), ValueError, r"^`r13` must be a correlation in \[-1, 1\]; got 1\.5$"),
        ((0.4, 0.5, 0.1, 3), ValueError, r"`n` must be a whole number ≥ 4; got 3"),
        ((0.4, 0.5, 0.1, True), ValueError, r"`n` must be a whole number ≥ 4; got True"),
    ],
)
def test_from_r_arguments_are_checked(args: tuple, error: type, message: str) -> None:
    for fn in (williams_test_from_r, steiger_z_from_r, zou_ci_from_r):
        with pytest.raises(error, match=message):
            fn(*args)


def test_option_errors_name_the_option():
    with pytest.raises(ValueError, match=r"^`alternative` must be one of 'two-sided'"):
        williams_test_from_r(0.4, 0.5, 0.1, 103, alternative="both")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^`correlation` must be one of 'pearson', 'spearman'"):
        steiger_z([1, 2, 3, 4, 5], [1, 3, 2, 4, 5], [2, 1, 3, 5, 4], correlation="kendall")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^`confidence_level` must be a real number, got str"):
        zou_ci_from_r(0.4, 0.5, 0.1, 103, confidence_level="0.9")  # type: ignore[arg-type]


def test_collinear_systems_make_williams_and_steiger_undefined():
    # b = 3·a + 1: r23 = 1 exactly and r12 = r13, the correlation matrix is singular and
    # both statistics are 0/0 (Williams: |R| = 0 and 1 − r23 = 0; Steiger: c = 1).
    gold = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    a = [1.2, 1.9, 3.5, 3.7, 5.4, 5.8]
    b = [3 * v + 1 for v in a]
    for fn in (williams_test, steiger_z):
        res = fn(gold, a, b)
        assert res.r23 == 1.0
        assert math.isnan(res.statistic) and math.isnan(res.pvalue)


def test_scores_of_extreme_magnitude_give_the_unscaled_statistics():
    # r is scale-invariant, so Williams' t on (gold, a·1e300, b·1e-300) equals the t on
    # the unscaled scores, with no overflow warnings.
    import warnings

    gold = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
    a = [1.1, 2.5, 2.9, 4.4, 4.6, 6.3, 6.8]
    b = [2.0, 1.0, 3.5, 3.0, 6.0, 5.0, 7.5]
    base = williams_test(gold, a, b)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = williams_test(gold, [v * 1e300 for v in a], [v * 1e-300 for v in b])
    assert res.statistic == pytest.approx(base.statistic, rel=1e-12)


@pytest.mark.parametrize(("r12", "r13", "r23"), [(0.5, 0.4, -0.99), (0.9, 0.1, 0.9)])
def test_correlations_no_three_variables_can_have_are_refused(r12, r13, r23) -> None:
    # By hand, det = 1 − r12² − r13² − r23² + 2·r12·r13·r23: −0.60 and −0.476, so no three
    # variables have them; Steiger's z and Zou's interval were computed, Williams gave NaN
    for test in (williams_test_from_r, steiger_z_from_r, zou_ci_from_r):
        with pytest.raises(InputError, match="cannot be the correlations of three variables"):
            test(r12, r13, r23, 30)


def test_an_undefined_test_says_why() -> None:
    # r23 = 1: the systems are linear in each other, the statistic is 0/0
    w = williams_test_from_r(0.5, 0.5, 1.0, 30)
    assert math.isnan(w.statistic) and "linear in each other" in w.reason
    st = steiger_z_from_r(1.0, 0.5, 0.5, 30)
    assert math.isnan(st.statistic) and "correlates perfectly" in st.reason
    assert williams_test_from_r(0.4, 0.5, 0.1, 103).reason is None
