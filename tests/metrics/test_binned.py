"""bins(M): any registry metric per score range, against the metric computed on each
bin's pairs in the test (with scipy and the public functions on the subsets)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

import simeval as se


def _data():
    rng = np.random.default_rng(2)
    gold = np.round(rng.uniform(0, 5, 90), 1)
    system = np.clip(gold + rng.normal(0, 0.8, 90), 0, 5)
    return gold, system


def _bins(gold):
    edges = np.array([0, 5 / 3, 10 / 3, 5])
    return np.clip(np.searchsorted(edges, gold, side="right") - 1, 0, 2)


#: Every registry metric but the scaled Pearson (itself the binned Pearson), and nDCG / nCG.
EVERY = sorted({m.name for m in se.available_metrics()} - {"scaled_pearson"} | {"ncg", "ndcg"})
SCIPY = {"pearson": stats.pearsonr, "spearman": stats.spearmanr, "kendall": stats.kendalltau}


@pytest.mark.parametrize("metric", EVERY)
def test_per_bin_values_equal_the_metric_on_each_bins_pairs(metric) -> None:
    gold, system = _data()
    ev = se.evaluate(gold, {"s": system}, metrics=[f"bins({metric})"], scale=(0, 5))
    per = [r for r in ev.records if r.bin is not None and r.metric == metric]
    assert len(per) == 3
    which = _bins(gold)
    expected = []
    for k, rec in enumerate(per):
        g, s = gold[which == k], system[which == k]
        if metric in SCIPY:
            want = SCIPY[metric](g, s).statistic
        elif metric == "rankdcg":  # scale-free
            want = se.rankdcg(g, s).statistic
        else:  # the whole-data options: scale 0–5, borders 1.5 / 3.5
            want = getattr(se, metric)(g, s, scale=(0, 5)).statistic
        assert rec.n == g.size
        assert rec.value == pytest.approx(want, abs=1e-12) or (
            math.isnan(want) and rec.value != rec.value
        )
        expected.append(want)
    defined = [v for v in expected if not math.isnan(v)]
    whole = ev.value("s", f"bins({metric})")
    if len(defined) == 3:
        assert whole == pytest.approx(np.mean(expected), abs=1e-12)
    spread = next(r for r in ev.records if r.bin == "sd over bins")
    assert spread.value == pytest.approx(np.std(defined), abs=1e-12)


def test_bins_of_pearson_is_the_scaled_pearson() -> None:
    gold, system = _data()
    ev = se.evaluate(gold, {"s": system}, metrics=["bins(pearson)", "scaled_pearson"])
    assert ev.value("s", "bins(pearson)") == pytest.approx(ev.value("s", "scaled_pearson"))


def test_bins_takes_one_plain_metric() -> None:
    with pytest.raises(se.InputError, match="plain metric"):
        se.get_metric("bins(hmean(f1_low,f1_high))")
    with pytest.raises(se.InputError, match="one metric"):
        se.get_metric("bins(pearson,nmsse)")
