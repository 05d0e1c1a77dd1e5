"""Bootstrap over pairs: reproducibility, agreement with scipy on the same resamples."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from simeval.errors import InputError
from simeval.stats.bootstrap import (
    BATCHED_METRICS,
    bootstrap_ci,
    bootstrap_distribution,
    higher_is_better,
    resample_indices,
    resample_weights,
)


def _data(n: int = 120, seed: int = 7):
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5  # STS-like gold with many ties
    systems = {
        "tied": np.round(gold + rng.normal(0, 1.0, n), 1),  # ties in the system too
        "continuous": gold + rng.normal(0, 1.5, n),
        "clipped": np.clip(gold + rng.normal(0, 1.2, n), 0, 5),  # big tie groups at 0 and 5
    }
    return gold, systems


def _reference(g: np.ndarray, s: np.ndarray) -> dict[str, float]:
    """The metrics written out from their definitions (Pearson, Spearman; Atoum &
    Ayyagari 2019, eq. 2–5; Reimers et al. 2016, §2), via scipy.stats."""
    ae = np.abs(s - g)
    dev = np.abs(s - s.mean()).mean()
    mase = ae.mean() / dev
    msse = ((ae / dev) ** 2).mean()

    def f1(t, p):
        den = t.sum() + p.sum()
        return 2 * (t & p).sum() / den if den else math.nan

    return {
        "pearson": stats.pearsonr(g, s).statistic,
        "spearman": stats.spearmanr(g, s).statistic,
        "mae": ae.mean(),
        "mase": mase,
        "msse": msse,
        "nmsse": 1 - math.exp(-msse),
        "nmase": 1 - math.exp(-mase),
        "accuracy_low": np.mean((g < 1.5) == (s < 1.5)),
        "accuracy_high": np.mean((g > 3.5) == (s > 3.5)),
        "f1_low": f1(g < 1.5, s < 1.5),
        "f1_high": f1(g > 3.5, s > 3.5),
    }


def test_batched_metrics_equal_a_scipy_loop_on_the_same_resamples():
    # the measures written out in _reference; every batched measure of the registry is
    # also held equal to its own kernel in tests/metrics/test_one_definition.py
    gold, systems = _data()
    B = 40
    names = [m for m in BATCHED_METRICS if m in _reference(gold, gold)]
    assert len(names) == 11
    dist = bootstrap_distribution(gold, systems, names, n_resamples=B, seed=3)
    idx = np.vstack(list(resample_indices(gold.size, B, np.random.default_rng(3))))
    for k, s in enumerate(systems.values()):
        for b in range(B):
            ref = _reference(gold[idx[b]], s[idx[b]])
            for m, name in enumerate(dist.metrics):
                assert dist.resamples[m, k, b] == pytest.approx(ref[name], abs=1e-12), name


def test_jackknife_leave_one_out_equals_deleting_each_pair():
    gold, systems = _data(n=25)
    dist = bootstrap_distribution(
        gold,
        systems,
        ["pearson", "spearman", "nmsse"],
        n_resamples=2,
        seed=0,
        jackknife_groups=None,
    )
    for k, s in enumerate(systems.values()):
        for m, name in enumerate(dist.metrics):
            loo = [_reference(np.delete(gold, i), np.delete(s, i))[name] for i in range(25)]
            got = np.sort(dist.jackknife[m, k])
            np.testing.assert_allclose(got, np.sort(loo), atol=1e-12)


def test_same_seed_same_numbers_including_seed_zero():
    gold, systems = _data()
    a = bootstrap_distribution(gold, systems, n_resamples=30, seed=0)
    b = bootstrap_distribution(gold, systems, n_resamples=30, seed=0)
    np.testing.assert_array_equal(a.resamples, b.resamples)
    np.testing.assert_array_equal(a.jackknife, b.jackknife)
    assert a.seed == 0
    # seed 0 is a seed, not "no seed": the resamples are numpy's default_rng(0) draws
    idx = np.random.default_rng(0).integers(0, gold.size, size=(30, gold.size))
    g, s = gold[idx[5]], systems["continuous"][idx[5]]
    assert a.values("pearson", "continuous")[5] == pytest.approx(stats.pearsonr(g, s)[0], 1e-12)
    c = bootstrap_distribution(gold, systems, n_resamples=30, seed=1)
    assert not np.array_equal(a.resamples, c.resamples)


def test_numbers_do_not_depend_on_chunk_size():
    gold, systems = _data()
    a = bootstrap_distribution(gold, systems, n_resamples=25, seed=11, chunk_size=1)
    b = bootstrap_distribution(gold, systems, n_resamples=25, seed=11, chunk_size=7)
    c = bootstrap_distribution(gold, systems, n_resamples=25, seed=11)
    np.testing.assert_allclose(a.resamples, c.resamples, rtol=0, atol=1e-13)
    np.testing.assert_allclose(b.resamples, c.resamples, rtol=0, atol=1e-13)


def _scipy_ci(gold, system, method):
    n = gold.size

    def r(i, axis=-1):
        return stats.pearsonr(gold[i], system[i], axis=-1)[0]

    return stats.bootstrap(
        (np.arange(n),), r, paired=True, vectorized=True, n_resamples=999, method=method, rng=0
    ).confidence_interval


def test_percentile_interval_equals_scipy_bootstrap_on_identical_resamples():
    gold, systems = _data(n=60)
    s = systems["continuous"]
    ref = _scipy_ci(gold, s, "percentile")
    ours = bootstrap_ci(gold, s, "pearson", n_resamples=999, seed=0, method="percentile")
    assert (ours.low, ours.high) == pytest.approx((ref.low, ref.high), abs=1e-12)


def test_bca_with_leave_one_out_equals_scipy_bootstrap_bca():
    # scipy.stats.bootstrap(method="BCa", paired=True, rng=0) draws the same resamples
    # (rng.integers(0, n, (B, n))) and uses the leave-one-out jackknife: G = n here.
    gold, systems = _data(n=60)
    s = systems["continuous"]
    ref = _scipy_ci(gold, s, "BCa")
    ours = bootstrap_ci(gold, s, "pearson", n_resamples=999, seed=0, jackknife_groups=None)
    assert (ours.low, ours.high) == pytest.approx((ref.low, ref.high), abs=1e-12)


def test_grouped_jackknife_bca_stays_close_to_leave_one_out():
    gold, systems = _data(n=400)
    s = systems["continuous"]
    exact = bootstrap_ci(gold, s, "pearson", n_resamples=999, seed=0, jackknife_groups=None)
    grouped = bootstrap_ci(gold, s, "pearson", n_resamples=999, seed=0, jackknife_groups=100)
    width = exact.high - exact.low
    assert abs(grouped.low - exact.low) < 0.05 * width
    assert abs(grouped.high - exact.high) < 0.05 * width


def test_combinations_and_generic_fallback():
    gold, systems = _data(n=50)

    def kendall(g, s):
        return stats.kendalltau(g, s).statistic

    dist = bootstrap_distribution(
        gold,
        systems,
        ["f1_low", "f1_high", "hmean(f1_low,f1_high)", "macro_avg(pearson,spearman)", kendall],
        n_resamples=10,
        seed=2,
        jackknife_groups=0,
    )
    lo, hi, hm, ma, kd = dist.resamples
    both = (lo > 0) & (hi > 0)
    np.testing.assert_allclose(hm[both], 2 * lo[both] * hi[both] / (lo[both] + hi[both]))
    idx = np.random.default_rng(2).integers(0, 50, size=(10, 50))
    s = systems["tied"]
    ref = [stats.kendalltau(gold[i], s[i]).statistic for i in idx]
    np.testing.assert_allclose(kd[0], ref, atol=1e-12)
    ref_ma = [
        (stats.pearsonr(gold[i], s[i])[0] + stats.spearmanr(gold[i], s[i])[0]) / 2 for i in idx
    ]
    np.testing.assert_allclose(ma[0], ref_ma, atol=1e-12)


def test_undefined_resamples_are_dropped_and_counted():
    # one low gold pair in 30: many resamples miss it and the system never says low,
    # so F1_low is 0/0 there (undefined, as metrics.threshold.f1_low)
    gold = np.r_[1.0, np.linspace(2, 5, 29)]
    system = np.linspace(2, 5, 30)
    ci = bootstrap_ci(
        gold, system, "f1_low", n_resamples=200, seed=0, method="percentile", scale=(0, 5)
    )
    assert ci.n_undefined > 0
    assert ci.low == ci.high == 0.0


def test_progress_is_called_per_chunk():
    gold, systems = _data(n=30)
    calls = []
    bootstrap_distribution(
        gold,
        systems,
        ["pearson"],
        n_resamples=10,
        seed=0,
        chunk_size=4,
        jackknife_groups=0,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls == [(4, 10), (8, 10), (10, 10)]


def test_resample_weights_count_draws():
    w = resample_weights(np.array([[0, 0, 3, 1], [2, 2, 2, 2]]), 4)
    assert w.T.tolist() == [[2, 1, 0, 1], [0, 0, 4, 0]]


def test_directions_and_validation():
    assert higher_is_better("ndcg") and not higher_is_better("mase")
    with pytest.raises(InputError, match="unknown direction"):
        higher_is_better("perplexity")
    with pytest.raises(InputError, match="same length"):
        bootstrap_ci([1, 2, 3], [1, 2], n_resamples=10)
    with pytest.raises(InputError, match="n_resamples"):
        bootstrap_ci([1, 2, 3], [1, 2, 3], n_resamples=0)
    with pytest.raises(InputError, match="two or more"):
        bootstrap_ci([1, 2, 3], [1, 2, 3], "hmean(pearson)", n_resamples=5)


def test_three_way_hmean_and_registry_fallback():
    # hmean(a,b,c) = 3/(1/a + 1/b + 1/c) (the registry's n-ary harmonic mean); kendall and
    # ndcg@5 have no batched form and go through the registry once per resample
    from simeval.metrics.correlation import kendall
    from simeval.metrics.registry import get_metric

    gold, systems = _data(n=40)
    dist = bootstrap_distribution(
        gold,
        {"s": systems["continuous"]},
        ["hmean(pearson,f1_low,f1_high)", "kendall", "nDCG@5", "f1_low", "f1_high", "pearson"],
        n_resamples=8,
        seed=4,
        jackknife_groups=0,
    )
    assert dist.metrics[:3] == ("hmean(pearson,f1_low,f1_high)", "kendall", "ndcg@5")
    h, kd, nd, lo, hi, pe = dist.resamples[:, 0]
    ok = (lo > 0) & (hi > 0) & (pe > 0)
    np.testing.assert_allclose(h[ok], 3 / (1 / pe[ok] + 1 / lo[ok] + 1 / hi[ok]))
    idx = np.random.default_rng(4).integers(0, 40, size=(8, 40))
    s = systems["continuous"]
    np.testing.assert_allclose(kd, [kendall(gold[i], s[i]).statistic for i in idx], atol=1e-12)
    assert get_metric("ndcg@5").higher_is_better and np.all((nd > 0) & (nd <= 1))


@pytest.mark.parametrize("skip", [False, True])
def test_batched_scaled_pearson_equals_a_loop_over_resamples(skip):
    # The scaled Pearson is batched (per-bin weighted sums) for bins that depend on each
    # pair alone; each resample must equal scipy's pearsonr inside each bin of that
    # resample, averaged (Atoum 2019, eq. 3), computed here in a plain loop.
    from simeval import Bins
    from simeval.stats.bootstrap import resample_indices

    rng = np.random.default_rng(5)
    gold = np.round(rng.uniform(0, 5, 60), 1)
    system = gold + rng.normal(0, 1.0, 60)
    dist = bootstrap_distribution(
        gold, {"s": system}, ["scaled_pearson"], n_resamples=40, seed=3,
        jackknife_groups=0, scale=(0, 5), bins=Bins.equal_width(3), skip_undefined_bins=skip,
    )  # fmt: skip
    idx = np.vstack(list(resample_indices(60, 40, np.random.default_rng(3))))
    edges = np.array([0, 5 / 3, 10 / 3, 5])
    for b in range(40):
        g, s = gold[idx[b]], system[idx[b]]
        bins = np.clip(np.searchsorted(edges, g, side="right") - 1, 0, 2)
        rs = []
        for k in range(3):
            gk, sk = g[bins == k], s[bins == k]
            ok = gk.size >= 3 and np.ptp(gk) > 0 and np.ptp(sk) > 0
            rs.append(stats.pearsonr(gk, sk)[0] if ok else np.nan)
        rs = np.array(rs)
        expected = np.nanmean(rs) if skip else rs.mean()
        got = dist.resamples[0, 0, b]
        assert (np.isnan(got) and np.isnan(expected)) or got == pytest.approx(expected, abs=1e-9)
