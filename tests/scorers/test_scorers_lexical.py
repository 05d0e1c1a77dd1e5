"""Lexical scorers against hand counts and scikit-learn; names, pairs and bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

import simeval as se
from simeval.errors import InputError


def test_jaccard_by_hand() -> None:
    # {a, cat, sat} vs {the, cat, sat, down}: 2 shared of 5 distinct words -> 2/5
    # {dogs, bark} vs {dogs, bark}: 2/2
    pairs = (["A cat sat.", "Dogs bark"], ["The cat sat down", "dogs BARK!"])
    assert se.scorers.get("lexical:jaccard").score(pairs).tolist() == [0.4, 1.0]


def test_jaccard_without_words_is_nan() -> None:
    assert math.isnan(se.scorers.get("lexical:jaccard").score((["!!"], ["?"]))[0])


@pytest.mark.parametrize("kind", ["char-tfidf", "word-tfidf"])
def test_tfidf_cosine_matches_scikit_learn(kind: str) -> None:
    text = pytest.importorskip("sklearn.feature_extraction.text")
    pairwise = pytest.importorskip("sklearn.metrics.pairwise")
    t1 = ["a man plays a guitar", "a dog runs in the park", "the cat sleeps"]
    t2 = ["a man plays the guitar", "the cat sleeps", "a woman is slicing onions"]
    # scikit-learn's own vectoriser, fitted on the distinct sentences of the set
    if kind == "char-tfidf":
        vec = text.TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4))
    else:
        vec = text.TfidfVectorizer(token_pattern=r"(?u)\b\w+\b")  # every word, as simeval
    unique = list(dict.fromkeys(t1 + t2))
    m = vec.fit_transform(unique)
    expected = [
        pairwise.cosine_similarity(m[unique.index(a)], m[unique.index(b)])[0, 0]
        for a, b in zip(t1, t2)
    ]
    got = se.scorers.get(f"lexical:{kind}").score((t1, t2))
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_edit_similarity_by_hand() -> None:
    pytest.importorskip("rapidfuzz")
    # kitten -> sitting: 3 edits (k/s, e/i, +g), longer text 7 characters: 1 - 3/7
    got = se.scorers.get("lexical:edit").score((["kitten"], ["sitting"]))
    assert got[0] == pytest.approx(4 / 7, abs=1e-12)


def test_token_set_ratio_of_the_same_word_set_is_one() -> None:
    pytest.importorskip("rapidfuzz")
    # both texts have the token set {a, bear, fuzzy, was}: the ratio is 100 %
    got = se.scorers.get("lexical:token-set").score(
        (["fuzzy was a bear"], ["Fuzzy fuzzy was a bear"])
    )
    assert got.tolist() == [1.0]


def test_pairs_object_with_texts_fields() -> None:
    class Pairs:
        texts1 = ("one two",)
        texts2 = ("two three",)

    # {one, two} vs {two, three}: 1 shared of 3
    assert se.scorers.get("lexical:jaccard").score(Pairs())[0] == pytest.approx(1 / 3)


def test_unknown_name_lists_the_known_ones() -> None:
    with pytest.raises(InputError) as err:
        se.scorers.get("minilm-xl")
    message = str(err.value)
    assert "\n" not in message
    for known in ("minilm", "st:PATH", "lexical:jaccard", "lexical:char-tfidf", "sif:PATH"):
        assert known in message


def test_empty_text_is_one_line_naming_the_pair() -> None:
    with pytest.raises(InputError, match=r"texts2\[1\] \(pair 2\) is empty"):
        se.scorers.get("lexical:jaccard").score((["a", "b"], ["c", "  "]))


def test_lengths_must_agree() -> None:
    with pytest.raises(InputError, match="same length; got 2 and 1"):
        se.scorers.get("lexical:jaccard").score((["a", "b"], ["c"]))


def test_lexical_scoring_loads_no_heavy_module() -> None:
    code = (
        "import json, sys, simeval as se\n"
        "se.scorers.get('lexical:jaccard').score((['a b'], ['b c']))\n"
        "heavy = ('torch', 'sentence_transformers', 'sklearn', 'ot', 'transformers')\n"
        "print(json.dumps([m for m in heavy if m in sys.modules]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
