"""Word vectors: read word2vec / GloVe text, word2vec binary and ``.npy`` + vocabulary files.

A :class:`Vectors` object (:mod:`simeval.vectors.matrix`) is a matrix whose rows are terms
(R wordspace's "DSM matrix"): ``words[i]`` labels ``matrix[i]``. Regular text files are
parsed part by part, in threads, into one matrix (:mod:`simeval.vectors.text`);
``restrict_to`` drops the rows a task does not need before their numbers are parsed.

Every problem in a file is a :class:`~simeval.errors.DataError` naming the file, the line
and what to do: ragged rows, duplicate words, a header that disagrees with the body, a
vocabulary that does not match the matrix."""

from __future__ import annotations

import gzip
import os
import zlib
from codecs import BOM_UTF8
from collections.abc import Collection
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from ..errors import DataError, InputError, param
from ..io import read_bytes
from ..io.compressed import decompression_error
from ._lines import check_duplicates, lines_of, read_text
from .matrix import Vectors
from .text import IrregularFileError, read_text_chunks

__all__ = ["VECTOR_FORMATS", "Vectors", "read_vectors", "vector_files"]

VectorFormat = Literal["auto", "text", "binary", "npy"]
#: Accepted values of ``read_vectors(format=...)``.
VECTOR_FORMATS: tuple[str, ...] = ("auto", "text", "binary", "npy")

# --------------------------------------------------------------------------- readers


def _read_bytes(path: Path) -> bytes:
    if str(path) == "-":  # standard input
        return read_bytes(path)
    try:
        if path.name.endswith(".gz"):
            with gzip.open(path, "rb") as fh:
                return fh.read()
        return path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except (EOFError, gzip.BadGzipFile, zlib.error) as exc:  # cut short, or corrupt
        raise decompression_error(exc, str(path)) from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc})") from None


def _detect_format(path: Path) -> str:
    name = path.name.lower().removesuffix(".gz")
    if name.endswith(".npy"):
        return "npy"
    if name.endswith(".bin"):
        return "binary"
    return "text"


def _vocab_candidates(p: Path) -> list[Path]:
    """Where the vocabulary of ``.npy`` vectors is looked for when none is given."""
    return [p.with_suffix(".vocab"), Path(f"{p}.vocab")]


def vector_files(
    path: str | os.PathLike[str],
    *,
    format: VectorFormat = "auto",
    vocab: str | os.PathLike[str] | None = None,
) -> tuple[Path, ...]:
    """The files :func:`read_vectors` reads for these arguments, without reading them: the
    vector file and, for ``.npy`` vectors, the vocabulary (given, else both names it is
    looked for under).

    Parameters
    ----------
    path : path
        The vector file.
    format : str, default "auto"
        As :func:`read_vectors` takes it.
    vocab : path, optional
        The vocabulary of ``.npy`` vectors.

    Returns
    -------
    tuple of Path

    Examples
    --------
    >>> [str(p) for p in vector_files("glove.txt")]
    ['glove.txt']
    >>> [str(p) for p in vector_files("glove.npy")]
    ['glove.npy', 'glove.vocab', 'glove.npy.vocab']
    """
    p = Path(path)
    fmt = _detect_format(p) if format == "auto" else format
    if fmt != "npy":
        return (p,)
    return (p, *([Path(vocab)] if vocab is not None else _vocab_candidates(p)))


def read_vectors(
    path: str | os.PathLike[str],
    *,
    format: VectorFormat = "auto",
    vocab: str | os.PathLike[str] | None = None,
    restrict_to: Collection[str] | None = None,
) -> Vectors:
    """Read word vectors from a file.

    Formats (``format="auto"`` picks by extension: ``.npy`` → npy, ``.bin[.gz]`` → binary,
    anything else → text):

    - ``text``: word2vec / GloVe text, one word and its numbers per line, separated by
      spaces or tabs, optionally gzip-compressed, with or without the word2vec header
      line ``"<rows> <dim>"`` (detected: a first line of two integers).
    - ``binary``: word2vec binary (header line, then per row the word, a space and
      ``dim`` little-endian float32 values).
    - ``npy``: a 2-D ``.npy`` matrix plus a vocabulary file with one word per line
      (the first field of each line); ``vocab`` defaults to ``<path minus .npy>.vocab``
      or ``<path>.vocab``.

    Parameters
    ----------
    path : path-like
        The vector file.
    format : {"auto", "text", "binary", "npy"}
        File format.
    vocab : path-like, optional
        Vocabulary file for ``npy``.
    restrict_to : collection of str, optional
        Keep only these words; rows of other words are skipped before their numbers are
        parsed (a task with 3,000 pairs needs a few thousand of 400,000 rows).

    Returns
    -------
    Vectors

    Raises
    ------
    DataError
        Missing or unreadable file; a row with the wrong number of values (file and line
        named); a duplicate word (named, with its lines); a header that disagrees with
        the body; a vocabulary of the wrong length.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "v.txt"
    >>> _ = p.write_text("2 3\\ncat 1 0 0\\ndog 0.5 0.5 0\\n")
    >>> v = read_vectors(p)
    >>> v.words, v.matrix[1].tolist()
    (('cat', 'dog'), [0.5, 0.5, 0.0])
    """
    p = Path(path)
    if format not in VECTOR_FORMATS:
        raise InputError(f"format must be one of {VECTOR_FORMATS}; got {format!r}")
    fmt = _detect_format(p) if format == "auto" else format
    keep = None if restrict_to is None else frozenset(restrict_to)
    if fmt == "npy":
        vectors = _read_npy(p, vocab)
        return vectors if keep is None else vectors.restrict(keep)
    if vocab is not None:
        raise InputError(
            f"{p}: a vocabulary file goes with .npy vectors; this file is {fmt} and names "
            f"its words itself (drop {param('vocab')})"
        )
    if fmt == "text" and keep is None and str(p) != "-" and p.is_file():
        try:
            return Vectors._checked(*read_text_chunks(p))
        except (IrregularFileError, OSError, EOFError):
            pass  # an irregular file: the line-by-line reader names the problem
    data = _read_bytes(p)
    if fmt == "binary":  # a byte-order mark before the header line is not part of it
        data = data.removeprefix(BOM_UTF8)
        return _read_binary(p, data, keep)
    return read_text(p, data, keep)


def _read_binary(p: Path, data: bytes, keep: frozenset[str] | None) -> Vectors:
    eol = data.find(b"\n")
    head = data[:eol].split() if eol > 0 else []
    if len(head) != 2 or not all(h.isdigit() for h in head):
        raise DataError(f"{p}: not a word2vec binary file (no '<rows> <dim>' header line)")
    n, dim = int(head[0]), int(head[1])
    width = 4 * dim
    words: list[str] = []
    offsets = np.empty(n, dtype=np.int64)
    pos = eol + 1
    for i in range(n):  # word lengths vary, so the offsets need one pass over the rows
        while pos < len(data) and data[pos] in b"\n\r":
            pos += 1
        space = data.find(b" ", pos)
        if space < 0 or space + 1 + width > len(data):
            raise DataError(
                f"{p}: the header declares {n} rows of {dim} values but the file ends "
                f"in row {i + 1}; the file is truncated or the header is wrong"
            )
        word = data[pos:space]
        if b"\n" in word or not word:  # the rows are not where the header puts them
            raise DataError(
                f"{p}: row {i + 1} is not '<word> <{dim} float32>' where the header "
                f"'{n} {dim}' puts it; the header is wrong or the file is not word2vec binary "
                f"(text vectors: {param('format', 'text')})"
            )
        try:
            words.append(word.decode("utf-8"))
        except UnicodeDecodeError:
            words.append(word.decode("latin-1"))
        offsets[i] = space + 1
        pos = space + 1 + width
    rest = data[pos:].lstrip(b"\r\n")
    if rest.rstrip(b"\r\n"):
        raise DataError(
            f"{p}: the header declares {n} rows of {dim} values but {len(rest)} bytes follow "
            "the last of them; the header is wrong or the file is not word2vec binary"
        )
    check_duplicates(p, words, np.arange(1, n + 1))
    if n and _all_text(data, offsets[:100], width):
        raise DataError(
            f"{p}: the vectors are written as text, not as float32 bytes; this is not word2vec "
            f"binary (text vectors: {param('format', 'text')})"
        )
    if keep is not None:
        sel = np.flatnonzero(np.fromiter((w in keep for w in words), dtype=bool))
        words = [words[i] for i in sel]
        offsets = offsets[sel]
    buf = np.frombuffer(data, dtype=np.uint8)
    # Gather all rows' bytes at once: (rows, 4·dim) indices into the buffer.
    chunk = max(1, 2_000_000 // max(width, 1))
    matrix = np.empty((len(words), dim), dtype=np.float64)
    cols = np.arange(width, dtype=np.int64)
    for s in range(0, len(words), chunk):
        raw = buf[offsets[s : s + chunk, None] + cols]
        matrix[s : s + chunk] = raw.view("<f4").reshape(-1, dim)
    return _vectors(p, words, matrix)


#: The bytes of numbers written as text; float32 vectors made of them alone are text.
_NUMBER_TEXT = np.zeros(256, dtype=bool)
_NUMBER_TEXT[np.frombuffer(b"0123456789+-.eE \t\r\n", dtype=np.uint8)] = True


def _all_text(data: bytes, offsets: NDArray[np.int64], width: int) -> bool:
    """Whether every byte of the vectors at ``offsets`` is a character of written numbers
    (one random float32 in 10^4 is; a hundred rows of them is a text file)."""
    raw = np.frombuffer(data, dtype=np.uint8)[offsets[:, None] + np.arange(width)]
    return bool(_NUMBER_TEXT[raw].all())


def _vectors(p: Path, words: list[str], matrix: NDArray[Any]) -> Vectors:
    """The vectors of file ``p``, a value that is not a finite real number named by the
    file and the word (:class:`Vectors` itself knows no file)."""
    if matrix.dtype.kind not in "fiub":
        raise DataError(f"{p}: holds {matrix.dtype} values, not real numbers; save a float matrix")
    bad = ~np.isfinite(matrix).all(axis=1)
    if bad.any():
        raise DataError(
            f"{p}: the vector of {words[int(np.argmax(bad))]!r} is not finite (NaN or "
            "infinity); fix or drop that row"
        )
    return Vectors(words, matrix)


def _read_npy(p: Path, vocab: str | os.PathLike[str] | None) -> Vectors:
    if vocab is None:
        candidates = _vocab_candidates(p)
        found = [c for c in candidates if c.is_file()]
        if not found:
            raise DataError(
                f"{p}: no vocabulary file ({candidates[0].name} or {candidates[1].name}); "
                f"pass {param('vocab')} (one word per line)"
            )
        vocab_path = found[0]
    else:
        vocab_path = Path(vocab)
    try:
        matrix = np.load(p, allow_pickle=False)
    except FileNotFoundError:
        raise DataError(f"{p}: no such file") from None
    except (OSError, ValueError) as exc:
        raise DataError(f"{p}: not a .npy matrix ({exc})") from None
    if matrix.ndim != 2:
        raise DataError(f"{p}: expected a 2-D matrix; got shape {matrix.shape}")
    data = _read_bytes(vocab_path).removeprefix(BOM_UTF8)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DataError(
            f"{vocab_path}: line {line} is not UTF-8 (byte 0x{data[exc.start]:02x}); convert "
            "the vocabulary to UTF-8 (e.g. iconv -f latin1 -t utf-8)"
        ) from None
    # a word ends at a space or a tab only (not at U+2028 or a no-break space, as text
    # vector files are read); "word count" lines keep the word
    rows = (line.strip(" \t") for line in lines_of(text))
    words = [row.replace("\t", " ").partition(" ")[0] for row in rows if row]
    if len(words) != matrix.shape[0]:
        raise DataError(
            f"{vocab_path}: {len(words)} words but {p} has {matrix.shape[0]} rows; "
            "the vocabulary must list one word per matrix row"
        )
    check_duplicates(vocab_path, words, np.arange(1, len(words) + 1))
    return _vectors(p, words, matrix)
