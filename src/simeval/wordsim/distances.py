"""Distances, cosine similarities and neighbour ranks between word vectors, as R wordspace
0.2-8 computes them (``dist.matrix``, ``pair.distances``, ``pair.ranks`` and the C++ kernels
``CPP_col_dist_dense`` / ``CPP_similarity_to_distance``; Evert 2014).

One deliberate difference: cosines are dot products of rows normalized first, so a pair and
its reverse get bit-identical values. wordspace scales ``M Mᵀ`` afterwards
(``(x·y)·(1/|x|)·(1/|y|)``), which agrees to the last bit or two.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from ..errors import InputError
from ..vectors.read import Vectors
from ._kernels import COSINE_TOL
from ._kernels import angle as _angle
from ._kernels import clamp_cosine as _clamp_cosine
from ._kernels import cross as _cross
from ._kernels import normalize_rows as _normalize_rows
from ._kernels import pointwise as _pointwise

__all__ = [
    "AVG_METHODS",
    "BATCH_SIZE",
    "COSINE_TOL",
    "METHODS",
    "RANKS",
    "AvgMethod",
    "Method",
    "Rank",
    "check_method",
    "distance_matrix",
    "pair_distances",
]

Method = Literal["cosine", "euclidean", "manhattan", "maximum", "minkowski"]
Rank = Literal["none", "fwd", "bwd", "avg"]
AvgMethod = Literal["arithmetic", "geometric", "harmonic"]
METHODS: tuple[str, ...] = ("cosine", "euclidean", "manhattan", "maximum", "minkowski")
RANKS: tuple[str, ...] = ("none", "fwd", "bwd", "avg")
AVG_METHODS: tuple[str, ...] = ("arithmetic", "geometric", "harmonic")

#: Default number of distances computed per batch (wordspace ``batchsize=10e6``).
BATCH_SIZE = 10_000_000


def check_method(method: str, p: float) -> tuple[Method, float]:
    """``method`` checked against :data:`METHODS` and the minkowski exponent ``p`` against
    wordspace's range 0 ≤ p ≤ ∞: p = ∞ is returned as ``"maximum"``, as wordspace treats
    it; 0 ≤ p < 1 is its generalisation without the root (p = 0: the Hamming length, the
    number of coordinates that differ).

    Parameters
    ----------
    method : str
        One of :data:`METHODS`.
    p : float
        The minkowski exponent (ignored by the other methods).

    Returns
    -------
    tuple
        ``(method, p)``.

    Examples
    --------
    >>> check_method("minkowski", float("inf"))
    ('maximum', inf)
    """
    if method not in METHODS:
        raise InputError(f"method must be one of {METHODS}; got {method!r}")
    if method == "minkowski":
        if math.isinf(p) and p > 0:
            return "maximum", p  # wordspace: minkowski with p = Inf is the maximum metric
        if not (math.isfinite(p) and p >= 0):
            raise InputError(f"minkowski p must be ≥ 0 (Inf gives 'maximum'); got {p}")
    return method, float(p)  # type: ignore[return-value]  # checked against METHODS above


def distance_matrix(
    a: NDArray[np.float64] | Vectors,
    b: NDArray[np.float64] | Vectors | None = None,
    *,
    method: Method = "cosine",
    p: float = 2.0,
    similarity: bool = False,
) -> NDArray[np.float64]:
    r"""Distances (or cosine similarities) between the rows of ``a`` and of ``b``.

    wordspace ``dist.matrix(M, M2, method, p, convert=!similarity)``:

    - cosine: :math:`\cos = \hat a \cdot \hat b` with rows normalized first; returned as
      the angle :math:`\arccos(\cos)\cdot 180/\pi` in degrees, where cosines beyond
      :math:`\pm(1-10^{-12})` are snapped to :math:`\pm 1` (``CPP_similarity_to_distance``),
      or as the similarity itself with ``similarity=True``;
    - euclidean :math:`\sqrt{\sum (x_i-y_i)^2}`, manhattan :math:`\sum |x_i-y_i|`,
      maximum :math:`\max |x_i-y_i|`;
    - minkowski :math:`(\sum |x_i-y_i|^p)^{1/p}` for p > 1 and :math:`\sum |x_i-y_i|^p`
      (no root, a metric) for 0 < p ≤ 1; p = ∞ is the maximum metric.

    A zero row has no cosine: its entries are NaN.

    Parameters
    ----------
    a, b : numpy.ndarray or Vectors
        Matrices with as many columns, one row per vector (``b`` defaults to ``a``).
    method, p
        See above (``p``: the minkowski exponent).
    similarity : bool, default False
        Return cosine similarities instead of angles (wordspace ``convert=FALSE``).

    Returns
    -------
    numpy.ndarray
        ``len(a) × len(b)`` values.

    Examples
    --------
    >>> m = np.array([[1.0, 0.0], [1.0, 1.0]])
    >>> distance_matrix(m).round(6).tolist()
    [[0.0, 45.0], [45.0, 0.0]]
    >>> distance_matrix(m, method="manhattan").tolist()
    [[0.0, 1.0], [1.0, 0.0]]
    """
    x = a.matrix if isinstance(a, Vectors) else np.asarray(a, dtype=np.float64)
    y = x if b is None else (b.matrix if isinstance(b, Vectors) else np.asarray(b, dtype=float))
    if x.ndim != 2 or y.ndim != 2 or x.shape[1] != y.shape[1]:
        raise InputError(
            f"`a` and `b` must be matrices with the same number of columns; "
            f"got shapes {x.shape} and {y.shape}"
        )
    method, p = check_method(method, p)
    if method != "cosine":
        return _cross(x, y, method, p)
    ux = _normalize_rows(x)
    uy = ux if b is None else _normalize_rows(y)
    c = ux @ uy.T
    return c if similarity else _angle(_clamp_cosine(c))


def _pair_values(
    i1: NDArray[np.intp],
    i2: NDArray[np.intp],
    vectors: Vectors,
    method: str,
    p: float,
    similarity: bool,
    batch_size: int,
) -> NDArray[np.float64]:
    """Distance of each known pair (row indices ≥ 0), in batches of ``batch_size`` values."""
    m = vectors.matrix
    unit = _normalize_rows(m) if method == "cosine" else m
    out = np.empty(i1.size)
    step = max(1, batch_size // max(1, m.shape[1]))
    for s in range(0, i1.size, step):
        a, b = unit[i1[s : s + step]], unit[i2[s : s + step]]
        if method == "cosine":
            # Elementwise product then a row sum: x·y and y·x are bit-identical.
            c = np.sum(a * b, axis=1)
            out[s : s + step] = c if similarity else _angle(_clamp_cosine(c))
        else:
            out[s : s + step] = _pointwise(a, b, method, p)
    return out


def _neighbour_ranks(
    u1: NDArray[np.intp],
    u2: NDArray[np.intp],
    vectors: Vectors,
    method: str,
    p: float,
    similarity: bool,
    batch_size: int,
    progress: Callable[[int, int], None] | None = None,
) -> NDArray[np.float64]:
    """wordspace ``pair.ranks``: rank of ``u2`` among all rows ordered by distance from
    ``u1``, ``rank(x, ties.method="min") − 1`` = the number of rows strictly closer.

    Memory stays at about ``batch_size`` values whatever the vocabulary size; ``progress(
    done, total)`` is called after each batch (the CLI draws a bar from it).
    """
    m = vectors.matrix
    res = np.full(u1.size, np.inf)
    known = np.flatnonzero((u1 >= 0) & (u2 >= 0))
    if method == "cosine":
        unit = _normalize_rows(m)
        angle = not similarity
        res[known] = _cosine_ranks(unit, u1[known], u2[known], angle, batch_size, progress)
        return res
    types = np.unique(u1[known])
    per_batch = max(1, math.ceil(batch_size / max(m.shape[0], 1)))  # no rows: no known pair
    for s in range(0, types.size, per_batch):
        batch = types[s : s + per_batch]
        sel = known[np.isin(u1[known], batch)]
        row = np.searchsorted(batch, u1[sel])
        block = _cross(m[batch], m, method, p)
        thr = block[row, u2[sel]]
        res[sel] = np.count_nonzero(block[row] < thr[:, None], axis=1)
        if progress is not None:
            progress(min(s + per_batch, types.size), types.size)
    return res


def _cosine_ranks(
    unit: NDArray[np.float64],
    u1: NDArray[np.intp],
    u2: NDArray[np.intp],
    angle: bool,
    batch_size: int,
    progress: Callable[[int, int], None] | None,
) -> NDArray[np.float64]:
    """Rows with a larger cosine than each pair's own (for angles: a smaller angle).

    The vocabulary is visited in blocks of ``batch_size / pairs`` rows: one BLAS product of
    the pairs' first rows with the block and a running count per pair, so the matrix is
    read once. A pair's own cosine is its row-wise dot product (:func:`_pair_values`'
    value), and every cosine within :data:`COSINE_TOL` of it is recomputed the same way,
    so the count does not depend on how BLAS rounds; for angles those near ties compare
    the angles themselves, so ties created by rounding ``acos`` (or by the ±1 snap) are
    counted as wordspace counts them.
    """
    count = np.zeros(u1.size, dtype=np.int64)
    if u1.size == 0:
        return count.astype(np.float64)
    queries = unit[u1]
    own = np.sum(queries * unit[u2], axis=1)
    own_angle = _angle(_clamp_cosine(own.copy())) if angle else own
    hi, lo = (own + COSINE_TOL)[:, None], (own - COSINE_TOL)[:, None]
    n_rows = unit.shape[0]
    step = max(1, min(batch_size // u1.size, n_rows))
    # work matrices allocated once (a fresh one per block costs its page faults each time)
    product, above = np.empty((u1.size, step)), np.empty((u1.size, step), dtype=bool)
    for s in range(0, n_rows, step):
        width = min(step, n_rows - s)
        block, mask = product[:, :width], above[:, :width]
        np.matmul(queries, unit[s : s + width].T, out=block)
        clear = np.count_nonzero(np.greater(block, hi, out=mask), axis=1)
        near = np.count_nonzero(np.greater_equal(block, lo, out=mask), axis=1) - clear
        count += clear
        rows = np.flatnonzero(near)
        if rows.size:  # within COSINE_TOL of the pair's own cosine: recompute row-wise
            sub = block[rows]
            r, c = np.nonzero((sub >= lo[rows]) & (sub <= hi[rows]))
            pair = rows[r]
            exact = np.sum(queries[pair] * unit[s + c], axis=1)
            closer = _angle(_clamp_cosine(exact)) < own_angle[pair] if angle else exact > own[pair]
            count += np.bincount(pair[closer], minlength=u1.size)
        if progress is not None:
            progress(min(s + step, n_rows), n_rows)
    return count.astype(np.float64)


def pair_distances(
    word1: Sequence[str],
    word2: Sequence[str],
    vectors: Vectors,
    *,
    method: Method = "cosine",
    p: float = 2.0,
    similarity: bool = False,
    rank: Rank = "none",
    avg_method: AvgMethod = "arithmetic",
    batch_size: int = BATCH_SIZE,
    progress: Callable[[int, int], None] | None = None,
) -> NDArray[np.float64]:
    """Distance (or similarity, or neighbour rank) of each word pair (wordspace ``pair.distances``).

    ``rank="none"``: the :func:`distance_matrix` value of the pair. ``"fwd"``: the rank of
    ``word2`` among the neighbours of ``word1`` over all rows of ``vectors``, counted as
    ``rank(x, ties.method="min") − 1`` (``pair.ranks``; 0 = nearest neighbour; a similarity
    ranks by decreasing value). ``"bwd"`` swaps the words; ``"avg"`` combines both with
    ``avg_method``: arithmetic ``(r1+r2)/2``, geometric ``sqrt(r1·r2)``, harmonic
    ``2·r1·r2/(r1+r2)``. wordspace's harmonic mean is 0/0 = NaN when both ranks are 0
    (a word paired with itself) and stops there; we return the limit 0.

    Parameters
    ----------
    word1, word2 : sequence of str
    vectors : Vectors
    method, p, similarity
        As :func:`distance_matrix`.
    rank, avg_method
        See above.
    batch_size : int
        Rows compared per batch (wordspace ``batchsize``).
    progress : callable, optional
        ``progress(done, total)`` after each batch of neighbour ranks.

    Returns
    -------
    numpy.ndarray
        One value per pair; ``+inf`` (``-inf`` for similarities) where a word is unknown,
        the convention :func:`evaluate` reads.

    Examples
    --------
    >>> v = Vectors(["a", "b", "c"], [[1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> pair_distances(["a", "a", "a"], ["b", "c", "z"], v).round(6).tolist()
    [45.0, 90.0, inf]
    >>> pair_distances(["a", "c"], ["c", "b"], v, rank="fwd").tolist()
    [2.0, 1.0]
    """
    if len(word1) != len(word2):
        raise InputError(
            f"`word1` and `word2` must have the same length; got {len(word1)} and {len(word2)}"
        )
    if rank not in RANKS:
        raise InputError(f"rank must be one of {RANKS}; got {rank!r}")
    if avg_method not in AVG_METHODS:
        raise InputError(f"avg_method must be one of {AVG_METHODS}; got {avg_method!r}")
    if batch_size < 1:
        raise InputError(f"batch_size must be positive; got {batch_size}")
    method, p = check_method(method, p)
    i1, i2 = vectors.lookup(word1), vectors.lookup(word2)
    is_sim = similarity and method == "cosine"
    if rank == "none":
        out = np.full(i1.size, -np.inf if is_sim else np.inf)
        known = np.flatnonzero((i1 >= 0) & (i2 >= 0))
        out[known] = _pair_values(i1[known], i2[known], vectors, method, p, is_sim, batch_size)
        return out
    args = (vectors, method, p, is_sim, batch_size, progress)
    if rank == "fwd":
        return _neighbour_ranks(i1, i2, *args)
    if rank == "bwd":
        return _neighbour_ranks(i2, i1, *args)
    r1, r2 = _neighbour_ranks(i1, i2, *args), _neighbour_ranks(i2, i1, *args)
    finite = np.isfinite(r1) & np.isfinite(r2)
    out = np.full(r1.size, np.inf)
    a, b = r1[finite], r2[finite]
    if avg_method == "arithmetic":
        out[finite] = (a + b) / 2
    elif avg_method == "geometric":
        out[finite] = np.sqrt(a * b)
    else:
        s = a + b
        out[finite] = np.divide(2 * a * b, s, out=np.zeros_like(s), where=s > 0)
    return out
