"""Loading a sentence-transformers model: from the local Hugging Face cache without the
network, on the device asked for, with a prompt, and without changing the process's
environment or transformers' settings. The cache here is built by hand in the layout the
Hugging Face hub documents (models--ORG--NAME/refs/main, snapshots/COMMIT/)."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import simeval as se
from simeval.errors import DataError, InputError
from simeval.scorers import sentence_transformers as st_mod
from simeval.scorers.loading import hub_snapshot, resolve_device

pytest.importorskip("sentence_transformers", reason="needs the 'models' extra")

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture
def hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Hugging Face cache holding sentence-transformers/all-MiniLM-L6-v2 at COMMIT (its
    files links to those of the installed package, as the hub links snapshots to blobs)."""
    from simeval.scorers.sentence_transformers import minilm_folder

    root = tmp_path / "hf"
    repo = root / "models--sentence-transformers--all-MiniLM-L6-v2"
    snapshot = repo / "snapshots" / COMMIT
    for path in minilm_folder().rglob("*"):
        if path.is_file():
            link = snapshot / path.relative_to(minilm_folder())
            link.parent.mkdir(parents=True, exist_ok=True)
            link.symlink_to(path)
    (repo / "refs").mkdir()
    (repo / "refs" / "main").write_text(COMMIT)
    monkeypatch.setenv("HF_HUB_CACHE", str(root))
    return root


def test_a_model_of_the_local_hub_cache(hub: Path, minilm) -> None:
    assert hub_snapshot("sentence-transformers/all-MiniLM-L6-v2") == (
        hub / "models--sentence-transformers--all-MiniLM-L6-v2" / "snapshots" / COMMIT,
        COMMIT,
    )
    scorer = se.scorers.get("st:sentence-transformers/all-MiniLM-L6-v2")
    assert scorer.revision == COMMIT and f"revision:{COMMIT[:12]}" in scorer.signature
    assert scorer.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    pinned = se.scorers.get(f"st:sentence-transformers/all-MiniLM-L6-v2@{COMMIT}")
    assert pinned.folder == scorer.folder
    texts = (["A man plays a guitar."], ["Someone plays music."])
    assert np.array_equal(scorer.score(texts), minilm.score(texts))  # the same weights
    assert se.scorers.inputs("st:sentence-transformers/all-MiniLM-L6-v2")[0] == scorer.folder


def test_a_model_not_in_the_cache_names_what_to_download(hub: Path) -> None:
    with pytest.raises(DataError) as err:
        se.scorers.get("st:someone/absent-model")
    message = str(err.value)
    assert "hf download someone/absent-model" in message and str(hub) in message
    assert "\n" not in message


def test_loading_leaves_the_environment_and_transformers_settings_alone(minilm) -> None:
    from transformers.utils import logging as hf_logging

    before = {k: os.environ.get(k) for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    for bars in (True, False):
        (hf_logging.enable_progress_bar if bars else hf_logging.disable_progress_bar)()
        st_mod._load.__wrapped__(str(minilm.folder), "cpu")  # a load, not the cached model
        assert hf_logging.is_progress_bar_enabled() is bars
    after = {k: os.environ.get(k) for k in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE")}
    assert after == before
    hf_logging.enable_progress_bar()  # transformers' default


def test_the_device() -> None:
    import torch

    assert resolve_device("cpu") == "cpu"
    expected = "cuda" if torch.cuda.is_available() else None
    if expected is None and torch.backends.mps.is_available():
        expected = "mps"
    assert resolve_device("auto") == (expected or "cpu")
    if not torch.cuda.is_available():
        with pytest.raises(InputError, match="device 'cuda': torch sees none here"):
            resolve_device("cuda")
    with pytest.raises(InputError, match="device must be one of auto, cpu, cuda, mps"):
        resolve_device("tpu")


def test_a_prompt_changes_the_embeddings_the_signature_and_the_cache_key(minilm) -> None:
    prompted = st_mod.SentenceTransformerScorer(
        "minilm", minilm.folder, prompt="query: ", cache=False
    )
    texts = (["A man plays a guitar."], ["Someone plays music."])
    assert prompted.model_key != minilm.model_key
    assert "prompt:given:sha256:" in prompted.signature
    assert prompted.score(texts)[0] != minilm.score(texts)[0]
    with pytest.raises(InputError, match="no prompt named 'query'"):
        st_mod.SentenceTransformerScorer("minilm", minilm.folder, prompt_name="query")


def test_options_a_scorer_does_not_take_are_refused() -> None:
    with pytest.raises(
        InputError, match=r"lexical:jaccard takes no option device \(its options: none\)"
    ):
        se.scorers.get("lexical:jaccard", device="cpu")
    with pytest.raises(InputError, match="applies to none of the models"):
        se.run(["lexical:jaccard"], [se.runs.run.Pairs("t", ["a b"], ["a"], [1.0])],
               scorer_options={"device": "cpu"})  # fmt: skip
