"""The fast reader of word2vec / GloVe text vector files (:func:`simeval.read_vectors`).

pandas' compiled CSV parser reads the file in chunks of :data:`CHUNK_ROWS` lines (the
word as the index, the numbers as one float64 block), and each chunk is copied into one
matrix, allocated from an estimate of the row count (from the first MiB of the file) and
resized in place (``realloc``) when the estimate is passed and at the end: the file's
text is never held in memory whole, so the peak stays near the matrix itself.

Only the regular layout is taken here: one separator throughout, one number per field,
every row as long as the first, distinct words, a header that agrees with the body
(:class:`~simeval.vectors.Vectors` then refuses a value that is not finite). Anything
else raises :class:`IrregularFileError`, and ``read_vectors`` hands the file to the
line-by-line reader, which accepts what it accepts (runs of spaces, say) and names the
file, the line and the problem otherwise. Both give identical values: pandas' float
parser rounds correctly, as ``strtod`` does.
"""

from __future__ import annotations

import csv
import gzip
import re
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

__all__ = ["CHUNK_ROWS", "IrregularFileError", "read_text_chunks", "separator", "split_header"]

#: Lines parsed per call into pandas (a GloVe chunk of 20 000 lines is about 55 MB).
CHUNK_ROWS = 20_000
#: Bytes sampled at the start of the file to estimate the number of rows.
_SAMPLE = 1 << 20
#: A word the line-by-line reader would see differently: empty, starting with white space
#: (``str.strip`` removes it), or holding a line break of ``str.splitlines`` that the
#: CSV parser does not break lines at.
_ODD_WORD = re.compile("(?m)^(?:\\s|$)|[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


class IrregularFileError(Exception):
    """The file is not in the regular layout: the line-by-line reader takes over."""


def split_header(lines: list[str]) -> tuple[int, int | None, int | None]:
    """(first data line, declared rows, declared dim): a first line of two integers is
    word2vec's header ``"<rows> <dim>"``."""
    head = lines[0].split() if lines else []
    if len(head) == 2 and head[0].isdigit() and head[1].isdigit():
        return 1, int(head[0]), int(head[1])
    return 0, None, None


def separator(first: str) -> str:
    """The field separator, from the first data line: a tab if it has one, else a space."""
    return "\t" if "\t" in first else " "


def _sample(path: Path) -> bytes:
    """The first :data:`_SAMPLE` bytes of the (decompressed) file."""
    if path.name.endswith(".gz"):
        with gzip.open(path, "rb") as fh:
            return fh.read(_SAMPLE)
    with path.open("rb") as fh:
        return fh.read(_SAMPLE)


def _layout(path: Path) -> tuple[int, int | None, str, int, int]:
    """First data line, declared rows, separator, dimension and an estimate of the rows."""
    sample = _sample(path)
    if sample.startswith(b"\xef\xbb\xbf"):
        raise IrregularFileError("byte-order mark")
    cut = sample.rfind(b"\n") + 1 if len(sample) == _SAMPLE else len(sample)
    try:
        lines = sample[:cut].decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise IrregularFileError(str(exc)) from None
    start, rows, dim = split_header(lines)
    if start >= len(lines) or not lines[start].strip():
        raise IrregularFileError("no first row")
    sep = separator(lines[start])
    rest = lines[start].strip().partition(sep)[2]
    dim = dim if dim is not None else (rest.count(sep) + 1 if rest else 0)
    if dim < 1:
        raise IrregularFileError("no values")
    size = path.stat().st_size * (4 if path.name.endswith(".gz") else 1)
    estimate = int(1.1 * size * max(len(lines) - start, 1) / max(cut, 1)) + 1024
    return start, rows, sep, dim, estimate if rows is None else rows


def read_text_chunks(path: Path) -> tuple[list[str], NDArray[np.float64]]:
    """Words and matrix of a regular text vector file; :class:`IrregularFileError` otherwise."""
    import pandas as pd

    start, declared, sep, dim, capacity = _layout(path)
    matrix = np.empty((capacity, dim))
    words: list[str] = []
    dtypes = {0: object, **dict.fromkeys(range(1, dim + 1), np.float64)}
    try:
        chunks = pd.read_csv(
            path,
            sep=sep,
            header=None,
            names=range(dim + 1),
            skiprows=start,
            index_col=0,
            dtype=dtypes,
            engine="c",
            quoting=csv.QUOTE_NONE,
            na_filter=False,
            encoding="utf-8",
            compression="gzip" if path.name.endswith(".gz") else None,
            chunksize=CHUNK_ROWS,
        )
        with chunks:
            for frame in chunks:
                chunk_words = frame.index.tolist()
                if _ODD_WORD.search("\n".join(chunk_words)):
                    raise IrregularFileError("a word the line reader sees differently")
                n, k = len(words), len(chunk_words)
                if n + k > matrix.shape[0]:  # past the estimate: grow in place
                    matrix.resize((max(n + k, int(1.5 * matrix.shape[0])), dim), refcheck=False)
                matrix[n : n + k] = frame.to_numpy(dtype=np.float64)  # one float block
                words.extend(chunk_words)
    except IrregularFileError:
        raise
    except Exception as exc:  # any parser complaint: the line reader says what it is
        raise IrregularFileError(str(exc)) from None
    if not words or (declared is not None and declared != len(words)):
        raise IrregularFileError("rows")
    if len(set(words)) != len(words):
        raise IrregularFileError("duplicates")
    matrix.resize((len(words), dim), refcheck=False)  # release the unused estimate
    return words, matrix
