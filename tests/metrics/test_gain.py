"""nCG, nDCG and their AvgRank means (Reimers et al. 2016, §2).

The reference below is deliberately naive: it enumerates every order of the pairs tied in
the system scores (itertools), computes the plain (D)CG of each order with a loop over
positions, and averages — the expected value over tie orders, which is what the
paper's m_i means when system scores tie.
simeval must agree with it while using the mean gain of each tied group.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest

import simeval as se
from simeval.metrics.gain import AVG_RANK_KS


def reimers_discount(i: int) -> float:
    """Weight of 1-based position i: DCG_k = m_1 + Σ_{i=2..k} m_i / log2(i)."""
    return 1.0 if i == 1 else 1.0 / math.log2(i)


def sklearn_discount(i: int) -> float:
    """scikit-learn's ndcg_score weight: 1 / log2(i + 1)."""
    return 1.0 / math.log2(i + 1)


def flat(i: int) -> float:
    return 1.0


def _cg(gains: Sequence[float], k: int, weight: Callable[[int], float]) -> float:
    total = 0.0
    for pos in range(1, min(k, len(gains)) + 1):
        total += gains[pos - 1] * weight(pos)
    return total


def reference(
    gold: Sequence[float],
    system: Sequence[float],
    *,
    k: int | None = None,
    weight: Callable[[int], float] = reimers_discount,
    reverse: bool = False,
    top: float | None = None,
) -> float:
    """Expected normalized (D)CG over every order of the system's tied groups."""
    n = len(gold)
    k = n if k is None else k
    if reverse:
        top = max(gold) if top is None else top
        gains = [top - g for g in gold]
        # lowest system score first
        values = sorted(set(system))
    else:
        gains = list(gold)
        values = sorted(set(system), reverse=True)
    groups = [[i for i in range(n) if system[i] == v] for v in values]
    orders = [list(itertools.permutations(group)) for group in groups]
    total, count = 0.0, 0
    for combo in itertools.product(*orders):
        ranking = [i for part in combo for i in part]
        total += _cg([gains[i] for i in ranking], k, weight)
        count += 1
    ideal = _cg(sorted(gains, reverse=True), k, weight)
    return (total / count) / ideal


def _cases(count: int, n_max: int, seed: int) -> list[tuple[list[float], list[float]]]:
    rng = np.random.default_rng(seed)
    cases = []
    for _ in range(count):
        n = int(rng.integers(2, n_max + 1))
        gold = (rng.integers(0, 11, n) / 2).tolist()  # 0..5 in halves: ties
        system = rng.integers(0, 4, n).astype(float).tolist()  # 4 values: big tied groups
        if sum(gold) == 0:
            gold[0] = 1.0
        cases.append((gold, system))
    return cases


CASES = _cases(40, 7, seed=2016)


@pytest.mark.parametrize(("gold", "system"), CASES)
@pytest.mark.parametrize("k", [None, 1, 2, 3, 5])
def test_ncg_ndcg_match_permutation_reference(gold: list, system: list, k: int | None) -> None:
    assert se.ncg(gold, system, k=k).statistic == pytest.approx(
        reference(gold, system, k=k, weight=flat), abs=1e-12
    )
    assert se.ndcg(gold, system, k=k).statistic == pytest.approx(
        reference(gold, system, k=k), abs=1e-12
    )


@pytest.mark.parametrize(("gold", "system"), CASES[:20])
@pytest.mark.parametrize("k", [None, 2, 4])
def test_reversed_variants_match_reference(gold: list, system: list, k: int | None) -> None:
    # Reimers et al. (2016, §2) reverse the order of m: lowest first; the gain is hi − g with
    # hi the top of the declared scale (5 here), so that less similar pairs gain more.
    if all(g == 5.0 for g in gold):
        pytest.skip("ideal reversed gain is 0")
    assert se.ncg(gold, system, k=k, reverse=True, scale=(0, 5)).statistic == pytest.approx(
        reference(gold, system, k=k, weight=flat, reverse=True, top=5.0), abs=1e-12
    )
    assert se.ndcg(gold, system, k=k, reverse=True, scale=(0, 5)).statistic == pytest.approx(
        reference(gold, system, k=k, reverse=True, top=5.0), abs=1e-12
    )


def test_reversed_default_top_is_max_gold() -> None:
    gold = [0.0, 1.0, 2.0, 4.0]
    system = [0.3, 0.1, 0.2, 0.0]
    assert se.ndcg(gold, system, reverse=True).statistic == pytest.approx(
        reference(gold, system, reverse=True, top=4.0), abs=1e-12
    )


def test_reference_with_sklearn_discount_equals_sklearn() -> None:
    # Validates the reference itself: with scikit-learn's discount 1/log2(i+1) it reproduces
    # sklearn.metrics.ndcg_score (which also averages over ties, ignore_ties=False).
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    for gold, system in CASES[:15]:
        for k in (None, 3):
            expected = sklearn_metrics.ndcg_score([gold], [system], k=k)
            got = reference(gold, system, k=k, weight=sklearn_discount)
            assert got == pytest.approx(expected, abs=1e-12)


def test_reimers_discount_gives_positions_1_and_2_weight_1() -> None:
    # Two pairs, system ranks them backwards: gains in system order 0, 1.
    # Reimers et al. (2016, §2): DCG = 0 + 1/log2(2) = 1 = iDCG (1 + 0/log2 2) → nDCG = 1.
    # scikit-learn: DCG = 0 + 1/log2(3) = 0.6309, iDCG = 1 → 0.6309. They differ.
    gold, system = [1.0, 0.0], [0.0, 1.0]
    assert se.ndcg(gold, system).statistic == pytest.approx(1.0, abs=1e-15)
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    assert sklearn_metrics.ndcg_score([gold], [system]) == pytest.approx(1 / math.log2(3))


def test_reimers_discount_differs_from_sklearn_on_longer_lists() -> None:
    gold = [3.0, 2.0, 1.0, 0.0, 2.5]
    system = [0.1, 0.5, 0.9, 0.3, 0.2]
    ours = se.ndcg(gold, system).statistic
    assert ours == pytest.approx(reference(gold, system), abs=1e-12)
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    theirs = sklearn_metrics.ndcg_score([gold], [system])
    assert theirs == pytest.approx(reference(gold, system, weight=sklearn_discount), abs=1e-12)
    assert abs(ours - theirs) > 1e-3


def test_hand_example_ndcg() -> None:
    # gold 3,2,1; system orders them 1,2,3 → gains in system order 1, 2, 3.
    # DCG = 1 + 2 + 3/log2 3; iDCG = 3 + 2 + 1/log2 3.
    expected = (1 + 2 + 3 / math.log2(3)) / (3 + 2 + 1 / math.log2(3))
    assert se.ndcg([3, 2, 1], [0.1, 0.5, 0.9]).statistic == pytest.approx(expected, abs=1e-15)


def test_tied_group_gets_mean_gain() -> None:
    # All system scores tied: every position's expected gain is mean(gold) = 2.
    # nCG@1 = 2 / 4; nDCG@2 = (2 + 2)/(4 + 2).
    gold, system = [4.0, 2.0, 0.0], [1.0, 1.0, 1.0]
    assert se.ncg(gold, system, k=1).statistic == pytest.approx(0.5, abs=1e-15)
    assert se.ndcg(gold, system, k=2).statistic == pytest.approx(4 / 6, abs=1e-15)


def test_k_beyond_n_is_all_pairs() -> None:
    gold, system = [3.0, 0.5, 2.0, 4.0], [0.2, 0.1, 0.9, 0.4]
    for fn in (se.ncg, se.ndcg):
        full = fn(gold, system).statistic
        assert fn(gold, system, k=4).statistic == pytest.approx(full, abs=1e-15)
        assert fn(gold, system, k=100).statistic == pytest.approx(full, abs=1e-15)
    # nCG over all pairs is 1 by construction (both sums are Σ gold).
    assert se.ncg(gold, system).statistic == pytest.approx(1.0, abs=1e-15)


def test_avg_rank_is_mean_of_k_3_5_10() -> None:
    assert AVG_RANK_KS == (3, 5, 10)
    rng = np.random.default_rng(3)
    gold = (rng.integers(0, 11, 14) / 2).tolist()
    system = rng.permutation(14).astype(float).tolist()  # no ties: one order
    ncg_ref = np.mean([reference(gold, system, k=k, weight=flat) for k in (3, 5, 10)])
    ndcg_ref = np.mean([reference(gold, system, k=k) for k in (3, 5, 10)])
    assert se.ncg_avg_rank(gold, system).statistic == pytest.approx(ncg_ref, abs=1e-12)
    assert se.ndcg_avg_rank(gold, system).statistic == pytest.approx(ndcg_ref, abs=1e-12)


def test_avg_rank_with_ties_and_short_list() -> None:
    # n = 6 < 10: nCG@10 is nCG over all 6 pairs.
    gold, system = [5.0, 1.0, 3.0, 0.0, 4.5, 2.0], [2.0, 1.0, 2.0, 0.0, 1.0, 2.0]
    expected = np.mean([reference(gold, system, k=k) for k in (3, 5, 10)])
    assert se.ndcg_avg_rank(gold, system).statistic == pytest.approx(expected, abs=1e-12)


def test_reversed_avg_rank() -> None:
    gold, system = [5.0, 1.0, 3.0, 0.0, 4.5, 2.0], [2.0, 1.0, 2.5, 0.0, 1.5, 2.2]
    expected = np.mean(
        [reference(gold, system, k=k, weight=flat, reverse=True, top=5.0) for k in (3, 5, 10)]
    )
    got = se.ncg_avg_rank(gold, system, reverse=True, scale=(0, 5)).statistic
    assert got == pytest.approx(expected, abs=1e-12)


def test_zero_ideal_gain_is_undefined() -> None:
    res = se.ndcg([0.0, 0.0, 0.0], [0.1, 0.2, 0.3])
    assert math.isnan(res.statistic) and res.reason
    res = se.ncg_avg_rank([0.0, 0.0, 0.0], [0.1, 0.2, 0.3])
    assert math.isnan(res.statistic) and res.reason


def test_empty_is_undefined() -> None:
    res = se.ndcg([], [])
    assert math.isnan(res.statistic) and res.reason


@pytest.mark.parametrize("k", [0, -1, 2.5, True])
def test_bad_k_raises(k) -> None:
    with pytest.raises(se.InputError, match="k"):
        se.ndcg([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], k=k)


def test_nan_policy() -> None:
    gold, system = [3.0, math.nan, 2.0, 1.0], [0.3, 0.2, 0.1, 0.5]
    with pytest.raises(se.InputError):
        se.ndcg(gold, system)
    got = se.ndcg(gold, system, nan_policy="omit")
    assert got.n == 3
    assert got.statistic == pytest.approx(reference([3.0, 2.0, 1.0], [0.3, 0.1, 0.5]), abs=1e-12)


def test_ncg_ndcg_never_exceed_one_with_tied_groups() -> None:
    # CG_k ≤ iCG_k by definition (the ideal order maximizes every prefix sum), so nCG ≤ 1
    # and the registry bounds say (0, 1). Found by the registry property test: the tie-mean
    # gains of a tied group summed in another order than the ideal gains overshoot by 1 ulp.
    gold = [0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.5]
    system = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.25]
    assert reference(gold, system, weight=flat) == 1.0
    for fn in (se.ncg, se.ndcg):
        for k in (None, 3, 7):
            assert fn(gold, system, k=k).statistic <= 1.0, (fn.__name__, k)
    rng = np.random.default_rng(11)
    for _ in range(200):
        n = int(rng.integers(3, 30))
        g = rng.integers(0, 11, n) / 2.0
        s = rng.integers(0, 3, n) / 4.0
        if g.sum() == 0:
            continue
        for fn in (se.ncg, se.ndcg):
            assert fn(g, s).statistic <= 1.0


def test_negative_gold_scores_are_not_gains() -> None:
    # CG sums gold scores as gains (Järvelin & Kekäläinen 2002); a negative gain makes
    # nDCG leave [0, 1] (here (−1 + 2)/(2 − 1) would be fine, but (2 − 1)/(2 − 1) = 1 for
    # the worst order is not): undefined with the reason instead.
    res = se.ndcg([-1.0, 2.0, 0.5], [0.9, 0.1, 0.5])
    assert math.isnan(res.statistic) and "negative" in res.reason
    # reversed gains top − g are never negative
    assert not math.isnan(se.ndcg([-1.0, 2.0, 0.5], [0.9, 0.1, 0.5], reverse=True).statistic)
