"""The on-disk embedding cache: one folder per model, keyed by the text's SHA-256.

Layout: ``<cache root>/embeddings/<model key>/<random>.npz``, each file (a *shard*) holding
``keys`` (n × 32 bytes: SHA-256 of the UTF-8 text) and ``vectors`` (n × dim, the dtype the
model produced, so a cached run gives bit-identical scores). New embeddings go to a new
shard written to a temporary file and renamed into place, so concurrent jobs never see a
half-written file and never overwrite each other; many small shards are merged the same way.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import uuid
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..io.home import cache_root

__all__ = ["EmbeddingCache", "cache_root", "text_key"]

#: Shards of one model merged into one file once there are more than this many.
MAX_SHARDS = 16


def text_key(text: str) -> bytes:
    """The cache key of a text: SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(text.encode("utf-8")).digest()


class EmbeddingCache:
    """Embeddings of one model (``model_key``: a digest of its weights and configuration).

    >>> import tempfile
    >>> c = EmbeddingCache("m1", root=tempfile.mkdtemp())
    >>> c.store(["a", "b"], np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
    >>> vecs, found = c.lookup(["b", "z"])
    >>> found.tolist(), vecs[0].tolist()
    ([True, False], [3.0, 4.0])
    """

    def __init__(self, model_key: str, *, root: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(root if root is not None else cache_root()) / "embeddings" / model_key

    def _shards(self) -> list[Path]:
        return sorted(self.folder.glob("*.npz")) if self.folder.is_dir() else []

    def _read(self) -> tuple[dict[bytes, tuple[int, int]], list[NDArray[np.generic]]]:
        index: dict[bytes, tuple[int, int]] = {}
        blocks: list[NDArray[np.generic]] = []
        for shard in self._shards():
            try:
                with np.load(shard) as data:
                    keys, vectors = data["keys"], data["vectors"]
            except (OSError, ValueError, KeyError, EOFError):
                continue  # merged away by another job meanwhile, or not ours
            b = len(blocks)
            blocks.append(vectors)
            raw = keys.tobytes()
            for i in range(len(keys)):
                index.setdefault(raw[32 * i : 32 * i + 32], (b, i))
        return index, blocks

    def lookup(self, texts: Sequence[str]) -> tuple[NDArray[np.generic] | None, NDArray[np.bool_]]:
        """Cached vectors of ``texts`` (rows of uncached texts are zero) and which were found;
        ``None`` when nothing is cached."""
        index, blocks = self._read()
        found = np.zeros(len(texts), dtype=bool)
        if not blocks:
            return None, found
        dims = {blk.shape[1] for blk in blocks}
        if len(dims) != 1:
            return None, found
        out = np.zeros((len(texts), dims.pop()), dtype=blocks[0].dtype)
        for i, text in enumerate(texts):
            hit = index.get(text_key(text))
            if hit is not None:
                out[i] = blocks[hit[0]][hit[1]]
                found[i] = True
        return out, found

    def store(self, texts: Sequence[str], vectors: NDArray[np.generic]) -> None:
        """Add embeddings in a new shard (atomic rename); merge shards when there are many."""
        if len(texts) == 0:
            return
        keys = np.frombuffer(b"".join(text_key(t) for t in texts), np.uint8).reshape(-1, 32)
        self._write(keys, np.asarray(vectors))
        shards = self._shards()
        if len(shards) > MAX_SHARDS:
            self._merge(shards)

    def _write(self, keys: NDArray[np.uint8], vectors: NDArray[np.generic]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".npz", dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as fh:
                np.savez(fh, keys=keys, vectors=vectors)
            os.replace(tmp, self.folder / f"{uuid.uuid4().hex}.npz")
        finally:
            Path(tmp).unlink(missing_ok=True)

    def _merge(self, shards: list[Path]) -> None:
        index, blocks = self._read()
        if not blocks:
            return
        keys = np.frombuffer(b"".join(index), np.uint8).reshape(-1, 32)
        vectors = np.stack([blocks[b][i] for b, i in index.values()])
        self._write(keys, vectors)
        for shard in shards:
            shard.unlink(missing_ok=True)
