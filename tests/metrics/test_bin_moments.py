"""Scaled Pearson on long vectors: each bin's sums made chunk by chunk (no per-bin copy),
checked against scipy.stats.pearsonr on each bin's pairs, against sums in long double, and
against the short path's reasons for bins whose r is undefined."""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval import Bins
from simeval.metrics import _bin_moments, scaled
from simeval.metrics._bin_moments import bin_moments

TOL = 1e-12


@pytest.fixture
def long_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """The long path from 1000 pairs on, in chunks of 997 pairs (bins split across chunks,
    a chunk's last group cut short)."""
    monkeypatch.setattr(scaled, "STREAM_MIN", 1000)
    monkeypatch.setattr(_bin_moments, "CHUNK", 997)


def test_sums_equal_long_double_two_pass(long_path: None) -> None:
    rng = np.random.default_rng(3)
    x, y = rng.normal(5, 2, 20_000), rng.normal(1e6, 1, 20_000)  # a large common offset
    index = rng.integers(-1, 4, x.size)  # −1: pairs in no bin
    for j, m in enumerate(bin_moments(x, y, index, 4)):
        keep = index == j
        dx = x[keep].astype(np.longdouble) - x[keep].astype(np.longdouble).mean()
        dy = y[keep].astype(np.longdouble) - y[keep].astype(np.longdouble).mean()
        assert m.n == keep.sum()
        assert m.sxx == pytest.approx(float((dx * dx).sum()), rel=TOL)
        assert m.syy == pytest.approx(float((dy * dy).sum()), rel=TOL)
        assert m.sxy == pytest.approx(float((dx * dy).sum()), rel=1e-9, abs=1e-9 * m.syy)
        assert not (m.gold_constant or m.system_constant)


def test_bins_equal_scipy_on_each_bin(long_path: None) -> None:
    rng = np.random.default_rng(0)
    gold = rng.uniform(0, 5, 30_000)
    system = gold + rng.normal(0, 0.7, gold.size)
    res = se.scaled_pearson(gold, system, bins=Bins.equal_width(4), scale=(0, 5))
    edges = np.linspace(0, 5, 5)
    index = np.minimum(np.searchsorted(edges[1:-1], gold, side="right"), 3)
    for j, b in enumerate(res.bins):
        ref = stats.pearsonr(gold[index == j], system[index == j])
        assert b.n == (index == j).sum()
        assert abs(b.statistic - ref.statistic) <= TOL
        assert b.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-300)


def test_undefined_bins_as_on_short_vectors(
    long_path: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # bin [0, 1): constant gold; [1, 2): constant system; [2, 3): 2 pairs; [3, 4): empty;
    # [4, 5]: defined. The short path (a copy of each bin) gives the same reasons.
    rng = np.random.default_rng(1)
    gold = np.concatenate([np.full(3000, 0.5), rng.uniform(1, 2, 3000), [2.2, 2.7],
                           rng.uniform(4, 5, 3000)])  # fmt: skip
    system = rng.normal(size=gold.size)
    system[3000:6000] = 7.0
    bins = Bins.equal_width(5)
    long = se.scaled_pearson(gold, system, bins=bins, scale=(0, 5), skip_undefined_bins=True)
    monkeypatch.setattr(scaled, "STREAM_MIN", 10**9)
    short = se.scaled_pearson(gold, system, bins=bins, scale=(0, 5), skip_undefined_bins=True)
    assert [b.reason for b in long.bins] == [b.reason for b in short.bins]
    assert [b.n for b in long.bins] == [3000, 3000, 2, 0, 3000]
    assert long.bins[0].reason == "undefined: the gold scores are constant"
    assert long.bins[1].reason == "undefined: the system scores are constant"
    assert long.bins[3].reason == "undefined: the bin is empty"
    last = gold >= 4
    assert abs(long.statistic - stats.pearsonr(gold[last], system[last]).statistic) <= TOL


def test_extreme_magnitudes_are_rescaled(long_path: None) -> None:
    # squares of 1e200 overflow: r is computed again from exactly rescaled scores, and
    # Pearson's r does not change when both sides are scaled (scipy on the unscaled ones)
    rng = np.random.default_rng(2)
    gold = rng.uniform(0, 5, 5000)
    system = gold + rng.normal(0, 1, gold.size)
    res = se.scaled_pearson(gold * 1e200, system * 1e200, scale=(0, 5e200))
    third = np.minimum((gold / (5 / 3)).astype(int), 2)
    for j, b in enumerate(res.bins):
        ref = stats.pearsonr(gold[third == j], system[third == j]).statistic
        assert abs(b.statistic - ref) <= TOL


def test_a_side_constant_within_each_chunk_is_not_constant(long_path: None) -> None:
    # the system's scores in the bin are 7 in the first three chunks of 997 pairs and 8
    # in the others, each chunk constant on its own: the bin's extremes come from all
    # chunks (r defined, as scipy gives it)
    rng = np.random.default_rng(4)
    gold = rng.uniform(1, 2, 6000)
    system = np.where(np.arange(gold.size) < 3 * 997, 7.0, 8.0)
    index = np.zeros(gold.size, dtype=np.int8)
    (m,) = bin_moments(gold, system, index, 1)
    assert not m.system_constant and not m.gold_constant
    r = m.sxy / np.sqrt(m.sxx * m.syy)
    assert abs(r - stats.pearsonr(gold, system).statistic) <= TOL
    share = 3 * 997 / 6000  # at 7; the rest at 8: Syy = n·p·(1 − p)
    assert m.syy == pytest.approx(6000 * share * (1 - share), rel=TOL)
