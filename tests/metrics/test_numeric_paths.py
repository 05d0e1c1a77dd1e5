"""Kendall's τ-b by both discordant-pair counts (scipy's compiled one for large inputs, the
vectorised merge count otherwise) equals ``scipy.stats.kendalltau`` with ties."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.metrics import _numeric
from simeval.metrics._numeric import count_inversions


def _grid_data(n: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5  # a 0.2 grid: heavy ties
    clipped = np.clip(gold + rng.normal(0, 1, n), 0, 5)  # ties at 0 and 5 only
    judge = np.clip(np.round(gold + rng.normal(0, 1, n)), 0, 5)  # integer-valued 0-5
    return gold, clipped, judge


@pytest.mark.parametrize("threshold", [0, 10**9], ids=["compiled", "numpy"])
def test_kendall_equals_scipy_with_ties(monkeypatch: pytest.MonkeyPatch, threshold: int) -> None:
    monkeypatch.setattr(_numeric, "COMPILED_KENDALL_MIN", threshold)
    gold, clipped, judge = _grid_data(30_000, 7)
    untied = gold + np.random.default_rng(8).uniform(0, 0.1, gold.size)  # no tie at all
    pairs = [(gold, clipped), (gold, judge), (gold, gold[::-1].copy()), (gold, untied)]
    pairs += [(untied, judge), (untied, np.sort(untied))]  # gold side without ties
    for a, b in pairs:
        ours = se.kendall(a, b)
        ref = stats.kendalltau(a, b)
        assert ours.statistic == pytest.approx(ref.statistic, abs=1e-12, rel=0)
        assert ours.pvalue == pytest.approx(ref.pvalue, abs=1e-12, rel=1e-12)


def test_count_inversions_by_hand() -> None:
    # [3, 1, 2, 1]: pairs (3,1), (3,2), (3,1), (2,1) are inversions; (1,1) is a tie → 4
    assert count_inversions(np.array([3, 1, 2, 1])) == 4
    assert count_inversions(np.arange(10)) == 0
    assert count_inversions(np.arange(10)[::-1].copy()) == 45  # 10·9/2


def test_vdot_by_hand() -> None:
    from simeval.metrics._numeric import vdot

    # 1·4 + 2·5 + 3·6 = 32
    assert vdot(np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])) == 32.0


@pytest.mark.parametrize("metric", ["kendall", "spearman", "pearson", "mae"])
def test_integers_beyond_2_53_are_refused_not_tied(metric: str) -> None:
    # 2**60 + [0, 1, 300, 301] are four distinct integers, but float64 has 53 bits of
    # significand: as floats they are two values (τ would be 0.8165, ρ 0.894 where both
    # are 1), and 2**60 + [0, 1, 2, 3] would be one ("constant"). Refused with the reason.
    big = np.array([0, 1, 300, 301], dtype=np.int64) + 2**60
    assert len(set(big.astype(np.float64))) == 2  # the ties float64 would make
    with pytest.raises(se.InputError, match=r"integers beyond 2\*\*53"):
        getattr(se, metric)(big, [1, 2, 3, 4])
    # an integer within 2**53 stays exact: τ and ρ of an increasing sequence are 1
    assert se.kendall(big - 2**60, [1, 2, 3, 4]).statistic == 1.0


def test_percentage_errors_of_numbers_near_the_float_limit() -> None:
    # Hand values: MAPE = mean(|s − g| / |g|) × 100 = (2e308 / 1e308 + 0) / 2 × 100 = 100,
    # sMAPE = mean(2|s − g| / (|g| + |s|)) × 100 = (2 · 2e308 / 2e308 + 0) / 2 × 100 = 100
    # (the difference 2e308 overflows float64 unless both sides are scaled down first).
    assert se.mape([1e308, 1.0], [-1e308, 1.0]).statistic == pytest.approx(100.0)
    result = se.smape([1e308, 1.0], [-1e308, 1.0])
    assert result.statistic == pytest.approx(100.0) and result.reason is None
