"""RankDCG (Katerenchuk & Rosenberg 2018) against the authors' algorithm transcribed in
``tests/reference/rankdcg_reference.py``, and hand values; MAPE and sMAPE by hand."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import pytest

import simeval as se

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))
from rankdcg_reference import reference_rankdcg


def test_hand_values() -> None:
    # gold 3, 2, 1 (D = 3, discounts 1, 2, 3): ideal 3/1 + 2/2 + 1/3 = 13/3, reversed
    # 1/1 + 2/2 + 3/3 = 3; system order gold 2, 3, 1 → 2/1 + 3/2 + 1/3 = 23/6
    # → (23/6 − 3)/(13/3 − 3) = (5/6)/(4/3) = 0.625
    assert se.rankdcg([3, 2, 1], [0.2, 0.5, 0.1]).statistic == pytest.approx(0.625)
    assert se.rankdcg([3, 2, 1], [0.9, 0.5, 0.1]).statistic == 1.0
    assert se.rankdcg([3, 2, 1], [0.1, 0.5, 0.9]).statistic == 0.0


@pytest.mark.parametrize("seed", range(6))
def test_equals_the_authors_algorithm_with_ties(seed) -> None:
    rng = np.random.default_rng(seed)
    n = 60
    gold = np.round(rng.uniform(0, 5, n) * 2) / 2  # ties in gold
    system = np.round(gold + rng.normal(0, 1.0, n), 0)  # ties in the system too
    expected = reference_rankdcg(gold.tolist(), system.tolist())
    assert se.rankdcg(gold, system).statistic == pytest.approx(expected, abs=1e-12)


def test_tied_system_scores_are_pessimistic() -> None:
    # one tie of the system over gold 3 and 1: the lowest gold is taken first
    got = se.rankdcg([3, 1, 2], [0.5, 0.5, 0.1]).statistic
    assert got == pytest.approx(reference_rankdcg([3, 1, 2], [0.5, 0.5, 0.1]), abs=1e-12)
    assert got < se.rankdcg([3, 1, 2], [0.6, 0.5, 0.1]).statistic


def test_constant_gold_is_undefined() -> None:
    res = se.rankdcg([2, 2, 2], [1, 2, 3])
    assert math.isnan(res.statistic) and "same" in res.reason


def test_mape_and_smape_by_hand() -> None:
    # MAPE: (|1 − 1.5|/1 + 0 + |4 − 3|/4) · 100/3 = (50 + 0 + 25)/3
    assert se.mape([1, 2, 4], [1.5, 2, 3]).statistic == pytest.approx(25.0)
    # sMAPE: 2|g − s|/(|g| + |s|) = 0.4, 0, 2/7 → mean · 100
    assert se.smape([1, 2, 4], [1.5, 2, 3]).statistic == pytest.approx(100 * (0.4 + 0 + 2 / 7) / 3)
    res = se.mape([0, 1, 2], [0.5, 1, 2])  # STS has gold scores of 0
    assert math.isnan(res.statistic) and "0" in res.reason
    assert se.smape([0, 0], [0, 0]).statistic == 0.0  # 0/0 pairs add nothing


def test_in_evaluate_and_the_grammar() -> None:
    ev = se.evaluate([1, 2, 3, 4], {"a": [1, 3, 2, 4]}, metrics=["rankdcg", "smape"])
    assert ev.value("a", "rankdcg") == pytest.approx(reference_rankdcg([1, 2, 3, 4], [1, 3, 2, 4]))
    assert se.get_metric("hmean(pearson,rankdcg)").higher_is_better
