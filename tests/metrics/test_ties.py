"""Tied groups visited a chunk at a time (``simeval.metrics._ties``): the chunks hold every
tied position once, and Spearman's ρ and nCG/nDCG of a system that clips its scores (two
large tied groups) are the same with chunks of a few positions as a plain reference.

References: ``scipy.stats.spearmanr``; for nCG/nDCG a loop written here over the pairs in
system order, each tied group's positions given the group's mean gold score (the expected
gain over the orders of the tied pairs, as Reimers et al. 2016, §2, with ties averaged as
scikit-learn's ``ndcg_score`` does), weighted 1, 1, 1/log2(3), … (Reimers et al. 2016).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.metrics import _ties
from simeval.metrics._ties import tied_chunks


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 100])
def test_chunks_hold_every_tied_position_once_in_order(chunk: int) -> None:
    rng = np.random.default_rng(7)
    sizes = rng.integers(2, 9, 12)
    starts = np.cumsum(sizes + rng.integers(0, 4, 12)) - sizes  # groups apart, ascending
    expected = [p for s, z in zip(starts, sizes, strict=True) for p in range(s, s + z)]
    got, runs = [], []
    for groups, lengths, positions in tied_chunks(starts, sizes, chunk):
        assert len(positions) <= chunk and lengths.sum() == len(positions)
        assert len(set(groups.tolist())) == len(groups)  # each group once per chunk
        at = 0
        for g, length in zip(groups, lengths, strict=True):  # a run lies inside its group
            run = positions[at : at + length]
            assert starts[g] <= run[0] and run[-1] < starts[g] + sizes[g]
            assert (np.diff(run) == 1).all()
            at += length
        got.extend(positions.tolist())
        runs.extend(zip(groups.tolist(), lengths.tolist(), strict=True))
    assert got == expected
    per_group = np.zeros(len(sizes), dtype=int)
    for g, length in runs:
        per_group[g] += length
    assert per_group.tolist() == sizes.tolist()


def test_no_ties_no_chunks() -> None:
    empty = np.zeros(0, dtype=np.intp)
    assert list(tied_chunks(empty, empty)) == []


def _clipping_system(n: int = 6000) -> tuple[np.ndarray, np.ndarray]:
    """Gold on a 0.2 grid (a grid of codes from 4096 pairs on), a noisy continuous system
    clipped to [0, 5]: two tied groups of about a tenth of the pairs each."""
    rng = np.random.default_rng(2016)
    gold = np.round(rng.uniform(0, 5, n) * 5) / 5
    system = np.clip(gold + rng.normal(0, 1.5, n), 0, 5)
    return gold, system


def _reference_gain(gold, system, k, discounted, top=None) -> float:
    """(D)CG_k / ideal (D)CG_k, with the loop described in the module docstring."""
    gains = np.asarray(gold if top is None else top - gold, dtype=float)
    keys = -system if top is None else system  # the best first
    order = sorted(range(len(gold)), key=lambda i: keys[i])
    ranked = [gains[i] for i in order]
    i = 0
    while i < len(order):  # each tied group's mean, over its positions
        j = i
        while j + 1 < len(order) and system[order[j + 1]] == system[order[i]]:
            j += 1
        mean = sum(ranked[i : j + 1]) / (j + 1 - i)
        ranked[i : j + 1] = [mean] * (j + 1 - i)
        i = j + 1

    def weight(position: int) -> float:  # from 1
        return 1.0 if not discounted or position <= 2 else 1.0 / math.log2(position)

    def cg(values) -> float:
        return sum(v * weight(p + 1) for p, v in enumerate(values[:k]))

    return cg(ranked) / cg(sorted(gains, reverse=True))


@pytest.mark.parametrize("k", [None, 10, 700])
@pytest.mark.parametrize("reverse", [False, True])
def test_ranking_measures_with_clipped_scores_in_small_chunks(monkeypatch, k, reverse) -> None:
    gold, system = _clipping_system()
    monkeypatch.setattr(_ties, "TIE_CHUNK", 7)
    top = 5.0 if reverse else None
    kk = len(gold) if k is None else k
    for fn, discounted in ((se.ndcg, True), (se.ncg, False)):
        got = fn(gold, system, k=k, reverse=reverse, scale=(0, 5)).statistic
        assert got == pytest.approx(_reference_gain(gold, system, kk, discounted, top), abs=1e-12)


def test_spearman_with_clipped_scores_in_small_chunks(monkeypatch) -> None:
    gold, system = _clipping_system()
    monkeypatch.setattr(_ties, "TIE_CHUNK", 7)
    got = se.spearman(gold, system).statistic
    assert got == pytest.approx(stats.spearmanr(gold, system).statistic, abs=1e-13)
