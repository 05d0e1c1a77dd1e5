"""Kendall's τ-b and nCG/nDCG on weighted resamples (their records' weighted forms,
``simeval.metrics.weighted.kendall`` and ``.gain``) against loops over the very same
resamples.

References: ``scipy.stats.kendalltau`` (τ-b) on each resample; for nCG/nDCG a loop written
here from Reimers, Beyer & Gurevych (2016, §2) — gains are the gold scores in system order,
highest first, each tie group of system scores taking the mean gold score of its pairs
(scikit-learn ``ndcg_score``'s tie rule), discount 1 at positions 1 and 2 and 1/log2(i)
after (Järvelin & Kekäläinen 2002) — and scikit-learn's own tie-averaged DCG with that
discount. Data with heavy ties on both sides: gold on a 0.2 grid, systems clipped to the
scale, an integer-valued system.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats

from simeval.metrics.weighted import kendall as rank_kernels
from simeval.stats.bootstrap import bootstrap_distribution, resample_indices


def _data(n: int = 150, seed: int = 3) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    systems = {f"s{i}": np.clip(gold + rng.normal(0, 0.7 + 0.3 * i, n), 0, 5) for i in range(3)}
    systems["judge"] = np.clip(np.round(gold + rng.normal(0, 0.8, n)), 0, 5)
    systems["coarse"] = np.round(systems["s0"])  # 6 values: many ties
    return gold, systems


def _indices(n: int, B: int) -> np.ndarray:
    return next(iter(resample_indices(n, B, np.random.default_rng(0), chunk_size=B)))


def _close(ours: np.ndarray, ref: np.ndarray) -> None:
    assert np.array_equal(np.isnan(ours), np.isnan(ref))
    assert np.nanmax(np.abs(ours - ref)) <= 1e-12


@pytest.mark.parametrize("gold_kind", ["grid", "continuous", "integer"])
@pytest.mark.parametrize("levels", [128, 0])  # 0: no level blocks, the compiled count only
def test_kendall_equals_scipy_kendalltau_on_the_same_resamples(monkeypatch, levels, gold_kind):
    monkeypatch.setattr(rank_kernels, "KENDALL_LEVELS", levels)
    monkeypatch.setattr(rank_kernels, "KENDALL_BLOCK", 16)  # several blocks at n = 150
    gold, systems = _data()
    if gold_kind == "continuous":  # then the judge and "coarse" are the sides with few values
        gold = gold + np.random.default_rng(9).normal(0, 0.01, gold.size)
    elif gold_kind == "integer":  # tie groups of ~25 pairs: larger than a block
        gold = np.round(gold)
    B = 80
    dist = bootstrap_distribution(gold, systems, ["kendall"], n_resamples=B, seed=0)
    ref = np.array(
        [
            [stats.kendalltau(gold[r], s[r]).statistic for r in _indices(gold.size, B)]
            for s in systems.values()
        ]
    )
    _close(dist.resamples[0], ref)
    observed = [stats.kendalltau(gold, s).statistic for s in systems.values()]
    _close(dist.observed[0], np.array(observed))


def test_kendall_jackknife_equals_deleting_each_pair():
    gold, systems = _data(n=40)
    dist = bootstrap_distribution(
        gold, systems, ["kendall"], n_resamples=5, seed=0, jackknife_groups=None
    )
    keep = ~np.eye(gold.size, dtype=bool)
    for j, s in enumerate(systems.values()):
        loo = [stats.kendalltau(gold[k], s[k]).statistic for k in keep]  # groups are shuffled
        np.testing.assert_allclose(np.sort(dist.jackknife[0, j]), np.sort(loo), rtol=0, atol=1e-12)


def test_kendall_undefined_resamples_are_nan_as_in_scipy():
    # 5 pairs and 3 gold values: some resamples draw one gold value only (τ undefined)
    gold = np.array([0.0, 0.0, 1.0, 1.0, 2.0])
    system = np.array([0.1, 0.4, 0.2, 0.9, 0.3])
    B = 300
    dist = bootstrap_distribution(gold, {"a": system}, ["kendall"], n_resamples=B, seed=0)
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns on constant input
        ref = np.array([stats.kendalltau(gold[r], system[r]).statistic for r in _indices(5, B)])
    assert np.isnan(ref).any()
    _close(dist.resamples[0, 0], ref)


def test_kendall_without_the_compiled_count(monkeypatch):
    # scipy's count is private: the vectorized merge count must give the same numbers
    gold, systems = _data(n=60)
    monkeypatch.setattr(rank_kernels, "KENDALL_LEVELS", 0)
    monkeypatch.setattr(
        rank_kernels,
        "_discordant_counter",
        lambda: lambda x, y: int(rank_kernels.count_inversions(y)),
    )
    dist = bootstrap_distribution(gold, systems, ["kendall"], n_resamples=20, seed=0)
    ref = np.array(
        [
            [stats.kendalltau(gold[r], s[r]).statistic for r in _indices(gold.size, 20)]
            for s in systems.values()
        ]
    )
    _close(dist.resamples[0], ref)


def _ranking_loop(g, s, k=None, discounted=True, reverse=False, top=5.0):
    """Reimers et al. (2016) nCG/nDCG of one sample, written out directly."""
    if not reverse and g.min() < 0:
        return math.nan
    key = s if reverse else -s
    gains = top - g if reverse else g
    order = np.argsort(key, kind="stable")
    ranked = gains[order].copy()
    sk = key[order]
    i = 0
    while i < len(sk):  # every tie group of system scores gets its mean gain
        j = i
        while j + 1 < len(sk) and sk[j + 1] == sk[i]:
            j += 1
        ranked[i : j + 1] = ranked[i : j + 1].mean()
        i = j + 1
    ideal = np.sort(gains)[::-1]
    kk = len(g) if k is None else min(k, len(g))
    pos = np.arange(1, kk + 1)
    d = 1.0 / np.log2(np.maximum(pos, 2)) if discounted else np.ones(kk)
    best = float(ideal[:kk] @ d)
    return math.nan if best <= 0 else min(float(ranked[:kk] @ d) / best, 1.0)


@pytest.mark.parametrize(
    ("metric", "parts"),
    [
        ("ndcg", [(None, True, False)]),
        ("ndcg@10", [(10, True, False)]),
        ("ncg@5", [(5, False, False)]),
        ("ndcg_rev", [(None, True, True)]),
        ("ncg_rev@7", [(7, False, True)]),
        ("ndcg_avg_rank", [(3, True, False), (5, True, False), (10, True, False)]),
    ],
)
def test_ranking_measures_equal_a_loop_on_the_same_resamples(metric, parts):
    gold, systems = _data()
    B = 60
    dist = bootstrap_distribution(gold, systems, [metric], n_resamples=B, seed=0, scale=(0, 5))
    idx = _indices(gold.size, B)
    ref = np.array(
        [
            [np.mean([_ranking_loop(gold[r], s[r], *p) for p in parts]) for r in idx]
            for s in systems.values()
        ]
    )
    _close(dist.resamples[0], ref)
    full = [np.mean([_ranking_loop(gold, s, *p) for p in parts]) for s in systems.values()]
    _close(dist.observed[0], np.array(full))


def test_ndcg_equals_scikit_learn_tie_averaged_dcg_with_the_same_discount():
    ranking = pytest.importorskip("sklearn.metrics._ranking")
    gold, systems = _data(n=90)
    B = 30
    dist = bootstrap_distribution(gold, systems, ["ndcg"], n_resamples=B, seed=0)
    n = gold.size
    cum = np.cumsum(1.0 / np.log2(np.maximum(np.arange(1, n + 1), 2)))
    ref = np.array(
        [
            [
                ranking._tie_averaged_dcg(gold[r], s[r], cum)
                / ranking._tie_averaged_dcg(gold[r], gold[r], cum)
                for r in _indices(n, B)
            ]
            for s in systems.values()
        ]
    )
    _close(dist.resamples[0], np.minimum(ref, 1.0))


def test_ndcg_is_nan_on_resamples_that_draw_a_negative_gold_score():
    rng = np.random.default_rng(5)
    gold = np.r_[-1.0, rng.uniform(0, 5, 7)]
    system = gold + rng.normal(0, 1, 8)
    B = 40
    dist = bootstrap_distribution(gold, {"a": system}, ["ndcg"], n_resamples=B, seed=0)
    ref = np.array([_ranking_loop(gold[r], system[r]) for r in _indices(8, B)])
    assert np.isnan(ref).any() and not np.isnan(ref).all()
    _close(dist.resamples[0, 0], ref)


def test_the_ranking_records_own_their_parts():
    from simeval.metrics.registry import get_metric

    assert get_metric("ndcg_rev@10").resampled.parts == ((10, True, True),)
    assert get_metric("ncg_avg_rank").resampled.parts == (
        (3, False, False),
        (5, False, False),
        (10, False, False),
    )
    assert get_metric("rankdcg").resampled is None  # its kernel runs once per resample


def test_the_engine_batches_kendall_and_the_ranking_measures():
    from simeval.options import Options
    from simeval.stats.bootstrap.engine import Engine, sample_of
    from simeval.stats.bootstrap.expressions import parse_metric

    gold, systems = _data(n=30)
    names = ["kendall", "ndcg_avg_rank", "ncg_rev@5", "ndcg"]
    leaves = [parse_metric(m) for m in names]
    opts = Options(scale=(0, 5)).resolve(gold)
    S = np.vstack(list(systems.values()))
    engine = Engine(sample_of(gold, S, S, opts, [leaf.metric for leaf in leaves]), leaves)
    assert engine.per_resample == []
    assert {m.name for m in engine.formed} == set(names)
