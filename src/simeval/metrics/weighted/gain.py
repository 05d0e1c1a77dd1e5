"""nCG and nDCG on weighted resamples (Järvelin & Kekäläinen 2002; Reimers et al. 2016,
§2, their discount), from orders fixed by the full data.

in system order (highest first), tie group G occupies positions ``E_G − W_G + 1 … E_G``
of the resample, with E the running weight and W_G the group's weight, and every one of
those positions has the group's mean gain ``S_G / W_G`` (ties averaged, as
:mod:`simeval.metrics.gain`). With D the cumulative discounts (cut at k),
``DCG = Σ_G (S_G / W_G)(D[E_G] − D[E_G − W_G])``; the ideal DCG is the same sum in gain
order. Running weights come from :class:`~.running_sums.RunningSums`.

Every ranking measure of one bootstrap is computed in one pass per order: the parts
(cut-off, discounted, reversed) that all of them need are collected from the requested
metrics (:attr:`Sample.metrics`) and summed together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .._sorted import SortedScores
from ..discounts import discounts
from . import Chunk, Resampled, Sample
from .running_sums import RunningSums

__all__ = ["GainResampled", "Part", "RankingKernel", "gain_resampled"]

#: One part of a ranking measure: cut-off k (None: all pairs), discounted, reversed.
Part = tuple[int | None, bool, bool]


class _Order:
    """A fixed ranking of the pairs (highest gain first), its tie groups and the gains of
    its untied pairs laid out as :class:`RunningSums` cells (0 elsewhere)."""

    def __init__(
        self,
        scan: RunningSums,
        order: NDArray[np.intp],
        sizes: NDArray[np.intp],
        gains: NDArray[np.float64],
        ideal: bool,
    ):
        self.rows = scan.arrange(order)
        starts = np.cumsum(sizes) - sizes
        single = sizes == 1
        self.single_gains = np.zeros(scan.size)
        self.single_gains[scan.cells(starts[single])] = gains[order[starts[single]]]
        t_starts, t_sizes = starts[~single], sizes[~single]
        within = np.arange(int(t_sizes.sum())) - np.repeat(np.cumsum(t_sizes) - t_sizes, t_sizes)
        self.tied_rows = order[np.repeat(t_starts, t_sizes) + within]
        self.tied_starts = np.cumsum(t_sizes) - t_sizes
        self.tied_first = scan.cells(t_starts)
        self.tied_last = scan.cells(t_starts + t_sizes - 1)
        # in the ideal order a tie group shares one gain: its mean needs no weights
        self.group_gain = gains[order[t_starts]][:, None] if ideal else None


class RankingKernel:
    """nCG/nDCG parts of k systems for every weight column (see the module docstring).

    Parameters
    ----------
    gold : numpy.ndarray
        Shape (n,).
    systems : numpy.ndarray
        Shape (k, n).
    parts : sequence of (k, discounted, reversed)
        The parts to compute (repeats are computed once).
    top : float
        The top of the gold scale (the reversed gains are ``top − g``).

    Examples
    --------
    nDCG@3 of the system order of the gold scores 3, 0, 1, 2 — (3 + 0 + 1/log2 3) /
    (3 + 2 + 1/log2 3) = 0.644819 — and of a resample that draws the second pair twice and
    the first not at all (0.488424, :func:`simeval.ndcg` of the expanded resample):

    >>> kernel = RankingKernel(np.array([3.0, 2, 0, 1]), np.array([[0.9, 0.1, 0.8, 0.5]]),
    ...                        [(3, True, False)], top=5.0)
    >>> W = np.array([[1, 0], [1, 2], [1, 1], [1, 1]])
    >>> kernel.values(W)[(3, True, False)].round(6).tolist()
    [[0.644819], [0.488424]]
    """

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
            self.orders[(-1, rev)] = self._order(g, rev, ideal=True)
        for j, s in enumerate(systems):
            ss = SortedScores(s)
            for rev in self.gains:
                self.orders[(j, rev)] = self._order(ss, rev, ideal=False)
        self.k = systems.shape[0]

    def _order(self, ss: SortedScores, rev: bool, ideal: bool) -> _Order:
        order, sizes = ss.order, ss.group_sizes
        if not rev:  # highest first
            order, sizes = order[::-1], sizes[::-1]
        return _Order(self.scan, order, sizes, self.gains[rev], ideal)

    def _dcg(
        self, W: NDArray[np.integer], o: _Order, rev: bool, bufs: Sequence[NDArray[Any]]
    ) -> dict[Part, NDArray[np.float64]]:
        """Σ_G mean gain × (D[E] − D[E − W_G]) for every part of this direction. ``bufs``:
        three integer and two float work matrices of the scan's shape (taking into a
        preallocated matrix is several times faster than allocating one per take)."""
        w, C, before, steps, tmp = bufs
        self.scan.gather(W, o.rows, out=w)
        self.scan.accumulate(w, out=C)
        np.subtract(C, w, out=before)
        tied = o.tied_rows.size > 0
        if tied:
            et = np.take(C, o.tied_last, axis=0)
            st = np.take(before, o.tied_first, axis=0)
            if o.group_gain is not None:
                mean = o.group_gain
            else:
                gains = self.gains[rev][o.tied_rows][:, None]
                sums = np.add.reduceat(np.take(W, o.tied_rows, axis=0) * gains, o.tied_starts)
                mean = sums / np.maximum(et - st, 1)
        out = {}
        for part, D in self.cum.items():
            if part[2] == rev:
                np.take(D, C, out=steps, mode="clip")
                steps -= np.take(D, before, out=tmp, mode="clip")
                total = steps.T @ o.single_gains
                if tied:
                    total += (mean * (D[et] - D[st])).sum(axis=0)
                out[part] = total
        return out

    def values(self, W: NDArray[np.integer]) -> dict[Part, NDArray[np.float64]]:
        """Each part's value, shape (columns, systems): CG_k / iCG_k (or DCG), at most 1;
        NaN where the ideal gain is 0 or (not reversed) a drawn gold score is negative."""
        Wi = W.astype(np.int32, copy=False)  # whole-valued weights (the point estimate: ones)
        shape = (self.scan.size, W.shape[1])
        bufs = [np.empty(shape, dtype=t) for t in (Wi.dtype,) * 3 + (np.float64,) * 2]
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


@dataclass(frozen=True, kw_only=True)
class GainResampled(Resampled):
    """The weighted form of a ranking measure: the mean of its ``parts`` (one part for
    nCG@k / nDCG@k, three for the AvgRank means).

    Attributes
    ----------
    parts : tuple of (k, discounted, reversed)
        The parts averaged.

    Examples
    --------
    >>> gain_resampled([(3, True, False), (5, True, False), (10, True, False)]).parts[1]
    (5, True, False)
    """

    parts: tuple[Part, ...]


def _kernel(sample: Sample) -> RankingKernel:
    """One kernel for the parts of every ranking measure requested together."""
    parts = [
        p
        for m in sample.metrics
        if isinstance(m.resampled, GainResampled)
        for p in m.resampled.parts
    ]
    top = float(sample.options.scale[1]) if sample.options.scale is not None else np.nan
    return RankingKernel(sample.gold, sample.systems, parts, top)


def gain_resampled(parts: Sequence[Part]) -> GainResampled:
    """The weighted form of a measure that averages ``parts`` (see the module docstring).

    Parameters
    ----------
    parts : sequence of (k, discounted, reversed)
        One part (nDCG@k …), or the three of an AvgRank mean.

    Returns
    -------
    GainResampled

    Examples
    --------
    >>> from simeval import Options
    >>> from simeval.metrics.registry import get_metric
    >>> from simeval.metrics.weighted import Sums
    >>> gold, systems = np.array([3.0, 2, 0, 1]), np.array([[0.9, 0.1, 0.8, 0.5]])
    >>> form = gain_resampled([(3, True, False)])
    >>> sample = Sample(gold, systems, systems, Options(), metrics=(get_metric("ndcg@3"),))
    >>> W = np.ones((4, 1), dtype=np.int64)
    >>> form.values(sample, Chunk(W, Sums(np.zeros((1, 0)), {}))).round(6).tolist()
    [[0.644819]]
    """
    chosen = tuple(parts)

    def values(sample: Sample, chunk: Chunk) -> NDArray[np.float64]:
        kernel = sample.shared(_kernel)
        got = chunk.shared(_kernel, lambda: kernel.values(chunk.W))
        return np.mean([got[p] for p in chosen], axis=0)

    return GainResampled(values=values, parts=chosen)
