"""Bins of the scaled Pearson (Atoum 2019, eq. 2–3).

Bins are left-closed ``[e_k, e_{k+1})``, the last closed on both ends; ``equal_width(K)``
edges are ``lo + (hi − lo)·k/K`` exactly. Expected indices are worked out by hand or with
masks written in the test.
"""

from __future__ import annotations

import numpy as np
import pytest

from simeval import Bins, InputError, InputTypeError
from simeval.binning import BinKind
from simeval.cli._options import parse_bins


@pytest.mark.parametrize(
    ("lo", "hi", "k"), [(0.0, 5.0, 3), (1.0, 5.0, 7), (0.0, 1.0, 10), (-1.0, 1.0, 6), (0, 4, 3)]
)
def test_equal_width_edges_are_exact(lo: float, hi: float, k: int) -> None:
    binning = Bins.equal_width(k).assign([lo, hi], scale=(lo, hi))
    assert binning.k == k
    for j, spec in enumerate(binning.specs):
        assert spec.low == lo + (hi - lo) * j / k  # exact, not approx
        assert spec.high == lo + (hi - lo) * (j + 1) / k
        assert spec.closed_right == (j == k - 1)
    assert binning.specs[-1].high == hi


def test_sts_thirds_as_seed_000() -> None:
    # Atoum (2019, §4.3) splits STS 0–5 at 1.66 / 3.33: edges 0, 5/3, 10/3, 5.
    binning = Bins.equal_width(3).assign([0.0, 5.0], scale=(0, 5))
    assert [s.low for s in binning.specs] == [0.0, 5 * 1 / 3, 5 * 2 / 3]
    assert binning.specs[-1].label.endswith("]")  # last closed
    assert binning.specs[0].label.endswith(")")


def test_left_closed_and_top_in_last_bin() -> None:
    # Scale 0–3, K = 3: edges 0, 1, 2, 3 (exact in binary).
    g = [0.0, 0.999, 1.0, 1.5, 2.0, 2.999, 3.0]
    # 0 → bin 0; 1.0 is an inner edge → upper bin 1; 2.0 → bin 2; 3.0 (top) → last bin 2.
    assert Bins.equal_width(3).assign(g, scale=(0, 3)).index.tolist() == [0, 0, 1, 1, 2, 2, 2]


def test_inner_edge_exact_float_goes_up() -> None:
    edge = 0 + (5 - 0) * 1 / 3  # the first inner edge of thirds on 0–5
    below = np.nextafter(edge, -np.inf)
    idx = Bins.equal_width(3).assign([below, edge, 5.0], scale=(0, 5)).index
    assert idx.tolist() == [0, 1, 2]


def test_thresholds_left_closed() -> None:
    # Cuts 1.5, 3.5 on 0–5 → [0, 1.5) [1.5, 3.5) [3.5, 5].
    g = [0.0, 1.4999, 1.5, 3.4999, 3.5, 5.0]
    binning = Bins.thresholds([1.5, 3.5]).assign(g, scale=(0, 5))
    assert binning.index.tolist() == [0, 0, 1, 1, 2, 2]
    assert [(s.low, s.high) for s in binning.specs] == [(0, 1.5), (1.5, 3.5), (3.5, 5)]


def test_observed_range_when_no_scale() -> None:
    binning = Bins.equal_width(2).assign([2.0, 3.0, 4.0, 6.0])
    # observed range 2–6: edges 2, 4, 6; 4.0 → upper bin.
    assert [s.low for s in binning.specs] == [2.0, 4.0]
    assert binning.index.tolist() == [0, 0, 1, 1]


def test_values_outside_a_declared_scale_are_an_error() -> None:
    # Dropping them silently would shrink the bins' coverage without a word.
    with pytest.raises(InputError, match=r"-0.5 at index 0 is outside the declared scale \[0, 1\]"):
        Bins.equal_width(2).assign([-0.5, 0.25, 1.5], scale=(0, 1))


def test_labels_sorted_or_ordered() -> None:
    labels = ["NEUTRAL", "ENTAILMENT", "CONTRADICTION", "NEUTRAL"]
    binning = Bins.labels(labels).assign([1.0, 2.0, 3.0, 4.0])
    assert [s.label for s in binning.specs] == ["CONTRADICTION", "ENTAILMENT", "NEUTRAL"]
    assert binning.index.tolist() == [2, 1, 0, 2]
    order = ["CONTRADICTION", "NEUTRAL", "ENTAILMENT"]
    binning = Bins.labels(labels, order=order).assign([1.0, 2.0, 3.0, 4.0])
    assert [s.label for s in binning.specs] == order
    assert binning.index.tolist() == [1, 2, 0, 1]


def test_labels_errors() -> None:
    with pytest.raises(InputError):
        Bins.labels(["a", "b"]).assign([1.0, 2.0, 3.0])
    with pytest.raises(InputError):
        Bins.labels(["a", "c"], order=["a", "b"])


def test_segments_sort_by_gold_and_report_remainder() -> None:
    # N = 7, n = 3 → K = 2 segments; the 7 mod 3 = 1 pair with the highest gold is left over.
    g = [5.0, 0.0, 3.0, 1.0, 4.0, 2.0, 6.0]
    binning = Bins.segments(3).assign(g)
    assert binning.k == 2
    assert binning.remainder == 1
    # gold 0, 1, 2 → segment 0; 3, 4, 5 → segment 1; 6 → none.
    assert binning.index.tolist() == [1, 0, 1, 0, 1, 0, -1]
    assert [(s.low, s.high) for s in binning.specs] == [(0.0, 2.0), (3.0, 5.0)]


def test_segments_too_few_pairs() -> None:
    with pytest.raises(InputError):
        Bins.segments(5).assign([1.0, 2.0, 3.0])


def test_quantiles_equal_counts_without_ties() -> None:
    g = np.arange(12, dtype=float)[::-1]
    binning = Bins.quantiles(4).assign(g)
    counts = np.bincount(binning.index, minlength=4)
    assert counts.tolist() == [3, 3, 3, 3]
    # np.quantile edges 0, 2.75, 5.5, 8.25, 11; left-closed.
    assert binning.index[g == 3.0].item() == 1
    assert binning.index[g == 11.0].item() == 3


@pytest.mark.parametrize(
    "make",
    [
        lambda: Bins.equal_width(0),
        lambda: Bins.equal_width(2.5),
        lambda: Bins.equal_width(True),
        lambda: Bins.thresholds([]),
        lambda: Bins.thresholds([2.0, 1.0]),
        lambda: Bins.thresholds([1.0, 1.0]),
        lambda: Bins.thresholds([float("nan")]),
        lambda: Bins.segments(1),
        lambda: Bins.quantiles(0),
        lambda: Bins.thresholds([6.0]).assign([1.0, 2.0], scale=(0, 5)),
        lambda: Bins.equal_width(3).assign([2.0, 2.0, 2.0]),  # constant gold, no scale
    ],
)
def test_bad_bins_raise(make) -> None:
    with pytest.raises(InputError):
        make()


@pytest.mark.parametrize(
    ("text", "kind", "attr", "value"),
    [
        ("thirds", "equal_width", "k", 3),
        ("equal:5", "equal_width", "k", 5),
        ("edges:1.5,3.5", "thresholds", "cuts", (1.5, 3.5)),
        ("segments:10", "segments", "size", 10),
        ("quantiles:4", "quantiles", "k", 4),
    ],
)
def test_parse_bins(text: str, kind: str, attr: str, value) -> None:
    bins = parse_bins(text)
    assert bins.kind.value == kind
    assert getattr(bins, attr) == value
    assert parse_bins(bins.describe()) == bins  # the signature spelling parses back


def test_parse_bins_labels() -> None:
    bins = parse_bins("labels:gold_label", ["a", "b", "a"])
    assert bins.kind is BinKind.LABELS and bins.values == ("a", "b", "a")


@pytest.mark.parametrize(
    "text", ["", "fourths", "equal:x", "equal:0", "edges:", "edges:a,b", "segments:1", "labels:"]
)
def test_parse_bins_rejects(text: str) -> None:
    with pytest.raises(InputError):
        parse_bins(text)


@pytest.mark.parametrize("cuts", ["23", "2,3", 3])
def test_threshold_cuts_are_a_sequence_of_numbers(cuts) -> None:
    # "23" was split into the cuts 2 and 3; "2,3" raised float()'s ValueError
    with pytest.raises(InputTypeError, match=r"`cuts` must be a sequence of numbers"):
        Bins.thresholds(cuts)
