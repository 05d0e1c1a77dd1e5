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
