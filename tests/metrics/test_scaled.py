"""Scaled Pearson (Atoum 2019, eq. 2–3).

Every per-bin value is recomputed here with ``np.corrcoef`` on a mask built in the test,
p-values with ``scipy.stats.pearsonr``, intervals with the Fisher-z formula of R
``cor.test``; the scaled value is their arithmetic mean (eq. 3).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval import Bins
from simeval.datasets.demo import CRAFTED_GOLD, CRAFTED_SYSTEMS

Z975 = 1.959963984540054  # qnorm(0.975)


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(2019)
    gold = rng.uniform(0, 5, 300)
    system = gold + rng.normal(0, 1.2, 300)
    return gold, system


def _check_bins(res, gold: np.ndarray, system: np.ndarray, masks: list[np.ndarray]) -> None:
    assert len(res.bins) == len(masks)
    rs = []
    for b, mask in zip(res.bins, masks):
        r = np.corrcoef(gold[mask], system[mask])[0, 1]
        assert b.n == int(mask.sum())
        assert b.coverage == pytest.approx(mask.sum() / gold.size, abs=1e-15)
        assert b.statistic == pytest.approx(r, abs=1e-12)
        assert b.pvalue == pytest.approx(stats.pearsonr(gold[mask], system[mask]).pvalue, rel=1e-9)
        half = Z975 / math.sqrt(b.n - 3)
        assert b.ci_low == pytest.approx(math.tanh(math.atanh(r) - half), abs=1e-12)
        assert b.ci_high == pytest.approx(math.tanh(math.atanh(r) + half), abs=1e-12)
        assert b.reason is None
        rs.append(r)
    assert res.statistic == pytest.approx(np.mean(rs), abs=1e-12)
    assert res.reason is None


def _edge_masks(gold: np.ndarray, edges: list[float]) -> list[np.ndarray]:
    """[e_k, e_{k+1}) for every bin, the last closed: [e_{K-1}, e_K]."""
    k = len(edges) - 1
    return [
        (gold >= edges[j]) & ((gold < edges[j + 1]) if j < k - 1 else (gold <= edges[j + 1]))
        for j in range(k)
    ]


@pytest.mark.parametrize("k", [2, 3, 5])
def test_equal_width_against_numpy(data, k: int) -> None:
    gold, system = data
    res = se.scaled_pearson(gold, system, bins=Bins.equal_width(k), scale=(0, 5))
    edges = [0 + 5 * j / k for j in range(k + 1)]
    _check_bins(res, gold, system, _edge_masks(gold, edges))
    assert [b.low for b in res.bins] == edges[:-1]


def test_default_is_thirds_over_the_scale(data) -> None:
    gold, system = data
    default = se.scaled_pearson(gold, system, scale=(0, 5))
    thirds = se.scaled_pearson(gold, system, bins=Bins.equal_width(3), scale=(0, 5))
    assert default.statistic == thirds.statistic
    assert default.average == "arithmetic"


def test_thresholds_against_numpy(data) -> None:
    gold, system = data
    res = se.scaled_pearson(gold, system, bins=Bins.thresholds([1.5, 3.5]), scale=(0, 5))
    _check_bins(res, gold, system, _edge_masks(gold, [0, 1.5, 3.5, 5]))


def test_labels_against_numpy(data) -> None:
    gold, system = data
    rng = np.random.default_rng(1)
    labels = rng.choice(["CONTRADICTION", "ENTAILMENT", "NEUTRAL"], gold.size)
    res = se.scaled_pearson(gold, system, bins=Bins.labels(labels.tolist()))
    names = sorted(set(labels))
    assert [b.label for b in res.bins] == names
    _check_bins(res, gold, system, [labels == name for name in names])


def test_segments_against_numpy(data) -> None:
    # Sort by gold, consecutive segments of 40: K = 300 // 40 = 7, remainder 20.
    gold, system = data
    res = se.scaled_pearson(gold, system, bins=Bins.segments(40))
    order = np.argsort(gold)
    masks = []
    for j in range(7):
        mask = np.zeros(gold.size, bool)
        mask[order[j * 40 : (j + 1) * 40]] = True
        masks.append(mask)
    _check_bins(res, gold, system, masks)
    assert res.remainder == 20
    assert res.n == 280


def test_quantiles_against_numpy(data) -> None:
    gold, system = data
    res = se.scaled_pearson(gold, system, bins=Bins.quantiles(4))
    edges = np.quantile(gold, [0, 0.25, 0.5, 0.75, 1.0]).tolist()
    masks = _edge_masks(gold, edges)
    _check_bins(res, gold, system, masks)
    assert [b.n for b in res.bins] == [75, 75, 75, 75]  # no ties: equal counts


def test_crafted_set_paper_bins() -> None:
    # Atoum & Ayyagari (2019), Table 3: bins are pairs 1–3, 4–6, 7–9; on its 0–1 scale
    # equal_width(3) gives exactly those (edges 0, 1/3, 2/3, 1 vs gold 0.01 … 0.90).
    gold = np.array(CRAFTED_GOLD)
    for name, system in CRAFTED_SYSTEMS.items():
        s = np.array(system)
        res = se.scaled_pearson(gold, s, bins=Bins.equal_width(3), scale=(0, 1))
        masks = [np.arange(9) // 3 == j for j in range(3)]
        assert [b.n for b in res.bins] == [3, 3, 3], name
        rs = [np.corrcoef(gold[m], s[m])[0, 1] for m in masks]
        assert [b.statistic for b in res.bins] == pytest.approx(rs, abs=1e-12)
        assert res.statistic == pytest.approx(np.mean(rs), abs=1e-12)


def test_crafted_alpha_is_best_in_low_bin_omega_in_high() -> None:
    # Atoum & Ayyagari (2019), §4.3: α is good on pairs 1–3, Ω on 7–9 (Pearson_Q1 /
    # Pearson_Q3 of their Fig. 3).
    gold = np.array(CRAFTED_GOLD)
    per_bin = {
        name: [
            b.statistic
            for b in se.scaled_pearson(
                gold, s, bins=Bins.equal_width(3), scale=(0, 1), skip_undefined_bins=True
            ).bins
        ]
        for name, s in CRAFTED_SYSTEMS.items()
    }
    assert max(per_bin, key=lambda n: per_bin[n][0]) in ("alpha", "delta")
    assert per_bin["alpha"][0] > per_bin["omega"][0]
    assert per_bin["omega"][2] > per_bin["alpha"][2]


def test_fisher_z_average(data) -> None:
    gold, system = data
    res = se.scaled_pearson(
        gold, system, bins=Bins.equal_width(3), scale=(0, 5), bin_average="fisher_z"
    )
    rs = [b.statistic for b in res.bins]
    # eq. 4–5: tanh(mean(atanh r_k))
    assert res.statistic == pytest.approx(math.tanh(np.mean(np.arctanh(rs))), abs=1e-12)
    assert res.average == "fisher_z"


def test_fisher_z_average_with_perfect_bin() -> None:
    # A bin with r = 1 must not give NaN/inf: |r| clipped to 1 − 1e-15.
    gold = np.array([0.0, 0.5, 1.0, 3.0, 3.5, 4.0, 4.5])
    system = np.array([0.0, 0.5, 1.0, 3.2, 3.1, 4.4, 4.0])
    res = se.scaled_pearson(
        gold, system, bins=Bins.thresholds([2.0]), scale=(0, 5), bin_average="fisher_z"
    )
    r_high = np.corrcoef(gold[3:], system[3:])[0, 1]
    expected = math.tanh((math.atanh(1 - 1e-15) + math.atanh(r_high)) / 2)
    assert math.isfinite(res.statistic)
    assert res.statistic == pytest.approx(expected, abs=1e-9)


def test_bad_average_raises(data) -> None:
    gold, system = data
    with pytest.raises(se.InputError):
        se.scaled_pearson(gold, system, bin_average="median")  # type: ignore[arg-type]


# -- undefined bins -----------------------------------------------------------------------------
# Scale 0–3, thirds [0,1) [1,2) [2,3]: bin 0 has 2 pairs (tiny), bin 1 is constant in gold,
# bin 2 has 4 ordinary pairs.
TINY_G = [0.1, 0.5, 1.5, 1.5, 1.5, 2.0, 2.3, 2.6, 3.0]
TINY_S = [0.2, 0.4, 1.0, 1.7, 1.2, 2.1, 2.2, 2.9, 2.8]


def test_tiny_and_constant_bins_give_nan_with_reason() -> None:
    res = se.scaled_pearson(TINY_G, TINY_S, bins=Bins.equal_width(3), scale=(0, 3))
    b0, b1, b2 = res.bins
    assert b0.n == 2 and math.isnan(b0.statistic) and "3" in (b0.reason or "")
    assert b1.n == 3 and math.isnan(b1.statistic) and "constant" in (b1.reason or "")
    assert math.isnan(b0.pvalue) and math.isnan(b0.ci_low)
    assert b2.reason is None
    assert math.isnan(res.statistic)
    assert res.reason and "skip_undefined" in res.reason
    assert res.skipped == ()


def test_skip_undefined_averages_the_rest() -> None:
    res = se.scaled_pearson(
        TINY_G, TINY_S, bins=Bins.equal_width(3), scale=(0, 3), skip_undefined_bins=True
    )
    g, s = np.array(TINY_G[5:]), np.array(TINY_S[5:])
    assert res.statistic == pytest.approx(np.corrcoef(g, s)[0, 1], abs=1e-12)
    assert res.skipped == (res.bins[0].label, res.bins[1].label)


def test_empty_bin_gives_nan_with_reason() -> None:
    # Nothing in [1, 2) on 0–3.
    g = [0.1, 0.4, 0.7, 0.9, 2.1, 2.5, 2.8, 3.0]
    s = [0.3, 0.2, 0.9, 0.6, 2.4, 2.2, 2.9, 2.7]
    res = se.scaled_pearson(g, s, bins=Bins.equal_width(3), scale=(0, 3))
    empty = res.bins[1]
    assert empty.n == 0 and empty.coverage == 0
    assert math.isnan(empty.statistic) and "empty" in (empty.reason or "")
    assert math.isnan(res.statistic)
    skipped = se.scaled_pearson(
        g, s, bins=Bins.equal_width(3), scale=(0, 3), skip_undefined_bins=True
    )
    r0 = np.corrcoef(g[:4], s[:4])[0, 1]
    r2 = np.corrcoef(g[4:], s[4:])[0, 1]
    assert skipped.statistic == pytest.approx((r0 + r2) / 2, abs=1e-12)


def test_all_bins_undefined() -> None:
    # No numpy RuntimeWarning (0/0) may escape; the one warning is simeval's own, typed.
    with warnings.catch_warnings(), pytest.warns(se.UndefinedMetricWarning, match="no bin"):
        warnings.simplefilter("error", RuntimeWarning)
        res = se.scaled_pearson(
            [0.0, 1.0, 2.0],
            [0.0, 1.0, 2.0],
            bins=Bins.equal_width(3),
            scale=(0, 3),
            skip_undefined_bins=True,
        )
    assert math.isnan(res.statistic) and res.reason


def test_nan_policy() -> None:
    g = [0.1, 0.5, 0.9, math.nan, 1.2, 1.9, 2.5]
    s = [0.2, 0.4, 0.8, 1.0, 1.1, 1.5, 2.0]
    with pytest.raises(se.InputError):
        se.scaled_pearson(g, s)
    res = se.scaled_pearson(g, s, nan_policy="omit", bins=Bins.segments(3))
    assert res.n == 6


# -- argument checks and extreme values --------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"bins": 3},
            TypeError,
            r"^`bins` must be a simeval.Bins \(e.g. Bins.equal_width\(3\)\), got int 3$",
        ),
        ({"bins": "thirds"}, TypeError, r"^`bins` must be a simeval.Bins .*got str 'thirds'$"),
        (
            {"skip_undefined_bins": "yes"},
            TypeError,
            r"^`skip_undefined_bins` must be True or False, got str",
        ),
        ({"bin_average": "mean"}, ValueError, r"^`bin_average` must be 'arithmetic' or 'fisher_z'"),
        (
            {"average": "mean"},
            se.InputTypeError,
            r"^unknown option 'average'",
        ),  # was a bare TypeError
        ({"scale": (0, math.nan)}, ValueError, r"scale.*lo < hi, both finite"),
    ],
)
def test_bad_arguments_name_the_parameter(data, kwargs: dict, error: type, message: str) -> None:
    gold, system = data
    with pytest.raises(error, match=message):
        se.scaled_pearson(gold, system, **kwargs)


def test_system_scores_of_extreme_magnitude(data) -> None:
    # r is scale-invariant: system·1e300 and system·1e-320 (subnormal products included)
    # give the per-bin values of numpy's corrcoef on the unscaled scores.
    gold, system = data
    base = se.scaled_pearson(gold, system)
    for factor in (1e300, -1e300):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = se.scaled_pearson(gold, system * factor)
        sign = math.copysign(1.0, factor)
        for b_res, b_base in zip(res.bins, base.bins):
            assert b_res.statistic == pytest.approx(sign * b_base.statistic, rel=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = se.scaled_pearson(gold, system * 1e-300)
    assert res.statistic == pytest.approx(base.statistic, rel=1e-12)


def test_bin_with_collinear_scores_reports_exactly_one() -> None:
    # three bins of three pairs, the system exactly 2·gold + 1: every bin r is 1 (R: cor = 1)
    gold = np.array([0.0, 0.5, 1.0, 2.0, 2.5, 3.0, 4.0, 4.5, 5.0])
    res = se.scaled_pearson(gold, 2 * gold + 1, bins=Bins.segments(3))
    assert [b.statistic for b in res.bins] == [1.0, 1.0, 1.0]
    assert [b.pvalue for b in res.bins] == [0.0, 0.0, 0.0]
    assert res.statistic == 1.0
