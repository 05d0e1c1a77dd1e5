"""Kendall's τ-b on weighted resamples, from their multiplicities.

``τ_b = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2))``,
``n_0 = N(N − 1)/2``. Tied pairs come from the weights alone: a tie group of total
weight T holds T(T − 1)/2 tied pairs (copies of one pair are tied on both sides), so
``n_1 = Σ_G T_G(T_G − 1)/2`` for gold, ``n_2`` for the system, ``n_3`` for both. When
one side takes few values, ``n_c − n_d`` comes from small BLAS products
(:class:`_LevelBlocks`); otherwise, with the pairs in gold order (ties broken by the
system), a resample's pairs in that order are ``np.repeat(order, w[order])``, its
discordant pairs ``n_d`` the inversions of the repeated system ranks, counted in
O(N log N) by scipy's compiled Fenwick tree (Knight 1966; the one
``scipy.stats.kendalltau`` uses) without a sort, and
``n_c − n_d = n_0 − n_1 − n_2 + n_3 − 2 n_d``. All counts are exact integers, and τ is
formed as ``scipy.stats.kendalltau`` forms it.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._numeric import SNAP, compiled_discordant, count_inversions
from .._sorted import SortedScores
from . import Chunk, Resampled, Sample

__all__ = ["KENDALL_BLOCK", "KENDALL_LEVELS", "KENDALL_THREADS", "KendallKernel",
           "kendall_resampled"]  # fmt: skip

#: Threads counting Kendall's discordant pairs (scipy's count runs without the GIL).
KENDALL_THREADS = min(4, os.cpu_count() or 1)
#: Kendall by level blocks (:class:`_LevelBlocks`) when one side takes at most this many
#: values; their size.
KENDALL_LEVELS = 128
KENDALL_BLOCK = 64


def _groups(keys: NDArray[Any]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """Rows of the groups of two or more equal ``keys`` (concatenated, group by group)
    and where each group starts in that list."""
    ss = SortedScores(keys)
    big = ss.group_sizes > 1
    starts, sizes = ss.group_starts[big], ss.group_sizes[big]
    if not sizes.size:
        return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.intp)
    within = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    rows = ss.order[np.repeat(starts, sizes) + within]
    return rows, np.cumsum(sizes) - sizes


def _tied_pairs(
    W: NDArray[np.integer],
    groups: tuple[NDArray[np.intp], NDArray[np.intp]],
    squares: NDArray[np.float64],
    N: NDArray[np.float64],
) -> NDArray[np.float64]:
    """``Σ_G T_G(T_G − 1)/2`` over all groups, singletons included (``T = w``): from
    ``Σ w²`` of every pair, corrected on the rows of the groups of two or more."""
    rows, starts = groups
    extra = np.zeros_like(N)
    if rows.size:
        Wt = np.take(W, rows, axis=0).astype(np.int64)
        T = np.add.reduceat(Wt, starts, axis=0)
        extra = (np.einsum("ij,ij->j", T, T) - np.einsum("ij,ij->j", Wt, Wt)).astype(np.float64)
    return (squares + extra - N) / 2.0


def _discordant_counter() -> Callable[[NDArray[np.intp], NDArray[np.intp]], int]:
    """The count of the pairs with ``x_i < x_j`` and ``y_i > y_j`` (x sorted, y ≥ 1):
    scipy's compiled one, which runs without the GIL, at every size (the resamples are
    small and many), else the vectorized merge count of ``y``."""
    compiled = compiled_discordant()
    return compiled if compiled is not None else lambda x, y: int(count_inversions(y))


def _one_blas_thread() -> AbstractContextManager[object]:
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - an optional dependency
        return nullcontext()
    return threadpool_limits(1, user_api="blas")


class _LevelBlocks:
    """``n_c − n_d = Σ_{r_i < r_j} w_i w_j sgn(v_j − v_i)`` when one side (v) takes few
    values (K levels, gold ratings on a grid; a judge's integer scores), by BLAS products.

    The pairs are ordered by the other side (r) and cut into blocks of about
    :data:`KENDALL_BLOCK` pairs, at tie groups of r where they are small. Inside a block, a
    sign matrix ``M[p, q] = [r_p < r_q] sgn(v_q − v_p)`` gives ``Σ w_q (Mᵀ w)_q``; against
    the earlier tie groups of r, a pair needs only their weight at each level (a K-vector
    per resample, kept as a running sum): ``Σ_a sgn(v_q − a) · weight_a``. A large tie
    group is cut into blocks with no pair inside counted (tied on r) and joins the running
    sum once it ends. About 2·n·B·(block + 2K) operations instead of n²·B for the whole
    sign matrix, memory O(n); exact (integers in float32 below 2²⁴, else float64).
    """

    def __init__(self, r: NDArray[np.intp], v: NDArray[np.intp]):
        self.order = np.lexsort((v, r))
        rs, vs = r[self.order], v[self.order]
        self.levels = np.arange(int(v.max()) + 1)
        bounds = [*np.flatnonzero(np.r_[True, rs[1:] != rs[:-1]]).tolist(), r.size]
        #: (start, stop, r and v of the block, whether it ends a tie group of r)
        self.blocks: list[tuple[int, int, NDArray[np.intp], NDArray[np.intp], bool]] = []
        start = 0
        for a, b in itertools.pairwise(bounds):
            if b - a > KENDALL_BLOCK:  # a large tie group: blocks of its own
                if a > start:
                    self.blocks.append((start, a, rs[start:a], vs[start:a], True))
                for c in range(a, b, KENDALL_BLOCK):
                    stop = min(c + KENDALL_BLOCK, b)
                    self.blocks.append((c, stop, rs[c:stop], vs[c:stop], stop == b))
                start = b
            elif b - start >= KENDALL_BLOCK or b == r.size:
                self.blocks.append((start, b, rs[start:b], vs[start:b], True))
                start = b

    def balance(self, W: NDArray[np.floating]) -> NDArray[np.float64]:
        """``n_c − n_d`` of every weight column; ``W`` in float32 while every partial
        sum stays below 2²⁴ (exact), else float64."""
        Wo = np.take(W, self.order, axis=0)
        level_weight = np.zeros((self.levels.size, W.shape[1]), dtype=W.dtype)
        pending = np.zeros_like(level_weight)  # the weight of the tie group of r under way
        out = np.zeros(W.shape[1])
        lv = self.levels
        for start, stop, rb, vb, ends in self.blocks:
            w = Wo[start:stop]
            inside = (rb[:, None] < rb[None, :]) * np.sign(vb[None, :] - vb[:, None])
            cross = inside.T.astype(W.dtype) @ w
            cross += np.sign(vb[:, None] - lv[None, :]).astype(W.dtype) @ level_weight
            out += np.einsum("ij,ij->j", w, cross, dtype=np.float64)
            pending += (vb[None, :] == lv[:, None]).astype(W.dtype) @ w
            if ends:
                level_weight += pending
                pending[...] = 0
        return out


class KendallKernel:
    r"""Kendall's τ-b of k systems against the gold scores for every weight column:
    :math:`\tau_b = (n_c - n_d) / \sqrt{(n_0 - n_1)(n_0 - n_2)}` (Kendall 1945) over the
    drawn pairs, a pair drawn w times counting as w tied copies.

    Parameters
    ----------
    gold : numpy.ndarray
        Shape (n,).
    systems : numpy.ndarray
        Shape (k, n).

    Examples
    --------
    τ-b of the data (scipy's ``kendalltau``: 0.6) and of a resample drawing the first pair
    twice and the second not at all (``kendalltau`` of the expanded resample: 7/9):

    >>> kernel = KendallKernel(np.array([1.0, 2, 3, 4, 5]), np.array([[1.0, 3, 2, 5, 4]]))
    >>> W = np.array([[1, 2], [1, 0], [1, 1], [1, 1], [1, 1]])
    >>> kernel.values(W).round(6).tolist()
    [[0.6], [0.777778]]
    """

    def __init__(self, gold: NDArray[np.float64], systems: NDArray[np.float64]):
        g = SortedScores(gold)
        self.gold_groups = _groups(g.dense)
        self.count = _discordant_counter()
        self.by_system = []
        for s in systems:
            ss = SortedScores(s)
            order = np.lexsort((ss.dense, g.dense))  # gold order, ties by the system
            sy = (ss.dense[order] + 1).astype(np.intp)
            joint = g.dense.astype(np.int64) * (int(ss.dense.max()) + 1) + ss.dense
            few, many = sorted([g, ss], key=lambda x: x.group_starts.size)
            blocks = (
                _LevelBlocks(many.dense, few.dense)
                if few.group_starts.size <= KENDALL_LEVELS
                else None
            )
            self.by_system.append((order, sy, _groups(ss.dense), _groups(joint), blocks))

    def _discordant(
        self, ordered: NDArray[np.int64], sy: NDArray[np.intp], N: NDArray[np.int64]
    ) -> NDArray[np.float64]:
        """``n_d`` of every resample (rows of ``ordered``: weights in gold order), on
        :data:`KENDALL_THREADS` threads. Inside a gold tie group the system ranks ascend,
        so no inversion lies there, and a running position serves as x."""
        x = np.arange(int(N.max(initial=0)), dtype=np.intp)
        count = self.count

        def run(rows: range) -> list[int]:
            return [count(x[: N[r]], np.repeat(sy, ordered[r])) for r in rows]

        B = ordered.shape[0]
        threads = max(1, min(KENDALL_THREADS, B // 64))
        if threads == 1:
            return np.array(run(range(B)), dtype=np.float64)
        cuts = np.linspace(0, B, threads + 1).astype(int)
        with ThreadPoolExecutor(threads) as pool:
            parts = pool.map(run, [range(cuts[i], cuts[i + 1]) for i in range(threads)])
            return np.array([d for part in parts for d in part], dtype=np.float64)

    def values(self, W: NDArray[np.integer]) -> NDArray[np.float64]:
        """τ-b, shape (columns, systems); NaN where fewer than 3 pairs are drawn or a side
        is constant on the drawn pairs."""
        W = W.astype(np.int64, copy=False)  # whole-valued weights (the point estimate: ones)
        Ni = W.sum(axis=0)
        N = Ni.astype(np.float64)
        squares = np.einsum("ij,ij->j", W, W).astype(np.float64)
        total = N * (N - 1.0) / 2.0
        x_ties = _tied_pairs(W, self.gold_groups, squares, N)
        exact32 = 2 * float(N.max(initial=0)) < 2**24  # |partial sums| ≤ 2N
        Wf = W.astype(np.float32 if exact32 else np.float64)
        WT = None
        out = np.empty((W.shape[1], len(self.by_system)))
        with _one_blas_thread():  # small products: threads would mostly wait
            for j, (order, sy, s_groups, joint_groups, blocks) in enumerate(self.by_system):
                y_ties = _tied_pairs(W, s_groups, squares, N)
                if blocks is not None:
                    num = blocks.balance(Wf)
                else:
                    WT = np.ascontiguousarray(W.T) if WT is None else WT
                    both = _tied_pairs(W, joint_groups, squares, N)
                    dis = self._discordant(WT[:, order], sy, Ni)
                    num = total - x_ties - y_ties + both - 2.0 * dis
                with np.errstate(invalid="ignore", divide="ignore"):
                    tau = num / np.sqrt(total - x_ties) / np.sqrt(total - y_ties)
                tau = np.where(np.abs(tau) >= 1.0 - SNAP, np.sign(tau), tau)
                bad = (N < 3) | (total - x_ties <= 0) | (total - y_ties <= 0)
                out[:, j] = np.where(bad, np.nan, tau)
        return out


def _kernel(sample: Sample) -> KendallKernel:
    return KendallKernel(sample.gold, sample.systems)


def _values(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
    return sample.shared(_kernel).values(chunk.W)


def kendall_resampled() -> Resampled:
    """Kendall's weighted form (see the module docstring).

    Returns
    -------
    Resampled
        Its values come from one :class:`KendallKernel` per sample.

    Examples
    --------
    >>> from simeval import Options
    >>> from simeval.metrics.weighted import Chunk, Sums
    >>> gold, systems = np.array([1.0, 2, 3, 4, 5]), np.array([[1.0, 3, 2, 5, 4]])
    >>> W = np.ones((5, 1), dtype=np.int64)
    >>> chunk = Chunk(W, Sums(np.zeros((1, 0)), {}))
    >>> kendall_resampled().values(Sample(gold, systems, systems, Options()), chunk).tolist()
    [[0.6]]
    """
    return Resampled(values=_values)
