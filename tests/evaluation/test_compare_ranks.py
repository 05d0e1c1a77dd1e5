"""The rank intervals ``compare`` draws from its own bootstrap resamples.

Expected values come from a brute-force computation written here (resample indices drawn by
the documented scheme ``default_rng(seed).integers(0, n, (B, n))``, scipy's Pearson r on
each resample, ranks, quantiles and Holm's (1979) correction counted by hand), from
:func:`simeval.stats.rank_intervals.rank_intervals` on the comparison's distribution, and
from cases whose ranks are known by construction (systems far apart; identical systems).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import pearsonr

from simeval.evaluation.compare import compare
from simeval.stats.rank_intervals import rank_intervals

GOLD = np.array([0.2, 1.1, 1.9, 2.4, 3.0, 3.3, 4.1, 4.4, 4.8, 0.7, 2.8, 3.9])
SYSTEMS = {
    "a": GOLD + np.array([0.3, -0.4, 0.5, -0.2, 0.1, 0.6, -0.5, 0.2, -0.3, 0.4, -0.1, 0.2]),
    "b": GOLD + np.array([-0.6, 0.8, -0.2, 0.9, -0.7, 0.1, 0.6, -0.9, 0.4, -0.3, 0.5, -0.8]),
    "c": GOLD + np.array([0.5, -0.3, -0.6, 0.4, 0.8, -0.9, 0.2, 0.7, -0.4, 0.9, -0.8, 0.3]),
}


def _hand_ranks(values: list[float]) -> list[float]:
    """1 = largest; tied values share the mean of the positions they occupy."""
    return [sum(w > v for w in values) + (sum(w == v for w in values) + 1) / 2 for v in values]


def _hand_quantile(sorted_values: list[float], q: float) -> float:
    """The empirical (inverted-CDF) quantile: the smallest value whose share of values at
    or below it reaches q."""
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def _holm(p: dict[tuple[str, str], float]) -> dict[tuple[str, str], float]:
    """Holm (1979): the i-th smallest of m p-values times (m − i + 1), made monotone."""
    order = sorted(p, key=p.__getitem__)
    out, running = {}, 0.0
    for i, pair in enumerate(order):
        running = max(running, min(1.0, (len(order) - i) * p[pair]))
        out[pair] = running
    return out


def test_rank_intervals_of_compare_equal_a_brute_force_computation() -> None:
    B, seed, level = 120, 5, 0.9
    cmp = compare(GOLD, SYSTEMS, metrics=["pearson"], n_resamples=B, seed=seed,
                  ci="percentile", confidence_level=level)  # fmt: skip
    res = cmp.ranks["pearson"]
    names = list(SYSTEMS)
    observed = [pearsonr(GOLD, SYSTEMS[s])[0] for s in names]
    best_first = sorted(names, key=lambda s: -observed[names.index(s)])
    assert res.systems == tuple(best_first)
    # the same resamples, scipy's Pearson on each, ranks by hand
    idx = np.random.default_rng(seed).integers(0, GOLD.size, (B, GOLD.size))
    ranks = {s: [] for s in names}
    first = dict.fromkeys(names, 0.0)
    for row in idx:
        r = _hand_ranks([pearsonr(GOLD[row], SYSTEMS[s][row])[0] for s in names])
        top = [s for s, x in zip(names, r) if x == min(r)]
        for s, x in zip(names, r):
            ranks[s].append(x)
            first[s] += (s in top) / len(top)
    for i, s in enumerate(res.systems):
        ordered = sorted(ranks[s])
        assert res.low[i] == _hand_quantile(ordered, 0.05)
        assert res.high[i] == _hand_quantile(ordered, 0.95)
        assert res.p_best[i] == pytest.approx(first[s] / B, abs=1e-12)
    # separable order: reversals (ties half) → p = min(1, 2(c + 1)/(B + 1)), then Holm
    raw = {}
    for i, a in enumerate(best_first):
        for b in best_first[i + 1 :]:
            c = sum((x > y) + 0.5 * (x == y) for x, y in zip(ranks[a], ranks[b]))
            raw[(a, b)] = min(1.0, 2 * (c + 1) / (B + 1))
    adjusted = _holm(raw)
    for (a, b), p in adjusted.items():
        i, j = res.systems.index(a), res.systems.index(b)
        assert res.adjusted[i, j] == pytest.approx(p, abs=1e-12)
    assert res.separable_pairs() == [pair for pair in raw if adjusted[pair] < cmp.alpha]


def test_rank_intervals_are_those_of_the_comparisons_distribution() -> None:
    cmp = compare(GOLD, SYSTEMS, scale=(0, 5), n_resamples=150, seed=1, confidence_level=0.9,
                  alpha=0.1)  # fmt: skip
    assert set(cmp.ranks) == set(cmp.metrics)
    for m in cmp.metrics:
        alone = rank_intervals(cmp.distribution, m, confidence_level=0.9, alpha=0.1)
        mine = cmp.ranks[m]
        assert mine.systems == alone.systems
        for field in ("ranks", "low", "high", "p_best", "mean_rank", "adjusted"):
            np.testing.assert_array_equal(getattr(mine, field), getattr(alone, field))
        assert mine.separable_pairs() == alone.separable_pairs()
        assert (mine.n_resamples, mine.seed) == (150, 1)


def test_systems_far_apart_have_intervals_of_width_zero() -> None:
    # r ≈ 0.99, ≈ 0.7 and ≈ 0 by construction on 200 pairs: no resample reorders them
    rng = np.random.default_rng(2)
    gold = rng.uniform(0, 5, 200)
    systems = {"noisy": gold + rng.normal(0, 2, 200), "good": gold + rng.normal(0, 0.3, 200),
               "random": rng.uniform(0, 5, 200)}  # fmt: skip
    res = compare(gold, systems, metrics=["spearman"], n_resamples=200, seed=0).ranks["spearman"]
    assert res.systems == ("good", "noisy", "random")
    assert res.low.tolist() == res.high.tolist() == [1.0, 2.0, 3.0]
    assert res.p_best.tolist() == [1.0, 0.0, 0.0]
    assert res.separable_pairs() == [("good", "noisy"), ("good", "random"), ("noisy", "random")]


def test_identical_systems_share_every_rank_and_none_is_separable() -> None:
    same = SYSTEMS["a"]
    res = compare(GOLD, {"x": same, "y": same.copy()}, metrics=["pearson"], n_resamples=100,
                  seed=0).ranks["pearson"]  # fmt: skip
    assert res.ranks.tolist() == res.low.tolist() == res.high.tolist() == [1.5, 1.5]
    assert res.p_best.tolist() == [0.5, 0.5]  # a tie for first splits the share
    assert res.separable_pairs() == []


def test_a_system_with_an_undefined_value_is_left_out_of_the_ranks() -> None:
    flat = np.full(GOLD.size, 2.0)  # constant: Pearson's r is undefined
    cmp = compare(GOLD, {"a": SYSTEMS["a"], "b": SYSTEMS["b"], "flat": flat},
                  metrics=["pearson"], n_resamples=100, seed=0)  # fmt: skip
    assert cmp.ranks["pearson"].systems == ("a", "b")
    alone = compare(GOLD, {"a": SYSTEMS["a"], "flat": flat}, metrics=["pearson"],
                    n_resamples=100, seed=0)  # fmt: skip
    assert alone.ranks == {}  # one ranked system: nothing to rank it against
