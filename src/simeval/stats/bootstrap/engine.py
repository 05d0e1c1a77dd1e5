"""The batched bootstrap engine. A chunk of resamples is an int32 matrix ``W`` (pairs ×
resamples); statistics come from weighted sums ``Wᵀ F`` of per-pair features (Pearson's
moments, errors, low/high indicators, ones), per bin for the scaled Pearson; Spearman from
running weights in sorted order (:class:`~.running_sums.RunningSums`). Which metrics are
batched is part of their definition (``Metric.batched``); the others run their kernel once
per resample, with the same options."""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...metrics._scales import normalize_pair
from ...metrics._sorted import SortedScores
from ...metrics.registry import get_metric
from ...options import Options
from .expressions import Expr
from .per_resample import callable_values, registry_values
from .rank_kernels import KendallKernel, RankingKernel, ranking_parts
from .running_sums import RunningSums

__all__ = ["Engine"]


class Engine:
    """Weighted statistics of k systems against one gold vector, for many weight columns.

    ``values(W)`` takes ``W`` of shape ``(n, r)`` (pairs × resamples; column r weights pair
    i by ``W[i, r]``: a bootstrap multiplicity, or 0/1 for the jackknife; integers, int32
    preferred, or whole-valued floats) and maps each requested leaf metric to a ``(r, k)``
    array.
    """

    def __init__(
        self,
        gold: NDArray[np.float64],
        systems: NDArray[np.float64],
        leaves: Sequence[Expr],
        options: Options,
    ):
        """``systems`` are on the gold scale already; ``options`` are resolved."""
        self.g = gold
        self.S = systems
        self.k, self.n = systems.shape
        names = {leaf.label for leaf in leaves if leaf.func is None}
        definitions = {name: get_metric(name) for name in names}
        self.batched = sorted(name for name, m in definitions.items() if m.batched)
        # the scaled Pearson is batched too when a pair's bin depends on the pair alone
        # (equal-width, edges, labels): each bin's Pearson then comes from the same sums
        bins_rule = options.binning_rule
        if "scaled_pearson" in definitions and bins_rule.kind.per_pair:
            self.batched.append("scaled_pearson")
        # Kendall and nCG/nDCG come from orders fixed by the full data (.rank_kernels);
        # callables f(gold, system) and the other registry metrics (the scaled Pearson of
        # data-dependent bins …) run once per resample and system (.per_resample).
        self.callables = {leaf.label: leaf.func for leaf in leaves if leaf.func is not None}
        self.registry = [m for m in definitions.values() if m.name not in self.batched]
        # the systems are on the gold scale already: the kernels must not map them again
        self.options = dataclasses.replace(options, system_scale=None).resolve(gold)
        kendall = [m for m in self.registry if m is get_metric("kendall")]
        self.kendall = KendallKernel(gold, systems) if kendall else None
        self.ranking_parts = {m.name: p for m in self.registry if (p := ranking_parts(m))}
        self.registry = [m for m in self.registry if m.name not in self.ranking_parts]
        self.registry = [m for m in self.registry if m not in kendall]
        parts = [p for ps in self.ranking_parts.values() for p in ps]
        top = float(self.options.scale[1]) if self.options.scale is not None else math.nan
        self.ranking = RankingKernel(gold, systems, parts, top) if parts else None
        self.binning = (
            self._full_binning()
            if any(m.uses_bins for m in self.registry) or "scaled_pearson" in self.batched
            else None
        )
        self.need_spearman = "spearman" in names
        self.need_dev = bool(names & {"mase", "msse", "nmsse", "nmase"})
        # the error measures see the pair normalized as evaluate normalizes it (fixed from
        # the full data: a resample does not renormalize)
        if self.options.normalize is None:
            self.ge, self.E = gold, systems
        else:
            o = self.options
            pairs = [normalize_pair(gold, s, o.normalize, o.scale) for s in systems]
            self.ge, self.E = pairs[0][0], np.vstack([s for _, s in pairs])
        # scores beyond ±1e150 are divided by a power of two (exact) before squares and
        # cross products are summed; every batched measure but MAE is scale-free, and MAE
        # is multiplied back
        big = max(float(np.abs(gold).max()), float(np.abs(systems).max()))
        self.factor = math.ldexp(1.0, math.frexp(big)[1] - 1) if big > 1e150 else 1.0
        if self.factor != 1.0:
            self.ge, self.E = self.ge / self.factor, self.E / self.factor
        self._features(*(b / self.factor for b in self.options.borders))
        if self.need_spearman:
            self.system_sorted = [SortedScores(s) for s in systems]
        if self.need_dev:
            self.error_sorted = (
                self.system_sorted
                if self.E is systems and self.need_spearman
                else [SortedScores(s) for s in self.E]
            )
        if self.need_spearman:
            self.scan = RunningSums(self.n)
            self.gold_sorted = gs = SortedScores(gold)
            self.gold_rows = self.scan.arrange(gs.order)
            self.gold_ends = self.scan.cells(gs.group_starts + gs.group_sizes - 1)
            self.system_rows = [self.scan.arrange(ss.order) for ss in self.system_sorted]
            self.gold_group_by_system = [
                self.scan.arrange(gs.dense[ss.order]) for ss in self.system_sorted
            ]
            self.tied_by_system = [self._tied(ss) for ss in self.system_sorted]

    def _features(self, low: float, high: float) -> None:
        g, S = self.g / self.factor, self.S / self.factor
        self.g_mean = float(g.mean())
        gc = g - self.g_mean
        Sc = S - S.mean(axis=1)[:, None]
        self.e_mean = self.E.mean(axis=1)  # the error measures' system, about its mean
        Ec = self.E - self.e_mean[:, None]
        tg_low, tg_high = (low > g).astype(float), (high < g).astype(float)
        ts_low, ts_high = (low > S).astype(float), (high < S).astype(float)
        blocks = [
            Sc,  # 0: centred system
            Sc**2,  # 1
            Sc * gc,  # 2
            np.abs(self.E - self.ge),  # 3: absolute error
            (self.E - self.ge) ** 2,  # 4: squared error
            ts_low,  # 5
            ts_low * tg_low,  # 6
            ts_high,  # 7
            ts_high * tg_high,  # 8
            np.abs(Ec),  # 9: |s − s̄|, MASE's denominator about the full-data mean
            (Ec < 0).astype(float),  # 10: s < s̄
        ]
        gold_cols = np.stack([gc, gc**2, tg_low, tg_high], axis=1)
        # the last column is 1, so that ``Wᵀ F`` also gives each weight column's total N
        ones = np.ones((g.size, 1))
        self.F = np.concatenate([gold_cols, *(b.T for b in blocks), ones], axis=1)

    def _tied(self, ss: SortedScores) -> tuple[NDArray[np.intp], ...] | None:
        """Cells (see :class:`RunningSums`) of the sorted positions inside tie groups, of
        their group's first and last position, and of each group's first and last."""
        big = ss.group_sizes > 1
        if not big.any():
            return None
        starts, sizes = ss.group_starts[big], ss.group_sizes[big]
        first = np.repeat(starts, sizes)
        pos = first + np.arange(first.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        last = starts + sizes - 1
        cells = self.scan.cells
        return cells(pos), cells(first), cells(np.repeat(last, sizes)), cells(starts), cells(last)

    def _col(self, L: NDArray[np.float64], block: int) -> NDArray[np.float64]:
        start = 4 + block * self.k
        return L[:, start : start + self.k]

    def values(self, W: NDArray[Any]) -> dict[str, NDArray[np.float64]]:
        out: dict[str, NDArray[np.float64]] = {}
        if self.batched:
            out.update(self._batched(W))
        if self.kendall is not None:
            out["kendall"] = self.kendall.values(W)
        if self.ranking is not None:
            parts = self.ranking.values(W)
            for name, ps in self.ranking_parts.items():
                out[name] = np.mean([parts[p] for p in ps], axis=0)
        for name, fn in self.callables.items():
            out[name] = callable_values(fn, self.g, self.S, W)
        if self.registry:
            b = self.binning
            out.update(registry_values(self.registry, self.g, self.S, W, self.options, b))
        return out

    def _batched(self, W: NDArray[Any]) -> dict[str, NDArray[np.float64]]:
        Wf = W.astype(np.float64, copy=False)
        L = Wf.T @ self.F
        N = L[:, -1:]
        with np.errstate(invalid="ignore", divide="ignore"):
            ms = self._col(L, 0) / N
            s2 = self._col(L, 1) / N
            const_s = s2 - ms**2 <= 1e-13 * np.maximum(s2, np.finfo(float).tiny)
        out: dict[str, NDArray[np.float64]] = {}
        names = set(self.batched)
        if "pearson" in names:
            out["pearson"] = self._pearson(L)
        if "scaled_pearson" in names:
            out["scaled_pearson"] = self._scaled_pearson(Wf)
        if names & {"mae", "mase", "msse", "nmsse", "nmase"}:
            mae = self._col(L, 3) / N
            out["mae"] = mae * self.factor
            if self.need_dev:
                dev = np.where(const_s, 0.0, self._mean_abs_dev(Wf, L, ms, N[:, 0]))
                with np.errstate(invalid="ignore", divide="ignore"):
                    mase = np.where(dev > 0, mae / dev, math.inf)
                    msse = np.where(dev > 0, (self._col(L, 4) / N) / dev**2, math.inf)
                out["mase"], out["msse"] = mase, msse
                out["nmase"], out["nmsse"] = -np.expm1(-mase), -np.expm1(-msse)
        if names & {"accuracy_low", "f1_low", "accuracy_high", "f1_high"}:
            for cls, gcol, block in (("low", 2, 5), ("high", 3, 7)):
                pg = L[:, gcol : gcol + 1]
                ps = self._col(L, block)
                tp = self._col(L, block + 1)
                out[f"accuracy_{cls}"] = 1.0 - (pg + ps - 2.0 * tp) / N
                with np.errstate(invalid="ignore", divide="ignore"):
                    out[f"f1_{cls}"] = np.where(pg + ps > 0, 2.0 * tp / (pg + ps), np.nan)
        if self.need_spearman:
            out["spearman"] = self._spearman(W, N[:, 0])
        return {k: v for k, v in out.items() if k in names}

    def _pearson(self, L: NDArray[np.float64]) -> NDArray[np.float64]:
        """Pearson's r of every system for every weight column, from the weighted sums
        ``L = Wᵀ F``; NaN where fewer than 3 pairs are drawn or a side is constant."""
        N = L[:, -1:]
        tiny = np.finfo(float).tiny
        with np.errstate(invalid="ignore", divide="ignore"):
            mg = L[:, 0:1] / N
            g2 = L[:, 1:2] / N
            vg = g2 - mg**2
            ms = self._col(L, 0) / N
            s2 = self._col(L, 1) / N
            vs = s2 - ms**2
            const_g = vg <= 1e-13 * np.maximum(g2, tiny)
            const_s = vs <= 1e-13 * np.maximum(s2, tiny)
            cov = self._col(L, 2) / N - mg * ms
            r = np.clip(cov / np.sqrt(vg * vs), -1.0, 1.0)
        return np.where(const_g | const_s | (N < 3), np.nan, r)

    def _scaled_pearson(self, W: NDArray[np.float64]) -> NDArray[np.float64]:
        """The scaled Pearson (Atoum 2019, eq. 3) of every system for every weight column:
        each bin's Pearson from the weighted sums of its own pairs, then their mean (NaN
        where a bin is undefined, unless the options skip undefined bins)."""
        assert self.binning is not None
        per_bin = np.stack(
            [self._pearson(W[m].T @ self.F[m]) for m in self.binning.members]
        )  # (bins, columns, systems)
        if self.options.skip_undefined_bins:
            with np.errstate(invalid="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # all bins undefined: NaN
                return np.nanmean(per_bin, axis=0)
        return per_bin.mean(axis=0)

    def _mean_abs_dev(
        self,
        W: NDArray[np.float64],
        L: NDArray[np.float64],
        ms: NDArray[np.float64],
        N: NDArray[np.float64],
    ) -> NDArray[np.float64]:
        """``Σ_i w_i |s_i − m| / N`` with m the resample's mean (Atoum & Ayyagari 2019 eq. 3's
        denominator).

        Written as ``Σ w|s − s̄|`` (a weighted sum shared with the other statistics) plus a
        correction: a pair below both s̄ and m changes by ``m − s̄``, one above both by
        ``s̄ − m``, so only the pairs between s̄ and the resample means (a narrow window
        of the sorted scores) are visited per resample.
        """
        absdev, below = self._col(L, 9), self._col(L, 10)
        dev = np.empty_like(ms)
        for j, ss in enumerate(self.error_sorted):
            sbar = self.e_mean[j]
            m = ms[:, j] + sbar
            lo, hi = min(sbar, float(m.min())), max(sbar, float(m.max()))
            a = int(np.searchsorted(ss.sorted, lo, side="left"))
            b = int(np.searchsorted(ss.sorted, hi, side="right"))
            p = int(np.searchsorted(ss.sorted, sbar, side="left"))
            window = np.take(W, ss.order[a:b], axis=0)
            sw = ss.sorted[a:b, None]
            corr = np.einsum("ij,ij->j", window, np.abs(sw - m[None, :]) - np.abs(sw - sbar))
            n_below = below[:, j] - window[: p - a].sum(axis=0)
            n_above = N - below[:, j] - window[p - a :].sum(axis=0)
            dev[:, j] = absdev[:, j] + (m - sbar) * (n_below - n_above) + corr
        return np.maximum(dev, 0.0) / N[:, None]

    def _gold_sums(
        self,
        Wi: NDArray[np.integer],
        N: NDArray[np.float64],
        w: NDArray[np.integer],
        C: NDArray[np.integer],
        x: NDArray[np.integer],
    ) -> tuple[NDArray[np.integer], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
        """What Spearman needs from the gold side and the multiplicities alone, for every
        weight column: twice the average rank ``2r_g`` of each gold tie group,
        ``Σ w (2r_g)²``, ``Σ w³ − N`` and ``Σ w² · 2r_g``. ``w``, ``C`` and ``x`` are work
        buffers of the scan's shape.

        A group's rank among the resampled pairs is the weight below it plus
        (group weight + 1)/2, so ``2r = c_before + c_end + 1`` from running weights in
        gold order, read at the groups' last positions; running sums of ``w²`` read there
        give each group's ``Σ w²``.
        """
        self.scan.gather(Wi, self.gold_rows, out=w)
        self.scan.accumulate(w, out=C)
        c_end = np.take(C, self.gold_ends, axis=0)
        grouped = np.diff(c_end, axis=0, prepend=np.zeros((1, C.shape[1]), dtype=C.dtype))
        two_r = 2 * c_end - grouped + 1
        sg = np.einsum("ij,ij,ij->j", grouped, two_r, two_r, dtype=np.float64)
        squares = np.square(w, out=x)
        w3 = np.einsum("ij,ij->j", squares, w, dtype=np.float64) - N
        self.scan.accumulate(squares, out=C)
        sq_end = np.take(C, self.gold_ends, axis=0)
        sq_grouped = np.diff(sq_end, axis=0, prepend=np.zeros((1, C.shape[1]), dtype=C.dtype))
        xw = np.einsum("ij,ij->j", sq_grouped, two_r, dtype=np.float64)
        return two_r, sg, w3, xw

    def _spearman(self, W: NDArray[Any], N: NDArray[np.float64]) -> NDArray[np.float64]:
        """Spearman's ρ from average ranks under multiplicities, in exact integer arithmetic.

        With doubled ranks ``R = 2r``, ``ρ = (Σ w R_g R_s − N(N+1)²) /
        sqrt((Σ w R_g² − N(N+1)²)(Σ w R_s² − N(N+1)²))``. A system without ties needs one
        running sum per resample (``R_s = 2C − w + 1``, and ``Σ w R_s²`` follows from the
        multiplicities alone); pairs inside tie groups are then corrected to their group's
        rank ``c_before + c_end + 1``, visiting only those pairs. Every system reuses three
        integer buffers: its weights in sorted order, their running sums (see
        :class:`RunningSums`) and ``x = w · 2r_g``.
        """
        wmax = int(W.max()) if W.size else 0
        dtype = np.int32 if (2 * self.n + 2) * max(wmax, 1) < 2**31 else np.int64
        Wi: NDArray[np.integer] = W.astype(dtype, copy=False)
        w, C, x = (np.empty((self.scan.size, W.shape[1]), dtype=dtype) for _ in range(3))
        two_rg, sg, w3, xw = self._gold_sums(Wi, N, w, C, x)
        centre = N * (N + 1.0) ** 2
        var_g = sg - centre
        s2_distinct = 4.0 * (N * (N + 1.0) * (2.0 * N + 1.0) / 6.0 - w3 / 12.0)
        out = np.empty((W.shape[1], self.k))
        for j in range(self.k):
            self.scan.gather(Wi, self.system_rows[j], out=w)  # weights in sorted order
            np.take(two_rg, self.gold_group_by_system[j], axis=0, out=x, mode="clip")
            x *= w  # x = w · 2r_g
            self.scan.accumulate(w, out=C)  # running weight in sorted order
            # as if every score were distinct: 2r_s = 2C − w + 1
            cross = 2.0 * np.einsum("ij,ij->j", x, C, dtype=np.float64) - xw + N * (N + 1.0)
            s2 = s2_distinct
            tied = self.tied_by_system[j]
            if tied is not None:  # correct the pairs inside tie groups
                d_cross, d_s2 = self._tie_corrections(tied, w, C, x)
                cross, s2 = cross + d_cross, s2 + d_s2
            var_s = s2 - centre
            with np.errstate(invalid="ignore", divide="ignore"):
                rho = np.clip((cross - centre) / np.sqrt(var_g * var_s), -1.0, 1.0)
            bad = (var_g <= 1e-9 * sg) | (var_s <= 1e-9 * s2) | (N < 3)
            out[:, j] = np.where(bad, np.nan, rho)
        return out

    @staticmethod
    def _tie_corrections(
        tied: tuple[NDArray[np.intp], ...],
        w: NDArray[np.integer],
        C: NDArray[np.integer],
        x: NDArray[np.integer],
    ) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """Changes to ``Σ w R_g R_s`` and ``Σ w R_s²`` when the pairs inside a system's tie
        groups take their group's doubled rank ``c_before + c_end + 1`` instead of the
        distinct-score ``2C − w + 1``. ``tied`` comes from :meth:`_tied`; ``w``, ``C`` and
        ``x`` hold the system's weights, running weights and ``w · 2r_g`` in sorted order.
        """
        pos, first, last, g_first, g_last = tied

        def at(a: NDArray[np.integer], cells: NDArray[np.intp]) -> NDArray[np.float64]:
            return np.take(a, cells, axis=0).astype(np.float64)

        def before(cells: NDArray[np.intp]) -> NDArray[np.float64]:
            return at(C, cells) - at(w, cells)  # the running weight before the position

        w_pos, c_pos = at(w, pos), at(C, pos)
        two_rs = at(C, last) + before(first) + 1.0
        distinct = 2.0 * c_pos - w_pos + 1.0
        d_cross = np.einsum("ij,ij->j", np.take(x, pos, axis=0), two_rs - distinct)
        t_group = at(C, g_last) - before(g_first)
        d_s2 = ((w_pos**3 - w_pos).sum(axis=0) - (t_group**3 - t_group).sum(axis=0)) / 3.0
        return d_cross, d_s2

    def _full_binning(self) -> Binning:
        return self.options.binning_rule.assign(self.g, scale=self.options.scale)
