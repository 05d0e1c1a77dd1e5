"""The on-disk embedding cache: one folder per model, every entry checked before it is used.

Layout: ``<cache root>/embeddings/<model key>/<random>.emb``, each file a *segment*
in the format of :mod:`~simeval.scorers.cache_format`, written once and never changed.

A lookup memory-maps each segment, binary-searches its sorted keys and reads and checks
only the rows asked for: its cost grows with the texts requested (and the logarithm of the
cache size), not with the cache. A segment that cannot be read as a whole (truncated, more
keys than vectors, damaged header, another model's file) is removed; an entry that fails
its checksum is never returned, and its segment is rewritten without it. Either way one
:class:`~simeval.errors.CacheWarning` says so in one line and the texts are embedded again.

Writers need no lock, so the cache works wherever renaming a file is atomic (network file
systems of a cluster included): a store adds a segment; once a folder holds more than
:attr:`EmbeddingCache.max_segments`, the smallest ones are merged into a new segment before
they are removed. A reader that finds a segment merged away meanwhile looks at the new
ones; two processes merging at once leave duplicate entries, never missing ones.
(SQLite was the alternative: it locks, which network file systems do not reliably support.)
Files are created with mode ``0o666`` less the user's umask. Shards of the earlier ``.npz``
format carry no checksums: they are never read, and removed on the first store.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
import warnings
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from ..errors import CacheWarning, InputError
from ..io.home import cache_root
from .cache_format import (
    SUFFIX,
    DamagedFileError,
    Segment,
    checksums,
    header_bytes,
    text_keys,
)

__all__ = ["EmbeddingCache", "cache_root"]

#: Temporary files older than this (seconds) were left by a writer that died; removed.
STALE_SECONDS = 3600.0


class EmbeddingCache:
    """Embeddings of one model (``model_key``: a digest of its weights and configuration).

    Parameters
    ----------
    model_key : str
        The model's digest; the folder name, and part of every entry's checksum.
    root : path, optional
        The cache root (default :func:`~simeval.io.home.cache_root`).
    context : str, optional
        What the entries depend on besides the model and the text (the digest of the set
        of texts embedded together); part of each key.

    Examples
    --------
    >>> import tempfile
    >>> c = EmbeddingCache("m1", root=tempfile.mkdtemp())
    >>> c.store(["a", "b"], np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
    >>> vecs, found = c.lookup(["b", "z"])
    >>> found.tolist(), vecs[0].tolist()
    ([True, False], [3.0, 4.0])
    """

    #: Segments a folder may hold before the smallest are merged (down to half as many).
    max_segments = 16

    def __init__(
        self, model_key: str, *, root: str | os.PathLike[str] | None = None, context: str = ""
    ) -> None:
        self.model_key = model_key
        self.context = context
        self.folder = Path(root if root is not None else cache_root()) / "embeddings" / model_key

    def lookup(self, texts: Sequence[str]) -> tuple[NDArray[np.generic] | None, NDArray[np.bool_]]:
        """Cached vectors of ``texts`` (rows of uncached texts are zero) and which were found;
        ``None`` when none was. Only entries that pass their checksum are returned."""
        keys = text_keys(texts, self.context)
        found = np.zeros(len(texts), dtype=bool)
        out: NDArray[np.generic] | None = None
        seen: set[Path] = set()
        damaged: list[Path] = []
        for _ in range(3):  # again when a segment was merged away while we looked
            vanished = False
            for path in self._segment_paths():
                todo = np.flatnonzero(~found)
                if len(todo) == 0:
                    break
                if path in seen:
                    continue
                seen.add(path)
                segment = self._open(path)
                if segment is None:
                    vanished = True
                    continue
                try:
                    out = self._take(segment, keys, todo, found, out, damaged)
                finally:
                    segment.close()
            if not vanished:
                break
        for path in damaged:
            self._merge([path], report=False)
        return (out if found.any() else None), found

    def _take(
        self,
        segment: Segment,
        keys: NDArray[np.bytes_],
        todo: NDArray[np.intp],
        found: NDArray[np.bool_],
        out: NDArray[np.generic] | None,
        damaged: list[Path],
    ) -> NDArray[np.generic] | None:
        """Copy the checked rows of ``segment`` for the keys ``todo`` into ``out``."""
        if out is not None and (out.dtype, out.shape[1]) != (segment.dtype, segment.dim):
            return out  # another shape than the entries found first: see store()
        rows = segment.find(keys[todo])
        hit = rows >= 0
        if not hit.any():
            return out
        vectors, ok = segment.checked(rows[hit])
        where = todo[hit]
        if not ok.all():
            _warn(
                segment.path,
                f"{int((~ok).sum())} of its {segment.count} entries fail their checksum "
                "(damaged, or another model's); the file is rewritten without them",
            )
            damaged.append(segment.path)
            where, vectors = where[ok], vectors[ok]
        if len(where) and out is None:
            out = np.zeros((len(keys), segment.dim), dtype=segment.dtype)
        if out is not None:
            out[where] = vectors
            found[where] = True
        return out

    def store(self, texts: Sequence[str], vectors: NDArray[np.generic]) -> None:
        """Add the embeddings of ``texts`` (one row each) in a new segment; merge segments
        when there are many. Segments of another dtype or dimension are removed."""
        vectors = np.asarray(vectors)
        if vectors.ndim != 2 or len(vectors) != len(texts) or vectors.dtype.kind not in "fiu":
            raise InputError(
                f"embeddings to cache must be a numeric matrix with one row per text; got "
                f"{vectors.dtype} of shape {vectors.shape} for {len(texts)} text(s)"
            )
        if len(texts) == 0 or vectors.shape[1] == 0:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        self._write(text_keys(texts, self.context), vectors)
        self._tidy(vectors.dtype, vectors.shape[1])

    def _segment_paths(self) -> list[Path]:
        return sorted(self.folder.glob(f"*{SUFFIX}")) if self.folder.is_dir() else []

    def _open(self, path: Path) -> Segment | None:
        """The segment at ``path``; None when it is gone (merged away) or damaged (then it
        is removed, with a warning)."""
        try:
            segment = Segment(path)
        except FileNotFoundError:
            return None
        except DamagedFileError as exc:
            self._discard(path, str(exc))
            return None
        except (ValueError, KeyError, TypeError) as exc:  # a header our writer cannot give
            self._discard(path, f"has an unreadable header ({type(exc).__name__}: {exc})")
            return None
        if segment.model != self.model_key:
            segment.close()
            self._discard(path, f"holds the embeddings of another model ({segment.model})")
            return None
        return segment

    def _discard(self, path: Path, reason: str) -> None:
        _warn(path, f"{reason}; the file is removed and its texts are embedded again")
        _remove(path)

    def _write(self, keys: NDArray[np.bytes_], vectors: NDArray[np.generic]) -> None:
        """A new segment of these entries (sorted by key, first of duplicates kept), written
        to a temporary file and renamed into place."""
        order = np.argsort(keys, kind="stable")
        keys = keys[order]
        first = np.ones(len(keys), dtype=bool)
        first[1:] = keys[1:] != keys[:-1]
        keys, vectors = keys[first], np.ascontiguousarray(vectors[order[first]])
        sums = checksums(self.model_key, keys, vectors)
        tmp = self.folder / f".tmp-{uuid.uuid4().hex}{SUFFIX}.part"
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
        try:
            with os.fdopen(os.open(tmp, flags, 0o666), "wb") as fh:  # mode: less the umask
                fh.write(header_bytes(self.model_key, vectors.dtype, vectors.shape[1], len(keys)))
                fh.write(keys.tobytes())
                fh.write(vectors.data.cast("B"))
                fh.write(sums.tobytes())
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, self.folder / f"{uuid.uuid4().hex}{SUFFIX}")
        finally:
            tmp.unlink(missing_ok=True)

    def _tidy(self, dtype: np.dtype, dim: int) -> None:
        """Remove segments of another shape, old-format shards and stale temporary files;
        merge the smallest segments when there are more than :attr:`max_segments`."""
        for old in [*self.folder.glob("*.npz"), *self.folder.glob(".tmp-*")]:
            try:
                if old.suffix == ".npz" or time.time() - old.stat().st_mtime > STALE_SECONDS:
                    old.unlink()
            except FileNotFoundError:
                pass
        kept: list[tuple[int, Path]] = []
        for path in self._segment_paths():
            segment = self._open(path)
            if segment is None:
                continue
            shape, count = (segment.dtype, segment.dim), segment.count
            segment.close()
            if shape != (dtype, dim):
                self._discard(
                    path,
                    f"holds {shape[1]}-dimensional {shape[0].name} vectors where the model "
                    f"gives {dim}-dimensional {dtype.name}",
                )
            else:
                kept.append((count, path))
        if len(kept) > self.max_segments:
            smallest = [path for _, path in sorted(kept)]
            self._merge(smallest[: len(kept) - self.max_segments // 2 + 1])

    def _merge(self, paths: list[Path], *, report: bool = True) -> None:
        """One new segment of the checked entries of ``paths``, which are then removed;
        ``report``: warn of entries that fail their checksum (dropped)."""
        keys: list[NDArray[np.bytes_]] = []
        vectors: list[NDArray[np.generic]] = []
        merged: list[Path] = []
        for path in paths:
            segment = self._open(path)
            if segment is None:
                continue
            try:
                if vectors and (vectors[0].dtype, vectors[0].shape[1]) != (
                    segment.dtype,
                    segment.dim,
                ):
                    continue
                every = np.arange(segment.count)
                rows, ok = segment.checked(every)
                if report and not ok.all():
                    _warn(
                        path,
                        f"{int((~ok).sum())} of its {segment.count} entries fail their "
                        "checksum (damaged, or another model's); they are dropped",
                    )
                keys.append(segment.keys[ok])  # copies: no view of the map
                vectors.append(rows[ok])
                merged.append(path)
            finally:
                segment.close()
        if any(len(k) for k in keys):
            self._write(np.concatenate(keys), np.concatenate(vectors))
        for path in merged:
            _remove(path)


def _remove(path: Path) -> None:
    with contextlib.suppress(PermissionError):  # Windows: mapped by another process
        path.unlink(missing_ok=True)


def _warn(path: Path, message: str) -> None:
    warnings.warn(f"embedding cache {path}: {message}", CacheWarning, stacklevel=4)
