"""A metric on many weighted resamples at once: the form the bootstrap computes.

A resample of the n pairs is a vector of *multiplicities* ``w`` (how often each pair was
drawn: a bootstrap draw, or 0/1 for a jackknife); a chunk of c resamples is an integer
matrix ``W`` of shape (n, c). A metric's :class:`Resampled` form gives its value on every
column of ``W`` for every system at once, without expanding the resamples:

- a **sufficient-statistics** form names per-pair ``features`` (Pearson's moments, the
  absolute errors, the low/high indicators …); the bootstrap sums every metric's features
  under all weight columns in one product ``Wᵀ F`` and the form turns those sums into
  values (:attr:`Chunk.sums`), as sacreBLEU's metrics own their statistics;
- a **weighted** form prepares orders fixed by the full data once (:meth:`Sample.shared`)
  and reads ``W`` itself (Spearman's running sums, Kendall's discordant pairs, the gains
  of nCG/nDCG).

A form may mark entries it cannot decide exactly (a column whose sums lost their
precision to cancellation, a variance too close to zero to tell constant from not):
the bootstrap computes those with the metric's own kernel on the expanded resample, so
the kernel is the one definition of every value, the form only a faster route to it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
from numpy.typing import NDArray

from ...binning import Binning
from ...options import Options
from .._scales import normalize_pair

if TYPE_CHECKING:
    from ..base import Metric

__all__ = ["Chunk", "Resampled", "Resamples", "Sample", "Sums"]

T = TypeVar("T")


@dataclass(eq=False)
class Sample:
    """The full data a resampled form prepares from.

    ``gold`` (n,), the systems' scores as the correlations and rank measures read them
    (``systems``, k × n) and as the measures on the gold scale read them
    (``on_gold_scale``: mapped from ``system_scale``), the options resolved for the gold
    scores, the bins of the full data (a pair keeps its bin in every resample), and the
    plain metrics requested together (a form may serve several at once: the ranking
    measures share one pass over each order).

    Attributes
    ----------
    gold : numpy.ndarray
        The gold scores, shape (n,).
    systems : numpy.ndarray
        The systems' raw scores, shape (k, n).
    on_gold_scale : numpy.ndarray
        The systems' scores on the gold scale, shape (k, n).
    options : Options
        The options, resolved for the gold scores.
    binning : Binning, optional
        The bins of the full data.
    metrics : tuple of Metric
        The plain metrics requested together.

    Examples
    --------
    >>> sample = Sample(np.array([1.0, 2, 3]), np.array([[1.0, 3, 2]]),
    ...                 np.array([[1.0, 3, 2]]), Options())
    >>> sample.n, sample.k
    (3, 1)
    """

    gold: NDArray[np.float64]
    systems: NDArray[np.float64]
    on_gold_scale: NDArray[np.float64]
    options: Options
    binning: Binning | None = None
    metrics: tuple[Metric, ...] = ()
    _shared: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    @property
    def n(self) -> int:
        return int(self.gold.size)

    @property
    def k(self) -> int:
        return int(self.systems.shape[0])

    def shared(self, factory: Callable[[Sample], T]) -> T:
        """``factory(self)``, made once and shared by every metric asking for it (the
        sorts of the systems, Spearman's running-sum layout …)."""
        if factory not in self._shared:
            self._shared[factory] = factory(self)
        return self._shared[factory]

    @cached_property
    def error_pair(self) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
        """(gold, systems) as the error measures read them: on the gold scale and, when
        the options ask, both normalized to [0, 1] from the full data (a resample does
        not normalize again)."""
        o = self.options
        if o.normalize is None:
            return self.gold, self.on_gold_scale
        pairs = [normalize_pair(self.gold, s, o.normalize, o.scale) for s in self.on_gold_scale]
        return pairs[0][0], np.vstack([s for _, s in pairs])


class Sums(Mapping[str, NDArray[np.float64]]):
    """``Σ_i W[i, c] · F[i, :]`` of each named feature block, shape (c, width of block).

    Parameters
    ----------
    product : numpy.ndarray
        ``Wᵀ F``, shape (c, total width of the blocks).
    columns : Mapping[str, slice]
        Each block's columns in ``product``.

    Examples
    --------
    >>> sums = Sums(np.arange(6.0).reshape(2, 3), {"a": slice(0, 1), "b": slice(1, 3)})
    >>> sums["b"].tolist(), list(sums)
    ([[1.0, 2.0], [4.0, 5.0]], ['a', 'b'])
    """

    def __init__(self, product: NDArray[np.float64], columns: Mapping[str, slice]):
        self._product = product
        self._columns = columns

    def __getitem__(self, name: str) -> NDArray[np.float64]:
        return self._product[:, self._columns[name]]

    def __iter__(self):
        return iter(self._columns)

    def __len__(self) -> int:
        return len(self._columns)


@dataclass(eq=False)
class Chunk:
    """One chunk of resamples.

    Attributes
    ----------
    W : numpy.ndarray
        The weights, n × c integers (column c: how often each pair was drawn).
    sums : Sums
        The summed features.
    N : numpy.ndarray
        The total weight of each column.

    Examples
    --------
    >>> W = np.array([[1, 2], [1, 0], [1, 1]])
    >>> Chunk(W, Sums(np.zeros((2, 0)), {})).N.tolist()
    [3.0, 3.0]
    """

    W: NDArray[np.integer]
    sums: Sums
    _shared: dict[Hashable, Any] = field(default_factory=dict, repr=False)

    @cached_property
    def N(self) -> NDArray[np.float64]:
        """Pairs drawn in each column (the sum of its weights)."""
        return self.W.sum(axis=0).astype(np.float64)

    def shared(self, key: Hashable, factory: Callable[[], T]) -> T:
        """``factory()``, computed once per chunk for ``key`` (work several metrics share,
        such as the running weights of one order)."""
        if key not in self._shared:
            self._shared[key] = factory()
        return self._shared[key]


@dataclass(frozen=True)
class Resamples:
    """A metric's values on a chunk: ``values`` (columns × systems; NaN where undefined)
    and ``recheck``, the entries the form could not decide exactly, which the bootstrap
    computes with the metric's kernel instead.

    Attributes
    ----------
    values : numpy.ndarray
        Shape (columns, systems).
    recheck : numpy.ndarray of bool, optional
        Of the same shape.

    Examples
    --------
    >>> res = Resamples(np.array([[0.8], [np.nan]]), np.array([[False], [True]]))
    >>> int(res.recheck.sum())
    1
    """

    values: NDArray[np.float64]
    recheck: NDArray[np.bool_] | None = None


@dataclass(frozen=True, kw_only=True)
class Resampled:
    """How the bootstrap computes a metric on a chunk of resamples (see the module).

    ``values(sample, chunk)`` returns the values, or :class:`Resamples` with entries to
    recheck; ``features(sample)`` (a sufficient-statistics form) returns named per-pair
    feature blocks of shape (n, m) whose weighted sums arrive in ``chunk.sums``; blocks of
    the same name must be the same features (a family shares one ``features``
    function). ``applies(options)`` is False where this form does not hold (the scaled
    Pearson of bins recomputed on every resample): the bootstrap then runs the kernel
    once per resample.

    Attributes
    ----------
    values : callable
        ``values(sample, chunk)``.
    features : callable, optional
        ``features(sample)``, for a sufficient-statistics form.
    applies : callable, optional
        ``applies(options)``.

    Examples
    --------
    Pearson's sufficient statistics summed under two resamples: all five pairs once
    (r = 0.8, scipy's ``pearsonr`` on the data), and the first pair twice, the second
    not at all (r = 0.892413, ``pearsonr`` on the expanded resample):

    >>> from simeval.metrics.registry import get_metric
    >>> gold, systems = np.array([1.0, 2, 3, 4, 5]), np.array([[1.0, 3, 2, 5, 4]])
    >>> sample = Sample(gold, systems, systems, Options())
    >>> form = get_metric("pearson").resampled
    >>> blocks = form.features(sample)
    >>> widths = np.cumsum([0] + [b.shape[1] for b in blocks.values()])
    >>> columns = {name: slice(a, b) for name, a, b in zip(blocks, widths[:-1], widths[1:])}
    >>> W = np.array([[1, 2], [1, 0], [1, 1], [1, 1], [1, 1]])
    >>> chunk = Chunk(W, Sums(W.T @ np.hstack(list(blocks.values())), columns))
    >>> form.values(sample, chunk).values.round(6).tolist()
    [[0.8], [0.892413]]
    """

    values: Callable[[Sample, Chunk], NDArray[np.float64] | Resamples]
    features: Callable[[Sample], Mapping[str, NDArray[np.float64]]] | None = None
    applies: Callable[[Options], bool] | None = None

    def holds(self, options: Options) -> bool:
        """Whether this form computes the metric under ``options``."""
        return self.applies is None or bool(self.applies(options))
