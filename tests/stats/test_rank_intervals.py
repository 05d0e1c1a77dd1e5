"""Rank intervals of systems over shared bootstrap resamples.

Expected values come from a brute-force computation written here (resample indices drawn
by the documented scheme ``default_rng(seed).integers(0, n, (B, n))``, Pearson's r from
scipy on each resample, ranks and quantiles counted by hand), from cases whose ranks are
known (systems far apart: intervals of width 0; identical or exchangeable systems: each
rank equally likely) and from Holm's (1979) correction worked by hand.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy.stats import pearsonr

from simeval.errors import InputError
from simeval.stats import bootstrap_distribution
from simeval.stats.rank_intervals import rank_intervals, rank_intervals_from_values

GOLD = np.array([0.2, 1.1, 1.9, 2.4, 3.0, 3.3, 4.1, 4.4, 4.8, 0.7, 2.8, 3.9])
SYSTEMS = {
    "a": GOLD + np.array([0.3, -0.4, 0.5, -0.2, 0.1, 0.6, -0.5, 0.2, -0.3, 0.4, -0.1, 0.2]),
    "b": GOLD + np.array([-0.6, 0.8, -0.2, 0.9, -0.7, 0.1, 0.6, -0.9, 0.4, -0.3, 0.5, -0.8]),
    "c": GOLD + np.array([0.5, -0.3, -0.6, 0.4, 0.8, -0.9, 0.2, 0.7, -0.4, 0.9, -0.8, 0.3]),
}


def _hand_ranks(values: list[float]) -> list[float]:
    """1 = largest; tied values share the mean of the positions they occupy."""
    out = []
    for v in values:
        above = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(above + (tied + 1) / 2)
    return out


def _hand_quantile(sorted_values: list[float], q: float) -> float:
    """The empirical (inverted-CDF) quantile: the smallest value whose share of values at
    or below it reaches q."""
    B = len(sorted_values)
    return sorted_values[max(0, math.ceil(q * B) - 1)]


def test_rank_intervals_equal_a_brute_force_computation() -> None:
    B, seed = 60, 3
    dist = bootstrap_distribution(
        GOLD, SYSTEMS, ["pearson"], n_resamples=B, seed=seed, jackknife_groups=0
    )
    res = rank_intervals(dist, confidence_level=0.9)
    # brute force: the same resamples, scipy's Pearson, ranks by hand
    idx = np.random.default_rng(seed).integers(0, GOLD.size, (B, GOLD.size))
    names = list(SYSTEMS)
    ranks = {s: [] for s in names}
    best = {s: 0.0 for s in names}
    for row in idx:
        vals = [pearsonr(GOLD[row], SYSTEMS[s][row])[0] for s in names]
        r = _hand_ranks(vals)
        firsts = [s for s, x in zip(names, r) if x == min(r)]
        for s, x in zip(names, r):
            ranks[s].append(x)
        for s in firsts:
            best[s] += 1 / len(firsts) / B
    observed = _hand_ranks([pearsonr(GOLD, SYSTEMS[s])[0] for s in names])
    order = sorted(names, key=lambda s: observed[names.index(s)])
    assert res.systems == tuple(order)
    for i, s in enumerate(res.systems):
        assert res.ranks[i] == observed[names.index(s)]
        got = sorted(ranks[s])
        assert res.low[i] == _hand_quantile(got, 0.05)
        assert res.high[i] == _hand_quantile(got, 0.95)
        assert res.mean_rank[i] == pytest.approx(sum(got) / B, abs=1e-12)
        assert res.p_best[i] == pytest.approx(best[s], abs=1e-12)
    # share of resamples where the first ranks above the second (ties count half)
    s0, s1 = res.systems[0], res.systems[1]
    share = sum((x < y) + 0.5 * (x == y) for x, y in zip(ranks[s0], ranks[s1])) / B
    assert res.share_above[0, 1] == pytest.approx(share, abs=1e-12)
    assert res.pvalues[0, 1] == pytest.approx(min(1, 2 * ((1 - share) * B + 1) / (B + 1)))


def test_systems_far_apart_have_intervals_of_width_zero() -> None:
    # gold itself (r = 1), a slightly noisy copy and the reversed gold (r = −1): the order
    # cannot change on any resample
    rng = np.random.default_rng(0)
    gold = np.linspace(0, 5, 40)
    systems = {"worst": -gold, "exact": gold, "close": gold + rng.normal(0, 0.05, 40)}
    dist = bootstrap_distribution(
        gold, systems, ["pearson"], n_resamples=300, seed=1, jackknife_groups=0
    )
    res = rank_intervals(dist)
    assert res.systems == ("exact", "close", "worst")
    np.testing.assert_array_equal(res.low, [1, 2, 3])
    np.testing.assert_array_equal(res.high, [1, 2, 3])
    np.testing.assert_array_equal(res.p_best, [1, 0, 0])
    # never reversed: p = 2/(B + 1) for every pair; Holm multiplies the smallest by 3
    assert res.pvalues[0, 1] == pytest.approx(2 / 301)
    assert res.adjusted[0, 1] == pytest.approx(3 * 2 / 301)
    assert res.separable_pairs() == [("exact", "close"), ("exact", "worst"), ("close", "worst")]
    assert res.adjacent_separable() == [True, True]


def test_identical_systems_share_every_rank() -> None:
    # three identical systems tie on every resample: mean rank (k + 1)/2 = 2 each, and the
    # tie for first splits P(best) into thirds; no order to separate
    gold = np.linspace(0, 5, 20)
    same = gold + np.sin(np.arange(20))
    dist = bootstrap_distribution(
        gold, {"x": same, "y": same, "z": same}, ["spearman"], n_resamples=100, seed=0,
        jackknife_groups=0,
    )  # fmt: skip
    res = rank_intervals(dist)
    np.testing.assert_allclose(res.p_best, [1 / 3] * 3)
    np.testing.assert_array_equal(res.low, [2, 2, 2])
    np.testing.assert_array_equal(res.high, [2, 2, 2])
    assert np.isnan(res.pvalues).all() and not res.separable.any()


def test_exchangeable_systems_have_a_uniform_rank_distribution() -> None:
    # by construction every permutation of (1, 2, 3) occurs equally often across the
    # resamples: each system holds each rank in exactly a third of them
    perms = list(itertools.permutations([1.0, 2.0, 3.0]))
    resamples = np.array(perms * 50).T  # 3 systems × 300 resamples
    res = rank_intervals_from_values([2.0, 2.0, 2.0], resamples, ["p", "q", "r"])
    np.testing.assert_allclose(res.p_best, [1 / 3] * 3)
    np.testing.assert_allclose(res.mean_rank, [2.0] * 3)
    for row in res.resample_ranks:
        counts = [int((row == r).sum()) for r in (1, 2, 3)]
        assert counts == [100, 100, 100]
    np.testing.assert_array_equal(res.low, [1, 1, 1])
    np.testing.assert_array_equal(res.high, [3, 3, 3])
    off = ~np.eye(3, dtype=bool)
    np.testing.assert_allclose(res.share_above[off], 0.5)


def test_an_error_measure_ranks_the_smallest_first_and_undefined_resamples_are_dropped() -> None:
    resamples = np.array([[0.1, 0.2, np.nan, 0.1], [0.3, 0.1, 0.2, 0.4]])
    res = rank_intervals_from_values(
        [0.1, 0.3], resamples, ["low", "high"], metric="nmsse", higher_is_better=False
    )
    assert res.systems == ("low", "high")
    assert res.n_undefined == 1 and res.resample_ranks.shape == (2, 3)
    # defined resamples: low wins on 1 and 4, loses on 2 → P(best) = 2/3
    assert res.p_best[0] == pytest.approx(2 / 3)


def test_bad_input_is_one_line_error() -> None:
    with pytest.raises(InputError, match="undefined on the full data"):
        rank_intervals_from_values([0.1, np.nan], [[0.1], [0.2]], ["a", "b"])
    with pytest.raises(InputError, match="at least 2 systems"):
        rank_intervals_from_values([0.1], [[0.1]], ["a"])
    with pytest.raises(InputError, match="one row per system"):
        rank_intervals_from_values([0.1, 0.2], [[0.1, 0.2]], ["a", "b"])
    with pytest.raises(InputError, match="correction"):
        rank_intervals_from_values([0.1, 0.2], [[0.1], [0.2]], ["a", "b"], correction="bonf")


def test_as_dict_and_summary() -> None:
    res = rank_intervals_from_values(
        [0.9, 0.5], np.array([[0.9] * 50, [0.5] * 50]), ["a", "b"], metric="spearman"
    )
    d = res.as_dict()
    assert [r["system"] for r in d["systems"]] == ["a", "b"]
    assert d["systems"][0]["p_best"] == 1.0 and d["separable_pairs"] == [["a", "b"]]
    assert res.summary().startswith("a ranks first in 100% of 50 resamples")


def test_the_verdict_sentence_of_a_known_case() -> None:
    # 1000 resamples written out: a above b in the first 600, b above a in the other 400,
    # c always last. So a ranks first in 60 %, its ranks are 1 (600) and 2 (400): the 2.5th
    # and 97.5th percentiles are 1 and 2; b–c is separable, a–b (a above b in 60 %) is not.
    a = np.r_[np.full(600, 0.9), np.full(400, 0.8)]
    b = np.r_[np.full(600, 0.8), np.full(400, 0.9)]
    res = rank_intervals_from_values(
        [0.9, 0.8, 0.5], np.array([a, b, np.full(1000, 0.5)]), ["a", "b", "c"], metric="spearman"
    )
    assert res.summary() == (
        "a ranks first in 60% of 1000 resamples (95% rank interval 1–2); 1 of 2 neighbouring "
        "pairs in the ranking are separable (Holm, alpha = 0.05)."
    )


def test_too_few_resamples_to_separate_any_order_is_said() -> None:
    # 10 systems far apart, in the same order on every resample: each reversal p-value is
    # the smallest, 2/(B + 1); Holm over the 45 pairs multiplies it by 45, so on B = 1000
    # resamples it is 90/1001 = 0.0899 > 0.05 (nothing separable), on B = 1800 it is
    # 90/1801 = 0.04997 < 0.05 (every pair separable): floor(2 * 45 / 0.05) = 1800, by hand
    values = np.arange(10.0)[::-1]
    names = [f"s{i}" for i in range(10)]
    few = rank_intervals_from_values(values, np.tile(values[:, None], 1000), names)
    assert not few.separable.any() and few.resamples_needed() == 1800
    assert few.summary().endswith("; with 1000 resamples no order can be (give 1800 or more).")
    assert few.as_dict()["resamples_needed"] == 1800
    enough = rank_intervals_from_values(values, np.tile(values[:, None], 1800), names)
    assert enough.resamples_needed() is None and all(enough.adjacent_separable())
    two = rank_intervals_from_values([1.0, 0.0], np.tile([[1.0], [0.0]], 39), ["a", "b"])
    assert two.resamples_needed() == 40  # 2/(39 + 1) = 0.05 is not below 0.05
