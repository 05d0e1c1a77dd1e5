"""The file format of the embedding cache: one *segment* file, its keys and checksums.

Layout: ``<cache root>/embeddings/<model key>/<random>.emb``. Each file (a *segment*) is
written once, to a temporary file that is renamed into place, and never changed after::

    magic (16 bytes) | header length (uint32) | header (JSON) | BLAKE2b-128 of the header
    | padding to 64 bytes | keys (n × 32 bytes, sorted) | vectors (n × dim) | checksums (n × 16)

The header names the model key, the vectors' dtype and dimension and the number of entries
``n``; a key is the SHA-256 of the text's UTF-8 bytes, after those of the entry's context
when it has one (the set of texts it was embedded with: see
:class:`~simeval.scorers.embedding.EmbeddingScorer`); the vectors are stored in the dtype
the model produced, so a cached run gives bit-identical scores. Each entry's checksum is a
BLAKE2b-128 keyed by the model key over the dtype, dimension, the entry's key and its
vector bytes together, so a vector moved to another key (rows permuted), another model's
entry, a vector of another dimension and a flipped byte all fail it.

See :class:`~simeval.scorers.cache.EmbeddingCache` for how segments are looked up, written
and merged.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import mmap
import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

__all__ = ["text_key"]

MAGIC = b"simeval-embed/1\n"
SUFFIX = ".emb"
KEY_BYTES, SUM_BYTES, ALIGN = 32, 16, 64


def text_key(text: str, context: str = "") -> bytes:
    """The cache key of a text: SHA-256 of its UTF-8 bytes, after ``context`` and a NUL
    byte when there is a context.

    Parameters
    ----------
    text : str
        The text embedded.
    context : str, default ""
        What the entry depends on besides the model and the text (the digest of the set of
        texts embedded together).

    Returns
    -------
    bytes
        32 bytes.

    Examples
    --------
    >>> text_key("abc").hex()[:16]  # SHA-256 of b"abc" (FIPS 180-2, appendix B.1)
    'ba7816bf8f01cfea'
    >>> text_key("abc", "s1") == hashlib.sha256(b"s1\\0abc").digest()
    True
    """
    prefix = context.encode("utf-8") + b"\0" if context else b""
    return hashlib.sha256(prefix + text.encode("utf-8")).digest()


def text_keys(texts: Sequence[str], context: str = "") -> NDArray[np.bytes_]:
    """The :func:`text_key` of each of ``texts``, as an array of 32-byte strings."""
    return np.frombuffer(b"".join(text_key(t, context) for t in texts), dtype=f"S{KEY_BYTES}")


def header_bytes(model: str, dtype: np.dtype, dim: int, count: int) -> bytes:
    """A segment's first bytes: magic, header length, header JSON, its checksum, padding."""
    text = json.dumps({"model": model, "dtype": dtype.str, "dim": dim, "count": count})
    body = text.encode("utf-8")
    head = MAGIC + len(body).to_bytes(4, "little") + body
    head += hashlib.blake2b(body, digest_size=SUM_BYTES).digest()
    return head + bytes(-len(head) % ALIGN)


def checksums(
    model: str, keys: NDArray[np.bytes_], vectors: NDArray[np.generic]
) -> NDArray[np.uint8]:
    """Each entry's BLAKE2b-128 (keyed by the model) over dtype, dimension, key and vector."""
    model_digest = hashlib.blake2b(model.encode("utf-8"), digest_size=32).digest()
    base = hashlib.blake2b(digest_size=SUM_BYTES, key=model_digest)
    base.update(f"{vectors.dtype.str}:{vectors.shape[1]}:".encode())
    key_bytes = np.ascontiguousarray(keys).data.cast("B")
    rows = np.ascontiguousarray(vectors)
    row_bytes = rows.data.cast("B")
    width = rows.shape[1] * rows.itemsize
    out = bytearray()
    for i in range(len(keys)):
        h = base.copy()
        h.update(key_bytes[KEY_BYTES * i : KEY_BYTES * (i + 1)])
        h.update(row_bytes[width * i : width * (i + 1)])
        out += h.digest()
    return np.frombuffer(bytes(out), np.uint8).reshape(-1, SUM_BYTES)


class DamagedFileError(Exception):
    """A segment that cannot be read as a whole; the message says why."""


class Segment:
    """One memory-mapped segment: its header fields and views of keys, vectors, checksums."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            start = fh.read(len(MAGIC) + 4)
            length = int.from_bytes(start[len(MAGIC) :], "little")
            if not start.startswith(MAGIC) or length > size:
                raise DamagedFileError("is not a simeval embedding file (its first bytes differ)")
            head, digest = fh.read(length), fh.read(SUM_BYTES)
            self.model, self.dtype, self.dim, self.count = self._parse(head, digest)
            offset = len(start) + length + SUM_BYTES
            offset += -offset % ALIGN
            width = KEY_BYTES + self.dim * self.dtype.itemsize + SUM_BYTES
            if size != offset + self.count * width:
                raise DamagedFileError(
                    f"is {size} bytes where its header ({self.count} entries of "
                    f"{self.dim} × {self.dtype.name}) needs {offset + self.count * width}"
                )
            self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        n, row = self.count, self.dim * self.dtype.itemsize
        self.keys = np.frombuffer(self._map, f"S{KEY_BYTES}", n, offset)
        self.vectors = np.frombuffer(self._map, self.dtype, n * self.dim, offset + n * KEY_BYTES)
        self.vectors = self.vectors.reshape(n, self.dim)
        self.sums = np.frombuffer(
            self._map, np.uint8, n * SUM_BYTES, offset + n * (KEY_BYTES + row)
        )
        self.sums = self.sums.reshape(n, SUM_BYTES)

    @staticmethod
    def _parse(body: bytes, digest: bytes) -> tuple[str, np.dtype, int, int]:
        """Model key, dtype, dimension and count from the header JSON and its checksum."""
        if hashlib.blake2b(body, digest_size=SUM_BYTES).digest() != digest:
            raise DamagedFileError("has a damaged header (its checksum fails)")
        head = json.loads(body)
        dtype = np.dtype(head["dtype"])
        if dtype.kind not in "fiu" or head["dim"] < 1 or head["count"] < 1:
            raise DamagedFileError(f"has an invalid header ({body.decode()})")
        return head["model"], dtype, int(head["dim"]), int(head["count"])

    def find(self, keys: NDArray[np.bytes_]) -> NDArray[np.intp]:
        """Row of each key in this segment, −1 where absent (a binary search)."""
        pos = np.searchsorted(self.keys, keys)
        inside = pos < self.count
        hit = np.zeros(len(keys), dtype=bool)
        hit[inside] = self.keys[pos[inside]] == keys[inside]
        return np.where(hit, pos, -1)

    def checked(self, rows: NDArray[np.intp]) -> tuple[NDArray[np.generic], NDArray[np.bool_]]:
        """Vectors of ``rows`` and whether each passes its checksum."""
        keys, vectors = self.keys[rows], self.vectors[rows]
        ok = np.all(checksums(self.model, keys, vectors) == self.sums[rows], axis=1)
        return vectors, ok

    def close(self) -> None:
        del self.keys, self.vectors, self.sums
        with contextlib.suppress(BufferError):  # a view still alive: closed when it goes
            self._map.close()
