"""Kendall's τ-b and nCG/nDCG of many bootstrap resamples, from their multiplicities.

A resample is a weight vector ``w`` (how often each pair was drawn). Both measures depend
on it only through orders fixed by the full data, so every system is sorted once, never
per resample:

- **Kendall's τ-b** (Kendall 1945; Knight 1966): with the pairs in gold order (ties broken
  by the system), a resample's pairs in that order are ``np.repeat(order, w[order])``, so
  its discordant pairs ``n_d`` are the inversions of the repeated system ranks, counted in
  O(N log N) by scipy's compiled Fenwick tree (the one ``scipy.stats.kendalltau`` uses)
  without a sort. Tied pairs come from the weights alone: a tie group of total weight T
  holds T(T − 1)/2 tied pairs (copies of one pair are tied on both sides), so
  ``n_1 = Σ_G T_G(T_G − 1)/2`` for gold, ``n_2`` for the system, ``n_3`` for both, and
  ``τ_b = (n_0 − n_1 − n_2 + n_3 − 2 n_d) / √((n_0 − n_1)(n_0 − n_2))``, ``n_0 = N(N − 1)/2``,
  all in exact integer arithmetic, as ``scipy.stats.kendalltau`` computes it.
- **nCG / nDCG** (Järvelin & Kekäläinen 2002; Reimers et al. 2016, §2, their discount):
  in system order (highest first), tie group G occupies positions ``E_G − W_G + 1 … E_G``
  of the resample, with E the running weight and W_G the group's weight, and every one of
  those positions has the group's mean gain ``S_G / W_G`` (ties averaged, as
  :mod:`simeval.metrics.ranking`). With D the cumulative discounts (cut at k),
  ``DCG = Σ_G (S_G / W_G)(D[E_G] − D[E_G − W_G])``; the ideal DCG is the same sum in gain
  order. Running weights come from :class:`~.running_sums.RunningSums`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...metrics._numeric import SNAP, count_inversions
from ...metrics._sorted import SortedScores
from ...metrics.base import Metric as RegistryMetric
from ...metrics.ranking import AVG_RANK_KS, avg_rank_metric, discounts, ranking_metric
from .running_sums import RunningSums

__all__ = ["KENDALL_THREADS", "KendallKernel", "RankingKernel", "ranking_parts"]

#: Threads counting Kendall's discordant pairs (scipy's count runs without the GIL).
KENDALL_THREADS = min(4, os.cpu_count() or 1)
#: One part of a ranking measure: cut-off k (None: all pairs), discounted, reversed.
Part = tuple[int | None, bool, bool]


def ranking_parts(metric: RegistryMetric) -> list[Part] | None:
    """The nCG/nDCG parts a registry metric averages (one part, or the three of the
    AvgRank means), or None when it is not one of them."""
    for discounted in (True, False):
        for reverse in (False, True):
            if metric == avg_rank_metric(discounted, reverse):
                return [(k, discounted, reverse) for k in AVG_RANK_KS]
    base, _, cut = metric.name.partition("@")
    reverse = base.endswith("_rev")
    base = base.removesuffix("_rev")
    if base not in ("ncg", "ndcg") or not (cut == "" or cut.isdigit()):
        return None
    k = int(cut) if cut else None
    if metric != ranking_metric(k, base == "ndcg", reverse):
        return None
    return [(k, base == "ndcg", reverse)]


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
    """scipy's compiled count of the pairs with ``x_i < x_j`` and ``y_i > y_j`` (x sorted,
    y ≥ 1), which runs without the GIL; it is private to scipy, so without it the
    vectorized merge count of ``y`` takes over (the same count when x is increasing)."""
    try:
        from scipy.stats._stats import _kendall_dis

        _kendall_dis(np.array([0, 1], dtype=np.intp), np.array([2, 1], dtype=np.intp))
        return lambda x, y: int(_kendall_dis(x, y))
    except (ImportError, TypeError, ValueError):  # pragma: no cover - scipy version
        return lambda x, y: int(count_inversions(y))


class KendallKernel:
    """Kendall's τ-b of k systems against the gold scores for every weight column."""

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
            self.by_system.append((order, sy, _groups(ss.dense), _groups(joint)))

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
        WT = np.ascontiguousarray(W.T)
        out = np.empty((W.shape[1], len(self.by_system)))
        for j, (order, sy, s_groups, joint_groups) in enumerate(self.by_system):
            y_ties = _tied_pairs(W, s_groups, squares, N)
            both = _tied_pairs(W, joint_groups, squares, N)
            dis = self._discordant(WT[:, order], sy, Ni)
            with np.errstate(invalid="ignore", divide="ignore"):
                num = total - x_ties - y_ties + both - 2.0 * dis
                tau = num / np.sqrt(total - x_ties) / np.sqrt(total - y_ties)
            tau = np.where(np.abs(tau) >= 1.0 - SNAP, np.sign(tau), tau)
            bad = (N < 3) | (total - x_ties <= 0) | (total - y_ties <= 0)
            out[:, j] = np.where(bad, np.nan, tau)
        return out


class _Order:
    """A fixed ranking of the pairs (highest gain first) and its tie groups."""

    def __init__(self, scan: RunningSums, order: NDArray[np.intp], sizes: NDArray[np.intp]):
        self.rows = scan.arrange(order)
        starts = np.cumsum(sizes) - sizes
        single = sizes == 1
        self.single_cells = scan.cells(starts[single])
        self.single_rows = order[starts[single]]
        tied = ~single
        t_starts, t_sizes = starts[tied], sizes[tied]
        within = np.arange(int(t_sizes.sum())) - np.repeat(np.cumsum(t_sizes) - t_sizes, t_sizes)
        self.tied_rows = order[np.repeat(t_starts, t_sizes) + within]
        self.tied_starts = np.cumsum(t_sizes) - t_sizes
        self.tied_first = scan.cells(t_starts)
        self.tied_last = scan.cells(t_starts + t_sizes - 1)


class RankingKernel:
    """nCG/nDCG parts of k systems for every weight column (see the module docstring)."""

    def __init__(
        self,
        gold: NDArray[np.float64],
        systems: NDArray[np.float64],
        parts: Sequence[Part],
        top: float,
    ):
        """``top``: the top of the scale, from which the reversed measures' gains count down."""
        self.n = gold.size
        self.scan = RunningSums(self.n)
        self.parts = list(dict.fromkeys(parts))
        self.gains = {rev: (top - gold if rev else gold) for rev in {p[2] for p in self.parts}}
        self.negative = gold < 0
        self.cum: dict[Part, NDArray[np.float64]] = {}
        for k, discounted, rev in self.parts:
            d = discounts(self.n) if discounted else np.ones(self.n)
            cum = np.concatenate([[0.0], np.cumsum(d)])
            self.cum[(k, discounted, rev)] = cum[np.minimum(np.arange(self.n + 1), k or self.n)]
        self.orders: dict[tuple[int, bool], _Order] = {}
        g = SortedScores(gold)
        for rev in self.gains:  # ideal order: gold descending (reversed: ascending)
            self.orders[(-1, rev)] = self._order(g, descending=not rev)
        for j, s in enumerate(systems):
            ss = SortedScores(s)
            for rev in self.gains:
                self.orders[(j, rev)] = self._order(ss, descending=not rev)
        self.k = systems.shape[0]

    def _order(self, ss: SortedScores, descending: bool) -> _Order:
        order, sizes = ss.order, ss.group_sizes
        if descending:
            order, sizes = order[::-1], sizes[::-1]
        return _Order(self.scan, order, sizes)

    def _dcg(
        self, W: NDArray[np.integer], o: _Order, rev: bool, bufs: Sequence[NDArray[np.integer]]
    ) -> dict[Part, NDArray[np.float64]]:
        """Σ_G mean gain × (D[E] − D[E − W_G]) for every part of this direction."""
        w, C = bufs
        gains = self.gains[rev]
        self.scan.gather(W, o.rows, out=w)
        self.scan.accumulate(w, out=C)
        w1 = np.take(w, o.single_cells, axis=0)
        e1 = np.take(C, o.single_cells, axis=0)
        g1 = gains[o.single_rows]
        tied = o.tied_rows.size > 0
        if tied:
            et = np.take(C, o.tied_last, axis=0)
            wt = et - np.take(C, o.tied_first, axis=0) + np.take(w, o.tied_first, axis=0)
            Wt = np.take(W, o.tied_rows, axis=0) * gains[o.tied_rows][:, None]
            mean = np.add.reduceat(Wt, o.tied_starts, axis=0) / np.maximum(wt, 1)
        out = {}
        for part, D in self.cum.items():
            if part[2] == rev:
                total = (np.take(D, e1) - np.take(D, e1 - w1)).T @ g1
                if tied:
                    total += np.einsum("ij,ij->j", mean, np.take(D, et) - np.take(D, et - wt))
                out[part] = total
        return out

    def values(self, W: NDArray[np.integer]) -> dict[Part, NDArray[np.float64]]:
        """Each part's value, shape (columns, systems): CG_k / iCG_k (or DCG), at most 1;
        NaN where the ideal gain is 0 or (not reversed) a drawn gold score is negative."""
        Wi = W.astype(np.int32, copy=False)  # whole-valued weights (the point estimate: ones)
        bufs = [np.empty((self.scan.size, W.shape[1]), dtype=Wi.dtype) for _ in range(2)]
        negative = np.take(Wi, np.flatnonzero(self.negative), axis=0).sum(axis=0) > 0
        out = {p: np.empty((W.shape[1], self.k)) for p in self.parts}
        for rev in self.gains:
            best = self._dcg(Wi, self.orders[(-1, rev)], rev, bufs)
            for j in range(self.k):
                got = self._dcg(Wi, self.orders[(j, rev)], rev, bufs)
                for part, value in got.items():
                    with np.errstate(invalid="ignore", divide="ignore"):
                        ratio = np.minimum(value / best[part], 1.0)
                    bad = best[part] <= 0
                    if not rev:
                        bad = bad | negative
                    out[part][:, j] = np.where(bad, np.nan, ratio)
        return out
