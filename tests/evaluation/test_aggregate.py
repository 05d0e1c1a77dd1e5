"""Aggregates across data sets against hand values (Atoum 2019, eq. 4–5 and Fig. 10;
Atoum & Ayyagari 2019, Tables 5–7)."""

from __future__ import annotations

import math

import pytest

import simeval as se
from simeval.evaluation.aggregate import aggregate, normalized_ranks

A = se.evaluate([1, 2, 3, 4], {"s": [1, 2, 4, 3]}, metrics=["pearson", "mae"])  # r .8, MAE .5
B = se.evaluate([1, 2, 3, 4, 5], {"s": [1, 3, 2, 4, 5]}, metrics=["pearson", "mae"])  # .9, .4


def _by(records):
    return {(r["metric"], r["bin"]): r for r in records}


def test_unweighted_fisher_z_and_mean() -> None:
    got = _by(aggregate({"a": A, "b": B}))
    z = (math.atanh(0.8) + math.atanh(0.9)) / 2
    assert got[("pearson", None)]["value"] == pytest.approx(math.tanh(z), abs=1e-12)
    assert got[("mae", None)]["value"] == pytest.approx(0.45, abs=1e-12)
    assert got[("mae", None)]["n"] == 9


def test_weighted_by_pairs() -> None:
    got = _by(aggregate({"a": A, "b": B}, weighted=True))
    # Fisher z weighted by n − 3 (1 and 2); the mean weighted by n (4 and 5)
    z = (1 * math.atanh(0.8) + 2 * math.atanh(0.9)) / 3
    assert got[("pearson", None)]["value"] == pytest.approx(math.tanh(z), abs=1e-12)
    assert got[("mae", None)]["value"] == pytest.approx((4 * 0.5 + 5 * 0.4) / 9, abs=1e-12)


def test_per_bin_pearson_is_averaged_by_fisher_z() -> None:
    g = [0.0, 0.5, 1.0, 1.4, 2.0, 2.5, 3.0, 3.4, 4.0, 4.4, 4.8, 5.0]
    s1 = [0.1, 0.9, 0.8, 1.6, 2.4, 2.2, 3.3, 3.0, 4.2, 4.1, 5.0, 4.7]
    s2 = [0.3, 0.2, 1.1, 1.3, 2.1, 2.9, 2.8, 3.6, 3.9, 4.6, 4.5, 4.9]
    e1 = se.evaluate(g, {"s": s1}, metrics=["scaled_pearson"], scale=(0, 5))
    e2 = se.evaluate(g, {"s": s2}, metrics=["scaled_pearson"], scale=(0, 5))
    got = _by(aggregate({"one": e1, "two": e2}))
    for r1 in (r for r in e1.records if r.bin is not None):
        r2 = next(r for r in e2.records if r.bin == r1.bin)
        want = math.tanh((math.atanh(r1.value) + math.atanh(r2.value)) / 2)
        assert got[("pearson", r1.bin)]["value"] == pytest.approx(want, abs=1e-12)
        assert got[("pearson", r1.bin)]["dataset"] == "fisher_z_mean"


def test_normalized_averaged_ranks() -> None:
    # three systems, two measures, one set: a best on both (0), c worst on both (1),
    # b in the middle on both (0.5)
    ev = se.evaluate(
        [1, 2, 3, 4, 5],
        {"a": [1, 2, 3, 4, 5], "b": [1, 3, 2, 4, 5], "c": [5, 4, 3, 2, 1]},
        metrics=["pearson", "mae"],
    )
    assert normalized_ranks({"x": ev}) == pytest.approx({"a": 0.0, "b": 0.5, "c": 1.0})


def test_undefined_on_a_set_is_undefined_with_the_reason() -> None:
    c = se.evaluate([1, 2, 3, 4], {"s": [2, 2, 2, 2]}, metrics=["pearson"])
    got = _by(aggregate({"a": A, "c": c}))
    assert got[("pearson", None)]["value"] is None
    assert "c" in got[("pearson", None)]["reason"]
