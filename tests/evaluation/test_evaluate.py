"""evaluate(): tidy records, JSON shape, signature, scales and NaN handling.

Reference values come from scipy.stats and hand calculations written in the comments.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval import Bins, evaluate
from simeval.report import to_json
from simeval.report.schema import evaluation_document

Z975 = 1.959963984540054  # qnorm(0.975)
RECORD_KEYS = {"system", "metric", "value", "bin", "n", "pvalue", "ci_low", "ci_high"}


@pytest.fixture(scope="module")
def data() -> tuple[np.ndarray, dict[str, np.ndarray]]:
    rng = np.random.default_rng(4)
    gold = rng.uniform(0, 5, 120)
    return gold, {
        "good": np.clip(gold + rng.normal(0, 0.5, 120), 0, 5),
        "poor": np.clip(gold + rng.normal(0, 2.0, 120), 0, 5),
    }


@pytest.fixture(scope="module")
def ev(data) -> se.Evaluation:
    gold, systems = data
    return evaluate(
        gold,
        systems,
        metrics=["pearson", "scaled_pearson", "nmsse"],
        scale=(0, 5),
        bins=Bins.equal_width(3),
    )


def test_records_are_tidy(ev, data) -> None:
    _, systems = data
    # Per system: pearson, scaled_pearson, nmsse (bin None) + 3 per-bin Pearson rows.
    assert len(ev.records) == 2 * (3 + 3)
    whole = [r for r in ev.records if r.bin is None]
    per_bin = [r for r in ev.records if r.bin is not None]
    assert {(r.system, r.metric) for r in whole} == {
        (s, m) for s in systems for m in ("pearson", "scaled_pearson", "nmsse")
    }
    assert all(r.metric == "pearson" for r in per_bin)
    assert [r.bin for r in per_bin if r.system == "good"] == [
        "[0, 1.667)",
        "[1.667, 3.333)",
        "[3.333, 5]",
    ]


def test_record_values_match_scipy(ev, data) -> None:
    gold, systems = data
    for name, s in systems.items():
        rec = next(
            r for r in ev.records if r.system == name and r.metric == "pearson" and r.bin is None
        )
        expected = stats.pearsonr(gold, s)
        assert rec.value == pytest.approx(expected.statistic, abs=1e-12)
        assert rec.pvalue == pytest.approx(expected.pvalue, rel=1e-9)
        ci = expected.confidence_interval()
        assert (rec.ci_low, rec.ci_high) == pytest.approx((ci.low, ci.high), abs=1e-12)
        assert rec.n == 120
        # per-bin rows: Pearson inside [0, 5/3), [5/3, 10/3), [10/3, 5]
        edges = [0, 5 / 3, 10 / 3, 5]
        rows = [r for r in ev.records if r.system == name and r.bin is not None]
        rs = []
        for j, row in enumerate(rows):
            mask = (gold >= edges[j]) & ((gold < edges[j + 1]) if j < 2 else (gold <= 5))
            r = np.corrcoef(gold[mask], s[mask])[0, 1]
            rs.append(r)
            assert row.value == pytest.approx(r, abs=1e-12)
            assert row.n == mask.sum()
            half = Z975 / math.sqrt(row.n - 3)
            assert row.ci_low == pytest.approx(math.tanh(math.atanh(r) - half), abs=1e-12)
        assert ev.value(name, "scaled_pearson") == pytest.approx(np.mean(rs), abs=1e-12)
        assert ev.value(name, "nmsse") == pytest.approx(se.nmsse(gold, s).statistic, abs=1e-12)


def test_saved_document_json_shape(ev) -> None:
    doc = json.loads(to_json(evaluation_document(ev)))
    assert set(doc) >= {"kind", "schema", "signature", "records", "calibration"}
    assert isinstance(doc["signature"], str)
    assert len(doc["records"]) == len(ev.records)
    for row in doc["records"]:
        assert set(row) >= RECORD_KEYS
    whole = [r for r in doc["records"] if r["bin"] is None]
    assert {r["metric"] for r in whole} == {"pearson", "scaled_pearson", "nmsse"}
    # non-correlations have no p-value: null, not NaN (valid JSON)
    nmsse_row = next(r for r in whole if r["metric"] == "nmsse")
    assert nmsse_row["pvalue"] is None
    json.dumps(evaluation_document(ev), allow_nan=False)


def test_to_frame_columns(ev) -> None:
    pytest.importorskip("pandas")
    frame = ev.to_frame()
    assert set(frame.columns) >= RECORD_KEYS
    assert len(frame) == len(ev.records)
    assert frame["bin"].isna().sum() == 6


def test_signature_contents(ev) -> None:
    sig = ev.signature
    assert f"simeval:{se.__version__}" in sig
    assert "scale:0,5(declared)" in sig
    assert "bins:equal:3" in sig
    assert "system_scale:none" in sig
    assert "borders:1.5,3.5" in sig
    assert "metrics:pearson,scaled_pearson,nmsse" in sig


def test_signature_records_observed_scale_and_mapping() -> None:
    ev = evaluate([1.0, 2.0, 4.0], {"s": [0.1, 0.5, 0.9]}, metrics=["mae"], system_scale=(0, 1))
    assert "scale:1,4(observed)" in ev.signature
    assert "system_scale:0,1" in ev.signature
    assert ev.options.scale_source == "observed"


def test_default_metrics(data) -> None:
    gold, systems = data
    ev = evaluate(gold, systems, scale=(0, 5))
    assert tuple(m.name for m in ev.metrics) == tuple(
        se.get_metric(m).name for m in se.DEFAULT_METRICS
    )
    assert "scaled_pearson" in [m.name for m in ev.metrics]


def test_default_borders_are_30_and_70_percent_of_scale() -> None:
    # Reimers et al. (2016, §2): borders 1.5 and 3.5 on STS 0–5 → 0.3 and 0.7 of the scale.
    ev = evaluate([0.0, 0.5, 1.0], {"s": [0.0, 0.5, 1.0]}, metrics=["f1_low"], scale=(0, 1))
    assert ev.options.low_border == pytest.approx(0.3)
    assert ev.options.high_border == pytest.approx(0.7)
    ev = evaluate([0.0, 5.0], {"s": [0.0, 5.0]}, metrics=["f1_low"], scale=(0, 5))
    assert (ev.options.low_border, ev.options.high_border) == (1.5, 3.5)


def test_table_view(ev) -> None:
    header, rows = ev.table()
    assert header[0] == "system"
    assert header[1:3] == ["pearson", "scaled_pearson"]
    assert sum(h.startswith("r ") for h in header) == 3  # per-bin r beside the scaled value
    assert [r[0] for r in rows] == ["good", "poor"]


def test_off_scale_gold_raises() -> None:
    with pytest.raises(se.InputError, match=r"5\.5"):
        evaluate([0.0, 2.0, 5.5], {"s": [0.0, 1.0, 2.0]}, scale=(0, 5))


def test_off_system_scale_raises() -> None:
    with pytest.raises(se.InputError, match=r"1\.2"):
        evaluate([0.0, 2.0, 5.0], {"s": [0.0, 0.5, 1.2]}, scale=(0, 5), system_scale=(-1, 1))


def test_system_scale_mapping_changes_f1() -> None:
    # Gold on 0–5, system cosine on −1..1; mapped: (s + 1)·2.5.
    gold = [0.0, 1.0, 2.0, 4.0, 5.0, 3.0]
    cos = [-0.9, -0.5, 0.0, 0.5, 0.9, -0.2]
    # mapped = 0.25, 1.25, 2.5, 3.75, 4.75, 2.0
    # low (< 1.5): gold T T F F F F, mapped T T F F F F → F1_low = 1
    # high (> 3.5): gold F F F T T F, mapped F F F T T F → F1_high = 1
    mapped = evaluate(
        gold,
        {"s": cos},
        metrics=["f1_low", "f1_high"],
        scale=(0, 5),
        system_scale=(-1, 1),
        calibrate="none",
    )
    assert mapped.value("s", "f1_low") == 1.0
    assert mapped.value("s", "f1_high") == 1.0
    # Unmapped, every cosine is < 1.5: TP 2, FP 4, FN 0 → F1_low = 4/8 = 0.5;
    # none is > 3.5: TP 0, FN 2 → F1_high = 0.
    raw = evaluate(gold, {"s": cos}, metrics=["f1_low", "f1_high"], scale=(0, 5), calibrate="none")
    assert raw.value("s", "f1_low") == 0.5
    assert raw.value("s", "f1_high") == 0.0


def test_nan_policy_omit_counts_per_system() -> None:
    gold = np.array([0.0, 1.0, math.nan, 3.0, 4.0, 5.0, 2.5, 1.5])
    a = np.array([0.2, math.nan, 2.0, 2.9, 4.2, 4.8, 2.0, 1.0])
    b = np.array([0.5, 1.5, 2.5, 2.5, 3.5, 4.5, 3.0, 2.0])
    with pytest.raises(se.InputError, match="NaN"):
        evaluate(gold, {"a": a, "b": b}, metrics=["pearson"], scale=(0, 5))
    ev = evaluate(gold, {"a": a, "b": b}, metrics=["pearson"], scale=(0, 5), nan_policy="omit")
    assert dict(ev.dropped) == {"a": 2, "b": 1}
    keep_a = ~(np.isnan(gold) | np.isnan(a))
    keep_b = ~np.isnan(gold)
    assert ev.value("a", "pearson") == pytest.approx(
        stats.pearsonr(gold[keep_a], a[keep_a]).statistic, abs=1e-12
    )
    assert ev.value("b", "pearson") == pytest.approx(
        stats.pearsonr(gold[keep_b], b[keep_b]).statistic, abs=1e-12
    )
    assert ev.results["a"]["pearson"].n == 6
    assert evaluation_document(ev)["dropped"] == {"a": 2, "b": 1}
    assert "nan:omit" in ev.signature


@pytest.mark.parametrize(
    "kwargs",
    [
        {"systems": {}},
        {"metrics": ["pearson", "pearson"]},
        {"metrics": ["unknown_metric"]},
        {"nan_policy": "ignore"},
        {"scale": (5, 0)},
    ],
)
def test_bad_arguments_raise(kwargs) -> None:
    args = {"systems": {"s": [0.0, 1.0, 2.0]}, **kwargs}
    with pytest.raises(se.InputError):
        evaluate([0.0, 1.0, 2.0], **args)


def test_length_mismatch_names_the_system() -> None:
    with pytest.raises(se.InputError, match="mine"):
        evaluate([0.0, 1.0, 2.0], {"mine": [0.0, 1.0]})


def test_constant_gold_without_scale_raises() -> None:
    with pytest.raises(se.InputError, match="scale"):
        evaluate([1.0, 1.0, 1.0], {"s": [0.0, 1.0, 2.0]})


def test_undefined_values_carry_reasons() -> None:
    ev = evaluate(
        [0.0, 1.0, 2.0, 3.0], {"s": [1.0, 1.0, 1.0, 1.0]}, metrics=["pearson"], scale=(0, 3)
    )
    rec = ev.records[0]
    assert math.isnan(rec.value) and rec.reason
    assert rec.as_dict()["value"] is None


def test_a_system_named_all_with_dropped_pairs() -> None:
    """The per-system gold subset must not collide with the shared full-data one."""
    ev = se.evaluate(
        [0, 1, 2, 3, 4, 5],
        {"all": [0, 1, np.nan, 3, 4, 5], "b": [0, 1, 2, 3, 5, 4]},
        metrics=["pearson"],
        nan_policy="omit",
    )
    # scipy.stats.pearsonr([0, 1, 3, 4, 5], [0, 1, 3, 4, 5]) = 1
    assert ev.value("all", "pearson") == pytest.approx(1.0)
    assert ev.dropped == {"all": 1, "b": 0}


def test_bins_come_from_all_gold_scores_when_pairs_are_dropped() -> None:
    """quantiles:3 on gold 0..8 cut at 8/3 and 16/3 for every system, also for a system
    with a dropped pair, so the per-bin columns mean the same thing for all."""
    gold = np.arange(9.0)
    a = gold + np.array([0.1, -0.1, 0.2, 0.0, 0.1, -0.2, 0.0, 0.1, 0.3])
    b = a.copy()
    b[4] = np.nan
    ev = se.evaluate(
        gold,
        {"a": a, "b": b},
        metrics=["scaled_pearson"],
        bins=se.Bins.quantiles(3),
        nan_policy="omit",
    )
    bins_a = ev.results["a"]["scaled_pearson"].bins
    bins_b = ev.results["b"]["scaled_pearson"].bins
    assert [x.label for x in bins_a] == [x.label for x in bins_b]
    assert [x.n for x in bins_a] == [3, 3, 3]
    assert [x.n for x in bins_b] == [3, 2, 3]  # pair 4 (gold 4) left the middle bin
    header, rows = ev.table()
    assert len(rows[1]) == len(header)


def test_nearly_constant_system_has_infinite_msse() -> None:
    # 0.1 three times: its mean is not exactly 0.1 in floating point, but the scores are
    # constant, so MSSE = +inf and NMSSE = 1 (Atoum & Ayyagari 2019, eq. 3–5).
    res = se.msse([0, 1, 2], [0.1, 0.1, 0.1])
    assert math.isinf(res.statistic) and res.reason
    assert se.nmsse([0, 1, 2], [0.1, 0.1, 0.1]).statistic == 1.0


def test_borders_are_checked() -> None:
    with pytest.raises(se.InputError, match="swap them"):
        se.evaluate([0, 1, 2, 3], {"a": [0, 1, 2, 3]}, low_border=3.5, high_border=1.5)
    with pytest.raises(se.InputError, match="finite"):
        se.evaluate([0, 1, 2, 3], {"a": [0, 1, 2, 3]}, low_border=float("nan"))


def test_records_name_their_interval_method() -> None:
    # Spearman's interval: Bonett & Wright (2000), SE = sqrt((1 + rho²/2)/(n − 3)) on z.
    import math

    from scipy import stats as sst

    g = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 2.5, 1.5, 3.5, 4.5]
    s = [0.2, 1.1, 1.9, 3.3, 3.9, 4.6, 2.7, 1.2, 3.1, 4.8]
    ev = evaluate(g, {"s": s}, metrics=["pearson", "spearman"], scale=(0, 5))
    rec = {r.metric: r for r in ev.records}
    rho = sst.spearmanr(g, s).statistic
    se_bw = math.sqrt((1 + rho**2 / 2) / (len(g) - 3))
    z = sst.norm.ppf(0.975)
    assert rec["spearman"].ci_method == "bonett-wright"
    assert rec["spearman"].ci_low == pytest.approx(math.tanh(math.atanh(rho) - z * se_bw))
    assert rec["spearman"].ci_high == pytest.approx(math.tanh(math.atanh(rho) + z * se_bw))
    assert rec["pearson"].ci_method == "fisher"


def test_value_of_an_unknown_system_or_metric_says_what_there_is() -> None:
    # was a bare KeyError: 'zzz'
    from simeval.errors import InputError

    ev = evaluate([0.0, 1, 2, 3, 4], {"a": [0.0, 1, 3, 2, 4]}, metrics=["pearson"])
    with pytest.raises(InputError, match="no system 'zzz' in this evaluation; its systems are 'a'"):
        ev.value("zzz", "pearson")
    with pytest.raises(InputError, match="'kendall' was not computed; the metrics are pearson"):
        ev.value("a", "kendall")
    assert ev.value("a", "pearson") == pytest.approx(0.9)  # by hand: Σdxdy/Σdx² = 9/10


def test_a_progress_that_is_not_callable_is_refused() -> None:
    # was "TypeError: 'int' object is not callable" after the first system
    with pytest.raises(se.InputTypeError, match=r"`progress` must be a callable"):
        se.evaluate([0, 1, 2, 3], {"a": [0, 1, 3, 2]}, metrics=["pearson"], progress=3)
