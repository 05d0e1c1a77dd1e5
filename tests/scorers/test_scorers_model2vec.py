"""model2vec folders: simeval's own reader agrees with the model2vec package."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.errors import DataError
from simeval.scorers.model2vec import _Reader
from simeval.scorers.static import SIFScorer


def _tiny_model(folder: Path) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    st = pytest.importorskip("safetensors.numpy")
    vocab = {"[UNK]": 0, "cat": 1, "dog": 2, "sat": 3}
    tok = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="[UNK]"))
    tok.normalizer = tokenizers.normalizers.Lowercase()
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    folder.mkdir()
    tok.save(str(folder / "tokenizer.json"))
    emb = np.array([[9, 9], [1, 0], [0, 1], [1, 1]], dtype=np.float32)
    st.save_file({"embeddings": emb}, str(folder / "model.safetensors"))
    (folder / "config.json").write_text(json.dumps({"normalize": False}))


def test_model2vec_by_hand_and_against_the_package(tmp_path: Path) -> None:
    folder = tmp_path / "m2v"
    _tiny_model(folder)
    scorer = se.scorers.get(f"model2vec:{folder}")
    # "Cat sat zebra": zebra is [UNK], dropped -> mean([1,0],[1,1]) = [1, .5]; "dog" [0,1]
    # cosine = .5 / sqrt(1.25) = 1/sqrt(5)
    got = scorer.score((["Cat sat zebra"], ["dog"]))
    assert got[0] == pytest.approx(1 / math.sqrt(5), abs=1e-6)
    texts = ["cat sat", "dog dog cat", "zebra cat"]
    own = _Reader(folder, {"normalize": False}).encode(texts)
    m2v = pytest.importorskip("model2vec")
    package = m2v.StaticModel.from_pretrained(str(folder), force_download=False).encode(texts)
    np.testing.assert_allclose(own, package, rtol=1e-6)


def test_not_a_model2vec_folder(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"is not a model2vec model \(missing model.safetensors"):
        se.scorers.get(f"model2vec:{tmp_path}")


def test_a_sentence_transformers_folder_is_no_model2vec_model(tmp_path: Path) -> None:
    # a BERT folder (no 'embeddings' tensor) failed inside model2vec with a traceback, or
    # listed its 104 tensor names in one line of 4.7 kB
    st = pytest.importorskip("safetensors.numpy")
    names = [f"encoder.layer.{i}.weight" for i in range(10)]
    st.save_file(
        {n: np.zeros(2, dtype=np.float32) for n in names}, str(tmp_path / "model.safetensors")
    )
    (tmp_path / "tokenizer.json").write_text("{}")
    for kind in ("model2vec", "static"):
        with pytest.raises(DataError) as caught:
            se.scorers.get(f"{kind}:{tmp_path}").score((["a"], ["b"]))
        message = str(caught.value)
        assert "holds no 'embeddings' tensor but encoder.layer.0.weight" in message
        assert "(10 in all) (a sentence-transformers model? use st:" in message
        assert len(message) < 400
    (tmp_path / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00not json")
    with pytest.raises(DataError, match=r"model\.safetensors: not a safetensors file"):
        se.scorers.get(f"model2vec:{tmp_path}")


def test_model2vec_folder_as_word_vectors_for_static_and_sif(tmp_path: Path) -> None:
    """A model2vec folder is a word-vector source: a word's vector is the mean of its
    tokens' vectors (one token each here), and SIF (Arora et al. 2017, Algorithm 1) is
    computed by hand below from those vectors."""
    folder = tmp_path / "m2v"
    _tiny_model(folder)
    pairs = (["cat sat", "dog sat", "cat"], ["dog", "cat zebra", "sat dog"])
    # averaged vectors: cat [1,0], sat [1,1], dog [0,1]; zebra has no vector
    avg = se.scorers.get(f"static:{folder}").score(pairs)
    # "cat sat" = [1, .5] vs "dog" [0, 1] -> .5/sqrt(1.25); "dog sat" = [.5, 1] vs "cat"
    # [1, 0] -> .5/sqrt(1.25); "cat" vs "sat dog" = [.5, 1] -> .5/sqrt(1.25)
    np.testing.assert_allclose(avg, [0.5 / math.sqrt(1.25)] * 3, rtol=1e-12)

    freq = {"cat": 1e-3, "sat": 3e-3, "dog": 0.0}  # weights a/(a+p): .5, .25, 1
    sif = SIFScorer(folder, frequencies=freq).score(pairs)
    w = {"cat": 0.5, "sat": 0.25, "dog": 1.0}
    vec = {"cat": np.array([1.0, 0.0]), "sat": np.array([1.0, 1.0]), "dog": np.array([0.0, 1.0])}
    texts = [*pairs[0], *pairs[1]]
    x = np.array([np.mean([w[t] * vec[t] for t in s.split() if t in vec], axis=0) for s in texts])
    u = np.linalg.svd(x)[2][0]
    x = x - np.outer(x @ u, u)
    a, b = x[:3], x[3:]
    expected = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    np.testing.assert_allclose(sif, expected, rtol=1e-9)


def test_a_folder_that_is_not_model2vec_is_no_word_vector_source(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"is not a model2vec model"):
        se.scorers.get(f"sif:{tmp_path}")
    with pytest.raises(DataError, match=r"no such vector file or model2vec folder"):
        se.scorers.get(f"static:{tmp_path / 'nope.txt'}")
