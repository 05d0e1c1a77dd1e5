"""Your own model as a scorer: a function texts → vectors, an object with ``encode`` (a
real ``SentenceTransformer`` too), a function (texts1, texts2) → scores, a ``Scorer``
subclass; each in ``simeval.run``, named by ``name=`` or a mapping; embeddings cached only
under a model id and revision given. Expected values: cosines computed here with numpy,
Spearman's ρ from scipy, and sentence-transformers' own ``encode``."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

import simeval as se
from simeval.errors import CacheWarning, InputError, InputTypeError
from simeval.runs.run import Pairs
from simeval.scorers import Scorer, from_object

T1 = ["a cat sits", "a dog runs", "sun is hot", "two men talk", "the bird sings", "cat food"]
T2 = ["the cat sat", "a dog walks", "cold rain", "two men talk", "a bird flies", "dog food"]
GOLD = [4.6, 3.0, 0.4, 5.0, 2.6, 1.2]
PAIRS = Pairs("toy", T1, T2, GOLD, (0, 5))
ALPHABET = "abcdefghijklmnopqrstuvwxyz "


def letters(texts: list[str]) -> np.ndarray:
    """A model: each text's letter counts."""
    return np.array([[t.count(c) for c in ALPHABET] for t in texts], dtype=np.float64)


def cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))


EXPECTED = cosines(letters(T1), letters(T2))


class Encoder:
    """An MTEB-style wrapper: encode(sentences, **kwargs); records what it was given."""

    def __init__(self) -> None:
        self.calls: list[dict] = []

    def encode(self, sentences, **kwargs):
        self.calls.append({"n": len(sentences), **kwargs})
        return letters(sentences).tolist()  # a list, not an array


def test_a_function_of_texts_is_a_model() -> None:
    scorer = from_object(letters, cache=False)
    assert scorer.name == "letters" and scorer.similarity == "cosine"
    got = scorer.score((T1, T2))
    assert np.allclose(got, EXPECTED, atol=1e-15)
    assert got[3] == 1.0  # the same text twice: exactly 1


def test_an_object_with_encode_gets_the_batch_size() -> None:
    model = Encoder()
    scorer = from_object(model, name="mine", batch_size=4, cache=False)
    assert np.allclose(scorer.score((T1, T2)), EXPECTED, atol=1e-15)
    assert [c["n"] for c in model.calls] == [4, 4, 3]  # 11 distinct texts, 4 at a time
    assert all(c["batch_size"] == 4 for c in model.calls)


def test_a_pair_function_is_a_model() -> None:
    def overlap(texts1, texts2):
        return [len(set(a.split()) & set(b.split())) for a, b in zip(texts1, texts2)]

    scorer = from_object(overlap, revision="1")
    # shared words, counted by hand: cat; a, dog; none; two, men, talk; bird; food
    assert scorer.score((T1, T2)).tolist() == [1.0, 2.0, 0.0, 3.0, 1.0, 1.0]
    assert scorer.signature == "model:overlap|revision:1|sim:custom"


def test_a_scorer_subclass() -> None:
    class Length(Scorer):
        name, similarity = "length", "negative length difference"

        def score_texts(self, texts1, texts2):
            return [-abs(len(a) - len(b)) for a, b in zip(texts1, texts2)]

    res = se.run([Length()], [PAIRS], n_resamples=0)
    expected = [-abs(len(a) - len(b)) for a, b in zip(T1, T2)]
    assert res.value("length", "toy") == pytest.approx(
        stats.spearmanr(GOLD, expected).statistic, abs=1e-12
    )
    assert Length().inputs == ()
    with pytest.raises(TypeError, match="must define score_texts"):

        class Empty(Scorer):  # defines neither score_texts nor score
            pass


def test_a_scorer_that_gives_the_wrong_shape_is_one_line() -> None:
    with pytest.raises(InputError, match=r"two gave scores of shape \(6, 2\) for 6 pairs"):
        from_object(lambda a, b: np.zeros((len(a), 2)), name="two").score((T1, T2))
    with pytest.raises(InputError, match=r"gave float64 of shape \(11,\) for 11 texts"):
        from_object(lambda texts: np.zeros(len(texts)), name="flat", cache=False).score((T1, T2))


def test_what_is_not_a_model_is_one_line() -> None:
    with pytest.raises(InputTypeError, match="got int"):
        from_object(3)
    with pytest.raises(InputTypeError, match="takes 3"):
        from_object(lambda a, b, c: 0)


@pytest.mark.filterwarnings("ignore::simeval.errors.CacheWarning")
def test_run_takes_objects_named_by_a_mapping_or_their_name() -> None:
    res = se.run({"letters-a": letters, "mine": Encoder()}, [PAIRS], n_resamples=0)
    assert res.models == ("letters-a", "mine")
    for model in res.models:
        assert res.value(model, "toy", "spearman") == pytest.approx(
            stats.spearmanr(GOLD, EXPECTED).statistic, abs=1e-12
        )
    named = se.run([from_object(letters, name="counts", cache=False)], [PAIRS], n_resamples=0)
    assert named.models == ("counts",)
    with pytest.raises(InputError, match="two models are named 'letters'"):
        se.run([letters, letters], [PAIRS], n_resamples=0)


def test_embeddings_are_cached_only_under_an_id_and_a_revision(tmp_path: Path) -> None:
    home = tmp_path / "simeval-home"
    model = Encoder()
    with pytest.warns(CacheWarning, match="not cached .*model_id and revision"):
        unnamed = from_object(model, name="mine")
    unnamed.score((T1, T2))
    assert not (home / "embeddings").exists() and unnamed.inputs == ()
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        named = from_object(model, model_id="me/letters", revision="v1")
        first = named.score((T1, T2))
    calls = len(model.calls)
    again = from_object(model, model_id="me/letters", revision="v1").score((T1, T2))
    assert np.array_equal(first, again) and len(model.calls) == calls  # nothing encoded
    assert list((home / "embeddings").iterdir())
    from_object(model, model_id="me/letters", revision="v2").score((T1, T2))
    assert len(model.calls) > calls  # another revision: embedded again
    assert "id:me/letters|revision:v1" in named.signature


def test_a_sentence_transformer_object_equals_its_own_encode(minilm) -> None:
    """The user's own SentenceTransformer object (here the MiniLM of the minilm scorer)."""
    model = minilm.model
    scorer = from_object(model, name="my-minilm", cache=False)
    got = scorer.score((T1, T2))
    e1, e2 = model.encode(T1), model.encode(T2)
    assert np.allclose(got, cosines(e1.astype(float), e2.astype(float)), atol=1e-6)
    assert np.array_equal(got, minilm.score((T1, T2)))  # the same batches, the same bits
