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
