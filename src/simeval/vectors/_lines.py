"""The line-by-line reader of word-vector text files: what :func:`~.read.read_vectors`
falls back to where the chunked reader (:mod:`.text`) declines a file, and which names the
line of every problem (a ragged row, a value that is no number, a duplicate word)."""

from __future__ import annotations

import re
import warnings
from codecs import BOM_UTF8
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..errors import DataError, listing, param
from .layout import separator, split_header
from .matrix import SHOWN, Vectors

__all__ = ["check_duplicates", "lines_of", "read_text"]

#: A number as the vector parsers read it (ASCII digits; ``float`` also takes ``1_0``
#: and other scripts' digits, which they refuse).
_NUMBER = re.compile(
    r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|inf(?:inity)?|nan)", re.I | re.A
)


def lines_of(text: str) -> list[str]:
    r"""The lines of ``text`` cut at ``\n``, ``\r\n`` or a lone ``\r`` (Python's universal
    newlines) only, so that a word may hold any other character at which
    :meth:`str.splitlines` would break (U+2028, U+0085, form feed …): word2vec and GloVe
    read such words whole.

    Parameters
    ----------
    text : str
        The file's text.

    Returns
    -------
    list of str
        Its lines, without their line breaks (no empty last line for a final break).

    Examples
    --------
    >>> lines_of("c\u2028at 1\r\ndog 2\remu 3\n")
    ['c\u2028at 1', 'dog 2', 'emu 3']
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


def read_text(p: Path, data: bytes, keep: frozenset[str] | None) -> Vectors:
    """The vectors of a word2vec or GloVe text file, read line by line: an optional
    ``<rows> <dim>`` header, then a word and its values per line, separated by a tab if
    the first row has one, else by spaces (runs of them too).

    Parameters
    ----------
    p : Path
        The file, for messages.
    data : bytes
        Its (decompressed) content; a leading byte-order mark is dropped.
    keep : frozenset of str or None
        The words to keep (None: every word).

    Returns
    -------
    Vectors

    Raises
    ------
    DataError
        Text that is not UTF-8, a header the rows contradict, a ragged row, a value that
        is not a finite number, a duplicate word: named by the file and the line.

    Examples
    --------
    >>> v = read_text(Path("v.txt"), b"2 2\\ncat 1 0\\ndog 0 1\\n", None)
    >>> v.words, v.matrix.tolist()
    (('cat', 'dog'), [[1.0, 0.0], [0.0, 1.0]])
    """
    try:
        text = data.removeprefix(BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            f"{p}: not UTF-8 text ({exc}); for word2vec binary use {param('format', 'binary')}"
        ) from None
    lines = lines_of(text)
    if not lines:
        raise DataError(f"{p}: the file is empty; expected one word and its vector per line")
    start, n_declared, d_declared = split_header(lines)
    # One Python pass splits off the word (C-level str.partition); the numbers stay text.
    sep = separator(lines[start] if start < len(lines) else "")
    rows = [line.strip().partition(sep) for line in lines[start:]]
    line_no = np.arange(start + 1, start + 1 + len(rows))
    nonblank = np.fromiter((bool(r[0]) for r in rows), dtype=bool, count=len(rows))
    if not nonblank.all():
        rows = [r for r, ok in zip(rows, nonblank) if ok]
        line_no = line_no[nonblank]
    if not rows:
        raise DataError(f"{p}: no vectors found")
    if n_declared is not None and n_declared != len(rows):
        raise DataError(
            f"{p}: the header declares {n_declared} rows but the file has {len(rows)}; "
            "fix or remove the header line"
        )
    words = [r[0].rstrip(" ") for r in rows] if sep == "\t" else [r[0] for r in rows]
    check_duplicates(p, words, line_no)
    # Count fields cheaply by separators; confirm suspicious lines by a real split.
    counts = np.fromiter((r[2].count(sep) + 1 if r[2] else 0 for r in rows), dtype=np.int64)
    if len(rows[0][2].split()) != counts[0]:  # runs of separators: count the real fields
        counts = np.fromiter((len(r[2].split()) for r in rows), dtype=np.int64)
    dim = int(d_declared) if d_declared is not None else int(np.bincount(counts).argmax())
    if not counts.any():
        raise DataError(f"{p}: no values after the words; expected a word and its vector per line")
    kind = "tab" if sep == "\t" else "space"
    if dim == 0:  # most rows have no value after the word
        i, j = int(np.argmin(counts)), int(np.argmax(counts))  # one without, one with
        raise DataError(
            f"{p}, line {line_no[i]}: no {kind}-separated values after the word, where line "
            f"{line_no[j]} has {int(counts[j])}; write a word and its values on every line, "
            "separated alike"
        )
    odd = np.flatnonzero(counts != dim)
    bad = [i for i in odd if len(rows[i][2].split()) != dim]
    if bad:
        i = int(bad[0])
        got = len(rows[i][2].split())
        other = " " if sep == "\t" else "\t"
        if got == 0 and other in rows[i][0]:  # the word swallowed the values
            raise DataError(
                f"{p}, line {line_no[i]}: no {kind}-separated values after the word (this "
                f"line separates its fields otherwise than line {line_no[0]}); separate the "
                "fields alike on every line"
            )
        raise DataError(
            f"{p}, line {line_no[i]} ({words[i]!r}): {got} values, expected {dim} "
            f"({len(bad)} ragged rows in all); every row needs the same dimension"
        )
    if keep is not None:
        sel = np.flatnonzero(np.fromiter((w in keep for w in words), dtype=bool))
        rows = [rows[i] for i in sel]
        words = [words[i] for i in sel]
        line_no = line_no[sel]
    body = "\n".join(r[2] for r in rows)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            values = np.fromstring(body, dtype=np.float64, sep=" ")
        except (ValueError, DeprecationWarning):
            values = np.empty(0)
    if values.size != len(rows) * dim:
        _raise_bad_number(p, rows, line_no, dim)
    matrix = values.reshape(len(rows), dim)
    if not np.isfinite(matrix).all():
        i = int(np.argmax(~np.isfinite(matrix).all(axis=1)))
        raise DataError(f"{p}, line {line_no[i]} ({words[i]!r}): a value is not finite")
    return Vectors(words, matrix)


def _raise_bad_number(p: Path, rows: list[tuple[str, str, str]], line_no: ArrayLike, dim: int):
    lines = np.asarray(line_no)  # after the fast parser failed: the first unparsable line
    for i, r in enumerate(rows):
        bad = next((v for v in r[2].split() if not _NUMBER.fullmatch(v)), None)
        if bad is not None:
            raise DataError(f"{p}, line {lines[i]} ({r[0]!r}): {bad!r} is not a number")
    raise DataError(f"{p}: could not parse the numbers as {len(rows)} rows of {dim} values")


def check_duplicates(p: Path, words: list[str], line_no: NDArray[np.int64]) -> None:
    """Refuse a file in which a word occurs twice, naming the words and their lines.

    Parameters
    ----------
    p : Path
        The file, for the message.
    words : list of str
        Its words, in file order.
    line_no : numpy.ndarray
        The line of each word.

    Raises
    ------
    DataError
        A word that occurs twice.

    Examples
    --------
    >>> check_duplicates(Path("v.txt"), ["cat", "dog"], np.array([1, 2]))
    >>> check_duplicates(Path("v.txt"), ["cat", "cat"], np.array([1, 2]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    simeval.errors.DataError: v.txt: duplicate words ...
    """
    if len(set(words)) == len(words):
        return
    seen: dict[str, int] = {}
    dups: list[str] = []
    for w, ln in zip(words, line_no.tolist()):
        if w in seen:
            dups.append(f"{w!r} (lines {seen[w]} and {ln})")
        else:
            seen[w] = ln
    raise DataError(f"{p}: duplicate words {listing(dups, SHOWN)}; each word may occur once")
