"""``simeval.evaluation.compare.compare``: the orchestrator behind ``simeval compare``.
Expected values come from elsewhere: observed values from scipy.stats
(Pearson, Spearman) and from :func:`simeval.evaluation.evaluate.evaluate` (tested on its own
in ``tests/evaluation/test_evaluate.py``); the dependent-correlation fields from
:mod:`simeval.stats.dependent` (tested against R ``psych::r.test`` / ``cocor`` in
``tests/stats/test_dependent.py``) fed with r12, r13, r23 that this file computes with
scipy; clusters and rank agreements from data built so that the answer is known by
construction (a near-perfect, a noisy and a random system).
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

from simeval.evaluation.compare import COMPARE_METRICS, compare
from simeval.evaluation.evaluate import evaluate
from simeval.report import to_json
from simeval.report.schema import comparison_document
from simeval.stats.dependent import steiger_z_from_r, williams_test_from_r, zou_ci_from_r

N = 80
B = 200  # bootstrap resamples: enough for intervals, fast enough for the suite


def _data(seed: int = 1) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Gold on 0–5 and three systems of clearly different quality (by construction):
    ``good`` = gold + N(0, 0.3²), ``noisy`` = gold + N(0, 1.5²), ``random`` ⟂ gold."""
    rng = np.random.default_rng(seed)
    gold = rng.uniform(0, 5, N)
    return gold, {
        "good": np.clip(gold + rng.normal(0, 0.3, N), 0, 5),
        "noisy": np.clip(gold + rng.normal(0, 1.5, N), 0, 5),
        "random": rng.uniform(0, 5, N),
    }


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, dict[str, np.ndarray]]:
    return _data()


@pytest.fixture(scope="module")
def cmp(data):
    gold, systems = data
    return compare(gold, systems, scale=(0, 5), n_resamples=B, seed=3)


# -- observed values -----------------------------------------------------------------------
def test_observed_correlations_equal_scipy(data, cmp) -> None:
    gold, systems = data
    for name, scores in systems.items():
        assert cmp.evaluation.value(name, "pearson") == pytest.approx(
            stats.pearsonr(gold, scores).statistic, abs=1e-12
        )
        assert cmp.evaluation.value(name, "spearman") == pytest.approx(
            stats.spearmanr(gold, scores).statistic, abs=1e-12
        )


def test_observed_values_equal_evaluate(data, cmp) -> None:
    gold, systems = data
    ev = evaluate(gold, systems, metrics=list(COMPARE_METRICS), scale=(0, 5))
    assert cmp.metrics == COMPARE_METRICS
    assert set(cmp.systems) == set(systems)
    records = {(r["system"], r["metric"]): r for r in cmp.records()}
    for s in systems:
        for m in COMPARE_METRICS:
            expected = ev.value(s, m)
            assert cmp.evaluation.value(s, m) == pytest.approx(expected, abs=1e-12)
            # the distribution's observed statistic is the same number
            assert cmp.intervals[(s, m)].statistic == pytest.approx(expected, abs=1e-9)
            assert records[(s, m)]["value"] == pytest.approx(expected, abs=1e-12)
            assert records[(s, m)]["n"] == N


# -- intervals -----------------------------------------------------------------------------
@pytest.mark.parametrize("method", ["bca", "percentile"])
def test_intervals_contain_the_observed_value(data, method) -> None:
    gold, systems = data
    res = compare(
        gold,
        systems,
        metrics=["pearson", "spearman", "nmsse"],
        scale=(0, 5),
        n_resamples=B,
        seed=0,
        ci=method,
    )
    for (s, m), iv in res.intervals.items():
        assert iv.method == method
        assert iv.n_resamples == B
        assert iv.low < res.evaluation.value(s, m) < iv.high, (s, m, iv)
    # a 95 % interval of r = 0.99 on 80 pairs is narrow; of r ≈ 0 it straddles zero
    good = res.intervals[("good", "pearson")]
    rnd = res.intervals[("random", "pearson")]
    assert good.high - good.low < 0.05
    assert rnd.low < 0 < rnd.high or abs(res.evaluation.value("random", "pearson")) > 0.2


def test_confidence_level_widens_the_interval(data) -> None:
    gold, systems = data
    kw = dict(metrics=["pearson"], scale=(0, 5), n_resamples=B, seed=5, ci="percentile")
    narrow = compare(gold, systems, confidence_level=0.5, **kw).intervals[("noisy", "pearson")]
    wide = compare(gold, systems, confidence_level=0.99, **kw).intervals[("noisy", "pearson")]
    assert wide.low < narrow.low < narrow.high < wide.high


# -- determinism ---------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 12345])
def test_same_seed_same_numbers(data, seed) -> None:
    gold, systems = data
    kw = dict(scale=(0, 5), n_resamples=B, seed=seed, permutations=50)
    first = comparison_document(compare(gold, systems, **kw))
    second = comparison_document(compare(gold, systems, **kw))
    assert to_json(first) == to_json(second)
    assert f"seed:{seed}" in first["signature"]


def test_seed_zero_is_a_seed_not_none(data) -> None:
    # seed=0 must not fall back to fresh entropy: two runs agree (above), and it differs
    # from seed 1
    gold, systems = data
    kw = dict(metrics=["pearson"], scale=(0, 5), n_resamples=B)
    a = compare(gold, systems, seed=0, **kw).intervals[("noisy", "pearson")]
    b = compare(gold, systems, seed=1, **kw).intervals[("noisy", "pearson")]
    assert (a.low, a.high) != (b.low, b.high)


def test_different_seeds_give_different_intervals(data) -> None:
    gold, systems = data
    kw = dict(scale=(0, 5), n_resamples=B)
    a = compare(gold, systems, seed=10, **kw)
    b = compare(gold, systems, seed=11, **kw)
    lows_a = [a.intervals[k].low for k in sorted(a.intervals)]
    lows_b = [b.intervals[k].low for k in sorted(b.intervals)]
    assert lows_a != lows_b
    # …but the observed values do not depend on the seed
    assert [r["value"] for r in a.records()] == [r["value"] for r in b.records()]


# -- clusters ------------------------------------------------------------------------------
def test_three_clearly_different_systems_form_three_clusters(cmp) -> None:
    # by construction r(good) ≈ 0.99 ≫ r(noisy) ≈ 0.7 ≫ r(random) ≈ 0 on 80 pairs
    for metric in ("pearson", "spearman"):
        cl = cmp.clusters[metric]
        assert cl.systems == ("good", "noisy", "random")
        assert cl.clusters == (1, 2, 3)
        assert cmp.significantly_best(metric) == "good"
    # nmsse is an error (lower is better): same order, good first
    assert cmp.clusters["nmsse"].systems == ("good", "noisy", "random")
    assert cmp.clusters["nmsse"].clusters == (1, 2, 3)


def test_identical_systems_share_a_cluster(data) -> None:
    gold, systems = data
    twins = {"a": systems["noisy"], "b": systems["noisy"].copy(), "r": systems["random"]}
    res = compare(gold, twins, metrics=["pearson", "nmsse"], scale=(0, 5), n_resamples=B, seed=0)
    for metric in ("pearson", "nmsse"):
        assert res.cluster_of("a", metric) == res.cluster_of("b", metric) == 1
        assert res.cluster_of("r", metric) == 2
        # no system is better than its twin, so none is significantly best
        assert res.significantly_best(metric) is None
    # twins: r23 = 1 and r12 = r13, a singular correlation matrix. Williams' t is 0/0,
    # undefined (its docstring: NaN when r23 = 1); Steiger's z is (Z12 − Z13)·√(n−3)/√(2−2c)
    # with c = 1 (put r12 = r13 = r, r23 = 1 into eq. 14: (1 − 2r² + r⁴)/(1 − r²)² = 1),
    # also 0/0 — undefined, not an exception
    twin_pair = next(
        p for p in res.pairwise if {p.system_a, p.system_b} == {"a", "b"} and p.metric == "pearson"
    )
    assert twin_pair.williams_t is None or math.isnan(twin_pair.williams_t)
    assert twin_pair.steiger_z is None or math.isnan(twin_pair.steiger_z)


def test_pairwise_p_values_and_holm(cmp) -> None:
    n_sys = len(cmp.systems)
    per_metric = n_sys * (n_sys - 1) // 2
    assert len(cmp.pairwise) == per_metric * len(cmp.metrics)
    for p in cmp.pairwise:
        assert 0.0 <= p.bootstrap_p <= 1.0
        # Holm never lowers a p-value
        assert p.bootstrap_p <= p.bootstrap_p_holm <= 1.0
        assert p.difference == pytest.approx(p.value_a - p.value_b)


# -- dependent correlations ----------------------------------------------------------------
@pytest.mark.parametrize(
    "metric, corr",
    [("pearson", stats.pearsonr), ("spearman", stats.spearmanr)],
)
def test_williams_steiger_zou_from_scipy_correlations(data, cmp, metric, corr) -> None:
    gold, systems = data
    rows = [p for p in cmp.pairwise if p.metric == metric]
    assert len(rows) == 3
    for p in rows:
        # 1 = gold, 2 = system a (ranked above), 3 = system b
        r12 = corr(gold, systems[p.system_a]).statistic
        r13 = corr(gold, systems[p.system_b]).statistic
        r23 = corr(systems[p.system_a], systems[p.system_b]).statistic
        w = williams_test_from_r(r12, r13, r23, N)
        s = steiger_z_from_r(r12, r13, r23, N)
        z = zou_ci_from_r(r12, r13, r23, N)
        assert p.williams_t == pytest.approx(w.statistic, rel=1e-9)
        assert p.williams_p == pytest.approx(w.pvalue, rel=1e-9, abs=1e-300)
        assert p.steiger_z == pytest.approx(s.statistic, rel=1e-9)
        assert p.steiger_p == pytest.approx(s.pvalue, rel=1e-9, abs=1e-300)
        assert p.zou_low == pytest.approx(z.low, rel=1e-9)
        assert p.zou_high == pytest.approx(z.high, rel=1e-9)
        # a is ranked above b, so the difference and Zou's interval lean positive
        assert p.difference > 0 and p.zou_high > 0


def test_dependent_tests_only_for_correlations(cmp) -> None:
    for p in cmp.pairwise:
        has = p.williams_t is not None
        assert has == (p.metric in ("pearson", "spearman")), p


def test_dependent_tests_use_the_mapped_system_scale(data) -> None:
    # cosine-like scores on −1…1 are mapped linearly onto 0–5; Pearson is invariant under
    # that map, so Williams' t must equal the one computed on the raw scores
    gold, systems = data
    cos = {k: v / 2.5 - 1.0 for k, v in systems.items()}
    res = compare(
        gold, cos, metrics=["pearson"], scale=(0, 5), system_scale=(-1, 1), n_resamples=B, seed=0
    )
    p = next(p for p in res.pairwise if (p.system_a, p.system_b) == ("good", "noisy"))
    r12 = stats.pearsonr(gold, systems["good"]).statistic
    r13 = stats.pearsonr(gold, systems["noisy"]).statistic
    r23 = stats.pearsonr(systems["good"], systems["noisy"]).statistic
    assert p.williams_t == pytest.approx(williams_test_from_r(r12, r13, r23, N).statistic)


# -- permutation test ----------------------------------------------------------------------
def test_permutation_p_values_are_in_the_unit_interval(data) -> None:
    gold, systems = data
    R = 99
    res = compare(
        gold,
        systems,
        metrics=["pearson", "nmsse"],
        scale=(0, 5),
        n_resamples=B,
        seed=0,
        permutations=R,
    )
    assert res.permutations == R and f"permutations:{R}" in res.signature
    for p in res.pairwise:
        assert p.permutation_p is not None
        # (count + 1) / (R + 1): never 0, at most 1
        assert 1.0 / (R + 1) - 1e-12 <= p.permutation_p <= 1.0
    # good vs random is a landslide: the smallest attainable p-value
    landslide = next(
        p
        for p in res.pairwise
        if (p.metric, p.system_a, p.system_b) == ("pearson", "good", "random")
    )
    assert landslide.permutation_p == pytest.approx(1.0 / (R + 1))


def test_no_permutations_by_default(cmp) -> None:
    assert all(p.permutation_p is None for p in cmp.pairwise)
    assert "permutations" not in cmp.signature


def test_permutation_of_identical_systems_is_not_significant(data) -> None:
    gold, systems = data
    twins = {"a": systems["noisy"], "b": systems["noisy"].copy()}
    # nmsse, not a correlation: keeps this test apart from the dependent-correlation tests
    res = compare(gold, twins, metrics=["nmsse"], n_resamples=B, seed=0, permutations=99)
    # swapping identical scores changes nothing: every trial ties the observed difference 0
    assert res.pairwise[0].permutation_p == pytest.approx(1.0)


# -- rank agreement ------------------------------------------------------------------------
def test_rank_agreement_between_metrics(cmp) -> None:
    pairs = {(a.metric_a, a.metric_b): a for a in cmp.agreement}
    k = len(COMPARE_METRICS)
    assert len(pairs) <= k * (k - 1) // 2
    # Pearson and Spearman both rank good (1), noisy (2), random (3), see the clusters
    # test: |Δrank| = 0, 0, 0 → mean 0, max 0; identical rankings → Kendall τ = 1
    ps = pairs[("pearson", "spearman")]
    assert (ps.mean_abs_diff, ps.max_abs_diff, ps.n_systems) == (0.0, 0.0, 3)
    assert ps.kendall_tau == pytest.approx(1.0)
    # nmsse is lower-is-better and also puts good first: ranks agree after the flip
    pn = pairs[("pearson", "nmsse")]
    assert pn.mean_abs_diff == 0.0
    assert pn.kendall_tau == pytest.approx(1.0)


def test_rank_agreement_hand_example() -> None:
    # three systems on 6 pairs, gold 0, 1, …, 5:
    #   a = gold       → Pearson 1,  NMSSE 0                       (both rank 1)
    #   b = gold + 1   → Pearson 1 (tie with a), |errors| = 1, MAD(b) = 1.5,
    #                    MSSE = (1/1.5)² = 0.444, NMSSE = 1 − e^−0.444 = 0.359
    #   c = reversed   → Pearson −1, |errors| 5,3,1,1,3,5, MSSE = 5.19, NMSSE = 0.994
    # Pearson ranks (a, b, c) = (1.5, 1.5, 3); NMSSE ranks = (1, 2, 3)
    # |Δrank| = 0.5, 0.5, 0 → mean 1/3, max 0.5
    gold = np.arange(6.0)
    systems = {"a": gold, "b": gold + 1.0, "c": gold[::-1].copy()}
    res = compare(gold, systems, metrics=["pearson", "nmsse"], n_resamples=100, seed=0)
    (ag,) = res.agreement
    assert ag.mean_abs_diff == pytest.approx(1 / 3)
    assert ag.max_abs_diff == pytest.approx(0.5)
    # Kendall τ-b of (1.5, 1.5, 3) vs (1, 2, 3): pairs (a,b) tied in x, (a,c) and (b,c)
    # concordant → (2 − 0) / sqrt((3 − 1)·3) = 2/√6
    assert ag.kendall_tau == pytest.approx(2 / math.sqrt(6))
    assert ag.kendall_tau == pytest.approx(stats.kendalltau([1.5, 1.5, 3], [1, 2, 3]).statistic)


def test_no_rank_agreement_with_one_metric(data) -> None:
    gold, systems = data
    res = compare(gold, systems, metrics=["pearson"], n_resamples=B, seed=0)
    assert res.agreement == ()
    assert comparison_document(res)["rank_agreement"] == []


# -- undefined values ----------------------------------------------------------------------
def test_constant_system_does_not_crash_and_ranks_last(data) -> None:
    gold, systems = data
    with_const = {**systems, "constant": np.full(N, 2.5)}
    res = compare(
        gold,
        with_const,
        metrics=["pearson", "spearman", "nmsse"],
        scale=(0, 5),
        n_resamples=B,
        seed=0,
    )
    # Pearson of a constant is undefined (scipy returns NaN and warns)
    with pytest.warns(stats.ConstantInputWarning):
        assert math.isnan(stats.pearsonr(gold, with_const["constant"]).statistic)
    for metric in ("pearson", "spearman"):
        assert math.isnan(res.evaluation.value("constant", metric))
        cl = res.clusters[metric]
        # an undefined value is left out of the clusters and listed last
        assert "constant" not in cl.systems and res.cluster_of("constant", metric) is None
        assert res.ranked(metric) == ("good", "noisy", "random", "constant")
        assert cl.systems == ("good", "noisy", "random")
        rec = next(r for r in res.records() if (r["system"], r["metric"]) == ("constant", metric))
        assert rec["value"] is None  # NaN becomes null in JSON, with a reason
        assert rec["reason"]
    # NMSSE of a constant system is 1, the worst value (Atoum & Ayyagari 2019, eq. 3–5: the
    # denominator of eq. 3 is 0, so MSSE = +inf and NMSSE = 1 − exp(−inf) = 1)
    assert res.evaluation.value("constant", "nmsse") == pytest.approx(1.0)
    assert res.clusters["nmsse"].systems[-1] == "constant"
    # the report stays valid JSON
    json.loads(to_json(comparison_document(res)))


# -- the JSON document ---------------------------------------------------------------------
def test_saved_document_shape_and_interval_order(cmp) -> None:
    doc = json.loads(to_json(comparison_document(cmp)))
    assert set(doc) >= {
        "kind",
        "schema",
        "signature",
        "records",
        "clusters",
        "pairwise",
        "rank_agreement",
        "calibration",
        "evaluation",
    }
    assert len(doc["records"]) == len(cmp.systems) * len(cmp.metrics)
    assert "bootstrap:200" in doc["signature"] and "seed:3" in doc["signature"]
    checked = 0
    for r in doc["records"]:
        assert {"system", "metric", "value", "ci_low", "ci_high", "cluster"} <= set(r)
        if r["ci_low"] is not None and r["ci_high"] is not None and r["value"] is not None:
            assert r["ci_low"] <= r["value"] <= r["ci_high"], r
            checked += 1
        elif r["value"] is not None:
            assert r["reason"], r  # an undefined interval says why
    assert checked >= len(doc["records"]) - 3
    assert [c["metric"] for c in doc["clusters"]] == list(cmp.metrics)
    for p in doc["pairwise"]:
        assert {"metric", "system_a", "system_b", "bootstrap_p", "bootstrap_p_holm"} <= set(p)
    for a in doc["rank_agreement"]:
        assert {"metric_a", "metric_b", "mean_abs_diff", "max_abs_diff", "kendall_tau"} <= set(a)


def test_ci_method_is_recorded(data) -> None:
    gold, systems = data
    res = compare(gold, systems, metrics=["pearson"], n_resamples=B, seed=0, ci="percentile")
    assert {r["ci_method"] for r in res.records()} == {"percentile"}
    assert "ci:percentile:0.95" in res.signature


def test_fallback_metrics_bootstrap_what_evaluate_reports() -> None:
    """Registry metrics outside the batched engine (reversed nDCG, the scaled Pearson)
    get the declared scale and the bins: the bootstrap's observed value equals
    evaluate()'s, and the scaled Pearson is binned the same way."""
    rng = np.random.default_rng(3)
    gold = np.round(rng.uniform(0, 4, 120), 1)  # max 4 on a declared 0–5 scale
    systems = {"a": gold + rng.normal(0, 1, 120), "b": gold + rng.normal(0, 2, 120)}
    res = compare(
        gold,
        systems,
        metrics=["ndcg_rev@10", "scaled_pearson"],
        scale=(0, 5),
        n_resamples=100,
        seed=0,
    )
    for i, metric in enumerate(res.metrics):
        for k, system in enumerate(res.systems):
            assert res.distribution.observed[i, k] == pytest.approx(
                res.evaluation.value(system, metric), abs=1e-12
            )


def test_too_few_pairs_for_the_bootstrap_are_said() -> None:
    # n pairs give C(2n − 1, n) distinct resamples, by hand: 2 pairs → C(3, 2) = 3,
    # 6 pairs → C(11, 6) = 462 (< 1000 drawn), 7 pairs → C(13, 7) = 1716 (≥ 1000: no warning)
    gold = [0.0, 5.0, 1.0, 4.0, 2.0, 3.0, 2.5]
    a = [0.5, 4.5, 1.5, 3.5, 2.0, 3.0, 2.0]
    b = [1.0, 3.0, 2.0, 2.0, 3.5, 1.5, 2.5]
    small = compare(gold[:2], {"a": a[:2], "b": b[:2]}, metrics=["mae"], seed=0)
    assert small.sample_warning.startswith("the 2 pairs allow only 3 distinct bootstrap")
    doc = comparison_document(small)
    assert doc["warning"] == "; ".join(small.warnings) and "only 3 distinct" in doc["warning"]
    assert "only 462 distinct" in compare(gold[:6], {"a": a[:6], "b": b[:6]}, metrics=["mae"],
                                         seed=0).sample_warning  # fmt: skip
    assert compare(gold, {"a": a, "b": b}, metrics=["mae"], seed=0).sample_warning is None
    assert math.comb(13, 7) == 1716


def test_three_pairs_leave_out_the_tests_of_dependent_correlations() -> None:
    # Williams' t has n − 3 degrees of freedom: with 3 pairs compare failed on "`n` must
    # be a whole number ≥ 4"; now those columns are left empty and the rest is computed
    cmp = compare([1.0, 2.0, 3.0], {"a": [1.0, 2.0, 3.0], "b": [1.0, 3.0, 2.0]},
                  metrics=["pearson"], seed=0)  # fmt: skip
    (pair,) = cmp.pairwise
    assert pair.williams_p is None and pair.zou_low is None
    assert pair.value_a == pytest.approx(1.0) and pair.value_b == pytest.approx(0.5)
