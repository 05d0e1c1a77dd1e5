"""Handing the readers' freed memory back to the system.

Allocators keep freed memory for their next allocations: pyarrow's pool (Parquet) and the
C library's ``malloc`` (the CSV reader, numpy), whose free pages amid the heap glibc hands
back only when asked (``malloc_trim``). A process that reads score files and then scores
them would otherwise hold the files' ids and text, unused, beside the scoring's own
arrays; and a column copied out of Arrow's blocks would count twice, the blocks freed but
kept.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from functools import lru_cache

__all__ = ["release_reader_memory", "trim_malloc"]


def release_reader_memory() -> None:
    """Give back to the system the memory that the readers' allocators keep from tables
    already freed: pyarrow's default pool (where pyarrow is imported) and glibc's heap
    (:func:`trim_malloc`).

    Examples
    --------
    >>> release_reader_memory()
    """
    arrow = sys.modules.get("pyarrow")
    if arrow is not None:
        arrow.default_memory_pool().release_unused()
    trim_malloc()


def trim_malloc() -> None:
    """glibc's ``malloc_trim(0)``: the free pages of every heap go back to the system.
    Nothing where the C library has none (macOS, Windows, musl).

    Examples
    --------
    >>> trim_malloc()
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@lru_cache(maxsize=1)
def _malloc_trim() -> Callable[[int], int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim
