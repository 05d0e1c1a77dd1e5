"""Sort orders in four bytes an index instead of eight, made so without a second array.

``np.argsort`` returns 8-byte indices: 80 MB at 1e7 pairs, the largest array an
evaluation holds beside the scores. Below 2**31 positions each fits in 4 bytes, and numpy
indexes with 4-byte arrays without widening them (``x[order]``; ``np.take`` would widen).
:func:`narrowed` moves the indices down in the array's own memory and gives the upper
half back, so that the narrowing never holds 12 bytes per pair.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

__all__ = ["NARROW_MIN", "narrowed"]

#: Orders of at least this many positions are narrowed (8 MB of indices and up); shorter
#: ones stay ``intp``, which ``np.take`` and the bootstrap's gathers use as they are.
NARROW_MIN = 1 << 20
#: Indices moved at a time.
_CHUNK = 1 << 16


def narrowed(order: NDArray[np.intp]) -> NDArray[np.signedinteger]:
    """``order`` (indices below 2**31, ``NARROW_MIN`` of them or more) as int32 in the
    first half of its own memory, the second half handed back; shorter or larger orders,
    and arrays that do not own their memory, as they are.

    Chunk by chunk from the front: the int32 slots of chunk [a, b) overlay the int64
    slots [a/2, b/2), which earlier chunks have read (the first chunk overlays itself,
    and numpy copies an overlapping source before writing). ``ndarray.resize`` then lets
    the C library shrink the block in place.

    Parameters
    ----------
    order : numpy.ndarray of intp
        Indices, as ``np.argsort`` gives them; consumed (do not use it afterwards).

    Returns
    -------
    numpy.ndarray
        The same indices, int32 where narrowed.

    Examples
    --------
    >>> order = np.argsort(np.random.default_rng(0).random(NARROW_MIN))
    >>> expected = order.copy()
    >>> small = narrowed(order)
    >>> small.dtype.name, bool((small == expected).all())
    ('int32', True)
    >>> narrowed(np.array([2, 0, 1])).dtype == np.intp
    True
    """
    n = order.size
    if (
        n < NARROW_MIN
        or n >= 2**31
        or order.dtype != np.intp
        or order.ndim != 1
        or not (order.flags.owndata and order.flags.c_contiguous and order.flags.writeable)
    ):
        return order
    slots = order.view(np.int32)
    for a in range(0, n, _CHUNK):
        b = min(a + _CHUNK, n)
        slots[a:b] = order[a:b]
    del slots  # no view may outlive the resize, which can move the block
    order.resize((n + 1) // 2, refcheck=False)
    return order.view(np.int32)[:n]
