"""Arrow string columns seen through numpy: each string's bytes in the column's one data
buffer, so that a question about millions of strings (which are blank, which have white
space at an end, a hash of each) is a few vectorized passes, not a Python object per cell.

A string's bytes are ``data[start[i] : start[i] + length[i]]`` (UTF-8). White space, as
:meth:`str.isspace` has it, begins with an ASCII byte among ``\\t \\n \\v \\f \\r``,
``\\x1c``–``\\x1f`` and space, or is a character of more than one byte (lead byte
``\\xc2``, ``\\xe1``, ``\\xe2`` or ``\\xe3``); the strings whose first or last byte allows
that are checked exactly, the others are not white space there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .columns import WHITESPACE, bool_values

__all__ = ["PIECE", "blank", "hashes", "trimmed"]

#: Strings looked at in one vectorized pass: small arrays, whose memory is reused from one
#: piece to the next (a fresh array of millions costs its first touch of every page).
PIECE = 1 << 16
#: Bytes that may begin or end white space (see the module's docstring).
_SPACE_BYTE = np.zeros(256, dtype=bool)
_SPACE_BYTE[[*b"\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f ", *range(0x80, 0x100)]] = True
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xFF51AFD7ED558CCD), np.uint64(33))
#: Masks keeping the first k bytes of a little-endian 8-byte word, k = 0 … 8.
_KEEP = np.array([(1 << (8 * k)) - 1 for k in range(8)] + [(1 << 64) - 1], dtype=np.uint64)


def _pieces(column: Any) -> Iterator[Any]:
    """The strings of an Arrow (chunked) string column in arrays of at most
    :data:`PIECE` strings (views, no copies), nulls as ``str(None)`` writes them."""
    import pyarrow as pa

    for chunk in column.chunks if isinstance(column, pa.ChunkedArray) else [column]:
        text = chunk.fill_null("None") if chunk.null_count else chunk
        for first in range(0, len(text), PIECE):
            yield text.slice(first, PIECE)


def _bytes(text: Any) -> tuple[NDArray[np.uint8], NDArray[np.integer], NDArray[np.integer]]:
    """(data, start, length) of the strings of an Arrow (large) string array (``start``
    and ``length`` in the width of its offsets)."""
    import pyarrow as pa

    width = np.int64 if pa.types.is_large_string(text.type) else np.int32
    offsets = np.frombuffer(text.buffers()[1], dtype=width)
    offsets = offsets[text.offset : text.offset + len(text) + 1]
    buffer = text.buffers()[2]
    data = np.frombuffer(buffer, dtype=np.uint8) if buffer is not None else np.zeros(0, np.uint8)
    return data, offsets[:-1], np.diff(offsets)


def _may_be_space(data: NDArray[np.uint8], at: NDArray[np.integer]) -> NDArray[np.bool_]:
    """Whether the byte at each position may be (part of) white space."""
    if not data.size:
        return np.zeros(at.size, dtype=bool)
    return _SPACE_BYTE.take(data.take(at, mode="clip"))


def _per_piece(column: Any, each: Any, dtype: Any) -> NDArray[Any]:
    """``each(piece)`` for every piece of ``column``, written into one array."""
    out = np.empty(len(column), dtype=dtype)
    at = 0
    for piece in _pieces(column):
        out[at : at + len(piece)] = each(piece)
        at += len(piece)
    return out


def blank(column: Any) -> NDArray[np.bool_]:
    r"""Which strings are blank: empty, or white space only (:meth:`str.isspace`).

    Parameters
    ----------
    column : pyarrow.Array or pyarrow.ChunkedArray
        A string column (nulls count as the text ``"None"``).

    Returns
    -------
    numpy.ndarray
        Booleans, one per string.

    Examples
    --------
    >>> import pyarrow as pa
    >>> blank(pa.array(["a", "", " \t", "\u3000", None])).tolist()
    [False, True, True, True, False]
    """
    return _per_piece(column, _blank, bool)


def _blank(text: Any) -> NDArray[np.bool_]:
    import pyarrow.compute as pc

    data, start, length = _bytes(text)
    empty = length == 0
    maybe = np.flatnonzero(_may_be_space(data, start) & ~empty)
    if maybe.size:
        empty[maybe[bool_values(pc.utf8_is_space(text.take(maybe)))]] = True
    return empty


def trimmed(column: Any) -> Any:
    r"""The strings of ``column`` (nulls as ``str(None)``) stripped as :meth:`str.strip`
    strips; the column itself when none is null or has white space at an end.

    Parameters
    ----------
    column : pyarrow.Array or pyarrow.ChunkedArray
        A string column.

    Returns
    -------
    pyarrow.Array or pyarrow.ChunkedArray
        The stripped strings.

    Examples
    --------
    >>> import pyarrow as pa
    >>> trimmed(pa.array([" a ", "b\u00a0", None])).to_pylist()
    ['a', 'b', 'None']
    >>> column = pa.array(["a", "b"])
    >>> trimmed(column) is column
    True
    """
    if column.null_count:
        column = column.fill_null("None")
    for piece in _pieces(column):
        data, start, length = _bytes(piece)
        ends = _may_be_space(data, start) | _may_be_space(data, start + length - 1)
        if (ends & (length > 0)).any():
            import pyarrow.compute as pc  # only here: its import costs 9 MB

            return pc.utf8_trim(column, characters=WHITESPACE)
    return column


def hashes(column: Any) -> NDArray[np.uint64]:
    """A 64-bit hash of each string (nulls as ``str(None)``): equal strings, equal hashes,
    whatever else the column holds.

    The hash mixes the string's length, then its bytes eight at a time (with the multiply
    and xor-shift steps of MurmurHash3's 64-bit finalizer); it is for grouping equal
    strings, not for security.

    Parameters
    ----------
    column : pyarrow.Array or pyarrow.ChunkedArray
        A string column.

    Returns
    -------
    numpy.ndarray
        uint64, one per string.

    Examples
    --------
    >>> import pyarrow as pa
    >>> h = hashes(pa.chunked_array([["a dog", "a cat"], ["a dog", None]]))
    >>> bool(h[0] == h[2]), bool(h[0] == h[1]), h.dtype.name
    (True, False, 'uint64')
    """
    return _per_piece(column, _hashes, np.uint64)


def _hashes(text: Any) -> NDArray[np.uint64]:
    """Mixes each string's length, then its bytes eight at a time: one vectorized pass per
    eight bytes of the longest string, over the strings that long."""
    data, start, length = _bytes(text)
    first = int(start[0]) if start.size else 0
    end = int(start[-1] + length[-1]) if start.size else 0
    padded = np.zeros(end - first + 8, dtype=np.uint8)  # the last word may reach past
    padded[: end - first] = data[first:end]
    # every byte position starts an (unaligned) little-endian 8-byte word
    words = np.ndarray((end - first + 1,), dtype="<u8", buffer=padded, strides=(1,))
    at = start - first
    out = length.astype(np.uint64)
    out *= _MIX[0]
    for k in range(0, int(length.max(initial=0)), 8):
        rows = slice(None) if k == 0 and length.min() > 0 else np.flatnonzero(length > k)
        mixed = words[at[rows] + k] & _KEEP[np.minimum(length[rows] - k, 8)]
        mixed ^= out[rows]
        mixed *= _MIX[1]
        mixed ^= mixed >> _MIX[2]
        out[rows] = mixed
    return out
