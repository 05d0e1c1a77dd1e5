"""Accuracy and F1 for low/high similarity, hmean, macro_avg (Reimers et al. 2016, §2).

Expected values: scikit-learn's ``f1_score`` / ``accuracy_score`` on the binary labels
derived by hand (low: ``x < 1.5``; high: ``x > 3.5``), and hand calculations.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import simeval as se

sklearn_metrics = pytest.importorskip("sklearn.metrics")


def _sample(seed: int, n: int = 200) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    gold = rng.integers(0, 11, n) / 2.0  # halves: many values exactly on 1.5 and 3.5
    system = np.clip(gold + rng.normal(0, 1.0, n).round(1), 0, 5)
    system[:5] = [1.5, 3.5, 1.4999, 3.5001, 0.0]  # exactly on and next to the borders
    return gold, system


@pytest.mark.parametrize("seed", range(5))
def test_against_sklearn_default_borders(seed: int) -> None:
    g, s = _sample(seed)
    assert se.accuracy_low(g, s).statistic == pytest.approx(
        sklearn_metrics.accuracy_score(g < 1.5, s < 1.5), abs=1e-15
    )
    assert se.accuracy_high(g, s).statistic == pytest.approx(
        sklearn_metrics.accuracy_score(g > 3.5, s > 3.5), abs=1e-15
    )
    assert se.f1_low(g, s).statistic == pytest.approx(
        sklearn_metrics.f1_score(g < 1.5, s < 1.5), abs=1e-15
    )
    assert se.f1_high(g, s).statistic == pytest.approx(
        sklearn_metrics.f1_score(g > 3.5, s > 3.5), abs=1e-15
    )


@pytest.mark.parametrize("seed", range(3))
def test_against_sklearn_configured_borders(seed: int) -> None:
    g, s = _sample(seed)
    assert se.f1_low(g, s, border=2.0).statistic == pytest.approx(
        sklearn_metrics.f1_score(g < 2.0, s < 2.0), abs=1e-15
    )
    assert se.f1_high(g, s, border=3.0).statistic == pytest.approx(
        sklearn_metrics.f1_score(g > 3.0, s > 3.0), abs=1e-15
    )
    assert se.accuracy_low(g, s, border=2.0).statistic == pytest.approx(
        sklearn_metrics.accuracy_score(g < 2.0, s < 2.0), abs=1e-15
    )
    assert se.accuracy_high(g, s, border=3.0).statistic == pytest.approx(
        sklearn_metrics.accuracy_score(g > 3.0, s > 3.0), abs=1e-15
    )


def test_system_scale_mapping() -> None:
    # Cosine on −1..1 mapped onto 0..5: s' = (s + 1)·2.5.
    rng = np.random.default_rng(7)
    g = rng.integers(0, 11, 100) / 2.0
    s = np.clip(g / 2.5 - 1 + rng.normal(0, 0.3, 100), -1, 1)
    mapped = (s + 1) * 2.5
    got = se.f1_high(g, s, scale=(0, 5), system_scale=(-1, 1), calibrate="none").statistic
    assert got == pytest.approx(sklearn_metrics.f1_score(g > 3.5, mapped > 3.5), abs=1e-12)
    got = se.accuracy_low(g, s, scale=(0, 5), system_scale=(-1, 1), calibrate="none").statistic
    assert got == pytest.approx(sklearn_metrics.accuracy_score(g < 1.5, mapped < 1.5), abs=1e-12)


def test_border_values_are_not_low_or_high() -> None:
    # low is strictly below 1.5, high strictly above 3.5 on the STS scale (Reimers et al. 2016).
    g = [1.5, 3.5, 1.0, 4.0]
    s = [1.5, 3.5, 1.0, 4.0]
    # Only pair 3 is low and only pair 4 is high, in both gold and system → F1 = 1.
    assert se.f1_low(g, s, scale=(0, 5)).statistic == 1.0
    assert se.f1_high(g, s, scale=(0, 5)).statistic == 1.0
    # System 1.5 for a gold 1.0 pair: predicted not-low → FN. F1 = 2·0/(1 + 0) = 0.
    assert se.f1_low([1.0, 3.0, 3.0], [1.5, 3.0, 3.0], scale=(0, 5)).statistic == 0.0


def test_f1_undefined_when_class_absent_everywhere() -> None:
    # No pair low in gold or system: F1 = 0/0, NaN with a reason (sklearn: zero_division).
    res = se.f1_low([2.0, 3.0, 4.0], [2.5, 3.5, 4.5], scale=(0, 5))
    assert math.isnan(res.statistic)
    assert res.reason and "low" in res.reason
    res = se.f1_high([0.0, 1.0, 2.0], [0.0, 1.0, 3.0], scale=(0, 5))
    assert math.isnan(res.statistic) and res.reason
    # Accuracy is still defined (every pair correctly "not low").
    assert se.accuracy_low([2.0, 3.0, 4.0], [2.5, 3.5, 4.5], scale=(0, 5)).statistic == 1.0


def test_f1_zero_when_present_but_never_predicted() -> None:
    # Gold has a low pair, the system predicts none: TP 0, FN 1 → F1 = 0 (as sklearn).
    g, s = [1.0, 3.0, 4.0], [2.0, 3.0, 4.0]
    assert se.f1_low(g, s, scale=(0, 5)).statistic == 0.0
    assert sklearn_metrics.f1_score(np.array(g) < 1.5, np.array(s) < 1.5) == 0.0


def test_hand_values() -> None:
    # g low: pairs 1, 2; s low: pairs 1, 3 → TP 1, FP 1, FN 1: F1 = 2/(2+1+1) = 0.5;
    # accuracy: pair 1 agree, 2 disagree, 3 disagree, 4 agree → 0.5.
    g, s = [0.0, 1.0, 2.0, 4.0], [0.0, 2.0, 1.0, 4.0]
    assert se.f1_low(g, s, scale=(0, 5)).statistic == 0.5
    assert se.accuracy_low(g, s, scale=(0, 5)).statistic == 0.5


def test_hmean_and_macro_avg_hand_values() -> None:
    assert se.hmean(0.5, 1.0) == pytest.approx(2 * 0.5 * 1.0 / 1.5, abs=1e-15)  # 2/3
    assert se.hmean(0.8, 0.8) == pytest.approx(0.8, abs=1e-15)
    # simeval's convention (the paper's 2ab/(a + b) is for positive measures): 0 when a ≤ 0
    # or b ≤ 0, so a negative Pearson does not make it explode.
    assert se.hmean(0.0, 0.9) == 0.0
    assert se.hmean(-0.2, 0.9) == 0.0
    assert se.hmean(0.9, -0.9) == 0.0  # 2ab/(a+b) would divide by zero
    assert math.isnan(se.hmean(math.nan, 0.5))
    assert se.macro_avg(0.5, 1.0) == 0.75
    assert se.macro_avg(-0.2, 0.4) == pytest.approx(0.1, abs=1e-15)


def test_nan_policy() -> None:
    g, s = [0.0, math.nan, 2.0, 4.0], [0.0, 1.0, 1.0, 4.0]
    with pytest.raises(se.InputError):
        se.f1_low(g, s, scale=(0, 5))
    res = se.f1_low(g, s, nan_policy="omit", scale=(0, 5))
    assert res.n == 3
    # kept: g 0, 2, 4; s 0, 1, 4 → truth T F F, pred T T F: TP 1, FP 1 → 2/3
    assert res.statistic == pytest.approx(2 / 3, abs=1e-15)


def test_empty_is_undefined() -> None:
    assert math.isnan(se.accuracy_low([], [], scale=(0, 5)).statistic)
    assert se.accuracy_low([], [], scale=(0, 5)).reason


@pytest.mark.parametrize(("border", "error"), [("3.5", TypeError), (math.nan, ValueError)])
def test_bad_border_names_the_parameter(border, error) -> None:
    with pytest.raises(error, match="`border`"):
        se.f1_high([0, 1, 4, 5], [0, 4, 3, 5], border=border)


@pytest.mark.parametrize("on_grid", [True, False])
def test_decisions_counted_in_chunks(monkeypatch, on_grid: bool) -> None:
    # decision_counts decides DECISION_CHUNK pairs at a time; with chunks of 7 pairs the
    # values are scikit-learn's on the whole vectors (gold from 4096 pairs on a grid of
    # halves is read through its codes; jittered gold is not on a grid)
    from simeval.metrics import threshold

    monkeypatch.setattr(threshold, "DECISION_CHUNK", 7)
    g, s = _sample(3, n=5000)
    s[5:] += np.random.default_rng(5).normal(0, 1e-3, s.size - 5)  # a continuous system
    if not on_grid:
        g = np.clip(g + np.random.default_rng(4).normal(0, 0.01, g.size), 0, 5)
    for fn, labels in ((se.f1_low, lambda x: x < 1.5), (se.f1_high, lambda x: x > 3.5)):
        expected = sklearn_metrics.f1_score(labels(g), labels(s))
        assert fn(g, s).statistic == pytest.approx(expected, abs=1e-12)
    expected = sklearn_metrics.accuracy_score(g > 3.5, s > 3.5)
    assert se.accuracy_high(g, s).statistic == pytest.approx(expected, abs=1e-12)
