"""Partitions of the pairs into bins ("segments") for the scaled Pearson (Atoum 2019).

A :class:`Bins` is a recipe; :meth:`Bins.assign` applies it to gold scores and returns a
:class:`Binning`: the bin index of every pair (−1 for pairs in no bin) and a description
of each bin. Numeric bins are left-closed, ``[e_k, e_{k+1})``, and the last bin is closed
on both ends, so the top of the scale belongs to the last bin (examples: :class:`Bins`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validate import as_float_array, check_int, check_real, check_scale, check_within, describe
from .errors import InputError, InputTypeError

__all__ = ["BinKind", "BinSpec", "Binning", "Bins", "check_bins"]


class BinKind(Enum):
    """How a :class:`Bins` splits the pairs.

    Attributes
    ----------
    EQUAL_WIDTH, THRESHOLDS, LABELS, SEGMENTS, QUANTILES
        One per constructor of :class:`Bins`.

    Examples
    --------
    >>> Bins.segments(3).kind.per_pair, Bins.labels(["a", "b"]).kind.per_pair
    (False, True)
    """

    EQUAL_WIDTH = "equal_width"
    THRESHOLDS = "thresholds"
    LABELS = "labels"
    SEGMENTS = "segments"
    QUANTILES = "quantiles"

    @property
    def per_pair(self) -> bool:
        """Whether a pair's bin depends on that pair alone (its gold score or label), so
        that a resample of the pairs keeps each pair's bin; segments and quantiles depend
        on the whole sample and are recomputed on each resample."""
        return self in (BinKind.EQUAL_WIDTH, BinKind.THRESHOLDS, BinKind.LABELS)


def _fmt(x: float) -> str:
    return f"{x:.4g}"


@dataclass(frozen=True)
class BinSpec:
    """One bin: its label and, for numeric bins, its edges and closedness.

    Attributes
    ----------
    label : str
        ``"[0, 1.667)"``, or the category of a label bin.
    low, high : float or None
        The edges (``None`` for label bins).
    closed_right : bool
        Whether ``high`` belongs to the bin (only the last numeric bin's does).

    Examples
    --------
    >>> Bins.thresholds([2.5]).assign([0, 5], scale=(0, 5)).specs[1]
    BinSpec(label='[2.5, 5]', low=2.5, high=5.0, closed_right=True)
    """

    label: str
    low: float | None = None
    high: float | None = None
    closed_right: bool = False


@dataclass(frozen=True, eq=False)
class Binning:
    """The result of :meth:`Bins.assign`: ``index[i]`` is the bin of pair ``i`` (−1: none).

    Attributes
    ----------
    index : numpy.ndarray of int
        The bin of each pair; −1 for a pair in no bin (a segment leftover).
    specs : tuple of BinSpec
        The bins, in order.
    remainder : int
        Pairs left over by :meth:`Bins.segments`.

    Examples
    --------
    >>> b = Bins.segments(3).assign([5, 1, 4, 2, 3, 0, 6])
    >>> b.index.tolist(), b.remainder  # the highest gold score, 6, is left over
    ([1, 0, 1, 0, 1, 0, -1], 1)
    """

    index: NDArray[np.signedinteger]
    specs: tuple[BinSpec, ...]
    remainder: int = 0

    @property
    def k(self) -> int:
        return len(self.specs)

    def subset(self, keep: NDArray[np.bool_]) -> Binning:
        """The same bins restricted to the pairs where ``keep`` is true (a system whose
        missing scores were dropped); segment leftovers are recounted."""
        index = self.index[keep]
        remainder = int((index < 0).sum()) if self.remainder else 0
        return Binning(index, self.specs, remainder)

    @cached_property
    def members(self) -> tuple[NDArray[np.intp], ...]:
        """The pair indices of each bin, computed once and shared by every system."""
        # Few bins: small integer keys let numpy use its O(n) radix sort.
        order = np.argsort(self.index.astype(_index_dtype(self.k), copy=False), kind="stable")
        bounds = np.searchsorted(self.index[order], np.arange(self.k + 1))
        return tuple(order[bounds[j] : bounds[j + 1]] for j in range(self.k))


@dataclass(frozen=True)
class Bins:
    """How to split pairs into bins. Build one with a classmethod:

    - :meth:`equal_width` — K bins of equal width over the declared gold scale (the default,
      K = 3, is Atoum 2019's STS split);
    - :meth:`thresholds` — cut points on the gold scale;
    - :meth:`labels` — one bin per category (SICK: CONTRADICTION / NEUTRAL / ENTAILMENT);
    - :meth:`segments` — sort by gold and cut consecutive segments of ``n`` pairs
      (Nikolić et al. 2012; Atoum 2019 eq. 2), the remainder reported;
    - :meth:`quantiles` — K bins with edges at the gold quantiles.

    Attributes
    ----------
    kind : BinKind
        Which constructor built it; its argument is ``k``, ``cuts``, ``values``, or ``size``.

    References
    ----------
    Atoum, I. (2019). Scaled Pearson's correlation coefficient for evaluating text
    similarity measures. *Modern Applied Science* 13(10), 26–38.

    Examples
    --------
    >>> b = Bins.equal_width(3).assign([0.0, 1.0, 2.5, 4.0, 5.0], scale=(0, 5))
    >>> b.index.tolist(), [spec.label for spec in b.specs]
    ([0, 0, 1, 2, 2], ['[0, 1.667)', '[1.667, 3.333)', '[3.333, 5]'])
    """

    kind: BinKind
    k: int | None = None
    cuts: tuple[float, ...] = ()
    values: tuple[Any, ...] | None = None
    order: tuple[Any, ...] | None = None
    size: int | None = None

    # -- constructors -------------------------------------------------------------------
    @classmethod
    def equal_width(cls, k: int = 3) -> Bins:
        """``k`` bins with edges ``lo + (hi − lo)·j/k`` over the declared scale ``(lo, hi)``."""
        return cls(BinKind.EQUAL_WIDTH, k=check_int(k, "k"))

    @classmethod
    def thresholds(cls, cuts: Sequence[float]) -> Bins:
        """Bins between increasing cut points: ``[1.5, 3.5]`` → ``[lo,1.5) [1.5,3.5) [3.5,hi]``.

        The outer edges are the declared scale (or the observed range)."""
        if isinstance(cuts, (str, bytes)) or not isinstance(cuts, Iterable) or np.ndim(cuts) == 0:
            raise InputTypeError(
                f"`cuts` must be a sequence of numbers, e.g. [1.5, 3.5]; got {cuts!r}"
            )
        c = tuple(check_real("cuts", x) for x in cuts)
        if not c:
            raise InputError("at least one cut point is needed, e.g. edges:1.5,3.5")
        if not all(np.isfinite(c)) or any(b <= a for a, b in itertools.pairwise(c)):
            raise InputError(f"cut points must be finite and strictly increasing; got {list(c)}")
        return cls(BinKind.THRESHOLDS, cuts=c)

    @classmethod
    def labels(cls, values: Sequence[Any], order: Sequence[Any] | None = None) -> Bins:
        """One bin per distinct value of ``values`` (one label per pair); bins are listed in
        ``order`` if given, else in sorted order."""
        vals = tuple(values)
        if order is not None:
            order = tuple(order)
            unknown = sorted({str(v) for v in vals} - {str(o) for o in order})
            if unknown:
                raise InputError(f"labels {unknown} are not in the given order {list(order)}")
        return cls(BinKind.LABELS, values=vals, order=order)

    @classmethod
    def segments(cls, n: int) -> Bins:
        """Consecutive segments of ``n`` pairs after sorting by gold (K = N // n); the
        ``N mod n`` pairs with the highest gold scores are left over and reported."""
        return cls(BinKind.SEGMENTS, size=check_int(n, "n", minimum=3))

    @classmethod
    def quantiles(cls, k: int) -> Bins:
        """``k`` bins with edges at the gold quantiles ``j/k`` (linear interpolation).

        Tied gold scores stay in one bin, so bins hold roughly, not exactly, N/k pairs;
        heavy ties can leave a bin empty, which is then reported as undefined."""
        return cls(BinKind.QUANTILES, k=check_int(k, "k"))

    # -- application -------------------------------------------------------------------
    def describe(self) -> str:
        """A short, parseable name for signatures: ``equal:3``, ``edges:1.5,3.5`` …"""
        if self.kind is BinKind.EQUAL_WIDTH:
            return f"equal:{self.k}"
        if self.kind is BinKind.THRESHOLDS:
            return "edges:" + ",".join(_fmt(c) for c in self.cuts)
        if self.kind is BinKind.LABELS:
            return "labels"
        if self.kind is BinKind.SEGMENTS:
            return f"segments:{self.size}"
        return f"quantiles:{self.k}"

    def assign(self, gold: ArrayLike, *, scale: Sequence[float] | None = None) -> Binning:
        """Bin every pair by its gold score (or label). ``scale`` is the declared gold range;
        without it the observed ``(min, max)`` is used."""
        if self.kind is BinKind.LABELS:
            return self._assign_labels(np.asarray(gold).size)
        g = as_float_array(gold, "gold")
        if self.kind is BinKind.SEGMENTS:
            return self._assign_segments(g)
        declared = check_scale(scale)
        lo, hi = declared or _observed(g)
        if declared is not None:
            check_within(g, declared, "gold")
        if self.kind is BinKind.EQUAL_WIDTH:
            k = self.k or 3
            span = hi - lo
            if np.isinf(span):  # a scale wider than the float range: no hi − lo
                edges = np.array([lo * (1 - j / k) + hi * (j / k) for j in range(k + 1)])
            else:
                edges = np.array([lo + span * j / k for j in range(k + 1)])
            edges[-1] = hi
        elif self.kind is BinKind.THRESHOLDS:
            inside = [c for c in self.cuts if lo < c < hi]
            if len(inside) != len(self.cuts):
                raise InputError(
                    f"cut points {list(self.cuts)} must lie strictly inside the scale "
                    f"[{_fmt(lo)}, {_fmt(hi)}]"
                )
            edges = np.array([lo, *self.cuts, hi])
        else:  # quantiles
            k = self.k or 4
            if 3 * k > g.size:
                raise InputError(
                    f"quantiles:{k} on {g.size} pairs leaves fewer than 3 pairs per bin, too "
                    f"few for a correlation; use at most {max(g.size // 3, 1)} bins"
                )
            edges = np.quantile(g, np.arange(k + 1) / k) if g.size else np.linspace(lo, hi, k + 1)
            edges[0], edges[-1] = min(lo, edges[0]), max(hi, edges[-1])
        return _numeric_binning(g, edges)

    def _assign_labels(self, n: int) -> Binning:
        vals = self.values or ()
        if len(vals) != n:
            raise InputError(f"Bins.labels has {len(vals)} labels for {n} pairs")
        keys = np.array([str(v) for v in vals], dtype=object)
        order = [str(o) for o in self.order] if self.order is not None else sorted(set(keys))
        lookup = {lab: i for i, lab in enumerate(order)}
        index = np.fromiter((lookup[k] for k in keys), dtype=np.intp, count=n)
        return Binning(index, tuple(BinSpec(lab) for lab in order))

    def _assign_segments(self, g: NDArray[np.float64]) -> Binning:
        size = self.size or 2
        k = g.size // size
        if k == 0:
            raise InputError(f"segments of {size} pairs need at least {size} pairs; got {g.size}")
        order = np.argsort(g, kind="stable")
        index = np.full(g.size, -1, dtype=np.intp)
        index[order[: k * size]] = np.arange(k * size) // size
        sorted_g = g[order]
        specs = tuple(
            BinSpec(
                f"segment {j + 1} (pairs {j * size + 1}–{(j + 1) * size} by gold)",
                float(sorted_g[j * size]),
                float(sorted_g[(j + 1) * size - 1]),
                closed_right=True,
            )
            for j in range(k)
        )
        return Binning(index, specs, remainder=g.size - k * size)


def check_bins(name: str, value: object, *, optional: bool = False) -> Bins | None:
    """``value`` if it is a :class:`~simeval.binning.Bins` (or None when ``optional``);
    else :class:`InputTypeError` saying how to build one.

    Parameters
    ----------
    name : str
        How the error names the value (```bins```).
    value : object
        What the caller passed; ``None`` is accepted when ``optional``.
    optional : bool, default False

    Returns
    -------
    Bins or None

    Examples
    --------
    >>> check_bins("bins", None, optional=True) is None
    True
    """
    if value is None and optional:
        return None
    if not isinstance(value, Bins):
        raise InputTypeError(
            f"{name} must be a simeval.Bins (e.g. Bins.equal_width(3)), got {describe(value)}"
        )
    return value


def _observed(g: NDArray[np.float64]) -> tuple[float, float]:
    if g.size == 0:
        raise InputError("cannot bin an empty score vector")
    lo, hi = float(np.nanmin(g)), float(np.nanmax(g))
    if lo == hi:
        raise InputError(f"all gold scores equal {_fmt(lo)}; declare the scale to bin them")
    return lo, hi


def _index_dtype(k: int) -> type[np.signedinteger]:
    """The smallest signed integer type for bin numbers −1 … k (one byte for the usual
    few bins, an eighth of intp's memory, and numpy radix-sorts it); k itself fits, as
    counting the bins shifts the numbers by one."""
    if k < 2**7 - 1:
        return np.int8
    return np.int16 if k < 2**15 - 1 else np.intp


#: Up to this many bins, a score's bin is found by comparing it with each edge.
FEW_EDGES = 8


def _numeric_binning(g: NDArray[np.float64], edges: NDArray[np.float64]) -> Binning:
    k = edges.size - 1
    # side="right": a value equal to an inner edge goes to the bin that edge opens, so a
    # value's bin is the number of inner edges at or below it: for a few edges counted
    # by comparisons (numpy's binary search per value is several times slower).
    if k <= FEW_EDGES:
        index = np.zeros(g.size, dtype=_index_dtype(k))
        for edge in edges[1:-1]:
            index += g >= edge
    else:
        index = np.searchsorted(edges[1:-1], g, side="right").astype(_index_dtype(k))
    outside = (g < edges[0]) | (g > edges[-1]) | np.isnan(g)
    index[outside] = -1
    specs = tuple(
        BinSpec(
            f"[{_fmt(edges[j])}, {_fmt(edges[j + 1])}{']' if j == k - 1 else ')'}",
            float(edges[j]),
            float(edges[j + 1]),
            closed_right=j == k - 1,
        )
        for j in range(k)
    )
    return Binning(index, specs)
