"""The position discounts of DCG as Reimers, Beyer & Gurevych (2016, §2) write it:
``DCG_k = m_1 + Σ_{i=2..k} m_i / log2(i)`` (Järvelin & Kekäläinen 2002), so positions 1
*and* 2 get weight 1 — not scikit-learn's ``1 / log2(i + 1)``."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

__all__ = ["DISCOUNT_CHUNK", "discounts", "discounts_between"]

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
    """The weights of positions a + 1 … b."""
    d = np.ones(b - a)
    first = max(a + 1, 2)  # positions 1 and 2 both get 1
    if first <= b:
        d[first - a - 1 :] = 1.0 / np.log2(np.arange(first, b + 1))
    return d
