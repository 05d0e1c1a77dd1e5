"""minilm and st:PATH: digest, a cosine from sentence-transformers itself, the cache, bad input."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.errors import DataError, InputError, MissingExtraError
from simeval.scorers import sentence_transformers as st_mod
from simeval.scorers.sentence_transformers import MINILM_SHA256, SentenceTransformerScorer


def test_digest_is_checked(minilm) -> None:
    assert minilm.weights_sha256 == MINILM_SHA256  # the digest simeval pins for the weights
    assert f"weights:sha256:{MINILM_SHA256[:16]}" in minilm.signature
    with pytest.raises(DataError, match="does not match the expected 000"):
        SentenceTransformerScorer("st:x", minilm.folder, sha256="0" * 64)


def test_cosine_equals_sentence_transformers(minilm) -> None:
    util = pytest.importorskip("sentence_transformers.util")
    t1, t2 = ["A man is playing a guitar."], ["A man plays the guitar."]
    # sentence-transformers itself: encode, then its cos_sim
    e = minilm.model.encode(t1 + t2, convert_to_tensor=True)
    expected = float(util.cos_sim(e[0:1], e[1:2])[0, 0])
    got = minilm.score((t1, t2), progress=None)
    assert got[0] == pytest.approx(expected, abs=1e-6)
    assert minilm.similarity == "cosine"


def test_cache_second_run_is_fast_and_bit_identical(minilm, tmp_path: Path) -> None:
    words = ["guitar", "river", "bread", "train", "cloud", "lamp", "forest", "window"]
    t1 = [f"The {words[i % 8]} number {i} stands near a {words[(i * 3) % 8]}." for i in range(200)]
    t2 = [
        f"A {words[(i + 1) % 8]} is seen beside the {words[i % 8]} at hour {i}." for i in range(200)
    ]
    calls: list[tuple[int, int]] = []
    start = time.perf_counter()
    first = minilm.score((t1, t2), progress=lambda d, n: calls.append((d, n)))
    t_first = time.perf_counter() - start
    start = time.perf_counter()
    second = minilm.score((t1, t2))
    t_second = time.perf_counter() - start
    assert np.array_equal(first, second)
    assert t_first >= 10 * t_second, (t_first, t_second)
    assert calls[0] == (0, 400) and calls[-1] == (400, 400)


def test_each_text_is_embedded_once(minilm, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    original = type(minilm).embed
    monkeypatch.setattr(
        minilm, "embed", lambda texts: (seen.extend(texts), original(minilm, texts))[1]
    )
    scores = minilm.score((["x one", "x two", "x one"], ["x two", "x one", "x one"]))
    assert sorted(seen) == ["x one", "x two"]
    assert scores[2] == 1.0  # the same text twice: the same vector, cosine exactly 1


def test_not_a_sentence_transformers_folder(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text("{}")
    with pytest.raises(DataError, match="is not a sentence-transformers model"):
        se.scorers.get(f"st:{tmp_path}")


def test_missing_extra_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real = st_mod.importlib.util.find_spec
    monkeypatch.setattr(
        st_mod.importlib.util,
        "find_spec",
        lambda name, *a: None if name == "sentence_transformers" else real(name, *a),
    )
    with pytest.raises(MissingExtraError, match=r"pip install 'simeval\[models\]'") as err:
        se.scorers.get("minilm")
    assert "\n" not in str(err.value)


def test_empty_text(minilm) -> None:
    with pytest.raises(InputError, match=r"texts1\[0\] \(pair 1\) is empty"):
        minilm.score(([""], ["a text"]))


def test_the_signature_changes_with_the_folders_other_files(minilm, tmp_path: Path) -> None:
    # The pooling is a file beside the weights: CLS pooling instead of mean pooling gives
    # other embeddings from the same weights, so --resume and merge, which trust equal
    # signatures, must see a different one (they read back mean-pooled scores before).
    import json
    import shutil

    folder = tmp_path / "model"
    shutil.copytree(minilm.folder, folder, ignore=shutil.ignore_patterns("*.safetensors", "*.bin"))
    for weights in minilm.folder.glob("*.safetensors"):
        (folder / weights.name).symlink_to(weights)
    same = SentenceTransformerScorer("st:model", folder)
    assert same.files_sha256 == minilm.files_sha256  # a copy of the folder: the same files
    pooling = folder / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text())
    config.update(pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    pooling.write_text(json.dumps(config))
    cls = SentenceTransformerScorer("st:model", folder)
    assert cls.weights_sha256 == same.weights_sha256
    assert cls.signature != same.signature
