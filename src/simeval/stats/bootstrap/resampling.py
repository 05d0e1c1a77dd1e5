"""Drawing bootstrap resamples and jackknife groups as multiplicity matrices.

The reproducibility contract: ``rng = numpy.random.default_rng(seed)``; resamples are drawn
in chunks as ``rng.integers(0, n, size=(c, n))``, so the numbers do not depend on the chunk
size ``c`` (only memory does), identical to ``scipy.stats.bootstrap(..., paired=True,
rng=seed)``; the jackknife groups then come from the same generator as ``rng.permutation(n)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from numpy.typing import DTypeLike, NDArray

from ..._validate import check_int
from ...errors import InputError, param

__all__ = [
    "CHUNK_ELEMENTS",
    "JACKKNIFE_GROUPS",
    "MAX_RESAMPLES",
    "MIN_INTERVAL_RESAMPLES",
    "check_resamples",
    "chunk_rows",
    "dataset_generators",
    "jackknife_weights",
    "resample_indices",
    "resample_weights",
]

#: Elements of the multiplicity/feature matrices per chunk; resamples per chunk is
#: ``max(1, CHUNK_ELEMENTS // n)``. Memory only: the numbers do not depend on it.
CHUNK_ELEMENTS = 1 << 22
#: Default number of jackknife groups for the BCa acceleration.
JACKKNIFE_GROUPS = 100
#: Counts per ``np.bincount`` call when counting draws (they stay in the CPU cache).
BINCOUNT_ELEMENTS = 1 << 16
#: The most resamples (or permutation trials) one call may ask for: 10 million already
#: gives Monte Carlo p-values to 1e-7; more is a typo that would run for days.
MAX_RESAMPLES = 10_000_000


def chunk_rows(n: int, chunk_size: int | None) -> int:
    """Resamples per chunk: ``chunk_size``, or as many as fit in :data:`CHUNK_ELEMENTS`.

    Parameters
    ----------
    n : int
        Pairs.
    chunk_size : int, optional

    Returns
    -------
    int

    Examples
    --------
    >>> chunk_rows(1000, None), chunk_rows(1000, 64)
    (4194, 64)
    """
    if chunk_size is None:
        return max(1, CHUNK_ELEMENTS // max(n, 1))
    return check_int(chunk_size, "chunk_size")


#: The fewest resamples behind a bootstrap confidence interval (and the clusters and tests
#: built on the same resamples). A 95 % interval's ends are the 2.5 % and 97.5 % points of
#: the resampled values (BCa moves them further out): below 100 resamples each end rests on
#: fewer than 3 resampled values, the extremes of a handful of draws. 100 is the floor
#: simeval refuses below; Efron & Tibshirani (1993, *An Introduction to the Bootstrap*)
#: recommend at least 1000 for percentile and BCa intervals, simeval's default.
MIN_INTERVAL_RESAMPLES = 100


def check_resamples(n_resamples: int, name: str = "n_resamples", *, minimum: int = 1) -> int:
    """A number of resamples: a whole number from ``minimum`` to :data:`MAX_RESAMPLES`.

    Parameters
    ----------
    n_resamples : int
        The number asked for.
    name : str, default "n_resamples"
        How an error names it.
    minimum : int, default 1
        :data:`MIN_INTERVAL_RESAMPLES` where the resamples give confidence intervals: the
        one rule of ``compare``, ``run`` and their command-line options.

    Returns
    -------
    int
        ``n_resamples``.

    Examples
    --------
    >>> check_resamples(1000, minimum=MIN_INTERVAL_RESAMPLES)
    1000
    >>> check_resamples(2, minimum=MIN_INTERVAL_RESAMPLES)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simeval.errors.InputError: a bootstrap interval needs at least 100 resamples; got ...
    """
    value = check_int(n_resamples, name, minimum=0 if minimum > 1 else 1)
    if value < minimum:
        raise InputError(
            f"a bootstrap interval needs at least {minimum} resamples; got "
            f"{param(name, value)} (below that, each end of a 95 % interval rests on a couple "
            f"of resampled values): pass {param(name, 1000)}, as Efron & Tibshirani (1993) "
            "recommend"
        )
    if value > MAX_RESAMPLES:
        raise InputError(
            f"`{name}` must be at most {MAX_RESAMPLES:,}; got {value:,} (10 000 resamples "
            "already give p-values to 1e-4)"
        )
    return value


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

    Parameters
    ----------
    n : int
        Pairs.
    n_resamples : int
    rng : numpy.random.Generator
    chunk_size : int, optional
        Rows per chunk (default: :func:`chunk_rows`).

    Yields
    ------
    numpy.ndarray of int
        Shape (c, n): c resamples of pair indices.

    Examples
    --------
    >>> rows = np.vstack(list(resample_indices(5, 3, np.random.default_rng(0), chunk_size=2)))
    >>> rows.shape, bool((rows == np.random.default_rng(0).integers(0, 5, (3, 5))).all())
    ((3, 5), True)
    """
    rows = chunk_rows(n, chunk_size)
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

    Parameters
    ----------
    indices : numpy.ndarray of int
        Shape (resamples, n), as :func:`resample_indices` yields.
    n : int
    dtype : dtype, default float64

    Returns
    -------
    numpy.ndarray
        Shape (n, resamples).

    Examples
    --------
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


def jackknife_weights(
    n: int, groups: int, rng: np.random.Generator, rows: int
) -> Iterator[NDArray[np.int32]]:
    """0/1 weights (pairs × groups), one column per deleted group: contiguous blocks of
    ``rng.permutation(n)``, the first ``n mod groups`` one pair longer (``np.array_split``).

    Parameters
    ----------
    n : int
        Pairs.
    groups : int
        Jackknife groups, at most ``n``.
    rng : numpy.random.Generator
    rows : int
        Groups per yielded chunk.

    Yields
    ------
    numpy.ndarray of int32
        Shape (n, c); column g is 0 on the pairs of deleted group g.

    References
    ----------
    Efron, B. & Tibshirani, R. J. (1993). *An Introduction to the Bootstrap*. Chapman & Hall
    (ch. 11, the jackknife; ch. 14, its use for BCa's acceleration).

    Examples
    --------
    >>> W = next(jackknife_weights(4, 2, np.random.default_rng(0), rows=2))
    >>> W.shape, W.sum(axis=0).tolist()
    ((4, 2), [2, 2])
    """
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


def dataset_generators(
    seed: int | np.random.Generator | None, n_datasets: int
) -> list[np.random.Generator]:
    """One generator per data set: children of ``SeedSequence(seed)`` (of the generator's own
    seed sequence when ``seed`` is a Generator), so that each data set's resamples depend on
    the seed and its position only (children of a ``SeedSequence`` do not depend on how
    many are spawned).

    Parameters
    ----------
    seed : int, Generator or None
        The collection's seed.
    n_datasets : int
        The data sets.

    Returns
    -------
    list of numpy.random.Generator

    Raises
    ------
    InputError
        A seed that is neither None, a whole number ≥ 0 nor a Generator.

    Examples
    --------
    The first data set draws the same resamples in a collection of 2 and one of 5:

    >>> a = dataset_generators(7, 2)[0].integers(0, 100, 3)
    >>> b = dataset_generators(7, 5)[0].integers(0, 100, 3)
    >>> bool((a == b).all())
    True
    """
    if isinstance(seed, np.random.Generator):
        return list(seed.spawn(n_datasets))
    if seed is not None and (
        isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or seed < 0
    ):
        raise InputError(f"`seed` must be None, a whole number ≥ 0 or a Generator; got {seed!r}")
    children = np.random.SeedSequence(seed).spawn(n_datasets)
    return [np.random.default_rng(c) for c in children]
