"""Two identical texts (and two identical vectors) score exactly 1 in every scorer that
has a maximum of 1: the division of a cosine gives 1 − 2e-16 for some vectors, and the
order of the tied gold-5 pairs of STS12 then follows that rounding (MTEB's 72.37 came out
72.36). Expected: 1.0 exactly, where a float64 ``u·u / ‖u‖²`` (written here) is not 1."""

from __future__ import annotations

import numpy as np
import pytest

import simeval as se
from simeval.scorers.lexical import LEXICAL_KINDS

#: Texts whose letter-count vectors give a float64 cosine with themselves below 1.
TEXTS = ["aaa bbb ccc", "a man is playing a guitar", "the quick brown fox"]


def _below_one(vectors: np.ndarray) -> bool:
    norms = np.sqrt((vectors * vectors).sum(1))
    return bool(((vectors * vectors).sum(1) / (norms * norms) < 1).any())


def letters(texts):
    return np.array([[t.count(c) / 7 for c in "abcdefghijklmnopqrstuvwxyz"] for t in texts])


def test_the_case_is_real() -> None:
    assert _below_one(letters(TEXTS))  # the plain division would not give 1


@pytest.mark.parametrize("kind", sorted(LEXICAL_KINDS))
def test_lexical(kind) -> None:
    pytest.importorskip("sklearn")
    pytest.importorskip("rapidfuzz")
    scorer = se.scorers.get(f"lexical:{kind}")
    pairs = ([*TEXTS, "A man is playing a GUITAR"], [*TEXTS, "a man is playing a guitar"])
    got = scorer.score(pairs)
    assert got[:3].tolist() == [1.0, 1.0, 1.0]
    if kind in ("jaccard", "word-tfidf", "char-tfidf"):  # lower-cased: equal vectors
        assert got[3] == 1.0


def test_a_function_model_and_equal_vectors_of_different_texts() -> None:
    scorer = se.scorers.from_object(letters, cache=False)
    assert scorer.score((TEXTS, TEXTS)).tolist() == [1.0, 1.0, 1.0]
    # "ab" and "ba" have the same letter counts: equal vectors, cosine exactly 1
    assert scorer.score((["ab ab ab"], ["ba ba ba"])).tolist() == [1.0]


def test_static_and_sif(tmp_path) -> None:
    pytest.importorskip("wordfreq")
    vectors = tmp_path / "v.txt"
    rng = np.random.default_rng(3)
    words = sorted({w for t in TEXTS for w in t.split()})
    vectors.write_text("".join(f"{w} {' '.join(map(str, rng.normal(size=5)))}\n" for w in words))
    for kind in ("static", "sif"):
        assert se.scorers.get(f"{kind}:{vectors}").score((TEXTS, TEXTS)).tolist() == [1.0] * 3


def test_minilm(minilm) -> None:
    """Sentences of STS12's MSRvid, whose MiniLM vectors give u·u / ‖u‖² < 1 in float64."""
    texts = ["A man with a hard hat is dancing.", "A plane is taking off."]
    vectors = minilm.embeddings(texts).astype(np.float64)
    assert _below_one(vectors)
    assert minilm.score((texts, texts)).tolist() == [1.0, 1.0]
