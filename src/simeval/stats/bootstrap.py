"""Bootstrap confidence intervals over pairs, vectorized over resamples.

A resample is a vector of *multiplicities* ``w`` (how often each pair was drawn), and a
chunk of resamples is an int32 matrix ``W`` (pairs × resamples), so every statistic is
computed from weighted sums: ``Wᵀ F`` with ``F`` the per-pair features of all systems
(Pearson's moments, absolute and squared errors, the low/high class indicators, and a
column of ones for the total weight). Spearman sorts each system once and derives the
average ranks of every resample from running weights in sorted order, in exact integer
arithmetic: the rows of ``W`` are gathered in that order onto an m × b grid whose running
sums take m vectorized row additions (:class:`_RunningSums`), several times faster than
``np.add.accumulate`` down n rows. Statistics are shared across metrics: the moments that
give Pearson also give MASE's centre, and the class counts give both accuracy and F1. Any
other metric (Kendall, nDCG …) goes through a generic fallback that calls
``f(gold, system)`` once per resample.

**Resampling scheme** (the reproducibility contract): ``rng = numpy.random.default_rng(seed)``
and resamples are drawn in chunks as ``rng.integers(0, n, size=(c, n))``. numpy draws
these values one at a time from the bit stream, so the numbers do not depend on the chunk
size ``c`` (only memory does): the same seed, ``n`` and ``n_resamples`` give the same
resamples on any machine, identical to ``scipy.stats.bootstrap(..., paired=True, rng=seed)``.
The jackknife groups of BCa are then drawn from the same generator as
``rng.permutation(n)``. ``seed=0`` is a seed like any other; ``None`` draws fresh entropy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import ArrayLike, DTypeLike, NDArray
from scipy import special

from .._validate import as_float_array, check_int, check_probability, check_scale, paired_scores
from ..binning import Bins
from ..errors import InputError
from ..metrics._sorted import SortedScores
from ..metrics.registry import Context, MetricOptions, direction, get_metric
from ..metrics.registry import Metric as RegistryMetric
from ..metrics.threshold import harmonic_mean
from ..results import ConfidenceInterval, json_ready

__all__ = [
    "BATCHED_METRICS",
    "DEFAULT_METRICS",
    "BootstrapDistribution",
    "BootstrapInterval",
    "MetricFunction",
    "bootstrap_ci",
    "bootstrap_distribution",
    "higher_is_better",
    "resample_indices",
    "resample_weights",
]

#: Metrics computed in batch from weighted sums (no Python loop over resamples).
BATCHED_METRICS = (
    "pearson",
    "spearman",
    "mae",
    "mase",
    "msse",
    "nmsse",
    "nmase",
    "accuracy_low",
    "accuracy_high",
    "f1_low",
    "f1_high",
)
#: What :func:`bootstrap_distribution` and :func:`bootstrap_ci` compute unless told
#: otherwise (``simeval compare`` adds ``hmean(f1_low,f1_high)``: ``compare.COMPARE_METRICS``).
DEFAULT_METRICS = ("pearson", "spearman", "nmsse", "f1_low", "f1_high")

#: Elements of the multiplicity/feature matrices per chunk; resamples per chunk is
#: ``max(1, CHUNK_ELEMENTS // n)``. Memory only: the numbers do not depend on it.
CHUNK_ELEMENTS = 1 << 22
#: Default number of jackknife groups for the BCa acceleration.
JACKKNIFE_GROUPS = 100
#: Rows of the grid on which running sums are taken (see :class:`_RunningSums`), and the
#: fewest weights in one grid row for which they are added row by row.
SCAN_ROWS = 64
SCAN_MIN_ROW = 1024
#: Counts per ``np.bincount`` call when counting draws (they stay in the CPU cache).
BINCOUNT_ELEMENTS = 1 << 16

MetricFunction = Callable[[NDArray[np.float64], NDArray[np.float64]], Any]
Metric = str | MetricFunction
Method = Literal["bca", "percentile"]


def higher_is_better(metric: str) -> bool:
    """Whether larger values of ``metric`` are better, from the metric registry.

    >>> higher_is_better("nmsse"), higher_is_better("hmean(f1_low,f1_high)")
    (False, True)
    """
    return direction(metric)


# --------------------------------------------------------------------------- resampling


def _chunk_rows(n: int, chunk_size: int | None) -> int:
    if chunk_size is None:
        return max(1, CHUNK_ELEMENTS // max(n, 1))
    return check_int(chunk_size, "chunk_size")


def _check_resamples(n_resamples: int, name: str = "n_resamples") -> int:
    return check_int(n_resamples, name)


def resample_indices(
    n: int,
    n_resamples: int,
    rng: np.random.Generator,
    *,
    chunk_size: int | None = None,
) -> Iterator[NDArray[np.int64]]:
    """Yield bootstrap index matrices ``rng.integers(0, n, size=(c, n))`` chunk by chunk.

    The concatenated rows are the same for any ``chunk_size`` (numpy draws each value
    separately from the bit stream); together they hold ``n_resamples`` rows.

    >>> rows = np.vstack(list(resample_indices(5, 3, np.random.default_rng(0), chunk_size=2)))
    >>> rows.shape, bool((rows == np.random.default_rng(0).integers(0, 5, (3, 5))).all())
    ((3, 5), True)
    """
    rows = _chunk_rows(n, chunk_size)
    done = 0
    while done < n_resamples:
        c = min(rows, n_resamples - done)
        yield rng.integers(0, n, size=(c, n))
        done += c


def resample_weights(
    indices: NDArray[np.int64], n: int, dtype: DTypeLike = np.float64
) -> NDArray[Any]:
    """Multiplicities of bootstrap index rows, laid out pairs × resamples.

    ``w[i, r]`` is how often pair ``i`` was drawn in resample ``r`` (row r of ``indices``);
    each column sums to n. ``dtype`` is the result's type (the bootstrap itself takes
    ``int32``: exact, and half the memory).

    >>> resample_weights(np.array([[0, 0, 2], [1, 2, 2]]), 3).tolist()
    [[2.0, 0.0], [0.0, 1.0], [1.0, 2.0]]
    """
    c = indices.shape[0]
    counts = np.empty((c, n), dtype=np.intp)
    step = max(1, BINCOUNT_ELEMENTS // n)  # resamples per bincount, whose counts stay in cache
    for start in range(0, c, step):
        block = indices[start : start + step]
        flat = block + n * np.arange(block.shape[0])[:, None]
        counts[start : start + step] = np.bincount(flat.ravel(), minlength=block.size).reshape(
            -1, n
        )
    return counts.T.astype(dtype, order="C")


# ------------------------------------------------------------------ metric expressions


@dataclass(frozen=True)
class _Expr:
    """A parsed metric: a leaf name/callable, or ``hmean``/``macro_avg`` of two parts."""

    label: str
    op: str | None = None
    args: tuple[_Expr, ...] = ()
    func: MetricFunction | None = None

    def leaves(self) -> Iterator[_Expr]:
        if self.op is None:
            yield self
        else:
            for a in self.args:
                yield from a.leaves()


def _from_registry(metric: RegistryMetric) -> _Expr:
    if metric.op is None:
        return _Expr(metric.name)
    return _Expr(metric.name, op=metric.op, args=tuple(_from_registry(p) for p in metric.parts))


def _parse(metric: Metric) -> _Expr:
    """A metric name or expression, parsed by the registry (one grammar for all of simeval),
    or a callable ``f(gold, system)``."""
    if callable(metric):
        return _Expr(getattr(metric, "__name__", "metric"), func=metric)
    if not isinstance(metric, str):
        raise InputError(f"a metric must be a name or a callable; got {metric!r}")
    return _from_registry(get_metric(metric))


def _as_float(value: Any) -> float:
    stat = getattr(value, "statistic", value)
    return float(stat)


def _combine(expr: _Expr, leaf_values: Mapping[str, NDArray[np.float64]]) -> NDArray[np.float64]:
    if expr.op is None:
        return leaf_values[expr.label]
    parts = np.stack([_combine(x, leaf_values) for x in expr.args])
    if expr.op == "hmean":
        return harmonic_mean(parts)
    return parts.mean(axis=0)


# --------------------------------------------------------------------- batched engine


class _RunningSums:
    """Running sums along n ordered positions, for many weight columns at once.

    ``np.add.accumulate`` along n positions is a scalar loop (about 2 ns an element, and
    slower still down the rows of a pairs × resamples matrix). Here position q of the
    order is stored in row ``(q mod m)·b + q // m`` of an ``(m·b) × c`` matrix: seen as an
    ``m × b × c`` grid, grid column t holds positions ``t·m … t·m + m − 1`` down its m
    rows. m − 1 vectorized additions of whole ``b × c`` rows give the running sums inside
    every grid column at once; adding to each column the total of the columns before it
    (a running sum over only b values) completes them; when a grid row holds fewer than
    ``SCAN_MIN_ROW`` weights (one weight column, say), a single ``np.add.accumulate`` down
    the grid's m rows replaces the row loop. The ``m·b − n`` cells past the last position
    lie at the bottom of the last grid column and hold weight 0.
    """

    def __init__(self, n: int, rows: int = SCAN_ROWS):
        self.n = n
        self.m = max(1, min(rows, n))
        self.b = -(-n // self.m)
        self.size = self.m * self.b
        self.pad_from = n - (self.b - 1) * self.m  # first padding row of the last column
        self._all_cells = self.cells(np.arange(n))

    def cells(self, positions: NDArray[np.intp]) -> NDArray[np.intp]:
        """Matrix rows of the given positions."""
        return (positions % self.m) * self.b + positions // self.m

    def arrange(self, values: NDArray[np.intp]) -> NDArray[np.intp]:
        """``values`` (one per position) moved to their cells; 0 in the padding cells."""
        out = np.zeros(self.size, dtype=values.dtype)
        out[self._all_cells] = values
        return out

    def gather(
        self, W: NDArray[np.integer], rows: NDArray[np.intp], out: NDArray[np.integer]
    ) -> NDArray[np.integer]:
        """``W``'s rows in the order given by ``arrange(order)``, into ``out``."""
        # mode="clip" lets numpy write into ``out`` directly (with the default "raise" it
        # buffers a copy); every index is valid anyway
        np.take(W, rows, axis=0, out=out, mode="clip")
        if self.pad_from < self.m:  # padding cells: no pair, weight 0
            out.reshape(self.m, self.b, out.shape[1])[self.pad_from :, -1] = 0
        return out

    def accumulate(self, w: NDArray[np.integer], out: NDArray[np.integer]) -> NDArray[np.integer]:
        """Running sums of the weights ``w`` (laid out as by :meth:`gather`), into ``out``."""
        shape = (self.m, self.b, w.shape[1])
        grid, acc = w.reshape(shape), out.reshape(shape)
        if grid[0].size >= SCAN_MIN_ROW:  # m − 1 vectorized additions of grid rows
            acc[0] = grid[0]
            for i in range(1, self.m):
                np.add(acc[i - 1], grid[i], out=acc[i])
        else:  # rows too short for a Python-level loop to pay (few weight columns)
            np.add.accumulate(grid, axis=0, dtype=acc.dtype, out=acc)
        totals = acc[-1].copy()  # the weight in each grid column
        offsets = np.add.accumulate(totals, axis=0, dtype=totals.dtype)
        offsets -= totals
        acc += offsets
        return out


class _Engine:
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
        leaves: Sequence[_Expr],
        low_border: float,
        high_border: float,
        scale: tuple[float, float] | None = None,
        bins: Bins | None = None,
    ):
        self.g = gold
        self.S = systems
        self.k, self.n = systems.shape
        names = {leaf.label for leaf in leaves if leaf.func is None}
        self.batched = sorted(names & set(BATCHED_METRICS))
        # Callables f(gold, system) run once per resample and system; registry metrics that
        # are not batched (Kendall, nDCG, the scaled Pearson …) share, per resample, one
        # sort of the gold scores and one Context per system (hence one sort per system),
        # with the evaluation's declared scale and bins.
        self.callables = {leaf.label: leaf.func for leaf in leaves if leaf.func is not None}
        self.registry = [
            get_metric(leaf.label)
            for leaf in leaves
            if leaf.func is None and leaf.label not in BATCHED_METRICS
        ]
        self.options = MetricOptions(scale=scale, low_border=low_border, high_border=high_border)
        self.bins = bins
        self.need_spearman = "spearman" in names
        self.need_dev = bool(names & {"mase", "msse", "nmsse", "nmase"})
        self._features(low_border, high_border)
        if self.need_spearman or self.need_dev:
            self.system_sorted = [SortedScores(s) for s in systems]
        if self.need_spearman:
            self.scan = _RunningSums(self.n)
            self.gold_sorted = gs = SortedScores(gold)
            self.gold_rows = self.scan.arrange(gs.order)
            self.gold_ends = self.scan.cells(gs.group_starts + gs.group_sizes - 1)
            self.system_rows = [self.scan.arrange(ss.order) for ss in self.system_sorted]
            self.gold_group_by_system = [
                self.scan.arrange(gs.dense[ss.order]) for ss in self.system_sorted
            ]
            self.tied_by_system = [self._tied(ss) for ss in self.system_sorted]

    def _features(self, low: float, high: float) -> None:
        g, S = self.g, self.S
        self.g_mean = float(g.mean())
        self.s_mean = S.mean(axis=1)
        gc = g - self.g_mean
        Sc = S - self.s_mean[:, None]
        tg_low, tg_high = (low > g).astype(float), (high < g).astype(float)
        ts_low, ts_high = (low > S).astype(float), (high < S).astype(float)
        blocks = [
            Sc,  # 0: centred system
            Sc**2,  # 1
            Sc * gc,  # 2
            np.abs(S - g),  # 3: absolute error
            (S - g) ** 2,  # 4: squared error
            ts_low,  # 5
            ts_low * tg_low,  # 6
            ts_high,  # 7
            ts_high * tg_high,  # 8
            np.abs(Sc),  # 9: |s − s̄|, MASE's denominator about the full-data mean
            (Sc < 0).astype(float),  # 10: s < s̄
        ]
        gold_cols = np.stack([gc, gc**2, tg_low, tg_high], axis=1)
        # the last column is 1, so that ``Wᵀ F`` also gives each weight column's total N
        ones = np.ones((g.size, 1))
        self.F = np.concatenate([gold_cols, *(b.T for b in blocks), ones], axis=1)

    def _tied(self, ss: SortedScores) -> tuple[NDArray[np.intp], ...] | None:
        """Cells (see :class:`_RunningSums`) of the sorted positions inside tie groups, of
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
        for name, fn in self.callables.items():
            out[name] = self._generic(fn, W)
        if self.registry:
            out.update(self._registry(W))
        return out

    def _batched(self, W: NDArray[Any]) -> dict[str, NDArray[np.float64]]:
        Wf = W.astype(np.float64, copy=False)
        L = Wf.T @ self.F
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
        out: dict[str, NDArray[np.float64]] = {}
        names = set(self.batched)
        if "pearson" in names:
            with np.errstate(invalid="ignore", divide="ignore"):
                cov = self._col(L, 2) / N - mg * ms
                r = np.clip(cov / np.sqrt(vg * vs), -1.0, 1.0)
            out["pearson"] = np.where(const_g | const_s | (N < 3), np.nan, r)
        if names & {"mae", "mase", "msse", "nmsse", "nmase"}:
            mae = self._col(L, 3) / N
            out["mae"] = mae
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
        for j, ss in enumerate(self.system_sorted):
            sbar = self.s_mean[j]
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
        :class:`_RunningSums`) and ``x = w · 2r_g``.
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

    def _resampled(self, W: NDArray[Any]) -> Iterator[tuple[int, NDArray[np.intp]]]:
        """Each resample of the chunk as pair indices (multiplicities expanded)."""
        positions = np.arange(self.n)
        for r in range(W.shape[1]):
            yield r, np.repeat(positions, W[:, r].astype(np.int64))

    def _generic(self, fn: MetricFunction, W: NDArray[Any]) -> NDArray[np.float64]:
        out = np.empty((W.shape[1], self.k))
        for r, idx in self._resampled(W):
            g = self.g[idx]
            for j in range(self.k):
                out[r, j] = _as_float(fn(g, self.S[j][idx]))
        return out

    def _registry(self, W: NDArray[Any]) -> dict[str, NDArray[np.float64]]:
        out = {m.name: np.empty((W.shape[1], self.k)) for m in self.registry}
        for r, idx in self._resampled(W):
            g = self.g[idx]
            gold = SortedScores(g)
            binning = self.bins.assign(g, scale=self.options.scale) if self.bins else None
            for j in range(self.k):
                ctx = Context(gold, SortedScores(self.S[j][idx]), self.options, binning)
                for m in self.registry:
                    out[m.name][r, j] = ctx.result(m).statistic
        return out


# ------------------------------------------------------------------------- results


@dataclass(frozen=True)
class BootstrapInterval:
    """A bootstrap confidence interval of one metric for one system.

    ``low``/``high`` bound the interval at ``confidence_level``; ``statistic`` is the value
    on the full data, ``standard_error`` the standard deviation of the bootstrap
    distribution (ddof 1). ``n_undefined`` resamples where the metric was undefined (e.g.
    no low pair for F1_low) are left out of the interval; ``reason`` says why the
    interval is NaN when it is.
    """

    metric: str
    system: str
    statistic: float
    low: float
    high: float
    confidence_level: float
    method: str
    n_resamples: int
    n_undefined: int
    standard_error: float
    seed: int | None
    acceleration: float = math.nan
    reason: str | None = None

    def confidence_interval(self) -> ConfidenceInterval:
        return ConfidenceInterval(self.low, self.high, self.confidence_level)

    def as_dict(self) -> dict[str, Any]:
        return json_ready(dict(self.__dict__))


@dataclass(frozen=True, eq=False)
class BootstrapDistribution:
    """Bootstrap and jackknife values of many metrics for many systems on shared resamples.

    ``observed[m, k]`` is metric m of system k on all pairs, ``resamples[m, k, b]`` on
    bootstrap resample b (the same resamples for every system and metric, so differences
    between systems are paired), ``jackknife[m, k, g]`` with jackknife group g deleted
    (``None`` when no jackknife was run).
    """

    metrics: tuple[str, ...]
    systems: tuple[str, ...]
    observed: NDArray[np.float64]
    resamples: NDArray[np.float64]
    jackknife: NDArray[np.float64] | None
    n: int
    seed: int | None

    def _index(self, metric: str, system: str | None) -> tuple[int, int]:
        key = metric.replace(" ", "").lower() if isinstance(metric, str) else metric
        if key not in self.metrics:
            raise InputError(f"metric {metric!r} was not bootstrapped; have {self.metrics}")
        if system is None:
            if len(self.systems) != 1:
                raise InputError(f"name the system: one of {self.systems}")
            system = self.systems[0]
        if system not in self.systems:
            raise InputError(f"system {system!r} was not bootstrapped; have {self.systems}")
        return self.metrics.index(key), self.systems.index(system)

    def values(self, metric: str, system: str | None = None) -> NDArray[np.float64]:
        """The bootstrap distribution of ``metric`` for ``system`` (one value per resample)."""
        m, k = self._index(metric, system)
        return self.resamples[m, k]

    def interval(
        self,
        metric: str,
        system: str | None = None,
        *,
        method: Method = "bca",
        confidence_level: float = 0.95,
    ) -> BootstrapInterval:
        """Percentile or BCa interval of ``metric`` for ``system`` (see :func:`bootstrap_ci`)."""
        check_probability(confidence_level, "confidence_level")
        if method not in ("bca", "percentile"):
            raise InputError(f"method must be 'bca' or 'percentile'; got {method!r}")
        m, k = self._index(metric, system)
        theta = float(self.observed[m, k])
        boot = self.resamples[m, k]
        defined = boot[~np.isnan(boot)]
        n_undefined = int(boot.size - defined.size)
        common: dict[str, Any] = dict(
            metric=self.metrics[m],
            system=self.systems[k],
            statistic=theta,
            confidence_level=confidence_level,
            method=method,
            n_resamples=int(boot.size),
            n_undefined=n_undefined,
            seed=self.seed,
        )
        if defined.size < 2 or math.isnan(theta):
            reason = (
                "the metric is undefined on the data"
                if math.isnan(theta)
                else ("fewer than 2 resamples where the metric is defined")
            )
            return BootstrapInterval(
                low=math.nan, high=math.nan, standard_error=math.nan, reason=reason, **common
            )
        with np.errstate(invalid="ignore"):
            se = float(np.std(defined, ddof=1))
        alpha = (1.0 - confidence_level) / 2.0
        if method == "percentile":
            lo, hi = _quantiles(defined, alpha, 1.0 - alpha)
            return BootstrapInterval(low=lo, high=hi, standard_error=se, **common)
        if self.jackknife is None:
            raise InputError("BCa needs the jackknife; bootstrap with jackknife_groups > 1")
        a1, a2, accel, bca_reason = _bca_levels(theta, defined, self.jackknife[m, k], alpha)
        if bca_reason is not None:
            return BootstrapInterval(
                low=math.nan, high=math.nan, standard_error=se, reason=bca_reason, **common
            )
        lo, hi = _quantiles(defined, a1, a2)
        return BootstrapInterval(low=lo, high=hi, standard_error=se, acceleration=accel, **common)

    def intervals(
        self, *, method: Method = "bca", confidence_level: float = 0.95
    ) -> list[BootstrapInterval]:
        """Every (system, metric) interval, systems outer, metrics inner."""
        return [
            self.interval(m, s, method=method, confidence_level=confidence_level)
            for s in self.systems
            for m in self.metrics
        ]


def _quantiles(values: NDArray[np.float64], q1: float, q2: float) -> tuple[float, float]:
    with np.errstate(invalid="ignore"):
        lo, hi = np.quantile(values, [q1, q2])
    return float(lo), float(hi)


def _bca_levels(
    theta: float, boot: NDArray[np.float64], jack: NDArray[np.float64], alpha: float
) -> tuple[float, float, float, str | None]:
    """BCa quantile levels (Efron & Tibshirani 1993, eq. 14.9–14.15), as scipy computes them."""
    share = (np.count_nonzero(boot < theta) + np.count_nonzero(boot <= theta)) / (2 * boot.size)
    if share <= 0 or share >= 1:
        return (
            math.nan,
            math.nan,
            math.nan,
            ("BCa undefined: every resample lies on one side of the estimate"),
        )
    z0 = float(special.ndtri(share))
    jack = jack[~np.isnan(jack)]
    d = jack.mean() - jack if jack.size else jack
    den = float((d**2).sum())
    if jack.size < 2 or den == 0 or not math.isfinite(den):
        return (
            math.nan,
            math.nan,
            math.nan,
            ("BCa undefined: the jackknife values do not vary; use method='percentile'"),
        )
    accel = float((d**3).sum()) / (6.0 * den**1.5)
    z_a = float(special.ndtri(alpha))
    levels = []
    for z in (z_a, -z_a):
        num = z0 + z
        levels.append(float(special.ndtr(z0 + num / (1.0 - accel * num))))
    return levels[0], levels[1], accel, None


# ---------------------------------------------------------------------------- drivers


def _systems_matrix(
    gold: ArrayLike, systems: Mapping[str, ArrayLike] | Sequence[ArrayLike] | ArrayLike
) -> tuple[NDArray[np.float64], NDArray[np.float64], tuple[str, ...]]:
    g = as_float_array(gold, "gold")
    if isinstance(systems, Mapping):
        items = list(systems.items())
    else:
        try:
            arr = np.asarray(systems, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            raise InputError(
                f"`systems` must be a mapping name → scores or a 2-D array; {exc}"
            ) from None
        rows = arr[None, :] if arr.ndim == 1 else arr
        if rows.ndim != 2:
            raise InputError(f"`systems` must be one or two dimensional; got shape {arr.shape}")
        items = [(f"system{i + 1}", s) for i, s in enumerate(rows)]
    if not items:
        raise InputError("`systems` is empty; give at least one system's scores")
    names: list[str] = []
    scores: list[NDArray[np.float64]] = []
    for name, values in items:
        _, s = paired_scores(g, values, names=("gold", f"system {name}"))
        names.append(str(name))
        scores.append(s)
    if len(set(names)) != len(names):
        raise InputError(f"system names must be unique; got {names}")
    return g, np.vstack(scores), tuple(names)


def _jackknife_weights(
    n: int, groups: int, rng: np.random.Generator, rows: int
) -> Iterator[NDArray[np.int32]]:
    """0/1 weights (pairs × groups), one column per deleted group: contiguous blocks of
    ``rng.permutation(n)``, the first ``n mod groups`` one pair longer (``np.array_split``)."""
    perm = rng.permutation(n)
    sizes = n // groups + (np.arange(groups) < n % groups)
    group_of = np.empty(n, dtype=np.int64)
    group_of[perm] = np.repeat(np.arange(groups), sizes)
    for start in range(0, groups, rows):
        stop = min(start + rows, groups)
        W = np.ones((n, stop - start), dtype=np.int32)
        inside = (group_of >= start) & (group_of < stop)
        W[np.flatnonzero(inside), group_of[inside] - start] = 0
        yield W


def bootstrap_distribution(
    gold: ArrayLike,
    systems: Mapping[str, ArrayLike] | Sequence[ArrayLike],
    metrics: Sequence[Metric] = DEFAULT_METRICS,
    *,
    n_resamples: int = 1000,
    seed: int | np.random.Generator | None = None,
    jackknife_groups: int | None = JACKKNIFE_GROUPS,
    chunk_size: int | None = None,
    low_border: float = 1.5,
    high_border: float = 3.5,
    scale: Sequence[float] | None = None,
    bins: Bins | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> BootstrapDistribution:
    """Bootstrap many metrics of many systems on the same resamples of the pairs.

    Resamples follow the module's documented scheme (``rng.integers(0, n, (c, n))`` chunk by
    chunk from ``numpy.random.default_rng(seed)``); each chunk becomes a multiplicity
    matrix ``W`` and every batched metric is computed from ``Wᵀ F`` and, for Spearman and
    the scaled errors, one more pass over ``W`` per system. Memory is O(c·n) per chunk.

    ``jackknife_groups`` (default 100) sets the delete-a-group jackknife used by BCa's
    acceleration: the pairs are shuffled with ``rng.permutation(n)`` and cut into G
    contiguous blocks; block g deleted gives θ₍g₎. With G = n (or ``None``) this is the
    exact leave-one-out jackknife of scipy (O(n²) time); ``0`` skips it (percentile only).
    Metric names: those in :data:`BATCHED_METRICS`, ``hmean(a,b,…)``, ``macro_avg(a,b,…)``
    (nestable), any name in the metric registry (``kendall``, ``ndcg@10`` …: computed
    through the registry per resample), or a callable ``f(gold, system)``
    returning a float or a result with ``.statistic`` (generic fallback, one call per
    resample and system). System scores must already be on the gold scale.
    ``scale`` (the declared gold scale) and ``bins`` reach the registry metrics of the
    generic fallback (reversed nDCG's top, the scaled Pearson's bins), so that they
    bootstrap the same quantity :func:`~simeval.evaluate.evaluate` reports.
    ``progress(done, total)`` is called after each chunk of resamples.

    >>> d = bootstrap_distribution([1, 2, 3, 4, 5], {"a": [1, 3, 2, 5, 4]}, ["pearson"],
    ...                            n_resamples=50, seed=0)
    >>> d.resamples.shape, round(float(d.observed[0, 0]), 6)
    ((1, 1, 50), 0.8)
    """
    g, S, names = _systems_matrix(gold, systems)
    n = g.size
    if n < 2:
        raise InputError(f"the bootstrap needs at least 2 pairs; got {n}")
    B = _check_resamples(n_resamples)
    if isinstance(metrics, str) or callable(metrics):
        metrics = [metrics]
    exprs = [_parse(m) for m in metrics]
    if not exprs:
        raise InputError("`metrics` is empty; name at least one metric")
    labels = tuple(e.label for e in exprs)
    if len(set(labels)) != len(labels):
        raise InputError(f"metrics must be unique; got {labels}")
    leaves = list({leaf.label: leaf for e in exprs for leaf in e.leaves()}.values())
    declared = check_scale(scale)
    engine = _Engine(g, S, leaves, float(low_border), float(high_border), declared, bins)
    rows = _chunk_rows(n, chunk_size)
    rng = np.random.default_rng(seed)

    def run(blocks: Iterator[NDArray[Any]], total: int, report: bool) -> NDArray:
        parts: dict[str, list[NDArray[np.float64]]] = {leaf.label: [] for leaf in leaves}
        done = 0
        for W in blocks:
            for name, vals in engine.values(W).items():
                parts[name].append(vals)
            done += W.shape[1]
            if report and progress is not None:
                progress(done, total)
        leaf_values = {k: np.concatenate(v, axis=0).T for k, v in parts.items()}
        return np.stack([_combine(e, leaf_values) for e in exprs])  # (m, k, rows)

    observed = run(iter([np.ones((n, 1))]), 1, False)[:, :, 0]
    weights = (
        resample_weights(idx, n, np.int32) for idx in resample_indices(n, B, rng, chunk_size=rows)
    )
    resamples = run(weights, B, True)
    jack = None
    if jackknife_groups is None or jackknife_groups:
        G = n if jackknife_groups is None else int(jackknife_groups)
        if G < 2:
            raise InputError(f"jackknife_groups must be ≥ 2, 0 or None; got {jackknife_groups}")
        G = min(G, n)
        jack = run(_jackknife_weights(n, G, rng, rows), G, False)
    return BootstrapDistribution(
        metrics=labels,
        systems=names,
        observed=observed,
        resamples=resamples,
        jackknife=jack,
        n=n,
        seed=seed if isinstance(seed, (int, np.integer)) else None,
    )


def bootstrap_ci(
    gold: ArrayLike,
    system: ArrayLike,
    metric: Metric = "pearson",
    *,
    n_resamples: int = 1000,
    method: Method = "bca",
    confidence_level: float = 0.95,
    seed: int | np.random.Generator | None = None,
    jackknife_groups: int | None = JACKKNIFE_GROUPS,
    chunk_size: int | None = None,
    low_border: float = 1.5,
    high_border: float = 3.5,
    progress: Callable[[int, int], None] | None = None,
) -> BootstrapInterval:
    r"""Bootstrap confidence interval of one metric of one system, resampling pairs.

    ``method="percentile"``: the :math:`\alpha/2` and :math:`1-\alpha/2` quantiles of the
    bootstrap distribution (linear interpolation, as numpy and scipy). ``method="bca"``
    (Efron 1987; Efron & Tibshirani 1993, ch. 14): quantiles at
    :math:`\Phi\big(\hat z_0 + \frac{\hat z_0 + z_\alpha}{1 - \hat a(\hat z_0 + z_\alpha)}\big)`
    with :math:`\hat z_0 = \Phi^{-1}` (share of resamples below θ̂, ties counted half) and
    :math:`\hat a = \sum d_g^3 / (6 (\sum d_g^2)^{3/2})`, :math:`d_g = \bar\theta_{(\cdot)}
    - \theta_{(g)}`, from a delete-a-group jackknife with ``jackknife_groups`` groups
    (default 100, so O(n) memory; ``None`` = leave-one-out, identical to
    ``scipy.stats.bootstrap``). Resamples where the metric is undefined are dropped and
    counted in ``n_undefined``; BCa is NaN with a ``reason`` when every resample lies on
    one side of θ̂ or the jackknife is constant.

    >>> ci = bootstrap_ci([1, 2, 3, 4, 5, 6], [1, 3, 2, 4, 6, 5], "spearman",
    ...                   n_resamples=200, method="percentile", seed=0)
    >>> round(ci.statistic, 6), ci.low <= ci.statistic <= ci.high
    (0.885714, True)
    """
    dist = bootstrap_distribution(
        gold,
        {"system": system},
        [metric],
        n_resamples=n_resamples,
        seed=seed,
        jackknife_groups=jackknife_groups if method == "bca" else 0,
        chunk_size=chunk_size,
        low_border=low_border,
        high_border=high_border,
        progress=progress,
    )
    return dist.interval(
        dist.metrics[0], "system", method=method, confidence_level=confidence_level
    )
