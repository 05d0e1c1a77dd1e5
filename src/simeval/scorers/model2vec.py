"""model2vec static models (Tulkens & van Dongen 2024): a tokenizer plus one vector per token.

A model2vec folder holds ``model.safetensors`` (tensor ``embeddings``), ``tokenizer.json``
and ``config.json``. The ``model2vec`` package is used when installed; otherwise the folder
is read here with ``safetensors`` and ``tokenizers`` (both come with ``simeval[models]``).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, listing, require
from ..io.hashing import file_sha256
from ..vectors.read import Vectors
from .base import cache_folder
from .embedding import EmbeddingScorer

__all__ = ["Model2VecScorer", "check_folder", "folder_digest", "word_vectors"]

_FILES = ("model.safetensors", "tokenizer.json")


def check_folder(folder: Path, what: str) -> None:
    """Raise a one-line :class:`DataError` unless ``folder`` holds a model2vec model.

    Parameters
    ----------
    folder : Path
        The folder.
    what : str
        What the user gave, for the message when the folder does not exist.

    Raises
    ------
    DataError
        No such folder, or one without ``model.safetensors`` or ``tokenizer.json``.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "tokenizer.json").write_text("{}")
    >>> check_folder(folder, "model2vec:m")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: ... is not a model2vec model (missing model.safetensors)
    """
    if not folder.is_dir():
        raise DataError(f"{what}: no such folder; give a local model2vec folder")
    missing = [f for f in _FILES if not (folder / f).is_file()]
    if missing:
        raise DataError(f"{folder} is not a model2vec model (missing {', '.join(missing)})")
    names = _tensor_names(folder / "model.safetensors")
    if "embeddings" not in names:
        shown = listing(sorted(names), 3)
        raise DataError(
            f"{folder} is not a model2vec model: its model.safetensors holds no 'embeddings' "
            f"tensor but {shown or 'none'} (a sentence-transformers model? use st:{folder})"
        )


def _tensor_names(path: Path) -> set[str]:
    """The tensor names of a safetensors file, from its header alone: 8 bytes of header
    length (little-endian), then a JSON object keyed by tensor name."""
    with path.open("rb") as fh:
        size = int.from_bytes(fh.read(8), "little")
        try:
            if size > 100 << 20:
                raise ValueError("header too long")
            header = json.loads(fh.read(size))
            if not isinstance(header, dict):
                raise ValueError("header is not an object")
        except ValueError as exc:
            raise DataError(f"{path}: not a safetensors file ({exc})") from None
    return set(header) - {"__metadata__"}


def folder_digest(folder: Path) -> str:
    """SHA-256 over the weights' SHA-256 (hex), the tokenizer and the configuration (the
    bytes of each file, in that order; ``config.json`` when there is one).

    Parameters
    ----------
    folder : Path
        A model2vec folder.

    Returns
    -------
    str
        64 hex digits.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "model.safetensors").write_bytes(b"w")
    >>> _ = (folder / "tokenizer.json").write_bytes(b"t")
    >>> weights = hashlib.sha256(b"w").hexdigest().encode()
    >>> folder_digest(folder) == hashlib.sha256(weights + b"t").hexdigest()
    True
    """
    digest = hashlib.sha256(file_sha256(folder / "model.safetensors").encode())
    for f in ("tokenizer.json", "config.json"):
        if (folder / f).is_file():
            digest.update((folder / f).read_bytes())
    return digest.hexdigest()


def word_vectors(folder: Path, words: Sequence[str]) -> Vectors:
    """Static word vectors from a model2vec model: each word's vector is the mean of the
    static vectors of its tokens, never normalised (a word whose tokens are all unknown is
    left out).

    Parameters
    ----------
    folder : Path
        A model2vec folder.
    words : sequence of str
        The words wanted.

    Returns
    -------
    Vectors
        The words that have a vector, and their vectors (float64).

    Examples
    --------
    >>> import tempfile
    >>> import safetensors.numpy, tokenizers
    >>> folder = Path(tempfile.mkdtemp())
    >>> vocab = {"[UNK]": 0, "cat": 1, "dog": 2, "sat": 3}
    >>> tok = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="[UNK]"))
    >>> tok.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    >>> tok.save(str(folder / "tokenizer.json"))
    >>> vectors = np.array([[9, 9], [1, 0], [0, 1], [1, 1]], dtype=np.float32)
    >>> safetensors.numpy.save_file({"embeddings": vectors}, str(folder / "model.safetensors"))
    >>> found = word_vectors(folder, ["cat", "zebra", "sat"])
    >>> found.words, found.matrix.tolist()
    (('cat', 'sat'), [[1.0, 0.0], [1.0, 1.0]])
    """
    reader = _Reader(folder, {"max_length": None})
    matrix = reader.encode(words).astype(np.float64)
    keep = np.flatnonzero(matrix.any(axis=1))
    return Vectors([words[int(i)] for i in keep], matrix[keep])


class _Reader:
    """model2vec's ``encode`` for plain models: token ids without special tokens and
    without the unknown token, truncated to ``max_length``, averaged, L2-normalised when the
    configuration says ``normalize``."""

    def __init__(self, folder: Path, config: dict[str, Any]) -> None:
        st = require("safetensors.numpy", "models")
        tokenizers = require("tokenizers", "models")
        tensors = st.load_file(str(folder / "model.safetensors"))
        if set(tensors) - {"embeddings"}:
            others = sorted(set(tensors) - {"embeddings"})
            raise DataError(
                f"{folder}: this model2vec model has {len(others)} tensors besides "
                f"'embeddings' ({', '.join(others[:3])}{' …' if len(others) > 3 else ''}); "
                "reading it needs the model2vec package (pip install model2vec)"
            )
        self.embedding = tensors["embeddings"]
        self.tokenizer = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.normalize = bool(config.get("normalize", False))
        self.max_length = config.get("max_length", 512)
        unk = json.loads(self.tokenizer.to_str()).get("model", {}).get("unk_token")
        self.unk = self.tokenizer.token_to_id(unk) if isinstance(unk, str) else None

    def encode(self, texts: Sequence[str]) -> NDArray[Any]:
        out = np.zeros((len(texts), self.embedding.shape[1]), dtype=self.embedding.dtype)
        encodings = self.tokenizer.encode_batch_fast(list(texts), add_special_tokens=False)
        for i, enc in enumerate(encodings):
            ids = [t for t in enc.ids if t != self.unk]
            if self.max_length is not None:
                ids = ids[: self.max_length]
            if ids:
                out[i] = self.embedding[ids].mean(axis=0)
        if self.normalize:
            out32 = out.astype(np.float32)
            norm = np.linalg.norm(out32, axis=1, keepdims=True) + 1e-32
            out = (out32 / norm).astype(out.dtype)
        return out


class Model2VecScorer(EmbeddingScorer):
    """Similarity (cosine by default) of model2vec sentence vectors, read from a local folder.

    The sentence vector is the mean of the static vectors of its tokens (model2vec's
    ``StaticModel.encode``). The signature carries the SHA-256 of ``model.safetensors``.

    Parameters
    ----------
    path : path
        The model folder (``model.safetensors``, ``tokenizer.json``, ``config.json``).
    name : str, optional
        The name results carry (default ``model2vec:PATH``).
    similarity : str, default "cosine"
        cosine, dot, euclidean or manhattan.
    cache : bool, default False
        Keep the embeddings on disk (encoding is fast: off by default).

    Raises
    ------
    DataError
        Not a model2vec folder.

    References
    ----------
    Tulkens, S. & van Dongen, T. (2024). Model2Vec: fast state-of-the-art static
    embeddings. https://github.com/MinishLab/model2vec

    Examples
    --------
    "cat sat" is the mean of ``[1, 0]`` and ``[1, 1]``, ``[1, 0.5]``; its cosine with
    "dog", ``[0, 1]``, is ``0.5 / √1.25 = 1/√5 ≈ 0.4472``:

    >>> import tempfile
    >>> import safetensors.numpy, tokenizers
    >>> folder = Path(tempfile.mkdtemp())
    >>> vocab = {"[UNK]": 0, "cat": 1, "dog": 2, "sat": 3}
    >>> tok = tokenizers.Tokenizer(tokenizers.models.WordLevel(vocab, unk_token="[UNK]"))
    >>> tok.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()
    >>> tok.save(str(folder / "tokenizer.json"))
    >>> vectors = np.array([[9, 9], [1, 0], [0, 1], [1, 1]], dtype=np.float32)
    >>> safetensors.numpy.save_file({"embeddings": vectors}, str(folder / "model.safetensors"))
    >>> _ = (folder / "config.json").write_text('{"normalize": false}')
    >>> scorer = Model2VecScorer(folder)
    >>> scorer.score((["cat sat"], ["dog"])).round(4).tolist()
    [0.4472]
    """

    #: Texts encoded at a time: a text's vector does not depend on its batch here.
    batch_size = 1024

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        name: str | None = None,
        similarity: str = "cosine",
        cache: bool = False,
    ) -> None:
        self.folder = Path(path).expanduser()
        check_folder(self.folder, f"model2vec:{path}")
        super().__init__(name or f"model2vec:{path}", similarity=similarity, cache=cache)
        self.weights_sha256 = file_sha256(self.folder / "model.safetensors")
        self._key = folder_digest(self.folder)
        self._model: Any = None

    @classmethod
    def from_name(cls, name: str, path: str, **options: Any) -> Model2VecScorer:
        """The scorer ``model2vec:PATH`` of :func:`simeval.scorers.get`."""
        return cls(path, name=name, **options)

    @classmethod
    def files_read(cls, path: str, *, cache: bool = False, **options: Any) -> tuple[Path, ...]:
        """What the scorer reads: the model folder and, with ``cache``, the embedding
        cache folder."""
        folder = Path(path).expanduser()
        return (folder, cache_folder()) if cache else (folder,)

    @property
    def inputs(self) -> tuple[Path, ...]:
        """The model folder and, with ``cache``, the embedding cache folder."""
        return (self.folder, cache_folder()) if self.cache else (self.folder,)

    def _config(self) -> dict[str, Any]:
        path = self.folder / "config.json"
        try:
            return dict(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else {}
        except (OSError, ValueError) as exc:
            raise DataError(f"{path}: not valid JSON ({exc})") from None

    @property
    def model_key(self) -> str:
        return "m2v-" + self._key[:32]

    @property
    def signature(self) -> str:
        return (
            f"model:{self.name}|weights:sha256:{self.weights_sha256[:16]}"
            f"|compose:mean-tokens|sim:{self.similarity}"
        )

    def embed(self, texts: Sequence[str]) -> NDArray[Any]:
        """The model's sentence vectors."""
        if self._model is None:
            try:
                from model2vec import StaticModel
            except ImportError:
                self._model = _Reader(self.folder, self._config())
            else:  # a local folder: read from its files, never the network
                self._model = StaticModel.from_pretrained(str(self.folder), force_download=False)
        return np.asarray(self._model.encode(list(texts)))
