"""Averaged vectors, SIF and WMD against hand computations on 3-word vocabularies."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.scorers.static import AverageScorer, SIFScorer
from simeval.vectors.read import Vectors

SQRT_HALF = 1 / math.sqrt(2)


def test_average_by_hand(tmp_path: Path) -> None:
    path = tmp_path / "v.txt"
    path.write_text("cat 1 0\ndog 0 1\nsat 1 1\n")
    # "cat sat" -> ([1,0] + [1,1]) / 2 = [1, 0.5]; "dog" -> [0, 1]
    # cosine = 0.5 / (sqrt(1.25) * 1) = 1 / sqrt(5); "emu" is unknown and skipped
    got = se.scorers.get(f"static:{path}").score((["Cat sat emu"], ["dog"]))
    assert got[0] == pytest.approx(1 / math.sqrt(5), abs=1e-12)


def test_text_without_known_word_is_nan_with_a_warning() -> None:
    scorer = AverageScorer(Vectors(["cat"], [[1.0, 0.0]]), name="static:mem")
    with pytest.warns(se.UndefinedMetricWarning, match="pair 2"):
        got = scorer.score((["cat", "cat"], ["cat", "emu"]))
    assert got[0] == pytest.approx(1.0) and math.isnan(got[1])


def test_sif_by_hand() -> None:
    # a = 1e-3; p(cat) = 1e-3 -> weight 1/2; p(dog) = 3e-3 -> 1/4; p(sat) = 0 -> 1.
    # Weighted word vectors: cat [2,0,6]/2 = [1,0,3]; dog [0,4,12]/4 = [0,1,3];
    # sat [-1,-1,3]. Text vectors (mean over words):
    #   cat [1,0,3], dog [0,1,3], sat [-1,-1,3],
    #   "cat dog" [.5,.5,3], "dog sat" [-.5,0,3], "cat sat" [0,-.5,3].
    # Their first parts sum to 0 and their squares sum to 2.5 per axis, so XᵀX =
    # [[2.5, 1.25, 0], [1.25, 2.5, 0], [0, 0, 54]]: the first singular vector is e3 and
    # removing it leaves the first two coordinates. Cosines:
    #   [1,0]·[.5,.5] / (1 · √.5) = 1/√2;  [0,1]·[-.5,0] = 0;
    #   [-1,-1]·[0,-.5] / (√2 · .5) = 1/√2
    vectors = Vectors(["cat", "dog", "sat"], [[2, 0, 6], [0, 4, 12], [-1, -1, 3]])
    freq = {"cat": 1e-3, "dog": 3e-3}
    scorer = SIFScorer(vectors, name="sif:mem", frequencies=freq)
    got = scorer.score((["cat", "dog", "sat"], ["cat dog", "dog sat", "cat sat"]))
    np.testing.assert_allclose(got, [SQRT_HALF, 0.0, SQRT_HALF], atol=1e-12)
    assert "pc:1 removed over scored set" in scorer.signature


def test_sif_weights_come_from_wordfreq() -> None:
    wordfreq = pytest.importorskip("wordfreq")
    scorer = SIFScorer(Vectors(["the"], [[1.0]]), name="sif:mem")
    p = wordfreq.word_frequency("the", "en")  # the unigram probability, from the package
    assert scorer._weights(["the"])[0] == pytest.approx(1e-3 / (1e-3 + p), rel=1e-12)


def test_wmd_one_word_each_is_the_euclidean_distance(tmp_path: Path) -> None:
    pytest.importorskip("ot")
    path = tmp_path / "v.txt"
    path.write_text("cat 0 0\ndog 3 4\nsat 1 1\n")
    scorer = se.scorers.get(f"wmd:{path}")
    # one word each: all mass moves from cat to dog, distance |[3,4]| = 5
    # "cat cat dog" (2/3, 1/3) vs "dog": 2/3 of the mass moves 5 -> 10/3
    # the same bag in another order: 0
    got = scorer.score((["cat", "cat cat dog", "cat dog"], ["dog", "dog", "dog cat"]))
    np.testing.assert_allclose(got, [-5.0, -10 / 3, 0.0], atol=1e-12)


def test_cosine_of_a_parallel_pair_is_exactly_one() -> None:
    """u and 3u: the textbook cosine is 1; float64 rounding of u·v / (‖u‖‖v‖) gives
    1.0000000000000002 for this u, which a scale check of [-1, 1] would reject."""
    from simeval.scorers.base import pair_similarity

    u = np.array([[0.6369616873214543, 0.2697867137638703, 0.04097352393619469]])
    raw = np.einsum("ij,ij->i", u, 3 * u) / (np.linalg.norm(u) * np.linalg.norm(3 * u))
    assert raw[0] > 1.0  # the rounding this test is about
    assert pair_similarity(u, 3 * u, "cosine").tolist() == [1.0]
    assert np.isnan(pair_similarity(u, 0 * u, "cosine")[0])
