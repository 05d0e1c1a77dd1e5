"""The default set on the data shapes the benchmark adds — systems close to the gold scores
(long runs, ties where they are clipped) and several integer-valued systems (LLM judges'
0–5) — against scipy, scikit-learn and numpy, through each of evaluate's fast paths:

- both sides on a grid: Pearson (whole and per bin), the error moments, the low/high
  decisions and nDCG from the contingency table of gold and system levels;
- continuous systems beside grid gold scores: their ties found a chunk at a time,
  Spearman's cross product summed in exact integers, nDCG's gains looked up by gold code.

References: ``scipy.stats.pearsonr`` / ``spearmanr``; numpy for NMSSE (Atoum & Ayyagari
2019, eq. 3–5 written out); scikit-learn's ``f1_score`` and its tie-averaging DCG
(``sklearn.metrics._ranking._tie_averaged_dcg``) with Reimers et al.'s (2016) discount, as
in ``test_grid_ranks.py``; ``np.unique`` for grid codes; Python integers for exact sums.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats
from test_grid_ranks import TOL, peer, reimers_ndcg  # the same peers as the grid tests

import simeval as se
from simeval.metrics._grid import grid_levels
from simeval.metrics._numeric import int_dot_by_code
from simeval.metrics._sorted import SortedScores
from simeval.metrics.discounts import discount_sums, discounts

N = 20_000  # above the size from which grids are counted (4 096)


def shapes(n: int = N, seed: int = 5) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """Gold on a 0.2 grid; two systems with little noise (σ 0.1 and 0.3, clipped to
    [0, 5]), two integer-valued judges and one judge on a 0.5 grid."""
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    return gold, {
        "close": np.clip(gold + rng.normal(0, 0.1, n), 0, 5),
        "near": np.clip(gold + rng.normal(0, 0.3, n), 0, 5),
        "judge": np.clip(np.round(gold + rng.normal(0, 0.5, n)), 0, 5),
        "harsh": np.clip(np.round(gold - 1 + rng.normal(0, 0.9, n)), 0, 5),
        "halves": np.clip(np.round(2 * (gold + rng.normal(0, 0.4, n))) / 2, 0, 5),
    }


def nmsse(gold: np.ndarray, system: np.ndarray) -> float:
    """1 − exp(−mean(SE²)), SE = |s − g| / mean|s − mean(s)| (Atoum & Ayyagari 2019)."""
    scaled = np.abs(system - gold) / np.abs(system - system.mean()).mean()
    return 1 - math.exp(-(scaled**2).mean())


@pytest.mark.parametrize("size", [N, 60_000])  # one thread / two threads
def test_default_set_on_each_shape_equals_scipy_and_sklearn(size: int) -> None:
    gold, systems = shapes(size)
    ev = se.evaluate(gold, systems, scale=(0, 5))
    for name, s in systems.items():
        for metric, expected in peer(gold, s).items():
            assert abs(ev.value(name, metric) - expected) <= TOL, (name, metric)


@pytest.mark.parametrize("name", ["close", "judge", "halves"])
def test_public_functions_take_the_same_paths(name: str) -> None:
    gold, systems = shapes()
    s = systems[name]
    expected = peer(gold, s)
    for metric in ("pearson", "spearman", "nmsse", "ndcg", "f1_low", "f1_high"):
        got = getattr(se, metric)(gold, s, scale=(0, 5)).statistic
        assert abs(got - expected[metric]) <= TOL, metric
    got = se.scaled_pearson(gold, s, scale=(0, 5)).statistic
    assert abs(got - expected["scaled_pearson"]) <= TOL


@pytest.mark.parametrize("name", ["close", "judge"])
@pytest.mark.parametrize("k", [1, 2, 7, 5000])
def test_ndcg_at_k_and_reversed_equal_sklearn(name: str, k: int) -> None:
    gold, systems = shapes()
    s = systems[name]
    assert abs(se.ndcg(gold, s, k=k).statistic - reimers_ndcg(gold, s, k)) <= TOL
    rev = se.ndcg(gold, s, k=k, reverse=True, scale=(0, 5)).statistic
    assert abs(rev - reimers_ndcg(gold, s, k, reverse=True)) <= TOL


def test_bins_across_gold_levels_are_not_read_from_the_table() -> None:
    # segments cut inside a run of equal gold scores: a bin is not a set of gold levels
    gold, systems = shapes()
    s = systems["judge"]
    ev = se.evaluate(gold, {"judge": s}, metrics=["scaled_pearson"], bins=se.Bins.segments(7000))
    order = np.argsort(gold, kind="stable")
    expected = [stats.pearsonr(gold[order[a : a + 7000]], s[order[a : a + 7000]]).statistic
                for a in (0, 7000)]  # fmt: skip
    got = [b.statistic for b in ev.results["judge"]["scaled_pearson"].bins]
    assert np.allclose(got, expected, rtol=0, atol=TOL)
    # bins by gold score with a cut on a gold level: every level in one bin
    cuts = se.Bins.thresholds([2.0, 3.0])
    ev = se.evaluate(gold, {"judge": s}, metrics=["scaled_pearson"], scale=(0, 5), bins=cuts)
    masks = [gold < 2.0, (gold >= 2.0) & (gold < 3.0), gold >= 3.0]
    got = [b.statistic for b in ev.results["judge"]["scaled_pearson"].bins]
    assert np.allclose(got, [stats.pearsonr(gold[m], s[m]).statistic for m in masks], atol=TOL)


def test_system_scale_maps_a_grid_system_before_the_error_and_threshold_measures() -> None:
    gold, systems = shapes()
    judge10 = 2.0 * systems["judge"]  # 0-10
    ev = se.evaluate(gold, {"j": judge10}, scale=(0, 5), system_scale=(0, 10), calibrate="none")
    mapped = judge10 / 2.0
    assert abs(ev.value("j", "nmsse") - nmsse(gold, mapped)) <= TOL
    truth, pred = gold < 1.5, mapped < 1.5
    assert ev.value("j", "f1_low") == 2 * np.sum(truth & pred) / (truth.sum() + pred.sum())


def test_missing_judge_scores_omitted_equal_the_complete_pairs() -> None:
    gold, systems = shapes()
    s = systems["judge"].copy()
    s[[3, 500, 9000]] = np.nan
    ev = se.evaluate(gold, {"judge": s}, scale=(0, 5), nan_policy="omit")
    keep = ~np.isnan(s)
    for metric, expected in peer(gold[keep], s[keep]).items():
        if metric != "scaled_pearson":  # bins from all the gold scores: same thirds here
            assert abs(ev.value("judge", metric) - expected) <= TOL, metric
    assert ev.dropped == {"judge": 3}


def _grid_case(kind: str) -> tuple[np.ndarray, np.ndarray, tuple[float, float]]:
    rng = np.random.default_rng(11)
    n = 8192
    if kind == "two levels":
        gold = rng.integers(0, 6, n).astype(float)
        return gold, np.where(gold + rng.normal(0, 1, n) > 2.5, 5.0, 0.0), (0.0, 5.0)
    if kind == "negative":
        gold = rng.integers(-3, 4, n).astype(float)
        return gold, np.clip(np.round(gold + rng.normal(0, 1, n)), -3, 3), (-3.0, 3.0)
    base = float(2**53 - 40)  # integers near 2**53: every one still a distinct float
    gold = base + rng.integers(0, 30, n)
    return gold, gold + rng.integers(-3, 4, n), (base, base + 40)


@pytest.mark.parametrize("kind", ["two levels", "negative", "near 2**53"])
def test_integer_edge_cases_on_the_table_path(kind: str) -> None:
    gold, s, scale = _grid_case(kind)
    assert SortedScores(s).joint(SortedScores(gold)) is not None  # both on a grid
    ev = se.evaluate(gold, {"s": s}, scale=scale, calibrate="none")  # the raw fast paths
    # Pearson and Spearman do not change under a shift: the small integers are exact in scipy
    g0, s0 = gold - scale[0], s - scale[0]
    assert abs(ev.value("s", "pearson") - stats.pearsonr(g0, s0).statistic) <= TOL
    assert abs(ev.value("s", "spearman") - stats.spearmanr(g0, s0).statistic) <= TOL
    assert abs(ev.value("s", "nmsse") - nmsse(g0, s0)) <= TOL
    low = scale[0] + 0.3 * (scale[1] - scale[0])
    truth, pred = gold < low, s < low
    assert ev.value("s", "f1_low") == 2 * np.sum(truth & pred) / (truth.sum() + pred.sum())
    if kind == "negative":  # gains are the gold scores: undefined below 0
        assert math.isnan(ev.value("s", "ndcg"))
        assert "negative" in ev.results["s"]["ndcg"].reason
    else:
        assert abs(ev.value("s", "ndcg") - reimers_ndcg(gold, s)) <= TOL


def test_a_constant_judge_is_undefined_where_the_pairs_say_so() -> None:
    gold, _ = shapes()
    s = np.full(gold.size, 3.0)
    ev = se.evaluate(gold, {"s": s}, scale=(0, 5))
    for metric in ("pearson", "spearman"):
        assert math.isnan(ev.value("s", metric))
        assert ev.results["s"][metric].reason == "undefined: the system scores are constant"
    assert ev.value("s", "nmsse") == 1.0  # MAD 0: MSSE = +inf (Atoum & Ayyagari 2019)
    assert abs(ev.value("s", "ndcg") - reimers_ndcg(gold, s)) <= TOL
    assert ev.value("s", "f1_high") == 0.0  # nothing predicted high, some pairs are
    for b in ev.results["s"]["scaled_pearson"].bins:
        assert b.reason == "undefined: the system scores are constant"


def test_all_equal_and_grid_codes_equal_numpy_unique() -> None:
    cases = [np.full(5000, 2.0), *(_grid_case(k)[1] for k in ("two levels", "negative", "x"))]
    for x in cases:
        levels = grid_levels(x)
        assert levels is not None
        uniq, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
        assert np.array_equal(levels.levels, uniq)
        assert np.array_equal(levels.codes, inverse)
        assert np.array_equal(levels.counts, counts)
    off = _grid_case("negative")[1]
    off[4001] = 0.5  # one value off the integers (not in the sample): sorted, not counted
    assert grid_levels(off) is None


def test_chunked_ties_equal_scipy_ranks() -> None:
    gold, systems = shapes()
    three_decimals = np.round(systems["near"], 3)  # ties everywhere, off any grid of 4096 steps
    for s in (systems["close"], three_decimals, np.arange(float(N))):
        ss = SortedScores(s)
        assert np.array_equal(ss.ranks, stats.rankdata(s))
        _, counts = np.unique(s, return_counts=True)
        assert np.array_equal(np.sort(ss.tie_sizes), np.sort(counts[counts > 1]))
        assert abs(se.spearman(gold, s).statistic - stats.spearmanr(gold, s).statistic) <= TOL


def test_exact_integer_cross_product_by_python_integers() -> None:
    # chunks of 2**62 / n² terms: at n = 2**26, products near n² cannot overflow
    rng = np.random.default_rng(2)
    n = 2**26
    table = rng.integers(-n, n + 1, 40).astype(np.int64)
    codes = rng.integers(0, 40, 5000).astype(np.uint8)
    weights = rng.integers(-n, n + 1, 5000).astype(np.int64)
    exact = sum(int(table[c]) * int(w) for c, w in zip(codes, weights))
    assert int_dot_by_code(table, codes, weights, n) == exact
    odd = sum(int(table[c]) * (1 - n + 2 * i) for i, c in enumerate(codes))
    assert int_dot_by_code(table, codes, 1 - n, n) == odd


def test_discount_sums_equal_long_double_sums() -> None:
    n = 3 * 4096 + 17
    w = discounts(n).astype(np.longdouble)
    bounds = np.array([0, 1, 2, 4095, 4096, 8200, 12000, n])
    expected = [float(w[a:b].sum()) for a, b in itertools.pairwise(bounds)]
    assert np.allclose(discount_sums(bounds, n), expected, rtol=1e-15, atol=0)


def test_decisions_read_from_gold_codes_with_borders_on_a_level() -> None:
    # gold on a 0.5 grid, so the borders 1.5 and 3.5 are gold levels: g < 1.5 and
    # g > 3.5 leave them out (Reimers et al. 2016's strict comparisons)
    rng = np.random.default_rng(4)
    gold = np.round(rng.uniform(0, 5, N) * 2) / 2
    system = np.clip(gold + rng.normal(0, 0.7, N), 0, 5)
    ev = se.evaluate(gold, {"s": system}, scale=(0, 5), metrics=["f1_low", "f1_high"])
    for name, truth, pred in (
        ("f1_low", gold < 1.5, system < 1.5),
        ("f1_high", gold > 3.5, system > 3.5),
    ):
        hand = 2 * np.sum(truth & pred) / (truth.sum() + pred.sum())
        assert ev.value("s", name) == hand
    acc = se.accuracy_high(gold, system, scale=(0, 5)).statistic
    assert acc == np.mean((gold > 3.5) == (system > 3.5))
