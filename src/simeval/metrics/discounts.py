"""The position discounts of DCG as Reimers, Beyer & Gurevych (2016, §2) write it:
``DCG_k = m_1 + Σ_{i=2..k} m_i / log2(i)`` (Järvelin & Kekäläinen 2002), so positions 1
*and* 2 get weight 1 — not scikit-learn's ``1 / log2(i + 1)``."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

__all__ = ["DISCOUNT_CHUNK", "discount_sums", "discounts", "discounts_at", "discounts_between"]

#: Discounts are made this many at a time for longer lists (one n-long array would be
#: 80 MB at n = 1e7), and cached up to this length.
DISCOUNT_CHUNK = 1 << 20


@lru_cache(maxsize=4)
def discounts(k: int) -> NDArray[np.float64]:
    """Reimers et al. (2016)'s DCG weights for positions 1..k: ``1, 1, 1/log2(3), …, 1/log2(k)``.

    Cached (read-only): an evaluation reuses the same weights for every system."""
    d = discounts_between(0, k)
    d.flags.writeable = False
    return d


def discounts_between(a: int, b: int) -> NDArray[np.float64]:
    """The weights of positions a + 1 … b: ``1`` at positions 1 and 2, ``1/log2(i)`` at
    position i ≥ 2.

    Parameters
    ----------
    a, b : int
        The positions before the first and the last (``0 ≤ a ≤ b``).

    Returns
    -------
    numpy.ndarray
        ``b − a`` weights.

    Examples
    --------
    >>> discounts_between(0, 4).round(6).tolist()  # 1, 1, 1/log2(3), 1/log2(4)
    [1.0, 1.0, 0.63093, 0.5]
    >>> discounts_between(2, 4).round(6).tolist()
    [0.63093, 0.5]
    """
    d = np.ones(b - a)
    first = max(a + 1, 2)  # positions 1 and 2 both get 1
    if first <= b:
        d[first - a - 1 :] = 1.0 / np.log2(np.arange(first, b + 1))
    return d


def discounts_at(ranks: NDArray[np.intp]) -> NDArray[np.float64]:
    """The weights of the positions ``ranks + 1`` (``ranks`` from 0, in any order), as
    :func:`discounts_between` makes them.

    Parameters
    ----------
    ranks : numpy.ndarray
        Positions from 0.

    Returns
    -------
    numpy.ndarray
        One weight per rank.

    Examples
    --------
    >>> discounts_at(np.array([3, 0, 1])).tolist()  # 1/log2(4), 1, 1
    [0.5, 1.0, 1.0]
    """
    positions = np.maximum(ranks + 1, 2).astype(np.float64)
    return 1.0 / np.log2(positions)


#: :func:`discount_sums` keeps the sum of every block of this many positions.
DISCOUNT_BLOCK = 1 << 12
#: The block sums are made for this many positions at a time (a few arrays of 0.5 MB;
#: with chunks of :data:`DISCOUNT_CHUNK`, 34 MB at the peak of an evaluation).
BLOCK_SUMS_CHUNK = 1 << 16


@lru_cache(maxsize=4)
def _block_sums(blocks: int) -> NDArray[np.float64]:
    """The weights summed over each block of :data:`DISCOUNT_BLOCK` positions (block q:
    positions q·B + 1 … (q + 1)·B), each pairwise, made a chunk at a time."""
    out = np.empty(blocks)
    per_chunk = BLOCK_SUMS_CHUNK // DISCOUNT_BLOCK
    for q in range(0, blocks, per_chunk):
        r = min(q + per_chunk, blocks)
        w = discounts_between(q * DISCOUNT_BLOCK, r * DISCOUNT_BLOCK)
        out[q:r] = w.reshape(r - q, DISCOUNT_BLOCK).sum(axis=1)
    out.flags.writeable = False
    return out


def discount_sums(bounds: NDArray[np.integer], n: int) -> NDArray[np.float64]:
    """The weights summed over each run of positions ``bounds[j] + 1 … bounds[j + 1]``
    of a list of n (``bounds`` ascending, from 0 up to at most n): the part of the
    discounted gain of a run of equal gains. Whole blocks come from sums kept per list
    length, the ends are made anew, so a run costs at most two blocks of logarithms
    whatever its length; every sum is pairwise.

    Parameters
    ----------
    bounds : numpy.ndarray
        Run boundaries, ascending, from 0 up to at most ``n``.
    n : int
        The length of the list.

    Returns
    -------
    numpy.ndarray
        ``len(bounds) − 1`` sums.

    Examples
    --------
    >>> discount_sums(np.array([0, 2, 4]), 4).round(6).tolist()  # 1 + 1, 1/log2(3) + 1/2
    [2.0, 1.13093]
    """
    blocks = _block_sums(-(-n // DISCOUNT_BLOCK))
    out = np.zeros(max(len(bounds) - 1, 0))
    for j in range(out.size):
        a, b = int(bounds[j]), int(bounds[j + 1])
        qa, qb = -(-a // DISCOUNT_BLOCK), b // DISCOUNT_BLOCK  # the whole blocks inside
        if qa >= qb:
            out[j] = discounts_between(a, b).sum()
        else:
            head = discounts_between(a, qa * DISCOUNT_BLOCK).sum()
            tail = discounts_between(qb * DISCOUNT_BLOCK, b).sum()
            out[j] = head + blocks[qa:qb].sum() + tail
    return out
