"""Properties every registered metric must have, driven by the registry.

Like scikit-learn's ``tests/test_common.py``: loop over ``available_metrics()`` and check
permutation invariance, bounds, Pearson's invariance under positive affine maps and the
rank measures' invariance under strictly increasing maps. Plus: every one of the 16 measures
of Reimers et al. (2016), Table 2, is nameable and evaluates.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import simeval as se
from simeval import Bins, evaluate, get_metric

PLAIN = [m.name for m in se.available_metrics()]
RANK_MEASURES = [
    "spearman",
    "kendall",
    "ncg",
    "ndcg",
    "ncg@3",
    "ndcg@5",
    "ncg_avg_rank",
    "ndcg_avg_rank",
]
ALL_NAMES = PLAIN + [m for m in RANK_MEASURES if m not in PLAIN] + ["ndcg_rev@5"]
SCALE = (0.0, 5.0)

PROPS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _values(gold, system, names=ALL_NAMES, bins=None) -> dict[str, float]:
    ev = evaluate(
        np.asarray(gold),
        {"s": np.asarray(system)},
        metrics=names,
        scale=SCALE,
        bins=bins or Bins.equal_width(2),
    )
    return {name: ev.results["s"][get_metric(name).name].statistic for name in names}


def _same(a: float, b: float, tol: float = 1e-9) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


@st.composite
def pairs(draw, min_size: int = 3, max_size: int = 40):
    n = draw(st.integers(min_size, max_size))
    # Gold on 0–5 in halves (ties, as STS); system on a grid of quarters (ties, and exact
    # under the maps below).
    gold = draw(st.lists(st.integers(0, 10), min_size=n, max_size=n))
    system = draw(st.lists(st.integers(-8, 28), min_size=n, max_size=n))
    return np.array(gold) / 2.0, np.array(system) / 4.0


# -- registry contents --------------------------------------------------------------------------
def test_registry_entries_are_complete() -> None:
    assert PLAIN, "registry is empty"
    for m in se.available_metrics():
        assert isinstance(m.higher_is_better, bool)
        lo, hi = m.bounds
        assert lo < hi
        assert m.source, m.name
        assert get_metric(m.name) is m or get_metric(m.name).name == m.name


def test_table2_has_16_distinct_measures() -> None:
    # Reimers et al. (2016), Table 2, lists 16 measures.
    assert len(se.TABLE2_MEASURES) == 16
    assert len({get_metric(n).name for n in se.TABLE2_MEASURES}) == 16


def test_every_table2_measure_evaluates() -> None:
    rng = np.random.default_rng(2)
    gold = rng.integers(0, 11, 60) / 2.0
    system = np.clip(gold + rng.normal(0, 0.8, 60), 0, 5)
    ev = evaluate(gold, {"sys": system}, metrics=list(se.TABLE2_MEASURES), scale=SCALE)
    for name in se.TABLE2_MEASURES:
        value = ev.value("sys", name)
        metric = get_metric(name)
        assert math.isfinite(value), name
        assert metric.bounds[0] <= value <= metric.bounds[1], name


def test_hmean_combinations_by_hand() -> None:
    # hmean(a, b, c) = 3/(1/a + 1/b + 1/c); macro_avg(a, b) = (a + b)/2 (Reimers et al. 2016, §2).
    rng = np.random.default_rng(5)
    gold = rng.integers(0, 11, 80) / 2.0
    system = np.clip(gold + rng.normal(0, 1.0, 80), 0, 5)
    ev = evaluate(
        gold,
        {"s": system},
        scale=SCALE,
        metrics=[
            "pearson",
            "f1_low",
            "f1_high",
            "hmean(pearson,f1_low,f1_high)",
            "hmean(f1_low,f1_high)",
            "macro_avg(f1_low,f1_high)",
        ],
    )
    p, lo, hi = (ev.value("s", m) for m in ("pearson", "f1_low", "f1_high"))
    assert ev.value("s", "hmean(pearson,f1_low,f1_high)") == pytest.approx(
        3 / (1 / p + 1 / lo + 1 / hi), abs=1e-12
    )
    assert ev.value("s", "hmean(f1_low,f1_high)") == pytest.approx(se.hmean(lo, hi), abs=1e-12)
    assert ev.value("s", "macro_avg(f1_low,f1_high)") == pytest.approx((lo + hi) / 2, abs=1e-12)


def test_hmean_with_negative_part_is_zero() -> None:
    # simeval's convention where the paper is silent (Reimers et al. 2016 define hmean for
    # positive measures; README, "Choices"): hmean is 0 when a part ≤ 0 (Pearson < 0 here).
    gold = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 0.5, 4.5])
    system = 5 - gold
    ev = evaluate(gold, {"s": system}, scale=SCALE, metrics=["hmean(pearson,ncg_avg_rank)"])
    assert ev.value("s", "hmean(pearson,ncg_avg_rank)") == 0.0


@pytest.mark.parametrize(
    "name",
    [
        "nope",
        "pearson2",
        "hmean(pearson)",
        "hmean(pearson,mae)",  # mae is lower-is-better
        "median(pearson,spearman)",
        "hmean(pearson,ncg_avg_rank",
        "hmean(pearson,nope)",
        "ndcg@0",
        "",
    ],
)
def test_unknown_names_raise(name: str) -> None:
    with pytest.raises(se.InputError):
        get_metric(name)


def test_unknown_name_in_evaluate_raises() -> None:
    with pytest.raises(se.InputError, match="nope"):
        evaluate([0.0, 1.0, 2.0], {"s": [0.0, 1.0, 2.0]}, metrics=["nope"])


def test_names_are_case_and_space_insensitive() -> None:
    assert get_metric("Pearson").name == "pearson"
    assert get_metric("hmean( F1_low , F1_high )").name == "hmean(f1_low,f1_high)"
    assert get_metric("nDCG@10").name == "ndcg@10"


# -- properties -------------------------------------------------------------------------------
@PROPS
@given(data=pairs(), seed=st.integers(0, 2**32 - 1))
def test_permutation_invariance(data, seed) -> None:
    gold, system = data
    perm = np.random.default_rng(seed).permutation(gold.size)
    before = _values(gold, system)
    after = _values(gold[perm], system[perm])
    for name in ALL_NAMES:
        assert _same(before[name], after[name]), (name, before[name], after[name])


@PROPS
@given(data=pairs())
def test_bounds_respected(data) -> None:
    gold, system = data
    values = _values(gold, system)
    for name, value in values.items():
        lo, hi = get_metric(name).bounds
        assert math.isnan(value) or lo <= value <= hi, (name, value)


@PROPS
@given(data=pairs(), a=st.floats(0.01, 100), b=st.floats(-50, 50))
def test_pearson_invariant_under_positive_affine_maps(data, a, b) -> None:
    gold, system = data
    names = ["pearson", "scaled_pearson"]
    before = _values(gold, system, names)
    after = _values(gold, a * system + b, names)
    for name in names:
        assert _same(before[name], after[name], tol=1e-9), (name, before[name], after[name])


MONOTONE = {
    "exp": np.exp,
    "cube": lambda x: x**3 + 2 * x,
    "affine_then_log": lambda x: np.log(x + 10.0),
}


@PROPS
@given(data=pairs(), which=st.sampled_from(sorted(MONOTONE)))
def test_rank_measures_invariant_under_increasing_maps(data, which) -> None:
    gold, system = data
    mapped = MONOTONE[which](system)
    # The maps keep distinct quarter-grid values distinct and ties tied.
    assert len(set(mapped.tolist())) == len(set(system.tolist()))
    before = _values(gold, system, RANK_MEASURES)
    after = _values(gold, mapped, RANK_MEASURES)
    for name in RANK_MEASURES:
        assert _same(before[name], after[name], tol=1e-12), (name, before[name], after[name])


@PROPS
@given(data=pairs())
def test_registry_matches_standalone_functions(data) -> None:
    # evaluate() shares sorts between metrics; it must give what the functions give alone.
    gold, system = data
    values = _values(gold, system)
    standalone = {
        "pearson": se.pearson(gold, system).statistic,
        "spearman": se.spearman(gold, system).statistic,
        "kendall": se.kendall(gold, system).statistic,
        "ndcg": se.ndcg(gold, system).statistic,
        "ncg@3": se.ncg(gold, system, k=3).statistic,
        "ndcg_avg_rank": se.ndcg_avg_rank(gold, system).statistic,
        "ndcg_rev@5": se.ndcg(gold, system, k=5, reverse=True, scale=SCALE).statistic,
        "f1_low": se.f1_low(gold, system, scale=SCALE).statistic,
        "accuracy_high": se.accuracy_high(gold, system, scale=SCALE).statistic,
        "mae": se.mae(gold, system, scale=SCALE).statistic,
        "nmsse": se.nmsse(gold, system, scale=SCALE).statistic,
        "scaled_pearson": se.scaled_pearson(
            gold, system, bins=Bins.equal_width(2), scale=SCALE
        ).statistic,
    }
    for name, value in standalone.items():
        assert _same(values[name], value, tol=1e-12), (name, values[name], value)
