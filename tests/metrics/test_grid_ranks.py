"""Ranks by counting (grid scores) and the threaded evaluation, against scipy and
scikit-learn on tie-heavy data: gold on a 0.2 grid, systems clipped to [0, 5] (ties at
both ends) and an integer-valued system (an LLM judge's 0-5).

References: ``scipy.stats.pearsonr`` / ``spearmanr`` / ``kendalltau``; nDCG by
scikit-learn's tie-averaging DCG (``sklearn.metrics._ranking._tie_averaged_dcg``, the
routine ``ndcg_score`` calls; McSherry & Najork 2008) given Reimers et al. (2016)'s
discount 1, 1, 1/log2 3, …; ``np.unique`` for the grid codes. n is above the sizes from
which simeval counts instead of sorting (4 096) and works in threads (50 000).
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.errors import InputError
from simeval.metrics import _numeric, _sorted, correlation, scaled
from simeval.metrics._grid import grid_levels
from simeval.metrics._sorted import SortedScores

sk_ranking = pytest.importorskip("sklearn.metrics._ranking")
evaluate_module = sys.modules["simeval.evaluation.evaluate"]

TOL = 1e-12


def grid_data(n: int, seed: int = 0) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The benchmark's data (benchmarks/run.py ``make_data``), three systems."""
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    return gold, {
        "clipped": np.clip(gold + rng.normal(0, 0.9, n), 0, 5),
        "judge": np.clip(np.round(gold + rng.normal(0, 0.8, n)), 0, 5),
        "continuous": gold + rng.normal(0, 1.0, n),
    }


def reimers_ndcg(gold, system, k=None, reverse=False, top=5.0) -> float:
    """nDCG with Reimers et al.'s discount by scikit-learn's tie-averaged DCG."""
    n = gold.size
    d = np.ones(n)
    d[1:] = 1.0 / np.log2(np.arange(2, n + 1))
    if k is not None:
        d[k:] = 0.0
    cum = np.cumsum(d)
    gains, score = (top - gold, -system) if reverse else (gold, system)
    return float(
        sk_ranking._tie_averaged_dcg(gains, score, cum)
        / sk_ranking._tie_averaged_dcg(gains, gains, cum)
    )


def test_grid_codes_match_numpy_unique() -> None:
    gold, systems = grid_data(20_000)
    for x in (gold, systems["judge"], np.array([0.0, 0.4, 2.0, 4.8] * 2000)):
        levels = grid_levels(x)
        assert levels is not None
        uniq, inverse, counts = np.unique(x, return_inverse=True, return_counts=True)
        assert np.array_equal(levels.levels, uniq)
        assert np.array_equal(levels.codes, inverse)
        assert np.array_equal(levels.counts, counts)


def test_off_grid_or_continuous_values_are_sorted_not_counted() -> None:
    gold, systems = grid_data(20_000)
    off = gold.copy()
    off[12_345] = 0.6000000000000001  # not exactly 3/5: one value off the grid
    assert grid_levels(off) is None
    assert grid_levels(systems["continuous"]) is None
    assert grid_levels(gold[:100]) is None  # short: always sorted
    # ranks of the off-grid vector still equal scipy's
    ranks = SortedScores(off).ranks
    assert np.array_equal(ranks, stats.rankdata(off))


@pytest.mark.parametrize("system", ["clipped", "judge", "continuous"])
def test_rank_correlations_equal_scipy_with_ties(system: str) -> None:
    gold, systems = grid_data(20_000)
    s = systems[system]
    for a, b in ((gold, s), (s, gold)):  # the grid on either side
        assert abs(se.spearman(a, b).statistic - stats.spearmanr(a, b).statistic) <= TOL
        assert abs(se.kendall(a, b).statistic - stats.kendalltau(a, b).statistic) <= TOL
        assert abs(se.pearson(a, b).statistic - stats.pearsonr(a, b).statistic) <= TOL
    assert np.array_equal(SortedScores(s).ranks, stats.rankdata(s))


@pytest.mark.parametrize("system", ["clipped", "judge", "continuous"])
@pytest.mark.parametrize("k", [None, 10, 1000])
def test_ndcg_equals_sklearn_tie_averaged_dcg(system: str, k: int | None) -> None:
    gold, systems = grid_data(20_000)
    s = systems[system]
    assert abs(se.ndcg(gold, s, k=k).statistic - reimers_ndcg(gold, s, k)) <= TOL
    rev = se.ndcg(gold, s, k=k, reverse=True, scale=(0, 5)).statistic
    assert abs(rev - reimers_ndcg(gold, s, k, reverse=True)) <= TOL


def test_ncg_of_grid_gold_by_hand() -> None:
    # nCG@k = sum of the top-k gains in system order / in ideal order
    gold, systems = grid_data(20_000)
    s = systems["judge"]
    k = 3000
    order = np.lexsort((np.arange(s.size), -s))
    # the judge's ties are averaged: the mean gain of the groups cut at k
    sv = s[order]
    got = 0.0
    for v in np.unique(sv)[::-1]:
        idx = np.flatnonzero(sv == v)
        inside = np.count_nonzero(idx < k)
        got += inside * gold[order][idx].mean()
    best = np.sort(gold)[::-1][:k].sum()
    assert abs(se.ncg(gold, s, k=k).statistic - got / best) <= TOL


def peer(gold: np.ndarray, s: np.ndarray) -> dict[str, float]:
    """The default metric set from scipy / scikit-learn / numpy (bins: thirds of 0-5)."""
    from sklearn.metrics import f1_score

    masks = [gold < 5 / 3, (gold >= 5 / 3) & (gold < 10 / 3), gold >= 10 / 3]
    scaled_err = np.abs(s - gold) / np.abs(s - s.mean()).mean()
    return {
        "pearson": stats.pearsonr(gold, s).statistic,
        "spearman": stats.spearmanr(gold, s).statistic,
        "scaled_pearson": float(np.mean([stats.pearsonr(gold[m], s[m]).statistic for m in masks])),
        "nmsse": 1 - math.exp(-(scaled_err**2).mean()),
        "ndcg": reimers_ndcg(gold, s),
        "f1_low": f1_score(gold < 1.5, s < 1.5),
        "f1_high": f1_score(gold > 3.5, s > 3.5),
    }


@pytest.mark.parametrize("together_max", [10**9, 1000])  # two systems at once / one + sort
def test_threaded_evaluate_equals_scipy_and_sklearn(
    monkeypatch: pytest.MonkeyPatch, together_max: int
) -> None:
    monkeypatch.setattr(evaluate_module, "TOGETHER_MAX", together_max)
    gold, systems = grid_data(60_000)
    systems.update({f"c{i}": np.clip(gold + (i + 1) * 0.3 * np.sin(gold * (i + 2)), 0, 5)
                    for i in range(3)})  # fmt: skip
    done: list[int] = []
    # "continuous" oversteps 0–5: uncalibrated, the measures read the scores as given
    ev = se.evaluate(
        gold, systems, scale=(0, 5), calibrate="none", progress=lambda i, n: done.append(i)
    )
    assert done == list(range(1, len(systems) + 1))
    assert list(ev.results) == list(systems)
    for name, s in systems.items():
        for metric, expected in peer(gold, s).items():
            assert abs(ev.value(name, metric) - expected) <= TOL, (name, metric)


def test_threaded_evaluate_reports_the_first_bad_system() -> None:
    gold, systems = grid_data(60_000)
    bad = systems["judge"].copy()
    bad[7] = np.nan
    with pytest.raises(InputError, match="`bad` has NaN at index 7"):
        se.evaluate(gold, {"clipped": systems["clipped"], "bad": bad, "more": gold}, scale=(0, 5))


def test_chunked_centring_equals_scipy(monkeypatch: pytest.MonkeyPatch) -> None:
    # from STREAM_MIN pairs on, Pearson's r (whole and per bin) is centred chunk by chunk
    for module in (_numeric, correlation, _sorted, scaled):
        monkeypatch.setattr(module, "STREAM_MIN", 1000)
    monkeypatch.setattr(_numeric, "CHUNK", 4096)
    gold, systems = grid_data(60_000)
    ev = se.evaluate(gold, systems, scale=(0, 5), metrics=["pearson", "scaled_pearson"])
    for name, s in systems.items():
        expected = peer(gold, s)
        for metric in ("pearson", "scaled_pearson"):
            assert abs(ev.value(name, metric) - expected[metric]) <= TOL
    x = np.arange(20_000) / 7.0
    assert se.pearson(x, 3 * x + 1e6).statistic == 1.0  # exactly collinear: r = 1


@pytest.mark.skipif(
    os.environ.get("SIMEVAL_LARGE_TESTS") != "1",
    reason="n = 1e7 takes about a minute; set SIMEVAL_LARGE_TESTS=1 to run it",
)
def test_default_set_at_ten_million_equals_scipy_and_sklearn() -> None:
    gold, systems = grid_data(10_000_000)
    ev = se.evaluate(gold, systems, scale=(0, 5), calibrate="none")
    for name in ("clipped", "judge"):
        expected = peer(gold, systems[name])
        # scikit-learn's float64 running sums (np.add.at) drift by ~2e-12 at this n: nDCG is
        # checked against the same tie averaging with its sums in long double
        expected["ndcg"] = long_double_ndcg(gold, systems[name])
        for metric, value in expected.items():
            assert abs(ev.value(name, metric) - value) <= TOL, (name, metric)


def long_double_ndcg(gold: np.ndarray, system: np.ndarray) -> float:
    """Tie-averaged nDCG (McSherry & Najork 2008) with Reimers' discount, summed in long
    double: group sums by ``np.add.reduceat``, discount ranges by a cumulative sum."""
    n = gold.size
    order = np.argsort(-system, kind="stable")
    sv = system[order]
    starts = np.flatnonzero(np.r_[True, sv[1:] != sv[:-1]])
    sizes = np.diff(np.r_[starts, n])
    sums = np.add.reduceat(gold[order].astype(np.longdouble), starts)
    d = np.ones(n, dtype=np.longdouble)
    d[1:] = 1 / np.log2(np.arange(2, n + 1, dtype=np.longdouble))
    cum = np.r_[np.longdouble(0), np.cumsum(d)]
    dcg = np.sum(sums / sizes * (cum[starts + sizes] - cum[starts]))
    return float(dcg / np.sum(np.sort(gold)[::-1].astype(np.longdouble) * d))


def test_long_double_reference_equals_sklearn_at_moderate_n() -> None:
    gold, systems = grid_data(20_000)
    for s in systems.values():
        assert abs(long_double_ndcg(gold, s) - reimers_ndcg(gold, s)) <= TOL
