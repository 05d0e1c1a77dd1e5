"""The compiled row parser of word-vector text files (numba; ``pip install simeval[fast]``).

:func:`parse_rows` reads the strict regular layout, ``word<sep>v1<sep>…<sep>vd`` per line
(``\\n`` or ``\\r\\n``), straight into the rows of the matrix, without the GIL, so parts
of a file are parsed on all cores at once. A number is read as its decimal significand
``m`` and exponent ``e`` (``[+-]digits[.digits][(e|E)[+-]digits]``) and converted with one
IEEE operation, ``m * 10**e`` or ``m / 10**-e``, when ``m <= 2**53`` and ``|e| <= 22``:
both operands are then exact, so the single rounding gives the correctly rounded value of
the decimal, the same double as ``strtod`` (Clinger 1990, "How to read floating point
numbers accurately", the fast path). Anything else (more significant digits, a larger
exponent, ``nan``, a trailing separator, a blank line …) makes :func:`parse_rows` return
``-1``, and the reader falls back to pandas' parser for the whole file: the result is
identical either way.

Importing this module imports numba (and compiles or loads the cached machine code on the
first call); :mod:`simeval.vectors.text` imports it only when numba is installed.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numpy.typing import NDArray

__all__ = ["POW10", "gather_words", "parse_rows"]

#: 10**0 … 10**22: every one exactly representable as a double.
POW10 = np.array([10.0**k for k in range(23)])

_EXACT = np.uint64(2**53)  # the largest significand converted exactly
_GUARD = np.uint64(10**17)  # one more digit could overflow 64 bits past this


@njit(nogil=True, cache=True)
def _end_of_line(data: NDArray[np.uint8], i: int) -> int:
    """The position after the line break at ``i`` (``\\n`` or ``\\r\\n``, or the end of
    the data); -1 if there is none."""
    n = data.size
    if i >= n:
        return i
    if data[i] == 13:
        i += 1
        if i >= n or data[i] != 10:
            return -1
    if data[i] != 10:
        return -1
    return i + 1


@njit(nogil=True, cache=True)
def parse_rows(
    data: NDArray[np.uint8],
    sep: int,
    out: NDArray[np.float64],
    offsets: NDArray[np.int64],
    pow10: NDArray[np.float64],
) -> int:
    """Parse ``data`` (whole lines) into ``out`` (one row per line) and each word's
    ``(start, stop)`` in ``data`` into ``offsets``; the rows parsed, or -1 where a line is
    outside the regular layout or a number outside the exact fast path."""
    n = data.size
    rows, dim = out.shape
    i = 0
    row = 0
    while i < n:
        if row >= rows:
            return -1
        start = i
        while i < n and data[i] != sep and data[i] != 10 and data[i] != 13:
            i += 1
        if i == start or i >= n or data[i] != sep:
            return -1
        offsets[row, 0] = start
        offsets[row, 1] = i
        for j in range(dim):
            i += 1  # the separator before the value
            negative = False
            if i < n and (data[i] == 45 or data[i] == 43):  # - or +
                negative = data[i] == 45
                i += 1
            m = np.uint64(0)
            digits = 0
            exponent = 0
            while i < n and 48 <= data[i] <= 57:
                if m >= _GUARD:
                    return -1
                m = m * np.uint64(10) + np.uint64(data[i] - 48)
                digits += 1
                i += 1
            if i < n and data[i] == 46:  # .
                i += 1
                while i < n and 48 <= data[i] <= 57:
                    if m >= _GUARD:
                        return -1
                    m = m * np.uint64(10) + np.uint64(data[i] - 48)
                    digits += 1
                    exponent -= 1
                    i += 1
            if digits == 0:
                return -1
            if i < n and (data[i] == 101 or data[i] == 69):  # e or E
                i += 1
                negative_exponent = False
                if i < n and (data[i] == 45 or data[i] == 43):
                    negative_exponent = data[i] == 45
                    i += 1
                e = 0
                e_digits = 0
                while i < n and 48 <= data[i] <= 57:
                    if e > 10_000:
                        return -1
                    e = e * 10 + (data[i] - 48)
                    e_digits += 1
                    i += 1
                if e_digits == 0:
                    return -1
                exponent += -e if negative_exponent else e
            if m > _EXACT:
                return -1
            value = float(m)
            if m != 0 and exponent != 0:
                if exponent > 22 or exponent < -22:
                    return -1
                value = value * pow10[exponent] if exponent > 0 else value / pow10[-exponent]
            out[row, j] = -value if negative else value
            if j < dim - 1 and (i >= n or data[i] != sep):
                return -1
        i = _end_of_line(data, i)
        if i < 0:
            return -1
        row += 1
    return row


@njit(nogil=True, cache=True)
def gather_words(
    data: NDArray[np.uint8], offsets: NDArray[np.int64], out: NDArray[np.uint8]
) -> None:
    """Copy each word's bytes, each followed by ``\\n``, into ``out`` (its size: the
    words' lengths plus one per word), to be decoded and split in one call each."""
    k = 0
    for r in range(offsets.shape[0]):
        for i in range(offsets[r, 0], offsets[r, 1]):
            out[k] = data[i]
            k += 1
        out[k] = 10
        k += 1
