"""Neighbour ranks (wordspace ``pair.ranks``) computed block by block over the vocabulary.

Reference: R's ``rank(x, ties.method="min") − 1`` as ``scipy.stats.rankdata(method="min")
− 1`` over each first word's full row of cosines (or angles in degrees), taken from one
row-wise computation so that equal vectors give exactly equal values.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy import stats

from simeval.vectors.read import Vectors
from simeval.wordsim import pair_distances


def _vectors(n: int = 400, dim: int = 12, seed: int = 0) -> Vectors:
    rng = np.random.default_rng(seed)
    m = rng.normal(size=(n, dim))
    m[10] = m[3]  # equal vectors: exact ties
    m[11] = 2.5 * m[3]  # same direction: cosine 1 (angle 0 after the snap)
    m[20] = -m[5]  # opposite: cosine −1
    return Vectors([f"w{i}" for i in range(n)], m)


def _reference(v: Vectors, i1, i2, similarity: bool) -> np.ndarray:
    u = v.matrix / np.linalg.norm(v.matrix, axis=1)[:, None]
    out = []
    for a, b in zip(i1, i2):
        c = np.sum(u[a] * u, axis=1)  # row-wise dot products, as the pair's own value
        if similarity:
            key = -c
        else:
            c = np.where(c > 1 - 1e-12, 1.0, np.where(c < -(1 - 1e-12), -1.0, c))
            key = np.degrees(np.arccos(c))
        out.append(stats.rankdata(key, method="min")[b] - 1)
    return np.array(out, dtype=float)


@pytest.mark.parametrize("similarity", [False, True])
@pytest.mark.parametrize("batch_size", [1, 997, 10_000_000])
def test_ranks_equal_rankdata_over_the_full_row(similarity, batch_size):
    v = _vectors()
    rng = np.random.default_rng(1)
    i1 = np.r_[rng.integers(0, 400, 60), 3, 3, 10, 5, 7, 7]
    i2 = np.r_[rng.integers(0, 400, 60), 10, 11, 3, 20, 7, 8]
    w1 = [v.words[i] for i in i1]
    w2 = [v.words[i] for i in i2]
    got = pair_distances(w1, w2, v, rank="fwd", similarity=similarity, batch_size=batch_size)
    np.testing.assert_array_equal(got, _reference(v, i1, i2, similarity))


def test_unknown_words_and_progress():
    v = _vectors(50)
    calls = []
    got = pair_distances(
        ["w1", "zzz", "w2"],
        ["w2", "w1", "w1"],
        v,
        rank="fwd",
        batch_size=40,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert np.isinf(got[1]) and np.isfinite(got[[0, 2]]).all()
    assert calls[-1] == (50, 50) and len(calls) == 3  # 50 rows, 40 // 2 pairs = 20 a block
