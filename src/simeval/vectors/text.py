"""The fast reader of word2vec / GloVe text vector files (:func:`simeval.read_vectors`).

A plain file is cut at line starts into parts (:data:`PARTS_PER_THREAD` per thread, at
least :data:`PART_MIN_BYTES` each), the lines of each counted so that the matrix is
allocated once at its exact size, and the parts parsed by up to :data:`THREADS` threads,
each into its own rows: by the compiled row parser of :mod:`simeval.vectors.compiled` where
numba is installed (``simeval[fast]``), else, and for whatever that parser declines, by
pandas' C parser in chunks of :data:`CHUNK_ROWS` lines (the word as the index, the numbers
as one float64 block), each checked finite and copied into its rows. Both release the GIL,
and the file's text is never held in memory whole. A gzip file is read by pandas as one
stream into a matrix allocated from an estimate of the row count (from the first MiB) and
resized in place (``realloc``) when the estimate is passed and at the end.

Only the regular layout is taken here: one separator throughout, one number per field,
every row as long as the first, distinct words, finite values, a header that agrees
with the body. Anything else raises :class:`IrregularFileError`, and ``read_vectors``
hands the file to the line-by-line reader, which accepts what it accepts (runs of spaces,
say) and names the file, the line and the problem otherwise. All give identical values,
those of ``strtod``.
"""

from __future__ import annotations

import csv
import functools
import gc
import gzip
import importlib
import io
import itertools
import mmap
import os
import re
import zlib
from codecs import BOM_UTF8
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
from numpy.typing import NDArray

from ..io.compressed import decompression_error
from ..io.text import ByteRange
from .layout import IrregularFileError, separator, split_header

__all__ = ["CHUNK_ROWS", "IrregularFileError", "read_text_chunks", "separator", "split_header"]

#: Lines in pandas' hands at once: each of ``t`` threads parses chunks of
#: ``CHUNK_ROWS // t`` lines, so the memory in flight does not grow with the core count.
CHUNK_ROWS = 40_000
#: ... and a chunk's values at most this many bytes: below glibc's largest mmap threshold
#: (32 MiB), so each chunk reuses the memory of the one before (0.4–1.4 s less on 400k × 300).
CHUNK_BYTES = 24 << 20
#: Bytes sampled at the start of the file to estimate the number of rows.
_SAMPLE = 1 << 20
#: At most this many threads parse a plain file's parts, fewer where fewer cores are
#: available (pandas' own ceiling for its parallel ``read_csv``).
THREADS = 6
#: A plain file is cut into this many parts per thread, taken first come, first served,
#: so that a thread slowed down by something else does not leave the other one waiting.
PARTS_PER_THREAD = 6
#: Parse with the compiled row parser (:mod:`simeval.vectors.compiled`) where numba is
#: installed (``simeval[fast]``); pandas' parser otherwise, and for what it declines.
COMPILED = True
#: A part is at least this long (smaller files are parsed in one part).
PART_MIN_BYTES = 32 << 20
#: Lines at least this long on average are stepped over by ``find`` rather than counted.
_LONG_LINE = 512
#: A word the line-by-line reader would see differently: empty, starting with white space
#: (``str.strip`` removes it), ending with a space (before a tab: the line reader drops
#: it), or holding a line break of ``str.splitlines`` that the CSV parser does not break
#: lines at.
_ODD_WORD = re.compile("(?m)^(?:\\s|$)| $|[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _sample(path: Path) -> bytes:
    """The first :data:`_SAMPLE` bytes of the (decompressed) file."""
    try:
        with gzip.open(path, "rb") if path.name.endswith(".gz") else path.open("rb") as fh:
            return fh.read(_SAMPLE)
    except (EOFError, zlib.error, gzip.BadGzipFile) as exc:  # corrupt from its first bytes
        raise decompression_error(exc, str(path)) from None


def _layout(path: Path) -> tuple[int, int | None, str, int, int]:
    """First data line, declared rows, separator, dimension and an estimate of the rows."""
    sample = _sample(path).removeprefix(BOM_UTF8)  # a byte-order mark starts no word
    cut = sample.rfind(b"\n") + 1 if len(sample) == _SAMPLE else len(sample)
    try:
        lines = sample[:cut].decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise IrregularFileError(str(exc)) from None
    start, rows, dim = split_header(lines)
    if start >= len(lines) or not lines[start].strip():
        raise IrregularFileError("no first row")
    # parts are cut at "\n": a header ended by a lone CR or U+2028 would hide a data line
    first = sample[:cut].split(b"\n", start + 1)[: start + 1]
    if [line.removesuffix(b"\r").decode("utf-8") for line in first] != lines[: start + 1]:
        raise IrregularFileError("a line break other than \\n or \\r\\n")
    sep = separator(lines[start])
    rest = lines[start].strip().partition(sep)[2]
    dim = dim if dim is not None else (rest.count(sep) + 1 if rest else 0)
    if dim < 1:
        raise IrregularFileError("no values")
    size = path.stat().st_size * (4 if path.name.endswith(".gz") else 1)
    estimate = int(1.1 * size * max(len(lines) - start, 1) / max(cut, 1)) + 1024
    return start, rows, sep, dim, estimate if rows is None else rows


def _data_start(path: Path, skip: int) -> int:
    """The byte offset of line ``skip`` (the first data line), past a byte-order mark."""
    with path.open("rb") as fh:
        if fh.read(len(BOM_UTF8)) != BOM_UTF8:  # (pandas drops one starting a stream)
            fh.seek(0)
        for _ in range(skip):
            fh.readline()
        return fh.tell()


def _newlines(view: mmap.mmap, start: int, stop: int) -> int:
    """Line breaks in bytes ``[start, stop)``. Long lines (a word vector's, typically
    thousands of bytes) are stepped over with ``find``, which skips to the next break at
    memchr's speed; short ones are counted in blocks, which is then the faster of the two."""
    first = min(stop, start + _SAMPLE)
    sampled = view[start:first].count(b"\n")
    if sampled and (first - start) / sampled < _LONG_LINE:
        return sampled + sum(
            view[a : min(a + _SAMPLE, stop)].count(b"\n") for a in range(first, stop, _SAMPLE)
        )
    lines, at = 0, view.find(b"\n", start, stop)
    while at >= 0:
        lines += 1
        at = view.find(b"\n", at + 1, stop)
    return lines


def _threads() -> int:
    """Parser threads: :data:`THREADS`, or the cores this process may run on if fewer."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(THREADS, cores or 1))


def _parts(path: Path, begin: int, threads: int) -> list[tuple[int, int, int]]:
    """(start, stop, lines) of each part of the data bytes, cut at line starts: up to
    :data:`PARTS_PER_THREAD` per thread, each at least :data:`PART_MIN_BYTES` long (a last
    line without a break counts)."""
    size = path.stat().st_size
    k = max(1, min(threads * PARTS_PER_THREAD, (size - begin) // PART_MIN_BYTES))
    with path.open("rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as view:
        cuts = [begin]
        for i in range(1, k):
            after = view.find(b"\n", begin + (size - begin) * i // k) + 1  # 0: no break
            if cuts[-1] < after < size:
                cuts.append(after)
        spans = list(itertools.pairwise([*cuts, size]))
        if any(view[a : a + 3] == b"\xef\xbb\xbf" for a, _ in spans):  # pandas drops it
            raise IrregularFileError("a line starting with a byte-order mark")
        counts = []
        for a, b in spans:
            counts.append(_newlines(view, a, b))
            _release(view, a, b)
        counts[-1] += view[size - 1 : size] != b"\n"
    return [(a, b, n) for (a, b), n in zip(spans, counts)]


def _release(view: mmap.mmap, start: int, stop: int) -> None:
    """Unmap the pages of bytes ``[start, stop)``, read: else the text stays resident."""
    if hasattr(mmap, "MADV_DONTNEED"):
        at = start - start % mmap.PAGESIZE
        view.madvise(mmap.MADV_DONTNEED, at, stop - at)


def _matrix(rows: int, dim: int) -> NDArray[np.float64]:
    """An uninitialised ``rows × dim`` matrix in ordinary pages: advised to use huge pages
    (numpy's default), its first touch cost 0.15–2 s per GB here, against a steady 0.4 s."""
    if not hasattr(mmap, "MADV_NOHUGEPAGE") or rows * dim == 0:
        return np.empty((rows, dim))
    pages = mmap.mmap(-1, rows * dim * 8)
    pages.madvise(mmap.MADV_NOHUGEPAGE)
    return np.frombuffer(pages, dtype=np.float64).reshape(rows, dim)


def _parse(
    source: Path | BinaryIO, sep: str, skip: int, dim: int, gz: bool, threads: int = 1
) -> Any:  # pandas' TextFileReader
    import pandas as pd

    dtypes = {0: object, **dict.fromkeys(range(1, dim + 1), np.float64)}
    return pd.read_csv(
        source,
        sep=sep,
        header=None,
        names=range(dim + 1),
        skiprows=skip,
        index_col=0,
        dtype=dtypes,
        engine="c",
        quoting=csv.QUOTE_NONE,
        na_filter=False,
        encoding="utf-8",
        compression="gzip" if gz else None,
        chunksize=max(1, min(CHUNK_ROWS // threads, CHUNK_BYTES // (8 * dim))),
    )


def _fill(
    chunks: Any, matrix: NDArray[np.float64], words: list[str], row: int, stop: int | None = None
) -> int:
    """Copy the chunks into ``matrix`` and ``words`` from ``row`` on; the row after the
    last. Without ``stop``, ``words`` grows and ``matrix`` is resized in place past its
    rows; with it (rows shared with other threads), a row at ``stop`` is irregular."""
    with chunks:
        for frame in chunks:
            chunk_words = frame.index.tolist()
            if _ODD_WORD.search("\n".join(chunk_words)):
                raise IrregularFileError("a word the line reader sees differently")
            k = len(chunk_words)
            if stop is not None and row + k > stop:  # e.g. lone CRs that pandas breaks at
                raise IrregularFileError("more rows than lines")
            if row + k > matrix.shape[0]:  # past the estimate: grow in place
                matrix.resize(
                    (max(row + k, int(1.5 * matrix.shape[0])), matrix.shape[1]), refcheck=False
                )
            block = frame.to_numpy(dtype=np.float64)  # one float block
            if not np.isfinite(block).all():  # checked here, in parallel, on a small block
                raise IrregularFileError("a value that is not finite")
            matrix[row : row + k] = block
            if len(words) == row:
                words.extend(chunk_words)
            else:
                words[row : row + k] = chunk_words
            row += k
    return row


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off for the block (back on after it if it was): pandas'
    short-lived objects set off collections that cost 5–8 % of a 400k × 300 read."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _read_stream(
    path: Path, sep: str, start: int, dim: int, capacity: int
) -> tuple[list[str], NDArray[np.float64]]:
    """A gzip file: one stream, no seeking; the matrix allocated from the row estimate,
    grown in place when it is passed and trimmed at the end."""
    matrix = np.empty((capacity, dim))
    words: list[str] = []
    n = _fill(_parse(path, sep, start, dim, gz=True), matrix, words, 0)
    matrix.resize((n, dim), refcheck=False)  # release the unused estimate
    return words, matrix


def _read_parts(
    path: Path, sep: str, start: int, dim: int
) -> tuple[list[str], NDArray[np.float64]]:
    """A plain file: its parts parsed in threads, each into its own rows of one matrix
    allocated at its exact size."""
    threads = _threads()
    parts = _parts(path, _data_start(path, start), threads)
    n = sum(lines for _, _, lines in parts)
    matrix = _matrix(n, dim)
    firsts = np.cumsum([0] + [lines for _, _, lines in parts[:-1]])
    compiled = _compiled()
    if compiled is not None:
        try:
            parsed = _read_compiled(compiled, path, parts, firsts, matrix, sep, threads)
        except Exception:  # the compiled parser failing (numba compiling, say): pandas reads
            parsed = None
        if parsed is not None:
            return parsed, matrix
    words = [""] * n

    def part(i: int) -> None:
        a, b, lines = parts[i]
        stream = io.BufferedReader(ByteRange(path, a, b), 1 << 20)
        chunks = _parse(stream, sep, 0, dim, False, threads)
        stop = int(firsts[i]) + lines
        if _fill(chunks, matrix, words, int(firsts[i]), stop=stop) != stop:
            raise IrregularFileError("blank or broken lines")

    with ThreadPoolExecutor(min(threads, len(parts))) as pool:
        list(pool.map(part, range(len(parts))))
    return words, matrix


def _compiled() -> Any:
    """:mod:`simeval.vectors.compiled` where numba is installed and :data:`COMPILED`."""
    return _load_compiled() if COMPILED else None


@functools.cache
def _load_compiled() -> Any:
    """The compiled parser's module, or None: numba missing, or failing to import it (e.g.
    no writable folder for its cache), leaves pandas' parser to do the work."""
    try:
        return importlib.import_module("simeval.vectors.compiled")
    except Exception:  # ImportError, or numba's RuntimeError about its cache
        return None


def _read_compiled(
    compiled: Any,
    path: Path,
    parts: list[tuple[int, int, int]],
    firsts: NDArray[np.int64],
    matrix: NDArray[np.float64],
    sep: str,
    threads: int,
) -> list[str] | None:
    """The words of a plain file whose parts the compiled parser read into ``matrix``
    (in threads, without the GIL); None where it declines a part."""
    with path.open("rb") as fh:
        view = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)

    def part(i: int) -> bytes | None:
        a, b, lines = parts[i]
        first = int(firsts[i])
        text = np.frombuffer(view, dtype=np.uint8, count=b - a, offset=a)
        offsets = np.empty((lines, 2), dtype=np.int64)
        if (
            compiled.parse_rows(
                text, ord(sep), matrix[first : first + lines], offsets, compiled.POW10
            )
            != lines
        ):
            return None
        joined = np.empty(int((offsets[:, 1] - offsets[:, 0]).sum()) + lines, np.uint8)
        compiled.gather_words(text, offsets, joined)
        del text
        _release(view, a, b)
        return joined.tobytes()

    try:
        with ThreadPoolExecutor(min(threads, len(parts))) as pool:
            texts = list(pool.map(part, range(len(parts))))
    finally:  # an error's traceback may still hold a part: the map then closes with it
        with suppress(BufferError):
            view.close()
    if any(t is None for t in texts):
        return None
    try:
        joined_words = b"".join(t for t in texts if t is not None).decode("utf-8")[:-1]
    except UnicodeDecodeError:
        return None
    if _ODD_WORD.search(joined_words):
        return None
    return joined_words.split("\n")


def read_text_chunks(path: Path) -> tuple[list[str], NDArray[np.float64], dict[str, int]]:
    """Words, matrix and each word's row of a regular text vector file (every value
    finite, every word distinct); :class:`IrregularFileError` otherwise.

    Parameters
    ----------
    path : pathlib.Path
        A GloVe or word2vec text file, optionally ``.gz``.

    Returns
    -------
    tuple
        ``(words, matrix, row_of_word)``.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "v.txt"
    >>> _ = path.write_text("2 2\\ncat 0.5 1\\ndog -1 2.25\\n")
    >>> words, matrix, rows = read_text_chunks(path)
    >>> words, matrix.tolist(), rows["dog"]
    (['cat', 'dog'], [[0.5, 1.0], [-1.0, 2.25]], 1)
    """
    start, declared, sep, dim, capacity = _layout(path)
    try:
        with _collector_paused():
            if path.name.endswith(".gz"):
                words, matrix = _read_stream(path, sep, start, dim, capacity)
            else:
                words, matrix = _read_parts(path, sep, start, dim)
    except IrregularFileError:
        raise
    except Exception as exc:  # any parser complaint: the line reader says what it is
        raise IrregularFileError(str(exc)) from None
    if not words or (declared is not None and declared != len(words)):
        raise IrregularFileError("rows")
    index = dict(zip(words, range(len(words))))
    if len(index) != len(words):
        raise IrregularFileError("duplicates")
    return words, matrix, index
