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


@pytest.mark.parametrize("scale", [1e200, 1e-200])
@pytest.mark.parametrize("method", ["cosine", "euclidean", "minkowski"])
def test_scaled_vectors_give_the_scaled_distances(scale: float, method: str) -> None:
    plain = pair_distances(W1, W2, Vectors(WORDS, MATRIX), method=method, p=3.0)
    scaled = pair_distances(W1, W2, Vectors(WORDS, MATRIX * scale), method=method, p=3.0)
    factor = 1.0 if method == "cosine" else scale
    np.testing.assert_allclose(scaled, plain * factor, rtol=1e-12)
    full = distance_matrix(MATRIX * scale, method=method, p=3.0)
    np.testing.assert_allclose(full, distance_matrix(MATRIX, method=method, p=3.0) * factor,
                               rtol=1e-12, atol=1e-9)  # fmt: skip


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
