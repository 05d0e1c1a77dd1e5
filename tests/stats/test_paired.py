"""Paired bootstrap and approximate randomization tests."""

from __future__ import annotations

import numpy as np
import pytest

from simeval.errors import InputError
from simeval.stats.bootstrap import bootstrap_distribution
from simeval.stats.paired import (
    paired_bootstrap_from_distribution,
    paired_bootstrap_test,
    paired_permutation_test,
    pairwise_bootstrap_pvalues,
)


def _systems(n=60, seed=1):
    rng = np.random.default_rng(seed)
    gold = rng.uniform(0, 5, n)
    good = gold + rng.normal(0, 0.3, n)
    bad = gold + rng.normal(0, 2.5, n)
    return gold, good, bad


@pytest.mark.parametrize("metric", ["pearson", "spearman", "nmsse", "f1_high"])
@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_permutation_pvalue_bounds(metric, alternative):
    # Monte Carlo p-values (count + 1)/(R + 1) lie in [1/(R+1), 1] (Davison & Hinkley 1997)
    gold, good, bad = _systems()
    R = 99
    res = paired_permutation_test(
        gold, good, bad, metric, n_resamples=R, seed=0, alternative=alternative
    )
    assert 1 / (R + 1) <= res.pvalue <= 1
    assert (res.pvalue * (R + 1)) == pytest.approx(round(res.pvalue * (R + 1)))


def test_permutation_extremes():
    gold, good, bad = _systems()
    R = 199
    better = paired_permutation_test(gold, good, bad, n_resamples=R, seed=0, alternative="greater")
    assert better.pvalue == 1 / (R + 1)  # no shuffle beats the real, large difference
    worse = paired_permutation_test(gold, bad, good, n_resamples=R, seed=0, alternative="greater")
    assert worse.pvalue == 1.0
    same = paired_permutation_test(gold, good, good, n_resamples=R, seed=0)
    assert same.pvalue == 1.0  # a system against itself: every shuffle ties


def test_error_measures_are_oriented_lower_is_better():
    gold, good, bad = _systems()
    res = paired_permutation_test(
        gold, good, bad, "nmsse", n_resamples=99, seed=0, alternative="greater"
    )
    assert res.difference < 0 and not res.higher_is_better
    assert res.pvalue == 1 / 100


def test_bootstrap_test_bounds_and_determinism():
    gold, good, bad = _systems()
    a = paired_bootstrap_test(
        gold, good, bad, "spearman", n_resamples=199, seed=0, alternative="greater"
    )
    b = paired_bootstrap_test(
        gold, good, bad, "spearman", n_resamples=199, seed=0, alternative="greater"
    )
    assert a == b
    assert a.pvalue == 1 / 200
    rev = paired_bootstrap_test(
        gold, bad, good, "spearman", n_resamples=199, seed=0, alternative="greater"
    )
    assert rev.pvalue == 1.0


def test_bootstrap_pvalue_is_the_shifted_count():
    # p = (#{d_b - mean(d) >= delta} + 1)/(B + 1), computed here from the distribution itself
    gold, good, _ = _systems(n=25, seed=4)
    close = good + np.random.default_rng(9).normal(0, 0.3, 25)
    dist = bootstrap_distribution(
        gold, {"a": good, "b": close}, ["pearson"], n_resamples=300, seed=5, jackknife_groups=0
    )
    d = dist.values("pearson", "a") - dist.values("pearson", "b")
    delta = dist.observed[0, 0] - dist.observed[0, 1]
    expected = (np.sum(d - d.mean() >= delta - 1e-12 * max(1, abs(delta))) + 1) / 301
    res = paired_bootstrap_from_distribution(dist, "pearson", "a", "b", alternative="greater")
    assert res.pvalue == pytest.approx(expected)
    p = pairwise_bootstrap_pvalues(dist, "pearson")
    assert p[0, 1] == pytest.approx(expected) and np.isnan(p[0, 0])


def test_validation():
    gold, good, bad = _systems()
    with pytest.raises(InputError, match="alternative"):
        paired_permutation_test(gold, good, bad, alternative="bigger")
    with pytest.raises(InputError, match="higher_is_better"):
        paired_permutation_test(gold, good, bad, lambda g, s: 0.0, n_resamples=5)


def test_permutation_tests_for_several_metrics_equal_separate_runs() -> None:
    """paired_permutation_tests scores all metrics on the same trials; with the same seed
    each p-value is the one a separate paired_permutation_test run gives."""
    from simeval.stats.paired import paired_permutation_test, paired_permutation_tests

    rng = np.random.default_rng(4)
    gold = rng.uniform(0, 5, 80)
    a = gold + rng.normal(0, 0.8, 80)
    b = gold + rng.normal(0, 1.2, 80)
    metrics = ["pearson", "spearman", "nmsse", "f1_high"]
    together = paired_permutation_tests(gold, a, b, metrics, n_resamples=199, seed=0)
    for metric, res in zip(metrics, together, strict=True):
        alone = paired_permutation_test(gold, a, b, metric, n_resamples=199, seed=0)
        assert res.metric == alone.metric
        assert res.pvalue == alone.pvalue
