"""Systems off the gold scale, calibrated onto it for the measures of a gold value
(``simeval.metrics.gold_scale``).

References: scikit-learn's ``IsotonicRegression(out_of_bounds="clip")`` (pool adjacent
violators, ties pooled, linear interpolation) and ``numpy.polyfit`` for the maps; the
properties (invariance to increasing maps, no leak from cross-fitting) from the
definitions, with the hand values written in each test.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import simeval as se
from simeval.evaluation.compare import compare
from simeval.metrics.base import public_function
from simeval.metrics.gold_scale import (
    calibrate,
    fit_isotonic,
    fit_linear,
    isotonic_predict,
    off_scale_reason,
)
from simeval.metrics.registry import available_metrics
from simeval.stats.bootstrap import bootstrap_distribution, resample_indices

sklearn_isotonic = pytest.importorskip("sklearn.isotonic")

GOLD_VALUE = [m.name for m in available_metrics() if m.gold_scale]


def _data(n: int = 300, seed: int = 0):
    rng = np.random.default_rng(seed)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    cosine = np.clip(0.55 + 0.08 * gold + rng.normal(0, 0.05, n), -1, 1)  # a cosine-like system
    return gold, cosine


def _same(a: float, b: float, what: object) -> None:
    if math.isnan(a) or math.isnan(b):
        assert math.isnan(a) and math.isnan(b), what
    else:
        assert a == pytest.approx(b, rel=1e-9, abs=1e-12), what


# -- the maps --------------------------------------------------------------------------------


def test_isotonic_map_equals_scikit_learn_at_and_beyond_the_fitted_scores() -> None:
    rng = np.random.default_rng(1)
    s = np.round(rng.uniform(0, 1, 200), 2)  # ties in the scores
    g = 5 * s**2 + rng.normal(0, 0.5, 200)
    x, y = fit_isotonic(s, g)
    ref = sklearn_isotonic.IsotonicRegression(out_of_bounds="clip").fit(s, g)
    probe = np.r_[-0.5, x, 1.5]  # every fitted score, and beyond both ends
    assert isotonic_predict(probe, x, y) == pytest.approx(ref.predict(probe), abs=1e-12)
    # between two fitted scores: the mean of their fitted values (an order-only rule)
    mid = (x[:-1] + x[1:]) / 2
    assert isotonic_predict(mid, x, y) == pytest.approx((y[:-1] + y[1:]) / 2, abs=1e-15)


def test_linear_map_equals_least_squares_and_stays_increasing() -> None:
    rng = np.random.default_rng(2)
    s = rng.uniform(-1, 1, 100)
    g = 2.5 + 2.0 * s + rng.normal(0, 0.3, 100)
    b, a = np.polyfit(s, g, 1)
    assert fit_linear(s, g) == pytest.approx((a, b), abs=1e-12)
    # a system that ranks backwards is not rescued: slope 0, every score → the mean gold
    assert fit_linear(-s, g) == pytest.approx((float(g.mean()), 0.0), abs=1e-12)


def test_cross_fitting_fits_each_fold_on_the_others() -> None:
    gold, cosine = _data(60)
    values, fit = calibrate(cosine, gold, scale=(0.0, 5.0), calibration="isotonic")
    assert fit is not None and fit.source == "cv5,seed0" and len(fit.parameters["steps"]) == 5
    # the folds, written out: pairs sorted by score then gold, permuted by default_rng(0)
    order = np.lexsort((gold, cosine))[np.random.default_rng(0).permutation(60)]
    for fold in np.array_split(order, 5):
        train = np.setdiff1d(np.arange(60), fold)
        x, y = fit_isotonic(cosine[train], gold[train])
        assert values[fold] == pytest.approx(isotonic_predict(cosine[fold], x, y), abs=1e-12)


def test_which_systems_are_off_the_scale() -> None:
    assert off_scale_reason(np.array([0.6, 0.7, 0.9]), (0.0, 5.0)) is not None  # narrow
    assert off_scale_reason(np.array([-1.0, 2.0, 6.0]), (0.0, 5.0)) is not None  # outside
    assert off_scale_reason(np.array([-1.0, 2.0, 6.0]), (0.0, 5.0), declared=False) is None
    assert off_scale_reason(np.array([0.0, 2.5, 5.0]), (0.0, 5.0), (0.0, 5.0)) is not None
    assert off_scale_reason(np.array([0.5, 2.0, 4.5]), (0.0, 5.0)) is None
    # an overlap in [0, 1] covers a fifth of STS's 0–5 and a quarter of SICK's 1–5: both off
    assert off_scale_reason(np.array([0.0, 0.4, 1.0]), (0.0, 5.0), declared=False) is not None
    assert off_scale_reason(np.array([0.0, 0.4, 1.0]), (1.0, 5.0), declared=False) is not None
    # a third of the scale is the border (5/3 of 0–5): below it off, at it on
    assert off_scale_reason(np.array([1.0, 2.0, 2.6]), (0.0, 5.0)) is not None
    assert off_scale_reason(np.array([1.0, 2.0, 2.75]), (0.0, 5.0)) is None
    assert off_scale_reason(np.array([2.0, 2.0, 2.0]), (0.0, 5.0)) is None  # constant


# -- the properties the measures gain ----------------------------------------------------------


@pytest.mark.parametrize("source", ["cross-fitted", "calibration set"])
def test_an_increasing_transform_of_the_gold_is_perfect_on_every_class(source) -> None:
    # gold on whole levels 0…5 (borders 1.5 and 3.5 fall between them); the system is
    # exp(gold), strictly increasing: the isotonic map sends every score to its level
    rng = np.random.default_rng(3)
    gold = rng.integers(0, 6, 240).astype(float)
    system = np.exp(gold)
    calibration = se.Calibration(kind="isotonic")
    if source == "calibration set":
        held = rng.integers(0, 6, 120).astype(float)
        calibration = se.Calibration(kind="isotonic", on={"*": (held, np.exp(held))}, label="dev")
    opts = se.Options(scale=(0, 5), calibrate=calibration)
    for name in ("accuracy_low", "accuracy_high", "f1_low", "f1_high", "accuracy3", "f1_macro3"):
        assert public_function(se.get_metric(name), "")(gold, system, options=opts).statistic == 1.0
    assert se.mae(gold, system, options=opts).statistic == 0.0


@pytest.mark.parametrize("kind", ["linear", "isotonic"])
def test_a_linear_map_of_the_system_changes_no_calibrated_measure(kind) -> None:
    gold, cosine = _data()
    ev = se.evaluate(gold, {"s": cosine, "t": 3.0 * cosine + 7.0}, metrics=GOLD_VALUE,
                     scale=(0, 5), calibrate=kind)  # fmt: skip
    for m in GOLD_VALUE:
        _same(ev.value("s", m), ev.value("t", m), m)
    if kind == "isotonic":  # isotonic: any increasing map
        ev2 = se.evaluate(gold, {"s": cosine, "t": np.exp(5 * cosine)}, metrics=GOLD_VALUE,
                          scale=(0, 5), calibrate=kind)  # fmt: skip
        for m in GOLD_VALUE:
            _same(ev2.value("s", m), ev2.value("t", m), m)


def test_cross_fitting_does_not_leak() -> None:
    # A system of pure noise carries no information: calibrated without leaking, its
    # squared error (NMSSE's numerator) is no better than that of the constant predictor
    # that knows only the other folds' mean gold. Fitted on the very pairs it is applied to,
    # the isotonic map would learn the noise (its in-sample error is far lower): the check
    # can fail.
    crossfit, constant, insample = [], [], []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        gold = rng.uniform(0, 5, 200)
        noise = rng.normal(0, 1, 200)
        calibrated, _ = calibrate(noise, gold, scale=(0.0, 5.0), calibration="isotonic")
        crossfit.append(np.mean((calibrated - gold) ** 2))
        order = np.lexsort((gold, noise))[np.random.default_rng(0).permutation(200)]
        means = np.empty(200)
        for fold in np.array_split(order, 5):
            means[fold] = np.delete(gold, fold).mean()
        constant.append(np.mean((means - gold) ** 2))
        x, y = fit_isotonic(noise, gold)
        insample.append(np.mean((isotonic_predict(noise, x, y) - gold) ** 2))
    assert np.mean(crossfit) >= np.mean(constant)
    assert np.mean(insample) < 0.98 * np.mean(constant)


# -- every entry point sees the same calibrated scores ------------------------------------------


def test_correlations_read_the_raw_scores() -> None:
    gold, cosine = _data()
    ev = se.evaluate(gold, {"s": cosine}, metrics=["pearson", "spearman", "mae"], scale=(0, 5))
    assert ev.value("s", "pearson") == se.pearson(gold, cosine).statistic
    assert ev.calibration["s"].kind == "isotonic"  # type: ignore[union-attr]


@pytest.mark.parametrize("name", GOLD_VALUE)
def test_the_bootstrap_keeps_the_full_datas_calibrated_scores(name) -> None:
    # the point estimate is the kernel's on the calibrated scores; each resample is the
    # kernel on the resample of those scores, not calibrated again
    gold, cosine = _data(120)
    opts = se.Options(scale=(0, 5))
    if name == "mape":  # MAPE divides by the gold score: keep it away from 0
        gold, opts = gold + 1.0, se.Options(scale=(1, 6))
    ev = se.evaluate(gold, {"s": cosine}, metrics=[name], options=opts)
    dist = bootstrap_distribution(gold, {"s": cosine}, [name], n_resamples=20, seed=2,
                                  jackknife_groups=0, options=opts)  # fmt: skip
    _same(float(dist.observed[0, 0]), ev.value("s", name), name)
    mapped = ev.on_gold_scale("s")
    fixed = opts.resolve(gold).on_gold_scale()
    for b, idx in enumerate(np.vstack(list(resample_indices(120, 20, np.random.default_rng(2))))):
        kernel = public_function(se.get_metric(name), "")(gold[idx], mapped[idx], options=fixed)
        _same(float(dist.resamples[0, 0, b]), kernel.statistic, (name, b))


def test_the_signature_and_the_document_name_the_calibration() -> None:
    from simeval.report.schema import evaluation_document

    gold, cosine = _data()
    ev = se.evaluate(gold, {"s": cosine, "on": gold}, metrics=["nmsse"], scale=(0, 5))
    assert "calibrate:auto(isotonic,cv5,seed0)" in ev.signature
    doc = json.loads(json.dumps(evaluation_document(ev)))
    assert doc["calibration"]["option"] == "auto(isotonic,cv5,seed0)"
    fit = doc["calibration"]["systems"]["s"]
    assert fit["kind"] == "isotonic" and fit["source"] == "cv5,seed0" and fit["reason"]
    assert "on" not in doc["calibration"]["systems"]  # on the scale: left as it is
    none = se.evaluate(gold, {"s": cosine}, metrics=["nmsse"], scale=(0, 5), calibrate="none")
    assert "s" in none.warnings and "calibrate:none" in none.signature


def test_min_max_normalization_is_its_own_map() -> None:
    # Atoum & Ayyagari (2019) bring both sides to [0, 1] by their own ranges: a narrow
    # system (0.1–0.9 against 1–5) is then min-max scaled, not calibrated (hand values)
    g, s = np.array([1.0, 2.0, 4.0, 5.0]), np.array([0.1, 0.5, 0.2, 0.9])
    expected = np.abs((s - 0.1) / 0.8 - (g - 1) / 4).mean()
    assert se.mae(g, s, normalize="minmax").statistic == pytest.approx(expected, abs=1e-15)
    with pytest.raises(se.InputError, match="takes no calibration"):
        se.Options(normalize="minmax", calibrate="isotonic")


def test_an_explicit_kind_calibrates_every_system() -> None:
    # README: `auto` calibrates the off-scale systems; `isotonic` and `linear`, asked for,
    # every system. An on-scale system was left as it was (the signature said linear).
    # The property of linear calibration (least squares a + b·s, refitted per fold): the
    # calibrated measures do not change under a positive affine map of the system.
    rng = np.random.default_rng(0)
    gold = np.round(rng.uniform(0, 5, 200) * 2) / 2
    s = np.clip(0.6 * gold + 2 + rng.normal(0, 0.5, 200), 0, 5)  # on 0–5, compressed
    auto = se.evaluate(gold, {"a": s}, scale=(0, 5), metrics=["mae"])
    assert auto.calibration["a"] is None
    linear = se.evaluate(gold, {"a": s, "b": 0.5 * s + 1}, scale=(0, 5), metrics=["mae"],
                         calibrate="linear")  # fmt: skip
    assert linear.calibration["a"].kind == "linear"
    assert linear.value("a", "mae") < auto.value("a", "mae")
    assert linear.value("a", "mae") == pytest.approx(linear.value("b", "mae"), abs=1e-12)


def test_minmax_maps_the_system_for_every_measure_of_a_gold_value() -> None:
    # Under normalize="minmax" each side's own range is its map (Atoum & Ayyagari 2019,
    # Tables 5–7). By hand: s ∈ [0.1, 0.9] onto the gold's [1, 5] is 1 + (s − 0.1)·5,
    # so s' = [1, 3, 1.5, 5]. The low border is 30 % of 1–5 = 2.2: gold low = pairs 0, 1,
    # system low = pairs 0, 2, so F1 low = 2·1/(2·1 + 1 + 1) = 0.5. The raw scores were
    # read against the border before (all "low": F1 = 2·2/(2·2 + 2) ≈ 0.667).
    g, s = np.array([1.0, 2.0, 4.0, 5.0]), np.array([0.1, 0.5, 0.2, 0.9])
    ev = se.evaluate(g, {"s": s}, scale=(1, 5), normalize="minmax", metrics=["mae", "f1_low"])
    np.testing.assert_allclose(ev.on_gold_scale("s"), [1.0, 3.0, 1.5, 5.0], rtol=0, atol=1e-15)
    assert ev.value("s", "f1_low") == pytest.approx(0.5, abs=1e-15)
    fit = ev.calibration["s"]
    assert (fit.kind, fit.source) == ("minmax", "observed ranges")
    assert ev.warnings == {}  # not "measured uncalibrated": its range is its map
    # the error measures read the same values as before (hand value of the test above)
    expected = np.abs((s - 0.1) / 0.8 - (g - 1) / 4).mean()
    assert ev.value("s", "mae") == pytest.approx(expected, abs=1e-15)
    # the bootstrap's point estimate is the same map's
    cmp = compare(g, {"s": s, "t": s[::-1]}, scale=(1, 5), normalize="minmax",
                     metrics=["f1_low"], n_resamples=100, seed=0)  # fmt: skip
    rec = next(r for r in cmp.records() if r["system"] == "s")
    assert rec["value"] == pytest.approx(0.5, abs=1e-15)


def test_minmax_with_constant_gold_leaves_the_system_as_it_is() -> None:
    # constant gold has no range to map onto: the whole evaluation stopped with
    # "the gold scores are constant", where Pearson is undefined (NaN with its reason)
    # and the low/high measures are defined: gold 1 < 1.5 is low, and so is every score
    s = np.array([0.1, 0.5, 0.2, 0.9, 0.3])
    ev = se.evaluate([1.0] * 5, {"a": s}, scale=(0, 5), normalize="minmax",
                     metrics=["pearson", "f1_low"])  # fmt: skip
    assert math.isnan(ev.value("a", "pearson")) and ev.value("a", "f1_low") == 1.0
    assert ev.calibration["a"] is None


def test_a_binned_measure_reads_the_system_calibrated_on_all_pairs() -> None:
    # Each bin was calibrated on its own pairs, which a bin chooses by their gold scores:
    # a system of pure noise then got, in every bin, the error of that bin's own mean.
    # Calibrated on all pairs, noise predicts about the overall mean 2.5; by hand, for
    # gold uniform on [0, 5], E|g − 2.5| = 2.5 − 5/6 ≈ 1.67 in the outer thirds and
    # 5/12 ≈ 0.42 in the middle one (per-bin maps gave ≈ 0.42 in every bin).
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 3000)
    noise = rng.uniform(-1, 1, 3000)  # a cosine, off the 0–5 scale: calibrated
    ev = se.evaluate(gold, {"noise": noise}, scale=(0, 5), metrics=["bins(mae)"])
    per_bin = [r.value for r in ev.records if r.bin is not None and r.bin != "sd over bins"]
    assert per_bin[0] == pytest.approx(2.5 - 5 / 6, abs=0.12)
    assert per_bin[1] == pytest.approx(5 / 12, abs=0.12)
    assert per_bin[2] == pytest.approx(2.5 - 5 / 6, abs=0.12)
    # and equal to the per-bin MAE of the scores as evaluate calibrates them
    on = ev.on_gold_scale("noise")
    thirds = np.minimum((gold / (5 / 3)).astype(int), 2)
    expected = [np.abs(on - gold)[thirds == k].mean() for k in range(3)]
    np.testing.assert_allclose(per_bin, expected, rtol=1e-12)
