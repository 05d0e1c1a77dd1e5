"""Every entry point derives from one definition per metric.

For every metric of the registry, on four gold scales, the public function
(``simeval.f1_low`` …), :func:`simeval.evaluate` and the bootstrap's point estimate
(batched or not) give the same value; the borders default to 30 % / 70 % of the scale in
all three. And for every binning, a percentile interval on a large sample contains its
own estimate (a bootstrap that resampled pairs but kept each position's label did not).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import simeval as se
from simeval.metrics.registry import TABLE2_MEASURES, available_metrics
from simeval.stats.bootstrap import bootstrap_ci, bootstrap_distribution

SCALES = [(0.0, 1.0), (0.0, 5.0), (1.0, 5.0), (0.0, 100.0)]


def _data(scale: tuple[float, float], n: int = 300, seed: int = 7):
    """Gold on a 0.2-of-the-scale grid (ties), a noisy system clipped to the scale."""
    lo, hi = scale
    rng = np.random.default_rng(seed)
    gold = lo + (hi - lo) * np.round(rng.uniform(0, 1, n) * 5) / 5
    system = np.clip(gold + rng.normal(0, 0.25 * (hi - lo), n), lo, hi)
    return gold, system


def _public(name: str, gold, system, scale):
    """The public function of ``name`` (keywords as a user writes them)."""
    plain = {
        "pearson": lambda: se.pearson(gold, system),
        "spearman": lambda: se.spearman(gold, system),
        "kendall": lambda: se.kendall(gold, system),
        "scaled_pearson": lambda: se.scaled_pearson(gold, system, scale=scale),
        "mae": lambda: se.mae(gold, system, scale=scale),
        "mase": lambda: se.mase(gold, system, scale=scale),
        "msse": lambda: se.msse(gold, system, scale=scale),
        "nmsse": lambda: se.nmsse(gold, system, scale=scale),
        "nmase": lambda: se.nmase(gold, system, scale=scale),
        "ncg_avg_rank": lambda: se.ncg_avg_rank(gold, system, scale=scale),
        "ndcg_avg_rank": lambda: se.ndcg_avg_rank(gold, system, scale=scale),
        "accuracy_low": lambda: se.accuracy_low(gold, system, scale=scale),
        "accuracy_high": lambda: se.accuracy_high(gold, system, scale=scale),
        "f1_low": lambda: se.f1_low(gold, system, scale=scale),
        "f1_high": lambda: se.f1_high(gold, system, scale=scale),
        "ndcg": lambda: se.ndcg(gold, system, scale=scale),
        "ncg@5": lambda: se.ncg(gold, system, k=5, scale=scale),
        "ndcg_rev@10": lambda: se.ndcg(gold, system, k=10, reverse=True, scale=scale),
        "rankdcg": lambda: se.rankdcg(gold, system),
        "mape": lambda: se.mape(gold, system, scale=scale),
        "smape": lambda: se.smape(gold, system, scale=scale),
        "accuracy3": lambda: se.accuracy3(gold, system, scale=scale),
        "f1_macro3": lambda: se.f1_macro3(gold, system, scale=scale),
    }
    if name in plain:
        return plain[name]().statistic
    # the combinations of Reimers et al. (2016), Table 2, from their parts
    op, _, args = name.partition("(")
    parts = [_public(p, gold, system, scale) for p in args.rstrip(")").split(",")]
    if op == "macro_avg":
        return float(np.mean(parts))
    return float(se.metrics.threshold.harmonic_mean(parts))


METRICS = sorted(
    {m.name for m in available_metrics()} | set(TABLE2_MEASURES) | {"ncg@5", "ndcg_rev@10"}
)


def test_every_registry_metric_is_covered() -> None:
    assert {m.name for m in available_metrics()} <= set(METRICS)


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{s[0]:g}-{s[1]:g}")
def test_public_function_evaluate_and_bootstrap_agree(scale) -> None:
    gold, system = _data(scale)
    options = se.Options(scale=scale)
    ev = se.evaluate(gold, {"s": system}, metrics=METRICS, options=options)
    boot = bootstrap_distribution(gold, {"s": system}, METRICS, n_resamples=2, options=options)
    for i, name in enumerate(boot.metrics):
        public = _public(name, gold, system, scale)
        from_evaluate = ev.value("s", name)
        estimate = float(boot.observed[i, 0])
        if name == "mape" and (gold == 0).any():  # MAPE divides by the gold score
            assert math.isnan(public) and math.isnan(from_evaluate) and math.isnan(estimate)
            continue
        assert not math.isnan(public), name
        assert from_evaluate == pytest.approx(public, rel=1e-12, abs=1e-12), (name, scale)
        assert estimate == pytest.approx(public, rel=1e-10, abs=1e-12), (name, scale)


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"{s[0]:g}-{s[1]:g}")
def test_default_borders_are_30_and_70_percent_of_the_scale(scale) -> None:
    # Reimers et al. (2016) use 1.5 / 3.5 on STS 0–5: the same relative borders anywhere.
    lo, hi = scale
    gold, system = _data(scale)
    low, high = lo + 0.3 * (hi - lo), lo + 0.7 * (hi - lo)
    # hand computation of F1_low with the relative border
    truth, pred = gold < low, system < low
    f1_hand = 2 * np.sum(truth & pred) / (truth.sum() + pred.sum())
    assert se.f1_low(gold, system, scale=scale).statistic == pytest.approx(f1_hand, abs=1e-15)
    ev = se.evaluate(gold, {"s": system}, metrics=["f1_low"], scale=scale)
    assert ev.options.borders == pytest.approx((low, high), abs=1e-12)
    ci = bootstrap_ci(gold, system, "f1_low", n_resamples=50, seed=0, scale=scale)
    assert ci.statistic == pytest.approx(f1_hand, abs=1e-15)


def test_f1_low_on_a_unit_scale_is_the_same_in_every_entry_point() -> None:
    # The review's case: on a 0–1 gold scale every entry point must use the border 0.3.
    rng = np.random.default_rng(1)
    gold = rng.uniform(0, 1, 400)
    system = np.clip(gold + rng.normal(0, 0.2, 400), 0, 1)
    truth, pred = gold < 0.3, system < 0.3
    hand = 2 * np.sum(truth & pred) / (truth.sum() + pred.sum())
    assert hand < 1.0
    assert se.f1_low(gold, system, scale=(0, 1)).statistic == pytest.approx(hand, abs=1e-15)
    assert se.evaluate(gold, {"s": system}, scale=(0, 1)).value("s", "f1_low") == pytest.approx(
        hand, abs=1e-15
    )
    ci = bootstrap_ci(gold, system, "f1_low", n_resamples=200, seed=0, scale=(0, 1))
    assert ci.statistic == pytest.approx(hand, abs=1e-15)
    assert ci.low < hand < ci.high


BINNINGS = {
    "equal_width": lambda gold, labels: se.Bins.equal_width(3),
    "thresholds": lambda gold, labels: se.Bins.thresholds([1.5, 3.5]),
    "labels": lambda gold, labels: se.Bins.labels(labels),
    "segments": lambda gold, labels: se.Bins.segments(200),
    "quantiles": lambda gold, labels: se.Bins.quantiles(4),
}


@pytest.mark.parametrize("kind", sorted(BINNINGS))
def test_percentile_interval_contains_its_estimate_for_every_binning(kind) -> None:
    rng = np.random.default_rng(3)
    n = 1500
    gold = np.round(rng.uniform(0, 5, n), 1)
    system = gold + rng.normal(0, 1.0, n)
    # labels that follow the gold scores, with 10 % noise, as SICK's entailment labels do
    labels = np.where(gold < 1.7, "CONTRADICTION", np.where(gold < 3.3, "NEUTRAL", "ENTAILMENT"))
    flip = rng.uniform(size=n) < 0.1
    labels[flip] = rng.choice(["CONTRADICTION", "NEUTRAL", "ENTAILMENT"], int(flip.sum()))
    bins = BINNINGS[kind](gold, labels)
    ci = bootstrap_ci(
        gold,
        system,
        "scaled_pearson",
        n_resamples=150,
        seed=0,
        method="percentile",
        scale=(0, 5),
        bins=bins,
    )
    expected = se.evaluate(
        gold, {"s": system}, metrics=["scaled_pearson"], scale=(0, 5), bins=bins
    ).value("s", "scaled_pearson")
    assert ci.statistic == pytest.approx(expected, abs=1e-12)
    assert ci.low <= ci.statistic <= ci.high, (kind, ci.low, ci.statistic, ci.high)


@pytest.mark.parametrize("name", [m.name for m in available_metrics()])
def test_percentile_interval_contains_its_estimate_for_every_metric(name) -> None:
    gold, system = _data((0.0, 5.0), n=800, seed=11)
    scale = (0.0, 5.0)
    if name == "mape":  # MAPE divides by the gold score: keep it away from 0
        gold, system, scale = gold + 1.0, system + 1.0, (1.0, 6.0)
    ci = bootstrap_ci(gold, system, name, n_resamples=100, seed=0, method="percentile", scale=scale)
    assert ci.low <= ci.statistic <= ci.high, (name, ci.low, ci.statistic, ci.high)
