"""The columns of a :class:`~simeval.io.ScoreTable` as its readers hold them, and their
conversions to Python values, to scores (float64) and to ids (text).

A column is held as its reader made it:

- a ``list`` of raw values (the line-by-line readers: the text of each cell, or JSON
  values);
- a numpy ``float64`` array, read-only (a column of numbers: parsed from text by a C
  parser, whose text the table reads again when asked for it; or a Parquet float column);
- a numpy ``object`` array of ``str`` (pandas' C parser, where pyarrow is missing);
- a pyarrow ``ChunkedArray`` (pyarrow's CSV parser: text; Parquet: any other type).

Every conversion gives what the line-by-line reader gives for the same file: a score is
Python's ``float`` of the stripped text, a blank cell and the words nan, na, n/a, null and
none (in any case) are missing (NaN); an id is the stripped text. Arrow converts a whole
column at once; a chunk it refuses (text Python reads and Arrow does not, such as
``1_000`` or ``١``; a bad value) or whose result needs a closer look (NaN or infinity,
which Arrow also reads from text Python refuses, such as ``nan(1)``) is converted by
Python, value by value, so that the first bad value in the file is the one named.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .memory import trim_malloc

__all__ = [
    "MISSING_WORDS",
    "WHITESPACE",
    "Convert",
    "bool_values",
    "cell",
    "float64_released",
    "float64_values",
    "is_arrow",
    "is_numbers",
    "to_floats",
    "to_list",
]

#: Converts one raw value at a row to a float, or raises the error that names it.
Convert = Callable[[Any, int], float]
#: Text read as a missing score (after stripping, in any case); the empty text is blank.
MISSING_WORDS = ("", "nan", "na", "n/a", "null", "none")
#: The characters ``str.strip()`` removes: those for which ``str.isspace()`` is true.
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def is_arrow(column: Any) -> bool:
    """True for a pyarrow column (any column that is not a list or a numpy array).

    Parameters
    ----------
    column : list, numpy.ndarray or pyarrow.ChunkedArray
        A column as a reader holds it.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_arrow(["1.5", "2"]), is_arrow(np.zeros(2))
    (False, False)
    """
    return not isinstance(column, (list, np.ndarray))


def is_numbers(column: Any) -> bool:
    """True for a column of floats (a numpy float64 array, an Arrow floating column).

    Parameters
    ----------
    column : list, numpy.ndarray or pyarrow.ChunkedArray
        A column as a reader holds it.

    Returns
    -------
    bool

    Examples
    --------
    >>> is_numbers(np.array([1.5, 2.0])), is_numbers(["1.5", "2"])
    (True, False)
    """
    if isinstance(column, np.ndarray):
        return column.dtype == np.float64
    if isinstance(column, list):
        return False
    import pyarrow as pa

    return bool(pa.types.is_floating(column.type))


def to_list(column: Any) -> list[Any]:
    """The column's values as Python objects.

    Parameters
    ----------
    column : list, numpy.ndarray or pyarrow.ChunkedArray
        A column as a reader holds it; a list is returned as it is.

    Returns
    -------
    list

    Examples
    --------
    >>> to_list(np.array([1.5, 2.0]))
    [1.5, 2.0]
    """
    if isinstance(column, list):
        return column
    if isinstance(column, np.ndarray):
        return column.tolist()
    return column.to_pylist()


def cell(column: Any, i: int) -> Any:
    """The value at row ``i`` as a Python object.

    Parameters
    ----------
    column : list, numpy.ndarray or pyarrow.ChunkedArray
        A column as a reader holds it.
    i : int
        The row (from 0).

    Returns
    -------
    object
        A Python value (``float``, ``str``, …), never a numpy or Arrow scalar.

    Examples
    --------
    >>> value = cell(np.array([1.5, 2.0]), 1)
    >>> value, type(value).__name__
    (2.0, 'float')
    """
    if isinstance(column, np.ndarray):
        return column[i].item() if column.dtype != object else column[i]
    if isinstance(column, list):
        return column[i]
    return column[i].as_py()


def to_floats(column: Any, convert: Convert) -> NDArray[np.float64]:
    """The column as float64 scores (missing values NaN); ``convert`` raises the message
    of the first bad value (text that is no number, infinity). A numpy float64 column is
    returned as it is (a reader's, made read-only: no copy of millions of scores).

    Parameters
    ----------
    column : list, numpy.ndarray or pyarrow.ChunkedArray
        A column as a reader holds it.
    convert : callable
        ``convert(value, row)``: one raw value as a float, or the error naming it.

    Returns
    -------
    numpy.ndarray
        float64, one per row.

    Examples
    --------
    >>> def convert(value, row):
    ...     text = str(value).strip()
    ...     return float("nan") if text.lower() in MISSING_WORDS else float(text)
    >>> to_floats(["1.5", " 2 ", "n/a"], convert).tolist()
    [1.5, 2.0, nan]
    """
    if isinstance(column, np.ndarray) and column.dtype == np.float64:
        out = column
    elif is_arrow(column):
        out = _arrow_floats(column, convert)
    else:
        out = _python_floats(to_list(column), convert, 0)
    infinite = np.isinf(out)
    if infinite.any():
        i = int(np.argmax(infinite))
        convert(float(out[i]), i)  # raises: an infinite score
    return out


def _python_floats(values: list[Any], convert: Convert, start: int) -> NDArray[np.float64]:
    """numpy's conversion of the whole list (Python's ``float`` of each value) where it
    succeeds and has nothing infinite; else ``convert`` value by value (row ``start`` +
    i), which names the first bad one."""
    try:
        # Python's float (numpy's too) reads "1_000" as 1000 (PEP 515): such text is left
        # to ``convert``, which refuses it
        separators = any(isinstance(v, str) and "_" in v for v in values)
        out = None if separators else np.array(values, dtype=np.float64)
    except (TypeError, ValueError):
        out = None
    if out is None or out.shape != (len(values),) or np.isinf(out).any():
        converted = (convert(v, start + i) for i, v in enumerate(values))
        out = np.fromiter(converted, dtype=np.float64, count=len(values))
    return out


def _arrow_floats(column: Any, convert: Convert) -> NDArray[np.float64]:
    import pyarrow as pa
    import pyarrow.compute as pc

    kind = column.type
    if pa.types.is_floating(kind) or pa.types.is_integer(kind):
        return _as_numpy(pc.cast(column, pa.float64(), safe=False))
    if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
        return _python_floats(to_list(column), convert, 0)  # booleans, dates, decimals …
    values = _arrow_cast(column)
    if values is not None:  # the common case: every cell a plain number or blank
        return _as_numpy(values)
    parts, start = [], 0
    for chunk in column.chunks:  # in order: the first bad value in the file is named
        values = _arrow_cast(chunk)
        if values is None:
            values = _arrow_cast(_missing_as_null(chunk))
        if values is None:
            parts.append(_python_floats(chunk.to_pylist(), convert, start))
        else:
            parts.append(_as_numpy(values))
        start += len(chunk)
    return np.concatenate(parts) if parts else np.empty(0)


def _arrow_cast(text: Any) -> Any:
    """Arrow's float64 of ``text``, or None where Arrow refuses a value or reads NaN or
    infinity (which Python is to check)."""
    import pyarrow as pa
    import pyarrow.compute as pc

    try:
        values = pc.cast(text, pa.float64())
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return None
    if pc.any(pc.or_(pc.is_nan(values), pc.is_inf(values))).as_py():
        return None
    return values


def _missing_as_null(text: Any) -> Any:
    """``text`` stripped as ``str.strip()`` strips, the missing words made null."""
    import pyarrow as pa
    import pyarrow.compute as pc

    stripped = pc.utf8_trim(text, characters=WHITESPACE)
    missing = pc.is_in(pc.ascii_lower(stripped), value_set=pa.array(MISSING_WORDS))
    return pc.if_else(missing, pa.scalar(None, type=stripped.type), stripped)


def _as_numpy(values: Any) -> NDArray[np.float64]:
    """An Arrow float64 column as a numpy array, nulls as NaN."""
    return float64_values(values)


def float64_values(column: Any) -> NDArray[np.float64]:
    """An Arrow float64 array or chunked array as a numpy array, nulls as NaN: read from
    the chunks' buffers (one chunk without nulls: a read-only view of it, no copy), as
    pyarrow's ``to_numpy`` gives it, without the conversion behind ``to_numpy``, which
    imports pandas (0.3 s) into a process that may not otherwise need it.

    Parameters
    ----------
    column : pyarrow.Array or pyarrow.ChunkedArray
        Of type float64.

    Returns
    -------
    numpy.ndarray
        float64, one value per row.

    Examples
    --------
    >>> import pyarrow as pa
    >>> float64_values(pa.chunked_array([[0.5, None], [2.0]])).tolist()
    [0.5, nan, 2.0]
    """
    parts = [_buffer_values(chunk, np.float64) for chunk in getattr(column, "chunks", [column])]
    for part, chunk in zip(parts, getattr(column, "chunks", [column])):
        if chunk.null_count:
            part[~_validity(chunk)] = np.nan  # a copy: _buffer_values made one
    if len(parts) == 1:
        return parts[0]
    return np.concatenate(parts) if parts else np.empty(0)


#: Freed Arrow blocks are handed back to the system every this many bytes of a column
#: copied out (:func:`float64_released`).
RELEASE_BYTES = 16 << 20


def float64_released(
    chunks: list[Any], out: NDArray[np.float64] | None = None
) -> NDArray[np.float64]:
    """As :func:`float64_values`, for the chunks of a float64 column that the caller hands
    over: each is copied into one new array and dropped from ``chunks`` (set to None) as
    soon as it is, and the freed memory is handed back every :data:`RELEASE_BYTES`
    (:func:`~simeval.io.memory.trim_malloc`), so the column is not held twice over: at
    1e7 scores, 80 MB less at the reader's peak, for 0.02 s.

    Parameters
    ----------
    chunks : list of pyarrow.Array
        Of type float64; emptied (each item set to None).
    out : numpy.ndarray, optional
        Where to write the values (one per row); by default a new array.

    Returns
    -------
    numpy.ndarray
        float64, one value per row, in numpy's own memory (``out`` when given).

    Examples
    --------
    >>> import pyarrow as pa
    >>> chunks = pa.chunked_array([[0.5, None], [2.0]]).chunks
    >>> float64_released(chunks).tolist(), chunks
    ([0.5, nan, 2.0], [None, None])
    """
    if out is None:
        out = np.empty(sum(len(chunk) for chunk in chunks))
    at = freed = 0
    for i, chunk in enumerate(chunks):
        size = len(chunk)
        if size:
            out[at : at + size] = _buffer_values(chunk, np.float64)
            if chunk.null_count:
                out[at : at + size][~_validity(chunk)] = np.nan
        at, freed = at + size, freed + 8 * size
        chunks[i] = chunk = None  # its memory is freed now, not with the whole table
        if freed >= RELEASE_BYTES:  # and handed back (the C library's malloc keeps it)
            trim_malloc()
            freed = 0
    return out


def bool_values(column: Any) -> NDArray[np.bool_]:
    """An Arrow boolean array or chunked array as a numpy array, nulls as False.

    Parameters
    ----------
    column : pyarrow.Array or pyarrow.ChunkedArray
        Of type bool.

    Returns
    -------
    numpy.ndarray
        bool, one value per row.

    Examples
    --------
    >>> import pyarrow as pa
    >>> bool_values(pa.array([True, None, False])).tolist()
    [True, False, False]
    """
    parts = []
    for chunk in getattr(column, "chunks", [column]):
        bits = _bits(chunk.buffers()[1], chunk.offset, len(chunk))
        parts.append(bits & _validity(chunk) if chunk.null_count else bits)
    return np.concatenate(parts) if parts else np.zeros(0, dtype=bool)


def _buffer_values(chunk: Any, dtype: Any) -> NDArray[Any]:
    """The values buffer of a fixed-width Arrow array as numpy (a copy where it has nulls,
    to be filled in)."""
    size = np.dtype(dtype).itemsize
    buffer = chunk.buffers()[1]
    if buffer is None or not len(chunk):
        return np.empty(0, dtype=dtype)
    values = np.frombuffer(buffer, dtype=dtype, count=len(chunk), offset=chunk.offset * size)
    if chunk.null_count:
        return values.copy()
    values.flags.writeable = False  # Arrow's memory, which others may share
    return values


def _validity(chunk: Any) -> NDArray[np.bool_]:
    """Which values of an Arrow array are not null."""
    return _bits(chunk.buffers()[0], chunk.offset, len(chunk))


def _bits(buffer: Any, start: int, n: int) -> NDArray[np.bool_]:
    """Bits ``start`` … ``start + n`` of an Arrow bitmap (least significant bit first)."""
    if not n:
        return np.zeros(0, dtype=bool)
    packed = np.frombuffer(buffer, dtype=np.uint8)
    return np.unpackbits(packed, count=start + n, bitorder="little")[start:].view(bool)
