"""Distances of vectors whose squares or p-th powers leave the floating-point range.

Cosines do not change when a vector is scaled, and every distance scales with it, so
vectors ×1e200 or ×1e-200 give the cosines of the unscaled ones and their distances ×1e200
or ×1e-200 (their squares overflowed to inf, or underflowed to 0, and were read as
missing, constant or zero vectors). For p → ∞ the minkowski distance tends to the maximum
metric: max|d| ≤ (Σ|d|^p)^(1/p) ≤ D^(1/p)·max|d| for D coordinates (Hölder)."""

from __future__ import annotations

import numpy as np
import pytest

from simeval.vectors.read import Vectors
from simeval.wordsim.distances import distance_matrix, pair_distances

RNG = np.random.default_rng(0)
WORDS = [f"w{i}" for i in range(12)]
MATRIX = RNG.normal(size=(12, 5))
W1, W2 = WORDS[:6], WORDS[6:]


@pytest.mark.parametrize("scale", [1e200, 1e-200, 1e-160, 1e-105])  # 0, subnormal, near
@pytest.mark.parametrize("method", ["cosine", "euclidean", "minkowski"])
def test_scaled_vectors_give_the_scaled_distances(scale: float, method: str) -> None:
    p = None if method != "minkowski" else 3.0
    kw = {"method": method, "p": p or 2.0}
    plain = pair_distances(W1, W2, Vectors(WORDS, MATRIX), **kw)
    scaled = pair_distances(W1, W2, Vectors(WORDS, MATRIX * scale), **kw)
    factor = 1.0 if method == "cosine" else scale
    np.testing.assert_allclose(scaled / factor, plain, rtol=1e-12)
    full = distance_matrix(MATRIX * scale, **kw) / factor
    np.testing.assert_allclose(full, distance_matrix(MATRIX, **kw), rtol=1e-12)


def test_a_large_minkowski_p_is_near_the_maximum_metric() -> None:
    vectors = Vectors(WORDS, MATRIX)
    d = pair_distances(W1, W2, vectors, method="minkowski", p=1000.0)
    top = pair_distances(W1, W2, vectors, method="maximum")
    assert np.all(d >= top * (1 - 1e-12)) and np.all(d <= top * 5 ** (1 / 1000) * (1 + 1e-12))
    full = distance_matrix(MATRIX, method="minkowski", p=1000.0)
    top_full = distance_matrix(MATRIX, method="maximum")
    off = ~np.eye(12, dtype=bool)
    assert np.all(full[off] >= top_full[off] * (1 - 1e-12))
    assert np.all(full[off] <= top_full[off] * 5 ** (1 / 1000) * (1 + 1e-12))


def test_identical_rows_cost_no_more_than_others() -> None:
    # distances of 0 between equal rows were taken for underflows and measured again one
    # by one (12 000 × 300 with 6 000 zero rows: 11 GB and 29 s)
    m = np.zeros((3000, 50))
    m[::2] = RNG.normal(size=(1500, 50))
    d = distance_matrix(m, method="euclidean")
    assert d.shape == (3000, 3000) and d[1, 3] == 0.0 and d[0, 2] > 0
